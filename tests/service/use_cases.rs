//! Every use case (`src/app`) is listed here with the page and the API endpoint that reach it.
//! The list is checked against the use cases' own source, so a new one cannot be left out, and
//! against the declared routes. Where a use case has both a page and an endpoint, the same
//! person it refuses is refused alike by both, and the same request from one who may has the
//! same outcome through both.

use std::collections::BTreeSet;

use fives::domain::entry_level::EntryLevel;
use fives::domain::ids::{FixtureId, TeamId};
use fives::domain::league::Venue;
use fives::domain::match_result::{ResultRules, ResultSheet, check_result};
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::{Fixture, StoredResult};
use fives::web::http_methods::DECLARED_ROUTES;
use fives_rules::random::seeded;
use serde_json::json;

use crate::api_results::body_of;
use crate::organiser_league::{as_pairs, two_per_match_plus_one_per_game};
use crate::result_interruptions::form_fields;
use crate::results_league::{SLUG, results_league};
use crate::support::{ApiClient, Browser, Page, Reply, TestContext};

type Route = Option<(&'static str, &'static str)>;

/// Each use case, as `module::function` of `src/app`, with the page and the API endpoint
/// (method and route) that reach it.
const USE_CASES: &[(&str, Route, Route)] = &[
    (
        "accounts::accept_invite",
        Some(("POST", "/invites/{token}")),
        None,
    ),
    (
        "accounts::account",
        Some(("GET", "/account/password")),
        Some(("GET", "/api/v1/me")),
    ),
    (
        "accounts::change_password",
        Some(("POST", "/account/password")),
        None,
    ),
    ("accounts::dashboard", Some(("GET", "/dashboard")), None),
    (
        "championships::add_entrants",
        Some(("POST", "/organise/{slug}/championships/{id}/entrants")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/championships/{id}/entrants",
        )),
    ),
    (
        "championships::change_entrant",
        Some((
            "POST",
            "/organise/{slug}/championships/{id}/entrants/{entrant_id}",
        )),
        Some((
            "PUT",
            "/api/v1/organisations/{slug}/championships/{id}/entrants/{entrant_id}",
        )),
    ),
    (
        "championships::championship",
        Some(("GET", "/leagues/{slug}/championships/{id}")),
        Some(("GET", "/api/v1/organisations/{slug}/championships/{id}")),
    ),
    (
        "championships::championships",
        None,
        Some(("GET", "/api/v1/organisations/{slug}/championships")),
    ),
    (
        "championships::confirm_table_result",
        Some((
            "POST",
            "/organise/{slug}/championships/{id}/tables/{table_id}/confirm",
        )),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}/result/confirm",
        )),
    ),
    (
        "championships::create_championship",
        Some(("POST", "/organise/{slug}/championships")),
        Some(("POST", "/api/v1/organisations/{slug}/championships")),
    ),
    (
        "championships::enter_result_as_organiser",
        Some((
            "POST",
            "/organise/{slug}/championships/{id}/tables/{table_id}",
        )),
        Some((
            "PUT",
            "/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}/result",
        )),
    ),
    (
        "championships::enter_result_by_link",
        Some(("POST", "/tables/{link}")),
        Some(("PUT", "/api/v1/tables/{link}/result")),
    ),
    (
        "championships::table_log",
        Some(("GET", "/organise/{slug}/championships/{id}")),
        None,
    ),
    (
        "championships::organised_table",
        Some((
            "GET",
            "/organise/{slug}/championships/{id}/tables/{table_id}",
        )),
        Some((
            "GET",
            "/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}",
        )),
    ),
    (
        "championships::preview_round",
        Some(("GET", "/organise/{slug}/championships/{id}")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/championships/{id}/rounds/preview",
        )),
    ),
    (
        "championships::publish_round",
        Some(("POST", "/organise/{slug}/championships/{id}/rounds")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/championships/{id}/rounds",
        )),
    ),
    (
        "championships::remove_entrant",
        Some((
            "POST",
            "/organise/{slug}/championships/{id}/entrants/{entrant_id}",
        )),
        Some((
            "DELETE",
            "/api/v1/organisations/{slug}/championships/{id}/entrants/{entrant_id}",
        )),
    ),
    (
        "championships::check_in_all",
        Some(("POST", "/organise/{slug}/championships/{id}/check-in")),
        None,
    ),
    (
        "championships::confirm_entered_tables",
        Some((
            "POST",
            "/organise/{slug}/championships/{id}/confirm-entered",
        )),
        None,
    ),
    ("championships::table_of_code", Some(("POST", "/t")), None),
    (
        "championships::find_table",
        Some(("GET", "/leagues/{slug}/championships/{id}/find")),
        None,
    ),
    (
        "championships::table_of_link",
        Some(("GET", "/tables/{link}")),
        Some(("GET", "/api/v1/tables/{link}")),
    ),
    ("accounts::log_in", Some(("POST", "/login")), None),
    ("accounts::log_out", Some(("POST", "/logout")), None),
    ("accounts::session_actor", Some(("GET", "/dashboard")), None),
    (
        "accounts::usable_invite",
        Some(("GET", "/invites/{token}")),
        None,
    ),
    (
        "admin::create_organisation",
        Some(("POST", "/admin/organisations")),
        None,
    ),
    ("admin::organisations", Some(("GET", "/admin")), None),
    (
        "captaincy::remove_captain",
        Some(("POST", "/organise/{slug}/teams/{id}/captains/{user}/remove")),
        Some((
            "DELETE",
            "/api/v1/organisations/{slug}/teams/{id}/captains/{user_id}",
        )),
    ),
    (
        "deductions::deduct_points",
        Some(("POST", "/organise/{slug}/divisions/{id}/deductions")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/divisions/{id}/deductions",
        )),
    ),
    (
        "deductions::deductions",
        Some(("GET", "/organise/{slug}/divisions/{id}/deductions")),
        None,
    ),
    (
        "fixtures::generate",
        Some(("POST", "/organise/{slug}/divisions/{id}/fixtures")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/divisions/{id}/fixtures",
        )),
    ),
    (
        "fixtures::move_to",
        Some(("POST", "/organise/{slug}/fixtures/{id}/date")),
        Some(("POST", "/api/v1/organisations/{slug}/fixtures/{id}/move")),
    ),
    (
        "fixtures::of_division",
        Some(("GET", "/organise/{slug}/divisions/{id}/fixtures")),
        None,
    ),
    (
        "fixtures::organised_fixture",
        Some(("POST", "/organise/{slug}/fixtures/{id}/date")),
        Some(("POST", "/api/v1/organisations/{slug}/fixtures/{id}/move")),
    ),
    (
        "fixtures::postpone",
        Some(("POST", "/organise/{slug}/fixtures/{id}/postpone")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/fixtures/{id}/postpone",
        )),
    ),
    (
        "fixtures::reverse",
        Some(("POST", "/organise/{slug}/fixtures/{id}/reverse")),
        Some(("POST", "/api/v1/organisations/{slug}/fixtures/{id}/reverse")),
    ),
    (
        "league::add_team_to_division",
        Some(("POST", "/organise/{slug}/divisions/{id}/teams")),
        Some(("POST", "/api/v1/organisations/{slug}/divisions/{id}/teams")),
    ),
    (
        "league::add_teams_to_division",
        Some(("POST", "/organise/{slug}/divisions/{id}/teams/list")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/divisions/{id}/teams/list",
        )),
    ),
    (
        "league::create_competition",
        Some(("POST", "/organise/{slug}/competitions")),
        Some(("POST", "/api/v1/organisations/{slug}/competitions")),
    ),
    (
        "league::create_division",
        Some(("POST", "/organise/{slug}/seasons/{id}/divisions")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/seasons/{id}/divisions",
        )),
    ),
    (
        "league::create_season",
        Some(("POST", "/organise/{slug}/competitions/{id}/seasons")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/competitions/{id}/seasons",
        )),
    ),
    (
        "league::delete_season",
        Some(("POST", "/organise/{slug}/seasons/{id}/delete")),
        None,
    ),
    (
        "league::positions_through_season",
        Some(("GET", "/leagues/{slug}/divisions/{id}")),
        Some((
            "GET",
            "/api/v1/organisations/{slug}/divisions/{id}/positions",
        )),
    ),
    (
        "league::set_entry_level",
        Some(("POST", "/organise/{slug}/competitions/{id}/entry-level")),
        Some((
            "PUT",
            "/api/v1/organisations/{slug}/competitions/{id}/entry-level",
        )),
    ),
    (
        "league::set_result_deadline",
        Some(("POST", "/organise/{slug}/competitions/{id}/result-deadline")),
        None,
    ),
    (
        "league::set_tiebreaks",
        Some(("POST", "/organise/{slug}/divisions/{id}/tiebreaks")),
        None,
    ),
    (
        "league::standings",
        Some(("GET", "/leagues/{slug}/divisions/{id}")),
        Some((
            "GET",
            "/api/v1/organisations/{slug}/divisions/{id}/standings",
        )),
    ),
    (
        "organisers::accept_organiser_invite",
        Some(("POST", "/organiser-invites/{token}")),
        None,
    ),
    (
        "organisers::invite_organiser",
        Some(("POST", "/organise/{slug}/organisers/invites")),
        Some(("POST", "/api/v1/organisations/{slug}/organisers/invites")),
    ),
    (
        "organisers::usable_organiser_invite",
        Some(("GET", "/organiser-invites/{token}")),
        None,
    ),
    (
        "password_resets::request_password_reset",
        Some(("POST", "/password-reset")),
        None,
    ),
    (
        "password_resets::reset_password",
        Some(("POST", "/password-reset/{token}")),
        None,
    ),
    (
        "password_resets::usable_password_reset",
        Some(("GET", "/password-reset/{token}")),
        None,
    ),
    (
        "removals::remove_competition",
        Some(("POST", "/organise/{slug}/competitions/{id}/delete")),
        Some(("DELETE", "/api/v1/organisations/{slug}/competitions/{id}")),
    ),
    (
        "removals::remove_player",
        Some(("POST", "/organise/{slug}/players/{id}/delete")),
        Some(("DELETE", "/api/v1/organisations/{slug}/players/{id}")),
    ),
    (
        "removals::remove_team",
        Some(("POST", "/organise/{slug}/teams/{id}/delete")),
        Some(("DELETE", "/api/v1/organisations/{slug}/teams/{id}")),
    ),
    (
        "renames::rename_competition",
        Some(("POST", "/organise/{slug}/competitions/{id}/name")),
        Some(("PUT", "/api/v1/organisations/{slug}/competitions/{id}/name")),
    ),
    (
        "renames::rename_organisation",
        Some(("POST", "/organise/{slug}/name")),
        Some(("PUT", "/api/v1/organisations/{slug}/name")),
    ),
    (
        "renames::rename_player",
        Some(("POST", "/organise/{slug}/players/{id}/name")),
        Some(("PUT", "/api/v1/organisations/{slug}/players/{id}/name")),
    ),
    (
        "renames::rename_team",
        Some(("POST", "/organise/{slug}/teams/{id}/name")),
        Some(("PUT", "/api/v1/organisations/{slug}/teams/{id}/name")),
    ),
    (
        "results::confirm",
        Some(("POST", "/leagues/{slug}/fixtures/{id}/confirm")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/fixtures/{id}/result/confirm",
        )),
    ),
    (
        "results::correct",
        Some(("POST", "/leagues/{slug}/fixtures/{id}/correct")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/fixtures/{id}/result/correct",
        )),
    ),
    (
        "results::correction",
        Some(("GET", "/leagues/{slug}/fixtures/{id}/correct")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/fixtures/{id}/result/correct",
        )),
    ),
    (
        "results::current_result",
        None,
        Some(("GET", "/api/v1/organisations/{slug}/fixtures/{id}/result")),
    ),
    (
        "results::dispute",
        Some(("POST", "/leagues/{slug}/fixtures/{id}/dispute")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/fixtures/{id}/result/dispute",
        )),
    ),
    (
        "results::entry",
        Some(("GET", "/leagues/{slug}/fixtures/{id}/result")),
        Some(("POST", "/api/v1/organisations/{slug}/fixtures/{id}/result")),
    ),
    (
        "results::fixture_result",
        Some(("GET", "/leagues/{slug}/fixtures/{id}")),
        None,
    ),
    (
        "results::history",
        Some(("GET", "/leagues/{slug}/fixtures/{id}")),
        Some((
            "GET",
            "/api/v1/organisations/{slug}/fixtures/{id}/result/history",
        )),
    ),
    (
        "results::submit",
        Some(("POST", "/leagues/{slug}/fixtures/{id}/result")),
        Some(("POST", "/api/v1/organisations/{slug}/fixtures/{id}/result")),
    ),
    (
        "results::withdraw",
        Some(("POST", "/leagues/{slug}/fixtures/{id}/withdraw")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/fixtures/{id}/result/withdraw",
        )),
    ),
    (
        "squads::add_list_to_squad",
        Some(("POST", "/organise/{slug}/teams/{id}/squad/list")),
        Some(("POST", "/api/v1/organisations/{slug}/teams/{id}/squad/list")),
    ),
    (
        "squads::add_new_player_to_squad",
        Some(("POST", "/teams/{id}/squad")),
        Some(("POST", "/api/v1/organisations/{slug}/teams/{id}/squad")),
    ),
    (
        "squads::add_to_squad",
        Some(("POST", "/teams/{id}/squad/existing")),
        Some(("POST", "/api/v1/organisations/{slug}/teams/{id}/squad")),
    ),
    (
        "squads::remove_from_squad",
        Some(("POST", "/teams/{id}/squad/{player}/remove")),
        Some((
            "DELETE",
            "/api/v1/organisations/{slug}/teams/{id}/squad/{player_id}",
        )),
    ),
    ("squads::squad", Some(("GET", "/teams/{id}/squad")), None),
    (
        "tasks::captain_tasks",
        Some(("GET", "/dashboard")),
        Some(("GET", "/api/v1/me/tasks")),
    ),
    (
        "teams::create_player",
        None,
        Some(("POST", "/api/v1/organisations/{slug}/players")),
    ),
    (
        "teams::create_team",
        Some(("POST", "/organise/{slug}/teams")),
        Some(("POST", "/api/v1/organisations/{slug}/teams")),
    ),
    (
        "teams::invite_captain",
        Some(("POST", "/teams/{id}/invites")),
        None,
    ),
    (
        "teams::invite_captains",
        Some(("POST", "/organise/{slug}/divisions/{id}/invites")),
        None,
    ),
    (
        "teams::managed_team",
        Some(("GET", "/teams/{id}/manage")),
        None,
    ),
    (
        "teams::organised_team",
        Some(("GET", "/organise/{slug}/teams/{id}")),
        None,
    ),
    (
        "teams::set_contact",
        Some(("POST", "/teams/{id}/contact")),
        None,
    ),
    (
        "teams::set_venue",
        Some(("POST", "/teams/{id}/pub")),
        Some(("PUT", "/api/v1/organisations/{slug}/teams/{id}/venue")),
    ),
    (
        "teams::team_to_act_for",
        Some(("POST", "/teams/{id}/pub")),
        Some(("PUT", "/api/v1/organisations/{slug}/teams/{id}/venue")),
    ),
    (
        "teams::teams_to_invite",
        Some(("GET", "/organise/{slug}/divisions/{id}/invites")),
        None,
    ),
    (
        "tokens::create_token",
        Some(("POST", "/account/tokens")),
        None,
    ),
    (
        "tokens::revoke_token",
        Some(("POST", "/account/tokens/{id}/revoke")),
        None,
    ),
    ("tokens::token_actor", None, Some(("GET", "/api/v1/me"))),
    ("tokens::tokens", Some(("GET", "/account/tokens")), None),
];

/// The use case modules of `src/app` (the lookups and the squads are their helpers).
const USE_CASE_MODULES: [&str; 16] = [
    "accounts",
    "admin",
    "captaincy",
    "championships",
    "deductions",
    "fixtures",
    "league",
    "organisers",
    "password_resets",
    "removals",
    "renames",
    "results",
    "squads",
    "tasks",
    "teams",
    "tokens",
];

/// The Rust files under `folder`, its subfolders' included.
fn rust_files_under(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).into_iter().flatten() {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(rust_files_under(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Every use case of the use case modules, as `module::function`: each `pub async fn`, and
/// each `pub fn` that answers an `AppError` (a check with no store to ask).
fn use_cases_in_source() -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for module in USE_CASE_MODULES {
        // A module is a file, a folder of files (`championships/`), or both, read as one.
        let app = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
        let file = app.join(format!("{module}.rs"));
        let mut files = rust_files_under(&app.join(module));
        if file.exists() {
            files.push(file);
        }
        assert!(
            !files.is_empty(),
            "no source of the use case module {module}"
        );
        let source: String = files
            .iter()
            .map(|file| std::fs::read_to_string(file).expect("a use case module"))
            .collect::<Vec<_>>()
            .join("\n");
        for (at, _) in source.match_indices("\npub ") {
            let rest = &source[at + "\npub ".len()..];
            let signature = &rest[..rest.find('{').unwrap_or(rest.len())];
            let name_of = |after: &str| -> String {
                after
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect()
            };
            let name = if let Some(after) = signature.strip_prefix("async fn ") {
                name_of(after)
            } else if let Some(after) = signature.strip_prefix("fn ") {
                if !signature.contains("AppError") {
                    continue;
                }
                name_of(after)
            } else {
                continue;
            };
            found.insert(format!("{module}::{name}"));
        }
    }
    found
}

#[test]
fn every_use_case_is_listed_with_routes_that_exist() {
    let listed: BTreeSet<String> = USE_CASES
        .iter()
        .map(|(name, ..)| name.to_string())
        .collect();
    let in_source = use_cases_in_source();
    assert_eq!(
        listed, in_source,
        "the list here and the use cases of src/app differ"
    );
    let declared: BTreeSet<(&str, &str)> = DECLARED_ROUTES.iter().copied().collect();
    for (name, page, api) in USE_CASES {
        assert!(
            page.is_some() || api.is_some(),
            "{name} is reached by nothing"
        );
        for route in [page, api].into_iter().flatten() {
            assert!(declared.contains(route), "{name}: {route:?} is not a route");
        }
        if let Some((_, path)) = page {
            assert!(!path.starts_with("/api/"), "{name}: {path} is the API's");
        }
        if let Some((_, path)) = api {
            assert!(
                path.starts_with("/api/v1/"),
                "{name}: {path} is not the API's"
            );
        }
    }
}

/// How a request was refused, or that it was not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    Done,
    NotSignedIn,
    Forbidden,
    NotFound,
    Other(u16),
}

fn page_answer(page: &Page) -> Answer {
    match page.status {
        303 if page
            .location
            .as_deref()
            .is_some_and(|to| to.starts_with("/login")) =>
        {
            Answer::NotSignedIn
        }
        200 | 201 | 303 => Answer::Done,
        403 => Answer::Forbidden,
        404 => Answer::NotFound,
        status => Answer::Other(status),
    }
}

fn api_answer(reply: &Reply) -> Answer {
    match reply.status {
        200 | 201 | 204 => Answer::Done,
        401 => Answer::NotSignedIn,
        403 => Answer::Forbidden,
        404 => Answer::NotFound,
        status => Answer::Other(status),
    }
}

/// The same refusal (or none) through the page and the API.
fn alike(case: &str, page: &Page, api: &Reply, expected: Answer) {
    assert_eq!(
        (page_answer(page), api_answer(api)),
        (expected, expected),
        "{case}: the page answered {} ({}), the API {} ({:?})",
        page.status,
        page.location.as_deref().unwrap_or(""),
        api.status,
        api.json
    );
}

/// A person with a browser signed in and an API token of their own.
struct Person {
    browser: Browser,
    api: ApiClient,
}

async fn person(ctx: &TestContext, email: &str) -> Person {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    let token = browser.make_api_token("use cases").await;
    Person {
        browser,
        api: ctx.api(Some(&token)),
    }
}

async fn fixture(ctx: &TestContext, id: FixtureId) -> Fixture {
    ctx.store.fixture(id).await.unwrap().unwrap()
}

async fn venue(ctx: &TestContext, team: TeamId) -> Venue {
    ctx.store.team_venue(team).await.unwrap().unwrap()
}

async fn kept(ctx: &TestContext, id: FixtureId) -> StoredResult {
    ctx.store.current_result(id).await.unwrap().unwrap()
}

fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

async fn submit_form(browser: &Browser, path: &str, fields: &[(String, String)]) -> Page {
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    browser.submit(path, &pairs).await
}

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

async fn a_squad_is_run_alike_on_the_pages_and_through_the_api(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let secretary = person(&ctx, &league.secretary.email).await;
    let home = person(&ctx, &league.home_captain.email).await;
    let away = person(&ctx, &league.away_captain.email).await;
    let api = format!("/api/v1/organisations/{SLUG}");
    let (anchor, bell) = (league.home, league.away);
    let names = |team: TeamId| {
        let store = ctx.store.clone();
        async move {
            store
                .squad_of(team)
                .await
                .unwrap()
                .into_iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
        }
    };

    // A new name: another team's captain is refused by both; each team's own captain adds.
    alike(
        "squads::add_new_player_to_squad",
        &away
            .browser
            .submit(&format!("/teams/{anchor}/squad"), &[("name", "Ivy")])
            .await,
        &home
            .api
            .post(&format!("{api}/teams/{bell}/squad"), json!({"name": "Ivy"}))
            .await,
        Answer::Forbidden,
    );
    alike(
        "squads::add_new_player_to_squad",
        &home
            .browser
            .submit(&format!("/teams/{anchor}/squad"), &[("name", "Ivy")])
            .await,
        &away
            .api
            .post(&format!("{api}/teams/{bell}/squad"), json!({"name": "Ivy"}))
            .await,
        Answer::Done,
    );
    assert!(names(anchor).await.contains(&"Ivy".to_string()));
    assert!(names(bell).await.contains(&"Ivy".to_string()));

    // One of the league's players: Eve of Bell joins Anchor, Ann of Anchor joins Bell.
    let (eve, ann) = (league.away_squad[0].id, league.home_squad[0].id);
    alike(
        "squads::add_to_squad",
        &away
            .browser
            .submit(
                &format!("/teams/{anchor}/squad/existing"),
                &[("player", &eve.to_string())],
            )
            .await,
        &home
            .api
            .post(
                &format!("{api}/teams/{bell}/squad"),
                json!({"player_id": ann.0}),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "squads::add_to_squad",
        &home
            .browser
            .submit(
                &format!("/teams/{anchor}/squad/existing"),
                &[("player", &eve.to_string())],
            )
            .await,
        &away
            .api
            .post(
                &format!("{api}/teams/{bell}/squad"),
                json!({"player_id": ann.0}),
            )
            .await,
        Answer::Done,
    );
    assert!(names(anchor).await.contains(&"Eve".to_string()));
    assert!(names(bell).await.contains(&"Ann".to_string()));

    // Taken out again.
    alike(
        "squads::remove_from_squad",
        &away
            .browser
            .submit(&format!("/teams/{anchor}/squad/{eve}/remove"), &[])
            .await,
        &home
            .api
            .delete(&format!("{api}/teams/{bell}/squad/{ann}"))
            .await,
        Answer::Forbidden,
    );
    alike(
        "squads::remove_from_squad",
        &home
            .browser
            .submit(&format!("/teams/{anchor}/squad/{eve}/remove"), &[])
            .await,
        &away
            .api
            .delete(&format!("{api}/teams/{bell}/squad/{ann}"))
            .await,
        Answer::Done,
    );
    assert!(!names(anchor).await.contains(&"Eve".to_string()));
    assert!(!names(bell).await.contains(&"Ann".to_string()));

    // A list of names: the organiser's alone.
    let org = format!("/organise/{SLUG}");
    alike(
        "squads::add_list_to_squad",
        &home
            .browser
            .submit(
                &format!("{org}/teams/{anchor}/squad/list"),
                &[("names", "Jo\nKit")],
            )
            .await,
        &away
            .api
            .post(
                &format!("{api}/teams/{bell}/squad/list"),
                json!({"names": ["Jo", "Kit"]}),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "squads::add_list_to_squad",
        &secretary
            .browser
            .submit(
                &format!("{org}/teams/{anchor}/squad/list"),
                &[("names", "Jo\nKit")],
            )
            .await,
        &secretary
            .api
            .post(
                &format!("{api}/teams/{bell}/squad/list"),
                json!({"names": ["Jo", "Kit"]}),
            )
            .await,
        Answer::Done,
    );
    for team in [anchor, bell] {
        let squad = names(team).await;
        assert!(
            squad.contains(&"Jo".to_string()) && squad.contains(&"Kit".to_string()),
            "{squad:?}"
        );
    }
    // Jo and Kit were made once, by the page; the API's list named the same players.
    let players = ctx.store.players_of(league.organisation).await.unwrap();
    assert_eq!(players.iter().filter(|p| p.name == "Jo").count(), 1);

    // What waits for a captain: nobody signed in is asked to sign in by both.
    let anonymous = (ctx.browser(), ctx.api(None));
    alike(
        "tasks::captain_tasks",
        &anonymous.0.get("/dashboard").await,
        &anonymous.1.get("/api/v1/me/tasks").await,
        Answer::NotSignedIn,
    );
    let (dashboard, tasks) = (
        home.browser.get("/dashboard").await,
        home.api.get("/api/v1/me/tasks").await,
    );
    alike("tasks::captain_tasks", &dashboard, &tasks, Answer::Done);
    for fixture in &league.fixtures {
        let on_page = dashboard.body.contains(&format!(
            "/leagues/{SLUG}/fixtures/{}/result\">Enter the result",
            fixture.id
        ));
        let in_api = tasks.json[0]["results_to_enter"]
            .as_array()
            .unwrap()
            .iter()
            .any(|task| task["fixture"]["id"] == fixture.id.0);
        assert_eq!(
            (on_page, in_api),
            (true, true),
            "fixture {} waits for its result on both",
            fixture.id
        );
    }

    // Points deductions: a captain is refused by both; the organiser's two are alike.
    let deductions = format!("/organise/{SLUG}/divisions/{}/deductions", league.division);
    let deductions_api = format!("{api}/divisions/{}/deductions", league.division);
    let page_form = [
        ("team", league.home.to_string()),
        ("points", "2".to_string()),
        ("reason", "Unregistered player.".to_string()),
    ];
    let page_form: Vec<(&str, &str)> = page_form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let body = json!({"team_id": league.away.0, "points": 2, "reason": "Unregistered player."});
    alike(
        "deductions::deduct_points",
        &home.browser.submit(&deductions, &page_form).await,
        &home.api.post(&deductions_api, body.clone()).await,
        Answer::Forbidden,
    );
    alike(
        "deductions::deduct_points",
        &secretary.browser.submit(&deductions, &page_form).await,
        &secretary.api.post(&deductions_api, body).await,
        Answer::Done,
    );
    let made = ctx
        .store
        .adjustments_of_division(league.division)
        .await
        .unwrap();
    assert_eq!(
        made.iter()
            .map(|a| (a.team, a.points, a.reason.as_str()))
            .collect::<Vec<_>>(),
        [
            (league.home, -2, "Unregistered player."),
            (league.away, -2, "Unregistered player.")
        ]
    );

    // Names put right: a captain is refused by both; the organiser's two are alike.
    let ivy = ctx
        .store
        .players_of(league.organisation)
        .await
        .unwrap()
        .into_iter()
        .filter(|p| p.name == "Ivy")
        .collect::<Vec<_>>();
    let (page_ivy, api_ivy) = (ivy[0].id, ivy[1].id);
    for (who, expected) in [(&home, Answer::Forbidden), (&secretary, Answer::Done)] {
        alike(
            "renames::rename_player",
            &who.browser
                .submit(
                    &format!("{org}/players/{page_ivy}/name"),
                    &[("name", "Ivy Page"), ("team", &anchor.to_string())],
                )
                .await,
            &who.api
                .put(
                    &format!("{api}/players/{api_ivy}/name"),
                    json!({"name": "Ivy Api"}),
                )
                .await,
            expected,
        );
    }
    assert!(
        names(anchor).await.contains(&"Ivy Page".to_string())
            || names(bell).await.contains(&"Ivy Page".to_string())
    );
    assert!(
        names(anchor).await.contains(&"Ivy Api".to_string())
            || names(bell).await.contains(&"Ivy Api".to_string())
    );
    for (who, expected, page_name, api_name) in [
        (&away, Answer::Forbidden, "Anchor", "Bell"),
        (&secretary, Answer::Done, "The Anchor", "The Bell"),
    ] {
        alike(
            "renames::rename_team",
            &who.browser
                .submit(
                    &format!("{org}/teams/{anchor}/name"),
                    &[("name", page_name)],
                )
                .await,
            &who.api
                .put(
                    &format!("{api}/teams/{bell}/name"),
                    json!({"name": api_name}),
                )
                .await,
            expected,
        );
    }
    let team_name = |id| {
        let store = ctx.store.clone();
        async move { store.team(id).await.unwrap().unwrap().name }
    };
    assert_eq!(
        (team_name(anchor).await, team_name(bell).await),
        ("The Anchor".to_string(), "The Bell".to_string())
    );

    // Organiser invitations: nobody signed in is asked to sign in and a captain is refused
    // by both; the organiser's two are alike, and each link makes an organiser.
    let invites = format!("{org}/organisers/invites");
    let invites_api = format!("{api}/organisers/invites");
    let nobody = (ctx.browser(), ctx.api(None));
    alike(
        "organisers::invite_organiser",
        &nobody.0.submit(&invites, &[("email", "")]).await,
        &nobody.1.post(&invites_api, json!({})).await,
        Answer::NotSignedIn,
    );
    alike(
        "organisers::invite_organiser",
        &home
            .browser
            .submit(&invites, &[("email", "treasurer@example.org")])
            .await,
        &home
            .api
            .post(&invites_api, json!({"email": "treasurer@example.org"}))
            .await,
        Answer::Forbidden,
    );
    alike(
        "organisers::invite_organiser",
        &secretary
            .browser
            .submit(&invites, &[("email", "not an address")])
            .await,
        &secretary
            .api
            .post(&invites_api, json!({"email": "not an address"}))
            .await,
        Answer::Other(422),
    );
    let (page, reply) = (
        secretary.browser.submit(&invites, &[("email", "")]).await,
        secretary.api.post(&invites_api, json!({})).await,
    );
    alike("organisers::invite_organiser", &page, &reply, Answer::Done);
    let page_link = {
        let start = page
            .body
            .find("/organiser-invites/")
            .expect("the page shows the link");
        let rest = &page.body[start..];
        rest[..rest
            .find(|c: char| c == '"' || c == '<' || c.is_whitespace())
            .unwrap()]
            .to_string()
    };
    let api_link = reply.json["link"].as_str().unwrap();
    let api_link = &api_link[api_link.find("/organiser-invites/").unwrap()..];
    for (link, email) in [
        (page_link.as_str(), "page.treasurer@example.org"),
        (api_link, "api.treasurer@example.org"),
    ] {
        let newcomer = ctx.browser();
        let password = "ledger quill abacus harbour";
        let taken = newcomer
            .submit(
                link,
                &[
                    ("email", email),
                    ("password", password),
                    ("confirm_password", password),
                ],
            )
            .await;
        assert_eq!(taken.status, 200, "{}", taken.body);
        assert_eq!(newcomer.login(email, password).await.status, 303);
        assert_eq!(
            newcomer.get(&org).await.status,
            200,
            "{email} organises the league"
        );
    }

    // A captain removed: each team's captain refused by both, then removed by the organiser.
    let (home_id, away_id) = (league.home_captain.id, league.away_captain.id);
    alike(
        "captaincy::remove_captain",
        &home
            .browser
            .submit(
                &format!("{org}/teams/{bell}/captains/{away_id}/remove"),
                &[],
            )
            .await,
        &away
            .api
            .delete(&format!("{api}/teams/{anchor}/captains/{home_id}"))
            .await,
        Answer::Forbidden,
    );
    // (Read the pages before the captaincies end.)
    assert_eq!(
        home.browser
            .get(&format!("/teams/{anchor}/squad"))
            .await
            .status,
        200
    );
    assert_eq!(
        away.browser
            .get(&format!("/teams/{anchor}/squad"))
            .await
            .status,
        403
    );
    alike(
        "captaincy::remove_captain",
        &secretary
            .browser
            .submit(
                &format!("{org}/teams/{anchor}/captains/{home_id}/remove"),
                &[],
            )
            .await,
        &secretary
            .api
            .delete(&format!("{api}/teams/{bell}/captains/{away_id}"))
            .await,
        Answer::Done,
    );
    assert!(ctx.store.captains_of(anchor).await.unwrap().is_empty());
    assert!(ctx.store.captains_of(bell).await.unwrap().is_empty());
    assert_eq!(
        home.browser
            .get(&format!("/teams/{anchor}/squad"))
            .await
            .status,
        403,
        "no longer a captain"
    );

    // Removals: refused alike to a captain, and for what has results; done alike otherwise.
    let (page_team, api_team) = (
        ctx.team(league.organisation, "Page Lamb").await.id,
        ctx.team(league.organisation, "Api Lamb").await.id,
    );
    let (page_player, api_player) = (ivy[0].id, ivy[1].id);
    alike(
        "removals::remove_team",
        &away
            .browser
            .submit(&format!("{org}/teams/{page_team}/delete"), &[])
            .await,
        &away.api.delete(&format!("{api}/teams/{api_team}")).await,
        Answer::Forbidden,
    );
    alike(
        "removals::remove_player",
        &away
            .browser
            .submit(&format!("{org}/players/{page_player}/delete"), &[])
            .await,
        &away
            .api
            .delete(&format!("{api}/players/{api_player}"))
            .await,
        Answer::Forbidden,
    );
    // A result: Anchor and Bell then have one, and its first home player has played.
    let sheet = league.random_result(21).0;
    let ResultSheet::Played { games } = &sheet else {
        panic!("a played result")
    };
    let played = games[0].home[0];
    let mut result = form_fields(&sheet);
    result.push(("submission_key".into(), "removals".into()));
    let entered = submit_form(
        &secretary.browser,
        &format!("/leagues/{SLUG}/fixtures/{}/result", league.fixtures[0].id),
        &result,
    )
    .await;
    assert_eq!(entered.status, 303, "{}", entered.body);
    alike(
        "removals::remove_team",
        &secretary
            .browser
            .submit(&format!("{org}/teams/{anchor}/delete"), &[])
            .await,
        &secretary.api.delete(&format!("{api}/teams/{bell}")).await,
        Answer::Other(409),
    );
    alike(
        "removals::remove_player",
        &secretary
            .browser
            .submit(&format!("{org}/players/{played}/delete"), &[])
            .await,
        &secretary
            .api
            .delete(&format!("{api}/players/{played}"))
            .await,
        Answer::Other(409),
    );
    let page = secretary
        .browser
        .submit(&format!("{org}/teams/{anchor}/delete"), &[])
        .await;
    assert!(
        page.body
            .contains("has a fixture with a result, and results are kept"),
        "{}",
        page.body
    );
    let removed_page = secretary
        .browser
        .submit(&format!("{org}/teams/{page_team}/delete"), &[])
        .await;
    let removed_api = secretary
        .api
        .delete(&format!("{api}/teams/{api_team}"))
        .await;
    assert_eq!((removed_page.status, removed_api.status), (303, 204));
    let removed_page = secretary
        .browser
        .submit(
            &format!("{org}/players/{page_player}/delete"),
            &[("team", &anchor.to_string())],
        )
        .await;
    let removed_api = secretary
        .api
        .delete(&format!("{api}/players/{api_player}"))
        .await;
    assert_eq!((removed_page.status, removed_api.status), (303, 204));
    for team in [page_team, api_team] {
        assert!(ctx.store.team(team).await.unwrap().is_none());
    }
    for player in [page_player, api_player] {
        assert!(ctx.store.player(player).await.unwrap().is_none());
    }

    // Competitions and the organisation: renamed and removed alike.
    let winter = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    let format = json!({
        "legs": [{"kind": "singles", "games": 2, "target": 61}],
        "player_limits": {"singles_per_player": 1, "pairs_per_player": 1},
        "points": {"per_game_won": 1, "per_match_won": 2, "per_match_drawn": 1, "losing_bonus": null},
        "walkover": {"winner_games": 2, "loser_games": 0}
    });
    let mut made = Vec::new();
    for name in ["Page Cup", "Api Cup"] {
        let reply = secretary
            .api
            .post(
                &format!("{api}/competitions"),
                json!({"name": name, "ruleset": "fives-and-threes", "match_format": format}),
            )
            .await;
        assert_eq!(reply.status, 201, "{:?}", reply.json);
        made.push(reply.json["id"].as_i64().unwrap());
    }
    let (page_cup, api_cup) = (made[0], made[1]);
    for (who, expected) in [(&home, Answer::Forbidden), (&secretary, Answer::Done)] {
        alike(
            "renames::rename_competition",
            &who.browser
                .submit(
                    &format!("{org}/competitions/{page_cup}/name"),
                    &[("name", "Page Trophy")],
                )
                .await,
            &who.api
                .put(
                    &format!("{api}/competitions/{api_cup}/name"),
                    json!({"name": "Api Trophy"}),
                )
                .await,
            expected,
        );
        alike(
            "renames::rename_organisation",
            &who.browser
                .submit(&format!("{org}/name"), &[("name", "Torridge Fives")])
                .await,
            &who.api
                .put(
                    &format!("{api}/name"),
                    json!({"name": "Torridge Fives and Threes"}),
                )
                .await,
            expected,
        );
    }
    let names_now: Vec<String> = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert!(
        names_now.contains(&"Page Trophy".to_string())
            && names_now.contains(&"Api Trophy".to_string()),
        "{names_now:?}"
    );
    assert_eq!(
        ctx.store
            .organisation(league.organisation)
            .await
            .unwrap()
            .unwrap()
            .name,
        "Torridge Fives and Threes"
    );
    alike(
        "removals::remove_competition",
        &secretary
            .browser
            .submit(&format!("{org}/competitions/{}/delete", winter.id), &[])
            .await,
        &secretary
            .api
            .delete(&format!("{api}/competitions/{}", winter.id))
            .await,
        Answer::Other(409),
    );
    alike(
        "removals::remove_competition",
        &home
            .browser
            .submit(&format!("{org}/competitions/{page_cup}/delete"), &[])
            .await,
        &home
            .api
            .delete(&format!("{api}/competitions/{api_cup}"))
            .await,
        Answer::Forbidden,
    );
    let (page, reply) = (
        secretary
            .browser
            .submit(&format!("{org}/competitions/{page_cup}/delete"), &[])
            .await,
        secretary
            .api
            .delete(&format!("{api}/competitions/{api_cup}"))
            .await,
    );
    assert_eq!((page.status, reply.status), (303, 204));
    assert_eq!(
        ctx.store
            .competitions_of(league.organisation)
            .await
            .unwrap()
            .len(),
        1
    );

    // The squad's page: its organiser sees it.
    assert_eq!(
        secretary
            .browser
            .get(&format!("/teams/{anchor}/squad"))
            .await
            .status,
        200
    );
}
store_test!(a_squad_is_run_alike_on_the_pages_and_through_the_api);
