//! Finding what a request names within the organisation of its address, as the pages do: an
//! id of another organisation's competition, season, division, team or fixture is not found
//! (404), so the API never tells one organisation about another's.

use super::error::ApiError;
use crate::domain::ids::{CompetitionId, DivisionId, FixtureId, SeasonId, TeamId};
use crate::store::{Competition, Division, Fixture, Organisation, Season, Store, Team};

/// A division with the season and competition it belongs to.
pub struct DivisionPlace {
    pub competition: Competition,
    pub season: Season,
    pub division: Division,
}

pub async fn organisation(store: &dyn Store, slug: &str) -> Result<Organisation, ApiError> {
    store.organisation_by_slug(slug).await?.ok_or_else(|| {
        ApiError::not_found(format_args!("organisation with the short name {slug:?}"))
    })
}

pub async fn competition(
    store: &dyn Store,
    organisation: &Organisation,
    id: CompetitionId,
) -> Result<Competition, ApiError> {
    store
        .competitions_of(organisation.id)
        .await?
        .into_iter()
        .find(|competition| competition.id == id)
        .ok_or_else(|| {
            ApiError::not_found(format_args!("competition {id} in {}", organisation.name))
        })
}

/// The organisation's season with this id, with its competition.
pub async fn season(
    store: &dyn Store,
    organisation: &Organisation,
    id: SeasonId,
) -> Result<(Competition, Season), ApiError> {
    for competition in store.competitions_of(organisation.id).await? {
        for season in store.seasons_of(competition.id).await? {
            if season.id == id {
                return Ok((competition, season));
            }
        }
    }
    Err(ApiError::not_found(format_args!(
        "season {id} in {}",
        organisation.name
    )))
}

/// Every division of the organisation, through its competitions and seasons.
pub async fn divisions_of_organisation(
    store: &dyn Store,
    organisation: &Organisation,
) -> Result<Vec<DivisionPlace>, ApiError> {
    let mut places = Vec::new();
    for competition in store.competitions_of(organisation.id).await? {
        for season in store.seasons_of(competition.id).await? {
            for division in store.divisions_of(season.id).await? {
                places.push(DivisionPlace {
                    competition: competition.clone(),
                    season: season.clone(),
                    division,
                });
            }
        }
    }
    Ok(places)
}

pub async fn division(
    store: &dyn Store,
    organisation: &Organisation,
    id: DivisionId,
) -> Result<DivisionPlace, ApiError> {
    divisions_of_organisation(store, organisation)
        .await?
        .into_iter()
        .find(|place| place.division.id == id)
        .ok_or_else(|| ApiError::not_found(format_args!("division {id} in {}", organisation.name)))
}

pub async fn team(
    store: &dyn Store,
    organisation: &Organisation,
    id: TeamId,
) -> Result<Team, ApiError> {
    store
        .team(id)
        .await?
        .filter(|team| team.organisation_id == organisation.id)
        .ok_or_else(|| ApiError::not_found(format_args!("team {id} in {}", organisation.name)))
}

/// The division a team plays in this season: that of the latest-starting season it has one in.
pub async fn current_division(
    store: &dyn Store,
    organisation: &Organisation,
    team: &Team,
) -> Result<Option<DivisionPlace>, ApiError> {
    let mut current: Option<DivisionPlace> = None;
    for place in divisions_of_organisation(store, organisation).await? {
        let is_later = current
            .as_ref()
            .is_none_or(|found| place.season.start > found.season.start);
        if is_later
            && store
                .teams_of(place.division.id)
                .await?
                .iter()
                .any(|member| member.id == team.id)
        {
            current = Some(place);
        }
    }
    Ok(current)
}

pub async fn fixture(
    store: &dyn Store,
    organisation: &Organisation,
    id: FixtureId,
) -> Result<Fixture, ApiError> {
    let not_found = || ApiError::not_found(format_args!("fixture {id} in {}", organisation.name));
    let fixture = store.fixture(id).await?.ok_or_else(not_found)?;
    // Its division must be one of the organisation's.
    division(store, organisation, fixture.division_id)
        .await
        .map_err(|_| not_found())?;
    Ok(fixture)
}
