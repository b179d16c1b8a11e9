//! Result entry at the level a competition chooses, on both stores: each game as its final
//! score where the league asks no more (checked to be a score the game can end on), a game
//! below the league's level refused, and the league's correction by scores. The organiser's
//! choice of level is in `quick_entry_levels`, a captain's withdrawal in
//! `quick_entry_withdrawal`, the fixture page's answers and scoresheet in `quick_entry_page`;
//! the helpers here sign in, post forms and read the pages for them.

use fives::domain::entry_level::EntryLevel;
use fives::domain::match_result::{CheckedResult, GameOutcome, GameSheet, ResultSheet};
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::User;
use serde_json::json;

use crate::api_results::body_of;
use crate::results_league::{
    ResultsLeague, SLUG, match_format, nine_game_format, results_league, results_league_with,
};
use crate::support::{Browser, Page, TestContext};

pub(crate) async fn signed_in(ctx: &TestContext, user: &User) -> Browser {
    let browser = ctx.browser();
    browser.login_ok(&user.email).await;
    browser
}

pub(crate) fn fixture_page(league: &ResultsLeague, index: usize) -> String {
    format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[index].id)
}

/// The page's text as a reader sees it (the characters askama escapes, back).
pub(crate) fn text(page: &Page) -> String {
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

pub(crate) async fn post(browser: &Browser, path: &str, fields: &[(String, String)]) -> Page {
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    browser.submit(path, &pairs).await
}

pub(crate) async fn status(
    ctx: &TestContext,
    league: &ResultsLeague,
    index: usize,
) -> FixtureStatus {
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
    // The hint gives the totals the check takes, derived from the rules: won on exactly 61.
    let hint = form.body.split(r#"id="score-hint""#).nth(1).unwrap();
    let hint = &hint[..hint.find("</p>").unwrap()];
    for kind in ["singles", "pairs"] {
        assert!(
            hint.contains(&format!("{kind} to 61: the winner 61, the loser ")),
            "{hint}"
        );
    }
    assert!(!hint.contains("10000"), "{hint}");

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
            .contains("Your result has been kept. It counts once the Bell captain confirms it"),
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
            &[("result", &shown.result_version())],
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
        Some("Game 1: this competition asks for every hand's score.")
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
        Some("Game 2, hand 1: this competition asks for every hand's pegs.")
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
