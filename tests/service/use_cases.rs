//! Every use case (`src/app`) is listed here with the page and the API endpoint that reach it.
//! The list is checked against the use cases' own source, so a new one cannot be left out, and
//! against the declared routes. Where a use case has both a page and an endpoint, the same
//! person it refuses is refused alike by both, and the same request from one who may has the
//! same outcome through both.

use std::collections::BTreeSet;

use fives::web::http_methods::DECLARED_ROUTES;

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
        "careers::fixture_outlook",
        Some(("GET", "/leagues/{slug}/fixtures/{id}")),
        None,
    ),
    (
        "careers::player_career",
        Some(("GET", "/leagues/{slug}/players/{id}")),
        None,
    ),
    (
        "careers::players_meeting",
        Some(("GET", "/leagues/{slug}/players/{id}/v/{other}")),
        None,
    ),
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
        "ratings::league_ratings_of_entrants",
        Some(("GET", "/organise/{slug}/championships/{id}")),
        None,
    ),
    (
        "ratings::player_ratings",
        Some(("GET", "/leagues/{slug}/players/{id}")),
        None,
    ),
    (
        "ratings::rating_pools",
        Some(("GET", "/leagues/{slug}/ratings")),
        Some(("GET", "/api/v1/organisations/{slug}/ratings")),
    ),
    (
        "ratings::rating_pool",
        Some(("GET", "/leagues/{slug}/ratings/{family}")),
        Some(("GET", "/api/v1/organisations/{slug}/ratings/{family}")),
    ),
    (
        "fixture_play::fixture_at_play",
        Some(("GET", "/leagues/{slug}/fixtures/{id}/hands")),
        Some(("GET", "/api/v1/organisations/{slug}/fixtures/{id}/hands")),
    ),
    (
        "fixture_play::choose_game_players",
        Some(("POST", "/leagues/{slug}/fixtures/{id}/hands/players")),
        Some((
            "PUT",
            "/api/v1/organisations/{slug}/fixtures/{id}/games/{game}/players",
        )),
    ),
    (
        "fixture_play::fixture_hand_of_line",
        Some(("POST", "/leagues/{slug}/fixtures/{id}/hands")),
        Some(("POST", "/api/v1/organisations/{slug}/fixtures/{id}/hands")),
    ),
    (
        "fixture_play::enter_fixture_hand",
        Some(("POST", "/leagues/{slug}/fixtures/{id}/hands")),
        Some(("POST", "/api/v1/organisations/{slug}/fixtures/{id}/hands")),
    ),
    (
        "fixture_play::undo_fixture_hand",
        Some(("POST", "/leagues/{slug}/fixtures/{id}/hands/undo")),
        Some((
            "DELETE",
            "/api/v1/organisations/{slug}/fixtures/{id}/hands/{game}/{hand}",
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
        None,
        Some(("GET", "/api/v1/tables/{link}")),
    ),
    (
        "championships::playing_table",
        Some(("GET", "/tables/{link}")),
        Some(("GET", "/api/v1/tables/{link}/hands")),
    ),
    (
        "championships::enter_hand",
        Some(("POST", "/tables/{link}/hands")),
        Some(("POST", "/api/v1/tables/{link}/hands")),
    ),
    (
        "championships::hand_of_line",
        Some(("POST", "/tables/{link}/hands")),
        Some(("POST", "/api/v1/tables/{link}/hands")),
    ),
    (
        "championships::room_screen",
        Some(("GET", "/leagues/{slug}/championships/{id}/screen")),
        None,
    ),
    (
        "championships::set_round_clock",
        Some(("POST", "/organise/{slug}/championships/{id}/clock")),
        Some((
            "PUT",
            "/api/v1/organisations/{slug}/championships/{id}/clock",
        )),
    ),
    (
        "championships::undo_hand",
        Some(("POST", "/tables/{link}/hands/undo")),
        Some(("DELETE", "/api/v1/tables/{link}/hands/{game}/{hand}")),
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
        "fixtures::date_warnings_of",
        Some(("GET", "/organise/{slug}/divisions/{id}/fixtures")),
        None,
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
        "league::set_player_table_min_games",
        Some(("POST", "/organise/{slug}/competitions/{id}/player-table")),
        None,
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
        "results::amend",
        Some(("POST", "/leagues/{slug}/fixtures/{id}/result/amend")),
        Some((
            "POST",
            "/api/v1/organisations/{slug}/fixtures/{id}/result/amend",
        )),
    ),
    (
        "results::amendment",
        Some(("GET", "/leagues/{slug}/fixtures/{id}/result/amend")),
        None,
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
        "transfers::decide_transfer",
        Some(("POST", "/organise/{slug}/transfers/{id}")),
        Some(("POST", "/api/v1/organisations/{slug}/transfers/{id}")),
    ),
    (
        "transfers::set_transfer_rule",
        Some(("POST", "/organise/{slug}/transfers/rule")),
        Some(("PUT", "/api/v1/organisations/{slug}/transfers/rule")),
    ),
    (
        "transfers::transfers",
        Some(("GET", "/organise/{slug}/transfers")),
        Some(("GET", "/api/v1/organisations/{slug}/transfers")),
    ),
    (
        "tasks::captain_tasks",
        Some(("GET", "/dashboard")),
        Some(("GET", "/api/v1/me/tasks")),
    ),
    (
        "tasks::organiser_inbox",
        Some(("GET", "/organise/{slug}")),
        None,
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
const USE_CASE_MODULES: [&str; 20] = [
    "accounts",
    "admin",
    "captaincy",
    "careers",
    "championships",
    "deductions",
    "fixture_play",
    "fixtures",
    "league",
    "organisers",
    "password_resets",
    "ratings",
    "removals",
    "renames",
    "results",
    "squads",
    "tasks",
    "teams",
    "tokens",
    "transfers",
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
