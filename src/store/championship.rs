//! Championships in the store: the event, its entrants, its published rounds and their tables'
//! results with their audit log. [`ChampionshipStore`] is part of every [`Store`](super::Store).
//! The store keeps what the use cases decided (a round as the engine paired it, a table's
//! checked result and its outcome); it decides no rule.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use fives_rules::RulesetSpec;

use super::StoreError;
use crate::domain::championship::{ChampionshipFormat, FormatDocument, Points};
use crate::domain::championship_event::Stage;
use crate::domain::championship_table::TableOutcome;
use crate::domain::ids::{
    ChampionshipId, EntrantId, OrganisationId, PlayerId, RoundId, TableId, TeamId, UserId,
};
use crate::domain::organisation::DisplayName;
use crate::token::TokenDigest;

pub struct NewChampionship {
    pub organisation: OrganisationId,
    pub name: DisplayName,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub venue: String,
    pub ruleset: RulesetSpec,
    pub format: ChampionshipFormat,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Championship {
    pub id: ChampionshipId,
    pub organisation_id: OrganisationId,
    pub name: String,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub venue: String,
    pub ruleset: RulesetSpec,
    pub format: ChampionshipFormat,
}

/// An entrant as the organiser adds it. A player or a pair names the organisation's players
/// (`partner` only for a pair); a team names one of its teams.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEntrant {
    pub name: DisplayName,
    pub player: Option<EntrantPlayer>,
    pub partner: Option<EntrantPlayer>,
    pub team: Option<TeamId>,
    pub rating: i64,
}

/// A player an entrant names: one the organisation has, or a new one of that name, made with
/// the entrants in the same transaction (so a list refused makes nobody).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntrantPlayer {
    Kept(PlayerId),
    New(DisplayName),
}

impl From<PlayerId> for EntrantPlayer {
    fn from(player: PlayerId) -> Self {
        Self::Kept(player)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub id: EntrantId,
    /// From 1, in the order entered: the seeding "as entered" and the tie-break of equal
    /// ratings.
    pub entry_number: u32,
    pub name: String,
    pub player: Option<PlayerId>,
    pub partner: Option<PlayerId>,
    pub team: Option<TeamId>,
    pub rating: i64,
    pub seed: Option<u32>,
    pub checked_in: bool,
    /// The last round of the main stage it played, once withdrawn (0: before the first).
    pub withdrawn_after: Option<u32>,
}

/// A round as the use case paired it, to be published as it is.
pub struct NewRound {
    pub championship: ChampionshipId,
    pub stage: Stage,
    /// From 1 within the stage.
    pub number: u32,
    pub tables: Vec<NewTable>,
    pub byes: Vec<EntrantId>,
    /// The knockout's entrants in seed order, when this round starts it after a Swiss.
    pub stage_entrants: Option<Vec<EntrantId>>,
    /// Entrants not checked in when the first round is published: withdrawn before it, in
    /// the same transaction.
    pub absent: Vec<EntrantId>,
    pub published_at: DateTime<Utc>,
    pub published_by: UserId,
    /// The championship's entrants as the round was paired from them, in entry order: the
    /// round is refused with [`StoreError::EntrantsChanged`] when they are not the same now.
    pub entrants_seen: Vec<Entrant>,
    /// The organiser changed the round from the engine's pairing.
    pub edited: bool,
}

pub struct NewTable {
    /// In seat order.
    pub seats: Vec<EntrantId>,
    /// The digest of the table's link; the link itself is shown once, on its card.
    pub link: TokenDigest,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    pub id: RoundId,
    pub stage: Stage,
    pub number: u32,
    pub tables: Vec<Table>,
    pub byes: Vec<EntrantId>,
    pub stage_entrants: Option<Vec<EntrantId>>,
    pub published_at: DateTime<Utc>,
    /// The organiser changed the round from the engine's pairing before publishing it.
    pub edited: bool,
    /// When the round's clock, started by the organiser, runs out; `None` with no clock.
    pub clock_ends_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableStatus {
    /// No result yet.
    Waiting,
    /// A result entered, not yet confirmed by the organiser.
    Entered,
    Confirmed,
}

impl TableStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TableStatus::Waiting => "waiting",
            TableStatus::Entered => "entered",
            TableStatus::Confirmed => "confirmed",
        }
    }

    fn parse(text: &str) -> Result<Self, StoreError> {
        match text {
            "waiting" => Ok(TableStatus::Waiting),
            "entered" => Ok(TableStatus::Entered),
            "confirmed" => Ok(TableStatus::Confirmed),
            other => Err(StoreError::Corrupt(format!(
                "a table's status is {other:?}"
            ))),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub id: TableId,
    pub round_id: RoundId,
    pub number: u32,
    pub seats: Vec<EntrantId>,
    pub status: TableStatus,
    /// The games as entered (the use case's JSON) and what they give, once entered.
    pub result: Option<TableResult>,
    /// Counts the result's changes: a change names the version it was made from.
    pub version: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableResult {
    pub sheet: String,
    pub outcome: TableOutcome,
}

/// A table found by its link, with what the link's holder may see of where it is.
/// The most tables [`ChampionshipStore::unconfirmed_tables_numbered`] answers: a table's code
/// is looked for among them, so that no typed code makes unbounded work.
pub const MAX_TABLES_BY_NUMBER: usize = 500;

#[derive(Debug, Clone, PartialEq, Eq)]

pub struct LinkedTable {
    pub championship: ChampionshipId,
    pub stage: Stage,
    pub round: u32,
    pub table: Table,
}

/// Who changes a table's result, and from which version of it.
pub struct TableChange<'a> {
    pub table: TableId,
    /// The version the change was made from; a table changed since is refused.
    pub from_version: u32,
    /// `None` for a player at the table, through the table's link.
    pub by: Option<UserId>,
    pub at: DateTime<Utc>,
    pub reason: Option<&'a str>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableAction {
    Entered,
    Confirmed,
    Corrected,
}

impl TableAction {
    pub fn as_str(self) -> &'static str {
        match self {
            TableAction::Entered => "entered",
            TableAction::Confirmed => "confirmed",
            TableAction::Corrected => "corrected",
        }
    }

    fn parse(text: &str) -> Result<Self, StoreError> {
        match text {
            "entered" => Ok(TableAction::Entered),
            "confirmed" => Ok(TableAction::Confirmed),
            "corrected" => Ok(TableAction::Corrected),
            other => Err(StoreError::Corrupt(format!("a table event is {other:?}"))),
        }
    }
}

/// A line of a table's audit log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableEvent {
    pub table: TableId,
    pub at: DateTime<Utc>,
    pub by: Option<UserId>,
    pub by_email: Option<String>,
    pub action: TableAction,
    pub before: Option<TableResult>,
    pub after: Option<TableResult>,
    pub reason: Option<String>,
}

#[async_trait]
pub trait ChampionshipStore: Send + Sync {
    /// Refused when the organisation has a championship of that name, or of a name that
    /// looks the same.
    async fn create_championship(
        &self,
        championship: &NewChampionship,
    ) -> Result<Championship, StoreError>;
    async fn championship(&self, id: ChampionshipId) -> Result<Option<Championship>, StoreError>;
    /// The organisation's championships, the latest first.
    async fn championships_of(
        &self,
        organisation: OrganisationId,
    ) -> Result<Vec<Championship>, StoreError>;

    /// Adds entrants after those entered, all or none, making the new players they name (one
    /// player for one new name however often it is named): refused when a name is taken in the
    /// championship, a new player's name looks like another spelling the organisation has
    /// ([`StoreError::EntrantPlayersLookAlike`], every such entrant at once), a player or team
    /// is of another organisation, or the championship would
    /// hold more than `limit` entrants, and with [`StoreError::RoundChanged`] when the
    /// championship no longer has the `rounds_seen` rounds the entry was judged by.
    async fn add_entrants(
        &self,
        championship: ChampionshipId,
        entrants: &[NewEntrant],
        limit: usize,
        rounds_seen: usize,
        at: DateTime<Utc>,
    ) -> Result<Vec<Entrant>, StoreError>;
    /// In entry order.
    async fn entrants(&self, championship: ChampionshipId) -> Result<Vec<Entrant>, StoreError>;
    async fn set_checked_in(&self, entrant: EntrantId, checked_in: bool) -> Result<(), StoreError>;
    /// Checks in every entrant not checked in and not withdrawn, at once; how many it did.
    async fn check_in_all(&self, championship: ChampionshipId) -> Result<u32, StoreError>;
    /// Refused when another entrant has the seed.
    async fn set_seed(&self, entrant: EntrantId, seed: Option<u32>) -> Result<(), StoreError>;
    /// Withdraws an entrant after the main stage's `after` rounds, or takes a withdrawal back
    /// with `None`; refused with [`StoreError::RoundChanged`] when the championship no longer
    /// has the `rounds_seen` rounds the withdrawal was judged by.
    async fn set_withdrawn(
        &self,
        entrant: EntrantId,
        after: Option<u32>,
        rounds_seen: usize,
    ) -> Result<(), StoreError>;
    /// Removes an entrant who has played no round.
    async fn remove_entrant(&self, entrant: EntrantId) -> Result<(), StoreError>;

    /// Publishes a round as it was paired: refused with [`StoreError::RoundChanged`] when the
    /// stage already has a round of that number (another publish came first) or the stage's
    /// last round is not the one before it.
    async fn publish_round(&self, round: &NewRound) -> Result<Round, StoreError>;
    /// The championship's rounds, the main stage's first, each with its tables by number.
    async fn rounds(&self, championship: ChampionshipId) -> Result<Vec<Round>, StoreError>;
    /// Starts the round's clock, to run out at `ends_at`, or stops it (`None`). Refused with
    /// [`StoreError::NotFound`] when the championship has no such round.
    async fn set_round_clock(
        &self,
        championship: ChampionshipId,
        round: RoundId,
        ends_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError>;
    async fn table_by_link(&self, link: &TokenDigest) -> Result<Option<LinkedTable>, StoreError>;
    /// The tables numbered `number` without a confirmed result, of rounds published since
    /// `published_since`, newest first and at most [`MAX_TABLES_BY_NUMBER`]: those a table's
    /// code may name.
    async fn unconfirmed_tables_numbered(
        &self,
        number: u32,
        published_since: DateTime<Utc>,
    ) -> Result<Vec<LinkedTable>, StoreError>;
    /// The table with the championship it is in.
    async fn table(&self, id: TableId) -> Result<Option<(ChampionshipId, Table)>, StoreError>;

    /// Enters a table's checked result (or replaces one entered and not yet confirmed), with
    /// its line in the audit log. Refused when the table is confirmed or has changed since
    /// `change.from_version`.
    async fn enter_table_result(
        &self,
        change: &TableChange<'_>,
        result: &TableResult,
    ) -> Result<Table, StoreError>;
    /// Confirms an entered result. Refused when there is none or it changed since.
    async fn confirm_table_result(&self, change: &TableChange<'_>) -> Result<Table, StoreError>;
    /// Confirms each of the tables as [`ChampionshipStore::confirm_table_result`] does, all in
    /// one transaction: one refused (changed since its version, or no longer entered) keeps
    /// none.
    async fn confirm_table_results(
        &self,
        changes: &[TableChange<'_>],
    ) -> Result<Vec<Table>, StoreError>;
    /// An organiser's entry or correction of a table's result, confirmed or not: kept
    /// confirmed, logged as entered when the table had none and otherwise as corrected, the
    /// result before it kept in the audit log with the reason.
    async fn correct_table_result(
        &self,
        change: &TableChange<'_>,
        result: &TableResult,
    ) -> Result<Table, StoreError>;
    /// When each of the championship's tables had its confirmed result corrected, oldest
    /// first: what a view needs of the audit log, read without its sheets.
    async fn table_corrections(
        &self,
        championship: ChampionshipId,
    ) -> Result<Vec<(TableId, DateTime<Utc>)>, StoreError>;
    /// The championship's audit log of table results, oldest first.
    async fn table_events(
        &self,
        championship: ChampionshipId,
    ) -> Result<Vec<TableEvent>, StoreError>;
}

pub(super) fn stage_from_name(text: &str) -> Result<Stage, StoreError> {
    [Stage::Main, Stage::KnockoutAfterSwiss]
        .into_iter()
        .find(|stage| stage.name() == text)
        .ok_or_else(|| StoreError::Corrupt(format!("a round's stage is {text:?}")))
}

pub(super) fn table_status_from(text: &str) -> Result<TableStatus, StoreError> {
    TableStatus::parse(text)
}

pub(super) fn table_action_name(action: TableAction) -> &'static str {
    action.as_str()
}

pub(super) fn table_action_from(text: &str) -> Result<TableAction, StoreError> {
    TableAction::parse(text)
}

pub(super) fn format_json(format: &ChampionshipFormat) -> String {
    super::league::to_json(&FormatDocument::from(format))
}

pub(super) fn format_from_json(text: &str) -> Result<ChampionshipFormat, StoreError> {
    let document: FormatDocument = super::league::from_json("a championship's format", text)?;
    ChampionshipFormat::try_from(document).map_err(|problems| {
        let words: Vec<String> = problems.into_iter().map(|p| p.message).collect();
        StoreError::Corrupt(format!("a championship's format: {}", words.join("; ")))
    })
}

pub(super) fn ids_json<T: Copy + Into<i64>>(ids: &[T]) -> String {
    let numbers: Vec<i64> = ids.iter().map(|&id| id.into()).collect();
    super::league::to_json(&numbers)
}

pub(super) fn ids_from_json<T: From<i64>>(what: &str, text: &str) -> Result<Vec<T>, StoreError> {
    let numbers: Vec<i64> = super::league::from_json(what, text)?;
    Ok(numbers.into_iter().map(T::from).collect())
}

/// A table's outcome as kept: points in halves, so that a half is exact.
#[derive(serde::Serialize, serde::Deserialize)]
struct OutcomeRow {
    points_in_halves: Vec<u32>,
    game_points: Vec<i64>,
    games_won: Vec<u32>,
}

pub(super) fn outcome_json(outcome: &TableOutcome) -> String {
    super::league::to_json(&OutcomeRow {
        points_in_halves: outcome.points.iter().map(|p| p.in_halves()).collect(),
        game_points: outcome.game_points.clone(),
        games_won: outcome.games_won.clone(),
    })
}

pub(super) fn outcome_from_json(text: &str) -> Result<TableOutcome, StoreError> {
    let row: OutcomeRow = super::league::from_json("a table's outcome", text)?;
    Ok(TableOutcome {
        points: row
            .points_in_halves
            .into_iter()
            .map(Points::halves)
            .collect(),
        game_points: row.game_points,
        games_won: row.games_won,
    })
}

pub(super) fn result_from_columns(
    sheet: Option<String>,
    outcome: Option<String>,
) -> Result<Option<TableResult>, StoreError> {
    match (sheet, outcome) {
        (Some(sheet), Some(outcome)) => Ok(Some(TableResult {
            sheet,
            outcome: outcome_from_json(&outcome)?,
        })),
        (None, None) => Ok(None),
        _ => Err(StoreError::Corrupt(
            "a table has a sheet without an outcome".into(),
        )),
    }
}
