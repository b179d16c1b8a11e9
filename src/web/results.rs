//! A fixture's result on the web: the public result page (the games hand by hand, the score,
//! where the result stands and its audit log), the captains' entry form, the other captain's
//! confirmation or dispute, and the organiser's correction.
//!
//! Everything sits under the organisation's address, like the public league pages, so a
//! fixture of another organisation is a 404 here.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::web::{Bytes, Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;

use super::AppState;
use super::error::WebError;
use super::layout::{Layout, redirect, render_with_status};
use super::result_form::{HandLine, ResultForm};
use super::session::Viewer;
use crate::app::fixture_squads::FixtureSquads;
use crate::app::lookup::{FixturePlace, fixture_place};
use crate::app::results::{self, EntryDate, HistoryLine, NewSubmission, Part};
use crate::app::{AppError, Conflict, Field};
use crate::domain::ids::{FixtureId, TeamId};
use crate::domain::match_format::{FixtureScore, MatchFormat, Side};
use crate::domain::match_result::{GameOutcome, ResultSheet, game_slots};
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{
    Competition, Division, Fixture, Organisation, ResultAction, Store, VersionScore,
};
use crate::token::SecretToken;

/// The fixture's page.
fn page_of(place: &FixturePlace) -> String {
    format!(
        "/leagues/{}/fixtures/{}",
        place.organisation.slug, place.fixture.id
    )
}

/// The fixture `id` of the organisation `slug`, or 404.
async fn place_of(store: &dyn Store, slug: &str, id: i64) -> Result<FixturePlace, WebError> {
    Ok(fixture_place(store, slug, FixtureId(id)).await?)
}

fn long_date(date: NaiveDate) -> String {
    date.format("%a %-d %b %Y").to_string()
}

fn when(at: DateTime<Utc>) -> String {
    at.format("%-d %b %Y at %H:%M UTC").to_string()
}

fn status_words(status: FixtureStatus) -> &'static str {
    match status {
        FixtureStatus::Scheduled => "Scheduled",
        FixtureStatus::Postponed => "Postponed",
        FixtureStatus::AwaitingConfirmation => "Awaiting confirmation",
        FixtureStatus::Disputed => "Disputed: the league will decide",
        FixtureStatus::Confirmed => "Confirmed",
        FixtureStatus::Walkover => "Walkover",
    }
}

/// A score in words: `Anchor 2–1 Bell`, or a walkover with the games it counts as.
fn score_words(score: FixtureScore, format: &MatchFormat, teams: (&str, &str)) -> String {
    let (home, away) = format.games(score);
    match score {
        FixtureScore::Played { .. } => format!("{} {home}–{away} {}", teams.0, teams.1),
        FixtureScore::Walkover { conceded_by } => {
            let absent = match conceded_by {
                Side::Home => teams.0,
                Side::Away => teams.1,
            };
            format!(
                "{} {home}–{away} {} (walkover: {absent} did not play)",
                teams.0, teams.1
            )
        }
    }
}

fn version_words(version: &VersionScore, format: &MatchFormat, teams: (&str, &str)) -> String {
    format!(
        "version {}: {}",
        version.version,
        score_words(version.score, format, teams)
    )
}

/// A game of the kept result as the scoresheet shows it.
struct GameView {
    heading: String,
    number: u32,
    home_players: String,
    away_players: String,
    outcome: String,
    lines: Vec<HandLine>,
}

fn game_views(
    sheet: &ResultSheet,
    squads: &FixtureSquads,
    competition: &Competition,
    teams: (&str, &str),
) -> Vec<GameView> {
    let ResultSheet::Played { games } = sheet else {
        return Vec::new();
    };
    let slots = game_slots(&competition.match_format);
    games
        .iter()
        .zip(&slots)
        .zip(1..)
        .map(|((game, leg), number)| {
            let names = |players: &[crate::domain::ids::PlayerId]| {
                if players.is_empty() {
                    "—".to_string()
                } else {
                    players
                        .iter()
                        .map(|player| squads.name(*player))
                        .collect::<Vec<_>>()
                        .join(" and ")
                }
            };
            let (outcome, lines) = match &game.outcome {
                GameOutcome::ConcededBy(side) => {
                    let (by, to) = match side {
                        Side::Home => teams,
                        Side::Away => (teams.1, teams.0),
                    };
                    (format!("Conceded by {by}: a game to {to}"), Vec::new())
                }
                GameOutcome::Hands(hands) => {
                    let lines = super::result_form::running_totals(
                        hands.iter().map(|hand| Ok(hand.clone())),
                    );
                    let outcome = match lines.last() {
                        Some(last) if last.home_total > last.away_total => {
                            format!("{} won {}–{}", teams.0, last.home_total, last.away_total)
                        }
                        Some(last) => {
                            format!("{} won {}–{}", teams.1, last.away_total, last.home_total)
                        }
                        None => String::new(),
                    };
                    (outcome, lines)
                }
            };
            GameView {
                heading: format!("Game {number}: {} to {}", leg.kind, leg.target),
                number,
                home_players: names(&game.home),
                away_players: names(&game.away),
                outcome,
                lines,
            }
        })
        .collect()
}

/// A line of the audit log as the page shows it.
struct EventView {
    at: String,
    who: String,
    action: &'static str,
    change: String,
    reason: Option<String>,
}

/// The history's lines as the page shows them: who acted by their part in the fixture, with
/// their address when the use case gives it (to organisers).
fn event_views(place: &FixturePlace, history: Vec<HistoryLine>) -> Vec<EventView> {
    let format = &place.competition.match_format;
    history
        .into_iter()
        .map(|line| {
            let part = match line.part {
                Part::CaptainOf(Side::Home) => format!("captain of {}", place.fixture.home_team),
                Part::CaptainOf(Side::Away) => format!("captain of {}", place.fixture.away_team),
                Part::League => "the league".to_string(),
            };
            let who = match &line.email {
                Some(email) => format!("{part} ({email})"),
                None => part,
            };
            let event = line.event;
            let after = version_words(&event.after, format, place.teams());
            let change = match &event.before {
                Some(before) => {
                    format!("{} → {after}", version_words(before, format, place.teams()))
                }
                None => after,
            };
            EventView {
                at: when(event.at),
                who,
                action: match event.action {
                    ResultAction::Submitted => "Submitted",
                    ResultAction::Confirmed => "Confirmed",
                    ResultAction::Disputed => "Disputed",
                    ResultAction::Corrected => "Corrected",
                },
                change,
                reason: event.reason,
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "results/fixture.html")]
struct FixturePage {
    layout: Layout,
    organisation: Organisation,
    competition: Competition,
    division: Division,
    fixture: Fixture,
    date: String,
    status: &'static str,
    score: Option<String>,
    corrected_on: Option<String>,
    /// For a fixture still without a result, when it is due.
    due_by: Option<String>,
    games: Vec<GameView>,
    history: Vec<EventView>,
    result_id: i64,
    may_enter: bool,
    may_confirm: bool,
    may_dispute: bool,
    may_correct: bool,
    error: Option<String>,
    reason: String,
}

async fn show_fixture(
    viewer: &Viewer,
    store: &dyn Store,
    place: FixturePlace,
    status: StatusCode,
    error: Option<String>,
    reason: String,
) -> Result<HttpResponse, WebError> {
    let shown = results::fixture_result(store, viewer.who(), &place).await?;
    let current = shown.current;
    let rights = shown.rights;
    let (may_confirm, may_dispute) = match &current {
        Some(result) => (
            rights.may_confirm(&place, result),
            rights.may_dispute(&place, result),
        ),
        None => (false, false),
    };
    let page = FixturePage {
        layout: viewer.layout(format!(
            "{} v {}",
            place.fixture.home_team, place.fixture.away_team
        )),
        date: long_date(place.fixture.date),
        status: status_words(place.fixture.status),
        score: current.as_ref().map(|result| {
            score_words(result.score, &place.competition.match_format, place.teams())
        }),
        corrected_on: current
            .as_ref()
            .filter(|result| result.version > 1)
            .map(|result| long_date(result.submitted_at.date_naive())),
        games: current.as_ref().map_or_else(Vec::new, |result| {
            game_views(
                &result.sheet,
                &shown.squads,
                &place.competition,
                place.teams(),
            )
        }),
        due_by: shown.due_by.map(long_date),
        history: event_views(&place, shown.history),
        result_id: current.as_ref().map_or(0, |result| result.id),
        may_enter: rights.may_enter(&place),
        may_confirm,
        may_dispute,
        may_correct: rights.may_correct(current.as_ref()),
        error,
        reason,
        organisation: place.organisation,
        competition: place.competition,
        division: place.division,
        fixture: place.fixture,
    };
    render_with_status(status, &page)
}

/// The public page of a fixture and its result.
#[get("/leagues/{slug}/fixtures/{id}")]
pub async fn fixture_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    show_fixture(&viewer, store, place, StatusCode::OK, None, String::new()).await
}

#[derive(Template)]
#[template(path = "results/entry.html")]
struct EntryPage {
    layout: Layout,
    organisation: Organisation,
    fixture: Fixture,
    date: String,
    action: String,
    heading: String,
    form: ResultForm,
    /// For a correction: why, as typed, and the problem with it.
    correction: Option<CorrectionFields>,
    /// Why the form could not be taken at all (another result came first).
    refusal: Option<String>,
    /// Before the fixture's date, for an organiser: why the result is entered early.
    early: Option<EarlyFields>,
    /// Before the fixture's date, for a captain: no form, only this.
    closed: Option<String>,
}

/// The organiser's reason for entering a result before the fixture's date, as typed, and the
/// problem with it.
#[derive(Default)]
struct EarlyFields {
    reason: String,
    error: Option<String>,
}

/// The name of the early reason's field and its anchor.
const EARLY_REASON: &str = "early_reason";

struct CorrectionFields {
    reason: String,
    error: Option<String>,
}

fn entry_page(
    viewer: &Viewer,
    place: &FixturePlace,
    form: ResultForm,
    correction: Option<CorrectionFields>,
    refusal: Option<String>,
) -> EntryPage {
    let (heading, action) = match correction {
        Some(_) => ("Correct the result", format!("{}/correct", page_of(place))),
        None => ("Enter the result", format!("{}/result", page_of(place))),
    };
    EntryPage {
        layout: viewer.layout(format!(
            "{}: {} v {}",
            heading, place.fixture.home_team, place.fixture.away_team
        )),
        organisation: place.organisation.clone(),
        fixture: place.fixture.clone(),
        date: long_date(place.fixture.date),
        action,
        heading: heading.to_string(),
        form,
        correction,
        refusal,
        early: None,
        closed: None,
    }
}

/// What the fixture's date allows today: the entry page as it is, a field for an
/// organiser's reason, or no form for a captain.
fn with_date_rule(mut page: EntryPage, date: EntryDate) -> EntryPage {
    match date {
        EntryDate::Open => {}
        EntryDate::Closed(refusal) => page.closed = Some(refusal.to_string()),
        EntryDate::ReasonNeeded => page.early = Some(EarlyFields::default()),
    }
    page
}

/// A new random key for a form: the same form posted twice is one submission.
fn submission_key() -> String {
    SecretToken::generate().as_str().to_string()
}

/// The captain's form for entering the result.
#[get("/leagues/{slug}/fixtures/{id}/result")]
pub async fn entry_form(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let entry = results::entry(store, viewer.who(), &place)
        .await
        .map_err(|error| viewer.refused(error))?;
    if !place.fixture.status.is_unplayed() {
        return Ok(redirect(&page_of(&place)));
    }
    let form = ResultForm::blank(
        entry.squads.rules(&place.competition),
        place.teams(),
        submission_key(),
    );
    let page = entry_page(&viewer, &place, form, None, None);
    render_with_status(StatusCode::OK, &with_date_rule(page, entry.date))
}

/// The result form's fields. Read here rather than by the site's form extractor, whose limit
/// suits short forms: a fixture's pasted game records, every move of every hand, run to tens of
/// kilobytes (the body is still limited, by actix's payload limit).
fn form_fields(body: &Bytes) -> Result<HashMap<String, String>, WebError> {
    serde_urlencoded::from_bytes::<Vec<(String, String)>>(body)
        .map(|fields| fields.into_iter().collect())
        .map_err(|error| WebError::BadRequest(format!("The form could not be read: {error}.")))
}

fn submission_key_of(fields: &HashMap<String, String>) -> Result<String, WebError> {
    fields
        .get("submission_key")
        .filter(|key| !key.is_empty() && key.len() <= 200)
        .cloned()
        .ok_or_else(|| {
            WebError::BadRequest(
                "The form has no submission key; reload the page and enter the result again."
                    .to_string(),
            )
        })
}

#[post("/leagues/{slug}/fixtures/{id}/result")]
pub async fn submit(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: Bytes,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    // Who may enter it is asked before the form is read.
    let entry = results::entry(store, viewer.who(), &place)
        .await
        .map_err(|error| viewer.refused(error))?;
    let fields = form_fields(&body)?;
    let key = submission_key_of(&fields)?;
    let rules = entry.squads.rules(&place.competition);
    let mut form = ResultForm::posted(rules, place.teams(), &fields);
    let typed_reason = fields.get(EARLY_REASON).map(String::as_str);
    let sheet = form.sheet(rules);
    let submission = NewSubmission {
        sheet,
        submission_key: &key,
        early_reason: typed_reason,
    };
    let refusal = match results::submit(store, viewer.who(), &place, submission).await {
        Ok(_) => return Ok(redirect(&page_of(&place))),
        Err(AppError::Invalid(problems)) => {
            return render_with_status(
                StatusCode::UNPROCESSABLE_ENTITY,
                &entry_with_problems(&viewer, &place, form, problems, typed_reason),
            );
        }
        Err(AppError::Conflict(Conflict::ResultAlreadySubmitted)) => {
            "A result for this fixture has already been submitted, so yours was not kept. See it on the fixture's page, where you can confirm or dispute it."
        }
        Err(AppError::Conflict(Conflict::FixtureChanged)) => {
            "The league changed this fixture (its home and away, or its date) while you were entering the result, so it was not kept. Check the fixture's page, then enter the result again."
        }
        Err(AppError::Conflict(Conflict::SubmissionKeyReused)) => {
            "This form was already used to submit another result, or by someone else, so it was not kept. Open the result form again to enter a result."
        }
        Err(error) => return Err(viewer.refused(error)),
    };
    render_with_status(
        StatusCode::CONFLICT,
        &entry_page(&viewer, &place, form, None, Some(refusal.to_string())),
    )
}

/// The entry page again with the use case's problems: the fixture's date (no form for a
/// captain), the organiser's early reason (first in the summary), and the result's.
fn entry_with_problems(
    viewer: &Viewer,
    place: &FixturePlace,
    mut form: ResultForm,
    problems: Vec<crate::app::Problem>,
    typed_reason: Option<&str>,
) -> EntryPage {
    let mut closed = None;
    let mut early = None;
    for problem in &problems {
        match problem.field {
            Field::Date => closed = Some(problem.message.clone()),
            Field::EarlyReason => {
                form.summary.insert(
                    0,
                    super::result_form::ErrorLink {
                        href: format!("#{EARLY_REASON}"),
                        message: problem.message.clone(),
                    },
                );
                early = Some(EarlyFields {
                    reason: typed_reason.unwrap_or_default().to_string(),
                    error: Some(problem.message.clone()),
                });
            }
            _ => form.show_problem(problem),
        }
    }
    let mut page = entry_page(viewer, place, form, None, None);
    page.closed = closed;
    page.early = early;
    page
}

#[derive(Deserialize)]
pub struct AnswerForm {
    result: i64,
    #[serde(default)]
    reason: String,
}

/// What a refused confirmation or dispute means to the person who asked, shown on the
/// fixture's page; any other refusal is the error page's.
fn answer_refusal(viewer: &Viewer, error: AppError) -> Result<String, WebError> {
    match error {
        AppError::Conflict(Conflict::ResultChanged) => Ok("The result has been changed since you opened this page, so nothing was done. Look at it again below.".to_string()),
        AppError::Conflict(conflict @ Conflict::NotAwaitingAnswer(_)) => Ok(conflict.to_string()),
        error => Err(viewer.refused(error)),
    }
}

/// The other captain (or an organiser) agrees with the result: it counts from now on.
#[post("/leagues/{slug}/fixtures/{id}/confirm")]
pub async fn confirm(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<AnswerForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    match results::confirm(store, viewer.who(), &place, form.result).await {
        Ok(()) => Ok(redirect(&page_of(&place))),
        Err(error) => {
            let message = answer_refusal(&viewer, error)?;
            let place = place_of(store, &slug, id).await?;
            show_fixture(
                &viewer,
                store,
                place,
                StatusCode::CONFLICT,
                Some(message),
                String::new(),
            )
            .await
        }
    }
}

/// The other captain disagrees, with a reason: the organiser decides.
#[post("/leagues/{slug}/fixtures/{id}/dispute")]
pub async fn dispute(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<AnswerForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let AnswerForm { result, reason } = form.into_inner();
    match results::dispute(store, viewer.who(), &place, result, &reason).await {
        Ok(()) => Ok(redirect(&page_of(&place))),
        Err(AppError::Invalid(problems)) => {
            let message = problems
                .into_iter()
                .map(|problem| problem.message)
                .collect();
            show_fixture(
                &viewer,
                store,
                place,
                StatusCode::UNPROCESSABLE_ENTITY,
                Some(message),
                reason,
            )
            .await
        }
        Err(error) => {
            let message = answer_refusal(&viewer, error)?;
            let place = place_of(store, &slug, id).await?;
            show_fixture(
                &viewer,
                store,
                place,
                StatusCode::CONFLICT,
                Some(message),
                reason,
            )
            .await
        }
    }
}

/// The organiser's correction form, holding the current version.
#[get("/leagues/{slug}/fixtures/{id}/correct")]
pub async fn correction_form(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let correction = results::correction(store, viewer.who(), &place)
        .await
        .map_err(|error| viewer.refused(error))?;
    let form = ResultForm::prefilled(
        correction.squads.rules(&place.competition),
        place.teams(),
        submission_key(),
        &correction.current.sheet,
    );
    let fields = CorrectionFields {
        reason: String::new(),
        error: None,
    };
    render_with_status(
        StatusCode::OK,
        &entry_page(&viewer, &place, form, Some(fields), None),
    )
}

#[post("/leagues/{slug}/fixtures/{id}/correct")]
pub async fn correct(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: Bytes,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    // Only an organiser's form is read.
    let correction = results::correction(store, viewer.who(), &place)
        .await
        .map_err(|error| viewer.refused(error))?;
    let fields = form_fields(&body)?;
    let key = submission_key_of(&fields)?;
    let rules = correction.squads.rules(&place.competition);
    let mut form = ResultForm::posted(rules, place.teams(), &fields);
    let typed = fields.get("reason").map_or("", |r| r.trim()).to_string();
    let sheet = form.sheet(rules);
    match results::correct(store, viewer.who(), &place, sheet, &key, &typed).await {
        Ok(_) => Ok(redirect(&page_of(&place))),
        Err(AppError::Invalid(problems)) => {
            let mut reason_error = None;
            for problem in &problems {
                match problem.field {
                    Field::Reason => reason_error = Some(problem.message.clone()),
                    _ => form.show_problem(problem),
                }
            }
            if let Some(message) = &reason_error {
                form.summary.push(super::result_form::ErrorLink {
                    href: "#reason".to_string(),
                    message: message.clone(),
                });
            }
            let correction = CorrectionFields {
                reason: typed,
                error: reason_error,
            };
            render_with_status(
                StatusCode::UNPROCESSABLE_ENTITY,
                &entry_page(&viewer, &place, form, Some(correction), None),
            )
        }
        Err(error) => Err(viewer.refused(error)),
    }
}

/// A fixture on the captain's team page, with the link to act on it.
pub struct TeamFixtureLink {
    pub date: String,
    pub home: String,
    pub away: String,
    pub status: &'static str,
    pub href: String,
    pub action: &'static str,
}

/// The team's fixtures in the latest season it plays in, each linking to its result entry
/// (while unplayed) or its result page.
pub async fn team_fixture_links(
    store: &dyn Store,
    organisation: &Organisation,
    team: TeamId,
) -> Result<Vec<TeamFixtureLink>, WebError> {
    let mut latest: Option<(NaiveDate, crate::domain::ids::SeasonId)> = None;
    for competition in store.competitions_of(organisation.id).await? {
        for season in store.seasons_of(competition.id).await? {
            if latest.is_some_and(|(start, _)| start >= season.start) {
                continue;
            }
            for division in store.divisions_of(season.id).await? {
                if store
                    .teams_of(division.id)
                    .await?
                    .iter()
                    .any(|member| member.id == team)
                {
                    latest = Some((season.start, season.id));
                    break;
                }
            }
        }
    }
    let Some((_, season)) = latest else {
        return Ok(Vec::new());
    };
    Ok(store
        .fixtures_of_team(team, season)
        .await?
        .into_iter()
        .map(|fixture| {
            let page = format!("/leagues/{}/fixtures/{}", organisation.slug, fixture.id);
            let (href, action) = if fixture.status.is_unplayed() {
                (format!("{page}/result"), "Enter the result")
            } else {
                (page, "See the result")
            };
            TeamFixtureLink {
                date: long_date(fixture.date),
                home: fixture.home_team,
                away: fixture.away_team,
                status: status_words(fixture.status),
                href,
                action,
            }
        })
        .collect())
}
