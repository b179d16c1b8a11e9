//! Taking up an organiser invitation, with an existing account or a new one, on the pages
//! every invitation shares (`invites`).

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use chrono::Utc;

use crate::app::organisers::{self, UsableOrganiserInvite};
use crate::web::AppState;
use crate::web::account::invites::{AcceptForm, Invitation, accepted_page, invitation_page};
use crate::web::error::WebError;
use crate::web::session::Viewer;

fn organiser_invitation(invite: &UsableOrganiserInvite) -> Invitation {
    let organisation = &invite.organisation;
    Invitation {
        title: format!("Organiser of {}", organisation.name),
        offer: format!(
            "You are invited to be an organiser of {}: its competitions, teams, fixtures and results.",
            organisation.name
        ),
        part: "an organiser",
        of: organisation.name.clone(),
        path: format!("/organiser-invites/{}", invite.token.as_str()),
        home: format!("/organise/{}", organisation.slug),
        purpose: "run the league",
    }
}

#[get("/organiser-invites/{token}")]
pub async fn invite_page(
    viewer: Viewer,
    state: Data<AppState>,
    token: Path<String>,
) -> Result<HttpResponse, WebError> {
    let invite = organisers::usable_organiser_invite(state.store.as_ref(), &token)
        .await
        .map_err(|error| viewer.refused(error))?;
    invitation_page(&viewer, organiser_invitation(&invite))
}

#[post("/organiser-invites/{token}")]
pub async fn accept(
    viewer: Viewer,
    state: Data<AppState>,
    token: Path<String>,
    form: Form<AcceptForm>,
) -> Result<HttpResponse, WebError> {
    let invite = organisers::usable_organiser_invite(state.store.as_ref(), &token)
        .await
        .map_err(|error| viewer.refused(error))?;
    let (typed_email, newcomer) = form.into_inner().newcomer();
    let accepted = organisers::accept_organiser_invite(
        state.store.as_ref(),
        &state.hashing,
        viewer.who(),
        &invite,
        newcomer,
        Utc::now(),
    )
    .await;
    accepted_page(
        &viewer,
        organiser_invitation(&invite),
        accepted,
        typed_email,
    )
}
