//! The league's clock and calendar: its time zone, its today, and dates as its people write
//! them.
//!
//! Pub leagues are local: a fixture's day, a result's deadline and every time shown are the
//! league's wall clock, not UTC. The leagues fives serves play in the United Kingdom, so that is
//! one zone for the whole service, kept here and nowhere else.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;

/// The time zone of the leagues' wall clocks.
pub const LEAGUE_TIME_ZONE: Tz = chrono_tz::Europe::London;

/// Today on the league's clock.
pub fn today() -> NaiveDate {
    Utc::now().with_timezone(&LEAGUE_TIME_ZONE).date_naive()
}

/// A moment on the league's clock.
pub fn local(at: DateTime<Utc>) -> DateTime<Tz> {
    at.with_timezone(&LEAGUE_TIME_ZONE)
}

/// How a date is asked for, in hints and errors.
pub const DATE_HINT: &str = "day/month/year, for example 16/03/2027";

/// A date as a secretary writes it: `16/03/2027`, `16/3/27`, `16-03-2027`, `16.03.2027`,
/// `16 March 2027` or `16 Mar 2027`, and the ISO `2027-03-16` that date pickers send. Day
/// first, as in the UK; a two-digit year is this century's.
pub fn parse_date(text: &str) -> Result<NaiveDate, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!("A date is needed: {DATE_HINT}."));
    }
    // Which dates make sense (not before the season, not years away) is the rule of what
    // is dated, checked there, so that pages and API refuse the same dates alike.
    iso(text)
        .or_else(|| numeric_day_first(text))
        .or_else(|| with_month_name(text))
        .ok_or_else(|| format!("“{text}” is not a date: write it as {DATE_HINT}."))
}

/// A date as the league writes it in a form: `16/03/2027`.
pub fn written(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

fn iso(text: &str) -> Option<NaiveDate> {
    let mut parts = text.split('-');
    let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || year.len() != 4 {
        return None;
    }
    NaiveDate::from_ymd_opt(number(year)?, number(month)?, number(day)?)
}

fn numeric_day_first(text: &str) -> Option<NaiveDate> {
    let separator = text.chars().find(|c| matches!(c, '/' | '-' | '.'))?;
    let mut parts = text.split(separator);
    let (day, month, year) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || day.len() > 2 || month.len() > 2 {
        return None;
    }
    NaiveDate::from_ymd_opt(full_year(year)?, number(month)?, number(day)?)
}

fn with_month_name(text: &str) -> Option<NaiveDate> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .collect();
    // A weekday in front ("Tue 16 Mar 2027") is read past, as dates are shown that way.
    let words = match words.as_slice() {
        [weekday, rest @ ..] if rest.len() == 3 && month_of(weekday).is_none() => rest,
        all => all,
    };
    let [day, month, year] = words else {
        return None;
    };
    let day = day.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    NaiveDate::from_ymd_opt(full_year(year)?, month_of(month)?, number(day)?)
}

fn month_of(word: &str) -> Option<u32> {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let word = word.trim_end_matches('.').to_lowercase();
    if word.len() < 3 {
        return None;
    }
    let index = MONTHS
        .iter()
        .position(|month| month.starts_with(&word) || (word == "sept" && *month == "september"))?;
    u32::try_from(index + 1).ok()
}

fn number<T: std::str::FromStr>(digits: &str) -> Option<T> {
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

fn full_year(digits: &str) -> Option<i32> {
    let year: i32 = number(digits)?;
    match digits.len() {
        2 => Some(2000 + year),
        4 => Some(year),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn reads_dates_as_a_secretary_writes_them() {
        let march_16 = date(2027, 3, 16);
        for text in [
            "16/03/2027",
            "16/3/2027",
            "16/3/27",
            "16-03-2027",
            "16.03.2027",
            " 16/03/2027 ",
            "16 March 2027",
            "16 Mar 2027",
            "16th March 2027",
            "Tue 16 Mar 2027",
            "2027-03-16",
        ] {
            assert_eq!(parse_date(text), Ok(march_16), "{text}");
        }
        // Day first: 03/04 is the 3rd of April, not 4 March.
        assert_eq!(parse_date("03/04/2027"), Ok(date(2027, 4, 3)));
    }

    #[test]
    fn refuses_what_is_not_a_date_with_the_form_to_use() {
        for text in [
            "31/02/2027",
            "16/13/2027",
            "2027/03/16",
            "soon",
            "16/03",
            "1/1/1",
        ] {
            let error = parse_date(text).unwrap_err();
            assert!(error.contains(DATE_HINT), "{text}: {error}");
        }
        assert!(parse_date("").unwrap_err().contains("A date is needed"));
    }

    #[test]
    fn writes_a_date_back_so_that_it_reads_again() {
        let day = date(2027, 3, 6);
        assert_eq!(written(day), "06/03/2027");
        assert_eq!(parse_date(&written(day)), Ok(day));
    }

    #[test]
    fn the_league_clock_is_an_hour_ahead_of_utc_in_summer() {
        let summer = DateTime::parse_from_rfc3339("2027-06-01T19:30:00Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(local(summer).format("%H:%M").to_string(), "20:30");
        let winter = DateTime::parse_from_rfc3339("2027-01-05T19:30:00Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(local(winter).format("%H:%M").to_string(), "19:30");
    }
}
