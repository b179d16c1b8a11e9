//! The league's structure in the store: competitions, seasons, divisions and the teams in
//! them, players and squads, and a team's pub. [`LeagueStore`] is part of every
//! [`Store`](super::Store).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc, Weekday};
use fives_rules::RulesetSpec;

use super::{StoreError, Team};
use crate::domain::entry_level::EntryLevel;
use crate::domain::ids::{CompetitionId, DivisionId, OrganisationId, PlayerId, SeasonId, TeamId};
use crate::domain::league::{SeasonCalendar, Venue};
use crate::domain::match_format::MatchFormat;
use crate::domain::organisation::DisplayName;
use crate::domain::standings::TiebreakOrder;

pub struct NewCompetition {
    pub organisation: OrganisationId,
    pub name: DisplayName,
    pub ruleset: RulesetSpec,
    pub match_format: MatchFormat,
    /// The least a captain must give for each game of a result.
    pub entry_level: EntryLevel,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Competition {
    pub id: CompetitionId,
    pub organisation_id: OrganisationId,
    pub name: String,
    pub ruleset: RulesetSpec,
    pub match_format: MatchFormat,
    pub entry_level: EntryLevel,
}

pub struct NewSeason {
    pub competition: CompetitionId,
    pub name: DisplayName,
    pub calendar: SeasonCalendar,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Season {
    pub id: SeasonId,
    pub competition_id: CompetitionId,
    pub name: String,
    pub start: NaiveDate,
    pub league_night: Weekday,
    /// In date order.
    pub blackout_dates: Vec<NaiveDate>,
    /// When a league night usually starts, local time in the league's zone, if known.
    pub start_time: Option<NaiveTime>,
}

pub struct NewDivision {
    pub season: SeasonId,
    pub name: DisplayName,
    pub tiebreaks: TiebreakOrder,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Division {
    pub id: DivisionId,
    pub season_id: SeasonId,
    pub name: String,
    pub tiebreaks: TiebreakOrder,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    pub organisation_id: OrganisationId,
    pub name: String,
}

impl From<Player> for crate::domain::match_result::SquadMember {
    fn from(player: Player) -> Self {
        Self {
            id: player.id,
            name: player.name,
        }
    }
}

#[async_trait]
pub trait LeagueStore: Send + Sync {
    async fn create_competition(
        &self,
        competition: &NewCompetition,
    ) -> Result<Competition, StoreError>;
    /// By name.
    async fn competitions_of(
        &self,
        organisation: OrganisationId,
    ) -> Result<Vec<Competition>, StoreError>;

    /// Sets the least a captain must give for each game of the competition's results; the
    /// results already kept stay as they are.
    async fn set_entry_level(
        &self,
        competition: CompetitionId,
        level: EntryLevel,
    ) -> Result<Competition, StoreError>;

    async fn create_season(&self, season: &NewSeason) -> Result<Season, StoreError>;
    /// Latest start first.
    async fn seasons_of(&self, competition: CompetitionId) -> Result<Vec<Season>, StoreError>;

    /// Deletes a season with its blackout dates, its divisions, which teams were in them and
    /// their fixtures; the teams, their squads and the competition stay. Refused with
    /// [`StoreError::SeasonHasResults`] once any of its fixtures has a result.
    async fn delete_season(&self, season: SeasonId) -> Result<(), StoreError>;

    async fn create_division(&self, division: &NewDivision) -> Result<Division, StoreError>;
    /// In the order they were created, which is how organisers number them.
    async fn divisions_of(&self, season: SeasonId) -> Result<Vec<Division>, StoreError>;
    /// Sets the order the division's table is sorted in.
    async fn set_division_tiebreaks(
        &self,
        division: DivisionId,
        tiebreaks: &TiebreakOrder,
    ) -> Result<(), StoreError>;
    /// Puts a team of the division's organisation into the division; a team plays in at most
    /// one division of a season.
    async fn add_team_to_division(
        &self,
        division: DivisionId,
        team: TeamId,
    ) -> Result<(), StoreError>;
    /// By name.
    async fn teams_of(&self, division: DivisionId) -> Result<Vec<Team>, StoreError>;

    /// Sets (or, with `None`, clears) the team's pub.
    async fn set_team_venue(&self, team: TeamId, venue: Option<&Venue>) -> Result<(), StoreError>;
    async fn team_venue(&self, team: TeamId) -> Result<Option<Venue>, StoreError>;

    async fn create_player(
        &self,
        organisation: OrganisationId,
        name: &DisplayName,
        at: DateTime<Utc>,
    ) -> Result<Player, StoreError>;
    /// Puts a player of the team's organisation into its squad.
    async fn add_player_to_squad(&self, team: TeamId, player: PlayerId) -> Result<(), StoreError>;
    /// By name.
    async fn squad_of(&self, team: TeamId) -> Result<Vec<Player>, StoreError>;
    async fn competition(&self, id: CompetitionId) -> Result<Option<Competition>, StoreError>;
    /// Where a division sits: its organisation, competition and season, in one lookup.
    async fn division_lineage(
        &self,
        division: DivisionId,
    ) -> Result<Option<(OrganisationId, CompetitionId, SeasonId)>, StoreError>;
    /// The team's division in the latest-starting season it plays in.
    async fn current_division_of_team(
        &self,
        team: TeamId,
    ) -> Result<Option<DivisionId>, StoreError>;
    async fn player(&self, id: PlayerId) -> Result<Option<Player>, StoreError>;
    /// The teams whose squads the player is in, by name.
    async fn teams_of_player(&self, player: PlayerId) -> Result<Vec<Team>, StoreError>;
}

/// Weekdays are kept as ISO numbers, 1 for Monday to 7 for Sunday.
pub(super) fn weekday_number(day: Weekday) -> i32 {
    day.number_from_monday() as i32
}

pub(super) fn weekday_from_number(number: i32) -> Result<Weekday, StoreError> {
    u8::try_from(number - 1)
        .ok()
        .and_then(|index| Weekday::try_from(index).ok())
        .ok_or_else(|| StoreError::Corrupt(format!("{number} is not an ISO weekday number")))
}

pub(super) fn ruleset_json(ruleset: &RulesetSpec) -> String {
    serde_json::to_string(&fives_rules::record::ruleset_field(ruleset))
        .expect("a ruleset field is plain JSON")
}

pub(super) fn ruleset_from_json(text: &str) -> Result<RulesetSpec, StoreError> {
    let field = serde_json::from_str(text)
        .map_err(|error| StoreError::Corrupt(format!("ruleset {text:?}: {error}")))?;
    fives_rules::record::ruleset_spec(&field)
        .map_err(|error| StoreError::Corrupt(format!("ruleset {text:?}: {error}")))
}

pub(super) fn to_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("the league's settings serialise to JSON")
}

pub(super) fn from_json<T: serde::de::DeserializeOwned>(
    what: &str,
    text: &str,
) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|error| StoreError::Corrupt(format!("{what}: {error}")))
}
