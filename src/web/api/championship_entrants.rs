//! An organiser enters entrants (all or none), changes one or removes one.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, delete, post, put};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::app::championships::{self, EntrantChange};
use crate::domain::championship::entrants::EntryLine;
use crate::domain::ids::{ChampionshipId, EntrantId};
use crate::domain::organisation::DisplayName;
use crate::web::AppState;
use crate::web::api::auth::ApiCaller;
use crate::web::api::error::{ApiError, ErrorBody, Problem};
use crate::web::api::input::ApiJson;

use super::championships::*;

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
        ("id" = i64, Path, description = "The championship's id"),
    ),
    request_body = EntrantsBody,
    responses(
        (status = 201, body = Vec<EntrantView>),
        (status = 400, body = ErrorBody),
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
        ("id" = i64, Path, description = "The championship's id"),
        ("entrant_id" = i64, Path, description = "The entrant's id"),
    ),
    request_body = EntrantChangeBody,
    responses(
        (status = 200, body = EntrantView),
        (status = 400, body = ErrorBody),
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
        ("id" = i64, Path, description = "The championship's id"),
        ("entrant_id" = i64, Path, description = "The entrant's id"),
    ),
    responses(
        (status = 204, description = "Removed"),
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
