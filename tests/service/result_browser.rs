//! In Chromium: a captain enters a result with an impossible hand score, sees the message at
//! that hand, puts it right and submits; the other captain confirms; the division's table
//! shows the points.

use fantoccini::{Client, Locator};
use fives::domain::match_result::{GameOutcome, ResultSheet};

use crate::browser::{choose_players, log_in, step};
use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::PASSWORD;
use crate::support::TestContext;

type Step = Result<(), String>;

async fn main_text(client: &Client) -> Result<String, String> {
    client
        .find(Locator::Css("main"))
        .await
        .map_err(step("find the main content"))?
        .text()
        .await
        .map_err(step("read the page"))
}

/// Types the hands of every game, `first_line` in place of game 1's first hand.
async fn fill_in(client: &Client, sheet: &ResultSheet, first_line: Option<&str>) -> Step {
    let ResultSheet::Played { games } = sheet else {
        return Err("a played sheet".to_string());
    };
    for (game, number) in games.iter().zip(1..) {
        choose_players(client, number, game).await?;
        let GameOutcome::Hands(hands) = &game.outcome else {
            return Err("a played game".to_string());
        };
        let mut lines: Vec<String> = hands
            .iter()
            .map(|hand| {
                let score = hand.score.as_ref().unwrap();
                format!("{} {}", score[0], score[1])
            })
            .collect();
        if number == 1
            && let Some(line) = first_line
        {
            lines[0] = line.to_string();
        }
        let textarea = client
            .find(Locator::Css(&format!("textarea#g{number}_hands")))
            .await
            .map_err(step("find a game's hands"))?;
        textarea.clear().await.map_err(step("clear the hands"))?;
        textarea
            .send_keys(&lines.join("\n"))
            .await
            .map_err(step("type the hands"))?;
    }
    Ok(())
}

async fn enter_confirm_and_see_the_table(
    client: &Client,
    address: &str,
    league: &ResultsLeague,
    sheet: &ResultSheet,
    points: (u32, u32),
) -> Step {
    let fixture = format!(
        "{address}/leagues/{SLUG}/fixtures/{}",
        league.fixtures[0].id
    );
    log_in(client, address, &league.home_captain.email, PASSWORD).await?;
    client
        .goto(&format!("{fixture}/result"))
        .await
        .map_err(step("open the entry form"))?;
    fill_in(client, sheet, Some("59 0")).await?;
    client
        .find(Locator::XPath(
            "//button[normalize-space()='Submit the result']",
        ))
        .await
        .map_err(step("find the submit button"))?
        .click()
        .await
        .map_err(step("submit"))?;
    let at_hand = client
        .wait()
        .for_element(Locator::Css("#game-1-hand-1"))
        .await
        .map_err(step("see game 1's hands after the check"))?;
    drop(at_hand);
    let message = client
        .find(Locator::XPath(
            "//tr[@id='game-1-hand-1']/following-sibling::tr[1]",
        ))
        .await
        .map_err(step("find the message under hand 1"))?
        .text()
        .await
        .map_err(step("read the message"))?;
    if !message.starts_with("Game 1, hand 1") {
        return Err(format!("the message at hand 1 is {message:?}"));
    }
    let summary = client
        .find(Locator::Css(".error-summary a[href='#game-1-hand-1']"))
        .await
        .map_err(step("find the summary's link to hand 1"))?
        .text()
        .await
        .map_err(step("read the summary"))?;
    if summary != message {
        return Err(format!(
            "the summary says {summary:?}, the hand {message:?}"
        ));
    }

    // Put right: the selects kept their players, so only the hands are typed again.
    fill_in(client, sheet, None).await?;
    // The page totals the hands as they are typed.
    let live = client
        .find(Locator::Css("#g1_hands + p.live-totals"))
        .await
        .map_err(step("find game 1's running totals"))?
        .text()
        .await
        .map_err(step("read game 1's running totals"))?;
    let ResultSheet::Played { games } = sheet else {
        return Err("a played sheet".to_string());
    };
    let GameOutcome::Hands(hands) = &games[0].outcome else {
        return Err("a played game".to_string());
    };
    let total = |side: usize| -> i64 {
        hands
            .iter()
            .map(|hand| hand.score.as_ref().unwrap()[side])
            .sum()
    };
    let expected = format!(
        "After {} hands: Anchor {}, Bell {}",
        hands.len(),
        total(0),
        total(1)
    );
    if live != expected {
        return Err(format!("the running totals say {live:?}, not {expected:?}"));
    }
    client
        .find(Locator::XPath(
            "//button[normalize-space()='Submit the result']",
        ))
        .await
        .map_err(step("find the submit button"))?
        .click()
        .await
        .map_err(step("submit again"))?;
    client
        .wait()
        .for_element(Locator::XPath(
            "//strong[normalize-space()='Awaiting confirmation']",
        ))
        .await
        .map_err(step("see the result awaiting confirmation"))?;

    log_in(client, address, &league.away_captain.email, PASSWORD).await?;
    client
        .goto(&fixture)
        .await
        .map_err(step("open the fixture"))?;
    client
        .find(Locator::XPath(
            "//button[normalize-space()='Confirm this result']",
        ))
        .await
        .map_err(step("find the confirm button"))?
        .click()
        .await
        .map_err(step("confirm"))?;
    client
        .wait()
        .for_element(Locator::XPath("//strong[normalize-space()='Confirmed']"))
        .await
        .map_err(step("see the result confirmed"))?;

    client
        .goto(&format!(
            "{address}/leagues/{SLUG}/divisions/{}",
            league.division
        ))
        .await
        .map_err(step("open the division"))?;
    let rows = client
        .find_all(Locator::Css(
            "section[aria-labelledby='standings-heading'] tbody tr",
        ))
        .await
        .map_err(step("find the table's rows"))?;
    let mut table = Vec::new();
    for row in rows {
        table.push(row.text().await.map_err(step("read a row"))?);
    }
    let anchor = table.iter().find(|row| row.contains("Anchor"));
    let bell = table.iter().find(|row| row.contains("Bell"));
    match (anchor, bell) {
        (Some(anchor), Some(bell))
            if anchor.ends_with(&format!(" {}", points.0))
                && bell.ends_with(&format!(" {}", points.1)) =>
        {
            Ok(())
        }
        _ => Err(format!(
            "the table does not give Anchor {} and Bell {} points: {table:?}\n{}",
            points.0,
            points.1,
            main_text(client).await?
        )),
    }
}

async fn in_chromium_a_result_is_put_right_at_its_hand_confirmed_and_counted(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (sheet, checked) = league.random_result(101);
    let points = league.format.points(checked.score);
    let Some(chromium) = crate::browser::Chromium::start().await else {
        return;
    };
    let outcome =
        enter_confirm_and_see_the_table(chromium.client(), &ctx.address, &league, &sheet, points)
            .await;
    chromium.close().await;
    if let Err(error) = outcome {
        panic!("in Chromium, could not {error}");
    }
}
store_test!(in_chromium_a_result_is_put_right_at_its_hand_confirmed_and_counted);

/// The hands of game `index` of a played sheet as lines, `replace` put in place of hand 1 or 2.
fn hand_lines(sheet: &ResultSheet, index: usize, replace: Option<(usize, &str)>) -> String {
    let ResultSheet::Played { games } = sheet else {
        panic!("a played sheet");
    };
    let GameOutcome::Hands(hands) = &games[index].outcome else {
        panic!("a played game");
    };
    let mut lines: Vec<String> = hands
        .iter()
        .map(|hand| {
            let score = hand.score.as_ref().unwrap();
            format!("{} {}", score[0], score[1])
        })
        .collect();
    if let Some((hand, line)) = replace {
        lines[hand - 1] = line.to_string();
    }
    lines.join("\n")
}

/// One submit of a result with a line that cannot be read (game 1), a score the game cannot
/// make (game 2), and a game whose players are not chosen and whose first hand is impossible
/// too (game 3): every problem is told at once, in the order of the games, and the reader is
/// taken to the summary.
async fn submit_every_mistake_at_once(
    client: &Client,
    address: &str,
    league: &ResultsLeague,
    sheet: &ResultSheet,
) -> Step {
    let ResultSheet::Played { games } = sheet else {
        return Err("a played sheet".to_string());
    };
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    log_in(client, address, &league.home_captain.email, PASSWORD).await?;
    client
        .goto(&format!(
            "{address}/leagues/{SLUG}/fixtures/{}/result",
            league.fixtures[0].id
        ))
        .await
        .map_err(step("open the entry form"))?;
    choose_players(client, 1, &games[0]).await?;
    choose_players(client, 2, &games[1]).await?;
    let typed = [
        hand_lines(sheet, 0, Some((2, "five three"))),
        hand_lines(sheet, 1, Some((1, "59 0"))),
        hand_lines(sheet, 2, Some((1, "59 0"))),
    ];
    for (number, lines) in (1..).zip(&typed) {
        client
            .find(Locator::Css(&format!("textarea#g{number}_hands")))
            .await
            .map_err(step("find a game's hands"))?
            .send_keys(lines)
            .await
            .map_err(step("type the hands"))?;
    }
    client
        .find(Locator::XPath(
            "//button[normalize-space()='Submit the result']",
        ))
        .await
        .map_err(step("find the submit button"))?
        .click()
        .await
        .map_err(step("submit"))?;
    client
        .wait()
        .for_element(Locator::Css(".error-summary a"))
        .await
        .map_err(step("see the error summary"))?;
    let mut links = Vec::new();
    for link in client
        .find_all(Locator::Css(".error-summary a"))
        .await
        .map_err(step("find the summary's links"))?
    {
        let href = link
            .attr("href")
            .await
            .map_err(step("read a link"))?
            .unwrap_or_default();
        links.push(href);
    }
    // Where game 3's impossible score is found is the rules' to say (a pairs hand may score
    // 59; the next one cannot go past the target).
    let wanted = ["#game-1-hand-2", "#game-2-hand-1", "#game-3"];
    if links.len() != 4 || links[..3] != wanted || !links[3].starts_with("#game-3-hand-") {
        return Err(format!(
            "the summary links {links:?}, not {wanted:?}\n{}",
            main_text(client).await?
        ));
    }
    let (focused, fits) = client
        .execute(
            "return [document.activeElement.classList.contains('error-summary'),
                     document.documentElement.scrollWidth <= document.documentElement.clientWidth];",
            vec![],
        )
        .await
        .map_err(step("ask where the focus is"))?
        .as_array()
        .map(|both| (both[0].as_bool(), both[1].as_bool()))
        .unwrap_or_default();
    if focused != Some(true) {
        return Err("the focus is not on the error summary".to_string());
    }
    if fits != Some(true) {
        return Err("the form with its problems scrolls sideways at 390 px".to_string());
    }
    // What was typed is kept: the players chosen, the hands as typed.
    let kept = client
        .find(Locator::Css("select#g2_home_1 option:checked"))
        .await
        .map_err(step("find game 2's home player"))?
        .attr("value")
        .await
        .map_err(step("read game 2's home player"))?;
    if kept != Some(games[1].home[0].0.to_string()) {
        return Err(format!("game 2's home player came back as {kept:?}"));
    }
    Ok(())
}

async fn in_chromium_one_submit_tells_every_mistake_of_a_result(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (sheet, _) = league.random_result(102);
    let Some(chromium) = crate::browser::Chromium::start().await else {
        return;
    };
    let outcome =
        submit_every_mistake_at_once(chromium.client(), &ctx.address, &league, &sheet).await;
    chromium.close().await;
    if let Err(error) = outcome {
        panic!("in Chromium, could not {error}");
    }
}
store_test!(in_chromium_one_submit_tells_every_mistake_of_a_result);
