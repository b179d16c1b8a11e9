//! A table's result: read and entered through the table's link, or entered and confirmed by
//! the organiser.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get, post, put};
use fives_rules::record::HandRecord;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::app::championships::{self, OrganiserEntry, TableGames, TablePlace};
use crate::domain::championship::MAX_TABLE_GAMES;
use crate::domain::championship::table::TableGameEntry;
use crate::domain::entry_level::totals_within_limit;
use crate::domain::ids::PlayerId;
use crate::domain::ids::{ChampionshipId, TableId};
use crate::domain::match_format::{MAX_GAMES_PER_FIXTURE, Side};
use crate::domain::match_result::{GameOutcome, GameSheet};
use crate::web::AppState;
use crate::web::api::auth::ApiCaller;
use crate::web::api::error::{ApiError, ErrorBody};
use crate::web::api::input::{ApiJson, LinkJson};
use crate::web::api::results::FinalScoreInput;

use super::championships::*;

/// A table's games, each game's hands as in a game record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TableResultBody {
    /// The version of the table the result was entered from (0 for a table with none).
    pub version: u32,
    /// Each game's hands (`[{"score": [14, 9]}, …]` is enough; side 0 is the first seat, or
    /// the partnership of seats 1 and 3), at most 15 games of at most 300 hands, in a body of
    /// at most 64 KiB (a scorer's hands fit many times over; every deal and move of four
    /// players may not). Not at a team event's table, which takes `team_games`.
    #[serde(default)]
    #[schema(value_type = Vec<Vec<crate::web::api::results::HandInput>>, max_items = 15)]
    pub games: Vec<Vec<HandRecord>>,
    /// Instead of `games`, where the championship's `entry_level` is `final`: each game's
    /// final score, one total a side in seat order (`[[61, 45]]`; a partnership table has two
    /// sides, a table of three or four each for themselves one a seat), 2 to 4 totals of
    /// -10,000 to 10,000, each game checked to be a score a game under the championship's rules
    /// ends on. At most 15 games.
    #[schema(max_items = 15)]
    pub final_scores: Option<Vec<Vec<i64>>>,
    /// At a team event's table, the team match's games in the order of its legs, each with
    /// who played it (at most 84 games).
    #[schema(max_items = 84)]
    pub team_games: Option<Vec<TeamGameBody>>,
    /// Why a confirmed result is corrected (organisers only), at most 500 characters.
    #[schema(max_length = 500)]
    pub reason: Option<String>,
}

/// A table's games entered at the table through its link: as [`TableResultBody`], without a
/// reason (only the organiser corrects a result).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkedTableResultBody {
    /// The version of the table the result was entered from (0 for a table with none).
    pub version: u32,
    /// Each game's hands, as in [`TableResultBody`]'s `games`. Not at a team event's table.
    #[serde(default)]
    #[schema(value_type = Vec<Vec<crate::web::api::results::HandInput>>, max_items = 15)]
    pub games: Vec<Vec<HandRecord>>,
    /// Each game's final score, as in [`TableResultBody`]'s `final_scores`.
    #[schema(max_items = 15)]
    pub final_scores: Option<Vec<Vec<i64>>>,
    /// At a team event's table, the team match's games in the order of its legs.
    #[schema(max_items = 84)]
    pub team_games: Option<Vec<TeamGameBody>>,
}

impl From<LinkedTableResultBody> for TableResultBody {
    fn from(body: LinkedTableResultBody) -> Self {
        Self {
            version: body.version,
            games: body.games,
            final_scores: body.final_scores,
            team_games: body.team_games,
            reason: None,
        }
    }
}

/// A game of a team match: who played it for each team and its hands.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TeamGameBody {
    /// The players of the team in seat 1, from the table's `squads`: one in a singles game,
    /// two in a pairs game (none for a game this team conceded).
    #[schema(max_items = 2)]
    pub home: Vec<i64>,
    /// The players of the team in seat 2.
    #[schema(max_items = 2)]
    pub away: Vec<i64>,
    /// The game's hands, as in `games` (at most 300); none for a conceded game or one given
    /// by its final score.
    #[serde(default)]
    #[schema(value_type = Vec<crate::web::api::results::HandInput>, max_items = 300)]
    pub hands: Vec<HandRecord>,
    /// Instead of `hands`, where the championship's `entry_level` is `final`: each team's
    /// total when the game ended.
    pub final_score: Option<FinalScoreInput>,
    /// The team that gave the game up unplayed (`home` for seat 1's, `away` for seat 2's).
    pub conceded_by: Option<Side>,
}

/// The games the body gives, for the table they are entered at.
fn games_of(body: TableResultBody) -> Result<(TableGames, Option<String>), ApiError> {
    let given = [
        !body.games.is_empty(),
        body.final_scores.is_some(),
        body.team_games.is_some(),
    ];
    if given.iter().filter(|&&given| given).count() > 1 {
        return Err(ApiError::invalid_field(
            "games",
            "Give a table's games one way: as `games` (hands), as `final_scores`, or as \
             `team_games` (a team match).",
        ));
    }
    let games = match body.team_games {
        Some(team_games) if team_games.len() > MAX_GAMES_PER_FIXTURE as usize => {
            return Err(ApiError::invalid_field(
                "team_games",
                format!("A team match has at most {MAX_GAMES_PER_FIXTURE} games."),
            ));
        }
        Some(team_games) => TableGames::TeamMatch(
            team_games
                .into_iter()
                .enumerate()
                .map(team_game_sheet)
                .collect::<Result<_, _>>()?,
        ),
        None => match body.final_scores {
            Some(scores) => TableGames::Played(final_score_games(scores)?),
            None => TableGames::Played(body.games.into_iter().map(TableGameEntry::Hands).collect()),
        },
    };
    Ok((games, body.reason))
}

/// A team match's game as the body gives it: its hands, its final score or the team that
/// conceded it, exactly one of them.
fn team_game_sheet((index, game): (usize, TeamGameBody)) -> Result<GameSheet, ApiError> {
    let outcome = match (game.conceded_by, game.final_score, game.hands.is_empty()) {
        (Some(side), None, true) => GameOutcome::ConcededBy(side),
        (None, Some(score), true) => {
            totals_within_limit(&[score.home, score.away]).map_err(|message| {
                ApiError::invalid_field(
                    &format!("team_games[{index}].final_score"),
                    format!("Game {}: {message}", index + 1),
                )
            })?;
            GameOutcome::FinalScore {
                home: score.home,
                away: score.away,
            }
        }
        (None, None, _) => GameOutcome::Hands(game.hands),
        _ => {
            return Err(ApiError::invalid_field(
                &format!("team_games[{index}]"),
                format!(
                    "Game {}: give one of its hands, its final score, or the team that conceded it.",
                    index + 1
                ),
            ));
        }
    };
    Ok(GameSheet {
        home: game.home.into_iter().map(PlayerId).collect(),
        away: game.away.into_iter().map(PlayerId).collect(),
        outcome,
    })
}

/// Each game's final score, within the limits any game's totals keep.
fn final_score_games(scores: Vec<Vec<i64>>) -> Result<Vec<TableGameEntry>, ApiError> {
    if scores.len() > MAX_TABLE_GAMES as usize {
        return Err(ApiError::invalid_field(
            "final_scores",
            format!("A table plays at most {MAX_TABLE_GAMES} games."),
        ));
    }
    scores
        .into_iter()
        .enumerate()
        .map(|(index, totals)| {
            let field = format!("final_scores[{index}]");
            if !(2..=4).contains(&totals.len()) {
                return Err(ApiError::invalid_field(
                    &field,
                    format!(
                        "Game {}: a final score is one total a side, 2 to 4 of them.",
                        index + 1
                    ),
                ));
            }
            totals_within_limit(&totals).map_err(|message| {
                ApiError::invalid_field(&field, format!("Game {}: {message}", index + 1))
            })?;
            Ok(TableGameEntry::FinalScore {
                final_score: totals,
            })
        })
        .collect()
}

/// A player a team may name in its games.
#[derive(Debug, Serialize, ToSchema)]
pub struct SquadPlayerView {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TablePlaceView {
    pub championship: ChampionshipSummary,
    pub stage: String,
    pub round: u32,
    pub table: TableView,
    /// At a team event's table, each seat's team's squad: the players its games may name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub squads: Vec<Vec<SquadPlayerView>>,
}

fn place_view(place: &TablePlace) -> TablePlaceView {
    TablePlaceView {
        championship: ChampionshipSummary::from(&place.view.championship),
        stage: place.stage.name().into(),
        round: place.round,
        table: table_view(&place.view, &place.table),
        squads: place
            .squads
            .iter()
            .map(|squad| {
                squad
                    .iter()
                    .map(|member| SquadPlayerView {
                        id: member.id.0,
                        name: member.name.clone(),
                    })
                    .collect()
            })
            .collect(),
    }
}

#[utoipa::path(
    tag = "championships",
    description = "The table a table's link opens: its championship, round, seats and result \
                   so far. The link is the only key.",
    params(("link" = String, Path, description = "The table's link, from its card")),
    responses(
        (status = 200, body = TablePlaceView),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/tables/{link}")]
pub async fn get_linked_table(
    state: Data<AppState>,
    link: Path<String>,
) -> Result<HttpResponse, ApiError> {
    let place = championships::table_of_link(state.store.as_ref(), &link).await?;
    Ok(HttpResponse::Ok().json(place_view(&place)))
}

#[utoipa::path(
    tag = "championships",
    description = "A player at the table enters its result through the table's link: every \
                   game checked by the rules before anything is kept, each problem at its game \
                   and hand. Works until the organiser confirms the result.",
    params(("link" = String, Path, description = "The table's link, from its card")),
    request_body = LinkedTableResultBody,
    responses(
        (status = 200, body = TablePlaceView),
        (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The result is confirmed, or changed since that version", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
)]
#[put("/api/v1/tables/{link}/result")]
pub async fn enter_linked_result(
    state: Data<AppState>,
    link: Path<String>,
    body: LinkJson<LinkedTableResultBody>,
) -> Result<HttpResponse, ApiError> {
    let body = TableResultBody::from(body.into_inner());
    let version = body.version;
    let (games, _) = games_of(body)?;
    let place = championships::enter_result_by_link(state.store.as_ref(), &link, version, games)
        .await
        .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(place_view(&place)))
}

#[utoipa::path(
    tag = "championships",
    description = "The organiser enters a table's result, confirmed at once, or corrects a \
                   confirmed one with a reason kept in the log. The organisation's organisers \
                   may.",
    params(
        ("id" = i64, Path, description = "The championship's id"),
        ("table_id" = i64, Path, description = "The table's id"),
    ),
    request_body = TableResultBody,
    responses(
        (status = 200, body = TablePlaceView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The result changed since that version", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}/result")]
pub async fn enter_table_result(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    body: ApiJson<TableResultBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, table) = path.into_inner();
    let body = body.into_inner();
    let from_version = body.version;
    let (games, reason) = games_of(body)?;
    let place = championships::enter_result_as_organiser(
        state.store.as_ref(),
        caller.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
        OrganiserEntry {
            from_version,
            games,
            reason,
        },
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(place_view(&place)))
}

/// The version of the table the organiser confirms.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmTableBody {
    pub version: u32,
}

#[utoipa::path(
    tag = "championships",
    description = "The organiser confirms a result entered at the table; the table's link can \
                   no longer change it. The organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The championship's id"),
        ("table_id" = i64, Path, description = "The table's id"),
    ),
    request_body = ConfirmTableBody,
    responses(
        (status = 200, body = TablePlaceView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "No result, or it changed since that version", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}/result/confirm")]
pub async fn confirm_table_result(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    body: ApiJson<ConfirmTableBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, table) = path.into_inner();
    let place = championships::confirm_table_result(
        state.store.as_ref(),
        caller.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
        body.version,
    )
    .await
    .map_err(app_error)?;
    Ok(HttpResponse::Ok().json(place_view(&place)))
}

#[utoipa::path(
    tag = "championships",
    description = "A table of the championship as its organiser sees it. The organisation's \
                   organisers may.",
    params(
        ("id" = i64, Path, description = "The championship's id"),
        ("table_id" = i64, Path, description = "The table's id"),
    ),
    responses(
        (status = 200, body = TablePlaceView),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[get("/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}")]
pub async fn get_table(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, table) = path.into_inner();
    let place = championships::organised_table(
        state.store.as_ref(),
        caller.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
    )
    .await?;
    Ok(HttpResponse::Ok().json(place_view(&place)))
}
