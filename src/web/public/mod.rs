//! The public site, for anyone: the organisation, its competitions and divisions (standings,
//! fixtures, results), teams, players, fixtures with their results, and their CSV and iCalendar
//! files.

pub mod calendar;
pub mod careers;
pub mod championships;
pub mod csv_export;
pub mod fixture;
pub mod fixture_calendars;
pub mod home;
pub mod league;
pub mod league_screen;
pub mod players;
pub mod positions;
pub mod ratings;
