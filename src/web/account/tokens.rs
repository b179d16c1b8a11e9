//! A person's API tokens, on their account page: make one (its secret shown once, then only
//! its digest is kept) and revoke one. A token acts as its account in the JSON API.

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, CacheControl, CacheDirective};
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::Utc;
use serde::Deserialize;

use crate::app::accounts;
use crate::app::tokens::{self, NewToken};
use crate::domain::ids::ApiTokenId;
use crate::domain::organisation::DisplayName;
use crate::store::ApiToken;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect};
use crate::web::session::Viewer;

const TOKENS_PAGE: &str = "/account/tokens";

/// A token as the list shows it.
pub struct TokenLine {
    pub id: ApiTokenId,
    pub name: String,
    pub created: String,
    pub last_used: String,
    pub revoked: Option<String>,
    /// "Never", or when it stops working.
    pub expires: String,
    pub expired: bool,
    pub access: &'static str,
}

impl From<ApiToken> for TokenLine {
    fn from(token: ApiToken) -> Self {
        Self {
            id: token.id,
            name: token.name,
            created: when(token.created_at),
            last_used: token.last_used_at.map_or_else(|| "Never".to_string(), when),
            revoked: token.revoked_at.map(when),
            expires: token.expires_at.map_or_else(|| "Never".to_string(), when),
            expired: token.expires_at.is_some_and(|at| at <= Utc::now()),
            access: if token.read_only {
                "Read only"
            } else {
                "Read and change"
            },
        }
    }
}

/// How long a new token lasts: the choices the form offers, a year at most, or until revoked.
pub const LIFETIMES: [(&str, &str, Option<i64>); 4] = [
    ("30", "30 days", Some(30)),
    ("90", "90 days", Some(90)),
    ("365", "A year", Some(365)),
    ("never", "Until I revoke it", None),
];

use crate::web::dates::moment as when;

#[derive(Template)]
#[template(path = "account/tokens.html")]
struct TokensPage {
    layout: Layout,
    tokens: Vec<TokenLine>,
    /// The secret of the token just made: shown on this one answer and never again.
    new_token: Option<(String, String)>,
    name: String,
    error: Option<String>,
    lifetimes: [(&'static str, &'static str, Option<i64>); 4],
}

async fn show(
    viewer: &Viewer,
    state: &AppState,
    status: StatusCode,
    page: (Option<(String, String)>, String, Option<String>),
) -> Result<HttpResponse, WebError> {
    let (new_token, name, error) = page;
    let tokens = tokens::tokens(state.store.as_ref(), viewer.who())
        .await
        .map_err(|error| viewer.refused(error))?
        .into_iter()
        .map(TokenLine::from)
        .collect();
    let body = TokensPage {
        layout: viewer.layout("API tokens"),
        tokens,
        new_token,
        name,
        error,
        lifetimes: LIFETIMES,
    }
    .render()?;
    Ok(HttpResponse::build(status)
        .content_type(actix_web::http::header::ContentType::html())
        // The page may hold a secret: no cache keeps a copy.
        .insert_header((CACHE_CONTROL, CacheControl(vec![CacheDirective::NoStore])))
        .body(body))
}

#[get("/account/tokens")]
pub async fn tokens_page(viewer: Viewer, state: Data<AppState>) -> Result<HttpResponse, WebError> {
    show(&viewer, &state, StatusCode::OK, (None, String::new(), None)).await
}

#[derive(Deserialize)]
pub struct NewTokenForm {
    #[serde(default)]
    name: String,
    /// One of [`LIFETIMES`]; absent, the shortest.
    #[serde(default)]
    lifetime: String,
    /// "read" for a read-only token; anything else reads and changes.
    #[serde(default)]
    access: String,
}

#[post("/account/tokens")]
pub async fn create_token(
    viewer: Viewer,
    state: Data<AppState>,
    form: Form<NewTokenForm>,
) -> Result<HttpResponse, WebError> {
    // Only the signed-in are told what is wrong with the form.
    accounts::account(viewer.who()).map_err(|error| viewer.refused(error))?;
    let NewTokenForm {
        name: typed,
        lifetime,
        access,
    } = form.into_inner();
    let lifetime = match lifetime.as_str() {
        "" => Some(Some(30)),
        chosen => LIFETIMES
            .iter()
            .find(|(value, _, _)| *value == chosen)
            .map(|(_, _, days)| *days),
    };
    let Some(days) = lifetime else {
        return show(
            &viewer,
            &state,
            StatusCode::UNPROCESSABLE_ENTITY,
            (
                None,
                typed,
                Some("Choose how long the token lasts: 30 days, 90 days, a year, or until you revoke it.".to_string()),
            ),
        )
        .await;
    };
    let name = match DisplayName::try_from(typed.as_str()) {
        Ok(name) => name,
        Err(error) => {
            return show(
                &viewer,
                &state,
                StatusCode::UNPROCESSABLE_ENTITY,
                (None, typed, Some(error.to_string())),
            )
            .await;
        }
    };
    let NewToken { token, secret } = tokens::create_token(
        state.store.as_ref(),
        viewer.who(),
        name,
        days,
        access == "read",
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    show(
        &viewer,
        &state,
        StatusCode::CREATED,
        (
            Some((token.name, secret.as_str().to_string())),
            String::new(),
            None,
        ),
    )
    .await
}

#[post("/account/tokens/{id}/revoke")]
pub async fn revoke_token(
    viewer: Viewer,
    state: Data<AppState>,
    id: Path<i64>,
) -> Result<HttpResponse, WebError> {
    tokens::revoke_token(
        state.store.as_ref(),
        viewer.who(),
        ApiTokenId(id.into_inner()),
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    Ok(redirect(TOKENS_PAGE))
}
