//! The Fives family of domino games: Fives and Threes, All Fives, Muggins, Five Up and Doubles
//! in the Boneyard.
//!
//! - [`ruleset`]: the options, the five presets, and their validation into a [`Ruleset`].
//! - [`tile`]: tiles and bit sets of tiles; the set is a parameter (double-six to double-twelve).
//! - [`layout`]: open ends, spinners and the count.
//! - [`hand`]: deals, legal moves, placements, draws and knocks, and how a hand ends.
//! - [`scoring`]: the points of a count and hand-end scoring.
//! - [`game`]: running totals under the finish rule, pegs, and the next leader.
//! - [`facts`]: rule facts derived by enumeration: possible pegs, placements, hand scores.
//! - `record` (feature `serde`): JSON game records, their checking and random games.

pub mod facts;
pub mod game;
pub mod hand;
pub mod layout;
pub mod random;
#[cfg(feature = "serde")]
pub mod record;
pub mod ruleset;
pub mod scoring;
pub mod tile;

pub use game::{Game, NextLeader, Scoreboard};
pub use hand::{Deal, Hand, Move, MoveError, Outcome, Placement};
pub use ruleset::{Options, Preset, Ruleset, RulesetError, RulesetSpec};
pub use scoring::HandEnding;
pub use tile::{DominoSet, Tile, TileSet};
