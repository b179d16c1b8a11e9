//! Points an organiser takes from a team of a division by hand, with the reason.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::error::{ApiError, ErrorBody, Problem};
use super::input::{ApiJson, Id};
use super::views::NamedRef;
use crate::app::{deductions, lookup};
use crate::domain::deduction::DeductionPoints;
use crate::domain::ids::{DivisionId, TeamId};
use crate::domain::reason::Reason;
use crate::web::AppState;

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeductionBody {
    /// A team of the division.
    #[schema(value_type = Id)]
    pub team_id: i64,
    /// The points taken: a whole number from 1 to 50.
    #[schema(minimum = 1, maximum = 50)]
    pub points: i64,
    /// Why, shown under the division's table: 1 to 500 characters.
    #[schema(min_length = 1, max_length = 500)]
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeductionView {
    pub team: NamedRef,
    /// As the table counts it: negative.
    pub points: i64,
    pub reason: String,
}

#[utoipa::path(
    tag = "divisions",
    description = "Takes points from a team of the division, with the reason; the division's \
                   standings count it and list the reason. The organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The division's id"),
    ),
    request_body = DeductionBody,
    responses(
        (status = 201, body = DeductionView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/divisions/{id}/deductions")]
pub async fn deduct_points(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<DeductionBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    lookup::organised(store, caller.who(), &slug).await?;
    let mut problems = Vec::new();
    let points = DeductionPoints::try_from(body.points)
        .map_err(|error| problems.push(Problem::new("points", error.to_string())))
        .ok();
    let reason = Reason::for_deduction(&body.reason)
        .map_err(|error| problems.push(Problem::new("reason", error.to_string())))
        .ok();
    let (Some(points), Some(reason)) = (points, reason) else {
        return Err(ApiError::invalid(problems));
    };
    let (_, _, team) = deductions::deduct_points(
        store,
        caller.who(),
        &slug,
        DivisionId(id),
        TeamId(body.team_id),
        points,
        &reason,
    )
    .await?;
    Ok(HttpResponse::Created().json(DeductionView {
        team: NamedRef::new(team.id.0, team.name),
        points: points.adjustment(),
        reason: reason.as_str().to_string(),
    }))
}
