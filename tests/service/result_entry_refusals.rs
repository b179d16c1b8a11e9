//! A result sheet refused through the pages, every way a sheet can be wrong shown at its game
//! and hand with what was typed kept, and the rules engine's refusals in players' words.

use fives::domain::match_result::ResultSheet;
use fives_rules::record::play_games;

use crate::result_entry::{enter, entry_page, field, fields_of, set, signed_in, submitted_page};
use crate::results_league::{SLUG, results_league};
use crate::support::{Page, TestContext};

async fn an_impossible_hand_score_is_shown_at_its_hand_with_everything_typed_kept(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let captain = signed_in(&ctx, &league.home_captain).await;
    let (sheet, _) = league.random_result(31);
    let good = fields_of(&sheet);
    let mut fields = good.clone();
    let game_2 = field(&good, "g2_hands").to_string();
    let mut lines: Vec<&str> = game_2.lines().collect();
    lines[0] = "59 0";
    let typed = lines.join("\n");
    set(&mut fields, "g2_hands", &typed);
    let page = enter(&captain, &entry_page(&league, 0), &fields).await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(
        page.body.contains(r##"href="#game-2-hand-1""##),
        "{}",
        page.body
    );
    assert!(page.body.contains(r#"id="game-2-hand-1""#), "{}", page.body);
    assert!(page.body.contains("Game 2, hand 1"), "{}", page.body);
    // What was typed is all still there, the wrong line included.
    assert!(page.body.contains(&typed), "{}", page.body);
    assert!(
        page.body.contains(field(&good, "g1_hands").trim_end()),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(&format!(
            r#"value="{}" selected"#,
            field(&good, "g3_home_2")
        )),
        "{}",
        page.body
    );
    // The running totals start from the hand as typed.
    assert!(
        page.body
            .contains("<td>59</td><td>0</td><td>59</td><td>0</td>"),
        "{}",
        page.body
    );
    assert!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap()
            .is_none()
    );

    // A line that is not a hand at all is named the same way.
    set(&mut fields, "g2_hands", &format!("{game_2}fourteen nine\n"));
    let unreadable = enter(&captain, &entry_page(&league, 0), &fields).await;
    assert_eq!(unreadable.status, 422);
    let hand = game_2.lines().count() + 1;
    assert!(
        unreadable.body.contains(&format!(
            "Game 2, hand {hand}: “fourteen nine” is not two scores"
        )),
        "{}",
        unreadable.body
    );

    // Put right, it goes in.
    enter(&captain, &entry_page(&league, 0), &good)
        .await
        .assert_redirect_to(&submitted_page(&league, 0));
}
store_test!(an_impossible_hand_score_is_shown_at_its_hand_with_everything_typed_kept);

async fn a_player_twice_and_a_game_without_a_winner_are_refused(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let captain = signed_in(&ctx, &league.away_captain).await;
    let (sheet, _) = league.random_result(41);
    let good = fields_of(&sheet);

    let mut twice = good.clone();
    let first_player = field(&good, "g1_home_1").to_string();
    set(&mut twice, "g2_home_1", &first_player);
    let page = enter(&captain, &entry_page(&league, 0), &twice).await;
    assert_eq!(page.status, 422);
    assert!(
        page.body.contains("has already played 1 singles game"),
        "{}",
        page.body
    );
    assert!(page.body.contains(r##"href="#game-2""##), "{}", page.body);

    let mut unfinished = good.clone();
    let game_3 = field(&good, "g3_hands").lines().next().unwrap().to_string();
    set(&mut unfinished, "g3_hands", &game_3);
    let page = enter(&captain, &entry_page(&league, 0), &unfinished).await;
    assert_eq!(page.status, 422);
    assert!(
        page.body.contains("Game 3: nobody has reached 61 yet"),
        "{}",
        page.body
    );

    let mut no_player = good.clone();
    no_player.retain(|(name, _)| name != "g1_away_1");
    let page = enter(&captain, &entry_page(&league, 0), &no_player).await;
    assert_eq!(page.status, 422);
    assert!(
        page.body.contains("Game 1: choose the Bell player."),
        "{}",
        page.body
    );

    let mut both = good.clone();
    set(&mut both, "g1_record", "{}");
    let page = enter(&captain, &entry_page(&league, 0), &both).await;
    assert_eq!(page.status, 422);
    assert!(
        page.body
            .contains("Game 1: enter the hands or paste a game record, not both."),
        "{}",
        page.body
    );
    assert!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap()
            .is_none()
    );
}
store_test!(a_player_twice_and_a_game_without_a_winner_are_refused);

async fn each_kind_of_impossible_hand_is_refused_with_its_own_message(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let captain = signed_in(&ctx, &league.home_captain).await;
    let (sheet, _) = league.random_result(111);
    let good = fields_of(&sheet);
    let cases = [
        // A hand score no hand can give.
        (
            "99 0\n",
            "Game 1, hand 1",
            "a hand of Fives and Threes cannot score 99",
        ),
        // A peg no placement can make.
        (
            "13 0 | 13 /\n",
            "Game 1, hand 1",
            "a domino laid in Fives and Threes cannot score 13",
        ),
        // Pegs that do not add up to the hand's score.
        ("13 0 | 4 4 /\n", "Game 1, hand 1", "their pegs make 8"),
        // Past 61 where the finish must be exact.
        (
            "20 0\n20 0\n20 0\n8 0\n",
            "Game 1, hand 4",
            "a hand of Fives and Threes cannot score 8",
        ),
    ];
    for (lines, place, rule) in cases {
        let mut fields = good.clone();
        set(&mut fields, "g1_hands", lines);
        let page = enter(&captain, &entry_page(&league, 0), &fields).await;
        assert_eq!(page.status, 422, "{lines}: {}", page.body);
        assert!(page.body.contains(place), "{lines}: {}", page.body);
        assert!(page.body.contains(rule), "{lines}: {}", page.body);
        assert!(
            page.body.contains(lines.trim_end()),
            "{lines} is kept: {}",
            page.body
        );
    }
    // The same player twice in the pairs game.
    let mut fields = good.clone();
    let partner = field(&good, "g3_home_1").to_string();
    set(&mut fields, "g3_home_2", &partner);
    let page = enter(&captain, &entry_page(&league, 0), &fields).await;
    assert_eq!(page.status, 422);
    assert!(
        page.body
            .contains("is named twice; a pairs game needs two different players."),
        "{}",
        page.body
    );
    assert!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap()
            .is_none()
    );
}
store_test!(each_kind_of_impossible_hand_is_refused_with_its_own_message);

/// A page's text as a person reads it: its apostrophes unescaped.
fn read(page: &Page) -> String {
    page.body.replace("&#x27;", "'").replace("&#39;", "'")
}

async fn the_rules_engines_refusals_reach_a_captain_in_players_words(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let captain = signed_in(&ctx, &league.home_captain).await;
    let (sheet, _) = league.random_result(57);
    let ResultSheet::Played { games } = &sheet else {
        panic!("a played sheet")
    };
    // Game 1 is singles at Fives and Threes, where the set passes on each hand: a record
    // whose first setter sets the second hand too.
    let mut record = play_games("fives-and-threes", 2, 7)
        .unwrap()
        .next()
        .unwrap();
    record.hands[1].leader = record.hands[0].leader;
    let name_of = |id| {
        league
            .home_squad
            .iter()
            .chain(&league.away_squad)
            .find(|member| member.id == id)
            .unwrap()
            .name
            .clone()
    };
    let seats = [name_of(games[0].home[0]), name_of(games[0].away[0])];
    let setter = record.hands[0].leader.unwrap();
    let expected = format!(
        "Game 1, hand 2: {} set this hand, but it was {}'s to set: the set passes to the next player each hand.",
        seats[setter],
        seats[1 - setter]
    );

    let mut fields = fields_of(&sheet);
    set(&mut fields, "g1_hands", "");
    set(&mut fields, "g1_record", &record.to_json());
    let page = enter(&captain, &entry_page(&league, 0), &fields).await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(read(&page).contains(&expected), "{}", page.body);
    assert!(!page.body.contains("rotate-left"), "{}", page.body);

    let token = captain.make_api_token("rule words").await;
    let api = ctx.api(Some(&token));
    let mut body = crate::api_results::body_of(&sheet);
    body["games"][0] = serde_json::json!({"home": body["games"][0]["home"], "away": body["games"][0]["away"], "record": record});
    let path = format!(
        "/api/v1/organisations/{SLUG}/fixtures/{}/result",
        league.fixtures[0].id
    );
    let refused = api.post(&path, body).await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_at("games[0].record.hands[1]").as_deref(),
        Some(expected.as_str())
    );

    // A text that is no game record is said so, and where it goes wrong, not in the
    // words of the program that read it.
    set(&mut fields, "g1_record", "{not a record");
    let page = enter(&captain, &entry_page(&league, 0), &fields).await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(
            read(&page).contains("Game 1: the pasted record cannot be read: it is not a game record as a scorer's program writes one (it goes wrong at line 1, column 2)."),
            "{}",
            page.body
        );
    assert!(!page.body.contains("bad JSON"), "{}", page.body);
    assert!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap()
            .is_none()
    );
}
store_test!(the_rules_engines_refusals_reach_a_captain_in_players_words);
