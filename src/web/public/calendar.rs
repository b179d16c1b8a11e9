//! iCalendar (RFC 5545) feeds of fixtures, one per team or division, for players to subscribe
//! to from their phone or desktop calendar.
//!
//! The `icalendar` crate escapes TEXT values, folds long lines at 75 octets on character
//! boundaries and ends lines with CRLF. Around it, this module:
//! - writes start times in UTC (`…Z`), converted from the league's local time zone, because
//!   a `TZID` parameter would oblige the feed to carry a `VTIMEZONE` definition;
//! - writes a fixture without a start time as an all-day event ending the next day (DTEND is
//!   exclusive; the crate's `all_day` would end it the same day);
//! - escapes the calendar's `NAME` (RFC 7986) itself, since the crate writes that property
//!   verbatim, and turns every line break in a value into a plain `\n`, since the crate would
//!   leave a bare carriage return in the output.

use chrono::{
    DateTime, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, TimeZone, Utc,
};
use chrono_tz::Tz;
use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property};

/// How long a calendar shows a timed fixture as taking: a league night of singles and pairs
/// is over in about three hours.
pub const FIXTURE_LENGTH: TimeDelta = TimeDelta::hours(3);

/// What the whole feed shares.
#[derive(Debug, Clone)]
pub struct CalendarFeed<'a> {
    /// The calendar's name as subscribers see it, e.g. "Red Lion A: fixtures".
    pub name: &'a str,
    /// The site's host name: it makes each fixture's UID unique in the world.
    pub host: &'a str,
    /// The time zone the league's start times are in, e.g. `chrono_tz::Europe::London`.
    pub time_zone: Tz,
    /// When the feed was rendered, written as every event's DTSTAMP.
    pub generated_at: DateTime<Utc>,
}

/// The pub a fixture is played at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Venue {
    pub name: String,
    /// May be empty.
    pub address: String,
}

/// Where a fixture stands, as far as a calendar needs to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CalendarStatus {
    Scheduled,
    /// Off on this date. Re-dating the fixture moves its event, which keeps its UID.
    Postponed,
    /// Played (or conceded) with this score in games.
    Played {
        home_games: u32,
        away_games: u32,
    },
}

/// One fixture as an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarFixture {
    /// The fixture's id: its event's UID is made from it, so calendars update the event in
    /// place when the fixture is moved or its result comes in.
    pub id: i64,
    pub home: String,
    pub away: String,
    pub venue: Venue,
    pub date: NaiveDate,
    /// Local time in the feed's time zone; without one the fixture is an all-day event.
    pub start: Option<NaiveTime>,
    pub status: CalendarStatus,
    /// What it is played in, for the event's description: "Winter League, Premier".
    pub competition: String,
    /// The fixture's page, in full.
    pub link: String,
}

/// The feed as an iCalendar document, events in the order given.
pub fn fixtures_calendar(feed: &CalendarFeed<'_>, fixtures: &[CalendarFixture]) -> String {
    let name = one_line(feed.name);
    let mut calendar = Calendar::empty();
    calendar
        .append_property(Property::new("VERSION", "2.0"))
        .append_property(Property::new("PRODID", "-//fives//fixtures//EN"))
        .append_property(Property::new("CALSCALE", "GREGORIAN"))
        .append_property(Property::new("METHOD", "PUBLISH"))
        .append_property(Property::new("NAME", escape_text(&name)))
        .append_property(Property::new("X-WR-CALNAME", name));
    for fixture in fixtures {
        calendar.push(fixture_event(feed, fixture));
    }
    calendar.to_string()
}

/// A championship as one all-day event from its first day to its last, at its venue.
pub fn championship_calendar(
    feed: &CalendarFeed<'_>,
    id: i64,
    venue: &str,
    first_day: NaiveDate,
    last_day: NaiveDate,
) -> String {
    let name = one_line(feed.name);
    let mut calendar = Calendar::empty();
    calendar
        .append_property(Property::new("VERSION", "2.0"))
        .append_property(Property::new("PRODID", "-//fives//championships//EN"))
        .append_property(Property::new("CALSCALE", "GREGORIAN"))
        .append_property(Property::new("METHOD", "PUBLISH"))
        .append_property(Property::new("NAME", escape_text(&name)))
        .append_property(Property::new("X-WR-CALNAME", name.clone()));
    let mut event = Event::new();
    event
        .uid(&format!("championship-{id}@{}", feed.host))
        .timestamp(feed.generated_at)
        .summary(&name)
        .status(EventStatus::Confirmed)
        // DTEND is exclusive: the day after the last.
        .starts(first_day)
        .ends(last_day.succ_opt().unwrap_or(last_day));
    if !venue.trim().is_empty() {
        event.location(&one_line(venue));
    }
    calendar.push(event.done());
    calendar.to_string()
}

/// The UID of a fixture's event, the same in every feed and every download.
pub fn fixture_uid(fixture_id: i64, host: &str) -> String {
    format!("fixture-{fixture_id}@{host}")
}

fn fixture_event(feed: &CalendarFeed<'_>, fixture: &CalendarFixture) -> Event {
    let mut event = Event::new();
    event
        .uid(&fixture_uid(fixture.id, feed.host))
        .timestamp(feed.generated_at)
        .summary(&one_line(&summary(fixture)))
        .description(&one_line(&description(fixture)))
        .location(&one_line(&location(&fixture.venue)))
        .status(match fixture.status {
            CalendarStatus::Postponed => EventStatus::Cancelled,
            CalendarStatus::Scheduled | CalendarStatus::Played { .. } => EventStatus::Confirmed,
        });
    event.add_property("URL", &fixture.link);
    match fixture.start {
        Some(time) => {
            let start = utc_start(fixture.date.and_time(time), feed.time_zone);
            event.starts(start).ends(start + FIXTURE_LENGTH);
        }
        None => {
            let next_day = fixture.date.succ_opt().unwrap_or(fixture.date);
            event.starts(fixture.date).ends(next_day);
        }
    }
    event.done()
}

fn summary(fixture: &CalendarFixture) -> String {
    let CalendarFixture { home, away, .. } = fixture;
    match fixture.status {
        CalendarStatus::Scheduled => format!("{home} v {away}"),
        CalendarStatus::Postponed => format!("POSTPONED: {home} v {away}"),
        CalendarStatus::Played {
            home_games,
            away_games,
        } => format!("{home} {home_games}-{away_games} {away}"),
    }
}

/// The event's description: the competition, the result once confirmed, and the fixture's
/// page.
fn description(fixture: &CalendarFixture) -> String {
    let CalendarFixture { home, away, .. } = fixture;
    let standing = match fixture.status {
        CalendarStatus::Scheduled => format!("{home} v {away}."),
        CalendarStatus::Postponed => format!("{home} v {away}, postponed: not on this date."),
        CalendarStatus::Played {
            home_games,
            away_games,
        } => format!("Result: {home} {home_games}, {away} {away_games} (games)."),
    };
    format!(
        "{}: {standing}\nThe fixture: {}",
        fixture.competition, fixture.link
    )
}

fn location(venue: &Venue) -> String {
    let address = venue.address.trim();
    if address.is_empty() {
        venue.name.clone()
    } else {
        format!("{}, {address}", venue.name)
    }
}

/// A local wall-clock time as UTC. A time repeated when the clocks go back means its first
/// occurrence; a time skipped when they go forward means the same time an hour later.
fn utc_start(local: NaiveDateTime, time_zone: Tz) -> DateTime<Utc> {
    let resolved = match time_zone.from_local_datetime(&local) {
        LocalResult::Single(time) | LocalResult::Ambiguous(time, _) => Some(time),
        LocalResult::None => time_zone
            .from_local_datetime(&(local + TimeDelta::hours(1)))
            .earliest(),
    };
    resolved.map_or_else(|| local.and_utc(), |time| time.with_timezone(&Utc))
}

/// Every kind of line break as a plain newline, which the crate escapes as `\n`.
fn one_line(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// RFC 5545 §3.3.11 TEXT escaping, for the properties the crate writes verbatim.
fn escape_text(text: &str) -> String {
    one_line(text)
        .replace('\\', r"\\")
        .replace(';', r"\;")
        .replace(',', r"\,")
        .replace('\n', r"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(name: &str) -> CalendarFeed<'_> {
        CalendarFeed {
            name,
            host: "league.example.org",
            time_zone: chrono_tz::Europe::London,
            generated_at: Utc.with_ymd_and_hms(2026, 11, 21, 22, 40, 5).unwrap(),
        }
    }

    fn fixture(id: i64, date: NaiveDate, status: CalendarStatus) -> CalendarFixture {
        CalendarFixture {
            id,
            home: "Red Lion".to_owned(),
            away: "Crown".to_owned(),
            venue: Venue {
                name: "The Red Lion".to_owned(),
                address: "1 High St, Upper Town".to_owned(),
            },
            date,
            start: NaiveTime::from_hms_opt(20, 0, 0),
            status,
            competition: "Premier".to_owned(),
            link: format!("https://league.example.org/leagues/x/fixtures/{id}"),
        }
    }

    fn date(year: i32, month: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(year, month, day).unwrap()
    }

    /// Undoes RFC 5545 line folding: a CRLF followed by one space or tab joins the lines.
    fn unfold(document: &str) -> String {
        document.replace("\r\n ", "").replace("\r\n\t", "")
    }

    fn content_line<'a>(document: &'a str, name: &str) -> Vec<&'a str> {
        document
            .split("\r\n")
            .filter(|line| line.starts_with(name))
            .collect()
    }

    #[test]
    fn a_small_feed_is_rendered_exactly() {
        let played = fixture(
            11,
            date(2026, 10, 6),
            CalendarStatus::Played {
                home_games: 6,
                away_games: 3,
            },
        );
        let postponed = fixture(12, date(2026, 11, 3), CalendarStatus::Postponed);
        let mut scheduled = fixture(13, date(2026, 12, 1), CalendarStatus::Scheduled);
        scheduled.start = None;
        scheduled.home = "Crown".to_owned();
        scheduled.away = "Red Lion".to_owned();
        scheduled.venue = Venue {
            name: "The Crown".to_owned(),
            address: String::new(),
        };

        let document = fixtures_calendar(
            &feed("Division 1: fixtures"),
            &[played, postponed, scheduled],
        );

        let expected = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//fives//fixtures//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "NAME:Division 1: fixtures",
            "X-WR-CALNAME:Division 1: fixtures",
            "BEGIN:VEVENT",
            "DESCRIPTION:Premier: Result: Red Lion 6\\, Crown 3 (games).\\nThe fixture: https://league.example.org/leagues/x/fixtures/11",
            // 20:00 on 6 October is British Summer Time: 19:00 UTC.
            "DTEND:20261006T220000Z",
            "DTSTAMP:20261121T224005Z",
            "DTSTART:20261006T190000Z",
            "LOCATION:The Red Lion\\, 1 High St\\, Upper Town",
            "STATUS:CONFIRMED",
            "SUMMARY:Red Lion 6-3 Crown",
            "UID:fixture-11@league.example.org",
            "URL:https://league.example.org/leagues/x/fixtures/11",
            "END:VEVENT",
            "BEGIN:VEVENT",
            "DESCRIPTION:Premier: Red Lion v Crown\\, postponed: not on this date.\\nThe fixture: https://league.example.org/leagues/x/fixtures/12",
            // 3 November is after the clocks go back: 20:00 local is 20:00 UTC.
            "DTEND:20261103T230000Z",
            "DTSTAMP:20261121T224005Z",
            "DTSTART:20261103T200000Z",
            "LOCATION:The Red Lion\\, 1 High St\\, Upper Town",
            "STATUS:CANCELLED",
            "SUMMARY:POSTPONED: Red Lion v Crown",
            "UID:fixture-12@league.example.org",
            "URL:https://league.example.org/leagues/x/fixtures/12",
            "END:VEVENT",
            "BEGIN:VEVENT",
            "DESCRIPTION:Premier: Crown v Red Lion.\\nThe fixture: https://league.example.org/leagues/x/fixtures/13",
            "DTEND;VALUE=DATE:20261202",
            "DTSTAMP:20261121T224005Z",
            "DTSTART;VALUE=DATE:20261201",
            "LOCATION:The Crown",
            "STATUS:CONFIRMED",
            "SUMMARY:Crown v Red Lion",
            "UID:fixture-13@league.example.org",
            "URL:https://league.example.org/leagues/x/fixtures/13",
            "END:VEVENT",
            "END:VCALENDAR",
            "",
        ]
        .join("\r\n");
        // Compared unfolded: the long descriptions are folded, as the folding test checks.
        assert_eq!(unfold(&document), expected);
    }

    #[test]
    fn an_empty_feed_is_a_valid_calendar() {
        let document = fixtures_calendar(&feed("Crown: fixtures"), &[]);
        assert!(document.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
        assert!(document.ends_with("X-WR-CALNAME:Crown: fixtures\r\nEND:VCALENDAR\r\n"));
        assert!(!document.contains("VEVENT"));
    }

    #[test]
    fn text_is_escaped() {
        let mut awkward = fixture(1, date(2026, 10, 6), CalendarStatus::Scheduled);
        awkward.home = r"Back\Slash; A".to_owned();
        awkward.away = "Crown, B".to_owned();
        awkward.venue = Venue {
            name: "The \"Red Lion\"".to_owned(),
            address: "1 High St\r\nUpper Town;\nKent".to_owned(),
        };

        let document = fixtures_calendar(&feed(r"North, South; East\West"), &[awkward]);

        assert_eq!(
            content_line(&document, "SUMMARY:"),
            [r"SUMMARY:Back\\Slash\; A v Crown\, B"]
        );
        assert_eq!(
            content_line(&document, "LOCATION:"),
            [r#"LOCATION:The "Red Lion"\, 1 High St\nUpper Town\;\nKent"#]
        );
        assert_eq!(
            content_line(&document, "NAME:"),
            [r"NAME:North\, South\; East\\West"]
        );
        assert_eq!(
            content_line(&document, "X-WR-CALNAME:"),
            [r"X-WR-CALNAME:North\, South\; East\\West"]
        );
        // Line breaks inside values never reach the document as such.
        assert!(!document.replace("\r\n", "").contains(['\r', '\n']));
    }

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_a_character() {
        let mut far_away = fixture(1, date(2026, 10, 6), CalendarStatus::Scheduled);
        far_away.venue = Venue {
            name: "Ye Olde Tavern of Llanfairpwllgwyngyll".to_owned(),
            address: "Ffordd Caergybi ☕ Ynys Môn ✓ ćwierć mili od stacji, Cymru ≈ Wales 🁫🂓"
                .repeat(3),
        };

        let document = fixtures_calendar(&feed("Division 1"), &[far_away.clone()]);

        let lines: Vec<&str> = document.split("\r\n").collect();
        assert!(lines.iter().all(|line| line.len() <= 75), "{document}");
        let continuations = lines.iter().filter(|line| line.starts_with(' ')).count();
        assert!(continuations >= 3, "{document}");
        // Every octet is kept: unfolding gives back the whole escaped line.
        let expected = format!(
            "LOCATION:{}",
            escape_text(&format!(
                "{}, {}",
                far_away.venue.name, far_away.venue.address
            ))
        );
        assert_eq!(content_line(&unfold(&document), "LOCATION:"), [expected]);
    }

    #[test]
    fn uids_are_stable_and_distinct() {
        let first = fixture(41, date(2026, 10, 6), CalendarStatus::Scheduled);
        let second = fixture(42, date(2026, 10, 6), CalendarStatus::Scheduled);
        let uids = |fixtures: &[CalendarFixture]| -> Vec<String> {
            content_line(&fixtures_calendar(&feed("Division 1"), fixtures), "UID:")
                .into_iter()
                .map(str::to_owned)
                .collect()
        };

        let before = uids(&[first.clone(), second.clone()]);
        assert_eq!(
            before,
            [
                "UID:fixture-41@league.example.org",
                "UID:fixture-42@league.example.org"
            ]
        );

        // Re-dated, postponed, played: the event stays the same event.
        let mut moved = first.clone();
        moved.date = date(2027, 1, 12);
        moved.status = CalendarStatus::Played {
            home_games: 5,
            away_games: 4,
        };
        assert_eq!(uids(&[moved])[0], before[0]);
        let mut postponed = second;
        postponed.status = CalendarStatus::Postponed;
        assert_eq!(uids(&[postponed])[0], before[1]);
        assert_eq!(
            fixture_uid(41, "league.example.org"),
            "fixture-41@league.example.org"
        );
    }

    #[test]
    fn local_times_around_clock_changes_resolve_to_one_instant() {
        let london = chrono_tz::Europe::London;
        // 01:30 on 25 October 2026 happens twice: the first, in summer time, is meant.
        let repeated = date(2026, 10, 25).and_hms_opt(1, 30, 0).unwrap();
        assert_eq!(
            utc_start(repeated, london),
            Utc.with_ymd_and_hms(2026, 10, 25, 0, 30, 0).unwrap()
        );
        // 01:30 on 29 March 2026 never happens: the clocks jump from 01:00 to 02:00.
        let skipped = date(2026, 3, 29).and_hms_opt(1, 30, 0).unwrap();
        assert_eq!(
            utc_start(skipped, london),
            Utc.with_ymd_and_hms(2026, 3, 29, 1, 30, 0).unwrap()
        );
    }
}
