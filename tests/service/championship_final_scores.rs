//! A championship that asks for each game's final score alone, on both stores: a table enters
//! "61 45" on its page or through the API, each score checked against the scores a game under
//! the championship's rules can end on, at two and three seats; the organiser's correction form
//! shows the games as they were entered; a championship that asks for the hands refuses a
//! final score; and on a phone at 390 px a table enters its final score.

use fantoccini::{Client, Locator};
use fives_rules::facts::game_ends;
use fives_rules::ruleset::{Preset, RulesetSpec};
use serde_json::{Value, json};

use crate::browser::{Chromium, step};
use crate::championship_story::organiser_api;
use crate::support::{ApiClient, TestContext};

const BASE: &str = "/api/v1/organisations/north/championships";

/// A players' Swiss of two rounds under `preset`, at `seats` a table, playing `table_play`,
/// asking `entry_level` of each game; answers its API address.
pub(crate) async fn made(
    api: &ApiClient,
    name: &str,
    preset: &str,
    seats: u32,
    table_play: Value,
    entry_level: &str,
    players: usize,
) -> String {
    let scoring = if seats == 2 {
        json!({"win": 1, "draw": 0.5, "loss": 0})
    } else {
        let places = &[3, 1, 0, 0][..seats as usize];
        json!({ "by_place": places })
    };
    let format = json!({
        "entrants": "players", "stages": {"kind": "swiss", "rounds": 2}, "seats": seats,
        "table_play": table_play, "scoring": scoring, "bye_points": 1,
        "tiebreaks": ["buchholz"], "seeding": "rating", "entry_level": entry_level,
    });
    let made = api
        .post(
            BASE,
            json!({"name": name, "starts_on": "2027-03-06", "ruleset": preset, "format": format}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    assert_eq!(made.json["format"]["entry_level"], entry_level);
    let event = format!("{BASE}/{}", made.json["id"]);
    let names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"];
    let entrants: Vec<Value> = names[..players]
        .iter()
        .zip(0..)
        .map(|(name, i)| json!({"name": name, "rating": 1900 - 10 * i}))
        .collect();
    let entered = api
        .post(&format!("{event}/entrants"), json!({"entrants": entrants}))
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    event
}

/// Publishes the next round: its tables and each table's link.
pub(crate) async fn published(api: &ApiClient, event: &str) -> (Vec<Value>, Vec<String>) {
    let round = api.post(&format!("{event}/rounds"), json!({})).await;
    assert_eq!(round.status, 201, "{:?}", round.json);
    let links = round.json["table_links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|link| {
            link.as_str()
                .unwrap()
                .split("/api/v1/tables/")
                .nth(1)
                .unwrap()
                .to_string()
        })
        .collect();
    (
        round.json["round"]["tables"].as_array().unwrap().clone(),
        links,
    )
}

async fn a_table_enters_its_games_by_their_final_scores_each_checked_by_the_rules(
    ctx: TestContext,
) {
    let api = organiser_api(&ctx).await;
    let event = made(
        &api,
        "Friday Quick Fives",
        "fives-and-threes",
        2,
        json!({"kind": "best-of", "games": 3}),
        "final",
        4,
    )
    .await;
    let (tables, links) = published(&api, &event).await;
    let player = ctx.browser();
    let page = format!("/tables/{}", links[0]);
    let form = player.get(&page).await;
    assert!(
        form.body.contains("id=\"final_3\"") && form.body.contains("id=\"game_3\""),
        "a final score's box and a hands' box for each of three games: {}",
        form.body
    );
    let sides = tables[0]["seats"].as_array().unwrap();
    let in_order = format!("{}, then {}", sides[0], sides[1]).replace('"', "");

    // A winner past the target of an exact finish, two totals at three, both boxes: each
    // refused at its game, nothing kept.
    let refused = player
        .submit(
            &page,
            &[
                ("version", "0"),
                ("final_1", "63 45"),
                ("final_2", "61 45 3"),
                ("final_3", "61 12"),
                ("game_3", "10 5"),
            ],
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains(&format!(
            "Game 2: “61 45 3” is not a final score; write each side&#39;s total in order ({in_order}), like 61 46."
        )),
        "{}",
        refused.body
    );
    assert!(
        refused
            .body
            .contains("Game 3: give its final score or its hands, not both."),
        "{}",
        refused.body
    );
    let fixed = player
        .submit(
            &page,
            &[
                ("version", "0"),
                ("final_1", "63 45"),
                ("final_2", "45-61"),
                ("final_3", "61, 12"),
            ],
        )
        .await;
    assert_eq!(fixed.status, 422, "{}", fixed.body);
    assert!(
        fixed.body.contains(
            "Game 1: a game to 61 is won on exactly 61, so the winner cannot finish on 63."
        ),
        "{}",
        fixed.body
    );
    let table = ctx
        .api(None)
        .get(&format!("/api/v1/tables/{}", links[0]))
        .await;
    assert_eq!(table.json["table"]["status"], "waiting", "nothing kept");

    let entered = player
        .submit(
            &page,
            &[
                ("version", "0"),
                ("final_1", "61 45"),
                ("final_2", "45-61"),
                ("final_3", "61, 12"),
            ],
        )
        .await;
    assert_eq!(entered.status, 200, "{}", entered.body);
    assert!(
        entered.body.contains("id=\"table-saved\""),
        "{}",
        entered.body
    );
    let table = ctx
        .api(None)
        .get(&format!("/api/v1/tables/{}", links[0]))
        .await;
    assert_eq!(table.json["table"]["status"], "entered");
    assert_eq!(
        table.json["table"]["games"]["games"],
        json!([{"final_score": [61, 45]}, {"final_score": [45, 61]}, {"final_score": [61, 12]}])
    );
    assert_eq!(table.json["table"]["points"], json!([1, 0]));
    assert_eq!(table.json["table"]["game_points"], json!([167, 118]));

    // The organiser enters the other table through the API; a third game after two won is
    // one too many, and a loser on the target is no game's end.
    let at = |id: &Value| format!("{event}/tables/{id}/result");
    let too_many = api
        .put(
            &at(&tables[1]["id"]),
            json!({"version": 0, "final_scores": [[61, 40], [61, 50], [10, 61]]}),
        )
        .await;
    assert_eq!(too_many.status, 422, "{:?}", too_many.json);
    assert!(
        too_many.json.to_string().contains("one too many"),
        "{:?}",
        too_many.json
    );
    let both_ways = api
        .put(
            &at(&tables[1]["id"]),
            json!({"version": 0, "final_scores": [[61, 40]], "games": [[{"score": [5, 0]}]]}),
        )
        .await;
    assert_eq!(both_ways.status, 422, "{:?}", both_ways.json);
    let entered = api
        .put(
            &at(&tables[1]["id"]),
            json!({"version": 0, "final_scores": [[61, 40], [61, 50]]}),
        )
        .await;
    assert_eq!(entered.status, 200, "{:?}", entered.json);

    // The correction form shows the games as entered: each final score in its box.
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let manage = event.replace("/api/v1/organisations/north", "/organise/north");
    let correction = organiser
        .get(&format!("{manage}/tables/{}", tables[1]["id"]))
        .await;
    assert_eq!(correction.status, 200, "{}", correction.body);
    assert!(
        correction.body.contains("name=\"final_1\" value=\"61 40\"")
            && correction.body.contains("name=\"final_2\" value=\"61 50\"")
            && correction.body.contains("name=\"final_3\" value=\"\""),
        "{}",
        correction.body
    );
    assert!(!correction.body.contains("final_score"), "no raw record");
    let corrected = organiser
        .submit(
            &format!("{manage}/tables/{}", tables[1]["id"]),
            &[
                ("version", "1"),
                ("final_1", "61 40"),
                ("final_2", "52 61"),
                ("final_3", "61 0"),
                ("reason", "The second game was misread"),
            ],
        )
        .await;
    assert_eq!(corrected.status, 303, "{}", corrected.body);
    let detail = ctx.api(None).get(&event).await;
    let kept = &detail.json["rounds"][0]["tables"][1];
    assert_eq!(kept["game_points"], json!([174, 101]), "{kept}");
}
store_test!(a_table_enters_its_games_by_their_final_scores_each_checked_by_the_rules);

async fn a_table_of_three_gives_three_totals_and_a_championship_asking_for_hands_refuses_them(
    ctx: TestContext,
) {
    let api = organiser_api(&ctx).await;
    let three = made(
        &api,
        "Boneyard Threes",
        "doubles-in-the-boneyard",
        3,
        json!({"kind": "one-game"}),
        "final",
        6,
    )
    .await;
    let (tables, _) = published(&api, &three).await;
    // A winner's and a loser's total, as the rules crate derives them for three players.
    let built = RulesetSpec::preset(Preset::DoublesInTheBoneyard)
        .build(3)
        .unwrap();
    let ends = game_ends(&built, -10_000);
    let won = *ends.winning.iter().next().unwrap();
    let lost = *ends.losing.iter().find(|&&total| total >= 0).unwrap();
    let unreachable = (0..built.target() as i32)
        .find(|total| !ends.losing.contains(total))
        .map(i64::from);
    let at = |id: &Value| format!("{three}/tables/{id}/result");
    let two_totals = api
        .put(
            &at(&tables[0]["id"]),
            json!({"version": 0, "final_scores": [[won, lost]]}),
        )
        .await;
    assert_eq!(two_totals.status, 422, "{:?}", two_totals.json);
    assert!(
        two_totals
            .json
            .to_string()
            .contains("a final score here is 3 totals, one a side in seat order"),
        "{:?}",
        two_totals.json
    );
    if let Some(unreachable) = unreachable {
        let wrong = api
            .put(
                &at(&tables[0]["id"]),
                json!({"version": 0, "final_scores": [[won, lost, unreachable]]}),
            )
            .await;
        assert_eq!(wrong.status, 422, "{:?}", wrong.json);
        assert!(
            wrong
                .json
                .to_string()
                .contains(&format!("can end with the loser on {unreachable}")),
            "{:?}",
            wrong.json
        );
    }
    let entered = api
        .put(
            &at(&tables[0]["id"]),
            json!({"version": 0, "final_scores": [[lost, won, lost]]}),
        )
        .await;
    assert_eq!(entered.status, 200, "{:?}", entered.json);
    assert_eq!(entered.json["table"]["points"], json!([1, 3, 1]));

    // Where the championship asks for every hand's score, a final score alone is refused.
    let hands = made(
        &api,
        "Hands Cup",
        "fives-and-threes",
        2,
        json!({"kind": "one-game"}),
        "hands",
        4,
    )
    .await;
    let (tables, links) = published(&api, &hands).await;
    let refused = ctx
        .api(None)
        .put(
            &format!("/api/v1/tables/{}/result", links[0]),
            json!({"version": 0, "final_scores": [[61, 45]]}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert!(
        refused
            .json
            .to_string()
            .contains("Game 1: this competition asks for every hand's score."),
        "{:?}",
        refused.json
    );
    let page = ctx.browser().get(&format!("/tables/{}", links[0])).await;
    assert!(!page.body.contains("id=\"final_1\""), "{}", page.body);
    assert_eq!(tables.len(), 2);
}
store_test!(a_table_of_three_gives_three_totals_and_a_championship_asking_for_hands_refuses_them);

async fn enter_a_final_score_on_a_phone(
    client: &Client,
    address: &str,
    link: &str,
) -> Result<(String, bool), String> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    client
        .goto(&format!("{address}/tables/{link}"))
        .await
        .map_err(step("open the table's page"))?;
    client
        .find(Locator::Id("final_1"))
        .await
        .map_err(step("find game 1's final score"))?
        .send_keys("61 45")
        .await
        .map_err(step("type 61 45"))?;
    client
        .find(Locator::XPath("//button[. = 'Enter the result']"))
        .await
        .map_err(step("find Enter the result"))?
        .click()
        .await
        .map_err(step("tap Enter the result"))?;
    let saved = client
        .wait()
        .for_element(Locator::Id("table-saved"))
        .await
        .map_err(step("see the result entered"))?
        .text()
        .await
        .map_err(step("read the notice"))?;
    let fits = client
        .execute(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .map_err(step("measure the page"))?;
    Ok((saved, fits == json!(true)))
}

async fn on_a_phone_a_table_enters_61_45(ctx: TestContext) {
    let api = organiser_api(&ctx).await;
    let event = made(
        &api,
        "Quick Fives",
        "fives-and-threes",
        2,
        json!({"kind": "one-game"}),
        "final",
        4,
    )
    .await;
    let (_, links) = published(&api, &event).await;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let seen = enter_a_final_score_on_a_phone(chromium.client(), &ctx.address, &links[0]).await;
    chromium.close().await;
    let (saved, fits) = seen.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert!(saved.contains("The result is entered"), "{saved}");
    assert!(fits, "the table's page scrolls sideways on a phone");
    let table = ctx
        .api(None)
        .get(&format!("/api/v1/tables/{}", links[0]))
        .await;
    assert_eq!(
        table.json["table"]["games"]["games"],
        json!([{"final_score": [61, 45]}])
    );
}
store_test!(on_a_phone_a_table_enters_61_45);
