//! The organiser's results page: the organisation's fixtures whose results are disputed,
//! overdue, or unanswered for more than a day, and each competition's deadline for results
//! with the points a late one costs.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path, Query};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::tasks::{self, OrganiserInbox, Waiting, WaitingFixture};
use crate::app::{league, league_today, lookup};
use crate::domain::ids::CompetitionId;
use crate::domain::player_tables::qualifying_games;
use crate::domain::result_deadline::ResultDeadline;
use crate::store::{Competition, Organisation, Store};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::session::Viewer;

/// A fixture the organiser should look at.
struct FixtureAlert {
    href: String,
    date: String,
    teams: String,
    division: String,
    /// Why it is listed, in words: "Disputed", "3 days overdue".
    why: String,
}

/// A competition's forms, as saved or as typed: its deadline for results, and the fewest
/// games a player of its players' tables is ranked with.
struct DeadlineForm {
    competition: Competition,
    days: String,
    points: String,
    error: Option<String>,
    min_games: String,
    min_games_error: Option<String>,
    /// Its forms were just saved.
    saved: bool,
}

/// What was typed into one of a competition's forms and refused, with why.
enum Typed {
    Deadline {
        competition: CompetitionId,
        days: String,
        points: String,
        error: String,
    },
    Qualifier {
        competition: CompetitionId,
        min_games: String,
        error: String,
    },
}

#[derive(Template)]
#[template(path = "organiser/results.html")]
struct ResultsPage {
    layout: Layout,
    organisation: Organisation,
    disputed: Vec<FixtureAlert>,
    overdue: Vec<FixtureAlert>,
    /// Submitted more than a day ago and not yet answered by the other side.
    unanswered: Vec<FixtureAlert>,
    deadlines: Vec<DeadlineForm>,
}

use crate::web::dates::long_date;

/// One count of what waits for an organisation's organisers, linking to its list.
pub struct InboxCount {
    pub count: usize,
    pub words: &'static str,
    pub href: String,
}

/// The counts of what waits, the empty ones left out, for the organiser's pages.
pub fn inbox_counts(slug: &str, inbox: &OrganiserInbox) -> Vec<InboxCount> {
    let page = format!("/organise/{slug}/results");
    [
        (
            inbox.disputed.len(),
            ("dispute to decide", "disputes to decide"),
            "disputed-heading",
        ),
        (
            inbox.overdue.len(),
            ("result overdue", "results overdue"),
            "overdue-heading",
        ),
        (
            inbox.unanswered.len(),
            (
                "result waiting for confirmation over a day",
                "results waiting for confirmation over a day",
            ),
            "unanswered-heading",
        ),
    ]
    .into_iter()
    .map(|(count, words, anchor)| (count, words, format!("{page}#{anchor}")))
    .chain([(
        inbox.transfers.len(),
        ("transfer to approve", "transfers to approve"),
        format!("/organise/{slug}/transfers"),
    )])
    .filter(|(count, _, _)| *count > 0)
    .map(|(count, (one, many), href)| InboxCount {
        count,
        words: if count == 1 { one } else { many },
        href,
    })
    .collect()
}

/// What waits, as the page lists it.
fn alerts(organisation: &Organisation, waiting: Vec<WaitingFixture>) -> Vec<FixtureAlert> {
    let today = league_today();
    waiting
        .into_iter()
        .map(|waiting| FixtureAlert {
            href: format!(
                "/leagues/{}/fixtures/{}",
                organisation.slug, waiting.fixture.id
            ),
            date: long_date(waiting.fixture.date),
            teams: format!(
                "{} v {}",
                waiting.fixture.home_team, waiting.fixture.away_team
            ),
            division: waiting.place,
            why: match waiting.why {
                Waiting::Disputed => "Disputed".to_string(),
                Waiting::Overdue { due_by } => {
                    let days = (today - due_by).num_days();
                    format!(
                        "{days} {} overdue (due by {})",
                        if days == 1 { "day" } else { "days" },
                        long_date(due_by)
                    )
                }
                Waiting::Unanswered { since } => format!(
                    "Submitted {}, not yet confirmed",
                    long_date(crate::domain::league_time::local(since).date_naive())
                ),
            },
        })
        .collect()
}

/// The page, with `typed` (a competition and its form as typed, with its problem) in place of
/// that competition's saved deadline.
async fn show(
    viewer: &Viewer,
    store: &dyn Store,
    organisation: Organisation,
    status: StatusCode,
    typed: Option<Typed>,
    saved: Option<i64>,
) -> Result<HttpResponse, WebError> {
    let inbox = tasks::organiser_inbox(store, viewer.who(), &organisation)
        .await
        .map_err(|error| viewer.refused(error))?;
    let mut deadlines = Vec::new();
    for competition in store.competitions_of(organisation.id).await? {
        let deadline = store.result_deadline(competition.id).await?;
        let min_games = store.player_table_min_games(competition.id).await?;
        let mut form = DeadlineForm {
            days: deadline.map_or_else(String::new, |d| d.days_after_fixture.to_string()),
            points: deadline.map_or_else(String::new, |d| d.late_points.to_string()),
            error: None,
            min_games: min_games.to_string(),
            min_games_error: None,
            saved: saved == Some(competition.id.0),
            competition,
        };
        match &typed {
            Some(Typed::Deadline {
                competition,
                days,
                points,
                error,
            }) if *competition == form.competition.id => {
                form.days = days.clone();
                form.points = points.clone();
                form.error = Some(error.clone());
            }
            Some(Typed::Qualifier {
                competition,
                min_games,
                error,
            }) if *competition == form.competition.id => {
                form.min_games = min_games.clone();
                form.min_games_error = Some(error.clone());
            }
            _ => {}
        }
        deadlines.push(form);
    }
    render_with_status(
        status,
        &ResultsPage {
            layout: viewer.layout(format!("Results: {}", organisation.name)),
            disputed: alerts(&organisation, inbox.disputed),
            overdue: alerts(&organisation, inbox.overdue),
            unanswered: alerts(&organisation, inbox.unanswered),
            organisation,
            deadlines,
        },
    )
}

/// The page's address may name the competition whose forms were just saved (`?saved=3`).
#[derive(Deserialize)]
pub struct ResultsQuery {
    saved: Option<i64>,
}

#[get("/organise/{slug}/results")]
pub async fn results_page(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
    query: Query<ResultsQuery>,
) -> Result<HttpResponse, WebError> {
    let store = state.store.as_ref();
    let organisation = lookup::organised(store, viewer.who(), &slug)
        .await
        .map_err(|error| viewer.refused(error))?;
    show(
        &viewer,
        store,
        organisation,
        StatusCode::OK,
        None,
        query.saved,
    )
    .await
}

#[derive(Deserialize)]
pub struct DeadlineFields {
    days: String,
    points: String,
}

/// Sets a competition's deadline; blank days remove it.
#[post("/organise/{slug}/competitions/{id}/result-deadline")]
pub async fn set_deadline(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<DeadlineFields>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the form, and only of their competition.
    let organisation = lookup::organised(store, viewer.who(), &slug)
        .await
        .map_err(|error| viewer.refused(error))?;
    let competition = lookup::competition(store, &organisation, CompetitionId(id)).await?;
    let DeadlineFields { days, points } = form.into_inner();
    let deadline = if days.trim().is_empty() {
        Ok(None)
    } else {
        let points_or_none = if points.trim().is_empty() {
            "0"
        } else {
            &points
        };
        ResultDeadline::from_form(&days, points_or_none).map(Some)
    };
    match deadline {
        Ok(deadline) => {
            league::set_result_deadline(store, viewer.who(), &slug, competition.id, deadline)
                .await
                .map_err(|error| viewer.refused(error))?;
            Ok(redirect(&format!(
                "/organise/{}/results?saved={}#deadline-{}",
                organisation.slug, competition.id, competition.id
            )))
        }
        Err(error) => {
            show(
                &viewer,
                store,
                organisation,
                StatusCode::UNPROCESSABLE_ENTITY,
                Some(Typed::Deadline {
                    competition: competition.id,
                    days,
                    points,
                    error,
                }),
                None,
            )
            .await
        }
    }
}

#[derive(Deserialize)]
pub struct QualifierFields {
    min_games: String,
}

/// Sets the fewest games a player of a competition's players' tables is ranked with.
#[post("/organise/{slug}/competitions/{id}/player-table")]
pub async fn set_player_table_qualifier(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<QualifierFields>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the form, and only of their competition.
    let organisation = lookup::organised(store, viewer.who(), &slug)
        .await
        .map_err(|error| viewer.refused(error))?;
    let competition = lookup::competition(store, &organisation, CompetitionId(id)).await?;
    let QualifierFields { min_games } = form.into_inner();
    match qualifying_games(&min_games) {
        Ok(games) => {
            league::set_player_table_min_games(store, viewer.who(), &slug, competition.id, games)
                .await
                .map_err(|error| viewer.refused(error))?;
            Ok(redirect(&format!(
                "/organise/{}/results?saved={}#deadline-{}",
                organisation.slug, competition.id, competition.id
            )))
        }
        Err(error) => {
            show(
                &viewer,
                store,
                organisation,
                StatusCode::UNPROCESSABLE_ENTITY,
                Some(Typed::Qualifier {
                    competition: competition.id,
                    min_games,
                    error,
                }),
                None,
            )
            .await
        }
    }
}
