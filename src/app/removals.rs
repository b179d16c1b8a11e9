//! An organiser removes a competition, a team or a player entered by mistake or gone before playing. Once
//! results name them, removal is refused with the reason: a league keeps its history (past
//! tables, players' records), and a team that folds mid-season keeps its played results.

use super::{AppError, Conflict, Who, lookup};
use crate::domain::ids::{CompetitionId, PlayerId, TeamId};
use crate::store::{Competition, Organisation, Player, Store, StoreError, Team};

/// The refusal to remove a team or competition that `count` fixtures with results name.
fn has_results(name: &str, count: i64) -> AppError {
    AppError::Conflict(Conflict::HasResults {
        name: name.to_string(),
        count,
    })
}

/// The refusal to remove a player or team whom `count` championships have entered.
fn entered(name: &str, count: i64) -> AppError {
    AppError::Conflict(Conflict::EnteredInChampionships {
        name: name.to_string(),
        count,
    })
}

/// Removes a team of the organisation that has no results, with its squad places,
/// captaincies and unplayed fixtures.
pub async fn remove_team(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    team: TeamId,
) -> Result<(Organisation, Team), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let team = lookup::team(store, &organisation, team).await?;
    match store.delete_team(team.id).await {
        Ok(()) => Ok((organisation, team)),
        Err(StoreError::HasResults { count }) => Err(has_results(&team.name, count)),
        Err(StoreError::HasChampionshipEntries { count }) => Err(entered(&team.name, count)),
        Err(error) => Err(error.into()),
    }
}

/// Removes a player of the organisation who has not played, from every squad too.
pub async fn remove_player(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    player: PlayerId,
) -> Result<(Organisation, Player), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let found = lookup::player(store, &organisation, player).await?;
    match store.delete_player(found.id).await {
        Ok(()) => Ok((organisation, found)),
        Err(StoreError::HasResults { count }) => {
            Err(AppError::Conflict(Conflict::PlayerHasPlayed {
                name: found.name.clone(),
                count,
            }))
        }
        Err(StoreError::HasChampionshipEntries { count }) => Err(entered(&found.name, count)),
        Err(error) => Err(error.into()),
    }
}

/// Removes a competition of the organisation that has no results, with its seasons,
/// divisions and fixtures.
pub async fn remove_competition(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    competition: CompetitionId,
) -> Result<(Organisation, Competition), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let competition = lookup::competition(store, &organisation, competition).await?;
    match store.delete_competition(competition.id).await {
        Ok(()) => Ok((organisation, competition)),
        Err(StoreError::HasResults { count }) => Err(has_results(&competition.name, count)),
        Err(error) => Err(error.into()),
    }
}
