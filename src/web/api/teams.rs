//! An organisation's teams: each with its pub, squad and (for those who may act for it) its
//! contact details, and its fixtures this season. Reading is public; making a team and
//! changing a squad need an organiser's token; setting the pub, a token of the team's captain
//! or an organiser, as for the team's other details.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, delete, get, post, put};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::created;
use super::error::{ApiError, ErrorBody, Problem};
use super::input::{ApiJson, Id, weekday_of};
use super::views::{FixtureView, NamedRef, PlayerView, TeamSummary, VenueView};
use crate::app::{lookup, teams};
use crate::domain::ids::{PlayerId, TeamId};
use crate::domain::league::{Venue, VenueAddress};
use crate::domain::organisation::DisplayName;
use crate::store::{Organisation, Team};
use crate::web::AppState;

/// Where a team plays this season.
#[derive(Debug, Serialize, ToSchema)]
pub struct CurrentDivision {
    pub competition: NamedRef,
    pub season: NamedRef,
    pub division: NamedRef,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TeamView {
    pub id: i64,
    pub name: String,
    /// The team's pub; null until it is given.
    pub venue: Option<VenueView>,
    /// The squad, by name.
    pub squad: Vec<PlayerView>,
    /// How to reach the captain, as the captain wrote it. Present only for a token that may
    /// act for the team (its captain, the organisation's organisers), as on the team's own page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contact: Option<String>,
    /// The division the team plays in this season (its latest); null when it has none.
    pub current_division: Option<CurrentDivision>,
}

async fn team_view(
    caller: &ApiCaller,
    state: &AppState,
    organisation: &Organisation,
    team: Team,
) -> Result<TeamView, ApiError> {
    let store = state.store.as_ref();
    let venue = store.team_venue(team.id).await?;
    let squad = store.squad_of(team.id).await?;
    let current = lookup::current_division(store, organisation, &team).await?;
    let contact = teams::may_act_for(caller.who(), &team).then(|| team.contact.clone());
    Ok(TeamView {
        id: team.id.0,
        name: team.name,
        venue: venue.as_ref().map(VenueView::from),
        squad: squad.iter().map(PlayerView::from).collect(),
        contact,
        current_division: current.map(|place| CurrentDivision {
            competition: NamedRef {
                id: place.competition.id.0,
                name: place.competition.name,
            },
            season: NamedRef {
                id: place.season.id.0,
                name: place.season.name,
            },
            division: NamedRef {
                id: place.division.id.0,
                name: place.division.name,
            },
        }),
    })
}

#[utoipa::path(
    tag = "teams",
    description = "The organisation's teams, by name.",
    params(("slug" = String, Path, description = "The organisation's short name")),
    responses(
        (status = 200, body = Vec<TeamSummary>),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/teams")]
pub async fn list_teams(
    _caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.as_ref();
    let organisation = lookup::organisation(store, &slug).await?;
    let teams = store.teams_in(organisation.id).await?;
    let teams: Vec<TeamSummary> = teams.iter().map(TeamSummary::from).collect();
    Ok(HttpResponse::Ok().json(teams))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewTeamBody {
    /// 1 to 100 characters, and not one that looks the same as another team's of the
    /// organisation.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
}

#[utoipa::path(
    tag = "teams",
    description = "Makes a team of the organisation.",
    params(("slug" = String, Path, description = "The organisation's short name")),
    request_body = NewTeamBody,
    responses(
        (status = 201, body = TeamView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The organisation has a team of that name, or of one that looks the same", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/teams")]
pub async fn create_team(
    caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
    body: ApiJson<NewTeamBody>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    lookup::organised(store, caller.who(), &slug).await?;
    let name = DisplayName::try_from(body.name.as_str())
        .map_err(|error| ApiError::invalid_field("name", error.to_string()))?;
    let (organisation, team) = teams::create_team(store, caller.who(), &slug, name).await?;
    Ok(created(
        format!(
            "/api/v1/organisations/{}/teams/{}",
            organisation.slug, team.id
        ),
        team_view(&caller, &state, &organisation, team).await?,
    ))
}

#[utoipa::path(
    tag = "teams",
    description = "A team with its pub, squad and division this season, as its public page \
                   shows it; with the captain's contact details for a token that may act for it.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The team's id"),
    ),
    responses(
        (status = 200, body = TeamView),
        (status = 404, body = ErrorBody),
    ),
    security((), ("bearer" = [])),
)]
#[get("/api/v1/organisations/{slug}/teams/{id}")]
pub async fn get_team(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let organisation = lookup::organisation(store, &slug).await?;
    let team = lookup::team(store, &organisation, TeamId(id)).await?;
    Ok(HttpResponse::Ok().json(team_view(&caller, &state, &organisation, team).await?))
}

#[utoipa::path(
    tag = "teams",
    description = "The team's fixtures, home and away, in its division this season, by date.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The team's id"),
    ),
    responses(
        (status = 200, body = Vec<FixtureView>),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/teams/{id}/fixtures")]
pub async fn team_fixtures(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let organisation = lookup::organisation(store, &slug).await?;
    let team = lookup::team(store, &organisation, TeamId(id)).await?;
    let fixtures = match lookup::current_division(store, &organisation, &team).await? {
        Some(place) => store.fixtures_of_team(team.id, place.season.id).await?,
        None => Vec::new(),
    };
    let fixtures: Vec<FixtureView> = fixtures.iter().map(FixtureView::from).collect();
    Ok(HttpResponse::Ok().json(fixtures))
}

/// A team's pub.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VenueBody {
    /// 1 to 100 characters.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    /// A few lines, separated by `\n`: 1 to 300 characters.
    #[schema(min_length = 1, max_length = 300)]
    pub address: String,
    /// The night the team prefers to play, such as "Thursday"; null or absent for the
    /// league's night.
    #[serde(default)]
    #[schema(pattern = "^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)?$")]
    pub night: Option<String>,
}

fn check_venue(body: &VenueBody) -> Result<Venue, Vec<Problem>> {
    let mut problems = Vec::new();
    let name = DisplayName::try_from(body.name.as_str())
        .map_err(|error| problems.push(Problem::new("name", error.to_string())))
        .ok();
    let address = VenueAddress::try_from(body.address.as_str())
        .map_err(|error| problems.push(Problem::new("address", error.to_string())))
        .ok();
    let night = match body.night.as_deref().map(str::trim) {
        None | Some("") => Some(None),
        Some(text) => match weekday_of(text) {
            Some(day) => Some(Some(day)),
            None => {
                problems.push(Problem::new(
                    "night",
                    "Choose the night of the week the team plays, or leave it out.",
                ));
                None
            }
        },
    };
    match (name, address, night) {
        (Some(name), Some(address), Some(night)) => Ok(Venue {
            name,
            address,
            night,
        }),
        _ => Err(problems),
    }
}

#[utoipa::path(
    tag = "teams",
    description = "Sets the team's pub: where its home fixtures made from now on are played.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The team's id"),
    ),
    request_body = VenueBody,
    responses(
        (status = 200, body = TeamView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/teams/{id}/venue")]
pub async fn set_venue(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<VenueBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only those who act for the team are told what is wrong with the body.
    teams::team_to_act_for(store, caller.who(), &slug, TeamId(id)).await?;
    let venue = check_venue(&body).map_err(ApiError::invalid)?;
    let (organisation, team) =
        teams::set_venue(store, caller.who(), &slug, TeamId(id), Some(&venue)).await?;
    Ok(HttpResponse::Ok().json(team_view(&caller, &state, &organisation, team).await?))
}

#[utoipa::path(
    tag = "teams",
    description = "Clears the team's pub.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The team's id"),
    ),
    responses(
        (status = 200, body = TeamView),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[delete("/api/v1/organisations/{slug}/teams/{id}/venue")]
pub async fn clear_venue(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let (organisation, team) =
        teams::set_venue(state.store.as_ref(), caller.who(), &slug, TeamId(id), None).await?;
    Ok(HttpResponse::Ok().json(team_view(&caller, &state, &organisation, team).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SquadPlayerBody {
    /// One of the organisation's players (see `POST .../players`).
    #[schema(value_type = Id)]
    pub player_id: i64,
}

#[utoipa::path(
    tag = "teams",
    description = "Adds one of the organisation's players to the team's squad.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The team's id"),
    ),
    request_body = SquadPlayerBody,
    responses(
        (status = 200, body = TeamView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The player is already in the squad", body = ErrorBody),
        (status = 422, description = "Not one of the organisation's players", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/teams/{id}/squad")]
pub async fn add_squad_player(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<SquadPlayerBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let (organisation, team) = teams::add_to_squad(
        state.store.as_ref(),
        caller.who(),
        &slug,
        TeamId(id),
        PlayerId(body.player_id),
    )
    .await?;
    Ok(HttpResponse::Ok().json(team_view(&caller, &state, &organisation, team).await?))
}
