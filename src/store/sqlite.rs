//! The embedded store: one SQLite file, the default when no database is configured.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use futures_util::FutureExt;
use sqlx::Connection;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use tokio::sync::{mpsc, oneshot};

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

pub struct SqliteStore {
    /// Readers: several at once, each seeing the last commit (WAL). They cannot write.
    pool: SqlitePool,
    /// The one connection that writes. SQLite lets one transaction write at a time; with a
    /// single writing connection, writers wait their turn in the pool's first-come queue in
    /// this process instead of sleeping in SQLite's busy handler, so more writers at once
    /// never write fewer results a second.
    writer: SqlitePool,
    /// Result submissions waiting for the writer, which commits those waiting together.
    submissions: mpsc::Sender<QueuedSubmission>,
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
        let (submissions, queue) = mpsc::channel(SUBMISSIONS_WAITING);
        tokio::spawn(write_queued_submissions(writer.clone(), queue));
        Ok(Self {
            pool,
            writer,
            submissions,
        })
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

// Result submissions are committed in groups. With `synchronous = FULL` every commit waits for
// the disk to sync the log, and one writer at a time means the submissions of a league night
// would each wait for their own sync in turn. Instead they queue for a task that begins one
// transaction, writes each waiting submission in a savepoint of its own (a refused one is
// rolled back alone), commits once, and only then answers each: so sixteen captains at once
// share a sync, and no captain is told a result was kept before it is on the disk.

/// How many submissions may wait for the writer before a captain's request waits to queue.
const SUBMISSIONS_WAITING: usize = 1024;
/// At most so many submissions share a commit, so that the first waits for no more than that.
const SUBMISSIONS_A_COMMIT: usize = 64;

/// A submission waiting for the writer, and where its outcome goes.
pub(super) struct QueuedSubmission {
    submission: OwnedSubmission,
    answer: oneshot::Sender<Result<Submitted, StoreError>>,
}

/// Hands a submission to the writer's queue and waits for its outcome. Once queued it is
/// written to its end, or not at all, whatever becomes of the request that queued it.
async fn queued_submission(
    store: &SqliteStore,
    submission: OwnedSubmission,
) -> Result<Submitted, StoreError> {
    let (answer, outcome) = oneshot::channel();
    store
        .submissions
        .send(QueuedSubmission { submission, answer })
        .await
        .map_err(|_| writer_gone())?;
    outcome.await.map_err(|_| writer_gone())?
}

fn writer_gone() -> StoreError {
    StoreError::Database(sqlx::Error::WorkerCrashed)
}

/// The writer's task: one group of waiting submissions after another, until the store goes.
async fn write_queued_submissions(writer: SqlitePool, mut queue: mpsc::Receiver<QueuedSubmission>) {
    while let Some(first) = queue.recv().await {
        // A panic ends this group only: its submissions' answers are dropped (so their
        // requests fail), its transaction is rolled back, and the next group goes on.
        let group = std::panic::AssertUnwindSafe(write_group(&writer, &mut queue, first));
        if group.catch_unwind().await.is_err() {
            tracing::error!("writing a group of result submissions panicked");
        }
    }
}

/// Writes `first` and whatever waits behind it (up to [`SUBMISSIONS_A_COMMIT`]) in one
/// transaction, each in a savepoint, then commits and answers each.
async fn write_group(
    writer: &SqlitePool,
    queue: &mut mpsc::Receiver<QueuedSubmission>,
    first: QueuedSubmission,
) {
    type Answer = oneshot::Sender<Result<Submitted, StoreError>>;
    let mut outcomes: Vec<(Answer, Result<Submitted, StoreError>)> = Vec::new();
    let mut tx = match writer.begin_with(SqliteStore::BEGIN_WRITE).await {
        Ok(tx) => tx,
        Err(error) => {
            let _ = first.answer.send(Err(error.into()));
            return;
        }
    };
    let mut next = Some(first);
    while let Some(QueuedSubmission { submission, answer }) = next.take() {
        let outcome = match tx.begin().await {
            Ok(mut savepoint) => {
                let result = submission.result();
                let late = submission.late();
                match SqliteStore::submit_result_in(&mut savepoint, &result, late.as_ref()).await {
                    Ok(submitted) => savepoint.commit().await.map(|()| Ok(submitted)),
                    Err(refused) => savepoint.rollback().await.map(|()| Err(refused)),
                }
            }
            Err(error) => Err(error),
        };
        match outcome {
            Ok(outcome) => outcomes.push((answer, outcome)),
            // The savepoint could not be made or ended: the whole group is given up.
            Err(error) => {
                drop(tx);
                let _ = answer.send(Err(error.into()));
                for (answer, _) in outcomes {
                    let _ = answer.send(Err(not_committed()));
                }
                return;
            }
        }
        if outcomes.len() < SUBMISSIONS_A_COMMIT {
            next = queue.try_recv().ok();
        }
    }
    // A refusal too waits for the commit: it may rest on a submission before it in the group.
    match tx.commit().await {
        Ok(()) => {
            for (answer, outcome) in outcomes {
                let _ = answer.send(outcome);
            }
        }
        Err(error) => {
            tracing::warn!(%error, "a group of result submissions was not committed");
            for (answer, _) in outcomes {
                let _ = answer.send(Err(not_committed()));
            }
        }
    }
}

/// The error of a submission whose group was not committed: nothing of it was kept.
fn not_committed() -> StoreError {
    StoreError::Database(sqlx::Error::Io(std::io::Error::other(
        "the transaction keeping this submission with others waiting was not committed",
    )))
}

impl SqliteStore {
    /// How every write transaction begins: IMMEDIATE takes the write lock at the start, so two
    /// writers queue on the busy timeout instead of one failing when it upgrades a read lock.
    pub(crate) const BEGIN_WRITE: &'static str = "BEGIN IMMEDIATE";

    /// A write transaction on the writing connection; it commits only when told to, and rolls
    /// back when dropped, so a write that stops half way (an error, a cancelled request)
    /// leaves nothing behind.
    async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, sqlx::Error> {
        self.writer.begin_with(Self::BEGIN_WRITE).await
    }
}

sql_store!(SqliteStore, db: sqlx::Sqlite, dialect: "sqlite");
skeletons_sql_store!(SqliteStore, db: sqlx::Sqlite);
league_sql_store!(
    SqliteStore,
    db: sqlx::Sqlite,
    row_lock: ""
);
fixture_sql_store!(SqliteStore, db: sqlx::Sqlite);
result_sql_store!(
    SqliteStore,
    db: sqlx::Sqlite,
    one_statement_submission: super::result_submission::no_one_statement_submission,
    write_submission: queued_submission
);
api_token_sql_store!(SqliteStore, db: sqlx::Sqlite);
live_sql_store!(SqliteStore, sqlite);
table_hands_sql_store!(SqliteStore, db: sqlx::Sqlite);
fixture_hands_sql_store!(SqliteStore, db: sqlx::Sqlite);
rated_games_sql_store!(SqliteStore);
mail_sql_store!(
    SqliteStore,
    db: sqlx::Sqlite,
    claim_lock: "",
    // Nothing to lock: the one writer at a time already serialises the count.
    recipient_lock: "SELECT $1"
);
invitation_sql_store!(
    SqliteStore,
    db: sqlx::Sqlite,
    row_lock: ""
);
championship_sql_store!(SqliteStore, db: sqlx::Sqlite);
transfer_sql_store!(SqliteStore, db: sqlx::Sqlite, row_lock: "");
