//! Entering, confirming, disputing and correcting a fixture's result through the pages, on
//! both stores: the story from a captain's submission to the standings, every way a sheet can
//! be wrong shown at its game and hand with what was typed kept, pasted game records, a
//! double tap, and who may do what.

use fives::domain::match_format::Side;
use fives::domain::match_result::{GameOutcome, ResultSheet};
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::{ResultAction, User};
use fives_rules::record::{HandRecord, play_games};

use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::{Browser, Page, TestContext};

async fn signed_in(ctx: &TestContext, user: &User) -> Browser {
    let browser = ctx.browser();
    browser.login_ok(&user.email).await;
    browser
}

fn fixture_page(league: &ResultsLeague, index: usize) -> String {
    format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[index].id)
}

/// Where a captain lands after submitting: the fixture's page, saying the result was kept.
fn submitted_page(league: &ResultsLeague, index: usize) -> String {
    format!("{}?done=submitted", fixture_page(league, index))
}

fn entry_page(league: &ResultsLeague, index: usize) -> String {
    format!("{}/result", fixture_page(league, index))
}

fn scores_only(hands: &[HandRecord]) -> String {
    hands
        .iter()
        .map(|hand| {
            let score = hand.score.as_ref().unwrap();
            format!("{} {}\n", score[0], score[1])
        })
        .collect()
}

/// The form's fields for a sheet, each game's hands as quick-entry lines.
fn fields_of(sheet: &ResultSheet) -> Vec<(String, String)> {
    let mut fields = Vec::new();
    let ResultSheet::Played { games } = sheet else {
        panic!("a played sheet");
    };
    for (game, number) in games.iter().zip(1..) {
        for (side, players) in [("home", &game.home), ("away", &game.away)] {
            for (player, index) in players.iter().zip(1..) {
                fields.push((format!("g{number}_{side}_{index}"), player.0.to_string()));
            }
        }
        if let GameOutcome::Hands(hands) = &game.outcome {
            fields.push((format!("g{number}_hands"), scores_only(hands)));
        }
    }
    fields
}

fn set(fields: &mut Vec<(String, String)>, name: &str, value: &str) {
    fields.retain(|(field, _)| field != name);
    fields.push((name.to_string(), value.to_string()));
}

fn field<'a>(fields: &'a [(String, String)], name: &str) -> &'a str {
    &fields.iter().find(|(field, _)| field == name).unwrap().1
}

/// Opens the entry form (which gives the submission key) and posts `fields` with it.
async fn enter(browser: &Browser, path: &str, fields: &[(String, String)]) -> Page {
    let form = browser.get(path).await;
    assert_eq!(form.status, 200, "{}", form.body);
    let key = submission_key(&form);
    post_with_key(browser, path, &key, fields).await
}

fn submission_key(page: &Page) -> String {
    let prefix = r#"name="submission_key" value=""#;
    let start = page.body.find(prefix).expect("a submission key") + prefix.len();
    let end = page.body[start..].find('"').unwrap();
    page.body[start..start + end].to_string()
}

async fn post_with_key(
    browser: &Browser,
    path: &str,
    key: &str,
    fields: &[(String, String)],
) -> Page {
    let mut all: Vec<(&str, &str)> = vec![("submission_key", key)];
    all.extend(
        fields
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str())),
    );
    browser.submit(path, &all).await
}

/// Each team's points in the division's standings.csv, as (team name, points).
async fn points(ctx: &TestContext, league: &ResultsLeague) -> Vec<(String, u32)> {
    let body = reqwest::get(format!(
        "{}/leagues/{SLUG}/divisions/{}/standings.csv",
        ctx.address, league.division
    ))
    .await
    .unwrap()
    .text()
    .await
    .unwrap();
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let mut rows: Vec<(String, u32)> = reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            (record[1].to_string(), record[9].parse().unwrap())
        })
        .collect();
    rows.sort();
    rows
}

async fn status(ctx: &TestContext, league: &ResultsLeague, index: usize) -> FixtureStatus {
    ctx.store
        .fixture(league.fixtures[index].id)
        .await
        .unwrap()
        .unwrap()
        .status
}

fn result_id(page: &Page) -> String {
    let prefix = r#"name="result" value=""#;
    let start = page.body.find(prefix).expect("an answer form") + prefix.len();
    let end = page.body[start..].find('"').unwrap();
    page.body[start..start + end].to_string()
}

async fn a_result_is_submitted_disputed_corrected_and_counts_only_once_confirmed(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let home_captain = signed_in(&ctx, &league.home_captain).await;
    let away_captain = signed_in(&ctx, &league.away_captain).await;
    let secretary = signed_in(&ctx, &league.secretary).await;
    let nobody_yet = vec![("Anchor".to_string(), 0), ("Bell".to_string(), 0)];

    // The captain's team page leads to the entry form.
    let team_page = home_captain
        .get(&format!("/teams/{}/manage", league.home))
        .await;
    assert!(
        team_page
            .body
            .contains(&format!(r#"href="{}""#, entry_page(&league, 0))),
        "{}",
        team_page.body
    );

    let (sheet, checked) = league.random_result(21);
    let submitted = enter(&home_captain, &entry_page(&league, 0), &fields_of(&sheet)).await;
    submitted.assert_redirect_to(&submitted_page(&league, 0));
    assert_eq!(
        status(&ctx, &league, 0).await,
        FixtureStatus::AwaitingConfirmation
    );
    assert_eq!(points(&ctx, &league).await, nobody_yet);

    let page = away_captain.get(&fixture_page(&league, 0)).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Awaiting confirmation"), "{}", page.body);
    assert!(page.body.contains("Game 1 hand by hand"), "{}", page.body);
    assert!(page.body.contains("Confirm this result"), "{}", page.body);
    assert!(page.body.contains("Dispute this result"), "{}", page.body);
    // The submitting captain is not offered an answer, and may not give one.
    let own = home_captain.get(&fixture_page(&league, 0)).await;
    assert!(!own.body.contains("Confirm this result"), "{}", own.body);
    let version = result_id(&page);
    let refused = home_captain
        .submit(
            &format!("{}/confirm", fixture_page(&league, 0)),
            &[("result", &version)],
        )
        .await;
    assert_eq!(refused.status, 403);

    // A dispute needs a reason.
    let dispute_path = format!("{}/dispute", fixture_page(&league, 0));
    let no_reason = away_captain
        .submit(&dispute_path, &[("result", &version), ("reason", "  ")])
        .await;
    assert_eq!(no_reason.status, 422);
    assert!(
        no_reason.body.contains("Say what is wrong"),
        "{}",
        no_reason.body
    );
    let reason = "Game 2 was ours: the scores are the wrong way round.";
    away_captain
        .submit(&dispute_path, &[("result", &version), ("reason", reason)])
        .await
        .assert_redirect_to(&fixture_page(&league, 0));
    assert_eq!(status(&ctx, &league, 0).await, FixtureStatus::Disputed);
    assert_eq!(points(&ctx, &league).await, nobody_yet);

    // The secretary corrects it from a form holding the result as it stands.
    let correct_path = format!("{}/correct", fixture_page(&league, 0));
    let form = secretary.get(&correct_path).await;
    assert_eq!(form.status, 200, "{}", form.body);
    let first_hands = field(&fields_of(&sheet), "g1_hands").to_string();
    assert!(form.body.contains(first_hands.trim_end()), "{}", form.body);
    let (corrected, corrected_check) = league.random_result(22);
    let key = submission_key(&form);
    let without_reason =
        post_with_key(&secretary, &correct_path, &key, &fields_of(&corrected)).await;
    assert_eq!(without_reason.status, 422);
    assert!(
        without_reason
            .body
            .contains("Say why the result is corrected"),
        "{}",
        without_reason.body
    );
    let mut correction = fields_of(&corrected);
    set(
        &mut correction,
        "reason",
        "Checked the scoresheet with both captains.",
    );
    post_with_key(&secretary, &correct_path, &key, &correction)
        .await
        .assert_redirect_to(&fixture_page(&league, 0));
    assert_eq!(status(&ctx, &league, 0).await, FixtureStatus::Confirmed);
    let (home_points, away_points) = league.format.points(corrected_check.score);
    assert_eq!(
        points(&ctx, &league).await,
        [
            ("Anchor".to_string(), home_points),
            ("Bell".to_string(), away_points)
        ]
    );
    let versions = ctx
        .store
        .result_versions(league.fixtures[0].id)
        .await
        .unwrap();
    assert_eq!(versions.len(), 2);
    assert_eq!(versions[0].score, checked.score);

    // The public page says it was corrected, and its history has every step.
    let public = ctx.browser().get(&fixture_page(&league, 0)).await;
    assert_eq!(public.status, 200);
    assert!(
        public.body.contains("corrected by the league on"),
        "{}",
        public.body
    );
    let history = public.body.split("History of this result").nth(1).unwrap();
    for words in [
        "Submitted",
        "Disputed",
        "Corrected",
        reason,
        "Checked the scoresheet with both captains.",
        "captain of Anchor",
        "captain of Bell",
        "the league",
        "version 1: Anchor",
        "→ version 2: Anchor",
    ] {
        assert!(history.contains(words), "{words}: {history}");
    }
    // Addresses are for the organisers' eyes.
    assert!(
        !public.body.contains(&league.home_captain.email),
        "{}",
        public.body
    );
    let organisers_view = secretary.get(&fixture_page(&league, 0)).await;
    assert!(organisers_view.body.contains(&league.home_captain.email));

    // The return fixture: Bell's captain submits, Anchor's confirms; it counts then.
    let before = points(&ctx, &league).await;
    let (home_squad, away_squad) = (league.away_squad.clone(), league.home_squad.clone());
    let rules = fives::domain::match_result::ResultRules {
        ruleset: &league.ruleset,
        format: &league.format,
        level: fives::domain::entry_level::EntryLevel::Hands,
        home_squad: &home_squad,
        away_squad: &away_squad,
    };
    let return_sheet = fives::demo::random_result(rules, &mut fives_rules::random::seeded(23));
    let return_check = fives::domain::match_result::check_result(&return_sheet, rules).unwrap();
    enter(
        &away_captain,
        &entry_page(&league, 1),
        &fields_of(&return_sheet),
    )
    .await
    .assert_redirect_to(&submitted_page(&league, 1));
    assert_eq!(points(&ctx, &league).await, before);
    let page = home_captain.get(&fixture_page(&league, 1)).await;
    let version = result_id(&page);
    home_captain
        .submit(
            &format!("{}/confirm", fixture_page(&league, 1)),
            &[("result", &version)],
        )
        .await
        .assert_redirect_to(&fixture_page(&league, 1));
    assert_eq!(status(&ctx, &league, 1).await, FixtureStatus::Confirmed);
    let (bell, anchor) = league.format.points(return_check.score);
    assert_eq!(
        points(&ctx, &league).await,
        [
            ("Anchor".to_string(), before[0].1 + anchor),
            ("Bell".to_string(), before[1].1 + bell)
        ]
    );
    let division = ctx
        .browser()
        .get(&format!("/leagues/{SLUG}/divisions/{}", league.division))
        .await;
    assert!(
        division
            .body
            .contains(&format!(r#"href="{}""#, fixture_page(&league, 1))),
        "{}",
        division.body
    );
    let history = ctx
        .store
        .result_history(league.fixtures[1].id)
        .await
        .unwrap();
    assert_eq!(
        history.iter().map(|e| e.action).collect::<Vec<_>>(),
        [ResultAction::Submitted, ResultAction::Confirmed]
    );
}
store_test!(a_result_is_submitted_disputed_corrected_and_counts_only_once_confirmed);

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

async fn only_the_two_captains_and_the_organisers_may_enter_and_answer(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let stranger = ctx.user("stranger@example.org").await;
    let stranger = signed_in(&ctx, &stranger).await;
    let anonymous = ctx.browser();
    let secretary = signed_in(&ctx, &league.secretary).await;
    let home = signed_in(&ctx, &league.home_captain).await;
    let away = signed_in(&ctx, &league.away_captain).await;

    assert_eq!(stranger.get(&entry_page(&league, 0)).await.status, 403);
    let login = anonymous.get(&entry_page(&league, 0)).await;
    assert_eq!(login.status, 303);
    assert!(login.location.unwrap().starts_with("/login?next="));
    assert_eq!(secretary.get(&entry_page(&league, 0)).await.status, 200);
    assert_eq!(
        home.get("/leagues/torridge/fixtures/999999/result")
            .await
            .status,
        404
    );
    assert_eq!(home.get("/leagues/torridge/fixtures/abc").await.status, 404);
    assert_eq!(anonymous.get(&fixture_page(&league, 0)).await.status, 200);
    // Another organisation's address does not reach this fixture.
    let other = ctx.user("other@example.org").await;
    ctx.organisation("elsewhere", &other).await;
    assert_eq!(
        home.get(&format!(
            "/leagues/elsewhere/fixtures/{}",
            league.fixtures[0].id
        ))
        .await
        .status,
        404
    );

    let (sheet, _) = league.random_result(81);
    let refused = enter(&secretary, &entry_page(&league, 0), &fields_of(&sheet)).await;
    refused.assert_redirect_to(&submitted_page(&league, 0));
    let kept = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(kept.for_team, None);
    let version = kept.id.to_string();
    let confirm = format!("{}/confirm", fixture_page(&league, 0));
    let dispute = format!("{}/dispute", fixture_page(&league, 0));
    assert_eq!(
        stranger
            .submit(&confirm, &[("result", &version)])
            .await
            .status,
        403
    );
    assert_eq!(
        secretary
            .submit(&dispute, &[("result", &version), ("reason", "no")])
            .await
            .status,
        403
    );
    assert_eq!(
        stranger
            .get(&format!("{}/correct", fixture_page(&league, 0)))
            .await
            .status,
        403
    );
    assert_eq!(
        home.get(&format!("{}/correct", fixture_page(&league, 0)))
            .await
            .status,
        403
    );
    // A stale version is not confirmed.
    let stale = away.submit(&confirm, &[("result", "0")]).await;
    assert_eq!(stale.status, 409);
    assert!(
        stale.body.contains("changed since you opened this page"),
        "{}",
        stale.body
    );
    // Entered by the league, either captain may confirm.
    away.submit(&confirm, &[("result", &version)])
        .await
        .assert_redirect_to(&fixture_page(&league, 0));
    let twice = home.submit(&confirm, &[("result", &version)]).await;
    assert_eq!(twice.status, 409);
}
store_test!(only_the_two_captains_and_the_organisers_may_enter_and_answer);

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
