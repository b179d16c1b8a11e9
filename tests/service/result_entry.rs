//! Entering, confirming, disputing and correcting a fixture's result through the pages, on
//! both stores: the story from a captain's submission to the standings, and who may do what.
//! A sheet refused at its game and hand is in `result_entry_refusals`, the other ways a sheet
//! is entered (pasted records, pegs, walkovers, a double tap) in `result_entry_sheets`; the
//! helpers here sign in, fill and post the entry form for them.

use fives::domain::match_result::{GameOutcome, ResultSheet};
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::{ResultAction, User};
use fives_rules::record::HandRecord;

use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::{Browser, Page, TestContext};

pub(crate) async fn signed_in(ctx: &TestContext, user: &User) -> Browser {
    let browser = ctx.browser();
    browser.login_ok(&user.email).await;
    browser
}

pub(crate) fn fixture_page(league: &ResultsLeague, index: usize) -> String {
    format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[index].id)
}

/// Where a captain lands after submitting: the fixture's page, saying the result was kept.
pub(crate) fn submitted_page(league: &ResultsLeague, index: usize) -> String {
    format!("{}?done=submitted", fixture_page(league, index))
}

pub(crate) fn entry_page(league: &ResultsLeague, index: usize) -> String {
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
pub(crate) fn fields_of(sheet: &ResultSheet) -> Vec<(String, String)> {
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

pub(crate) fn set(fields: &mut Vec<(String, String)>, name: &str, value: &str) {
    fields.retain(|(field, _)| field != name);
    fields.push((name.to_string(), value.to_string()));
}

pub(crate) fn field<'a>(fields: &'a [(String, String)], name: &str) -> &'a str {
    &fields.iter().find(|(field, _)| field == name).unwrap().1
}

/// Opens the entry form (which gives the submission key) and posts `fields` with it.
pub(crate) async fn enter(browser: &Browser, path: &str, fields: &[(String, String)]) -> Page {
    let form = browser.get(path).await;
    assert_eq!(form.status, 200, "{}", form.body);
    let key = submission_key(&form);
    post_with_key(browser, path, &key, fields).await
}

pub(crate) fn submission_key(page: &Page) -> String {
    let prefix = r#"name="submission_key" value=""#;
    let start = page.body.find(prefix).expect("a submission key") + prefix.len();
    let end = page.body[start..].find('"').unwrap();
    page.body[start..start + end].to_string()
}

pub(crate) async fn post_with_key(
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
    let version = page.result_version();
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
    let version = page.result_version();
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
