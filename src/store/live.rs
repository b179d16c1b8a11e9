//! What changed, for the live feeds: the lines the store's triggers write in each writing
//! transaction (a table's result, a round published), read back in order by every service
//! process. [`LiveStore`] is part of every [`Store`](super::Store).

use async_trait::async_trait;

use super::StoreError;
use crate::domain::ids::{ChampionshipId, OrganisationId};

/// Where a reader of the changes has got to: every change at or before it has been read.
/// On PostgreSQL, the writing transaction's id, then the line's; on SQLite, the line's alone
/// (its writers take turns, so lines are in the order they committed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LiveCursor {
    pub transaction: i64,
    pub line: i64,
}

/// What a change was about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiveSubject {
    /// A table's result was entered, confirmed or corrected (the table's id).
    Table(i64),
    /// A round was published (the round's id).
    Round(i64),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveChange {
    pub cursor: LiveCursor,
    pub organisation: OrganisationId,
    pub championship: Option<ChampionshipId>,
    pub subject: LiveSubject,
}

/// The most changes one read returns; a reader further behind reads again.
pub const LIVE_CHANGES_A_READ: i64 = 500;
/// The changes kept for readers; older ones are pruned (a reader that far behind reloads).
pub const LIVE_CHANGES_KEPT: i64 = 20_000;

#[async_trait]
pub trait LiveStore: Send + Sync {
    /// The changes after `cursor` that no running transaction can still precede, in order, at
    /// most [`LIVE_CHANGES_A_READ`].
    async fn live_changes_after(&self, cursor: LiveCursor) -> Result<Vec<LiveChange>, StoreError>;
    /// The cursor after the last change a reader starting now would have read.
    async fn live_tail(&self) -> Result<LiveCursor, StoreError>;
    /// Forgets all but the latest [`LIVE_CHANGES_KEPT`] changes.
    async fn prune_live_changes(&self) -> Result<(), StoreError>;
}
