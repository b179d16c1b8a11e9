//! A league fixture scored hand by hand on the night, on both stores: each game's players
//! chosen, each hand checked as it is entered by either captain (a score the game cannot make
//! refused at its hand, a hand sent twice kept once, a place another phone took refused), the
//! last hand of a game in play taken back, each change on the fixture's live feed, and the
//! games, once the last ends, the fixture's result for the other captain to confirm, with
//! nothing typed again. And the captain's page that does the same.

use serde_json::{Value, json};

use crate::live_feed::Feed;
use crate::results_league::{SLUG, results_league};
use crate::support::TestContext;
use fives::domain::match_format::FixtureScore;
use fives::domain::match_result::{GameOutcome, ResultSheet};

async fn captain_api(ctx: &TestContext, email: &str) -> crate::support::ApiClient {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    ctx.api(Some(&browser.make_api_token("scorer").await))
}

async fn a_fixture_scored_hand_by_hand_is_its_result_for_the_other_captain(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id.0;
    let home = captain_api(&ctx, &league.home_captain.email).await;
    let away = captain_api(&ctx, &league.away_captain.email).await;
    let base = format!("/api/v1/organisations/{SLUG}/fixtures/{fixture}");
    let mut feed = Feed::start_of(&ctx.address, SLUG, &format!("?fixture={fixture}"), None).await;

    let start = home.get(&format!("{base}/hands")).await;
    assert_eq!(start.status, 200, "{:?}", start.json);
    assert_eq!(start.json["next_players"], 1, "{:?}", start.json);
    assert_eq!(start.json["next_hand"], Value::Null);
    // No hand before the game has its players.
    let early = home
        .post(
            &format!("{base}/hands"),
            json!({"key": "early", "game": 1, "hand": 1, "record": {"score": [5, 0]}}),
        )
        .await;
    assert_eq!(early.status, 422, "{:?}", early.json);
    assert!(
        early.json.to_string().contains("Game 1 has no players yet"),
        "{:?}",
        early.json
    );

    let (sheet, checked) = league.random_result(11);
    let ResultSheet::Played { games } = &sheet else {
        panic!("a played result");
    };
    let mut sent = 0;
    for (number, game) in (1u32..).zip(games) {
        let GameOutcome::Hands(hands) = &game.outcome else {
            panic!("a random result gives every hand");
        };
        // A player from the other squad is refused, named.
        if number == 1 {
            let wrong = home
                .put(
                    &format!("{base}/games/1/players"),
                    json!({"home": [game.away[0].0], "away": [game.away[0].0]}),
                )
                .await;
            assert_eq!(wrong.status, 422, "{:?}", wrong.json);
            assert!(
                wrong.json.to_string().contains("not in the team's squad"),
                "{:?}",
                wrong.json
            );
        }
        let chosen = away
            .put(
                &format!("{base}/games/{number}/players"),
                json!({
                    "home": game.home.iter().map(|id| id.0).collect::<Vec<_>>(),
                    "away": game.away.iter().map(|id| id.0).collect::<Vec<_>>(),
                }),
            )
            .await;
        assert_eq!(chosen.status, 200, "game {number}: {:?}", chosen.json);
        assert_eq!(
            chosen.json["next_hand"],
            json!({"game": number, "hand": 1}),
            "{:?}",
            chosen.json
        );
        for (place, hand) in (1u32..).zip(hands) {
            // The captains take turns at the phone.
            let phone = if place % 2 == 1 { &home } else { &away };
            let key = format!("g{number}h{place}");
            let body = json!({"key": key, "game": number, "hand": place,
                              "record": {"score": hand.score}});
            if number == 1 && place == 1 {
                // A score no hand makes is refused at its hand, nothing kept.
                let built = league.ruleset.build(2).unwrap();
                let scores = &fives_rules::facts::facts(&built).hand_scores;
                let unmade = (1..).find(|score| !scores.contains(score)).unwrap();
                let impossible = phone
                    .post(
                        &format!("{base}/hands"),
                        json!({"key": "bad", "game": 1, "hand": 1,
                               "record": {"score": [unmade, 0]}}),
                    )
                    .await;
                assert_eq!(impossible.status, 422, "{:?}", impossible.json);
                assert!(
                    impossible.json.to_string().contains("Game 1, hand 1"),
                    "{:?}",
                    impossible.json
                );
            }
            let kept = phone.post(&format!("{base}/hands"), body.clone()).await;
            assert_eq!(
                kept.status, 200,
                "game {number} hand {place}: {:?}",
                kept.json
            );
            sent += 1;
            if number == 1 && place == 2 {
                // Sent again (a resend): kept once.
                let again = home.post(&format!("{base}/hands"), body.clone()).await;
                assert_eq!(again.status, 200, "{:?}", again.json);
                assert_eq!(again.json["games"][0]["hands"].as_array().unwrap().len(), 2);
                // Another phone's hand for the place taken: refused.
                let taken = home
                    .post(
                        &format!("{base}/hands"),
                        json!({"key": "other", "game": 1, "hand": 2,
                               "record": {"score": hand.score}}),
                    )
                    .await;
                assert_eq!(taken.status, 409, "{:?}", taken.json);
                // Taken back, and entered again.
                let undone = away.delete(&format!("{base}/hands/1/2")).await;
                assert_eq!(undone.status, 200, "{:?}", undone.json);
                assert_eq!(
                    undone.json["games"][0]["hands"].as_array().unwrap().len(),
                    1
                );
                let again = away
                    .post(
                        &format!("{base}/hands"),
                        json!({"key": "g1h2-again", "after": "g1h1",
                               "record": {"score": hand.score}}),
                    )
                    .await;
                assert_eq!(again.status, 200, "{:?}", again.json);
            }
        }
    }
    assert!(sent > 0);
    // The last hand ended the last game: the games are the result, awaiting the other side.
    let result = home.get(&format!("{base}/result")).await;
    assert_eq!(result.status, 200, "{:?}", result.json);
    assert_eq!(
        result.json["status"], "awaiting_confirmation",
        "{:?}",
        result.json
    );
    let FixtureScore::Played {
        home_games,
        away_games,
    } = checked.score
    else {
        panic!("a played result");
    };
    let expected = json!({"home_games": home_games, "away_games": away_games});
    assert_eq!(
        [
            &result.json["score"]["home_games"],
            &result.json["score"]["away_games"]
        ],
        [&expected["home_games"], &expected["away_games"]],
        "{:?} against {expected}",
        result.json
    );
    let done = home.get(&format!("{base}/hands")).await;
    assert_eq!(done.json["over"], true, "{:?}", done.json);
    let after_result = home
        .post(
            &format!("{base}/hands"),
            json!({"key": "late", "after": "g1h1", "record": {"score": [5, 0]}}),
        )
        .await;
    assert_eq!(after_result.status, 409, "{:?}", after_result.json);
    // The feed told each step: the games in play with their totals, then the result.
    let first = feed.next().await;
    assert_eq!(first.kind, "fixture", "{first:?}");
    assert_eq!(first.data["fixture"], fixture, "{first:?}");
    assert!(first.data["games_in_play"].is_array(), "{first:?}");
    let mut last = first;
    while last.data["status"] != "awaiting_confirmation" {
        last = feed.next().await;
    }
    assert_eq!(last.data["home_games"], expected["home_games"], "{last:?}");
}
store_test!(a_fixture_scored_hand_by_hand_is_its_result_for_the_other_captain);

async fn the_captains_page_scores_a_fixture_hand_by_hand(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id.0;
    let captain = ctx.browser();
    captain.login_ok(&league.home_captain.email).await;
    let fixture_page = captain
        .get(&format!("/leagues/{SLUG}/fixtures/{fixture}"))
        .await;
    let path = format!("/leagues/{SLUG}/fixtures/{fixture}/hands");
    assert!(fixture_page.body.contains(&path), "{}", fixture_page.body);
    let page = captain.get(&path).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("Start game 1"), "{}", page.body);
    let (home_player, away_player) = (&league.home_squad[0], &league.away_squad[0]);
    let started = captain
        .submit(
            &format!("{path}/players"),
            &[
                ("game", "1"),
                ("home_1", &home_player.id.0.to_string()),
                ("away_1", &away_player.id.0.to_string()),
            ],
        )
        .await;
    assert_eq!(started.status, 303, "{}", started.body);
    let page = captain.get(&path).await;
    assert!(
        page.body.contains(&format!(
            "Game 1, hand 1: each side's points ({}, then {})",
            home_player.name, away_player.name
        )),
        "{}",
        page.body
    );
    let key = crate::championship_pages::hidden(&page.body, "key");
    let entered = captain
        .submit(
            &path,
            &[
                ("key", key.as_str()),
                ("game", "1"),
                ("hand", "1"),
                ("score", "10 5"),
            ],
        )
        .await;
    assert_eq!(entered.status, 303, "{}", entered.body);
    let page = captain.get(&path).await;
    let line = format!(
        "Game 1: {} 10, {} 5 (in play, 1 hand)",
        home_player.name, away_player.name
    );
    assert!(page.body.contains(&line), "{line}: {}", page.body);
    // A line that is not a hand is refused in the players' words; the page asks again.
    let key = crate::championship_pages::hidden(&page.body, "key");
    let wrong = captain
        .submit(
            &path,
            &[
                ("key", key.as_str()),
                ("game", "1"),
                ("hand", "2"),
                ("score", "ten"),
            ],
        )
        .await;
    assert_eq!(wrong.status, 422, "{}", wrong.body);
    assert!(wrong.body.contains("Hand not kept"), "{}", wrong.body);
    // The page's script asks for JSON: a refusal in words, a hand kept as {"kept": true}.
    let scripted = captain
        .submit_with_header(
            &path,
            &[
                ("key", "scripted"),
                ("after", key.as_str()),
                ("score", "5 0"),
            ],
            ("Accept", "application/json"),
        )
        .await;
    assert_eq!(scripted.status, 409, "{}", scripted.body);
    assert!(scripted.body.contains("\"error\""), "{}", scripted.body);
    // Taken back from the page.
    let undone = captain
        .submit(&format!("{path}/undo"), &[("game", "1"), ("hand", "1")])
        .await;
    assert_eq!(undone.status, 303, "{}", undone.body);
    let page = captain.get(&path).await;
    assert!(
        page.body.contains("(in play, no hand yet)"),
        "{}",
        page.body
    );
    // Someone who is neither captain nor organiser is not let in.
    let stranger = ctx.browser();
    let other = ctx.user("stranger@example.org").await;
    stranger.login_ok(&other.email).await;
    let refused = stranger.get(&path).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
}
store_test!(the_captains_page_scores_a_fixture_hand_by_hand);

async fn a_hand_placed_past_a_gap_is_refused_by_the_store(ctx: TestContext) {
    use fives::domain::fixture_play::GamePlayers;
    use fives::store::{HandKept, NewFixtureHand, StoreError};
    use fives_rules::record::HandRecord;
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id;
    let players = GamePlayers {
        home: vec![league.home_squad[0].id],
        away: vec![league.away_squad[0].id],
    };
    ctx.store
        .set_fixture_game_players(fixture, 1, &players)
        .await
        .unwrap();
    let record = HandRecord {
        score: Some(vec![5, 0]),
        ..HandRecord::default()
    };
    let hand = |hand: u32, key: &'static str| NewFixtureHand {
        fixture,
        game: 1,
        hand,
        record: &record,
        key,
        at: chrono::Utc::now(),
    };
    let first = ctx.store.add_fixture_hand(&hand(1, "one")).await.unwrap();
    assert_eq!(first, HandKept::Kept);
    // A phone that read the game before hand 2 was taken back sends hand 3: a gap, refused.
    let gap = ctx.store.add_fixture_hand(&hand(3, "three")).await;
    assert!(matches!(gap, Err(StoreError::HandPlaceTaken)), "{gap:?}");
    let kept = ctx.store.fixture_games(fixture).await.unwrap();
    assert_eq!(kept[0].hands.len(), 1);
}
store_test!(a_hand_placed_past_a_gap_is_refused_by_the_store);
