//! Logging in and out, the dashboard, and changing one's password.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Query};
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::accounts::{self, Dashboard};
use crate::domain::account::EmailAddress;
use crate::store::{Organisation, Team};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, redirect_with_cookie, render, render_with_status};
use crate::web::organiser::results::{InboxCount, inbox_counts};
use crate::web::session::{Viewer, after_login, expired_session_cookie, session_cookie};
use crate::web::throttled::{client_address, waiting};

pub use crate::app::accounts::{TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS, too_many_attempts};

#[derive(Template)]
#[template(path = "account/login.html")]
struct LoginPage {
    layout: Layout,
    email: String,
    error: Option<String>,
    /// The page to go to after logging in, when it is one of this site's.
    next: Option<String>,
}

#[derive(Deserialize)]
pub struct LoginQuery {
    next: Option<String>,
}

#[derive(Deserialize)]
pub struct LoginForm {
    email: String,
    password: String,
    next: Option<String>,
}

#[get("/login")]
pub async fn login_form(
    viewer: Viewer,
    query: Query<LoginQuery>,
) -> Result<HttpResponse, WebError> {
    let next = after_login(query.next.as_deref());
    if viewer.signed_in.is_some() {
        return Ok(redirect(next));
    }
    render(&LoginPage {
        layout: viewer.layout("Log in"),
        email: String::new(),
        error: None,
        next: Some(next.to_string()),
    })
}

#[post("/login")]
pub async fn login(
    req: HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    form: Form<LoginForm>,
) -> Result<HttpResponse, WebError> {
    let LoginForm {
        email,
        password,
        next,
    } = form.into_inner();
    let next = after_login(next.as_deref()).to_string();
    let show_again = |status: StatusCode, error: String| {
        render_with_status(
            status,
            &LoginPage {
                layout: viewer.layout("Log in"),
                email: email.clone(),
                error: Some(error),
                next: Some(next.clone()),
            },
        )
    };
    let address = match EmailAddress::try_from(email.as_str()) {
        Ok(address) => address,
        Err(error) => return show_again(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
    };
    let client = client_address(&req);
    let previous = viewer.session_token.as_ref().map(|token| token.digest());
    match accounts::log_in(
        state.store.as_ref(),
        &state.hashing,
        &client,
        &address,
        password,
        previous.as_ref(),
    )
    .await
    {
        Ok(logged_in) => Ok(redirect_with_cookie(
            &next,
            session_cookie(&logged_in.session, viewer.secure),
        )),
        Err(AppError::Invalid(_)) => {
            show_again(StatusCode::UNAUTHORIZED, WRONG_CREDENTIALS.to_string())
        }
        Err(AppError::Throttled(wait)) => {
            let page = show_again(StatusCode::TOO_MANY_REQUESTS, too_many_attempts(wait))?;
            Ok(waiting(page, wait))
        }
        Err(error) => Err(viewer.refused(error)),
    }
}

/// The address a login comes from. A proxy in front of fives makes every login come from the
/// proxy, so the per-account limit is what protects each account there.
#[post("/logout")]
pub async fn logout(viewer: Viewer, state: Data<AppState>) -> Result<HttpResponse, WebError> {
    if let Some(token) = &viewer.session_token {
        accounts::log_out(state.store.as_ref(), &token.digest()).await?;
    }
    Ok(redirect_with_cookie("/", expired_session_cookie()))
}

#[derive(Template)]
#[template(path = "account/dashboard.html")]
struct DashboardPage {
    layout: Layout,
    email: String,
    site_admin: bool,
    /// Each organisation the account runs, with what waits for its organisers.
    organisations: Vec<(Organisation, Vec<InboxCount>)>,
    teams: Vec<Team>,
    /// What waits for the account as a captain, team by team.
    captaincy: Vec<super::tasks::TeamTasksView>,
    /// The live feed of the first captained team's organisation: the tasks update themselves
    /// as results come in.
    live_feed: Option<String>,
}

#[get("/dashboard")]
pub async fn dashboard(viewer: Viewer, state: Data<AppState>) -> Result<HttpResponse, WebError> {
    let Dashboard {
        organisations,
        teams,
    } = accounts::dashboard(state.store.as_ref(), viewer.who())
        .await
        .map_err(|error| viewer.refused(error))?;
    let actor = accounts::account(viewer.who()).map_err(|error| viewer.refused(error))?;
    let captaincy = crate::app::tasks::captain_tasks(state.store.as_ref(), viewer.who())
        .await
        .map_err(|error| viewer.refused(error))?;
    let mut organising = Vec::new();
    for organisation in organisations {
        let inbox =
            crate::app::tasks::organiser_inbox(state.store.as_ref(), viewer.who(), &organisation)
                .await
                .map_err(|error| viewer.refused(error))?;
        let counts = inbox_counts(&organisation.slug, &inbox);
        organising.push((organisation, counts));
    }
    render(&DashboardPage {
        live_feed: captaincy
            .first()
            .map(|first| format!("/api/v1/organisations/{}/live", first.organisation.slug)),
        captaincy: captaincy.iter().map(Into::into).collect(),
        layout: viewer.layout("Your dashboard"),
        email: actor.user.email.clone(),
        site_admin: actor.roles.site_admin,
        organisations: organising,
        teams,
    })
}

#[derive(Template)]
#[template(path = "account/password.html")]
struct PasswordPage {
    layout: Layout,
    error: Option<String>,
    changed: bool,
    /// How many API tokens the change revoked.
    revoked: u64,
}

#[derive(Deserialize)]
pub struct PasswordForm {
    current_password: String,
    new_password: String,
    confirm_password: String,
}

#[derive(Deserialize)]
pub struct PasswordQuery {
    changed: Option<String>,
    revoked: Option<u64>,
}

#[get("/account/password")]
pub async fn password_form(
    viewer: Viewer,
    query: Query<PasswordQuery>,
) -> Result<HttpResponse, WebError> {
    accounts::account(viewer.who()).map_err(|error| viewer.refused(error))?;
    render(&PasswordPage {
        layout: viewer.layout("Change your password"),
        error: None,
        changed: query.changed.is_some(),
        revoked: query.revoked.unwrap_or(0),
    })
}

/// Changes the password and ends every session of the account, everywhere; this browser gets a
/// new one so that the person changing it stays logged in. Wrong current passwords count
/// towards the same limit as failed logins, so a borrowed session cannot guess its way to
/// taking the account over.
#[post("/account/password")]
pub async fn change_password(
    req: HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    form: Form<PasswordForm>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let show_error = |status: StatusCode, error: String| {
        render_with_status(
            status,
            &PasswordPage {
                layout: viewer.layout("Change your password"),
                error: Some(error),
                changed: false,
                revoked: 0,
            },
        )
    };
    let client = client_address(&req);
    match accounts::change_password(
        state.store.as_ref(),
        &state.hashing,
        viewer.who(),
        &client,
        form.current_password,
        form.new_password,
        form.confirm_password,
    )
    .await
    {
        // The new session changes this browser's CSRF token, so the page must come from a new
        // request: the layout's logout button needs the new token.
        Ok(changed) => Ok(redirect_with_cookie(
            &format!("/account/password?changed=1&revoked={}", changed.revoked),
            session_cookie(&changed.session, viewer.secure),
        )),
        Err(AppError::Invalid(problems)) => show_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            problems
                .into_iter()
                .map(|problem| problem.message)
                .collect::<Vec<_>>()
                .join(" "),
        ),
        Err(AppError::Throttled(wait)) => {
            let page = show_error(StatusCode::TOO_MANY_REQUESTS, too_many_attempts(wait))?;
            Ok(waiting(page, wait))
        }
        Err(error) => Err(viewer.refused(error)),
    }
}
