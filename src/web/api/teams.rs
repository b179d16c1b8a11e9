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
use super::input::{ApiJson, Id, name_of, weekday_of};
use super::transfers::TransferView;
use super::views::{FixtureView, NamedRef, PlayerView, TeamSummary, VenueView};
use crate::app::squads::SquadAddition;
use crate::app::transfers::TransferMade;
use crate::app::{captaincy, lookup, removals, renames, squads, teams};
use crate::domain::ids::{PlayerId, TeamId, UserId};
use crate::domain::league::{Venue, VenueAddress};
use crate::domain::organisation::DisplayName;
use crate::domain::squad::{ListProblem, names_from_items};
use crate::store::{Organisation, Store, Team};
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

/// 200 with the team as it is now.
async fn team_answer(
    caller: &ApiCaller,
    state: &AppState,
    organisation: &Organisation,
    team: Team,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(team_view(caller, state, organisation, team).await?))
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
            competition: NamedRef::new(place.competition.id.0, place.competition.name),
            season: NamedRef::new(place.season.id.0, place.season.name),
            division: NamedRef::new(place.division.id.0, place.division.name),
        }),
    })
}

/// The team `id` of the organisation `slug`, with the organisation; 404 otherwise.
async fn team_of(
    store: &dyn Store,
    slug: &str,
    id: TeamId,
) -> Result<(Organisation, Team), ApiError> {
    let organisation = lookup::organisation(store, slug).await?;
    let team = lookup::team(store, &organisation, id).await?;
    Ok((organisation, team))
}

#[utoipa::path(
    tag = "teams",
    description = "The organisation's teams, by name.",
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
    request_body = NewTeamBody,
    responses(
        (status = 201, body = TeamView),
        (status = 400, body = ErrorBody),
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
    let name = name_of(&body.name)?;
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
    let (organisation, team) = team_of(store, &slug, TeamId(id)).await?;
    team_answer(&caller, &state, &organisation, team).await
}

#[utoipa::path(
    tag = "teams",
    description = "The team's fixtures, home and away, in its division this season, by date.",
    params(
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
    let (organisation, team) = team_of(store, &slug, TeamId(id)).await?;
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
    description = "Sets the team's pub: where its home fixtures not yet played, and those made from now on, are played; those played keep the pub they were played at.",
    params(
        ("id" = i64, Path, description = "The team's id"),
    ),
    request_body = VenueBody,
    responses(
        (status = 200, body = TeamView),
        (status = 400, body = ErrorBody),
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
    team_answer(&caller, &state, &organisation, team).await
}

#[utoipa::path(
    tag = "teams",
    description = "Clears the team's pub.",
    params(
        ("id" = i64, Path, description = "The team's id"),
    ),
    responses(
        (status = 200, body = TeamView),
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
    team_answer(&caller, &state, &organisation, team).await
}

/// Who joins the squad: one of the organisation's players by id, or a new player by name;
/// exactly one of the two.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SquadPlayerBody {
    /// One of the organisation's players (see `POST .../players`).
    #[serde(default)]
    #[schema(value_type = Option<Id>)]
    pub player_id: Option<i64>,
    /// A new player of the organisation: 1 to 100 characters. Two players may share a name,
    /// but not one that only looks the same as another player's.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 100)]
    pub name: Option<String>,
}

#[utoipa::path(
    tag = "teams",
    description = "Adds a player to the team's squad: one of the organisation's players \
                   (`player_id`) or a new one (`name`). A squad holds at most 40 players. The \
                   team's captains and the organisation's organisers may. A player is in one \
                   team's squad at a time: a captain's adding a player of another team asks \
                   the organisers for a transfer (202, the request), which the organisation's \
                   rule may refuse during a season (422); an organiser's moves the player.",
    params(
        ("id" = i64, Path, description = "The team's id"),
    ),
    request_body = SquadPlayerBody,
    responses(
        (status = 200, body = TeamView),
        (status = 202, description = "A player of another team: a transfer asked of the organisers", body = TransferView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The player is already in the squad, the name looks the same as another player's, or the same transfer waits already", body = ErrorBody),
        (status = 422, description = "Not one of the organisation's players, a name that is not one, or the squad is full", body = ErrorBody),
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
    let store = state.store.as_ref();
    // Only those who act for the team are told what is wrong with the body.
    teams::team_to_act_for(store, caller.who(), &slug, TeamId(id)).await?;
    let (organisation, team) = match (body.player_id, body.name.as_deref()) {
        (Some(player), None) => {
            let links = state.mail.as_ref();
            let (organisation, team, addition) = squads::add_to_squad(
                store,
                links,
                caller.who(),
                &slug,
                TeamId(id),
                PlayerId(player),
            )
            .await?;
            if let SquadAddition::Transfer(TransferMade::Asked(request)) = addition {
                return Ok(HttpResponse::Accepted().json(TransferView::of(request)));
            }
            (organisation, team)
        }
        (None, Some(name)) => {
            let name = name_of(name)?;
            let (organisation, team, _) =
                squads::add_new_player_to_squad(store, caller.who(), &slug, TeamId(id), &name)
                    .await?;
            (organisation, team)
        }
        _ => {
            return Err(ApiError::invalid_field(
                "player_id",
                "Give either player_id, one of the organisation's players, or name, a new player.",
            ));
        }
    };
    team_answer(&caller, &state, &organisation, team).await
}

/// Several names for a squad at once.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SquadListBody {
    /// 1 to 40 names, each 1 to 100 characters and none twice: each the organisation's player
    /// of that name, or a new player when it has none.
    #[schema(min_items = 1, max_items = 40)]
    pub names: Vec<String>,
}

#[utoipa::path(
    tag = "teams",
    description = "Adds several players to the team's squad at once, all or none; every name \
                   refused is named at its place (`names[2]`). The organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The team's id"),
    ),
    request_body = SquadListBody,
    responses(
        (status = 200, body = TeamView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, description = "A name refused, each at its place, or the squad would be too big", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/teams/{id}/squad/list")]
pub async fn add_squad_list(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<SquadListBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    lookup::organised(store, caller.who(), &slug).await?;
    let names = names_from_items(&body.names).map_err(|problems| {
        ApiError::invalid(
            problems
                .into_iter()
                .map(|problem| match problem {
                    ListProblem::Whole(message) => Problem::new("names", message),
                    ListProblem::Line { line, message } => {
                        Problem::new(format!("names[{}]", line - 1), message)
                    }
                })
                .collect(),
        )
    })?;
    let (organisation, team, _) =
        squads::add_list_to_squad(store, caller.who(), &slug, TeamId(id), &names).await?;
    team_answer(&caller, &state, &organisation, team).await
}

#[utoipa::path(
    tag = "teams",
    description = "Takes a player out of the team's squad. The player stays the organisation's \
                   and every game they played stays theirs. The team's captains and the \
                   organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The team's id"),
        ("player_id" = i64, Path, description = "The player's id"),
    ),
    responses(
        (status = 200, body = TeamView),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such team, or the player is not in its squad", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[delete("/api/v1/organisations/{slug}/teams/{id}/squad/{player_id}")]
pub async fn remove_squad_player(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, player) = path.into_inner();
    let (organisation, team) = squads::remove_from_squad(
        state.store.as_ref(),
        caller.who(),
        &slug,
        TeamId(id),
        PlayerId(player),
    )
    .await?;
    team_answer(&caller, &state, &organisation, team).await
}

/// A new name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NameBody {
    /// 1 to 100 characters.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
}

#[utoipa::path(
    tag = "teams",
    description = "Renames the team; every page and answer shows the new name, past results \
                   included. The organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The team's id"),
    ),
    request_body = NameBody,
    responses(
        (status = 200, body = TeamView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Another team has the name, or one that looks the same", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/teams/{id}/name")]
pub async fn rename_team(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<NameBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    lookup::organised(store, caller.who(), &slug).await?;
    let name = name_of(&body.name)?;
    let (organisation, team) =
        renames::rename_team(store, caller.who(), &slug, TeamId(id), &name).await?;
    team_answer(&caller, &state, &organisation, team).await
}

#[utoipa::path(
    tag = "teams",
    description = "Ends an account's captaincy of the team; the account stays, and what it did \
                   as captain stays in the results' history. The organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The team's id"),
        ("user_id" = i64, Path, description = "The captain's account id"),
    ),
    responses(
        (status = 200, body = TeamView),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such team, or the account is not its captain", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[delete("/api/v1/organisations/{slug}/teams/{id}/captains/{user_id}")]
pub async fn remove_captain(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id, user) = path.into_inner();
    let (organisation, team) = captaincy::remove_captain(
        state.store.as_ref(),
        caller.who(),
        &slug,
        TeamId(id),
        UserId(user),
    )
    .await?;
    team_answer(&caller, &state, &organisation, team).await
}

#[utoipa::path(
    tag = "teams",
    description = "Removes a team without results, with its squad places, captaincies and \
                   unplayed fixtures. A team with results is kept (409): results are kept. The \
                   organisation's organisers may.",
    params(
        ("id" = i64, Path, description = "The team's id"),
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The team has results", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[delete("/api/v1/organisations/{slug}/teams/{id}")]
pub async fn remove_team(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    removals::remove_team(state.store.as_ref(), caller.who(), &slug, TeamId(id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
