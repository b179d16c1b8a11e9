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

pub(crate) fn format_of(stages: fives::domain::championship::Stages) -> Value {
    use fives::domain::championship::{ChampionshipFormat, FormatChoice, FormatDocument};
    let format = ChampionshipFormat::try_from(FormatChoice::plain(stages)).unwrap();
    serde_json::to_value(FormatDocument::from(&format)).unwrap()
}

/// Publishes the next round and the organiser enters every table's game; answers the round.
pub(crate) async fn play_round(api: &ApiClient, championship: &str, seed: u64) -> Value {
    let at = |path: &str| format!("{championship}{path}");
    let published = api.post(&at("/rounds"), json!({})).await;
    assert_eq!(published.status, 201, "{:?}", published.json);
    let round = published.json["round"].clone();
    for (number, table) in round["tables"].as_array().unwrap().iter().enumerate() {
        let entered = api
            .put(
                &at(&format!("/tables/{}/result", table["id"])),
                json!({"version": 0, "games": [random_game(seed * 100 + number as u64)]}),
            )
            .await;
        assert_eq!(entered.status, 200, "{:?}", entered.json);
    }
    round
}

async fn a_swiss_then_knockout_hands_its_top_four_to_a_knockout_that_ends_with_a_final(
    ctx: TestContext,
) {
    use fives::domain::championship::Stages;
    let api = organiser_api(&ctx).await;
    let made = api
            .post(BASE, json!({"name": "Masters", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": format_of(Stages::SwissThenKnockout { rounds: 2, top: 4, third_place: true })}))
            .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = (1..=8)
        .map(|i| json!({"name": format!("Player {i}"), "rating": 2000 - i}))
        .collect();
    api.post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    for seed in 1..=2 {
        let round = play_round(&api, &at(""), seed).await;
        assert_eq!(round["stage"], "main");
    }
    let swiss = ctx.api(None).get(&at("")).await.json["standings"]["main"]["standings"].clone();
    let top: Vec<String> = swiss.as_array().unwrap()[..4]
        .iter()
        .map(|l| l["id"].as_str().unwrap().to_string())
        .collect();

    // The Swiss is over: the next round starts the knockout with its top four, 1 v 4 and 2 v 3.
    let preview = api.post(&at("/rounds/preview"), json!({})).await;
    assert_eq!(preview.json["stage"], "knockout", "{:?}", preview.json);
    let semis = tables_of(&preview.json["tables"]);
    assert_eq!(
        semis,
        [
            vec![top[0].clone(), top[3].clone()],
            vec![top[1].clone(), top[2].clone()]
        ]
    );
    // A bracket's pairing is the bracket's: no swaps.
    let swap = api
        .post(
            &at("/rounds/preview"),
            json!({"swaps": [{"first": top[0], "second": top[1]}]}),
        )
        .await;
    assert_eq!(swap.status, 422, "{:?}", swap.json);
    let first = play_round(&api, &at(""), 3).await;
    assert_eq!(
        (first["stage"].as_str(), first["number"].as_i64()),
        (Some("knockout"), Some(1))
    );
    let finals = play_round(&api, &at(""), 4).await;
    assert_eq!(
        finals["tables"].as_array().unwrap().len(),
        2,
        "a final and a third-place match"
    );
    let over = api.post(&at("/rounds/preview"), json!({})).await;
    assert_eq!(over.status, 409, "{:?}", over.json);

    // The knockout's own document gives its published standings, its entrants the Swiss's top.
    let detail = ctx.api(None).get(&at("")).await;
    let document = ctx.api(None).get(&at("/event?stage=knockout")).await;
    assert_eq!(document.status, 200);
    let ids: Vec<&str> = document.json["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, top.iter().map(String::as_str).collect::<Vec<_>>());
    let event = Event::parse(&document.json.to_string()).unwrap();
    let standings = fives_pairing::standings::standings(&event).unwrap();
    let rerun: Value =
        serde_json::from_str(&fives_pairing::output::standings_json(&event, &standings)).unwrap();
    assert_eq!(detail.json["standings"]["knockout"], rerun);
    // The public page draws the knockout's bracket to its final.
    let page = ctx
        .browser()
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    assert!(
        page.body.contains(">Final<") && page.body.contains("Third place"),
        "{}",
        page.body
    );
}
store_test!(a_swiss_then_knockout_hands_its_top_four_to_a_knockout_that_ends_with_a_final);

async fn a_double_elimination_pairs_what_can_be_played_before_every_result_is_in(ctx: TestContext) {
    use fives::domain::championship::Stages;
    let api = organiser_api(&ctx).await;
    let made = api
            .post(BASE, json!({"name": "Second Chance", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": format_of(Stages::DoubleElimination { grand_final_reset: true })}))
            .await;
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = (1..=8)
        .map(|i| json!({"name": format!("Player {i}"), "rating": 2000 - i}))
        .collect();
    api.post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    let first = api.post(&at("/rounds"), json!({})).await;
    assert_eq!(first.status, 201, "{:?}", first.json);
    assert_eq!(first.json["round"]["tables"].as_array().unwrap().len(), 4);
    // Two of the four first matches are played: the winners of those two can meet already.
    for (number, table) in first.json["round"]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .enumerate()
    {
        let entered = api
            .put(
                &at(&format!("/tables/{}/result", table["id"])),
                json!({"version": 0, "games": [random_game(40 + number as u64)]}),
            )
            .await;
        assert_eq!(entered.status, 200, "{:?}", entered.json);
    }
    let next = api.post(&at("/rounds/preview"), json!({})).await;
    assert_eq!(next.status, 200, "{:?}", next.json);
    assert!(
        !next.json["tables"].as_array().unwrap().is_empty(),
        "{:?}",
        next.json
    );
    let published = api.post(&at("/rounds"), json!({})).await;
    assert_eq!(published.status, 201, "{:?}", published.json);
    let document = ctx.api(None).get(&at("/event")).await;
    let event = Event::parse(&document.json.to_string()).unwrap();
    assert_eq!(event.rounds.len(), 2);
}
store_test!(a_double_elimination_pairs_what_can_be_played_before_every_result_is_in);

/// A game of All Fives for four in partnerships, played at random, as a scorer keeps it: who
/// set, the pegs and each hand's score (a whole record with every deal and move of four players
/// is more than the API's 64 KiB body).
fn random_pairs_game(seed: u64) -> Value {
    let mut spec = RulesetSpec::preset(Preset::AllFives);
    spec.overrides.partnerships = Some(true);
    let built = spec.build(4).unwrap();
    let record = play_game(&spec, &built, &mut fives_rules::random::seeded(seed));
    let scored: Vec<fives_rules::record::HandRecord> = record
        .hands
        .into_iter()
        .map(|hand| fives_rules::record::HandRecord {
            leader: hand.leader,
            pegs: hand.pegs,
            score: hand.score,
            ..Default::default()
        })
        .collect();
    serde_json::to_value(scored).unwrap()
}

async fn groups_of_pairs_play_their_round_robins_then_a_play_off_to_the_end(ctx: TestContext) {
    use fives::domain::championship::{
        ChampionshipFormat, EntrantKind, FormatChoice, FormatDocument, Stages,
    };
    let api = organiser_api(&ctx).await;
    let format = ChampionshipFormat::try_from(FormatChoice {
        entrants: EntrantKind::Pairs,
        ..FormatChoice::plain(Stages::Groups {
            groups: 2,
            advance: 2,
        })
    })
    .unwrap();
    let made = api
            .post(BASE, json!({"name": "Pairs Groups", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": serde_json::to_value(FormatDocument::from(&format)).unwrap()}))
            .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = (1..=8)
            .map(|i| json!({"name": format!("Ann {i}"), "partner": format!("Bob {i}"), "rating": 1900 - i}))
            .collect();
    let entered = api
        .post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    assert_eq!(entered.json[0]["name"], "Ann 1 & Bob 1");
    // A pair without its partner is refused, at its line.
    let lone = api
        .post(&at("/entrants"), json!({"entrants": [{"name": "Cat 9"}]}))
        .await;
    assert_eq!(lone.status, 422, "{:?}", lone.json);

    let mut rounds = 0;
    loop {
        let preview = api.post(&at("/rounds/preview"), json!({})).await;
        if preview.status == 409 {
            assert!(
                preview.json["error"].as_str().unwrap().contains("over"),
                "{:?}",
                preview.json
            );
            break;
        }
        assert_eq!(preview.status, 200, "{:?}", preview.json);
        rounds += 1;
        assert!(rounds <= 6, "the event does not end");
        let published = api.post(&at("/rounds"), json!({})).await;
        assert_eq!(published.status, 201, "{:?}", published.json);
        for (number, table) in published.json["round"]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let entered = api
                    .put(&at(&format!("/tables/{}/result", table["id"])),
                         json!({"version": 0, "games": [random_pairs_game(rounds * 10 + number as u64)]}))
                    .await;
            assert_eq!(entered.status, 200, "{:?}", entered.json);
        }
    }
    // Three rounds of the groups' round robins, then the play-off's semi-finals and final.
    assert_eq!(rounds, 5);
    let detail = ctx.api(None).get(&at("")).await;
    let standings = detail.json["standings"]["main"]["standings"]
        .as_array()
        .unwrap()
        .clone();
    // Each group's table, every pair once, then the play-off's four.
    let in_groups = standings
        .iter()
        .filter(|line| line.get("group").is_some())
        .count();
    let in_play_off = standings
        .iter()
        .filter(|line| line["stage"] == "play-off")
        .count();
    assert_eq!((in_groups, in_play_off), (8, 4), "{standings:?}");
    let document = ctx.api(None).get(&at("/event")).await;
    let event = Event::parse(&document.json.to_string()).unwrap();
    let rerun: Value = serde_json::from_str(&fives_pairing::output::standings_json(
        &event,
        &fives_pairing::standings::standings(&event).unwrap(),
    ))
    .unwrap();
    assert_eq!(detail.json["standings"]["main"], rerun);
    // The play-off's bracket is drawn.
    let page = ctx
        .browser()
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    assert!(page.body.contains(">Final<"), "{}", page.body);
    // Each group's table is drawn apart, then the play-off's.
    for heading in [">Group A<", ">Group B<", ">Play-off<"] {
        assert!(page.body.contains(heading), "{heading}: {}", page.body);
    }
}
store_test!(groups_of_pairs_play_their_round_robins_then_a_play_off_to_the_end);

async fn a_round_robin_meets_everyone_once_and_ends_with_a_withdrawal_kept(ctx: TestContext) {
    use fives::domain::championship::Stages;
    let api = organiser_api(&ctx).await;
    let made = api
        .post(
            BASE,
            json!({"name": "Club Round Robin", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": format_of(Stages::RoundRobin)}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = (1..=5)
        .map(|i| json!({"name": format!("Player {i}"), "rating": 1800 - i}))
        .collect();
    let entered = api
        .post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    let withdrawing = entered.json[4]["id"].as_i64().unwrap();
    let mut rounds = 0;
    loop {
        let preview = api.post(&at("/rounds/preview"), json!({})).await;
        if preview.status == 409 {
            break;
        }
        assert_eq!(preview.status, 200, "{:?}", preview.json);
        rounds += 1;
        assert!(rounds <= 5, "the round robin does not end");
        play_round(&api, &at(""), 70 + rounds).await;
        if rounds == 2 {
            // Player 5 leaves after round 2: kept in the standings, paired no more.
            let withdrawn = api
                .put(
                    &at(&format!("/entrants/{withdrawing}")),
                    json!({"withdrawn": true}),
                )
                .await;
            assert_eq!(withdrawn.json["withdrawn_after"], 2, "{:?}", withdrawn.json);
        }
    }
    let detail = ctx.api(None).get(&at("")).await;
    let met: std::collections::BTreeSet<(String, String)> = detail.json["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|round| tables_of(&round["tables"]))
        .map(|mut seats| {
            seats.sort();
            (seats[0].clone(), seats[1].clone())
        })
        .collect();
    // No pair met twice, and Player 5 sat at no table after round 2.
    let tables: usize = detail.json["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["tables"].as_array().unwrap().len())
        .sum();
    assert_eq!(met.len(), tables);
    for round in &detail.json["rounds"].as_array().unwrap()[2..] {
        assert!(
            tables_of(&round["tables"])
                .iter()
                .flatten()
                .all(|seat| seat != "Player 5")
        );
    }
    assert_eq!(
        detail.json["standings"]["main"]["standings"]
            .as_array()
            .unwrap()
            .len(),
        5
    );
    let document = ctx.api(None).get(&at("/event")).await;
    let event = Event::parse(&document.json.to_string()).unwrap();
    let rerun: Value = serde_json::from_str(&fives_pairing::output::standings_json(
        &event,
        &fives_pairing::standings::standings(&event).unwrap(),
    ))
    .unwrap();
    assert_eq!(detail.json["standings"]["main"], rerun);
}
store_test!(a_round_robin_meets_everyone_once_and_ends_with_a_withdrawal_kept);

async fn a_late_entry_joins_a_swiss_on_no_points_and_a_knockout_takes_none(ctx: TestContext) {
    use fives::domain::championship::Stages;
    let api = organiser_api(&ctx).await;
    let made = api
        .post(
            BASE,
            json!({"name": "Late Swiss", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": format_of(Stages::Swiss { rounds: 3 })}),
        )
        .await;
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = (1..=4)
        .map(|i| json!({"name": format!("Player {i}"), "rating": 1800 - i}))
        .collect();
    api.post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    play_round(&api, &at(""), 81).await;

    // Gus arrives after round 1: entered, and paired from round 2 on.
    let late = api
        .post(
            &at("/entrants"),
            json!({"entrants": [{"name": "Gus", "rating": 2100}]}),
        )
        .await;
    assert_eq!(late.status, 201, "{:?}", late.json);
    for seed in 82..=83 {
        let round = play_round(&api, &at(""), seed).await;
        let seated = tables_of(&round["tables"])
            .into_iter()
            .flatten()
            .any(|name| name == "Gus")
            || round["byes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|bye| bye == "Gus");
        assert!(seated, "Gus is paired: {round:?}");
    }
    let detail = ctx.api(None).get(&at("")).await;
    let document = ctx.api(None).get(&at("/event")).await;
    let event = Event::parse(&document.json.to_string()).unwrap();
    assert!(
        document.json["rounds"][0].to_string().find("Gus").is_none(),
        "{:?}",
        document.json
    );
    let standings = fives_pairing::standings::standings(&event).unwrap();
    let rerun: Value =
        serde_json::from_str(&fives_pairing::output::standings_json(&event, &standings)).unwrap();
    assert_eq!(detail.json["standings"]["main"], rerun);
    let gus = rerun["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["id"] == "Gus")
        .unwrap()
        .clone();
    assert!(
        gus["score"].as_f64().unwrap() <= 2.0,
        "two rounds at most: {gus:?}"
    );

    // A knockout's bracket is drawn at round 1: nobody joins it after.
    let cup = api
        .post(
            BASE,
            json!({"name": "Late Cup", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": format_of(Stages::Knockout { third_place: false })}),
        )
        .await;
    let cup = format!("{BASE}/{}", cup.json["id"]);
    let entrants: Vec<Value> = (1..=4)
        .map(|i| json!({"name": format!("Player {i}")}))
        .collect();
    api.post(&format!("{cup}/entrants"), json!({"entrants": entrants}))
        .await;
    play_round(&api, &cup, 84).await;
    let refused = api
        .post(
            &format!("{cup}/entrants"),
            json!({"entrants": [{"name": "Gus"}]}),
        )
        .await;
    assert_eq!(refused.status, 409, "{:?}", refused.json);
    assert!(
        refused.json["error"]
            .as_str()
            .unwrap()
            .contains("only a Swiss takes late entries"),
        "{:?}",
        refused.json
    );
    let entrants = ctx.api(None).get(&cup).await.json["entrants"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(entrants, 4);
}
store_test!(a_late_entry_joins_a_swiss_on_no_points_and_a_knockout_takes_none);

/// A random game of the preset for `seats` players (in partnerships at four when asked), as a
/// scorer keeps it: each hand's score.
fn scored_game(preset: Preset, seats: usize, partnerships: bool, seed: u64) -> Value {
    let mut spec = RulesetSpec::preset(preset);
    if seats == 4 {
        spec.overrides.partnerships = Some(partnerships);
    }
    let built = spec.build(seats).unwrap();
    let record = play_game(&spec, &built, &mut fives_rules::random::seeded(seed));
    let scored: Vec<fives_rules::record::HandRecord> = record
        .hands
        .into_iter()
        .map(|hand| fives_rules::record::HandRecord {
            score: hand.score,
            ..Default::default()
        })
        .collect();
    serde_json::to_value(scored).unwrap()
}

/// Runs an event to its end: each round previewed, published and every table's game entered,
/// the first table's through its link (then confirmed) and the rest by the organiser; answers
/// the number of rounds. The public document re-run through the engine gives the standings.
async fn run_to_the_end(
    ctx: &TestContext,
    api: &ApiClient,
    event: &str,
    game: impl Fn(u64) -> Value,
) -> usize {
    let at = |path: &str| format!("{event}{path}");
    let mut rounds = 0;
    loop {
        let preview = api.post(&at("/rounds/preview"), json!({})).await;
        if preview.status == 409 {
            assert!(
                preview.json["error"].as_str().unwrap().contains("over"),
                "{:?}",
                preview.json
            );
            break;
        }
        assert_eq!(preview.status, 200, "{:?}", preview.json);
        rounds += 1;
        assert!(rounds <= 8, "the event does not end");
        let published = api.post(&at("/rounds"), json!({})).await;
        assert_eq!(published.status, 201, "{:?}", published.json);
        for (number, table) in published.json["round"]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let seed = (rounds * 100 + number) as u64;
            if number == 0 {
                let link = published.json["table_links"][0]
                    .as_str()
                    .unwrap()
                    .split("/api/v1/tables/")
                    .nth(1)
                    .unwrap()
                    .to_string();
                let entered = ctx
                    .api(None)
                    .put(
                        &format!("/api/v1/tables/{link}/result"),
                        json!({"version": 0, "games": [game(seed)]}),
                    )
                    .await;
                assert_eq!(entered.status, 200, "{:?}", entered.json);
                let confirmed = api
                    .post(
                        &at(&format!("/tables/{}/result/confirm", table["id"])),
                        json!({"version": 1}),
                    )
                    .await;
                assert_eq!(confirmed.status, 200, "{:?}", confirmed.json);
            } else {
                let entered = api
                    .put(
                        &at(&format!("/tables/{}/result", table["id"])),
                        json!({"version": 0, "games": [game(seed)]}),
                    )
                    .await;
                assert_eq!(entered.status, 200, "{:?}", entered.json);
            }
        }
    }
    let detail = ctx.api(None).get(event).await;
    let document = ctx.api(None).get(&at("/event")).await;
    let parsed = Event::parse(&document.json.to_string()).unwrap();
    let rerun: Value = serde_json::from_str(&fives_pairing::output::standings_json(
        &parsed,
        &fives_pairing::standings::standings(&parsed).unwrap(),
    ))
    .unwrap();
    assert_eq!(detail.json["standings"]["main"], rerun);
    rounds
}

async fn a_partnership_swiss_a_table_of_three_swiss_and_a_singles_knockout_each_run_to_their_end(
    ctx: TestContext,
) {
    use fives::domain::championship::{
        ChampionshipFormat, FormatChoice, FormatDocument, Points, Stages, TableScoring,
    };
    let api = organiser_api(&ctx).await;
    let document = |choice: FormatChoice| {
        serde_json::to_value(FormatDocument::from(
            &ChampionshipFormat::try_from(choice).unwrap(),
        ))
        .unwrap()
    };
    let make = |name: &'static str, ruleset: &'static str, format: Value, players: usize| {
        let api = &api;
        async move {
            let made = api
                    .post(BASE, json!({"name": name, "starts_on": "2027-03-06", "ruleset": ruleset, "format": format}))
                    .await;
            assert_eq!(made.status, 201, "{:?}", made.json);
            let event = format!("{BASE}/{}", made.json["id"]);
            let entrants: Vec<Value> = (1..=players)
                .map(|i| json!({"name": format!("{name} player {i}"), "rating": 1900 - i}))
                .collect();
            let entered = api
                .post(&format!("{event}/entrants"), json!({"entrants": entrants}))
                .await;
            assert_eq!(entered.status, 201, "{:?}", entered.json);
            event
        }
    };

    // The individual Fives and Threes championship: four at a table, partners changing.
    let partnerships = make(
        "Individual",
        "fives-and-threes",
        document(FormatChoice {
            seats: 4,
            partnerships: true,
            ..FormatChoice::plain(Stages::Swiss { rounds: 3 })
        }),
        8,
    )
    .await;
    let first = api.post(&format!("{partnerships}/rounds"), json!({})).await;
    let link = first.json["table_links"][0]
        .as_str()
        .unwrap()
        .split("/api/v1/tables/")
        .nth(1)
        .unwrap()
        .to_string();
    // One hand of three points is not a game to 121: refused, nothing kept.
    let refused = ctx
        .api(None)
        .put(
            &format!("/api/v1/tables/{link}/result"),
            json!({"version": 0, "games": [[{"score": [3, 0]}]]}),
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
    for (number, table) in first.json["round"]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let entered = api
                .put(&format!("{partnerships}/tables/{}/result", table["id"]),
                     json!({"version": 0, "games": [scored_game(Preset::FivesAndThrees, 4, true, 90 + number as u64)]}))
                .await;
        assert_eq!(entered.status, 200, "{:?}", entered.json);
    }
    let rounds = run_to_the_end(&ctx, &api, &partnerships, |seed| {
        scored_game(Preset::FivesAndThrees, 4, true, seed)
    })
    .await;
    assert_eq!(rounds, 2, "rounds 2 and 3 after the first");

    // Doubles in the Boneyard at tables of three, 3, 1 and 0 by place.
    let three = make(
        "Boneyard",
        "doubles-in-the-boneyard",
        document(FormatChoice {
            seats: 3,
            scoring: TableScoring::ByPlace(vec![
                Points::whole(3),
                Points::whole(1),
                Points::whole(0),
            ]),
            ..FormatChoice::plain(Stages::Swiss { rounds: 2 })
        }),
        6,
    )
    .await;
    let rounds = run_to_the_end(&ctx, &api, &three, |seed| {
        scored_game(Preset::DoublesInTheBoneyard, 3, false, seed)
    })
    .await;
    assert_eq!(rounds, 2);

    // A singles knockout of eight to its final.
    let knockout = make(
        "Singles Cup",
        "all-fives",
        document(FormatChoice::plain(Stages::Knockout { third_place: false })),
        8,
    )
    .await;
    let rounds = run_to_the_end(&ctx, &api, &knockout, |seed| {
        scored_game(Preset::AllFives, 2, false, seed)
    })
    .await;
    assert_eq!(rounds, 3, "quarter-finals, semi-finals, final");
    let page = ctx
        .browser()
        .get(&knockout.replace("/api/v1/organisations/north", "/leagues/north"))
        .await;
    assert!(page.body.contains(">Final<"), "{}", page.body);
}
store_test!(
    a_partnership_swiss_a_table_of_three_swiss_and_a_singles_knockout_each_run_to_their_end
);

async fn a_championship_whose_rules_cannot_play_its_tables_is_refused(ctx: TestContext) {
    use fives::domain::championship::Stages;
    let api = organiser_api(&ctx).await;
    // Doubles in the Boneyard is not a game for two.
    let two = api
        .post(
            BASE,
            json!({"name": "Boneyard Pairs", "starts_on": "2027-03-06",
                               "ruleset": "doubles-in-the-boneyard",
                               "format": format_of(Stages::Swiss { rounds: 3 })}),
        )
        .await;
    assert_eq!(two.status, 422, "{:?}", two.json);
    assert_eq!(two.problem_fields(), ["ruleset"], "{:?}", two.json);
    assert!(
        two.json.to_string().contains("cannot be played by 2"),
        "{:?}",
        two.json
    );
    let far = api
        .post(
            BASE,
            json!({"name": "Marathon", "starts_on": "2027-03-06",
                               "ruleset": {"preset": "all-fives", "target": 5000},
                               "format": format_of(Stages::Swiss { rounds: 3 })}),
        )
        .await;
    assert_eq!(far.status, 422, "{:?}", far.json);
    assert_eq!(far.problem_fields(), ["ruleset.target"], "{:?}", far.json);
    let listed = ctx.api(None).get(BASE).await;
    assert_eq!(
        listed.json.as_array().map(Vec::len),
        Some(0),
        "{:?}",
        listed.json
    );
    // Played to 121 instead of the preset's own, through the form.
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let made = organiser
        .submit(
            "/organise/north/championships",
            &[
                ("name", "Long Games"),
                ("starts_on", "2027-03-06"),
                ("preset", "all-fives"),
                ("ruleset_target", "121"),
                ("entrants", "players"),
                ("stages", "swiss"),
                ("rounds", "3"),
                ("seats", "2"),
                ("table_play", "one-game"),
                ("win", "1"),
                ("draw", "½"),
                ("loss", "0"),
                ("bye_points", "1"),
                ("seeding", "rating"),
                ("tiebreaks", "game points, Buchholz"),
            ],
        )
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let listed = ctx.api(None).get(BASE).await;
    assert_eq!(
        listed.json[0]["ruleset"]["target"]["2"], 121,
        "{:?}",
        listed.json
    );
    assert_eq!(
        listed.json[0]["format"]["tiebreaks"],
        json!(["game-points", "buchholz"])
    );
    let unknown = organiser
        .submit(
            "/organise/north/championships",
            &[
                ("name", "Coin Toss"),
                ("starts_on", "2027-03-06"),
                ("preset", "all-fives"),
                ("entrants", "players"),
                ("stages", "swiss"),
                ("rounds", "3"),
                ("seats", "2"),
                ("table_play", "one-game"),
                ("win", "1"),
                ("draw", "½"),
                ("loss", "0"),
                ("bye_points", "1"),
                ("seeding", "rating"),
                ("tiebreaks", "Wins, coin toss, Wins"),
            ],
        )
        .await;
    assert_eq!(unknown.status, 422, "{}", unknown.body);
    assert!(
        unknown.body.contains("coin toss&#34; is not a tiebreak"),
        "{}",
        unknown.body
    );
    assert!(
        !unknown.body.contains("Wins&#34; is not"),
        "a document's name is one: {}",
        unknown.body
    );
}
store_test!(a_championship_whose_rules_cannot_play_its_tables_is_refused);
