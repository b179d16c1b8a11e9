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

fn weekday_name(day: Weekday) -> &'static str {
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    const TEAM_COUNTS: std::ops::RangeInclusive<usize> = 2..=20;
    const BOTH_LEGS: [Legs; 2] = [Legs::Single, Legs::Double];

    fn schedule(teams: usize, legs: Legs) -> Schedule {
        round_robin(teams, legs).expect("a valid team count")
    }

    fn date(year: i32, month: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(year, month, day).expect("a real date")
    }

    /// The longest run of home games or of away games a team has; a bye neither ends nor
    /// extends a run.
    fn longest_run_at_one_venue(rounds: &[TeamRound]) -> usize {
        let mut longest = 0;
        let mut run = 0;
        let mut last_at_home = None;
        for round in rounds {
            let at_home = match round {
                TeamRound::Home { .. } => true,
                TeamRound::Away { .. } => false,
                TeamRound::Bye => continue,
            };
            run = if last_at_home == Some(at_home) {
                run + 1
            } else {
                1
            };
            last_at_home = Some(at_home);
            longest = longest.max(run);
        }
        longest
    }

    /// Consecutive games (byes passed over) at the same venue.
    fn breaks(rounds: &[TeamRound]) -> usize {
        let venues: Vec<bool> = rounds
            .iter()
            .filter_map(|round| match round {
                TeamRound::Home { .. } => Some(true),
                TeamRound::Away { .. } => Some(false),
                TeamRound::Bye => None,
            })
            .collect();
        venues.windows(2).filter(|pair| pair[0] == pair[1]).count()
    }

    #[test]
    fn the_run_counter_treats_a_bye_as_neither_home_nor_away() {
        let home = TeamRound::Home { opponent: 1 };
        let away = TeamRound::Away { opponent: 1 };
        let bye = TeamRound::Bye;
        assert_eq!(longest_run_at_one_venue(&[home, bye, home, home]), 3);
        assert_eq!(longest_run_at_one_venue(&[home, away, bye, away, home]), 2);
        assert_eq!(longest_run_at_one_venue(&[bye, bye]), 0);
        assert_eq!(breaks(&[home, bye, home, away, away]), 2);
    }

    #[test]
    fn fewer_than_two_or_more_than_the_maximum_teams_are_refused() {
        for legs in BOTH_LEGS {
            assert_eq!(
                round_robin(0, legs),
                Err(FixtureError::TooFewTeams { teams: 0 })
            );
            assert_eq!(
                round_robin(1, legs),
                Err(FixtureError::TooFewTeams { teams: 1 })
            );
            assert_eq!(
                round_robin(MAX_TEAMS + 1, legs),
                Err(FixtureError::TooManyTeams {
                    teams: MAX_TEAMS + 1
                })
            );
            assert!(round_robin(MAX_TEAMS, legs).is_ok());
        }
        assert_eq!(
            FixtureError::TooFewTeams { teams: 1 }.to_string(),
            "A division needs at least two teams to make fixtures; this one has 1."
        );
    }

    #[test]
    fn four_teams_single_round_robin_is_the_berger_table() {
        let rounds: Vec<Vec<(usize, usize)>> = schedule(4, Legs::Single)
            .rounds()
            .iter()
            .map(|round| {
                assert_eq!(round.bye, None);
                round.pairings.iter().map(|p| (p.home, p.away)).collect()
            })
            .collect();
        assert_eq!(
            rounds,
            vec![
                vec![(0, 3), (1, 2)],
                vec![(3, 1), (2, 0)],
                vec![(2, 3), (0, 1)],
            ]
        );
    }

    #[test]
    fn every_pair_meets_once_in_a_single_round_robin() {
        for teams in TEAM_COUNTS {
            let schedule = schedule(teams, Legs::Single);
            let mut meetings = BTreeMap::new();
            for pairing in schedule.rounds().iter().flat_map(|r| &r.pairings) {
                assert_ne!(pairing.home, pairing.away, "{teams} teams");
                let pair = (
                    pairing.home.min(pairing.away),
                    pairing.home.max(pairing.away),
                );
                *meetings.entry(pair).or_insert(0) += 1;
            }
            for a in 0..teams {
                for b in a + 1..teams {
                    assert_eq!(
                        meetings.get(&(a, b)),
                        Some(&1),
                        "{teams} teams: {a} and {b}"
                    );
                }
            }
            assert_eq!(meetings.len(), teams * (teams - 1) / 2, "{teams} teams");
        }
    }

    #[test]
    fn every_pair_meets_twice_in_a_double_round_robin_once_at_each_pub() {
        for teams in TEAM_COUNTS {
            let schedule = schedule(teams, Legs::Double);
            let half = schedule.rounds_per_half();
            let mut hosted = BTreeMap::new();
            for (index, round) in schedule.rounds().iter().enumerate() {
                for pairing in &round.pairings {
                    assert_ne!(pairing.home, pairing.away, "{teams} teams");
                    *hosted.entry((pairing.home, pairing.away)).or_insert(0) += 1;
                }
                // The first meeting is in the first half, the return in the second.
                let in_first_half = index < half;
                for pairing in &round.pairings {
                    let first_leg_round = schedule.rounds()[..half]
                        .iter()
                        .position(|r| {
                            r.pairings.contains(pairing) || r.pairings.contains(&pairing.reversed())
                        })
                        .expect("every pair meets in the first half");
                    assert_eq!(in_first_half, first_leg_round == index, "{teams} teams");
                }
            }
            for home in 0..teams {
                for away in (0..teams).filter(|&away| away != home) {
                    assert_eq!(
                        hosted.get(&(home, away)),
                        Some(&1),
                        "{teams} teams: {home} at home to {away}"
                    );
                }
            }
            assert_eq!(hosted.len(), teams * (teams - 1), "{teams} teams");
        }
    }

    #[test]
    fn every_team_plays_or_sits_out_exactly_once_in_every_round() {
        for teams in TEAM_COUNTS {
            for legs in BOTH_LEGS {
                for (index, round) in schedule(teams, legs).rounds().iter().enumerate() {
                    let mut appearances = vec![0; teams];
                    for pairing in &round.pairings {
                        appearances[pairing.home] += 1;
                        appearances[pairing.away] += 1;
                    }
                    if let Some(bye) = round.bye {
                        appearances[bye] += 1;
                    }
                    assert!(
                        appearances.iter().all(|&count| count == 1),
                        "{teams} teams, {legs:?}, round {index}: {appearances:?}"
                    );
                    assert_eq!(round.pairings.len(), teams / 2);
                }
            }
        }
    }

    #[test]
    fn a_half_has_one_round_fewer_than_the_teams_or_as_many_when_odd() {
        for teams in TEAM_COUNTS {
            let per_half = if teams.is_multiple_of(2) {
                teams - 1
            } else {
                teams
            };
            let single = schedule(teams, Legs::Single);
            assert_eq!(single.rounds().len(), per_half, "{teams} teams");
            assert_eq!(single.rounds_per_half(), per_half);
            let double = schedule(teams, Legs::Double);
            assert_eq!(double.rounds().len(), 2 * per_half, "{teams} teams");
            assert_eq!(double.rounds_per_half(), per_half);
        }
    }

    #[test]
    fn byes_only_for_an_odd_number_of_teams_one_per_team_per_half() {
        for teams in TEAM_COUNTS {
            for legs in BOTH_LEGS {
                let schedule = schedule(teams, legs);
                let half = schedule.rounds_per_half();
                for (number, rounds) in schedule.rounds().chunks(half).enumerate() {
                    let mut byes = vec![0; teams];
                    for round in rounds {
                        match round.bye {
                            Some(team) => {
                                assert!(!teams.is_multiple_of(2), "{teams} teams: a bye");
                                assert!(!round.pairings.iter().any(|p| p.involves(team)));
                                byes[team] += 1;
                            }
                            None => assert!(teams.is_multiple_of(2), "{teams} teams: no bye"),
                        }
                    }
                    let expected = teams % 2;
                    assert!(
                        byes.iter().all(|&count| count == expected),
                        "{teams} teams, {legs:?}, half {number}: {byes:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn no_team_has_three_home_or_three_away_games_in_a_row() {
        for teams in TEAM_COUNTS {
            for legs in BOTH_LEGS {
                let schedule = schedule(teams, legs);
                for team in 0..teams {
                    let rounds = schedule.rounds_of(team);
                    assert!(
                        longest_run_at_one_venue(&rounds) <= 2,
                        "{teams} teams, {legs:?}, team {team}: {rounds:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn no_three_in_a_row_up_to_the_maximum_either() {
        for teams in TEAM_COUNTS.end() + 1..=MAX_TEAMS {
            for legs in BOTH_LEGS {
                let schedule = schedule(teams, legs);
                for team in 0..teams {
                    assert!(
                        longest_run_at_one_venue(&schedule.rounds_of(team)) <= 2,
                        "{teams} teams, {legs:?}, team {team}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_single_round_robin_has_the_fewest_breaks_possible() {
        for teams in TEAM_COUNTS {
            let schedule = schedule(teams, Legs::Single);
            let total: usize = (0..teams).map(|t| breaks(&schedule.rounds_of(t))).sum();
            let fewest = if teams.is_multiple_of(2) {
                teams - 2
            } else {
                0
            };
            assert_eq!(total, fewest, "{teams} teams");
            for team in 0..teams {
                assert!(breaks(&schedule.rounds_of(team)) <= 1, "{teams} teams");
            }
        }
    }

    /// Whether a team is at home in its last game before, and its first game after, round
    /// `half` (byes passed over).
    fn venues_either_side_of(rounds: &[TeamRound], half: usize) -> (bool, bool) {
        let at_home = |round: &TeamRound| matches!(round, TeamRound::Home { .. });
        let game = |round: &&TeamRound| **round != TeamRound::Bye;
        let before = rounds[..half].iter().rev().find(game).expect("a game");
        let after = rounds[half..].iter().find(game).expect("a game");
        (at_home(before), at_home(after))
    }

    #[test]
    fn with_an_even_number_no_team_has_a_break_at_the_halfway_point() {
        for teams in TEAM_COUNTS.filter(|teams| teams.is_multiple_of(2)) {
            let schedule = schedule(teams, Legs::Double);
            for team in 0..teams {
                let rounds = schedule.rounds_of(team);
                let (before, after) = venues_either_side_of(&rounds, schedule.rounds_per_half());
                assert_ne!(before, after, "{teams} teams, team {team}: {rounds:?}");
            }
        }
    }

    #[test]
    fn with_an_odd_number_each_team_has_one_break_at_the_halfway_point_and_no_other() {
        for teams in TEAM_COUNTS.filter(|teams| !teams.is_multiple_of(2)) {
            let schedule = schedule(teams, Legs::Double);
            for team in 0..teams {
                let rounds = schedule.rounds_of(team);
                let (before, after) = venues_either_side_of(&rounds, schedule.rounds_per_half());
                assert_eq!(before, after, "{teams} teams, team {team}: {rounds:?}");
                assert_eq!(breaks(&rounds), 1, "{teams} teams, team {team}: {rounds:?}");
            }
        }
    }

    #[test]
    fn no_team_sits_out_two_rounds_in_a_row() {
        for teams in TEAM_COUNTS {
            for legs in BOTH_LEGS {
                let byes: Vec<Option<usize>> = schedule(teams, legs)
                    .rounds()
                    .iter()
                    .map(|r| r.bye)
                    .collect();
                for pair in byes.windows(2) {
                    assert!(
                        pair[0].is_none() || pair[0] != pair[1],
                        "{teams} teams, {legs:?}: {byes:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_return_half_mirrors_the_first() {
        for teams in TEAM_COUNTS {
            let first_half = schedule(teams, Legs::Single).into_rounds();
            let double = schedule(teams, Legs::Double);
            let (first, second) = double.rounds().split_at(double.rounds_per_half());
            assert_eq!(first, first_half.as_slice(), "{teams} teams");
            let last = first_half.len() - 1;
            let returned_order: Vec<usize> = if teams.is_multiple_of(2) {
                std::iter::once(last).chain(0..last).collect()
            } else {
                (0..=last).collect()
            };
            assert_eq!(second.len(), returned_order.len());
            for (returned, original) in second.iter().zip(returned_order) {
                let original = &first_half[original];
                assert_eq!(returned.bye, original.bye, "{teams} teams");
                let reversed: Vec<Pairing> =
                    original.pairings.iter().map(|p| p.reversed()).collect();
                assert_eq!(returned.pairings, reversed, "{teams} teams");
            }
        }
    }

    fn first_half_then_return(teams: usize, return_order: impl Iterator<Item = usize>) -> Schedule {
        let first_half = schedule(teams, Legs::Single).into_rounds();
        let returned: Vec<Round> = return_order.map(|r| first_half[r].mirrored()).collect();
        Schedule {
            teams,
            legs: Legs::Double,
            rounds: first_half.into_iter().chain(returned).collect(),
        }
    }

    /// Why an even number of teams does not return the rounds in the same order.
    #[test]
    fn with_an_even_number_the_same_order_would_make_three_in_a_row() {
        for teams in (4..=20).step_by(2) {
            let same_order = first_half_then_return(teams, 0..teams - 1);
            let worst = (0..teams)
                .map(|t| longest_run_at_one_venue(&same_order.rounds_of(t)))
                .max();
            assert_eq!(worst, Some(3), "{teams} teams");
        }
    }

    /// Why an odd number of teams does not return the last round first.
    #[test]
    fn with_an_odd_number_the_english_order_would_make_two_byes_in_a_row() {
        for teams in (3..=19).step_by(2) {
            let english =
                first_half_then_return(teams, std::iter::once(teams - 1).chain(0..teams - 1));
            let half = english.rounds_per_half();
            assert_eq!(english.rounds()[half - 1].bye, english.rounds()[half].bye);
        }
    }

    #[test]
    fn home_games_are_shared_out_evenly() {
        for teams in TEAM_COUNTS {
            for legs in BOTH_LEGS {
                let schedule = schedule(teams, legs);
                let home_games: Vec<usize> = (0..teams)
                    .map(|team| {
                        schedule
                            .rounds_of(team)
                            .iter()
                            .filter(|r| matches!(r, TeamRound::Home { .. }))
                            .count()
                    })
                    .collect();
                let most = *home_games.iter().max().unwrap();
                let fewest = *home_games.iter().min().unwrap();
                match legs {
                    Legs::Single => {
                        assert!(most - fewest <= 1, "{teams} teams: {home_games:?}")
                    }
                    Legs::Double => {
                        assert!(
                            home_games.iter().all(|&games| games == teams - 1),
                            "{teams} teams: {home_games:?}"
                        )
                    }
                }
            }
        }
    }

    #[test]
    fn the_first_date_is_the_first_league_night_on_or_after_the_start() {
        // 2026-09-07 is a Monday.
        for start_offset in 0..7 {
            let start = date(2026, 9, 7) + Days::new(start_offset);
            for night in [
                Weekday::Mon,
                Weekday::Tue,
                Weekday::Wed,
                Weekday::Thu,
                Weekday::Fri,
                Weekday::Sat,
                Weekday::Sun,
            ] {
                let dates = date_rounds(start, night, 3, &[]).unwrap();
                let first = dates[0];
                assert_eq!(first.weekday(), night);
                assert!(
                    first >= start && first < start + Days::new(7),
                    "{start} {night}"
                );
                assert_eq!(dates[1], first + Days::new(7));
                assert_eq!(dates[2], first + Days::new(14));
            }
        }
        assert_eq!(
            date_rounds(date(2026, 9, 10), Weekday::Thu, 1, &[]).unwrap(),
            vec![date(2026, 9, 10)]
        );
    }

    #[test]
    fn blackout_dates_are_passed_over_and_the_rest_stay_weekly() {
        let start = date(2026, 9, 1); // a Tuesday
        let night = Weekday::Thu;
        let blackout_sets: Vec<Vec<NaiveDate>> = vec![
            vec![],
            // The first league night.
            vec![date(2026, 9, 3)],
            // Christmas Eve and New Year's Eve fall on Thursdays in 2026.
            vec![date(2026, 12, 24), date(2026, 12, 31)],
            // Three weeks in a row, unsorted, with a duplicate.
            vec![
                date(2026, 10, 22),
                date(2026, 10, 8),
                date(2026, 10, 15),
                date(2026, 10, 8),
            ],
            // Not league nights: change nothing.
            vec![date(2026, 9, 4), date(2026, 12, 25), date(2026, 8, 27)],
        ];
        for blackouts in &blackout_sets {
            for teams in TEAM_COUNTS {
                for legs in BOTH_LEGS {
                    let rounds = schedule(teams, legs).rounds().len();
                    let dates = date_rounds(start, night, rounds, blackouts).unwrap();
                    assert_eq!(dates.len(), rounds);
                    for date in &dates {
                        assert_eq!(date.weekday(), night);
                        assert!(!blackouts.contains(date), "{date} is a blackout date");
                    }
                    // Every league night before the first date, and between two dates, is a
                    // blackout.
                    let mut night_expected = date(2026, 9, 3);
                    for date in &dates {
                        while night_expected < *date {
                            assert!(
                                blackouts.contains(&night_expected),
                                "{night_expected} was passed over: {blackouts:?}"
                            );
                            night_expected = night_expected + Days::new(7);
                        }
                        assert_eq!(*date, night_expected, "strictly increasing, weekly");
                        night_expected = night_expected + Days::new(7);
                    }
                }
            }
        }
    }

    #[test]
    fn a_worked_season_skips_christmas_and_new_year() {
        let dates = date_rounds(
            date(2026, 12, 10),
            Weekday::Thu,
            5,
            &[date(2026, 12, 24), date(2026, 12, 31)],
        )
        .unwrap();
        assert_eq!(
            dates,
            vec![
                date(2026, 12, 10),
                date(2026, 12, 17),
                date(2027, 1, 7),
                date(2027, 1, 14),
                date(2027, 1, 21),
            ]
        );
    }

    #[test]
    fn no_rounds_need_no_dates() {
        assert_eq!(
            date_rounds(date(2026, 9, 1), Weekday::Mon, 0, &[]),
            Ok(vec![])
        );
    }

    #[test]
    fn a_season_that_does_not_fit_before_the_horizon_is_refused() {
        let start = date(2026, 9, 1);
        let too_many_rounds = date_rounds(start, Weekday::Tue, 200, &[]);
        let bound = date(2029, 8, 31);
        assert_eq!(
            too_many_rounds,
            Err(DatingError::NotEnoughLeagueNights {
                rounds: 200,
                dated: 157,
                league_night: Weekday::Tue,
                bound,
            })
        );
        assert_eq!(
            too_many_rounds.unwrap_err().to_string(),
            "Only 157 of the 200 rounds fit on Tuesday league nights between the season start and \
             31 August 2029, leaving out the blackout dates. Remove some blackout dates or make \
             the division smaller."
        );

        let every_tuesday: Vec<NaiveDate> =
            (0..160).map(|week| start + Days::new(7 * week)).collect();
        assert!(matches!(
            date_rounds(start, Weekday::Tue, 1, &every_tuesday),
            Err(DatingError::NotEnoughLeagueNights { dated: 0, .. })
        ));

        // The largest double round robin fits, with blackout weeks to spare.
        let rounds = schedule(MAX_TEAMS, Legs::Double).rounds().len();
        assert!(date_rounds(start, Weekday::Tue, rounds, &every_tuesday[..2]).is_ok());
    }

    #[test]
    fn a_start_at_the_end_of_the_calendar_is_refused_not_a_panic() {
        assert!(matches!(
            date_rounds(NaiveDate::MAX, Weekday::Mon, 10, &[]),
            Err(DatingError::NotEnoughLeagueNights { .. })
        ));
        let last = NaiveDate::MAX;
        let night = last.weekday();
        assert_eq!(date_rounds(last, night, 1, &[]), Ok(vec![last]));
    }
}
