//! The dates results and fixtures live by, on pages and in the API alike: a result is taken from
//! its fixture's date (an organiser may enter one earlier with a reason, kept in the result's
//! history), and a fixture moves only within its season's reach.

use chrono::{Duration, Utc, Weekday};
use fives::domain::fixtures::Legs;
use fives::domain::league::SeasonCalendar;
use fives::domain::organisation::DisplayName;
use fives::domain::standings::TiebreakOrder;
use fives::store::{Fixture, NewDivision, NewSeason};
use fives::token::SecretToken;
use serde_json::json;

use crate::result_interruptions::form_fields;
use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::TestContext;

/// A season of the league's two teams that starts a fortnight from now: its fixtures, none
/// yet due.
async fn future_fixtures(ctx: &TestContext, league: &ResultsLeague) -> Vec<Fixture> {
    let store = ctx.store.as_ref();
    let competition = store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    let start = Utc::now().date_naive() + Duration::days(14);
    let season = store
        .create_season(&NewSeason {
            competition: competition.id,
            name: DisplayName::try_from("Next season").unwrap(),
            calendar: SeasonCalendar::new(start, Weekday::Tue, []).unwrap(),
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    let division = store
        .create_division(&NewDivision {
            season: season.id,
            name: DisplayName::try_from("Premier").unwrap(),
            tiebreaks: TiebreakOrder::default(),
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    for team in [league.home, league.away] {
        store.add_team_to_division(division.id, team).await.unwrap();
    }
    let mut fixtures = store
        .generate_fixtures(division.id, Legs::Double)
        .await
        .unwrap();
    // The Anchor (the league's home team) at home first, as the league's random results have it.
    fixtures.sort_by_key(|fixture| fixture.home_team_id != league.home);
    fixtures
}

fn sheet_fields(league: &ResultsLeague, seed: u64) -> Vec<(String, String)> {
    let mut fields = form_fields(&league.random_result(seed).0);
    fields.push((
        "submission_key".to_string(),
        SecretToken::generate().as_str().to_string(),
    ));
    fields
}

fn as_str(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

async fn a_result_is_refused_before_its_fixtures_date_unless_an_organiser_says_why(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let fixtures = future_fixtures(&ctx, &league).await;
    let fixture = &fixtures[0];
    let date = fixture.date.format("%a %-d %b %Y").to_string();
    let entry = format!("/leagues/{SLUG}/fixtures/{}/result", fixture.id);

    // The captain's form says when; what they post is refused and nothing is kept.
    let captain = ctx.browser();
    captain.login_ok("captain@anchor.example.org").await;
    let form = captain.get(&entry).await;
    assert_eq!(form.status, 200);
    assert!(
        form.body.contains(&format!("This fixture is on {date}")),
        "{}",
        form.body
    );
    assert!(!form.body.contains(r#"class="result-form""#));
    let posted = captain
        .submit(&entry, &as_str(&sheet_fields(&league, 1)))
        .await;
    assert_eq!(posted.status, 422);
    assert!(
        posted
            .body
            .contains("a result for a fixture not yet played is not taken")
    );
    assert!(
        ctx.store
            .current_result(fixture.id)
            .await
            .unwrap()
            .is_none()
    );

    // Nor through the API, a walkover two weeks ahead included.
    let token = captain.make_api_token("scorer").await;
    let api = ctx.api(Some(&token));
    let result = format!(
        "/api/v1/organisations/{SLUG}/fixtures/{}/result",
        fixture.id
    );
    let walkover = api
        .post(&result, json!({"walkover": {"conceded_by": "away"}}))
        .await;
    assert_eq!(walkover.status, 422, "{:?}", walkover.json);
    assert!(walkover.json["error"].as_str().unwrap().contains(&date));
    let early = api
        .post(
            &result,
            json!({"walkover": {"conceded_by": "away"}, "early_reason": "keen"}),
        )
        .await;
    assert_eq!(
        early.status, 422,
        "a captain's reason does not open it: {:?}",
        early.json
    );
    assert!(
        ctx.store
            .current_result(fixture.id)
            .await
            .unwrap()
            .is_none()
    );

    // The organiser may, only with a reason, which the result's history shows.
    let organiser = ctx.browser();
    organiser.login_ok("secretary@torridge.example.org").await;
    let form = organiser.get(&entry).await;
    assert!(form.body.contains(r#"name="early_reason""#));
    let without = organiser
        .submit(&entry, &as_str(&sheet_fields(&league, 2)))
        .await;
    assert_eq!(without.status, 422);
    assert!(without.body.contains("give the reason"), "{}", without.body);
    assert!(
        ctx.store
            .current_result(fixture.id)
            .await
            .unwrap()
            .is_none()
    );
    let mut fields = sheet_fields(&league, 2);
    fields.push((
        "early_reason".to_string(),
        "Brought forward for the cup final".to_string(),
    ));
    let with = organiser.submit(&entry, &as_str(&fields)).await;
    assert_eq!(with.status, 303, "{}", with.body);
    let history = ctx.store.result_history(fixture.id).await.unwrap();
    assert_eq!(
        history[0].reason.as_deref(),
        Some("Brought forward for the cup final")
    );
    let page = ctx
        .browser()
        .get(&format!("/leagues/{SLUG}/fixtures/{}", fixture.id))
        .await;
    assert!(page.body.contains("Brought forward for the cup final"));

    // And through the API.
    let token = organiser.make_api_token("secretary's script").await;
    let api = ctx.api(Some(&token));
    let result = format!(
        "/api/v1/organisations/{SLUG}/fixtures/{}/result",
        fixtures[1].id
    );
    let without = api
        .post(&result, json!({"walkover": {"conceded_by": "home"}}))
        .await;
    assert_eq!(without.status, 422);
    assert_eq!(without.problem_fields(), ["early_reason"]);
    let with = api
        .post(
            &result,
            json!({"walkover": {"conceded_by": "home"}, "early_reason": "Bell folded"}),
        )
        .await;
    assert_eq!(with.status, 201, "{:?}", with.json);
}
store_test!(a_result_is_refused_before_its_fixtures_date_unless_an_organiser_says_why);

async fn a_fixture_moves_only_within_its_seasons_reach_on_the_page_and_in_the_api(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let fixture = &league.fixtures[0];
    let organiser = ctx.browser();
    organiser.login_ok("secretary@torridge.example.org").await;
    let token = organiser.make_api_token("secretary's script").await;
    let api = ctx.api(Some(&token));
    let moved = format!("/api/v1/organisations/{SLUG}/fixtures/{}/move", fixture.id);
    let page = format!("/organise/{SLUG}/fixtures/{}/date", fixture.id);
    for (date, message) in [
        (
            "0000-01-01",
            "is before the season starts on Tue 1 Sep 2026",
        ),
        (
            "2026-08-31",
            "is before the season starts on Tue 1 Sep 2026",
        ),
        (
            "2099-03-03",
            "is more than two years after the season starts",
        ),
    ] {
        let reply = api.post(&moved, json!({"date": date})).await;
        assert_eq!(reply.status, 422, "{date}: {:?}", reply.json);
        let said = reply.problem_at("date").unwrap();
        assert!(said.contains(message), "{date}: {said}");
        let refused = organiser.submit(&page, &[("date", date)]).await;
        assert_eq!(refused.status, 422, "{date}");
        assert!(
            refused.body.contains(&said),
            "the page says the same for {date}"
        );
    }
    assert_eq!(
        ctx.store.fixture(fixture.id).await.unwrap().unwrap().date,
        fixture.date
    );
    let reply = api.post(&moved, json!({"date": "2026-12-15"})).await;
    assert_eq!(reply.status, 200, "{:?}", reply.json);
}
store_test!(a_fixture_moves_only_within_its_seasons_reach_on_the_page_and_in_the_api);
