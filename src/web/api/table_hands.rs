//! A table's games played hand by hand through its link: the games as they stand, a hand
//! entered (checked by the rules at once, kept once however often it is sent), and the last
//! hand of the game in play taken back.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, delete, get, post};
use chrono::Utc;
use fives_rules::record::HandRecord;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::championships::{self, HandAtTable, HandTarget, PlayingTable};
use crate::domain::championship::play::HandPlace;
use crate::web::AppState;
use crate::web::api::error::{ApiError, ErrorBody};
use crate::web::api::input::LinkJson;
use crate::web::public::championships::side_names_of;

use super::championships::*;

/// A hand entered at the table.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HandBody {
    /// Chosen by the phone for this hand and sent again with every resend of it (1 to 64
    /// characters): a hand sent twice is kept once.
    #[schema(min_length = 1, max_length = 64)]
    pub key: String,
    /// The game the hand belongs to (from 1), as the phone last saw the table; with `hand`,
    /// or `after` instead.
    #[schema(minimum = 1)]
    pub game: Option<u32>,
    /// Its place in the game (from 1): refused (409) if another hand got there first.
    #[schema(minimum = 1)]
    pub hand: Option<u32>,
    /// Instead of `game` and `hand`: the key of the hand this one follows, which must be the
    /// table's last (409 if another followed it, or if it is not at the table). The hand goes
    /// on in that hand's game, or starts the next game if that hand ended one: how a phone
    /// sends the hands it kept while it had no signal.
    #[schema(min_length = 1, max_length = 64)]
    pub after: Option<String>,
    /// The hand as in a game record: `{"score": [10, 5]}` is enough (side 0 is the first
    /// seat, or the partnership of seats 1 and 3). Or `line` instead.
    #[schema(value_type = Option<crate::web::api::results::HandInput>)]
    pub record: Option<HandRecord>,
    /// Instead of `record`: the hand as players say it, each side's points in order ("10 5"),
    /// pegs after a bar if kept.
    #[schema(max_length = 200)]
    pub line: Option<String>,
}

/// Where the body says the hand goes.
pub(super) fn target_of(body: &HandBody) -> Result<HandTarget, ApiError> {
    match (body.game, body.hand, &body.after) {
        (Some(game), Some(hand), None) => Ok(HandTarget::At(HandPlace { game, hand })),
        (None, None, Some(after)) => Ok(HandTarget::After(after.clone())),
        _ => Err(ApiError::BadRequest(
            "Say where the hand goes: `game` and `hand`, or `after` (the key of the hand it follows), not both."
                .into(),
        )),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GameInPlayView {
    pub number: u32,
    /// The hands so far, as in a game record.
    #[schema(value_type = Vec<Object>)]
    pub hands: Vec<HandRecord>,
    /// Each side's running total.
    pub totals: Vec<i64>,
    /// The side (from 0) that won it, once it is over.
    pub winner: Option<usize>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HandPlaceView {
    pub game: u32,
    pub hand: u32,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlayingTableView {
    pub table: TableView,
    pub games: Vec<GameInPlayView>,
    /// Where the next hand goes; none once the table's games are over.
    pub next: Option<HandPlaceView>,
    /// The hand that may be taken back: the last of the game in play.
    pub undoable: Option<HandPlaceView>,
    pub over: bool,
}

fn place_view(place: HandPlace) -> HandPlaceView {
    HandPlaceView {
        game: place.game,
        hand: place.hand,
    }
}

fn playing_view(playing: &PlayingTable) -> PlayingTableView {
    PlayingTableView {
        table: table_view(&playing.place.view, &playing.place.table),
        games: playing
            .play
            .games
            .iter()
            .map(|game| GameInPlayView {
                number: game.number,
                hands: game.hands.clone(),
                totals: game.totals.clone(),
                winner: game.winner,
            })
            .collect(),
        next: playing.play.next_hand().map(place_view),
        undoable: playing.play.last_hand_undoable().map(place_view),
        over: playing.play.over,
    }
}

#[utoipa::path(
    tag = "championships",
    description = "The table's games played hand by hand so far: each game's hands and running \
                   totals, where the next hand goes, and the hand that may be taken back.",
    params(("link" = String, Path, description = "The table's link, from its card")),
    responses(
        (status = 200, body = PlayingTableView),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/tables/{link}/hands")]
pub async fn get_table_hands(
    state: Data<AppState>,
    link: Path<String>,
) -> Result<HttpResponse, ApiError> {
    let playing = championships::playing_table(state.store.as_ref(), &link)
        .await
        .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(playing_view(&playing)))
}

#[utoipa::path(
    tag = "championships",
    description = "A player at the table enters a hand as it is scored: checked by the rules \
                   at once as part of its game (a score the game cannot make is refused, at \
                   its hand), kept once however often it is sent (its `key`), the game over \
                   as soon as a side reaches its target, and the table's result entered by \
                   itself once its games decide it. 409 when another phone entered that hand \
                   first, or the table's result is entered.",
    params(("link" = String, Path, description = "The table's link, from its card")),
    request_body = HandBody,
    responses(
        (status = 200, body = PlayingTableView),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
)]
#[post("/api/v1/tables/{link}/hands")]
pub async fn enter_table_hand(
    state: Data<AppState>,
    link: Path<String>,
    body: LinkJson<HandBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let target = target_of(&body)?;
    let store = state.store.as_ref();
    let hand = match (body.record, &body.line) {
        (Some(record), None) => record,
        (None, Some(line)) if line.chars().count() <= 200 => {
            let place = championships::table_of_link(store, &link)
                .await
                .map_err(app_error)?;
            championships::hand_of_line(&place, line, &side_names_of(&place)).map_err(app_error)?
        }
        _ => {
            return Err(ApiError::BadRequest(
                "Give the hand as `record` or as `line` (at most 200 characters), not both.".into(),
            ));
        }
    };
    let playing = championships::enter_hand(
        store,
        &link,
        HandAtTable {
            key: body.key,
            place: target,
            hand,
        },
        Utc::now(),
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(playing_view(&playing)))
}

#[utoipa::path(
    tag = "championships",
    description = "Takes back the last hand of the game in play (a finished game stays as it \
                   is). 409 when that hand is not the last one any more.",
    params(
        ("link" = String, Path, description = "The table's link, from its card"),
        ("game" = u32, Path, description = "The hand's game, from 1"),
        ("hand" = u32, Path, description = "The hand's place in its game, from 1"),
    ),
    responses(
        (status = 200, body = PlayingTableView),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
    ),
)]
#[delete("/api/v1/tables/{link}/hands/{game}/{hand}")]
pub async fn undo_table_hand(
    state: Data<AppState>,
    path: Path<(String, u32, u32)>,
) -> Result<HttpResponse, ApiError> {
    let (link, game, hand) = path.into_inner();
    let playing = championships::undo_hand(state.store.as_ref(), &link, HandPlace { game, hand })
        .await
        .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(playing_view(&playing)))
}
