//! The live feed across processes, measured side by side in one run (not a criterion bench: it
//! prints percentiles). Two `fives serve` processes of this build share one PostgreSQL
//! database made for the run, holding two 1,000-entrant championships with round 1 published
//! (500 tables each).
//!
//! 1. Latency: a feed open on process B; 1,000 hands entered one after another through
//!    process A (two at each of the first championship's 500 tables); for each, the time from
//!    A's answer (the hand committed) to its event arriving on B's feed.
//! 2. Open feeds: B's resident memory with no feed open, then with 2,000 open (from 84
//!    loopback addresses, 24 each, as many as one address may), each drained by a reader; and
//!    table results entered through B (the second championship's tables, by their links, four
//!    at a time), 250 with no feed open and 250 with the 2,000 open: the 99th percentiles side
//!    by side, and each result's event delivered to every feed.
//!
//! PostgreSQL is at FIVES_TEST_POSTGRES_URL (a server URL without a database name), by default
//! postgres://postgres@127.0.0.1:5432.
//!
//!     cargo bench --bench live_feed

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use chrono::{NaiveDate, Utc};
use fives::app::Actor;
use fives::app::championships::{self, ChampionshipInput, Publication};
use fives::domain::account::EmailAddress;
use fives::domain::championship::{ChampionshipFormat, FormatChoice, Stages};
use fives::domain::championship_entrants::EntryLine;
use fives::domain::organisation::{DisplayName, Slug};
use fives::secret_key::SecretKey;
use fives::store::{NewOrganisation, NewUser, Store};
use fives_rules::random::seeded;
use fives_rules::record::play_game;
use fives_rules::{Preset, RulesetSpec};
use futures_util::StreamExt;
use serde_json::{Value, json};
use sqlx::Connection;
use tokio::sync::mpsc;

const DATABASE: &str = "fives_bench_live";
const ENTRANTS: usize = 1_000;
const FEEDS: usize = 2_000;
const PER_ADDRESS: usize = 24;

fn name(text: &str) -> DisplayName {
    DisplayName::try_from(text).unwrap()
}

/// A `fives serve` process of this build on the bench's database.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    async fn start(url: &str, data_dir: &std::path::Path, port: u16) -> Self {
        let child = Command::new(env!("CARGO_BIN_EXE_fives"))
            .args([
                "serve",
                "--bind",
                &format!("127.0.0.1:{port}"),
                "--database",
                url,
            ])
            .arg("--data-dir")
            .arg(data_dir)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(
                std::fs::File::create(data_dir.join(format!("serve-{port}.log")))
                    .map(Stdio::from)
                    .unwrap_or_else(|_| Stdio::null()),
            )
            .spawn()
            .expect("fives serve starts");
        let server = Server {
            child,
            address: format!("http://127.0.0.1:{port}"),
        };
        for _ in 0..400 {
            if let Ok(answer) = reqwest::get(format!("{}/healthz", server.address)).await
                && answer.status().is_success()
            {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("fives serve did not answer at {}", server.address);
    }

    /// Resident memory, in KiB.
    fn resident_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the process's status");
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|value| value.split_whitespace().next()?.parse().ok())
            .expect("VmRSS")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A championship of 1,000 with round 1 published: its tables' links.
async fn championship(store: &dyn Store, actor: &Actor, title: &str) -> Vec<String> {
    let who = Some(actor);
    let format =
        ChampionshipFormat::try_from(FormatChoice::plain(Stages::Swiss { rounds: 9 })).unwrap();
    let (_, made) = championships::create_championship(
        store,
        who,
        "open",
        ChampionshipInput {
            name: name(title),
            starts_on: NaiveDate::from_ymd_opt(2027, 3, 6).unwrap(),
            ends_on: NaiveDate::from_ymd_opt(2027, 3, 7).unwrap(),
            venue: String::new(),
            ruleset: RulesetSpec::preset(Preset::AllFives),
            format,
        },
    )
    .await
    .unwrap();
    let lines = (0..ENTRANTS)
        .map(|i| EntryLine {
            line: i + 1,
            name: name(&format!("{title} {:04}", i + 1)),
            partner: None,
            rating: Some(2400 - i as i64),
        })
        .collect();
    championships::add_entrants(store, who, "open", made.id, lines)
        .await
        .unwrap();
    let published = championships::publish_round(
        store,
        &SecretKey::generate(),
        who,
        "open",
        made.id,
        Publication::default(),
    )
    .await
    .unwrap();
    published
        .links
        .iter()
        .map(|link| link.as_str().to_string())
        .collect()
}

async fn database() -> (String, Arc<dyn Store>, Actor) {
    let server = std::env::var("FIVES_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_string());
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres"))
        .await
        .expect("PostgreSQL answers");
    sqlx::query(&format!("DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)"))
        .execute(&mut admin)
        .await
        .unwrap();
    sqlx::query(&format!("CREATE DATABASE {DATABASE}"))
        .execute(&mut admin)
        .await
        .unwrap();
    let url = format!("{server}/{DATABASE}");
    let store = fives::store::connect(Some(&url), std::path::Path::new("."))
        .await
        .unwrap();
    store.migrate().await.unwrap();
    let now = Utc::now();
    let email = EmailAddress::try_from("organiser@example.org").unwrap();
    let user = store
        .create_user(&NewUser {
            email: email.clone(),
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
            &email,
        )
        .await
        .unwrap();
    let actor = Actor {
        roles: store.roles(&user).await.unwrap(),
        user,
    };
    (url, store, actor)
}

/// The first hands of a random All Fives game of two, as `{"score": [..]}`.
fn opening_hands(seed: u64, count: usize) -> Vec<Value> {
    let spec = RulesetSpec::preset(Preset::AllFives);
    let built = spec.build(2).unwrap();
    let game = play_game(&spec, &built, &mut seeded(seed));
    game.hands
        .iter()
        .take(count)
        .map(|hand| json!({"score": hand.score}))
        .collect()
}

/// A whole random game's hands, for a table's result.
fn whole_game(seed: u64) -> Value {
    let spec = RulesetSpec::preset(Preset::AllFives);
    let built = spec.build(2).unwrap();
    serde_json::to_value(play_game(&spec, &built, &mut seeded(seed)).hands).unwrap()
}

/// Reads a feed's events into `arrivals` as (kind, data, when), until it ends.
async fn read_feed(response: reqwest::Response, arrivals: mpsc::UnboundedSender<(Value, Instant)>) {
    let mut stream = response.bytes_stream();
    let mut buffered = String::new();
    loop {
        let chunk = match stream.next().await {
            Some(Ok(chunk)) => chunk,
            // Ended, or cut when the processes stop.
            Some(Err(_)) | None => return,
        };
        let now = Instant::now();
        buffered.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffered.find("\n\n") {
            let block: String = buffered.drain(..end + 2).collect();
            if block.contains("event: reload") {
                eprintln!("a feed was told to reload");
            }
            if let Some(data) = block.lines().find_map(|line| line.strip_prefix("data: "))
                && let Ok(data) = serde_json::from_str::<Value>(data)
                && arrivals.send((data, now)).is_err()
            {
                return;
            }
        }
    }
}

/// Counts a feed's events as a follower's phone would receive them, without the work of
/// reading each (that is the phone's, not this machine's, where the service runs).
async fn count_events(response: reqwest::Response, delivered: Arc<AtomicUsize>) {
    let mut stream = response.bytes_stream();
    while let Some(Ok(chunk)) = stream.next().await {
        let events = chunk.windows(7).filter(|bytes| bytes == b"event: ").count();
        delivered.fetch_add(events, Ordering::Relaxed);
    }
}

fn percentile(sorted: &[Duration], part: f64) -> Duration {
    let at = ((sorted.len() as f64 - 1.0) * part).round() as usize;
    sorted[at]
}

fn summary(what: &str, mut times: Vec<Duration>) {
    times.sort();
    println!(
        "{what}: n={} median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.9).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().unwrap().as_secs_f64() * 1e3,
    );
}

async fn latency(a: &Server, b: &Server, links: &[String]) {
    let client = reqwest::Client::new();
    let feed = client
        .get(format!("{}/api/v1/organisations/open/live", b.address))
        .send()
        .await
        .unwrap();
    let (sender, mut arrivals) = mpsc::unbounded_channel();
    tokio::spawn(read_feed(feed, sender));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut written: HashMap<(i64, u64), Instant> = HashMap::new();
    let hands: Vec<Vec<Value>> = (0..links.len())
        .map(|table| opening_hands(table as u64, 2))
        .collect();
    for hand in 0..2 {
        for (table, (link, opening)) in links.iter().zip(&hands).enumerate() {
            let answer = client
                .post(format!("{}/api/v1/tables/{link}/hands", a.address))
                .header("content-type", "application/json")
                .body(
                    json!({"key": format!("{table}-{hand}"), "game": 1, "hand": hand + 1,
                           "record": opening[hand]})
                    .to_string(),
                )
                .send()
                .await
                .unwrap();
            let at = Instant::now();
            assert!(
                answer.status().is_success(),
                "{}",
                answer.text().await.unwrap()
            );
            let body: Value = serde_json::from_str(&answer.text().await.unwrap()).unwrap();
            let id = body["table"]["id"].as_i64().unwrap();
            written.insert((id, hand as u64 + 1), at);
        }
    }
    let sent = written.len();
    let mut delays = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !written.is_empty() && Instant::now() < deadline {
        let Ok(Some((data, arrived))) =
            tokio::time::timeout(Duration::from_secs(5), arrivals.recv()).await
        else {
            break;
        };
        let (Some(table), Some(hands)) =
            (data["table"].as_i64(), data["games"][0]["hands"].as_u64())
        else {
            continue;
        };
        if let Some(at) = written.remove(&(table, hands)) {
            delays.push(arrived.saturating_duration_since(at));
        }
    }
    println!(
        "hands written through A: {sent} sent, {} seen on B's feed, {} not seen",
        delays.len(),
        written.len()
    );
    summary("A's answer to B's event", delays);
}

/// Enters `links`' results through `server`, four at a time: each result's time.
async fn results(server: &Server, links: &[String], seed: u64) -> Vec<Duration> {
    let client = reqwest::Client::new();
    let next = Arc::new(AtomicUsize::new(0));
    let links = Arc::new(links.to_vec());
    let mut workers = Vec::new();
    for _ in 0..4 {
        let (client, next, links) = (client.clone(), next.clone(), links.clone());
        let address = server.address.clone();
        workers.push(tokio::spawn(async move {
            let mut times = Vec::new();
            loop {
                let at = next.fetch_add(1, Ordering::SeqCst);
                let Some(link) = links.get(at) else {
                    return times;
                };
                let started = Instant::now();
                let answer = client
                    .put(format!("{address}/api/v1/tables/{link}/result"))
                    .header("content-type", "application/json")
                    .body(
                        json!({"version": 0, "games": [whole_game(seed + at as u64)]}).to_string(),
                    )
                    .send()
                    .await
                    .unwrap();
                assert!(
                    answer.status().is_success(),
                    "{}",
                    answer.text().await.unwrap()
                );
                times.push(started.elapsed());
            }
        }));
    }
    let mut times = Vec::new();
    for worker in workers {
        times.extend(worker.await.unwrap());
    }
    times
}

async fn open_feeds(b: &Server, links: &[String]) {
    let (half_a, half_b) = links.split_at(links.len() / 2);
    let before = b.resident_kib();
    let without = results(b, half_a, 10_000).await;
    let mut clients = Vec::new();
    for address in 0..FEEDS.div_ceil(PER_ADDRESS) {
        let local = IpAddr::V4(Ipv4Addr::new(127, 0, 1, 2 + address as u8));
        clients.push(
            reqwest::Client::builder()
                .local_address(local)
                .build()
                .unwrap(),
        );
    }
    let delivered = Arc::new(AtomicUsize::new(0));
    let opening = Instant::now();
    for feed in 0..FEEDS {
        let response = clients[feed / PER_ADDRESS]
            .get(format!("{}/api/v1/organisations/open/live", b.address))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "feed {feed}");
        tokio::spawn(count_events(response, delivered.clone()));
    }
    println!(
        "{FEEDS} feeds opened in {:.1} s",
        opening.elapsed().as_secs_f64()
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    let with_feeds = b.resident_kib();
    let with = results(b, half_b, 20_000).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = b.resident_kib();
    println!(
        "B's resident memory: {} MiB with no feed, {} MiB with {FEEDS} open (+{} MiB), {} MiB after {} results were sent to each",
        before / 1024,
        with_feeds / 1024,
        (with_feeds.saturating_sub(before)) / 1024,
        after / 1024,
        half_b.len()
    );
    println!(
        "events delivered to the {FEEDS} feeds: {} (each result's table event to every feed: {})",
        delivered.load(Ordering::Relaxed),
        FEEDS * half_b.len()
    );
    summary("table results through B, no feed open", without);
    summary("table results through B, 2,000 feeds open", with);
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let (url, store, actor) = database().await;
        let for_hands = championship(store.as_ref(), &actor, "Hands Open").await;
        let for_results = championship(store.as_ref(), &actor, "Results Open").await;
        let data_dir = tempfile::tempdir().unwrap();
        let a = Server::start(&url, data_dir.path(), 18_201).await;
        let b = Server::start(&url, data_dir.path(), 18_202).await;

        latency(&a, &b, &for_hands).await;
        open_feeds(&b, &for_results).await;
    });
}
