//! Taking up a captain invitation, with an existing account or a new one.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::Utc;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::accounts::{self, NewAccount, UsableInvite};
use crate::store::{Organisation, Team};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::session::Viewer;

#[derive(Template)]
#[template(path = "account/invite.html")]
struct InvitePage {
    layout: Layout,
    team: Team,
    organisation: Organisation,
    token: String,
    email: String,
    error: Option<String>,
}

#[get("/invites/{token}")]
pub async fn invite_page(
    viewer: Viewer,
    state: Data<AppState>,
    token: Path<String>,
) -> Result<HttpResponse, WebError> {
    let UsableInvite {
        token,
        team,
        organisation,
    } = accounts::usable_invite(state.store.as_ref(), &token).await?;
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
    let invite = accounts::usable_invite(state.store.as_ref(), &token).await?;
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
    let UsableInvite {
        token,
        team,
        organisation,
    } = invite;
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
                    layout: viewer.layout(format!("Captain of {}", team.name)),
                    team,
                    organisation,
                    token: token.as_str().to_string(),
                    email: typed_email,
                    error: Some(error),
                },
            );
        }
        Err(error) => return Err(viewer.refused(error)),
    };
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
