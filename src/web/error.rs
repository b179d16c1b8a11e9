//! One error type for the handlers, answered with a page in the site's layout.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, ContentType};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use askama::Template;

use super::http_methods::{allowed_methods, is_routed};
use super::layout::Layout;
use super::session::SESSION_COOKIE;
use crate::app::AppError;
use crate::password::HashError;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("not found")]
    NotFound,
    /// Answered with a redirect to the login page, which comes back to `return_to` afterwards.
    #[error("signing in is required")]
    NotSignedIn { return_to: Option<String> },
    #[error("forbidden")]
    Forbidden,
    #[error("the form's CSRF token is missing or wrong")]
    BadCsrfToken,
    #[error("bad request: {0}")]
    BadRequest(String),
    /// A form whose fields cannot be taken as they are, for a reason the form cannot show
    /// beside a field (a NUL character in any of them).
    #[error("unprocessable: {0}")]
    Unprocessable(String),
    #[error("gone: {0}")]
    Gone(String),
    /// The request conflicts with what is stored; a page that can show the conflict beside
    /// its form does so itself.
    #[error("conflict: {0}")]
    Conflict(String),
    /// The address exists, for the methods listed, but not for the request's method.
    #[error("method not allowed")]
    MethodNotAllowed { allowed: Vec<&'static str> },
    #[error("the request's body is larger than {limit} bytes")]
    PayloadTooLarge { limit: usize },
    /// Too many passwords are being checked at once; come back in a moment.
    #[error("busy")]
    Busy,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<StoreError> for WebError {
    /// A store error a page reads into, answered by its family as a use case's would be (what
    /// a request names may be gone by the time the store is asked: that is a 404).
    fn from(error: StoreError) -> Self {
        AppError::from(error).into()
    }
}

impl From<AppError> for WebError {
    /// A use case's refusal as a page answers it when it has nothing better to show (a page
    /// with a form shows its problems beside the form itself).
    fn from(error: AppError) -> Self {
        match error {
            AppError::NotSignedIn => Self::NotSignedIn { return_to: None },
            AppError::Forbidden => Self::Forbidden,
            AppError::NotFound(_) => Self::NotFound,
            AppError::Conflict(conflict) => Self::Conflict(conflict.to_string()),
            AppError::Invalid(problems) => Self::BadRequest(
                problems
                    .into_iter()
                    .map(|problem| problem.message)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            AppError::Gone(message) => Self::Gone(message),
            AppError::Busy => Self::Busy,
            AppError::Throttled(wait) => {
                Self::BadRequest(crate::app::accounts::too_many_attempts(wait))
            }
            AppError::Internal(error) => Self::Internal(error),
        }
    }
}

impl From<askama::Error> for WebError {
    fn from(error: askama::Error) -> Self {
        Self::Internal(error.into())
    }
}

impl From<HashError> for WebError {
    fn from(error: HashError) -> Self {
        match error {
            HashError::Busy => Self::Busy,
            error => Self::Internal(error.into()),
        }
    }
}

/// When to come back after a busy answer: the queue of password checks empties in about a
/// second.
pub const BUSY_RETRY_AFTER_SECONDS: u32 = 2;

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    layout: Layout,
    heading: &'static str,
    message: String,
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::NotSignedIn { .. } => StatusCode::SEE_OTHER,
            Self::Forbidden | Self::BadCsrfToken => StatusCode::FORBIDDEN,
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Gone(_) => StatusCode::GONE,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Busy => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let Self::NotSignedIn { return_to } = self {
            let login = match return_to {
                Some(path) => format!(
                    "/login?{}",
                    serde_urlencoded::to_string([("next", path)]).unwrap_or_default()
                ),
                None => "/login".to_string(),
            };
            return HttpResponse::SeeOther()
                .insert_header((header::LOCATION, login))
                .finish();
        }
        let (heading, message) = match self {
            Self::NotFound => (
                "Page not found",
                "There is no page at this address. Check the address, or start again from the home page.".to_string(),
            ),
            Self::Forbidden => (
                "Not allowed",
                "Your account may not do this. If you think it should, ask your league's organiser.".to_string(),
            ),
            Self::BadCsrfToken => (
                "Form expired",
                "This form has expired or did not come from this site, so nothing was changed. Go back, reload the page and try again.".to_string(),
            ),
            Self::BadRequest(message) => ("Something in the request is wrong", message.clone()),
            Self::Unprocessable(message) => ("Something in the form is wrong", message.clone()),
            Self::Gone(message) => ("No longer available", message.clone()),
            Self::Conflict(message) => ("Nothing was changed", message.clone()),
            Self::Busy => (
                "Busy for a moment",
                "Many people are logging in at this moment. Nothing was changed; try again in a few seconds.".to_string(),
            ),
            Self::MethodNotAllowed { .. } => (
                "Not a way to use this page",
                "This address is a page or a form, but it cannot be used this way. Go back and use the page's links and buttons.".to_string(),
            ),
            Self::PayloadTooLarge { limit } => (
                "Too much to send",
                format!(
                    "What was sent is larger than the {} KiB this site takes at once, so nothing was changed.",
                    limit / 1024
                ),
            ),
            Self::Internal(error) => {
                tracing::error!(error = format!("{error:#}"), "request failed");
                (
                    "Something went wrong",
                    "The server could not finish this request and nothing more was changed. Try again in a moment.".to_string(),
                )
            }
            Self::NotSignedIn { .. } => unreachable!("answered above with a redirect"),
        };
        let visitor = VISITOR.try_with(|visitor| *visitor).unwrap_or(false);
        let page = ErrorPage {
            layout: Layout::for_error(heading, visitor),
            heading,
            message,
        };
        let body = page.render().unwrap_or_else(|error| {
            tracing::error!(%error, "the error page does not render");
            heading.to_string()
        });
        let mut response = HttpResponse::build(self.status_code());
        if let Self::MethodNotAllowed { allowed } = self {
            response.insert_header((header::ALLOW, allowed.join(", ")));
        }
        if let Self::Busy = self {
            response.insert_header((header::RETRY_AFTER, BUSY_RETRY_AFTER_SECONDS.to_string()));
        }
        response.content_type(ContentType::html()).body(body)
    }
}

tokio::task_local! {
    /// Whether the request being answered comes without a session, noted for its error page.
    static VISITOR: bool;
}

/// Notes whether a request comes without a session, so that an error page's menu offers a
/// visitor "Log in" and anyone else their dashboard, without looking the session up.
pub async fn note_the_visitor(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let visitor = req.cookie(SESSION_COOKIE).is_none();
    VISITOR.scope(visitor, next.call(req)).await
}

/// The answer for any address no route claims with the request's method: a page's address
/// with a slash at its end sent to the page (308), else 405 with the methods it has, or 404
/// when it has none.
pub async fn not_found(request: HttpRequest) -> HttpResponse {
    if let Some(page) = without_trailing_slash(&request) {
        return HttpResponse::PermanentRedirect()
            .insert_header((header::LOCATION, page))
            .finish();
    }
    let allowed = allowed_methods(request.path());
    if allowed.is_empty() {
        WebError::NotFound.error_response()
    } else {
        WebError::MethodNotAllowed { allowed }.error_response()
    }
}

/// `/leagues/north/` is `/leagues/north`: the page's address, with the query kept, when a page
/// is there to read. Only another page of this site: `//elsewhere/` stays a 404.
fn without_trailing_slash(request: &HttpRequest) -> Option<String> {
    let path = request.path();
    if request.method() != actix_web::http::Method::GET || path.len() < 2 || !path.ends_with('/') {
        return None;
    }
    let page = path.trim_end_matches('/');
    if page.is_empty() || page.starts_with("//") || !is_routed(&actix_web::http::Method::GET, page)
    {
        return None;
    }
    Some(match request.query_string() {
        "" => page.to_string(),
        query => format!("{page}?{query}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::MessageBody;

    fn body_of(error: WebError) -> (StatusCode, String) {
        let response = error.error_response();
        let status = response.status();
        let bytes = response.into_body().try_into_bytes().unwrap();
        (status, String::from_utf8(bytes.to_vec()).unwrap())
    }

    #[test]
    fn internal_errors_answer_500_in_the_layout_without_their_details() {
        let (status, body) = body_of(WebError::Internal(anyhow::anyhow!("pool timed out")));
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(body.contains("<main"), "{body}");
        assert!(body.contains("Something went wrong"), "{body}");
        assert!(!body.contains("pool timed out"), "{body}");
    }

    #[test]
    fn a_store_conflict_no_use_case_names_answers_409_in_its_own_words() {
        let error = WebError::from(AppError::from(crate::store::StoreError::SeasonNameTaken));
        let (status, body) = body_of(error);
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(
            body.contains("That competition already has a season of that name."),
            "{body}"
        );
    }

    #[test]
    fn not_found_answers_404_in_the_layout() {
        let (status, body) = body_of(WebError::NotFound);
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(body.contains("Page not found"), "{body}");
        assert!(body.contains("<nav"), "{body}");
    }

    #[test]
    fn not_signed_in_redirects_to_the_login_page_and_back() {
        let response = WebError::NotSignedIn { return_to: None }.error_response();
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
        assert_eq!(response.headers().get(header::LOCATION).unwrap(), "/login");
        let response = WebError::NotSignedIn {
            return_to: Some("/teams/3/manage?tab=a&b".to_string()),
        }
        .error_response();
        assert_eq!(
            response.headers().get(header::LOCATION).unwrap(),
            "/login?next=%2Fteams%2F3%2Fmanage%3Ftab%3Da%26b"
        );
    }
}
