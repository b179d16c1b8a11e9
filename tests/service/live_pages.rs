//! Pages that update themselves, on both stores: a phone at 390 px reading a championship's
//! public page sees a table's result appear, entered elsewhere, without a reload and without
//! losing its place.

use std::time::Duration;

use fantoccini::Client;
use serde_json::{Value, json};

use crate::browser::{Chromium, step};
use crate::championship_formats::format_of;
use crate::championship_story::{organiser_api, random_game};
use crate::support::ApiClient;
use crate::support::TestContext;

const BASE: &str = "/api/v1/organisations/north/championships";

/// The first table's result cell, a marker set before (gone if the page reloaded), and the
/// page's "updated" line.
const READ_PAGE: &str = "return [
    document.querySelector('#live-content section[aria-labelledby=\"rounds-heading\"] tbody tr td:last-child').textContent,
    window.liveMarker === 42,
    document.getElementById('live-status').textContent,
    window.scrollY
];";

async fn watch_a_result_arrive(
    client: &Client,
    address: &str,
    page: &str,
    api: &ApiClient,
    table_result: &str,
) -> Result<(String, Value), String> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    client
        .goto(&format!("{address}{page}"))
        .await
        .map_err(step("open the championship's page"))?;
    client
        .execute("window.liveMarker = 42; window.scrollTo(0, 120);", vec![])
        .await
        .map_err(step("mark the page"))?;
    let before = client
        .execute(READ_PAGE, vec![])
        .await
        .map_err(step("read the page"))?;
    // Give the page's feed a moment to open, then enter the result through the API.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let entered = api
        .put(
            table_result,
            json!({"version": 0, "games": [random_game(3)]}),
        )
        .await;
    if entered.status != 200 {
        return Err(format!("enter the result: {:?}", entered.json));
    }
    for _ in 0..100 {
        let now = client
            .execute(READ_PAGE, vec![])
            .await
            .map_err(step("read the page again"))?;
        if now[0] != before[0] {
            return Ok((before[0].as_str().unwrap_or_default().to_string(), now));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err("see the result arrive within ten seconds".into())
}

async fn a_phone_reading_the_championship_sees_a_result_arrive_without_a_reload(ctx: TestContext) {
    let api = organiser_api(&ctx).await;
    let made = api
        .post(
            BASE,
            json!({"name": "Live Open", "starts_on": "2027-03-06", "ruleset": "all-fives",
                   "format": format_of(fives::domain::championship::Stages::Swiss { rounds: 3 })}),
        )
        .await;
    let id = made.json["id"].as_i64().unwrap();
    let names = [
        "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo",
    ];
    let entrants: Vec<Value> = names.iter().map(|name| json!({"name": name})).collect();
    let entered = api
        .post(
            &format!("{BASE}/{id}/entrants"),
            json!({"entrants": entrants}),
        )
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    let round = api.post(&format!("{BASE}/{id}/rounds"), json!({})).await;
    let table = &round.json["round"]["tables"][0]["id"];
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let seen = watch_a_result_arrive(
        chromium.client(),
        &ctx.address,
        &format!("/leagues/north/championships/{id}"),
        &api,
        &format!("{BASE}/{id}/tables/{table}/result"),
    )
    .await;
    chromium.close().await;
    let (before, now) = seen.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert_eq!(before, "playing");
    assert_eq!(now[0], "confirmed", "{now:?}");
    assert_eq!(now[1], true, "the page did not reload: {now:?}");
    assert!(
        now[2].as_str().unwrap().starts_with("Updated at"),
        "{now:?}"
    );
    assert_eq!(now[3], 120, "the reader's place is kept: {now:?}");
}
store_test!(a_phone_reading_the_championship_sees_a_result_arrive_without_a_reload);
