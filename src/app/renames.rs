//! An organiser puts a name right: a team's, a player's, a competition's or the
//! organisation's own. Results, tables and fixtures name
//! them by their id, so every page shows the new name, past seasons included.

use super::{AppError, Who, lookup};
use crate::domain::ids::{CompetitionId, PlayerId, TeamId};
use crate::domain::organisation::{DisplayName, NamedThing};
use crate::store::{Competition, Organisation, Player, Store, Team};

/// Renames a team of the organisation; a name another team has, or one that looks the same,
/// is a conflict.
pub async fn rename_team(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    team: TeamId,
    name: &DisplayName,
) -> Result<(Organisation, Team), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let team = lookup::team(store, &organisation, team).await?;
    match store.rename_team(team.id, name).await {
        Ok(()) => {
            let team = lookup::team(store, &organisation, team.id).await?;
            Ok((organisation, team))
        }
        Err(error) => Err(AppError::name_refused(
            error,
            NamedThing::Team,
            name.as_str(),
            &organisation,
        )),
    }
}

/// Renames a player of the organisation; two players may share a name, but not two spellings
/// of one look.
pub async fn rename_player(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    player: PlayerId,
    name: &DisplayName,
) -> Result<(Organisation, Player), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let found = lookup::player(store, &organisation, player).await?;
    match store.rename_player(found.id, name).await {
        Ok(()) => Ok((
            organisation,
            Player {
                name: name.as_str().to_string(),
                ..found
            },
        )),
        Err(error) => Err(AppError::name_refused(
            error,
            NamedThing::Player,
            name.as_str(),
            &organisation,
        )),
    }
}

/// Renames a competition of the organisation; a name another has, or one that looks the
/// same, is a conflict.
pub async fn rename_competition(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    competition: CompetitionId,
    name: &DisplayName,
) -> Result<(Organisation, Competition), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let competition = lookup::competition(store, &organisation, competition).await?;
    match store.rename_competition(competition.id, name).await {
        Ok(()) => {
            let competition = lookup::competition(store, &organisation, competition.id).await?;
            Ok((organisation, competition))
        }
        Err(error) => Err(AppError::name_refused(
            error,
            NamedThing::Competition,
            name.as_str(),
            &organisation,
        )),
    }
}

/// Renames the organisation; its short name, in every address of its pages, stays.
pub async fn rename_organisation(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    name: &DisplayName,
) -> Result<Organisation, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    store.rename_organisation(organisation.id, name).await?;
    Ok(Organisation {
        name: name.as_str().to_string(),
        ..organisation
    })
}
