//! A league fixture's games played hand by hand on the night: each game's players chosen before
//! its first hand, each hand checked by the rules as part of its game in play, a game over as
//! soon as a side reaches the leg's target, and the fixture's games, once all are over, its
//! result, with nothing typed again. Where the next hand goes follows from the games alone, so
//! the two captains' phones agree on it.

use fives_rules::record::HandRecord;

use super::championship::play::HandPlace;
use super::game_check::{check_game_so_far, side_points};
use super::match_format::{Leg, Side};
use super::match_result::{
    GameOutcome, GameSheet, ResultError, ResultRules, ResultSheet, game_ruleset, game_slots,
    hands_within_limit, limit_errors, record_seats, side_names,
};
use crate::domain::ids::PlayerId;

/// A game's players as chosen: one a side in a singles game, two in a pairs game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamePlayers {
    pub home: Vec<PlayerId>,
    pub away: Vec<PlayerId>,
}

/// A game of the fixture as it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct FixtureGameInPlay {
    /// From 1, over the whole fixture.
    pub number: u32,
    pub leg: Leg,
    pub players: GamePlayers,
    /// The players' names, home then away, for the page and the rules' words.
    pub home_names: Vec<String>,
    pub away_names: Vec<String>,
    pub hands: Vec<HandRecord>,
    /// Home's and away's running totals, as the rules count them.
    pub totals: [i64; 2],
    /// The side that won it, once it is over.
    pub winner: Option<Side>,
}

/// The fixture's games so far: those started, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct FixtureInPlay {
    pub games: Vec<FixtureGameInPlay>,
    /// Every game of the match format, in order.
    pub legs: Vec<Leg>,
}

/// What comes next at the fixture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextInPlay {
    /// A hand of the game in play.
    Hand(HandPlace),
    /// Game `number` (of `leg`) needs its players before its first hand.
    Players { number: u32, leg: Leg },
    /// Every game is over: they are the result.
    Over,
}

impl FixtureInPlay {
    /// What the fixture waits for now.
    pub fn next(&self) -> NextInPlay {
        match self.games.last() {
            Some(game) if game.winner.is_none() => NextInPlay::Hand(HandPlace {
                game: game.number,
                hand: game.hands.len() as u32 + 1,
            }),
            _ => match self.legs.get(self.games.len()) {
                Some(leg) => NextInPlay::Players {
                    number: self.games.len() as u32 + 1,
                    leg: *leg,
                },
                None => NextInPlay::Over,
            },
        }
    }

    /// The place of the last hand entered, if it may still be taken back: its game still in
    /// play (a finished game counts; a wrong one is corrected on the result form).
    pub fn last_hand_undoable(&self) -> Option<HandPlace> {
        let game = self.games.last()?;
        (game.winner.is_none() && !game.hands.is_empty()).then_some(HandPlace {
            game: game.number,
            hand: game.hands.len() as u32,
        })
    }

    /// The game in play that has players and no hand yet: its players may still be changed.
    pub fn game_without_hands(&self) -> Option<&FixtureGameInPlay> {
        self.games.last().filter(|game| game.hands.is_empty())
    }

    /// Every game over: the result sheet they make.
    pub fn result_sheet(&self) -> Option<ResultSheet> {
        (self.next() == NextInPlay::Over).then(|| ResultSheet::Played {
            games: self
                .games
                .iter()
                .map(|game| GameSheet {
                    home: game.players.home.clone(),
                    away: game.players.away.clone(),
                    outcome: GameOutcome::Hands(game.hands.clone()),
                })
                .collect(),
        })
    }
}

/// The fixture's games from their players and hands (each started game's, in order), each
/// checked as the result will be: players from the squads, within the format's limits, every
/// hand one the rules allow in its game and at the competition's level of detail, and no game
/// started before the one before it is over.
pub fn fixture_in_play(
    rules: ResultRules<'_>,
    games: &[(GamePlayers, Vec<HandRecord>)],
) -> Result<FixtureInPlay, Vec<ResultError>> {
    let legs = game_slots(rules.format);
    if games.len() > legs.len() {
        return Err(vec![ResultError::of_fixture(format!(
            "A fixture has {} games; there is no game {}.",
            legs.len(),
            games.len()
        ))]);
    }
    let mut in_play: Vec<FixtureGameInPlay> = Vec::new();
    for (((players, hands), leg), number) in games.iter().zip(&legs).zip(1..) {
        if in_play.last().is_some_and(|game| game.winner.is_none()) {
            return Err(vec![ResultError::of_game(
                number,
                format!("game {} is not over yet.", number - 1),
            )]);
        }
        in_play.push(game_in_play(rules, players, hands, leg, number)?);
    }
    let sheets: Vec<GameSheet> = in_play
        .iter()
        .map(|game| GameSheet {
            home: game.players.home.clone(),
            away: game.players.away.clone(),
            outcome: GameOutcome::Hands(Vec::new()),
        })
        .collect();
    let over_limits = limit_errors(&sheets, &legs, &[], rules);
    if !over_limits.is_empty() {
        return Err(over_limits);
    }
    Ok(FixtureInPlay {
        games: in_play,
        legs,
    })
}

fn game_in_play(
    rules: ResultRules<'_>,
    players: &GamePlayers,
    hands: &[HandRecord],
    leg: &Leg,
    number: u32,
) -> Result<FixtureGameInPlay, Vec<ResultError>> {
    let of_game = |message: String| vec![ResultError::of_game(number, message)];
    let home = side_names(&players.home, rules.home_squad, leg.kind, false).map_err(of_game)?;
    let away = side_names(&players.away, rules.away_squad, leg.kind, false).map_err(of_game)?;
    if let Some(name) = home.iter().find(|name| away.contains(name)) {
        return Err(of_game(format!(
            "{name} cannot play on both sides of a game."
        )));
    }
    hands_within_limit(hands.len()).map_err(of_game)?;
    if let Some((hand, message)) = hands
        .iter()
        .zip(1..)
        .find_map(|(hand, index)| Some((index, rules.level.hand_refused(hand)?)))
    {
        return Err(vec![ResultError {
            game: Some(number),
            hand: Some(hand),
            message: format!("Game {number}, hand {hand}: {message}"),
        }]);
    }
    let checked = check_game_so_far(
        &game_ruleset(rules.ruleset, leg),
        record_seats(&home, &away),
        hands.to_vec(),
        number,
    )?;
    Ok(FixtureGameInPlay {
        number,
        leg: *leg,
        players: players.clone(),
        totals: [side_points(&checked, 0), side_points(&checked, 1)],
        winner: checked.winner.map(|side| match side {
            0 => Side::Home,
            _ => Side::Away,
        }),
        home_names: home,
        away_names: away,
        hands: hands.to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use fives_rules::{Preset, RulesetSpec};

    use super::*;
    use crate::domain::entry_level::EntryLevel;
    use crate::domain::match_format::{MatchFormat, PointsScheme};
    use crate::domain::match_result::{SquadMember, check_result};

    fn squad(first_id: i64, names: [&str; 3]) -> Vec<SquadMember> {
        (first_id..)
            .zip(names)
            .map(|(id, name)| SquadMember {
                id: PlayerId(id),
                name: name.to_string(),
            })
            .collect()
    }

    /// Two singles then a pairs game, every game played out at random under its leg's rules.
    struct League {
        ruleset: RulesetSpec,
        format: MatchFormat,
        home: Vec<SquadMember>,
        away: Vec<SquadMember>,
    }

    impl League {
        fn new() -> Self {
            League {
                ruleset: RulesetSpec::preset(Preset::FivesAndThrees),
                format: MatchFormat::singles_then_pairs(
                    2,
                    1,
                    PointsScheme::per_match_and_game(2, 0, 1),
                ),
                home: squad(1, ["Ann", "Bob", "Cat"]),
                away: squad(11, ["Eve", "Fay", "Gus"]),
            }
        }

        fn rules(&self) -> ResultRules<'_> {
            ResultRules {
                ruleset: &self.ruleset,
                format: &self.format,
                level: EntryLevel::Hands,
                home_squad: &self.home,
                away_squad: &self.away,
            }
        }

        fn played(&self, game: usize, seed: u64) -> Vec<HandRecord> {
            let leg = game_slots(&self.format)[game];
            let spec = game_ruleset(&self.ruleset, &leg);
            let seats = leg.kind.players_per_side() as usize * 2;
            let built = spec.build(seats).unwrap();
            fives_rules::record::play_game(&spec, &built, &mut fives_rules::random::seeded(seed))
                .hands
                .into_iter()
                .map(|hand| HandRecord {
                    score: hand.score,
                    ..HandRecord::default()
                })
                .collect()
        }

        fn players(&self, home: &[usize], away: &[usize]) -> GamePlayers {
            GamePlayers {
                home: home.iter().map(|&at| self.home[at].id).collect(),
                away: away.iter().map(|&at| self.away[at].id).collect(),
            }
        }
    }

    #[test]
    fn the_games_go_on_one_after_another_and_are_the_result_once_all_are_over() {
        let league = League::new();
        let nothing = fixture_in_play(league.rules(), &[]).unwrap();
        assert!(matches!(
            nothing.next(),
            NextInPlay::Players { number: 1, .. }
        ));
        assert_eq!(nothing.result_sheet(), None);

        let first = league.played(0, 3);
        let chosen = [(league.players(&[0], &[0]), Vec::new())];
        let started = fixture_in_play(league.rules(), &chosen).unwrap();
        assert_eq!(
            started.next(),
            NextInPlay::Hand(HandPlace { game: 1, hand: 1 })
        );
        assert!(started.game_without_hands().is_some());

        let last = first.len() - 1;
        let going = [(league.players(&[0], &[0]), first[..last].to_vec())];
        let going = fixture_in_play(league.rules(), &going).unwrap();
        assert_eq!(going.games[0].winner, None);
        assert_eq!(
            going.last_hand_undoable(),
            Some(HandPlace {
                game: 1,
                hand: last as u32
            })
        );
        let sum = |side: usize| -> i64 {
            first[..last]
                .iter()
                .map(|hand| hand.score.as_ref().unwrap()[side])
                .sum()
        };
        assert_eq!(going.games[0].totals, [sum(0), sum(1)]);

        let games = vec![
            (league.players(&[0], &[0]), first),
            (league.players(&[1], &[1]), league.played(1, 5)),
            (league.players(&[0, 1], &[0, 1]), league.played(2, 7)),
        ];
        let over = fixture_in_play(league.rules(), &games).unwrap();
        assert_eq!(over.next(), NextInPlay::Over);
        assert_eq!(over.last_hand_undoable(), None, "a finished game stays");
        let sheet = over.result_sheet().expect("every game over");
        let checked = check_result(&sheet, league.rules()).expect("the games make a result");
        for (line, game) in checked.games.iter().zip(&over.games) {
            assert_eq!(Some(line.winner), game.winner);
            assert_eq!([line.home_points, line.away_points], game.totals);
        }
    }

    #[test]
    fn a_game_starts_only_after_the_one_before_and_with_players_the_result_allows() {
        let league = League::new();
        let first = league.played(0, 3);
        let unfinished = first[..1].to_vec();
        let early = [
            (league.players(&[0], &[0]), unfinished),
            (league.players(&[1], &[1]), Vec::new()),
        ];
        let refused = fixture_in_play(league.rules(), &early).unwrap_err();
        assert_eq!(refused[0].game, Some(2), "{refused:?}");
        assert!(
            refused[0].message.contains("game 1 is not over"),
            "{refused:?}"
        );

        let stranger = [(
            GamePlayers {
                home: vec![PlayerId(99)],
                away: vec![league.away[0].id],
            },
            Vec::new(),
        )];
        let refused = fixture_in_play(league.rules(), &stranger).unwrap_err();
        assert!(
            refused[0].message.contains("not in the team's squad"),
            "{refused:?}"
        );

        // One singles game a player: Ann again in game 2 is refused, named.
        let twice = [
            (league.players(&[0], &[0]), first),
            (league.players(&[0], &[1]), Vec::new()),
        ];
        let refused = fixture_in_play(league.rules(), &twice).unwrap_err();
        assert!(refused[0].message.contains("Ann"), "{refused:?}");

        // A hand score no hand makes is refused at its hand.
        let built = league.ruleset.build(2).unwrap();
        let scores = &fives_rules::facts::facts(&built).hand_scores;
        let unmade = (1..).find(|score| !scores.contains(score)).unwrap();
        let impossible = [(
            league.players(&[0], &[0]),
            vec![HandRecord {
                score: Some(vec![i64::from(unmade), 0]),
                ..HandRecord::default()
            }],
        )];
        let refused = fixture_in_play(league.rules(), &impossible).unwrap_err();
        assert_eq!(
            (refused[0].game, refused[0].hand),
            (Some(1), Some(1)),
            "{refused:?}"
        );
    }
}
