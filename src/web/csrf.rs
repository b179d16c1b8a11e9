//! Cross-site request forgery protection, as middleware so that no POST can forget it.
//!
//! Each browser's token is the server key's signature of the browser's session cookie, or,
//! before it has one, of a random nonce kept in its own cookie. Every POST must carry the token
//! in its `csrf_token` form field (or an `X-CSRF-Token` header); one that does not is answered
//! 403 before any handler runs, so it changes nothing. Because logging in issues a new session
//! cookie, the token changes with the session.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web::{Bytes, Data};
use actix_web::{HttpMessage, ResponseError};

use super::AppState;
use super::api;
use super::error::WebError;
use super::http_methods::is_routed;
use super::session::SESSION_COOKIE;
use crate::token::SecretToken;

pub const NONCE_COOKIE: &str = "fives_csrf";
pub const FORM_FIELD: &str = "csrf_token";
pub const HEADER: &str = "x-csrf-token";
const PURPOSE: &str = "csrf";

/// The token that this request's forms must carry, for templates to render.
#[derive(Debug, Clone)]
pub struct CsrfToken(pub String);

pub async fn protect(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let state = req
        .app_data::<Data<AppState>>()
        .expect("the application state is registered")
        .clone();
    let session = req.cookie(SESSION_COOKIE).map(|c| c.value().to_string());
    // The JSON API reads no cookie (a bearer token says who is calling), so a forged request
    // gains nothing from the browser's; only an API request that carries the session cookie
    // and no token is still checked, so a browser session is never the only credential of a
    // write, even by mistake.
    if api::is_api_path(req.path())
        && (session.is_none() || api::auth::has_bearer_header(req.headers()))
    {
        return Ok(next.call(req).await?.map_into_left_body());
    }
    let nonce = req.cookie(NONCE_COOKIE).map(|c| c.value().to_string());
    let (binding, new_nonce) = match (session, nonce) {
        (Some(session), _) => (session, None),
        (None, Some(nonce)) => (nonce, None),
        (None, None) => {
            let nonce = SecretToken::generate().as_str().to_string();
            (nonce.clone(), Some(nonce))
        }
    };

    // A method no route takes at this address runs no handler (it is answered 404 or 405),
    // so there is nothing to protect.
    if !is_safe(req.method()) && is_routed(req.method(), req.path()) {
        let body = match req.extract::<Bytes>().await {
            Ok(body) => body,
            // Answered here, so that the layers around see an answer, not an error.
            Err(error) => {
                let response = error.error_response();
                return Ok(req.into_response(response).map_into_right_body());
            }
        };
        let presented = match presented_token(&req, &body) {
            Some(token) => Some(token),
            None => multipart_token(req.headers(), body.clone()).await,
        };
        let valid = presented
            .as_deref()
            .is_some_and(|token| state.key.verify(PURPOSE, &binding, token));
        if !valid {
            tracing::warn!(
                path = req.path(),
                "refused a request without a valid CSRF token"
            );
            // An API request gets the API's answer to a change without a token, in JSON.
            let response = if api::is_api_path(req.path()) {
                api::error::ApiError::Unauthenticated(api::error::NO_TOKEN).error_response()
            } else {
                WebError::BadCsrfToken.error_response()
            };
            return Ok(req.into_response(response).map_into_right_body());
        }
        // The handler reads the body again.
        req.set_payload(bytes_to_payload(body));
    }

    req.extensions_mut()
        .insert(CsrfToken(state.key.sign(PURPOSE, &binding)));
    let secure = req.connection_info().scheme() == "https";
    let mut response = next.call(req).await?;
    if let Some(nonce) = new_nonce {
        let cookie = Cookie::build(NONCE_COOKIE, nonce)
            .path("/")
            .http_only(true)
            .secure(secure)
            .same_site(SameSite::Lax)
            .max_age(Duration::days(30))
            .finish();
        response.response_mut().add_cookie(&cookie)?;
    }
    Ok(response.map_into_left_body())
}

fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

fn presented_token(req: &ServiceRequest, body: &Bytes) -> Option<String> {
    if let Some(header) = req.headers().get(HEADER) {
        return header.to_str().ok().map(str::to_string);
    }
    serde_urlencoded::from_bytes::<Vec<(String, String)>>(body)
        .ok()?
        .into_iter()
        .find(|(name, _)| name == FORM_FIELD)
        .map(|(_, value)| value)
}

/// The token of a form sent as `multipart/form-data` (one that uploads a file), from its
/// field; `None` for any other body.
async fn multipart_token(
    headers: &actix_web::http::header::HeaderMap,
    body: Bytes,
) -> Option<String> {
    use futures_util::StreamExt;
    let is_multipart = headers
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("multipart/form-data"));
    if !is_multipart {
        return None;
    }
    let body =
        futures_util::stream::once(async move { Ok::<_, actix_web::error::PayloadError>(body) });
    let mut form = actix_multipart::Multipart::new(headers, body);
    while let Some(Ok(mut field)) = form.next().await {
        if field.name() != Some(FORM_FIELD) {
            continue;
        }
        let mut value = Vec::new();
        while let Some(Ok(chunk)) = field.next().await {
            value.extend_from_slice(&chunk);
            // A token is short; a field this long is not one.
            if value.len() > 1024 {
                return None;
            }
        }
        return String::from_utf8(value).ok();
    }
    None
}

/// `body`, read already, as the request's payload again, for the handler to read.
pub(super) fn bytes_to_payload(body: Bytes) -> Payload {
    let (_, mut payload) = actix_http::h1::Payload::create(true);
    payload.unread_data(body);
    Payload::from(payload)
}
