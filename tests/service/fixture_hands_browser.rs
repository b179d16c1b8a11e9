//! A league fixture scored hand by hand in Chromium, on both stores: the home captain's phone
//! at 390 px enters hands on the fixture's page, the away captain's hands (through the API)
//! appear on it without a reload, and hands entered while the phone has no signal wait on the
//! phone, said plainly, and are sent once, in order, when it returns.

use fantoccini::Client;
use serde_json::json;

use crate::browser::{Chromium, log_in, set_offline, step};
use crate::live_room_browser::{OUTBOX, enter_hand, until};
use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::{ApiClient, PASSWORD, TestContext};
use fives::domain::match_result::{GameOutcome, ResultSheet};

/// The hands of the first fixture's game 1, as lines, from the API.
async fn kept(captain: &ApiClient, fixture: i64) -> Vec<String> {
    let state = captain
        .get(&format!(
            "/api/v1/organisations/{SLUG}/fixtures/{fixture}/hands"
        ))
        .await;
    state.json["games"][0]["hands"]
        .as_array()
        .map(|hands| {
            hands
                .iter()
                .map(|hand| format!("{} {}", hand["score"][0], hand["score"][1]))
                .collect()
        })
        .unwrap_or_default()
}

fn lines_shown(hands: usize) -> String {
    format!(
        "var line = document.querySelector('#hands .game-line');
         return !!line && line.textContent.indexOf('{hands} hands') >= 0;"
    )
}

async fn score_on_the_phone(
    ctx: &TestContext,
    league: &ResultsLeague,
    phone: &Client,
    away: &ApiClient,
    page: &str,
    lines: &[String],
) -> Result<(), String> {
    phone
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    log_in(phone, &ctx.address, &league.home_captain.email, PASSWORD).await?;
    phone
        .goto(&format!("{}{page}", ctx.address))
        .await
        .map_err(step("open the fixture's hands"))?;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    enter_hand(phone, &lines[0]).await?;
    until(
        phone,
        "var line = document.querySelector('#hands .game-line');
         return !!line && line.textContent.indexOf('1 hand)') >= 0;",
        "see hand 1 on the phone",
    )
    .await?;
    // The other captain's hand, from the other phone: seen without a reload.
    let fixture = league.fixtures[0].id.0;
    let record: Vec<i64> = lines[1]
        .split(' ')
        .map(|points| points.parse().unwrap())
        .collect();
    let theirs = away
        .post(
            &format!("/api/v1/organisations/{SLUG}/fixtures/{fixture}/hands"),
            json!({"key": "away-2", "game": 1, "hand": 2, "record": {"score": record}}),
        )
        .await;
    if theirs.status != 200 {
        return Err(format!("keep the other captain's hand: {:?}", theirs.json));
    }
    until(phone, &lines_shown(2), "see the other captain's hand").await?;

    // The signal goes: two hands wait on the phone, and it says so; then both are sent.
    set_offline(phone, true).await?;
    enter_hand(phone, &lines[2]).await?;
    enter_hand(phone, &lines[3]).await?;
    let waiting = phone
        .execute(OUTBOX, vec![])
        .await
        .map_err(step("read what waits"))?;
    let waiting = waiting.as_str().unwrap_or_default().to_string();
    if !waiting.contains("2 hands are waiting on this phone") {
        return Err(format!("see the two hands waiting, not {waiting:?}"));
    }
    if kept(away, fixture).await.len() != 2 {
        return Err("keep the offline hands on the phone only".into());
    }
    set_offline(phone, false).await?;
    until(
        phone,
        "return document.getElementById('hand-outbox').hidden;",
        "see nothing waiting once the signal is back",
    )
    .await?;
    until(phone, &lines_shown(4), "see the four hands").await?;
    Ok(())
}

async fn a_captains_phone_scores_a_fixture_and_sends_what_it_kept_offline(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id.0;
    let browser = ctx.browser();
    browser.login_ok(&league.away_captain.email).await;
    let away = ctx.api(Some(&browser.make_api_token("scorer").await));
    // Game 1's players chosen, and a game long enough for four hands that do not end it.
    let (games, lines) = (1..)
        .find_map(|seed| {
            let (sheet, _) = league.random_result(seed);
            let ResultSheet::Played { games } = sheet else {
                return None;
            };
            let GameOutcome::Hands(hands) = &games[0].outcome else {
                return None;
            };
            (hands.len() > 5).then(|| {
                let lines: Vec<String> = hands[..4]
                    .iter()
                    .map(|hand| {
                        let score = hand.score.as_ref().unwrap();
                        format!("{} {}", score[0], score[1])
                    })
                    .collect();
                (games.clone(), lines)
            })
        })
        .unwrap();
    let chosen = away
        .put(
            &format!("/api/v1/organisations/{SLUG}/fixtures/{fixture}/games/1/players"),
            json!({"home": [games[0].home[0].0], "away": [games[0].away[0].0]}),
        )
        .await;
    assert_eq!(chosen.status, 200, "{:?}", chosen.json);
    let Some(phone) = Chromium::start().await else {
        return;
    };
    let page = format!("/leagues/{SLUG}/fixtures/{fixture}/hands");
    let played = score_on_the_phone(&ctx, &league, phone.client(), &away, &page, &lines).await;
    phone.close().await;
    played.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert_eq!(
        kept(&away, fixture).await,
        lines,
        "each hand once, in order"
    );
}
store_test!(a_captains_phone_scores_a_fixture_and_sends_what_it_kept_offline);
