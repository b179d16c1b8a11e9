//! The embedded store: one SQLite file, the default when no database is configured.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::Connection;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

use super::api_token_sql::api_token_sql_store;
use super::fixture_sql::fixture_sql_store;
use super::league_sql::league_sql_store;
use super::mail_sql::mail_sql_store;
use super::result_sql::result_sql_store;
use super::sql::sql_store;
use super::{
    CaptainInvite, Credentials, InviteAcceptor, NewCaptainInvite, NewOrganisation, NewSession,
    NewUser, Organisation, StoreError, Team, User, constraint_violation_as,
    foreign_key_violation_as, unique_violation_as,
};
use crate::domain::account::EmailAddress;
use crate::domain::authorisation::Roles;
use crate::domain::ids::{OrganisationId, TeamId, UserId};
use crate::domain::organisation::{DisplayName, TeamContact};
use crate::token::TokenDigest;

pub struct SqliteStore {
    /// Readers: several at once, each seeing the last commit (WAL). They cannot write.
    pool: SqlitePool,
    /// The one connection that writes. SQLite lets one transaction write at a time; with a
    /// single writing connection, writers wait their turn in the pool's first-come queue in
    /// this process instead of sleeping in SQLite's busy handler, so more writers at once
    /// never write fewer results a second.
    writer: SqlitePool,
}

impl SqliteStore {
    /// Opens (creating it if need be) the database file at `path`.
    pub async fn open_file(path: &Path) -> Result<Self, StoreError> {
        Self::with_options(SqliteConnectOptions::new().filename(path)).await
    }

    /// Opens a `sqlite:` URL, such as `sqlite:///srv/fives/fives.db`.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|error| StoreError::BadLocation(format!("{url:?}: {error}")))?;
        Self::with_options(options).await
    }

    async fn with_options(options: SqliteConnectOptions) -> Result<Self, StoreError> {
        let options = options
            .create_if_missing(true)
            .foreign_keys(true)
            // WAL lets readers go on while one writer writes; the busy timeout makes a writer
            // of another process (`fives user add` beside `fives serve`) wait its turn.
            .journal_mode(SqliteJournalMode::Wal)
            // FULL syncs the log at every commit, so a result the service has said it kept
            // survives a power cut as well as a crash. NORMAL, the usual companion of WAL,
            // syncs only at checkpoints: a crash of the process loses nothing, but a power cut
            // can lose the last commits. FULL is SQLite's own default; it is named here so
            // that it stays (BENCHMARKS.md, "Result submissions", has what it costs).
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(Duration::from_secs(10));
        // The writer first: it creates the file and puts it in WAL mode.
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(30))
            .after_release(|connection, _| Box::pin(release_outside_transaction(connection)))
            .connect_with(options.clone())
            .await?;
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .after_release(|connection, _| Box::pin(release_outside_transaction(connection)))
            // A write through a reader would bypass the writers' queue: refuse it.
            .connect_with(options.pragma("query_only", "ON"))
            .await?;
        Ok(Self { pool, writer })
    }

    async fn run_migrations(&self) -> Result<(), StoreError> {
        sqlx::migrate!("migrations/sqlite")
            .run(&self.writer)
            .await?;
        Ok(())
    }
}

/// Whether a connection handed back to its pool may be used again: not while it is still
/// inside a transaction. A request dropped part way (a client gone, a body refused) can leave
/// one there, when it is dropped just after SQLite began the transaction; kept, it would hold
/// the write lock and stop every later write. Closing it rolls the transaction back. The ping
/// first lets the connection's worker finish the rollback a dropped transaction queued.
async fn release_outside_transaction(
    connection: &mut sqlx::SqliteConnection,
) -> Result<bool, sqlx::Error> {
    connection.ping().await?;
    let in_transaction = connection.is_in_transaction();
    if in_transaction {
        tracing::warn!("closed a database connection handed back inside a transaction");
    }
    Ok(!in_transaction)
}

// IMMEDIATE takes the write lock at the start, so two writers queue on the busy timeout
// instead of one failing when it upgrades a read lock.
sql_store!(SqliteStore, db: sqlx::Sqlite, dialect: "sqlite", begin_write: "BEGIN IMMEDIATE");
league_sql_store!(SqliteStore, db: sqlx::Sqlite, begin_write: "BEGIN IMMEDIATE");
fixture_sql_store!(SqliteStore, db: sqlx::Sqlite, begin_write: "BEGIN IMMEDIATE");
result_sql_store!(
    SqliteStore,
    db: sqlx::Sqlite,
    begin_write: "BEGIN IMMEDIATE",
    one_statement_submission: super::result_sql::no_one_statement_submission
);
api_token_sql_store!(SqliteStore, db: sqlx::Sqlite, begin_write: "BEGIN IMMEDIATE");
mail_sql_store!(
    SqliteStore,
    db: sqlx::Sqlite,
    begin_write: "BEGIN IMMEDIATE",
    claim_lock: ""
);
