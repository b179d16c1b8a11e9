//! A visitor in a real browser reads the demo league: the public standings page renders with
//! every team, and a team's link opens its page.

use fantoccini::{Client, Locator};
use fives::demo;

use crate::browser::Chromium;
use crate::support::TestContext;

async fn read_the_table_and_open_a_team(
    client: &Client,
    address: &str,
    division: &str,
) -> Result<(), String> {
    let step =
        |what: &'static str| move |error: fantoccini::error::CmdError| format!("{what}: {error}");
    client
        .goto(&format!("{address}{division}"))
        .await
        .map_err(step("open the division page"))?;
    client
        .wait()
        .for_element(Locator::XPath("//main//h1[normalize-space()='Premier']"))
        .await
        .map_err(step("see the division's heading"))?;
    let rows = client
        .find_all(Locator::Css(
            "section[aria-labelledby='standings-heading'] tbody tr",
        ))
        .await
        .map_err(step("find the standings rows"))?;
    if rows.len() != 8 {
        return Err(format!("the table has {} rows, not 8", rows.len()));
    }
    let first = rows[0]
        .find(Locator::Css("th a"))
        .await
        .map_err(step("find the leader's link"))?;
    let team = first.text().await.map_err(step("read the leader's name"))?;
    let position = rows[0]
        .find(Locator::Css("td"))
        .await
        .map_err(step("find the leader's position"))?
        .text()
        .await
        .map_err(step("read the leader's position"))?;
    if position != "1" {
        return Err(format!("the first row is in position {position}"));
    }
    first
        .click()
        .await
        .map_err(step("follow the leader's link"))?;
    client
        .wait()
        .for_element(Locator::XPath(&format!(
            "//main//h1[normalize-space()='{team}']"
        )))
        .await
        .map_err(step("see the team's page"))?;
    let url = client
        .current_url()
        .await
        .map_err(step("read the address"))?;
    if !url
        .path()
        .starts_with(&format!("/leagues/{}/teams/", demo::SLUG))
    {
        return Err(format!("the team link went to {url}"));
    }
    let main = client
        .find(Locator::Css("main"))
        .await
        .map_err(step("find the team page's content"))?
        .text()
        .await
        .map_err(step("read the team page"))?;
    for expected in ["Pub", "Squad", "Form"] {
        if !main.contains(expected) {
            return Err(format!("the team page has no {expected}: {main}"));
        }
    }
    Ok(())
}

async fn in_chromium_the_demo_standings_render_and_a_team_link_opens_the_team(ctx: TestContext) {
    demo::load(ctx.store.as_ref(), chrono::Utc::now(), 3)
        .await
        .unwrap();
    let organisation = ctx
        .store
        .organisation_by_slug(demo::SLUG)
        .await
        .unwrap()
        .unwrap();
    let competition = ctx
        .store
        .competitions_of(organisation.id)
        .await
        .unwrap()
        .remove(0);
    let season = ctx
        .store
        .seasons_of(competition.id)
        .await
        .unwrap()
        .remove(0);
    let premier = ctx.store.divisions_of(season.id).await.unwrap().remove(0);
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let division = format!("/leagues/{}/divisions/{}", demo::SLUG, premier.id);
    let outcome = read_the_table_and_open_a_team(chromium.client(), &ctx.address, &division).await;
    chromium.close().await;
    if let Err(error) = outcome {
        panic!("in Chromium, could not {error}");
    }
}
store_test!(in_chromium_the_demo_standings_render_and_a_team_link_opens_the_team);

/// What the division page looks like in a 390 px wide window: whether anything is wider than
/// the window, where the standings' points heading and the first result link end, and the
/// chart's drawing.
async fn division_on_a_phone(client: &Client, url: &str) -> Result<serde_json::Value, String> {
    let step =
        |what: &'static str| move |error: fantoccini::error::CmdError| format!("{what}: {error}");
    client
        .goto(url)
        .await
        .map_err(step("open the division page"))?;
    client
        .wait()
        .for_element(Locator::Css("table.standings"))
        .await
        .map_err(step("see the standings"))?;
    client
        .execute(
            r#"
            const width = document.documentElement.clientWidth;
            const box = element => {
                if (!element || element.offsetParent === null) return null;
                const rect = element.getBoundingClientRect();
                return { left: rect.left, right: rect.right };
            };
            const overflowing = [...document.querySelectorAll('main, main *')]
                .filter(element => element.scrollWidth > element.clientWidth + 1
                    && getComputedStyle(element).overflowX !== 'visible')
                .map(element => element.tagName + '.' + element.className);
            return {
                width,
                page: document.documentElement.scrollWidth,
                overflowing,
                points: box(document.querySelector('table.standings thead th:last-child')),
                result_link: box(document.querySelector('table.fixture-list td a[href*="/fixtures/"]')),
                subscribe_link: box(document.querySelector('a[data-subscribe]')),
                subscribe: document.querySelector('a[data-subscribe]')?.getAttribute('href') ?? null,
                chart: document.querySelector('svg.chart')?.outerHTML ?? null,
                legend: [...document.querySelectorAll('.chart-legend a')].map(link => ({
                    name: link.textContent.trim(),
                    font: parseFloat(getComputedStyle(link).fontSize),
                    right: link.getBoundingClientRect().right,
                })),
            };
            "#,
            vec![],
        )
        .await
        .map_err(step("measure the page"))
}

/// Taps the legend's second team and reads the positions page it opens: its width, the
/// chart's drawing and the team the legend marks as picked out.
async fn pick_out_a_team(client: &Client) -> Result<serde_json::Value, String> {
    let step =
        |what: &'static str| move |error: fantoccini::error::CmdError| format!("{what}: {error}");
    let links = client
        .find_all(Locator::Css(".chart-legend a"))
        .await
        .map_err(step("find the chart's legend"))?;
    let second = links.get(1).ok_or("a legend of at least two teams")?;
    let tapped = second.text().await.map_err(step("read the legend"))?;
    second
        .click()
        .await
        .map_err(step("tap a team in the legend"))?;
    client
        .wait()
        .for_element(Locator::XPath(
            "//main//h1[normalize-space()='Positions through the season']",
        ))
        .await
        .map_err(step("see the positions page"))?;
    let mut seen = client
        .execute(
            r#"return {
                width: document.documentElement.clientWidth,
                page: document.documentElement.scrollWidth,
                chart: document.querySelector('svg.chart')?.outerHTML ?? null,
                current: document.querySelector('.chart-legend a[aria-current]')?.textContent.trim() ?? null,
            };"#,
            vec![],
        )
        .await
        .map_err(step("measure the positions page"))?;
    seen["tapped"] = serde_json::Value::String(tapped.trim().to_string());
    Ok(seen)
}

async fn on_a_390_px_phone_the_division_page_fits_and_its_chart_follows_the_results(
    ctx: TestContext,
) {
    use fives::app::fixture_squads::FixtureSquads;
    use fives::domain::account::EmailAddress;
    use fives::domain::match_format::Side;
    use fives::domain::match_result::{ResultSheet, check_result};
    use fives::store::{FixtureAsRead, NewResult};

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
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let client = chromium.client();
    let url = format!(
        "{}/leagues/{}/divisions/{}",
        ctx.address,
        demo::SLUG,
        premier.id
    );
    let resized = client.set_window_size(390, 844).await;
    let before = match resized {
        Ok(()) => division_on_a_phone(client, &url).await,
        Err(error) => Err(format!("resize the window: {error}")),
    };

    // A result of the next round, confirmed: the chart gains a round.
    let fixture = store
        .fixtures_of_division(premier.id)
        .await
        .unwrap()
        .into_iter()
        .find(|fixture| fixture.round == 8)
        .unwrap();
    let squads = FixtureSquads::of(store, &fixture).await.unwrap();
    let sheet = ResultSheet::Walkover {
        conceded_by: Side::Away,
    };
    let checked = check_result(&sheet, squads.rules(&competition)).unwrap();
    let secretary = EmailAddress::try_from(league.secretary.as_str()).unwrap();
    let secretary = store
        .credentials(&secretary)
        .await
        .unwrap()
        .unwrap()
        .user
        .id;
    let submitted = store
        .submit_result(&NewResult {
            fixture: fixture.id,
            as_read: FixtureAsRead::from(&fixture),
            sheet: &sheet,
            checked: &checked,
            submission_key: "phone-test",
            by: secretary,
            for_team: None,
            at: chrono::Utc::now(),
            early_reason: Some("entered ahead for the test"),
        })
        .await
        .unwrap();
    store
        .confirm_result(
            fixture.id,
            submitted.result().id,
            secretary,
            chrono::Utc::now(),
        )
        .await
        .unwrap();
    let after = division_on_a_phone(client, &url).await;
    let picked = pick_out_a_team(client).await;
    chromium.close().await;

    let before = before.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    let after = after.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    let width = before["width"].as_f64().unwrap();
    assert!(width <= 400.0, "the window is {width} px wide");
    assert_eq!(
        before["page"].as_f64(),
        Some(width),
        "the page scrolls sideways: {before}"
    );
    assert_eq!(before["overflowing"], serde_json::json!([]), "{before}");
    // The calendar's subscribe link is a webcal: address of the site, for a phone's calendar.
    let subscribe = before["subscribe"].as_str().unwrap_or_default();
    assert!(
        subscribe.starts_with("webcal://127.0.0.1:")
            && subscribe.ends_with(&format!("/divisions/{}/fixtures.ics", premier.id)),
        "{before}"
    );
    for shown in ["points", "result_link", "subscribe_link"] {
        let right = before[shown]["right"].as_f64();
        assert!(
            right.is_some_and(|right| right <= width),
            "{shown} is not on screen: {before}"
        );
    }
    let chart = |page: &serde_json::Value| page["chart"].as_str().map(str::to_string);
    assert!(
        chart(&before).is_some_and(|svg| svg.contains("polyline")),
        "no chart: {before}"
    );
    assert_ne!(
        chart(&before),
        chart(&after),
        "the chart did not follow the new result"
    );
    // The legend names every team in type a phone can read, each on screen.
    let legend = before["legend"].as_array().unwrap();
    assert_eq!(legend.len(), 8, "{before}");
    for entry in legend {
        assert!(entry["font"].as_f64().unwrap() >= 12.0, "{entry}");
        assert!(entry["right"].as_f64().unwrap() <= width, "{entry}");
    }
    // A tap on a team picks out its line on a page of its own.
    let picked = picked.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert_eq!(picked["page"], picked["width"], "{picked}");
    assert_eq!(picked["current"], picked["tapped"], "{picked}");
    assert!(
        picked["chart"]
            .as_str()
            .is_some_and(|svg| svg.contains(r#"stroke-width="6""#)),
        "{picked}"
    );
}
store_test!(on_a_390_px_phone_the_division_page_fits_and_its_chart_follows_the_results);
