//! The use cases that have both a page and an endpoint, run through both: the same person
//! they refuse is refused alike, and the same request from one who may has the same outcome.

use fives::domain::entry_level::EntryLevel;
use fives::domain::ids::FixtureId;
use fives::domain::match_result::{ResultRules, ResultSheet, check_result};
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::Fixture;
use fives_rules::random::seeded;
use serde_json::json;

use crate::api_results::body_of;
use crate::organiser_league::{as_pairs, two_per_match_plus_one_per_game};
use crate::result_interruptions::form_fields;
use crate::results_league::{SLUG, results_league};
use crate::support::TestContext;
use crate::use_case_answers::*;

async fn a_use_case_with_a_page_and_an_endpoint_refuses_and_acts_alike_through_both(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let outsider_team = ctx.team(league.organisation, "Crown").await.id;
    let outsider_user = ctx.user("captain@crown.example.org").await;
    ctx.make_captain(outsider_team, &outsider_user, &league.secretary)
        .await;
    let secretary = person(&ctx, &league.secretary.email).await;
    let home = person(&ctx, &league.home_captain.email).await;
    let away = person(&ctx, &league.away_captain.email).await;
    let outsider = person(&ctx, "captain@crown.example.org").await;
    let anonymous = (ctx.browser(), ctx.api(None));
    let org = format!("/organise/{SLUG}");
    let api = format!("/api/v1/organisations/{SLUG}");

    // Who one is: nobody signed in is asked to sign in by both.
    alike(
        "accounts::account",
        &anonymous.0.get("/account/password").await,
        &anonymous.1.get("/api/v1/me").await,
        Answer::NotSignedIn,
    );
    alike(
        "accounts::account",
        &home.browser.get("/account/password").await,
        &home.api.get("/api/v1/me").await,
        Answer::Done,
    );

    // Competitions, seasons and divisions: a captain is refused; the organiser's two are alike.
    let competition_form = two_per_match_plus_one_per_game("Page Cup");
    let mut competition_body = json!({
        "name": "API Cup",
        "ruleset": "fives-and-threes",
        "match_format": {
            "legs": [{"kind": "singles", "games": 6, "target": 61}, {"kind": "pairs", "games": 3, "target": 61}],
            "player_limits": {"singles_per_player": 1, "pairs_per_player": 1},
            "points": {"per_game_won": 1, "per_match_won": 2, "per_match_drawn": 1, "losing_bonus": null},
            "walkover": {"winner_games": 5, "loser_games": 0}
        }
    });
    alike(
        "league::create_competition",
        &home
            .browser
            .submit(&format!("{org}/competitions"), &as_pairs(&competition_form))
            .await,
        &home
            .api
            .post(&format!("{api}/competitions"), competition_body.clone())
            .await,
        Answer::Forbidden,
    );
    alike(
        "league::create_competition",
        &secretary
            .browser
            .submit(&format!("{org}/competitions"), &as_pairs(&competition_form))
            .await,
        &secretary
            .api
            .post(&format!("{api}/competitions"), competition_body.clone())
            .await,
        Answer::Done,
    );
    let competitions = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap();
    let made = |name: &str| {
        competitions
            .iter()
            .find(|c| c.name == name)
            .unwrap()
            .clone()
    };
    let (page_cup, api_cup) = (made("Page Cup"), made("API Cup"));
    assert_eq!(page_cup.match_format, api_cup.match_format);
    assert_eq!(page_cup.ruleset, api_cup.ruleset);
    competition_body["name"] = json!("Page Cup");
    assert_eq!(
        secretary
            .api
            .post(&format!("{api}/competitions"), competition_body)
            .await
            .status,
        409,
        "a name taken through the page is taken through the API"
    );

    let season_form = [
        ("name", "Spring"),
        ("start", "2026-09-01"),
        ("league_night", "Tuesday"),
        ("blackout_dates", ""),
        ("start_time", ""),
    ];
    let season_body = json!({"name": "Spring", "start": "2026-09-01", "league_night": "Tuesday"});
    alike(
        "league::create_season",
        &outsider
            .browser
            .submit(
                &format!("{org}/competitions/{}/seasons", page_cup.id),
                &season_form,
            )
            .await,
        &outsider
            .api
            .post(
                &format!("{api}/competitions/{}/seasons", api_cup.id),
                season_body.clone(),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "league::create_season",
        &secretary
            .browser
            .submit(
                &format!("{org}/competitions/{}/seasons", page_cup.id),
                &season_form,
            )
            .await,
        &secretary
            .api
            .post(
                &format!("{api}/competitions/{}/seasons", api_cup.id),
                season_body,
            )
            .await,
        Answer::Done,
    );
    let page_season = ctx.store.seasons_of(page_cup.id).await.unwrap().remove(0);
    let api_season = ctx.store.seasons_of(api_cup.id).await.unwrap().remove(0);
    assert_eq!(
        (
            page_season.start,
            page_season.league_night,
            &page_season.blackout_dates
        ),
        (
            api_season.start,
            api_season.league_night,
            &api_season.blackout_dates
        )
    );

    alike(
        "league::create_division",
        &home
            .browser
            .submit(
                &format!("{org}/seasons/{}/divisions", page_season.id),
                &[("name", "North")],
            )
            .await,
        &home
            .api
            .post(
                &format!("{api}/seasons/{}/divisions", api_season.id),
                json!({"name": "North"}),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "league::create_division",
        &secretary
            .browser
            .submit(
                &format!("{org}/seasons/{}/divisions", page_season.id),
                &[("name", "North")],
            )
            .await,
        &secretary
            .api
            .post(
                &format!("{api}/seasons/{}/divisions", api_season.id),
                json!({"name": "North"}),
            )
            .await,
        Answer::Done,
    );
    let page_division = ctx
        .store
        .divisions_of(page_season.id)
        .await
        .unwrap()
        .remove(0);
    let api_division = ctx
        .store
        .divisions_of(api_season.id)
        .await
        .unwrap()
        .remove(0);
    assert_eq!(page_division.tiebreaks, api_division.tiebreaks);

    // Teams into divisions, then their fixtures made.
    for team in [league.home, league.away] {
        let id = team.0.to_string();
        alike(
            "league::add_team_to_division",
            &outsider
                .browser
                .submit(
                    &format!("{org}/divisions/{}/teams", page_division.id),
                    &[("team", &id)],
                )
                .await,
            &outsider
                .api
                .post(
                    &format!("{api}/divisions/{}/teams", api_division.id),
                    json!({"team_id": team.0}),
                )
                .await,
            Answer::Forbidden,
        );
        alike(
            "league::add_team_to_division",
            &secretary
                .browser
                .submit(
                    &format!("{org}/divisions/{}/teams", page_division.id),
                    &[("team", &id)],
                )
                .await,
            &secretary
                .api
                .post(
                    &format!("{api}/divisions/{}/teams", api_division.id),
                    json!({"team_id": team.0}),
                )
                .await,
            Answer::Done,
        );
    }
    alike(
        "fixtures::generate",
        &home
            .browser
            .submit(
                &format!("{org}/divisions/{}/fixtures", page_division.id),
                &[("legs", "double")],
            )
            .await,
        &home
            .api
            .post(
                &format!("{api}/divisions/{}/fixtures", api_division.id),
                json!({"legs": "double"}),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "fixtures::generate",
        &secretary
            .browser
            .submit(
                &format!("{org}/divisions/{}/fixtures", page_division.id),
                &[("legs", "double")],
            )
            .await,
        &secretary
            .api
            .post(
                &format!("{api}/divisions/{}/fixtures", api_division.id),
                json!({"legs": "double"}),
            )
            .await,
        Answer::Done,
    );
    let by_page = ctx
        .store
        .fixtures_of_division(page_division.id)
        .await
        .unwrap();
    let by_api = ctx
        .store
        .fixtures_of_division(api_division.id)
        .await
        .unwrap();
    let shape = |fixtures: &[Fixture]| -> Vec<_> {
        fixtures
            .iter()
            .map(|f| (f.round, f.date, f.home_team_id, f.away_team_id))
            .collect()
    };
    assert_eq!(shape(&by_page), shape(&by_api));

    // A fixture moved, postponed and reversed: one of each division through each.
    let (page_fixture, api_fixture) = (by_page[0].id, by_api[0].id);
    alike(
        "fixtures::move_to",
        &home
            .browser
            .submit(
                &format!("{org}/fixtures/{page_fixture}/date"),
                &[("date", "2026-10-06"), ("start_time", "")],
            )
            .await,
        &home
            .api
            .post(
                &format!("{api}/fixtures/{api_fixture}/move"),
                json!({"date": "2026-10-06"}),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "fixtures::move_to",
        &secretary
            .browser
            .submit(
                &format!("{org}/fixtures/{page_fixture}/date"),
                &[("date", "2026-10-06"), ("start_time", "")],
            )
            .await,
        &secretary
            .api
            .post(
                &format!("{api}/fixtures/{api_fixture}/move"),
                json!({"date": "2026-10-06"}),
            )
            .await,
        Answer::Done,
    );
    let (moved_by_page, moved_by_api) = (
        fixture(&ctx, page_fixture).await,
        fixture(&ctx, api_fixture).await,
    );
    assert_eq!(
        (
            moved_by_page.date,
            moved_by_page.start_time,
            moved_by_page.status
        ),
        (
            moved_by_api.date,
            moved_by_api.start_time,
            moved_by_api.status
        )
    );
    for (case, page_path, api_path) in [
        ("fixtures::postpone", "postpone", "postpone"),
        ("fixtures::reverse", "reverse", "reverse"),
    ] {
        alike(
            case,
            &outsider
                .browser
                .submit(&format!("{org}/fixtures/{page_fixture}/{page_path}"), &[])
                .await,
            &outsider
                .api
                .post(
                    &format!("{api}/fixtures/{api_fixture}/{api_path}"),
                    json!({}),
                )
                .await,
            Answer::Forbidden,
        );
        alike(
            case,
            &secretary
                .browser
                .submit(&format!("{org}/fixtures/{page_fixture}/{page_path}"), &[])
                .await,
            &secretary
                .api
                .post(
                    &format!("{api}/fixtures/{api_fixture}/{api_path}"),
                    json!({}),
                )
                .await,
            Answer::Done,
        );
    }
    let (changed_by_page, changed_by_api) = (
        fixture(&ctx, page_fixture).await,
        fixture(&ctx, api_fixture).await,
    );
    assert_eq!(changed_by_page.status, FixtureStatus::Postponed);
    assert_eq!(
        (
            changed_by_page.status,
            changed_by_page.home_team_id,
            changed_by_page.away_team_id
        ),
        (
            changed_by_api.status,
            changed_by_api.home_team_id,
            changed_by_api.away_team_id
        )
    );
    assert_eq!(
        changed_by_page.home_team_id, moved_by_page.away_team_id,
        "reversed"
    );

    // Teams and their pubs.
    alike(
        "teams::create_team",
        &outsider
            .browser
            .submit(&format!("{org}/teams"), &[("name", "Page Arms")])
            .await,
        &outsider
            .api
            .post(&format!("{api}/teams"), json!({"name": "API Arms"}))
            .await,
        Answer::Forbidden,
    );
    alike(
        "teams::create_team",
        &secretary
            .browser
            .submit(&format!("{org}/teams"), &[("name", "Page Arms")])
            .await,
        &secretary
            .api
            .post(&format!("{api}/teams"), json!({"name": "API Arms"}))
            .await,
        Answer::Done,
    );
    let pub_form = [
        ("name", "The Anchor"),
        ("address", "1 Quay Street\nAppledore"),
        ("night", ""),
    ];
    let pub_body = json!({"name": "The Anchor", "address": "1 Quay Street\nAppledore"});
    alike(
        "teams::set_venue",
        &outsider
            .browser
            .submit(&format!("/teams/{}/pub", league.home), &pub_form)
            .await,
        &outsider
            .api
            .put(
                &format!("{api}/teams/{}/venue", league.away),
                pub_body.clone(),
            )
            .await,
        Answer::Forbidden,
    );
    // Each team's own captain sets its pub, on the team's page or through the API.
    alike(
        "teams::set_venue",
        &home
            .browser
            .submit(&format!("/teams/{}/pub", league.home), &pub_form)
            .await,
        &away
            .api
            .put(&format!("{api}/teams/{}/venue", league.away), pub_body)
            .await,
        Answer::Done,
    );
    let (home_pub, away_pub) = (
        venue(&ctx, league.home).await,
        venue(&ctx, league.away).await,
    );
    assert_eq!(
        (
            home_pub.name.as_str(),
            home_pub.address.as_str(),
            home_pub.night
        ),
        (
            away_pub.name.as_str(),
            away_pub.address.as_str(),
            away_pub.night
        )
    );

    // Results: Anchor at home through the page, Bell at home through the API.
    let home_first = league.fixtures[0].id;
    let away_first = league.fixtures[1].id;
    let page_sheet = league.random_result(11).0;
    let bell_at_home = ResultRules {
        ruleset: &league.ruleset,
        format: &league.format,
        level: EntryLevel::Hands,
        home_squad: &league.away_squad,
        away_squad: &league.home_squad,
    };
    let api_sheet: ResultSheet = fives::demo::random_result(bell_at_home, &mut seeded(12));
    let mut page_result = form_fields(&page_sheet);
    page_result.push(("submission_key".into(), "use-case-page".into()));
    let result_page = |id: FixtureId| format!("/leagues/{SLUG}/fixtures/{id}");
    let result_api = |id: FixtureId| format!("{api}/fixtures/{id}/result");
    alike(
        "results::submit",
        &submit_form(
            &outsider.browser,
            &format!("{}/result", result_page(home_first)),
            &page_result,
        )
        .await,
        &outsider
            .api
            .post(&result_api(away_first), body_of(&api_sheet))
            .await,
        Answer::Forbidden,
    );
    alike(
        "results::submit",
        &submit_form(
            &home.browser,
            &format!("{}/result", result_page(home_first)),
            &page_result,
        )
        .await,
        &away
            .api
            .post(&result_api(away_first), body_of(&api_sheet))
            .await,
        Answer::Done,
    );
    let (by_page, by_api) = (kept(&ctx, home_first).await, kept(&ctx, away_first).await);
    assert_eq!(
        (by_page.for_team, by_api.for_team),
        (Some(league.home), Some(league.away))
    );
    assert_eq!(
        by_page.score,
        check_result(&page_sheet, league.rules()).unwrap().score
    );
    assert_eq!(
        by_api.score,
        check_result(&api_sheet, bell_at_home).unwrap().score
    );
    for id in [home_first, away_first] {
        assert_eq!(
            fixture(&ctx, id).await.status,
            FixtureStatus::AwaitingConfirmation
        );
    }

    // The submitting captain may not answer their own result; the other captain confirms.
    let version = |id: i64| id.to_string();
    alike(
        "results::confirm",
        &home
            .browser
            .submit(
                &format!("{}/confirm", result_page(home_first)),
                &[("result", &version(by_page.id))],
            )
            .await,
        &away
            .api
            .post(
                &format!("{}/confirm", result_api(away_first)),
                json!({"version_id": by_api.id}),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "results::dispute",
        &home
            .browser
            .submit(
                &format!("{}/dispute", result_page(home_first)),
                &[("result", &version(by_page.id)), ("reason", "no")],
            )
            .await,
        &away
            .api
            .post(
                &format!("{}/dispute", result_api(away_first)),
                json!({"version_id": by_api.id, "reason": "no"}),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "results::dispute",
        &away
            .browser
            .submit(
                &format!("{}/dispute", result_page(home_first)),
                &[
                    ("result", &version(by_page.id)),
                    ("reason", "Game 2 was 61-58."),
                ],
            )
            .await,
        &home
            .api
            .post(
                &format!("{}/dispute", result_api(away_first)),
                json!({"version_id": by_api.id, "reason": "Game 2 was 61-58."}),
            )
            .await,
        Answer::Done,
    );
    for id in [home_first, away_first] {
        assert_eq!(fixture(&ctx, id).await.status, FixtureStatus::Disputed);
    }

    // The organiser corrects; a captain may not.
    let mut page_correction = form_fields(&page_sheet);
    page_correction.extend(fields(&[
        ("submission_key", "use-case-correction"),
        ("reason", "Checked with both captains."),
    ]));
    let mut api_correction = body_of(&api_sheet);
    api_correction["reason"] = json!("Checked with both captains.");
    alike(
        "results::correct",
        &submit_form(
            &home.browser,
            &format!("{}/correct", result_page(home_first)),
            &page_correction,
        )
        .await,
        &home
            .api
            .post(
                &format!("{}/correct", result_api(away_first)),
                api_correction.clone(),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "results::correct",
        &submit_form(
            &secretary.browser,
            &format!("{}/correct", result_page(home_first)),
            &page_correction,
        )
        .await,
        &secretary
            .api
            .post(
                &format!("{}/correct", result_api(away_first)),
                api_correction,
            )
            .await,
        Answer::Done,
    );
    let (by_page, by_api) = (kept(&ctx, home_first).await, kept(&ctx, away_first).await);
    assert_eq!((by_page.version, by_api.version), (2, 2));
    for id in [home_first, away_first] {
        assert_eq!(fixture(&ctx, id).await.status, FixtureStatus::Confirmed);
    }

    // The history: addresses for the organisers only, on the page and in the API alike.
    let history_api = format!("{}/history", result_api(home_first));
    let secretary_email = &league.secretary.email;
    for (who, browser, client, sees) in [
        ("anonymous", &anonymous.0, &anonymous.1, false),
        ("a captain", &home.browser, &home.api, false),
        ("the organiser", &secretary.browser, &secretary.api, true),
    ] {
        let page = browser.get(&result_page(home_first)).await;
        let reply = client.get(&history_api).await;
        assert_eq!((page.status, reply.status), (200, 200), "{who}");
        let in_api = reply
            .json
            .as_array()
            .unwrap()
            .iter()
            .any(|line| line["by_email"] == json!(secretary_email));
        assert_eq!(
            (page.body.contains(secretary_email.as_str()), in_api),
            (sees, sees),
            "{who}"
        );
    }

    // Confirming a corrected result is refused alike: it no longer awaits an answer.
    alike(
        "results::confirm",
        &away
            .browser
            .submit(
                &format!("{}/confirm", result_page(home_first)),
                &[("result", &version(by_page.id))],
            )
            .await,
        &home
            .api
            .post(
                &format!("{}/confirm", result_api(away_first)),
                json!({"version_id": by_api.id}),
            )
            .await,
        Answer::Other(409),
    );
}
store_test!(a_use_case_with_a_page_and_an_endpoint_refuses_and_acts_alike_through_both);
