//! Fixtures' results in the store: submitted, confirmed or disputed, corrected into new
//! versions, never overwritten; what the tables count; points adjustments. [`ResultStore`] is
//! part of every [`Store`](super::Store).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

use super::{Fixture, StoreError};
use crate::domain::ids::{CompetitionId, DivisionId, FixtureId, PlayerId, TeamId, UserId};
use crate::domain::match_format::FixtureScore;
use crate::domain::match_result::{CheckedResult, ResultSheet};
use crate::domain::player_tables::PlayerGame;
use crate::domain::result_deadline::ResultDeadline;
use crate::domain::standings::{FixtureResult, PointAdjustment};

/// A result to keep: the sheet as submitted and what its check found.
#[derive(Debug, Clone, Copy)]
pub struct NewResult<'a> {
    pub fixture: FixtureId,
    /// The fixture as it was when the sheet was checked against it. A submission is kept only
    /// while the fixture is still so, in the same transaction: an organiser who swaps home and
    /// away, or moves it, meanwhile makes the submission [`StoreError::FixtureChanged`].
    pub as_read: FixtureAsRead,
    pub sheet: &'a ResultSheet,
    pub checked: &'a CheckedResult,
    /// Chosen by the form or the client once per submission: the same key again is the same
    /// submission (a double tap, a retry), recorded once.
    pub submission_key: &'a str,
    pub by: UserId,
    /// The team whose captain submitted; `None` when an organiser entered it.
    pub for_team: Option<TeamId>,
    pub at: DateTime<Utc>,
    /// Why an organiser entered the result before the fixture's date, for the audit log.
    pub early_reason: Option<&'a str>,
}

/// What a result's check and its deadline depend on in a fixture: which team is at home and
/// which away, and its date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixtureAsRead {
    pub home: TeamId,
    pub away: TeamId,
    pub date: NaiveDate,
}

impl From<&Fixture> for FixtureAsRead {
    fn from(fixture: &Fixture) -> Self {
        Self {
            home: fixture.home_team_id,
            away: fixture.away_team_id,
            date: fixture.date,
        }
    }
}

/// One version of a fixture's result.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredResult {
    /// Identifies this version; a confirmation names the version the captain saw.
    pub id: i64,
    pub fixture: FixtureId,
    /// 1 for the first submission, then one more for each correction, and for a submission
    /// after one was withdrawn.
    pub version: u32,
    pub sheet: ResultSheet,
    pub score: FixtureScore,
    pub submitted_by: UserId,
    pub submitted_by_email: String,
    pub for_team: Option<TeamId>,
    pub submitted_at: DateTime<Utc>,
}

/// What a submission did.
#[derive(Debug, Clone, PartialEq)]
pub enum Submitted {
    /// Recorded now.
    Recorded(StoredResult),
    /// The same submission (by its key) was recorded before; nothing new was kept.
    AlreadyRecorded(StoredResult),
}

impl Submitted {
    pub fn result(&self) -> &StoredResult {
        match self {
            Submitted::Recorded(result) | Submitted::AlreadyRecorded(result) => result,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultAction {
    Submitted,
    Confirmed,
    Disputed,
    Corrected,
    /// The submitting side took its submission back before the other side confirmed it.
    Withdrawn,
    /// The submitting side replaced its submission before the other side confirmed it.
    Amended,
}

impl ResultAction {
    pub fn as_str(self) -> &'static str {
        match self {
            ResultAction::Submitted => "submitted",
            ResultAction::Confirmed => "confirmed",
            ResultAction::Disputed => "disputed",
            ResultAction::Corrected => "corrected",
            ResultAction::Withdrawn => "withdrawn",
            ResultAction::Amended => "amended",
        }
    }
}

impl std::str::FromStr for ResultAction {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "submitted" => Ok(ResultAction::Submitted),
            "confirmed" => Ok(ResultAction::Confirmed),
            "disputed" => Ok(ResultAction::Disputed),
            "corrected" => Ok(ResultAction::Corrected),
            "withdrawn" => Ok(ResultAction::Withdrawn),
            "amended" => Ok(ResultAction::Amended),
            other => Err(format!("unknown result action {other:?}")),
        }
    }
}

/// A version of a result as the audit log shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VersionScore {
    pub version: u32,
    pub score: FixtureScore,
}

/// One line of a fixture's audit log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultEvent {
    pub at: DateTime<Utc>,
    pub by: UserId,
    pub by_email: String,
    pub action: ResultAction,
    /// For a correction or an amendment, the version it replaced.
    pub before: Option<VersionScore>,
    /// The version submitted, confirmed, disputed or put in by a correction.
    pub after: VersionScore,
    pub reason: Option<String>,
}

pub struct NewAdjustment<'a> {
    pub division: DivisionId,
    pub team: TeamId,
    pub points: i64,
    pub reason: &'a str,
    pub fixture: Option<FixtureId>,
    pub by: Option<UserId>,
    pub at: DateTime<Utc>,
}

#[async_trait]
pub trait ResultStore: Send + Sync {
    /// Keeps the first result of a fixture that has none, and marks the fixture awaiting
    /// confirmation. A fixture that already has a result refuses another
    /// ([`StoreError::ResultAlreadySubmitted`]) unless it is the same submission again: the
    /// same key, sheet and submitter ([`Submitted::AlreadyRecorded`]); the same key with
    /// another sheet or from another account is [`StoreError::SubmissionKeyReused`]. A fixture
    /// that is gone is [`StoreError::NotFound`], one no longer as read
    /// [`StoreError::FixtureChanged`].
    async fn submit_result(&self, result: &NewResult<'_>) -> Result<Submitted, StoreError>;
    /// [`submit_result`](Self::submit_result) for a result that came in after its deadline:
    /// when the result is recorded now, `late` is added in the same transaction; a repeat of
    /// the same submission adds nothing.
    async fn submit_late_result(
        &self,
        result: &NewResult<'_>,
        late: &NewAdjustment<'_>,
    ) -> Result<Submitted, StoreError>;
    /// Sets (or with `None` removes) a competition's deadline for results.
    async fn set_result_deadline(
        &self,
        competition: CompetitionId,
        deadline: Option<ResultDeadline>,
    ) -> Result<(), StoreError>;
    async fn result_deadline(
        &self,
        competition: CompetitionId,
    ) -> Result<Option<ResultDeadline>, StoreError>;
    /// Sets the fewest games a player of a competition's players' tables is ranked with; 0
    /// ranks everyone.
    async fn set_player_table_min_games(
        &self,
        competition: CompetitionId,
        min_games: u32,
    ) -> Result<(), StoreError>;
    /// The fewest games a player is ranked with, 0 when the competition sets none.
    async fn player_table_min_games(&self, competition: CompetitionId) -> Result<u32, StoreError>;
    /// The other side agrees with version `result`: it counts from now on.
    async fn confirm_result(
        &self,
        fixture: FixtureId,
        result: i64,
        by: UserId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// The other side disagrees with version `result`; the organiser decides.
    async fn dispute_result(
        &self,
        fixture: FixtureId,
        result: i64,
        by: UserId,
        reason: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// The side that submitted version `result` (`team`) takes it back while the other side
    /// has not confirmed it: the version is kept but no longer current, the fixture is
    /// scheduled again, a late-result deduction its submission cost is taken back, and the
    /// audit log says who withdrew it. Refused as a confirmation is when the result changed
    /// ([`StoreError::ResultChanged`]), is no longer awaiting an answer, or is not there, and
    /// refused ([`StoreError::WithdrawnTooOften`]) when the fixture's results have been
    /// withdrawn `max_withdrawals` times already.
    async fn withdraw_result(
        &self,
        fixture: FixtureId,
        result: i64,
        team: TeamId,
        by: UserId,
        at: DateTime<Utc>,
        max_withdrawals: i64,
    ) -> Result<(), StoreError>;
    /// The submitting side's amendment of version `before`, not yet confirmed (awaiting an
    /// answer or disputed): a new version for `result.for_team`, awaiting the other side's
    /// answer again, every earlier one kept; the audit log has it as an amendment of
    /// `before`, and the other side is mailed. Refused as a withdrawal is when the result
    /// changed, is no longer awaiting an answer, or is not the amending side's; the same
    /// submission key again is the same amendment.
    async fn amend_result(
        &self,
        result: &NewResult<'_>,
        before: i64,
    ) -> Result<StoredResult, StoreError>;
    /// An organiser's correction: a new version, confirmed, keeping every earlier one.
    async fn correct_result(
        &self,
        result: &NewResult<'_>,
        reason: &str,
    ) -> Result<StoredResult, StoreError>;
    /// The current version of a fixture's result.
    async fn current_result(&self, fixture: FixtureId) -> Result<Option<StoredResult>, StoreError>;
    /// Every version of a fixture's result, oldest first.
    async fn result_versions(&self, fixture: FixtureId) -> Result<Vec<StoredResult>, StoreError>;
    /// The fixture's audit log, oldest first.
    async fn result_history(&self, fixture: FixtureId) -> Result<Vec<ResultEvent>, StoreError>;
    /// The division's confirmed results (walkovers included), for its table.
    async fn confirmed_results_of_division(
        &self,
        division: DivisionId,
    ) -> Result<Vec<(FixtureId, FixtureResult)>, StoreError>;
    /// Every player's part in every game played (not conceded) in the division's confirmed
    /// results.
    async fn player_games_of_division(
        &self,
        division: DivisionId,
    ) -> Result<Vec<PlayerGame>, StoreError>;
    /// Every game a player played in confirmed results, in any division.
    async fn games_of_player(&self, player: PlayerId) -> Result<Vec<PlayerGame>, StoreError>;
    async fn add_adjustment(&self, adjustment: &NewAdjustment<'_>) -> Result<(), StoreError>;
    async fn adjustments_of_division(
        &self,
        division: DivisionId,
    ) -> Result<Vec<PointAdjustment>, StoreError>;
}
