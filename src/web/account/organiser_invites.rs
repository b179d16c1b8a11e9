//! Taking up an organiser invitation, with an existing account or a new one.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::Utc;

use crate::app::AppError;
use crate::app::organisers::{self, UsableOrganiserInvite};
use crate::store::Organisation;
use crate::web::AppState;
use crate::web::account::invites::AcceptForm;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::session::Viewer;

#[derive(Template)]
#[template(path = "account/organiser_invite.html")]
struct InvitePage {
    layout: Layout,
    organisation: Organisation,
    token: String,
    email: String,
    error: Option<String>,
}

#[get("/organiser-invites/{token}")]
pub async fn invite_page(
    viewer: Viewer,
    state: Data<AppState>,
    token: Path<String>,
) -> Result<HttpResponse, WebError> {
    let UsableOrganiserInvite {
        token,
        organisation,
    } = organisers::usable_organiser_invite(state.store.as_ref(), &token)
        .await
        .map_err(|error| viewer.refused(error))?;
    render_with_status(
        StatusCode::OK,
        &InvitePage {
            layout: viewer.layout(format!("Organiser of {}", organisation.name)),
            organisation,
            token: token.as_str().to_string(),
            email: String::new(),
            error: None,
        },
    )
}

#[derive(Template)]
#[template(path = "account/organiser_invite_taken.html")]
struct TakenPage {
    layout: Layout,
    organisation: Organisation,
    email: String,
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
    let UsableOrganiserInvite {
        token,
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
                    layout: viewer.layout(format!("Organiser of {}", organisation.name)),
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
        return Ok(redirect(&format!("/organise/{}", organisation.slug)));
    }
    // The same answer whether the address had an account or has one now (see the captain
    // invitation's).
    render_with_status(
        StatusCode::OK,
        &TakenPage {
            layout: viewer.layout(format!("Organiser of {}", organisation.name)),
            organisation,
            email: user.email,
        },
    )
}
