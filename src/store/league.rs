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

/// Who joins a squad.
#[derive(Debug, Clone, Copy)]
pub enum SquadEntry<'a> {
    /// One of the organisation's players.
    Player(PlayerId),
    /// A new player of the organisation, even when one already has the name.
    NewPlayer(&'a DisplayName),
    /// The organisation's one player of this name, or a new player when it has none.
    Named(&'a DisplayName),
}

/// Why one entry cannot join a squad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SquadRefusal {
    AlreadyInSquad {
        name: String,
    },
    /// The player is not one of the team's organisation's (or does not exist).
    NotOfOrganisation,
    /// The name looks the same as a player's spelt otherwise.
    LooksLike {
        existing: String,
    },
    /// Several of the organisation's players have the name, so which is meant is not known.
    SeveralNamed,
    /// The player is in another team's squad: joining this one is a transfer.
    InAnotherSquad(crate::domain::transfer::RegisteredElsewhere),
}

/// Why one listed team cannot join a division.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DivisionRefusal {
    /// The team is already in this division.
    AlreadyInDivision,
    /// The team plays in another division of the season, named.
    InAnotherDivision { division: String },
    /// The name looks the same as a team's of the organisation spelt otherwise.
    LooksLike { existing: String },
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
    /// Puts the organisation's team of each name into the division, making a team of each
    /// name it has none of first, all in one transaction: when any name is refused, nothing is
    /// kept and every refusal comes back (by the name's index) as
    /// [`StoreError::DivisionRefused`]. Answers the teams, in the order of the names. Without
    /// `keep`, every name is checked as it would be and nothing is kept either way (for a list
    /// with other problems, so that all are told at once).
    async fn join_division(
        &self,
        division: DivisionId,
        names: &[&DisplayName],
        at: DateTime<Utc>,
        keep: bool,
    ) -> Result<Vec<Team>, StoreError>;
    /// By name.
    async fn teams_of(&self, division: DivisionId) -> Result<Vec<Team>, StoreError>;

    /// Sets (or, with `None`, clears) the team's pub, and with it the venue of its home
    /// fixtures not yet played.
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
    /// Puts every entry into the team's squad, making the new players first, all in one
    /// transaction: when any entry is refused, nothing is kept and every refusal comes back
    /// (by the entry's index) as [`StoreError::SquadRefused`]; when the squad would then hold
    /// more than `limit` players, [`StoreError::SquadFull`]. Answers the players who joined.
    async fn join_squad(
        &self,
        team: TeamId,
        entries: &[SquadEntry<'_>],
        limit: usize,
        at: DateTime<Utc>,
    ) -> Result<Vec<Player>, StoreError>;
    /// Takes the player out of the team's squad; the games they played stay theirs.
    /// [`StoreError::NotFound`] when they are not in it.
    async fn leave_squad(&self, team: TeamId, player: PlayerId) -> Result<(), StoreError>;
    /// Renames a team; refused with [`StoreError::TeamNameTaken`] or
    /// [`StoreError::NameLooksLike`] when another team of its organisation has the name or one
    /// that looks the same.
    async fn rename_team(&self, team: TeamId, name: &DisplayName) -> Result<(), StoreError>;
    /// Renames a player; refused with [`StoreError::NameLooksLike`] when the new name looks
    /// the same as a player's of the organisation spelt otherwise.
    async fn rename_player(&self, player: PlayerId, name: &DisplayName) -> Result<(), StoreError>;
    /// Ends the account's captaincy of the team; [`StoreError::NotFound`] when it has none.
    async fn remove_captain(
        &self,
        team: TeamId,
        user: crate::domain::ids::UserId,
    ) -> Result<(), StoreError>;
    /// Renames a competition; refused with [`StoreError::CompetitionNameTaken`] or
    /// [`StoreError::NameLooksLike`] when another of its organisation's has the name or one
    /// that looks the same.
    async fn rename_competition(
        &self,
        competition: CompetitionId,
        name: &DisplayName,
    ) -> Result<(), StoreError>;
    /// Renames an organisation; its short name, in its addresses, stays.
    async fn rename_organisation(
        &self,
        organisation: OrganisationId,
        name: &DisplayName,
    ) -> Result<(), StoreError>;
    /// Removes a competition with its seasons, divisions and fixtures; refused with
    /// [`StoreError::HasResults`] (counting its fixtures with a result) once it has any.
    async fn delete_competition(&self, competition: CompetitionId) -> Result<(), StoreError>;
    /// Removes a team with its squad, captaincies, divisions' places and fixtures; refused with
    /// [`StoreError::HasResults`] (counting its fixtures with a result) once it has any.
    async fn delete_team(&self, team: TeamId) -> Result<(), StoreError>;
    /// Removes a player of the organisation from it and every squad; refused with
    /// [`StoreError::HasResults`] (counting the games they played) once they have played.
    async fn delete_player(&self, player: PlayerId) -> Result<(), StoreError>;
    /// The organisation's players, by name.
    async fn players_of(&self, organisation: OrganisationId) -> Result<Vec<Player>, StoreError>;
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
