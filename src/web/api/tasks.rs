//! What waits for the token's account as a captain: the dashboard's facts for scripts and apps.

use actix_web::web::Data;
use actix_web::{HttpResponse, get};
use serde::Serialize;
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::error::{ApiError, ErrorBody};
use super::views::{FixtureView, NamedRef};
use crate::app::tasks::{self, TeamTasks};
use crate::store::Fixture;
use crate::web::AppState;

/// A fixture that needs the captain, with where to act on it.
#[derive(Debug, Serialize, ToSchema)]
pub struct FixtureTask {
    pub fixture: FixtureView,
    /// The API address that acts on it: the result to submit, or the result to confirm or
    /// dispute (`.../confirm`, `.../dispute`).
    pub result: String,
    /// The page a person acts on it at.
    pub page: String,
}

/// One captained team's next fixture and what waits.
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamTasksView {
    pub team: NamedRef,
    /// The organisation's short name, for the team's other addresses.
    pub organisation: String,
    /// The first scheduled fixture from today on; null when none is to come.
    pub next_fixture: Option<FixtureView>,
    /// Fixtures played with no result submitted, by date.
    pub results_to_enter: Vec<FixtureTask>,
    /// Fixtures whose result the other side submitted, awaiting this side's answer, by date.
    pub results_to_answer: Vec<FixtureTask>,
}

fn task(slug: &str, fixture: &Fixture, page_tail: &str) -> FixtureTask {
    FixtureTask {
        fixture: FixtureView::from(fixture),
        result: format!(
            "/api/v1/organisations/{slug}/fixtures/{}/result",
            fixture.id
        ),
        page: format!("/leagues/{slug}/fixtures/{}{page_tail}", fixture.id),
    }
}

impl From<&TeamTasks> for TeamTasksView {
    fn from(tasks: &TeamTasks) -> Self {
        let slug = tasks.organisation.slug.as_str();
        Self {
            team: NamedRef {
                id: tasks.team.id.0,
                name: tasks.team.name.clone(),
            },
            organisation: slug.to_string(),
            next_fixture: tasks.next.as_ref().map(FixtureView::from),
            results_to_enter: tasks
                .to_enter
                .iter()
                .map(|fixture| task(slug, fixture, "/result"))
                .collect(),
            results_to_answer: tasks
                .to_answer
                .iter()
                .map(|fixture| task(slug, fixture, ""))
                .collect(),
        }
    }
}

#[utoipa::path(
    tag = "account",
    description = "What waits for the token's account as a captain, team by team: the next \
                   fixture, the results to enter and the results to confirm or dispute, as \
                   the dashboard shows them. Empty for an account that captains no team.",
    responses(
        (status = 200, body = Vec<TeamTasksView>),
        (status = 401, description = "No token, or not a live one", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[get("/api/v1/me/tasks")]
pub async fn my_tasks(caller: ApiCaller, state: Data<AppState>) -> Result<HttpResponse, ApiError> {
    let tasks = tasks::captain_tasks(state.store.as_ref(), caller.who()).await?;
    let tasks: Vec<TeamTasksView> = tasks.iter().map(TeamTasksView::from).collect();
    Ok(HttpResponse::Ok().json(tasks))
}
