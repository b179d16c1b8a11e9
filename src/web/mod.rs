//! The web layer: handlers grouped by audience, sessions, CSRF, error pages. Handlers are thin:
//! parse input into domain types, call the use case (`crate::app`), which authorises and
//! writes, render.

pub mod accounts;
pub mod admin;
pub mod api;
pub mod api_tokens;
pub mod assets;
pub mod calendar;
pub mod csrf;
pub mod csv_export;
pub mod error;
pub mod http_methods;
pub mod invites;
pub mod layout;
pub mod organiser;
pub mod organiser_fixtures;
pub mod organiser_league;
pub mod organiser_lookup;
pub mod organiser_season;
pub mod organiser_teams;
pub mod page_cache;
pub mod public;
pub mod public_league;
pub mod public_players;
pub mod request_limits;
pub mod result_dashboard;
pub mod result_form;
pub mod results;
pub mod security_headers;
pub mod session;
pub mod teams;

use std::sync::Arc;

use actix_web::web::{self, FormConfig, PathConfig, QueryConfig, ServiceConfig};

use crate::secret_key::SecretKey;
use crate::store::Store;
use error::WebError;

/// What every handler may reach: the store, the server's key, the page cache and the limit on
/// password hashing.
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub key: SecretKey,
    pub pages: page_cache::PageCache,
    pub hashing: crate::password::HashingLimit,
}

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(public::home)
        .service(public::healthz)
        .service(public_league::organisation_page)
        .service(public_league::competition_page)
        .service(public_league::division_page)
        .service(public_league::standings_csv)
        .service(public_league::results_csv)
        .service(public_league::division_calendar)
        .service(public_league::team_page)
        .service(public_league::team_calendar)
        .service(public_players::division_players)
        .service(public_players::player_page)
        .service(results::fixture_page)
        .service(results::entry_form)
        .service(results::submit)
        .service(results::confirm)
        .service(results::dispute)
        .service(results::correction_form)
        .service(results::correct)
        .service(assets::stylesheet)
        .service(assets::result_entry_script)
        .service(accounts::login_form)
        .service(accounts::login)
        .service(accounts::logout)
        .service(accounts::dashboard)
        .service(accounts::password_form)
        .service(accounts::change_password)
        .service(api_tokens::tokens_page)
        .service(api_tokens::create_token)
        .service(api_tokens::revoke_token)
        .service(admin::organisations_page)
        .service(admin::create_organisation)
        .service(organiser::organisation_page)
        .service(organiser::create_team)
        .service(result_dashboard::results_page)
        .service(result_dashboard::set_deadline)
        .service(organiser_league::competitions_page)
        .service(organiser_league::create_competition)
        .service(organiser_league::seasons_page)
        .service(organiser_league::create_season)
        .service(organiser_season::season_page)
        .service(organiser_season::create_division)
        .service(organiser_season::add_division_team)
        .service(organiser_season::generate_fixtures)
        .service(organiser_season::set_tiebreaks)
        .service(organiser_season::delete_season_page)
        .service(organiser_season::delete_season)
        .service(organiser_fixtures::fixtures_page)
        .service(organiser_fixtures::redate_fixture)
        .service(organiser_fixtures::postpone_fixture)
        .service(organiser_fixtures::reverse_fixture)
        .service(organiser_teams::team_page)
        .service(organiser_teams::set_pub)
        .service(organiser_teams::squad_page)
        .service(organiser_teams::add_squad_player)
        .service(teams::team_page)
        .service(teams::set_contact)
        .service(teams::invite_captain)
        .service(invites::invite_page)
        .service(invites::accept)
        .configure(api::configure)
        .default_service(web::to(error::not_found));
}

/// An address whose parts do not parse, such as `/teams/abc/manage`, names no page: 404.
pub fn path_config() -> PathConfig {
    PathConfig::default().error_handler(|_error, request| {
        if api::is_api_path(request.path()) {
            return api::path_error();
        }
        WebError::NotFound.into()
    })
}

/// A query string that does not parse gets the 400 page.
pub fn query_config() -> QueryConfig {
    QueryConfig::default().error_handler(|error, _request| {
        WebError::BadRequest(format!("The address could not be read: {error}.")).into()
    })
}

/// Form bodies that do not parse get the 400 page rather than actix's plain-text answer.
pub fn form_config() -> FormConfig {
    FormConfig::default()
        .limit(request_limits::SHORT_BODY)
        .error_handler(|error, _request| {
            WebError::BadRequest(format!("The form could not be read: {error}.")).into()
        })
}
