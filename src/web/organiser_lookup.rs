//! What an organiser's address names, found by the use cases' lookups (`app::lookup`): their
//! organisation (which they must organise) and its competitions, seasons, divisions and
//! teams, each through the organisation, so another organisation's is not found (404).

use super::AppState;
use super::error::WebError;
use super::session::Viewer;
use crate::app::lookup;
pub(super) use crate::app::lookup::DivisionPlace;
use crate::domain::ids::{CompetitionId, DivisionId, SeasonId, TeamId};
use crate::store::{Competition, Organisation, Season, Team};

/// The organisation with this short name, when the viewer may organise it.
pub(super) async fn organised(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
) -> Result<Organisation, WebError> {
    lookup::organised(state.store.as_ref(), viewer.who(), slug)
        .await
        .map_err(|error| viewer.refused(error))
}

pub(super) async fn competition_of(
    state: &AppState,
    organisation: &Organisation,
    id: CompetitionId,
) -> Result<Competition, WebError> {
    Ok(lookup::competition(state.store.as_ref(), organisation, id).await?)
}

/// The season with its competition.
pub(super) async fn season_of(
    state: &AppState,
    organisation: &Organisation,
    id: SeasonId,
) -> Result<(Competition, Season), WebError> {
    Ok(lookup::season(state.store.as_ref(), organisation, id).await?)
}

pub(super) async fn division_of(
    state: &AppState,
    organisation: &Organisation,
    id: DivisionId,
) -> Result<DivisionPlace, WebError> {
    Ok(lookup::division(state.store.as_ref(), organisation, id).await?)
}

pub(super) async fn team_of(
    state: &AppState,
    organisation: &Organisation,
    id: TeamId,
) -> Result<Team, WebError> {
    Ok(lookup::team(state.store.as_ref(), organisation, id).await?)
}
