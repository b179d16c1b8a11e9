//! What the shared base layout needs from every page.

/// Rendered by `templates/base.html`: the title, and the navigation for whoever is looking.
pub struct Layout {
    pub title: String,
    /// The signed-in account's email, which also decides whether to offer logging out.
    pub signed_in_as: Option<String>,
    /// The CSRF token for this browser, for the logout button and the page's own forms.
    pub csrf_token: String,
    /// False on error pages, which are rendered without knowing who is looking.
    pub knows_viewer: bool,
}

impl Layout {
    /// An error page's: a visitor (a request without a session) is offered "Log in"; anyone
    /// else, whose session is not looked up, their dashboard.
    pub fn for_error(title: &str, visitor: bool) -> Self {
        Self {
            knows_viewer: visitor,
            ..Self::neutral(title)
        }
    }

    /// For pages answered without looking up the session, such as error pages.
    pub fn neutral(title: &str) -> Self {
        Self {
            title: title.to_string(),
            signed_in_as: None,
            csrf_token: String::new(),
            knows_viewer: false,
        }
    }
}

use actix_web::HttpResponse;
use actix_web::cookie::Cookie;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, ContentType};
use askama::Template;

use super::error::WebError;

/// Answers a page with 200.
pub fn render(page: &impl Template) -> Result<HttpResponse, WebError> {
    render_with_status(StatusCode::OK, page)
}

/// Answers a page with `status`, such as 422 for a form shown again with its errors.
pub fn render_with_status(
    status: StatusCode,
    page: &impl Template,
) -> Result<HttpResponse, WebError> {
    Ok(HttpResponse::build(status)
        .content_type(ContentType::html())
        .body(page.render()?))
}

/// A redirect that also sets (or removes) a cookie, such as the session cookie at login.
pub fn redirect_with_cookie(location: &str, cookie: Cookie<'_>) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .cookie(cookie)
        .finish()
}

/// The answer to a form that worked: go to `location` (303, so a reload does not post again).
pub fn redirect(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .finish()
}
