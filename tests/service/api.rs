//! The JSON API under /api/v1, driven over HTTP as a club website or script would: tokens,
//! authorisation, validation, and the OpenAPI document that describes it.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use fives::domain::ids::DivisionId;
use serde_json::{Value, json};

use crate::support::{ApiClient, Browser, TestContext};

/// 6 singles and 3 pairs to 61; 2 points for a match won, 1 for a draw, 1 per game won.
fn two_per_match_plus_one_per_game() -> Value {
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
async fn organiser_with_token(ctx: &TestContext, email: &str, slug: &str) -> (Browser, String) {
    let user = ctx.user(email).await;
    ctx.organisation(slug, &user).await;
    let browser = ctx.browser();
    browser.login_ok(email).await;
    let token = browser.make_api_token("league secretary's script").await;
    (browser, token)
}

fn id_of(reply: &crate::support::Reply) -> i64 {
    reply.json["id"].as_i64().expect("an id")
}

/// A competition, a season and a division of `slug`, made through the API: the division's id.
async fn division_through_api(api: &ApiClient, slug: &str) -> i64 {
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

async fn writes_need_a_live_token(ctx: TestContext) {
    let (browser, token) = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let path = "/api/v1/organisations/north/teams";

    let anonymous = ctx.api(None).post(path, json!({"name": "Anchor"})).await;
    assert_eq!(anonymous.status, 401, "{:?}", anonymous.json);
    assert!(anonymous.content_type.starts_with("application/json"));
    assert!(anonymous.www_authenticate.unwrap().starts_with("Bearer"));
    assert!(
        anonymous.json["error"]
            .as_str()
            .unwrap()
            .contains("API token"),
        "{:?}",
        anonymous.json
    );

    let junk = ctx
        .api(Some("not-a-token"))
        .post(path, json!({"name": "Anchor"}))
        .await;
    assert_eq!(junk.status, 401);
    let unknown = ctx
        .api(Some(&"ab".repeat(32)))
        .post(path, json!({"name": "Anchor"}))
        .await;
    assert_eq!(unknown.status, 401);
    // Reading needs no token, but a wrong one is still refused, so a script finds out.
    assert_eq!(ctx.api(None).get(path).await.status, 200);
    assert_eq!(ctx.api(Some(&"ab".repeat(32))).get(path).await.status, 401);
    assert!(
        ctx.store
            .teams_in(fives::domain::ids::OrganisationId(1))
            .await
            .unwrap()
            .is_empty()
    );

    // A token needs a name.
    let unnamed = browser.submit("/account/tokens", &[("name", "  ")]).await;
    assert_eq!(unnamed.status, 422);
    assert!(
        unnamed.body.contains(r#"id="token-name-error""#),
        "{}",
        unnamed.body
    );
    assert!(!unnamed.body.contains(r#"id="new-token-secret""#));

    let live = ctx
        .api(Some(&token))
        .post(path, json!({"name": "Anchor"}))
        .await;
    assert_eq!(live.status, 201, "{:?}", live.json);

    // Revoked on the account page, it opens nothing.
    let tokens = browser.get("/account/tokens").await;
    assert!(tokens.body.contains("league secretary"), "{}", tokens.body);
    assert!(!tokens.body.contains(&token), "a token is shown only once");
    let listed = ctx
        .store
        .api_tokens_of(fives::domain::ids::UserId(1))
        .await
        .unwrap();
    let revoke = browser
        .submit(&format!("/account/tokens/{}/revoke", listed[0].id), &[])
        .await;
    revoke.assert_redirect_to("/account/tokens");
    assert!(
        browser
            .get("/account/tokens")
            .await
            .body
            .contains("Revoked")
    );
    let revoked = ctx
        .api(Some(&token))
        .post(path, json!({"name": "Bell"}))
        .await;
    assert_eq!(revoked.status, 401, "{:?}", revoked.json);
    assert_eq!(ctx.api(Some(&token)).get("/api/v1/me").await.status, 401);

    // Another account cannot revoke this one's tokens.
    ctx.user("other@example.org").await;
    let other = ctx.browser();
    other.login_ok("other@example.org").await;
    let theirs = other
        .submit(&format!("/account/tokens/{}/revoke", listed[0].id), &[])
        .await;
    assert_eq!(theirs.status, 404);
}
store_test!(writes_need_a_live_token);

async fn another_organisations_token_is_forbidden_and_its_ids_are_not_found(ctx: TestContext) {
    let (_, north_token) = organiser_with_token(&ctx, "north@example.org", "north").await;
    let (_, south_token) = organiser_with_token(&ctx, "south@example.org", "south").await;
    let north = ctx.api(Some(&north_token));
    let south = ctx.api(Some(&south_token));
    let north_division = division_through_api(&north, "north").await;
    let south_division = division_through_api(&south, "south").await;

    // South's organiser may not change North's league.
    let forbidden = south
        .post(
            "/api/v1/organisations/north/competitions",
            json!({"name": "Raid", "ruleset": "muggins",
                       "match_format": two_per_match_plus_one_per_game()}),
        )
        .await;
    assert_eq!(forbidden.status, 403, "{:?}", forbidden.json);
    assert_eq!(
        south
            .post(
                &format!("/api/v1/organisations/north/divisions/{north_division}/fixtures"),
                json!({"legs": "single"})
            )
            .await
            .status,
        403
    );

    // An id of South's, under North's address, is not found, even for North's organiser.
    let elsewhere = format!("/api/v1/organisations/north/divisions/{south_division}");
    assert_eq!(north.get(&elsewhere).await.status, 404);
    assert_eq!(ctx.api(None).get(&elsewhere).await.status, 404);
    let team = north
        .post(&format!("{elsewhere}/teams"), json!({"team_id": 1}))
        .await;
    assert_eq!(team.status, 404, "{:?}", team.json);
    // South's team cannot be put into North's division.
    let south_team = south
        .post("/api/v1/organisations/south/teams", json!({"name": "Bell"}))
        .await;
    let refused = north
        .post(
            &format!("/api/v1/organisations/north/divisions/{north_division}/teams"),
            json!({"team_id": id_of(&south_team)}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_at("team_id").as_deref(),
        Some("Choose one of your organisation's teams.")
    );
    assert_eq!(
        north
            .get(&format!(
                "/api/v1/organisations/north/teams/{}",
                id_of(&south_team)
            ))
            .await
            .status,
        404
    );
}
store_test!(another_organisations_token_is_forbidden_and_its_ids_are_not_found);

async fn a_browser_session_cannot_write_through_the_api(ctx: TestContext) {
    let (browser, token) = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let path = format!("{}/api/v1/organisations/north/teams", ctx.address);
    let body = json!({"name": "Anchor"}).to_string();

    // The session cookie alone, as a forged cross-site request would send it: refused by
    // the CSRF check before the API sees it, as a change without a token.
    let forged = browser
        .client
        .post(&path)
        .header("content-type", "application/json")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    let forged = crate::support::Reply::from(forged).await;
    assert_eq!(forged.status, 401, "{:?}", forged.json);
    assert!(forged.json["error"].as_str().unwrap().contains("API token"));
    // Even with the page's CSRF token, the API reads no cookie: no token, no write.
    let csrf = browser.csrf_token().await;
    let with_csrf = browser
        .client
        .post(&path)
        .header("content-type", "application/json")
        .header("x-csrf-token", csrf)
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(with_csrf.status().as_u16(), 401);
    let organisation = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    assert!(
        ctx.store
            .teams_in(organisation.id)
            .await
            .unwrap()
            .is_empty()
    );

    // A bearer token needs no CSRF token, with or without the cookie.
    let with_token = browser
        .client
        .post(&path)
        .header("content-type", "application/json")
        .header("authorization", format!("Bearer {token}"))
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(with_token.status().as_u16(), 201);
    let without_cookie = ctx
        .api(Some(&token))
        .post("/api/v1/organisations/north/teams", json!({"name": "Bell"}))
        .await;
    assert_eq!(without_cookie.status, 201);
    assert_eq!(ctx.store.teams_in(organisation.id).await.unwrap().len(), 2);

    // And a bearer header does not lift the CSRF check from the pages.
    let page_post = browser
        .client
        .post(format!("{}/organise/north/teams", ctx.address))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("authorization", format!("Bearer {token}"))
        .body("name=Crown")
        .send()
        .await
        .unwrap();
    assert_eq!(page_post.status().as_u16(), 403);
    assert_eq!(ctx.store.teams_in(organisation.id).await.unwrap().len(), 2);
}
store_test!(a_browser_session_cannot_write_through_the_api);

async fn refused_requests_name_each_field_at_fault(ctx: TestContext) {
    let (_, token) = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let api = ctx.api(Some(&token));
    let base = "/api/v1/organisations/north";

    let mut format = two_per_match_plus_one_per_game();
    format["legs"][0]["games"] = json!(0);
    format["legs"][1]["target"] = json!(100);
    format["points"]["per_match_drawn"] = json!(3);
    format["walkover"] = json!({"winner_games": 0, "loser_games": 0});
    let refused = api
        .post(
            &format!("{base}/competitions"),
            json!({"name": " ", "ruleset": "snap", "match_format": format}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    let fields = refused.problem_fields();
    for field in [
        "name",
        "ruleset",
        "match_format.legs[0].games",
        "match_format.legs[1].target",
        "match_format.points.per_match_drawn",
        "match_format.walkover",
    ] {
        assert!(fields.iter().any(|f| f == field), "{field} in {fields:?}");
    }
    assert_eq!(
        refused.problem_at("match_format.legs[0].games").as_deref(),
        Some("Leg 1 has no games; a leg has at least one.")
    );
    assert_eq!(
        refused
            .problem_at("match_format.points.per_match_drawn")
            .as_deref(),
        Some("A drawn match (3 points) cannot be worth more than a win (2 points).")
    );
    assert_eq!(
        refused.problem_at("match_format.legs[1].target").as_deref(),
        Some("Choose 61 (once round the board) or 121 (twice).")
    );
    let organisation = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    assert!(
        ctx.store
            .competitions_of(organisation.id)
            .await
            .unwrap()
            .is_empty()
    );

    // A body of the wrong shape is a 400 that says what is missing.
    let shapeless = api
        .post(&format!("{base}/competitions"), json!({"name": "Winter"}))
        .await;
    assert_eq!(shapeless.status, 400);
    assert!(
        shapeless.json["error"]
            .as_str()
            .unwrap()
            .contains("ruleset"),
        "{:?}",
        shapeless.json
    );

    // A name already used is a conflict at the name.
    let division = division_through_api(&api, "north").await;
    let again = api
        .post(
            &format!("{base}/competitions"),
            json!({"name": "Winter League", "ruleset": "fives-and-threes",
                       "match_format": two_per_match_plus_one_per_game()}),
        )
        .await;
    assert_eq!(again.status, 409, "{:?}", again.json);
    assert_eq!(
        again.problem_at("name").as_deref(),
        Some("The north league already has a competition called Winter League.")
    );

    let competition = ctx.store.competitions_of(organisation.id).await.unwrap()[0].id;
    let season = api
        .post(
            &format!("{base}/competitions/{competition}/seasons"),
            json!({"name": "2027", "start": "1 Sept", "league_night": "Funday",
                       "blackout_dates": ["2027-12-25", "soon"]}),
        )
        .await;
    assert_eq!(season.status, 422);
    assert_eq!(
        season.problem_at("start").as_deref(),
        Some("Enter the start date as year-month-day, such as 2026-09-01.")
    );
    assert_eq!(
        season.problem_at("league_night").as_deref(),
        Some("Choose the night of the week the league plays.")
    );
    assert!(
        season
            .problem_at("blackout_dates[1]")
            .unwrap()
            .contains("\"soon\"")
    );
    let blackout = api
        .post(
            &format!("{base}/competitions/{competition}/seasons"),
            json!({"name": "2027", "start": "2027-09-07", "league_night": "Tuesday",
                       "blackout_dates": ["2027-12-23"]}),
        )
        .await;
    assert_eq!(blackout.status, 422);
    assert_eq!(
        blackout.problem_at("blackout_dates").as_deref(),
        Some("The blackout date 2027-12-23 is a Thursday, not the league night (Tuesday).")
    );

    // A division of one team makes no fixtures, and says why at the field.
    let team = api
        .post(&format!("{base}/teams"), json!({"name": "Anchor"}))
        .await;
    api.post(
        &format!("{base}/divisions/{division}/teams"),
        json!({"team_id": id_of(&team)}),
    )
    .await;
    let fixtures = api
        .post(
            &format!("{base}/divisions/{division}/fixtures"),
            json!({"legs": "double"}),
        )
        .await;
    assert_eq!(fixtures.status, 422);
    assert_eq!(
        fixtures.problem_at("legs").as_deref(),
        Some("Premier needs at least two teams to make fixtures; it has 1.")
    );
    let twice = api
        .post(
            &format!("{base}/divisions/{division}/teams"),
            json!({"team_id": id_of(&team)}),
        )
        .await;
    assert_eq!(twice.status, 409);
    assert_eq!(twice.problem_fields(), ["team_id"]);

    let venue = api
        .put(
            &format!("{base}/teams/{}/venue", id_of(&team)),
            json!({"name": "", "address": " ", "night": "Caturday"}),
        )
        .await;
    assert_eq!(venue.status, 422);
    assert_eq!(venue.problem_fields(), ["name", "address", "night"]);
}
store_test!(refused_requests_name_each_field_at_fault);

/// The Rust files under `folder`, its subfolders' included.
fn rust_files_under(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files_under(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
    files
}

/// Every endpoint the API's source declares, as (METHOD, path), read from the route
/// attributes of its handlers.
fn declared_routes() -> BTreeSet<(String, String)> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web/api");
    let mut routes = BTreeSet::new();
    for file in rust_files_under(&folder) {
        let source = std::fs::read_to_string(file).unwrap();
        for line in source.lines().map(str::trim) {
            for method in ["get", "post", "put", "delete", "patch"] {
                if let Some(rest) = line.strip_prefix(&format!("#[{method}(\"")) {
                    let path = &rest[..rest.find('"').unwrap()];
                    routes.insert((method.to_uppercase(), path.to_string()));
                }
            }
        }
    }
    routes
}

async fn the_openapi_document_describes_every_endpoint_and_only_those(ctx: TestContext) {
    let api = ctx.api(None);
    let reply = api.get("/api/v1/openapi.json").await;
    assert_eq!(reply.status, 200);
    let document = reply.json;
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));
    assert_eq!(
        document["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    for schema in [
        "ErrorBody",
        "Problem",
        "MatchFormat",
        "FixtureView",
        "TeamView",
    ] {
        assert!(
            document["components"]["schemas"].get(schema).is_some(),
            "{schema} is described"
        );
    }

    let mut documented = BTreeSet::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let method = method.to_uppercase();
            // Every change says it needs the bearer token, but a table's result entered
            // through the table's link: the link is its own key, and needs no account.
            let keyed_by_link = method == "PUT" && path == "/api/v1/tables/{link}/result";
            if method != "GET" && !keyed_by_link {
                assert!(
                    operation["security"]
                        .as_array()
                        .is_some_and(|s| s.iter().any(|r| r.get("bearer").is_some())),
                    "{method} {path} names the bearer token"
                );
            }
            documented.insert((method, path.clone()));
        }
    }
    let declared = declared_routes();
    assert!(declared.len() >= 25, "{declared:?}");
    assert_eq!(
        documented, declared,
        "the document and the handlers list the same endpoints"
    );

    // And the running service answers each of them (not its "no such endpoint").
    for (method, path) in &documented {
        let concrete = path.replace("{slug}", "nowhere").replace("{id}", "999999");
        let reply = api
            .send(
                reqwest::Method::from_bytes(method.as_bytes()).unwrap(),
                &concrete,
                (method != "GET" && method != "DELETE").then(|| json!({})),
            )
            .await;
        assert!(
            reply.content_type.starts_with("application/json"),
            "{method} {path}"
        );
        assert_ne!(
            reply.json["error"],
            fives::web::api::NO_SUCH_ENDPOINT,
            "{method} {path} is registered"
        );
    }
    let unknown = api.get("/api/v1/organisations/nowhere/trophies").await;
    assert_eq!(unknown.status, 404);
    assert_eq!(unknown.json["error"], fives::web::api::NO_SUCH_ENDPOINT);
    // An id that is not a number names nothing, and the API still answers JSON.
    let not_a_number = api.get("/api/v1/organisations/nowhere/teams/abc").await;
    assert_eq!(not_a_number.status, 404);
    assert!(not_a_number.content_type.starts_with("application/json"));
}
store_test!(the_openapi_document_describes_every_endpoint_and_only_those);

async fn a_captains_token_sets_their_own_pub_and_squad_and_nothing_more(ctx: TestContext) {
    let (_, organiser_token) = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let organiser = ctx.api(Some(&organiser_token));
    let base = "/api/v1/organisations/north";
    let anchor = id_of(
        &organiser
            .post(&format!("{base}/teams"), json!({"name": "Anchor"}))
            .await,
    );
    let bell = id_of(
        &organiser
            .post(&format!("{base}/teams"), json!({"name": "Bell"}))
            .await,
    );
    let secretary = ctx
        .store
        .user(fives::domain::ids::UserId(1))
        .await
        .unwrap()
        .unwrap();
    let captain = ctx.user("cap@example.org").await;
    ctx.make_captain(fives::domain::ids::TeamId(anchor), &captain, &secretary)
        .await;
    let browser = ctx.browser();
    browser.login_ok("cap@example.org").await;
    let captain = ctx.api(Some(&browser.make_api_token("phone").await));

    let venue = json!({"name": "The Anchor", "address": "1 Quay Street"});
    let own = captain
        .put(&format!("{base}/teams/{anchor}/venue"), venue.clone())
        .await;
    assert_eq!(own.status, 200, "{:?}", own.json);
    // A captain sees their own team's contact details; the public does not.
    assert_eq!(own.json["contact"], "");
    let other = captain
        .put(&format!("{base}/teams/{bell}/venue"), venue)
        .await;
    assert_eq!(other.status, 403, "{:?}", other.json);
    assert!(
        captain
            .get(&format!("{base}/teams/{bell}"))
            .await
            .json
            .get("contact")
            .is_none()
    );
    for (path, body) in [
        (format!("{base}/teams"), json!({"name": "Crown"})),
        (format!("{base}/players"), json!({"name": "Sam Smith"})),
        (
            format!("{base}/teams/{bell}/squad"),
            json!({"name": "Sam Smith"}),
        ),
    ] {
        assert_eq!(captain.post(&path, body).await.status, 403, "{path}");
    }
    // Their own team's squad is theirs to run.
    let joined = captain
        .post(
            &format!("{base}/teams/{anchor}/squad"),
            json!({"name": "Sam Smith"}),
        )
        .await;
    assert_eq!(joined.status, 200, "{:?}", joined.json);
    assert_eq!(joined.json["squad"][0]["name"], "Sam Smith");
}
store_test!(a_captains_token_sets_their_own_pub_and_squad_and_nothing_more);

async fn a_read_only_token_reads_what_its_account_may_and_changes_nothing(ctx: TestContext) {
    let user = ctx.user("sec@example.org").await;
    ctx.organisation("north", &user).await;
    let browser = ctx.browser();
    browser.login_ok("sec@example.org").await;
    let page = browser
        .submit(
            "/account/tokens",
            &[
                ("name", "scoreboard"),
                ("lifetime", "90"),
                ("access", "read"),
            ],
        )
        .await;
    assert_eq!(page.status, 201, "{}", page.body);
    let start =
        page.body.find(r#"id="new-token-secret">"#).unwrap() + r#"id="new-token-secret">"#.len();
    let secret = page.body[start..start + page.body[start..].find('<').unwrap()]
        .trim()
        .to_string();
    let listed = browser.get("/account/tokens").await;
    assert!(listed.body.contains("Read only"), "{}", listed.body);

    let api = ctx.api(Some(&secret));
    assert_eq!(api.get("/api/v1/me").await.status, 200);
    let refused = api
        .post(
            "/api/v1/organisations/north/teams",
            json!({"name": "The Anchor"}),
        )
        .await;
    assert_eq!(refused.status, 403, "{:?}", refused.json);
    assert!(
        refused.json["error"]
            .as_str()
            .unwrap()
            .contains("read-only")
    );
    assert!(
        ctx.store
            .teams_in(
                ctx.store
                    .organisation_by_slug("north")
                    .await
                    .unwrap()
                    .unwrap()
                    .id
            )
            .await
            .unwrap()
            .is_empty()
    );

    // A lifetime the form does not offer is refused.
    let page = browser
        .submit(
            "/account/tokens",
            &[("name", "for ever"), ("lifetime", "36500")],
        )
        .await;
    assert_eq!(page.status, 422);
}
store_test!(a_read_only_token_reads_what_its_account_may_and_changes_nothing);
