//! A championship from nothing to its end, through the API, on both stores: an organiser makes
//! an All Fives Swiss, enters six players and checks five in, pairs and publishes each round;
//! players enter results through their tables' links (one refused for a hand the rules do not
//! allow, which keeps nothing); the organiser confirms, and enters a round's results
//! themselves; the event ends after its rounds. The public event document, run through the
//! pairing engine and `standings`, gives every published round and the published standings.

use fives_pairing::event::Event;
use fives_pairing::pair::{Outcome, pair};
use fives_rules::record::play_game;
use fives_rules::ruleset::{Preset, RulesetSpec};
use serde_json::{Value, json};

use crate::authorisation_matrix::swiss_format;
use crate::championship_seats::scored_game;
use crate::support::{ApiClient, TestContext};

const BASE: &str = "/api/v1/organisations/north/championships";

/// A game of All Fives for two, played at random to its end, as its hands.
pub(crate) fn random_game(seed: u64) -> Value {
    let spec = RulesetSpec::preset(Preset::AllFives);
    let built = spec.build(2).unwrap();
    let record = play_game(&spec, &built, &mut fives_rules::random::seeded(seed));
    serde_json::to_value(record.hands).unwrap()
}

pub(crate) fn tables_of(value: &Value) -> Vec<Vec<String>> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|table| {
            let seats = if table.is_array() {
                table
            } else {
                &table["seats"]
            };
            seats
                .as_array()
                .unwrap()
                .iter()
                .map(|seat| seat.as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

pub(crate) async fn organiser_api(ctx: &TestContext) -> ApiClient {
    let organiser = ctx.user("north@example.org").await;
    ctx.organisation("north", &organiser).await;
    let browser = ctx.browser();
    browser.login_ok("north@example.org").await;
    let token = browser.make_api_token("championship").await;
    ctx.api(Some(&token))
}

async fn a_swiss_is_run_from_nothing_to_its_end_through_the_api(ctx: TestContext) {
    let api = organiser_api(&ctx).await;
    let anyone = ctx.api(None);
    let made = api
        .post(
            BASE,
            json!({"name": "All Fives Open", "starts_on": "2027-03-06",
                               "venue": "The Anchor, Bideford", "ruleset": "all-fives",
                               "format": swiss_format()}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");

    let names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"];
    let entrants: Vec<Value> = names
        .iter()
        .zip((0..).map(|i| 1800 - 50 * i))
        .map(|(name, rating)| json!({"name": name, "rating": rating}))
        .collect();
    let entered = api
        .post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    // Fay has not come: the other five are checked in, and only they are paired.
    for entrant in entered.json.as_array().unwrap().iter().take(5) {
        let path = at(&format!("/entrants/{}", entrant["id"]));
        let checked = api.put(&path, json!({"checked_in": true})).await;
        assert_eq!(checked.status, 200, "{:?}", checked.json);
    }

    for round in 1..=3 {
        let preview = api.post(&at("/rounds/preview"), json!({})).await;
        assert_eq!(preview.status, 200, "round {round}: {:?}", preview.json);
        let tables = tables_of(&preview.json["tables"]);
        assert_eq!(tables.len(), 2);
        assert_eq!(preview.json["byes"].as_array().unwrap().len(), 1);
        assert!(tables.iter().flatten().all(|name| name != "Fay"));
        let published = api
            .post(&at("/rounds"), json!({"expect_tables": tables}))
            .await;
        assert_eq!(published.status, 201, "{:?}", published.json);
        assert_eq!(tables_of(&published.json["round"]["tables"]), tables);
        let links: Vec<String> = published.json["table_links"]
            .as_array()
            .unwrap()
            .iter()
            .map(|link| {
                link.as_str()
                    .unwrap()
                    .split("/api/v1/tables/")
                    .nth(1)
                    .unwrap()
                    .to_string()
            })
            .collect();
        // The next round waits for this one's results.
        let early = api.post(&at("/rounds/preview"), json!({})).await;
        assert_eq!(early.status, 409, "{:?}", early.json);

        for (number, link) in links.iter().enumerate() {
            let table = published.json["round"]["tables"][number]["id"]
                .as_i64()
                .unwrap();
            let seed = (round * 10 + number) as u64;
            if round == 2 {
                // The organiser enters round 2 themselves: confirmed at once.
                let entered = api
                    .put(
                        &at(&format!("/tables/{table}/result")),
                        json!({"version": 0, "games": [random_game(seed)]}),
                    )
                    .await;
                assert_eq!(entered.status, 200, "{:?}", entered.json);
                assert_eq!(entered.json["table"]["status"], "confirmed");
                continue;
            }
            let seen = anyone.get(&format!("/api/v1/tables/{link}")).await;
            assert_eq!(seen.status, 200, "{:?}", seen.json);
            assert_eq!(seen.json["round"], round);
            if round == 1 && number == 0 {
                // 7 is no score in All Fives: refused at its hand, and nothing is kept.
                let refused = anyone
                    .put(
                        &format!("/api/v1/tables/{link}/result"),
                        json!({"version": 0, "games": [[{"score": [7, 0]}]]}),
                    )
                    .await;
                assert_eq!(refused.status, 422, "{:?}", refused.json);
                assert!(
                    refused
                        .problem_fields()
                        .iter()
                        .any(|f| f.starts_with("games[0]")),
                    "{:?}",
                    refused.json
                );
                let still = anyone.get(&format!("/api/v1/tables/{link}")).await;
                assert_eq!(still.json["table"]["status"], "waiting");
            }
            let entered = anyone
                .put(
                    &format!("/api/v1/tables/{link}/result"),
                    json!({"version": 0, "games": [random_game(seed)]}),
                )
                .await;
            assert_eq!(entered.status, 200, "{:?}", entered.json);
            assert_eq!(entered.json["table"]["status"], "entered");
            let confirmed = api
                .post(
                    &at(&format!("/tables/{table}/result/confirm")),
                    json!({"version": 1}),
                )
                .await;
            assert_eq!(confirmed.status, 200, "{:?}", confirmed.json);
            // Confirmed, the link can no longer change it.
            let late = anyone
                .put(
                    &format!("/api/v1/tables/{link}/result"),
                    json!({"version": 2, "games": [random_game(seed + 1)]}),
                )
                .await;
            assert_eq!(late.status, 409, "{:?}", late.json);
        }
    }
    let over = api.post(&at("/rounds/preview"), json!({})).await;
    assert_eq!(over.status, 409, "{:?}", over.json);
    assert!(
        over.json["error"].as_str().unwrap().contains("over"),
        "{:?}",
        over.json
    );

    // Anyone can check it all from the event document.
    let detail = anyone.get(&at("")).await;
    assert_eq!(detail.status, 200, "{:?}", detail.json);
    let fay = &detail.json["entrants"][5];
    assert_eq!(
        (fay["name"].as_str(), fay["withdrawn_after"].as_i64()),
        (Some("Fay"), Some(0))
    );
    let document = anyone.get(&at("/event")).await;
    assert_eq!(document.status, 200);
    let event = Event::parse(&document.json.to_string()).unwrap();
    let standings = fives_pairing::standings::standings(&event).unwrap();
    let rerun: Value =
        serde_json::from_str(&fives_pairing::output::standings_json(&event, &standings)).unwrap();
    assert_eq!(detail.json["standings"]["main"], rerun);
    assert_eq!(rerun["standings"].as_array().unwrap().len(), 6);
    // Each published round is the engine's pairing of the rounds before it.
    for (played, round) in detail.json["rounds"].as_array().unwrap().iter().enumerate() {
        let mut before = document.json.clone();
        before["rounds"].as_array_mut().unwrap().truncate(played);
        let paired = match pair(&Event::parse(&before.to_string()).unwrap()).unwrap() {
            Outcome::Paired(paired) => paired,
            other => panic!("round {} was not paired: {other:?}", played + 1),
        };
        let engine: Vec<Vec<String>> = paired
            .tables
            .iter()
            .map(|table| {
                table
                    .seats
                    .iter()
                    .map(|&e| event.entrants[e].id.clone())
                    .collect()
            })
            .collect();
        assert_eq!(tables_of(&round["tables"]), engine, "round {}", played + 1);
    }
}
store_test!(a_swiss_is_run_from_nothing_to_its_end_through_the_api);

async fn a_table_link_opens_its_own_table_only(ctx: TestContext) {
    let api = organiser_api(&ctx).await;
    let made = api
        .post(
            BASE,
            json!({"name": "Pairs Cup", "starts_on": "2027-03-06",
                               "ruleset": "all-fives", "format": swiss_format()}),
        )
        .await;
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = ["Ann", "Bob", "Cat", "Dan"]
        .iter()
        .map(|n| json!({"name": n}))
        .collect();
    api.post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    let published = api.post(&at("/rounds"), json!({})).await;
    assert_eq!(published.status, 201, "{:?}", published.json);
    let link = published.json["table_links"][0]
        .as_str()
        .unwrap()
        .split("/api/v1/tables/")
        .nth(1)
        .unwrap()
        .to_string();
    let seen = ctx.api(None).get(&format!("/api/v1/tables/{link}")).await;
    assert_eq!(seen.json["table"]["number"], 1);
    // A made-up link, or one a letter off, opens nothing.
    let mut other = link.clone();
    let last = if other.ends_with('0') { "1" } else { "0" };
    other.replace_range(other.len() - 1.., last);
    for wrong in [other.as_str(), "not-a-link"] {
        let refused = ctx
            .api(None)
            .put(
                &format!("/api/v1/tables/{wrong}/result"),
                json!({"version": 0, "games": [random_game(1)]}),
            )
            .await;
        assert_eq!(refused.status, 404, "{:?}", refused.json);
    }
    // The organiser's table address needs the organiser: a table link is not a token.
    let table = published.json["round"]["tables"][1]["id"].as_i64().unwrap();
    let by_link_holder = ctx
        .api(Some(&link))
        .put(
            &at(&format!("/tables/{table}/result")),
            json!({"version": 0, "games": [random_game(2)]}),
        )
        .await;
    assert_eq!(by_link_holder.status, 401, "{:?}", by_link_holder.json);
    let second = ctx.api(None).get(&format!("{BASE}/{id}")).await;
    assert_eq!(second.json["rounds"][0]["tables"][1]["status"], "waiting");
}
store_test!(a_table_link_opens_its_own_table_only);

/// A random game's hands as a scorer writes them on the table's page: each hand's points.
fn hand_lines(seed: u64) -> String {
    let scored: Vec<fives_rules::record::HandRecord> =
        serde_json::from_value(scored_game(Preset::AllFives, 2, false, seed)).unwrap();
    fives::domain::hand_lines::write_hand_lines(&scored).unwrap()
}

async fn the_table_page_and_the_public_files_agree_with_the_standings(ctx: TestContext) {
    let api = organiser_api(&ctx).await;
    let made = api
            .post(BASE, json!({"name": "Spring Singles", "starts_on": "2027-03-06", "ends_on": "2027-03-07",
                               "venue": "The Anchor", "ruleset": "all-fives", "format": swiss_format()}))
            .await;
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = ["Ann", "Bob", "Cat", "Dan"]
        .iter()
        .map(|n| json!({"name": n}))
        .collect();
    api.post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    let published = api.post(&at("/rounds"), json!({})).await;
    assert_eq!(published.status, 201, "{:?}", published.json);
    let link = published.json["table_links"][0]
        .as_str()
        .unwrap()
        .split("/api/v1/tables/")
        .nth(1)
        .unwrap()
        .to_string();

    // A player at table 1, on the table's page, with no account.
    let player = ctx.browser();
    let page = player.get(&format!("/tables/{link}")).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Round 1, table 1"), "{}", page.body);
    let token = page.csrf_token().unwrap();
    let wrong = player
        .post_raw(
            &format!("/tables/{link}"),
            &[("csrf_token", &token), ("version", "0"), ("game_1", "7 0")],
        )
        .await;
    assert_eq!(wrong.status, 422, "{}", wrong.body);
    assert!(wrong.body.contains("Game 1"), "{}", wrong.body);
    let lines = hand_lines(5);
    let entered = player
        .post_raw(
            &format!("/tables/{link}"),
            &[("csrf_token", &token), ("version", "0"), ("game_1", &lines)],
        )
        .await;
    assert_eq!(entered.status, 200, "{}", entered.body);
    assert!(entered.body.contains("table-saved"), "{}", entered.body);

    let tables = &published.json["round"]["tables"];
    let first = tables[0]["id"].as_i64().unwrap();
    let second = tables[1]["id"].as_i64().unwrap();
    let confirmed = api
        .post(
            &at(&format!("/tables/{first}/result/confirm")),
            json!({"version": 1}),
        )
        .await;
    assert_eq!(confirmed.status, 200, "{:?}", confirmed.json);
    let organiser_entry = api
        .put(
            &at(&format!("/tables/{second}/result")),
            json!({"version": 0, "games": [random_game(6)]}),
        )
        .await;
    assert_eq!(organiser_entry.status, 200, "{:?}", organiser_entry.json);

    let anyone = ctx.api(None);
    let detail = anyone.get(&at("")).await;
    let standings = detail.json["standings"]["main"]["standings"]
        .as_array()
        .unwrap()
        .clone();
    let public = ctx.browser();
    let page = public
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    assert_eq!(page.status, 200);
    for line in &standings {
        assert!(page.body.contains(line["id"].as_str().unwrap()));
    }
    assert!(page.body.contains("Round 1"));
    let organisation = public.get("/leagues/north").await;
    assert!(organisation.body.contains("Spring Singles"));

    let csv = public
        .get(&format!("/leagues/north/championships/{id}/standings.csv"))
        .await;
    assert_eq!(csv.status, 200);
    let rows: Vec<&str> = csv.body.lines().collect();
    assert_eq!(
        rows[0],
        "rank,entrant,score,buchholz-cut-1,buchholz,sonneborn-berger,wins"
    );
    assert_eq!(rows.len(), 1 + standings.len());
    for (row, line) in rows[1..].iter().zip(&standings) {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields[0], line["rank"].to_string());
        assert_eq!(fields[1], line["id"].as_str().unwrap());
        assert_eq!(fields[2], line["score"].to_string());
    }
    let pairings = public
        .get(&format!("/leagues/north/championships/{id}/pairings.csv"))
        .await;
    let seats: Vec<&str> = pairings.body.lines().skip(1).collect();
    assert_eq!(seats.len(), 4, "{}", pairings.body);
    assert!(
        seats.iter().all(|row| row.contains(",confirmed,no")),
        "{}",
        pairings.body
    );
    let document = public
        .get(&format!("/leagues/north/championships/{id}/event.json"))
        .await;
    let from_api = anyone.get(&at("/event")).await;
    assert_eq!(
        serde_json::from_str::<Value>(&document.body).unwrap(),
        from_api.json
    );
    let calendar = public
        .get(&format!("/leagues/north/championships/{id}/calendar.ics"))
        .await;
    assert!(
        calendar.body.contains("DTSTART;VALUE=DATE:20270306"),
        "{}",
        calendar.body
    );
    assert!(
        calendar.body.contains("DTEND;VALUE=DATE:20270308"),
        "{}",
        calendar.body
    );
    assert!(
        calendar.body.contains("LOCATION:The Anchor"),
        "{}",
        calendar.body
    );
}
store_test!(the_table_page_and_the_public_files_agree_with_the_standings);
