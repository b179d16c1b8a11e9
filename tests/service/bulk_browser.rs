//! A secretary on a 390 px phone pastes three teams into a division and sees them listed, then
//! invites two of their captains at once; neither page scrolls sideways.

use fantoccini::{Client, Locator};
use fives::domain::ids::DivisionId;

use crate::browser::{Chromium, fits, log_in_on_a_phone, step};
use crate::bulk_invites::invitations;
use crate::bulk_teams::{GUILD, TwoDivisions, two_divisions};
use crate::support::{PASSWORD, TestContext};

type Step<T = ()> = Result<T, String>;

async fn paste_three_teams(client: &Client, address: &str, league: &TwoDivisions) -> Step {
    log_in_on_a_phone(client, address, &league.secretary.email, PASSWORD).await?;
    client
        .goto(&format!(
            "{address}/organise/{GUILD}/seasons/{}",
            league.season
        ))
        .await
        .map_err(step("open the season page"))?;
    fits(client, "season page").await?;
    let premier = league.premier;
    client
        .find(Locator::Css(&format!(
            "textarea#division-{premier}-team-list"
        )))
        .await
        .map_err(step("find the list of teams"))?
        .send_keys("The Anchor\nThe Swan\nThe Mitre")
        .await
        .map_err(step("paste three teams"))?;
    client
        .find(Locator::Css(&format!(
            "form[action$='/divisions/{premier}/teams/list'] button"
        )))
        .await
        .map_err(step("find the button that adds them"))?
        .click()
        .await
        .map_err(step("add the teams"))?;
    for team in ["The Anchor", "The Swan", "The Mitre"] {
        client
            .wait()
            .for_element(Locator::XPath(&format!(
                "//section[@aria-labelledby='division-{premier}-heading']//li[normalize-space()='{team}']"
            )))
            .await
            .map_err(step("see the pasted teams listed in the division"))?;
    }
    fits(client, "season page with the teams").await
}

async fn invite_two_captains(
    client: &Client,
    division: DivisionId,
    fields: [(String, &str); 2],
) -> Step {
    client
        .find(Locator::Css(&format!(
            "a[href$='/divisions/{division}/invites']"
        )))
        .await
        .map_err(step("find the link to invite the captains"))?
        .click()
        .await
        .map_err(step("follow the link to invite the captains"))?;
    client
        .wait()
        .for_element(Locator::XPath(
            "//main//h1[normalize-space()='Invite the captains of Premier']",
        ))
        .await
        .map_err(step("see the invitation form"))?;
    fits(client, "invitation form").await?;
    for (field, email) in &fields {
        client
            .find(Locator::Css(&format!("input#{field}")))
            .await
            .map_err(step("find a captain's address field"))?
            .send_keys(email)
            .await
            .map_err(step("type a captain's address"))?;
    }
    client
        .find(Locator::XPath(
            "//main//button[normalize-space()='Invite these captains']",
        ))
        .await
        .map_err(step("find the button that invites them"))?
        .click()
        .await
        .map_err(step("invite the captains"))?;
    client
        .wait()
        .for_element(Locator::XPath(
            "//main//h1[normalize-space()='Captain invitations for Premier']",
        ))
        .await
        .map_err(step("see what became of the invitations"))?;
    for team in ["The Anchor", "The Mitre"] {
        client
            .find(Locator::XPath(&format!(
                "//main//li[h2[normalize-space()='{team}']]//input[contains(@value, '/invites/')]"
            )))
            .await
            .map_err(step("see each invited team with its link"))?;
    }
    let main = client
        .find(Locator::Css("main"))
        .await
        .map_err(step("find the page"))?
        .text()
        .await
        .map_err(step("read the page"))?;
    if main.contains("The Swan") || main.contains("The Bell") {
        return Err(format!("a team left blank was invited: {main}"));
    }
    fits(client, "page of invitations").await
}

async fn on_a_phone_a_secretary_pastes_three_teams_and_invites_two_captains_at_once(
    ctx: TestContext,
) {
    let league = two_divisions(&ctx).await;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let client = chromium.client();
    let mut outcome = paste_three_teams(client, &ctx.address, &league).await;
    if outcome.is_ok() {
        let teams = ctx.store.teams_of(league.premier).await.unwrap();
        let field = |name: &str| {
            let team = teams.iter().find(|team| team.name == name).unwrap();
            format!("captain-{}", team.id)
        };
        let fields = [
            (field("The Anchor"), "anchor.captain@example.org"),
            (field("The Mitre"), "mitre.captain@example.org"),
        ];
        outcome = invite_two_captains(client, league.premier, fields).await;
    }
    chromium.close().await;
    if let Err(error) = outcome {
        panic!("in Chromium at 390 px, could not {error}");
    }
    let names: Vec<String> = (ctx.store.teams_of(league.premier).await.unwrap())
        .into_iter()
        .map(|team| team.name)
        .collect();
    assert_eq!(names, ["The Anchor", "The Bell", "The Mitre", "The Swan"]);
    // One invitation for each address typed, none for the teams left blank.
    assert_eq!(invitations(&ctx).await, 2);
}
store_test!(on_a_phone_a_secretary_pastes_three_teams_and_invites_two_captains_at_once);
