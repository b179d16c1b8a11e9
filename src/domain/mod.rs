//! The league domain: plain synchronous Rust that never sees HTTP or SQL.

pub mod account;
pub mod authorisation;
pub mod captain_tasks;
pub mod career;
pub mod championship;
// The flat paths the championship's files had before they became a folder, still named by the
// store and the tests.
pub use championship::{
    bracket as championship_bracket, entrants as championship_entrants,
    event as championship_event, rounds as championship_rounds, table as championship_table,
};
pub mod competition;
pub mod deduction;
pub mod entry_level;
pub mod fixture_dates;
pub mod fixture_play;
pub mod fixtures;
pub mod game_check;
pub mod hand_lines;
pub mod ids;
pub mod league;
pub mod league_time;
pub mod login_throttle;
pub mod mail;
pub mod match_chance;
pub mod match_format;
pub mod match_result;
pub mod organisation;
pub mod player_tables;
pub mod rating_games;
pub mod reason;
pub mod result_deadline;
pub mod rule_words;
pub mod season_fixtures;
pub mod squad;
pub mod standings;
pub mod team_list;
pub mod transfer;
