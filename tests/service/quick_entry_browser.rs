//! In Chromium at a phone's width (390 px): a captain of a league that asks for each game's
//! final score enters a nine-game result in under 40 inputs, loses the page half way (the draft
//! comes back), submits, and lands on the fixture told the result was kept.

use fantoccini::{Client, Locator};
use fives::domain::entry_level::EntryLevel;
use fives::domain::match_result::{GameOutcome, ResultSheet};

use crate::browser::{Chromium, choose_players, log_in, step};
use crate::results_league::{ResultsLeague, SLUG, nine_game_format, results_league_with};
use crate::support::PASSWORD;
use crate::support::TestContext;

type Step = Result<(), String>;

/// The most inputs a nine-game result at the quick level may take.
const MOST_INPUTS: usize = 40;

/// Whether the page is wider than the window, so that it would scroll sideways.
async fn scrolls_sideways(client: &Client) -> Result<bool, String> {
    let wider = client
        .execute(
            "return document.documentElement.scrollWidth > window.innerWidth;",
            Vec::new(),
        )
        .await
        .map_err(step("measure the page"))?;
    Ok(wider.as_bool().unwrap_or(true))
}

/// Chooses the players and types the final score of games `games`, counting each input.
async fn fill_in(
    client: &Client,
    sheet: &ResultSheet,
    games: std::ops::Range<usize>,
    inputs: &mut usize,
) -> Step {
    let ResultSheet::Played { games: all } = sheet else {
        return Err("a played sheet".to_string());
    };
    for index in games {
        let game = &all[index];
        let number = index + 1;
        *inputs += choose_players(client, number, game).await?;
        let GameOutcome::FinalScore { home, away } = game.outcome else {
            return Err("a game given by its final score".to_string());
        };
        client
            .find(Locator::Css(&format!("input#g{number}_score")))
            .await
            .map_err(step("find a game's score"))?
            .send_keys(&format!("{home} {away}"))
            .await
            .map_err(step("type a game's score"))?;
        *inputs += 1;
    }
    Ok(())
}

async fn value_of(client: &Client, css: &str) -> Result<String, String> {
    client
        .find(Locator::Css(css))
        .await
        .map_err(step("find a field"))?
        .prop("value")
        .await
        .map_err(step("read a field"))?
        .ok_or_else(|| format!("{css} has no value"))
}

async fn enter_nine_games_on_a_phone(
    client: &Client,
    address: &str,
    league: &ResultsLeague,
    sheet: &ResultSheet,
) -> Result<usize, String> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's width"))?;
    log_in(client, address, &league.home_captain.email, PASSWORD).await?;
    let entry = format!(
        "{address}/leagues/{SLUG}/fixtures/{}/result",
        league.fixtures[0].id
    );
    client
        .goto(&entry)
        .await
        .map_err(step("open the entry form"))?;
    let width = client
        .execute("return window.innerWidth;", Vec::new())
        .await
        .map_err(step("read the window's width"))?;
    if width.as_u64() != Some(390) {
        return Err(format!("the page is {width} px wide, not 390"));
    }
    if scrolls_sideways(client).await? {
        return Err("the entry form scrolls sideways at 390 px".to_string());
    }
    let mut inputs = 0;
    fill_in(client, sheet, 0..5, &mut inputs).await?;

    // The connection drops: the page is opened afresh, and what was typed comes back.
    client
        .goto(&entry)
        .await
        .map_err(step("open the entry form again"))?;
    client
        .wait()
        .for_element(Locator::Css("p.draft-restored"))
        .await
        .map_err(step("see the draft put back"))?;
    let ResultSheet::Played { games } = sheet else {
        return Err("a played sheet".to_string());
    };
    let GameOutcome::FinalScore { home, away } = games[4].outcome else {
        return Err("a game given by its final score".to_string());
    };
    let restored = value_of(client, "input#g5_score").await?;
    if restored != format!("{home} {away}") {
        return Err(format!("game 5's score came back as {restored:?}"));
    }
    let player = value_of(client, "select#g5_home_1").await?;
    if player != games[4].home[0].0.to_string() {
        return Err(format!("game 5's home player came back as {player:?}"));
    }
    fill_in(client, sheet, 5..9, &mut inputs).await?;

    client
        .find(Locator::XPath(
            "//button[normalize-space()='Submit the result']",
        ))
        .await
        .map_err(step("find the submit button"))?
        .click()
        .await
        .map_err(step("submit"))?;
    inputs += 1;
    let done = client
        .wait()
        .for_element(Locator::Css("#done"))
        .await
        .map_err(step("see that the result was kept"))?
        .text()
        .await
        .map_err(step("read the message"))?;
    if !done.starts_with("Your result has been kept.") {
        return Err(format!("the fixture's page says {done:?}"));
    }
    client
        .find(Locator::XPath(
            "//strong[normalize-space()='Awaiting confirmation']",
        ))
        .await
        .map_err(step("see the result awaiting confirmation"))?;
    let draft = client
        .execute(
            &format!(
                "return window.localStorage.getItem('fives:result-draft:{SLUG}:{}');",
                league.fixtures[0].id
            ),
            Vec::new(),
        )
        .await
        .map_err(step("look for the draft"))?;
    if !draft.is_null() {
        return Err("the draft is still kept after the result was".to_string());
    }
    if scrolls_sideways(client).await? {
        return Err("the fixture's page scrolls sideways at 390 px".to_string());
    }
    Ok(inputs)
}

async fn on_a_phone_a_nine_game_result_at_the_final_level_takes_under_forty_inputs(
    ctx: TestContext,
) {
    let league = results_league_with(&ctx, nine_game_format(), EntryLevel::Final, 6).await;
    let (sheet, checked) = league.random_result(61);
    let quick = crate::quick_entry::final_scores(&sheet, &checked);
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let outcome =
        enter_nine_games_on_a_phone(chromium.client(), &ctx.address, &league, &quick).await;
    chromium.close().await;
    let inputs = match outcome {
        Ok(inputs) => inputs,
        Err(error) => panic!("in Chromium, could not {error}"),
    };
    assert!(inputs < MOST_INPUTS, "{inputs} inputs");
    let kept = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(kept.sheet, quick);
    assert_eq!(kept.score, checked.score);
}
store_test!(on_a_phone_a_nine_game_result_at_the_final_level_takes_under_forty_inputs);
