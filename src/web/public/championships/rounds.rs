//! One round's page: its tables and results.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use askama::Template;

use crate::store::{Championship, Organisation};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::session::Viewer;

use super::view::*;

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
