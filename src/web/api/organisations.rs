//! The organisation an address names, and who the caller's token belongs to.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use serde::Serialize;
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::error::{ApiError, ErrorBody};
use crate::app::{accounts, lookup};
use crate::store::Organisation;
use crate::web::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct OrganisationView {
    pub id: i64,
    /// The short name in its addresses, such as `north-devon`.
    pub slug: String,
    pub name: String,
}

impl From<Organisation> for OrganisationView {
    fn from(organisation: Organisation) -> Self {
        Self {
            id: organisation.id.0,
            slug: organisation.slug,
            name: organisation.name,
        }
    }
}

/// The account a token belongs to and what it may act as.
#[derive(Debug, Serialize, ToSchema)]
pub struct MeView {
    pub email: String,
    pub site_admin: bool,
    /// The organisations the account runs.
    pub organiser_of: Vec<OrganisationView>,
    /// The ids of the teams the account captains.
    pub captain_of: Vec<i64>,
}

#[utoipa::path(
    tag = "account",
    description = "The account the token belongs to, and the organisations and teams it may act for.",
    responses(
        (status = 200, body = MeView),
        (status = 401, description = "No token, or not a live one", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[get("/api/v1/me")]
pub async fn me(caller: ApiCaller, state: Data<AppState>) -> Result<HttpResponse, ApiError> {
    let signed_in = accounts::account(caller.who())?;
    let organisations = state
        .store
        .organisations_organised_by(signed_in.user.id)
        .await?;
    Ok(HttpResponse::Ok().json(MeView {
        email: signed_in.user.email.clone(),
        site_admin: signed_in.roles.site_admin,
        organiser_of: organisations
            .into_iter()
            .map(OrganisationView::from)
            .collect(),
        captain_of: signed_in
            .roles
            .captain_of
            .iter()
            .map(|team| team.0)
            .collect(),
    }))
}

#[utoipa::path(
    tag = "organisations",
    description = "An organisation, as its public page shows it.",
    responses(
        (status = 200, body = OrganisationView),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}")]
pub async fn get_organisation(
    _caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, ApiError> {
    let organisation = lookup::organisation(state.store.as_ref(), &slug).await?;
    Ok(HttpResponse::Ok().json(OrganisationView::from(organisation)))
}
