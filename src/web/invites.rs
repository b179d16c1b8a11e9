//! Taking up a captain invitation, with an existing account or a new one.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::Utc;
use serde::Deserialize;

use super::AppState;
use super::error::WebError;
use super::layout::{Layout, redirect, render_with_status};
use super::session::Viewer;
use crate::domain::account::{EmailAddress, NewPassword};
use crate::store::{InviteAcceptor, NewUser, Organisation, StoreError, Team};
use crate::token::SecretToken;

const EXPIRED: &str = "This invitation has expired. Ask your league's organiser for a new link.";
const USED: &str = "This invitation has already been used. Ask your league's organiser for a new link if you still need one.";

#[derive(Template)]
#[template(path = "invites/invite.html")]
struct InvitePage {
    layout: Layout,
    team: Team,
    organisation: Organisation,
    token: String,
    email: String,
    error: Option<String>,
}

/// The invitation's team and organisation, or the reason it cannot be used.
async fn usable_invite(
    state: &AppState,
    token: &str,
) -> Result<(SecretToken, Team, Organisation), WebError> {
    let token = SecretToken::parse(token).ok_or(WebError::NotFound)?;
    let invite = state
        .store
        .captain_invite(&token.digest())
        .await?
        .ok_or(WebError::NotFound)?;
    if invite.accepted_at.is_some() {
        return Err(WebError::Gone(USED.to_string()));
    }
    if invite.expires_at <= Utc::now() {
        return Err(WebError::Gone(EXPIRED.to_string()));
    }
    let team = state
        .store
        .team(invite.team_id)
        .await?
        .ok_or(WebError::NotFound)?;
    let organisation = state
        .store
        .organisation(team.organisation_id)
        .await?
        .ok_or(WebError::NotFound)?;
    Ok((token, team, organisation))
}

#[get("/invites/{token}")]
pub async fn invite_page(
    viewer: Viewer,
    state: Data<AppState>,
    token: Path<String>,
) -> Result<HttpResponse, WebError> {
    let (token, team, organisation) = usable_invite(&state, &token).await?;
    render_with_status(
        StatusCode::OK,
        &InvitePage {
            layout: viewer.layout(format!("Captain of {}", team.name)),
            team,
            organisation,
            token: token.as_str().to_string(),
            email: String::new(),
            error: None,
        },
    )
}

/// Filled in only by someone without an account, who creates one as they accept.
#[derive(Deserialize)]
pub struct AcceptForm {
    email: Option<String>,
    password: Option<String>,
    confirm_password: Option<String>,
}

#[derive(Template)]
#[template(path = "invites/taken.html")]
struct TakenPage {
    layout: Layout,
    team: Team,
    email: String,
}

#[post("/invites/{token}")]
pub async fn accept(
    viewer: Viewer,
    state: Data<AppState>,
    token: Path<String>,
    form: Form<AcceptForm>,
) -> Result<HttpResponse, WebError> {
    let (token, team, organisation) = usable_invite(&state, &token).await?;
    let form = form.into_inner();
    let typed_email = form.email.clone().unwrap_or_default();
    let acceptor = match &viewer.signed_in {
        Some(signed_in) => InviteAcceptor::Existing(signed_in.user.id),
        None => match new_account(&state, form).await? {
            Ok(new_user) => InviteAcceptor::AccountOfAddress(new_user),
            Err(error) => {
                return render_with_status(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    &InvitePage {
                        layout: viewer.layout(format!("Captain of {}", team.name)),
                        team,
                        organisation,
                        token: token.as_str().to_string(),
                        email: typed_email,
                        error: Some(error),
                    },
                );
            }
        },
    };
    let user = match state
        .store
        .accept_captain_invite(&token.digest(), &acceptor, Utc::now())
        .await
    {
        Ok(user) => user,
        Err(StoreError::InviteExpired) => return Err(WebError::Gone(EXPIRED.to_string())),
        Err(StoreError::InviteUsed) => return Err(WebError::Gone(USED.to_string())),
        Err(StoreError::InviteNotFound) => return Err(WebError::NotFound),
        Err(error) => return Err(error.into()),
    };
    tracing::info!(user = %user.id, team = %team.id, "captain invitation accepted");
    if viewer.signed_in.is_some() {
        return Ok(redirect(&format!("/teams/{}/manage", team.id)));
    }
    // Whether the address had an account or has one now, the answer is the same, and the
    // person logs in with it: being logged in at once would tell that the account is new.
    render_with_status(
        StatusCode::OK,
        &TakenPage {
            layout: viewer.layout(format!("Captain of {}", team.name)),
            team,
            email: user.email,
        },
    )
}

/// The account a newcomer asked for, or what is wrong with the form. The password is hashed
/// whether or not the address turns out to have an account, so that the time taken tells
/// nothing either.
async fn new_account(
    state: &AppState,
    form: AcceptForm,
) -> Result<Result<NewUser, String>, WebError> {
    let email = match EmailAddress::try_from(form.email.unwrap_or_default().as_str()) {
        Ok(email) => email,
        Err(error) => return Ok(Err(error.to_string())),
    };
    let password = form.password.unwrap_or_default();
    if Some(&password) != form.confirm_password.as_ref() {
        return Ok(Err("The password and its confirmation differ.".to_string()));
    }
    let password = match NewPassword::for_account(password, &email) {
        Ok(password) => password,
        Err(error) => return Ok(Err(error.to_string())),
    };
    Ok(Ok(NewUser {
        email,
        password_hash: state.hashing.hash(password).await?,
        is_admin: false,
        created_at: Utc::now(),
    }))
}
