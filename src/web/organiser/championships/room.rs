//! The room on the day: the round's clock, started and stopped from the organiser's desk and
//! seen on the room's screen.

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, post};
use chrono::Utc;
use serde::Deserialize;

use crate::app::championships;
use crate::domain::ids::ChampionshipId;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::session::Viewer;

use super::entrants::after_change_at;

#[derive(Debug, Deserialize)]
pub struct ClockForm {
    /// The minutes the round has, from now.
    #[serde(default)]
    minutes: String,
    /// Set to stop the clock instead.
    #[serde(default)]
    stop: String,
}

/// Starts the round's clock (again), or stops it.
#[post("/organise/{slug}/championships/{id}/clock")]
pub async fn set_round_clock(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<ClockForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let minutes = if form.stop.is_empty() {
        // Past the limit or not a number alike: the use case words the refusal.
        Some(form.minutes.trim().parse::<u32>().unwrap_or(0))
    } else {
        None
    };
    let outcome = championships::set_round_clock(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        ChampionshipId(id),
        minutes,
        Utc::now(),
    )
    .await
    .map(|_| String::new());
    after_change_at(&viewer, &state, &slug, id, "#room-heading", &[], outcome).await
}
