//! The room in Chromium, on both stores: a phone at 390 px scoring a table hand by hand, the
//! room's screen (a second browser) showing each hand as it is kept, and the phone losing its
//! signal: the hands it keeps meanwhile wait on the phone, said plainly, and are sent once, in
//! order, when the signal returns, even across a reload. And a division's page on a league
//! night showing a result as it is submitted, without a reload.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::Value;

use crate::browser::{Chromium, set_offline, step};
use crate::championship_story::random_game;
use crate::support::TestContext;
use crate::table_hands::scored;

/// Types a hand ("10 5") into the table's page and enters it.
pub(crate) async fn enter_hand(phone: &Client, line: &str) -> Result<(), String> {
    let field = phone
        .wait()
        .for_element(Locator::Id("hand_score"))
        .await
        .map_err(step("find the hand's box"))?;
    field.clear().await.map_err(step("clear the hand's box"))?;
    field.send_keys(line).await.map_err(step("type the hand"))?;
    phone
        .find(Locator::Css("#hand-form button[type=submit]"))
        .await
        .map_err(step("find the button"))?
        .click()
        .await
        .map_err(step("tap the button"))?;
    Ok(())
}

/// Waits up to ten seconds for `script` to answer true in `client`; `what` says what for.
pub(crate) async fn until(client: &Client, script: &str, what: &str) -> Result<(), String> {
    for _ in 0..100 {
        let answer = client
            .execute(script, vec![])
            .await
            .map_err(|error| format!("{what}: {error}"))?;
        if answer == Value::Bool(true) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("{what}, within ten seconds"))
}

/// The hands the table keeps, as lines, game by game.
async fn kept(ctx: &TestContext, link: &str) -> Vec<String> {
    let table = ctx
        .api(None)
        .get(&format!("/api/v1/tables/{link}/hands"))
        .await;
    table.json["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|game| game["hands"].as_array().unwrap().clone())
        .map(|hand| format!("{} {}", hand["score"][0], hand["score"][1]))
        .collect()
}

fn screen_shows(hand: usize) -> String {
    format!(
        "var line = document.getElementById('screen-table-1');
         return !!line && line.textContent.indexOf('game 1, hand {hand}') >= 0;"
    )
}

pub(crate) const OUTBOX: &str = "var box = document.getElementById('hand-outbox');
    return box.hidden ? '' : box.textContent;";

async fn play_in_the_room(
    ctx: &TestContext,
    phone: &Client,
    screen: &Client,
    link: &str,
    screen_path: &str,
    lines: &[String],
) -> Result<(), String> {
    phone
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    screen
        .set_window_size(1280, 720)
        .await
        .map_err(step("make the window a screen's"))?;
    screen
        .goto(&format!("{}{screen_path}", ctx.address))
        .await
        .map_err(step("open the room's screen"))?;
    phone
        .goto(&format!("{}/tables/{link}", ctx.address))
        .await
        .map_err(step("open the table's page"))?;
    // Let both feeds open.
    tokio::time::sleep(Duration::from_millis(500)).await;

    // A hand on the phone: kept, and on the room's screen without a reload.
    enter_hand(phone, &lines[0]).await?;
    until(screen, &screen_shows(1), "see hand 1 on the screen").await?;
    until(
        phone,
        "return document.querySelectorAll('#hands .game-line').length === 1;",
        "see the game on the phone",
    )
    .await?;

    // The signal goes: two hands wait on the phone, and it says so.
    set_offline(phone, true).await?;
    enter_hand(phone, &lines[1]).await?;
    enter_hand(phone, &lines[2]).await?;
    let waiting = phone
        .execute(OUTBOX, vec![])
        .await
        .map_err(step("read what waits"))?;
    let waiting = waiting.as_str().unwrap_or_default().to_string();
    if !waiting.contains("2 hands are waiting on this phone") || !waiting.contains(&lines[2]) {
        return Err(format!("see the two hands waiting, not {waiting:?}"));
    }
    if kept(ctx, link).await.len() != 1 {
        return Err("keep the offline hands on the phone only".into());
    }
    // It comes back: both are sent, in order, once; the screen shows them.
    set_offline(phone, false).await?;
    until(
        phone,
        "return document.getElementById('hand-outbox').hidden;",
        "see nothing waiting once the signal is back",
    )
    .await?;
    until(screen, &screen_shows(3), "see hand 3 on the screen").await?;

    // Again without signal, then the page reloaded as the signal returns: the hand kept on
    // the phone survives the reload and is sent once.
    set_offline(phone, true).await?;
    enter_hand(phone, &lines[3]).await?;
    set_offline(phone, false).await?;
    phone.refresh().await.map_err(step("reload the page"))?;
    until(screen, &screen_shows(4), "see hand 4 on the screen").await?;
    until(
        phone,
        "return document.getElementById('hand-outbox').hidden;",
        "see nothing waiting after the reload",
    )
    .await?;
    Ok(())
}

async fn a_phone_scores_hand_by_hand_the_screen_follows_and_hands_kept_offline_are_sent_once(
    ctx: TestContext,
) {
    let (_, event, link) = crate::live_room::best_of_three(&ctx).await;
    let id = event.rsplit('/').next().unwrap().to_string();
    // A game long enough for four hands that do not end it.
    let game = (50..)
        .map(|seed| scored(random_game(seed)))
        .find(|game| game.len() > 5)
        .unwrap();
    let lines: Vec<String> = game[..4]
        .iter()
        .map(|hand| format!("{} {}", hand["score"][0], hand["score"][1]))
        .collect();
    let Some(phone) = Chromium::start().await else {
        return;
    };
    let Some(screen) = Chromium::start().await else {
        return;
    };
    let played = play_in_the_room(
        &ctx,
        phone.client(),
        screen.client(),
        &link,
        &format!("/leagues/north/championships/{id}/screen"),
        &lines,
    )
    .await;
    phone.close().await;
    screen.close().await;
    played.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert_eq!(kept(&ctx, &link).await, lines, "each hand once, in order");
}
store_test!(a_phone_scores_hand_by_hand_the_screen_follows_and_hands_kept_offline_are_sent_once);

/// A division's page on a phone at 390 px: the marker set before (gone if the page
/// reloaded), the "updated" line, and the whole page's text.
const READ_DIVISION: &str = "return [
    window.liveMarker === 7,
    document.getElementById('live-status').textContent,
    document.getElementById('live-content').textContent
];";

async fn watch_the_division(
    client: &Client,
    address: &str,
    page: &str,
    submit: impl std::future::Future<Output = ()>,
) -> Result<Value, String> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    client
        .goto(&format!("{address}{page}"))
        .await
        .map_err(step("open the division's page"))?;
    client
        .execute("window.liveMarker = 7;", vec![])
        .await
        .map_err(step("mark the page"))?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    submit.await;
    until(
        client,
        "return document.getElementById('live-status').textContent.indexOf('Updated at') === 0;",
        "see the page update itself",
    )
    .await?;
    let now = client
        .execute(READ_DIVISION, vec![])
        .await
        .map_err(step("read the page"))?;
    Ok(now)
}

async fn a_division_page_on_a_league_night_shows_a_result_as_it_comes_in(ctx: TestContext) {
    use crate::results_league::{SLUG, results_league};
    let league = results_league(&ctx).await;
    let browser = ctx.browser();
    browser.login_ok(&league.home_captain.email).await;
    let captain = ctx.api(Some(&browser.make_api_token("scorer").await));
    let fixture = league.fixtures[0].id;
    let (sheet, _) = league.random_result(9);
    let submit = async {
        let submitted = captain
            .post(
                &format!("/api/v1/organisations/{SLUG}/fixtures/{fixture}/result"),
                crate::api_results::body_of(&sheet),
            )
            .await;
        assert_eq!(submitted.status, 201, "{:?}", submitted.json);
    };
    let Some(phone) = Chromium::start().await else {
        return;
    };
    let seen = watch_the_division(
        phone.client(),
        &ctx.address,
        &format!("/leagues/{SLUG}/divisions/{}", league.division),
        submit,
    )
    .await;
    phone.close().await;
    let now = seen.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert_eq!(now[0], true, "the page did not reload: {now:?}");
    let text = now[2].as_str().unwrap();
    // The fixture's line says it waits for the other captain.
    assert!(text.contains("Awaiting confirmation"), "{text}");
}
store_test!(a_division_page_on_a_league_night_shows_a_result_as_it_comes_in);
