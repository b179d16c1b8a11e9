//! What a rating system computes from a pool: every player's values at the end, and, when the
//! document asks, each game's players' values after it.

use crate::pool::{Pool, Refusal, System};

/// A player's values: Weng–Lin's μ and σ, or Glicko-2's rating, RD and volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerRating {
    /// μ, or the Glicko-2 rating.
    pub first: f64,
    /// σ, or the Glicko-2 RD.
    pub second: f64,
    /// The Glicko-2 volatility; 0 with Weng–Lin.
    pub volatility: f64,
    /// Rated games, those given in `players` included.
    pub games: u64,
}

/// A player's values after a game (with Glicko-2, after the period that holds it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HistoryEntry {
    /// The game's index in the document.
    pub game: u32,
    /// The player's index in [`Pool::players`].
    pub player: u32,
    pub first: f64,
    pub second: f64,
}

/// The outcome of rating a pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    /// One per [`Pool::players`], in the same order.
    pub players: Vec<PlayerRating>,
    /// Empty unless the document's `options.history` is true.
    pub history: Vec<HistoryEntry>,
}

/// Rates a pool with its system; refused (naming the game) only when a game's numbers are too
/// far apart for floating point.
pub fn rate(pool: &Pool<'_>) -> Result<Ratings, Refusal> {
    match &pool.system {
        System::WengLin(options) => crate::weng_lin::rate(pool, options),
        System::Glicko2(options) => crate::glicko2::rate(pool, options),
    }
}
