//! A team's own page for its captains (and its organisation's organisers), and captain invites.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::teams::{self, Invitation, ManagedTeam};
use crate::domain::ids::TeamId;
use crate::domain::organisation::TeamContact;
use crate::store::{Organisation, Team};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::forms::{FieldErrors, NightChoice, PubForm};
use crate::web::layout::{Layout, redirect, render, render_with_status};
use crate::web::session::Viewer;

#[derive(Template)]
#[template(path = "captain/team.html")]
struct TeamPage {
    layout: Layout,
    team: Team,
    organisation: Organisation,
    captains: Vec<String>,
    contact: String,
    error: Option<String>,
    may_invite: bool,
    fixtures: Vec<crate::web::captain::results::TeamFixtureLink>,
    pub_action: String,
    form: PubForm,
    nights: Vec<NightChoice>,
    errors: FieldErrors,
}

/// What the captain typed into one of the page's forms, and what was wrong with it.
#[derive(Default)]
struct Typed {
    contact: Option<String>,
    contact_error: Option<String>,
    venue: Option<(PubForm, FieldErrors)>,
}

async fn show(
    viewer: &Viewer,
    state: &AppState,
    managed: ManagedTeam,
    status: StatusCode,
    typed: Typed,
) -> Result<HttpResponse, WebError> {
    let ManagedTeam {
        team,
        organisation,
        captains,
        venue,
        may_invite,
    } = managed;
    let fixtures = crate::web::captain::results::team_fixture_links(
        state.store.as_ref(),
        &organisation,
        team.id,
    )
    .await?;
    let (form, errors) = typed
        .venue
        .unwrap_or_else(|| (PubForm::of(venue.as_ref()), FieldErrors::default()));
    render_with_status(
        status,
        &TeamPage {
            layout: viewer.layout(team.name.clone()),
            contact: typed.contact.unwrap_or_else(|| team.contact.clone()),
            pub_action: format!("/teams/{}/pub", team.id),
            nights: form.nights(),
            form,
            errors,
            team,
            organisation,
            captains,
            error: typed.contact_error,
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
    let managed = teams::managed_team(state.store.as_ref(), viewer.who(), TeamId(*id))
        .await
        .map_err(|error| viewer.refused(error))?;
    show(&viewer, &state, managed, StatusCode::OK, Typed::default()).await
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
    let store = state.store.as_ref();
    // Only those who act for the team are told what is wrong with the form.
    let managed = teams::managed_team(store, viewer.who(), TeamId(*id))
        .await
        .map_err(|error| viewer.refused(error))?;
    let typed = form.into_inner().contact;
    match TeamContact::try_from(typed.as_str()) {
        Ok(contact) => {
            let team = teams::set_contact(store, viewer.who(), TeamId(*id), &contact)
                .await
                .map_err(|error| viewer.refused(error))?;
            Ok(redirect(&format!("/teams/{}/manage", team.id)))
        }
        Err(error) => {
            show(
                &viewer,
                &state,
                managed,
                StatusCode::UNPROCESSABLE_ENTITY,
                Typed {
                    contact: Some(typed),
                    contact_error: Some(error.to_string()),
                    venue: None,
                },
            )
            .await
        }
    }
}

/// A captain (or an organiser) sets the team's pub, or takes it away.
#[post("/teams/{id}/pub")]
pub async fn set_pub(
    viewer: Viewer,
    state: Data<AppState>,
    id: Path<i64>,
    form: Form<PubForm>,
) -> Result<HttpResponse, WebError> {
    let store = state.store.as_ref();
    // Only those who act for the team are told what is wrong with the form.
    let managed = teams::managed_team(store, viewer.who(), TeamId(*id))
        .await
        .map_err(|error| viewer.refused(error))?;
    let form = form.into_inner();
    match form.venue() {
        Ok(venue) => {
            let slug = managed.organisation.slug.clone();
            teams::set_venue(store, viewer.who(), &slug, managed.team.id, venue.as_ref())
                .await
                .map_err(|error| viewer.refused(error))?;
            Ok(redirect(&format!("/teams/{}/manage", managed.team.id)))
        }
        Err(errors) => {
            let typed = Typed {
                venue: Some((form, errors)),
                ..Typed::default()
            };
            show(
                &viewer,
                &state,
                managed,
                StatusCode::UNPROCESSABLE_ENTITY,
                typed,
            )
            .await
        }
    }
}

#[derive(Template)]
#[template(path = "captain/invite_created.html")]
struct InviteCreatedPage {
    layout: Layout,
    team: Team,
    link: String,
    expires: String,
    mailed_to: Option<String>,
    held_back_for: Option<String>,
}

/// The new captain's address, when the link is to be mailed to them.
#[derive(Deserialize)]
pub struct InviteForm {
    #[serde(default)]
    email: String,
}

/// An organiser creates a link that makes whoever opens it a captain of the team.
#[post("/teams/{id}/invites")]
pub async fn invite_captain(
    req: HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    id: Path<i64>,
    form: Form<InviteForm>,
) -> Result<HttpResponse, WebError> {
    let Invitation {
        team,
        token,
        expires_at,
        mail,
    } = teams::invite_captain(
        state.store.as_ref(),
        state.mail.as_ref(),
        viewer.who(),
        TeamId(*id),
        &form.email,
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    let link = crate::web::link_as_reached(&req, &format!("/invites/{}", token.as_str()));
    render(&InviteCreatedPage {
        layout: viewer.layout(format!("Captain invitation for {}", team.name)),
        team,
        link,
        expires: crate::web::dates::moment(expires_at),
        mailed_to: mail.sent_to().map(|email| email.as_str().to_string()),
        held_back_for: mail.held_back_for().map(|email| email.as_str().to_string()),
    })
}
