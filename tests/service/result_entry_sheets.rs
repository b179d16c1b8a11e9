//! The ways a result sheet is entered through the pages and kept: game records pasted from
//! record-play, hands with their pegs, walkovers and conceded games, a long pasted record, and
//! the same form posted twice kept once.

use fives::domain::match_format::Side;
use fives::domain::match_result::{GameOutcome, ResultSheet};
use fives_rules::record::{HandRecord, play_games};

use crate::result_entry::{
    enter, entry_page, fields_of, fixture_page, post_with_key, set, signed_in, submission_key,
    submitted_page,
};
use crate::results_league::{SLUG, results_league};
use crate::support::TestContext;

async fn records_from_record_play_are_accepted_pasted_for_singles_and_pairs(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let captain = signed_in(&ctx, &league.home_captain).await;
    let (sheet, _) = league.random_result(51);
    let mut fields = fields_of(&sheet);
    let singles = play_games("fives-and-threes", 2, 7)
        .unwrap()
        .next()
        .unwrap();
    let pairs = play_games("fives-and-threes", 4, 8)
        .unwrap()
        .next()
        .unwrap();
    set(&mut fields, "g1_hands", "");
    set(&mut fields, "g1_record", &singles.to_json());
    set(&mut fields, "g3_hands", "");
    set(&mut fields, "g3_record", &pairs.to_json());
    enter(&captain, &entry_page(&league, 0), &fields)
        .await
        .assert_redirect_to(&submitted_page(&league, 0));
    let kept = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    let ResultSheet::Played { games } = &kept.sheet else {
        panic!("played")
    };
    assert_eq!(games[0].outcome, GameOutcome::Hands(singles.hands.clone()));
    assert_eq!(games[2].outcome, GameOutcome::Hands(pairs.hands.clone()));
    let page = ctx.browser().get(&fixture_page(&league, 0)).await;
    assert!(page.body.contains("Game 3 hand by hand"), "{}", page.body);

    // A record of another game is refused in players' words.
    let wrong = ctx.browser();
    drop(wrong);
    let other = league.fixtures[1].id;
    let captain_path = format!("/leagues/{SLUG}/fixtures/{other}/result");
    let mut fields = fields_of(&sheet);
    set(&mut fields, "g1_hands", "");
    set(&mut fields, "g1_record", &pairs.to_json());
    let page = enter(&captain, &captain_path, &fields).await;
    assert_eq!(page.status, 422);
    assert!(
        page.body
            .contains("Game 1: the pasted record has 4 seats; a singles game has 2."),
        "{}",
        page.body
    );
}
store_test!(records_from_record_play_are_accepted_pasted_for_singles_and_pairs);

async fn the_same_form_posted_twice_is_kept_once_and_a_second_result_is_refused(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let home = signed_in(&ctx, &league.home_captain).await;
    let away = signed_in(&ctx, &league.away_captain).await;
    let (sheet, _) = league.random_result(61);
    let fields = fields_of(&sheet);
    let form = home.get(&entry_page(&league, 0)).await;
    let key = submission_key(&form);
    for _ in 0..2 {
        post_with_key(&home, &entry_page(&league, 0), &key, &fields)
            .await
            .assert_redirect_to(&submitted_page(&league, 0));
    }
    assert_eq!(
        ctx.store
            .result_versions(league.fixtures[0].id)
            .await
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        ctx.store
            .result_history(league.fixtures[0].id)
            .await
            .unwrap()
            .len(),
        1
    );

    // The other captain, with a form opened before, is told plainly.
    let late = post_with_key(&away, &entry_page(&league, 0), "another-key", &fields).await;
    assert_eq!(late.status, 409, "{}", late.body);
    assert!(
        late.body
            .contains("A result for this fixture has already been submitted"),
        "{}",
        late.body
    );
    // The form now leads to the result.
    away.get(&entry_page(&league, 0))
        .await
        .assert_redirect_to(&fixture_page(&league, 0));
}
store_test!(the_same_form_posted_twice_is_kept_once_and_a_second_result_is_refused);

async fn walkovers_and_conceded_games_take_the_formats_score(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let captain = signed_in(&ctx, &league.home_captain).await;
    let (sheet, _) = league.random_result(71);
    let mut fields = fields_of(&sheet);
    set(&mut fields, "g3_conceded", "away");
    fields.retain(|(name, _)| !name.starts_with("g3_away_"));
    enter(&captain, &entry_page(&league, 0), &fields)
        .await
        .assert_redirect_to(&submitted_page(&league, 0));
    let kept = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    let ResultSheet::Played { games } = &kept.sheet else {
        panic!("played")
    };
    assert_eq!(games[2].outcome, GameOutcome::ConcededBy(Side::Away));
    let page = ctx.browser().get(&fixture_page(&league, 0)).await;
    assert!(
        page.body.contains("Conceded by Bell: a game to Anchor"),
        "{}",
        page.body
    );

    let walkover = enter(
        &captain,
        &entry_page(&league, 1),
        &[("walkover".to_string(), "home".to_string())],
    )
    .await;
    walkover.assert_redirect_to(&submitted_page(&league, 1));
    let page = ctx.browser().get(&fixture_page(&league, 1)).await;
    assert!(
        page.body
            .contains("Bell 0–3 Anchor (walkover: Bell did not play)"),
        "{}",
        page.body
    );
}
store_test!(walkovers_and_conceded_games_take_the_formats_score);

async fn hands_entered_with_their_pegs_are_checked_and_accepted(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let captain = signed_in(&ctx, &league.home_captain).await;
    let (sheet, checked) = league.random_result(121);
    let mut fields = fields_of(&sheet);
    let ResultSheet::Played { games } = &sheet else {
        panic!("played")
    };
    for (game, number) in games.iter().zip(1..) {
        let GameOutcome::Hands(hands) = &game.outcome else {
            panic!("played")
        };
        let with_pegs: Vec<HandRecord> = hands
            .iter()
            .map(|hand| HandRecord {
                pegs: hand.pegs.clone(),
                score: hand.score.clone(),
                ..HandRecord::default()
            })
            .collect();
        let lines = fives::domain::hand_lines::write_hand_lines(&with_pegs).unwrap();
        assert!(lines.contains(" | "), "{lines}");
        set(&mut fields, &format!("g{number}_hands"), &lines);
    }
    enter(&captain, &entry_page(&league, 0), &fields)
        .await
        .assert_redirect_to(&submitted_page(&league, 0));
    let kept = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(kept.score, checked.score);
}
store_test!(hands_entered_with_their_pegs_are_checked_and_accepted);

async fn a_long_pasted_record_is_not_cut_short_by_the_forms_size(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let captain = signed_in(&ctx, &league.home_captain).await;
    let (sheet, _) = league.random_result(131);
    let mut fields = fields_of(&sheet);
    let singles = play_games("fives-and-threes", 2, 9)
        .unwrap()
        .next()
        .unwrap();
    // Whitespace is JSON too: a record as long as a whole fixture's of every move.
    let long = format!("{}{}", singles.to_json(), " ".repeat(100_000));
    set(&mut fields, "g1_hands", "");
    set(&mut fields, "g1_record", &long);
    enter(&captain, &entry_page(&league, 0), &fields)
        .await
        .assert_redirect_to(&submitted_page(&league, 0));
}
store_test!(a_long_pasted_record_is_not_cut_short_by_the_forms_size);
