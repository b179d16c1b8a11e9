//! The room on a championship day, on both stores: hands a phone kept without signal sent one
//! after another (each placed by the service, across a game's end), the room's screen with the
//! tables as they play and the round's clock, a league's results on the live feed with its
//! filters, and feeds that end when their process stops.

use std::time::Duration;

use serde_json::{Value, json};

use crate::championship_final_scores::{made, published};
use crate::championship_story::{organiser_api, random_game};
use crate::live_feed::Feed;
use crate::support::TestContext;
use crate::table_hands::scored;

/// A best-of-three All Fives Swiss of four at two seats, its first round published: the API
/// address of the event and the first table's link.
pub(crate) async fn best_of_three(
    ctx: &TestContext,
) -> (crate::support::ApiClient, String, String) {
    let api = organiser_api(ctx).await;
    let event = made(
        &api,
        "Room Open",
        "all-fives",
        2,
        json!({"kind": "best-of", "games": 3}),
        "hands",
        4,
    )
    .await;
    let (_, links) = published(&api, &event).await;
    (api, event, links[0].clone())
}

async fn hands_kept_on_a_phone_are_sent_one_after_another_and_find_their_place(ctx: TestContext) {
    let (_, _, link) = best_of_three(&ctx).await;
    let phone = ctx.api(None);
    let at = format!("/api/v1/tables/{link}/hands");
    let game = scored(random_game(31));
    // The phone kept the whole first game and the first hand of the second without signal:
    // the first hand goes where the phone last saw the next one, each other after the one
    // before it, as lines typed at the table.
    let mut keys = Vec::new();
    for (index, hand) in game.iter().enumerate() {
        let key = format!("offline-{index}");
        let line = format!("{} {}", hand["score"][0], hand["score"][1]);
        let body = match keys.last() {
            None => json!({"key": key, "game": 1, "hand": 1, "line": line}),
            Some(before) => json!({"key": key, "after": before, "line": line}),
        };
        let sent = phone.post(&at, body).await;
        assert_eq!(sent.status, 200, "hand {}: {:?}", index + 1, sent.json);
        keys.push(key);
    }
    let first_game_over = phone.get(&at).await;
    assert!(first_game_over.json["games"][0]["winner"].is_number());
    assert_eq!(first_game_over.json["next"], json!({"game": 2, "hand": 1}));
    // The next after the game's last: the service, not the phone, knows the game ended.
    let next = &scored(random_game(32))[0];
    let line = format!("{} {}", next["score"][0], next["score"][1]);
    let after_end = phone
        .post(
            &at,
            json!({"key": "second-1", "after": keys.last().unwrap(), "line": line}),
        )
        .await;
    assert_eq!(after_end.status, 200, "{:?}", after_end.json);
    assert_eq!(after_end.json["games"][1]["hands"], json!([next]));
    // Sent again as the outbox would after a lost answer: kept once.
    let resent = phone
        .post(
            &at,
            json!({"key": "second-1", "after": keys.last().unwrap(), "line": line}),
        )
        .await;
    assert_eq!(resent.status, 200);
    assert_eq!(
        resent.json["games"][1]["hands"].as_array().unwrap().len(),
        1
    );
    // After a hand that another followed since: refused, nothing kept.
    let stale = phone
        .post(
            &at,
            json!({"key": "late", "after": keys.last().unwrap(), "line": "5 0"}),
        )
        .await;
    assert_eq!(stale.status, 409, "{:?}", stale.json);
    // After a hand the table never kept (refused, or taken back): refused in words.
    let orphan = phone
        .post(
            &at,
            json!({"key": "orphan", "after": "never-sent", "line": "5 0"}),
        )
        .await;
    assert_eq!(orphan.status, 409, "{:?}", orphan.json);
    assert!(
        orphan.json["error"]
            .as_str()
            .unwrap()
            .contains("not at the table"),
        "{:?}",
        orphan.json
    );
    // A line the game cannot make is refused at its hand, in players' words.
    let impossible = phone
        .post(
            &at,
            json!({"key": "three", "after": "second-1", "line": "3 0"}),
        )
        .await;
    assert_eq!(impossible.status, 422, "{:?}", impossible.json);
    assert!(
        impossible.json.to_string().contains("Game 2, hand 2"),
        "{:?}",
        impossible.json
    );
    // Where the hand goes is said once: a place and `after` together are refused.
    let both = phone
        .post(
            &at,
            json!({"key": "both", "game": 2, "hand": 2, "after": "second-1", "line": "5 0"}),
        )
        .await;
    assert_eq!(both.status, 400, "{:?}", both.json);
    let now = phone.get(&at).await;
    assert_eq!(now.json["next"], json!({"game": 2, "hand": 2}));
}
store_test!(hands_kept_on_a_phone_are_sent_one_after_another_and_find_their_place);

/// The screen's text, tags removed, spaces made one.
async fn screen_text(ctx: &TestContext, path: &str) -> String {
    let page = ctx.browser().get(path).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let mut text = String::new();
    let mut in_tag = false;
    for c in page.body.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

async fn the_rooms_screen_shows_the_tables_as_they_play_and_the_rounds_clock(ctx: TestContext) {
    let (api, event, link) = best_of_three(&ctx).await;
    let id = event.rsplit('/').next().unwrap().to_string();
    let screen = format!("/leagues/north/championships/{id}/screen");
    let before = screen_text(&ctx, &screen).await;
    assert!(before.contains("Round 1"), "{before}");
    assert!(
        before.contains("2 playing, 0 finished, 0 confirmed"),
        "{before}"
    );
    assert!(!before.contains("Time left"), "{before}");

    // Three hands at the first table: its running totals on the screen, checked by the rules.
    let phone = ctx.api(None);
    let game = scored(random_game(41));
    for (index, hand) in game[..3].iter().enumerate() {
        let sent = phone
            .post(
                &format!("/api/v1/tables/{link}/hands"),
                json!({"key": format!("h{index}"), "game": 1, "hand": index + 1, "record": hand}),
            )
            .await;
        assert_eq!(sent.status, 200, "{:?}", sent.json);
    }
    // The totals the table's own answer gives, each side's as the rules count it.
    let totals = phone
        .get(&format!("/api/v1/tables/{link}/hands"))
        .await
        .json["games"][0]["totals"]
        .clone();
    let page = ctx.browser().get(&screen).await.body;
    let line = page
        .split("id=\"screen-table-1\"")
        .nth(1)
        .and_then(|rest| rest.split("</li>").next())
        .expect("the first table's line");
    assert!(line.contains("game 1, hand 3"), "{line}");
    for total in totals.as_array().unwrap() {
        assert!(
            line.contains(&format!("<span class=\"screen-score\">{total}</span>")),
            "total {total} in {line}"
        );
    }

    // The organiser starts the round's clock: the screen counts it down.
    let clock = api
        .put(&format!("{event}/clock"), json!({"minutes": 40}))
        .await;
    assert_eq!(clock.status, 200, "{:?}", clock.json);
    assert!(clock.json["ends_at"].is_string());
    let timed = ctx.browser().get(&screen).await.body;
    let left: i64 = timed
        .split("data-left=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .and_then(|left| left.parse().ok())
        .expect("the clock's seconds left");
    assert!((2_300..=2_400).contains(&left), "{left}");
    // Past the limit: refused, by its field; stopped: gone from the screen.
    let long = api
        .put(&format!("{event}/clock"), json!({"minutes": 241}))
        .await;
    assert_eq!(long.status, 422, "{:?}", long.json);
    assert_eq!(long.json["problems"][0]["field"], "minutes");
    let stopped = api
        .put(&format!("{event}/clock"), json!({"minutes": null}))
        .await;
    assert_eq!(stopped.json["ends_at"], Value::Null);
    assert!(!screen_text(&ctx, &screen).await.contains("Time left"));
}
store_test!(the_rooms_screen_shows_the_tables_as_they_play_and_the_rounds_clock);

async fn a_leagues_results_are_on_the_feed_of_their_division_and_fixture(ctx: TestContext) {
    use crate::results_league::{SLUG, results_league};
    let league = results_league(&ctx).await;
    let division = league.division;
    let (first, second) = (league.fixtures[0].id.0, league.fixtures[1].id.0);
    let address = ctx.address.as_str();
    let mut of_division =
        Feed::start_of(address, SLUG, &format!("?division={division}"), None).await;
    let mut of_first = Feed::start_of(address, SLUG, &format!("?fixture={first}"), None).await;
    let mut of_second = Feed::start_of(address, SLUG, &format!("?fixture={second}"), None).await;
    let mut of_championship = Feed::start_of(address, SLUG, "?championship=1", None).await;

    let client_of = |email: String| {
        let ctx = &ctx;
        async move {
            let browser = ctx.browser();
            browser.login_ok(&email).await;
            ctx.api(Some(&browser.make_api_token("scorer").await))
        }
    };
    let home = client_of(league.home_captain.email.clone()).await;
    let away = client_of(league.away_captain.email.clone()).await;
    let path = format!("/api/v1/organisations/{SLUG}/fixtures/{first}/result");
    let (sheet, _) = league.random_result(5);
    let submitted = home.post(&path, crate::api_results::body_of(&sheet)).await;
    assert_eq!(submitted.status, 201, "{:?}", submitted.json);
    let score = submitted.json["score"].clone();
    // Seen on the feed before the other captain confirms: an event says what the fixture is
    // when it is read, so a confirmation read with it would be all it says.
    let seen = of_division.next().await;
    assert_eq!(seen.data["status"], "awaiting_confirmation", "{seen:?}");
    let confirmed = away
        .post(
            &format!("{path}/confirm"),
            json!({"version_id": submitted.json["version_id"]}),
        )
        .await;
    assert_eq!(confirmed.status, 200, "{:?}", confirmed.json);

    // The division's feed and the fixture's each have the submission, then the confirmation,
    // each with the score as entered.
    for feed in [&mut of_division, &mut of_first] {
        let mut statuses = vec!["awaiting_confirmation".to_string()];
        while statuses.last().map(String::as_str) != Some("confirmed") {
            let event = feed.next().await;
            assert_eq!(event.kind, "fixture", "{event:?}");
            assert_eq!(event.data["division"], division.0, "{event:?}");
            assert_eq!(event.data["fixture"], first, "{event:?}");
            assert_eq!(event.data["home_games"], score["home_games"], "{event:?}");
            let status = event.data["status"].as_str().unwrap().to_string();
            if statuses.last() != Some(&status) {
                statuses.push(status);
            }
        }
        assert_eq!(statuses, ["awaiting_confirmation", "confirmed"]);
    }
    // The league corrects it, keeping it confirmed: the fixture's feed says so, with the
    // corrected score.
    let secretary = client_of(league.secretary.email.clone()).await;
    let (corrected_sheet, _) = league.random_result(6);
    let mut correction = crate::api_results::body_of(&corrected_sheet);
    correction["reason"] = json!("Checked the scoresheet with both captains.");
    let corrected = secretary.post(&format!("{path}/correct"), correction).await;
    assert_eq!(corrected.status, 200, "{:?}", corrected.json);
    let event = of_first.next().await;
    assert_eq!(event.kind, "fixture", "{event:?}");
    assert_eq!(event.data["status"], "confirmed", "{event:?}");
    assert_eq!(
        event.data["home_games"], corrected.json["score"]["home_games"],
        "{event:?}"
    );
    // The other fixture's feed and a championship's have none of it.
    for feed in [&mut of_second, &mut of_championship] {
        let quiet = tokio::time::timeout(Duration::from_millis(800), feed.next()).await;
        assert!(quiet.is_err(), "{:?}", quiet.ok());
    }
}
store_test!(a_leagues_results_are_on_the_feed_of_their_division_and_fixture);

async fn a_feed_ends_cleanly_when_its_process_stops(ctx: TestContext) {
    organiser_api(&ctx).await;
    let mut server = crate::result_interruptions::Server::start(&ctx).await;
    let mut feed = Feed::start(&server.address, "", None).await;
    // The graceful stop waits for the answers under way; a feed ending by itself lets the
    // process go before its 30-second limit, and the client reconnect to another.
    let exited = tokio::task::block_in_place(|| server.terminate(Duration::from_secs(10)));
    let ended = feed.ends_cleanly_within(Duration::from_secs(1)).await;
    assert!(ended, "the feed ended cleanly");
    assert!(exited, "the process stopped, successfully");
}
store_test!(a_feed_ends_cleanly_when_its_process_stops);

async fn every_hand_at_a_table_is_on_the_feed(ctx: TestContext) {
    let (_, _, link) = best_of_three(&ctx).await;
    let mut feed = Feed::start(&ctx.address, "", None).await;
    let phone = ctx.api(None);
    let game = scored(random_game(77));
    for (index, hand) in game[..3].iter().enumerate() {
        let sent = phone
            .post(
                &format!("/api/v1/tables/{link}/hands"),
                json!({"key": format!("e{index}"), "game": 1, "hand": index + 1, "record": hand}),
            )
            .await;
        assert_eq!(sent.status, 200, "{:?}", sent.json);
        let mut event = feed.next().await;
        while event.kind != "hands" {
            event = feed.next().await;
        }
        assert_eq!(event.data["games"][0]["hands"], index + 1, "{event:?}");
    }
}
store_test!(every_hand_at_a_table_is_on_the_feed);
