//! An organiser's page for their organisation: what waits for them, its teams and their
//! captains, and adding a team.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::{AppError, tasks, teams};
use crate::domain::organisation::DisplayName;
use crate::store::{Organisation, Team};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::organiser::lookup::organised;
use crate::web::organiser::results::{InboxCount, inbox_counts};
use crate::web::session::Viewer;

/// A team as the organiser's page lists it.
struct TeamSummary {
    team: Team,
    captains: Vec<String>,
}

#[derive(Template)]
#[template(path = "organiser/organisation.html")]
struct OrganisationPage {
    layout: Layout,
    organisation: Organisation,
    teams: Vec<TeamSummary>,
    /// What waits for the organisers, each count linking to its list.
    inbox: Vec<InboxCount>,
    team_name: String,
    error: Option<String>,
}

async fn show(
    viewer: &Viewer,
    state: &AppState,
    organisation: Organisation,
    status: StatusCode,
    team_name: String,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let mut teams = Vec::new();
    for team in state.store.teams_in(organisation.id).await? {
        let captains = state.store.captains_of(team.id).await?;
        teams.push(TeamSummary {
            team,
            captains: captains.into_iter().map(|user| user.email).collect(),
        });
    }
    let inbox = tasks::organiser_inbox(state.store.as_ref(), viewer.who(), &organisation)
        .await
        .map_err(|error| viewer.refused(error))?;
    render_with_status(
        status,
        &OrganisationPage {
            layout: viewer.layout(organisation.name.clone()),
            inbox: inbox_counts(&organisation.slug, &inbox),
            organisation,
            teams,
            team_name,
            error,
        },
    )
}

#[get("/organise/{slug}")]
pub async fn organisation_page(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, WebError> {
    let organisation = organised(&viewer, &state, &slug).await?;
    show(
        &viewer,
        &state,
        organisation,
        StatusCode::OK,
        String::new(),
        None,
    )
    .await
}

#[derive(Deserialize)]
pub struct NewTeamForm {
    name: String,
}

#[post("/organise/{slug}/teams")]
pub async fn create_team(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
    form: Form<NewTeamForm>,
) -> Result<HttpResponse, WebError> {
    let organisation = organised(&viewer, &state, &slug).await?;
    let typed = form.into_inner().name;
    let error = match DisplayName::try_from(typed.as_str()) {
        Ok(name) => match teams::create_team(state.store.as_ref(), viewer.who(), &slug, name).await
        {
            Ok(_) => return Ok(redirect(&format!("/organise/{}", organisation.slug))),
            Err(AppError::Conflict(conflict)) => conflict.to_string(),
            Err(error) => return Err(viewer.refused(error)),
        },
        Err(error) => error.to_string(),
    };
    show(
        &viewer,
        &state,
        organisation,
        StatusCode::UNPROCESSABLE_ENTITY,
        typed,
        Some(error),
    )
    .await
}
