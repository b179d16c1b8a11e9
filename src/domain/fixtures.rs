//! Fixtures of a division: who plays whom in each round, who is at home, who sits out, and on
//! which league night each round is played.
//!
//! Teams are numbered `0..teams` in whatever order the caller chooses (shuffle them first for a
//! fair draw); the home team's pub is the venue.
//!
//! # The rounds
//!
//! [`round_robin`] uses Berger's circle method. For an odd number of teams a dummy team is
//! added, and whoever is drawn against it has a bye. With `m` places (the teams, plus the
//! dummy if needed), place `m - 1` is fixed and places `0..m - 1` rotate: in round `r` the fixed
//! place meets place `r`, and place `r + k` meets place `r - k` (modulo `m - 1`) for
//! `k = 1..m / 2`.
//!
//! Home and away: the fixed place is at home in odd rounds and away in even ones; of each
//! rotating pair the team `k` places ahead is at home when `k` is odd, otherwise the one behind.
//! A rotating team moves one place back each round, so its venue alternates from round to
//! round except around its game against the fixed place, where it has at most one "break" (two
//! home or two away games in a row). That makes `n - 2` breaks in all for an even number `n` of
//! teams, the fewest any single round robin can have, and none for an odd number, where the
//! fixed place is the dummy and a team's break would fall on its bye.
//!
//! # The return half
//!
//! A double round robin plays every fixture of the first half again with home and away swapped,
//! normally with the rounds in the same order. For an even number of teams from four up that
//! would give two teams three home or three away games in a row across the halfway point (and
//! every team but two a break there), so for an even number the return half follows the
//! "English" order instead: the first half's last round is returned first, then the other rounds
//! in their first-half order. No team then has a break at the halfway point, and none has three
//! home or three away games in a row anywhere in the season. For an odd number of teams the
//! same order already leaves each team just one break, at the halfway point (within a half its
//! venues alternate, its bye breaking nothing), while the English order would give the team
//! that sits out the last round of the first half two byes in a row; so an odd number keeps the
//! same order.
//!
//! A bye counts as neither home nor away and does not end a run: home, bye, home is two home
//! games in a row.
//!
//! # The dates
//!
//! [`date_rounds`] puts one round on each league night from the first on or after the season
//! start, weekly, passing over blackout dates.

use std::collections::BTreeSet;

use chrono::{Datelike, Days, NaiveDate, Weekday};

use crate::domain::league::weekday_name;

/// The most teams a division can have fixtures made for: more than any pub league division, and
/// a double round robin of this many still fits in two years of weekly league nights.
pub const MAX_TEAMS: usize = 40;

/// How far past the season start [`date_rounds`] looks for league nights.
pub const SEASON_HORIZON_DAYS: u64 = 3 * 365;

/// Whether teams meet once, or twice with home and away swapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Legs {
    Single,
    Double,
}

impl Legs {
    fn halves(self) -> usize {
        match self {
            Legs::Single => 1,
            Legs::Double => 2,
        }
    }
}

/// One match of a round: the home team (whose pub is the venue) against the away team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub home: usize,
    pub away: usize,
}

impl Pairing {
    /// The return match: the same teams at the other team's pub.
    pub fn reversed(self) -> Self {
        Self {
            home: self.away,
            away: self.home,
        }
    }

    pub fn involves(self, team: usize) -> bool {
        self.home == team || self.away == team
    }
}

/// One round of fixtures, played on one league night.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    pub pairings: Vec<Pairing>,
    /// The team that sits this round out, when the division has an odd number of teams.
    pub bye: Option<usize>,
}

impl Round {
    fn mirrored(&self) -> Self {
        Self {
            pairings: self.pairings.iter().map(|p| p.reversed()).collect(),
            bye: self.bye,
        }
    }
}

/// What one team does in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamRound {
    Home { opponent: usize },
    Away { opponent: usize },
    Bye,
}

/// Every round of a division's season, in the order they are played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    teams: usize,
    legs: Legs,
    rounds: Vec<Round>,
}

impl Schedule {
    pub fn teams(&self) -> usize {
        self.teams
    }

    pub fn legs(&self) -> Legs {
        self.legs
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    pub fn into_rounds(self) -> Vec<Round> {
        self.rounds
    }

    /// Rounds in each half: `n - 1` for an even number of teams, `n` for an odd number.
    pub fn rounds_per_half(&self) -> usize {
        self.rounds.len() / self.legs.halves()
    }

    /// What `team` does in each round, in order.
    pub fn rounds_of(&self, team: usize) -> Vec<TeamRound> {
        self.rounds
            .iter()
            .map(|round| {
                round
                    .pairings
                    .iter()
                    .find_map(|p| {
                        if p.home == team {
                            Some(TeamRound::Home { opponent: p.away })
                        } else if p.away == team {
                            Some(TeamRound::Away { opponent: p.home })
                        } else {
                            None
                        }
                    })
                    .unwrap_or(TeamRound::Bye)
            })
            .collect()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FixtureError {
    #[error("A division needs at least two teams to make fixtures; this one has {teams}.")]
    TooFewTeams { teams: usize },
    #[error(
        "Fixtures can be made for at most {MAX_TEAMS} teams in a division; this one has {teams}. Split it into smaller divisions."
    )]
    TooManyTeams { teams: usize },
}

/// The rounds of a single or double round robin between `teams` teams (see the module
/// documentation for how home and away are balanced).
pub fn round_robin(teams: usize, legs: Legs) -> Result<Schedule, FixtureError> {
    if teams < 2 {
        return Err(FixtureError::TooFewTeams { teams });
    }
    if teams > MAX_TEAMS {
        return Err(FixtureError::TooManyTeams { teams });
    }
    let first_half = berger_rounds(teams);
    let rounds = match legs {
        Legs::Single => first_half,
        Legs::Double => {
            let return_order: Vec<&Round> = if teams.is_multiple_of(2) {
                let (last, rest) = first_half
                    .split_last()
                    .expect("two or more teams play at least one round");
                std::iter::once(last).chain(rest).collect()
            } else {
                first_half.iter().collect()
            };
            let return_half: Vec<Round> = return_order.into_iter().map(Round::mirrored).collect();
            let mut rounds = first_half;
            rounds.extend(return_half);
            rounds
        }
    };
    Ok(Schedule {
        teams,
        legs,
        rounds,
    })
}

/// One half of a round robin by the circle method; a game against the dummy place (the fixed
/// one, when `teams` is odd) becomes a bye.
fn berger_rounds(teams: usize) -> Vec<Round> {
    let places = teams + teams % 2;
    let fixed = places - 1;
    let rotating = places - 1;
    (0..rotating)
        .map(|round| {
            let against_fixed = if round % 2 == 1 {
                Pairing {
                    home: fixed,
                    away: round,
                }
            } else {
                Pairing {
                    home: round,
                    away: fixed,
                }
            };
            let rotating_pairs = (1..places / 2).map(|offset| {
                let ahead = (round + offset) % rotating;
                let behind = (round + rotating - offset) % rotating;
                if offset % 2 == 1 {
                    Pairing {
                        home: ahead,
                        away: behind,
                    }
                } else {
                    Pairing {
                        home: behind,
                        away: ahead,
                    }
                }
            });
            let mut pairings = Vec::with_capacity(places / 2);
            let mut bye = None;
            if fixed < teams {
                pairings.push(against_fixed);
            } else {
                bye = Some(round);
            }
            pairings.extend(rotating_pairs);
            Round { pairings, bye }
        })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DatingError {
    #[error(
        "Only {dated} of the {rounds} rounds fit on {} league nights between the season start and {}, leaving out the blackout dates. Remove some blackout dates or make the division smaller.",
        weekday_name(*.league_night),
        .bound.format("%-d %B %Y")
    )]
    NotEnoughLeagueNights {
        rounds: usize,
        dated: usize,
        league_night: Weekday,
        bound: NaiveDate,
    },
}

/// The date of each of `rounds` rounds: the first `league_night` on or after `start`, then
/// weekly, passing over any league night in `blackouts` (other blackout dates change nothing).
/// Every date is within [`SEASON_HORIZON_DAYS`] of the start.
pub fn date_rounds(
    start: NaiveDate,
    league_night: Weekday,
    rounds: usize,
    blackouts: &[NaiveDate],
) -> Result<Vec<NaiveDate>, DatingError> {
    let blackouts: BTreeSet<NaiveDate> = blackouts.iter().copied().collect();
    let bound = start
        .checked_add_days(Days::new(SEASON_HORIZON_DAYS))
        .unwrap_or(NaiveDate::MAX);
    let days_to_first =
        (7 + league_night.num_days_from_monday() - start.weekday().num_days_from_monday()) % 7;
    let mut candidate = start.checked_add_days(Days::new(days_to_first.into()));
    let mut dates = Vec::with_capacity(rounds);
    while dates.len() < rounds {
        match candidate {
            Some(date) if date <= bound => {
                if !blackouts.contains(&date) {
                    dates.push(date);
                }
                candidate = date.checked_add_days(Days::new(7));
            }
            _ => {
                return Err(DatingError::NotEnoughLeagueNights {
                    rounds,
                    dated: dates.len(),
                    league_night,
                    bound,
                });
            }
        }
    }
    Ok(dates)
}

#[cfg(test)]
mod tests;
