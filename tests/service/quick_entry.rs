//! Result entry at the level a competition chooses, on both stores: each game as its final
//! score where the league asks no more (checked to be a score the game can end on), every
//! hand's score, or every hand's pegs; the organiser choosing it on the pages and through the
//! API; a captain withdrawing their side's submission; refusals in players' words; the fixture
//! page's one line a game, its answers after the scoresheet, and its printable scoresheet.

use fives::domain::entry_level::EntryLevel;
use fives::domain::match_result::{
    CheckedResult, GameOutcome, GameSheet, MAX_WITHDRAWALS_PER_FIXTURE, ResultSheet,
};
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::{ResultAction, User};
use serde_json::json;

use crate::api_results::body_of;
use crate::results_league::{
    ResultsLeague, SLUG, match_format, nine_game_format, results_league, results_league_with,
};
use crate::support::{Browser, Page, TestContext};

async fn signed_in(ctx: &TestContext, user: &User) -> Browser {
    let browser = ctx.browser();
    browser.login_ok(&user.email).await;
    browser
}

fn fixture_page(league: &ResultsLeague, index: usize) -> String {
    format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[index].id)
}

/// The page's text as a reader sees it (the characters askama escapes, back).
fn text(page: &Page) -> String {
    page.body
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// The sheet with every played game given by its final score alone.
pub(crate) fn final_scores(sheet: &ResultSheet, checked: &CheckedResult) -> ResultSheet {
    let ResultSheet::Played { games } = sheet else {
        panic!("a played sheet");
    };
    let games = games
        .iter()
        .zip(&checked.games)
        .map(|(game, line)| GameSheet {
            outcome: GameOutcome::FinalScore {
                home: line.home_points,
                away: line.away_points,
            },
            ..game.clone()
        })
        .collect();
    ResultSheet::Played { games }
}

/// The form's fields for a sheet of final scores: each game's players and its score.
fn quick_fields(sheet: &ResultSheet, key: &str) -> Vec<(String, String)> {
    let ResultSheet::Played { games } = sheet else {
        panic!("a played sheet");
    };
    let mut fields = vec![("submission_key".to_string(), key.to_string())];
    for (game, number) in games.iter().zip(1..) {
        for (side, players) in [("home", &game.home), ("away", &game.away)] {
            for (player, index) in players.iter().zip(1..) {
                fields.push((format!("g{number}_{side}_{index}"), player.0.to_string()));
            }
        }
        if let GameOutcome::FinalScore { home, away } = &game.outcome {
            fields.push((format!("g{number}_score"), format!("{home} {away}")));
        }
    }
    fields
}

async fn post(browser: &Browser, path: &str, fields: &[(String, String)]) -> Page {
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    browser.submit(path, &pairs).await
}

fn result_id(page: &Page) -> String {
    let prefix = r#"name="result" value=""#;
    let start = page.body.find(prefix).expect("an answer form") + prefix.len();
    let end = page.body[start..].find('"').unwrap();
    page.body[start..start + end].to_string()
}

async fn status(ctx: &TestContext, league: &ResultsLeague, index: usize) -> FixtureStatus {
    let fixture = ctx.store.fixture(league.fixtures[index].id).await;
    fixture.unwrap().unwrap().status
}

async fn at_the_final_level_a_captain_enters_each_game_as_its_players_and_final_score(
    ctx: TestContext,
) {
    let league = results_league_with(&ctx, match_format(), EntryLevel::Final, 4).await;
    let home = signed_in(&ctx, &league.home_captain).await;
    let away = signed_in(&ctx, &league.away_captain).await;
    let (sheet, checked) = league.random_result(41);
    let quick = final_scores(&sheet, &checked);
    let entry = format!("{}/result", fixture_page(&league, 0));

    // The form is a row a game: the players and one field for the final score.
    let form = home.get(&entry).await;
    assert_eq!(form.status, 200);
    for number in 1..=3 {
        assert!(
            form.body.contains(&format!(r#"name="g{number}_score""#)),
            "game {number}'s score"
        );
    }
    assert!(form.body.contains(&format!(
        r#"data-draft="fives:result-draft:{SLUG}:{}""#,
        league.fixtures[0].id
    )));

    // A score no game to 61 ends on is refused at its game, with everything typed kept.
    let mut wrong = quick_fields(&quick, "quick-1");
    wrong.retain(|(name, _)| name != "g2_score");
    wrong.push(("g2_score".into(), "63 40".into()));
    let refused = post(&home, &entry, &wrong).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        text(&refused).contains(
            "Game 2: a game to 61 is won on exactly 61, so the winner cannot finish on 63."
        ),
        "{}",
        refused.body
    );
    assert!(refused.body.contains(r#"value="63 40""#));
    assert_eq!(status(&ctx, &league, 0).await, FixtureStatus::Scheduled);

    // Put right, it is kept, and the captain lands on the fixture with a word that it was.
    let kept = post(&home, &entry, &quick_fields(&quick, "quick-2")).await;
    assert_eq!(kept.status, 303, "{}", kept.body);
    let landing = kept.location.clone().unwrap();
    assert!(landing.ends_with("?done=submitted"), "{landing}");
    let page = home.get(&landing).await;
    assert!(
        text(&page)
            .contains("Your result has been kept. It counts once Bell's captain confirms it"),
        "{}",
        page.body
    );
    assert!(page.body.contains(&format!(
        r#"data-clear-draft="fives:result-draft:{SLUG}:{}""#,
        league.fixtures[0].id
    )));
    let stored = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.sheet, quick);
    assert_eq!(stored.score, checked.score);

    // One line a game on the fixture's page: its players, score and winner.
    let shown = away.get(&fixture_page(&league, 0)).await;
    let ResultSheet::Played { games } = &quick else {
        unreachable!()
    };
    for (game, line) in games.iter().zip(&checked.games) {
        let GameOutcome::FinalScore { home: h, away: a } = game.outcome else {
            unreachable!()
        };
        assert!(
            shown.body.contains(&format!("<td>{h}–{a}</td>")),
            "game {}",
            line.number
        );
    }
    let confirm = away
        .submit(
            &format!("{}/confirm", fixture_page(&league, 0)),
            &[("result", &result_id(&shown))],
        )
        .await;
    assert_eq!(confirm.status, 303);
    assert_eq!(status(&ctx, &league, 0).await, FixtureStatus::Confirmed);
    // The players' tables count the games at their final scores.
    let games = ctx
        .store
        .player_games_of_division(league.division)
        .await
        .unwrap();
    let for_and_against: i64 = games
        .iter()
        .map(|game| game.points_for + game.points_against)
        .sum();
    let expected: i64 = checked
        .games
        .iter()
        .map(|line| (line.home_points + line.away_points) * line.home.len() as i64 * 2)
        .sum();
    assert_eq!(for_and_against, expected);
}
store_test!(at_the_final_level_a_captain_enters_each_game_as_its_players_and_final_score);

async fn a_game_below_the_leagues_level_is_refused_and_more_detail_is_always_checked(
    ctx: TestContext,
) {
    // The league asks for every hand's score: a final score alone is not enough.
    let league = results_league(&ctx).await;
    let home = signed_in(&ctx, &league.home_captain).await;
    let token = home.make_api_token("scorer").await;
    let api = ctx.api(Some(&token));
    let path = format!(
        "/api/v1/organisations/{SLUG}/fixtures/{}/result",
        league.fixtures[0].id
    );
    let (sheet, checked) = league.random_result(43);
    let reply = api
        .post(&path, body_of(&final_scores(&sheet, &checked)))
        .await;
    assert_eq!(reply.status, 422, "{:?}", reply.json);
    assert_eq!(
        reply.problem_at("games[0]").as_deref(),
        Some("Game 1: this league asks for every hand's score.")
    );

    // At the pegs level, a hand given by its score alone is refused at that hand.
    let secretary = signed_in(&ctx, &league.secretary).await;
    let competition = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    let set = secretary
        .submit(
            &format!(
                "/organise/{SLUG}/competitions/{}/entry-level",
                competition.id
            ),
            &[("entry_level", "pegs")],
        )
        .await;
    assert_eq!(set.status, 303);
    let mut scores_only = body_of(&sheet);
    for hand in scores_only["games"][1]["hands"].as_array_mut().unwrap() {
        hand.as_object_mut().unwrap().remove("pegs");
    }
    let reply = api.post(&path, scores_only).await;
    assert_eq!(reply.status, 422, "{:?}", reply.json);
    assert_eq!(
        reply.problem_at("games[1].hands[0]").as_deref(),
        Some("Game 2, hand 1: this league asks for every hand's pegs.")
    );

    // At the final level, the hands are still accepted, and checked as ever.
    let reply = secretary
        .submit(
            &format!(
                "/organise/{SLUG}/competitions/{}/entry-level",
                competition.id
            ),
            &[("entry_level", "final")],
        )
        .await;
    assert_eq!(reply.status, 303);
    let mut impossible = body_of(&sheet);
    impossible["games"][0]["hands"][0] = json!({"score": [59, 0]});
    let reply = api.post(&path, impossible).await;
    assert_eq!(reply.status, 422);
    // In players' words: the game's name, not the rules' identifier.
    let message = reply.problem_at("games[0].hands[0]").unwrap();
    assert!(
        message.contains("a hand of Fives and Threes cannot score 59"),
        "{message}"
    );
    assert!(!message.contains("fives-and-threes"), "{message}");
    assert_eq!(api.post(&path, body_of(&sheet)).await.status, 201);
    assert_eq!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap()
            .unwrap()
            .score,
        checked.score
    );
}
store_test!(a_game_below_the_leagues_level_is_refused_and_more_detail_is_always_checked);

async fn the_organiser_chooses_the_entry_level_on_the_form_and_through_the_api(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let secretary = signed_in(&ctx, &league.secretary).await;
    let token = secretary.make_api_token("setup").await;
    let api = ctx.api(Some(&token));
    // A competition made without a word on it asks for every hand's score, as before.
    let existing = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    assert_eq!(existing.entry_level, EntryLevel::Hands);
    let listed = api
        .get(&format!(
            "/api/v1/organisations/{SLUG}/competitions/{}",
            existing.id
        ))
        .await;
    assert_eq!(listed.json["entry_level"], json!("hands"));

    let form = secretary
        .get(&format!("/organise/{SLUG}/competitions"))
        .await;
    assert!(
        form.body.contains(r#"name="entry_level" value="final""#),
        "{}",
        form.body
    );
    let mut fields = crate::organiser_league::two_per_match_plus_one_per_game("Quick Cup");
    fields.push(("entry_level", "final".into()));
    let made = secretary
        .submit(
            &format!("/organise/{SLUG}/competitions"),
            &crate::organiser_league::as_pairs(&fields),
        )
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let body = json!({
        "name": "Pegs Cup",
        "ruleset": "fives-and-threes",
        "match_format": serde_json::to_value(match_format()).unwrap(),
        "entry_level": "pegs",
    });
    let reply = api
        .post(
            &format!("/api/v1/organisations/{SLUG}/competitions"),
            body.clone(),
        )
        .await;
    assert_eq!(reply.status, 201, "{:?}", reply.json);
    assert_eq!(reply.json["entry_level"], json!("pegs"));
    let competitions = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap();
    let level_of = |name: &str| {
        competitions
            .iter()
            .find(|c| c.name == name)
            .unwrap()
            .entry_level
    };
    let listed = secretary
        .get(&format!("/organise/{SLUG}/competitions"))
        .await;
    assert!(
        text(&listed).contains("captains enter the winner and the final score of each game"),
        "{}",
        listed.body
    );
    assert_eq!(
        (level_of("Quick Cup"), level_of("Pegs Cup")),
        (EntryLevel::Final, EntryLevel::Pegs)
    );

    // A level that is not one of the three is refused, and the document lists the three.
    let mut unknown = body;
    unknown["name"] = json!("Moves Cup");
    unknown["entry_level"] = json!("moves");
    assert_eq!(
        api.post(
            &format!("/api/v1/organisations/{SLUG}/competitions"),
            unknown
        )
        .await
        .status,
        400
    );
    let document = ctx.api(None).get("/api/v1/openapi.json").await;
    assert_eq!(
        document.json["components"]["schemas"]["EntryLevel"]["enum"],
        json!(["final", "hands", "pegs"])
    );
    let reply = api
        .put(
            &format!(
                "/api/v1/organisations/{SLUG}/competitions/{}/entry-level",
                existing.id
            ),
            json!({"entry_level": "final"}),
        )
        .await;
    assert_eq!(
        (reply.status, &reply.json["entry_level"]),
        (200, &json!("final"))
    );
    let seasons = secretary
        .get(&format!(
            "/organise/{SLUG}/competitions/{}/seasons",
            existing.id
        ))
        .await;
    assert!(
        seasons.body.contains(r#"value="final" checked"#),
        "{}",
        seasons.body
    );
}
store_test!(the_organiser_chooses_the_entry_level_on_the_form_and_through_the_api);

async fn a_captain_withdraws_their_submission_until_the_other_side_confirms(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let home = signed_in(&ctx, &league.home_captain).await;
    let away = signed_in(&ctx, &league.away_captain).await;
    let page = fixture_page(&league, 0);
    let (sheet, _) = league.random_result(47);
    let mut fields = crate::result_interruptions::form_fields(&sheet);
    fields.push(("submission_key".into(), "first-go".into()));
    assert_eq!(
        post(&home, &format!("{page}/result"), &fields).await.status,
        303
    );

    // The submitter sees the withdraw button, the other side does not.
    let submitted = home.get(&page).await;
    assert!(submitted.body.contains("Withdraw this result"));
    assert!(!away.get(&page).await.body.contains("Withdraw this result"));
    let withdrawn = home
        .submit(
            &format!("{page}/withdraw"),
            &[("result", &result_id(&submitted))],
        )
        .await;
    assert_eq!(withdrawn.status, 303);
    assert!(
        withdrawn
            .location
            .as_deref()
            .unwrap()
            .ends_with("?done=withdrawn")
    );
    assert_eq!(status(&ctx, &league, 0).await, FixtureStatus::Scheduled);
    let after = home.get(withdrawn.location.as_deref().unwrap()).await;
    let words = text(&after);
    assert!(words.contains("Your result has been withdrawn"), "{words}");
    assert!(words.contains("No result yet."));
    assert!(
        after.body.contains(&format!("{page}/result")),
        "entered again from here"
    );
    let history = ctx
        .store
        .result_history(league.fixtures[0].id)
        .await
        .unwrap();
    let actions: Vec<ResultAction> = history.iter().map(|event| event.action).collect();
    assert_eq!(actions, [ResultAction::Submitted, ResultAction::Withdrawn]);
    assert!(
        words.contains("Withdrawn"),
        "the history on the page says so"
    );

    // Entered again: a version after the withdrawn one, not a correction by the league.
    let mut again = crate::result_interruptions::form_fields(&sheet);
    again.push(("submission_key".into(), "second-go".into()));
    assert_eq!(
        post(&home, &format!("{page}/result"), &again).await.status,
        303
    );
    let current = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(current.version, 2);
    let shown = away.get(&page).await;
    assert!(!text(&shown).contains("corrected by the league"));
    // The withdrawn form's key cannot be used again for another result.
    let mut reused = crate::result_interruptions::form_fields(&sheet);
    reused.push(("submission_key".into(), "first-go".into()));
    assert_eq!(
        post(&home, &format!("{page}/result"), &reused).await.status,
        409
    );

    // Once the other side confirms, it can no longer be withdrawn.
    assert_eq!(
        away.submit(
            &format!("{page}/confirm"),
            &[("result", &result_id(&shown))]
        )
        .await
        .status,
        303
    );
    let refused = home
        .submit(
            &format!("{page}/withdraw"),
            &[("result", &current.id.to_string())],
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert!(text(&refused).contains("no longer waiting for an answer"));
    assert_eq!(status(&ctx, &league, 0).await, FixtureStatus::Confirmed);
}
store_test!(a_captain_withdraws_their_submission_until_the_other_side_confirms);

async fn the_fixture_page_puts_its_answers_after_the_scoresheet_and_links_a_printable_one(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let home = signed_in(&ctx, &league.home_captain).await;
    let away = signed_in(&ctx, &league.away_captain).await;
    let page = fixture_page(&league, 0);

    // Before any result: the scoresheet to print, with the games, both squads and a grid.
    let before = home.get(&page).await;
    assert!(
        before
            .body
            .contains(&format!(r#"href="{page}/scoresheet""#))
    );
    let sheet_page = ctx.browser().get(&format!("{page}/scoresheet")).await;
    assert_eq!(sheet_page.status, 200);
    for member in league.home_squad.iter().chain(&league.away_squad) {
        assert!(
            sheet_page
                .body
                .contains(&format!("<li>{}</li>", member.name)),
            "{}",
            member.name
        );
    }
    for heading in [
        "Game 1: singles to 61",
        "Game 2: singles to 61",
        "Game 3: pairs to 61",
    ] {
        assert!(sheet_page.body.contains(heading), "{heading}");
    }
    // A game to 61 gets 13 blank hands.
    assert_eq!(
        sheet_page
            .body
            .matches("<tr><th scope=\"row\">13</th>")
            .count(),
        3
    );
    assert!(!sheet_page.body.contains("<tr><th scope=\"row\">14</th>"));

    let (sheet, checked) = league.random_result(53);
    let mut fields = crate::result_interruptions::form_fields(&sheet);
    fields.push(("submission_key".into(), "page-order".into()));
    assert_eq!(
        post(&home, &format!("{page}/result"), &fields).await.status,
        303
    );
    let shown = away.get(&page).await;
    // One line a game, then each game's hands, then the answers, which look different.
    let summary = shown.body.find("Each game in a line").expect("the summary");
    let last_game = shown
        .body
        .find("Game 3 hand by hand")
        .expect("the last game's hands");
    let confirm = shown
        .body
        .find(r#"class="button-confirm""#)
        .expect("a confirm button");
    let dispute = shown
        .body
        .find(r#"class="button-dispute""#)
        .expect("a dispute button");
    assert!(summary < last_game && last_game < confirm && confirm < dispute);
    for line in &checked.games {
        let winner = match line.winner {
            fives::domain::match_format::Side::Home => "Anchor",
            fives::domain::match_format::Side::Away => "Bell",
        };
        let row = format!(
            "<td>{}–{}</td><td>{winner}</td>",
            line.home_points, line.away_points
        );
        assert!(shown.body.contains(&row), "{row}");
    }
    let stylesheet = reqwest::get(format!("{}/static/style.css", ctx.address))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        stylesheet.contains("button.button-confirm")
            && stylesheet.contains("button.button-dispute")
    );
    assert!(stylesheet.contains("@media print"));
    let script = reqwest::get(format!("{}/static/result-draft.js", ctx.address))
        .await
        .unwrap();
    assert!(
        script.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );
    assert!(script.text().await.unwrap().contains("localStorage"));
}
store_test!(the_fixture_page_puts_its_answers_after_the_scoresheet_and_links_a_printable_one);

async fn a_nine_game_result_at_the_final_level_is_kept_from_its_rows(ctx: TestContext) {
    let league = results_league_with(&ctx, nine_game_format(), EntryLevel::Final, 6).await;
    let home = signed_in(&ctx, &league.home_captain).await;
    let (sheet, checked) = league.random_result(59);
    let quick = final_scores(&sheet, &checked);
    let fields = quick_fields(&quick, "nine");
    // Every player chosen and every score: 24 selects and 9 scores, and the key.
    assert_eq!(fields.len(), 1 + 24 + 9);
    let kept = post(
        &home,
        &format!("{}/result", fixture_page(&league, 0)),
        &fields,
    )
    .await;
    assert_eq!(kept.status, 303, "{}", kept.body);
    let stored = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.score, checked.score);
}
store_test!(a_nine_game_result_at_the_final_level_is_kept_from_its_rows);

async fn the_openapi_document_states_a_final_score_s_limits(ctx: TestContext) {
    use fives::domain::entry_level::MAX_FINAL_SCORE;
    let document = ctx.api(None).get("/api/v1/openapi.json").await.json;
    let score = &document["components"]["schemas"]["FinalScoreInput"]["properties"];
    for side in ["home", "away"] {
        assert_eq!(
            score[side]["minimum"].as_f64(),
            Some(-(MAX_FINAL_SCORE as f64)),
            "{side}"
        );
        assert_eq!(
            score[side]["maximum"].as_f64(),
            Some(MAX_FINAL_SCORE as f64),
            "{side}"
        );
    }
    assert!(
        document["paths"]["/api/v1/organisations/{slug}/fixtures/{id}/result/withdraw"]["post"]
            .is_object()
    );
}
store_test!(the_openapi_document_states_a_final_score_s_limits);

async fn withdrawing_a_late_result_takes_back_its_deduction_and_nothing_else(ctx: TestContext) {
    use chrono::Utc;
    use fives::store::{FixtureAsRead, NewAdjustment, NewResult, StoreError};

    let league = results_league(&ctx).await;
    let fixture = &league.fixtures[0];
    let (sheet, checked) = league.random_result(67);
    let result = NewResult {
        fixture: fixture.id,
        as_read: FixtureAsRead::from(fixture),
        early_reason: None,
        sheet: &sheet,
        checked: &checked,
        submission_key: "late",
        by: league.home_captain.id,
        for_team: Some(league.home),
        at: Utc::now(),
    };
    let late = NewAdjustment {
        division: league.division,
        team: league.home,
        points: -2,
        reason: "Result came in after the deadline",
        fixture: Some(fixture.id),
        by: None,
        at: Utc::now(),
    };
    let kept = ctx
        .store
        .submit_late_result(&result, &late)
        .await
        .unwrap()
        .result()
        .clone();
    // The league's own deduction for the fixture, by its organiser, stays whatever happens.
    let manual = NewAdjustment {
        points: -1,
        reason: "Played with an unregistered player",
        by: Some(league.secretary.id),
        ..late
    };
    ctx.store.add_adjustment(&manual).await.unwrap();

    // Only the version submitted: one changed meanwhile is refused.
    assert!(matches!(
        ctx.store
            .withdraw_result(
                fixture.id,
                kept.id + 1000,
                league.home,
                league.home_captain.id,
                Utc::now(),
                MAX_WITHDRAWALS_PER_FIXTURE
            )
            .await,
        Err(StoreError::ResultChanged)
    ));
    ctx.store
        .withdraw_result(
            fixture.id,
            kept.id,
            league.home,
            league.home_captain.id,
            Utc::now(),
            MAX_WITHDRAWALS_PER_FIXTURE,
        )
        .await
        .unwrap();
    let reasons: Vec<String> = ctx
        .store
        .adjustments_of_division(league.division)
        .await
        .unwrap()
        .into_iter()
        .map(|adjustment| adjustment.reason)
        .collect();
    assert_eq!(reasons, ["Played with an unregistered player"]);
    assert!(matches!(
        ctx.store
            .withdraw_result(
                fixture.id,
                kept.id,
                league.home,
                league.home_captain.id,
                Utc::now(),
                MAX_WITHDRAWALS_PER_FIXTURE
            )
            .await,
        Err(StoreError::NoResultYet)
    ));
    let versions = ctx.store.result_versions(fixture.id).await.unwrap();
    assert_eq!(versions.len(), 1, "the withdrawn version is kept");

    // Late again: the deduction comes back with the new submission, the next version.
    let again = NewResult {
        submission_key: "late again",
        at: Utc::now(),
        ..result
    };
    let resubmitted = ctx.store.submit_late_result(&again, &late).await.unwrap();
    assert_eq!(resubmitted.result().version, 2);
    assert_eq!(
        ctx.store
            .adjustments_of_division(league.division)
            .await
            .unwrap()
            .len(),
        2
    );
}
store_test!(withdrawing_a_late_result_takes_back_its_deduction_and_nothing_else);

async fn competitions_kept_before_entry_levels_ask_for_every_hand_s_score(ctx: TestContext) {
    use std::borrow::Cow;
    use std::sync::Arc;

    use fives::store::{PostgresStore, SqliteStore, Store};
    use sqlx::Connection;
    use sqlx::migrate::Migrator;

    // A database migrated to just before entry levels, holding a competition.
    let dialect = match ctx.backend {
        crate::support::Backend::Sqlite => "sqlite",
        crate::support::Backend::Postgres => "postgres",
    };
    let every = Migrator::new(std::path::Path::new(&format!(
        "{}/migrations/{dialect}",
        env!("CARGO_MANIFEST_DIR")
    )))
    .await
    .unwrap();
    let before: Vec<_> = every
        .migrations
        .iter()
        .filter(|migration| migration.version < 20261126000200)
        .cloned()
        .collect();
    let earlier = Migrator {
        migrations: Cow::Owned(before),
        ..Migrator::DEFAULT
    };
    let insert_organisation = "INSERT INTO organisations (slug, name, created_at) \
             VALUES ('old', 'Old League', $1) RETURNING id";
    let insert_competition = "INSERT INTO competitions \
             (organisation_id, name, ruleset, match_format, created_at) \
             VALUES ($1, 'Winter League', '\"fives-and-threes\"', $2, $3)";
    let format = serde_json::to_string(&match_format()).unwrap();
    let now = chrono::Utc::now();
    let store: Arc<dyn Store> = match ctx.backend {
        crate::support::Backend::Sqlite => {
            let path = ctx.data_dir.join("before-levels.db");
            let url = format!("sqlite://{}?mode=rwc", path.display());
            let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
            earlier.run(&pool).await.unwrap();
            let organisation: i64 = sqlx::query_scalar(insert_organisation)
                .bind(now)
                .fetch_one(&pool)
                .await
                .unwrap();
            sqlx::query(insert_competition)
                .bind(organisation)
                .bind(&format)
                .bind(now)
                .execute(&pool)
                .await
                .unwrap();
            pool.close().await;
            Arc::new(SqliteStore::open_file(&path).await.unwrap())
        }
        crate::support::Backend::Postgres => {
            // A schema of the test's database of its own, as a database of its own would be.
            let base = ctx.database_url.clone().unwrap();
            let mut connection = sqlx::PgConnection::connect(&base).await.unwrap();
            sqlx::query("CREATE SCHEMA before_levels")
                .execute(&mut connection)
                .await
                .unwrap();
            connection.close().await.unwrap();
            let url = format!("{base}?options=-csearch_path%3Dbefore_levels");
            let pool = sqlx::PgPool::connect(&url).await.unwrap();
            earlier.run(&pool).await.unwrap();
            let organisation: i64 = sqlx::query_scalar(insert_organisation)
                .bind(now)
                .fetch_one(&pool)
                .await
                .unwrap();
            sqlx::query(insert_competition)
                .bind(organisation)
                .bind(&format)
                .bind(now)
                .execute(&pool)
                .await
                .unwrap();
            pool.close().await;
            Arc::new(PostgresStore::connect(&url).await.unwrap())
        }
    };
    // The service's own migration brings it up to date.
    store.migrate().await.unwrap();
    let organisation = store.organisation_by_slug("old").await.unwrap().unwrap();
    let competitions = store.competitions_of(organisation.id).await.unwrap();
    assert_eq!(competitions.len(), 1);
    assert_eq!(competitions[0].entry_level, EntryLevel::Hands);
}
store_test!(competitions_kept_before_entry_levels_ask_for_every_hand_s_score);

async fn at_the_final_level_a_missing_score_is_asked_for_and_the_league_corrects_by_scores(
    ctx: TestContext,
) {
    let league = results_league_with(&ctx, match_format(), EntryLevel::Final, 4).await;
    let home = signed_in(&ctx, &league.home_captain).await;
    let secretary = signed_in(&ctx, &league.secretary).await;
    let (sheet, checked) = league.random_result(71);
    let quick = final_scores(&sheet, &checked);
    let entry = format!("{}/result", fixture_page(&league, 0));

    let mut missing = quick_fields(&quick, "missing");
    missing.retain(|(name, _)| name != "g3_score");
    let refused = post(&home, &entry, &missing).await;
    assert_eq!(refused.status, 422);
    assert!(
        text(&refused).contains(
            "Game 3: no score is entered; enter the final score, or mark the game conceded."
        ),
        "{}",
        refused.body
    );
    let mut both = quick_fields(&quick, "both");
    both.push(("g1_hands".into(), "14 9\n".into()));
    let refused = post(&home, &entry, &both).await;
    assert_eq!(refused.status, 422);
    assert!(text(&refused).contains("Game 1: enter the final score or the hands, not both."));
    assert_eq!(
        post(&home, &entry, &quick_fields(&quick, "kept"))
            .await
            .status,
        303
    );

    // The league's correction form holds the scores, and takes them back changed.
    let correct = format!("{}/correct", fixture_page(&league, 0));
    let form = secretary.get(&correct).await;
    let ResultSheet::Played { games } = &quick else {
        unreachable!()
    };
    let GameOutcome::FinalScore { home: h, away: a } = games[0].outcome else {
        unreachable!()
    };
    assert!(
        form.body
            .contains(&format!(r#"name="g1_score" value="{h} {a}""#)),
        "{}",
        form.body
    );
    let mut corrected = quick_fields(&quick, "correction");
    corrected.retain(|(name, _)| name != "g1_score");
    let (new_home, new_away) = if h == 61 { (30, 61) } else { (61, 30) };
    corrected.push(("g1_score".into(), format!("{new_home} {new_away}")));
    corrected.push(("reason".into(), "Game 1 went the other way.".into()));
    let kept = post(&secretary, &correct, &corrected).await;
    assert_eq!(kept.status, 303, "{}", kept.body);
    let current = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(current.version, 2);
    let ResultSheet::Played { games } = &current.sheet else {
        unreachable!()
    };
    assert_eq!(
        games[0].outcome,
        GameOutcome::FinalScore {
            home: new_home,
            away: new_away
        }
    );
    let page = ctx.browser().get(&fixture_page(&league, 0)).await;
    assert!(text(&page).contains("corrected by the league"));
}
store_test!(at_the_final_level_a_missing_score_is_asked_for_and_the_league_corrects_by_scores);
