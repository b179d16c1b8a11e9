//! An entrant's page: their path through the championship, table by table.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use askama::Template;

use crate::store::{Championship, Organisation};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::session::Viewer;

use super::view::*;

/// A round as one entrant played it.
struct PathLine {
    round: String,
    /// "Table 3 with Ann, against Bob and Cat", or "a bye".
    place: String,
    points: String,
    status: &'static str,
}

#[derive(Template)]
#[template(path = "public/championship_entrant.html")]
struct EntrantPage {
    layout: Layout,
    organisation: Organisation,
    championship: Championship,
    entrant: String,
    lines: Vec<PathLine>,
}

/// An entrant's path through the event: each round's table, partners and opponents, points.
#[get("/leagues/{slug}/championships/{id}/entrants/{entrant_id}")]
pub async fn entrant_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, entrant_id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let entrant = view
        .entrants
        .iter()
        .find(|e| e.id.0 == entrant_id)
        .ok_or(WebError::NotFound)?
        .clone();
    let name = |id: crate::domain::ids::EntrantId| {
        view.entrant(id).map(|e| e.name.clone()).unwrap_or_default()
    };
    let partnerships = view.championship.format.seating.partnerships;
    let mut lines = Vec::new();
    for round in &view.rounds {
        let title = round_title(round.stage, round.number);
        if round.byes.contains(&entrant.id) {
            lines.push(PathLine {
                round: title,
                place: "a bye".into(),
                points: view.championship.format.bye_points.to_string(),
                status: "bye",
            });
            continue;
        }
        let Some((table, seat)) = round.tables.iter().find_map(|table| {
            table
                .seats
                .iter()
                .position(|&s| s == entrant.id)
                .map(|seat| (table, seat))
        }) else {
            continue;
        };
        let side = |s: usize| if partnerships { s % 2 } else { s };
        let partners: Vec<String> = (0..table.seats.len())
            .filter(|&s| s != seat && side(s) == side(seat))
            .map(|s| name(table.seats[s]))
            .collect();
        let opponents: Vec<String> = (0..table.seats.len())
            .filter(|&s| side(s) != side(seat))
            .map(|s| name(table.seats[s]))
            .collect();
        let with = if partners.is_empty() {
            String::new()
        } else {
            format!(" with {}", partners.join(" and "))
        };
        lines.push(PathLine {
            round: title,
            place: format!(
                "Table {}{with}, against {}",
                table.number,
                opponents.join(" and ")
            ),
            points: table
                .result
                .as_ref()
                .and_then(|r| r.outcome.points.get(seat))
                .map(ToString::to_string)
                .unwrap_or_default(),
            status: status_words(table.status),
        });
    }
    render(&EntrantPage {
        layout: viewer.layout(format!("{}: {}", entrant.name, view.championship.name)),
        entrant: entrant.name,
        lines,
        organisation: view.organisation,
        championship: view.championship,
    })
}
