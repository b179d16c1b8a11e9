//! A fixture scored hand by hand on the night, from a captain's phone: each game's players
//! chosen before its first hand, each hand typed as it is scored ("10 5", home's points then
//! away's), checked at once, and the last hand of the game in play taken back. Each answers with
//! the page again (a redirect after a change, so a reload sends nothing twice); the page's
//! script, which keeps hands on the phone without signal, asks for a short JSON answer instead.

use actix_web::http::StatusCode;
use actix_web::http::header::ACCEPT;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use chrono::Utc;
use serde::Deserialize;

use crate::app::championships::{HandAtTable, HandTarget};
use crate::app::fixture_play::{self, FixtureAtPlay};
use crate::app::lookup::FixturePlace;
use crate::app::{AppError, Who};
use crate::domain::championship::play::HandPlace;
use crate::domain::fixture_play::{GamePlayers, NextInPlay};
use crate::domain::ids::PlayerId;
use crate::domain::match_format::{LegKind, Side};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::public::fixture::{page_of, place_of};
use crate::web::session::Viewer;

/// A game as the page lists it.
struct GameLine {
    number: u32,
    words: String,
}

/// A player's select on the players' form.
struct SeatChoice {
    /// The field's name: `home_1`, `away_2`.
    field: String,
    label: String,
    /// Each squad member: id, name, and whether they are chosen already.
    options: Vec<(i64, String, bool)>,
}

/// The players' form: the game they are for, and a select for each player.
struct PlayersForm {
    game: u32,
    kind: String,
    target: u32,
    seats: Vec<SeatChoice>,
}

/// The hand's form: where it goes, and the words of its label.
struct HandForm {
    game: u32,
    hand: u32,
    sides: String,
    key: String,
}

#[derive(Template)]
#[template(path = "captain/fixture_hands.html")]
struct HandsPage {
    layout: Layout,
    heading: String,
    fixture_page: String,
    path: String,
    feed: String,
    problems: Vec<String>,
    games: Vec<GameLine>,
    players: Option<PlayersForm>,
    hand: Option<HandForm>,
    undoable: Option<HandPlace>,
    over: bool,
}

fn path_of(place: &FixturePlace) -> String {
    format!("{}/hands", page_of(place))
}

fn side_word(side: Side, place: &FixturePlace) -> &str {
    match side {
        Side::Home => &place.fixture.home_team,
        Side::Away => &place.fixture.away_team,
    }
}

fn hands_page(
    viewer: &Viewer,
    place: &FixturePlace,
    at_play: Option<&FixtureAtPlay>,
    problems: Vec<String>,
) -> HandsPage {
    let fixture = &place.fixture;
    let mut page = HandsPage {
        layout: viewer.layout(format!(
            "Hand by hand: {} v {}",
            fixture.home_team, fixture.away_team
        )),
        heading: format!("{} v {}", fixture.home_team, fixture.away_team),
        fixture_page: page_of(place),
        path: path_of(place),
        feed: format!(
            "/api/v1/organisations/{}/live?fixture={}",
            place.organisation.slug, fixture.id
        ),
        problems,
        games: Vec::new(),
        players: None,
        hand: None,
        undoable: None,
        over: false,
    };
    let Some(at_play) = at_play else {
        return page;
    };
    let play = &at_play.play;
    page.games = play
        .games
        .iter()
        .map(|game| {
            let state = match game.winner {
                Some(side) => format!("won by {}", side_word(side, place)),
                None => match game.hands.len() {
                    0 => "in play, no hand yet".to_string(),
                    1 => "in play, 1 hand".to_string(),
                    hands => format!("in play, {hands} hands"),
                },
            };
            GameLine {
                number: game.number,
                words: format!(
                    "{} {}, {} {} ({state})",
                    game.home_names.join(" & "),
                    game.totals[0],
                    game.away_names.join(" & "),
                    game.totals[1]
                ),
            }
        })
        .collect();
    let players_for = |game: u32, kind: LegKind, target: u32, chosen: Option<&GamePlayers>| {
        let per_side = kind.players_per_side();
        let mut seats = Vec::new();
        for (side, team, squad) in [
            (Side::Home, &fixture.home_team, &at_play.squads.home),
            (Side::Away, &fixture.away_team, &at_play.squads.away),
        ] {
            let chosen_ids: Vec<PlayerId> = chosen.map_or_else(Vec::new, |players| match side {
                Side::Home => players.home.clone(),
                Side::Away => players.away.clone(),
            });
            for seat in 1..=per_side {
                let picked = chosen_ids.get(seat as usize - 1).copied();
                seats.push(SeatChoice {
                    field: format!(
                        "{}_{seat}",
                        if side == Side::Home { "home" } else { "away" }
                    ),
                    label: if per_side > 1 {
                        format!("{team}, player {seat}")
                    } else {
                        team.clone()
                    },
                    options: squad
                        .iter()
                        .map(|member| (member.id.0, member.name.clone(), Some(member.id) == picked))
                        .collect(),
                });
            }
        }
        PlayersForm {
            game,
            kind: kind.to_string(),
            target,
            seats,
        }
    };
    match play.next() {
        NextInPlay::Players { number, leg } => {
            page.players = Some(players_for(number, leg.kind, leg.target, None));
        }
        NextInPlay::Hand(next) => {
            let game = play.games.last().expect("a hand goes in a game in play");
            if game.hands.is_empty() {
                page.players = Some(players_for(
                    game.number,
                    game.leg.kind,
                    game.leg.target,
                    Some(&game.players),
                ));
            }
            page.hand = Some(HandForm {
                game: next.game,
                hand: next.hand,
                sides: format!(
                    "{}, then {}",
                    game.home_names.join(" & "),
                    game.away_names.join(" & ")
                ),
                key: crate::token::SecretToken::generate().as_str()[..32].to_string(),
            });
        }
        NextInPlay::Over => page.over = true,
    }
    page.undoable = play.last_hand_undoable();
    page
}

/// The page, or with what stops it (the fixture's day not come) as its problem.
async fn page_now(
    viewer: &Viewer,
    state: &AppState,
    place: &FixturePlace,
    problems: Vec<String>,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let store = state.store.as_ref();
    match fixture_play::fixture_at_play(store, viewer.who(), place).await {
        Ok(at_play) => {
            render_with_status(status, &hands_page(viewer, place, Some(&at_play), problems))
        }
        Err(AppError::Invalid(refusals)) => {
            let words = refusals
                .into_iter()
                .map(|problem| problem.message)
                .collect();
            render_with_status(
                StatusCode::UNPROCESSABLE_ENTITY,
                &hands_page(viewer, place, None, words),
            )
        }
        Err(error) => Err(viewer.refused(error)),
    }
}

#[get("/leagues/{slug}/fixtures/{id}/hands")]
pub async fn hands_form(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let place = place_of(state.store.as_ref(), &slug, id).await?;
    page_now(&viewer, &state, &place, Vec::new(), StatusCode::OK).await
}

/// The words of a refusal the page shows, or the error for the error page.
fn words_of(error: AppError) -> Result<(StatusCode, String), AppError> {
    match error {
        AppError::Invalid(problems) => Ok((
            StatusCode::UNPROCESSABLE_ENTITY,
            problems
                .into_iter()
                .map(|problem| problem.message)
                .collect::<Vec<_>>()
                .join(" "),
        )),
        AppError::Conflict(conflict) => Ok((StatusCode::CONFLICT, conflict.to_string())),
        error => Err(error),
    }
}

/// Whether the page's script sent it, wanting a short JSON answer rather than the page.
fn wants_json(request: &HttpRequest) -> bool {
    request
        .headers()
        .get(ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.starts_with("application/json"))
}

/// After a change: the page again (a redirect), or a refusal in words.
async fn answer(
    viewer: &Viewer,
    state: &AppState,
    request: &HttpRequest,
    place: &FixturePlace,
    done: Result<FixtureAtPlay, AppError>,
) -> Result<HttpResponse, WebError> {
    let refusal = match done {
        Ok(_) if wants_json(request) => {
            return Ok(HttpResponse::Ok().json(serde_json::json!({"kept": true})));
        }
        Ok(_) => return Ok(redirect(&format!("{}#hands", path_of(place)))),
        Err(error) => words_of(error).map_err(|error| viewer.refused(error))?,
    };
    let (status, words) = refusal;
    if wants_json(request) {
        return Ok(HttpResponse::build(status).json(serde_json::json!({"error": words})));
    }
    page_now(viewer, state, place, vec![words], status).await
}

#[derive(Debug, Deserialize)]
pub struct HandFields {
    #[serde(default)]
    key: String,
    game: Option<u32>,
    hand: Option<u32>,
    /// Instead of `game` and `hand`: the key of the hand this one follows (the script's way
    /// with hands kept while the phone had no signal).
    after: Option<String>,
    /// Home's points then away's, pegs after a bar if kept.
    #[serde(default)]
    score: String,
}

#[post("/leagues/{slug}/fixtures/{id}/hands")]
pub async fn enter_hand(
    viewer: Viewer,
    state: Data<AppState>,
    request: HttpRequest,
    path: Path<(String, i64)>,
    form: Form<HandFields>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let form = form.into_inner();
    let who: Who<'_> = viewer.who();
    let done = async {
        let target = match (form.game, form.hand, form.after) {
            (Some(game), Some(hand), None) => HandTarget::At(HandPlace { game, hand }),
            (_, _, Some(after)) => HandTarget::After(after),
            _ => {
                return Err(AppError::invalid(
                    crate::app::Field::Games,
                    "The hand's place was not sent: open the page again and enter it.",
                ));
            }
        };
        let now = fixture_play::fixture_at_play(store, who, &place).await?;
        let hand = fixture_play::fixture_hand_of_line(&now, &form.score)?;
        let entry = HandAtTable {
            key: form.key,
            place: target,
            hand,
        };
        fixture_play::enter_fixture_hand(store, who, &place, entry, Utc::now()).await
    }
    .await;
    answer(&viewer, &state, &request, &place, done).await
}

#[derive(Debug, Deserialize)]
pub struct UndoFields {
    game: u32,
    hand: u32,
}

#[post("/leagues/{slug}/fixtures/{id}/hands/undo")]
pub async fn undo_hand(
    viewer: Viewer,
    state: Data<AppState>,
    request: HttpRequest,
    path: Path<(String, i64)>,
    form: Form<UndoFields>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let hand = HandPlace {
        game: form.game,
        hand: form.hand,
    };
    let done = fixture_play::undo_fixture_hand(store, viewer.who(), &place, hand).await;
    answer(&viewer, &state, &request, &place, done).await
}

#[derive(Debug, Deserialize)]
pub struct PlayersFields {
    game: u32,
    #[serde(default)]
    home_1: String,
    #[serde(default)]
    home_2: String,
    #[serde(default)]
    away_1: String,
    #[serde(default)]
    away_2: String,
}

/// The players chosen in a side's selects; one left at "choose" is none.
fn chosen(selects: [&str; 2]) -> Vec<PlayerId> {
    selects
        .into_iter()
        .filter_map(|id| id.trim().parse().ok())
        .map(PlayerId)
        .collect()
}

#[post("/leagues/{slug}/fixtures/{id}/hands/players")]
pub async fn choose_players(
    viewer: Viewer,
    state: Data<AppState>,
    request: HttpRequest,
    path: Path<(String, i64)>,
    form: Form<PlayersFields>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let players = GamePlayers {
        home: chosen([&form.home_1, &form.home_2]),
        away: chosen([&form.away_1, &form.away_2]),
    };
    let done =
        fixture_play::choose_game_players(store, viewer.who(), &place, form.game, players).await;
    answer(&viewer, &state, &request, &place, done).await
}
