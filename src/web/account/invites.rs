//! Taking up a captain invitation, with an existing account or a new one; and the pages every
//! invitation shares (an organiser's too, `organiser_invites`), which differ only in the part
//! they offer.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::Utc;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::accounts::{self, NewAccount, UsableInvite};
use crate::store::User;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::session::Viewer;

/// What an invitation's pages say: the part it offers, of what, and where.
pub struct Invitation {
    /// The pages' title and heading, such as "Captain of The Anchor".
    pub title: String,
    /// The sentence that invites.
    pub offer: String,
    /// The part the invitation gives, such as "a captain".
    pub part: &'static str,
    /// What it is a part of, such as the team's name.
    pub of: String,
    /// The link's path, where its form posts.
    pub path: String,
    /// Where the new captain or organiser acts, and what they do there.
    pub home: String,
    pub purpose: &'static str,
}

fn captain_invitation(invite: &UsableInvite) -> Invitation {
    Invitation {
        title: format!("Captain of {}", invite.team.name),
        offer: format!(
            "You are invited to be a captain of {} in {}.",
            invite.team.name, invite.organisation.name
        ),
        part: "a captain",
        of: invite.team.name.clone(),
        path: format!("/invites/{}", invite.token.as_str()),
        home: format!("/teams/{}/manage", invite.team.id),
        purpose: "look after the team",
    }
}

#[derive(Template)]
#[template(path = "account/invite.html")]
struct InvitePage {
    layout: Layout,
    invitation: Invitation,
    email: String,
    error: Option<String>,
}

/// The invitation's page: who may take it up, as they are or with a new account.
pub fn invitation_page(viewer: &Viewer, invitation: Invitation) -> Result<HttpResponse, WebError> {
    render_with_status(
        StatusCode::OK,
        &InvitePage {
            layout: viewer.layout(invitation.title.clone()),
            invitation,
            email: String::new(),
            error: None,
        },
    )
}

#[get("/invites/{token}")]
pub async fn invite_page(
    viewer: Viewer,
    state: Data<AppState>,
    token: Path<String>,
) -> Result<HttpResponse, WebError> {
    let invite = accounts::usable_invite(state.store.as_ref(), &token)
        .await
        .map_err(|error| viewer.refused(error))?;
    invitation_page(&viewer, captain_invitation(&invite))
}

/// Filled in only by someone without an account, who creates one as they accept.
#[derive(Deserialize)]
pub struct AcceptForm {
    email: Option<String>,
    password: Option<String>,
    confirm_password: Option<String>,
}

impl AcceptForm {
    /// The address as typed (to show again), and the newcomer's account as the use case
    /// takes it.
    pub fn newcomer(self) -> (String, NewAccount) {
        let typed_email = self.email.unwrap_or_default();
        let newcomer = NewAccount {
            email: typed_email.clone(),
            password: self.password.unwrap_or_default(),
            confirmation: self.confirm_password.unwrap_or_default(),
        };
        (typed_email, newcomer)
    }
}

#[derive(Template)]
#[template(path = "account/invite_taken.html")]
struct TakenPage {
    layout: Layout,
    invitation: Invitation,
    email: String,
}

/// The answer to taking up an invitation: its page again with what was wrong with the new
/// account; the new part's pages for someone signed in; for a newcomer, a page asking them to
/// log in.
pub fn accepted_page(
    viewer: &Viewer,
    invitation: Invitation,
    accepted: Result<User, AppError>,
    typed_email: String,
) -> Result<HttpResponse, WebError> {
    let user = match accepted {
        Ok(user) => user,
        Err(AppError::Invalid(problems)) => {
            let error = problems
                .into_iter()
                .map(|problem| problem.message)
                .collect::<Vec<_>>()
                .join(" ");
            return render_with_status(
                StatusCode::UNPROCESSABLE_ENTITY,
                &InvitePage {
                    layout: viewer.layout(invitation.title.clone()),
                    invitation,
                    email: typed_email,
                    error: Some(error),
                },
            );
        }
        Err(error) => return Err(viewer.refused(error)),
    };
    if viewer.signed_in.is_some() {
        return Ok(redirect(&invitation.home));
    }
    // Whether the address had an account or has one now, the answer is the same, and the
    // person logs in with it: being logged in at once would tell that the account is new.
    render_with_status(
        StatusCode::OK,
        &TakenPage {
            layout: viewer.layout(invitation.title.clone()),
            invitation,
            email: user.email,
        },
    )
}

#[post("/invites/{token}")]
pub async fn accept(
    viewer: Viewer,
    state: Data<AppState>,
    token: Path<String>,
    form: Form<AcceptForm>,
) -> Result<HttpResponse, WebError> {
    let invite = accounts::usable_invite(state.store.as_ref(), &token)
        .await
        .map_err(|error| viewer.refused(error))?;
    let (typed_email, newcomer) = form.into_inner().newcomer();
    let accepted = accounts::accept_invite(
        state.store.as_ref(),
        &state.hashing,
        viewer.who(),
        &invite,
        newcomer,
        Utc::now(),
    )
    .await;
    accepted_page(&viewer, captain_invitation(&invite), accepted, typed_email)
}
