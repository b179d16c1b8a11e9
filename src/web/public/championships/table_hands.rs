//! A table's page, hand by hand: a hand typed as it is scored ("10 5", each side's points in
//! order), checked at once, and the last hand of the game in play taken back. Each answers
//! with the table's page again (a redirect after a change, so a reload sends nothing twice).

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, post};
use chrono::Utc;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::championships::{self, HandAtTable, HandTarget};
use crate::domain::championship::play::HandPlace;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::redirect;
use crate::web::session::Viewer;
use crate::web::table_form::blank_games;

use super::tables::{entry_page, side_names_of};

#[derive(Debug, Deserialize)]
pub struct HandForm {
    #[serde(default)]
    key: String,
    game: u32,
    hand: u32,
    /// Each side's points for the hand, in order, pegs after a bar if kept.
    #[serde(default)]
    score: String,
}

/// The table's page again with what went wrong, the table as it stands now.
async fn refused_again(
    viewer: &Viewer,
    state: &AppState,
    link: &str,
    problem: String,
) -> Result<HttpResponse, WebError> {
    let playing = championships::playing_table(state.store.as_ref(), link)
        .await
        .map_err(|error| viewer.refused(error))?;
    let mut page = entry_page(
        viewer,
        &playing.place,
        Some(&playing.play),
        link,
        blank_games(&playing.place),
        vec![problem],
        false,
    )?;
    *page.status_mut() = actix_web::http::StatusCode::UNPROCESSABLE_ENTITY;
    Ok(page)
}

fn words_of(error: AppError) -> Result<String, AppError> {
    match error {
        AppError::Invalid(problems) => Ok(problems
            .into_iter()
            .map(|problem| problem.message)
            .collect::<Vec<_>>()
            .join(" ")),
        AppError::Conflict(conflict) => Ok(conflict.to_string()),
        error => Err(error),
    }
}

#[post("/tables/{link}/hands")]
pub async fn enter_table_hand(
    viewer: Viewer,
    state: Data<AppState>,
    link: Path<String>,
    form: Form<HandForm>,
) -> Result<HttpResponse, WebError> {
    let store = state.store.as_ref();
    let place = championships::table_of_link(store, &link)
        .await
        .map_err(|error| viewer.refused(error))?;
    let hand = match championships::hand_of_line(&place, &form.score, &side_names_of(&place)) {
        Ok(hand) => hand,
        Err(error) => {
            let words = words_of(error).map_err(|error| viewer.refused(error))?;
            return refused_again(&viewer, &state, &link, words).await;
        }
    };
    let entry = HandAtTable {
        key: form.key.clone(),
        place: HandTarget::At(HandPlace {
            game: form.game,
            hand: form.hand,
        }),
        hand,
    };
    match championships::enter_hand(store, &link, entry, Utc::now()).await {
        Ok(_) => Ok(redirect(&format!("/tables/{link}#hands"))),
        Err(error) => {
            let words = words_of(error).map_err(|error| viewer.refused(error))?;
            refused_again(&viewer, &state, &link, words).await
        }
    }
}

#[derive(Debug, Deserialize)]
pub struct UndoForm {
    game: u32,
    hand: u32,
}

#[post("/tables/{link}/hands/undo")]
pub async fn undo_table_hand(
    viewer: Viewer,
    state: Data<AppState>,
    link: Path<String>,
    form: Form<UndoForm>,
) -> Result<HttpResponse, WebError> {
    let place = HandPlace {
        game: form.game,
        hand: form.hand,
    };
    match championships::undo_hand(state.store.as_ref(), &link, place).await {
        Ok(_) => Ok(redirect(&format!("/tables/{link}#hands"))),
        Err(error) => {
            let words = words_of(error).map_err(|error| viewer.refused(error))?;
            refused_again(&viewer, &state, &link, words).await
        }
    }
}
