//! What a captain's result submission costs: the check of a nine-game result (hand scores with
//! pegs, as the demo writes them) and its durable transaction, on SQLite (a file in a temporary
//! directory) and on PostgreSQL (a database made for the run and dropped after it), each opened
//! with the service's own connection settings. Throughput in submissions.
//!
//! - `submit_results/check`: the check alone, for comparison.
//! - `submit_results/<store>`: one submission after another.
//! - `submit_results_concurrent/<store>/<tasks>`: that many tasks submitting at once, as
//!   captains do on a league night; the pool is the service's.
//!
//! The fixtures are the demo league's and those of extra seasons of the same teams, all without
//! results; when they run out their results are deleted outside the timed part.
//! PostgreSQL is at FIVES_TEST_POSTGRES_URL (a server URL without a database name), by default
//! postgres://postgres@127.0.0.1:5432; without a server its benchmarks are left out. With
//! FIVES_BENCH_WITHOUT_LIVE set, PostgreSQL's live-feed triggers on results and fixtures are
//! dropped first, to compare commits with and without the feed's change lines.
//!
//!     cargo bench --bench submit_results

use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use chrono::{NaiveDate, Utc, Weekday};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fives::demo;
use fives::domain::fixtures::Legs;
use fives::domain::ids::{FixtureId, UserId};
use fives::domain::league::SeasonCalendar;
use fives::domain::match_format::MatchFormat;
use fives::domain::match_result::{ResultRules, ResultSheet, SquadMember, check_result};
use fives::domain::organisation::DisplayName;
use fives::domain::standings::TiebreakOrder;
use fives::store::{FixtureAsRead, NewDivision, NewResult, NewSeason, Store};
use fives_rules::RulesetSpec;
use fives_rules::random::seeded;
use sqlx::Connection;
use tokio::runtime::Runtime;

/// Seasons of the demo's teams added to the demo's own, for fixtures: 112 fixtures each.
const EXTRA_SEASONS: usize = 4;
const CONCURRENT_TASKS: [usize; 2] = [4, 16];

/// A fixture without a result and the sheet to submit for it.
struct Submission {
    fixture: FixtureId,
    as_read: FixtureAsRead,
    home_squad: Vec<SquadMember>,
    away_squad: Vec<SquadMember>,
    sheet: ResultSheet,
}

struct Bench {
    store: Arc<dyn Store>,
    /// For deleting the results between rounds.
    reset: Reset,
    ruleset: RulesetSpec,
    format: MatchFormat,
    by: UserId,
    submissions: Vec<Submission>,
    /// Makes every submission key distinct.
    count: AtomicUsize,
}

enum Reset {
    Sqlite(sqlx::SqlitePool),
    Postgres(sqlx::PgPool),
}

const RESET: [&str; 5] = [
    "DELETE FROM result_events",
    "DELETE FROM point_adjustments",
    "DELETE FROM result_game_players",
    "DELETE FROM result_games",
    "DELETE FROM results",
];
const RESCHEDULE: &str = "UPDATE fixtures SET status = 'scheduled'";

impl Reset {
    async fn run(&self) {
        for sql in RESET.iter().chain([&RESCHEDULE]) {
            match self {
                Reset::Sqlite(pool) => sqlx::query(sql).execute(pool).await.map(drop),
                Reset::Postgres(pool) => sqlx::query(sql).execute(pool).await.map(drop),
            }
            .expect("the results are deleted");
        }
    }
}

impl Bench {
    async fn load(store: Arc<dyn Store>, reset: Reset) -> Self {
        demo::load(store.as_ref(), Utc::now(), 2026)
            .await
            .expect("the demo loads");
        let organisation = store
            .organisation_by_slug(demo::SLUG)
            .await
            .unwrap()
            .unwrap();
        let competition = store
            .competitions_of(organisation.id)
            .await
            .unwrap()
            .remove(0);
        let demo_season = store.seasons_of(competition.id).await.unwrap().remove(0);
        let demo_divisions = store.divisions_of(demo_season.id).await.unwrap();
        let mut divisions = demo_divisions.clone();
        for extra in 1..=EXTRA_SEASONS {
            let season = store
                .create_season(&NewSeason {
                    competition: competition.id,
                    name: DisplayName::try_from(format!("Bench {extra}").as_str()).unwrap(),
                    calendar: SeasonCalendar::new(
                        NaiveDate::from_ymd_opt(2030 + extra as i32, 9, 3).unwrap(),
                        Weekday::Tue,
                        [],
                    )
                    .unwrap(),
                    created_at: Utc::now(),
                })
                .await
                .unwrap();
            for demo_division in &demo_divisions {
                let division = store
                    .create_division(&NewDivision {
                        season: season.id,
                        name: DisplayName::try_from(demo_division.name.as_str()).unwrap(),
                        tiebreaks: TiebreakOrder::default(),
                        created_at: Utc::now(),
                    })
                    .await
                    .unwrap();
                for team in store.teams_of(demo_division.id).await.unwrap() {
                    store
                        .add_team_to_division(division.id, team.id)
                        .await
                        .unwrap();
                }
                store
                    .generate_fixtures(division.id, Legs::Double)
                    .await
                    .unwrap();
                divisions.push(division);
            }
        }
        reset.run().await;

        let squad = |players: Vec<fives::store::Player>| {
            players
                .into_iter()
                .map(|player| SquadMember {
                    id: player.id,
                    name: player.name,
                })
                .collect::<Vec<_>>()
        };
        let mut rng = seeded(7);
        let mut submissions = Vec::new();
        for division in &divisions {
            for fixture in store.fixtures_of_division(division.id).await.unwrap() {
                let home_squad = squad(store.squad_of(fixture.home_team_id).await.unwrap());
                let away_squad = squad(store.squad_of(fixture.away_team_id).await.unwrap());
                let rules = ResultRules {
                    ruleset: &competition.ruleset,
                    format: &competition.match_format,
                    level: competition.entry_level,
                    home_squad: &home_squad,
                    away_squad: &away_squad,
                };
                let sheet = demo::random_result(rules, &mut rng);
                submissions.push(Submission {
                    fixture: fixture.id,
                    as_read: FixtureAsRead::from(&fixture),
                    home_squad,
                    away_squad,
                    sheet,
                });
            }
        }
        let secretary = fives::domain::account::EmailAddress::try_from(demo::SECRETARY).unwrap();
        let by = store
            .credentials(&secretary)
            .await
            .unwrap()
            .unwrap()
            .user
            .id;
        Bench {
            store,
            reset,
            ruleset: competition.ruleset,
            format: competition.match_format,
            by,
            submissions,
            count: AtomicUsize::new(0),
        }
    }

    fn rules<'a>(&'a self, submission: &'a Submission) -> ResultRules<'a> {
        ResultRules {
            ruleset: &self.ruleset,
            format: &self.format,
            level: fives::domain::entry_level::EntryLevel::Hands,
            home_squad: &submission.home_squad,
            away_squad: &submission.away_squad,
        }
    }

    /// What the service does with a posted result once its form is read: check it, keep it.
    async fn submit(&self, submission: &Submission) {
        let checked = check_result(&submission.sheet, self.rules(submission)).expect("it checks");
        let key = format!("bench-{}", self.count.fetch_add(1, Ordering::Relaxed));
        let submitted = self
            .store
            .submit_result(&NewResult {
                fixture: submission.fixture,
                as_read: submission.as_read,
                early_reason: None,
                sheet: &submission.sheet,
                checked: &checked,
                submission_key: &key,
                by: self.by,
                for_team: None,
                at: Utc::now(),
            })
            .await
            .expect("the result is kept");
        black_box(submitted);
    }

    /// `count` submissions one after another, the fixtures' results deleted untimed whenever
    /// they run out.
    async fn serial(&self, count: u64) -> Duration {
        let mut elapsed = Duration::ZERO;
        let mut left = count as usize;
        while left > 0 {
            let round = left.min(self.submissions.len());
            self.reset.run().await;
            let start = Instant::now();
            for submission in &self.submissions[..round] {
                self.submit(submission).await;
            }
            elapsed += start.elapsed();
            left -= round;
        }
        elapsed
    }

    /// `count` submissions by `tasks` tasks at once, each taking the next fixture.
    async fn concurrent(self: &Arc<Self>, count: u64, tasks: usize) -> Duration {
        let mut elapsed = Duration::ZERO;
        let mut left = count as usize;
        while left > 0 {
            let round = left.min(self.submissions.len());
            self.reset.run().await;
            let next = Arc::new(AtomicUsize::new(0));
            let start = Instant::now();
            let workers: Vec<_> = (0..tasks)
                .map(|_| {
                    let bench = Arc::clone(self);
                    let next = Arc::clone(&next);
                    tokio::spawn(async move {
                        loop {
                            let index = next.fetch_add(1, Ordering::Relaxed);
                            if index >= round {
                                break;
                            }
                            bench.submit(&bench.submissions[index]).await;
                        }
                    })
                })
                .collect();
            for worker in workers {
                worker.await.expect("a worker finishes");
            }
            elapsed += start.elapsed();
            left -= round;
        }
        elapsed
    }
}

async fn sqlite(directory: &std::path::Path) -> Arc<Bench> {
    let store = fives::store::connect(None, directory)
        .await
        .expect("SQLite opens");
    store.migrate().await.unwrap();
    let url = format!("sqlite://{}", directory.join("fives.db").display());
    let reset = Reset::Sqlite(sqlx::SqlitePool::connect(&url).await.unwrap());
    Arc::new(Bench::load(store, reset).await)
}

const POSTGRES_DATABASE: &str = "fives_bench_submit";

fn postgres_server() -> String {
    std::env::var("FIVES_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_string())
}

async fn postgres_admin(server: &str, sql: &str) -> Result<(), sqlx::Error> {
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres")).await?;
    sqlx::query(sql).execute(&mut admin).await?;
    admin.close().await
}

async fn postgres() -> Option<Arc<Bench>> {
    let server = postgres_server();
    let drop = format!("DROP DATABASE IF EXISTS {POSTGRES_DATABASE} WITH (FORCE)");
    if let Err(error) = postgres_admin(&server, &drop).await {
        eprintln!("PostgreSQL benchmarks left out: {server} does not answer ({error})");
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
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    // Side by side with the live feed's cost: its change lines not written at all.
    if let Ok(which) = std::env::var("FIVES_BENCH_WITHOUT_LIVE") {
        let drops: &[&str] = match which.as_str() {
            "results" => &["DROP TRIGGER results_live ON results"],
            _ => &[
                "DROP TRIGGER fixtures_live ON fixtures",
                "DROP TRIGGER results_live ON results",
            ],
        };
        for sql in drops {
            sqlx::query(sql).execute(&pool).await.unwrap();
        }
    }
    let reset = Reset::Postgres(pool);
    Some(Arc::new(Bench::load(store, reset).await))
}

fn submit_results(c: &mut Criterion) {
    let runtime = Runtime::new().expect("a Tokio runtime");
    let directory = tempfile::tempdir().expect("a temporary directory");
    let mut stores = vec![("sqlite", runtime.block_on(sqlite(directory.path())))];
    if let Some(bench) = runtime.block_on(postgres()) {
        stores.push(("postgres", bench));
    }

    let mut group = c.benchmark_group("submit_results");
    group.throughput(Throughput::Elements(1));
    let bench = &stores[0].1;
    group.bench_function("check", |b| {
        let submission = &bench.submissions[0];
        b.iter(|| black_box(check_result(&submission.sheet, bench.rules(submission))));
    });
    for (name, bench) in &stores {
        group.bench_function(*name, |b| {
            b.iter_custom(|count| runtime.block_on(bench.serial(count)));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("submit_results_concurrent");
    group.throughput(Throughput::Elements(1));
    for (name, bench) in &stores {
        for tasks in CONCURRENT_TASKS {
            group.bench_function(format!("{name}/{tasks}"), |b| {
                b.iter_custom(|count| runtime.block_on(bench.concurrent(count, tasks)));
            });
        }
    }
    group.finish();

    let had_postgres = stores.len() > 1;
    drop(stores);
    if had_postgres {
        let drop = format!("DROP DATABASE IF EXISTS {POSTGRES_DATABASE} WITH (FORCE)");
        runtime
            .block_on(postgres_admin(&postgres_server(), &drop))
            .ok();
    }
}

criterion_group!(benches, submit_results);
criterion_main!(benches);
