//! A forgotten password: asking for a reset link by mail, and setting a new password with it.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use chrono::Utc;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::accounts;
use crate::app::password_resets::{self, MAIL_IS_OFF};
use crate::domain::account::EmailAddress;
use crate::domain::mail::PASSWORD_RESET_LIFETIME;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect_with_cookie, render, render_with_status};
use crate::web::session::{Viewer, session_cookie};
use crate::web::throttled::client_address;

#[derive(Template)]
#[template(path = "account/forgot_password.html")]
struct ForgotPage {
    layout: Layout,
    /// Why a reset cannot be asked for here, when mail is off.
    unavailable: Option<&'static str>,
    email: String,
    error: Option<String>,
    max_email: usize,
}

#[get("/password-reset")]
pub async fn forgot_form(viewer: Viewer, state: Data<AppState>) -> Result<HttpResponse, WebError> {
    render(&ForgotPage {
        layout: viewer.layout("Forgotten password"),
        unavailable: state.mail.is_none().then_some(MAIL_IS_OFF),
        email: String::new(),
        error: None,
        max_email: EmailAddress::MAX_LEN,
    })
}

#[derive(Deserialize)]
pub struct ForgotForm {
    email: String,
}

#[derive(Template)]
#[template(path = "account/reset_sent.html")]
struct SentPage {
    layout: Layout,
    email: String,
    minutes: i64,
}

/// The answer is the same whether or not the address has an account.
#[post("/password-reset")]
pub async fn request_reset(
    viewer: Viewer,
    state: Data<AppState>,
    form: Form<ForgotForm>,
) -> Result<HttpResponse, WebError> {
    let ForgotForm { email } = form.into_inner();
    let requested = password_resets::request_password_reset(
        state.store.clone(),
        &state.reset_requests,
        state.mail.as_ref(),
        &email,
        Utc::now(),
    )
    .await;
    match requested {
        Ok(()) => render(&SentPage {
            layout: viewer.layout("Check your mail"),
            email: email.trim().to_string(),
            minutes: PASSWORD_RESET_LIFETIME.num_minutes(),
        }),
        Err(AppError::Invalid(problems)) => render_with_status(
            StatusCode::UNPROCESSABLE_ENTITY,
            &ForgotPage {
                layout: viewer.layout("Forgotten password"),
                unavailable: None,
                email,
                error: Some(joined(problems)),
                max_email: EmailAddress::MAX_LEN,
            },
        ),
        Err(error) => Err(viewer.refused(error)),
    }
}

fn joined(problems: Vec<crate::app::Problem>) -> String {
    problems
        .into_iter()
        .map(|problem| problem.message)
        .collect::<Vec<_>>()
        .join(" ")
}

#[derive(Template)]
#[template(path = "account/reset_password.html")]
struct ResetPage {
    layout: Layout,
    token: String,
    email: String,
    error: Option<String>,
}

#[get("/password-reset/{token}")]
pub async fn reset_form(
    viewer: Viewer,
    state: Data<AppState>,
    token: Path<String>,
) -> Result<HttpResponse, WebError> {
    let email = password_resets::usable_password_reset(state.store.as_ref(), &token, Utc::now())
        .await
        .map_err(|error| viewer.refused(error))?;
    render(&ResetPage {
        layout: viewer.layout("Choose a new password"),
        token: token.into_inner(),
        email: email.as_str().to_string(),
        error: None,
    })
}

#[derive(Deserialize)]
pub struct ResetForm {
    new_password: String,
    confirm_password: String,
}

#[derive(Template)]
#[template(path = "account/reset_done.html")]
struct DonePage {
    layout: Layout,
    revoked: u64,
}

#[post("/password-reset/{token}")]
pub async fn reset(
    req: HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    token: Path<String>,
    form: Form<ResetForm>,
) -> Result<HttpResponse, WebError> {
    let ResetForm {
        new_password,
        confirm_password,
    } = form.into_inner();
    // Whose it is, for logging them in with the new password once it is set.
    let email = password_resets::usable_password_reset(state.store.as_ref(), &token, Utc::now())
        .await
        .ok();
    let reset = password_resets::reset_password(
        state.store.as_ref(),
        &state.hashing,
        &token,
        new_password.clone(),
        confirm_password,
        Utc::now(),
    )
    .await;
    match reset {
        Ok(revoked) => {
            // The link proved the address is theirs: they are logged in, as a login with the
            // new password would (and as limited); should that not be, they are asked to.
            if let Some(email) = email {
                let logged_in = accounts::log_in(
                    state.store.as_ref(),
                    &state.hashing,
                    &client_address(&req),
                    &email,
                    new_password,
                    None,
                )
                .await;
                if let Ok(logged_in) = logged_in {
                    return Ok(redirect_with_cookie(
                        &format!("/account/password?changed=reset&revoked={revoked}"),
                        session_cookie(&logged_in.session, viewer.secure),
                    ));
                }
            }
            render(&DonePage {
                layout: viewer.layout("Password set"),
                revoked,
            })
        }
        Err(AppError::Invalid(problems)) => {
            let email =
                password_resets::usable_password_reset(state.store.as_ref(), &token, Utc::now())
                    .await
                    .map_err(|error| viewer.refused(error))?;
            render_with_status(
                StatusCode::UNPROCESSABLE_ENTITY,
                &ResetPage {
                    layout: viewer.layout("Choose a new password"),
                    token: token.into_inner(),
                    email: email.as_str().to_string(),
                    error: Some(joined(problems)),
                },
            )
        }
        Err(error) => Err(viewer.refused(error)),
    }
}
