//! Finding what an organiser's address names: their organisation (which they must organise),
//! and its competitions, seasons, divisions, teams and fixtures. Each is looked up through the
//! organisation, so an id of another organisation's is not found (404), never shown or changed.

use super::AppState;
use super::error::WebError;
use super::session::Viewer;
use crate::domain::authorisation::Permission;
use crate::domain::ids::{CompetitionId, DivisionId, FixtureId, SeasonId, TeamId};
use crate::store::{Competition, Division, Fixture, Organisation, Season, Team};

/// The organisation with this short name, when the viewer may organise it.
pub(super) async fn organised(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
) -> Result<Organisation, WebError> {
    let organisation = state
        .store
        .organisation_by_slug(slug)
        .await?
        .ok_or(WebError::NotFound)?;
    viewer.require(Permission::Organise(organisation.id))?;
    Ok(organisation)
}

pub(super) async fn competition_of(
    state: &AppState,
    organisation: &Organisation,
    id: CompetitionId,
) -> Result<Competition, WebError> {
    state
        .store
        .competitions_of(organisation.id)
        .await?
        .into_iter()
        .find(|competition| competition.id == id)
        .ok_or(WebError::NotFound)
}

/// The season with its competition.
pub(super) async fn season_of(
    state: &AppState,
    organisation: &Organisation,
    id: SeasonId,
) -> Result<(Competition, Season), WebError> {
    for competition in state.store.competitions_of(organisation.id).await? {
        for season in state.store.seasons_of(competition.id).await? {
            if season.id == id {
                return Ok((competition, season));
            }
        }
    }
    Err(WebError::NotFound)
}

/// A division with the season and competition it belongs to.
pub(super) struct DivisionPlace {
    pub competition: Competition,
    pub season: Season,
    pub division: Division,
}

pub(super) async fn division_of(
    state: &AppState,
    organisation: &Organisation,
    id: DivisionId,
) -> Result<DivisionPlace, WebError> {
    for competition in state.store.competitions_of(organisation.id).await? {
        for season in state.store.seasons_of(competition.id).await? {
            for division in state.store.divisions_of(season.id).await? {
                if division.id == id {
                    return Ok(DivisionPlace {
                        competition,
                        season,
                        division,
                    });
                }
            }
        }
    }
    Err(WebError::NotFound)
}

pub(super) async fn team_of(
    state: &AppState,
    organisation: &Organisation,
    id: TeamId,
) -> Result<Team, WebError> {
    state
        .store
        .team(id)
        .await?
        .filter(|team| team.organisation_id == organisation.id)
        .ok_or(WebError::NotFound)
}

/// A fixture with the division it belongs to.
pub(super) async fn fixture_of(
    state: &AppState,
    organisation: &Organisation,
    id: FixtureId,
) -> Result<(Fixture, DivisionPlace), WebError> {
    let fixture = state.store.fixture(id).await?.ok_or(WebError::NotFound)?;
    let place = division_of(state, organisation, fixture.division_id).await?;
    Ok((fixture, place))
}
