//! Championships: an organisation's events run round by round. Reading is public (the
//! championship, its entrants, rounds and standings, and the event document they come from);
//! an organiser makes one, enters entrants, pairs and publishes rounds and enters, confirms
//! or corrects tables' results; a player at a table enters its result through the table's
//! link, which needs no token.
//!
//! This file is the read side and the answers the rooms beside it share: making one
//! (`championship_format`), its entrants, rounds and tables (`championship_*`), re-exported
//! here. They sit beside this file, not in a folder, because the API's files are read flat (the
//! OpenAPI test lists the routes of `src/web/api/*.rs`).

use actix_web::web::{Data, Path, Query};
use actix_web::{HttpResponse, get};
use chrono::{DateTime, NaiveDate, Utc};
use fives_rules::record::ruleset_field;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::Field;
use crate::app::championships::{self, ChampionshipView};
use crate::domain::championship::FormatDocument;
use crate::domain::championship::event::Stage;
use crate::domain::ids::{ChampionshipId, EntrantId};
use crate::store::{Championship, Entrant, Round, Table};
use crate::web::AppState;
use crate::web::api::auth::ApiCaller;
use crate::web::api::error::{ApiError, ErrorBody, field_path, invalid_of};

pub use super::championship_entrants::*;
pub use super::championship_format::*;
pub use super::championship_rounds::*;
pub use super::championship_tables::*;

/// Where a use case's problem is in these bodies.
fn body_path(field: &Field) -> String {
    match field {
        Field::List => "entrants".into(),
        Field::Line(line) => format!("entrants[{}]", line.saturating_sub(1)),
        other => field_path(other),
    }
}

pub(super) fn app_error(error: crate::app::AppError) -> ApiError {
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
    /// The games as entered, once entered: `{"games": [...]}`, each game its hands (as in a
    /// game record) or `{"final_score": [61, 45]}`; at a team event's table, each game of the
    /// match with who played it.
    #[schema(value_type = Option<Object>)]
    pub games: Option<serde_json::Value>,
    /// Counts the result's changes: a change names the version it was made from.
    pub version: u32,
}

pub(super) fn table_view(view: &ChampionshipView, table: &Table) -> TableView {
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
    /// The organiser changed the round from the engine's pairing before publishing it.
    pub edited: bool,
}

pub(super) fn round_view(view: &ChampionshipView, round: &Round) -> RoundView {
    RoundView {
        stage: round.stage.name().into(),
        number: round.number,
        published_at: round.published_at,
        tables: round.tables.iter().map(|t| table_view(view, t)).collect(),
        byes: round.byes.iter().map(|&id| name_in(view, id)).collect(),
        edited: round.edited,
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

#[utoipa::path(
    tag = "championships",
    description = "A championship with its entrants, its published rounds (each table's seats, \
                   status and result) and each stage's standings after its confirmed results.",
    params(
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
