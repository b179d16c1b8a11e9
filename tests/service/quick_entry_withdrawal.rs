//! A captain withdrawing their side's submission until the other side confirms it, and a
//! late result's withdrawal taking back its deduction and nothing else.

use fives::domain::match_result::MAX_WITHDRAWALS_PER_FIXTURE;
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::ResultAction;

use crate::quick_entry::{fixture_page, post, signed_in, status, text};
use crate::results_league::results_league;
use crate::support::TestContext;

async fn a_captain_withdraws_their_submission_until_the_other_side_confirms(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let home = signed_in(&ctx, &league.home_captain).await;
    let away = signed_in(&ctx, &league.away_captain).await;
    let page = fixture_page(&league, 0);
    let (sheet, _) = league.random_result(47);
    let mut fields = crate::result_interruptions::form_fields(&sheet);
    fields.push(("submission_key".into(), "first-go".into()));
    assert_eq!(
        post(&home, &format!("{page}/result"), &fields).await.status,
        303
    );

    // The submitter sees the withdraw button, the other side does not.
    let submitted = home.get(&page).await;
    assert!(submitted.body.contains("Withdraw this result"));
    assert!(!away.get(&page).await.body.contains("Withdraw this result"));
    let withdrawn = home
        .submit(
            &format!("{page}/withdraw"),
            &[("result", &submitted.result_version())],
        )
        .await;
    assert_eq!(withdrawn.status, 303);
    assert!(
        withdrawn
            .location
            .as_deref()
            .unwrap()
            .ends_with("?done=withdrawn")
    );
    assert_eq!(status(&ctx, &league, 0).await, FixtureStatus::Scheduled);
    let after = home.get(withdrawn.location.as_deref().unwrap()).await;
    let words = text(&after);
    assert!(words.contains("Your result has been withdrawn"), "{words}");
    assert!(words.contains("No result yet."));
    assert!(
        after.body.contains(&format!("{page}/result")),
        "entered again from here"
    );
    let history = ctx
        .store
        .result_history(league.fixtures[0].id)
        .await
        .unwrap();
    let actions: Vec<ResultAction> = history.iter().map(|event| event.action).collect();
    assert_eq!(actions, [ResultAction::Submitted, ResultAction::Withdrawn]);
    assert!(
        words.contains("Withdrawn"),
        "the history on the page says so"
    );

    // Entered again: a version after the withdrawn one, not a correction by the league.
    let mut again = crate::result_interruptions::form_fields(&sheet);
    again.push(("submission_key".into(), "second-go".into()));
    assert_eq!(
        post(&home, &format!("{page}/result"), &again).await.status,
        303
    );
    let current = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(current.version, 2);
    let shown = away.get(&page).await;
    assert!(!text(&shown).contains("corrected by the league"));
    // The withdrawn form's key cannot be used again for another result.
    let mut reused = crate::result_interruptions::form_fields(&sheet);
    reused.push(("submission_key".into(), "first-go".into()));
    assert_eq!(
        post(&home, &format!("{page}/result"), &reused).await.status,
        409
    );

    // Once the other side confirms, it can no longer be withdrawn.
    assert_eq!(
        away.submit(
            &format!("{page}/confirm"),
            &[("result", &shown.result_version())]
        )
        .await
        .status,
        303
    );
    let refused = home
        .submit(
            &format!("{page}/withdraw"),
            &[("result", &current.id.to_string())],
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert!(text(&refused).contains("no longer waiting for an answer"));
    assert_eq!(status(&ctx, &league, 0).await, FixtureStatus::Confirmed);
}
store_test!(a_captain_withdraws_their_submission_until_the_other_side_confirms);

async fn withdrawing_a_late_result_takes_back_its_deduction_and_nothing_else(ctx: TestContext) {
    use chrono::Utc;
    use fives::store::{FixtureAsRead, NewAdjustment, NewResult, StoreError};

    let league = results_league(&ctx).await;
    let fixture = &league.fixtures[0];
    let (sheet, checked) = league.random_result(67);
    let result = NewResult {
        fixture: fixture.id,
        as_read: FixtureAsRead::from(fixture),
        early_reason: None,
        sheet: &sheet,
        checked: &checked,
        submission_key: "late",
        by: league.home_captain.id,
        for_team: Some(league.home),
        at: Utc::now(),
    };
    let late = NewAdjustment {
        division: league.division,
        team: league.home,
        points: -2,
        reason: "Result came in after the deadline",
        fixture: Some(fixture.id),
        by: None,
        at: Utc::now(),
    };
    let kept = ctx
        .store
        .submit_late_result(&result, &late)
        .await
        .unwrap()
        .result()
        .clone();
    // The league's own deduction for the fixture, by its organiser, stays whatever happens.
    let manual = NewAdjustment {
        points: -1,
        reason: "Played with an unregistered player",
        by: Some(league.secretary.id),
        ..late
    };
    ctx.store.add_adjustment(&manual).await.unwrap();

    // Only the version submitted: one changed meanwhile is refused.
    assert!(matches!(
        ctx.store
            .withdraw_result(
                fixture.id,
                kept.id + 1000,
                league.home,
                league.home_captain.id,
                Utc::now(),
                MAX_WITHDRAWALS_PER_FIXTURE
            )
            .await,
        Err(StoreError::ResultChanged)
    ));
    ctx.store
        .withdraw_result(
            fixture.id,
            kept.id,
            league.home,
            league.home_captain.id,
            Utc::now(),
            MAX_WITHDRAWALS_PER_FIXTURE,
        )
        .await
        .unwrap();
    let reasons: Vec<String> = ctx
        .store
        .adjustments_of_division(league.division)
        .await
        .unwrap()
        .into_iter()
        .map(|adjustment| adjustment.reason)
        .collect();
    assert_eq!(reasons, ["Played with an unregistered player"]);
    assert!(matches!(
        ctx.store
            .withdraw_result(
                fixture.id,
                kept.id,
                league.home,
                league.home_captain.id,
                Utc::now(),
                MAX_WITHDRAWALS_PER_FIXTURE
            )
            .await,
        Err(StoreError::NoResultYet)
    ));
    let versions = ctx.store.result_versions(fixture.id).await.unwrap();
    assert_eq!(versions.len(), 1, "the withdrawn version is kept");

    // Late again: the deduction comes back with the new submission, the next version.
    let again = NewResult {
        submission_key: "late again",
        at: Utc::now(),
        ..result
    };
    let resubmitted = ctx.store.submit_late_result(&again, &late).await.unwrap();
    assert_eq!(resubmitted.result().version, 2);
    assert_eq!(
        ctx.store
            .adjustments_of_division(league.division)
            .await
            .unwrap()
            .len(),
        2
    );
}
store_test!(withdrawing_a_late_result_takes_back_its_deduction_and_nothing_else);
