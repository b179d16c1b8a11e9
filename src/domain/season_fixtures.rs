//! A division's fixtures for a season: the round robin of [`super::fixtures`] put on the
//! season's league nights, with the division's own teams in place of numbers, and the words
//! a fixture's progress is kept in.

use chrono::NaiveDate;

use super::fixtures::{DatingError, FixtureError, Legs, date_rounds, round_robin};
use super::league::SeasonCalendar;

/// One round of a division's season, on its league night.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatedRound<T> {
    /// Counted from 1.
    pub number: u32,
    pub date: NaiveDate,
    /// Home team first.
    pub matches: Vec<(T, T)>,
    /// The team that sits this round out, when the division has an odd number of teams.
    pub bye: Option<T>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SeasonFixturesError {
    #[error(transparent)]
    Teams(#[from] FixtureError),
    #[error(transparent)]
    Dates(#[from] DatingError),
}

/// The rounds of a single or double round robin between `teams`, dated by `calendar`.
///
/// The teams' order decides who meets whom when and who is at home: it is the caller's, and a
/// fair draw shuffles the teams before calling this. The same order always gives the same
/// fixtures.
pub fn season_fixtures<T: Clone>(
    teams: &[T],
    legs: Legs,
    calendar: &SeasonCalendar,
) -> Result<Vec<DatedRound<T>>, SeasonFixturesError> {
    let schedule = round_robin(teams.len(), legs)?;
    let blackouts: Vec<NaiveDate> = calendar.blackout_dates().collect();
    let dates = date_rounds(
        calendar.start(),
        calendar.league_night(),
        schedule.rounds().len(),
        &blackouts,
    )?;
    Ok(schedule
        .into_rounds()
        .into_iter()
        .zip(dates)
        .zip(1..)
        .map(|((round, date), number)| DatedRound {
            number,
            date,
            matches: round
                .pairings
                .iter()
                .map(|pairing| (teams[pairing.home].clone(), teams[pairing.away].clone()))
                .collect(),
            bye: round.bye.map(|team| teams[team].clone()),
        })
        .collect())
}

/// Where a fixture stands. A fixture is made `Scheduled`; the other words after `Postponed`
/// belong to results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FixtureStatus {
    Scheduled,
    Postponed,
    AwaitingConfirmation,
    Disputed,
    Confirmed,
    Walkover,
}

impl FixtureStatus {
    pub const ALL: [FixtureStatus; 6] = [
        FixtureStatus::Scheduled,
        FixtureStatus::Postponed,
        FixtureStatus::AwaitingConfirmation,
        FixtureStatus::Disputed,
        FixtureStatus::Confirmed,
        FixtureStatus::Walkover,
    ];

    /// How a page says it: "awaiting confirmation".
    pub fn in_words(self) -> &'static str {
        match self {
            FixtureStatus::Scheduled => "scheduled",
            FixtureStatus::Postponed => "postponed",
            FixtureStatus::AwaitingConfirmation => "awaiting confirmation",
            FixtureStatus::Disputed => "disputed",
            FixtureStatus::Confirmed => "confirmed",
            FixtureStatus::Walkover => "a walkover",
        }
    }

    /// The word the store keeps and `results.csv` writes.
    pub fn as_str(self) -> &'static str {
        match self {
            FixtureStatus::Scheduled => "scheduled",
            FixtureStatus::Postponed => "postponed",
            FixtureStatus::AwaitingConfirmation => "awaiting_confirmation",
            FixtureStatus::Disputed => "disputed",
            FixtureStatus::Confirmed => "confirmed",
            FixtureStatus::Walkover => "walkover",
        }
    }

    /// Whether the fixture is still to be played: a result has not been entered.
    pub fn is_unplayed(self) -> bool {
        matches!(self, FixtureStatus::Scheduled | FixtureStatus::Postponed)
    }
}

impl std::str::FromStr for FixtureStatus {
    type Err = String;

    fn from_str(word: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|status| status.as_str() == word)
            .ok_or_else(|| format!("{word:?} is not a fixture status"))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use chrono::Weekday;

    use super::*;

    fn date(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    /// A Tuesday league from Tuesday 1 September 2026, with no league on 15 September.
    fn calendar() -> SeasonCalendar {
        SeasonCalendar::new(date("2026-09-01"), Weekday::Tue, [date("2026-09-15")]).unwrap()
    }

    #[test]
    fn every_pair_meets_home_and_away_on_league_nights_past_the_blackout() {
        let teams = ["Crown", "Anchor", "Swan", "Bell", "Plough"];
        let rounds = season_fixtures(&teams, Legs::Double, &calendar()).unwrap();
        // Five teams: five rounds a half, each with one team sitting out.
        assert_eq!(rounds.len(), 10);
        assert_eq!(
            rounds.iter().map(|round| round.number).collect::<Vec<_>>(),
            (1..=10).collect::<Vec<_>>()
        );
        let dates: Vec<NaiveDate> = rounds.iter().map(|round| round.date).collect();
        assert_eq!(dates[0], date("2026-09-01"));
        assert_eq!(dates[1], date("2026-09-08"));
        assert_eq!(dates[2], date("2026-09-22"));
        assert_eq!(dates[9], date("2026-11-10"));

        let mut meetings: HashMap<(&str, &str), usize> = HashMap::new();
        for round in &rounds {
            assert_eq!(round.matches.len(), 2);
            let bye = round.bye.expect("five teams leave one out each round");
            assert!(round.matches.iter().all(|&(h, a)| h != bye && a != bye));
            for &(home, away) in &round.matches {
                *meetings.entry((home, away)).or_default() += 1;
            }
        }
        for home in teams {
            for away in teams {
                let expected = usize::from(home != away);
                assert_eq!(meetings.get(&(home, away)).copied().unwrap_or(0), expected);
            }
        }
    }

    #[test]
    fn the_teams_order_decides_the_draw() {
        let rounds = season_fixtures(&["Crown", "Anchor"], Legs::Single, &calendar()).unwrap();
        assert_eq!(rounds[0].matches, [("Crown", "Anchor")]);
        let rounds = season_fixtures(&["Anchor", "Crown"], Legs::Single, &calendar()).unwrap();
        assert_eq!(rounds[0].matches, [("Anchor", "Crown")]);
        assert_eq!(rounds[0].bye, None);
    }

    #[test]
    fn one_team_is_not_a_league() {
        assert_eq!(
            season_fixtures(&["Crown"], Legs::Double, &calendar()),
            Err(SeasonFixturesError::Teams(FixtureError::TooFewTeams {
                teams: 1
            }))
        );
    }

    #[test]
    fn statuses_read_back_from_their_words() {
        for status in FixtureStatus::ALL {
            assert_eq!(status.as_str().parse(), Ok(status));
        }
        assert!("played".parse::<FixtureStatus>().is_err());
    }
}
