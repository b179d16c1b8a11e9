//! A captain's dashboard: their next fixture and what waits for them (a result to enter, a
//! result to confirm or dispute), one link each to the page that does it; and the same facts
//! in the API.

use fives::domain::ids::FixtureId;
use fives::domain::season_fixtures::FixtureStatus;
use serde_json::{Value, json};

use crate::result_interruptions::form_fields;
use crate::results_league::{SLUG, results_league};
use crate::support::{Browser, TestContext};

async fn signed_in(ctx: &TestContext, email: &str) -> (Browser, String) {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    let token = browser.make_api_token("dashboard").await;
    (browser, token)
}

/// The ids of the fixtures in one list of the API's tasks of the first team.
fn ids(tasks: &Value, list: &str) -> Vec<i64> {
    tasks[0][list]
        .as_array()
        .unwrap_or_else(|| panic!("{list} in {tasks}"))
        .iter()
        .map(|task| task["fixture"]["id"].as_i64().unwrap())
        .collect()
}

fn enter_link(id: FixtureId) -> String {
    format!(r#"href="/leagues/{SLUG}/fixtures/{id}/result">Enter the result"#)
}

fn answer_link(id: FixtureId) -> String {
    format!(r#"href="/leagues/{SLUG}/fixtures/{id}">Confirm or dispute the result"#)
}

async fn a_captains_dashboard_shows_what_waits_and_links_straight_to_it(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (home, home_token) = signed_in(&ctx, &league.home_captain.email).await;
    let (away, away_token) = signed_in(&ctx, &league.away_captain.email).await;
    let (home_api, away_api) = (ctx.api(Some(&home_token)), ctx.api(Some(&away_token)));
    let (played, to_come) = (league.fixtures[0].id, league.fixtures[1].id);

    // The second fixture moves to a day still to come; the first was played in September.
    let (secretary, secretary_token) = signed_in(&ctx, &league.secretary.email).await;
    let moved = ctx
        .api(Some(&secretary_token))
        .post(
            &format!("/api/v1/organisations/{SLUG}/fixtures/{to_come}/move"),
            json!({"date": "2028-06-06"}),
        )
        .await;
    assert_eq!(moved.status, 200, "{:?}", moved.json);
    drop(secretary);

    let dashboard = home.get("/dashboard").await;
    assert_eq!(dashboard.status, 200);
    // A captain who organises nothing is not told so.
    assert!(!dashboard.body.contains("Organisations you run"));
    assert!(dashboard.body.contains("Teams you captain"));
    assert!(
        dashboard.body.contains(&enter_link(played)),
        "{}",
        dashboard.body
    );
    assert!(
        dashboard
            .body
            .contains("Next fixture: <a href=\"/leagues/torridge/fixtures/"),
        "{}",
        dashboard.body
    );
    assert!(
        dashboard.body.contains(&format!(
            "/fixtures/{to_come}\">Bell v Anchor, Tue 6 Jun 2028"
        )),
        "{}",
        dashboard.body
    );
    let tasks = home_api.get("/api/v1/me/tasks").await;
    assert_eq!(tasks.status, 200);
    assert_eq!(tasks.json[0]["team"]["name"], "Anchor");
    assert_eq!(ids(&tasks.json, "results_to_enter"), [played.0]);
    assert_eq!(ids(&tasks.json, "results_to_answer"), Vec::<i64>::new());
    assert_eq!(tasks.json[0]["next_fixture"]["id"], to_come.0);
    assert_eq!(
        tasks.json[0]["results_to_enter"][0]["result"],
        format!("/api/v1/organisations/{SLUG}/fixtures/{played}/result")
    );

    // Anchor's captain enters the result from the link: it leaves Anchor's list and waits
    // for Bell's captain.
    let mut fields = form_fields(&league.random_result(5).0);
    fields.push(("submission_key".into(), "dashboard".into()));
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let entry = format!("/leagues/{SLUG}/fixtures/{played}/result");
    assert_eq!(home.get(&entry).await.status, 200);
    assert_eq!(home.submit(&entry, &pairs).await.status, 303);
    let dashboard = home.get("/dashboard").await;
    assert!(!dashboard.body.contains(&enter_link(played)));
    assert!(
        !dashboard.body.contains(&answer_link(played)),
        "not Anchor's to answer"
    );
    assert!(dashboard.body.contains("Nothing waits for you."));
    let away_dashboard = away.get("/dashboard").await;
    assert!(
        away_dashboard.body.contains(&answer_link(played)),
        "{}",
        away_dashboard.body
    );
    let tasks = away_api.get("/api/v1/me/tasks").await;
    assert_eq!(ids(&tasks.json, "results_to_answer"), [played.0]);
    assert_eq!(ids(&tasks.json, "results_to_enter"), Vec::<i64>::new());

    // One tap: the linked page has the confirmation; confirming clears the list.
    let page = away
        .get(&format!("/leagues/{SLUG}/fixtures/{played}"))
        .await;
    assert!(
        page.body
            .contains(&format!("/leagues/{SLUG}/fixtures/{played}/confirm"))
    );
    let version = ctx.store.current_result(played).await.unwrap().unwrap().id;
    let confirmed = away
        .submit(
            &format!("/leagues/{SLUG}/fixtures/{played}/confirm"),
            &[("result", &version.to_string())],
        )
        .await;
    assert_eq!(confirmed.status, 303);
    assert_eq!(
        ctx.store.fixture(played).await.unwrap().unwrap().status,
        FixtureStatus::Confirmed
    );
    assert!(
        !away
            .get("/dashboard")
            .await
            .body
            .contains(&answer_link(played))
    );
    assert_eq!(
        ids(
            &away_api.get("/api/v1/me/tasks").await.json,
            "results_to_answer"
        ),
        Vec::<i64>::new()
    );

    // Someone who captains nothing has an empty list; nobody signed in is asked to sign in.
    let (_, secretary_token) = signed_in(&ctx, &league.secretary.email).await;
    assert_eq!(
        ctx.api(Some(&secretary_token))
            .get("/api/v1/me/tasks")
            .await
            .json,
        json!([])
    );
    assert_eq!(ctx.api(None).get("/api/v1/me/tasks").await.status, 401);
}
store_test!(a_captains_dashboard_shows_what_waits_and_links_straight_to_it);

async fn a_team_page_offers_a_result_only_from_the_night_and_shows_the_score_once_played(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    // The second fixture moved to next year: it is looked at, not entered.
    let later = fives::app::league_today() + chrono::Duration::days(300);
    ctx.store
        .move_fixture(league.fixtures[1].id, later)
        .await
        .unwrap();
    let (checked, _) = crate::careers::confirmed_result(&ctx, &league).await;
    let (home, _) = signed_in(&ctx, &league.home_captain.email).await;
    let page = home.get(&format!("/teams/{}/manage", league.home)).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let (won, lost) = league.format.games(checked.score);
    assert!(
        page.body
            .contains(&format!("<strong>{won}–{lost}</strong>")),
        "{}",
        page.body
    );
    let [played, future] = [0, 1].map(|index| league.fixtures[index].id);
    assert!(
        page.body.contains(&format!(
            r#"href="/leagues/{SLUG}/fixtures/{played}">See the result"#
        )),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(&format!(
            r#"href="/leagues/{SLUG}/fixtures/{future}">See the fixture"#
        )),
        "{}",
        page.body
    );
    assert!(!page.body.contains("Enter the result"), "{}", page.body);
}
store_test!(a_team_page_offers_a_result_only_from_the_night_and_shows_the_score_once_played);
