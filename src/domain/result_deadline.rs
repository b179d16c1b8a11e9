//! When a fixture's result is due, and what a late one costs: a competition's setting of so
//! many days after the fixture's date, and points taken from the home team (whose job it is to
//! see the result in on time) when the result comes in after that.

use chrono::{Duration, NaiveDate};

use super::season_fixtures::FixtureStatus;

/// The most days after a fixture a deadline may be, and the most points a late result may
/// cost: anything more is a typing mistake.
pub const MAX_DAYS: u32 = 60;
pub const MAX_POINTS: u32 = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultDeadline {
    /// A result is on time up to the end of this many days after the fixture's date.
    pub days_after_fixture: u32,
    /// Taken from the home team's points when the result comes in later; 0 takes none.
    pub late_points: u32,
}

impl ResultDeadline {
    /// Reads the organiser's form: the days and the points as typed.
    pub fn from_form(days: &str, points: &str) -> Result<Self, String> {
        let days_after_fixture = days.trim().parse::<u32>().ok().filter(|d| *d <= MAX_DAYS).ok_or_else(|| {
            format!("The deadline is a whole number of days after the fixture, from 0 to {MAX_DAYS}.")
        })?;
        let late_points = points
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|p| *p <= MAX_POINTS)
            .ok_or_else(|| {
                format!(
                    "The points taken for a late result are a whole number from 0 to {MAX_POINTS}."
                )
            })?;
        Ok(Self {
            days_after_fixture,
            late_points,
        })
    }

    /// The last day a result of a fixture played on `date` is on time.
    pub fn due_by(&self, date: NaiveDate) -> NaiveDate {
        date + Duration::days(i64::from(self.days_after_fixture))
    }

    /// Whether a result of a fixture on `date` that comes in on `day` is late.
    pub fn is_late(&self, date: NaiveDate, day: NaiveDate) -> bool {
        day > self.due_by(date)
    }

    /// Whether a fixture on `date` in `status` has gone past its deadline with no result.
    pub fn is_overdue(&self, date: NaiveDate, status: FixtureStatus, today: NaiveDate) -> bool {
        status.is_unplayed() && self.is_late(date, today)
    }

    /// The points adjustment for a late result: negative, or `None` when lateness costs none.
    pub fn late_adjustment(&self) -> Option<i64> {
        (self.late_points > 0).then(|| -i64::from(self.late_points))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn a_result_is_on_time_up_to_the_end_of_the_last_day() {
        let deadline = ResultDeadline {
            days_after_fixture: 3,
            late_points: 1,
        };
        let played = day("2026-11-03");
        assert_eq!(deadline.due_by(played), day("2026-11-06"));
        assert!(!deadline.is_late(played, day("2026-11-03")));
        assert!(!deadline.is_late(played, day("2026-11-06")));
        assert!(deadline.is_late(played, day("2026-11-07")));
        assert_eq!(deadline.late_adjustment(), Some(-1));
        let free = ResultDeadline {
            late_points: 0,
            ..deadline
        };
        assert_eq!(free.late_adjustment(), None);
    }

    #[test]
    fn only_a_fixture_still_without_a_result_is_overdue() {
        let deadline = ResultDeadline {
            days_after_fixture: 0,
            late_points: 2,
        };
        let played = day("2026-11-03");
        let next_day = day("2026-11-04");
        assert!(deadline.is_overdue(played, FixtureStatus::Scheduled, next_day));
        assert!(deadline.is_overdue(played, FixtureStatus::Postponed, next_day));
        assert!(!deadline.is_overdue(played, FixtureStatus::Scheduled, played));
        assert!(!deadline.is_overdue(played, FixtureStatus::AwaitingConfirmation, next_day));
    }

    #[test]
    fn the_form_is_read_with_a_message_for_each_mistake() {
        assert_eq!(
            ResultDeadline::from_form(" 7 ", "2"),
            Ok(ResultDeadline {
                days_after_fixture: 7,
                late_points: 2
            })
        );
        assert_eq!(
            ResultDeadline::from_form("a week", "2"),
            Err(
                "The deadline is a whole number of days after the fixture, from 0 to 60."
                    .to_string()
            )
        );
        assert_eq!(
            ResultDeadline::from_form("7", "-1"),
            Err("The points taken for a late result are a whole number from 0 to 20.".to_string())
        );
    }
}
