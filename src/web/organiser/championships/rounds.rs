//! An organiser publishes the next round and prints its table cards.

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::championships::{self, Publication, round_codes, round_links};
use crate::domain::ids::{ChampionshipId, EntrantId};
use crate::store::{Championship, Organisation};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render};
use crate::web::organiser::lookup::organised;
use crate::web::public::championships::{round_title, side_names};
use crate::web::qr::qr_svg;
use crate::web::session::Viewer;

use super::entrants::*;
use super::view::*;

#[derive(Debug, Deserialize)]
pub struct PublishForm {
    /// The tables the organiser saw, as JSON.
    #[serde(default)]
    seen: String,
    /// The edits made, as the page wrote them.
    #[serde(default)]
    edits: String,
    /// The organiser ticked "publish with these warnings".
    #[serde(default)]
    accept_warnings: Option<String>,
}

#[post("/organise/{slug}/championships/{id}/rounds")]
pub async fn publish_round(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<PublishForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let form = form.into_inner();
    let seen: Option<Vec<Vec<String>>> = serde_json::from_str(&form.seen).ok();
    let edits = edits_of(&form.edits);
    let published = championships::publish_round(
        state.store.as_ref(),
        &state.key,
        viewer.who(),
        &slug,
        ChampionshipId(id),
        Publication {
            edits: &edits,
            seen: seen.as_deref(),
            warnings_accepted: form.accept_warnings.is_some(),
        },
    )
    .await;
    match published {
        Ok(published) => Ok(redirect(&format!(
            "/organise/{slug}/championships/{id}/rounds/{}/cards",
            published.round.id
        ))),
        Err(error) => after_change(&viewer, &state, &slug, id, &edits, Err(error)).await,
    }
}

/// A card's QR code is at least this many pixels square: about 4 cm printed, which a phone
/// reads from an arm's length.
const CARD_QR_PIXELS: u32 = 160;

struct Card {
    number: u32,
    /// Who plays whom: `Ann v Bob`, or `Ann & Cat v Bob & Dan`.
    table_words: String,
    /// The scoresheet's columns: a side each, partners together.
    sides: Vec<String>,
    link: String,
    /// The link as a QR code, an inline `<svg>`.
    qr: String,
    /// The table's short code, typed at `code_address`.
    code: String,
    /// One row a hand on the scoresheet.
    hands: Vec<u32>,
}

#[derive(Template)]
#[template(path = "organiser/championship_cards.html")]
struct CardsPage {
    layout: Layout,
    organisation: Organisation,
    championship: Championship,
    title: String,
    cards: Vec<Card>,
    byes: String,
    /// Where a player types a table's code: `/t` as the site is reached.
    code_address: String,
}

#[get("/organise/{slug}/championships/{id}/rounds/{round_id}/cards")]
pub async fn round_cards(
    req: actix_web::HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, round_id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    let view =
        championships::championship(state.store.as_ref(), &organisation.slug, ChampionshipId(id))
            .await
            .map_err(|error| viewer.refused(error))?;
    let round = view
        .rounds
        .iter()
        .find(|round| round.id.0 == round_id)
        .ok_or(WebError::NotFound)?;
    let links = round_links(&state.key, view.championship.id, round);
    let codes = round_codes(&state.key, view.championship.id, round);
    let name = |id: EntrantId| view.entrant(id).map(|e| e.name.clone()).unwrap_or_default();
    let cards = round
        .tables
        .iter()
        .zip(links.iter().zip(&codes))
        .map(|(table, (link, code))| {
            let link = crate::web::link_as_reached(&req, &format!("/tables/{}", link.as_str()));
            let seats: Vec<String> = table.seats.iter().map(|&id| name(id)).collect();
            let sides = side_names(&view.championship.format, &seats);
            Card {
                number: table.number,
                table_words: sides.join(" v "),
                sides,
                qr: qr_svg(
                    &link,
                    CARD_QR_PIXELS,
                    &format!("QR code of table {}'s link", table.number),
                )
                .unwrap_or_default(),
                code: code.to_string(),
                link,
                hands: (1..=12).collect(),
            }
        })
        .collect();
    let title = round_title(round.stage, round.number);
    render(&CardsPage {
        layout: viewer.layout(format!("{title} cards: {}", view.championship.name)),
        code_address: crate::web::link_as_reached(&req, "/t"),
        byes: round
            .byes
            .iter()
            .map(|&id| name(id))
            .collect::<Vec<_>>()
            .join(", "),
        title,
        cards,
        organisation: view.organisation,
        championship: view.championship,
    })
}
