//! Logging in and out, the dashboard, and changing one's password.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Query};
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use chrono::{Duration, Utc};
use serde::Deserialize;

use super::AppState;
use super::error::WebError;
use super::layout::{Layout, redirect, redirect_with_cookie, render, render_with_status};
use super::session::{Viewer, after_login, expired_session_cookie, new_session, session_cookie};
use crate::domain::account::{EmailAddress, NewPassword};
use crate::domain::authorisation::Permission;
use crate::password;
use crate::store::{Organisation, Store, Team};

/// The one answer to a wrong password and to an unknown email alike, so that the login form
/// does not tell who has an account.
pub const WRONG_CREDENTIALS: &str = "That email address and password do not match an account.";
pub const TOO_MANY_ATTEMPTS: &str =
    "Too many wrong passwords. Wait 15 minutes, then try again or ask an organiser for help.";

/// Failed logins count for this long.
const THROTTLE_WINDOW: Duration = Duration::minutes(15);
/// Enough for typing mistakes, too few for guessing one account's password.
const MAX_FAILURES_PER_ACCOUNT: i64 = 5;
/// More, because a pub's customers may share one address.
const MAX_FAILURES_PER_ADDRESS: i64 = 20;

#[derive(Template)]
#[template(path = "accounts/login.html")]
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
    let store = &state.store;
    let client = client_address(&req);
    if is_throttled(store.as_ref(), &client, &address).await? {
        return show_again(StatusCode::TOO_MANY_REQUESTS, TOO_MANY_ATTEMPTS.to_string());
    }

    let credentials = store.credentials(&address).await?;
    let stored_hash = credentials.as_ref().map(|c| c.password_hash.clone());
    let verified = password::verify(password, stored_hash).await?;
    let user = match credentials {
        Some(credentials) if verified => credentials.user,
        _ => {
            record_failure(store.as_ref(), &client, &address).await?;
            return show_again(StatusCode::UNAUTHORIZED, WRONG_CREDENTIALS.to_string());
        }
    };

    store.clear_login_failures(address.as_str()).await?;
    let (token, session) = new_session(user.id);
    let previous = viewer.session_token.as_ref().map(|token| token.digest());
    store.start_session(&session, previous.as_ref()).await?;
    tracing::info!(user = %user.id, "logged in");
    Ok(redirect_with_cookie(
        &next,
        session_cookie(&token, viewer.secure),
    ))
}

/// Whether too many passwords were got wrong lately for this account or from this address.
async fn is_throttled(
    store: &dyn Store,
    client: &str,
    account: &EmailAddress,
) -> Result<bool, WebError> {
    let since = Utc::now() - THROTTLE_WINDOW;
    let failures = store
        .login_failures_since(client, account.as_str(), since)
        .await?;
    let throttled = failures.for_account >= MAX_FAILURES_PER_ACCOUNT
        || failures.from_address >= MAX_FAILURES_PER_ADDRESS;
    if throttled {
        tracing::warn!(%client, "password attempts throttled");
    }
    Ok(throttled)
}

async fn record_failure(
    store: &dyn Store,
    client: &str,
    account: &EmailAddress,
) -> Result<(), WebError> {
    let now = Utc::now();
    store
        .record_login_failure(client, account.as_str(), now, now - THROTTLE_WINDOW)
        .await?;
    Ok(())
}

/// The address a login comes from. A proxy in front of fives makes every login come from the
/// proxy, so the per-account limit is what protects each account there.
fn client_address(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|address| address.ip().to_string())
        .unwrap_or_else(|| "unknown".to_string())
}

#[post("/logout")]
pub async fn logout(viewer: Viewer, state: Data<AppState>) -> Result<HttpResponse, WebError> {
    if let Some(token) = &viewer.session_token {
        state.store.end_session(&token.digest()).await?;
    }
    Ok(redirect_with_cookie("/", expired_session_cookie()))
}

#[derive(Template)]
#[template(path = "accounts/dashboard.html")]
struct DashboardPage {
    layout: Layout,
    email: String,
    site_admin: bool,
    organisations: Vec<Organisation>,
    teams: Vec<Team>,
}

#[get("/dashboard")]
pub async fn dashboard(viewer: Viewer, state: Data<AppState>) -> Result<HttpResponse, WebError> {
    let signed_in = viewer.require(Permission::UseAccount)?;
    let user = &signed_in.user;
    let organisations = state.store.organisations_organised_by(user.id).await?;
    let teams = state.store.teams_captained_by(user.id).await?;
    render(&DashboardPage {
        layout: viewer.layout("Your dashboard"),
        email: user.email.clone(),
        site_admin: signed_in.roles.site_admin,
        organisations,
        teams,
    })
}

#[derive(Template)]
#[template(path = "accounts/password.html")]
struct PasswordPage {
    layout: Layout,
    error: Option<String>,
    changed: bool,
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
}

#[get("/account/password")]
pub async fn password_form(
    viewer: Viewer,
    query: Query<PasswordQuery>,
) -> Result<HttpResponse, WebError> {
    viewer.require(Permission::UseAccount)?;
    render(&PasswordPage {
        layout: viewer.layout("Change your password"),
        error: None,
        changed: query.changed.is_some(),
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
    let user = viewer.require(Permission::UseAccount)?.user.clone();
    let form = form.into_inner();
    let show_error = |status: StatusCode, error: String| {
        render_with_status(
            status,
            &PasswordPage {
                layout: viewer.layout("Change your password"),
                error: Some(error),
                changed: false,
            },
        )
    };
    let email = EmailAddress::try_from(user.email.as_str())
        .map_err(|error| anyhow::anyhow!("a stored email does not parse: {error}"))?;
    let client = client_address(&req);
    if is_throttled(state.store.as_ref(), &client, &email).await? {
        return show_error(StatusCode::TOO_MANY_REQUESTS, TOO_MANY_ATTEMPTS.to_string());
    }
    let stored_hash = state
        .store
        .credentials(&email)
        .await?
        .map(|credentials| credentials.password_hash);
    if !password::verify(form.current_password, stored_hash).await? {
        record_failure(state.store.as_ref(), &client, &email).await?;
        return show_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Your current password is not right.".to_string(),
        );
    }
    if form.new_password != form.confirm_password {
        return show_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "The new password and its confirmation differ.".to_string(),
        );
    }
    let new_password = match NewPassword::try_from(form.new_password) {
        Ok(new_password) => new_password,
        Err(error) => return show_error(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
    };
    let hash = password::hash(new_password).await?;
    let (token, session) = new_session(user.id);
    state
        .store
        .change_password(user.id, &hash, Some(&session))
        .await?;
    tracing::info!(user = %user.id, "password changed; all sessions ended");
    // The new session changes this browser's CSRF token, so the page must come from a new
    // request: the layout's logout button needs the new token.
    Ok(redirect_with_cookie(
        "/account/password?changed=1",
        session_cookie(&token, viewer.secure),
    ))
}
