//! Random legal games, written as fully detailed records (`fives record play`).

use std::fmt;

use serde_json::{Map, Value, json};

use super::{HandRecord, Record, RulesetField};
use crate::game::{Game, NextLeader};
use crate::hand::{Deal, Hand};
use crate::random::{self, GameRng};
use crate::ruleset::{PerPlayers, Preset, Ruleset, RulesetError, RulesetSpec, Target};
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
    let spec = RulesetSpec::preset(preset);
    Ok(std::iter::repeat_with(move || {
        play_game(&spec, &ruleset, &mut rng)
    }))
}

/// One random game, played to its end (or 300 hands), as a fully detailed record.
/// The record names the ruleset as `spec` does (a preset name, or the preset and its
/// overrides); `ruleset` is `spec` built for the number of players.
pub fn play_game(spec: &RulesetSpec, ruleset: &Ruleset, rng: &mut GameRng) -> Record {
    let players = ruleset.players();
    let mut game = Game::new(ruleset);
    let mut hands = Vec::new();
    let mut leader = random::below(rng, players);
    let mut buffer = Vec::new();
    while game.winner().is_none() && hands.len() < MAX_HANDS {
        let deal = Deal::random(ruleset, rng);
        game.deal_hand(&deal, leader);
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
        ruleset: ruleset_field(spec),
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

/// How a record names a ruleset: the preset's name, or an object with the overrides.
pub fn ruleset_field(spec: &RulesetSpec) -> RulesetField {
    let o = &spec.overrides;
    let mut options = Map::new();
    options.insert("preset".into(), spec.preset.name().into());
    let per_players =
        |sizes: PerPlayers<u8>| json!({"2": sizes.two, "3": sizes.three, "4": sizes.four});
    let target = |target: Target| {
        json!({"2": target.by_players.two, "3": target.by_players.three,
               "4": target.by_players.four, "partners": target.partners})
    };
    let mut put = |key: &str, value: Option<Value>| {
        if let Some(value) = value {
            options.insert(key.into(), value);
        }
    };
    put("set", o.set.map(|v| v.name().into()));
    put("hand_size", o.hand_size.map(per_players));
    put("partnerships", o.partnerships.map(Value::from));
    put(
        "partnership_end",
        o.partnership_end.map(|v| v.name().into()),
    );
    put("drawing", o.drawing.map(|v| v.name().into()));
    put("boneyard_reserve", o.boneyard_reserve.map(Value::from));
    put("spinners", o.spinners.map(|v| v.name().into()));
    put("scoring", o.scoring.map(|v| v.name().into()));
    put("domino_bonus", o.domino_bonus.map(|v| v.name().into()));
    put("hand_end", o.hand_end.map(|v| v.name().into()));
    put("target", o.target.map(target));
    put("finish", o.finish.map(|v| v.name().into()));
    put("set_can_win", o.set_can_win.map(Value::from));
    put("leader", o.leader.map(|v| v.name().into()));
    if options.len() == 1 {
        RulesetField::Name(spec.preset.name().to_string())
    } else {
        RulesetField::Custom(options)
    }
}
