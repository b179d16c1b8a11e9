//! Who is calling the API: the account behind the request's bearer token, if any. Cookies are
//! never read here, so a browser's session can neither read nor write through the API, and
//! a page elsewhere cannot make a signed-in browser act through it.

use actix_web::http::{Method, header};
use actix_web::web::Data;
use actix_web::{FromRequest, HttpRequest, dev::Payload};
use futures_util::future::LocalBoxFuture;

use super::error::{ApiError, BAD_TOKEN};
use crate::app::tokens::{self, TokenRefusal};
use crate::app::{Actor, Who};
use crate::token::SecretToken;
use crate::web::AppState;

/// The caller of an API endpoint. A request without an `Authorization` header is anonymous
/// and may read what the public pages show; one with a header that is not a live token is
/// refused with 401 whatever it asks, so a script learns at once that its token is wrong.
pub struct ApiCaller {
    pub signed_in: Option<Actor>,
}

/// Whether a request only reads: what a read-only token may send.
fn only_reads(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD)
}

impl ApiCaller {
    /// Who is calling, for a use case.
    pub fn who(&self) -> Who<'_> {
        self.signed_in.as_ref()
    }
}

/// The token of an `Authorization: Bearer TOKEN` header; `Err` for any other header.
fn bearer_token(value: &header::HeaderValue) -> Result<SecretToken, ApiError> {
    let text = value
        .to_str()
        .map_err(|_| ApiError::Unauthenticated(BAD_TOKEN))?;
    let (scheme, token) = text
        .trim()
        .split_once(' ')
        .ok_or(ApiError::Unauthenticated(BAD_TOKEN))?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(ApiError::Unauthenticated(BAD_TOKEN));
    }
    SecretToken::parse(token.trim()).ok_or(ApiError::Unauthenticated(BAD_TOKEN))
}

/// Whether the request carries a bearer token, well-formed or not: the CSRF middleware lets
/// such API requests through, as they are not a browser's.
pub fn has_bearer_header(headers: &header::HeaderMap) -> bool {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|text| text.trim().split_once(' '))
        .is_some_and(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
}

impl FromRequest for ApiCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<Data<AppState>>().cloned();
        let token = req.headers().get(header::AUTHORIZATION).map(bearer_token);
        let reads = only_reads(req.method());
        Box::pin(async move {
            let state = state.ok_or_else(|| anyhow::anyhow!("no application state"))?;
            let token = match token {
                None => return Ok(Self { signed_in: None }),
                Some(token) => token?,
            };
            match tokens::token_actor(state.store.as_ref(), &token, reads).await? {
                Ok(actor) => Ok(Self {
                    signed_in: Some(actor),
                }),
                Err(TokenRefusal::NotLive) => Err(ApiError::Unauthenticated(BAD_TOKEN)),
                Err(TokenRefusal::ReadOnly) => Err(ApiError::ReadOnlyToken),
            }
        })
    }
}
