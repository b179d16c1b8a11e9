//! A championship's public page: the event in words, its standings (paged too), rounds and
//! the bracket of a knockout; with the words the organiser's pages share.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use askama::Template;
use fives_pairing::event::Event;
use fives_pairing::standings::Part as StandingPart;

use crate::app::championships::{self, ChampionshipView, StandingsRefused};
use crate::domain::championship::bracket::{BracketColumn, Part, Slot, bracket_view};
use crate::domain::championship::event::Stage;
use crate::domain::championship::{
    ChampionshipFormat, EntrantKind, Stages, TablePlay, TableScoring, tiebreak_words,
};
use crate::domain::ids::ChampionshipId;
use crate::domain::rule_words::game_name;
use crate::store::{Championship, Organisation, Table, TableStatus};
use crate::web::AppState;
use crate::web::dates::long_date;
use crate::web::error::WebError;
use crate::web::layout::render;
use crate::web::page_cache::CachedContent;
use crate::web::public::league::CachedPage;
use crate::web::session::Viewer;

use super::find::FindForm;

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
        // A draw is spoken of only where a table can be drawn.
        TableScoring::WinDrawLoss { win, draw, loss } if format.can_draw() => {
            format!("{win} for a win, {draw} for a draw, {loss} for a loss")
        }
        TableScoring::WinDrawLoss { win, loss, .. } => {
            format!("{win} for a win, {loss} for a loss")
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
/// A table's entrants as people read them: `Ann v Bob`, or partners as partners,
/// `Ann & Cat v Bob & Dan`.
pub fn table_words(format: &ChampionshipFormat, seats: &[String]) -> String {
    side_names(format, seats).join(" v ")
}

/// A table's sides by name, partners joined: `["Ann & Cat", "Bob & Dan"]`.
pub fn side_names(format: &ChampionshipFormat, seats: &[String]) -> Vec<String> {
    format
        .seating
        .by_side(seats)
        .into_iter()
        .map(|side| {
            side.into_iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" & ")
        })
        .collect()
}

pub(crate) fn table_title(stage: Stage, round: u32, table: u32) -> String {
    format!("{}, table {table}", round_title(stage, round))
}

fn dates_words(championship: &Championship) -> String {
    if championship.starts_on == championship.ends_on {
        long_date(championship.starts_on)
    } else {
        format!(
            "{} to {}",
            long_date(championship.starts_on),
            long_date(championship.ends_on)
        )
    }
}

pub(super) struct StandingRow {
    pub(super) rank: usize,
    pub(super) entrant: String,
    /// "withdrawn after round 2", "did not start", or nothing.
    pub(super) note: String,
    /// The entrant's path through the event.
    pub(super) path: String,
    pub(super) score: String,
    pub(super) tiebreaks: Vec<String>,
    /// In a knockout, how far the entrant went: "Winner", "Semi-finals", "playing in the
    /// Final".
    pub(super) reached: String,
}

pub(super) struct StageStandings {
    pub(super) title: String,
    /// A knockout's table: each entrant's last round, where a Swiss's has its score and
    /// tiebreaks.
    pub(super) knockout: bool,
    pub(super) tiebreaks: Vec<String>,
    pub(super) rows: Vec<StandingRow>,
    /// Why the engine cannot rank the stage, when it cannot: said instead of its rows.
    pub(super) refused: Option<String>,
}

/// A side of a table: an entrant, or partners as `Ann & Cat`, with the side's points once the
/// table has a result (partners share theirs).
pub(super) struct SideCell {
    pub(super) name: String,
    pub(super) points: String,
    pub(super) game_points: String,
}

pub(super) struct TableRow {
    pub(super) number: u32,
    /// Each seat's entrant, in seat order.
    pub(super) seats: Vec<String>,
    pub(super) sides: Vec<SideCell>,
    pub(super) status: &'static str,
}

pub(super) struct RoundBlock {
    pub(super) id: i64,
    pub(super) title: String,
    pub(super) tables: Vec<TableRow>,
    /// Tables left off this page, on the round's own page.
    pub(super) more_tables: usize,
    pub(super) byes: Vec<String>,
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

pub(super) fn status_words(status: TableStatus) -> &'static str {
    match status {
        TableStatus::Waiting => "playing",
        TableStatus::Entered => "awaiting the organiser",
        TableStatus::Confirmed => "confirmed",
    }
}

pub(super) fn table_row(view: &ChampionshipView, table: &Table) -> TableRow {
    let outcome = table.result.as_ref().map(|result| &result.outcome);
    let seats: Vec<usize> = (0..table.seats.len()).collect();
    let name = |seat: usize| {
        view.entrant(table.seats[seat])
            .map(|e| e.name.clone())
            .unwrap_or_default()
    };
    TableRow {
        number: table.number,
        seats: seats.iter().map(|&seat| name(seat)).collect(),
        sides: view
            .championship
            .format
            .seating
            .by_side(&seats)
            .into_iter()
            .map(|side| SideCell {
                name: side
                    .iter()
                    .map(|&&seat| name(seat))
                    .collect::<Vec<_>>()
                    .join(" & "),
                points: outcome
                    .and_then(|o| o.points.get(*side[0]))
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                game_points: outcome
                    .and_then(|o| o.game_points.get(*side[0]))
                    .map(ToString::to_string)
                    .unwrap_or_default(),
            })
            .collect(),
        status: status_words(table.status),
    }
}

pub(super) fn rounds_of(view: &ChampionshipView) -> Vec<RoundBlock> {
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

pub(super) fn standings_of(view: &ChampionshipView) -> Vec<StageStandings> {
    let tiebreaks: Vec<String> = view
        .championship
        .format
        .tiebreaks
        .iter()
        .map(|t| tiebreak_words(*t).to_string())
        .collect();
    let played = view
        .rounds
        .iter()
        .filter(|r| r.stage == Stage::Main)
        .count() as u32;
    let notes: std::collections::HashMap<&str, String> = view
        .entrants
        .iter()
        .filter_map(|e| {
            let note = match e.withdrawn_after? {
                0 if played > 0 => "did not start".to_string(),
                0 => "withdrawn".to_string(),
                after => format!("withdrawn after round {after}"),
            };
            Some((e.name.as_str(), note))
        })
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
        let knockout = is_knockout(view, stage);
        let reached = if knockout {
            last_rounds(view, stage)
        } else {
            std::collections::HashMap::new()
        };
        let lines = match view.standings(stage) {
            Ok(lines) => lines,
            Err(refused) => {
                tables.push(StageStandings {
                    title: stage_title(view, stage).to_string(),
                    knockout,
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
                note: notes
                    .get(line.entrant.as_str())
                    .cloned()
                    .unwrap_or_default(),
                path: paths
                    .get(line.entrant.as_str())
                    .cloned()
                    .unwrap_or_default(),
                reached: reached
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
                    knockout,
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
            knockout: is_knockout(view, Stage::Main),
            tiebreaks,
            rows: Vec::new(),
            refused: None,
        });
    }
    tables
}

/// A refused event document as the public pages say it: what is wrong, and who can mend it.
pub(super) fn standings_refused_words(refused: &StandingsRefused) -> String {
    format!(
        "The standings cannot be worked out from the rounds as published ({refused}). The organiser has been shown how to put it right; they will be back when it is."
    )
}

/// Whether the stage is a knockout or double elimination, ranked by how far each went.
fn is_knockout(view: &ChampionshipView, stage: Stage) -> bool {
    match stage {
        Stage::KnockoutAfterSwiss => true,
        Stage::Main => matches!(
            view.championship.format.stages,
            Stages::Knockout { .. } | Stages::DoubleElimination { .. }
        ),
    }
}

/// Each entrant's last round of a knockout stage, by name, from the bracket as it stands: an
/// entrant's last match is its last place in the bracket's columns (the winners' rounds, then
/// the losers', then the finals), where it won the event, was knocked out or still plays.
fn last_rounds(view: &ChampionshipView, stage: Stage) -> std::collections::HashMap<String, String> {
    let mut reached = std::collections::HashMap::new();
    for column in bracket_columns(view, stage).unwrap_or_default() {
        for game in &column.matches {
            for place in 0..2 {
                let name = &game.names[place];
                let decided = game.won[0] || game.won[1];
                // "in round 1", "in losers' round 2", but "in the Semi-finals".
                let title = column.title.as_str();
                let at = if title.starts_with("Round ") || title.starts_with("Losers'") {
                    format!("in {}", title.to_lowercase())
                } else {
                    format!("in the {title}")
                };
                let words = match (decided, game.won[place], title) {
                    (false, _, _) => format!("playing {at}"),
                    (true, true, "Final") => "Winner".to_string(),
                    (true, false, "Final") => "Runner-up".to_string(),
                    (true, true, "Third place") => "Third".to_string(),
                    (true, false, "Third place") => "Fourth".to_string(),
                    (true, true, _) => format!("through {at}"),
                    (true, false, _) => format!("out {at}"),
                };
                reached.insert(name.clone(), words);
            }
        }
    }
    reached
}

fn bracket_of(view: &ChampionshipView) -> Option<Vec<BracketColumnView>> {
    bracket_columns(view, *view.stages().last()?)
}

fn bracket_columns(view: &ChampionshipView, stage: Stage) -> Option<Vec<BracketColumnView>> {
    let event = Event::from_spec(view.event_document(stage)).ok()?;
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
    /// While the latest round has a table without a confirmed result.
    find_form: Option<FindForm>,
}

pub(super) async fn view(
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
        find_form: view
            .rounds
            .last()
            .is_some_and(|round| {
                round
                    .tables
                    .iter()
                    .any(|table| table.status != TableStatus::Confirmed)
            })
            .then(|| FindForm::new(&view.organisation.slug, view.championship.id.0, "")),
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
