//! A league fixture scored hand by hand on the night, by either captain or an organiser: the
//! games as they stand, a game's players chosen, a hand entered (checked by the rules at once,
//! kept once however often it is sent) and the last hand of the game in play taken back. The
//! games, once all are over, are submitted as the fixture's result by themselves.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, delete, get, post, put};
use chrono::Utc;
use fives_rules::record::HandRecord;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::error::{ApiError, ErrorBody};
use super::input::ApiJson;
use super::table_hands::{HandBody, HandPlaceView, target_of};
use crate::app::championships::HandAtTable;
use crate::app::fixture_play::{self, FixtureAtPlay};
use crate::app::lookup::{FixturePlace, fixture_place};
use crate::domain::championship::play::HandPlace;
use crate::domain::fixture_play::{GamePlayers, NextInPlay};
use crate::domain::ids::{FixtureId, PlayerId};
use crate::domain::match_format::Side;
use crate::store::Store;
use crate::web::AppState;

async fn place_of(store: &dyn Store, slug: &str, id: i64) -> Result<FixturePlace, ApiError> {
    Ok(fixture_place(store, slug, FixtureId(id)).await?)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FixtureGameInPlayView {
    /// From 1, over the whole fixture.
    pub number: u32,
    /// `singles` or `pairs`.
    pub kind: String,
    /// The points that win it.
    pub target: u32,
    pub home_players: Vec<i64>,
    pub away_players: Vec<i64>,
    /// The hands so far, as in a game record (side 0 is home).
    #[schema(value_type = Vec<Object>)]
    pub hands: Vec<HandRecord>,
    /// Home's and away's running totals.
    pub totals: [i64; 2],
    /// `home` or `away`, once it is over.
    pub winner: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FixtureAtPlayView {
    pub fixture: i64,
    pub games: Vec<FixtureGameInPlayView>,
    /// Where the next hand goes, while a game is in play.
    pub next_hand: Option<HandPlaceView>,
    /// The game whose players are to be chosen next, when no game is in play.
    pub next_players: Option<u32>,
    /// The hand that may be taken back: the last of the game in play.
    pub undoable: Option<HandPlaceView>,
    /// Every game is over: they were submitted as the fixture's result.
    pub over: bool,
}

fn side_word(side: Side) -> String {
    match side {
        Side::Home => "home".into(),
        Side::Away => "away".into(),
    }
}

fn place_view(place: HandPlace) -> HandPlaceView {
    HandPlaceView {
        game: place.game,
        hand: place.hand,
    }
}

fn at_play_view(place: &FixturePlace, at_play: &FixtureAtPlay) -> FixtureAtPlayView {
    let play = &at_play.play;
    let next = play.next();
    FixtureAtPlayView {
        fixture: place.fixture.id.0,
        games: play
            .games
            .iter()
            .map(|game| FixtureGameInPlayView {
                number: game.number,
                kind: game.leg.kind.to_string(),
                target: game.leg.target,
                home_players: game.players.home.iter().map(|id| id.0).collect(),
                away_players: game.players.away.iter().map(|id| id.0).collect(),
                hands: game.hands.clone(),
                totals: game.totals,
                winner: game.winner.map(side_word),
            })
            .collect(),
        next_hand: match next {
            NextInPlay::Hand(place) => Some(place_view(place)),
            _ => None,
        },
        next_players: match next {
            NextInPlay::Players { number, .. } => Some(number),
            _ => None,
        },
        undoable: play.last_hand_undoable().map(place_view),
        over: next == NextInPlay::Over,
    }
}

#[utoipa::path(
    tag = "results",
    description = "The fixture's games scored hand by hand so far, from the fixture's day on: \
                   each game's players, hands and running totals, where the next hand goes or \
                   which game's players are chosen next, and the hand that may be taken back. \
                   For a captain of either team or an organiser.",
    params(("id" = i64, Path, description = "The fixture's id")),
    responses(
        (status = 200, body = FixtureAtPlayView),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "The fixture's day has not come", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[get("/api/v1/organisations/{slug}/fixtures/{id}/hands")]
pub async fn get_fixture_hands(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let at_play = fixture_play::fixture_at_play(store, caller.who(), &place).await?;
    Ok(HttpResponse::Ok().json(at_play_view(&place, &at_play)))
}

/// A game's players: one a side in a singles game, two in a pairs game, from the squads.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GamePlayersBody {
    #[schema(max_items = 2)]
    pub home: Vec<i64>,
    #[schema(max_items = 2)]
    pub away: Vec<i64>,
}

#[utoipa::path(
    tag = "results",
    description = "Chooses the players of a game before its first hand: the next game, or the \
                   game in play while it has no hand. Checked as the result will be: from the \
                   squads, within the format's limits of games a player.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
        ("game" = u32, Path, description = "The game, from 1"),
    ),
    request_body = GamePlayersBody,
    responses(
        (status = 200, body = FixtureAtPlayView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The fixture has a result, or another game was started first", body = ErrorBody),
        (status = 422, description = "Players not in the squads, too many games for one player, or not the next game", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/fixtures/{id}/games/{game}/players")]
pub async fn choose_game_players(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, u32)>,
    body: ApiJson<GamePlayersBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, game) = path.into_inner();
    let body = body.into_inner();
    if body.home.len() > 2 || body.away.len() > 2 {
        return Err(ApiError::BadRequest(
            "A game has one or two players a side.".into(),
        ));
    }
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let players = GamePlayers {
        home: body.home.into_iter().map(PlayerId).collect(),
        away: body.away.into_iter().map(PlayerId).collect(),
    };
    let at_play =
        fixture_play::choose_game_players(store, caller.who(), &place, game, players).await?;
    Ok(HttpResponse::Ok().json(at_play_view(&place, &at_play)))
}

#[utoipa::path(
    tag = "results",
    description = "A captain enters a hand of the game in play as it is scored: checked by the \
                   rules at once as part of its game (a score the game cannot make is refused, \
                   at its hand), kept once however often it is sent (its `key`), the game over \
                   as soon as a side reaches the leg's target. When it ends the fixture's last \
                   game, the games are submitted as the result, for the other captain to \
                   confirm. Side 0 is home. 409 when another phone entered that hand first, or \
                   the fixture has a result.",
    params(("id" = i64, Path, description = "The fixture's id")),
    request_body = HandBody,
    responses(
        (status = 200, body = FixtureAtPlayView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/fixtures/{id}/hands")]
pub async fn enter_fixture_hand(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<HandBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let body = body.into_inner();
    let target = target_of(&body)?;
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let hand = match (body.record, &body.line) {
        (Some(record), None) => record,
        (None, Some(line)) if line.chars().count() <= 200 => {
            let now = fixture_play::fixture_at_play(store, caller.who(), &place).await?;
            fixture_play::fixture_hand_of_line(&now, line)?
        }
        _ => {
            return Err(ApiError::BadRequest(
                "Give the hand as `record` or as `line` (at most 200 characters), not both.".into(),
            ));
        }
    };
    let at_play = fixture_play::enter_fixture_hand(
        store,
        caller.who(),
        &place,
        HandAtTable {
            key: body.key,
            place: target,
            hand,
        },
        Utc::now(),
    )
    .await?;
    Ok(HttpResponse::Ok().json(at_play_view(&place, &at_play)))
}

#[utoipa::path(
    tag = "results",
    description = "Takes back the last hand of the game in play (a finished game stays as it \
                   is; a wrong one is corrected on the result). 409 when that hand is not the \
                   last one any more.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
        ("game" = u32, Path, description = "The hand's game, from 1"),
        ("hand" = u32, Path, description = "The hand's place in its game, from 1"),
    ),
    responses(
        (status = 200, body = FixtureAtPlayView),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[delete("/api/v1/organisations/{slug}/fixtures/{id}/hands/{game}/{hand}")]
pub async fn undo_fixture_hand(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, u32, u32)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, game, hand) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let at_play =
        fixture_play::undo_fixture_hand(store, caller.who(), &place, HandPlace { game, hand })
            .await?;
    Ok(HttpResponse::Ok().json(at_play_view(&place, &at_play)))
}
