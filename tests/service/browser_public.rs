//! A visitor in a real browser reads the demo league: the public standings page renders with
//! every team, and a team's link opens its page.

use fantoccini::{Client, Locator};
use fives::demo;

use crate::browser::Chromium;

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

store_test! {
    async fn in_chromium_the_demo_standings_render_and_a_team_link_opens_the_team(ctx) {
        demo::load(ctx.store.as_ref(), chrono::Utc::now().date_naive(), 3).await.unwrap();
        let organisation = ctx.store.organisation_by_slug(demo::SLUG).await.unwrap().unwrap();
        let competition = ctx.store.competitions_of(organisation.id).await.unwrap().remove(0);
        let season = ctx.store.seasons_of(competition.id).await.unwrap().remove(0);
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
}
