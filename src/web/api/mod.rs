//! The JSON API under `/api/v1`, for club websites, scorers' apps and scripts: the same league
//! structure the pages show and change, one file per resource family. Handlers are thin, like
//! the pages': find the caller ([`auth::ApiCaller`], a bearer token, never a cookie), parse,
//! call the use case (`crate::app`), answer JSON. Errors have one shape ([`error::ErrorBody`]).
//!
//! Every endpoint is listed once, in `api_endpoints!` below, which both registers it and
//! puts it in the OpenAPI document served at `/api/v1/openapi.json`, so the two cannot drift.

pub mod auth;
mod championship_entrants;
mod championship_format;
mod championship_rounds;
mod championship_tables;
pub mod championships;
pub mod competitions;
pub mod deductions;
pub mod divisions;
pub mod error;
pub mod fixture_hands;
pub mod fixtures;
pub mod input;
pub mod live;
pub mod organisations;
pub mod organisers;
pub mod players;
pub mod ratings;
pub mod renames;
pub mod results;
mod table_hands;
pub mod tasks;
pub mod teams;
pub mod transfers;
pub mod views;

use actix_web::http::header;
use actix_web::web::{self, JsonConfig, ServiceConfig};
use actix_web::{HttpRequest, HttpResponse, ResponseError, get};
use serde::Serialize;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use error::ApiError;

/// Where the API lives.
pub const PREFIX: &str = "/api/v1";

/// Whether a request's path is the API's, whose answers are JSON.
pub fn is_api_path(path: &str) -> bool {
    path == PREFIX || path.starts_with("/api/v1/")
}

/// 201 with the new thing and where it is.
pub fn created(location: String, body: impl Serialize) -> HttpResponse {
    HttpResponse::Created()
        .insert_header((header::LOCATION, location))
        .json(body)
}

/// Adds the bearer token scheme the endpoints name.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "A personal API token, made on the account's API tokens page \
                         (/account/tokens) and sent as `Authorization: Bearer TOKEN`.",
                    ))
                    .build(),
            ),
        );
    }
}

/// States in the document what the bodies' types alone do not: every name is one line and
/// not blank ([`input::NAME_PATTERN`]), and the bodies that refuse unknown fields say so
/// (`additionalProperties: false`, as serde's `deny_unknown_fields` and an enum's single key
/// have it). Written here once, over the generated document, so that a client built from it
/// sends only what the API accepts; [`document`] adds the choices of one field.
struct Constraints;

/// The request bodies (and their parts) read with `deny_unknown_fields`.
const CLOSED_BODIES: [&str; 18] = [
    "ResultBody",
    "WalkoverInput",
    "GameInput",
    "FinalScoreInput",
    "ConfirmBody",
    "DisputeBody",
    "CorrectionBody",
    "EntryLevelBody",
    "WithdrawBody",
    "EntrantInput",
    "EntrantsBody",
    "EntrantChangeBody",
    "SwapInput",
    "RoundBody",
    "TableResultBody",
    "LinkedTableResultBody",
    "TeamGameBody",
    "ConfirmTableBody",
];

impl Modify for Constraints {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::RefOr;
        use utoipa::openapi::schema::{AdditionalProperties, Schema};
        let Some(components) = openapi.components.as_mut() else {
            return;
        };
        let closed = || Some(Box::new(AdditionalProperties::FreeForm(false)));
        for (name, schema) in components.schemas.iter_mut() {
            match schema {
                RefOr::T(Schema::Object(object)) => {
                    if let Some(RefOr::T(Schema::Object(field))) = object.properties.get_mut("name")
                        && field.max_length
                            == Some(crate::domain::organisation::DisplayName::MAX_CHARS)
                    {
                        field.pattern = Some(input::NAME_PATTERN.to_string());
                    }
                    if CLOSED_BODIES.contains(&name.as_str()) {
                        object.additional_properties = closed();
                    }
                }
                // An enum of single-key objects: no other key is taken.
                RefOr::T(Schema::OneOf(one_of)) => {
                    for item in &mut one_of.items {
                        if let RefOr::T(Schema::Object(object)) = item
                            && object.properties.len() == 1
                        {
                            object.additional_properties = closed();
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// Lists every endpoint once: [`configure`] registers them and [`ApiDoc`] documents them.
macro_rules! api_endpoints {
    ($($module:ident :: $handler:ident),* $(,)?) => {
        /// The OpenAPI document of every endpoint.
        #[derive(OpenApi)]
        #[openapi(
            info(
                title = "fives",
                description = "The league structure of fives: organisations, competitions, \
                               seasons, divisions, teams with their pubs and squads, players, \
                               fixtures and their results. Reading what the public pages show needs no token; \
                               every change needs a bearer token of an account that may make it \
                               on the pages. Every error answers `{\"error\": \"...\", \
                               \"problems\": [{\"field\": \"...\", \"message\": \"...\"}]}`."
            ),
            paths(openapi_document, $($module::$handler),*),
            components(schemas(error::ErrorBody, error::Problem)),
            modifiers(&BearerToken, &Constraints),
        )]
        pub struct ApiDoc;

        /// Registers every endpoint, then the API's answer to an address none of them claims.
        pub fn configure(cfg: &mut ServiceConfig) {
            cfg.app_data(json_config());
            cfg.service(openapi_document);
            $(cfg.service($module::$handler);)*
            cfg.service(web::scope(PREFIX).default_service(web::to(no_such_endpoint)));
        }
    };
}

api_endpoints![
    organisations::me,
    tasks::my_tasks,
    organisations::get_organisation,
    live::live_feed,
    table_hands::get_table_hands,
    table_hands::enter_table_hand,
    table_hands::undo_table_hand,
    fixture_hands::get_fixture_hands,
    fixture_hands::choose_game_players,
    fixture_hands::enter_fixture_hand,
    fixture_hands::undo_fixture_hand,
    ratings::list_rating_pools,
    ratings::get_rating_pool,
    renames::rename_organisation,
    organisers::invite_organiser,
    renames::rename_competition,
    renames::remove_competition,
    competitions::list_competitions,
    competitions::create_competition,
    competitions::get_competition,
    competitions::set_entry_level,
    competitions::list_seasons,
    competitions::create_season,
    divisions::list_divisions,
    divisions::create_division,
    divisions::get_division,
    divisions::add_team,
    divisions::add_teams,
    divisions::get_standings,
    divisions::get_positions,
    deductions::deduct_points,
    transfers::list_transfers,
    transfers::set_transfer_rule,
    transfers::decide_transfer,
    fixtures::division_fixtures,
    fixtures::generate_fixtures,
    fixtures::get_fixture,
    fixtures::move_fixture,
    fixtures::postpone_fixture,
    fixtures::reverse_fixture,
    teams::list_teams,
    teams::create_team,
    teams::get_team,
    teams::team_fixtures,
    teams::set_venue,
    teams::clear_venue,
    teams::add_squad_player,
    teams::add_squad_list,
    teams::remove_squad_player,
    teams::rename_team,
    teams::remove_captain,
    teams::remove_team,
    players::create_player,
    players::rename_player,
    players::remove_player,
    results::get_result,
    results::result_history,
    results::submit_result,
    results::confirm_result,
    results::dispute_result,
    results::withdraw_result,
    results::correct_result,
    results::amend_result,
    championships::list_championships,
    championships::create_championship,
    championships::get_championship,
    championships::event_document,
    championships::add_entrants,
    championships::change_entrant,
    championships::remove_entrant,
    championships::preview_round,
    championships::publish_round,
    championships::set_round_clock,
    championships::get_table,
    championships::enter_table_result,
    championships::confirm_table_result,
    championships::get_linked_table,
    championships::enter_linked_result,
];

#[utoipa::path(
    tag = "api",
    description = "This document: every endpoint of the API, its bodies and answers.",
    responses((status = 200, description = "An OpenAPI 3 document", content_type = "application/json")),
)]
#[get("/api/v1/openapi.json")]
pub async fn openapi_document() -> HttpResponse {
    HttpResponse::Ok().json(document())
}

/// What every text the API takes without a pattern of its own is: one without a NUL character,
/// which the API refuses (`input::read_as`).
pub const NO_NUL_PATTERN: &str = "^[^\\u0000]*$";

/// Gives every string schema of `schema` that states no pattern, choices or format
/// [`NO_NUL_PATTERN`].
fn forbid_nul_characters(schema: &mut serde_json::Value) {
    match schema {
        serde_json::Value::Object(fields) => {
            let is_string = match fields.get("type") {
                Some(serde_json::Value::String(kind)) => kind == "string",
                Some(serde_json::Value::Array(kinds)) => kinds.iter().any(|kind| kind == "string"),
                _ => false,
            };
            let stated = ["pattern", "enum", "const", "format"]
                .iter()
                .any(|key| fields.contains_key(*key));
            if is_string && !stated {
                fields.insert("pattern".to_string(), NO_NUL_PATTERN.into());
            }
            fields.values_mut().for_each(forbid_nul_characters);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(forbid_nul_characters),
        _ => {}
    }
}

/// What the description of a path's organisation says, wherever an address holds `{slug}`.
const SLUG_DESCRIPTION: &str = "The organisation's short name";

/// What many endpoints share, declared here once rather than on each: the organisation's
/// short name wherever an address holds `{slug}`, and the 401 answer of every endpoint that
/// takes a bearer token.
fn declare_shared(document: &mut serde_json::Value) {
    use serde_json::json;
    let Some(paths) = document
        .get_mut("paths")
        .and_then(serde_json::Value::as_object_mut)
    else {
        return;
    };
    for (path, item) in paths.iter_mut() {
        let Some(operations) = item.as_object_mut() else {
            continue;
        };
        for operation in operations.values_mut() {
            let Some(operation) = operation.as_object_mut() else {
                continue;
            };
            if path.contains("{slug}") {
                let parameters = operation
                    .entry("parameters")
                    .or_insert_with(|| json!([]))
                    .as_array_mut();
                if let Some(parameters) = parameters {
                    let slug = json!({
                        "name": "slug",
                        "in": "path",
                        "required": true,
                        "description": SLUG_DESCRIPTION,
                        "schema": {"type": "string"},
                    });
                    // First, as the address has it, whether or not the generator found it.
                    parameters.retain(|parameter| parameter["name"] != "slug");
                    parameters.insert(0, slug);
                }
            }
            let takes_a_token = operation
                .get("security")
                .and_then(serde_json::Value::as_array)
                .is_some_and(|ways| ways.iter().any(|way| way.get("bearer").is_some()));
            if takes_a_token
                && let Some(responses) = operation
                    .get_mut("responses")
                    .and_then(serde_json::Value::as_object_mut)
            {
                responses.entry("401").or_insert_with(|| {
                    json!({
                        "description": "No token, or not a live one",
                        "content": {"application/json": {
                            "schema": {"$ref": "#/components/schemas/ErrorBody"}
                        }},
                    })
                });
            }
        }
    }
}

/// The OpenAPI document as served: the generated one, with what the generator cannot write on
/// a field: a leg's target is one of the two a league plays to, the choices of exactly one
/// field (a result is a walkover or its games; a game its hands, its record or the side that
/// conceded it), each field given and not null, and a table's games given as hands or as a
/// team match's games, not both.
pub fn document() -> serde_json::Value {
    use crate::domain::match_format::{ONCE_ROUND_THE_BOARD, TWICE_ROUND_THE_BOARD};
    use serde_json::json;
    let mut document = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
    if let Some(target) = document
        .pointer_mut("/components/schemas/Leg/properties/target")
        .and_then(serde_json::Value::as_object_mut)
    {
        target.insert(
            "enum".to_string(),
            json!([ONCE_ROUND_THE_BOARD, TWICE_ROUND_THE_BOARD]),
        );
    }
    let result = [("walkover", "object"), ("games", "array")];
    let game = [
        ("hands", "array"),
        ("record", "object"),
        ("final_score", "object"),
        ("conceded_by", "string"),
    ];
    for (body, fields) in [
        ("ResultBody", &result[..]),
        ("CorrectionBody", &result[..]),
        ("GameInput", &game[..]),
    ] {
        let choices: Vec<serde_json::Value> = fields
            .iter()
            .map(|(field, kind)| json!({"required": [field], "properties": {*field: {"type": kind}}}))
            .collect();
        if let Some(schema) = document
            .pointer_mut(&format!("/components/schemas/{body}"))
            .and_then(serde_json::Value::as_object_mut)
        {
            schema.insert("oneOf".to_string(), json!(choices));
        }
    }
    declare_shared(&mut document);
    forbid_nul_characters(&mut document);
    // `games` may be left empty beside `team_games`, as it is when absent.
    for body in ["TableResultBody", "LinkedTableResultBody"] {
        if let Some(schema) = document
            .pointer_mut(&format!("/components/schemas/{body}"))
            .and_then(serde_json::Value::as_object_mut)
        {
            // Stated as a choice rather than with `not`, which generators read poorly: either
            // `games` is empty (or absent) or `team_games` is absent (or null).
            schema.insert(
                "anyOf".to_string(),
                json!([
                    {"properties": {"games": {"maxItems": 0}}},
                    {"properties": {"team_games": {"type": "null"}}},
                ]),
            );
        }
    }
    document
}

/// The message of an address under `/api/v1` that no endpoint claims (or not with that method).
pub const NO_SUCH_ENDPOINT: &str =
    "There is no API endpoint at this address for this method; /api/v1/openapi.json lists them.";

async fn no_such_endpoint(request: HttpRequest) -> HttpResponse {
    let allowed = super::http_methods::allowed_methods(request.path());
    if allowed.is_empty() {
        ApiError::NotFound(NO_SUCH_ENDPOINT.to_string()).error_response()
    } else {
        ApiError::MethodNotAllowed { allowed }.error_response()
    }
}

/// An API path whose id is not a number names nothing: 404, as JSON.
pub fn path_error() -> actix_web::Error {
    ApiError::NotFound("There is nothing at this address: an id in it is not a number.".to_string())
        .into()
}

/// A body that is not JSON of the expected shape: 400, as JSON, saying what is wrong.
fn json_config() -> JsonConfig {
    JsonConfig::default()
        .limit(super::request_limits::SHORT_BODY)
        .error_handler(|error, _request| {
            ApiError::BadRequest(format!("The request body could not be read: {error}.")).into()
        })
}
