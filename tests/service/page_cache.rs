//! The division page is kept rendered between changes: whatever changes the league, written by
//! any process, shows on the next visit.

use crate::support::TestContext;
use chrono::Utc;
use fives::demo;
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::NewAdjustment;

async fn a_change_written_by_another_process_shows_on_the_next_visit(ctx: TestContext) {
    demo::load(ctx.store.as_ref(), Utc::now(), 9).await.unwrap();
    let organisation = ctx
        .store
        .organisation_by_slug(demo::SLUG)
        .await
        .unwrap()
        .unwrap();
    let competition = ctx
        .store
        .competitions_of(organisation.id)
        .await
        .unwrap()
        .remove(0);
    let season = ctx
        .store
        .seasons_of(competition.id)
        .await
        .unwrap()
        .remove(0);
    let premier = ctx.store.divisions_of(season.id).await.unwrap().remove(0);
    let page = format!("/leagues/{}/divisions/{}", demo::SLUG, premier.id);
    let visitor = ctx.browser();
    let before = visitor.get(&page).await;
    assert_eq!(before.status, 200);
    assert!(before.body.contains("Awaiting confirmation"));
    assert_eq!(
        visitor.get(&page).await.body,
        before.body,
        "nothing changed, the same page"
    );

    // Another process: its own connection to the same database.
    let other = fives::store::connect(ctx.database_url.as_deref(), &ctx.data_dir)
        .await
        .unwrap();
    let team = other.teams_of(premier.id).await.unwrap().remove(0);
    other
        .add_adjustment(&NewAdjustment {
            division: premier.id,
            team: team.id,
            points: -3,
            reason: "Played an unregistered player",
            fixture: None,
            by: None,
            at: Utc::now(),
        })
        .await
        .unwrap();
    let after = visitor.get(&page).await;
    assert!(
        after.body.contains("Played an unregistered player"),
        "the adjustment shows at once"
    );

    let waiting = other
        .fixtures_of_division(premier.id)
        .await
        .unwrap()
        .into_iter()
        .find(|fixture| fixture.status == FixtureStatus::AwaitingConfirmation)
        .unwrap();
    let result = other.current_result(waiting.id).await.unwrap().unwrap();
    let captain = ctx
        .store
        .captains_of(waiting.away_team_id)
        .await
        .unwrap()
        .remove(0);
    other
        .confirm_result(waiting.id, result.id, captain.id, Utc::now())
        .await
        .unwrap();
    let confirmed = visitor.get(&page).await;
    assert!(
        !confirmed.body.contains("Awaiting confirmation"),
        "the confirmation shows at once"
    );

    // A signed-in visitor gets the same content in their own layout.
    let secretary = ctx.browser();
    secretary.login(demo::SECRETARY, demo::PASSWORD).await;
    let theirs = secretary.get(&page).await;
    assert!(theirs.body.contains(demo::SECRETARY));
    assert!(theirs.body.contains("Played an unregistered player"));
    assert!(!visitor.get(&page).await.body.contains(demo::SECRETARY));
}
store_test!(a_change_written_by_another_process_shows_on_the_next_visit);
