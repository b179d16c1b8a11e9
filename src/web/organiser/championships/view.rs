//! The organiser's page of one championship: its entrants, rounds, the next round as the engine
//! pairs it (with the organiser's edits: swaps, moves, pairs made by hand) and the log of its
//! tables' results.

use actix_web::web::{Data, Path, Query};
use actix_web::{HttpResponse, get};
use askama::Template;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::championships::{self, ChampionshipView, Preview};
use crate::domain::championship::edits::PairingEdit;
use crate::domain::championship::entrants::MAX_ENTRANTS;
use crate::domain::championship::event::Stage;
use crate::domain::championship::{ChampionshipFormat, EntrantKind};
use crate::domain::ids::{ChampionshipId, EntrantId, TableId};
use crate::store::{Championship, Entrant, Organisation, TableStatus};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render_with_status};
use crate::web::organiser::lookup::organised;
use crate::web::public::championships::{format_words, round_title, table_title, table_words};
use crate::web::session::Viewer;

struct EntrantLine {
    entrant: Entrant,
    status: String,
    /// Its players' rating in the league's pool now, when any is rated.
    league_rating: Option<i64>,
}

struct SeatLine {
    names: String,
    result: String,
}

struct TableLine {
    id: i64,
    number: u32,
    seats: SeatLine,
    status: TableStatus,
    version: u32,
}

struct RoundLine {
    id: i64,
    title: String,
    tables: Vec<TableLine>,
    byes: String,
    /// The round at a glance: tables waiting, entered, confirmed.
    waiting: usize,
    entered: usize,
    confirmed: usize,
    /// The entered tables as the confirm-all form sends them back: `id:version` each.
    entered_tables: String,
}

#[derive(Template)]
#[template(path = "organiser/championship.html")]
struct ChampionshipPage {
    layout: Layout,
    organisation: Organisation,
    championship: Championship,
    format: String,
    entrants: Vec<EntrantLine>,
    pairs: bool,
    max_entrants: usize,
    /// Entrants neither checked in nor withdrawn: "check in all" checks them in.
    not_checked_in: usize,
    entry_text: String,
    problems: Vec<String>,
    notice: Option<String>,
    preview: Option<PreviewLines>,
    no_round: Option<String>,
    rounds: Vec<RoundLine>,
    /// Every entry, confirmation and correction of a table's result, the latest first.
    log: Vec<LogLine>,
    /// What the engine names when it refuses the published rounds, to be put right.
    refused: Option<String>,
    /// Rounds paired before a result they were paired from was corrected, each with those
    /// tables: they stand as published, and the document marks them.
    paired_before: Vec<(String, String)>,
    /// The round in play's title, once one is published: its clock is started here.
    clock_round: Option<String>,
    /// When the round's clock runs out, in words, while it runs.
    clock: Option<String>,
    max_clock_minutes: u32,
}

struct LogLine {
    at: String,
    table: String,
    by: String,
    action: &'static str,
    change: String,
    reason: String,
}

/// A table's result as its points, seat by seat (`1–0`); empty for none.
/// A table's points side by side (`1–0`; partners share theirs, shown once).
fn points_words(format: &ChampionshipFormat, result: Option<&crate::store::TableResult>) -> String {
    result
        .map(|result| {
            format
                .seating
                .by_side(&result.outcome.points)
                .into_iter()
                .map(|side| side[0].to_string())
                .collect::<Vec<_>>()
                .join("–")
        })
        .unwrap_or_default()
}

fn log_of(view: &ChampionshipView, events: Vec<crate::store::TableEvent>) -> Vec<LogLine> {
    let place = |table: TableId| {
        view.rounds
            .iter()
            .find_map(|round| {
                round
                    .tables
                    .iter()
                    .find(|t| t.id == table)
                    .map(|t| table_title(round.stage, round.number, t.number))
            })
            .unwrap_or_default()
    };
    events
        .into_iter()
        .rev()
        .map(|event| LogLine {
            at: crate::web::dates::moment(event.at),
            table: place(event.table),
            by: event
                .by_email
                .clone()
                .unwrap_or_else(|| "a player, through the table's link".into()),
            action: match event.action {
                crate::store::TableAction::Entered => "entered",
                crate::store::TableAction::Confirmed => "confirmed",
                crate::store::TableAction::Corrected => "corrected",
            },
            change: match (&event.before, &event.after) {
                (Some(_), Some(_)) if event.action != crate::store::TableAction::Confirmed => {
                    format!(
                        "{} to {}",
                        points_words(&view.championship.format, event.before.as_ref()),
                        points_words(&view.championship.format, event.after.as_ref())
                    )
                }
                _ => points_words(&view.championship.format, event.after.as_ref()),
            },
            reason: event.reason.unwrap_or_default(),
        })
        .collect()
}

struct PreviewLines {
    title: String,
    tables: Vec<String>,
    byes: String,
    warnings: Vec<String>,
    /// The round differs from the engine's pairing.
    edited: bool,
    /// Why the round cannot be published as it stands.
    problem: Option<String>,
    /// The edits made, in words, in order.
    edit_words: Vec<String>,
    /// What the publish form sends back: the tables seen, and the edits made.
    seen: String,
    edits: String,
    names: Vec<String>,
    table_numbers: Vec<usize>,
    /// Why the engine paired the round so, a measure a line (a Swiss round's).
    explanation: Vec<String>,
}

fn rounds_of(view: &ChampionshipView) -> Vec<RoundLine> {
    let name = |id: EntrantId| view.entrant(id).map(|e| e.name.clone()).unwrap_or_default();
    view.rounds
        .iter()
        .rev()
        .map(|round| RoundLine {
            id: round.id.0,
            title: round_title(round.stage, round.number),
            tables: round
                .tables
                .iter()
                .map(|table| TableLine {
                    id: table.id.0,
                    number: table.number,
                    seats: SeatLine {
                        names: table_words(
                            &view.championship.format,
                            &table.seats.iter().map(|&id| name(id)).collect::<Vec<_>>(),
                        ),
                        result: points_words(&view.championship.format, table.result.as_ref()),
                    },
                    status: table.status,
                    version: table.version,
                })
                .collect(),
            byes: round
                .byes
                .iter()
                .map(|&id| name(id))
                .collect::<Vec<_>>()
                .join(", "),
            waiting: count(round, TableStatus::Waiting),
            entered: count(round, TableStatus::Entered),
            confirmed: count(round, TableStatus::Confirmed),
            entered_tables: round
                .tables
                .iter()
                .filter(|table| table.status == TableStatus::Entered)
                .map(|table| format!("{}:{}", table.id, table.version))
                .collect::<Vec<_>>()
                .join(" "),
        })
        .collect()
}

fn count(round: &crate::store::Round, status: TableStatus) -> usize {
    round.tables.iter().filter(|t| t.status == status).count()
}

fn preview_lines(preview: &Preview, edits: &[PairingEdit]) -> PreviewLines {
    let round = &preview.round;
    let format = &preview.view.championship.format;
    let mut names: Vec<String> = round
        .tables
        .iter()
        .flatten()
        .chain(&round.byes)
        .cloned()
        .collect();
    names.sort();
    PreviewLines {
        title: round_title(round.stage, round.number as u32),
        tables: round
            .tables
            .iter()
            .map(|seats| table_words(format, seats))
            .collect(),
        byes: round.byes.join(", "),
        warnings: preview.warnings.iter().map(ToString::to_string).collect(),
        edited: preview.edited,
        problem: preview.problem.clone(),
        edit_words: edits.iter().map(ToString::to_string).collect(),
        seen: serde_json::to_string(&round.tables).unwrap_or_default(),
        edits: edits_text(edits),
        names,
        table_numbers: (1..=round.tables.len()).collect(),
        explanation: round
            .explanation
            .as_deref()
            .map(|text| text.lines().map(str::to_string).collect())
            .unwrap_or_default(),
    }
}

/// Edits as the organiser's forms carry them between pages: a line each, its parts separated
/// by tabs (which no entrant's name holds): `swap`, `move` (to a table number or `bye`) or
/// `pair`, then the entrants.
pub(super) fn edits_text(edits: &[PairingEdit]) -> String {
    edits
        .iter()
        .map(|edit| match edit {
            PairingEdit::Swap { first, second } => format!("swap\t{first}\t{second}"),
            PairingEdit::Pair { first, second } => format!("pair\t{first}\t{second}"),
            PairingEdit::Move { entrant, to } => format!(
                "move\t{entrant}\t{}",
                to.map_or("bye".to_string(), |table| table.to_string())
            ),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The edits of [`edits_text`], read back; a browser sends the lines' ends as CR LF.
pub(super) fn edits_of(text: &str) -> Vec<PairingEdit> {
    text.lines()
        .filter_map(|line| edit_of(line.trim_end_matches('\r')))
        .collect()
}

fn edit_of(line: &str) -> Option<PairingEdit> {
    let mut parts = line.split('\t');
    let (kind, first, second) = (parts.next()?, parts.next()?, parts.next()?);
    let (first, second) = (first.to_string(), second.to_string());
    match kind {
        "swap" => Some(PairingEdit::Swap { first, second }),
        "pair" => Some(PairingEdit::Pair { first, second }),
        "move" => Some(PairingEdit::Move {
            entrant: first,
            to: second.parse().ok(),
        }),
        _ => None,
    }
}

pub(super) struct Shown {
    pub(super) entry_text: String,
    pub(super) problems: Vec<String>,
    pub(super) notice: Option<String>,
}

pub(super) async fn manage_page(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
    id: i64,
    edits: &[PairingEdit],
    shown: Shown,
) -> Result<HttpResponse, WebError> {
    let store = state.store.as_ref();
    let (preview, no_round, view) =
        match championships::preview_round(store, viewer.who(), slug, ChampionshipId(id), edits)
            .await
        {
            Ok(preview) => {
                let lines = preview_lines(&preview, edits);
                (Some(lines), None, preview.view)
            }
            Err(AppError::Conflict(reason)) => {
                let organisation = organised(viewer, state, slug).await?;
                let view =
                    championships::championship(store, &organisation.slug, ChampionshipId(id))
                        .await
                        .map_err(|error| viewer.refused(error))?;
                (None, Some(reason.to_string()), view)
            }
            Err(AppError::Invalid(problems)) => {
                // An edit that cannot be made: shown, and the round as the edits before it left
                // it (the last edit is the one just asked for; the others made the page shown).
                let mut shown = shown;
                for problem in problems {
                    if !shown.problems.contains(&problem.message) {
                        shown.problems.push(problem.message);
                    }
                }
                let earlier = &edits[..edits.len().saturating_sub(1)];
                return Box::pin(manage_page(viewer, state, slug, id, earlier, shown)).await;
            }
            Err(error) => return Err(viewer.refused(error)),
        };
    let played = view
        .rounds
        .iter()
        .filter(|r| r.stage == Stage::Main)
        .count() as u32;
    let events = championships::table_log(store, viewer.who(), &view)
        .await
        .map_err(|error| viewer.refused(error))?;
    let log = log_of(&view, events);
    let league_ratings = crate::app::ratings::league_ratings_of_entrants(
        store,
        &state.ratings,
        &view.organisation,
        view.championship.ruleset.preset,
        &view.entrants,
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    let status = if shown.problems.is_empty() {
        actix_web::http::StatusCode::OK
    } else {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    };
    let page = ChampionshipPage {
        layout: viewer.layout(view.championship.name.clone()),
        format: format_words(&view.championship.format),
        entrants: view
            .entrants
            .iter()
            .map(|entrant| EntrantLine {
                status: match (entrant.withdrawn_after, entrant.checked_in) {
                    (Some(0), _) if played > 0 => "did not start".into(),
                    (Some(after), _) => format!("withdrawn after round {after}"),
                    (None, true) => "checked in".into(),
                    (None, false) => String::new(),
                },
                league_rating: league_ratings.get(&entrant.id).copied(),
                entrant: entrant.clone(),
            })
            .collect(),
        pairs: view.championship.format.entrants == EntrantKind::Pairs,
        max_entrants: MAX_ENTRANTS,
        not_checked_in: view
            .entrants
            .iter()
            .filter(|e| !e.checked_in && e.withdrawn_after.is_none())
            .count(),
        entry_text: shown.entry_text,
        problems: shown.problems,
        notice: shown.notice,
        preview,
        no_round,
        rounds: rounds_of(&view),
        log,
        refused: view.refusal().map(|refused| refused.to_string()),
        paired_before: view
            .rounds
            .iter()
            .filter_map(|round| {
                let tables = view.paired_before_corrections(round);
                (!tables.is_empty())
                    .then(|| (round_title(round.stage, round.number), tables.join("; ")))
            })
            .collect(),
        clock_round: championships::latest_round(&view.rounds)
            .map(|round| round_title(round.stage, round.number)),
        clock: championships::latest_round(&view.rounds)
            .and_then(|round| round.clock_ends_at)
            .map(crate::web::dates::moment),
        max_clock_minutes: championships::MAX_CLOCK_MINUTES,
        organisation: view.organisation,
        championship: view.championship,
    };
    render_with_status(status, &page)
}

#[derive(Debug, Deserialize)]
pub struct EditQuery {
    /// The edits made so far, as [`edits_text`] writes them.
    #[serde(default)]
    edits: String,
    /// A new edit: `swap`, `move` or `pair`, its entrants, and a move's destination (a table
    /// number or `bye`).
    #[serde(default)]
    kind: String,
    #[serde(default)]
    first: String,
    #[serde(default)]
    second: String,
    #[serde(default)]
    to: String,
}

#[get("/organise/{slug}/championships/{id}")]
pub async fn championship_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    query: Query<EditQuery>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let mut edits = edits_of(&query.edits);
    let (first, second) = (query.first.clone(), query.second.clone());
    let new = match query.kind.as_str() {
        "swap" => Some(PairingEdit::Swap { first, second }),
        "pair" => Some(PairingEdit::Pair { first, second }),
        "move" => Some(PairingEdit::Move {
            entrant: first,
            to: query.to.parse().ok(),
        }),
        _ => None,
    };
    edits.extend(new.filter(|_| !query.first.is_empty()));
    let shown = Shown {
        entry_text: String::new(),
        problems: Vec::new(),
        notice: None,
    };
    manage_page(&viewer, &state, &slug, id, &edits, shown).await
}
