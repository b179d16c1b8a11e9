//! Pairing and publishing the next round of a 1,000-entrant Swiss through the service: the use
//! case an organiser's Publish button calls (`app::championships::publish_round`), which reads
//! the championship, its entrants and every table of its rounds from the store, writes the
//! event document, pairs it with the engine and writes the round and its 500 tables in one
//! transaction. On SQLite (a file in a temporary directory) and PostgreSQL (a database made for
//! the run), each opened with the service's own settings. The goal is under 2 s.
//!
//! The event has played five rounds (every table confirmed: the better-rated wins two times in
//! three), so round 6 is paired from a real history. Each sample publishes round 6 and then,
//! outside the timed part, deletes it again.
//!
//! With FIVES_BENCH_SERVE_SECONDS set, each store's event is then served by the service for
//! that long on 127.0.0.1 (FIVES_BENCH_PORT, by default 18095, for SQLite; the next port for
//! PostgreSQL), round 6 published and its tables waiting, for a load test from another process
//! (`benches/championship-load.sh`).
//!
//! PostgreSQL is at FIVES_TEST_POSTGRES_URL (a server URL without a database name), by default
//! postgres://postgres@127.0.0.1:5432; without a server its benchmark is left out.
//!
//!     cargo bench --bench championship_round

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{NaiveDate, Utc};
use criterion::{Criterion, criterion_group, criterion_main};
use fives::app::Actor;
use fives::app::championships::{self, ChampionshipInput};
use fives::domain::account::EmailAddress;
use fives::domain::championship::{ChampionshipFormat, FormatChoice, Points, Stages};
use fives::domain::championship_entrants::EntryLine;
use fives::domain::championship_table::TableOutcome;
use fives::domain::ids::ChampionshipId;
use fives::domain::organisation::{DisplayName, Slug};
use fives::secret_key::SecretKey;
use fives::store::{NewOrganisation, NewUser, Store, TableChange, TableResult};
use fives_rules::random::{below, seeded};
use fives_rules::{Preset, RulesetSpec};
use sqlx::Connection;
use tokio::runtime::Runtime;

const ENTRANTS: usize = 1_000;
const ROUNDS_PLAYED: usize = 5;

struct Bench {
    store: Arc<dyn Store>,
    actor: Actor,
    key: SecretKey,
    championship: ChampionshipId,
    /// Deletes the round the sample published.
    reset: Reset,
}

enum Reset {
    Sqlite(sqlx::SqlitePool),
    Postgres(sqlx::PgPool),
}

const DELETE_ROUND: &str = "DELETE FROM championship_rounds WHERE number > 5";

impl Reset {
    async fn run(&self) {
        match self {
            Reset::Sqlite(pool) => sqlx::query(DELETE_ROUND).execute(pool).await.map(|_| ()),
            Reset::Postgres(pool) => sqlx::query(DELETE_ROUND).execute(pool).await.map(|_| ()),
        }
        .expect("the published round is deleted");
    }
}

fn name(text: &str) -> DisplayName {
    DisplayName::try_from(text).unwrap()
}

impl Bench {
    async fn load(store: Arc<dyn Store>, reset: Reset) -> Self {
        let now = Utc::now();
        let user = store
            .create_user(&NewUser {
                email: EmailAddress::try_from("organiser@example.org").unwrap(),
                password_hash: "not used".into(),
                is_admin: false,
                created_at: now,
            })
            .await
            .unwrap();
        store
            .create_organisation(
                &NewOrganisation {
                    slug: Slug::try_from("open").unwrap(),
                    name: name("Open Championships"),
                    created_at: now,
                },
                &EmailAddress::try_from("organiser@example.org").unwrap(),
            )
            .await
            .unwrap();
        let actor = Actor {
            roles: store.roles(&user).await.unwrap(),
            user,
        };
        let who = Some(&actor);
        let key = SecretKey::generate();
        let format =
            ChampionshipFormat::try_from(FormatChoice::plain(Stages::Swiss { rounds: 9 })).unwrap();
        let (_, championship) = championships::create_championship(
            store.as_ref(),
            who,
            "open",
            ChampionshipInput {
                name: name("Thousand Open"),
                starts_on: NaiveDate::from_ymd_opt(2027, 3, 6).unwrap(),
                ends_on: NaiveDate::from_ymd_opt(2027, 3, 7).unwrap(),
                venue: String::new(),
                ruleset: RulesetSpec::preset(Preset::FivesAndThrees),
                format,
            },
        )
        .await
        .unwrap();
        let lines: Vec<EntryLine> = (0..ENTRANTS)
            .map(|i| EntryLine {
                line: i + 1,
                name: name(&format!("Player {:04}", i + 1)),
                partner: None,
                rating: Some(2400 - i as i64),
            })
            .collect();
        championships::add_entrants(store.as_ref(), who, "open", championship.id, lines)
            .await
            .unwrap();
        let mut rng = seeded(1000);
        for _ in 0..ROUNDS_PLAYED {
            let published = championships::publish_round(
                store.as_ref(),
                &key,
                who,
                "open",
                championship.id,
                championships::Publication::default(),
            )
            .await
            .unwrap();
            for table in &published.round.tables {
                // The better-rated (the earlier entered) wins two times in three.
                let first_better = table.seats[0] < table.seats[1];
                let first_wins = (below(&mut rng, 3) < 2) == first_better;
                let (first, second) = if first_wins { (2, 0) } else { (0, 2) };
                let result = TableResult {
                    sheet: "{\"games\": []}".into(),
                    outcome: TableOutcome {
                        points: vec![Points::halves(first), Points::halves(second)],
                        game_points: vec![61, 40],
                        games_won: vec![first / 2, second / 2],
                    },
                };
                store
                    .correct_table_result(
                        &TableChange {
                            table: table.id,
                            from_version: 0,
                            by: Some(actor.user.id),
                            at: Utc::now(),
                            reason: None,
                        },
                        &result,
                    )
                    .await
                    .unwrap();
            }
        }
        Bench {
            store,
            actor,
            key,
            championship: championship.id,
            reset,
        }
    }

    async fn publish(&self) -> Duration {
        let started = Instant::now();
        let published = championships::publish_round(
            self.store.as_ref(),
            &self.key,
            Some(&self.actor),
            "open",
            self.championship,
            championships::Publication::default(),
        )
        .await
        .unwrap();
        let took = started.elapsed();
        assert_eq!(published.round.tables.len(), ENTRANTS / 2);
        self.reset.run().await;
        took
    }
}

async fn sqlite(directory: &std::path::Path) -> Bench {
    let store = fives::store::connect(None, directory)
        .await
        .expect("SQLite opens");
    store.migrate().await.unwrap();
    let url = format!("sqlite://{}", directory.join("fives.db").display());
    let reset = Reset::Sqlite(sqlx::SqlitePool::connect(&url).await.unwrap());
    Bench::load(store, reset).await
}

const POSTGRES_DATABASE: &str = "fives_bench_championship";

async fn postgres_admin(server: &str, sql: &str) -> Result<(), sqlx::Error> {
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres")).await?;
    sqlx::query(sql).execute(&mut admin).await?;
    admin.close().await
}

async fn postgres() -> Option<Bench> {
    let server = std::env::var("FIVES_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_string());
    let drop = format!("DROP DATABASE IF EXISTS {POSTGRES_DATABASE} WITH (FORCE)");
    if let Err(error) = postgres_admin(&server, &drop).await {
        eprintln!("PostgreSQL benchmark left out: {server} does not answer ({error})");
        return None;
    }
    postgres_admin(&server, &format!("CREATE DATABASE {POSTGRES_DATABASE}"))
        .await
        .unwrap();
    let url = format!("{server}/{POSTGRES_DATABASE}");
    let store = fives::store::connect(Some(&url), std::path::Path::new("."))
        .await
        .expect("PostgreSQL answers");
    store.migrate().await.unwrap();
    let reset = Reset::Postgres(sqlx::PgPool::connect(&url).await.unwrap());
    Some(Bench::load(store, reset).await)
}

fn championship_round(c: &mut Criterion) {
    let runtime = Runtime::new().expect("a Tokio runtime");
    let directory = tempfile::tempdir().expect("a temporary directory");
    let mut stores = vec![("sqlite", runtime.block_on(sqlite(directory.path())))];
    if let Some(bench) = runtime.block_on(postgres()) {
        stores.push(("postgres", bench));
    }
    let mut group = c.benchmark_group("championship_round");
    group.sample_size(10);
    for (store, bench) in &stores {
        group.bench_function(format!("{store}/publish-1000"), |b| {
            b.iter_custom(|iterations| {
                runtime.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iterations {
                        total += bench.publish().await;
                    }
                    total
                })
            });
        });
    }
    group.finish();
    if let Some(seconds) = std::env::var("FIVES_BENCH_SERVE_SECONDS")
        .ok()
        .and_then(|text| text.parse::<u64>().ok())
    {
        let port: u16 = std::env::var("FIVES_BENCH_PORT")
            .ok()
            .and_then(|text| text.parse().ok())
            .unwrap_or(18095);
        for (offset, (store, bench)) in (0..).zip(&stores) {
            runtime.block_on(serve(store, bench, port + offset, seconds));
        }
    }
}

/// Serves the event for `seconds`, its next round published.
async fn serve(store: &str, bench: &Bench, port: u16, seconds: u64) {
    championships::publish_round(
        bench.store.as_ref(),
        &bench.key,
        Some(&bench.actor),
        "open",
        bench.championship,
        championships::Publication::default(),
    )
    .await
    .unwrap();
    let app = fives::startup::Application::build(
        &format!("127.0.0.1:{port}"),
        bench.store.clone(),
        bench.key.clone(),
    )
    .expect("the port is free");
    let handle = app.handle();
    let server = tokio::spawn(app.run());
    println!(
        "serving {store}: http://127.0.0.1:{port}/leagues/open/championships/{} for {seconds} s",
        bench.championship
    );
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    handle.stop(true).await;
    let _ = server.await;
    bench.reset.run().await;
}

criterion_group!(benches, championship_round);
criterion_main!(benches);
