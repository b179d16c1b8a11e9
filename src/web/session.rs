//! Who is asking: the session cookie and the account and roles behind it, which every use
//! case is given ([`Viewer::who`]) to authorise against.

use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::http::Method;
use actix_web::web::Data;
use actix_web::{FromRequest, HttpMessage, HttpRequest, dev::Payload};
use futures_util::future::LocalBoxFuture;

use super::AppState;
use super::csrf::CsrfToken;
use super::error::WebError;
use super::layout::Layout;
use crate::app::{Actor, AppError, Who, accounts};
use crate::token::SecretToken;

pub const SESSION_COOKIE: &str = "fives_session";
pub use crate::app::accounts::SESSION_LIFETIME;

/// The person behind a request, signed in or not. Extracted by every handler that renders a
/// page or acts on anything.
pub struct Viewer {
    pub signed_in: Option<Actor>,
    /// The browser's session token, valid or not, so that logging in can end it.
    pub session_token: Option<SecretToken>,
    pub csrf_token: String,
    /// Whether the request came over TLS, so cookies are marked `Secure`.
    pub secure: bool,
    /// For a GET, the page asked for, to come back to after logging in.
    pub return_to: Option<String>,
}

impl Viewer {
    /// Who is acting, for a use case.
    pub fn who(&self) -> Who<'_> {
        self.signed_in.as_ref()
    }

    /// A use case's refusal as this page answers it: a person not signed in is sent to sign
    /// in and brought back to the page they asked for.
    pub fn refused(&self, error: AppError) -> WebError {
        match error {
            AppError::NotSignedIn => WebError::NotSignedIn {
                return_to: self.return_to.clone(),
            },
            error => error.into(),
        }
    }

    pub fn layout(&self, title: impl Into<String>) -> Layout {
        Layout {
            title: title.into(),
            signed_in_as: self
                .signed_in
                .as_ref()
                .map(|signed_in| signed_in.user.email.clone()),
            csrf_token: self.csrf_token.clone(),
            knows_viewer: true,
        }
    }
}

impl FromRequest for Viewer {
    type Error = WebError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<Data<AppState>>().cloned();
        let session_token = req
            .cookie(SESSION_COOKIE)
            .and_then(|cookie| SecretToken::parse(cookie.value()));
        let csrf_token = req.extensions().get::<CsrfToken>().map(|t| t.0.clone());
        let secure = req.connection_info().scheme() == "https";
        // A form posted after the session ended cannot be posted again by a redirect.
        let return_to = (req.method() == Method::GET).then(|| req.uri().to_string());
        Box::pin(async move {
            let state = state.ok_or_else(|| anyhow::anyhow!("no application state"))?;
            let csrf_token = csrf_token.ok_or_else(|| anyhow::anyhow!("no CSRF middleware"))?;
            let signed_in = match &session_token {
                Some(token) => accounts::session_actor(state.store.as_ref(), token).await?,
                None => None,
            };
            Ok(Viewer {
                signed_in,
                session_token,
                csrf_token,
                secure,
                return_to,
            })
        })
    }
}

pub fn session_cookie(token: &SecretToken, secure: bool) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, token.as_str().to_string())
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .max_age(CookieDuration::seconds(SESSION_LIFETIME.num_seconds()))
        .finish()
}

/// Where to go after logging in: `next` when it is a page of this site, else the dashboard.
/// Only a path is accepted, so a crafted login link cannot send someone to another site.
pub fn after_login(next: Option<&str>) -> &str {
    match next {
        Some(path)
            if path.starts_with('/')
                && !path.starts_with("//")
                && !path.starts_with("/\\")
                && !path.chars().any(|c| c.is_control() || c == '\\') =>
        {
            path
        }
        _ => "/dashboard",
    }
}

/// A cookie that tells the browser to forget its session cookie.
pub fn expired_session_cookie() -> Cookie<'static> {
    let mut cookie = Cookie::build(SESSION_COOKIE, "")
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .finish();
    cookie.make_removal();
    cookie
}

#[cfg(test)]
mod tests {
    use super::after_login;

    #[test]
    fn after_login_goes_only_to_pages_of_this_site() {
        assert_eq!(after_login(Some("/teams/3/manage")), "/teams/3/manage");
        assert_eq!(after_login(Some("/invites/ab12?x=1")), "/invites/ab12?x=1");
        for elsewhere in [
            "https://evil.example/",
            "//evil.example/",
            "/\\evil.example",
            "/\\/evil.example",
            "evil",
            "",
            "/a\nb",
        ] {
            assert_eq!(after_login(Some(elsewhere)), "/dashboard", "{elsewhere:?}");
        }
        assert_eq!(after_login(None), "/dashboard");
    }
}
