//! What the result macros and the PostgreSQL store's one-statement submission share, written
//! once outside any dialect: a score as the columns it is kept in, a line of the audit log,
//! the check of a submission key used again, and a submission owned so that a task of its own
//! can write it.

use super::StoreError;
use crate::domain::match_format::{FixtureScore, Side};

pub(super) fn side_name(side: Side) -> &'static str {
    match side {
        Side::Home => "home",
        Side::Away => "away",
    }
}

pub(super) fn side_named(name: &str) -> Result<Side, StoreError> {
    match name {
        "home" => Ok(Side::Home),
        "away" => Ok(Side::Away),
        other => Err(StoreError::Corrupt(format!("a side named {other:?}"))),
    }
}

/// The score columns of a result: games for a played fixture, or the side that conceded.
pub(super) fn score_columns(
    score: FixtureScore,
) -> (Option<i32>, Option<i32>, Option<&'static str>) {
    match score {
        FixtureScore::Played {
            home_games,
            away_games,
        } => (
            Some(i32::try_from(home_games).unwrap_or(i32::MAX)),
            Some(i32::try_from(away_games).unwrap_or(i32::MAX)),
            None,
        ),
        FixtureScore::Walkover { conceded_by } => (None, None, Some(side_name(conceded_by))),
    }
}

pub(super) fn score_from_columns(
    home_games: Option<i32>,
    away_games: Option<i32>,
    conceded_by: Option<&str>,
) -> Result<FixtureScore, StoreError> {
    match (home_games, away_games, conceded_by) {
        (Some(home), Some(away), None) => Ok(FixtureScore::Played {
            home_games: u32::try_from(home)
                .map_err(|_| StoreError::Corrupt(format!("{home} games")))?,
            away_games: u32::try_from(away)
                .map_err(|_| StoreError::Corrupt(format!("{away} games")))?,
        }),
        (None, None, Some(side)) => Ok(FixtureScore::Walkover {
            conceded_by: side_named(side)?,
        }),
        other => Err(StoreError::Corrupt(format!("a result scored {other:?}"))),
    }
}

/// The fixture status a result puts a fixture in once it counts.
pub(super) fn counted_status(score: FixtureScore) -> &'static str {
    match score {
        FixtureScore::Played { .. } => "confirmed",
        FixtureScore::Walkover { .. } => "walkover",
    }
}

/// A line for the audit log.
pub(super) struct NewEvent<'a> {
    pub fixture: crate::domain::ids::FixtureId,
    pub at: chrono::DateTime<chrono::Utc>,
    pub by: crate::domain::ids::UserId,
    pub action: super::ResultAction,
    pub before: Option<i64>,
    pub after: i64,
    pub reason: Option<&'a str>,
}

/// A submission whose key was kept before: the same submission again (the same sheet, from
/// the same account) is the one kept; anything else under that key is refused.
pub(super) fn the_same_submission(
    earlier: super::StoredResult,
    again: &super::NewResult<'_>,
) -> Result<super::StoredResult, StoreError> {
    if earlier.sheet == *again.sheet && earlier.submitted_by == again.by {
        Ok(earlier)
    } else {
        Err(StoreError::SubmissionKeyReused)
    }
}

/// A submission and its late-result deduction, owned, so that it can be written by a task
/// other than the request's: one the request's end cannot drop part way.
pub(super) struct OwnedSubmission {
    fixture: crate::domain::ids::FixtureId,
    as_read: super::FixtureAsRead,
    sheet: crate::domain::match_result::ResultSheet,
    checked: crate::domain::match_result::CheckedResult,
    submission_key: String,
    by: crate::domain::ids::UserId,
    for_team: Option<crate::domain::ids::TeamId>,
    at: chrono::DateTime<chrono::Utc>,
    early_reason: Option<String>,
    late: Option<OwnedAdjustment>,
}

struct OwnedAdjustment {
    division: crate::domain::ids::DivisionId,
    team: crate::domain::ids::TeamId,
    points: i64,
    reason: String,
    fixture: Option<crate::domain::ids::FixtureId>,
    by: Option<crate::domain::ids::UserId>,
    at: chrono::DateTime<chrono::Utc>,
}

impl OwnedSubmission {
    pub(super) fn new(
        result: &super::NewResult<'_>,
        late: Option<&super::NewAdjustment<'_>>,
    ) -> Self {
        Self {
            fixture: result.fixture,
            as_read: result.as_read,
            sheet: result.sheet.clone(),
            checked: result.checked.clone(),
            submission_key: result.submission_key.to_string(),
            by: result.by,
            for_team: result.for_team,
            at: result.at,
            early_reason: result.early_reason.map(str::to_string),
            late: late.map(|late| OwnedAdjustment {
                division: late.division,
                team: late.team,
                points: late.points,
                reason: late.reason.to_string(),
                fixture: late.fixture,
                by: late.by,
                at: late.at,
            }),
        }
    }

    pub(super) fn result(&self) -> super::NewResult<'_> {
        super::NewResult {
            fixture: self.fixture,
            as_read: self.as_read,
            sheet: &self.sheet,
            checked: &self.checked,
            submission_key: &self.submission_key,
            by: self.by,
            for_team: self.for_team,
            at: self.at,
            early_reason: self.early_reason.as_deref(),
        }
    }

    pub(super) fn late(&self) -> Option<super::NewAdjustment<'_>> {
        self.late.as_ref().map(|late| super::NewAdjustment {
            division: late.division,
            team: late.team,
            points: late.points,
            reason: &late.reason,
            fixture: late.fixture,
            by: late.by,
            at: late.at,
        })
    }
}

/// For a store with no way of keeping a submission in one statement: every submission takes the
/// usual way, a transaction.
pub(super) async fn no_one_statement_submission<P>(
    _pool: &P,
    _result: &super::NewResult<'_>,
) -> Result<Option<super::StoredResult>, StoreError> {
    Ok(None)
}
