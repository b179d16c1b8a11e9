//! Random legal games, written as fully detailed records (`fives record play`).

use std::fmt;

use super::{HandRecord, Record, RulesetField};
use crate::game::{Game, NextLeader};
use crate::hand::{Deal, Hand};
use crate::random::{self, GameRng};
use crate::ruleset::{Preset, Ruleset, RulesetError};
use crate::tile::TileSet;

/// Seats are named in play order.
const SEAT_NAMES: [&str; 4] = ["Ann", "Bob", "Cat", "Dan"];

/// A game still undecided after this many hands is written as it stands.
pub const MAX_HANDS: usize = 300;

/// Why games cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    UnknownRuleset(String),
    Ruleset(RulesetError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::UnknownRuleset(name) => {
                let known: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                write!(
                    f,
                    "unknown ruleset \"{name}\" (the presets are {})",
                    known.join(", ")
                )
            }
            PlayError::Ruleset(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// Random games of a preset for a number of players, reproducible from the seed.
pub fn play_games(
    preset: &str,
    players: usize,
    seed: u64,
) -> Result<impl Iterator<Item = Record>, PlayError> {
    let preset =
        Preset::from_name(preset).ok_or_else(|| PlayError::UnknownRuleset(preset.to_string()))?;
    let ruleset = Ruleset::preset(preset, players).map_err(PlayError::Ruleset)?;
    let mut rng = random::seeded(seed);
    Ok(std::iter::repeat_with(move || {
        play_game(preset, &ruleset, &mut rng)
    }))
}

/// One random game, played to its end (or [`MAX_HANDS`]), as a fully detailed record.
pub fn play_game(preset: Preset, ruleset: &Ruleset, rng: &mut GameRng) -> Record {
    let players = ruleset.players();
    let mut game = Game::new(ruleset);
    let mut hands = Vec::new();
    let mut leader = random::below(rng, players);
    let mut buffer = Vec::new();
    while game.winner().is_none() && hands.len() < MAX_HANDS {
        let deal = Deal::random(ruleset, rng);
        game.start_hand(Hand::new(ruleset, &deal, leader));
        let mut moves = Vec::new();
        while game.winner().is_none() && !game.hand().is_some_and(Hand::is_over) {
            let (mv, _) = game.play_random(rng, &mut buffer);
            moves.push(mv.to_string());
        }
        if game.winner().is_none() {
            let points = game.hand_end_points().expect("a dealt hand knows its pips");
            game.end_hand(&points);
        }
        hands.push(HandRecord {
            leader: Some(leader),
            deal: Some(
                deal.hands[..players]
                    .iter()
                    .map(|&hand| tile_names(hand))
                    .collect(),
            ),
            moves: Some(moves),
            pegs: Some(
                game.pegs()
                    .iter()
                    .map(|pegs| pegs.iter().map(|&p| p as i64).collect())
                    .collect(),
            ),
            score: Some(game.hand_score().iter().map(|&s| s as i64).collect()),
        });
        leader = match game.next_leader() {
            Some(NextLeader::Seat(seat)) => seat,
            Some(lot @ NextLeader::Lot(_)) => {
                let seats: Vec<usize> = lot.seats().collect();
                seats[random::below(rng, seats.len())]
            }
            None => break, // won during the hand
        };
    }
    Record {
        ruleset: RulesetField::Name(preset.name().to_string()),
        seats: SEAT_NAMES[..players]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        hands,
        complete: game.winner().is_none().then_some(false),
    }
}

fn tile_names(tiles: TileSet) -> Vec<String> {
    tiles.iter().map(|t| t.to_string()).collect()
}
