//! The embedded store: one SQLite file, the default when no database is configured.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

use super::api_token_sql::api_token_sql_store;
use super::fixture_sql::fixture_sql_store;
use super::league_sql::league_sql_store;
use super::result_sql::result_sql_store;
use super::sql::sql_store;
use super::{
    CaptainInvite, Credentials, InviteAcceptor, LoginFailures, NewCaptainInvite, NewOrganisation,
    NewSession, NewUser, Organisation, StoreError, Team, User, constraint_violation_as,
    foreign_key_violation_as, unique_violation_as,
};
use crate::domain::account::EmailAddress;
use crate::domain::authorisation::Roles;
use crate::domain::ids::{OrganisationId, TeamId, UserId};
use crate::domain::organisation::{DisplayName, TeamContact};
use crate::token::TokenDigest;

pub struct SqliteStore {
    pool: SqlitePool,
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
            // WAL lets readers go on while one writer writes; the busy timeout makes a second
            // writer wait its turn instead of failing.
            .journal_mode(SqliteJournalMode::Wal)
            // FULL syncs the log at every commit, so a result the service has said it kept
            // survives a power cut as well as a crash. NORMAL, the usual companion of WAL,
            // syncs only at checkpoints: a crash of the process loses nothing, but a power cut
            // can lose the last commits. FULL is SQLite's own default; it is named here so
            // that it stays (BENCHMARKS.md, "Result submissions", has what it costs).
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        Ok(Self { pool })
    }

    async fn run_migrations(&self) -> Result<(), StoreError> {
        sqlx::migrate!("migrations/sqlite").run(&self.pool).await?;
        Ok(())
    }
}

// IMMEDIATE takes the write lock at the start, so two writers queue on the busy timeout
// instead of one failing when it upgrades a read lock.
sql_store!(SqliteStore, db: sqlx::Sqlite, dialect: "sqlite", begin_write: "BEGIN IMMEDIATE");
league_sql_store!(SqliteStore, db: sqlx::Sqlite, begin_write: "BEGIN IMMEDIATE");
fixture_sql_store!(SqliteStore, db: sqlx::Sqlite, begin_write: "BEGIN IMMEDIATE");
result_sql_store!(SqliteStore, db: sqlx::Sqlite, begin_write: "BEGIN IMMEDIATE");
api_token_sql_store!(SqliteStore, db: sqlx::Sqlite, begin_write: "BEGIN IMMEDIATE");
