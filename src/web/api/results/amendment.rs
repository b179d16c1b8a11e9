//! A submission amended through the API by the side that submitted it, before the other side
//! answers it: the same body as a submission, naming the version read.

use actix_web::http::header;
use actix_web::web::{Bytes, Data, Path};
use actix_web::{HttpRequest, HttpResponse, post};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    GameInput, ResultView, SentResult, WalkoverInput, body_of, path_of, place_of, result_refusal,
    result_view, sent_result,
};
use crate::app::results::{self, NewSubmission};
use crate::web::AppState;
use crate::web::api::auth::ApiCaller;
use crate::web::api::error::{ApiError, ErrorBody};
use crate::web::api::input::Id;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AmendmentBody {
    /// The `version_id` of the submission being amended, as last read.
    #[schema(value_type = Id)]
    pub version_id: i64,
    pub walkover: Option<WalkoverInput>,
    #[schema(max_items = 84)]
    pub games: Option<Vec<GameInput>>,
    /// 1 to 200 characters.
    #[schema(min_length = 1, max_length = 200)]
    pub submission_key: Option<String>,
}

#[utoipa::path(
    tag = "results",
    description = "The submitting side's captain changes its submission before the other side \
                   confirms it, naming the version read: the whole result as it should be (the \
                   same shape as a submission), checked alike. It becomes a new version awaiting \
                   the other side's answer again (a disputed one too), and the other side is \
                   mailed that it changed.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
        ("Idempotency-Key" = Option<String>, Header, description = "Makes a retried request the same amendment"),
    ),
    request_body = AmendmentBody,
    responses(
        (status = 200, description = "Amended; awaiting the other side's answer again", body = ResultView),
        (status = 400, body = ErrorBody),
        (status = 403, description = "Not a captain of the side that submitted it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The result has changed, or is confirmed", body = ErrorBody),
        (status = 422, description = "The result does not check out (each problem names its place)", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/fixtures/{id}/result/amend")]
pub async fn amend_result(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    request: HttpRequest,
    body: Bytes,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    // Only the submitting side's body is read.
    let amendment = results::amendment(store, caller.who(), &place).await?;
    let body: AmendmentBody = body_of(&body)?;
    let SentResult { key, sheet, read } = sent_result(
        &request,
        body.submission_key.as_deref(),
        body.walkover.as_ref(),
        body.games.as_deref(),
        amendment.squads.rules(&place.competition),
    )?;
    let submission = NewSubmission {
        sheet,
        submission_key: &key,
        early_reason: None,
    };
    let amended = results::amend(store, caller.who(), &place, submission, body.version_id)
        .await
        .map_err(|error| result_refusal(error, read, body.games.as_deref()))?;
    Ok(HttpResponse::Ok()
        .insert_header((header::LOCATION, path_of(&place)))
        .json(result_view(store, &place, &amended).await?))
}
