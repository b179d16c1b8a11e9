//! A league night against a real `fives serve --demo`, on SQLite and on PostgreSQL: readers of
//! the public pages, scripts reading the JSON API, captains submitting and confirming results
//! and the secretary correcting them, all at once for a set time. It reports the requests of
//! each kind and their failures, the server's resident memory through the run, and whether
//! every division's standings (API and `standings.csv`) equal a recomputation from the results
//! the API returns. It exits non-zero on any failure, a mismatch, or memory that grows.
//!
//!     cargo bench --bench league_night                       # 10 minutes on each store
//!     FIVES_LOAD_MINUTES=1 FIVES_LOAD_STORES=sqlite cargo bench --bench league_night
//!
//! PostgreSQL is at FIVES_TEST_POSTGRES_URL (a server URL without a database name), by default
//! postgres://postgres@127.0.0.1:5432; a database is made for the run and dropped after it.
//!
//! The demo's unplayed fixtures lie in the future, and results are refused before a fixture's
//! date, so the secretary first moves each to yesterday, as a league does with postponed
//! fixtures played early. Captains then submit them (the home captain) and confirm them (the
//! away captain); once all have results the secretary corrects confirmed results, one fixture
//! per writer at a time, for the rest of the run. Any answer other than the one expected counts
//! as a failure: no 5xx, no 409, no refusal of a valid result.

use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use chrono::{Days, Utc};
use fives::domain::ids::PlayerId;
use fives::domain::match_format::MatchFormat;
use fives::domain::match_result::{GameOutcome, ResultRules, ResultSheet, SquadMember};
use fives_rules::RulesetSpec;
use fives_rules::random::{GameRng, below, seeded};
use serde_json::{Value, json};
use sqlx::Connection;
use tokio::sync::Mutex;

const SLUG: &str = "north-devon";
const PASSWORD: &str = "fives-demo-password";
const SECRETARY: &str = "secretary@north-devon.example";
const PUBLIC_READERS: usize = 12;
const API_READERS: usize = 6;
const WRITERS: usize = 4;
/// Resident memory may grow by this fraction after the first minute before the run fails.
const RSS_GROWTH_ALLOWED: f64 = 0.25;

#[tokio::main]
async fn main() {
    // `cargo bench` passes `--bench`; this target takes its settings from the environment.
    let minutes: f64 = std::env::var("FIVES_LOAD_MINUTES")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(10.0);
    let stores = std::env::var("FIVES_LOAD_STORES").unwrap_or_else(|_| "sqlite,postgres".into());
    let mut failed = false;
    for store in stores.split(',') {
        let report = night(store, Duration::from_secs_f64(minutes * 60.0)).await;
        report.print(store);
        failed |= !report.passed();
    }
    if failed {
        std::process::exit(1);
    }
}

/// What one night on one store came to.
#[derive(Default)]
struct Report {
    seconds: f64,
    counts: BTreeMap<&'static str, Counter>,
    failures: Vec<String>,
    /// (seconds since the load began, resident KiB)
    rss: Vec<(f64, u64)>,
    standings: Vec<String>,
    divisions_checked: usize,
    results_checked: usize,
}

#[derive(Default)]
struct Counter {
    ok: u64,
    failed: u64,
}

impl Report {
    /// Resident memory after the first minute (or the first sample), and at the end.
    fn rss_settled_and_last(&self) -> (u64, u64) {
        let settled = self
            .rss
            .iter()
            .find(|(at, _)| *at >= 60.0)
            .or(self.rss.first())
            .map_or(0, |(_, kib)| *kib);
        (settled, self.rss.last().map_or(0, |(_, kib)| *kib))
    }

    fn rss_grew(&self) -> bool {
        let (settled, last) = self.rss_settled_and_last();
        last as f64 > settled as f64 * (1.0 + RSS_GROWTH_ALLOWED)
    }

    fn passed(&self) -> bool {
        self.failures.is_empty()
            && self.counts.values().all(|c| c.failed == 0)
            && self.standings.is_empty()
            && self.divisions_checked > 0
            && !self.rss_grew()
    }

    fn print(&self, store: &str) {
        println!("== {store}: {:.0} s of load", self.seconds);
        for (kind, counter) in &self.counts {
            println!(
                "{kind:>24}: {:>8} answered as expected ({:>7.1}/s), {} not",
                counter.ok,
                counter.ok as f64 / self.seconds,
                counter.failed
            );
        }
        let (settled, last) = self.rss_settled_and_last();
        let by_minute: Vec<String> = self
            .rss
            .iter()
            .filter(|(at, _)| (at % 60.0) < 5.0)
            .map(|(at, kib)| format!("{:.0} min {} MiB", at / 60.0, kib / 1024))
            .collect();
        println!("resident memory by minute: {}", by_minute.join(", "));
        let peak = self.rss.iter().map(|(_, kib)| *kib).max().unwrap_or(0);
        println!(
            "resident memory: {} MiB at the start, {} MiB after the first minute, {} MiB at the end, {} MiB at most",
            self.rss.first().map_or(0, |(_, kib)| kib / 1024),
            settled / 1024,
            last / 1024,
            peak / 1024
        );
        println!(
            "standings: {} divisions, {} results recomputed; {} differences",
            self.divisions_checked,
            self.results_checked,
            self.standings.len()
        );
        for line in self.failures.iter().chain(&self.standings).take(20) {
            println!("  {line}");
        }
        println!("{}", if self.passed() { "PASSED" } else { "FAILED" });
    }
}

/// A `fives serve --demo` of its own, killed when dropped.
struct Server {
    child: Child,
    address: String,
    _data: tempfile::TempDir,
    database: Option<(String, String)>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

async fn start(store: &str) -> Server {
    let data = tempfile::tempdir().expect("a data directory");
    let address = format!("127.0.0.1:{}", free_port());
    let mut command = Command::new(env!("CARGO_BIN_EXE_fives"));
    command
        .args(["serve", "--demo", "--bind", &address, "--data-dir"])
        .arg(data.path())
        .env("FIVES_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    let mut database = None;
    match store {
        "sqlite" => {}
        "postgres" => {
            let server = std::env::var("FIVES_TEST_POSTGRES_URL")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_string());
            let name = format!("fives_league_night_{}", std::process::id());
            let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres"))
                .await
                .expect("PostgreSQL answers");
            for statement in [
                format!("DROP DATABASE IF EXISTS {name}"),
                format!("CREATE DATABASE {name}"),
            ] {
                sqlx::raw_sql(&statement)
                    .execute(&mut admin)
                    .await
                    .expect("a database for the run");
            }
            command.args(["--database", &format!("{server}/{name}")]);
            database = Some((server, name));
        }
        other => panic!("unknown store {other}: sqlite or postgres"),
    }
    let child = command.spawn().expect("fives serve starts");
    let server = Server {
        child,
        address: format!("http://{address}"),
        _data: data,
        database,
    };
    let client = reqwest::Client::new();
    for _ in 0..600 {
        if let Ok(answer) = client
            .get(format!("{}/healthz", server.address))
            .send()
            .await
            && answer.status().is_success()
        {
            return server;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("fives serve did not answer within a minute");
}

async fn drop_database(server: &Server) {
    if let Some((url, name)) = &server.database
        && let Ok(mut admin) = sqlx::PgConnection::connect(&format!("{url}/postgres")).await
    {
        let _ = sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut admin)
            .await;
    }
}

fn resident_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with("VmRSS:"))
                .and_then(|line| line.split_whitespace().nth(1))
                .and_then(|kib| kib.parse().ok())
        })
        .unwrap_or(0)
}

// ---------------------------------------------------------------------------------------------
// Talking to the service.

#[derive(Clone)]
struct Api {
    client: reqwest::Client,
    address: String,
    token: Option<String>,
}

impl Api {
    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
    ) -> (u16, Value) {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.address));
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body.to_string());
        }
        match request.send().await {
            Ok(answer) => {
                let status = answer.status().as_u16();
                let text = answer.text().await.unwrap_or_default();
                (status, serde_json::from_str(&text).unwrap_or(Value::Null))
            }
            Err(error) => (0, json!(error.to_string())),
        }
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        self.send(reqwest::Method::GET, path, None).await
    }

    async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, path, Some(body)).await
    }

    async fn get_ok(&self, path: &str) -> Value {
        let (status, body) = self.get(path).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }
}

/// Logs in through the login form and makes an API token on the tokens page, as a person does.
async fn token_of(address: &str, email: &str) -> String {
    let browser = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("an HTTP client");
    let csrf = |page: &str| {
        let start = page
            .find(r#"name="csrf_token" value=""#)
            .expect("a form with a CSRF token")
            + r#"name="csrf_token" value=""#.len();
        page[start..start + page[start..].find('"').unwrap()].to_string()
    };
    let page = browser
        .get(format!("{address}/login"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let login = browser
        .post(format!("{address}/login"))
        .form(&[
            ("csrf_token", csrf(&page).as_str()),
            ("email", email),
            ("password", PASSWORD),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(login.status().as_u16(), 303, "{email} logs in");
    let page = browser
        .get(format!("{address}/account/tokens"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let made = browser
        .post(format!("{address}/account/tokens"))
        .form(&[
            ("csrf_token", csrf(&page).as_str()),
            ("name", "league night"),
        ])
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let start = made
        .find(r#"id="new-token-secret">"#)
        .expect("the new token is shown")
        + r#"id="new-token-secret">"#.len();
    made[start..start + made[start..].find("</code>").unwrap()]
        .trim()
        .to_string()
}

// ---------------------------------------------------------------------------------------------
// The league as the API shows it.

struct League {
    ruleset: RulesetSpec,
    format: MatchFormat,
    divisions: Vec<i64>,
    teams: BTreeMap<i64, Team>,
    fixtures: Vec<Fixture>,
}

struct Team {
    name: String,
    squad: Vec<SquadMember>,
}

#[derive(Clone)]
struct Fixture {
    id: i64,
    home: i64,
    away: i64,
    status: String,
}

async fn read_league(public: &Api) -> League {
    let org = format!("/api/v1/organisations/{SLUG}");
    let competitions = public.get_ok(&format!("{org}/competitions")).await;
    let competition = &competitions.as_array().expect("competitions")[0];
    // The API names the ruleset as a game record does.
    let field: fives_rules::record::RulesetField =
        serde_json::from_value(competition["ruleset"].clone()).expect("a ruleset field");
    let ruleset =
        fives_rules::record::ruleset_spec(&field).expect("the competition's ruleset reads");
    let format: MatchFormat = serde_json::from_value(competition["match_format"].clone())
        .expect("the competition's match format reads as one");
    let seasons = public
        .get_ok(&format!("{org}/competitions/{}/seasons", competition["id"]))
        .await;
    let mut league = League {
        ruleset,
        format,
        divisions: Vec::new(),
        teams: BTreeMap::new(),
        fixtures: Vec::new(),
    };
    for season in seasons.as_array().expect("seasons") {
        let divisions = public
            .get_ok(&format!("{org}/seasons/{}/divisions", season["id"]))
            .await;
        for division in divisions.as_array().expect("divisions") {
            let id = division["id"].as_i64().unwrap();
            league.divisions.push(id);
            let fixtures = public
                .get_ok(&format!("{org}/divisions/{id}/fixtures"))
                .await;
            for fixture in fixtures["fixtures"].as_array().expect("fixtures") {
                league.fixtures.push(Fixture {
                    id: fixture["id"].as_i64().unwrap(),
                    home: fixture["home"]["id"].as_i64().unwrap(),
                    away: fixture["away"]["id"].as_i64().unwrap(),
                    status: fixture["status"].as_str().unwrap().to_string(),
                });
            }
        }
    }
    let team_ids: Vec<i64> = league
        .fixtures
        .iter()
        .flat_map(|fixture| [fixture.home, fixture.away])
        .collect();
    for id in team_ids {
        if league.teams.contains_key(&id) {
            continue;
        }
        let team = public.get_ok(&format!("{org}/teams/{id}")).await;
        let squad = team["squad"]
            .as_array()
            .expect("a squad")
            .iter()
            .map(|player| SquadMember {
                id: PlayerId(player["id"].as_i64().unwrap()),
                name: player["name"].as_str().unwrap().to_string(),
            })
            .collect();
        league.teams.insert(
            id,
            Team {
                name: team["name"].as_str().unwrap().to_string(),
                squad,
            },
        );
    }
    league
}

/// The demo's captain of a team: its name in lower case, spaces as hyphens.
fn captain_email(team: &str) -> String {
    format!("captain@{}.example", team.to_lowercase().replace(' ', "-"))
}

/// A random result for the fixture, as the API takes it.
fn result_body(league: &League, fixture: &Fixture, rng: &mut GameRng) -> Value {
    let rules = ResultRules {
        ruleset: &league.ruleset,
        format: &league.format,
        level: fives::domain::entry_level::EntryLevel::Hands,
        home_squad: &league.teams[&fixture.home].squad,
        away_squad: &league.teams[&fixture.away].squad,
    };
    let ResultSheet::Played { games } = fives::demo::random_result(rules, rng) else {
        unreachable!("random results are played");
    };
    let ids = |players: &[PlayerId]| players.iter().map(|p| p.0).collect::<Vec<_>>();
    let games: Vec<Value> = games
        .iter()
        .map(|game| {
            let GameOutcome::Hands(hands) = &game.outcome else {
                unreachable!("random games are played");
            };
            json!({"home": ids(&game.home), "away": ids(&game.away), "hands": hands})
        })
        .collect();
    json!({ "games": games })
}

// ---------------------------------------------------------------------------------------------
// The night.

struct Shared {
    counts: Mutex<BTreeMap<&'static str, Counter>>,
    failures: Mutex<Vec<String>>,
    stop: AtomicBool,
    requests: AtomicU64,
}

impl Shared {
    async fn count(&self, kind: &'static str, expected: bool, what: impl FnOnce() -> String) {
        self.requests.fetch_add(1, Ordering::Relaxed);
        let mut counts = self.counts.lock().await;
        let counter = counts.entry(kind).or_default();
        if expected {
            counter.ok += 1;
        } else {
            counter.failed += 1;
            drop(counts);
            let mut failures = self.failures.lock().await;
            if failures.len() < 50 {
                failures.push(what());
            }
        }
    }
}

async fn night(store: &str, length: Duration) -> Report {
    let server = start(store).await;
    let pid = server.child.id();
    let public = Api {
        client: reqwest::Client::new(),
        address: server.address.clone(),
        token: None,
    };
    let league = Arc::new(read_league(&public).await);
    let secretary = Api {
        token: Some(token_of(&server.address, SECRETARY).await),
        ..public.clone()
    };
    let mut captains = BTreeMap::new();
    for (id, team) in &league.teams {
        let token = token_of(&server.address, &captain_email(&team.name)).await;
        captains.insert(
            *id,
            Api {
                token: Some(token),
                ..public.clone()
            },
        );
    }
    let captains = Arc::new(captains);

    // Fixtures still to be played are brought forward to yesterday.
    let yesterday = Utc::now().date_naive() - Days::new(1);
    let unplayed: Vec<Fixture> = league
        .fixtures
        .iter()
        .filter(|f| f.status == "scheduled" || f.status == "postponed")
        .cloned()
        .collect();
    for fixture in &unplayed {
        let (status, body) = secretary
            .post(
                &format!("/api/v1/organisations/{SLUG}/fixtures/{}/move", fixture.id),
                &json!({"date": yesterday.to_string()}),
            )
            .await;
        assert_eq!(status, 200, "fixture {} moves: {body}", fixture.id);
    }

    let shared = Arc::new(Shared {
        counts: Mutex::new(BTreeMap::new()),
        failures: Mutex::new(Vec::new()),
        stop: AtomicBool::new(false),
        requests: AtomicU64::new(0),
    });
    let began = Instant::now();
    let mut tasks = Vec::new();
    for reader in 0..PUBLIC_READERS {
        tasks.push(tokio::spawn(read_pages(
            public.clone(),
            league.clone(),
            shared.clone(),
            reader as u64,
        )));
    }
    for reader in 0..API_READERS {
        tasks.push(tokio::spawn(read_api(
            public.clone(),
            league.clone(),
            shared.clone(),
            reader as u64,
        )));
    }
    for writer in 0..WRITERS {
        let mine: Vec<Fixture> = unplayed
            .iter()
            .skip(writer)
            .step_by(WRITERS)
            .cloned()
            .collect();
        tasks.push(tokio::spawn(write_results(
            mine,
            league.clone(),
            captains.clone(),
            secretary.clone(),
            shared.clone(),
            writer as u64,
        )));
    }
    let mut rss = vec![(0.0, resident_kib(pid))];
    while began.elapsed() < length {
        tokio::time::sleep(Duration::from_secs(5).min(length)).await;
        rss.push((began.elapsed().as_secs_f64(), resident_kib(pid)));
    }
    shared.stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.await.expect("a load task ends");
    }
    let seconds = began.elapsed().as_secs_f64();

    let mut report = Report {
        seconds,
        rss,
        ..Report::default()
    };
    check_standings(&public, &league, &mut report).await;
    let shared = Arc::into_inner(shared).expect("the tasks have ended");
    report.counts = shared.counts.into_inner();
    report.failures = shared.failures.into_inner();
    drop_database(&server).await;
    report
}

async fn read_pages(public: Api, league: Arc<League>, shared: Arc<Shared>, seed: u64) {
    let mut rng = seeded(1_000 + seed);
    let mut paths = vec!["/".to_string(), format!("/leagues/{SLUG}")];
    for division in &league.divisions {
        for page in [
            "",
            "/players",
            "/results.csv",
            "/standings.csv",
            "/fixtures.ics",
        ] {
            paths.push(format!("/leagues/{SLUG}/divisions/{division}{page}"));
        }
    }
    for (id, team) in &league.teams {
        paths.push(format!("/leagues/{SLUG}/teams/{id}"));
        paths.push(format!("/leagues/{SLUG}/teams/{id}/fixtures.ics"));
        if let Some(player) = team.squad.first() {
            paths.push(format!("/leagues/{SLUG}/players/{}", player.id.0));
        }
    }
    for fixture in &league.fixtures {
        paths.push(format!("/leagues/{SLUG}/fixtures/{}", fixture.id));
    }
    while !shared.stop.load(Ordering::Relaxed) {
        let path = &paths[below(&mut rng, paths.len())];
        let status = match public
            .client
            .get(format!("{}{path}", public.address))
            .send()
            .await
        {
            Ok(answer) => {
                let status = answer.status().as_u16();
                let _ = answer.bytes().await;
                status
            }
            Err(_) => 0,
        };
        shared
            .count("public page", status == 200, || {
                format!("GET {path}: {status}")
            })
            .await;
    }
}

async fn read_api(public: Api, league: Arc<League>, shared: Arc<Shared>, seed: u64) {
    let mut rng = seeded(2_000 + seed);
    let org = format!("/api/v1/organisations/{SLUG}");
    let mut paths = vec![format!("{org}/competitions")];
    for division in &league.divisions {
        paths.push(format!("{org}/divisions/{division}/standings"));
        paths.push(format!("{org}/divisions/{division}/fixtures"));
    }
    for id in league.teams.keys() {
        paths.push(format!("{org}/teams/{id}"));
        paths.push(format!("{org}/teams/{id}/fixtures"));
    }
    for fixture in &league.fixtures {
        paths.push(format!("{org}/fixtures/{}", fixture.id));
    }
    while !shared.stop.load(Ordering::Relaxed) {
        let path = &paths[below(&mut rng, paths.len())];
        let (status, _) = public.get(path).await;
        shared
            .count("API read", status == 200, || {
                format!("GET {path}: {status}")
            })
            .await;
    }
}

/// Submits and confirms this writer's share of the unplayed fixtures, then corrects them as
/// the secretary, round and round, until the night ends.
async fn write_results(
    mine: Vec<Fixture>,
    league: Arc<League>,
    captains: Arc<BTreeMap<i64, Api>>,
    secretary: Api,
    shared: Arc<Shared>,
    seed: u64,
) {
    let mut rng = seeded(3_000 + seed);
    let result = |fixture: &Fixture| {
        format!(
            "/api/v1/organisations/{SLUG}/fixtures/{}/result",
            fixture.id
        )
    };
    for fixture in &mine {
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let body = result_body(&league, fixture, &mut rng);
        let (status, answer) = captains[&fixture.home].post(&result(fixture), &body).await;
        shared
            .count("result submitted", status == 201, || {
                format!("submit {}: {status} {answer}", fixture.id)
            })
            .await;
        if status != 201 {
            continue;
        }
        let version = answer["version_id"].clone();
        let (status, answer) = captains[&fixture.away]
            .post(
                &format!("{}/confirm", result(fixture)),
                &json!({"version_id": version}),
            )
            .await;
        shared
            .count("result confirmed", status == 200, || {
                format!("confirm {}: {status} {answer}", fixture.id)
            })
            .await;
    }
    if mine.is_empty() {
        return;
    }
    let mut next = 0;
    while !shared.stop.load(Ordering::Relaxed) {
        let fixture = &mine[next % mine.len()];
        next += 1;
        let mut body = result_body(&league, fixture, &mut rng);
        body["reason"] = json!("Game scores copied wrongly from the scoresheet.");
        let (status, answer) = secretary
            .post(&format!("{}/correct", result(fixture)), &body)
            .await;
        shared
            .count("result corrected", status == 200, || {
                format!("correct {}: {status} {answer}", fixture.id)
            })
            .await;
    }
}

// ---------------------------------------------------------------------------------------------
// Standings from the results.

#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Row {
    played: u64,
    won: u64,
    drawn: u64,
    lost: u64,
    games_for: u64,
    games_against: u64,
    points: i64,
}

/// Each division's table from the API's results of its fixtures (confirmed ones and
/// walkovers, with the organiser's adjustments), against the API's standings and the CSV.
async fn check_standings(public: &Api, league: &League, report: &mut Report) {
    let org = format!("/api/v1/organisations/{SLUG}");
    for division in &league.divisions {
        let fixtures = public
            .get_ok(&format!("{org}/divisions/{division}/fixtures"))
            .await;
        let standings = public
            .get_ok(&format!("{org}/divisions/{division}/standings"))
            .await;
        let mut rows: BTreeMap<i64, Row> = BTreeMap::new();
        let listed = standings["rows"]
            .as_array()
            .or(standings.as_array())
            .expect("standings rows")
            .clone();
        for row in &listed {
            let entry = rows.entry(row["team"]["id"].as_i64().unwrap()).or_default();
            entry.points += row["adjustment"].as_i64().unwrap_or(0);
        }
        for fixture in fixtures["fixtures"].as_array().unwrap() {
            let status = fixture["status"].as_str().unwrap();
            if status != "confirmed" && status != "walkover" {
                continue;
            }
            let result = public
                .get_ok(&format!("{org}/fixtures/{}/result", fixture["id"]))
                .await;
            report.results_checked += 1;
            let home_games = result["score"]["home_games"].as_u64().unwrap();
            let away_games = result["score"]["away_games"].as_u64().unwrap();
            let (home_points, away_points) = league
                .format
                .points
                .points(home_games as u32, away_games as u32);
            for (team, own, other, points) in [
                (&fixture["home"], home_games, away_games, home_points),
                (&fixture["away"], away_games, home_games, away_points),
            ] {
                let row = rows.entry(team["id"].as_i64().unwrap()).or_default();
                row.played += 1;
                row.won += u64::from(own > other);
                row.drawn += u64::from(own == other);
                row.lost += u64::from(own < other);
                row.games_for += own;
                row.games_against += other;
                row.points += i64::from(points);
            }
        }
        for row in &listed {
            let team = row["team"]["id"].as_i64().unwrap();
            let served = Row {
                played: row["played"].as_u64().unwrap(),
                won: row["won"].as_u64().unwrap(),
                drawn: row["drawn"].as_u64().unwrap(),
                lost: row["lost"].as_u64().unwrap(),
                games_for: row["games_for"].as_u64().unwrap(),
                games_against: row["games_against"].as_u64().unwrap(),
                points: row["points"].as_i64().unwrap(),
            };
            let recomputed = rows.get(&team).cloned().unwrap_or_default();
            if served != recomputed {
                report.standings.push(format!(
                    "division {division}, team {team}: served {served:?}, recomputed {recomputed:?}"
                ));
            }
        }
        let csv = public
            .client
            .get(format!(
                "{}/leagues/{SLUG}/divisions/{division}/standings.csv",
                public.address
            ))
            .send()
            .await
            .expect("standings.csv")
            .text()
            .await
            .unwrap();
        for row in &listed {
            let name = row["team"]["name"].as_str().unwrap();
            let points = row["points"].to_string();
            let line = csv.lines().find(|line| line.contains(name));
            if !line.is_some_and(|line| line.split(',').any(|cell| cell == points)) {
                report.standings.push(format!(
                    "division {division}: standings.csv does not give {name} {points} points"
                ));
            }
        }
        report.divisions_checked += 1;
    }
}
