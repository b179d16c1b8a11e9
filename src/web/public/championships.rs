//! A championship's public pages: the event with its entrants, standings (each tiebreak's
//! value shown), every round's tables and results, the bracket of a knockout, and its files
//! (`standings.csv`, `pairings.csv`, the event document as JSON, an iCalendar entry); and the
//! page a table's link opens, where a player at the table enters its result on a phone.

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use chrono::Utc;
use fives_pairing::event::Event;
use fives_pairing::standings::Part as StandingPart;

use crate::app::AppError;
use crate::app::championships::{self, ChampionshipView, StandingsRefused, TableGames, TablePlace};
use crate::domain::championship::bracket::{BracketColumn, Part, Slot, bracket_view};
use crate::domain::championship::event::Stage;
use crate::domain::championship::table::pasted_table_hands;
use crate::domain::championship::{
    ChampionshipFormat, EntrantKind, Stages, TablePlay, TableScoring, tiebreak_words,
};
use crate::domain::entry_level::EntryLevel;
use crate::domain::hand_lines::parse_table_hand_lines;
use crate::domain::ids::ChampionshipId;
use crate::domain::league_time::LEAGUE_TIME_ZONE;
use crate::domain::match_result::{ResultRules, ResultSheet};
use crate::domain::rule_words::game_name;
use crate::store::{Championship, Organisation, Table, TableStatus};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::page_cache::CachedContent;
use crate::web::public::calendar::{self, CalendarFeed};
use crate::web::public::csv_export::{self, PairingRow};
use crate::web::public::league::{CachedPage, csv_response, host_without_port};
use crate::web::result_form::ResultForm;
use crate::web::session::Viewer;

/// The format in a sentence or two.
pub fn format_words(format: &ChampionshipFormat) -> String {
    let who = match format.entrants {
        EntrantKind::Players => "players",
        EntrantKind::Pairs => "pairs",
        EntrantKind::Teams => "teams",
    };
    let stages = match format.stages {
        Stages::Swiss { rounds } => format!("a Swiss of {rounds} rounds"),
        Stages::RoundRobin => "a round robin".into(),
        Stages::Groups { groups, advance } => {
            format!("{groups} groups, the first {advance} of each to a knockout play-off")
        }
        Stages::Knockout { third_place } => format!(
            "a knockout{}",
            if third_place {
                " with a third-place match"
            } else {
                ""
            }
        ),
        Stages::DoubleElimination { grand_final_reset } => format!(
            "a double elimination{}",
            if grand_final_reset {
                " (the grand final replayed if the losers' winner wins it)"
            } else {
                ""
            }
        ),
        Stages::SwissThenKnockout { rounds, top, .. } => {
            format!("a Swiss of {rounds} rounds, then a knockout of its top {top}")
        }
    };
    let seats = match (format.seating.seats, format.seating.partnerships) {
        (4, true) => "four at a table in partnerships".to_string(),
        (seats, _) => format!("{seats} at a table"),
    };
    let play = match (&format.team_match, format.table_play) {
        (Some(team_match), _) => {
            let legs: Vec<String> = team_match
                .legs
                .iter()
                .map(|leg| format!("{} {} to {}", leg.games, leg.kind, leg.target))
                .collect();
            format!("a team match a table of {}", legs.join(" and "))
        }
        (None, TablePlay::OneGame) => "one game a table".to_string(),
        (None, TablePlay::BestOf(n)) => format!("best of {n} games"),
        (None, TablePlay::FirstTo(n)) => format!("first to {n} games"),
    };
    let scoring = match &format.scoring {
        TableScoring::WinDrawLoss { win, draw, loss } => {
            format!("{win} for a win, {draw} for a draw, {loss} for a loss")
        }
        TableScoring::ByPlace(places) => {
            let list: Vec<String> = places.iter().map(ToString::to_string).collect();
            format!("{} by place", list.join(", "))
        }
    };
    format!(
        "For {who}: {stages}; {seats}, {play}; {scoring}; a bye scores {}.",
        format.bye_points
    )
}

/// A round as people call it: "Round 3", or "Knockout round 1" after a Swiss.
pub(crate) fn round_title(stage: Stage, number: u32) -> String {
    match stage {
        Stage::Main => format!("Round {number}"),
        Stage::KnockoutAfterSwiss => format!("Knockout round {number}"),
    }
}

/// A table as people call it: "Round 3, table 12".
pub(crate) fn table_title(stage: Stage, round: u32, table: u32) -> String {
    format!("{}, table {table}", round_title(stage, round))
}

fn dates_words(championship: &Championship) -> String {
    let day = |date: chrono::NaiveDate| date.format("%A %-d %B %Y").to_string();
    if championship.starts_on == championship.ends_on {
        day(championship.starts_on)
    } else {
        format!(
            "{} to {}",
            day(championship.starts_on),
            day(championship.ends_on)
        )
    }
}

struct StandingRow {
    rank: usize,
    entrant: String,
    /// The entrant's path through the event.
    path: String,
    score: String,
    tiebreaks: Vec<String>,
}

struct StageStandings {
    title: String,
    tiebreaks: Vec<String>,
    rows: Vec<StandingRow>,
    /// Why the engine cannot rank the stage, when it cannot: said instead of its rows.
    refused: Option<String>,
}

struct SeatCell {
    name: String,
    points: String,
    game_points: String,
}

struct TableRow {
    number: u32,
    seats: Vec<SeatCell>,
    status: &'static str,
}

struct RoundBlock {
    id: i64,
    title: String,
    tables: Vec<TableRow>,
    /// Tables left off this page, on the round's own page.
    more_tables: usize,
    byes: Vec<String>,
}

/// The standings' lines a page shows. The championship's page shows the first page, and the
/// standings pages every line a page at a time, so that a phone never loads a thousand lines.
pub const STANDINGS_PER_PAGE: usize = 100;
/// The latest round's tables the championship's page shows; the round's own page has all.
pub const TABLES_ON_CHAMPIONSHIP_PAGE: usize = 100;

/// Page `page` (from 1) of the standings: of all their lines in order, that page's, each under
/// its table's heading; and how many pages there are; `None` for a page there is not. A table
/// with no lines (an event with no entrants yet) is on the first page.
fn standings_page(
    tables: Vec<StageStandings>,
    page: usize,
) -> Option<(Vec<StageStandings>, usize)> {
    let lines: usize = tables.iter().map(|table| table.rows.len()).sum();
    let pages = lines.div_ceil(STANDINGS_PER_PAGE).max(1);
    // Checked before it is multiplied: a page number may be any that fits the address.
    if !(1..=pages).contains(&page) {
        return None;
    }
    let wanted = (page - 1) * STANDINGS_PER_PAGE..page * STANDINGS_PER_PAGE;
    let mut before = 0;
    let mut shown = Vec::new();
    for mut table in tables {
        let start = before;
        before += table.rows.len();
        let (from, to) = (wanted.start.max(start), wanted.end.min(before));
        if table.rows.is_empty() && page == 1 {
            shown.push(table);
        } else if from < to {
            table.rows = table.rows.drain(from - start..to - start).collect();
            shown.push(table);
        }
    }
    Some((shown, pages))
}

struct BracketBox {
    number: usize,
    names: [String; 2],
    /// Which place went through.
    won: [bool; 2],
}

struct BracketColumnView {
    title: String,
    matches: Vec<BracketBox>,
}

fn stage_title(view: &ChampionshipView, stage: Stage) -> &'static str {
    match (stage, view.stages().len()) {
        (Stage::KnockoutAfterSwiss, _) => "Knockout",
        (Stage::Main, 2) => "Swiss",
        (Stage::Main, _) => "Standings",
    }
}

fn status_words(status: TableStatus) -> &'static str {
    match status {
        TableStatus::Waiting => "playing",
        TableStatus::Entered => "awaiting the organiser",
        TableStatus::Confirmed => "confirmed",
    }
}

fn table_row(view: &ChampionshipView, table: &Table) -> TableRow {
    let outcome = table.result.as_ref().map(|result| &result.outcome);
    TableRow {
        number: table.number,
        seats: table
            .seats
            .iter()
            .enumerate()
            .map(|(seat, &id)| SeatCell {
                name: view.entrant(id).map(|e| e.name.clone()).unwrap_or_default(),
                points: outcome
                    .and_then(|o| o.points.get(seat))
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                game_points: outcome
                    .and_then(|o| o.game_points.get(seat))
                    .map(ToString::to_string)
                    .unwrap_or_default(),
            })
            .collect(),
        status: status_words(table.status),
    }
}

fn rounds_of(view: &ChampionshipView) -> Vec<RoundBlock> {
    view.rounds
        .iter()
        .map(|round| RoundBlock {
            id: round.id.0,
            title: round_title(round.stage, round.number),
            tables: round.tables.iter().map(|t| table_row(view, t)).collect(),
            more_tables: 0,
            byes: round
                .byes
                .iter()
                .filter_map(|&id| view.entrant(id).map(|e| e.name.clone()))
                .collect(),
        })
        .collect()
}

fn standings_of(view: &ChampionshipView) -> Vec<StageStandings> {
    let tiebreaks: Vec<String> = view
        .championship
        .format
        .tiebreaks
        .iter()
        .map(|t| tiebreak_words(*t).to_string())
        .collect();
    let paths: std::collections::HashMap<&str, String> = view
        .entrants
        .iter()
        .map(|e| {
            let path = format!(
                "/leagues/{}/championships/{}/entrants/{}",
                view.organisation.slug, view.championship.id, e.id
            );
            (e.name.as_str(), path)
        })
        .collect();
    let mut tables: Vec<StageStandings> = Vec::new();
    for stage in view.stages() {
        let lines = match view.standings(stage) {
            Ok(lines) => lines,
            Err(refused) => {
                tables.push(StageStandings {
                    title: stage_title(view, stage).to_string(),
                    tiebreaks: tiebreaks.clone(),
                    rows: Vec::new(),
                    refused: Some(standings_refused_words(&refused)),
                });
                continue;
            }
        };
        for line in lines {
            // A groups event's standings are each group's table, then the play-off's: each
            // drawn apart, under its own heading.
            let title = match &line.standing.part {
                None => stage_title(view, stage).to_string(),
                Some(StandingPart::Group(group)) => format!("Group {group}"),
                Some(StandingPart::PlayOff) => "Play-off".into(),
            };
            let row = StandingRow {
                rank: line.standing.rank,
                path: paths
                    .get(line.entrant.as_str())
                    .cloned()
                    .unwrap_or_default(),
                entrant: line.entrant,
                score: line.standing.score.to_json(),
                tiebreaks: line
                    .standing
                    .tiebreaks
                    .iter()
                    .map(|t| t.to_json())
                    .collect(),
            };
            match tables.last_mut() {
                Some(table) if table.title == title => table.rows.push(row),
                _ => tables.push(StageStandings {
                    title,
                    tiebreaks: tiebreaks.clone(),
                    rows: vec![row],
                    refused: None,
                }),
            }
        }
    }
    if tables.is_empty() {
        tables.push(StageStandings {
            title: stage_title(view, Stage::Main).into(),
            tiebreaks,
            rows: Vec::new(),
            refused: None,
        });
    }
    tables
}

/// A refused event document as the public pages say it: what is wrong, and who can mend it.
fn standings_refused_words(refused: &StandingsRefused) -> String {
    format!(
        "The standings cannot be worked out from the rounds as published ({refused}). The organiser has been shown how to put it right; they will be back when it is."
    )
}

fn bracket_of(view: &ChampionshipView) -> Option<Vec<BracketColumnView>> {
    let stage = *view.stages().last()?;
    let event = Event::parse(&view.event_document(stage).to_string()).ok()?;
    let columns = bracket_view(&event).ok()??;
    // A plain knockout's last rounds have their names.
    let single = columns
        .iter()
        .all(|c| matches!(c.part, Part::Winners | Part::ThirdPlace));
    let last = columns
        .iter()
        .filter(|c| c.part == Part::Winners)
        .map(|c| c.round)
        .max()
        .unwrap_or(0);
    Some(
        columns
            .iter()
            .map(|column| column_view(column, single.then_some(last)))
            .collect(),
    )
}

fn column_view(column: &BracketColumn, last_round: Option<usize>) -> BracketColumnView {
    let from_last = last_round.map(|last| last.saturating_sub(column.round));
    let title = match column.part {
        Part::Winners if from_last == Some(0) => "Final".into(),
        Part::Winners if from_last == Some(1) => "Semi-finals".into(),
        Part::Winners if from_last == Some(2) => "Quarter-finals".into(),
        Part::Winners => format!("Round {}", column.round),
        Part::Losers => format!("Losers' round {}", column.round),
        Part::Final => "Final".into(),
        Part::ThirdPlace => "Third place".into(),
    };
    let slot = |slot: &Slot| match slot {
        Slot::Entrant(name) => name.clone(),
        Slot::Bye => "(bye)".into(),
        Slot::WinnerOf(n) => format!("winner of match {n}"),
        Slot::LoserOf(n) => format!("loser of match {n}"),
    };
    BracketColumnView {
        title,
        matches: column
            .matches
            .iter()
            .map(|m| BracketBox {
                number: m.number,
                names: [slot(&m.slots[0]), slot(&m.slots[1])],
                won: [m.through == Some(0), m.through == Some(1)],
            })
            .collect(),
    }
}

#[derive(Template)]
#[template(path = "public/championship_content.html")]
struct ChampionshipContent {
    organisation: Organisation,
    championship: Championship,
    dates: String,
    game: &'static str,
    format: String,
    entrants: Vec<String>,
    /// The standings' first page.
    standings: Vec<StageStandings>,
    standings_pages: usize,
    per_page: usize,
    rounds: Vec<RoundBlock>,
    bracket: Option<Vec<BracketColumnView>>,
}

async fn view(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
    id: i64,
) -> Result<ChampionshipView, WebError> {
    championships::championship(state.store.as_ref(), slug, ChampionshipId(id))
        .await
        .map_err(|error| viewer.refused(error))
}

/// Read by everyone at the event on their phones between rounds, so it is rendered once per
/// change and served from the page cache in between.
#[get("/leagues/{slug}/championships/{id}")]
pub async fn championship_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let address = format!("/leagues/{slug}/championships/{id}");
    // Read before the page is built: a change committed meanwhile moves the revision on.
    let revision = state.store.content_revision().await?;
    let page = match state.pages.get(&address, revision) {
        Some(page) => page,
        None => {
            let view = view(&viewer, &state, &slug, id).await?;
            let page = championship_content(&view)?;
            state.pages.put(&address, revision, page.clone());
            page
        }
    };
    render(&CachedPage {
        layout: viewer.layout(page.title.to_string()),
        content: &page.content,
    })
}

fn championship_content(view: &ChampionshipView) -> Result<CachedContent, WebError> {
    let (standings, standings_pages) =
        standings_page(standings_of(view), 1).expect("the standings have a first page");
    let mut rounds = rounds_of(view);
    if let Some(latest) = rounds.last_mut() {
        latest.more_tables = latest
            .tables
            .len()
            .saturating_sub(TABLES_ON_CHAMPIONSHIP_PAGE);
        latest.tables.truncate(TABLES_ON_CHAMPIONSHIP_PAGE);
    }
    let content = ChampionshipContent {
        dates: dates_words(&view.championship),
        game: game_name(view.championship.ruleset.preset),
        format: format_words(&view.championship.format),
        entrants: view.entrants.iter().map(|e| e.name.clone()).collect(),
        rounds,
        bracket: bracket_of(view),
        standings,
        standings_pages,
        per_page: STANDINGS_PER_PAGE,
        organisation: view.organisation.clone(),
        championship: view.championship.clone(),
    }
    .render()
    .map_err(|error| WebError::Internal(anyhow::anyhow!("the championship page: {error}")))?;
    Ok(CachedContent {
        title: view.championship.name.as_str().into(),
        content: content.into(),
    })
}

#[derive(Template)]
#[template(path = "public/championship_standings.html")]
struct StandingsContent {
    organisation_slug: String,
    championship_id: i64,
    championship_name: String,
    standings: Vec<StageStandings>,
    page: usize,
    pages: usize,
    per_page: usize,
    first_line: usize,
    last_line: usize,
    lines: usize,
}

#[derive(serde::Deserialize)]
pub struct StandingsQuery {
    page: Option<usize>,
}

/// The standings in full, a page at a time, kept in the page cache as the championship's page.
#[get("/leagues/{slug}/championships/{id}/standings")]
pub async fn paged_standings(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    query: actix_web::web::Query<StandingsQuery>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let page = query.page.unwrap_or(1);
    let address = format!("/leagues/{slug}/championships/{id}/standings?page={page}");
    let revision = state.store.content_revision().await?;
    let content = match state.pages.get(&address, revision) {
        Some(content) => content,
        None => {
            let view = view(&viewer, &state, &slug, id).await?;
            let content = standings_content(&view, page)?;
            state.pages.put(&address, revision, content.clone());
            content
        }
    };
    render(&CachedPage {
        layout: viewer.layout(content.title.to_string()),
        content: &content.content,
    })
}

fn standings_content(view: &ChampionshipView, page: usize) -> Result<CachedContent, WebError> {
    let all = standings_of(view);
    let lines: usize = all.iter().map(|table| table.rows.len()).sum();
    let (standings, pages) = standings_page(all, page).ok_or(WebError::NotFound)?;
    let first_line = ((page - 1) * STANDINGS_PER_PAGE + 1).min(lines);
    let content = StandingsContent {
        organisation_slug: view.organisation.slug.to_string(),
        championship_id: view.championship.id.0,
        championship_name: view.championship.name.to_string(),
        standings,
        page,
        pages,
        per_page: STANDINGS_PER_PAGE,
        first_line,
        last_line: (page * STANDINGS_PER_PAGE).min(lines),
        lines,
    }
    .render()
    .map_err(|error| WebError::Internal(anyhow::anyhow!("the standings page: {error}")))?;
    Ok(CachedContent {
        title: format!("Standings, page {page}: {}", view.championship.name).into(),
        content: content.into(),
    })
}

/// A round as one entrant played it.
struct PathLine {
    round: String,
    /// "Table 3 with Ann, against Bob and Cat", or "a bye".
    place: String,
    points: String,
    status: &'static str,
}

#[derive(Template)]
#[template(path = "public/championship_entrant.html")]
struct EntrantPage {
    layout: Layout,
    organisation: Organisation,
    championship: Championship,
    entrant: String,
    lines: Vec<PathLine>,
}

/// An entrant's path through the event: each round's table, partners and opponents, points.
#[get("/leagues/{slug}/championships/{id}/entrants/{entrant_id}")]
pub async fn entrant_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, entrant_id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let entrant = view
        .entrants
        .iter()
        .find(|e| e.id.0 == entrant_id)
        .ok_or(WebError::NotFound)?
        .clone();
    let name = |id: crate::domain::ids::EntrantId| {
        view.entrant(id).map(|e| e.name.clone()).unwrap_or_default()
    };
    let partnerships = view.championship.format.seating.partnerships;
    let mut lines = Vec::new();
    for round in &view.rounds {
        let title = round_title(round.stage, round.number);
        if round.byes.contains(&entrant.id) {
            lines.push(PathLine {
                round: title,
                place: "a bye".into(),
                points: view.championship.format.bye_points.to_string(),
                status: "bye",
            });
            continue;
        }
        let Some((table, seat)) = round.tables.iter().find_map(|table| {
            table
                .seats
                .iter()
                .position(|&s| s == entrant.id)
                .map(|seat| (table, seat))
        }) else {
            continue;
        };
        let side = |s: usize| if partnerships { s % 2 } else { s };
        let partners: Vec<String> = (0..table.seats.len())
            .filter(|&s| s != seat && side(s) == side(seat))
            .map(|s| name(table.seats[s]))
            .collect();
        let opponents: Vec<String> = (0..table.seats.len())
            .filter(|&s| side(s) != side(seat))
            .map(|s| name(table.seats[s]))
            .collect();
        let with = if partners.is_empty() {
            String::new()
        } else {
            format!(" with {}", partners.join(" and "))
        };
        lines.push(PathLine {
            round: title,
            place: format!(
                "Table {}{with}, against {}",
                table.number,
                opponents.join(" and ")
            ),
            points: table
                .result
                .as_ref()
                .and_then(|r| r.outcome.points.get(seat))
                .map(ToString::to_string)
                .unwrap_or_default(),
            status: status_words(table.status),
        });
    }
    render(&EntrantPage {
        layout: viewer.layout(format!("{}: {}", entrant.name, view.championship.name)),
        entrant: entrant.name,
        lines,
        organisation: view.organisation,
        championship: view.championship,
    })
}

#[derive(Template)]
#[template(path = "public/championship_round.html")]
struct RoundPage {
    layout: Layout,
    organisation: Organisation,
    championship: Championship,
    round: RoundBlock,
}

#[get("/leagues/{slug}/championships/{id}/rounds/{round_id}")]
pub async fn round_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, round_id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let round = rounds_of(&view)
        .into_iter()
        .find(|round| round.id == round_id)
        .ok_or(WebError::NotFound)?;
    render(&RoundPage {
        layout: viewer.layout(format!("{}: {}", round.title, view.championship.name)),
        round,
        organisation: view.organisation,
        championship: view.championship,
    })
}

#[get("/leagues/{slug}/championships/{id}/standings.csv")]
pub async fn standings_csv(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let stage = *view.stages().last().unwrap_or(&Stage::Main);
    let tiebreaks: Vec<String> = view
        .championship
        .format
        .tiebreaks
        .iter()
        .map(|t| t.name().to_string())
        .collect();
    let lines: Vec<Vec<String>> = view
        .standings(stage)
        .map_err(|refused| WebError::Conflict(standings_refused_words(&refused)))?
        .into_iter()
        .map(|line| {
            let mut row = vec![
                line.standing.rank.to_string(),
                line.entrant,
                line.standing.score.to_json(),
            ];
            row.extend(line.standing.tiebreaks.iter().map(|t| t.to_json()));
            row
        })
        .collect();
    Ok(csv_response(
        format!("championship-{id}-standings.csv"),
        csv_export::championship_standings_csv(&tiebreaks, &lines),
    ))
}

#[get("/leagues/{slug}/championships/{id}/pairings.csv")]
pub async fn pairings_csv(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let mut rows = Vec::new();
    for round in &view.rounds {
        let stage = round.stage.name();
        for table in &round.tables {
            let counted = (table.status == TableStatus::Confirmed)
                .then_some(table.result.as_ref())
                .flatten();
            for (seat, &entrant) in table.seats.iter().enumerate() {
                rows.push(PairingRow {
                    stage,
                    round: round.number,
                    table: Some(table.number),
                    seat: Some(seat + 1),
                    entrant: view
                        .entrant(entrant)
                        .map(|e| e.name.clone())
                        .unwrap_or_default(),
                    points: counted
                        .and_then(|r| r.outcome.points.get(seat))
                        .map(|p| p.exact().to_json())
                        .unwrap_or_default(),
                    game_points: counted
                        .and_then(|r| r.outcome.game_points.get(seat))
                        .map(ToString::to_string)
                        .unwrap_or_default(),
                    status: table.status.as_str(),
                });
            }
        }
        for &bye in &round.byes {
            rows.push(PairingRow {
                stage,
                round: round.number,
                table: None,
                seat: None,
                entrant: view
                    .entrant(bye)
                    .map(|e| e.name.clone())
                    .unwrap_or_default(),
                points: view.championship.format.bye_points.exact().to_json(),
                game_points: String::new(),
                status: "bye",
            });
        }
    }
    Ok(csv_response(
        format!("championship-{id}-pairings.csv"),
        csv_export::pairings_csv(&rows),
    ))
}

#[get("/leagues/{slug}/championships/{id}/event.json")]
pub async fn event_json(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let stage = *view.stages().last().unwrap_or(&Stage::Main);
    Ok(HttpResponse::Ok().json(view.event_document(stage)))
}

#[get("/leagues/{slug}/championships/{id}/calendar.ics")]
pub async fn championship_calendar(
    request: HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let connection = request.connection_info();
    let feed = CalendarFeed {
        name: &view.championship.name,
        host: host_without_port(connection.host()),
        time_zone: LEAGUE_TIME_ZONE,
        generated_at: Utc::now(),
    };
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .body(calendar::championship_calendar(
            &feed,
            id,
            &view.championship.venue,
            view.championship.starts_on,
            view.championship.ends_on,
        )))
}

#[derive(Template)]
#[template(path = "public/table_entry.html")]
struct TableEntryPage {
    layout: Layout,
    place_title: String,
    championship: String,
    seats: Vec<String>,
    table: TableRow,
    version: u32,
    /// One text box a game: as many as the table can play.
    games: Vec<String>,
    /// At a team event's table, the team match's form instead.
    team_form: Option<ResultForm>,
    open: bool,
    problems: Vec<String>,
    saved: bool,
    path: String,
}

fn entry_page(
    viewer: &Viewer,
    place: &TablePlace,
    link: &str,
    typed: TypedGames,
    problems: Vec<String>,
    saved: bool,
) -> Result<HttpResponse, WebError> {
    let (games, team_form) = match typed {
        TypedGames::Hands(games) => (games, None),
        TypedGames::TeamMatch(form) => (Vec::new(), Some(form)),
    };
    let team_form = team_form.or_else(|| {
        with_team_rules(place, |rules, teams| {
            ResultForm::blank(rules, teams, String::new())
        })
    });
    let format = &place.view.championship.format;
    let most = format.table_play.most_games(format.seating.sides()) as usize;
    let mut boxes = games;
    boxes.resize(most.max(boxes.len()), String::new());
    let place_title = table_title(place.stage, place.round, place.table.number);
    let status = if problems.is_empty() {
        actix_web::http::StatusCode::OK
    } else {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    };
    let page = TableEntryPage {
        layout: viewer.layout(format!("{place_title}: {}", place.view.championship.name)),
        championship: place.view.championship.name.clone(),
        seats: place.seats().iter().map(|e| e.name.clone()).collect(),
        table: table_row(&place.view, &place.table),
        version: place.table.version,
        games: if team_form.is_some() {
            Vec::new()
        } else {
            boxes
        },
        team_form,
        open: place.table.status != TableStatus::Confirmed,
        problems,
        saved,
        path: format!("/tables/{link}"),
        place_title,
    };
    let mut response = render(&page)?;
    *response.status_mut() = status;
    Ok(response)
}

#[get("/tables/{link}")]
pub async fn table_page(
    viewer: Viewer,
    state: Data<AppState>,
    link: Path<String>,
) -> Result<HttpResponse, WebError> {
    let place = championships::table_of_link(state.store.as_ref(), &link)
        .await
        .map_err(|error| viewer.refused(error))?;
    entry_page(
        &viewer,
        &place,
        &link,
        TypedGames::Hands(Vec::new()),
        Vec::new(),
        false,
    )
}

#[derive(serde::Deserialize)]
pub struct TableForm {
    version: u32,
    /// Each game's hands, one line a hand, as `game_1`, `game_2` …
    #[serde(flatten)]
    games: std::collections::BTreeMap<String, String>,
}

/// A table's games as typed on its page, a box a game (`game_1`, `game_2` …, as many as the
/// table can play): the boxes' texts, to show again, and each game's hands read from its lines,
/// or every line's problem, named at its game and hand.
fn games_typed(
    place: &TablePlace,
    form: &std::collections::BTreeMap<String, String>,
) -> (
    Vec<String>,
    Vec<Vec<fives_rules::record::HandRecord>>,
    Vec<String>,
) {
    let format = &place.view.championship.format;
    let most = format.table_play.most_games(format.seating.sides()) as usize;
    let texts: Vec<String> = (1..=most)
        .map(|n| form.get(&format!("game_{n}")).cloned().unwrap_or_default())
        .collect();
    // Each seat of the game's record: a pair is two players, so four seats of two sides.
    let seats = place
        .seats()
        .iter()
        .map(|entrant| if entrant.partner.is_some() { 2 } else { 1 })
        .sum::<usize>();
    let sides = format.seating.sides() as usize;
    let filled = texts
        .iter()
        .rposition(|text| !text.trim().is_empty())
        .map_or(0, |last| last + 1);
    let championship = &place.view.championship;
    let mut games = Vec::new();
    let mut problems = Vec::new();
    for (number, text) in texts.iter().take(filled).enumerate() {
        if text.trim_start().starts_with('{') {
            match pasted_table_hands(text, &championship.ruleset, format, &place.seat_players) {
                Ok(hands) => games.push(hands),
                Err(message) => problems.push(format!("Game {}: {message}", number + 1)),
            }
            continue;
        }
        match parse_table_hand_lines(text, seats, sides) {
            Ok(hands) => games.push(hands),
            Err(errors) => problems.extend(
                errors
                    .into_iter()
                    .map(|e| format!("Game {}, hand {}: {}", number + 1, e.hand, e.message)),
            ),
        }
    }
    (texts, games, problems)
}

/// A table's games as typed on its page: a box of hand lines a game, or a team match's form.
pub(crate) enum TypedGames {
    Hands(Vec<String>),
    TeamMatch(ResultForm),
}

/// The league result form's rules at a team event's table: its team match's legs and the
/// squads of the two teams at it, named by the teams in seat order. `None` at other tables.
pub(crate) fn with_team_rules<T>(
    place: &TablePlace,
    then: impl FnOnce(ResultRules<'_>, (&str, &str)) -> T,
) -> Option<T> {
    let championship = &place.view.championship;
    let format = championship.format.team_match.as_ref()?.match_format();
    let seats = place.seats();
    let rules = ResultRules {
        ruleset: &championship.ruleset,
        format: &format,
        level: EntryLevel::Hands,
        home_squad: place.squads.first()?,
        away_squad: place.squads.get(1)?,
    };
    Some(then(rules, (&seats.first()?.name, &seats.get(1)?.name)))
}

/// What a table's page posted, read: the boxes as typed (to show again), the games when every
/// line could be read, and each problem found in reading, named at its game and hand.
pub(crate) fn table_games_posted(
    place: &TablePlace,
    fields: &std::collections::BTreeMap<String, String>,
) -> (TypedGames, Option<TableGames>, Vec<String>) {
    let team = with_team_rules(place, |rules, teams| {
        let fields: std::collections::HashMap<String, String> =
            fields.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut form = ResultForm::posted(rules, teams, &fields);
        let sheet = form.sheet(rules);
        (form, sheet)
    });
    match team {
        Some((form, Some(ResultSheet::Played { games }))) => (
            TypedGames::TeamMatch(form),
            Some(TableGames::TeamMatch(games)),
            Vec::new(),
        ),
        Some((form, _)) => {
            let problems = form.summary.iter().map(|p| p.message.clone()).collect();
            (TypedGames::TeamMatch(form), None, problems)
        }
        None => {
            let (texts, games, problems) = games_typed(place, fields);
            let games = problems.is_empty().then_some(TableGames::Hands(games));
            (TypedGames::Hands(texts), games, problems)
        }
    }
}

/// Shows the use case's problems with the games on the form they were typed in.
pub(crate) fn show_problems(
    typed: &mut TypedGames,
    found: Vec<crate::app::Problem>,
) -> Vec<String> {
    match typed {
        TypedGames::TeamMatch(form) => {
            let before = form.summary.len();
            for problem in &found {
                form.show_problem(problem);
            }
            form.summary[before..]
                .iter()
                .map(|p| p.message.clone())
                .collect()
        }
        TypedGames::Hands(_) => found.into_iter().map(|problem| problem.message).collect(),
    }
}

#[post("/tables/{link}")]
pub async fn enter_table_result(
    viewer: Viewer,
    state: Data<AppState>,
    link: Path<String>,
    form: Form<TableForm>,
) -> Result<HttpResponse, WebError> {
    let store = state.store.as_ref();
    let place = championships::table_of_link(store, &link)
        .await
        .map_err(|error| viewer.refused(error))?;
    let form = form.into_inner();
    let (mut typed, games, mut problems) = table_games_posted(&place, &form.games);
    if let Some(games) = games {
        match championships::enter_result_by_link(store, &link, form.version, games).await {
            Ok(entered) => return entry_page(&viewer, &entered, &link, typed, Vec::new(), true),
            Err(AppError::Invalid(found)) => problems.extend(show_problems(&mut typed, found)),
            Err(AppError::Conflict(conflict)) => problems.push(conflict.to_string()),
            Err(error) => return Err(viewer.refused(error)),
        }
    }
    entry_page(&viewer, &place, &link, typed, problems, false)
}
