//! An organisation's organisers' pages under `/organise/{slug}`: teams and their pubs and
//! squads and transfers, competitions, seasons, divisions and fixtures, and results awaiting
//! attention.

pub mod captain_invites;
pub mod championships;
pub mod competition_seasons;
pub mod competitions;
pub mod deductions;
pub mod fixtures;
pub mod lookup;
pub mod organisation;
pub mod organisers;
pub mod renames;
pub mod results;
pub mod season;
pub mod squad;
pub mod teams;
pub mod transfers;
