//! The page a table's link opens, where a player at the table enters its result on a phone.

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;

use crate::app::AppError;
use crate::app::championships::{self, TablePlace};
use crate::domain::championship::play::{HandPlace, TableInPlay};
use crate::store::TableStatus;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::result_form::ResultForm;
use crate::web::session::Viewer;
use crate::web::table_form::{
    GameBoxWords, GameBoxes, TypedGames, blank_games, show_problems, table_games_posted,
};

use super::view::*;

#[derive(Template)]
#[template(path = "public/table_entry.html")]
struct TableEntryPage {
    layout: Layout,
    place_title: String,
    championship: String,
    /// Who plays whom: `Ann v Bob`, or `Ann & Cat v Bob & Dan`.
    table_words: String,
    table: TableRow,
    version: u32,
    /// Each game's boxes: as many as the table can play.
    games: Vec<GameBoxes>,
    words: GameBoxWords,
    /// At a team event's table, the team match's form instead.
    team_form: Option<ResultForm>,
    open: bool,
    problems: Vec<String>,
    saved: bool,
    path: String,
    /// The games played hand by hand, while the table plays (not at a team event's table).
    hand_play: Option<HandPlayView>,
    /// The live feed the page's table listens to.
    feed: String,
    /// Where the page's script sends hands, kept on the phone while it has no signal.
    hands_api: String,
}

/// A game at the table as its page says it.
pub(crate) struct GameLine {
    pub(crate) number: u32,
    /// "Ann 34, Bob 21", and who won it once it is over.
    pub(crate) words: String,
}

/// The hand-by-hand part of a table's page.
pub(crate) struct HandPlayView {
    pub(crate) games: Vec<GameLine>,
    pub(crate) next: Option<HandPlace>,
    pub(crate) undoable: Option<HandPlace>,
    /// A fresh key for the next hand's form: the same form sent twice is kept once.
    pub(crate) key: String,
}

fn hand_play_view(play: &TableInPlay, sides: &[String]) -> HandPlayView {
    HandPlayView {
        games: play
            .games
            .iter()
            .map(|game| {
                let totals: Vec<String> = sides
                    .iter()
                    .zip(&game.totals)
                    .map(|(side, total)| format!("{side} {total}"))
                    .collect();
                let end = match game.winner.and_then(|winner| sides.get(winner)) {
                    Some(winner) => format!(": {winner} won"),
                    None => " (in play)".to_string(),
                };
                GameLine {
                    number: game.number,
                    words: format!("{}{end}", totals.join(", ")),
                }
            })
            .collect(),
        next: play.next_hand(),
        undoable: play.last_hand_undoable(),
        key: crate::token::SecretToken::generate().as_str()[..32].to_string(),
    }
}

/// The table's sides by name in seat order: `Ann & Cat`, `Bob & Dan`.
pub fn side_names_of(place: &TablePlace) -> Vec<String> {
    table_row(&place.view, &place.table)
        .sides
        .into_iter()
        .map(|side| side.name)
        .collect()
}

pub(crate) fn entry_page(
    viewer: &Viewer,
    place: &TablePlace,
    play: Option<&TableInPlay>,
    link: &str,
    typed: TypedGames,
    problems: Vec<String>,
    saved: bool,
) -> Result<HttpResponse, WebError> {
    let (games, team_form) = match typed {
        TypedGames::Played(games) => (games, None),
        TypedGames::TeamMatch(form) => (Vec::new(), Some(form)),
    };
    let place_title = table_title(place.stage, place.round, place.table.number);
    let status = if problems.is_empty() {
        actix_web::http::StatusCode::OK
    } else {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    };
    let table = table_row(&place.view, &place.table);
    let sides: Vec<String> = table.sides.iter().map(|side| side.name.clone()).collect();
    let page = TableEntryPage {
        layout: viewer.layout(format!("{place_title}: {}", place.view.championship.name)),
        championship: place.view.championship.name.clone(),
        table_words: sides.join(" v "),
        words: GameBoxWords::of(place, &sides),
        table,
        version: place.table.version,
        games,
        team_form,
        open: place.table.status != TableStatus::Confirmed,
        hand_play: play
            .filter(|_| {
                place.table.status == TableStatus::Waiting
                    && place.view.championship.format.team_match.is_none()
            })
            .map(|play| hand_play_view(play, &sides)),
        problems,
        saved,
        path: format!("/tables/{link}"),
        feed: format!(
            "/api/v1/organisations/{}/live?championship={}",
            place.view.organisation.slug, place.view.championship.id.0
        ),
        hands_api: format!("/api/v1/tables/{link}/hands"),
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
    let playing = championships::playing_table(state.store.as_ref(), &link)
        .await
        .map_err(|error| viewer.refused(error))?;
    entry_page(
        &viewer,
        &playing.place,
        Some(&playing.play),
        &link,
        blank_games(&playing.place),
        Vec::new(),
        false,
    )
}

#[derive(serde::Deserialize)]
pub struct TableForm {
    version: u32,
    /// Each game's final score and hands, as `final_1` and `game_1`, `final_2` and `game_2` …
    #[serde(flatten)]
    games: std::collections::BTreeMap<String, String>,
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
    let (mut typed, games, mut problems) =
        table_games_posted(&place, &form.games, &side_names_of(&place));
    if let Some(games) = games {
        match championships::enter_result_by_link(store, &link, form.version, games).await {
            Ok(entered) => {
                return entry_page(&viewer, &entered, None, &link, typed, Vec::new(), true);
            }
            Err(AppError::Invalid(found)) => problems.extend(show_problems(&mut typed, found)),
            Err(AppError::Conflict(conflict)) => problems.push(conflict.to_string()),
            Err(error) => return Err(viewer.refused(error)),
        }
    }
    entry_page(&viewer, &place, None, &link, typed, problems, false)
}
