//! A captain amends a submitted result before the other side answers it: the form comes back
//! filled in with what was submitted, the amended version awaits the other side again (a
//! disputed one too), and the other side is mailed that it changed, with the score; a
//! withdrawal asks first and tells the other side; a dispute reaches the submitting captain.

use fives::domain::match_result::{GameOutcome, ResultSheet};

use crate::mail::{mail_through_smtp, signed_in};
use crate::result_entry::{enter, fields_of, post_with_key, submission_key};
use crate::results_league::{SLUG, results_league};
use crate::support::TestContext;

/// The hands of game 1 as the form writes them, one line a hand.
fn first_game_lines(sheet: &ResultSheet) -> String {
    let ResultSheet::Played { games } = sheet else {
        panic!("a played sheet");
    };
    let GameOutcome::Hands(hands) = &games[0].outcome else {
        panic!("a played game");
    };
    hands
        .iter()
        .map(|hand| {
            let score = hand.score.as_ref().unwrap();
            format!("{} {}", score[0], score[1])
        })
        .collect::<Vec<_>>()
        .join("\n")
}

async fn an_amended_result_comes_back_filled_in_and_asks_the_other_side_again(ctx: TestContext) {
    let Some((smtp, service)) = mail_through_smtp(&ctx).await else {
        return;
    };
    let league = results_league(&ctx).await;
    let fixture = format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[0].id);
    let (first, first_checked) = league.random_result(31);
    let (second, second_checked) = league.random_result(32);
    assert_ne!(
        first_checked.score, second_checked.score,
        "two different results"
    );

    let home = signed_in(service.browser(&ctx), &league.home_captain.email).await;
    enter(&home, &format!("{fixture}/result"), &fields_of(&first))
        .await
        .assert_redirect_to(&format!("{fixture}?done=submitted"));
    let asked = smtp.wait_for(&league.away_captain.email, 1).await;
    let score_line = |score| match score {
        fives::domain::match_format::FixtureScore::Played {
            home_games,
            away_games,
        } => format!("Anchor {home_games}–{away_games} Bell"),
        other => panic!("a played score, not {other:?}"),
    };
    assert!(
        asked[0].contains(&score_line(first_checked.score)),
        "{}",
        asked[0]
    );

    // The fixture offers the submitting captain an amendment; the form holds the submission.
    let page = home.get(&fixture).await;
    assert!(page.body.contains("Amend your result"), "{}", page.body);
    let submitted_version = page.result_version();
    let form = home.get(&format!("{fixture}/result/amend")).await;
    assert_eq!(form.status, 200, "{}", form.body);
    assert!(
        form.body.contains(&first_game_lines(&first)),
        "{}",
        form.body
    );
    let ResultSheet::Played { games } = &first else {
        panic!("a played sheet");
    };
    let chosen = format!(r#"<option value="{}" selected>"#, games[0].home[0].0);
    assert!(form.body.contains(&chosen), "{}", form.body);
    assert_eq!(form.result_version(), submitted_version);

    // The other captain cannot amend it.
    let away = signed_in(service.browser(&ctx), &league.away_captain.email).await;
    assert_eq!(
        away.get(&format!("{fixture}/result/amend")).await.status,
        403
    );

    let key = submission_key(&form);
    let mut fields = fields_of(&second);
    fields.push(("result".to_string(), submitted_version.clone()));
    post_with_key(&home, &format!("{fixture}/result/amend"), &key, &fields)
        .await
        .assert_redirect_to(&format!("{fixture}?done=amended"));
    let current = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(current.score, second_checked.score);
    assert_eq!(current.version, 2);
    let page = away.get(&fixture).await;
    assert!(page.body.contains("Amended"), "{}", page.body);
    assert!(page.body.contains("Confirm this result"), "{}", page.body);

    // Asked again, with the new score; the first version can no longer be confirmed.
    let mails = smtp.wait_for(&league.away_captain.email, 2).await;
    let changed = mails
        .iter()
        .find(|mail| mail.contains("Subject: Changed, please confirm again"))
        .unwrap_or_else(|| panic!("no mail says it changed: {mails:#?}"));
    assert!(
        changed.contains(&score_line(second_checked.score)),
        "{changed}"
    );
    assert!(
        changed.contains("The captain of Anchor has changed"),
        "{changed}"
    );
    let stale = away
        .submit(
            &format!("{fixture}/confirm"),
            &[("result", &submitted_version)],
        )
        .await;
    assert_eq!(stale.status, 409, "{}", stale.body);

    // Disputed, then amended: it awaits an answer again, and one mail says so.
    let version = away.get(&fixture).await.result_version();
    away.submit(
        &format!("{fixture}/dispute"),
        &[("result", &version), ("reason", "Game 2 was ours.")],
    )
    .await
    .assert_redirect_to(&fixture);
    // The dispute reaches the submitting captain as well as the organiser.
    let disputed = smtp.wait_for(&league.home_captain.email, 1).await;
    assert!(
        disputed[0].contains("Subject: Result disputed: Anchor v Bell"),
        "{}",
        disputed[0]
    );
    let form = home.get(&format!("{fixture}/result/amend")).await;
    let mut fields = fields_of(&first);
    fields.push(("result".to_string(), version));
    post_with_key(
        &home,
        &format!("{fixture}/result/amend"),
        &submission_key(&form),
        &fields,
    )
    .await
    .assert_redirect_to(&format!("{fixture}?done=amended"));
    let page = away.get(&fixture).await;
    assert!(page.body.contains("Confirm this result"), "{}", page.body);
    let mails = smtp.wait_for(&league.away_captain.email, 3).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        smtp.messages()
            .iter()
            .filter(|mail| mail.contains(&format!("X-RcptTo: {}", league.away_captain.email)))
            .count(),
        3,
        "one mail for the amendment of a disputed result: {mails:#?}"
    );
    service.stop().await;
}
store_test!(an_amended_result_comes_back_filled_in_and_asks_the_other_side_again);

async fn a_withdrawal_asks_first_and_tells_the_other_side(ctx: TestContext) {
    let Some((smtp, service)) = mail_through_smtp(&ctx).await else {
        return;
    };
    let league = results_league(&ctx).await;
    let fixture = format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[0].id);
    let home = signed_in(service.browser(&ctx), &league.home_captain.email).await;
    home.submit(
        &format!("{fixture}/result"),
        &[("walkover", "away"), ("submission_key", "withdraw-1")],
    )
    .await
    .assert_redirect_to(&format!("{fixture}?done=submitted"));
    let page = home.get(&fixture).await;
    assert!(page.body.contains("Are you sure?"), "{}", page.body);
    assert!(
        page.body.contains("Yes, withdraw this result"),
        "{}",
        page.body
    );
    home.submit(
        &format!("{fixture}/withdraw"),
        &[("result", &page.result_version())],
    )
    .await
    .assert_redirect_to(&format!("{fixture}?done=withdrawn"));
    let mails = smtp.wait_for(&league.away_captain.email, 2).await;
    let withdrawn = mails
        .iter()
        .find(|mail| mail.contains("Subject: Result withdrawn: Anchor v Bell"))
        .unwrap_or_else(|| panic!("no mail tells of the withdrawal: {mails:#?}"));
    assert!(
        withdrawn.contains("The captain of Anchor has withdrawn"),
        "{withdrawn}"
    );
    assert!(
        withdrawn.contains("a walkover: Bell did not play"),
        "{withdrawn}"
    );
    service.stop().await;
}
store_test!(a_withdrawal_asks_first_and_tells_the_other_side);
