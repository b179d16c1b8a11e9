//! The league domain: plain synchronous Rust that never sees HTTP or SQL.

pub mod account;
pub mod authorisation;
pub mod captain_tasks;
pub mod competition;
pub mod deduction;
pub mod entry_level;
pub mod fixture_dates;
pub mod fixtures;
pub mod hand_lines;
pub mod ids;
pub mod league;
pub mod league_time;
pub mod login_throttle;
pub mod mail;
pub mod match_format;
pub mod match_result;
pub mod organisation;
pub mod player_tables;
pub mod reason;
pub mod result_deadline;
pub mod rule_words;
pub mod season_fixtures;
pub mod squad;
pub mod standings;
