//! Logging in and out, the dashboard, and changing one's password.

use actix_web::http::{StatusCode, header};
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
use crate::domain::login_throttle;
use crate::store::{Organisation, Team, User};

/// The one answer to a wrong password and to an unknown email alike, so that the login form
/// does not tell who has an account.
pub const WRONG_CREDENTIALS: &str = "That email address and password do not match an account.";
/// The start of the answer to an attempt that must wait, which then says how long.
pub const TOO_MANY_ATTEMPTS: &str = "Too many wrong passwords from here.";

/// What waiting `wait` means to a person: "Try again in 8 seconds."
pub fn too_many_attempts(wait: Duration) -> String {
    let seconds = wait.num_seconds().max(1);
    let when = if seconds < 120 {
        format!("{seconds} seconds")
    } else {
        format!("{} minutes", (seconds + 59) / 60)
    };
    format!("{TOO_MANY_ATTEMPTS} Try again in {when}, or ask an organiser for help.")
}

/// The counts a password attempt goes into: this account from this address, and this address
/// across accounts (see `domain::login_throttle`).
struct AttemptCounts {
    account_from_address: String,
    address: String,
}

impl AttemptCounts {
    fn of(client: &str, account: &EmailAddress) -> Self {
        Self {
            account_from_address: format!("account {account} from {client}"),
            address: format!("address {client}"),
        }
    }
}

/// How a password attempt went.
enum PasswordCheck {
    Right(User),
    Wrong,
    /// Refused unchecked: too many wrong passwords lately; try again after this.
    Wait(Duration),
}

/// Checks `password` for the account of `email` (as entered from `client`), after counting
/// the attempt, so that any number at once get only the counts' free attempts.
async fn check_password(
    state: &AppState,
    client: &str,
    email: &EmailAddress,
    password: String,
) -> Result<PasswordCheck, WebError> {
    let store = state.store.as_ref();
    let counts = AttemptCounts::of(client, email);
    let now = Utc::now();
    let counted = store
        .count_login_attempt(
            &[
                (&counts.address, login_throttle::ADDRESS),
                (
                    &counts.account_from_address,
                    login_throttle::ACCOUNT_FROM_ADDRESS,
                ),
            ],
            now,
        )
        .await?;
    if let Err(wait) = counted {
        tracing::warn!(%client, "password attempt throttled");
        return Ok(PasswordCheck::Wait(wait));
    }
    let both = [
        counts.address.as_str(),
        counts.account_from_address.as_str(),
    ];
    let credentials = store.credentials(email).await?;
    let stored_hash = credentials.as_ref().map(|c| c.password_hash.clone());
    let verified = match state.hashing.verify(password, stored_hash).await {
        Ok(verified) => verified,
        Err(error) => {
            // Never checked (the server is busy): it does not count.
            store.uncount_login_attempt(&both, None, Utc::now()).await?;
            return Err(error.into());
        }
    };
    match credentials {
        Some(credentials) if verified => {
            store
                .uncount_login_attempt(&both[..1], Some(&counts.account_from_address), Utc::now())
                .await?;
            Ok(PasswordCheck::Right(credentials.user))
        }
        _ => Ok(PasswordCheck::Wrong),
    }
}

/// A refused attempt's page, with `Retry-After` saying how long to wait.
fn waiting(mut page: HttpResponse, wait: Duration) -> HttpResponse {
    let seconds = wait.num_seconds().max(1);
    if let Ok(value) = header::HeaderValue::from_str(&seconds.to_string()) {
        page.headers_mut().insert(header::RETRY_AFTER, value);
    }
    page
}

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
    let user = match check_password(&state, &client, &address, password).await? {
        PasswordCheck::Right(user) => user,
        PasswordCheck::Wrong => {
            return show_again(StatusCode::UNAUTHORIZED, WRONG_CREDENTIALS.to_string());
        }
        PasswordCheck::Wait(wait) => {
            let page = show_again(StatusCode::TOO_MANY_REQUESTS, too_many_attempts(wait))?;
            return Ok(waiting(page, wait));
        }
    };
    let (token, session) = new_session(user.id);
    let previous = viewer.session_token.as_ref().map(|token| token.digest());
    store.start_session(&session, previous.as_ref()).await?;
    tracing::info!(user = %user.id, "logged in");
    Ok(redirect_with_cookie(
        &next,
        session_cookie(&token, viewer.secure),
    ))
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
    viewer.require(Permission::UseAccount)?;
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
    let user = viewer.require(Permission::UseAccount)?.user.clone();
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
    let email = EmailAddress::try_from(user.email.as_str())
        .map_err(|error| anyhow::anyhow!("a stored email does not parse: {error}"))?;
    let client = client_address(&req);
    if form.new_password != form.confirm_password {
        return show_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "The new password and its confirmation differ.".to_string(),
        );
    }
    let new_password = match NewPassword::for_account(form.new_password, &email) {
        Ok(new_password) => new_password,
        Err(error) => return show_error(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
    };
    match check_password(&state, &client, &email, form.current_password).await? {
        PasswordCheck::Right(_) => {}
        PasswordCheck::Wrong => {
            return show_error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "Your current password is not right.".to_string(),
            );
        }
        PasswordCheck::Wait(wait) => {
            let page = show_error(StatusCode::TOO_MANY_REQUESTS, too_many_attempts(wait))?;
            return Ok(waiting(page, wait));
        }
    }
    let hash = state.hashing.hash(new_password).await?;
    let (token, session) = new_session(user.id);
    let revoked = state
        .store
        .change_password(user.id, &hash, Some(&session))
        .await?;
    tracing::info!(user = %user.id, revoked, "password changed; all sessions ended, tokens revoked");
    // The new session changes this browser's CSRF token, so the page must come from a new
    // request: the layout's logout button needs the new token.
    Ok(redirect_with_cookie(
        &format!("/account/password?changed=1&revoked={revoked}"),
        session_cookie(&token, viewer.secure),
    ))
}
