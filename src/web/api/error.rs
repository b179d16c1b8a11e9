//! The API's one error shape: `{"error": "...", "problems": [{"field": "...", "message": "..."}]}`.
//! `error` says what went wrong in a sentence; `problems` lists, for a request that was
//! refused for what it held, each field at fault (its path in the request body, such as
//! `match_format.legs[0].games`) with the same message the organiser's pages give, and is
//! empty otherwise.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::app::{AppError, Conflict, Field};
use crate::store::StoreError;

/// Every answer that is not a success has this body.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in a sentence.
    pub error: String,
    /// Each field at fault with why; empty unless the request was refused for what it held.
    pub problems: Vec<Problem>,
}

/// One thing wrong with one field of a request's body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Problem {
    /// The field's path in the request body, such as `name` or `match_format.legs[1].games`;
    /// a control character in a key the body held is written as its escape (`\u{0}`).
    pub field: String,
    pub message: String,
}

impl Problem {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: printable(&field.into()),
            message: message.into(),
        }
    }
}

/// `path` with each control character written as its escape, so a key the client sent (a NUL
/// in it, a line break) is named in the answer without being repeated raw.
fn printable(path: &str) -> String {
    if !path.chars().any(char::is_control) {
        return path.to_string();
    }
    path.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// What an API request may be answered with instead of what it asked for.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the body is not JSON of the expected shape.
    #[error("{0}")]
    BadRequest(String),
    /// 401: a write without a token, or a token that is malformed, unknown or revoked.
    #[error("{0}")]
    Unauthenticated(&'static str),
    /// 403: the token's account may not do this.
    #[error("forbidden")]
    Forbidden,
    /// 403: the token may only read, and this request changes something.
    #[error(
        "This token is read-only: it may read what its account may, and change nothing. Make a read-and-write token on your API tokens page to make changes."
    )]
    ReadOnlyToken,
    /// 404: nothing of that kind with that id in this organisation, or no such endpoint.
    #[error("{0}")]
    NotFound(String),
    /// 405: the address is an endpoint's, for the methods listed, but not the request's.
    #[error("{NO_SUCH_METHOD}")]
    MethodNotAllowed { allowed: Vec<&'static str> },
    /// 413: the body is larger than the endpoint takes.
    #[error("The request body is larger than the {} KiB this endpoint takes.", .limit / 1024)]
    PayloadTooLarge { limit: usize },
    /// 409: the request conflicts with what is stored, such as a name already used.
    #[error("{message}")]
    Conflict {
        message: String,
        problems: Vec<Problem>,
    },
    /// 422: the request's values do not check out; each problem names its field.
    #[error("{message}")]
    Invalid {
        message: String,
        problems: Vec<Problem>,
    },
    /// 429: this client has as many of something open as it may (live feeds, say).
    #[error("{0}")]
    TooMany(String),
    /// 503: the service has as many of something open as it takes; try again later.
    #[error("{0}")]
    Busy(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub const NO_SUCH_METHOD: &str = "This endpoint does not take this method; the Allow header lists those it takes, and /api/v1/openapi.json describes them.";
pub const INVALID: &str = "The request has problems; each is listed with its field.";
pub const NO_TOKEN: &str = "This needs an API token, sent as the header Authorization: Bearer TOKEN. Make one on your account's API tokens page.";
pub const BAD_TOKEN: &str = "The API token is not valid: it is mistyped, expired or revoked (changing the password revokes them all). Check it on your account's API tokens page.";

impl ApiError {
    pub fn not_found(what: impl std::fmt::Display) -> Self {
        Self::NotFound(format!("There is no {what}."))
    }

    /// 422 with the problems of one or more fields.
    pub fn invalid(problems: Vec<Problem>) -> Self {
        Self::Invalid {
            message: INVALID.to_string(),
            problems,
        }
    }

    /// 422 with one field's problem as the whole message too.
    pub fn invalid_field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::Invalid {
            problems: vec![Problem::new(field, message.clone())],
            message,
        }
    }

    /// 409 about one field.
    pub fn conflict(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::Conflict {
            problems: vec![Problem::new(field, message.clone())],
            message,
        }
    }
}

impl From<StoreError> for ApiError {
    /// A store error answered by its family as a use case's would be (what a request names
    /// may be gone by the time the store is asked: 404, not 500).
    fn from(error: StoreError) -> Self {
        AppError::from(error).into()
    }
}

impl From<AppError> for ApiError {
    fn from(error: AppError) -> Self {
        match error {
            AppError::NotSignedIn => Self::Unauthenticated(NO_TOKEN),
            AppError::Forbidden => Self::Forbidden,
            AppError::NotFound(message) => Self::NotFound(message),
            AppError::Conflict(conflict) => conflict_of(conflict),
            AppError::Invalid(problems) => invalid_of(problems, field_path),
            AppError::Gone(message) => Self::NotFound(message),
            AppError::Busy | AppError::Throttled(_) => Self::Internal(anyhow::anyhow!(
                "the API checks no passwords, so it is never busy with them"
            )),
            AppError::Internal(error) => Self::Internal(error),
        }
    }
}

/// 422 with each problem at its path in the body, named by `path`. A problem with the
/// request as a whole, or with a fixture's date, is said as the whole answer with no field.
pub fn invalid_of(problems: Vec<crate::app::Problem>, path: impl Fn(&Field) -> String) -> ApiError {
    match &problems[..] {
        [only]
            if matches!(only.field, Field::Whole | Field::Date) && path(&only.field).is_empty() =>
        {
            ApiError::Invalid {
                message: only.message.clone(),
                problems: Vec::new(),
            }
        }
        [only] => ApiError::invalid_field(&path(&only.field), only.message.clone()),
        _ => ApiError::invalid(
            problems
                .into_iter()
                .map(|problem| Problem::new(path(&problem.field), problem.message))
                .collect(),
        ),
    }
}

/// A conflict as a script is told it: what to read or send again.
fn conflict_of(conflict: Conflict) -> ApiError {
    let message = match &conflict {
        Conflict::ResultAlreadySubmitted => "A result for this fixture has already been submitted, so yours was not kept. Read it at this address; the other captain can confirm or dispute it.".to_string(),
        Conflict::FixtureChanged => "The league changed this fixture (its home and away, or its date) while the result was being sent, so it was not kept. Read the fixture again and send the result for it as it stands.".to_string(),
        Conflict::PlayerRemoved => "A player this result names was removed from the league while the result was being sent, so it was not kept. Read the squads again and send the result with players who are in them.".to_string(),
        Conflict::SubmissionKeyReused => "That Idempotency-Key (or submission_key) was used before for another result or by another account; send a new key for a new submission.".to_string(),
        Conflict::ResultChanged => "The result has been changed since that version, so nothing was done. Read it again and answer the version as it stands.".to_string(),
        Conflict::FixtureHasResult => {
            "That fixture has a result, so it can no longer be moved, postponed or reversed."
                .to_string()
        }
        Conflict::Taken { field, message } => return ApiError::conflict(&field_path(field), message.clone()),
        other => other.to_string(),
    };
    ApiError::Conflict {
        message,
        problems: Vec::new(),
    }
}

/// Where a field of a use case's input is in the API's request bodies. A field of no body
/// (the fixture's date for a result, the request as a whole) has no path.
pub fn field_path(field: &Field) -> String {
    match field {
        Field::Whole | Field::Date => String::new(),
        Field::Name | Field::VenueName => "name".into(),
        Field::ShortName => "slug".into(),
        Field::Email => "email".into(),
        Field::Password => "password".into(),
        Field::NewPassword => "new_password".into(),
        Field::Reason => "reason".into(),
        Field::EarlyReason => "early_reason".into(),
        Field::Team => "team_id".into(),
        Field::Player => "player_id".into(),
        Field::Contact => "contact".into(),
        Field::VenueAddress => "address".into(),
        Field::VenueNight => "night".into(),
        Field::Venue => "venue".into(),
        Field::Seed => "seed".into(),
        Field::TableCode => "code".into(),
        Field::Games => "games".into(),
        Field::Game { game, hand: None } => format!("games[{}]", game - 1),
        Field::Game {
            game,
            hand: Some(hand),
        } => format!("games[{}].hands[{}]", game - 1, hand - 1),
        Field::Walkover => "walkover".into(),
        Field::SubmissionKey => "submission_key".into(),
        Field::Ruleset => "ruleset".into(),
        Field::RulesetTarget => "ruleset.target".into(),
        Field::SeasonStart => "start".into(),
        Field::LeagueNight => "league_night".into(),
        Field::BlackoutDates => "blackout_dates".into(),
        Field::StartTime => "start_time".into(),
        Field::DeadlineDays => "days".into(),
        Field::DeadlinePoints | Field::Points => "points".into(),
        Field::Tiebreak(place) => format!("tiebreaks[{place}]"),
        Field::TokenLifetime => "lifetime".into(),
        Field::List => "names".into(),
        Field::Line(line) => format!("names[{}]", line.saturating_sub(1)),
        Field::Legs => "legs".into(),
        Field::ClockMinutes => "minutes".into(),
        Field::CaptainOf(team) => format!("invitations[{team}]"),
        Field::MatchFormat(problem) => super::competitions::match_format_field(problem),
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthenticated(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden | Self::ReadOnlyToken => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::Invalid { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let (error, problems) = match self {
            Self::Forbidden => (
                "Your account may not do this. If you think it should, ask your league's organiser."
                    .to_string(),
                Vec::new(),
            ),
            Self::Conflict { message, problems } | Self::Invalid { message, problems } => {
                (message.clone(), problems.clone())
            }
            Self::Internal(error) => {
                tracing::error!(error = format!("{error:#}"), "API request failed");
                (
                    "The server could not finish this request and nothing more was changed. Try again in a moment."
                        .to_string(),
                    Vec::new(),
                )
            }
            other => (other.to_string(), Vec::new()),
        };
        let mut response = HttpResponse::build(self.status_code());
        if let Self::MethodNotAllowed { allowed } = self {
            response.insert_header((header::ALLOW, allowed.join(", ")));
        }
        if let Self::Unauthenticated(_) = self {
            response.insert_header((
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static("Bearer realm=\"fives\""),
            ));
        }
        response.json(ErrorBody { error, problems })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_store_conflict_no_use_case_names_answers_409_in_its_own_words() {
        let error = ApiError::from(AppError::from(StoreError::SeedTaken(3)));
        assert_eq!(error.status_code(), StatusCode::CONFLICT);
        assert!(
            matches!(&error, ApiError::Conflict { message, .. } if message == "Another entrant already has seed 3."),
            "{error:?}"
        );
    }

    #[test]
    fn a_problems_field_names_a_key_without_its_control_characters() {
        assert_eq!(
            Problem::new("ruleset.a\0b[1]", "x").field,
            "ruleset.a\\u{0}b[1]"
        );
        assert_eq!(Problem::new("ruleset.a\u{b}", "x").field, "ruleset.a\\u{b}");
        assert_eq!(Problem::new("legs[1].games", "x").field, "legs[1].games");
        assert_eq!(Problem::new("név.ü", "x").field, "név.ü");
    }
}
