//! What an organiser's address names, found by the use cases' lookups (`app::lookup`): their
//! organisation (which they must organise) and its competitions, seasons, divisions and
//! teams, each through the organisation, so another organisation's is not found (404).

use crate::app::lookup;
pub(crate) use crate::app::lookup::DivisionPlace;
use crate::domain::ids::{CompetitionId, DivisionId, SeasonId, TeamId};
use crate::store::{Competition, Organisation, Season, Team};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::session::Viewer;

/// The organisation with this short name, when the viewer may organise it.
pub(crate) async fn organised(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
) -> Result<Organisation, WebError> {
    lookup::organised(state.store.as_ref(), viewer.who(), slug)
        .await
        .map_err(|error| viewer.refused(error))
}

pub(crate) async fn competition_of(
    state: &AppState,
    organisation: &Organisation,
    id: CompetitionId,
) -> Result<Competition, WebError> {
    Ok(lookup::competition(state.store.as_ref(), organisation, id).await?)
}

/// The season with its competition.
pub(crate) async fn season_of(
    state: &AppState,
    organisation: &Organisation,
    id: SeasonId,
) -> Result<(Competition, Season), WebError> {
    Ok(lookup::season(state.store.as_ref(), organisation, id).await?)
}

pub(crate) async fn division_of(
    state: &AppState,
    organisation: &Organisation,
    id: DivisionId,
) -> Result<DivisionPlace, WebError> {
    Ok(lookup::division(state.store.as_ref(), organisation, id).await?)
}

pub(crate) async fn team_of(
    state: &AppState,
    organisation: &Organisation,
    id: TeamId,
) -> Result<Team, WebError> {
    Ok(lookup::team(state.store.as_ref(), organisation, id).await?)
}
