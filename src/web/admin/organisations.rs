//! Site administration: creating organisations and appointing their first organiser.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::admin::{self, OrganisationTyped};
use crate::store::Organisation;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::forms::refusal_messages;
use crate::web::layout::{Layout, redirect, render, render_with_status};
use crate::web::session::Viewer;

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
    let organisations = admin::organisations(state.store.as_ref(), viewer.who())
        .await
        .map_err(|error| viewer.refused(error))?;
    render(&OrganisationsPage {
        layout: viewer.layout("Site administration"),
        organisations,
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
    // Only an admin is told what is wrong with the form.
    admin::organisations(state.store.as_ref(), viewer.who())
        .await
        .map_err(|error| viewer.refused(error))?;
    let form = form.into_inner();
    let typed = OrganisationTyped {
        name: &form.name,
        slug: &form.slug,
        organiser_email: &form.organiser_email,
    };
    let errors = match admin::create_organisation(state.store.as_ref(), viewer.who(), typed).await {
        Ok(created) => return Ok(redirect(&format!("/organise/{}", created.slug))),
        Err(error) => refusal_messages(&viewer, error)?,
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
