//! One round's page: its tables and results, and the same round by name (the alphabetical
//! list an organiser pins on the wall, printable).

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
    by_name: Vec<NameLine>,
}

/// An entrant of the round and where it plays: its table and who else sits there, or its bye.
struct NameLine {
    name: String,
    /// `None` for a bye.
    table: Option<u32>,
    with: String,
}

/// The round's entrants in alphabetical order (ignoring case), each with its table.
fn by_name(round: &RoundBlock) -> Vec<NameLine> {
    let mut lines: Vec<NameLine> = round
        .tables
        .iter()
        .flat_map(|table| {
            table.seats.iter().map(move |name| NameLine {
                name: name.clone(),
                table: Some(table.number),
                with: table
                    .sides
                    .iter()
                    .map(|side| side.name.as_str())
                    .collect::<Vec<_>>()
                    .join(" v "),
            })
        })
        .chain(round.byes.iter().map(|name| NameLine {
            name: name.clone(),
            table: None,
            with: String::new(),
        }))
        .collect();
    lines.sort_by_key(|line| line.name.to_lowercase());
    lines
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
        by_name: by_name(&round),
        round,
        organisation: view.organisation,
        championship: view.championship,
    })
}
