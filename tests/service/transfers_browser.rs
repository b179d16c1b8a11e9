//! On a 390 px phone, in Chromium: a captain picks a player of another team from the squad
//! page's list and asks for a transfer; the secretary taps the count on their dashboard and
//! approves it; both captains are mailed; no page on the way scrolls sideways.

use fantoccini::{Client, Locator};
use fives::domain::ids::PlayerId;

use crate::browser::{Chromium, fits, log_in, log_in_on_a_phone, step};
use crate::mail::mail_through_smtp;
use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::{PASSWORD, TestContext};

type Step<T = ()> = Result<T, String>;

/// Waits for the page's notice and answers its words.
async fn notice(client: &Client) -> Step<String> {
    client
        .wait()
        .for_element(Locator::Css("p.notice"))
        .await
        .map_err(step("see what was done"))?
        .text()
        .await
        .map_err(step("read the notice"))
}

async fn ask_and_approve(
    client: &Client,
    address: &str,
    league: &ResultsLeague,
    eve: PlayerId,
) -> Step {
    log_in_on_a_phone(client, address, &league.home_captain.email, PASSWORD).await?;
    let squad = format!("/teams/{}/squad", league.home);
    client
        .goto(&format!("{address}{squad}"))
        .await
        .map_err(step("open the squad page"))?;
    fits(client, "squad page").await?;
    client
        .find(Locator::Css("select#existing-player"))
        .await
        .map_err(step("find the league's players"))?
        .select_by_value(&eve.to_string())
        .await
        .map_err(step("choose Eve of Bell"))?;
    client
        .find(Locator::Css(&format!(
            "form[action='{squad}/existing'] button[type=submit]"
        )))
        .await
        .map_err(step("find the add button"))?
        .click()
        .await
        .map_err(step("add Eve"))?;
    let said = notice(client).await?;
    if !said.starts_with("Transfer asked for") {
        return Err(format!("the squad page said {said:?}"));
    }
    fits(client, "squad page with its transfer").await?;

    log_in(client, address, &league.secretary.email, PASSWORD).await?;
    client
        .find(Locator::Css(&format!(
            "a[href='/organise/{SLUG}/transfers']"
        )))
        .await
        .map_err(step("find the transfers to approve on the dashboard"))?
        .click()
        .await
        .map_err(step("open the transfers"))?;
    client
        .wait()
        .for_element(Locator::XPath("//main//h1[normalize-space()='Transfers']"))
        .await
        .map_err(step("see the transfers page"))?;
    fits(client, "transfers page").await?;
    client
        .find(Locator::Css("button[name=decision][value=approve]"))
        .await
        .map_err(step("find Approve"))?
        .click()
        .await
        .map_err(step("approve the transfer"))?;
    let said = notice(client).await?;
    if !said.starts_with("Transfer approved") {
        return Err(format!("the transfers page said {said:?}"));
    }
    fits(client, "transfers page once decided").await
}

async fn in_chromium_a_captain_asks_for_a_transfer_and_the_secretary_approves_it(ctx: TestContext) {
    let Some((smtp, service)) = mail_through_smtp(&ctx).await else {
        return;
    };
    let league = results_league(&ctx).await;
    let eve = league
        .away_squad
        .iter()
        .find(|member| member.name == "Eve")
        .unwrap()
        .id;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let outcome = ask_and_approve(chromium.client(), &service.address, &league, eve).await;
    chromium.close().await;
    if let Err(error) = outcome {
        panic!("in Chromium, could not {error}");
    }
    let anchor = ctx.store.squad_of(league.home).await.unwrap();
    assert!(anchor.iter().any(|member| member.id == eve), "{anchor:?}");
    let home_mail = smtp.wait_for(&league.home_captain.email, 1).await;
    assert!(
        home_mail[0].contains("Subject: Transfer approved: Eve joins Anchor"),
        "{}",
        home_mail[0]
    );
    let away_mail = smtp.wait_for(&league.away_captain.email, 2).await;
    assert!(
        away_mail
            .iter()
            .any(|mail| mail.contains("Subject: Transfer approved: Eve joins Anchor")),
        "{away_mail:?}"
    );
    service.stop().await;
}
store_test!(in_chromium_a_captain_asks_for_a_transfer_and_the_secretary_approves_it);
