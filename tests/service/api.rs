//! The JSON API under /api/v1, driven over HTTP as a club website or script would: an
//! organiser building a season from nothing, read back as the public pages show it. Its
//! tokens and what they may do are in `api_tokens`, its refusals and its OpenAPI document in
//! `api_contract`; the helpers here make an organiser with a token and a league for them.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use fives::domain::ids::DivisionId;
use serde_json::{Value, json};

use crate::support::{ApiClient, Browser, TestContext};

/// 6 singles and 3 pairs to 61; 2 points for a match won, 1 for a draw, 1 per game won.
pub(crate) fn two_per_match_plus_one_per_game() -> Value {
    json!({
        "legs": [
            {"kind": "singles", "games": 6, "target": 61},
            {"kind": "pairs", "games": 3, "target": 61}
        ],
        "player_limits": {"singles_per_player": 1, "pairs_per_player": 1},
        "points": {
            "per_game_won": 1,
            "per_match_won": 2,
            "per_match_drawn": 1,
            "losing_bonus": null
        },
        "walkover": {"winner_games": 5, "loser_games": 0}
    })
}

/// An organiser of `slug` with a token made on their account page, and a browser logged in
/// as them.
pub(crate) async fn organiser_with_token(
    ctx: &TestContext,
    email: &str,
    slug: &str,
) -> (Browser, String) {
    let user = ctx.user(email).await;
    ctx.organisation(slug, &user).await;
    let browser = ctx.browser();
    browser.login_ok(email).await;
    let token = browser.make_api_token("league secretary's script").await;
    (browser, token)
}

pub(crate) fn id_of(reply: &crate::support::Reply) -> i64 {
    reply.json["id"].as_i64().expect("an id")
}

/// A competition, a season and a division of `slug`, made through the API: the division's id.
pub(crate) async fn division_through_api(api: &ApiClient, slug: &str) -> i64 {
    let base = format!("/api/v1/organisations/{slug}");
    let competition = api
        .post(
            &format!("{base}/competitions"),
            json!({"name": "Winter League", "ruleset": "fives-and-threes",
                   "match_format": two_per_match_plus_one_per_game()}),
        )
        .await;
    assert_eq!(competition.status, 201, "{:?}", competition.json);
    let season = api
        .post(
            &format!("{base}/competitions/{}/seasons", id_of(&competition)),
            json!({"name": "2026-27", "start": "2026-09-01", "league_night": "Tuesday",
                   "blackout_dates": ["2026-12-22"]}),
        )
        .await;
    assert_eq!(season.status, 201, "{:?}", season.json);
    let division = api
        .post(
            &format!("{base}/seasons/{}/divisions", id_of(&season)),
            json!({"name": "Premier"}),
        )
        .await;
    assert_eq!(division.status, 201, "{:?}", division.json);
    id_of(&division)
}

/// A fixture as (date as a page shows it, home team's id, away team's id).
type FixtureLine = (String, i64, i64);

/// A bye as (round, team's id).
type ByeLine = (u64, i64);

/// The fixtures and byes of a division's public page.
fn public_page_fixtures(body: &str) -> (BTreeSet<FixtureLine>, BTreeSet<ByeLine>) {
    let section = &body[body
        .find(r#"id="fixtures-heading""#)
        .expect("a fixtures section")..];
    let mut fixtures = BTreeSet::new();
    for row in section.split("<tr>").skip(1) {
        let Some(date) = row.trim().strip_prefix("<td>") else {
            continue; // the header row
        };
        let date = date[..date.find("</td>").unwrap()].to_string();
        let ids: Vec<i64> = row
            .split("/teams/")
            .skip(1)
            .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
            .collect();
        fixtures.insert((date, ids[0], ids[1]));
    }
    let mut byes = BTreeSet::new();
    for bye in section.split(r#"<p class="bye">"#).skip(1) {
        let rest = &bye[bye.find("/teams/").unwrap() + "/teams/".len()..];
        let team: i64 = rest[..rest.find('"').unwrap()].parse().unwrap();
        let round = &rest[rest.find("sits out round ").unwrap() + "sits out round ".len()..];
        let round: u64 = round[..round.find('.').unwrap()].parse().unwrap();
        byes.insert((round, team));
    }
    (fixtures, byes)
}

async fn an_organiser_builds_a_season_from_nothing_through_the_api(ctx: TestContext) {
    let (_, token) = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let api = ctx.api(Some(&token));
    let base = "/api/v1/organisations/north";

    let me = api.get("/api/v1/me").await;
    assert_eq!(me.status, 200);
    assert_eq!(me.json["email"], "sec@example.org");
    assert_eq!(me.json["organiser_of"][0]["slug"], "north");

    // Five teams, so that one sits out each round.
    let mut teams = Vec::new();
    for name in ["Anchor", "Bell", "Crown", "Dolphin", "Eagle"] {
        let team = api
            .post(&format!("{base}/teams"), json!({"name": name}))
            .await;
        assert_eq!(team.status, 201, "{:?}", team.json);
        teams.push(id_of(&team));
    }
    let pub_ = api
        .put(
            &format!("{base}/teams/{}/venue", teams[0]),
            json!({"name": "The Anchor", "address": "1 Quay Street\nBideford",
                       "night": "Tuesday"}),
        )
        .await;
    assert_eq!(pub_.status, 200, "{:?}", pub_.json);
    assert_eq!(pub_.json["venue"]["name"], "The Anchor");
    assert_eq!(pub_.json["venue"]["address"], "1 Quay Street\nBideford");

    let player = api
        .post(&format!("{base}/players"), json!({"name": "Sam Smith"}))
        .await;
    assert_eq!(player.status, 201, "{:?}", player.json);
    let squad = api
        .post(
            &format!("{base}/teams/{}/squad", teams[0]),
            json!({"player_id": id_of(&player)}),
        )
        .await;
    assert_eq!(squad.status, 200, "{:?}", squad.json);
    assert_eq!(squad.json["squad"][0]["name"], "Sam Smith");

    let division = division_through_api(&api, "north").await;
    for team in &teams {
        let added = api
            .post(
                &format!("{base}/divisions/{division}/teams"),
                json!({"team_id": team}),
            )
            .await;
        assert_eq!(added.status, 200, "{:?}", added.json);
    }
    let made = api
        .post(
            &format!("{base}/divisions/{division}/fixtures"),
            json!({"legs": "single"}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    // Five teams once each: ten fixtures over five rounds, each team resting once.
    assert_eq!(made.json["fixtures"].as_array().unwrap().len(), 10);
    assert_eq!(made.json["byes"].as_array().unwrap().len(), 5);

    // What anyone reads back, without a token, is what was made and what the public
    // page shows.
    let public = ctx.api(None);
    let competitions = public.get(&format!("{base}/competitions")).await;
    assert_eq!(competitions.status, 200);
    let points = &competitions.json[0]["match_format"]["points"];
    assert_eq!(points["per_match_won"], 2);
    assert_eq!(points["per_game_won"], 1);
    // A preset with nothing overridden is named by its name alone, as in a game record.
    assert_eq!(competitions.json[0]["ruleset"], "fives-and-threes");

    let read = public
        .get(&format!("{base}/divisions/{division}/fixtures"))
        .await;
    assert_eq!(read.status, 200);
    assert_eq!(read.json, made.json);
    let fixtures = read.json["fixtures"].as_array().unwrap();
    let stored = ctx
        .store
        .fixtures_of_division(DivisionId(division))
        .await
        .unwrap();
    let stored_ids: Vec<i64> = stored.iter().map(|f| f.id.0).collect();
    let read_ids: Vec<i64> = fixtures.iter().map(|f| f["id"].as_i64().unwrap()).collect();
    assert_eq!(read_ids, stored_ids);
    assert!(
        fixtures
            .iter()
            .all(|f| f["date"].as_str().unwrap() != "2026-12-22"),
        "no fixture on the blackout date"
    );

    let page = ctx
        .browser()
        .get(&format!("/leagues/north/divisions/{division}"))
        .await;
    assert_eq!(page.status, 200);
    let (page_fixtures, page_byes) = public_page_fixtures(&page.body);
    let api_fixtures: BTreeSet<FixtureLine> = fixtures
        .iter()
        .map(|f| {
            let date: NaiveDate = f["date"].as_str().unwrap().parse().unwrap();
            (
                date.format("%a %-d %b %Y").to_string(),
                f["home"]["id"].as_i64().unwrap(),
                f["away"]["id"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(api_fixtures.len(), 10);
    assert_eq!(api_fixtures, page_fixtures);
    let api_byes: BTreeSet<ByeLine> = read.json["byes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["round"].as_u64().unwrap(),
                b["team"]["id"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(api_byes, page_byes);

    // The Anchor's home fixtures are at its pub.
    let home = fixtures
        .iter()
        .find(|f| f["home"]["id"] == teams[0])
        .expect("the Anchor plays at home");
    assert_eq!(home["venue"]["name"], "The Anchor");

    let table = public
        .get(&format!("{base}/divisions/{division}/standings"))
        .await;
    assert_eq!(table.status, 200);
    assert_eq!(table.json.as_array().unwrap().len(), 5);
    assert!(
        table
            .json
            .as_array()
            .unwrap()
            .iter()
            .all(|row| row["points"] == 0)
    );

    let anchor = public.get(&format!("{base}/teams/{}", teams[0])).await;
    assert_eq!(anchor.status, 200);
    assert_eq!(anchor.json["current_division"]["division"]["id"], division);
    assert_eq!(anchor.json["squad"][0]["name"], "Sam Smith");
    assert!(
        anchor.json.get("contact").is_none(),
        "the public sees no contact"
    );
    let as_organiser = api.get(&format!("{base}/teams/{}", teams[0])).await;
    assert_eq!(as_organiser.json["contact"], "");
    let team_fixtures = public
        .get(&format!("{base}/teams/{}/fixtures", teams[0]))
        .await;
    assert_eq!(team_fixtures.json.as_array().unwrap().len(), 4);

    // Move, postpone and reverse a fixture.
    let fixture = fixtures[0]["id"].as_i64().unwrap();
    let postponed = api
        .post(&format!("{base}/fixtures/{fixture}/postpone"), json!({}))
        .await;
    assert_eq!(postponed.status, 200, "{:?}", postponed.json);
    assert_eq!(postponed.json["status"], "postponed");
    let moved = api
        .post(
            &format!("{base}/fixtures/{fixture}/move"),
            json!({"date": "2027-03-02"}),
        )
        .await;
    assert_eq!(moved.status, 200, "{:?}", moved.json);
    assert_eq!(moved.json["date"], "2027-03-02");
    assert_eq!(moved.json["status"], "scheduled");
    assert_eq!(moved.json["round"], fixtures[0]["round"]);
    let reversed = api
        .post(&format!("{base}/fixtures/{fixture}/reverse"), json!({}))
        .await;
    assert_eq!(reversed.status, 200, "{:?}", reversed.json);
    assert_eq!(reversed.json["home"], fixtures[0]["away"]);
    assert_eq!(reversed.json["away"], fixtures[0]["home"]);
    let read_one = public.get(&format!("{base}/fixtures/{fixture}")).await;
    assert_eq!(read_one.json, reversed.json);

    let cleared = api
        .delete(&format!("{base}/teams/{}/venue", teams[0]))
        .await;
    assert_eq!(cleared.status, 200, "{:?}", cleared.json);
    assert_eq!(cleared.json["venue"], Value::Null);
}
store_test!(an_organiser_builds_a_season_from_nothing_through_the_api);
