//! On a 390 px phone, in Chromium: a captain amends a submitted result from the fixture's page,
//! the form arriving filled in with the submission, and the other side is asked again by mail;
//! the secretary re-dates a fixture onto a night one of its teams already plays, is refused in
//! the words of that night, then ticks the box and saves it; the secretary's dashboard counts
//! the demo's dispute, a tap from its list; no page scrolls sideways.

use fantoccini::{Client, Locator};

use crate::browser::{Chromium, fits, log_in_on_a_phone, step};
use crate::mail::mail_through_smtp;
use crate::result_entry::{enter, fields_of};
use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::{Browser, PASSWORD, TestContext};

type Step<T = ()> = Result<T, String>;

async fn text_of(client: &Client, css: &str, what: &'static str) -> Step<String> {
    client
        .wait()
        .for_element(Locator::Css(css))
        .await
        .map_err(step(what))?
        .text()
        .await
        .map_err(step(what))
}

async fn amend_from_the_fixture(
    client: &Client,
    address: &str,
    league: &ResultsLeague,
    first_hands: &str,
) -> Step {
    log_in_on_a_phone(client, address, &league.home_captain.email, PASSWORD).await?;
    let fixture = format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[0].id);
    client
        .goto(&format!("{address}{fixture}"))
        .await
        .map_err(step("open the fixture"))?;
    client
        .find(Locator::LinkText("Amend your result"))
        .await
        .map_err(step("find Amend your result"))?
        .click()
        .await
        .map_err(step("open the amendment"))?;
    let typed = client
        .wait()
        .for_element(Locator::Css("textarea#g1_hands"))
        .await
        .map_err(step("see game 1's hands"))?
        .prop("value")
        .await
        .map_err(step("read game 1's hands"))?
        .unwrap_or_default();
    if typed.trim() != first_hands.trim() {
        return Err(format!(
            "find game 1's hands filled in: {typed:?}, not {first_hands:?}"
        ));
    }
    fits(client, "amendment form").await?;
    client
        .find(Locator::Css("main form button[type=submit]"))
        .await
        .map_err(step("find the form's button"))?
        .click()
        .await
        .map_err(step("send the amendment"))?;
    let said = text_of(client, "#done", "see what was done").await?;
    if !said.starts_with("Your amended result has been kept.") {
        return Err(format!("see the amendment kept; the page said {said:?}"));
    }
    fits(client, "fixture page once amended").await
}

async fn in_chromium_a_captain_amends_a_result_arriving_filled_in(ctx: TestContext) {
    let Some((smtp, service)) = mail_through_smtp(&ctx).await else {
        return;
    };
    let league = results_league(&ctx).await;
    let (sheet, _) = league.random_result(61);
    let home = service.browser(&ctx);
    home.login_ok(&league.home_captain.email).await;
    let fixture = format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[0].id);
    enter(&home, &format!("{fixture}/result"), &fields_of(&sheet))
        .await
        .assert_redirect_to(&format!("{fixture}?done=submitted"));
    let first_hands = first_game_lines(&home, &fixture).await;
    assert!(!first_hands.is_empty(), "the form fills in game 1's hands");
    let before = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap()
        .id;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let outcome =
        amend_from_the_fixture(chromium.client(), &service.address, &league, &first_hands).await;
    chromium.close().await;
    outcome.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    let after = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap()
        .id;
    assert_ne!(before, after, "the amendment is a new version");
    // The other side is asked again: first to confirm, then told it changed.
    let mails = smtp.wait_for(&league.away_captain.email, 2).await;
    assert!(
        mails
            .iter()
            .any(|mail| mail.contains("Subject: Changed, please confirm again")),
        "{mails:?}"
    );
    service.stop().await;
}
store_test!(in_chromium_a_captain_amends_a_result_arriving_filled_in);

/// Game 1's hands as the amendment form fills them in, read over HTTP.
async fn first_game_lines(browser: &Browser, fixture: &str) -> String {
    let form = browser.get(&format!("{fixture}/result/amend")).await;
    let start = form
        .body
        .find(r#"id="g1_hands""#)
        .and_then(|at| form.body[at..].find('>').map(|end| at + end + 1))
        .expect("game 1's hands");
    let end = start + form.body[start..].find("</textarea>").unwrap();
    form.body[start..end].trim().to_string()
}

async fn redate_onto_a_played_night(
    client: &Client,
    address: &str,
    league: &ResultsLeague,
    night: &str,
) -> Step<(String, String)> {
    log_in_on_a_phone(client, address, &league.secretary.email, PASSWORD).await?;
    let fixture = format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[0].id);
    client
        .goto(&format!("{address}{fixture}"))
        .await
        .map_err(step("open the fixture"))?;
    client
        .find(Locator::XPath(
            "//summary[normalize-space()='Re-date this fixture']",
        ))
        .await
        .map_err(step("find Re-date this fixture"))?
        .click()
        .await
        .map_err(step("open the re-date form"))?;
    let date = client
        .find(Locator::Css("input#redate-date"))
        .await
        .map_err(step("find the new date"))?;
    // The field holds the fixture's date: typed over, as a secretary would.
    date.clear().await.map_err(step("clear the date"))?;
    date.send_keys(night)
        .await
        .map_err(step("type the night"))?;
    client
        .find(Locator::XPath(
            "//button[normalize-space()='Re-date this fixture']",
        ))
        .await
        .map_err(step("find the re-date button"))?
        .click()
        .await
        .map_err(step("re-date the fixture"))?;
    let refused = text_of(client, "#redate-error", "see the refusal").await?;
    let focused = client
        .execute("return document.activeElement.id;", vec![])
        .await
        .map_err(step("see where the focus is"))?;
    if focused.as_str() != Some("redate-error") {
        return Err(format!("find the focus on the refusal, not on {focused}"));
    }
    fits(client, "fixture page with the refusal").await?;
    client
        .find(Locator::Css("input[name=same_night]"))
        .await
        .map_err(step("find Play it on that night"))?
        .click()
        .await
        .map_err(step("tick Play it on that night"))?;
    client
        .find(Locator::XPath(
            "//button[normalize-space()='Re-date this fixture']",
        ))
        .await
        .map_err(step("find the re-date button again"))?
        .click()
        .await
        .map_err(step("re-date the fixture again"))?;
    let said = match text_of(client, "#done", "see the fixture moved").await {
        Ok(said) => said,
        Err(error) => {
            let url = client
                .current_url()
                .await
                .map_err(step("read the address"))?;
            let main = text_of(client, "main", "read the page").await?;
            let checked = client
                .execute(
                    "return [document.querySelector('input[name=same_night]')?.checked, \
                     document.querySelector('#redate-date')?.value];",
                    vec![],
                )
                .await
                .map_err(step("read the form"))?;
            return Err(format!("{error} at {url} ({checked}): {main}"));
        }
    };
    fits(client, "fixture page once moved").await?;
    Ok((refused, said))
}

async fn in_chromium_a_same_night_re_date_is_refused_then_confirmed(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let night = ctx
        .store
        .fixture(league.fixtures[1].id)
        .await
        .unwrap()
        .unwrap()
        .date;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let outcome = redate_onto_a_played_night(
        chromium.client(),
        &ctx.address,
        &league,
        &night.format("%d/%m/%Y").to_string(),
    )
    .await;
    chromium.close().await;
    let (refused, said) = outcome.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    let words = night.format("%a %-d %b %Y").to_string();
    assert!(
        refused.contains(&format!("already plays Anchor that night, {words}."))
            || refused.contains(&format!("already plays Bell that night, {words}.")),
        "{refused}"
    );
    assert!(said.contains(&format!("now plays on {words}")), "{said}");
    assert_eq!(
        ctx.store
            .fixture(league.fixtures[0].id)
            .await
            .unwrap()
            .unwrap()
            .date,
        night
    );
}
store_test!(in_chromium_a_same_night_re_date_is_refused_then_confirmed);

async fn tap_the_dispute_count(client: &Client, address: &str, secretary: &str) -> Step<String> {
    log_in_on_a_phone(client, address, secretary, fives::demo::PASSWORD).await?;
    let count = client
        .find(Locator::Css(&format!(
            "a[href='/organise/{}/results#disputed-heading']",
            fives::demo::SLUG
        )))
        .await
        .map_err(step("find the disputes on the dashboard"))?;
    let words = count.text().await.map_err(step("read the count"))?;
    fits(client, "dashboard").await?;
    count.click().await.map_err(step("tap the count"))?;
    let disputed = text_of(
        client,
        "section[aria-labelledby=disputed-heading] ul.alerts",
        "see the disputed results",
    )
    .await?;
    fits(client, "results page").await?;
    Ok(format!("{words} | {disputed}"))
}

async fn in_chromium_the_secretarys_dashboard_counts_a_dispute_a_tap_from_it(ctx: TestContext) {
    let league = fives::demo::load(ctx.store.as_ref(), chrono::Utc::now(), 2026)
        .await
        .unwrap();
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let seen = tap_the_dispute_count(chromium.client(), &ctx.address, &league.secretary).await;
    chromium.close().await;
    let seen = seen.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert!(seen.starts_with("1 dispute to decide | "), "{seen}");
    assert!(seen.contains("Disputed"), "{seen}");
}
store_test!(in_chromium_the_secretarys_dashboard_counts_a_dispute_a_tap_from_it);
