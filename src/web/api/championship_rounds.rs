//! An organiser previews the next round (with their edits: swaps, moves, pairs made by hand)
//! and publishes it.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, post, put};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::championships::{self, Publication};
use crate::domain::championship::edits::{EditWarning, MAX_EDITS, PairingEdit};
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

/// One change to the engine's pairing, entrants by name.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum EditInput {
    /// Two entrants exchange places: a seat for a seat, or a seat for a bye.
    Swap { first: String, second: String },
    /// An entrant leaves its place for the last seat of table `to_table` (from 1, in the round
    /// as the changes before leave it: a table they emptied is gone), or for the byes when
    /// `to_table` is null.
    Move {
        entrant: String,
        to_table: Option<usize>,
    },
    /// `second` takes the seat of `first`'s opponent (the seat after `first`'s at its table),
    /// who takes `second`'s place: the two meet.
    Pair { first: String, second: String },
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoundBody {
    /// Swaps made in order after the engine pairs the round, before `edits`. Refused in a
    /// bracket.
    #[serde(default)]
    #[schema(max_items = 50)]
    pub swaps: Vec<SwapInput>,
    /// Changes made in order after the swaps; at most 50 with them. Refused in a bracket.
    #[serde(default)]
    #[schema(max_items = 50)]
    pub edits: Vec<EditInput>,
    /// When publishing: the tables (entrant names in seat order) of the preview the organiser
    /// saw; if the round now pairs otherwise, nothing is published (409).
    pub expect_tables: Option<Vec<Vec<String>>>,
    /// When publishing: the organiser accepts what the changes break (a rematch, partners
    /// again, a score-group jump, a second bye), as the preview's `warnings` said. Without it
    /// a round with warnings is not published (409).
    #[serde(default)]
    pub accept_warnings: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoundPreviewView {
    pub stage: String,
    pub number: usize,
    /// Entrant names in seat order, by table.
    pub tables: Vec<Vec<String>>,
    pub byes: Vec<String>,
    /// What the changes break that the engine's pairing kept, in words.
    pub warnings: Vec<String>,
    /// The round differs from the engine's pairing.
    pub edited: bool,
    /// Why the round as changed cannot be published (a table of the wrong size), if so.
    pub problem: Option<String>,
    /// Why the engine paired a Swiss round so: every measure of the specification for its own
    /// pairing, in words, a line each (what `fives pair --explain` gives as numbers).
    pub explanation: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PublishedRoundView {
    pub round: RoundView,
    /// Each table's link, by table: whoever opens it may enter that table's result until the
    /// organiser confirms it. Given once; print it on the table's card.
    pub table_links: Vec<String>,
    pub warnings: Vec<String>,
}

/// The body's swaps, then its edits, as the domain's edits.
fn edits_of(body: &RoundBody) -> Result<Vec<PairingEdit>, ApiError> {
    if body.swaps.len() + body.edits.len() > MAX_EDITS {
        return Err(ApiError::invalid_field(
            "edits",
            format!("At most {MAX_EDITS} swaps and changes are made to a round."),
        ));
    }
    let swaps = body.swaps.iter().map(|swap| PairingEdit::Swap {
        first: swap.first.clone(),
        second: swap.second.clone(),
    });
    let edits = body.edits.iter().map(|edit| match edit {
        EditInput::Swap { first, second } => PairingEdit::Swap {
            first: first.clone(),
            second: second.clone(),
        },
        EditInput::Move { entrant, to_table } => PairingEdit::Move {
            entrant: entrant.clone(),
            to: *to_table,
        },
        EditInput::Pair { first, second } => PairingEdit::Pair {
            first: first.clone(),
            second: second.clone(),
        },
    });
    Ok(swaps.chain(edits).collect())
}

fn warning_words(warnings: &[EditWarning]) -> Vec<String> {
    warnings.iter().map(ToString::to_string).collect()
}

#[utoipa::path(
    tag = "championships",
    description = "Pairs the next round with the engine and makes the swaps and edits, \
                   publishing nothing: the organiser's look before publishing, with what the \
                   changes break (`warnings`) and whether the round can be published as it \
                   stands (`problem`). Refused (409) while a table \
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
        &edits_of(&body)?,
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(RoundPreviewView {
        stage: preview.round.stage.name().into(),
        number: preview.round.number,
        tables: preview.round.tables,
        byes: preview.round.byes,
        warnings: warning_words(&preview.warnings),
        edited: preview.edited,
        problem: preview.problem,
        explanation: preview.round.explanation,
    }))
}

#[utoipa::path(
    tag = "championships",
    description = "Pairs the next round, makes the swaps and edits and publishes it, with a \
                   link for each table. A round whose changes break a rule of the pairing is \
                   published only with `accept_warnings` (otherwise 409); one that cannot be \
                   published as it stands is refused (422). The published event document marks \
                   a changed round `edited`. A published round never changes. The \
                   organisation's organisers may.",
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
        Publication {
            edits: &edits_of(&body)?,
            seen: body.expect_tables.as_deref(),
            warnings_accepted: body.accept_warnings,
        },
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

/// The round's clock: minutes from now, or `null` to stop it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockBody {
    /// 1 to 240 minutes from now; `null` stops the clock.
    #[schema(minimum = 1, maximum = 240)]
    pub minutes: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClockView {
    /// When the round's clock runs out; `null` when it is stopped.
    pub ends_at: Option<chrono::DateTime<chrono::Utc>>,
}

#[utoipa::path(
    tag = "championships",
    description = "Starts the clock of the round in play (the latest published), to run out \
                   `minutes` from now (started again if it ran), or stops it (`null`); the \
                   room's screen counts it down. The organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The championship's id"),
    ),
    request_body = ClockBody,
    responses(
        (status = 200, body = ClockView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/championships/{id}/clock")]
pub async fn set_round_clock(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<ClockBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let ends_at = championships::set_round_clock(
        state.store.as_ref(),
        caller.who(),
        &slug,
        ChampionshipId(id),
        body.minutes,
        chrono::Utc::now(),
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(ClockView { ends_at }))
}
