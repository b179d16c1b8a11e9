//! Renaming the organisation and its competitions, and removing a competition without results.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, delete, put};

use super::auth::ApiCaller;
use super::competitions::CompetitionView;
use super::error::{ApiError, ErrorBody};
use super::input::{ApiJson, name_of};
use super::organisations::OrganisationView;
use super::teams::NameBody;
use crate::app::{lookup, removals, renames};
use crate::domain::ids::CompetitionId;
use crate::web::AppState;

#[utoipa::path(
    tag = "organisations",
    description = "Renames the organisation; its short name, in every address, stays. Its \
                   organisers may.",
    request_body = NameBody,
    responses(
        (status = 200, body = OrganisationView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/name")]
pub async fn rename_organisation(
    caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
    body: ApiJson<NameBody>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    lookup::organised(store, caller.who(), &slug).await?;
    let name = name_of(&body.name)?;
    let organisation = renames::rename_organisation(store, caller.who(), &slug, &name).await?;
    Ok(HttpResponse::Ok().json(OrganisationView::from(organisation)))
}

#[utoipa::path(
    tag = "competitions",
    description = "Renames a competition. The organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The competition's id"),
    ),
    request_body = NameBody,
    responses(
        (status = 200, body = CompetitionView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Another competition has the name, or one that looks the same", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/competitions/{id}/name")]
pub async fn rename_competition(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<NameBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    lookup::organised(store, caller.who(), &slug).await?;
    let name = name_of(&body.name)?;
    let (_, competition) =
        renames::rename_competition(store, caller.who(), &slug, CompetitionId(id), &name).await?;
    Ok(HttpResponse::Ok().json(CompetitionView::from(competition)))
}

#[utoipa::path(
    tag = "competitions",
    description = "Removes a competition without results, with its seasons, divisions and \
                   fixtures. One with results is kept (409): results are kept. The \
                   organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The competition's id"),
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The competition has results", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[delete("/api/v1/organisations/{slug}/competitions/{id}")]
pub async fn remove_competition(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    removals::remove_competition(state.store.as_ref(), caller.who(), &slug, CompetitionId(id))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
