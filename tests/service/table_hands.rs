//! A table's games played hand by hand through its link, on both stores: each hand checked at
//! once (a score the game cannot make refused at its hand), a hand sent twice kept once, a hand
//! for a place another phone took first refused, the last hand of the game in play taken back,
//! and the table's result entered by itself when its game ends, with nothing typed again; the
//! same on the table's page, and each hand on the live feed.

use fives_rules::record::HandRecord;
use serde_json::{Value, json};

use crate::championship_formats::format_of;
use crate::championship_story::{organiser_api, random_game};
use crate::support::TestContext;

const BASE: &str = "/api/v1/organisations/north/championships";

/// A one-game All Fives Swiss of four, its first round published: the first table's link.
async fn a_table_in_play(ctx: &TestContext) -> String {
    let api = organiser_api(ctx).await;
    let made = api
        .post(
            BASE,
            json!({"name": "Hand by Hand", "starts_on": "2027-03-06", "ruleset": "all-fives",
                   "format": format_of(fives::domain::championship::Stages::Swiss { rounds: 3 })}),
        )
        .await;
    let id = made.json["id"].as_i64().unwrap();
    let entrants: Vec<Value> = ["Ann", "Bob", "Cat", "Dan"]
        .iter()
        .map(|name| json!({"name": name}))
        .collect();
    api.post(
        &format!("{BASE}/{id}/entrants"),
        json!({"entrants": entrants}),
    )
    .await;
    let round = api.post(&format!("{BASE}/{id}/rounds"), json!({})).await;
    round.json["table_links"][0]
        .as_str()
        .unwrap()
        .split("/api/v1/tables/")
        .nth(1)
        .unwrap()
        .to_string()
}

/// Each hand of a game, as a scorer keeps it: its score.
pub(crate) fn scored(game: Value) -> Vec<Value> {
    let hands: Vec<HandRecord> = serde_json::from_value(game).unwrap();
    hands
        .into_iter()
        .map(|hand| json!({"score": hand.score.unwrap()}))
        .collect()
}

async fn a_game_is_played_hand_by_hand_and_its_end_is_the_tables_result(ctx: TestContext) {
    let link = a_table_in_play(&ctx).await;
    let phone = ctx.api(None);
    let hands_at = format!("/api/v1/tables/{link}/hands");
    let hands = scored(random_game(8));
    let last = hands.len() - 1;
    let send = |key: String, hand: usize, record: &Value| {
        let (phone, hands_at, record) = (&phone, &hands_at, record.clone());
        async move {
            phone
                .post(
                    hands_at,
                    json!({"key": key, "game": 1, "hand": hand, "record": record}),
                )
                .await
        }
    };
    let mut feed = crate::live_feed::Feed::start(&ctx.address, "", None).await;
    let start = phone.get(&hands_at).await;
    assert_eq!(start.json["next"], json!({"game": 1, "hand": 1}));
    assert_eq!(start.json["games"], json!([]));

    // A score no hand of All Fives makes is refused at its hand, nothing kept.
    let refused = send("bad".into(), 1, &json!({"score": [3, 0]})).await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert!(
        refused.json.to_string().contains("Game 1, hand 1"),
        "{:?}",
        refused.json
    );
    for (index, hand) in hands[..last].iter().enumerate() {
        let sent = send(format!("k{index}"), index + 1, hand).await;
        assert_eq!(sent.status, 200, "{:?}", sent.json);
    }
    // Each hand is on the live feed as it is played, with the game's running totals.
    // (The round published just before the feed opened may come first.)
    let mut first = feed.next().await;
    if first.kind == "round" {
        first = feed.next().await;
    }
    assert_eq!(first.kind, "hands", "{first:?}");
    // An event says what the table holds when it is sent: the hands so far, and their totals.
    let so_far = first.data["games"][0]["hands"].as_u64().unwrap() as usize;
    assert!((1..=last).contains(&so_far), "{first:?}");
    let sum = |side: usize| -> i64 {
        hands[..so_far]
            .iter()
            .map(|hand| hand["score"][side].as_i64().unwrap())
            .sum()
    };
    assert_eq!(
        first.data["games"][0]["totals"],
        json!([sum(0), sum(1)]),
        "{first:?}"
    );
    // Sent again (the signal came back; a second phone): kept once.
    let again = send("k0".into(), 1, &hands[0]).await;
    assert_eq!(again.status, 200, "{:?}", again.json);
    assert_eq!(
        again.json["games"][0]["hands"].as_array().unwrap().len(),
        last
    );
    // Another phone's hand for a place already taken: refused, the game as it stands.
    let late = send("other phone".into(), last, &hands[last - 1]).await;
    assert_eq!(late.status, 409, "{:?}", late.json);
    assert!(
        late.json["error"]
            .as_str()
            .unwrap()
            .contains("entered that hand first"),
        "{:?}",
        late.json
    );
    let totals = |upto: usize, side: usize| -> i64 {
        hands[..upto]
            .iter()
            .map(|hand| hand["score"][side].as_i64().unwrap())
            .sum()
    };
    let now = phone.get(&hands_at).await;
    assert_eq!(
        now.json["games"][0]["totals"],
        json!([totals(last, 0), totals(last, 1)])
    );
    assert_eq!(now.json["games"][0]["winner"], Value::Null);
    assert_eq!(now.json["undoable"], json!({"game": 1, "hand": last}));

    // The last hand taken back, then entered again.
    let undone = phone.delete(&format!("{hands_at}/1/{last}")).await;
    assert_eq!(undone.status, 200, "{:?}", undone.json);
    assert_eq!(undone.json["next"], json!({"game": 1, "hand": last}));
    let not_last = phone.delete(&format!("{hands_at}/1/1")).await;
    assert_eq!(not_last.status, 409, "{:?}", not_last.json);
    let resent = send(format!("k{}", last - 1), last, &hands[last - 1]).await;
    assert_eq!(resent.status, 200, "{:?}", resent.json);

    // The winning hand ends the game, and the one-game table's result is entered by itself.
    let won = send("won".into(), last + 1, &hands[last]).await;
    assert_eq!(won.status, 200, "{:?}", won.json);
    assert!(won.json["games"][0]["winner"].is_u64(), "{:?}", won.json);
    assert_eq!(won.json["over"], true);
    assert_eq!(won.json["table"]["status"], "entered");
    assert_eq!(
        won.json["table"]["games"]["games"][0]
            .as_array()
            .unwrap()
            .len(),
        hands.len()
    );
    assert_eq!(
        won.json["table"]["game_points"],
        json!([totals(hands.len(), 0), totals(hands.len(), 1)])
    );
    let after = send("after".into(), 1, &hands[0]).await;
    assert_eq!(after.status, 409, "{:?}", after.json);
}
store_test!(a_game_is_played_hand_by_hand_and_its_end_is_the_tables_result);

async fn the_tables_page_takes_a_hand_as_it_is_scored(ctx: TestContext) {
    let link = a_table_in_play(&ctx).await;
    let hands = scored(random_game(9));
    let line = format!("{} {}", hands[0]["score"][0], hands[0]["score"][1]);
    let player = ctx.browser();
    let page = player.get(&format!("/tables/{link}")).await;
    assert!(
        page.body.contains("Game 1, hand 1: each side"),
        "{}",
        page.body
    );
    let key = crate::championship_pages::hidden(&page.body, "key");
    let form = [
        ("key", key.as_str()),
        ("game", "1"),
        ("hand", "1"),
        ("score", line.as_str()),
    ];
    let entered = player.submit(&format!("/tables/{link}/hands"), &form).await;
    assert_eq!(entered.status, 303, "{}", entered.body);
    // The same form sent again (a double tap, a reload) keeps nothing more.
    let again = player.submit(&format!("/tables/{link}/hands"), &form).await;
    assert_eq!(again.status, 303, "{}", again.body);
    let page = player.get(&format!("/tables/{link}")).await;
    let table = ctx.api(None).get(&format!("/api/v1/tables/{link}")).await;
    let seats = &table.json["table"]["seats"];
    let words = format!(
        "Game 1: {} {}, {} {} (in play)",
        seats[0].as_str().unwrap(),
        hands[0]["score"][0],
        seats[1].as_str().unwrap(),
        hands[0]["score"][1]
    );
    assert!(page.body.contains(&words), "{words}: {}", page.body);
    assert!(
        page.body.contains("Game 1, hand 2: each side"),
        "{}",
        page.body
    );
    let state = ctx
        .api(None)
        .get(&format!("/api/v1/tables/{link}/hands"))
        .await;
    assert_eq!(state.json["games"][0]["hands"].as_array().unwrap().len(), 1);
    // A line that is not a hand is refused on the page, in the players' words.
    let key = crate::championship_pages::hidden(&page.body, "key");
    let wrong = player
        .submit(
            &format!("/tables/{link}/hands"),
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
    // Taken back from the page.
    let undone = player
        .submit(
            &format!("/tables/{link}/hands/undo"),
            &[("game", "1"), ("hand", "1")],
        )
        .await;
    assert_eq!(undone.status, 303, "{}", undone.body);
    let state = ctx
        .api(None)
        .get(&format!("/api/v1/tables/{link}/hands"))
        .await;
    assert_eq!(state.json["games"], json!([]));
}
store_test!(the_tables_page_takes_a_hand_as_it_is_scored);
