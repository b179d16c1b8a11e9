//! A season's divisions, the teams in each and a division's table. Reading is public; making
//! a division and putting teams into one needs a token of an organiser of the organisation.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::created;
use super::error::{ApiError, ErrorBody, Problem};
use super::input::{ApiJson, Id, name_of};
use super::views::{NamedRef, TeamRef, TeamSummary};
use crate::app::league;
use crate::app::lookup::{self, DivisionPlace};
use crate::domain::ids::{DivisionId, FixtureId, SeasonId, TeamId};
use crate::domain::standings::{FixtureResult, Tiebreak};
use crate::domain::team_list::teams_from_items;
use crate::store::{Division, Store};
use crate::web::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct DivisionView {
    pub id: i64,
    pub season_id: i64,
    pub name: String,
    /// How the table separates teams level on points, best first: points, game_difference,
    /// games_won, head_to_head.
    #[schema(value_type = Vec<String>, example = json!(["points", "game_difference"]))]
    pub tiebreaks: Vec<Tiebreak>,
}

impl From<Division> for DivisionView {
    fn from(division: Division) -> Self {
        Self {
            id: division.id.0,
            season_id: division.season_id.0,
            name: division.name,
            tiebreaks: division.tiebreaks.into(),
        }
    }
}

/// A division with where it belongs and its teams, by name.
#[derive(Debug, Serialize, ToSchema)]
pub struct DivisionDetail {
    #[serde(flatten)]
    pub division: DivisionView,
    pub competition: NamedRef,
    pub season: NamedRef,
    pub teams: Vec<TeamSummary>,
}

#[utoipa::path(
    tag = "divisions",
    description = "The season's divisions, in the order they were made.",
    params(
        ("id" = i64, Path, description = "The season's id"),
    ),
    responses(
        (status = 200, body = Vec<DivisionView>),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/seasons/{id}/divisions")]
pub async fn list_divisions(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let organisation = lookup::organisation(store, &slug).await?;
    let (_, season) = lookup::season(store, &organisation, SeasonId(id)).await?;
    let divisions: Vec<DivisionView> = store
        .divisions_of(season.id)
        .await?
        .into_iter()
        .map(DivisionView::from)
        .collect();
    Ok(HttpResponse::Ok().json(divisions))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewDivisionBody {
    /// 1 to 100 characters.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
}

#[utoipa::path(
    tag = "divisions",
    description = "Makes a division of the season, its table ordered by points, then game \
                   difference, games won and head to head.",
    params(
        ("id" = i64, Path, description = "The season's id"),
    ),
    request_body = NewDivisionBody,
    responses(
        (status = 201, body = DivisionView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The season has a division of that name", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/seasons/{id}/divisions")]
pub async fn create_division(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<NewDivisionBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body, and only of their season.
    let organisation = lookup::organised(store, caller.who(), &slug).await?;
    lookup::season(store, &organisation, SeasonId(id)).await?;
    let name = name_of(&body.name)?;
    let (organisation, _, division) =
        league::create_division(store, caller.who(), &slug, SeasonId(id), name).await?;
    Ok(created(
        format!(
            "/api/v1/organisations/{}/divisions/{}",
            organisation.slug, division.id
        ),
        DivisionView::from(division),
    ))
}

async fn division_detail(
    state: &AppState,
    place: DivisionPlace,
) -> Result<DivisionDetail, ApiError> {
    let teams = state.store.teams_of(place.division.id).await?;
    Ok(DivisionDetail {
        competition: NamedRef {
            id: place.competition.id.0,
            name: place.competition.name,
        },
        season: NamedRef {
            id: place.season.id.0,
            name: place.season.name,
        },
        division: DivisionView::from(place.division),
        teams: teams.iter().map(TeamSummary::from).collect(),
    })
}

#[utoipa::path(
    tag = "divisions",
    description = "A division, its competition and season, and its teams by name.",
    params(
        ("id" = i64, Path, description = "The division's id"),
    ),
    responses(
        (status = 200, body = DivisionDetail),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/divisions/{id}")]
pub async fn get_division(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let place = division_of(state.store.as_ref(), &slug, DivisionId(id)).await?;
    Ok(HttpResponse::Ok().json(division_detail(&state, place).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DivisionTeamBody {
    /// One of the organisation's teams that plays in no other division of the season.
    #[schema(value_type = Id)]
    pub team_id: i64,
}

#[utoipa::path(
    tag = "divisions",
    description = "Puts one of the organisation's teams into the division; a team plays in one \
                   division of a season. Answers the division with its teams.",
    params(
        ("id" = i64, Path, description = "The division's id"),
    ),
    request_body = DivisionTeamBody,
    responses(
        (status = 200, body = DivisionDetail),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The team already plays in a division of this season", body = ErrorBody),
        (status = 422, description = "Not one of the organisation's teams", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/divisions/{id}/teams")]
pub async fn add_team(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<DivisionTeamBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let (_, place) = league::add_team_to_division(
        state.store.as_ref(),
        caller.who(),
        &slug,
        DivisionId(id),
        TeamId(body.team_id),
    )
    .await?;
    Ok(HttpResponse::Ok().json(division_detail(&state, place).await?))
}

/// Several teams for a division at once.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DivisionTeamListBody {
    /// 1 to 40 team names, each 1 to 100 characters, none twice nor two that look the same:
    /// each the organisation's team of that name, or a new team when it has none.
    #[schema(min_items = 1, max_items = 40)]
    pub names: Vec<String>,
}

#[utoipa::path(
    tag = "divisions",
    description = "Puts several teams into the division at once, all or none: each name the \
                   organisation's team of that name, or a new team made when it has none. \
                   Every name refused is named at its place (`names[2]`). Answers the division \
                   with its teams.",
    params(
        ("id" = i64, Path, description = "The division's id"),
    ),
    request_body = DivisionTeamListBody,
    responses(
        (status = 200, body = DivisionDetail),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "A team of one of the names was made meanwhile", body = ErrorBody),
        (status = 422, description = "A name refused, each at its place: not a name, twice on the list, looking the same as another team's, or a team already in a division of this season", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/divisions/{id}/teams/list")]
pub async fn add_teams(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<DivisionTeamListBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    lookup::organised(store, caller.who(), &slug).await?;
    let list = teams_from_items(&body.names)
        .map_err(|whole| ApiError::invalid(vec![Problem::new("names", whole.to_string())]))?;
    let (_, place, _) =
        league::add_teams_to_division(store, caller.who(), &slug, DivisionId(id), &list).await?;
    Ok(HttpResponse::Ok().json(division_detail(&state, place).await?))
}

/// One team's line in a division's table.
#[derive(Debug, Serialize, ToSchema)]
pub struct StandingsRowView {
    /// From 1; teams level after every tiebreak share a position.
    pub position: u32,
    pub team: TeamRef,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub games_for: u32,
    pub games_against: u32,
    pub game_difference: i64,
    /// Points added or taken away by the organiser.
    pub adjustment: i64,
    pub points: i64,
    /// Level with another team after every tiebreak: a play-off decides.
    pub play_off: bool,
}

/// The division `id` of the organisation `slug`, with everything above it; 404 otherwise.
pub(super) async fn division_of(
    store: &dyn Store,
    slug: &str,
    id: DivisionId,
) -> Result<DivisionPlace, ApiError> {
    let organisation = lookup::organisation(store, slug).await?;
    Ok(lookup::division(store, &organisation, id).await?)
}

/// The organisation's division `id` with its confirmed results, which its table and its
/// positions are counted from.
async fn division_with_results(
    store: &dyn Store,
    slug: &str,
    id: DivisionId,
) -> Result<(DivisionPlace, Vec<(FixtureId, FixtureResult)>), ApiError> {
    let place = division_of(store, slug, id).await?;
    let confirmed = store
        .confirmed_results_of_division(place.division.id)
        .await?;
    Ok((place, confirmed))
}

#[utoipa::path(
    tag = "divisions",
    description = "The division's table from its confirmed results, as its public page shows it.",
    params(
        ("id" = i64, Path, description = "The division's id"),
    ),
    responses(
        (status = 200, body = Vec<StandingsRowView>),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/divisions/{id}/standings")]
pub async fn get_standings(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (place, confirmed) = division_with_results(store, &slug, DivisionId(id)).await?;
    let rows = league::standings(store, &place.competition, &place.division, &confirmed).await?;
    let table: Vec<StandingsRowView> = rows
        .into_iter()
        .map(|(row, team)| StandingsRowView {
            position: row.position,
            team: TeamRef {
                id: team.id.0,
                name: team.name.clone(),
            },
            played: row.played,
            won: row.won,
            drawn: row.drawn,
            lost: row.lost,
            games_for: row.games_for,
            games_against: row.games_against,
            game_difference: row.game_difference(),
            adjustment: row.adjustment,
            points: row.points,
            play_off: row.play_off,
        })
        .collect();
    Ok(HttpResponse::Ok().json(table))
}

/// The division's table after one round with a result.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoundPositionsView {
    pub round: u32,
    /// Top of the table first.
    pub positions: Vec<TeamPositionView>,
}

/// A team's place in the table after a round.
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamPositionView {
    /// From 1; teams level after every tiebreak share a position.
    pub position: u32,
    pub team: TeamRef,
}

#[utoipa::path(
    tag = "divisions",
    description = "Each team's position after each round with a confirmed result, as the \
        division page's chart draws it; adjustments count from the start.",
    params(
        ("id" = i64, Path, description = "The division's id"),
    ),
    responses(
        (status = 200, body = Vec<RoundPositionsView>),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/divisions/{id}/positions")]
pub async fn get_positions(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (place, confirmed) = division_with_results(store, &slug, DivisionId(id)).await?;
    let fixtures = store.fixtures_of_division(place.division.id).await?;
    let teams = store.teams_of(place.division.id).await?;
    let history = league::positions_through_season(store, &place, &fixtures, &confirmed).await?;
    let name_of = |id: TeamId| {
        teams
            .iter()
            .find(|team| team.id == id)
            .map(|team| team.name.clone())
            .unwrap_or_default()
    };
    let rounds: Vec<RoundPositionsView> = history
        .into_iter()
        .map(|after| RoundPositionsView {
            round: after.round,
            positions: after
                .positions
                .into_iter()
                .map(|(team, position)| TeamPositionView {
                    position,
                    team: TeamRef {
                        id: team.0,
                        name: name_of(team),
                    },
                })
                .collect(),
        })
        .collect();
    Ok(HttpResponse::Ok().json(rounds))
}
