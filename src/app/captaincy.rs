//! An organiser ends someone's captaincy of a team: the account stays, and what it did as
//! captain (results submitted, confirmed or disputed) stays in the results' history.

use super::{AppError, Who, lookup};
use crate::domain::ids::{TeamId, UserId};
use crate::store::{Organisation, Store, StoreError, Team};

/// Takes the account `captain` off the team's captains.
pub async fn remove_captain(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    team: TeamId,
    captain: UserId,
) -> Result<(Organisation, Team), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let team = lookup::team(store, &organisation, team).await?;
    match store.remove_captain(team.id, captain).await {
        Ok(()) => Ok((organisation, team)),
        Err(StoreError::NotFound(_)) => Err(AppError::NotFound(format!(
            "Account {captain} is not a captain of {}.",
            team.name
        ))),
        Err(error) => Err(error.into()),
    }
}
