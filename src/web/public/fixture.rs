//! A fixture's public page: the games hand by hand, the score, where the result stands and its
//! history, with the buttons for what the person looking may do with it (enter, confirm,
//! dispute, correct), which the use case says.
//!
//! Everything sits under the organisation's address, like the public league pages, so a
//! fixture of another organisation is a 404 here.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use askama::Template;

use crate::app::fixture_squads::FixtureSquads;
use crate::app::lookup::{FixturePlace, fixture_place};
use crate::app::results::{self, HistoryLine, Part};
use crate::domain::ids::FixtureId;
use crate::domain::match_format::{FixtureScore, MatchFormat, Side};
use crate::domain::match_result::{GameOutcome, ResultSheet, game_slots};
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{
    Competition, Division, Fixture, Organisation, ResultAction, Store, VersionScore,
};
use crate::web::AppState;
use crate::web::captain::result_form::HandLine;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render_with_status};
use crate::web::session::Viewer;

/// The fixture's page.
pub(crate) fn page_of(place: &FixturePlace) -> String {
    format!(
        "/leagues/{}/fixtures/{}",
        place.organisation.slug, place.fixture.id
    )
}

/// The fixture `id` of the organisation `slug`, or 404.
pub(crate) async fn place_of(
    store: &dyn Store,
    slug: &str,
    id: i64,
) -> Result<FixturePlace, WebError> {
    Ok(fixture_place(store, slug, FixtureId(id)).await?)
}

use crate::web::dates::{long_date, moment as when};

pub(crate) fn status_words(status: FixtureStatus) -> &'static str {
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
                    let lines = crate::web::captain::result_form::running_totals(
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
#[template(path = "public/fixture.html")]
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

pub(crate) async fn show_fixture(
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
