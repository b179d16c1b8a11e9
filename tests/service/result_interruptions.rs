//! A result submission interrupted part way, on both stores, leaves the whole result or
//! nothing: cancelled at every point it waits on the database (a dropped connection or a
//! cancelled request drops the future there), and with the serving process killed while
//! captains submit over HTTP. A fixture is then either untouched (scheduled, with no result,
//! games, players or event) or complete (awaiting confirmation, one version with all nine
//! games and their players, and the submission's event).

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use fives::demo;
use fives::domain::hand_lines::write_hand_lines;
use fives::domain::ids::FixtureId;
use fives::domain::match_result::{
    GameOutcome, ResultRules, ResultSheet, SquadMember, check_result,
};
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::{Fixture, FixtureAsRead, NewResult, ResultAction, Store};
use fives_rules::random::seeded;
use fives_rules::record::HandRecord;
use fives_rules::ruleset::RulesetSpec;
use rand::Rng;

use crate::support::{TestContext, cancelled_after};

/// The database under the store, for counting rows the store's methods do not show.
enum Database {
    Sqlite(sqlx::SqlitePool),
    Postgres(sqlx::PgPool),
}

impl Database {
    async fn open(ctx: &TestContext) -> Self {
        match &ctx.database_url {
            Some(url) => Database::Postgres(sqlx::PgPool::connect(url).await.unwrap()),
            None => {
                let path = ctx.data_dir.join("fives.db");
                let url = format!("sqlite://{}", path.display());
                Database::Sqlite(sqlx::SqlitePool::connect(&url).await.unwrap())
            }
        }
    }

    /// Rows of any kind kept for the fixture's results, in one statement and so from one
    /// snapshot: (results, games, game players, events).
    async fn rows(&self, fixture: FixtureId) -> (i64, i64, i64, i64) {
        const ROWS: &str = "SELECT \
             (SELECT COUNT(*) FROM results WHERE fixture_id = $1), \
             (SELECT COUNT(*) FROM result_games JOIN results ON results.id = result_id \
                 WHERE results.fixture_id = $1), \
             (SELECT COUNT(*) FROM result_game_players JOIN results ON results.id = result_id \
                 WHERE results.fixture_id = $1), \
             (SELECT COUNT(*) FROM result_events WHERE fixture_id = $1)";
        match self {
            Database::Sqlite(pool) => sqlx::query_as(ROWS).bind(fixture.0).fetch_one(pool).await,
            Database::Postgres(pool) => sqlx::query_as(ROWS).bind(fixture.0).fetch_one(pool).await,
        }
        .unwrap()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Untouched,
    Complete,
}

/// Whether the fixture is untouched or has the whole of a submitted result of `games` games
/// and `players` places in them; panics on anything in between.
async fn outcome(
    store: &dyn Store,
    database: &Database,
    fixture: FixtureId,
    games: i64,
    players: i64,
) -> Outcome {
    // One statement sees one snapshot: all of a result or none of it, whatever is in flight.
    let rows = database.rows(fixture).await;
    assert!(
        rows == (0, 0, 0, 0) || rows == (1, games, players, 1),
        "fixture {fixture:?}: rows {rows:?}"
    );
    // The store's reads are several statements; a commit still in flight may land between
    // them, so they are read again until they agree.
    let mut tries = 0;
    let (status, versions, history, rows) = loop {
        let status = store.fixture(fixture).await.unwrap().unwrap().status;
        let versions = store.result_versions(fixture).await.unwrap();
        let history = store.result_history(fixture).await.unwrap();
        let rows = database.rows(fixture).await;
        let settled = (status == FixtureStatus::Scheduled) == versions.is_empty()
            && versions.len() == history.len()
            && versions.len() as i64 == rows.0;
        tries += 1;
        if settled || tries == 50 {
            break (status, versions, history, rows);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let seen = format!("fixture {fixture:?}: {status:?}, rows {rows:?}, history {history:?}");
    if status == FixtureStatus::Scheduled {
        assert!(versions.is_empty(), "{seen}");
        assert!(history.is_empty(), "{seen}");
        assert_eq!(rows, (0, 0, 0, 0), "{seen}");
        return Outcome::Untouched;
    }
    assert_eq!(status, FixtureStatus::AwaitingConfirmation, "{seen}");
    assert_eq!(versions.len(), 1, "{seen}");
    assert_eq!(versions[0].version, 1, "{seen}");
    let ResultSheet::Played { games: sheet_games } = &versions[0].sheet else {
        panic!("{seen}: a walkover");
    };
    assert_eq!(sheet_games.len() as i64, games, "{seen}");
    assert_eq!(history.len(), 1, "{seen}");
    assert_eq!(history[0].action, ResultAction::Submitted, "{seen}");
    assert_eq!(history[0].after.version, 1, "{seen}");
    assert_eq!(rows, (1, games, players, 1), "{seen}");
    Outcome::Complete
}

/// The demo league's unplayed fixtures (none has a result), brought forward to today, with their squads.
struct Unplayed {
    ruleset: RulesetSpec,
    fixtures: Vec<(Fixture, Vec<SquadMember>, Vec<SquadMember>)>,
}

async fn squad(store: &dyn Store, team: fives::domain::ids::TeamId) -> Vec<SquadMember> {
    store
        .squad_of(team)
        .await
        .unwrap()
        .into_iter()
        .map(|player| SquadMember {
            id: player.id,
            name: player.name,
        })
        .collect()
}

async fn demo_unplayed(store: &dyn Store) -> Unplayed {
    demo::load(store, Utc::now(), 2026).await.unwrap();
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
    let season = store.seasons_of(competition.id).await.unwrap().remove(0);
    let mut fixtures = Vec::new();
    let today = Utc::now().date_naive();
    for division in store.divisions_of(season.id).await.unwrap() {
        for fixture in store.fixtures_of_division(division.id).await.unwrap() {
            if fixture.status == FixtureStatus::Scheduled {
                // Brought forward to today, so that their results are due.
                let fixture = store.move_fixture(fixture.id, today).await.unwrap();
                let home = squad(store, fixture.home_team_id).await;
                let away = squad(store, fixture.away_team_id).await;
                fixtures.push((fixture, home, away));
            }
        }
    }
    assert!(fixtures.len() >= 50, "{} unplayed fixtures", fixtures.len());
    Unplayed {
        ruleset: competition.ruleset,
        fixtures,
    }
}

impl Unplayed {
    fn sheet(&self, index: usize) -> (ResultSheet, fives::domain::match_result::CheckedResult) {
        let (_, home, away) = &self.fixtures[index];
        let format = demo::match_format();
        let rules = ResultRules {
            ruleset: &self.ruleset,
            format: &format,
            level: fives::domain::entry_level::EntryLevel::Hands,
            home_squad: home,
            away_squad: away,
        };
        let sheet = demo::random_result(rules, &mut seeded(index as u64));
        let checked = check_result(&sheet, rules).unwrap();
        (sheet, checked)
    }
}

/// How many places a result's games hold.
fn places(sheet: &ResultSheet) -> i64 {
    let ResultSheet::Played { games } = sheet else {
        return 0;
    };
    games
        .iter()
        .map(|game| (game.home.len() + game.away.len()) as i64)
        .sum()
}

async fn a_submission_cancelled_at_any_point_keeps_the_whole_result_or_nothing(ctx: TestContext) {
    let store = ctx.store.as_ref();
    let unplayed = demo_unplayed(store).await;
    let database = Database::open(&ctx).await;
    let by = store
        .credentials(&fives::domain::account::EmailAddress::try_from(demo::SECRETARY).unwrap())
        .await
        .unwrap()
        .unwrap()
        .user
        .id;
    let sheets: Vec<_> = (0..unplayed.fixtures.len())
        .map(|i| unplayed.sheet(i))
        .collect();
    let submit = |index: usize| {
        let (sheet, checked) = &sheets[index];
        let fixture = unplayed.fixtures[index].0.id;
        let as_read = FixtureAsRead::from(&unplayed.fixtures[index].0);
        async move {
            let key = format!("cancel-{index}");
            store
                .submit_result(&NewResult {
                    fixture,
                    as_read,
                    early_reason: None,
                    sheet,
                    checked,
                    submission_key: &key,
                    by,
                    for_team: None,
                    at: Utc::now(),
                })
                .await
        }
    };

    // How many times a whole submission waits on the database, from the first fixture.
    let (done, waits) = cancelled_after(usize::MAX, submit(0)).await;
    done.unwrap().unwrap();
    assert!(waits > 0);

    // Cancel each later fixture's submission after one more wait than the last, past the
    // whole submission's count, then round again.
    let mut outcomes = vec![Outcome::Complete];
    for (index, (sheet, _)) in sheets.iter().enumerate().skip(1) {
        let after = (index - 1) % (waits + 3);
        let (done, _) = cancelled_after(after, submit(index)).await;
        if let Some(done) = done {
            done.unwrap();
        }
        let fixture = unplayed.fixtures[index].0.id;
        outcomes.push(outcome(store, &database, fixture, 9, places(sheet)).await);
    }
    // A submission, once begun, runs to its end on a task of its own; only one cancelled
    // before it began leaves nothing.
    let untouched = outcomes
        .iter()
        .filter(|o| **o == Outcome::Untouched)
        .count();
    eprintln!(
        "{:?}: {} submissions cancelled after 0 to {} waits, {untouched} not finished when read",
        ctx.backend,
        outcomes.len() - 1,
        waits + 2
    );

    // The store goes on working: every untouched fixture takes its whole result now, and
    // a repeat of a finished one is the same submission.
    for (index, (fixture, _, _)) in unplayed.fixtures.iter().enumerate() {
        let (done, _) = cancelled_after(usize::MAX, submit(index)).await;
        done.unwrap().unwrap();
        let (sheet, _) = &sheets[index];
        assert_eq!(
            outcome(store, &database, fixture.id, 9, places(sheet)).await,
            Outcome::Complete
        );
    }
}
store_test!(a_submission_cancelled_at_any_point_keeps_the_whole_result_or_nothing);

/// A `fives serve` process of the test binary's build.
pub(crate) struct Server {
    child: Child,
    pub(crate) address: String,
}

impl Server {
    pub(crate) async fn start(ctx: &TestContext) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_fives"));
        command
            .arg("serve")
            .arg("--data-dir")
            .arg(&ctx.data_dir)
            .arg("--bind")
            .arg(format!("127.0.0.1:{port}"))
            .env_remove("DATABASE_URL")
            .env_remove("FIVES_SECRET_KEY")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if let Some(url) = &ctx.database_url {
            command.arg("--database").arg(url);
        }
        // Dropping the server kills and waits for the process.
        let server = Server {
            child: command.spawn().expect("fives serve starts"),
            address: format!("http://127.0.0.1:{port}"),
        };
        for _ in 0..200 {
            if let Ok(response) = reqwest::get(format!("{}/healthz", server.address)).await
                && response.status().is_success()
            {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("fives serve did not answer at {}", server.address);
    }

    /// Asks the process to stop (SIGTERM), as a deployment does, and waits up to `within` for
    /// it to exit: whether it exited, successfully.
    pub(crate) fn terminate(&mut self, within: Duration) -> bool {
        let stopped = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(stopped.success());
        let deadline = std::time::Instant::now() + within;
        while std::time::Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("the process's status") {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }

    /// Kills the process at once (SIGKILL), as a crash or the out-of-memory killer does.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

fn attribute(body: &str, prefix: &str) -> Option<String> {
    let start = body.find(prefix)? + prefix.len();
    let end = body[start..].find('"')?;
    Some(body[start..start + end].to_string())
}

/// A captain's browser, which gives up at the first request the server does not answer.
struct Captain {
    client: reqwest::Client,
    address: String,
}

impl Captain {
    async fn log_in(address: &str, email: &str) -> Self {
        let client = reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let form = client.get(format!("{address}/login")).send().await.unwrap();
        let body = form.text().await.unwrap();
        let token = attribute(&body, r#"name="csrf_token" value=""#).unwrap();
        let login = client
            .post(format!("{address}/login"))
            .form(&[
                ("csrf_token", token.as_str()),
                ("email", email),
                ("password", demo::PASSWORD),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(login.status().as_u16(), 303, "{email} logs in");
        Captain {
            client,
            address: address.to_string(),
        }
    }

    /// Opens the fixture's result form and posts `fields` with it; true when the service
    /// answered that it kept the result.
    async fn submit(
        &self,
        fixture: FixtureId,
        fields: &[(String, String)],
    ) -> Result<bool, reqwest::Error> {
        let path = format!(
            "{}/leagues/{}/fixtures/{}/result",
            self.address,
            demo::SLUG,
            fixture
        );
        let form = self.client.get(&path).send().await?.text().await?;
        let token = attribute(&form, r#"name="csrf_token" value=""#).unwrap();
        let key = attribute(&form, r#"name="submission_key" value=""#).unwrap();
        let mut all = vec![
            ("csrf_token".to_string(), token),
            ("submission_key".to_string(), key),
        ];
        all.extend_from_slice(fields);
        let answer = self.client.post(&path).form(&all).send().await?;
        Ok(answer.status().as_u16() == 303)
    }
}

/// The form's fields for a sheet: players by id, each game's hands as quick-entry lines with
/// the pegs, as a scorer copies them.
pub(crate) fn form_fields(sheet: &ResultSheet) -> Vec<(String, String)> {
    let ResultSheet::Played { games } = sheet else {
        panic!("a played sheet");
    };
    let mut fields = Vec::new();
    for (game, number) in games.iter().zip(1..) {
        for (side, players) in [("home", &game.home), ("away", &game.away)] {
            for (player, index) in players.iter().zip(1..) {
                fields.push((format!("g{number}_{side}_{index}"), player.0.to_string()));
            }
        }
        let GameOutcome::Hands(hands) = &game.outcome else {
            panic!("a played game");
        };
        let written: Vec<HandRecord> = hands
            .iter()
            .map(|hand| HandRecord {
                leader: None,
                ..hand.clone()
            })
            .collect();
        fields.push((
            format!("g{number}_hands"),
            write_hand_lines(&written).unwrap(),
        ));
    }
    fields
}

async fn a_submission_cut_short_by_killing_the_process_keeps_the_whole_result_or_nothing(
    ctx: TestContext,
) {
    let store = ctx.store.as_ref();
    let unplayed = Arc::new(demo_unplayed(store).await);
    let database = Database::open(&ctx).await;
    let captain_of =
        |team: &str| format!("captain@{}.example", team.to_lowercase().replace(' ', "-"));

    let server = Server::start(&ctx).await;
    // Each home captain enters their fixtures' results one after another, all at once.
    let mut captains = Vec::new();
    let mut teams: Vec<&str> = unplayed
        .fixtures
        .iter()
        .map(|(f, _, _)| f.home_team.as_str())
        .collect();
    teams.sort();
    teams.dedup();
    for team in teams {
        let captain = Captain::log_in(&server.address, &captain_of(team)).await;
        let mine: Vec<usize> = (0..unplayed.fixtures.len())
            .filter(|&i| unplayed.fixtures[i].0.home_team == team)
            .collect();
        let unplayed = Arc::clone(&unplayed);
        captains.push(tokio::spawn(async move {
            let mut kept = Vec::new();
            for index in mine {
                let fields = form_fields(&unplayed.sheet(index).0);
                match captain.submit(unplayed.fixtures[index].0.id, &fields).await {
                    Ok(true) => kept.push(index),
                    Ok(false) => panic!("fixture {index}'s result was refused"),
                    Err(_) => break,
                }
            }
            kept
        }));
    }
    let delay = rand::thread_rng().gen_range(20..250);
    tokio::time::sleep(Duration::from_millis(delay)).await;
    server.kill();
    let mut acknowledged = Vec::new();
    for captain in captains {
        acknowledged.extend(captain.await.unwrap());
    }

    // Served again on the same database, every fixture has all its result or none of it,
    // and every result the service said it kept is there.
    let server = Server::start(&ctx).await;
    let mut outcomes = Vec::new();
    for (index, (fixture, _, _)) in unplayed.fixtures.iter().enumerate() {
        let sheet = unplayed.sheet(index).0;
        let found = outcome(store, &database, fixture.id, 9, places(&sheet)).await;
        if acknowledged.contains(&index) {
            assert_eq!(found, Outcome::Complete, "fixture {index} was acknowledged");
        }
        outcomes.push(found);
    }
    eprintln!(
        "{:?}: killed after {delay} ms; {} results acknowledged, {} kept, {} fixtures untouched",
        ctx.backend,
        acknowledged.len(),
        outcomes.iter().filter(|o| **o == Outcome::Complete).count(),
        outcomes
            .iter()
            .filter(|o| **o == Outcome::Untouched)
            .count(),
    );

    // The restarted service takes the results that were lost.
    let untouched = outcomes.iter().position(|o| *o == Outcome::Untouched);
    if let Some(index) = untouched {
        let (fixture, _, _) = &unplayed.fixtures[index];
        let captain = Captain::log_in(&server.address, &captain_of(&fixture.home_team)).await;
        let fields = form_fields(&unplayed.sheet(index).0);
        assert!(captain.submit(fixture.id, &fields).await.unwrap());
        let sheet = unplayed.sheet(index).0;
        assert_eq!(
            outcome(store, &database, fixture.id, 9, places(&sheet)).await,
            Outcome::Complete
        );
    }
    server.kill();
}
store_test!(a_submission_cut_short_by_killing_the_process_keeps_the_whole_result_or_nothing);
