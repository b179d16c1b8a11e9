//! The dates a fixture lives by: its result may be entered from its date (an organiser may
//! enter one earlier, saying why), and an organiser may move it to any day of its season's
//! reach. The pages and the API both ask these rules.

use chrono::{Duration, NaiveDate};

/// How far after its season's start a fixture may be moved: a season runs well under a year,
/// so this leaves room for a late catch-up without taking a year mistyped.
pub const LATEST_AFTER_SEASON_START: Duration = Duration::days(2 * 366);

/// The longest reason an organiser may give for entering a result early.
pub const MAX_EARLY_REASON_CHARS: usize = 500;

pub(crate) fn long_date(date: NaiveDate) -> String {
    date.format("%a %-d %b %Y").to_string()
}

/// Why a result may not be entered yet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EarlyResult {
    /// A captain, before the fixture's date.
    #[error(
        "This fixture is on {}, so its result can be entered from that day; a result for a fixture not yet played is not taken.",
        long_date(*.date)
    )]
    NotYetPlayed { date: NaiveDate },
    /// An organiser, before the fixture's date, without saying why.
    #[error(
        "This fixture is on {}. To enter its result before then, give the reason, which is kept in the result's history.",
        long_date(*.date)
    )]
    ReasonNeeded { date: NaiveDate },
    #[error("The reason is at most {MAX_EARLY_REASON_CHARS} characters long.")]
    ReasonTooLong,
}

/// Whether a result of a fixture on `date` may be entered on `today` (the league's local date):
/// from the fixture's day on, by anyone who may enter it; before, only by an organiser who
/// gives a reason, which comes back trimmed. A postponed fixture keeps its date until it is
/// moved, so once that day has passed its result (played on a day the teams arranged) may be
/// entered too.
pub fn may_enter_result(
    date: NaiveDate,
    today: NaiveDate,
    organiser: bool,
    reason: Option<&str>,
) -> Result<Option<&str>, EarlyResult> {
    if today >= date {
        return Ok(None);
    }
    let reason = reason.map(str::trim).filter(|reason| !reason.is_empty());
    match (organiser, reason) {
        (false, _) => Err(EarlyResult::NotYetPlayed { date }),
        (true, None) => Err(EarlyResult::ReasonNeeded { date }),
        (true, Some(reason)) if reason.chars().count() > MAX_EARLY_REASON_CHARS => {
            Err(EarlyResult::ReasonTooLong)
        }
        (true, Some(reason)) => Ok(Some(reason)),
    }
}

/// Why a fixture may not be moved to a date.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FixtureDateError {
    #[error(
        "{} is before the season starts on {}; choose a later date.",
        long_date(*.date),
        long_date(*.season_start)
    )]
    BeforeSeason {
        date: NaiveDate,
        season_start: NaiveDate,
    },
    #[error(
        "{} is more than two years after the season starts on {}; check the year.",
        long_date(*.date),
        long_date(*.season_start)
    )]
    TooLate {
        date: NaiveDate,
        season_start: NaiveDate,
    },
}

/// Whether a fixture of a season that starts on `season_start` may be moved to `date`: not
/// before the season, and not more than two years after its start.
pub fn check_fixture_date(
    date: NaiveDate,
    season_start: NaiveDate,
) -> Result<NaiveDate, FixtureDateError> {
    if date < season_start {
        return Err(FixtureDateError::BeforeSeason { date, season_start });
    }
    if date - season_start > LATEST_AFTER_SEASON_START {
        return Err(FixtureDateError::TooLate { date, season_start });
    }
    Ok(date)
}

/// What a re-dated fixture's new date may clash with, said to the organiser: a league sometimes
/// means it (a catch-up week, a pub free on a blackout night). A night when either team already
/// plays is refused unless the organiser confirms it ([`DateWarning::needs_confirming`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DateWarning {
    #[error("{} is one of the season's blackout dates.", long_date(*.date))]
    Blackout { date: NaiveDate },
    #[error("{team} already plays {opponents} that night, {}.", long_date(*.date))]
    SameNight {
        team: String,
        opponents: String,
        date: NaiveDate,
    },
    #[error(
        "{team} then plays twice within a week: also against {opponents} on {}.",
        long_date(*.other_date)
    )]
    TwiceInAWeek {
        team: String,
        opponents: String,
        other_date: NaiveDate,
    },
}

impl DateWarning {
    /// Whether the move is made only when the organiser confirms it: a team playing twice on
    /// one night.
    pub fn needs_confirming(&self) -> bool {
        matches!(self, DateWarning::SameNight { .. })
    }
}

/// Another fixture of one of a re-dated fixture's teams.
pub struct TeamsOtherFixture<'a> {
    /// The team of the re-dated fixture that plays it.
    pub team: &'a str,
    pub opponents: &'a str,
    pub date: NaiveDate,
}

/// The warnings for a fixture moved to `date`: a blackout date of its season, and each other
/// fixture of its teams fewer than seven days away.
pub fn date_warnings(
    date: NaiveDate,
    blackout_dates: &[NaiveDate],
    others: &[TeamsOtherFixture<'_>],
) -> Vec<DateWarning> {
    let mut warnings = Vec::new();
    if blackout_dates.contains(&date) {
        warnings.push(DateWarning::Blackout { date });
    }
    for other in others {
        let days_apart = (other.date - date).num_days().abs();
        if days_apart == 0 {
            warnings.push(DateWarning::SameNight {
                team: other.team.to_string(),
                opponents: other.opponents.to_string(),
                date,
            });
        } else if days_apart < 7 {
            warnings.push(DateWarning::TwiceInAWeek {
                team: other.team.to_string(),
                opponents: other.opponents.to_string(),
                other_date: other.date,
            });
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn a_result_is_entered_from_the_fixtures_day() {
        let fixture = day(2026, 12, 8);
        assert_eq!(
            may_enter_result(fixture, day(2026, 12, 8), false, None),
            Ok(None)
        );
        assert_eq!(
            may_enter_result(fixture, day(2027, 1, 3), false, None),
            Ok(None)
        );
        assert_eq!(
            may_enter_result(fixture, day(2026, 12, 7), false, Some("played early")),
            Err(EarlyResult::NotYetPlayed { date: fixture })
        );
    }

    #[test]
    fn an_organiser_enters_one_early_only_with_a_reason() {
        let fixture = day(2026, 12, 8);
        let before = day(2026, 12, 1);
        assert_eq!(
            may_enter_result(fixture, before, true, Some("  ")),
            Err(EarlyResult::ReasonNeeded { date: fixture })
        );
        assert_eq!(
            may_enter_result(fixture, before, true, Some(" Brought forward for the cup ")),
            Ok(Some("Brought forward for the cup"))
        );
        let long = "x".repeat(MAX_EARLY_REASON_CHARS + 1);
        assert_eq!(
            may_enter_result(fixture, before, true, Some(&long)),
            Err(EarlyResult::ReasonTooLong)
        );
        let message = EarlyResult::NotYetPlayed { date: fixture }.to_string();
        assert!(message.contains("Tue 8 Dec 2026"), "{message}");
    }

    #[test]
    fn a_fixture_moves_within_its_seasons_reach() {
        let start = day(2026, 9, 1);
        assert_eq!(
            check_fixture_date(day(2026, 9, 1), start),
            Ok(day(2026, 9, 1))
        );
        assert_eq!(
            check_fixture_date(day(2027, 5, 4), start),
            Ok(day(2027, 5, 4))
        );
        assert!(matches!(
            check_fixture_date(day(0, 1, 1), start),
            Err(FixtureDateError::BeforeSeason { .. })
        ));
        assert!(matches!(
            check_fixture_date(day(2029, 1, 1), start),
            Err(FixtureDateError::TooLate { .. })
        ));
        let message = check_fixture_date(day(2026, 8, 25), start)
            .unwrap_err()
            .to_string();
        assert_eq!(
            message,
            "Tue 25 Aug 2026 is before the season starts on Tue 1 Sep 2026; choose a later date."
        );
    }

    #[test]
    fn a_new_date_on_a_blackout_or_within_a_week_of_another_fixture_is_warned_of() {
        let day = |d| NaiveDate::from_ymd_opt(2026, 12, d).unwrap();
        let others = [
            TeamsOtherFixture {
                team: "Anchor",
                opponents: "Bell",
                date: day(15),
            },
            TeamsOtherFixture {
                team: "Crown",
                opponents: "Swan",
                date: day(1),
            },
        ];
        assert_eq!(date_warnings(day(8), &[], &others), vec![]);
        let warnings = date_warnings(day(9), &[day(9)], &others);
        assert_eq!(
            warnings.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "Wed 9 Dec 2026 is one of the season's blackout dates.",
                "Anchor then plays twice within a week: also against Bell on Tue 15 Dec 2026.",
            ]
        );
        assert_eq!(
            date_warnings(day(3), &[], &others).len(),
            1,
            "two days after Crown's"
        );
        let same_night = date_warnings(day(15), &[], &others);
        assert_eq!(
            same_night
                .iter()
                .map(|warning| (warning.to_string(), warning.needs_confirming()))
                .collect::<Vec<_>>(),
            [(
                "Anchor already plays Bell that night, Tue 15 Dec 2026.".to_string(),
                true
            )]
        );
    }
}
