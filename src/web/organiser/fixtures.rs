//! An organiser's page for a division's fixtures, round by round: a fixture without a result
//! can be re-dated (with a start time of its own, or its season's usual one), postponed, or
//! played the other way round, at the other team's pub.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path, Query};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::NaiveTime;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::fixtures::{self, DivisionFixtures, StartTime};
use crate::app::lookup::DivisionPlace;
use crate::domain::ids::{DivisionId, FixtureId};
use crate::domain::league_time::written;
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{Bye, Fixture, Organisation};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::forms::refusal_messages;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::organiser::competition_seasons::{optional_time_of, parse_date};
use crate::web::public::fixture::{
    Done, date_warnings_in_words, place_of, show_fixture_redate_refused,
};
use crate::web::public::league::{date_and_time, status_label};
use crate::web::session::Viewer;

/// A fixture as the organiser's page shows it, with its forms' values.
pub struct FixtureBlock {
    pub id: FixtureId,
    pub when: String,
    pub home: String,
    pub away: String,
    pub venue: String,
    pub status: &'static str,
    pub unplayed: bool,
    pub postponed: bool,
    /// The re-date form's values: as typed when it was refused, else the fixture's own.
    pub date: String,
    pub start_time: String,
    /// Why the last change to this fixture was refused, empty when it was not.
    pub error: String,
}

pub struct RoundBlock {
    pub number: u32,
    pub fixtures: Vec<FixtureBlock>,
    pub byes: Vec<Bye>,
}

/// A refused change to one fixture: what was typed and why.
pub struct Refusal {
    fixture: FixtureId,
    date: Option<String>,
    start_time: Option<String>,
    message: String,
}

#[derive(Template)]
#[template(path = "organiser/fixtures.html")]
struct FixturesPage {
    layout: Layout,
    organisation: Organisation,
    place: DivisionPlace,
    usual_time: String,
    rounds: Vec<RoundBlock>,
    error: Option<String>,
    /// What was just done, in words.
    changed: Option<String>,
    /// What a change just made may clash with.
    warnings: Vec<String>,
}

/// `usual_time` is the season's: a fixture starting then offers an empty time, which keeps it
/// at the season's time.
fn fixture_block(
    fixture: &Fixture,
    usual_time: Option<NaiveTime>,
    refusal: Option<&Refusal>,
) -> FixtureBlock {
    let refusal = refusal.filter(|refusal| refusal.fixture == fixture.id);
    let typed = |field: Option<&Option<String>>, own: String| match field {
        Some(Some(value)) => value.clone(),
        _ => own,
    };
    FixtureBlock {
        id: fixture.id,
        when: date_and_time(fixture.date, fixture.start_time),
        home: fixture.home_team.clone(),
        away: fixture.away_team.clone(),
        venue: fixture.venue.as_ref().map_or_else(
            || "venue to be arranged".to_string(),
            |venue| format!("at {}", venue.name),
        ),
        status: status_label(fixture.status),
        unplayed: fixture.status.is_unplayed(),
        postponed: fixture.status == FixtureStatus::Postponed,
        date: typed(refusal.map(|r| &r.date), written(fixture.date)),
        start_time: typed(
            refusal.map(|r| &r.start_time),
            (fixture.start_time)
                .filter(|time| Some(*time) != usual_time)
                .map(|time| time.format("%H:%M").to_string())
                .unwrap_or_default(),
        ),
        error: refusal.map(|r| r.message.clone()).unwrap_or_default(),
    }
}

/// The rounds with a fixture still to play first, in order, then the rounds all played; in
/// each round, its fixtures still to play first.
fn unplayed_first(rounds: Vec<RoundBlock>) -> Vec<RoundBlock> {
    let (mut open, played): (Vec<RoundBlock>, Vec<RoundBlock>) = rounds
        .into_iter()
        .partition(|round| round.fixtures.iter().any(|fixture| fixture.unplayed));
    for round in &mut open {
        // A stable sort keeps the fixtures' own order within each kind.
        round.fixtures.sort_by_key(|fixture| !fixture.unplayed);
    }
    open.extend(played);
    open
}

async fn show_fixtures(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
    division: DivisionId,
    status: StatusCode,
    refusal: Option<Refusal>,
    (changed, warnings): (Option<String>, Vec<String>),
) -> Result<HttpResponse, WebError> {
    let DivisionFixtures {
        organisation,
        place,
        fixtures,
        byes,
    } = fixtures::of_division(state.store.as_ref(), viewer.who(), slug, division)
        .await
        .map_err(|error| viewer.refused(error))?;
    let usual_time = place.season.start_time;
    let mut rounds: BTreeMap<u32, RoundBlock> = BTreeMap::new();
    let round = |rounds: &mut BTreeMap<u32, RoundBlock>, number| {
        rounds.entry(number).or_insert_with(|| RoundBlock {
            number,
            fixtures: Vec::new(),
            byes: Vec::new(),
        });
    };
    for fixture in &fixtures {
        round(&mut rounds, fixture.round);
        if let Some(block) = rounds.get_mut(&fixture.round) {
            block
                .fixtures
                .push(fixture_block(fixture, usual_time, refusal.as_ref()));
        }
    }
    for bye in byes {
        round(&mut rounds, bye.round);
        if let Some(block) = rounds.get_mut(&bye.round) {
            block.byes.push(bye);
        }
    }
    let usual_time = usual_time
        .map(|time| time.format("%H:%M").to_string())
        .unwrap_or_default();
    render_with_status(
        status,
        &FixturesPage {
            layout: viewer.layout(format!(
                "{} {}: fixtures",
                place.competition.name, place.division.name
            )),
            organisation,
            place,
            usual_time,
            rounds: unplayed_first(rounds.into_values().collect()),
            error: refusal.map(|refusal| refusal.message),
            changed,
            warnings,
        },
    )
}

/// The fixtures page's address may say what was just done to which fixture
/// (`?done=moved&fixture=12`): the page says so, with a moved fixture's new date's clashes.
#[derive(Deserialize)]
pub struct FixturesQuery {
    done: Option<String>,
    fixture: Option<i64>,
}

#[get("/organise/{slug}/divisions/{id}/fixtures")]
pub async fn fixtures_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    query: Query<FixturesQuery>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let done = query.done.as_deref().and_then(Done::named);
    let (changed, warnings) = match (done, query.fixture) {
        (Some(done), Some(changed)) => {
            let store = state.store.as_ref();
            let (fixture, _) =
                fixtures::organised_fixture(store, viewer.who(), &slug, FixtureId(changed))
                    .await
                    .map_err(|error| viewer.refused(error))?;
            let warnings = if done == Done::Moved {
                date_warnings_in_words(store, &viewer, &slug, fixture.id)
                    .await
                    .map_err(|error| viewer.refused(error))?
            } else {
                Vec::new()
            };
            (Some(done.of_fixture(&fixture)), warnings)
        }
        _ => (None, Vec::new()),
    };
    show_fixtures(
        &viewer,
        &state,
        &slug,
        DivisionId(id),
        StatusCode::OK,
        None,
        (changed, warnings),
    )
    .await
}

/// Where an organiser who changed a fixture came from, and goes back to: the fixture's own
/// page, or (by default) the division's fixtures.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Back {
    #[default]
    Fixtures,
    Fixture,
}

/// Where the organiser goes after changing `fixture`: back where they were, told what was
/// done, so that a reload changes nothing again.
fn back_to(back: Back, slug: &str, fixture: &Fixture, done: Done) -> String {
    match back {
        Back::Fixture => format!(
            "/leagues/{slug}/fixtures/{}?done={}",
            fixture.id,
            done.as_str()
        ),
        Back::Fixtures => format!(
            "/organise/{slug}/divisions/{}/fixtures?done={}&fixture={}#fixture-{}",
            fixture.division_id,
            done.as_str(),
            fixture.id,
            fixture.id
        ),
    }
}

/// What the use case answered to a change of a fixture: back where the organiser was when it
/// was made, or the page again with the refusal at the fixture.
async fn answer(
    viewer: &Viewer,
    state: &AppState,
    (slug, back, done): (&str, Back, Done),
    fixture: &Fixture,
    outcome: Result<Fixture, AppError>,
    typed: (Option<String>, Option<String>),
) -> Result<HttpResponse, WebError> {
    let message = match outcome {
        Ok(changed) => return Ok(redirect(&back_to(back, slug, &changed, done))),
        Err(error) => refusal_messages(viewer, error)?.join(" "),
    };
    refuse(viewer, state, (slug, back), fixture, typed, message).await
}

async fn refuse(
    viewer: &Viewer,
    state: &AppState,
    (slug, back): (&str, Back),
    fixture: &Fixture,
    (date, start_time): (Option<String>, Option<String>),
    message: String,
) -> Result<HttpResponse, WebError> {
    if back == Back::Fixture {
        let place = place_of(state.store.as_ref(), slug, fixture.id.0).await?;
        return show_fixture_redate_refused(
            viewer,
            state.store.as_ref(),
            place,
            (date.unwrap_or_default(), start_time.unwrap_or_default()),
            message,
        )
        .await;
    }
    let refusal = Refusal {
        fixture: fixture.id,
        date,
        start_time,
        message,
    };
    show_fixtures(
        viewer,
        state,
        slug,
        fixture.division_id,
        StatusCode::UNPROCESSABLE_ENTITY,
        Some(refusal),
        (None, Vec::new()),
    )
    .await
}

#[derive(Deserialize)]
pub struct RedateForm {
    #[serde(default)]
    date: String,
    /// Hours and minutes; empty for the season's usual start time.
    #[serde(default)]
    start_time: String,
    /// Ticked to move it onto a night when either team already plays.
    #[serde(default)]
    same_night: Option<String>,
    #[serde(default)]
    back: Back,
}

/// Where a postponement or a swap came from.
#[derive(Deserialize)]
pub struct BackForm {
    #[serde(default)]
    back: Back,
}

#[post("/organise/{slug}/fixtures/{id}/date")]
pub async fn redate_fixture(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<RedateForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (fixture, _) = fixtures::organised_fixture(store, viewer.who(), &slug, FixtureId(id))
        .await
        .map_err(|error| viewer.refused(error))?;
    let RedateForm {
        date,
        start_time,
        same_night,
        back,
    } = form.into_inner();
    let parsed = match (parse_date(&date), optional_time_of(&start_time)) {
        (Err(message), _) | (Ok(_), Err(message)) => Err(message),
        (Ok(day), Ok(None)) => Ok((day, StartTime::Usual)),
        (Ok(day), Ok(Some(time))) => Ok((day, StartTime::At(time))),
    };
    let typed = (Some(date), Some(start_time));
    match parsed {
        Ok((day, time)) => {
            let outcome = fixtures::move_to(
                store,
                viewer.who(),
                &slug,
                fixture.id,
                day,
                time,
                same_night.is_some(),
            )
            .await
            .map(|moved| moved.fixture);
            let done = (slug.as_str(), back, Done::Moved);
            answer(&viewer, &state, done, &fixture, outcome, typed).await
        }
        Err(message) => refuse(&viewer, &state, (&slug, back), &fixture, typed, message).await,
    }
}

#[post("/organise/{slug}/fixtures/{id}/postpone")]
pub async fn postpone_fixture(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<BackForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (fixture, _) = fixtures::organised_fixture(store, viewer.who(), &slug, FixtureId(id))
        .await
        .map_err(|error| viewer.refused(error))?;
    let outcome = fixtures::postpone(store, viewer.who(), &slug, fixture.id).await;
    let done = (slug.as_str(), form.back, Done::Postponed);
    answer(&viewer, &state, done, &fixture, outcome, (None, None)).await
}

#[post("/organise/{slug}/fixtures/{id}/reverse")]
pub async fn reverse_fixture(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<BackForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (fixture, _) = fixtures::organised_fixture(store, viewer.who(), &slug, FixtureId(id))
        .await
        .map_err(|error| viewer.refused(error))?;
    let outcome = fixtures::reverse(store, viewer.who(), &slug, fixture.id).await;
    let done = (slug.as_str(), form.back, Done::Swapped);
    answer(&viewer, &state, done, &fixture, outcome, (None, None)).await
}
