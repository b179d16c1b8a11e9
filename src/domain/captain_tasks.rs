//! What waits for a team's captain: the result of a fixture played and not yet entered, and
//! a result the other side entered, to confirm or dispute.

use chrono::NaiveDate;

use super::ids::TeamId;
use super::season_fixtures::FixtureStatus;

/// Something a captain has to do about one fixture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptainTask {
    /// The fixture's day has come and nothing has been submitted: enter its result.
    EnterResult,
    /// The other side (or the league) submitted a result: confirm or dispute it.
    AnswerResult,
}

/// What waits for `team`'s captain about a fixture on `date` with `status`, on `today` (the
/// league's local date). `submitted_for` is the team a submitted result was entered for
/// (`None` when the league entered it), asked only of a result awaiting an answer.
pub fn task_for(
    team: TeamId,
    date: NaiveDate,
    status: FixtureStatus,
    today: NaiveDate,
    submitted_for: impl FnOnce() -> Option<TeamId>,
) -> Option<CaptainTask> {
    match status {
        // A postponed fixture keeps its date until it is moved; once that day has passed its
        // result (played on a day the teams arranged) may be entered.
        FixtureStatus::Scheduled | FixtureStatus::Postponed if date <= today => {
            Some(CaptainTask::EnterResult)
        }
        FixtureStatus::AwaitingConfirmation if submitted_for() != Some(team) => {
            Some(CaptainTask::AnswerResult)
        }
        _ => None,
    }
}

/// Whether a fixture is the kind a captain's next fixture is: scheduled, on `today` or later.
pub fn is_upcoming(date: NaiveDate, status: FixtureStatus, today: NaiveDate) -> bool {
    status == FixtureStatus::Scheduled && date >= today
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANCHOR: TeamId = TeamId(1);
    const BELL: TeamId = TeamId(2);

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    #[test]
    fn a_fixture_played_without_a_result_waits_for_its_result() {
        let today = day(10);
        for status in [FixtureStatus::Scheduled, FixtureStatus::Postponed] {
            assert_eq!(
                task_for(ANCHOR, day(10), status, today, || None),
                Some(CaptainTask::EnterResult)
            );
            assert_eq!(task_for(ANCHOR, day(11), status, today, || None), None);
        }
        assert!(is_upcoming(day(10), FixtureStatus::Scheduled, today));
        assert!(!is_upcoming(day(9), FixtureStatus::Scheduled, today));
        assert!(!is_upcoming(day(12), FixtureStatus::Postponed, today));
    }

    #[test]
    fn a_result_waits_for_the_side_that_did_not_submit_it() {
        let awaiting = FixtureStatus::AwaitingConfirmation;
        assert_eq!(
            task_for(ANCHOR, day(1), awaiting, day(2), || Some(ANCHOR)),
            None
        );
        assert_eq!(
            task_for(BELL, day(1), awaiting, day(2), || Some(ANCHOR)),
            Some(CaptainTask::AnswerResult)
        );
        assert_eq!(
            task_for(ANCHOR, day(1), awaiting, day(2), || None),
            Some(CaptainTask::AnswerResult)
        );
        for done in [
            FixtureStatus::Confirmed,
            FixtureStatus::Disputed,
            FixtureStatus::Walkover,
        ] {
            assert_eq!(task_for(BELL, day(1), done, day(2), || Some(ANCHOR)), None);
        }
    }
}
