//! An organiser confirms a table's result entered at the table, or enters or corrects it here.

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::championships::{
    self, MAX_CONFIRMED_AT_ONCE, OrganiserEntry, SeenTable, TablePlace,
};
use crate::domain::championship::table::table_game_record;
use crate::domain::hand_lines::write_hand_lines;
use crate::domain::ids::{ChampionshipId, TableId};
use crate::domain::match_result::{GameSheet, ResultSheet};
use crate::store::{Championship, Organisation, TableStatus};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::public::championships::{
    TypedGames, show_problems, table_games_posted, table_title, table_words, with_team_rules,
};
use crate::web::result_form::ResultForm;
use crate::web::session::Viewer;

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
    games: Vec<String>,
    /// At a team event's table, the team match's form instead.
    team_form: Option<ResultForm>,
    reason: String,
    problems: Vec<String>,
}

/// The kept result's team match, on the form, to correct; a blank form for a table without.
fn kept_team_form(place: &TablePlace) -> Option<ResultForm> {
    let kept: Option<Vec<GameSheet>> = place
        .table
        .result
        .as_ref()
        .and_then(|result| serde_json::from_str::<serde_json::Value>(&result.sheet).ok())
        .and_then(|sheet| serde_json::from_value(sheet["games"].clone()).ok());
    with_team_rules(place, |rules, teams| match kept {
        Some(games) => {
            ResultForm::prefilled(rules, teams, String::new(), &ResultSheet::Played { games })
        }
        None => ResultForm::blank(rules, teams, String::new()),
    })
}

fn table_page(
    viewer: &Viewer,
    place: TablePlace,
    typed: Option<TypedGames>,
    reason: String,
    problems: Vec<String>,
) -> Result<HttpResponse, WebError> {
    let format = &place.view.championship.format;
    let most = format.table_play.most_games(format.seating.sides()) as usize;
    let (games, team_form) = match typed {
        Some(TypedGames::Hands(games)) => (games, None),
        Some(TypedGames::TeamMatch(form)) => (Vec::new(), Some(form)),
        None => (Vec::new(), kept_team_form(&place)),
    };
    let mut games = if team_form.is_some() {
        Vec::new()
    } else if games.is_empty() {
        // What is kept, to correct.
        place
            .table
            .result
            .as_ref()
            .and_then(|result| serde_json::from_str::<serde_json::Value>(&result.sheet).ok())
            .and_then(|sheet| {
                serde_json::from_value::<Vec<Vec<fives_rules::record::HandRecord>>>(
                    sheet["games"].clone(),
                )
                .ok()
            })
            .map(|kept| {
                // Hands with more than lines can say (moves, deals) come back as the record.
                let championship = &place.view.championship;
                kept.into_iter()
                    .map(|hands| {
                        write_hand_lines(&hands).unwrap_or_else(|| {
                            table_game_record(
                                &championship.ruleset,
                                &championship.format,
                                &place.seat_players,
                                hands,
                            )
                            .to_json()
                        })
                    })
                    .collect()
            })
            .unwrap_or_default()
    } else {
        games
    };
    if team_form.is_none() {
        games.resize(most.max(games.len()), String::new());
    }
    let title = table_title(place.stage, place.round, place.table.number);
    let status = if problems.is_empty() {
        actix_web::http::StatusCode::OK
    } else {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    };
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
    let (mut typed, games, mut problems) = table_games_posted(&place, &form.games);
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
