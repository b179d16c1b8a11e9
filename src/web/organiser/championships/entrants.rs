//! An organiser enters entrants (a pasted list or a CSV file) and checks one in, seeds,
//! withdraws or removes one.

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, post};
use serde::Deserialize;

use crate::app::AppError;
use crate::app::championships::{self, EntrantChange};
use crate::domain::championship::edits::PairingEdit;
use crate::domain::championship::entrants::{MAX_ENTRY_CSV_BYTES, entries_from_csv};
use crate::domain::ids::{ChampionshipId, EntrantId};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::forms::refusal_messages;
use crate::web::layout::redirect;
use crate::web::organiser::lookup::organised;
use crate::web::session::Viewer;

use super::view::*;

#[derive(Debug, Deserialize)]
pub struct EntrantsForm {
    #[serde(default)]
    entrants: String,
}

#[post("/organise/{slug}/championships/{id}/entrants")]
pub async fn add_entrants(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<EntrantsForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    entrants_from(
        &viewer,
        &state,
        &slug,
        id,
        form.into_inner().entrants.into_bytes(),
    )
    .await
}

/// The entry list as a CSV file, as a spreadsheet saves it.
#[post("/organise/{slug}/championships/{id}/entrants/csv")]
pub async fn add_entrants_file(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: actix_multipart::Multipart,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    organised(&viewer, &state, &slug).await?;
    let bytes = crate::web::organiser::squad::uploaded_file(form, MAX_ENTRY_CSV_BYTES).await?;
    entrants_from(&viewer, &state, &slug, id, bytes).await
}

/// Enters the entrants of a pasted list or an uploaded file (the same CSV either way).
async fn entrants_from(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
    id: i64,
    bytes: Vec<u8>,
) -> Result<HttpResponse, WebError> {
    let store = state.store.as_ref();
    let organisation = organised(viewer, state, slug).await?;
    let view = championships::championship(store, &organisation.slug, ChampionshipId(id))
        .await
        .map_err(|error| viewer.refused(error))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let problems: Vec<String> = match entries_from_csv(&bytes, view.championship.format.entrants) {
        Err(problems) => problems.iter().map(ToString::to_string).collect(),
        Ok(lines) => {
            match championships::add_entrants(store, viewer.who(), slug, ChampionshipId(id), lines)
                .await
            {
                Ok(added) => {
                    let shown = Shown {
                        entry_text: String::new(),
                        problems: Vec::new(),
                        notice: Some(format!("{} entered.", added.len())),
                    };
                    return manage_page(viewer, state, slug, id, &[], shown).await;
                }
                Err(error) => refusal_messages(viewer, error)?,
            }
        }
    };
    let shown = Shown {
        entry_text: text,
        problems,
        notice: None,
    };
    manage_page(viewer, state, slug, id, &[], shown).await
}

#[derive(Debug, Deserialize)]
pub struct EntrantForm {
    /// `check-in`, `check-out`, `withdraw`, `reinstate`, `seed` or `remove`.
    action: String,
    #[serde(default)]
    seed: String,
}

#[post("/organise/{slug}/championships/{id}/entrants/{entrant_id}")]
pub async fn change_entrant(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    form: Form<EntrantForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, entrant) = path.into_inner();
    let store = state.store.as_ref();
    let form = form.into_inner();
    let change = match form.action.as_str() {
        "check-in" => EntrantChange {
            checked_in: Some(true),
            ..Default::default()
        },
        "check-out" => EntrantChange {
            checked_in: Some(false),
            ..Default::default()
        },
        "withdraw" => EntrantChange {
            withdrawn: Some(true),
            ..Default::default()
        },
        "reinstate" => EntrantChange {
            withdrawn: Some(false),
            ..Default::default()
        },
        "seed" => EntrantChange {
            seed: Some(if form.seed.trim().is_empty() {
                None
            } else {
                Some(form.seed.trim().parse().unwrap_or(0))
            }),
            ..Default::default()
        },
        "remove" => {
            let outcome = championships::remove_entrant(
                store,
                viewer.who(),
                &slug,
                ChampionshipId(id),
                EntrantId(entrant),
            )
            .await;
            return after_change(
                &viewer,
                &state,
                &slug,
                id,
                &[],
                outcome.map(|e| format!("{} is removed.", e.name)),
            )
            .await;
        }
        _ => return Err(WebError::NotFound),
    };
    let outcome = championships::change_entrant(
        store,
        viewer.who(),
        &slug,
        ChampionshipId(id),
        EntrantId(entrant),
        change,
    )
    .await
    .map(|e| format!("{} is changed.", e.name));
    let fragment = format!("#entrant-{entrant}");
    after_change_at(&viewer, &state, &slug, id, &fragment, &[], outcome).await
}

/// Checks in everyone not yet checked in, at once.
#[post("/organise/{slug}/championships/{id}/check-in")]
pub async fn check_in_all(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let outcome = championships::check_in_all(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        ChampionshipId(id),
    )
    .await
    .map(|count| format!("{count} checked in."));
    after_change_at(
        &viewer,
        &state,
        &slug,
        id,
        "#entrants-heading",
        &[],
        outcome,
    )
    .await
}

/// After a change: back to the championship's page, or the page again with what went wrong.
pub(super) async fn after_change(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
    id: i64,
    edits: &[PairingEdit],
    outcome: Result<String, AppError>,
) -> Result<HttpResponse, WebError> {
    after_change_at(viewer, state, slug, id, "", edits, outcome).await
}

/// [`after_change`], back at `fragment` of the page (`#entrant-7`) when the change is made,
/// so that the organiser keeps their place on a long page.
pub(super) async fn after_change_at(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
    id: i64,
    fragment: &str,
    edits: &[PairingEdit],
    outcome: Result<String, AppError>,
) -> Result<HttpResponse, WebError> {
    match outcome {
        Ok(_) => Ok(redirect(&format!(
            "/organise/{slug}/championships/{id}{fragment}"
        ))),
        Err(error) => {
            let shown = Shown {
                entry_text: String::new(),
                problems: refusal_messages(viewer, error)?,
                notice: None,
            };
            manage_page(viewer, state, slug, id, edits, shown).await
        }
    }
}
