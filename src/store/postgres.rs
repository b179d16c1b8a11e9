//! The PostgreSQL store, for larger deployments with several service processes.

use std::time::Duration;

use sqlx::Connection;
use sqlx::postgres::{PgPool, PgPoolOptions};

use super::api_token_sql::api_token_sql_store;
use super::championship_sql::championship_sql_store;
use super::fixture_hands_sql::fixture_hands_sql_store;
use super::fixture_sql::fixture_sql_store;
use super::invitation_sql::invitation_sql_store;
use super::league_sql::league_sql_store;
use super::live_sql::live_sql_store;
use super::mail_sql::mail_sql_store;
use super::rated_games_sql::rated_games_sql_store;
use super::result_sql::result_sql_store;
use super::result_submission::OwnedSubmission;
use super::skeletons_sql::skeletons_sql_store;
use super::sql::sql_store;
use super::table_hands_sql::table_hands_sql_store;
use super::transfer_sql::transfer_sql_store;
use super::{StoreError, Submitted};

pub struct PostgresStore {
    pool: PgPool,
    /// The same pool: PostgreSQL queues writers itself, row by row. Named apart so that the
    /// SQL shared with SQLite (which writes through one connection of its own) says which
    /// statements write.
    writer: PgPool,
}

impl PostgresStore {
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .after_release(|connection, _| {
                Box::pin(async move { Ok(release_outside_transaction(connection)) })
            })
            .connect(url)
            .await?;
        Ok(Self {
            writer: pool.clone(),
            pool,
        })
    }

    async fn run_migrations(&self) -> Result<(), StoreError> {
        sqlx::migrate!("migrations/postgres")
            .run(&self.writer)
            .await?;
        Ok(())
    }
}

/// Whether a connection handed back to its pool may be used again: not while it is still
/// inside a transaction, which would keep its row locks and its changes uncommitted (see the
/// SQLite store's twin). Closing it rolls the transaction back.
fn release_outside_transaction(connection: &mut sqlx::PgConnection) -> bool {
    let in_transaction = connection.is_in_transaction();
    if in_transaction {
        tracing::warn!("closed a database connection handed back inside a transaction");
    }
    !in_transaction
}

/// Writes a submission the one statement could not keep in a transaction of its own, on a task
/// of its own, so that the request's end cannot drop it part way.
async fn submission_on_its_own_task(
    store: &PostgresStore,
    submission: OwnedSubmission,
) -> Result<Submitted, StoreError> {
    let pool = store.writer.clone();
    let task = tokio::spawn(async move {
        let result = submission.result();
        let late = submission.late();
        let mut tx = pool.begin().await?;
        let submitted = PostgresStore::submit_result_in(&mut tx, &result, late.as_ref()).await?;
        tx.commit().await?;
        Ok(submitted)
    });
    match task.await {
        Ok(submitted) => submitted,
        Err(error) => match error.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(_) => Err(sqlx::Error::WorkerCrashed.into()),
        },
    }
}

impl PostgresStore {
    /// How every write transaction begins: PostgreSQL locks rows as they are written.
    pub(crate) const BEGIN_WRITE: &'static str = "BEGIN";

    /// A write transaction; it commits only when told to, and rolls back when dropped, so a
    /// write that stops half way (an error, a cancelled request) leaves nothing behind.
    async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Postgres>, sqlx::Error> {
        self.writer.begin_with(Self::BEGIN_WRITE).await
    }
}

sql_store!(PostgresStore, db: sqlx::Postgres, dialect: "postgres");
skeletons_sql_store!(PostgresStore, db: sqlx::Postgres);
league_sql_store!(
    PostgresStore,
    db: sqlx::Postgres,
    row_lock: "FOR UPDATE"
);
fixture_sql_store!(PostgresStore, db: sqlx::Postgres);
result_sql_store!(
    PostgresStore,
    db: sqlx::Postgres,
    one_statement_submission: super::postgres_result::submit_in_one_statement,
    write_submission: submission_on_its_own_task
);
api_token_sql_store!(PostgresStore, db: sqlx::Postgres);
live_sql_store!(PostgresStore, postgres);
table_hands_sql_store!(PostgresStore, db: sqlx::Postgres);
fixture_hands_sql_store!(PostgresStore, db: sqlx::Postgres);
rated_games_sql_store!(PostgresStore);
mail_sql_store!(
    PostgresStore,
    db: sqlx::Postgres,
    claim_lock: "FOR UPDATE SKIP LOCKED",
    // An address need not be an account's, so it has no row to lock: a lock on its hash (in
    // the class 5, kept for this), held until the transaction ends.
    recipient_lock: "SELECT pg_advisory_xact_lock(5, hashtext($1))"
);
invitation_sql_store!(
    PostgresStore,
    db: sqlx::Postgres,
    row_lock: "FOR UPDATE"
);
championship_sql_store!(PostgresStore, db: sqlx::Postgres);
transfer_sql_store!(PostgresStore, db: sqlx::Postgres, row_lock: "FOR UPDATE");
