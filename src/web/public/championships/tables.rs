//! The page a table's link opens, where a player at the table enters its result on a phone.

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;

use crate::app::AppError;
use crate::app::championships::{self, TableGames, TablePlace};
use crate::domain::championship::table::pasted_table_hands;
use crate::domain::entry_level::EntryLevel;
use crate::domain::hand_lines::parse_table_hand_lines;
use crate::domain::match_result::{ResultRules, ResultSheet};
use crate::store::TableStatus;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::result_form::ResultForm;
use crate::web::session::Viewer;

use super::view::*;

#[derive(Template)]
#[template(path = "public/table_entry.html")]
struct TableEntryPage {
    layout: Layout,
    place_title: String,
    championship: String,
    /// Who plays whom: `Ann v Bob`, or `Ann & Cat v Bob & Dan`.
    table_words: String,
    /// The sides in the order their points are written on a hand's line.
    sides: Vec<String>,
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
    let table = table_row(&place.view, &place.table);
    let page = TableEntryPage {
        layout: viewer.layout(format!("{place_title}: {}", place.view.championship.name)),
        championship: place.view.championship.name.clone(),
        table_words: table
            .sides
            .iter()
            .map(|side| side.name.as_str())
            .collect::<Vec<_>>()
            .join(" v "),
        sides: table.sides.iter().map(|side| side.name.clone()).collect(),
        table,
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
