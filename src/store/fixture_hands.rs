//! A league fixture's games played hand by hand, in the store: each game's players and each
//! hand at its game and place, with the key of the request that brought it.
//! [`FixtureHandStore`] is part of every [`Store`](super::Store). The store keeps what the use
//! case checked; which place a hand takes, and whether a game is over, the use case decides.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use fives_rules::record::HandRecord;

use super::{HandKept, KeptHand, StoreError};
use crate::domain::fixture_play::GamePlayers;
use crate::domain::ids::FixtureId;

/// A game of the fixture as kept: its players and its hands so far.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptFixtureGame {
    /// From 1.
    pub game: u32,
    pub players: GamePlayers,
    pub hands: Vec<KeptHand>,
}

pub struct NewFixtureHand<'a> {
    pub fixture: FixtureId,
    pub game: u32,
    pub hand: u32,
    pub record: &'a HandRecord,
    /// The request's idempotency key: the same key again keeps nothing more.
    pub key: &'a str,
    pub at: DateTime<Utc>,
}

#[async_trait]
pub trait FixtureHandStore: Send + Sync {
    /// The fixture's games started, by game, each with its hands in order.
    async fn fixture_games(&self, fixture: FixtureId) -> Result<Vec<KeptFixtureGame>, StoreError>;
    /// Sets the players of game `game`, while it has no hand and the fixture no result: a new
    /// game must follow the last one kept ([`StoreError::HandPlaceTaken`] otherwise).
    async fn set_fixture_game_players(
        &self,
        fixture: FixtureId,
        game: u32,
        players: &GamePlayers,
    ) -> Result<(), StoreError>;
    /// Keeps a hand at its place while the fixture has no result
    /// ([`StoreError::ResultAlreadySubmitted`]). The same key again keeps nothing
    /// ([`HandKept::AlreadyKept`]); another hand already at the place is refused
    /// ([`StoreError::HandPlaceTaken`]).
    async fn add_fixture_hand(&self, hand: &NewFixtureHand<'_>) -> Result<HandKept, StoreError>;
    /// Takes back the hand at `game`, `hand`, which must be the fixture's last, while the
    /// fixture has no result.
    async fn remove_fixture_hand(
        &self,
        fixture: FixtureId,
        game: u32,
        hand: u32,
    ) -> Result<(), StoreError>;
}
