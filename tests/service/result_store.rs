//! The result store on both stores: a submission kept once however often it is sent, the
//! first of two at once kept and the other told, confirmation and dispute of the version the
//! captain saw, corrections that keep every earlier version, what the tables count, and
//! points adjustments.

use chrono::{Duration, Utc};
use fives::domain::match_format::{FixtureScore, Side};
use fives::domain::match_result::{CheckedResult, MAX_WITHDRAWALS_PER_FIXTURE, ResultSheet};
use fives::domain::season_fixtures::FixtureStatus;
use fives::domain::standings::PointAdjustment;
use fives::store::{
    FixtureAsRead, NewAdjustment, NewResult, ResultAction, StoreError, Submitted, VersionScore,
};

use crate::results_league::{ResultsLeague, results_league};
use crate::support::TestContext;

fn submission<'a>(
    league: &ResultsLeague,
    (sheet, checked): &'a (ResultSheet, CheckedResult),
    key: &'a str,
) -> NewResult<'a> {
    NewResult {
        fixture: league.fixtures[0].id,
        as_read: FixtureAsRead::from(&league.fixtures[0]),
        early_reason: None,
        sheet,
        checked,
        submission_key: key,
        by: league.home_captain.id,
        for_team: Some(league.home),
        at: Utc::now(),
    }
}

async fn status(ctx: &TestContext, league: &ResultsLeague) -> FixtureStatus {
    ctx.store
        .fixture(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap()
        .status
}

async fn a_submission_awaits_confirmation_and_is_kept_once(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let result = league.random_result(1);
    let first = ctx
        .store
        .submit_result(&submission(&league, &result, "key-1"))
        .await
        .unwrap();
    let Submitted::Recorded(stored) = &first else {
        panic!("the first submission is recorded: {first:?}");
    };
    assert_eq!(stored.version, 1);
    assert_eq!(stored.sheet, result.0);
    assert_eq!(stored.score, result.1.score);
    assert_eq!(stored.for_team, Some(league.home));
    assert_eq!(
        status(&ctx, &league).await,
        FixtureStatus::AwaitingConfirmation
    );

    // A double tap: the same key again is the same submission.
    let again = ctx
        .store
        .submit_result(&submission(&league, &result, "key-1"))
        .await
        .unwrap();
    assert_eq!(again, Submitted::AlreadyRecorded(stored.clone()));
    let versions = ctx
        .store
        .result_versions(league.fixtures[0].id)
        .await
        .unwrap();
    assert_eq!(versions.len(), 1);
    let history = ctx
        .store
        .result_history(league.fixtures[0].id)
        .await
        .unwrap();
    assert_eq!(history.len(), 1);

    // Another submission (the other captain's, say) is refused.
    let other = league.random_result(2);
    let refused = ctx
        .store
        .submit_result(&NewResult {
            by: league.away_captain.id,
            for_team: Some(league.away),
            ..submission(&league, &other, "key-2")
        })
        .await;
    assert!(
        matches!(refused, Err(StoreError::ResultAlreadySubmitted)),
        "{refused:?}"
    );
    assert_eq!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap(),
        Some(stored.clone())
    );
    // Nothing counts until the other side confirms.
    assert!(
        ctx.store
            .confirmed_results_of_division(league.division)
            .await
            .unwrap()
            .is_empty()
    );
}
store_test!(a_submission_awaits_confirmation_and_is_kept_once);

async fn two_captains_submitting_at_once_make_one_result(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let home_result = league.random_result(3);
    let away_result = league.random_result(4);
    let home = submission(&league, &home_result, "home-key");
    let away = NewResult {
        by: league.away_captain.id,
        for_team: Some(league.away),
        ..submission(&league, &away_result, "away-key")
    };
    let (first, second) = tokio::join!(
        ctx.store.submit_result(&home),
        ctx.store.submit_result(&away)
    );
    let outcomes = [first, second];
    let recorded = outcomes
        .iter()
        .filter(|outcome| matches!(outcome, Ok(Submitted::Recorded(_))))
        .count();
    let refused = outcomes
        .iter()
        .filter(|outcome| matches!(outcome, Err(StoreError::ResultAlreadySubmitted)))
        .count();
    assert_eq!((recorded, refused), (1, 1), "{outcomes:?}");
    let versions = ctx
        .store
        .result_versions(league.fixtures[0].id)
        .await
        .unwrap();
    assert_eq!(versions.len(), 1);
    let history = ctx
        .store
        .result_history(league.fixtures[0].id)
        .await
        .unwrap();
    assert_eq!(history.len(), 1);
}
store_test!(two_captains_submitting_at_once_make_one_result);

async fn the_same_submission_twice_at_once_is_kept_once(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let result = league.random_result(5);
    let tap = submission(&league, &result, "double-tap");
    let (first, second) =
        tokio::join!(ctx.store.submit_result(&tap), ctx.store.submit_result(&tap));
    let (first, second) = (first.unwrap(), second.unwrap());
    assert_eq!(first.result(), second.result());
    assert!(
        matches!(
            (&first, &second),
            (Submitted::Recorded(_), Submitted::AlreadyRecorded(_))
                | (Submitted::AlreadyRecorded(_), Submitted::Recorded(_))
        ),
        "{first:?} {second:?}"
    );
    assert_eq!(
        ctx.store
            .result_versions(league.fixtures[0].id)
            .await
            .unwrap()
            .len(),
        1
    );
}
store_test!(the_same_submission_twice_at_once_is_kept_once);

async fn a_confirmation_names_the_version_it_agrees_with(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id;
    let result = league.random_result(6);
    let stored = ctx
        .store
        .submit_result(&submission(&league, &result, "k"))
        .await
        .unwrap()
        .result()
        .clone();
    let stale = ctx
        .store
        .confirm_result(
            fixture,
            stored.id + 1000,
            league.away_captain.id,
            Utc::now(),
        )
        .await;
    assert!(matches!(stale, Err(StoreError::ResultChanged)), "{stale:?}");
    assert_eq!(
        status(&ctx, &league).await,
        FixtureStatus::AwaitingConfirmation
    );

    let unplayed = ctx
        .store
        .confirm_result(
            league.fixtures[1].id,
            stored.id,
            league.away_captain.id,
            Utc::now(),
        )
        .await;
    assert!(
        matches!(unplayed, Err(StoreError::NoResultYet)),
        "{unplayed:?}"
    );

    ctx.store
        .confirm_result(fixture, stored.id, league.away_captain.id, Utc::now())
        .await
        .unwrap();
    assert_eq!(status(&ctx, &league).await, FixtureStatus::Confirmed);
    let again = ctx
        .store
        .confirm_result(fixture, stored.id, league.away_captain.id, Utc::now())
        .await;
    assert!(
        matches!(
            again,
            Err(StoreError::ResultNotAwaitingAnswer(
                FixtureStatus::Confirmed
            ))
        ),
        "{again:?}"
    );
    let counted = ctx
        .store
        .confirmed_results_of_division(league.division)
        .await
        .unwrap();
    assert_eq!(counted.len(), 1);
    assert_eq!(counted[0].0, fixture);
    assert_eq!(counted[0].1.home, league.home);
    assert_eq!(counted[0].1.score, result.1.score);
    let history = ctx.store.result_history(fixture).await.unwrap();
    let actions: Vec<ResultAction> = history.iter().map(|event| event.action).collect();
    assert_eq!(actions, [ResultAction::Submitted, ResultAction::Confirmed]);
    assert_eq!(history[1].by, league.away_captain.id);
}
store_test!(a_confirmation_names_the_version_it_agrees_with);

async fn a_disputed_result_is_corrected_into_a_new_version_keeping_the_old(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id;
    let submitted = league.random_result(7);
    let first = ctx
        .store
        .submit_result(&submission(&league, &submitted, "first"))
        .await
        .unwrap()
        .result()
        .clone();
    let reason = "Game 2 went to Fay on the last hand.";
    ctx.store
        .dispute_result(
            fixture,
            first.id,
            league.away_captain.id,
            reason,
            Utc::now(),
        )
        .await
        .unwrap();
    assert_eq!(status(&ctx, &league).await, FixtureStatus::Disputed);
    // A disputed result is not disputed again, and does not count.
    let twice = ctx
        .store
        .dispute_result(
            fixture,
            first.id,
            league.away_captain.id,
            reason,
            Utc::now(),
        )
        .await;
    assert!(
        matches!(twice, Err(StoreError::ResultNotAwaitingAnswer(_))),
        "{twice:?}"
    );
    assert!(
        ctx.store
            .confirmed_results_of_division(league.division)
            .await
            .unwrap()
            .is_empty()
    );

    let corrected = league.random_result(8);
    let correction = NewResult {
        by: league.secretary.id,
        for_team: None,
        at: Utc::now() + Duration::seconds(1),
        ..submission(&league, &corrected, "correction")
    };
    let second = ctx
        .store
        .correct_result(&correction, "Scoresheet checked with both captains.")
        .await
        .unwrap();
    assert_eq!(second.version, 2);
    assert_eq!(second.score, corrected.1.score);
    // The same correction sent twice is kept once.
    let retried = ctx
        .store
        .correct_result(&correction, "Scoresheet checked with both captains.")
        .await
        .unwrap();
    assert_eq!(retried, second);
    assert_eq!(status(&ctx, &league).await, FixtureStatus::Confirmed);
    assert_eq!(
        ctx.store.current_result(fixture).await.unwrap(),
        Some(second.clone())
    );
    let versions = ctx.store.result_versions(fixture).await.unwrap();
    assert_eq!(versions, [first.clone(), second.clone()]);

    let history = ctx.store.result_history(fixture).await.unwrap();
    let actions: Vec<ResultAction> = history.iter().map(|event| event.action).collect();
    assert_eq!(
        actions,
        [
            ResultAction::Submitted,
            ResultAction::Disputed,
            ResultAction::Corrected
        ]
    );
    assert_eq!(history[1].reason.as_deref(), Some(reason));
    assert_eq!(history[1].by_email, league.away_captain.email);
    let correction_event = &history[2];
    assert_eq!(correction_event.by, league.secretary.id);
    assert_eq!(
        correction_event.before,
        Some(VersionScore {
            version: 1,
            score: submitted.1.score
        })
    );
    assert_eq!(
        correction_event.after,
        VersionScore {
            version: 2,
            score: corrected.1.score
        }
    );
    assert_eq!(
        correction_event.reason.as_deref(),
        Some("Scoresheet checked with both captains.")
    );
    let counted = ctx
        .store
        .confirmed_results_of_division(league.division)
        .await
        .unwrap();
    assert_eq!(counted.len(), 1);
    assert_eq!(counted[0].1.score, corrected.1.score);
}
store_test!(a_disputed_result_is_corrected_into_a_new_version_keeping_the_old);

async fn a_fixture_without_a_result_cannot_be_corrected(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let result = league.random_result(9);
    let refused = ctx
        .store
        .correct_result(&submission(&league, &result, "c"), "why")
        .await;
    assert!(
        matches!(refused, Err(StoreError::NoResultYet)),
        "{refused:?}"
    );
    assert!(
        ctx.store
            .result_versions(league.fixtures[0].id)
            .await
            .unwrap()
            .is_empty()
    );
}
store_test!(a_fixture_without_a_result_cannot_be_corrected);

async fn a_walkover_counts_once_confirmed(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id;
    let sheet = ResultSheet::Walkover {
        conceded_by: Side::Away,
    };
    let checked = fives::domain::match_result::check_result(&sheet, league.rules()).unwrap();
    let walkover = (sheet, checked);
    let stored = ctx
        .store
        .submit_result(&submission(&league, &walkover, "wo"))
        .await
        .unwrap()
        .result()
        .clone();
    assert_eq!(
        stored.score,
        FixtureScore::Walkover {
            conceded_by: Side::Away
        }
    );
    assert!(
        ctx.store
            .confirmed_results_of_division(league.division)
            .await
            .unwrap()
            .is_empty()
    );
    ctx.store
        .confirm_result(fixture, stored.id, league.away_captain.id, Utc::now())
        .await
        .unwrap();
    assert_eq!(status(&ctx, &league).await, FixtureStatus::Walkover);
    let counted = ctx
        .store
        .confirmed_results_of_division(league.division)
        .await
        .unwrap();
    assert_eq!(counted.len(), 1);
    assert_eq!(counted[0].1.score, walkover.1.score);
    // A walkover has no games for the players' tables.
    assert!(
        ctx.store
            .player_games_of_division(league.division)
            .await
            .unwrap()
            .is_empty()
    );
}
store_test!(a_walkover_counts_once_confirmed);

async fn adjustments_are_kept_for_teams_of_the_division(ctx: TestContext) {
    let league = results_league(&ctx).await;
    ctx.store
        .add_adjustment(&NewAdjustment {
            division: league.division,
            team: league.home,
            points: -2,
            reason: "Result sent in late",
            fixture: Some(league.fixtures[0].id),
            by: Some(league.secretary.id),
            at: Utc::now(),
        })
        .await
        .unwrap();
    let stranger = ctx.team(league.organisation, "Crown").await;
    let refused = ctx
        .store
        .add_adjustment(&NewAdjustment {
            division: league.division,
            team: stranger.id,
            points: 1,
            reason: "Not in this division",
            fixture: None,
            by: None,
            at: Utc::now(),
        })
        .await;
    assert!(
        matches!(refused, Err(StoreError::NotFound(_))),
        "{refused:?}"
    );
    assert_eq!(
        ctx.store
            .adjustments_of_division(league.division)
            .await
            .unwrap(),
        [PointAdjustment {
            team: league.home,
            points: -2,
            reason: "Result sent in late".to_string()
        }]
    );
}
store_test!(adjustments_are_kept_for_teams_of_the_division);

async fn submissions_sent_together_each_meet_their_own_fate(ctx: TestContext) {
    // SQLite commits the submissions waiting for its writer together, each in a savepoint:
    // a refusal in the group, even one refused after it began writing, must undo its own
    // writes and no one else's, and every submission must get its own answer.
    let league = results_league(&ctx).await;
    let (first, second) = (&league.fixtures[0], &league.fixtures[1]);
    let withdrawn = league.random_result(20);
    let Submitted::Recorded(kept) = ctx
        .store
        .submit_result(&submission(&league, &withdrawn, "withdrawn-key"))
        .await
        .unwrap()
    else {
        panic!("the first submission is recorded");
    };
    ctx.store
        .withdraw_result(
            first.id,
            kept.id,
            league.home,
            league.home_captain.id,
            Utc::now(),
            MAX_WITHDRAWALS_PER_FIXTURE,
        )
        .await
        .unwrap();

    let reused = league.random_result(21);
    let fresh = league.random_result(22);
    let other = league.random_result(23);
    let elsewhere = league.random_result(24);
    let second_as_read = FixtureAsRead::from(second);
    let sent = [
        // Refused after taking the fixture: its key was the withdrawn submission's.
        submission(&league, &reused, "withdrawn-key"),
        // Then the fixture is still there to take.
        submission(&league, &fresh, "fresh-key"),
        // A double tap of it.
        submission(&league, &fresh, "fresh-key"),
        // The other captain, at the same moment.
        NewResult {
            by: league.away_captain.id,
            for_team: Some(league.away),
            ..submission(&league, &other, "other-key")
        },
        // The return fixture as it was read, kept.
        NewResult {
            fixture: second.id,
            as_read: second_as_read,
            ..submission(&league, &elsewhere, "return-key")
        },
        // The return fixture read on another date: refused as changed.
        NewResult {
            fixture: second.id,
            as_read: FixtureAsRead {
                date: second_as_read.date + Duration::days(7),
                ..second_as_read
            },
            ..submission(&league, &elsewhere, "stale-key")
        },
    ];
    let outcomes =
        futures_util::future::join_all(sent.iter().map(|s| ctx.store.submit_result(s))).await;
    assert!(
        matches!(outcomes[0], Err(StoreError::SubmissionKeyReused)),
        "{:?}",
        outcomes[0]
    );
    // Of the three for the first fixture with fresh keys, one is kept; the double tap of a
    // kept one is that one again, anything else is told a result came first.
    let kept_first: Vec<_> = outcomes[1..4]
        .iter()
        .filter_map(|outcome| match outcome {
            Ok(Submitted::Recorded(stored)) => Some(stored.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(kept_first.len(), 1, "{outcomes:?}");
    for outcome in &outcomes[1..4] {
        match outcome {
            Ok(Submitted::Recorded(_)) => {}
            Ok(Submitted::AlreadyRecorded(stored)) => assert_eq!(stored, &kept_first[0]),
            Err(StoreError::ResultAlreadySubmitted) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(
        matches!(outcomes[4], Ok(Submitted::Recorded(_))),
        "{:?}",
        outcomes[4]
    );
    assert!(
        matches!(outcomes[5], Err(StoreError::FixtureChanged)),
        "{:?}",
        outcomes[5]
    );

    // The withdrawn version and the one kept, nothing of the refused ones.
    let versions = ctx.store.result_versions(first.id).await.unwrap();
    assert_eq!(versions.len(), 2, "{versions:?}");
    assert_eq!(
        ctx.store.current_result(first.id).await.unwrap(),
        Some(kept_first[0].clone())
    );
    assert_eq!(ctx.store.result_versions(second.id).await.unwrap().len(), 1);
    for fixture in [first.id, second.id] {
        assert_eq!(
            ctx.store.fixture(fixture).await.unwrap().unwrap().status,
            FixtureStatus::AwaitingConfirmation
        );
    }
    // Submitted, withdrawn, submitted on the first; submitted on the second.
    assert_eq!(ctx.store.result_history(first.id).await.unwrap().len(), 3);
    assert_eq!(ctx.store.result_history(second.id).await.unwrap().len(), 1);
}
store_test!(submissions_sent_together_each_meet_their_own_fate);
