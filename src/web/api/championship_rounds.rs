//! An organiser previews the next round (with swaps) and publishes it.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::championships::{self};
use crate::domain::championship::rounds::SwapWarning;
use crate::domain::ids::ChampionshipId;
use crate::web::AppState;
use crate::web::api::auth::ApiCaller;
use crate::web::api::error::{ApiError, ErrorBody};
use crate::web::api::input::ApiJson;

use super::championships::*;

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
        ("id" = i64, Path, description = "The championship's id"),
    ),
    request_body = RoundBody,
    responses(
        (status = 200, body = RoundPreviewView),
        (status = 400, body = ErrorBody),
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
        ("id" = i64, Path, description = "The championship's id"),
    ),
    request_body = RoundBody,
    responses(
        (status = 201, body = PublishedRoundView),
        (status = 400, body = ErrorBody),
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
