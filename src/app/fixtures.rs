//! A division's fixtures as its organiser runs them: made once from its teams and calendar,
//! then re-dated, postponed or played the other way round one by one while they have no
//! result.

use chrono::{NaiveDate, NaiveTime};

use super::lookup::{self, DivisionPlace};
use super::{AppError, Conflict, Field, Problem, Who};
use crate::domain::fixture_dates::{
    DateWarning, TeamsOtherFixture, check_fixture_date, date_warnings,
};
use crate::domain::fixtures::Legs;
use crate::domain::ids::{DivisionId, FixtureId};
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{Bye, Fixture, Organisation, Store, StoreError};

/// A division's fixtures and byes, for its organiser's page.
pub struct DivisionFixtures {
    pub organisation: Organisation,
    pub place: DivisionPlace,
    pub fixtures: Vec<Fixture>,
    pub byes: Vec<Bye>,
}

/// The organisation's division `id`, with the organisation, when `who` may organise it.
async fn organised_division(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: DivisionId,
) -> Result<(Organisation, DivisionPlace), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let place = lookup::division(store, &organisation, id).await?;
    Ok((organisation, place))
}

/// An organiser's view of a division's fixtures.
pub async fn of_division(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    division: DivisionId,
) -> Result<DivisionFixtures, AppError> {
    let (organisation, place) = organised_division(store, who, slug, division).await?;
    let fixtures = store.fixtures_of_division(division).await?;
    let byes = store.byes_of_division(division).await?;
    Ok(DivisionFixtures {
        organisation,
        place,
        fixtures,
        byes,
    })
}

/// Makes a division's fixtures: a round robin, once or home and away, on the season's league
/// nights, each at the home team's pub. A division's fixtures are made once.
pub async fn generate(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    division: DivisionId,
    legs: Legs,
) -> Result<(Organisation, DivisionPlace, Vec<Fixture>), AppError> {
    let (organisation, place) = organised_division(store, who, slug, division).await?;
    let name = &place.division.name;
    match store.generate_fixtures(division, legs).await {
        Ok(fixtures) => Ok((organisation, place, fixtures)),
        Err(StoreError::FixturesAlreadyGenerated) => Err(AppError::Conflict(Conflict::Taken {
            field: Field::Legs,
            message: format!("The fixtures of {name} have already been made."),
        })),
        Err(StoreError::TooFewTeams { teams }) => Err(AppError::invalid(
            Field::Legs,
            format!("{name} needs at least two teams to make fixtures; it has {teams}."),
        )),
        Err(StoreError::CannotScheduleFixtures(error)) => {
            Err(AppError::invalid(Field::Legs, error.to_string()))
        }
        Err(error) => Err(error.into()),
    }
}

/// The organisation's fixture `id`, with its division, when `who` may organise it.
pub async fn organised_fixture(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: FixtureId,
) -> Result<(Fixture, DivisionPlace), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    lookup::fixture(store, &organisation, id).await
}

fn changed(outcome: Result<Fixture, StoreError>) -> Result<Fixture, AppError> {
    outcome.map_err(|error| match error {
        StoreError::FixtureHasResult => AppError::Conflict(Conflict::FixtureHasResult),
        error => error.into(),
    })
}

/// When a re-dated fixture starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartTime {
    /// As it did before.
    Unchanged,
    /// At its season's usual time.
    Usual,
    At(NaiveTime),
}

/// A fixture re-dated, with what its new date may clash with.
pub struct Moved {
    pub fixture: Fixture,
    pub warnings: Vec<DateWarning>,
}

/// Gives a fixture without a result a new date, on or after its season's start and within its
/// reach, and perhaps a start time; a postponed fixture is scheduled again. It keeps its round.
/// A night when either team already plays is refused unless `same_night` confirms it; a new
/// date on a blackout date, or within a week of another fixture of either team, is kept and
/// warned of.
pub async fn move_to(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: FixtureId,
    date: NaiveDate,
    start_time: StartTime,
    same_night: bool,
) -> Result<Moved, AppError> {
    let (fixture, place) = organised_fixture(store, who, slug, id).await?;
    let date = check_fixture_date(date, place.season.start)
        .map_err(|refusal| AppError::invalid(Field::Date, refusal.to_string()))?;
    let warnings = warnings_on(store, &fixture, &place, date).await?;
    let unconfirmed: Vec<Problem> = warnings
        .iter()
        .filter(|warning| warning.needs_confirming() && !same_night)
        .map(|warning| {
            Problem::new(
                Field::Date,
                format!(
                    "{warning} Confirm that both are played on the same night to move it there."
                ),
            )
        })
        .collect();
    if !unconfirmed.is_empty() {
        return Err(AppError::Invalid(unconfirmed));
    }
    let fixture = changed(match start_time {
        StartTime::Unchanged => store.move_fixture(fixture.id, date).await,
        StartTime::Usual => store.reschedule_fixture(fixture.id, date, None).await,
        StartTime::At(time) => store.reschedule_fixture(fixture.id, date, Some(time)).await,
    })?;
    Ok(Moved { fixture, warnings })
}

/// What a fixture's date, as it stands, clashes with: for the page an organiser returns to
/// after moving it.
pub async fn date_warnings_of(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: FixtureId,
) -> Result<Vec<DateWarning>, AppError> {
    let (fixture, place) = organised_fixture(store, who, slug, id).await?;
    if fixture.status == FixtureStatus::Postponed {
        return Ok(Vec::new());
    }
    warnings_on(store, &fixture, &place, fixture.date).await
}

/// What `date` would clash with for `fixture`: the season's blackout dates, and the other
/// fixtures of either team.
async fn warnings_on(
    store: &dyn Store,
    fixture: &Fixture,
    place: &DivisionPlace,
    date: NaiveDate,
) -> Result<Vec<DateWarning>, AppError> {
    let mut others = Vec::new();
    let mut seen = Vec::new();
    for (team, name) in [
        (fixture.home_team_id, &fixture.home_team),
        (fixture.away_team_id, &fixture.away_team),
    ] {
        for other in store.fixtures_of_team(team, place.season.id).await? {
            // A postponed fixture's date is not when it will be played.
            // The teams' other meeting is one clash, not one for each team.
            if other.id == fixture.id
                || other.status == FixtureStatus::Postponed
                || seen.contains(&other.id)
            {
                continue;
            }
            seen.push(other.id);
            let opponents = if other.home_team_id == team {
                other.away_team.clone()
            } else {
                other.home_team.clone()
            };
            others.push((name.clone(), opponents, other.date));
        }
    }
    let others: Vec<TeamsOtherFixture<'_>> = others
        .iter()
        .map(|(team, opponents, date)| TeamsOtherFixture {
            team,
            opponents,
            date: *date,
        })
        .collect();
    Ok(date_warnings(date, &place.season.blackout_dates, &others))
}

/// Postpones a fixture without a result; it keeps its date until it is moved.
pub async fn postpone(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: FixtureId,
) -> Result<Fixture, AppError> {
    let (fixture, _) = organised_fixture(store, who, slug, id).await?;
    changed(store.postpone_fixture(fixture.id).await)
}

/// Swaps home and away of a fixture without a result; it is then played at the other team's
/// pub.
pub async fn reverse(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: FixtureId,
) -> Result<Fixture, AppError> {
    let (fixture, _) = organised_fixture(store, who, slug, id).await?;
    changed(store.reverse_fixture(fixture.id).await)
}
