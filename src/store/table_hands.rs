//! A table's games played hand by hand, in the store: each hand at its game and place, with
//! the key of the request that brought it. [`TableHandStore`] is part of every
//! [`Store`](super::Store). The store keeps the hands the use case checked; which place a hand
//! takes, and whether the game is over, the use case decides.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use fives_rules::record::HandRecord;

use super::StoreError;
use crate::domain::ids::{RoundId, TableId};

/// A hand as kept.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptHand {
    /// From 1.
    pub game: u32,
    /// From 1 within its game.
    pub hand: u32,
    pub record: HandRecord,
    pub key: String,
}

pub struct NewHand<'a> {
    pub table: TableId,
    pub game: u32,
    pub hand: u32,
    pub record: &'a HandRecord,
    /// The request's idempotency key: the same key again keeps nothing more.
    pub key: &'a str,
    pub at: DateTime<Utc>,
}

/// Whether a hand was kept now or had been already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandKept {
    Kept,
    /// A hand with the same key was kept before: this one is the same request again.
    AlreadyKept,
}

#[async_trait]
pub trait TableHandStore: Send + Sync {
    /// The table's hands, by game and place.
    async fn table_hands(&self, table: TableId) -> Result<Vec<KeptHand>, StoreError>;
    /// The hands of every table of a round, by table, game and place: what the room's screen
    /// shows of the tables still playing, read at once.
    async fn round_hands(&self, round: RoundId) -> Result<Vec<(TableId, KeptHand)>, StoreError>;
    /// Keeps a hand at its place while the table has no result. The same key again keeps
    /// nothing ([`HandKept::AlreadyKept`]); another hand already at the place is refused
    /// ([`StoreError::HandPlaceTaken`]); so is a table with a result
    /// ([`StoreError::TableHasResult`]).
    async fn add_table_hand(&self, hand: &NewHand<'_>) -> Result<HandKept, StoreError>;
    /// Takes back the hand at `game`, `hand`, which must be the table's last, while the table
    /// has no result.
    async fn remove_table_hand(
        &self,
        table: TableId,
        game: u32,
        hand: u32,
    ) -> Result<(), StoreError>;
}
