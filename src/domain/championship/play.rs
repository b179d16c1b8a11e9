//! A table's games played hand by hand: the hands entered so far, each game checked by the
//! rules as a game in play, a game over as soon as a side reaches its target under the game's
//! rules, and the table over when its games decide it (one game, best of, first to). Where the
//! next hand goes follows from the hands alone, so two phones at one table agree on it.

use fives_rules::RulesetSpec;
use fives_rules::record::HandRecord;

use super::ChampionshipFormat;
use super::table::{game_seats, table_is_over};
use crate::domain::game_check::{check_game_so_far, side_points};
use crate::domain::match_result::{ResultError, hands_within_limit};

/// A game at the table as it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct GameInPlay {
    /// From 1.
    pub number: u32,
    pub hands: Vec<HandRecord>,
    /// Each side's running total.
    pub totals: Vec<i64>,
    /// The side that won it, once it is over.
    pub winner: Option<usize>,
}

/// The table's games so far, and whether they make a finished table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableInPlay {
    pub games: Vec<GameInPlay>,
    pub over: bool,
}

/// Where a hand goes: game `game`, hand `hand` of it (both from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandPlace {
    pub game: u32,
    pub hand: u32,
}

impl TableInPlay {
    /// Where the next hand goes: on in the game in play, or the first hand of the next game;
    /// `None` once the table is over.
    pub fn next_hand(&self) -> Option<HandPlace> {
        if self.over {
            return None;
        }
        Some(match self.games.last() {
            Some(game) if game.winner.is_none() => HandPlace {
                game: game.number,
                hand: game.hands.len() as u32 + 1,
            },
            Some(game) => HandPlace {
                game: game.number + 1,
                hand: 1,
            },
            None => HandPlace { game: 1, hand: 1 },
        })
    }

    /// The place of the last hand entered, if it may still be taken back: its game still in
    /// play (a finished game is part of the result).
    pub fn last_hand_undoable(&self) -> Option<HandPlace> {
        let game = self.games.last()?;
        (game.winner.is_none() && !game.hands.is_empty()).then_some(HandPlace {
            game: game.number,
            hand: game.hands.len() as u32,
        })
    }

    /// The finished games' hands, in order: the table's result once it is over.
    pub fn finished_games(&self) -> Vec<Vec<HandRecord>> {
        self.games
            .iter()
            .filter(|game| game.winner.is_some())
            .map(|game| game.hands.clone())
            .collect()
    }
}

/// The table's games from their hands (each game's, in order), each checked by the rules as a
/// game in play under the championship's rules for `seat_players`: every problem named at its
/// game and hand, and a game that goes on after its winner refused.
pub fn table_in_play(
    ruleset: &RulesetSpec,
    format: &ChampionshipFormat,
    seat_players: &[Vec<String>],
    games: &[Vec<HandRecord>],
) -> Result<TableInPlay, Vec<ResultError>> {
    let (seats, spec) = game_seats(ruleset, format, seat_players);
    let sides = format.seating.sides() as usize;
    let mut in_play = Vec::new();
    let mut wins = vec![0u32; sides];
    for (number, hands) in (1..).zip(games) {
        if table_is_over(format.table_play, &wins) {
            return Err(vec![ResultError {
                game: Some(number),
                hand: None,
                message: format!("Game {number}: the table is over; its games have decided it."),
            }]);
        }
        hands_within_limit(hands.len()).map_err(|message| {
            vec![ResultError {
                game: Some(number),
                hand: None,
                message: format!("Game {number}: {message}"),
            }]
        })?;
        let checked = check_game_so_far(&spec, seats.clone(), hands.clone(), number)?;
        if let Some(winner) = checked.winner {
            wins[winner] += 1;
        }
        in_play.push(GameInPlay {
            number,
            hands: hands.clone(),
            totals: (0..checked.sides.len())
                .map(|side| side_points(&checked, side))
                .collect(),
            winner: checked.winner,
        });
    }
    Ok(TableInPlay {
        over: table_is_over(format.table_play, &wins),
        games: in_play,
    })
}

#[cfg(test)]
mod tests {
    use fives_rules::Preset;

    use super::*;
    use crate::domain::championship::{FormatChoice, Stages, TablePlay};

    fn best_of_three() -> ChampionshipFormat {
        ChampionshipFormat::try_from(FormatChoice {
            table_play: TablePlay::BestOf(3),
            ..FormatChoice::plain(Stages::Swiss { rounds: 3 })
        })
        .unwrap()
    }

    fn played(seed: u64) -> Vec<HandRecord> {
        let spec = RulesetSpec::preset(Preset::FivesAndThrees);
        let built = spec.build(2).unwrap();
        fives_rules::record::play_game(&spec, &built, &mut fives_rules::random::seeded(seed))
            .hands
            .into_iter()
            .map(|hand| HandRecord {
                score: hand.score,
                ..HandRecord::default()
            })
            .collect()
    }

    #[test]
    fn a_game_goes_on_hand_by_hand_until_a_side_wins_then_the_next_begins() {
        let rules = RulesetSpec::preset(Preset::FivesAndThrees);
        let format = best_of_three();
        let seats = [vec!["Ann".to_string()], vec!["Bob".to_string()]];
        let game = played(4);
        let last = game.len() - 1;
        // Every hand but the last: in play, its totals the sums so far.
        let so_far = table_in_play(&rules, &format, &seats, &[game[..last].to_vec()]).unwrap();
        assert_eq!(so_far.games[0].winner, None);
        let sum = |side: usize| -> i64 {
            game[..last]
                .iter()
                .map(|hand| hand.score.as_ref().unwrap()[side])
                .sum()
        };
        assert_eq!(so_far.games[0].totals, [sum(0), sum(1)]);
        assert_eq!(
            so_far.next_hand(),
            Some(HandPlace {
                game: 1,
                hand: last as u32 + 1
            })
        );
        assert_eq!(
            so_far.last_hand_undoable(),
            Some(HandPlace {
                game: 1,
                hand: last as u32
            })
        );
        // The last hand ends it on its own: the next hand is game 2's first.
        let ended = table_in_play(&rules, &format, &seats, std::slice::from_ref(&game)).unwrap();
        assert!(ended.games[0].winner.is_some());
        assert_eq!(ended.next_hand(), Some(HandPlace { game: 2, hand: 1 }));
        assert_eq!(ended.last_hand_undoable(), None, "a finished game stays");
        assert!(!ended.over);
        // A hand after the winner is refused at its hand.
        let mut beyond = game.clone();
        beyond.push(HandRecord {
            score: Some(vec![5, 0]),
            ..HandRecord::default()
        });
        let refused = table_in_play(&rules, &format, &seats, &[beyond]).unwrap_err();
        assert_eq!(refused[0].game, Some(1));
        // A hand score the game cannot make is refused at its hand.
        let built = rules.build(2).unwrap();
        let scores = &fives_rules::facts::facts(&built).hand_scores;
        let unmade = (1..).find(|score| !scores.contains(score)).unwrap();
        let impossible = vec![HandRecord {
            score: Some(vec![i64::from(unmade), 0]),
            ..HandRecord::default()
        }];
        let refused = table_in_play(&rules, &format, &seats, &[impossible]).unwrap_err();
        assert_eq!(
            (refused[0].game, refused[0].hand),
            (Some(1), Some(1)),
            "{refused:?}"
        );
    }

    #[test]
    fn the_table_is_over_when_its_games_decide_it() {
        let rules = RulesetSpec::preset(Preset::FivesAndThrees);
        let format = best_of_three();
        let seats = [vec!["Ann".to_string()], vec!["Bob".to_string()]];
        // Games won by the same side twice end a best of three after two.
        let mut games: Vec<Vec<HandRecord>> = Vec::new();
        let mut winners = Vec::new();
        for seed in 0.. {
            let game = played(seed);
            let state =
                table_in_play(&rules, &format, &seats, std::slice::from_ref(&game)).unwrap();
            let winner = state.games[0].winner.unwrap();
            if winners.is_empty() || winners[0] == winner {
                winners.push(winner);
                games.push(game);
            }
            if games.len() == 2 {
                break;
            }
        }
        let state = table_in_play(&rules, &format, &seats, &games).unwrap();
        assert!(state.over);
        assert_eq!(state.next_hand(), None);
        assert_eq!(state.finished_games(), games);
        let mut too_many = games.clone();
        too_many.push(played(99));
        assert!(table_in_play(&rules, &format, &seats, &too_many).is_err());
    }
}
