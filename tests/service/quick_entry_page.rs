//! The fixture page and its printable scoresheet: before a result, the sheet to print with
//! the games, both squads and a grid; after one, a line a game, each game's hands, then the
//! answers.

use crate::quick_entry::{fixture_page, post, signed_in};
use crate::results_league::results_league;
use crate::support::TestContext;

async fn the_fixture_page_puts_its_answers_after_the_scoresheet_and_links_a_printable_one(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let home = signed_in(&ctx, &league.home_captain).await;
    let away = signed_in(&ctx, &league.away_captain).await;
    let page = fixture_page(&league, 0);

    // Before any result: the scoresheet to print, with the games, both squads and a grid.
    let before = home.get(&page).await;
    assert!(
        before
            .body
            .contains(&format!(r#"href="{page}/scoresheet""#))
    );
    let sheet_page = ctx.browser().get(&format!("{page}/scoresheet")).await;
    assert_eq!(sheet_page.status, 200);
    for member in league.home_squad.iter().chain(&league.away_squad) {
        assert!(
            sheet_page
                .body
                .contains(&format!("<li>{}</li>", member.name)),
            "{}",
            member.name
        );
    }
    for heading in [
        "Game 1: singles to 61",
        "Game 2: singles to 61",
        "Game 3: pairs to 61",
    ] {
        assert!(sheet_page.body.contains(heading), "{heading}");
    }
    // A game to 61 gets 13 blank hands.
    assert_eq!(
        sheet_page
            .body
            .matches("<tr><th scope=\"row\">13</th>")
            .count(),
        3
    );
    assert!(!sheet_page.body.contains("<tr><th scope=\"row\">14</th>"));

    let (sheet, checked) = league.random_result(53);
    let mut fields = crate::result_interruptions::form_fields(&sheet);
    fields.push(("submission_key".into(), "page-order".into()));
    assert_eq!(
        post(&home, &format!("{page}/result"), &fields).await.status,
        303
    );
    let shown = away.get(&page).await;
    // One line a game, then each game's hands, then the answers, which look different.
    let summary = shown.body.find("Each game in a line").expect("the summary");
    let last_game = shown
        .body
        .find("Game 3 hand by hand")
        .expect("the last game's hands");
    let confirm = shown
        .body
        .find(r#"class="button-confirm""#)
        .expect("a confirm button");
    let dispute = shown
        .body
        .find(r#"class="button-dispute""#)
        .expect("a dispute button");
    assert!(summary < last_game && last_game < confirm && confirm < dispute);
    for line in &checked.games {
        let winner = match line.winner {
            fives::domain::match_format::Side::Home => "Anchor",
            fives::domain::match_format::Side::Away => "Bell",
        };
        let row = format!(
            "<td>{}–{}</td><td>{winner}</td>",
            line.home_points, line.away_points
        );
        assert!(shown.body.contains(&row), "{row}");
    }
    let stylesheet = reqwest::get(format!("{}/static/style.css", ctx.address))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        stylesheet.contains("button.button-confirm")
            && stylesheet.contains("button.button-dispute")
    );
    assert!(stylesheet.contains("@media print"));
    let script = reqwest::get(format!("{}/static/result-draft.js", ctx.address))
        .await
        .unwrap();
    assert!(
        script.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );
    assert!(script.text().await.unwrap().contains("localStorage"));
}
store_test!(the_fixture_page_puts_its_answers_after_the_scoresheet_and_links_a_printable_one);
