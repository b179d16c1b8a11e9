//! A fixture's result through the JSON API, on both stores, as a scorer's app would drive it:
//! submitting with an idempotency key, the other captain's confirmation (and only then the
//! standings), a dispute and the organiser's correction with its history, every problem named
//! by its place in the body, and who may do what.

use fives::domain::match_result::{GameOutcome, ResultSheet};
use fives::domain::season_fixtures::FixtureStatus;
use fives_rules::record::play_games;
use serde_json::{Value, json};

use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::{ApiClient, Reply, TestContext};

/// An API token of `email`'s account, made on its tokens page.
async fn token_of(ctx: &TestContext, email: &str) -> String {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    browser.make_api_token("scorer's app").await
}

async fn client_of(ctx: &TestContext, email: &str) -> ApiClient {
    let token = token_of(ctx, email).await;
    ctx.api(Some(&token))
}

fn result_path(league: &ResultsLeague, index: usize) -> String {
    format!(
        "/api/v1/organisations/{SLUG}/fixtures/{}/result",
        league.fixtures[index].id
    )
}

/// The API body of a sheet: each game's players and its hands as game-record hands.
pub(crate) fn body_of(sheet: &ResultSheet) -> Value {
    match sheet {
        ResultSheet::Walkover { conceded_by } => json!({"walkover": {"conceded_by": conceded_by}}),
        ResultSheet::Played { games } => {
            let games: Vec<Value> = games
                .iter()
                .map(|game| {
                    let ids = |players: &[fives::domain::ids::PlayerId]| -> Vec<i64> {
                        players.iter().map(|player| player.0).collect()
                    };
                    let mut body = json!({"home": ids(&game.home), "away": ids(&game.away)});
                    match &game.outcome {
                        GameOutcome::Hands(hands) => body["hands"] = json!(hands),
                        GameOutcome::ConcededBy(side) => body["conceded_by"] = json!(side),
                        GameOutcome::FinalScore { home, away } => {
                            body["final_score"] = json!({"home": home, "away": away})
                        }
                    }
                    body
                })
                .collect();
            json!({ "games": games })
        }
    }
}

async fn post_with_key(api: &ApiClient, path: &str, key: &str, body: &Value) -> Reply {
    let mut request = api
        .client
        .post(format!("{}{path}", api.address))
        .header("content-type", "application/json")
        .header("idempotency-key", key)
        .body(body.to_string());
    if let Some(token) = &api.token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    Reply::from(request.send().await.expect("the server answers")).await
}

/// Each team's points in the API's standings, as (team name, points), by name.
async fn api_points(ctx: &TestContext, league: &ResultsLeague) -> Vec<(String, u64)> {
    let reply = ctx
        .api(None)
        .get(&format!(
            "/api/v1/organisations/{SLUG}/divisions/{}/standings",
            league.division
        ))
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.json);
    let mut rows: Vec<(String, u64)> = reply
        .json
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["team"]["name"].as_str().unwrap().to_string(),
                row["points"].as_u64().unwrap(),
            )
        })
        .collect();
    rows.sort();
    rows
}

/// Each team's points in the public standings.csv, as (team name, points), by name.
async fn csv_points(ctx: &TestContext, league: &ResultsLeague) -> Vec<(String, u64)> {
    let body = reqwest::get(format!(
        "{}/leagues/{SLUG}/divisions/{}/standings.csv",
        ctx.address, league.division
    ))
    .await
    .unwrap()
    .text()
    .await
    .unwrap();
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let mut rows: Vec<(String, u64)> = reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            (record[1].to_string(), record[9].parse().unwrap())
        })
        .collect();
    rows.sort();
    rows
}

async fn points(ctx: &TestContext, league: &ResultsLeague) -> Vec<(String, u64)> {
    let from_api = api_points(ctx, league).await;
    assert_eq!(
        csv_points(ctx, league).await,
        from_api,
        "the API and standings.csv agree"
    );
    from_api
}

fn table(anchor: u32, bell: u32) -> Vec<(String, u64)> {
    vec![
        ("Anchor".to_string(), u64::from(anchor)),
        ("Bell".to_string(), u64::from(bell)),
    ]
}

async fn status(ctx: &TestContext, league: &ResultsLeague, index: usize) -> FixtureStatus {
    ctx.store
        .fixture(league.fixtures[index].id)
        .await
        .unwrap()
        .unwrap()
        .status
}

async fn a_result_is_submitted_once_confirmed_disputed_and_corrected_through_the_api(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let home = client_of(&ctx, &league.home_captain.email).await;
    let away = client_of(&ctx, &league.away_captain.email).await;
    let secretary = client_of(&ctx, &league.secretary.email).await;
    ctx.user("stranger@example.org").await;
    let stranger = client_of(&ctx, "stranger@example.org").await;
    let public = ctx.api(None);
    let path = result_path(&league, 0);

    let none_yet = public.get(&path).await;
    assert_eq!(none_yet.status, 404);
    assert_eq!(none_yet.json["error"], "Anchor v Bell has no result yet.");

    let (sheet, checked) = league.random_result(21);
    let body = body_of(&sheet);
    let anonymous = public.post(&path, body.clone()).await;
    assert_eq!(anonymous.status, 401);
    assert!(anonymous.www_authenticate.is_some());
    assert_eq!(stranger.post(&path, body.clone()).await.status, 403);
    assert!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap()
            .is_none()
    );

    // The home captain submits; the same key again is the same submission.
    let submitted = post_with_key(&home, &path, "anchor-night-1", &body).await;
    assert_eq!(submitted.status, 201, "{:?}", submitted.json);
    let result = &submitted.json;
    assert_eq!(result["version"], 1);
    assert_eq!(result["status"], "awaiting_confirmation");
    assert_eq!(result["submitted_for"]["name"], "Anchor");
    let (home_games, away_games) = league.format.games(checked.score);
    assert_eq!(
        result["score"],
        json!({"home_games": home_games, "away_games": away_games, "walkover_conceded_by": null})
    );
    let ResultSheet::Played { games } = &sheet else {
        panic!("played")
    };
    for (index, (game, line)) in games.iter().zip(&checked.games).enumerate() {
        let shown = &result["games"][index];
        assert_eq!(shown["number"], index + 1);
        let GameOutcome::Hands(hands) = &game.outcome else {
            panic!("hands")
        };
        assert_eq!(shown["hands"], json!(hands));
        assert_eq!(
            shown["totals"],
            json!({"home": line.home_points, "away": line.away_points})
        );
        assert_eq!(shown["winner"], json!(line.winner));
        let first_home = league
            .home_squad
            .iter()
            .find(|m| m.id == game.home[0])
            .unwrap();
        assert_eq!(
            shown["home"][0],
            json!({"id": first_home.id.0, "name": first_home.name})
        );
        // The whole game as a record names its seats by the players.
        assert_eq!(shown["record"]["seats"][0], first_home.name.as_str());
        assert_eq!(shown["record"]["hands"], json!(hands));
    }
    assert_eq!(result["games"][2]["kind"], "pairs");
    assert_eq!(result["games"][2]["home"].as_array().unwrap().len(), 2);

    let again = post_with_key(&home, &path, "anchor-night-1", &body).await;
    assert_eq!(again.status, 200, "{:?}", again.json);
    assert_eq!(again.json, submitted.json);
    assert_eq!(
        ctx.store
            .result_versions(league.fixtures[0].id)
            .await
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        public
            .get(&format!("{path}/history"))
            .await
            .json
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // Another submission, however it is keyed, is refused.
    let (other_sheet, _) = league.random_result(22);
    let second = post_with_key(&away, &path, "bell-night-1", &body_of(&other_sheet)).await;
    assert_eq!(second.status, 409, "{:?}", second.json);
    assert!(
        second.json["error"]
            .as_str()
            .unwrap()
            .starts_with("A result for this fixture has already been submitted")
    );
    assert_eq!(
        ctx.store
            .result_versions(league.fixtures[0].id)
            .await
            .unwrap()
            .len(),
        1
    );

    // Nothing counts until the other captain confirms the version they read.
    assert_eq!(points(&ctx, &league).await, table(0, 0));
    let version = result["version_id"].as_i64().unwrap();
    let own = home
        .post(&format!("{path}/confirm"), json!({"version_id": version}))
        .await;
    assert_eq!(own.status, 403, "the submitting captain may not confirm");
    assert_eq!(
        stranger
            .post(&format!("{path}/confirm"), json!({"version_id": version}))
            .await
            .status,
        403
    );
    let stale = away
        .post(
            &format!("{path}/confirm"),
            json!({"version_id": version + 1000}),
        )
        .await;
    assert_eq!(stale.status, 409, "{:?}", stale.json);
    assert_eq!(points(&ctx, &league).await, table(0, 0));
    let confirmed = away
        .post(&format!("{path}/confirm"), json!({"version_id": version}))
        .await;
    assert_eq!(confirmed.status, 200, "{:?}", confirmed.json);
    assert_eq!(confirmed.json["status"], "confirmed");
    assert_eq!(status(&ctx, &league, 0).await, FixtureStatus::Confirmed);
    let (anchor, bell) = league.format.points(checked.score);
    assert_eq!(points(&ctx, &league).await, table(anchor, bell));
    let too_late = away
        .post(
            &format!("{path}/dispute"),
            json!({"version_id": version, "reason": "Wrong."}),
        )
        .await;
    assert_eq!(too_late.status, 409);
    assert_eq!(
        too_late.json["error"],
        "This result is no longer waiting for an answer (it is confirmed), so nothing was done."
    );

    // The return fixture: Bell's captain submits, Anchor's disputes, the league corrects.
    let path = result_path(&league, 1);
    let (home_squad, away_squad) = (league.away_squad.clone(), league.home_squad.clone());
    let rules = fives::domain::match_result::ResultRules {
        ruleset: &league.ruleset,
        format: &league.format,
        level: fives::domain::entry_level::EntryLevel::Hands,
        home_squad: &home_squad,
        away_squad: &away_squad,
    };
    let return_sheet = fives::demo::random_result(rules, &mut fives_rules::random::seeded(23));
    let submitted = away.post(&path, body_of(&return_sheet)).await;
    assert_eq!(submitted.status, 201, "{:?}", submitted.json);
    let version = submitted.json["version_id"].as_i64().unwrap();
    let no_reason = home
        .post(
            &format!("{path}/dispute"),
            json!({"version_id": version, "reason": "  "}),
        )
        .await;
    assert_eq!(no_reason.status, 422);
    assert_eq!(
        no_reason.problem_at("reason").unwrap(),
        "Say what is wrong with the result, so the league can put it right."
    );
    assert_eq!(
        away.post(
            &format!("{path}/dispute"),
            json!({"version_id": version, "reason": "No."})
        )
        .await
        .status,
        403,
        "the submitting captain may not dispute"
    );
    let reason = "Game 2 was ours: the scores are the wrong way round.";
    let disputed = home
        .post(
            &format!("{path}/dispute"),
            json!({"version_id": version, "reason": reason}),
        )
        .await;
    assert_eq!(disputed.status, 200, "{:?}", disputed.json);
    assert_eq!(disputed.json["status"], "disputed");
    assert_eq!(points(&ctx, &league).await, table(anchor, bell));

    let corrected_sheet = fives::demo::random_result(rules, &mut fives_rules::random::seeded(24));
    let corrected_check =
        fives::domain::match_result::check_result(&corrected_sheet, rules).unwrap();
    let mut correction = body_of(&corrected_sheet);
    assert_eq!(
        home.post(&format!("{path}/correct"), correction.clone())
            .await
            .status,
        403
    );
    let without_reason = secretary
        .post(&format!("{path}/correct"), correction.clone())
        .await;
    assert_eq!(without_reason.status, 422);
    assert_eq!(without_reason.problem_fields(), ["reason"]);
    correction["reason"] = json!("Checked the scoresheet with both captains.");
    let corrected = secretary.post(&format!("{path}/correct"), correction).await;
    assert_eq!(corrected.status, 200, "{:?}", corrected.json);
    assert_eq!(corrected.json["version"], 2);
    assert_eq!(corrected.json["status"], "confirmed");
    assert!(
        corrected.json["submitted_for"].is_null(),
        "the league entered it"
    );
    assert_eq!(public.get(&path).await.json, corrected.json);
    let (bell_points, anchor_points) = league.format.points(corrected_check.score);
    assert_eq!(
        points(&ctx, &league).await,
        table(anchor + anchor_points, bell + bell_points)
    );

    // The history has every step, with emails for the organisers only.
    let history = public.get(&format!("{path}/history")).await;
    assert_eq!(history.status, 200);
    let events = history.json.as_array().unwrap();
    let actions: Vec<&str> = events
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["submitted", "disputed", "corrected"]);
    assert_eq!(events[0]["by"], "captain of Bell");
    assert_eq!(events[1]["by"], "captain of Anchor");
    assert_eq!(events[1]["reason"], reason);
    assert_eq!(events[2]["by"], "the league");
    assert_eq!(
        events[2]["reason"],
        "Checked the scoresheet with both captains."
    );
    assert_eq!(events[2]["before"]["version"], 1);
    assert_eq!(events[2]["before"]["score"], submitted.json["score"]);
    assert_eq!(events[2]["after"]["version"], 2);
    assert_eq!(events[2]["after"]["score"], corrected.json["score"]);
    assert!(events.iter().all(|e| e["by_email"].is_null()), "{events:?}");
    assert!(
        !history
            .json
            .to_string()
            .contains(&league.home_captain.email)
    );
    let as_captain = home.get(&format!("{path}/history")).await;
    assert!(
        as_captain
            .json
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["by_email"].is_null())
    );
    let organisers = secretary.get(&format!("{path}/history")).await;
    assert_eq!(
        organisers.json[0]["by_email"],
        league.away_captain.email.as_str()
    );
    assert_eq!(
        organisers.json[2]["by_email"],
        league.secretary.email.as_str()
    );
}
store_test!(a_result_is_submitted_once_confirmed_disputed_and_corrected_through_the_api);

async fn every_problem_is_named_at_its_place_in_the_body_and_nothing_is_kept(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let home = client_of(&ctx, &league.home_captain.email).await;
    let path = result_path(&league, 0);
    let (sheet, _) = league.random_result(31);
    let good = body_of(&sheet);

    let mut impossible = good.clone();
    impossible["games"][1]["hands"][0] = json!({"score": [59, 0]});
    let refused = home.post(&path, impossible).await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(refused.problem_fields(), ["games[1].hands[0]"]);
    let message = refused.problem_at("games[1].hands[0]").unwrap();
    assert!(message.starts_with("Game 2, hand 1"), "{message}");

    let mut twice = good.clone();
    twice["games"][1]["home"] = twice["games"][0]["home"].clone();
    let refused = home.post(&path, twice).await;
    assert_eq!(refused.status, 422);
    assert_eq!(refused.problem_fields(), ["games[1]"]);
    assert!(
        refused
            .problem_at("games[1]")
            .unwrap()
            .contains("has already played 1 singles game")
    );

    let mut unfinished = good.clone();
    unfinished["games"][2]["hands"]
        .as_array_mut()
        .unwrap()
        .truncate(1);
    let refused = home.post(&path, unfinished).await;
    assert_eq!(
        refused.problem_at("games[2]").unwrap(),
        "Game 3: nobody has reached 61 yet; a result needs every game played to the end."
    );

    let mut both = good.clone();
    both["games"][0]["conceded_by"] = json!("away");
    let refused = home.post(&path, both).await;
    assert_eq!(refused.status, 422);
    assert_eq!(
        refused.problem_at("games[0]").unwrap(),
        "Game 1: give exactly one of its hands, a game record, its final score, or the side that conceded it."
    );

    let mut short = good.clone();
    short["games"].as_array_mut().unwrap().pop();
    let refused = home.post(&path, short).await;
    assert_eq!(
        refused.problem_at("games").unwrap(),
        "A fixture has 3 games; this result has 2."
    );

    let neither = home.post(&path, json!({})).await;
    assert_eq!(neither.status, 422);
    assert_eq!(neither.problem_fields(), ["games"]);

    // A game record of the wrong kind of game, and a bad hand inside a good one.
    let pairs = play_games("fives-and-threes", 4, 8)
        .unwrap()
        .next()
        .unwrap();
    let mut wrong_record = good.clone();
    wrong_record["games"][0] = json!({"home": good["games"][0]["home"], "away": good["games"][0]["away"], "record": pairs});
    let refused = home.post(&path, wrong_record).await;
    assert_eq!(
        refused.problem_at("games[0].record").unwrap(),
        "Game 1: the pasted record has 4 seats; a singles game has 2."
    );
    let mut bad_pairs = serde_json::to_value(&pairs).unwrap();
    bad_pairs["hands"][0] = json!({"score": [1000, 0]});
    let mut bad_hand = good.clone();
    bad_hand["games"][2] = json!({"home": good["games"][2]["home"], "away": good["games"][2]["away"], "record": bad_pairs});
    let refused = home.post(&path, bad_hand).await;
    assert_eq!(refused.problem_fields(), ["games[2].record.hands[0]"]);

    let not_json = home.post(&path, json!({"games": "three"})).await;
    assert_eq!(not_json.status, 400);
    assert!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap()
            .is_none()
    );

    // Put right, with the pairs game as a whole record, it goes in.
    let mut with_record = good.clone();
    with_record["games"][2] = json!({"home": good["games"][2]["home"], "away": good["games"][2]["away"], "record": pairs});
    let kept = home.post(&path, with_record).await;
    assert_eq!(kept.status, 201, "{:?}", kept.json);
    assert_eq!(kept.json["games"][2]["hands"], json!(pairs.hands));
}
store_test!(every_problem_is_named_at_its_place_in_the_body_and_nothing_is_kept);

async fn a_walkover_and_a_conceded_game_take_the_formats_score(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let away = client_of(&ctx, &league.away_captain.email).await;
    let home = client_of(&ctx, &league.home_captain.email).await;

    let walkover = away
        .post(
            &result_path(&league, 0),
            json!({"walkover": {"conceded_by": "home"}}),
        )
        .await;
    assert_eq!(walkover.status, 201, "{:?}", walkover.json);
    assert_eq!(
        walkover.json["score"],
        json!({"home_games": 0, "away_games": 3, "walkover_conceded_by": "home"})
    );
    assert_eq!(walkover.json["games"], json!([]));
    assert_eq!(walkover.json["submitted_for"]["name"], "Bell");

    // The return fixture, Bell at home, with its pairs game given up by Anchor.
    let (home_squad, away_squad) = (league.away_squad.clone(), league.home_squad.clone());
    let rules = fives::domain::match_result::ResultRules {
        ruleset: &league.ruleset,
        format: &league.format,
        level: fives::domain::entry_level::EntryLevel::Hands,
        home_squad: &home_squad,
        away_squad: &away_squad,
    };
    let sheet = fives::demo::random_result(rules, &mut fives_rules::random::seeded(71));
    let mut body = body_of(&sheet);
    body["games"][2] = json!({"home": body["games"][2]["home"], "conceded_by": "away"});
    let conceded = home.post(&result_path(&league, 1), body).await;
    assert_eq!(conceded.status, 201, "{:?}", conceded.json);
    let game = &conceded.json["games"][2];
    assert_eq!(game["conceded_by"], "away");
    assert_eq!(game["winner"], "home");
    assert_eq!(game["hands"], json!([]));
    assert!(game["record"].is_null());
    assert_eq!(game["away"], json!([]));
}
store_test!(a_walkover_and_a_conceded_game_take_the_formats_score);

async fn a_late_result_through_the_api_costs_the_home_team_once(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let competition = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()[0]
        .id;
    let deadline = fives::domain::result_deadline::ResultDeadline {
        days_after_fixture: 7,
        late_points: 2,
    };
    ctx.store
        .set_result_deadline(competition, Some(deadline))
        .await
        .unwrap();
    let away = client_of(&ctx, &league.away_captain.email).await;
    let (sheet, _) = league.random_result(93);
    // The fixture was in September 2026: long past its deadline. A retry costs nothing more.
    for expected in [201, 200] {
        let reply =
            post_with_key(&away, &result_path(&league, 0), "late-1", &body_of(&sheet)).await;
        assert_eq!(reply.status, expected, "{:?}", reply.json);
    }
    let adjustments = ctx
        .store
        .adjustments_of_division(league.division)
        .await
        .unwrap();
    assert_eq!(adjustments.len(), 1, "{adjustments:?}");
    assert_eq!(adjustments[0].team, league.home);
    assert_eq!(adjustments[0].points, -2);
    assert!(
        adjustments[0]
            .reason
            .starts_with("Result of Anchor v Bell (Tue 1 Sep 2026) came in after the deadline"),
        "{}",
        adjustments[0].reason
    );
    let standings = ctx
        .api(None)
        .get(&format!(
            "/api/v1/organisations/{SLUG}/divisions/{}/standings",
            league.division
        ))
        .await;
    let anchor = standings
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["team"]["name"] == "Anchor")
        .unwrap();
    assert_eq!(anchor["adjustment"], -2);
}
store_test!(a_late_result_through_the_api_costs_the_home_team_once);

async fn a_result_longer_than_the_apis_short_bodies_is_read_whole(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let home = client_of(&ctx, &league.home_captain.email).await;
    let (sheet, _) = league.random_result(81);
    let mut body = body_of(&sheet);
    let singles = play_games("fives-and-threes", 2, 7)
        .unwrap()
        .next()
        .unwrap();
    let mut record = serde_json::to_value(&singles).unwrap();
    // A scorer's app may annotate a record; keys beginning with `_` are comments.
    record["_notes"] = json!("x".repeat(100 * 1024));
    body["games"][0] = json!({"home": body["games"][0]["home"], "away": body["games"][0]["away"], "record": record});
    assert!(body.to_string().len() > 100 * 1024);
    let kept = home.post(&result_path(&league, 0), body).await;
    assert_eq!(kept.status, 201, "{:?}", kept.json);
    assert_eq!(kept.json["games"][0]["hands"], json!(singles.hands));
}
store_test!(a_result_longer_than_the_apis_short_bodies_is_read_whole);

async fn a_submission_is_amended_through_the_api_and_awaits_the_other_side_again(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let home = client_of(&ctx, &league.home_captain.email).await;
    let away = client_of(&ctx, &league.away_captain.email).await;
    let path = result_path(&league, 0);
    let (first, _) = league.random_result(41);
    let (second, second_checked) = league.random_result(42);
    let submitted = post_with_key(&home, &path, "amend-1", &body_of(&first)).await;
    assert_eq!(submitted.status, 201, "{:?}", submitted.json);
    let version = submitted.json["version_id"].as_i64().unwrap();
    let amend = format!("{path}/amend");
    let mut amendment = body_of(&second);
    amendment["version_id"] = json!(version);

    // The other side may not amend it, nor may a version no longer current be.
    let refused = post_with_key(&away, &amend, "amend-2", &amendment).await;
    assert_eq!(refused.status, 403, "{:?}", refused.json);
    let mut stale = amendment.clone();
    stale["version_id"] = json!(version + 1000);
    let stale = post_with_key(&home, &amend, "amend-3", &stale).await;
    assert_eq!(stale.status, 409, "{:?}", stale.json);

    // A game with an impossible score is named at its place, and nothing changes.
    let mut impossible = amendment.clone();
    impossible["games"][0]["hands"][0] = json!({"score": [59, 0]});
    let refused = post_with_key(&home, &amend, "amend-4", &impossible).await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert!(
        refused.problem_at("games[0].hands[0]").is_some(),
        "{:?}",
        refused.json
    );
    assert_eq!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap()
            .unwrap()
            .id,
        version
    );

    let amended = post_with_key(&home, &amend, "amend-5", &amendment).await;
    assert_eq!(amended.status, 200, "{:?}", amended.json);
    assert_ne!(amended.json["version_id"], json!(version));
    assert_eq!(amended.json["status"], "awaiting_confirmation");
    let fives::domain::match_format::FixtureScore::Played {
        home_games,
        away_games,
    } = second_checked.score
    else {
        panic!("a played score");
    };
    assert_eq!(amended.json["score"]["home_games"], json!(home_games));
    assert_eq!(amended.json["score"]["away_games"], json!(away_games));
    // The other side confirms the amended version.
    let confirmed = away
        .post(
            &format!("{path}/confirm"),
            json!({"version_id": amended.json["version_id"]}),
        )
        .await;
    assert_eq!(confirmed.status, 200, "{:?}", confirmed.json);
}
store_test!(a_submission_is_amended_through_the_api_and_awaits_the_other_side_again);

async fn one_answer_names_a_game_that_cannot_be_read_and_the_others_mistakes(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let home = client_of(&ctx, &league.home_captain.email).await;
    let path = result_path(&league, 0);
    let (sheet, _) = league.random_result(33);
    let mut body = body_of(&sheet);
    // Game 1 gives both its hands and a final score; game 2 has a hand no game can score.
    body["games"][0]["final_score"] = json!({"home": 61, "away": 40});
    body["games"][1]["hands"][0] = json!({"score": [59, 0]});
    let refused = home.post(&path, body).await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_fields(),
        ["games[0]", "games[1].hands[0]"],
        "{:?}",
        refused.json
    );
    assert!(
        refused
            .problem_at("games[0]")
            .unwrap()
            .starts_with("Game 1: give exactly one of"),
        "{:?}",
        refused.json
    );
    assert!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap()
            .is_none()
    );
}
store_test!(one_answer_names_a_game_that_cannot_be_read_and_the_others_mistakes);
