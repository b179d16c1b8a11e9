//! Results on time: a competition's deadline kept in both stores, a late submission costing
//! the home team its points in the same transaction, and the organiser's page of overdue and
//! disputed fixtures.

use chrono::Utc;
use fives::domain::result_deadline::ResultDeadline;
use fives::domain::standings::PointAdjustment;
use fives::store::{FixtureAsRead, NewAdjustment, NewResult, StoreError, Submitted};

use crate::results_league::{SLUG, results_league};
use crate::support::TestContext;

async fn competition_of(
    ctx: &TestContext,
    league: &crate::results_league::ResultsLeague,
) -> fives::domain::ids::CompetitionId {
    ctx.store
        .competitions_of(league.organisation)
        .await
        .unwrap()[0]
        .id
}

async fn a_deadline_is_kept_per_competition_and_a_late_result_costs_points_once(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let competition = competition_of(&ctx, &league).await;
    assert_eq!(ctx.store.result_deadline(competition).await.unwrap(), None);
    let deadline = ResultDeadline {
        days_after_fixture: 3,
        late_points: 2,
    };
    ctx.store
        .set_result_deadline(competition, Some(deadline))
        .await
        .unwrap();
    let later = ResultDeadline {
        days_after_fixture: 5,
        late_points: 1,
    };
    ctx.store
        .set_result_deadline(competition, Some(later))
        .await
        .unwrap();
    assert_eq!(
        ctx.store.result_deadline(competition).await.unwrap(),
        Some(later)
    );
    ctx.store
        .set_result_deadline(competition, None)
        .await
        .unwrap();
    assert_eq!(ctx.store.result_deadline(competition).await.unwrap(), None);

    let (sheet, checked) = league.random_result(91);
    let result = NewResult {
        fixture: league.fixtures[0].id,
        as_read: FixtureAsRead::from(&league.fixtures[0]),
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
        fixture: Some(league.fixtures[0].id),
        by: None,
        at: Utc::now(),
    };
    assert!(matches!(
        ctx.store.submit_late_result(&result, &late).await.unwrap(),
        Submitted::Recorded(_)
    ));
    assert!(matches!(
        ctx.store.submit_late_result(&result, &late).await.unwrap(),
        Submitted::AlreadyRecorded(_)
    ));
    let another = NewResult {
        submission_key: "another",
        ..result
    };
    assert!(matches!(
        ctx.store.submit_late_result(&another, &late).await,
        Err(StoreError::ResultAlreadySubmitted)
    ));
    assert_eq!(
        ctx.store
            .adjustments_of_division(league.division)
            .await
            .unwrap(),
        [PointAdjustment {
            team: league.home,
            points: -2,
            reason: "Result came in after the deadline".to_string()
        }]
    );

    // An adjustment that cannot be kept takes the result with it: all or nothing.
    let stranger = ctx.team(league.organisation, "Crown").await;
    let (sheet, checked) = league.random_result(92);
    let return_fixture = NewResult {
        fixture: league.fixtures[1].id,
        as_read: FixtureAsRead::from(&league.fixtures[1]),
        early_reason: None,
        sheet: &sheet,
        checked: &checked,
        submission_key: "return",
        by: league.away_captain.id,
        for_team: Some(league.away),
        at: Utc::now(),
    };
    let wrong = NewAdjustment {
        team: stranger.id,
        fixture: Some(league.fixtures[1].id),
        ..late
    };
    assert!(
        ctx.store
            .submit_late_result(&return_fixture, &wrong)
            .await
            .is_err()
    );
    assert!(
        ctx.store
            .current_result(league.fixtures[1].id)
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        ctx.store
            .result_history(league.fixtures[1].id)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        ctx.store
            .adjustments_of_division(league.division)
            .await
            .unwrap()
            .len(),
        1
    );
}
store_test!(a_deadline_is_kept_per_competition_and_a_late_result_costs_points_once);

async fn the_organiser_sets_a_deadline_sees_overdue_and_disputed_fixtures_and_late_results_cost_points(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let competition = competition_of(&ctx, &league).await;
    let secretary = ctx.browser();
    secretary.login_ok(&league.secretary.email).await;
    // Both fixtures were in September: on the night, with no deadline set, both are overdue,
    // and the organiser's page says so, a tap from the list.
    let organisation = secretary.get(&format!("/organise/{SLUG}")).await;
    assert!(
        organisation.body.contains(&format!(
            r#"<a href="/organise/{SLUG}/results#overdue-heading"><strong>2</strong> results overdue</a>"#
        )),
        "{}",
        organisation.body
    );

    let deadline_path = format!("/organise/{SLUG}/competitions/{competition}/result-deadline");
    let refused = secretary
        .submit(&deadline_path, &[("days", "a week"), ("points", "2")])
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused
            .body
            .contains("The deadline is a whole number of days after the fixture, from 0 to 60."),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains(r#"value="a week""#),
        "{}",
        refused.body
    );
    secretary
        .submit(&deadline_path, &[("days", "7"), ("points", "2")])
        .await
        .assert_redirect_to(&format!(
            "/organise/{SLUG}/results?saved={0}#deadline-{0}",
            competition.0
        ));
    assert_eq!(
        ctx.store.result_deadline(competition).await.unwrap(),
        Some(ResultDeadline {
            days_after_fixture: 7,
            late_points: 2
        })
    );

    // Both fixtures were in September: long overdue.
    let page = secretary.get(&format!("/organise/{SLUG}/results")).await;
    assert_eq!(page.status, 200);
    let overdue = page
        .body
        .split(r#"id="overdue-heading""#)
        .nth(1)
        .unwrap()
        .split(r#"id="deadlines-heading""#)
        .next()
        .unwrap();
    assert!(overdue.contains("Anchor v Bell"), "{overdue}");
    assert!(overdue.contains("Bell v Anchor"), "{overdue}");
    assert!(overdue.contains("days overdue"), "{overdue}");

    // Bell's captain sends the first result in late: Anchor, at home, loses 2 points.
    let captain = ctx.browser();
    captain.login_ok(&league.away_captain.email).await;
    let entry = format!("/leagues/{SLUG}/fixtures/{}/result", league.fixtures[0].id);
    let form = captain.get(&entry).await;
    let prefix = r#"name="submission_key" value=""#;
    let start = form.body.find(prefix).unwrap() + prefix.len();
    let key = form.body[start..start + form.body[start..].find('"').unwrap()].to_string();
    let (sheet, _) = league.random_result(93);
    let fives::domain::match_result::ResultSheet::Played { games } = &sheet else {
        panic!()
    };
    let mut fields: Vec<(String, String)> = vec![("submission_key".to_string(), key)];
    for (game, number) in games.iter().zip(1..) {
        for (side, players) in [("home", &game.home), ("away", &game.away)] {
            for (player, index) in players.iter().zip(1..) {
                fields.push((format!("g{number}_{side}_{index}"), player.0.to_string()));
            }
        }
        if let fives::domain::match_result::GameOutcome::Hands(hands) = &game.outcome {
            let lines: String = hands
                .iter()
                .map(|h| {
                    let s = h.score.as_ref().unwrap();
                    format!("{} {}\n", s[0], s[1])
                })
                .collect();
            fields.push((format!("g{number}_hands"), lines));
        }
    }
    let borrowed: Vec<(&str, &str)> = fields
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    for _ in 0..2 {
        captain
            .submit(&entry, &borrowed)
            .await
            .assert_redirect_to(&format!(
                "/leagues/{SLUG}/fixtures/{}?done=submitted",
                league.fixtures[0].id
            ));
    }
    let adjustments = ctx
        .store
        .adjustments_of_division(league.division)
        .await
        .unwrap();
    assert_eq!(adjustments.len(), 1, "{adjustments:?}");
    assert_eq!(adjustments[0].team, league.home);
    assert_eq!(adjustments[0].points, -2);
    assert!(
        adjustments[0].reason.starts_with(
            "Result of Anchor v Bell (Tue 1 Sep 2026) came in after the deadline of Tue 8 Sep 2026"
        ),
        "{}",
        adjustments[0].reason
    );

    // Disputed, it is listed as such and no longer as overdue.
    let stored = ctx
        .store
        .current_result(league.fixtures[0].id)
        .await
        .unwrap()
        .unwrap();
    ctx.store
        .dispute_result(
            league.fixtures[0].id,
            stored.id,
            league.home_captain.id,
            "Wrong way round",
            Utc::now(),
        )
        .await
        .unwrap();
    let page = secretary.get(&format!("/organise/{SLUG}/results")).await;
    let (disputed, rest) = page.body.split_once(r#"id="overdue-heading""#).unwrap();
    assert!(disputed.contains("Anchor v Bell"), "{disputed}");
    assert!(
        !rest
            .split(r#"id="deadlines-heading""#)
            .next()
            .unwrap()
            .contains("Anchor v Bell"),
        "{rest}"
    );

    // A result left unanswered for more than a day is the league's to chase.
    let (sheet, checked) = league.random_result(94);
    ctx.store
        .submit_result(&NewResult {
            fixture: league.fixtures[1].id,
            as_read: FixtureAsRead::from(&league.fixtures[1]),
            early_reason: None,
            sheet: &sheet,
            checked: &checked,
            submission_key: "two-days-ago",
            by: league.away_captain.id,
            for_team: Some(league.away),
            at: Utc::now() - chrono::Duration::days(2),
        })
        .await
        .unwrap();
    let page = secretary.get(&format!("/organise/{SLUG}/results")).await;
    let unanswered = page
        .body
        .split(r#"id="unanswered-heading""#)
        .nth(1)
        .unwrap()
        .split(r#"id="deadlines-heading""#)
        .next()
        .unwrap();
    assert!(unanswered.contains("Bell v Anchor"), "{unanswered}");
    assert!(unanswered.contains("not yet confirmed"), "{unanswered}");
    let counts = [
        format!(
            r#"<a href="/organise/{SLUG}/results#disputed-heading"><strong>1</strong> dispute to decide</a>"#
        ),
        format!(
            r#"<a href="/organise/{SLUG}/results#unanswered-heading"><strong>1</strong> result waiting for confirmation over a day</a>"#
        ),
    ];
    for page in [
        secretary.get(&format!("/organise/{SLUG}")).await,
        secretary.get("/dashboard").await,
    ] {
        for count in &counts {
            assert!(page.body.contains(count), "{count}: {}", page.body);
        }
        assert!(!page.body.contains("results overdue"), "{}", page.body);
    }

    // Only organisers see the page or set deadlines.
    let other = ctx.browser();
    other.login_ok(&league.home_captain.email).await;
    assert_eq!(
        other.get(&format!("/organise/{SLUG}/results")).await.status,
        403
    );
    assert_eq!(
        other
            .submit(&deadline_path, &[("days", "1"), ("points", "1")])
            .await
            .status,
        403
    );
    assert_eq!(
        secretary
            .submit(
                &format!("/organise/{SLUG}/competitions/999999/result-deadline"),
                &[("days", "1"), ("points", "1")]
            )
            .await
            .status,
        404
    );
}
store_test!(
    the_organiser_sets_a_deadline_sees_overdue_and_disputed_fixtures_and_late_results_cost_points
);
