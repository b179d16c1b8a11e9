//! An organiser's pages for one of their teams: its pub (name, address and the night it
//! prefers), its captains (an organiser may remove one) and contact details, and its name.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::{AppError, captaincy, removals, renames, teams};
use crate::domain::ids::{TeamId, UserId};
use crate::domain::organisation::DisplayName;
use crate::store::{Organisation, Team};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::forms::{FieldErrors, NightChoice, PubForm};
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::organiser::lookup::{organised, team_of};
use crate::web::session::Viewer;

#[derive(Template)]
#[template(path = "organiser/team.html")]
struct TeamPage {
    layout: Layout,
    organisation: Organisation,
    team: Team,
    captains: Vec<crate::store::User>,
    /// The rename form: as typed, and why it was refused.
    new_name: String,
    name_error: Option<String>,
    pub_action: String,
    form: PubForm,
    nights: Vec<NightChoice>,
    errors: FieldErrors,
}

/// The rename form as typed, and why it was refused.
#[derive(Default)]
pub(crate) struct Rename {
    pub typed: Option<String>,
    pub error: Option<String>,
}

pub(crate) async fn show_team(
    viewer: &Viewer,
    state: &AppState,
    page: (Organisation, Team),
    status: StatusCode,
    (form, errors): (PubForm, FieldErrors),
    rename: Rename,
) -> Result<HttpResponse, WebError> {
    let (organisation, team) = page;
    let captains = state.store.captains_of(team.id).await?;
    let nights = form.nights();
    render_with_status(
        status,
        &TeamPage {
            layout: viewer.layout(team.name.clone()),
            pub_action: format!("/organise/{}/teams/{}/pub", organisation.slug, team.id),
            new_name: rename.typed.unwrap_or_else(|| team.name.clone()),
            name_error: rename.error,
            organisation,
            team,
            captains,
            form,
            nights,
            errors,
        },
    )
}

#[get("/organise/{slug}/teams/{id}")]
pub async fn team_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    let team = team_of(&state, &organisation, TeamId(id)).await?;
    let venue = state.store.team_venue(team.id).await?;
    show_team(
        &viewer,
        &state,
        (organisation, team),
        StatusCode::OK,
        (PubForm::of(venue.as_ref()), FieldErrors::default()),
        Rename::default(),
    )
    .await
}

#[post("/organise/{slug}/teams/{id}/pub")]
pub async fn set_pub(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<PubForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    let team = team_of(&state, &organisation, TeamId(id)).await?;
    let form = form.into_inner();
    match form.venue() {
        Ok(venue) => {
            teams::set_venue(
                state.store.as_ref(),
                viewer.who(),
                &slug,
                team.id,
                venue.as_ref(),
            )
            .await
            .map_err(|error| viewer.refused(error))?;
            Ok(redirect(&format!(
                "/organise/{}/teams/{}",
                organisation.slug, team.id
            )))
        }
        Err(errors) => {
            show_team(
                &viewer,
                &state,
                (organisation, team),
                StatusCode::UNPROCESSABLE_ENTITY,
                (form, errors),
                Rename::default(),
            )
            .await
        }
    }
}

#[derive(Deserialize)]
pub struct NameForm {
    #[serde(default)]
    name: String,
}

#[post("/organise/{slug}/teams/{id}/name")]
pub async fn rename_team(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<NameForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    let team = team_of(&state, &organisation, TeamId(id)).await?;
    let typed = form.into_inner().name;
    let refusal = match DisplayName::try_from(typed.as_str()) {
        Err(error) => error.to_string(),
        Ok(name) => {
            match renames::rename_team(state.store.as_ref(), viewer.who(), &slug, team.id, &name)
                .await
            {
                Ok((organisation, team)) => {
                    return Ok(redirect(&format!(
                        "/organise/{}/teams/{}",
                        organisation.slug, team.id
                    )));
                }
                Err(AppError::Conflict(conflict)) => conflict.to_string(),
                Err(error) => return Err(viewer.refused(error)),
            }
        }
    };
    let venue = state.store.team_venue(team.id).await?;
    show_team(
        &viewer,
        &state,
        (organisation, team),
        StatusCode::UNPROCESSABLE_ENTITY,
        (PubForm::of(venue.as_ref()), FieldErrors::default()),
        Rename {
            typed: Some(typed),
            error: Some(refusal),
        },
    )
    .await
}

#[post("/organise/{slug}/teams/{id}/captains/{user}/remove")]
pub async fn remove_captain(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, user) = path.into_inner();
    let (organisation, team) = captaincy::remove_captain(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        TeamId(id),
        UserId(user),
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    Ok(redirect(&format!(
        "/organise/{}/teams/{}",
        organisation.slug, team.id
    )))
}

/// Removes a team without results; one with results is refused on an error page saying why.
#[post("/organise/{slug}/teams/{id}/delete")]
pub async fn remove_team(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let (organisation, _) =
        removals::remove_team(state.store.as_ref(), viewer.who(), &slug, TeamId(id))
            .await
            .map_err(|error| viewer.refused(error))?;
    Ok(redirect(&format!("/organise/{}", organisation.slug)))
}
