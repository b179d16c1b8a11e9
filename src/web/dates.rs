//! Dates and moments as the pages show them: in words, on the league's clock.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};

use crate::domain::league_time;

/// A day in words, such as "Tue 1 Sep 2026".
pub(crate) fn long_date(date: NaiveDate) -> String {
    date.format("%a %-d %b %Y").to_string()
}

/// A fixture's date, with its start time when it is known, such as "Tue 1 Sep 2026, 20:30".
pub(crate) fn date_and_time(date: NaiveDate, start_time: Option<NaiveTime>) -> String {
    match start_time {
        Some(time) => format!("{}, {}", long_date(date), time.format("%H:%M")),
        None => long_date(date),
    }
}

/// A moment something happened, on the league's clock: "16 Mar 2027 at 21:40".
pub(crate) fn moment(at: DateTime<Utc>) -> String {
    league_time::local(at)
        .format("%-d %b %Y at %H:%M")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moment_is_shown_on_the_league_clock() {
        let at = DateTime::parse_from_rfc3339("2027-03-30T20:40:00Z")
            .unwrap()
            .with_timezone(&Utc);
        // The clocks went forward on 28 March 2027.
        assert_eq!(moment(at), "30 Mar 2027 at 21:40");
    }
}
