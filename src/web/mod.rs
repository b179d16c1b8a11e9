//! The web layer: handlers grouped by audience, sessions, CSRF, error pages. Handlers are thin:
//! parse input into domain types, call the use case (`crate::app`), which authorises and
//! writes, render.

// One folder for each audience…
pub mod account;
pub mod admin;
pub mod api;
pub mod captain;
pub mod organiser;
pub mod public;
// …and the pieces they share.
pub mod assets;
pub mod charts;
pub mod csrf;
pub mod dates;
pub mod error;
pub mod forms;
pub mod http_methods;
pub mod layout;
pub mod nul_characters;
pub mod page_cache;
pub mod qr;
pub mod request_limits;
pub mod result_form;
pub mod security_headers;
pub mod session;
pub mod table_form;
pub mod throttled;

use std::sync::Arc;

use actix_web::HttpRequest;
use actix_web::web::{self, FormConfig, PathConfig, QueryConfig, ServiceConfig};

use crate::secret_key::SecretKey;
use crate::store::Store;
use error::WebError;

/// The site's address of `path` as the request reached it: an invitation's link, shown to the
/// organiser who made it to pass on.
pub fn link_as_reached(req: &HttpRequest, path: &str) -> String {
    let connection = req.connection_info();
    format!("{}://{}{path}", connection.scheme(), connection.host())
}

/// What every handler may reach: the store, the server's key, the page cache and the limit on
/// password hashing.
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub key: SecretKey,
    pub pages: page_cache::PageCache,
    /// Rated pools, worked out once a change.
    pub ratings: crate::app::ratings::RatingCache,
    pub hashing: crate::password::HashingLimit,
    /// The site's public address when mail is on; `None` when it is off.
    pub mail: Option<crate::domain::mail::SiteLinks>,
    pub reset_requests: crate::app::password_resets::ResetRequests,
    /// This process's live events and open feeds.
    pub live: Arc<crate::app::live::LiveHub>,
}

/// Every page's route, in one place, by audience (the API lists its own in `api`).
pub fn routes(cfg: &mut ServiceConfig) {
    // Anyone.
    cfg.service(public::home::home)
        .service(public::home::healthz)
        .service(public::league::organisation_page)
        .service(public::league::competition_page)
        .service(public::league::division_page)
        .service(public::positions::positions_page)
        .service(public::league_screen::league_night_screen)
        .service(public::league::standings_csv)
        .service(public::league::results_csv)
        .service(public::fixture_calendars::division_calendar)
        .service(public::league::team_page)
        .service(public::fixture_calendars::team_calendar)
        .service(public::players::division_players)
        .service(public::players::player_page)
        .service(public::careers::head_to_head_page)
        .service(public::ratings::rating_pools)
        .service(public::ratings::rating_pool)
        .service(public::ratings::games_document)
        .service(public::ratings::ratings_csv)
        .service(public::fixture::fixture_page)
        .service(public::fixture::scoresheet)
        .service(public::championships::championship_page)
        .service(public::championships::round_page)
        .service(public::championships::entrant_page)
        .service(public::championships::standings_csv)
        .service(public::championships::paged_standings)
        .service(public::championships::pairings_csv)
        .service(public::championships::event_json)
        .service(public::championships::championship_calendar)
        .service(public::championships::table_page)
        .service(public::championships::room_screen)
        .service(public::championships::enter_table_result)
        .service(public::championships::enter_table_hand)
        .service(public::championships::undo_table_hand)
        .service(public::championships::table_code_form)
        .service(public::championships::open_table_by_code)
        .service(public::championships::find_my_table)
        .service(assets::stylesheet)
        .service(assets::favicon)
        .service(assets::favicon_ico)
        .service(assets::robots)
        .service(assets::result_entry_script)
        .service(assets::result_draft_script)
        .service(assets::desk_script)
        .service(assets::championship_form_script)
        .service(assets::live_script)
        .service(assets::calendar_subscribe_script)
        .service(assets::copy_button_script)
        .service(assets::hand_outbox_script)
        .service(assets::screen_script)
        // A person's own account.
        .service(account::access::login_form)
        .service(account::access::login)
        .service(account::access::logout)
        .service(account::access::dashboard)
        .service(account::access::password_form)
        .service(account::access::change_password)
        .service(account::tokens::tokens_page)
        .service(account::tokens::create_token)
        .service(account::tokens::revoke_token)
        .service(account::invites::invite_page)
        .service(account::invites::accept)
        .service(account::organiser_invites::invite_page)
        .service(account::organiser_invites::accept)
        .service(account::password_reset::forgot_form)
        .service(account::password_reset::request_reset)
        .service(account::password_reset::reset_form)
        .service(account::password_reset::reset)
        // Captains (and the organisers who may act for any team).
        .service(captain::team::team_page)
        .service(captain::team::set_contact)
        .service(captain::team::set_pub)
        .service(captain::team::invite_captain)
        .service(captain::squad::squad_page)
        .service(captain::squad::add_squad_player)
        .service(captain::squad::add_existing_player)
        .service(captain::squad::remove_squad_player)
        .service(captain::fixture_hands::hands_form)
        .service(captain::fixture_hands::enter_hand)
        .service(captain::fixture_hands::undo_hand)
        .service(captain::fixture_hands::choose_players)
        .service(captain::results::entry_form)
        .service(captain::results::submit)
        .service(captain::results::confirm)
        .service(captain::results::dispute)
        .service(captain::results::withdraw)
        .service(captain::results::correction_form)
        .service(captain::results::correct)
        .service(captain::results::amendment_form)
        .service(captain::results::amend)
        // Organisers.
        .service(organiser::organisation::organisation_page)
        .service(organiser::organisation::create_team)
        .service(organiser::organisers::invite_organiser)
        .service(organiser::renames::rename_organisation)
        .service(organiser::renames::rename_competition)
        .service(organiser::renames::remove_competition)
        .service(organiser::results::results_page)
        .service(organiser::transfers::transfers_page)
        .service(organiser::transfers::set_rule)
        .service(organiser::transfers::decide)
        .service(organiser::results::set_deadline)
        .service(organiser::results::set_player_table_qualifier)
        .service(organiser::championships::championships_list)
        .service(organiser::championships::create_championship)
        .service(organiser::championships::championship_page)
        .service(organiser::championships::add_entrants)
        .service(organiser::championships::add_entrants_file)
        .service(organiser::championships::change_entrant)
        .service(organiser::championships::check_in_all)
        .service(organiser::championships::confirm_entered_tables)
        .service(organiser::championships::set_round_clock)
        .service(organiser::championships::publish_round)
        .service(organiser::championships::round_cards)
        .service(organiser::championships::confirm_table)
        .service(organiser::championships::table_form)
        .service(organiser::championships::enter_table_result)
        .service(organiser::competitions::competitions_page)
        .service(organiser::competitions::create_competition)
        .service(organiser::competition_seasons::seasons_page)
        .service(organiser::competition_seasons::create_season)
        .service(organiser::competition_seasons::set_entry_level)
        .service(organiser::season::season_page)
        .service(organiser::season::create_division)
        .service(organiser::season::add_division_team)
        .service(organiser::season::add_division_teams)
        .service(organiser::captain_invites::invites_page)
        .service(organiser::captain_invites::invite_captains)
        .service(organiser::season::generate_fixtures)
        .service(organiser::season::set_tiebreaks)
        .service(organiser::season::delete_season_page)
        .service(organiser::season::delete_season)
        .service(organiser::fixtures::fixtures_page)
        .service(organiser::fixtures::redate_fixture)
        .service(organiser::fixtures::postpone_fixture)
        .service(organiser::fixtures::reverse_fixture)
        .service(organiser::deductions::deductions_page)
        .service(organiser::deductions::deduct_points)
        .service(organiser::teams::team_page)
        .service(organiser::teams::set_pub)
        .service(organiser::teams::rename_team)
        .service(organiser::teams::remove_captain)
        .service(organiser::teams::remove_team)
        .service(organiser::squad::squad_page)
        .service(organiser::squad::add_squad_player)
        .service(organiser::squad::add_existing_player)
        .service(organiser::squad::remove_squad_player)
        .service(organiser::squad::add_pasted_list)
        .service(organiser::squad::add_csv_file)
        .service(organiser::squad::rename_player)
        .service(organiser::squad::remove_player)
        // The site's admins.
        .service(admin::organisations::organisations_page)
        .service(admin::organisations::create_organisation)
        .configure(api::configure)
        .default_service(web::to(error::not_found));
}

/// An address whose parts do not parse, such as `/teams/abc/manage`, names no page: 404. But
/// where a word stands for an id, the address may be another route's, for other methods
/// (`DELETE …/squad/list`, where only `POST` is routed): 405 with those methods then.
pub fn path_config() -> PathConfig {
    PathConfig::default().error_handler(|_error, request| {
        let allowed = http_methods::allowed_methods(request.path());
        let routed_elsewhere = !allowed.is_empty() && !allowed.contains(&request.method().as_str());
        match (api::is_api_path(request.path()), routed_elsewhere) {
            (true, true) => api::error::ApiError::MethodNotAllowed { allowed }.into(),
            (true, false) => api::path_error(),
            (false, true) => WebError::MethodNotAllowed { allowed }.into(),
            (false, false) => WebError::NotFound.into(),
        }
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
