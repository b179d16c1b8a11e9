//! Reading what callers type into a request: dates and nights of the week, as the
//! organiser's forms read them.

use chrono::{NaiveDate, Weekday};

use crate::domain::league::weekday_name;

const WEEKDAYS: [Weekday; 7] = [
    Weekday::Mon,
    Weekday::Tue,
    Weekday::Wed,
    Weekday::Thu,
    Weekday::Fri,
    Weekday::Sat,
    Weekday::Sun,
];

/// A date written year-month-day, such as 2026-09-01.
pub fn date_of(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

/// A weekday's name in full, in any case.
pub fn weekday_of(text: &str) -> Option<Weekday> {
    WEEKDAYS
        .into_iter()
        .find(|day| weekday_name(*day).eq_ignore_ascii_case(text.trim()))
}
