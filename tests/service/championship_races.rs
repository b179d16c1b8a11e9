//! Two organisers on the day, at once: one publishes round 2 while the other withdraws an
//! entrant or enters a late one, through the API, while readers load every page and file of
//! the championship. Whichever way each race falls, no request answers 5xx, the loser is told
//! 409, and the public event document stays one the pairing engine accepts. Each kind is tried
//! until enough tries have overlapped (counted from both requests' times, not assumed).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use fives_pairing::event::Event;
use serde_json::{Value, json};

use crate::championship_formats::{format_of, play_round};
use crate::championship_story::{organiser_api, tables_of};
use crate::support::{ApiClient, Browser, TestContext};

const BASE: &str = "/api/v1/organisations/north/championships";
const MIN_TRIES: usize = 30;
const OVERLAPS_WANTED: usize = 10;
const MAX_TRIES: usize = 150;

/// What the second organiser does while the first publishes round 2.
#[derive(Clone, Copy, Debug)]
enum Change {
    Withdrawal,
    LateEntry,
}

fn api_clone(api: &ApiClient) -> ApiClient {
    ApiClient {
        address: api.address.clone(),
        client: api.client.clone(),
        token: api.token.clone(),
    }
}

/// A request's status and when it ran.
struct Timed {
    status: u16,
    body: Value,
    started: Instant,
    ended: Instant,
}

async fn timed(request: impl std::future::Future<Output = crate::support::Reply>) -> Timed {
    let started = Instant::now();
    let reply = request.await;
    Timed {
        status: reply.status,
        body: reply.json,
        started,
        ended: Instant::now(),
    }
}

/// Loads every page and file of championship `id` over and over until `stop`; answers the
/// statuses it was given.
async fn read_until(
    reader: Browser,
    organiser: Browser,
    id: i64,
    stop: Arc<AtomicBool>,
) -> Vec<(String, u16)> {
    let public = format!("/leagues/north/championships/{id}");
    let addresses = [
        public.clone(),
        format!("{public}/standings"),
        format!("{public}/standings.csv"),
        format!("{public}/pairings.csv"),
        format!("{public}/event.json"),
        format!("{BASE}/{id}"),
        format!("{BASE}/{id}/event"),
    ];
    let managed = format!("/organise/north/championships/{id}");
    let mut seen = Vec::new();
    while !stop.load(Ordering::SeqCst) {
        for address in &addresses {
            seen.push((address.clone(), reader.get(address).await.status));
        }
        seen.push((managed.clone(), organiser.get(&managed).await.status));
    }
    seen
}

/// One try: a Swiss of six with round 1 played, then round 2 published while `change` is
/// made; answers whether the two writes overlapped and their two statuses, after checking
/// what came of them.
async fn race_once(
    ctx: &TestContext,
    api: &ApiClient,
    organiser: &Browser,
    change: Change,
    attempt: usize,
) -> (bool, (u16, u16)) {
    let made = api
        .post(BASE, json!({"name": format!("Race {attempt}"), "starts_on": "2027-03-06", "ruleset": "all-fives",
                           "format": format_of(fives::domain::championship::Stages::Swiss { rounds: 3 })}))
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"];
    let entrants: Vec<Value> = names.iter().map(|name| json!({"name": name})).collect();
    let entered = api
        .post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    let fay = entered
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Fay")
        .unwrap()["id"]
        .clone();
    play_round(api, &at(""), attempt as u64).await;

    let stop = Arc::new(AtomicBool::new(false));
    let readers = tokio::spawn(read_until(
        ctx.browser(),
        Browser {
            address: organiser.address.clone(),
            client: organiser.client.clone(),
        },
        id,
        stop.clone(),
    ));
    let publisher = api_clone(api);
    let changer = api_clone(api);
    let publish_at = at("/rounds");
    let change_at = match change {
        Change::Withdrawal => at(&format!("/entrants/{fay}")),
        Change::LateEntry => at("/entrants"),
    };
    let publication =
        tokio::spawn(async move { timed(publisher.post(&publish_at, json!({}))).await });
    let changed = tokio::spawn(async move {
        match change {
            Change::Withdrawal => timed(changer.put(&change_at, json!({"withdrawn": true}))).await,
            Change::LateEntry => {
                timed(changer.post(&change_at, json!({"entrants": [{"name": "Gus"}]}))).await
            }
        }
    });
    let publication = publication.await.unwrap();
    let changed = changed.await.unwrap();
    stop.store(true, Ordering::SeqCst);
    let reads = readers.await.unwrap();

    let failed: Vec<_> = reads.iter().filter(|(_, status)| *status >= 500).collect();
    assert!(failed.is_empty(), "{change:?} try {attempt}: {failed:?}");
    assert!(
        reads.iter().all(|(_, status)| *status == 200),
        "{change:?} try {attempt}: {reads:?}"
    );
    for (what, write) in [("publication", &publication), ("change", &changed)] {
        assert!(
            matches!(write.status, 200 | 201 | 409),
            "{change:?} try {attempt}: the {what} answered {}: {:?}",
            write.status,
            write.body
        );
    }
    assert!(
        publication.status != 409 || changed.status != 409,
        "{change:?} try {attempt}: both refused: {:?} {:?}",
        publication.body,
        changed.body
    );

    // Whatever won, the record is one the engine accepts, and it says what happened.
    let document = ctx.api(None).get(&at("/event")).await;
    let event = Event::parse(&document.json.to_string())
        .unwrap_or_else(|error| panic!("{change:?} try {attempt}: {error:?}: {:?}", document.json));
    fives_pairing::standings::standings(&event)
        .unwrap_or_else(|error| panic!("{change:?} try {attempt}: {error:?}: {:?}", document.json));
    let detail = ctx.api(None).get(&at("")).await;
    assert!(
        !detail.json["standings"].to_string().contains("refused"),
        "{:?}",
        detail.json
    );
    let rounds = document.json["rounds"].as_array().unwrap();
    assert_eq!(
        rounds.len(),
        if publication.status == 201 { 2 } else { 1 },
        "{:?}",
        document.json
    );
    if publication.status == 201 && changed.status != 409 {
        let seated: Vec<String> = tables_of(&publication.body["round"]["tables"])
            .into_iter()
            .flatten()
            .collect();
        let byes = publication.body["round"]["byes"].to_string();
        match change {
            // Withdrawn first, Fay was not paired; published first, her withdrawal is after round 2.
            Change::Withdrawal if seated.iter().any(|n| n == "Fay") || byes.contains("Fay") => {
                assert!(
                    document.json.to_string().contains("\"withdrawn_after\":2"),
                    "{:?}",
                    document.json
                );
            }
            Change::Withdrawal => {}
            Change::LateEntry => {}
        }
    }
    (
        publication.started < changed.ended && changed.started < publication.ended,
        (publication.status, changed.status),
    )
}

async fn race_until_overlapped(ctx: &TestContext, change: Change) {
    let api = organiser_api(ctx).await;
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let mut overlapped = 0;
    let mut tries = 0;
    // How the races fell: (publication's status, change's status) and how often.
    let mut outcomes = std::collections::BTreeMap::new();
    while tries < MIN_TRIES || (overlapped < OVERLAPS_WANTED && tries < MAX_TRIES) {
        let (overlap, statuses) = race_once(ctx, &api, &organiser, change, tries).await;
        overlapped += usize::from(overlap);
        *outcomes.entry(statuses).or_insert(0) += 1;
        tries += 1;
    }
    eprintln!(
        "{change:?}: {overlapped} of {tries} tries overlapped; (publication, change): {outcomes:?}"
    );
    assert!(
        overlapped >= OVERLAPS_WANTED,
        "only {overlapped} of {tries} tries overlapped"
    );
}

async fn a_withdrawal_racing_a_publication_never_answers_5xx_nor_breaks_the_record(
    ctx: TestContext,
) {
    race_until_overlapped(&ctx, Change::Withdrawal).await;
}
store_test!(a_withdrawal_racing_a_publication_never_answers_5xx_nor_breaks_the_record);

async fn a_late_entry_racing_a_publication_never_answers_5xx_nor_breaks_the_record(
    ctx: TestContext,
) {
    race_until_overlapped(&ctx, Change::LateEntry).await;
}
store_test!(a_late_entry_racing_a_publication_never_answers_5xx_nor_breaks_the_record);
