//! The calendar of a season and the pub a team plays at home: what an organiser types in,
//! checked into values the fixture generator and the store can trust.
//!
//! Names of competitions, seasons, divisions and players are
//! [`DisplayName`](super::organisation::DisplayName)s, like those of organisations and teams.

use std::collections::BTreeSet;

use chrono::{Datelike, Days, NaiveDate, NaiveTime, Weekday};

use super::fixtures::SEASON_HORIZON_DAYS;
use super::organisation::DisplayName;

/// When a season is played: from its start date, weekly on the league night, except on the
/// blackout dates, usually starting at the same time of the evening when that is known.
///
/// The start need not be a league night (the first round is on the first league night on or
/// after it), but every blackout date must be one, on or after the start and within the
/// fixture generator's horizon: a blackout anywhere else never changes a fixture, so it is
/// almost certainly a typing mistake the organiser wants to hear about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonCalendar {
    start: NaiveDate,
    league_night: Weekday,
    blackout_dates: BTreeSet<NaiveDate>,
    start_time: Option<NaiveTime>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeasonCalendarError {
    #[error("The blackout date {date} is before the season starts on {start}.")]
    BlackoutBeforeStart { date: NaiveDate, start: NaiveDate },
    #[error("The blackout date {date} is more than three years after the season starts.")]
    BlackoutTooLate { date: NaiveDate },
    #[error(
        "The blackout date {date} is a {}, not the league night ({}).",
        weekday_name(*weekday),
        weekday_name(*league_night)
    )]
    BlackoutNotALeagueNight {
        date: NaiveDate,
        weekday: Weekday,
        league_night: Weekday,
    },
}

impl SeasonCalendar {
    pub fn new(
        start: NaiveDate,
        league_night: Weekday,
        blackout_dates: impl IntoIterator<Item = NaiveDate>,
    ) -> Result<Self, SeasonCalendarError> {
        let last = start.checked_add_days(Days::new(SEASON_HORIZON_DAYS));
        let blackout_dates: BTreeSet<NaiveDate> = blackout_dates.into_iter().collect();
        for &date in &blackout_dates {
            if date < start {
                return Err(SeasonCalendarError::BlackoutBeforeStart { date, start });
            }
            if last.is_none_or(|last| date > last) {
                return Err(SeasonCalendarError::BlackoutTooLate { date });
            }
            if date.weekday() != league_night {
                return Err(SeasonCalendarError::BlackoutNotALeagueNight {
                    date,
                    weekday: date.weekday(),
                    league_night,
                });
            }
        }
        Ok(Self {
            start,
            league_night,
            blackout_dates,
            start_time: None,
        })
    }

    /// The calendar with the usual start time of a league night (local time in the league's
    /// zone); `None` when it is not known, and fixtures are all-day events.
    pub fn with_start_time(self, start_time: Option<NaiveTime>) -> Self {
        Self { start_time, ..self }
    }

    pub fn start_time(&self) -> Option<NaiveTime> {
        self.start_time
    }

    pub fn start(&self) -> NaiveDate {
        self.start
    }

    pub fn league_night(&self) -> Weekday {
        self.league_night
    }

    /// In date order, each once.
    pub fn blackout_dates(&self) -> impl ExactSizeIterator<Item = NaiveDate> + '_ {
        self.blackout_dates.iter().copied()
    }
}

/// The day's name in full, as people write it.
/// A time of day as a person writes it, hours and minutes ("20:30"); `Ok(None)` when empty.
pub fn time_of_day(text: &str) -> Result<Option<NaiveTime>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    NaiveTime::parse_from_str(text, "%H:%M")
        .or_else(|_| NaiveTime::parse_from_str(text, "%H:%M:%S"))
        .map(Some)
        .map_err(|_| {
            format!("{text:?} is not a time; write it as hours and minutes, such as 20:30.")
        })
}

/// The days of the week, Monday first, as forms offer them.
pub const WEEKDAYS: [Weekday; 7] = [
    Weekday::Mon,
    Weekday::Tue,
    Weekday::Wed,
    Weekday::Thu,
    Weekday::Fri,
    Weekday::Sat,
    Weekday::Sun,
];

/// The day a person names in full ("Tuesday"), in any case, spaces around it ignored.
pub fn weekday_named(text: &str) -> Option<Weekday> {
    WEEKDAYS
        .into_iter()
        .find(|day| weekday_name(*day).eq_ignore_ascii_case(text.trim()))
}

pub fn weekday_name(day: Weekday) -> &'static str {
    match day {
        Weekday::Mon => "Monday",
        Weekday::Tue => "Tuesday",
        Weekday::Wed => "Wednesday",
        Weekday::Thu => "Thursday",
        Weekday::Fri => "Friday",
        Weekday::Sat => "Saturday",
        Weekday::Sun => "Sunday",
    }
}

/// A team's pub: where its home fixtures are played, and the night it prefers to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Venue {
    pub name: DisplayName,
    pub address: VenueAddress,
    /// `None` when the team plays on whatever night its league does.
    pub night: Option<Weekday>,
}

/// A pub's postal address: free text of a few lines, kept short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VenueAddress(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VenueAddressError {
    #[error("Enter the pub's address.")]
    Empty,
    #[error("An address is at most {} characters long.", VenueAddress::MAX_CHARS)]
    TooLong,
}

impl VenueAddress {
    pub const MAX_CHARS: usize = 300;

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<&str> for VenueAddress {
    type Error = VenueAddressError;

    fn try_from(input: &str) -> Result<Self, Self::Error> {
        // Line breaks are kept (an address is written on lines); other control characters
        // and the blank lines around it are not.
        let lines: Vec<&str> = input
            .lines()
            .map(|line| line.trim())
            .filter(|line| !line.is_empty())
            .collect();
        let address = lines
            .join("\n")
            .replace(|c: char| c.is_control() && c != '\n', "");
        if address.is_empty() {
            return Err(VenueAddressError::Empty);
        }
        if address.chars().count() > Self::MAX_CHARS {
            return Err(VenueAddressError::TooLong);
        }
        Ok(Self(address))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn a_calendar_keeps_its_blackout_dates_in_order_once_each() {
        // 2026-09-01 is a Tuesday.
        let calendar = SeasonCalendar::new(
            date("2026-09-01"),
            Weekday::Tue,
            [date("2026-12-29"), date("2026-12-22"), date("2026-12-29")],
        )
        .unwrap();
        assert_eq!(calendar.start(), date("2026-09-01"));
        assert_eq!(calendar.league_night(), Weekday::Tue);
        let blackouts: Vec<NaiveDate> = calendar.blackout_dates().collect();
        assert_eq!(blackouts, [date("2026-12-22"), date("2026-12-29")]);
    }

    #[test]
    fn a_season_may_start_on_any_day() {
        // A Saturday start for a Thursday league: the first round is the following Thursday.
        assert!(SeasonCalendar::new(date("2026-09-05"), Weekday::Thu, []).is_ok());
    }

    #[test]
    fn blackout_dates_are_league_nights_within_the_season() {
        let start = date("2026-09-01");
        assert_eq!(
            SeasonCalendar::new(start, Weekday::Tue, [date("2026-08-25")]),
            Err(SeasonCalendarError::BlackoutBeforeStart {
                date: date("2026-08-25"),
                start
            })
        );
        assert_eq!(
            SeasonCalendar::new(start, Weekday::Tue, [date("2029-09-04")]),
            Err(SeasonCalendarError::BlackoutTooLate {
                date: date("2029-09-04")
            })
        );
        let not_tuesday = SeasonCalendar::new(start, Weekday::Tue, [date("2026-12-23")]);
        assert_eq!(
            not_tuesday,
            Err(SeasonCalendarError::BlackoutNotALeagueNight {
                date: date("2026-12-23"),
                weekday: Weekday::Wed,
                league_night: Weekday::Tue
            })
        );
        assert_eq!(
            not_tuesday.unwrap_err().to_string(),
            "The blackout date 2026-12-23 is a Wednesday, not the league night (Tuesday)."
        );
    }

    #[test]
    fn addresses_keep_their_lines_but_not_blank_ones() {
        let address =
            VenueAddress::try_from("\n The Crown \n\n High Street\r\nBideford  \n").unwrap();
        assert_eq!(address.as_str(), "The Crown\nHigh Street\nBideford");
        assert_eq!(
            VenueAddress::try_from(" \n "),
            Err(VenueAddressError::Empty)
        );
        assert_eq!(
            VenueAddress::try_from("x".repeat(301).as_str()),
            Err(VenueAddressError::TooLong)
        );
    }
}
