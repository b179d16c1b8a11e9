//! Championships: an organisation's events run round by round. Reading is public (the
//! championship, its entrants, rounds and standings, and the event document they come from);
//! an organiser makes one, enters entrants, pairs and publishes rounds and enters, confirms
//! or corrects tables' results; a player at a table enters its result through the table's
//! link, which needs no token.

use actix_web::web::{Data, Path, Query};
use actix_web::{HttpResponse, delete, get, post, put};
use chrono::{DateTime, NaiveDate, Utc};
use fives_rules::record::{HandRecord, RulesetField, ruleset_field, ruleset_spec};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::ApiCaller;
use super::created;
use super::error::{ApiError, ErrorBody, Problem, field_path, invalid_of};
use super::input::{ApiJson, LinkJson, date_of};
use crate::app::Field;
use crate::app::championships::{
    self, ChampionshipInput, ChampionshipView, EntrantChange, OrganiserEntry, TableGames,
    TablePlace,
};
use crate::domain::championship::entrants::EntryLine;
use crate::domain::championship::event::Stage;
use crate::domain::championship::rounds::SwapWarning;
use crate::domain::championship::{ChampionshipFormat, FormatDocument};
use crate::domain::ids::PlayerId;
use crate::domain::ids::{ChampionshipId, EntrantId, TableId};
use crate::domain::match_format::{MAX_GAMES_PER_FIXTURE, Side};
use crate::domain::match_result::{GameOutcome, GameSheet};
use crate::domain::organisation::DisplayName;
use crate::store::{Championship, Entrant, Round, Table};
use crate::web::AppState;

/// Where a use case's problem is in these bodies.
fn body_path(field: &Field) -> String {
    match field {
        Field::List => "entrants".into(),
        Field::Line(line) => format!("entrants[{}]", line.saturating_sub(1)),
        other => field_path(other),
    }
}

fn app_error(error: crate::app::AppError) -> ApiError {
    match error {
        crate::app::AppError::Invalid(problems) => invalid_of(problems, body_path),
        other => other.into(),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChampionshipSummary {
    pub id: i64,
    pub organisation_id: i64,
    pub name: String,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub venue: String,
    /// The ruleset as a game record names it.
    pub ruleset: serde_json::Value,
    /// The format: who enters, the stages, seats, what a table plays and how it scores, the
    /// bye's points, tiebreaks and seeding.
    #[schema(value_type = Object)]
    pub format: serde_json::Value,
}

impl From<&Championship> for ChampionshipSummary {
    fn from(championship: &Championship) -> Self {
        Self {
            id: championship.id.0,
            organisation_id: championship.organisation_id.0,
            name: championship.name.clone(),
            starts_on: championship.starts_on,
            ends_on: championship.ends_on,
            venue: championship.venue.clone(),
            ruleset: serde_json::to_value(ruleset_field(&championship.ruleset)).unwrap_or_default(),
            format: serde_json::to_value(FormatDocument::from(&championship.format))
                .unwrap_or_default(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EntrantView {
    pub id: i64,
    pub entry_number: u32,
    /// The entrant's name, which is also its id in the event document.
    pub name: String,
    pub player_id: Option<i64>,
    pub partner_id: Option<i64>,
    pub team_id: Option<i64>,
    pub rating: i64,
    pub seed: Option<u32>,
    pub checked_in: bool,
    /// The last round of the main stage it played, once withdrawn.
    pub withdrawn_after: Option<u32>,
}

impl From<&Entrant> for EntrantView {
    fn from(entrant: &Entrant) -> Self {
        Self {
            id: entrant.id.0,
            entry_number: entrant.entry_number,
            name: entrant.name.clone(),
            player_id: entrant.player.map(|p| p.0),
            partner_id: entrant.partner.map(|p| p.0),
            team_id: entrant.team.map(|t| t.0),
            rating: entrant.rating,
            seed: entrant.seed,
            checked_in: entrant.checked_in,
            withdrawn_after: entrant.withdrawn_after,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TableView {
    pub id: i64,
    pub number: u32,
    /// The entrants in seat order, by name.
    pub seats: Vec<String>,
    /// `waiting` (no result), `entered` (waiting for the organiser) or `confirmed`.
    pub status: String,
    /// What the result gives each seat, once entered.
    #[schema(value_type = Option<Vec<f64>>)]
    pub points: Option<Vec<serde_json::Value>>,
    pub game_points: Option<Vec<i64>>,
    /// Each game's hands, once entered.
    #[schema(value_type = Option<Object>)]
    pub games: Option<serde_json::Value>,
    /// Counts the result's changes: a change names the version it was made from.
    pub version: u32,
}

fn table_view(view: &ChampionshipView, table: &Table) -> TableView {
    let result = table.result.as_ref();
    TableView {
        id: table.id.0,
        number: table.number,
        seats: table.seats.iter().map(|&id| name_in(view, id)).collect(),
        status: table.status.as_str().into(),
        points: result.map(|r| {
            r.outcome
                .points
                .iter()
                .map(|p| serde_json::from_str(&p.exact().to_json()).unwrap_or_default())
                .collect()
        }),
        game_points: result.map(|r| r.outcome.game_points.clone()),
        games: result.and_then(|r| serde_json::from_str::<serde_json::Value>(&r.sheet).ok()),
        version: table.version,
    }
}

fn name_in(view: &ChampionshipView, id: EntrantId) -> String {
    view.entrant(id)
        .map(|entrant| entrant.name.clone())
        .unwrap_or_default()
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoundView {
    /// `main`, or `knockout` for the knockout after a Swiss.
    pub stage: String,
    pub number: u32,
    pub published_at: DateTime<Utc>,
    pub tables: Vec<TableView>,
    pub byes: Vec<String>,
}

fn round_view(view: &ChampionshipView, round: &Round) -> RoundView {
    RoundView {
        stage: round.stage.name().into(),
        number: round.number,
        published_at: round.published_at,
        tables: round.tables.iter().map(|t| table_view(view, t)).collect(),
        byes: round.byes.iter().map(|&id| name_in(view, id)).collect(),
    }
}

/// A championship with everything published of it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChampionshipDetail {
    pub championship: ChampionshipSummary,
    pub entrants: Vec<EntrantView>,
    pub rounds: Vec<RoundView>,
    /// Each stage's standings after its confirmed results, as `fives standings` writes them
    /// for the stage's event document: `{"main": {"standings": […]}, "knockout": …}`.
    #[schema(value_type = Object)]
    pub standings: serde_json::Value,
}

fn detail(view: &ChampionshipView) -> Result<ChampionshipDetail, ApiError> {
    let mut standings = serde_json::Map::new();
    for stage in view.stages() {
        // A document the engine refuses (it should never be) is said, not a failure.
        let document = view
            .standings_document(stage)
            .unwrap_or_else(|refused| serde_json::json!({ "refused": refused.to_string() }));
        standings.insert(stage.name().into(), document);
    }
    Ok(ChampionshipDetail {
        championship: ChampionshipSummary::from(&view.championship),
        entrants: view.entrants.iter().map(EntrantView::from).collect(),
        rounds: view.rounds.iter().map(|r| round_view(view, r)).collect(),
        standings: serde_json::Value::Object(standings),
    })
}

#[utoipa::path(
    tag = "championships",
    description = "The organisation's championships, the latest first.",
    params(("slug" = String, Path, description = "The organisation's short name")),
    responses(
        (status = 200, body = Vec<ChampionshipSummary>),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/championships")]
pub async fn list_championships(
    _caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (_, list) = championships::championships(state.store.as_ref(), &slug).await?;
    Ok(HttpResponse::Ok().json(
        list.iter()
            .map(ChampionshipSummary::from)
            .collect::<Vec<_>>(),
    ))
}

/// A new championship.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewChampionshipBody {
    /// 1 to 100 characters, and not one that looks the same as another championship's of the
    /// organisation.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    /// The first day, `YYYY-MM-DD` (an empty text is no day).
    #[schema(value_type = String, format = Date, pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]
    pub starts_on: String,
    /// The last day, `YYYY-MM-DD`: the first day or up to 13 days after it. Absent or null:
    /// one day.
    #[schema(value_type = Option<String>, format = Date, pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]
    pub ends_on: Option<String>,
    /// Where it is played, at most 300 characters.
    #[serde(default)]
    #[schema(max_length = 300)]
    pub venue: String,
    /// A preset's name, or an object with `preset` and the options it overrides, as in a game
    /// record.
    #[schema(value_type = Object)]
    pub ruleset: serde_json::Value,
    /// The format (`entrants`: players, pairs or teams; `stages` with its `kind`: swiss,
    /// round-robin, groups, knockout, double-elimination or swiss-then-knockout; `seats`;
    /// `partnerships`; `table_play`; `scoring`; `bye_points`; `tiebreaks`; `seeding`; and for
    /// teams `team_match`: `{"legs": [{"kind": "singles", "games": 6, "target": 61}, {"kind":
    /// "pairs", "games": 3, "target": 61}]}`, at most 4 legs of 21 games), every rule between
    /// its parts checked, each problem at its field.
    #[schema(value_type = Object)]
    pub format: serde_json::Value,
}

fn championship_input(body: NewChampionshipBody) -> Result<ChampionshipInput, ApiError> {
    let mut problems = Vec::new();
    let name = DisplayName::try_from(body.name.as_str())
        .map_err(|error| problems.push(Problem::new("name", error.to_string())))
        .ok();
    let starts_on = date_of(&body.starts_on);
    if starts_on.is_none() {
        problems.push(Problem::new(
            "starts_on",
            "Give the first day as YYYY-MM-DD.",
        ));
    }
    let ends_on = match body.ends_on.as_deref() {
        None => starts_on,
        Some(text) => {
            let date = date_of(text);
            if date.is_none() {
                problems.push(Problem::new("ends_on", "Give the last day as YYYY-MM-DD."));
            }
            date
        }
    };
    let ruleset = serde_json::from_value::<RulesetField>(body.ruleset)
        .map_err(|_| {
            "Give the ruleset as a preset's name or an object with \"preset\".".to_string()
        })
        .and_then(|field| ruleset_spec(&field).map_err(|error| error.0))
        .map_err(|message| problems.push(Problem::new("ruleset", message)))
        .ok();
    let format = match serde_json::from_value::<FormatDocument>(body.format) {
        Err(error) => {
            problems.push(Problem::new(
                "format",
                format!("The format cannot be read: {error}."),
            ));
            None
        }
        Ok(document) => ChampionshipFormat::try_from(document)
            .map_err(|refused| {
                problems.extend(refused.into_iter().map(|problem| {
                    Problem::new(format!("format.{}", problem.field), problem.message)
                }))
            })
            .ok(),
    };
    match (name, starts_on, ends_on, ruleset, format) {
        (Some(name), Some(starts_on), Some(ends_on), Some(ruleset), Some(format))
            if problems.is_empty() =>
        {
            Ok(ChampionshipInput {
                name,
                starts_on,
                ends_on,
                venue: body.venue,
                ruleset,
                format,
            })
        }
        _ => Err(ApiError::invalid(problems)),
    }
}

#[utoipa::path(
    tag = "championships",
    description = "Makes a championship of the organisation. Every problem with the name, \
                   dates, ruleset and format is answered at once (422), each at its field. The \
                   organisation's organisers may.",
    params(("slug" = String, Path, description = "The organisation's short name")),
    request_body = NewChampionshipBody,
    responses(
        (status = 201, body = ChampionshipSummary),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The organisation has a championship of that name, or of one that looks the same", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/championships")]
pub async fn create_championship(
    caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
    body: ApiJson<NewChampionshipBody>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    crate::app::lookup::organised(store, caller.who(), &slug).await?;
    let input = championship_input(body.into_inner())?;
    let (organisation, made) =
        championships::create_championship(store, caller.who(), &slug, input)
            .await
            .map_err(app_error)?;
    Ok(created(
        format!(
            "/api/v1/organisations/{}/championships/{}",
            organisation.slug, made.id
        ),
        ChampionshipSummary::from(&made),
    ))
}

#[utoipa::path(
    tag = "championships",
    description = "A championship with its entrants, its published rounds (each table's seats, \
                   status and result) and each stage's standings after its confirmed results.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The championship's id"),
    ),
    responses(
        (status = 200, body = ChampionshipDetail),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/championships/{id}")]
pub async fn get_championship(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let view = championships::championship(state.store.as_ref(), &slug, ChampionshipId(id)).await?;
    Ok(HttpResponse::Ok().json(detail(&view)?))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct StageQuery {
    /// `main` (the default), or `knockout` for the knockout after a Swiss.
    pub stage: Option<String>,
}

#[utoipa::path(
    tag = "championships",
    description = "A stage's event document, as `fives pair` and `fives standings` read it: \
                   run them on it to check every published pairing and the standings.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The championship's id"),
        StageQuery,
    ),
    responses(
        (status = 200, description = "The event document", content_type = "application/json"),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/championships/{id}/event")]
pub async fn event_document(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    query: Query<StageQuery>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let view = championships::championship(state.store.as_ref(), &slug, ChampionshipId(id)).await?;
    let stage = match query.stage.as_deref() {
        None | Some("main") => Stage::Main,
        Some("knockout") if view.stages().contains(&Stage::KnockoutAfterSwiss) => {
            Stage::KnockoutAfterSwiss
        }
        Some(_) => {
            return Err(ApiError::NotFound(
                "This championship has no such stage: its stages are main and, once begun, the knockout after its Swiss.".into(),
            ));
        }
    };
    Ok(HttpResponse::Ok().json(view.event_document(stage)))
}

/// An entrant as the organiser gives it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntrantInput {
    /// A player's or team's name, or a pair's first player; 1 to 100 characters. A player is
    /// the organisation's player of that name, registered when there is none.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    /// A pair's second player (pairs events only).
    #[schema(min_length = 1, max_length = 100)]
    pub partner: Option<String>,
    /// 0 to 4,000; 0 when absent.
    #[schema(minimum = 0, maximum = 4000)]
    pub rating: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntrantsBody {
    /// Entered after those already entered, all or none: at least one, at most 2,000 in a
    /// championship.
    #[schema(min_items = 1, max_items = 2000)]
    pub entrants: Vec<EntrantInput>,
}

#[utoipa::path(
    tag = "championships",
    description = "Enters entrants, all or none: each problem at its entrant. The \
                   organisation's organisers may.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The championship's id"),
    ),
    request_body = EntrantsBody,
    responses(
        (status = 201, body = Vec<EntrantView>),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "An entrant of that name is entered already", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/championships/{id}/entrants")]
pub async fn add_entrants(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<EntrantsBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    crate::app::lookup::organised(store, caller.who(), &slug).await?;
    let mut lines = Vec::new();
    let mut problems = Vec::new();
    for (index, input) in body.into_inner().entrants.into_iter().enumerate() {
        let at = |field: &str| format!("entrants[{index}].{field}");
        let name = DisplayName::try_from(input.name.as_str())
            .map_err(|error| problems.push(Problem::new(at("name"), error.to_string())))
            .ok();
        let partner = match input.partner.as_deref() {
            None => Some(None),
            Some(text) => DisplayName::try_from(text)
                .map(Some)
                .map_err(|error| problems.push(Problem::new(at("partner"), error.to_string())))
                .ok(),
        };
        if let (Some(name), Some(partner)) = (name, partner) {
            lines.push(EntryLine {
                line: index + 1,
                name,
                partner,
                rating: input.rating,
            });
        }
    }
    if !problems.is_empty() {
        return Err(ApiError::invalid(problems));
    }
    let added = championships::add_entrants(store, caller.who(), &slug, ChampionshipId(id), lines)
        .await
        .map_err(app_error)?;
    Ok(HttpResponse::Created().json(added.iter().map(EntrantView::from).collect::<Vec<_>>()))
}

/// What changes of an entrant; what is absent stays.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntrantChangeBody {
    pub checked_in: Option<bool>,
    /// 1 to 2,000; null takes the seed away.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 2000)]
    pub seed: Option<Option<u32>>,
    /// Withdrawn from the next round of the main stage on, or back in.
    pub withdrawn: Option<bool>,
}

/// A field given as null is `Some(None)`; an absent one stays `None`.
fn present<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<u32>>, D::Error> {
    Option::<u32>::deserialize(deserializer).map(Some)
}

#[utoipa::path(
    tag = "championships",
    description = "Checks an entrant in or out (once anyone is checked in, the first round \
                   pairs only those checked in), seeds it, or withdraws it. The \
                   organisation's organisers may.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The championship's id"),
        ("entrant_id" = i64, Path, description = "The entrant's id"),
    ),
    request_body = EntrantChangeBody,
    responses(
        (status = 200, body = EntrantView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Another entrant has the seed", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/championships/{id}/entrants/{entrant_id}")]
pub async fn change_entrant(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    body: ApiJson<EntrantChangeBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, entrant) = path.into_inner();
    let body = body.into_inner();
    let changed = championships::change_entrant(
        state.store.as_ref(),
        caller.who(),
        &slug,
        ChampionshipId(id),
        EntrantId(entrant),
        EntrantChange {
            checked_in: body.checked_in,
            seed: body.seed,
            withdrawn: body.withdrawn,
        },
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(EntrantView::from(&changed)))
}

#[utoipa::path(
    tag = "championships",
    description = "Removes an entrant entered by mistake, before it has played; one who has \
                   played is withdrawn instead. The organisation's organisers may.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The championship's id"),
        ("entrant_id" = i64, Path, description = "The entrant's id"),
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The entrant has played", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[delete("/api/v1/organisations/{slug}/championships/{id}/entrants/{entrant_id}")]
pub async fn remove_entrant(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, entrant) = path.into_inner();
    championships::remove_entrant(
        state.store.as_ref(),
        caller.who(),
        &slug,
        ChampionshipId(id),
        EntrantId(entrant),
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::NoContent().finish())
}

/// Two entrants to swap in the round, by name.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SwapInput {
    pub first: String,
    pub second: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundBody {
    /// Swaps made in order after the engine pairs the round; at most 50. Refused in a
    /// bracket.
    #[serde(default)]
    #[schema(max_items = 50)]
    pub swaps: Vec<SwapInput>,
    /// When publishing: the tables (entrant names in seat order) of the preview the organiser
    /// saw; if the round now pairs otherwise, nothing is published (409).
    pub expect_tables: Option<Vec<Vec<String>>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoundPreviewView {
    pub stage: String,
    pub number: usize,
    /// Entrant names in seat order, by table.
    pub tables: Vec<Vec<String>>,
    pub byes: Vec<String>,
    /// What the swaps break: rematches and second byes, in words.
    pub warnings: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PublishedRoundView {
    pub round: RoundView,
    /// Each table's link, by table: whoever opens it may enter that table's result until the
    /// organiser confirms it. Given once; print it on the table's card.
    pub table_links: Vec<String>,
    pub warnings: Vec<String>,
}

fn swaps_of(body: &RoundBody) -> Vec<(String, String)> {
    body.swaps
        .iter()
        .map(|swap| (swap.first.clone(), swap.second.clone()))
        .collect()
}

fn warning_words(warnings: &[SwapWarning]) -> Vec<String> {
    warnings.iter().map(ToString::to_string).collect()
}

#[utoipa::path(
    tag = "championships",
    description = "Pairs the next round with the engine and makes the swaps, publishing \
                   nothing: the organiser's look before publishing. Refused (409) while a table \
                   of the last round has no confirmed result, or once the championship is over. \
                   The organisation's organisers may.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The championship's id"),
    ),
    request_body = RoundBody,
    responses(
        (status = 200, body = RoundPreviewView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/championships/{id}/rounds/preview")]
pub async fn preview_round(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<RoundBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let preview = championships::preview_round(
        state.store.as_ref(),
        caller.who(),
        &slug,
        ChampionshipId(id),
        &swaps_of(&body),
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(RoundPreviewView {
        stage: preview.round.stage.name().into(),
        number: preview.round.number,
        tables: preview.round.tables,
        byes: preview.round.byes,
        warnings: warning_words(&preview.warnings),
    }))
}

#[utoipa::path(
    tag = "championships",
    description = "Pairs the next round, makes the swaps and publishes it, with a link for \
                   each table. A published round never changes. The organisation's organisers \
                   may.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The championship's id"),
    ),
    request_body = RoundBody,
    responses(
        (status = 201, body = PublishedRoundView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/championships/{id}/rounds")]
pub async fn publish_round(
    req: actix_web::HttpRequest,
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<RoundBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let published = championships::publish_round(
        state.store.as_ref(),
        &state.key,
        caller.who(),
        &slug,
        ChampionshipId(id),
        &swaps_of(&body),
        body.expect_tables.as_deref(),
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::Created().json(PublishedRoundView {
        round: round_view(&published.view, &published.round),
        table_links: published
            .links
            .iter()
            .map(|link| {
                crate::web::link_as_reached(&req, &format!("/api/v1/tables/{}", link.as_str()))
            })
            .collect(),
        warnings: warning_words(&published.warnings),
    }))
}

/// A table's games, each game's hands as in a game record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TableResultBody {
    /// The version of the table the result was entered from (0 for a table with none).
    pub version: u32,
    /// Each game's hands (`[{"score": [14, 9]}, …]` is enough; side 0 is the first seat, or
    /// the partnership of seats 1 and 3), at most 15 games of at most 300 hands, in a body of
    /// at most 64 KiB (a scorer's hands fit many times over; every deal and move of four
    /// players may not). Not at a team event's table, which takes `team_games`.
    #[serde(default)]
    #[schema(value_type = Vec<Vec<super::results::HandInput>>, max_items = 15)]
    pub games: Vec<Vec<HandRecord>>,
    /// At a team event's table, the team match's games in the order of its legs, each with
    /// who played it (at most 84 games).
    #[schema(max_items = 84)]
    pub team_games: Option<Vec<TeamGameBody>>,
    /// Why a confirmed result is corrected (organisers only), at most 500 characters.
    #[schema(max_length = 500)]
    pub reason: Option<String>,
}

/// A table's games entered at the table through its link: as [`TableResultBody`], without a
/// reason (only the organiser corrects a result).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkedTableResultBody {
    /// The version of the table the result was entered from (0 for a table with none).
    pub version: u32,
    /// Each game's hands, as in [`TableResultBody`]'s `games`. Not at a team event's table.
    #[serde(default)]
    #[schema(value_type = Vec<Vec<super::results::HandInput>>, max_items = 15)]
    pub games: Vec<Vec<HandRecord>>,
    /// At a team event's table, the team match's games in the order of its legs.
    #[schema(max_items = 84)]
    pub team_games: Option<Vec<TeamGameBody>>,
}

impl From<LinkedTableResultBody> for TableResultBody {
    fn from(body: LinkedTableResultBody) -> Self {
        Self {
            version: body.version,
            games: body.games,
            team_games: body.team_games,
            reason: None,
        }
    }
}

/// A game of a team match: who played it for each team and its hands.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamGameBody {
    /// The players of the team in seat 1, from the table's `squads`: one in a singles game,
    /// two in a pairs game (none for a game this team conceded).
    #[schema(max_items = 2)]
    pub home: Vec<i64>,
    /// The players of the team in seat 2.
    #[schema(max_items = 2)]
    pub away: Vec<i64>,
    /// The game's hands, as in `games` (at most 300); none for a conceded game.
    #[serde(default)]
    #[schema(value_type = Vec<super::results::HandInput>, max_items = 300)]
    pub hands: Vec<HandRecord>,
    /// The team that gave the game up unplayed (`home` for seat 1's, `away` for seat 2's).
    pub conceded_by: Option<Side>,
}

/// The games the body gives, for the table they are entered at.
fn games_of(body: TableResultBody) -> Result<(TableGames, Option<String>), ApiError> {
    let games = match body.team_games {
        Some(_) if !body.games.is_empty() => {
            return Err(ApiError::invalid_field(
                "team_games",
                "Give a table's games either as `games` (hands) or as `team_games` (a team \
                 match), not both.",
            ));
        }
        Some(team_games) if team_games.len() > MAX_GAMES_PER_FIXTURE as usize => {
            return Err(ApiError::invalid_field(
                "team_games",
                format!("A team match has at most {MAX_GAMES_PER_FIXTURE} games."),
            ));
        }
        Some(team_games) => TableGames::TeamMatch(
            team_games
                .into_iter()
                .map(|game| GameSheet {
                    home: game.home.into_iter().map(PlayerId).collect(),
                    away: game.away.into_iter().map(PlayerId).collect(),
                    outcome: match game.conceded_by {
                        Some(side) => GameOutcome::ConcededBy(side),
                        None => GameOutcome::Hands(game.hands),
                    },
                })
                .collect(),
        ),
        None => TableGames::Hands(body.games),
    };
    Ok((games, body.reason))
}

/// A player a team may name in its games.
#[derive(Debug, Serialize, ToSchema)]
pub struct SquadPlayerView {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TablePlaceView {
    pub championship: ChampionshipSummary,
    pub stage: String,
    pub round: u32,
    pub table: TableView,
    /// At a team event's table, each seat's team's squad: the players its games may name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub squads: Vec<Vec<SquadPlayerView>>,
}

fn place_view(place: &TablePlace) -> TablePlaceView {
    TablePlaceView {
        championship: ChampionshipSummary::from(&place.view.championship),
        stage: place.stage.name().into(),
        round: place.round,
        table: table_view(&place.view, &place.table),
        squads: place
            .squads
            .iter()
            .map(|squad| {
                squad
                    .iter()
                    .map(|member| SquadPlayerView {
                        id: member.id.0,
                        name: member.name.clone(),
                    })
                    .collect()
            })
            .collect(),
    }
}

#[utoipa::path(
    tag = "championships",
    description = "The table a table's link opens: its championship, round, seats and result \
                   so far. The link is the only key.",
    params(("link" = String, Path, description = "The table's link, from its card")),
    responses(
        (status = 200, body = TablePlaceView),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/tables/{link}")]
pub async fn get_linked_table(
    state: Data<AppState>,
    link: Path<String>,
) -> Result<HttpResponse, ApiError> {
    let place = championships::table_of_link(state.store.as_ref(), &link).await?;
    Ok(HttpResponse::Ok().json(place_view(&place)))
}

#[utoipa::path(
    tag = "championships",
    description = "A player at the table enters its result through the table's link: every \
                   game checked by the rules before anything is kept, each problem at its game \
                   and hand. Works until the organiser confirms the result.",
    params(("link" = String, Path, description = "The table's link, from its card")),
    request_body = LinkedTableResultBody,
    responses(
        (status = 200, body = TablePlaceView),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The result is confirmed, or changed since that version", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
)]
#[put("/api/v1/tables/{link}/result")]
pub async fn enter_linked_result(
    state: Data<AppState>,
    link: Path<String>,
    body: LinkJson<LinkedTableResultBody>,
) -> Result<HttpResponse, ApiError> {
    let body = TableResultBody::from(body.into_inner());
    let version = body.version;
    let (games, _) = games_of(body)?;
    let place = championships::enter_result_by_link(state.store.as_ref(), &link, version, games)
        .await
        .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(place_view(&place)))
}

#[utoipa::path(
    tag = "championships",
    description = "The organiser enters a table's result, confirmed at once, or corrects a \
                   confirmed one with a reason kept in the log. The organisation's organisers \
                   may.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The championship's id"),
        ("table_id" = i64, Path, description = "The table's id"),
    ),
    request_body = TableResultBody,
    responses(
        (status = 200, body = TablePlaceView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The result changed since that version", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}/result")]
pub async fn enter_table_result(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    body: ApiJson<TableResultBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, table) = path.into_inner();
    let body = body.into_inner();
    let from_version = body.version;
    let (games, reason) = games_of(body)?;
    let place = championships::enter_result_as_organiser(
        state.store.as_ref(),
        caller.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
        OrganiserEntry {
            from_version,
            games,
            reason,
        },
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(place_view(&place)))
}

/// The version of the table the organiser confirms.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmTableBody {
    pub version: u32,
}

#[utoipa::path(
    tag = "championships",
    description = "The organiser confirms a result entered at the table; the table's link can \
                   no longer change it. The organisation's organisers may.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The championship's id"),
        ("table_id" = i64, Path, description = "The table's id"),
    ),
    request_body = ConfirmTableBody,
    responses(
        (status = 200, body = TablePlaceView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "No result, or it changed since that version", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}/result/confirm")]
pub async fn confirm_table_result(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    body: ApiJson<ConfirmTableBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, table) = path.into_inner();
    let place = championships::confirm_table_result(
        state.store.as_ref(),
        caller.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
        body.version,
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(place_view(&place)))
}

#[utoipa::path(
    tag = "championships",
    description = "A table of the championship as its organiser sees it. The organisation's \
                   organisers may.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The championship's id"),
        ("table_id" = i64, Path, description = "The table's id"),
    ),
    responses(
        (status = 200, body = TablePlaceView),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[get("/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}")]
pub async fn get_table(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, table) = path.into_inner();
    let place = championships::organised_table(
        state.store.as_ref(),
        caller.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
    )
    .await?;
    Ok(HttpResponse::Ok().json(place_view(&place)))
}
