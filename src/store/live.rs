//! What changed, for the live feeds: the lines the store's triggers write in each writing
//! transaction (a table's result, a round published), read back in order by every service
//! process. [`LiveStore`] is part of every [`Store`](super::Store).

use async_trait::async_trait;

use super::StoreError;
use crate::domain::ids::{ChampionshipId, OrganisationId};

/// Where a reader of the changes has got to. On PostgreSQL: every change of a transaction
/// below `high` has been read, except those of the transactions still running when it was
/// read (`pending`), read once they end; so a transaction that began early and commits late
/// is never passed over, and one that runs long holds back only its own changes. On SQLite,
/// whose writers take turns: every line up to `high`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LiveMark {
    pub high: i64,
    pub pending: Vec<i64>,
}

/// A change's place: its transaction's id (0 on SQLite) and its line's.
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
    /// A hand was played at a table, or taken back (the table's id).
    Hands(i64),
    /// A league fixture's result was submitted, confirmed, disputed, corrected or withdrawn,
    /// or the fixture was re-dated or postponed (the fixture's id).
    Fixture(i64),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveChange {
    pub cursor: LiveCursor,
    pub organisation: OrganisationId,
    pub championship: Option<ChampionshipId>,
    pub subject: LiveSubject,
}

/// The most changes one read of SQLite's returns; a reader further behind reads again.
/// (PostgreSQL's read is bounded by the changes kept.)
pub const LIVE_CHANGES_A_READ: i64 = 500;
/// The changes kept for readers; older ones are pruned.
pub const LIVE_CHANGES_KEPT: i64 = 20_000;

#[async_trait]
pub trait LiveStore: Send + Sync {
    /// Where a reader starting now begins: after every change already committed.
    async fn live_start(&self) -> Result<LiveMark, StoreError>;
    /// The changes committed since `mark`, in order, with the mark after them.
    async fn live_changes_since(
        &self,
        mark: &LiveMark,
    ) -> Result<(Vec<LiveChange>, LiveMark), StoreError>;
    /// Forgets all but the latest [`LIVE_CHANGES_KEPT`] changes.
    async fn prune_live_changes(&self) -> Result<(), StoreError>;
}
