//! A division's fixtures and byes: made once from its teams and calendar, then moved,
//! postponed or reversed one by one. Reading is public; changing needs a token of an
//! organiser of the organisation.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::divisions::division_of;
use super::error::{ApiError, ErrorBody, invalid_of};
use super::input::{ApiJson, date_of};
use super::views::{ByeView, FixtureView, FixturesView};
use crate::app::AppError;
use crate::app::fixtures::{self, StartTime};
use crate::app::lookup;
use crate::domain::fixtures::Legs;
use crate::domain::ids::{DivisionId, FixtureId};
use crate::domain::league::time_of_day;
use crate::store::{Bye, Fixture};
use crate::web::AppState;

#[utoipa::path(
    tag = "fixtures",
    description = "The division's fixtures by date and its byes by round: what its public \
                   page lists as fixtures by week.",
    params(
        ("id" = i64, Path, description = "The division's id"),
    ),
    responses(
        (status = 200, body = FixturesView),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/divisions/{id}/fixtures")]
pub async fn division_fixtures(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = division_of(store, &slug, DivisionId(id)).await?;
    let fixtures = store.fixtures_of_division(place.division.id).await?;
    let byes = store.byes_of_division(place.division.id).await?;
    Ok(HttpResponse::Ok().json(fixtures_view(&fixtures, &byes)))
}

/// A division's fixtures and byes as the API answers them, when read and when made.
fn fixtures_view(fixtures: &[Fixture], byes: &[Bye]) -> FixturesView {
    FixturesView {
        fixtures: fixtures.iter().map(FixtureView::from).collect(),
        byes: byes.iter().map(ByeView::from).collect(),
    }
}

/// Whether the teams of a division meet once or twice (home and away).
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LegsChoice {
    Single,
    Double,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct GenerateFixturesBody {
    pub legs: LegsChoice,
}

#[utoipa::path(
    tag = "fixtures",
    description = "Makes the division's fixtures (a round robin dated on the season's league \
                   nights, each at the home team's pub); a division's fixtures are made once.",
    params(
        ("id" = i64, Path, description = "The division's id"),
    ),
    request_body = GenerateFixturesBody,
    responses(
        (status = 201, body = FixturesView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The division's fixtures have already been made", body = ErrorBody),
        (status = 422, description = "Too few teams, or the calendar has no room", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/divisions/{id}/fixtures")]
pub async fn generate_fixtures(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<GenerateFixturesBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let legs = match body.legs {
        LegsChoice::Single => Legs::Single,
        LegsChoice::Double => Legs::Double,
    };
    let (organisation, place, fixtures) =
        fixtures::generate(store, caller.who(), &slug, DivisionId(id), legs).await?;
    let byes = store.byes_of_division(place.division.id).await?;
    Ok(super::created(
        format!(
            "/api/v1/organisations/{}/divisions/{}/fixtures",
            organisation.slug, place.division.id
        ),
        fixtures_view(&fixtures, &byes),
    ))
}

#[utoipa::path(
    tag = "fixtures",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    responses(
        (status = 200, body = FixtureView),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/fixtures/{id}")]
pub async fn get_fixture(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let organisation = lookup::organisation(store, &slug).await?;
    let (fixture, _) = lookup::fixture(store, &organisation, FixtureId(id)).await?;
    Ok(HttpResponse::Ok().json(FixtureView::from(&fixture)))
}

fn changed(fixture: Fixture) -> HttpResponse {
    HttpResponse::Ok().json(FixtureView::from(&fixture))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MoveFixtureBody {
    /// The new date, year-month-day.
    #[schema(value_type = chrono::NaiveDate, example = "2026-10-13")]
    pub date: String,
    /// Its own start time, hours and minutes ("19:30") in the league's time zone; an empty
    /// string for its season's usual time; absent or null to keep the time it has.
    #[serde(default)]
    #[schema(pattern = "^(([01][0-9]|2[0-3]):[0-5][0-9])?$", example = "19:30")]
    pub start_time: Option<String>,
    /// True to move it onto a night when either team already plays; without it, such a move
    /// is refused (422) and nothing changes.
    #[serde(default)]
    pub same_night: bool,
}

#[utoipa::path(
    tag = "fixtures",
    description = "Gives a fixture without a result a new date, on or after its season's start \
                   and at most two years after it, and perhaps a start time of its own (or its \
                   season's usual one again); a postponed fixture is scheduled again. It keeps \
                   its round. A night when either team already plays is refused unless \
                   `same_night` is true.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    request_body = MoveFixtureBody,
    responses(
        (status = 200, body = MovedFixtureView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The fixture has a result", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/fixtures/{id}/move")]
pub async fn move_fixture(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<MoveFixtureBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    fixtures::organised_fixture(store, caller.who(), &slug, FixtureId(id)).await?;
    let date = date_of(&body.date).ok_or_else(|| {
        ApiError::invalid_field(
            "date",
            "Enter the date as year-month-day, such as 2026-10-13.",
        )
    })?;
    let start_time = match body.start_time.as_deref().map(time_of_day) {
        None => StartTime::Unchanged,
        Some(Ok(None)) => StartTime::Usual,
        Some(Ok(Some(time))) => StartTime::At(time),
        Some(Err(message)) => return Err(ApiError::invalid_field("start_time", message)),
    };
    let moved = fixtures::move_to(
        store,
        caller.who(),
        &slug,
        FixtureId(id),
        date,
        start_time,
        body.same_night,
    )
    .await
    .map_err(|error| match error {
        // The date is the one field a use case refuses.
        AppError::Invalid(problems) => invalid_of(problems, |_| "date".to_string()),
        error => error.into(),
    })?;
    Ok(HttpResponse::Ok().json(MovedFixtureView {
        fixture: FixtureView::from(&moved.fixture),
        warnings: moved.warnings.iter().map(ToString::to_string).collect(),
    }))
}

/// A fixture re-dated, with what its new date may clash with.
#[derive(Debug, Serialize, ToSchema)]
pub struct MovedFixtureView {
    #[serde(flatten)]
    pub fixture: FixtureView,
    /// What the new date may clash with, kept all the same: a blackout date of the season,
    /// another fixture of either team within a week, or on the same night when `same_night`
    /// confirmed it. Empty when nothing does.
    pub warnings: Vec<String>,
}

#[utoipa::path(
    tag = "fixtures",
    description = "Postpones a fixture without a result; it keeps its date until it is moved.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    responses(
        (status = 200, body = FixtureView),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The fixture has a result", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/fixtures/{id}/postpone")]
pub async fn postpone_fixture(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let fixture =
        fixtures::postpone(state.store.as_ref(), caller.who(), &slug, FixtureId(id)).await?;
    Ok(changed(fixture))
}

#[utoipa::path(
    tag = "fixtures",
    description = "Swaps home and away of a fixture without a result; it is then played at \
                   the other team's pub.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    responses(
        (status = 200, body = FixtureView),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The fixture has a result", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/fixtures/{id}/reverse")]
pub async fn reverse_fixture(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let fixture =
        fixtures::reverse(state.store.as_ref(), caller.who(), &slug, FixtureId(id)).await?;
    Ok(changed(fixture))
}
