//! How large a request's body may be. A body declared larger than any route takes is refused
//! before any handler runs, so before anything is written; every body is bounded again as it
//! is read, for one sent without a declared length.

use actix_web::ResponseError;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::PayloadConfig;

use super::api;
use super::api::error::ApiError;
use super::error::WebError;

/// Forms and the API's JSON bodies: far more than any of them needs.
pub const SHORT_BODY: usize = 64 * 1024;
/// A result, whose games may be pasted as whole game records with comments.
pub const LONGEST_BODY: usize = 256 * 1024;

/// The bound on a body read whole as bytes (a result's form or JSON).
pub fn payload_config() -> PayloadConfig {
    PayloadConfig::new(LONGEST_BODY)
}

/// Answers 413 to a request whose `Content-Length` is over [`LONGEST_BODY`], unread.
pub async fn refuse_oversized_bodies(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|text| text.trim().parse::<u64>().ok());
    if declared.is_some_and(|length| length > LONGEST_BODY as u64) {
        tracing::warn!(
            path = req.path(),
            ?declared,
            "refused a body too large to read"
        );
        let response = if api::is_api_path(req.path()) {
            ApiError::PayloadTooLarge {
                limit: LONGEST_BODY,
            }
            .error_response()
        } else {
            WebError::PayloadTooLarge {
                limit: LONGEST_BODY,
            }
            .error_response()
        };
        return Ok(req.into_response(response).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}
