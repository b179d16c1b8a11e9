//! A player's career in one pool of rated games: the record by season, the partners they won
//! with and the opponents they met most; and two players' head to head. Read from the same
//! games the ratings are made of, so a career never counts a game the ratings do not.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::NaiveDate;

use super::championship_event::Stage;
use super::ids::{ChampionshipId, FixtureId, PlayerId};

/// Where a rated game was played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayedAt {
    /// Game `game` (from 1) of a league fixture.
    Fixture { fixture: FixtureId, game: u32 },
    /// Table `table` of a championship's round.
    Table {
        championship: ChampionshipId,
        stage: Stage,
        round: u32,
        table: u32,
    },
}

/// A rated game as a career reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CareerGame {
    pub played_at: PlayedAt,
    pub date: NaiveDate,
    /// What it was played in: the competition and season ("Premier League, 2026"), or the
    /// championship.
    pub event: Arc<str>,
    /// Each side's players.
    pub sides: Vec<Vec<PlayerId>>,
    /// Each side's place, 1 for the winner.
    pub ranks: Vec<u32>,
}

impl CareerGame {
    /// The side `player` played on, if they played.
    pub fn side_of(&self, player: PlayerId) -> Option<usize> {
        self.sides.iter().position(|side| side.contains(&player))
    }

    /// Whether `player`'s side finished first.
    pub fn won_by(&self, player: PlayerId) -> bool {
        self.side_of(player)
            .is_some_and(|side| self.ranks.get(side) == Some(&1))
    }
}

/// Games played, won and lost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Record {
    pub played: u32,
    pub won: u32,
    pub lost: u32,
}

impl Record {
    fn add(&mut self, won: bool) {
        self.played += 1;
        if won {
            self.won += 1;
        } else {
            self.lost += 1;
        }
    }
}

/// A season's or event's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRecord {
    pub event: Arc<str>,
    pub record: Record,
}

/// Another player with the record of the games shared with them, from the career's player's
/// side: as partners, the games won together; as opponents, the games won against them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Acquaintance {
    pub player: PlayerId,
    pub record: Record,
}

/// A player's career in a pool.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Career {
    pub record: Record,
    /// In the order first played.
    pub by_event: Vec<EventRecord>,
    /// The most games played together first (then the most won), at most [`MOST_MET`].
    pub partners: Vec<Acquaintance>,
    /// The most games played against first (then the most won), at most [`MOST_MET`].
    pub opponents: Vec<Acquaintance>,
}

/// How many partners and opponents a career lists.
pub const MOST_MET: usize = 10;

/// `player`'s career in `games` (a pool's, or only those `player` played, in the order played).
pub fn career_of<'a>(player: PlayerId, games: impl IntoIterator<Item = &'a CareerGame>) -> Career {
    let mut career = Career::default();
    let mut partners: HashMap<PlayerId, Record> = HashMap::new();
    let mut opponents: HashMap<PlayerId, Record> = HashMap::new();
    for game in games {
        let Some(side) = game.side_of(player) else {
            continue;
        };
        let won = game.won_by(player);
        career.record.add(won);
        match career
            .by_event
            .iter_mut()
            .find(|line| line.event == game.event)
        {
            Some(line) => line.record.add(won),
            None => {
                let mut record = Record::default();
                record.add(won);
                career.by_event.push(EventRecord {
                    event: game.event.clone(),
                    record,
                });
            }
        }
        for (other_side, players) in game.sides.iter().enumerate() {
            for &other in players.iter().filter(|&&other| other != player) {
                if other_side == side {
                    partners.entry(other).or_default().add(won);
                } else {
                    let beat_them = game.ranks.get(side) < game.ranks.get(other_side);
                    opponents.entry(other).or_default().add(beat_them);
                }
            }
        }
    }
    career.partners = most_met(partners);
    career.opponents = most_met(opponents);
    career
}

fn most_met(records: HashMap<PlayerId, Record>) -> Vec<Acquaintance> {
    let mut met: Vec<Acquaintance> = records
        .into_iter()
        .map(|(player, record)| Acquaintance { player, record })
        .collect();
    met.sort_by_key(|acquaintance| {
        (
            std::cmp::Reverse(acquaintance.record.played),
            std::cmp::Reverse(acquaintance.record.won),
            acquaintance.player,
        )
    });
    met.truncate(MOST_MET);
    met
}

/// Two players' games: against each other (with the first's record) and as partners.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HeadToHead<'a> {
    /// Newest first.
    pub against: Vec<&'a CareerGame>,
    /// The first player's games won and lost against the second.
    pub against_record: Record,
    /// Newest first.
    pub together: Vec<&'a CareerGame>,
    pub together_record: Record,
}

/// `first` and `second`'s games in `games` (a pool's, or only those `first` played, in the
/// order played).
pub fn head_to_head<'a>(
    first: PlayerId,
    second: PlayerId,
    games: impl DoubleEndedIterator<Item = &'a CareerGame>,
) -> HeadToHead<'a> {
    let mut meeting = HeadToHead::default();
    for game in games.rev() {
        let (Some(one), Some(other)) = (game.side_of(first), game.side_of(second)) else {
            continue;
        };
        if one == other {
            meeting.together_record.add(game.won_by(first));
            meeting.together.push(game);
        } else {
            meeting
                .against_record
                .add(game.ranks.get(one) < game.ranks.get(other));
            meeting.against.push(game);
        }
    }
    meeting
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fixture: i64, event: &str, sides: &[&[i64]], winner: usize) -> CareerGame {
        CareerGame {
            played_at: PlayedAt::Fixture {
                fixture: FixtureId(fixture),
                game: 1,
            },
            date: NaiveDate::from_ymd_opt(2026, 10, 1).unwrap() + chrono::Days::new(fixture as u64),
            event: Arc::from(event),
            sides: sides
                .iter()
                .map(|side| side.iter().copied().map(PlayerId).collect())
                .collect(),
            ranks: (0..sides.len())
                .map(|side| if side == winner { 1 } else { 2 })
                .collect(),
        }
    }

    #[test]
    fn a_career_counts_each_season_partner_and_opponent_from_the_players_side() {
        let games = [
            game(1, "Premier, 2025", &[&[1], &[2]], 0),
            game(2, "Premier, 2025", &[&[1, 3], &[2, 4]], 1),
            game(3, "Premier, 2026", &[&[2], &[1]], 1),
            game(4, "Premier, 2026", &[&[3, 1], &[4, 5]], 0),
            game(5, "Premier, 2026", &[&[4], &[5]], 0),
        ];
        let career = career_of(PlayerId(1), &games);
        assert_eq!(
            career.record,
            Record {
                played: 4,
                won: 3,
                lost: 1
            }
        );
        let seasons: Vec<(&str, u32, u32)> = career
            .by_event
            .iter()
            .map(|line| (&*line.event, line.record.won, line.record.lost))
            .collect();
        assert_eq!(seasons, [("Premier, 2025", 1, 1), ("Premier, 2026", 2, 0)]);
        assert_eq!(career.partners.len(), 1);
        assert_eq!(career.partners[0].player, PlayerId(3));
        assert_eq!(
            (
                career.partners[0].record.played,
                career.partners[0].record.won
            ),
            (2, 1)
        );
        let opponents: Vec<(i64, u32, u32, u32)> = career
            .opponents
            .iter()
            .map(|met| {
                (
                    met.player.0,
                    met.record.played,
                    met.record.won,
                    met.record.lost,
                )
            })
            .collect();
        assert_eq!(opponents, [(2, 3, 2, 1), (4, 2, 1, 1), (5, 1, 1, 0)]);
    }

    #[test]
    fn a_table_of_three_counts_a_beaten_opponent_even_when_the_player_did_not_win() {
        let mut table = game(1, "Cup", &[&[1], &[2], &[3]], 2);
        table.ranks = vec![2, 3, 1];
        let career = career_of(PlayerId(1), &[table]);
        assert_eq!(career.record.lost, 1);
        let against: Vec<(i64, u32)> = career
            .opponents
            .iter()
            .map(|met| (met.player.0, met.record.won))
            .collect();
        assert_eq!(against, [(2, 1), (3, 0)]);
    }

    #[test]
    fn head_to_head_lists_meetings_and_partnerships_newest_first() {
        let games = [
            game(1, "Premier, 2026", &[&[1], &[2]], 0),
            game(2, "Premier, 2026", &[&[1, 2], &[3, 4]], 1),
            game(3, "Premier, 2026", &[&[2], &[1]], 0),
            game(4, "Premier, 2026", &[&[3], &[4]], 0),
            game(5, "Premier, 2026", &[&[2, 1], &[3, 4]], 0),
        ];
        let meeting = head_to_head(PlayerId(1), PlayerId(2), games.iter());
        let fixtures = |list: &[&CareerGame]| {
            list.iter()
                .map(|g| match g.played_at {
                    PlayedAt::Fixture { fixture, .. } => fixture.0,
                    PlayedAt::Table { .. } => 0,
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(fixtures(&meeting.against), [3, 1]);
        assert_eq!(
            (meeting.against_record.won, meeting.against_record.lost),
            (1, 1)
        );
        assert_eq!(fixtures(&meeting.together), [5, 2]);
        assert_eq!(
            (meeting.together_record.won, meeting.together_record.lost),
            (1, 1)
        );
        let other_way = head_to_head(PlayerId(2), PlayerId(1), games.iter());
        assert_eq!(other_way.against_record.won, meeting.against_record.lost);
    }
}
