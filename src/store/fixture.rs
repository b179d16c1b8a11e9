//! A division's fixtures in the store: made once from its teams and its season's calendar,
//! then moved or postponed one by one. [`FixtureStore`] is part of every
//! [`Store`](super::Store).

use async_trait::async_trait;
use chrono::{NaiveDate, NaiveTime};

use super::StoreError;
use crate::domain::fixtures::Legs;
use crate::domain::ids::{DivisionId, FixtureId, SeasonId, TeamId};
use crate::domain::season_fixtures::FixtureStatus;

/// Where a fixture is played: the home team's pub as it was when the fixtures were made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixtureVenue {
    pub name: String,
    pub address: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixture {
    pub id: FixtureId,
    pub division_id: DivisionId,
    /// Counted from 1; a moved fixture keeps its round.
    pub round: u32,
    pub date: NaiveDate,
    /// When it starts, local time in the league's zone: its own time when it was given one as
    /// it was re-dated, or else its season's usual start time; `None` when neither is known.
    pub start_time: Option<NaiveTime>,
    pub home_team_id: TeamId,
    pub home_team: String,
    pub away_team_id: TeamId,
    pub away_team: String,
    /// `None` when the home team had no pub when the fixtures were made.
    pub venue: Option<FixtureVenue>,
    pub status: FixtureStatus,
}

/// A team that sits a round out, in a division with an odd number of teams.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bye {
    pub round: u32,
    pub team_id: TeamId,
    pub team: String,
}

#[async_trait]
pub trait FixtureStore: Send + Sync {
    /// Makes the division's fixtures from its teams in the order of [`teams_of`] (by name),
    /// its season's calendar and each home team's pub, and keeps them all or none. Refused
    /// when the division already has fixtures or fewer than two teams.
    ///
    /// [`teams_of`]: super::LeagueStore::teams_of
    async fn generate_fixtures(
        &self,
        division: DivisionId,
        legs: Legs,
    ) -> Result<Vec<Fixture>, StoreError>;
    /// By date, then in the order they were made.
    async fn fixtures_of_division(&self, division: DivisionId) -> Result<Vec<Fixture>, StoreError>;
    /// The division's byes, by round.
    async fn byes_of_division(&self, division: DivisionId) -> Result<Vec<Bye>, StoreError>;
    /// The team's fixtures, home and away, in the divisions of `season`; by date.
    async fn fixtures_of_team(
        &self,
        team: TeamId,
        season: SeasonId,
    ) -> Result<Vec<Fixture>, StoreError>;
    async fn fixture(&self, id: FixtureId) -> Result<Option<Fixture>, StoreError>;
    /// Re-dates a fixture that has no result yet; a postponed fixture given a new date is
    /// scheduled again.
    async fn move_fixture(&self, id: FixtureId, date: NaiveDate) -> Result<Fixture, StoreError>;
    /// Like [`move_fixture`](Self::move_fixture), and gives the fixture a start time of its
    /// own, or with `None` has it start at its season's usual time again.
    async fn reschedule_fixture(
        &self,
        id: FixtureId,
        date: NaiveDate,
        start_time: Option<NaiveTime>,
    ) -> Result<Fixture, StoreError>;
    /// Postpones a fixture that has no result yet, keeping its date until it is given a new one.
    async fn postpone_fixture(&self, id: FixtureId) -> Result<Fixture, StoreError>;
    /// Swaps home and away of a fixture that has no result yet (when the home team's pub is
    /// unavailable, say); the venue becomes the other team's pub as it is now.
    async fn reverse_fixture(&self, id: FixtureId) -> Result<Fixture, StoreError>;
}
