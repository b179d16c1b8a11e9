//! A season's start times, and a competition's entry level and a captain's withdrawal, set and
//! refused alike on the pages and through the API.

use fives::domain::entry_level::EntryLevel;
use fives::domain::ids::FixtureId;
use fives::domain::match_result::{ResultRules, ResultSheet};
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::Fixture;
use fives_rules::random::seeded;
use serde_json::json;

use crate::api_results::body_of;
use crate::result_interruptions::form_fields;
use crate::results_league::{SLUG, results_league};
use crate::support::TestContext;
use crate::use_case_answers::*;

async fn start_times_are_set_alike_on_the_pages_and_through_the_api(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let secretary = person(&ctx, &league.secretary.email).await;
    let org = format!("/organise/{SLUG}");
    let api = format!("/api/v1/organisations/{SLUG}");
    let (by_page, by_api) = (league.fixtures[0].id, league.fixtures[1].id);

    // A fixture's own start time, then its season's usual one again.
    for (page_time, api_time, expected) in [
        ("19:30", json!("19:30"), Some("19:30")),
        ("", json!(""), None),
    ] {
        let page = secretary
            .browser
            .submit(
                &format!("{org}/fixtures/{by_page}/date"),
                &[("date", "2026-10-06"), ("start_time", page_time)],
            )
            .await;
        let reply = secretary
            .api
            .post(
                &format!("{api}/fixtures/{by_api}/move"),
                json!({"date": "2026-10-13", "start_time": api_time}),
            )
            .await;
        assert_eq!((page.status, reply.status), (303, 200), "{:?}", reply.json);
        let time = |fixture: Fixture| {
            fixture
                .start_time
                .map(|time| time.format("%H:%M").to_string())
        };
        assert_eq!(time(fixture(&ctx, by_page).await).as_deref(), expected);
        assert_eq!(time(fixture(&ctx, by_api).await).as_deref(), expected);
        assert_eq!(reply.json["start_time"], json!(expected));
    }
    // Without a start time the API keeps the one the fixture has.
    secretary
        .api
        .post(
            &format!("{api}/fixtures/{by_api}/move"),
            json!({"date": "2026-10-13", "start_time": "18:45"}),
        )
        .await;
    let kept = secretary
        .api
        .post(
            &format!("{api}/fixtures/{by_api}/move"),
            json!({"date": "2026-10-20"}),
        )
        .await;
    assert_eq!(kept.json["start_time"], "18:45");
    let refused = secretary
        .api
        .post(
            &format!("{api}/fixtures/{by_api}/move"),
            json!({"date": "2026-10-20", "start_time": "half past seven"}),
        )
        .await;
    assert_eq!(refused.status, 422);
    assert_eq!(
        refused.problem_at("start_time").as_deref(),
        Some("\"half past seven\" is not a time; write it as hours and minutes, such as 20:30.")
    );

    // A season's usual start time, through the API as on the season form.
    let competition = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    let season = secretary
            .api
            .post(
                &format!("{api}/competitions/{}/seasons", competition.id),
                json!({"name": "Spring", "start": "2027-03-02", "league_night": "Tuesday", "start_time": "20:15"}),
            )
            .await;
    assert_eq!(season.status, 201, "{:?}", season.json);
    assert_eq!(season.json["start_time"], "20:15");
    let kept = ctx.store.seasons_of(competition.id).await.unwrap();
    let spring = kept.iter().find(|season| season.name == "Spring").unwrap();
    assert_eq!(
        spring
            .start_time
            .map(|time| time.format("%H:%M").to_string())
            .as_deref(),
        Some("20:15")
    );
}
store_test!(start_times_are_set_alike_on_the_pages_and_through_the_api);

async fn entry_levels_and_withdrawals_refuse_and_act_alike_through_both(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let secretary = person(&ctx, &league.secretary.email).await;
    let home = person(&ctx, &league.home_captain.email).await;
    let away = person(&ctx, &league.away_captain.email).await;
    let org = format!("/organise/{SLUG}");
    let api = format!("/api/v1/organisations/{SLUG}");
    let competition = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    let page_level = format!("{org}/competitions/{}/entry-level", competition.id);
    let api_level = format!("{api}/competitions/{}/entry-level", competition.id);
    let level_now = || async {
        ctx.store
            .competition(competition.id)
            .await
            .unwrap()
            .unwrap()
            .entry_level
    };

    // A captain may not choose what captains enter; the organiser may, on either.
    alike(
        "league::set_entry_level",
        &home
            .browser
            .submit(&page_level, &[("entry_level", "final")])
            .await,
        &home
            .api
            .put(&api_level, json!({"entry_level": "final"}))
            .await,
        Answer::Forbidden,
    );
    assert_eq!(level_now().await, EntryLevel::Hands);
    let page = secretary
        .browser
        .submit(&page_level, &[("entry_level", "pegs")])
        .await;
    assert_eq!(page_answer(&page), Answer::Done);
    assert_eq!(level_now().await, EntryLevel::Pegs);
    let reply = secretary
        .api
        .put(&api_level, json!({"entry_level": "final"}))
        .await;
    assert_eq!(api_answer(&reply), Answer::Done);
    assert_eq!(reply.json["entry_level"], json!("final"));
    assert_eq!(level_now().await, EntryLevel::Final);

    // Results submitted by Anchor (through the page) and by Bell (through the API).
    let home_first = league.fixtures[0].id;
    let away_first = league.fixtures[1].id;
    let (page_sheet, _) = league.random_result(21);
    let bell_at_home = ResultRules {
        ruleset: &league.ruleset,
        format: &league.format,
        level: EntryLevel::Hands,
        home_squad: &league.away_squad,
        away_squad: &league.home_squad,
    };
    let api_sheet: ResultSheet = fives::demo::random_result(bell_at_home, &mut seeded(22));
    let mut page_result = form_fields(&page_sheet);
    page_result.push(("submission_key".into(), "withdrawn-page".into()));
    let result_page = |id: FixtureId| format!("/leagues/{SLUG}/fixtures/{id}");
    let result_api = |id: FixtureId| format!("{api}/fixtures/{id}/result");
    submit_form(
        &home.browser,
        &format!("{}/result", result_page(home_first)),
        &page_result,
    )
    .await;
    assert_eq!(
        away.api
            .post(&result_api(away_first), body_of(&api_sheet))
            .await
            .status,
        201
    );
    let (by_page, by_api) = (kept(&ctx, home_first).await, kept(&ctx, away_first).await);

    // Only the submitting side withdraws: the other captain and the organiser may not.
    // (Anchor submitted the page's fixture, Bell the API's: each other side answers.)
    for (on_page, through_api) in [(&away, &home), (&secretary, &secretary)] {
        alike(
            "results::withdraw",
            &on_page
                .browser
                .submit(
                    &format!("{}/withdraw", result_page(home_first)),
                    &[("result", &by_page.id.to_string())],
                )
                .await,
            &through_api
                .api
                .post(
                    &format!("{}/withdraw", result_api(away_first)),
                    json!({"version_id": by_api.id}),
                )
                .await,
            Answer::Forbidden,
        );
    }
    alike(
        "results::withdraw",
        &home
            .browser
            .submit(
                &format!("{}/withdraw", result_page(home_first)),
                &[("result", &by_page.id.to_string())],
            )
            .await,
        &away
            .api
            .post(
                &format!("{}/withdraw", result_api(away_first)),
                json!({"version_id": by_api.id}),
            )
            .await,
        Answer::Done,
    );
    for id in [home_first, away_first] {
        assert_eq!(fixture(&ctx, id).await.status, FixtureStatus::Scheduled);
        assert!(ctx.store.current_result(id).await.unwrap().is_none());
    }
    // Gone once withdrawn, alike.
    alike(
        "results::withdraw",
        &home
            .browser
            .submit(
                &format!("{}/withdraw", result_page(home_first)),
                &[("result", &by_page.id.to_string())],
            )
            .await,
        &away
            .api
            .post(
                &format!("{}/withdraw", result_api(away_first)),
                json!({"version_id": by_api.id}),
            )
            .await,
        Answer::NotFound,
    );
}
store_test!(entry_levels_and_withdrawals_refuse_and_act_alike_through_both);
