//! Site administration: creating organisations and appointing their first organiser.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::Utc;
use serde::Deserialize;

use super::AppState;
use super::error::WebError;
use super::layout::{Layout, redirect, render, render_with_status};
use super::session::Viewer;
use crate::domain::account::EmailAddress;
use crate::domain::authorisation::Permission;
use crate::domain::organisation::{DisplayName, Slug};
use crate::store::{NewOrganisation, Organisation, StoreError};

#[derive(Template)]
#[template(path = "admin/organisations.html")]
struct OrganisationsPage {
    layout: Layout,
    organisations: Vec<Organisation>,
    form: OrganisationForm,
    errors: Vec<String>,
}

#[derive(Deserialize, Default)]
pub struct OrganisationForm {
    name: String,
    slug: String,
    organiser_email: String,
}

#[get("/admin")]
pub async fn organisations_page(
    viewer: Viewer,
    state: Data<AppState>,
) -> Result<HttpResponse, WebError> {
    viewer.require(Permission::AdministerSite)?;
    render(&OrganisationsPage {
        layout: viewer.layout("Site administration"),
        organisations: state.store.organisations().await?,
        form: OrganisationForm::default(),
        errors: Vec::new(),
    })
}

#[post("/admin/organisations")]
pub async fn create_organisation(
    viewer: Viewer,
    state: Data<AppState>,
    form: Form<OrganisationForm>,
) -> Result<HttpResponse, WebError> {
    viewer.require(Permission::AdministerSite)?;
    let form = form.into_inner();
    let name = DisplayName::try_from(form.name.as_str());
    let slug = Slug::try_from(form.slug.as_str());
    let organiser = EmailAddress::try_from(form.organiser_email.as_str());
    let errors = match (&name, &slug, &organiser) {
        (Ok(name), Ok(slug), Ok(organiser)) => {
            let organisation = NewOrganisation {
                slug: slug.clone(),
                name: name.clone(),
                created_at: Utc::now(),
            };
            match state
                .store
                .create_organisation(&organisation, organiser)
                .await
            {
                Ok(created) => return Ok(redirect(&format!("/organise/{}", created.slug))),
                Err(StoreError::SlugTaken) => {
                    vec!["Another organisation already has that short name.".to_string()]
                }
                Err(StoreError::NoSuchAccount) => vec![format!(
                    "No account has the email address {organiser}. Create the account first."
                )],
                Err(error) => return Err(error.into()),
            }
        }
        _ => [
            name.err().map(|e| e.to_string()),
            slug.err().map(|e| e.to_string()),
            organiser.err().map(|e| e.to_string()),
        ]
        .into_iter()
        .flatten()
        .collect(),
    };
    render_with_status(
        StatusCode::UNPROCESSABLE_ENTITY,
        &OrganisationsPage {
            layout: viewer.layout("Site administration"),
            organisations: state.store.organisations().await?,
            form,
            errors,
        },
    )
}
