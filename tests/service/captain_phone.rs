//! A captain on a 390 px phone: their team page keeps each fixture's link on screen, and a
//! result waiting for them is confirmed from the dashboard in one tap, which the division's
//! chart then shows.

use fantoccini::{Client, Locator};
use fives::demo;
use fives::domain::season_fixtures::FixtureStatus;

use crate::browser::{Chromium, log_in, step};
use crate::support::TestContext;

type Step<T = ()> = Result<T, String>;

/// Where an element's right edge is and how wide the window is; `None` for an element not
/// shown.
async fn right_edge(client: &Client, css: &str) -> Step<(Option<f64>, f64, f64)> {
    let measured = client
        .execute(
            r#"
            const element = document.querySelector(arguments[0]);
            const shown = element && element.offsetParent !== null;
            return [shown ? element.getBoundingClientRect().right : null,
                    document.documentElement.clientWidth,
                    document.documentElement.scrollWidth];
            "#,
            vec![serde_json::json!(css)],
        )
        .await
        .map_err(step("measure the page"))?;
    Ok((
        measured[0].as_f64(),
        measured[1].as_f64().unwrap_or(0.0),
        measured[2].as_f64().unwrap_or(0.0),
    ))
}

async fn chart(client: &Client, url: &str) -> Step<String> {
    client
        .goto(url)
        .await
        .map_err(step("open the division page"))?;
    let svg = client
        .wait()
        .for_element(Locator::Css("svg.chart"))
        .await
        .map_err(step("see the chart"))?;
    svg.html(false).await.map_err(step("read the chart"))
}

struct Seen {
    enter_link: (Option<f64>, f64, f64),
    confirm_button: (Option<f64>, f64, f64),
    chart_before: String,
    chart_after: String,
}

async fn confirm_from_the_dashboard(
    client: &Client,
    address: &str,
    captain: &str,
    team_page: &str,
    division: &str,
) -> Step<Seen> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    let chart_before = chart(client, division).await?;
    log_in(client, address, captain, demo::PASSWORD).await?;
    client
        .goto(&format!("{address}{team_page}"))
        .await
        .map_err(step("open the team page"))?;
    // The last column's link: to enter a result from the night, else to see it.
    let enter_link = right_edge(client, "table.team-fixtures td:last-child a").await?;
    client
        .goto(&format!("{address}/dashboard"))
        .await
        .map_err(step("open the dashboard"))?;
    let confirm_button = right_edge(client, "form.confirm-in-place button").await?;
    // The one tap.
    let button = client
        .find(Locator::Css("form.confirm-in-place button"))
        .await;
    button
        .map_err(step("find the Confirm button"))?
        .click()
        .await
        .map_err(step("tap Confirm"))?;
    client
        .wait()
        .for_element(Locator::XPath("//main//*[contains(., 'Confirmed')]"))
        .await
        .map_err(step("see the result confirmed"))?;
    let chart_after = chart(client, division).await?;
    Ok(Seen {
        enter_link,
        confirm_button,
        chart_before,
        chart_after,
    })
}

async fn on_a_phone_a_captain_confirms_from_the_dashboard_in_one_tap(ctx: TestContext) {
    let store = ctx.store.as_ref();
    let league = demo::load(store, chrono::Utc::now(), 3).await.unwrap();
    let organisation = store
        .organisation_by_slug(demo::SLUG)
        .await
        .unwrap()
        .unwrap();
    let competition = store
        .competitions_of(organisation.id)
        .await
        .unwrap()
        .remove(0);
    let season = store.seasons_of(competition.id).await.unwrap().remove(0);
    let premier = store.divisions_of(season.id).await.unwrap().remove(0);
    // The Premier's newest result waits for its away captain.
    let waiting = store
        .fixtures_of_division(premier.id)
        .await
        .unwrap()
        .into_iter()
        .find(|fixture| fixture.status == FixtureStatus::AwaitingConfirmation)
        .unwrap();
    let captain = &league
        .captains
        .iter()
        .find(|(team, _)| *team == waiting.away_team)
        .unwrap()
        .1;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let division = format!(
        "{}/leagues/{}/divisions/{}",
        ctx.address,
        demo::SLUG,
        premier.id
    );
    let team_page = format!("/teams/{}/manage", waiting.away_team_id);
    let seen = confirm_from_the_dashboard(
        chromium.client(),
        &ctx.address,
        captain,
        &team_page,
        &division,
    )
    .await;
    chromium.close().await;
    let seen = seen.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));

    for (what, (right, width, page)) in [
        ("The fixture's link", seen.enter_link),
        ("Confirm", seen.confirm_button),
    ] {
        assert!(width <= 400.0, "the window is {width} px wide");
        assert!(
            right.is_some_and(|right| right <= width),
            "{what} is not on screen: {right:?} of {width}"
        );
        assert!(page <= width, "the page scrolls sideways to {page} px");
    }
    let now = store.fixture(waiting.id).await.unwrap().unwrap();
    assert_eq!(now.status, FixtureStatus::Confirmed);
    assert_ne!(
        seen.chart_before, seen.chart_after,
        "the chart did not follow the confirmed result"
    );
}
store_test!(on_a_phone_a_captain_confirms_from_the_dashboard_in_one_tap);
