//! The NUL character (U+0000) is no part of any text a person writes, and PostgreSQL's text
//! refuses it, so it is refused here, once, before any handler reads the request: in the
//! address (a slug, an id, a page number: nothing is there, 404) or in a form's field (422).
//! A JSON body's strings are checked as the API reads them (`api::input::read_as`), which
//! names the field.

use actix_web::ResponseError;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::Bytes;

use super::api;
use super::api::error::ApiError;
use super::csrf::bytes_to_payload;
use super::error::WebError;

/// What a form's 422 says.
pub const IN_A_FORM: &str = "A field of the form holds a NUL character (U+0000), which no text here may hold, so nothing was changed. Remove it and send the form again.";

/// Whether percent-encoded `text` (an address, or a form body) holds a NUL character.
fn holds_nul(text: &[u8]) -> bool {
    text.contains(&0)
        || text
            .windows(3)
            .any(|window| window[0] == b'%' && window[1] == b'0' && window[2] == b'0')
}

pub async fn refuse(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if holds_nul(req.path().as_bytes()) || holds_nul(req.query_string().as_bytes()) {
        let response = if api::is_api_path(req.path()) {
            ApiError::NotFound("There is nothing at this address.".to_string()).error_response()
        } else {
            WebError::NotFound.error_response()
        };
        return Ok(req.into_response(response).map_into_right_body());
    }
    let is_form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|kind| kind.starts_with("application/x-www-form-urlencoded"));
    if is_form {
        let body = match req.extract::<Bytes>().await {
            Ok(body) => body,
            Err(error) => {
                let response = error.error_response();
                return Ok(req.into_response(response).map_into_right_body());
            }
        };
        if holds_nul(&body) {
            let response = WebError::Unprocessable(IN_A_FORM.to_string()).error_response();
            return Ok(req.into_response(response).map_into_right_body());
        }
        // The handler reads the body again.
        req.set_payload(bytes_to_payload(body));
    }
    Ok(next.call(req).await?.map_into_left_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_is_found_encoded_or_raw() {
        assert!(holds_nul(b"/leagues/%00"));
        assert!(holds_nul(b"name=a%00b"));
        assert!(holds_nul(b"name=a\0b"));
        assert!(!holds_nul(b"/leagues/north-devon"));
        // An encoded percent sign followed by zeros is text, not a NUL.
        assert!(!holds_nul(b"name=100%2500"));
    }
}
