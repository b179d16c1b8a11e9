//! The players registered with an organisation, who are then put into teams' squads.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, delete, post, put};
use serde::Deserialize;
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::error::{ApiError, ErrorBody};
use super::input::{ApiJson, name_of};
use super::views::PlayerView;
use crate::app::{lookup, removals, renames, teams};
use crate::domain::ids::PlayerId;
use crate::web::AppState;

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPlayerBody {
    /// 1 to 100 characters. Two players may share a name, but not one that only looks the
    /// same as another player's of the organisation.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
}

#[utoipa::path(
    tag = "players",
    description = "Registers a player with the organisation. Two players may share a name; \
                   each has an id of its own.",
    request_body = NewPlayerBody,
    responses(
        (status = 201, body = PlayerView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The name looks the same as another player's, spelt otherwise", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/players")]
pub async fn create_player(
    caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
    body: ApiJson<NewPlayerBody>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    lookup::organised(store, caller.who(), &slug).await?;
    let name = name_of(&body.name)?;
    let player = teams::create_player(store, caller.who(), &slug, &name).await?;
    Ok(HttpResponse::Created().json(PlayerView::from(&player)))
}

#[utoipa::path(
    tag = "players",
    description = "Renames a player of the organisation; every page and answer shows the new \
                   name, past results included. The organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The player's id"),
    ),
    request_body = NewPlayerBody,
    responses(
        (status = 200, body = PlayerView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The name looks the same as another player's, spelt otherwise", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/players/{id}/name")]
pub async fn rename_player(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<NewPlayerBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    lookup::organised(store, caller.who(), &slug).await?;
    let name = name_of(&body.name)?;
    let (_, player) =
        renames::rename_player(store, caller.who(), &slug, PlayerId(id), &name).await?;
    Ok(HttpResponse::Ok().json(PlayerView::from(&player)))
}

#[utoipa::path(
    tag = "players",
    description = "Removes a player who has not played from the organisation and every squad. \
                   A player who has played is kept (409): their games are kept. The \
                   organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The player's id"),
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The player has played", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[delete("/api/v1/organisations/{slug}/players/{id}")]
pub async fn remove_player(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    removals::remove_player(state.store.as_ref(), caller.who(), &slug, PlayerId(id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
