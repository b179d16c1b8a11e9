//! An organiser confirms a table's result entered at the table, or enters or corrects it here.

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::championships::{
    self, MAX_CONFIRMED_AT_ONCE, OrganiserEntry, SeenTable, TablePlace,
};
use crate::domain::ids::{ChampionshipId, TableId};
use crate::store::{Championship, Organisation, TableStatus};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::public::championships::{side_names_of, table_title, table_words};
use crate::web::result_form::ResultForm;
use crate::web::session::Viewer;
use crate::web::table_form::{
    GameBoxWords, GameBoxes, TypedGames, kept_games, show_problems, table_games_posted,
};

use super::entrants::*;

#[derive(Debug, Deserialize)]
pub struct ConfirmForm {
    version: u32,
}

#[post("/organise/{slug}/championships/{id}/tables/{table_id}/confirm")]
pub async fn confirm_table(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    form: Form<ConfirmForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, table) = path.into_inner();
    let outcome = championships::confirm_table_result(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
        form.version,
    )
    .await
    .map(|_| String::new());
    after_change_at(&viewer, &state, &slug, id, "#rounds-heading", &[], outcome).await
}

#[derive(Debug, Deserialize)]
pub struct ConfirmAllForm {
    /// The entered tables the page showed, each `id:version`, separated by spaces.
    #[serde(default)]
    tables: String,
}

/// Confirms every entered table of the round the page showed, each as it was shown.
#[post("/organise/{slug}/championships/{id}/confirm-entered")]
pub async fn confirm_entered_tables(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<ConfirmAllForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let seen: Vec<SeenTable> = form
        .tables
        .split_whitespace()
        .take(MAX_CONFIRMED_AT_ONCE + 1)
        .filter_map(|pair| {
            let (table, version) = pair.split_once(':')?;
            Some(SeenTable {
                table: TableId(table.parse().ok()?),
                version: version.parse().ok()?,
            })
        })
        .collect();
    let outcome = championships::confirm_entered_tables(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        ChampionshipId(id),
        &seen,
    )
    .await
    .map(|count| format!("{count} confirmed."));
    after_change_at(&viewer, &state, &slug, id, "#rounds-heading", &[], outcome).await
}

#[derive(Template)]
#[template(path = "organiser/championship_table.html")]
struct TablePage {
    layout: Layout,
    organisation: Organisation,
    championship: Championship,
    title: String,
    seats: String,
    table_id: i64,
    version: u32,
    confirmed: bool,
    games: Vec<GameBoxes>,
    words: GameBoxWords,
    /// At a team event's table, the team match's form instead.
    team_form: Option<ResultForm>,
    reason: String,
    problems: Vec<String>,
}

/// The table's form: as typed when it was refused, otherwise the kept result to correct.
fn table_page(
    viewer: &Viewer,
    place: TablePlace,
    typed: Option<TypedGames>,
    reason: String,
    problems: Vec<String>,
) -> Result<HttpResponse, WebError> {
    let (games, team_form) = match typed.unwrap_or_else(|| kept_games(&place)) {
        TypedGames::Played(games) => (games, None),
        TypedGames::TeamMatch(form) => (Vec::new(), Some(form)),
    };
    let title = table_title(place.stage, place.round, place.table.number);
    let status = if problems.is_empty() {
        actix_web::http::StatusCode::OK
    } else {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    };
    let sides = side_names_of(&place);
    let page = TablePage {
        layout: viewer.layout(format!("{title}: {}", place.view.championship.name)),
        seats: table_words(
            &place.view.championship.format,
            &place
                .seats()
                .iter()
                .map(|e| e.name.clone())
                .collect::<Vec<_>>(),
        ),
        words: GameBoxWords::of(&place, &sides),
        table_id: place.table.id.0,
        version: place.table.version,
        confirmed: place.table.status == TableStatus::Confirmed,
        title,
        games,
        team_form,
        reason,
        problems,
        organisation: place.view.organisation,
        championship: place.view.championship,
    };
    render_with_status(status, &page)
}

#[get("/organise/{slug}/championships/{id}/tables/{table_id}")]
pub async fn table_form(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, table) = path.into_inner();
    let place = championships::organised_table(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    table_page(&viewer, place, None, String::new(), Vec::new())
}

#[derive(Debug, Deserialize)]
pub struct TableResultForm {
    version: u32,
    #[serde(default)]
    reason: String,
    #[serde(flatten)]
    games: std::collections::BTreeMap<String, String>,
}

#[post("/organise/{slug}/championships/{id}/tables/{table_id}")]
pub async fn enter_table_result(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    form: Form<TableResultForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, table) = path.into_inner();
    let store = state.store.as_ref();
    let place = championships::organised_table(
        store,
        viewer.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    let form = form.into_inner();
    let (mut typed, games, mut problems) =
        table_games_posted(&place, &form.games, &side_names_of(&place));
    if let Some(games) = games {
        let entry = OrganiserEntry {
            from_version: form.version,
            games,
            reason: Some(form.reason.clone()),
        };
        match championships::enter_result_as_organiser(
            store,
            viewer.who(),
            &slug,
            ChampionshipId(id),
            TableId(table),
            entry,
        )
        .await
        {
            Ok(_) => return Ok(redirect(&format!("/organise/{slug}/championships/{id}"))),
            Err(AppError::Invalid(found)) => problems.extend(show_problems(&mut typed, found)),
            Err(AppError::Conflict(conflict)) => problems.push(conflict.to_string()),
            Err(error) => return Err(viewer.refused(error)),
        }
    }
    table_page(&viewer, place, Some(typed), form.reason, problems)
}
