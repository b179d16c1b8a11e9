//! The room's screen: a championship on the projector or TV, in large type, without controls.
//! The round in play's tables as they play (each game's running totals, hand by hand), the
//! round's clock, then the standings; `static/screen.js` pages through long lists by itself
//! and counts the clock down, and the live feed keeps it current. Without the script it shows
//! everything, as served.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use askama::Template;
use chrono::Utc;

use crate::app::championships::{self, RoomScreen};
use crate::domain::ids::ChampionshipId;
use crate::store::TableStatus;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::render;
use crate::web::session::Viewer;

use super::view::{StageStandings, round_title, standings_of, table_row};

/// A side of a table on the screen: its name and its score as it stands.
struct ScreenSide {
    name: String,
    score: String,
}

struct ScreenTable {
    number: u32,
    sides: Vec<ScreenSide>,
    /// `playing`, `entered` or `confirmed`: how the screen marks it.
    state: &'static str,
    /// What the score is: the game in play and its hand, or the result's points.
    state_words: String,
}

#[derive(Template)]
#[template(path = "public/championship_screen.html")]
struct ScreenPage {
    championship: String,
    feed: String,
    round: Option<String>,
    /// Seconds left on the round's clock when the page was made, while it runs.
    clock_left: Option<i64>,
    /// When it runs out, in words.
    clock_ends: Option<String>,
    tables: Vec<ScreenTable>,
    counts: String,
    byes: Vec<String>,
    standings: Vec<StageStandings>,
}

fn screen_tables(screen: &RoomScreen) -> (Vec<ScreenTable>, String, Vec<String>) {
    let view = &screen.view;
    let Some(round) = championships::latest_round(&view.rounds) else {
        return (Vec::new(), String::new(), Vec::new());
    };
    let mut counts = [0usize; 3];
    let tables = round
        .tables
        .iter()
        .map(|table| {
            let row = table_row(view, table);
            let (state, state_words, scores): (_, _, Vec<String>) = match table.status {
                TableStatus::Waiting => {
                    counts[0] += 1;
                    match screen.in_play.get(&table.id).and_then(|play| {
                        let game = play.games.last()?;
                        Some((play, game))
                    }) {
                        Some((play, game)) => {
                            let won = |side: usize| {
                                play.games
                                    .iter()
                                    .filter(|game| game.winner == Some(side))
                                    .count()
                            };
                            let games_won = if play.games.len() > 1 || game.winner.is_some() {
                                let won: Vec<String> = (0..row.sides.len())
                                    .map(|side| won(side).to_string())
                                    .collect();
                                format!(", games {}", won.join("–"))
                            } else {
                                String::new()
                            };
                            let words = match game.winner {
                                Some(_) => format!("game {} over{games_won}", game.number),
                                None => format!(
                                    "game {}, hand {}{games_won}",
                                    game.number,
                                    game.hands.len()
                                ),
                            };
                            (
                                "playing",
                                words,
                                game.totals.iter().map(ToString::to_string).collect(),
                            )
                        }
                        None => ("playing", "playing".to_string(), Vec::new()),
                    }
                }
                TableStatus::Entered => {
                    counts[1] += 1;
                    (
                        "entered",
                        "finished".to_string(),
                        row.sides.iter().map(|side| side.points.clone()).collect(),
                    )
                }
                TableStatus::Confirmed => {
                    counts[2] += 1;
                    (
                        "confirmed",
                        "confirmed".to_string(),
                        row.sides.iter().map(|side| side.points.clone()).collect(),
                    )
                }
            };
            ScreenTable {
                number: table.number,
                sides: row
                    .sides
                    .iter()
                    .enumerate()
                    .map(|(at, side)| ScreenSide {
                        name: side.name.clone(),
                        score: scores.get(at).cloned().unwrap_or_default(),
                    })
                    .collect(),
                state,
                state_words,
            }
        })
        .collect();
    let counts = format!(
        "{} playing, {} finished, {} confirmed",
        counts[0], counts[1], counts[2]
    );
    let byes = round
        .byes
        .iter()
        .filter_map(|&id| view.entrant(id).map(|entrant| entrant.name.clone()))
        .collect();
    (tables, counts, byes)
}

#[get("/leagues/{slug}/championships/{id}/screen")]
pub async fn room_screen(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let screen = championships::room_screen(state.store.as_ref(), &slug, ChampionshipId(id))
        .await
        .map_err(|error| viewer.refused(error))?;
    let (tables, counts, byes) = screen_tables(&screen);
    let view = &screen.view;
    let latest = championships::latest_round(&view.rounds);
    let now = Utc::now();
    let running_clock = latest
        .and_then(|round| round.clock_ends_at)
        .filter(|ends| *ends > now);
    let page = ScreenPage {
        championship: view.championship.name.to_string(),
        feed: format!(
            "/api/v1/organisations/{}/live?championship={}",
            view.organisation.slug, view.championship.id.0
        ),
        round: latest.map(|round| round_title(round.stage, round.number)),
        clock_left: running_clock.map(|ends| (ends - now).num_seconds()),
        clock_ends: running_clock.map(crate::web::dates::moment),
        tables,
        counts,
        byes,
        standings: standings_of(view),
    };
    render(&page)
}
