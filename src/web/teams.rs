//! A team's own page for its captains (and its organisation's organisers), and captain invites.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use chrono::{Duration, Utc};
use serde::Deserialize;

use super::AppState;
use super::error::WebError;
use super::layout::{Layout, redirect, render, render_with_status};
use super::session::Viewer;
use crate::domain::authorisation::Permission;
use crate::domain::ids::TeamId;
use crate::domain::organisation::TeamContact;
use crate::store::{NewCaptainInvite, Organisation, Team};
use crate::token::SecretToken;

/// How long a captain invitation link works.
pub const INVITE_LIFETIME: Duration = Duration::days(7);

#[derive(Template)]
#[template(path = "teams/manage.html")]
struct TeamPage {
    layout: Layout,
    team: Team,
    organisation: Organisation,
    captains: Vec<String>,
    contact: String,
    error: Option<String>,
    may_invite: bool,
    fixtures: Vec<super::results::TeamFixtureLink>,
}

/// A team and its organisation, or 404.
async fn team_and_organisation(
    state: &AppState,
    id: i64,
) -> Result<(Team, Organisation), WebError> {
    let team = state
        .store
        .team(TeamId(id))
        .await?
        .ok_or(WebError::NotFound)?;
    let organisation = state
        .store
        .organisation(team.organisation_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("team {} has no organisation", team.id))?;
    Ok((team, organisation))
}

fn act_for(team: &Team) -> Permission {
    Permission::ActForTeam {
        team: team.id,
        organisation: team.organisation_id,
    }
}

async fn show(
    viewer: &Viewer,
    state: &AppState,
    (team, organisation): (Team, Organisation),
    status: StatusCode,
    contact: Option<String>,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let captains = state.store.captains_of(team.id).await?;
    let fixtures =
        super::results::team_fixture_links(state.store.as_ref(), &organisation, team.id).await?;
    let may_invite = viewer
        .require(Permission::Organise(organisation.id))
        .is_ok();
    render_with_status(
        status,
        &TeamPage {
            layout: viewer.layout(team.name.clone()),
            contact: contact.unwrap_or_else(|| team.contact.clone()),
            team,
            organisation,
            captains: captains.into_iter().map(|user| user.email).collect(),
            error,
            may_invite,
            fixtures,
        },
    )
}

#[get("/teams/{id}/manage")]
pub async fn team_page(
    viewer: Viewer,
    state: Data<AppState>,
    id: Path<i64>,
) -> Result<HttpResponse, WebError> {
    let (team, organisation) = team_and_organisation(&state, *id).await?;
    viewer.require(act_for(&team))?;
    show(
        &viewer,
        &state,
        (team, organisation),
        StatusCode::OK,
        None,
        None,
    )
    .await
}

#[derive(Deserialize)]
pub struct ContactForm {
    contact: String,
}

#[post("/teams/{id}/contact")]
pub async fn set_contact(
    viewer: Viewer,
    state: Data<AppState>,
    id: Path<i64>,
    form: Form<ContactForm>,
) -> Result<HttpResponse, WebError> {
    let (team, organisation) = team_and_organisation(&state, *id).await?;
    viewer.require(act_for(&team))?;
    let typed = form.into_inner().contact;
    match TeamContact::try_from(typed.as_str()) {
        Ok(contact) => {
            state.store.set_team_contact(team.id, &contact).await?;
            Ok(redirect(&format!("/teams/{}/manage", team.id)))
        }
        Err(error) => {
            show(
                &viewer,
                &state,
                (team, organisation),
                StatusCode::UNPROCESSABLE_ENTITY,
                Some(typed),
                Some(error.to_string()),
            )
            .await
        }
    }
}

#[derive(Template)]
#[template(path = "teams/invite_created.html")]
struct InviteCreatedPage {
    layout: Layout,
    team: Team,
    link: String,
    expires: String,
}

/// An organiser creates a link that makes whoever opens it a captain of the team.
#[post("/teams/{id}/invites")]
pub async fn invite_captain(
    req: HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    id: Path<i64>,
) -> Result<HttpResponse, WebError> {
    let (team, organisation) = team_and_organisation(&state, *id).await?;
    let organiser = viewer.require(Permission::Organise(organisation.id))?;
    let token = SecretToken::generate();
    let now = Utc::now();
    let invite = NewCaptainInvite {
        token: token.digest(),
        team: team.id,
        invited_by: organiser.user.id,
        created_at: now,
        expires_at: now + INVITE_LIFETIME,
    };
    state.store.create_captain_invite(&invite).await?;
    let connection = req.connection_info();
    let link = format!(
        "{}://{}/invites/{}",
        connection.scheme(),
        connection.host(),
        token.as_str()
    );
    render(&InviteCreatedPage {
        layout: viewer.layout(format!("Captain invitation for {}", team.name)),
        team,
        link,
        expires: invite
            .expires_at
            .format("%-d %B %Y at %H:%M UTC")
            .to_string(),
    })
}
