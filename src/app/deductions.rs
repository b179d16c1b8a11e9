//! Points an organiser takes from a team of a division by hand, with the reason, which the
//! division's table then counts and shows.

use chrono::Utc;

use super::lookup::{self, DivisionPlace};
use super::{AppError, Field, Who, require};
use crate::domain::authorisation::Permission;
use crate::domain::deduction::DeductionPoints;
use crate::domain::ids::{DivisionId, TeamId};
use crate::domain::reason::Reason;
use crate::domain::standings::PointAdjustment;
use crate::store::{NewAdjustment, Organisation, Store, Team};

/// A division's teams and the points adjustments made so far, for its organiser.
pub struct Deductions {
    pub organisation: Organisation,
    pub place: DivisionPlace,
    /// By name.
    pub teams: Vec<Team>,
    /// In the order they were made, the late results' included.
    pub adjustments: Vec<PointAdjustment>,
}

/// The division's adjustments, and its teams to take points from.
pub async fn deductions(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    division: DivisionId,
) -> Result<Deductions, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let place = lookup::division(store, &organisation, division).await?;
    Ok(Deductions {
        teams: store.teams_of(division).await?,
        adjustments: store.adjustments_of_division(division).await?,
        organisation,
        place,
    })
}

/// Takes `points` from a team of the division, for `reason`.
pub async fn deduct_points(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    division: DivisionId,
    team: TeamId,
    points: DeductionPoints,
    reason: &Reason,
) -> Result<(Organisation, DivisionPlace, Team), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let organiser = require(who, Permission::Organise(organisation.id))?;
    let place = lookup::division(store, &organisation, division).await?;
    let team = store
        .teams_of(division)
        .await?
        .into_iter()
        .find(|member| member.id == team)
        .ok_or_else(|| {
            AppError::invalid(
                Field::Team,
                format!("Choose one of the teams of {}.", place.division.name),
            )
        })?;
    store
        .add_adjustment(&NewAdjustment {
            division,
            team: team.id,
            points: points.adjustment(),
            reason: reason.as_str(),
            fixture: None,
            by: Some(organiser.user.id),
            at: Utc::now(),
        })
        .await?;
    Ok((organisation, place, team))
}
