//! Structure-aware: takes a random legal game and applies a few edits to its moves, pegs,
//! scores, leaders, deals and ruleset options, so that nearly every input is a record and the
//! checker's rules (not its JSON parser) see the mutation. Asserts what `record_check` asserts,
//! and that an unedited played game is valid.

#![no_main]

use std::cell::RefCell;
use std::collections::HashMap;

use fives_rules::DominoSet;
use fives_rules::record::OPTIONS;
use fives_rules::record::{self, Record, RulesetField, check_text};
use fives_rules::ruleset::{
    DominoBonus, Drawing, Finish, HandEnd, LeaderRule, PartnershipEnd, Preset, Scoring, Spinners,
};
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value};

/// Few seeds per preset and player count: each game is played once and kept, and the edits,
/// not the choice of game, are what the fuzzer should explore.
const SEEDS: u64 = 16;
const MAX_EDITS: usize = 6;
const MAX_FIRST_HANDS: usize = 4;

#[derive(Arbitrary, Debug)]
struct Input {
    preset: u8,
    players: u8,
    seed: u8,
    /// Whether to keep the whole game; a random game can run to hundreds of hands, so
    /// otherwise it is cut to its first hands (at most [`MAX_FIRST_HANDS`]) as a game in progress.
    whole_game: bool,
    first_hands: u8,
    edits: Vec<Edit>,
}

#[derive(Arbitrary, Debug)]
enum Edit {
    ReplaceMove {
        hand: u16,
        index: u16,
        text: MoveText,
    },
    InsertMove {
        hand: u16,
        index: u16,
        text: MoveText,
    },
    RemoveMove {
        hand: u16,
        index: u16,
    },
    SwapMoves {
        hand: u16,
        first: u16,
        second: u16,
    },
    SetPeg {
        hand: u16,
        seat: u8,
        index: u8,
        points: Points,
    },
    InsertPeg {
        hand: u16,
        seat: u8,
        index: u8,
        points: Points,
    },
    RemovePeg {
        hand: u16,
        seat: u8,
        index: u8,
    },
    SetScore {
        hand: u16,
        side: u8,
        points: Points,
    },
    SetLeader {
        hand: u16,
        seat: Seat,
    },
    SwapDealtTiles {
        hand: u16,
        seat: u8,
        index: u8,
        other_seat: u8,
        other_index: u8,
    },
    ReplaceDealtTile {
        hand: u16,
        seat: u8,
        index: u8,
        text: MoveText,
    },
    DropDeal {
        hand: u16,
    },
    DropMoves {
        hand: u16,
    },
    DropPegs {
        hand: u16,
    },
    DropScore {
        hand: u16,
    },
    DropHand {
        hand: u16,
    },
    RepeatHand {
        hand: u16,
    },
    DropSeat {
        seat: u8,
    },
    SetComplete(Option<bool>),
    SetRulesetOption {
        option: u8,
        value: OptionValue,
    },
}

#[derive(Arbitrary, Debug)]
enum MoveText {
    Tile {
        low: u8,
        high: u8,
        on: Option<u8>,
        lengthwise: bool,
    },
    Knock,
    Draw {
        low: u8,
        high: u8,
    },
    Text(String),
}

impl MoveText {
    fn render(&self) -> String {
        // Pips up to 13 reach past the largest set (double-twelve) without wasting inputs.
        match self {
            MoveText::Tile {
                low,
                high,
                on,
                lengthwise,
            } => {
                let mut text = format!("{}-{}", high % 14, low % 14);
                if let Some(on) = on {
                    text.push_str(&format!("@{on}"));
                }
                if *lengthwise {
                    text.push('|');
                }
                text
            }
            MoveText::Knock => "knock".to_string(),
            MoveText::Draw { low, high } => format!("draw {}-{}", high % 14, low % 14),
            MoveText::Text(text) => text.clone(),
        }
    }
}

#[derive(Arbitrary, Debug)]
enum Points {
    Small(i8),
    Any(i64),
}

impl Points {
    fn value(&self) -> i64 {
        match self {
            Points::Small(points) => i64::from(*points),
            Points::Any(points) => *points,
        }
    }
}

#[derive(Arbitrary, Debug)]
enum Seat {
    Small(u8),
    Any(usize),
}

#[derive(Arbitrary, Debug)]
enum OptionValue {
    Name(u8),
    Number(u32),
    Flag(bool),
}

/// The names a ruleset option accepts, from the rules crate's own lists, so that a `Name`
/// edit is usually a legal value; none for the options that take numbers or flags.
fn option_names(option: &str) -> Vec<&'static str> {
    fn names<T: Copy>(all: &[T], name: fn(T) -> &'static str) -> Vec<&'static str> {
        all.iter().map(|&value| name(value)).collect()
    }
    match option {
        "set" => names(&DominoSet::ALL, DominoSet::name),
        "partnership_end" => names(PartnershipEnd::ALL, PartnershipEnd::name),
        "drawing" => names(Drawing::ALL, Drawing::name),
        "spinners" => names(Spinners::ALL, Spinners::name),
        "scoring" => names(Scoring::ALL, Scoring::name),
        "domino_bonus" => names(DominoBonus::ALL, DominoBonus::name),
        "hand_end" => names(HandEnd::ALL, HandEnd::name),
        "finish" => names(Finish::ALL, Finish::name),
        "leader" => names(LeaderRule::ALL, LeaderRule::name),
        _ => Vec::new(),
    }
}

/// Played games by preset name, player count and seed.
type PlayedGames = HashMap<(&'static str, usize, u64), Record>;

thread_local! {
    static PLAYED: RefCell<PlayedGames> = RefCell::new(HashMap::new());
}

/// The game of this preset, player count and seed, played once per process; `first_hands`
/// cuts it to that many hands (as a game in progress) without copying the rest.
fn played(preset: Preset, players: usize, seed: u64, first_hands: Option<usize>) -> Record {
    PLAYED.with(|played| {
        let mut played = played.borrow_mut();
        let game = played
            .entry((preset.name(), players, seed))
            .or_insert_with(|| {
                record::play_games(preset.name(), players, seed)
                    .expect("every preset plays with its own player counts")
                    .next()
                    .expect("play_games never runs out")
            });
        match first_hands {
            None => game.clone(),
            Some(count) => Record {
                ruleset: game.ruleset.clone(),
                seats: game.seats.clone(),
                hands: game.hands.iter().take(count).cloned().collect(),
                complete: Some(false),
            },
        }
    })
}

/// `index` taken modulo `len`, or `None` for an empty list.
fn pick(index: impl Into<u64>, len: usize) -> Option<usize> {
    (len > 0).then(|| (index.into() % len as u64) as usize)
}

fn apply(record: &mut Record, edit: &Edit) {
    let hands = record.hands.len();
    let hand = |index: u16| pick(index, hands);
    match *edit {
        Edit::ReplaceMove {
            hand: h,
            index,
            ref text,
        } => {
            if let Some(moves) = hand(h).and_then(|h| record.hands[h].moves.as_mut())
                && let Some(m) = pick(index, moves.len())
            {
                moves[m] = text.render();
            }
        }
        Edit::InsertMove {
            hand: h,
            index,
            ref text,
        } => {
            if let Some(moves) = hand(h).and_then(|h| record.hands[h].moves.as_mut()) {
                let m = usize::from(index).min(moves.len());
                moves.insert(m, text.render());
            }
        }
        Edit::RemoveMove { hand: h, index } => {
            if let Some(moves) = hand(h).and_then(|h| record.hands[h].moves.as_mut())
                && let Some(m) = pick(index, moves.len())
            {
                moves.remove(m);
            }
        }
        Edit::SwapMoves {
            hand: h,
            first,
            second,
        } => {
            if let Some(moves) = hand(h).and_then(|h| record.hands[h].moves.as_mut())
                && let (Some(a), Some(b)) = (pick(first, moves.len()), pick(second, moves.len()))
            {
                moves.swap(a, b);
            }
        }
        Edit::SetPeg {
            hand: h,
            seat,
            index,
            ref points,
        } => {
            if let Some(pegs) = seat_pegs(record, hand(h), seat)
                && let Some(p) = pick(index, pegs.len())
            {
                pegs[p] = points.value();
            }
        }
        Edit::InsertPeg {
            hand: h,
            seat,
            index,
            ref points,
        } => {
            if let Some(pegs) = seat_pegs(record, hand(h), seat) {
                let p = usize::from(index).min(pegs.len());
                pegs.insert(p, points.value());
            }
        }
        Edit::RemovePeg {
            hand: h,
            seat,
            index,
        } => {
            if let Some(pegs) = seat_pegs(record, hand(h), seat)
                && let Some(p) = pick(index, pegs.len())
            {
                pegs.remove(p);
            }
        }
        Edit::SetScore {
            hand: h,
            side,
            ref points,
        } => {
            if let Some(score) = hand(h).and_then(|h| record.hands[h].score.as_mut())
                && let Some(s) = pick(side, score.len())
            {
                score[s] = points.value();
            }
        }
        Edit::SetLeader { hand: h, ref seat } => {
            if let Some(h) = hand(h) {
                record.hands[h].leader = Some(match *seat {
                    Seat::Small(seat) => usize::from(seat % 5),
                    Seat::Any(seat) => seat,
                });
            }
        }
        Edit::SwapDealtTiles {
            hand: h,
            seat,
            index,
            other_seat,
            other_index,
        } => {
            if let Some(deal) = hand(h).and_then(|h| record.hands[h].deal.as_mut())
                && let (Some(a), Some(b)) = (pick(seat, deal.len()), pick(other_seat, deal.len()))
                && let (Some(i), Some(j)) =
                    (pick(index, deal[a].len()), pick(other_index, deal[b].len()))
            {
                let tile = std::mem::take(&mut deal[a][i]);
                deal[a][i] = std::mem::replace(&mut deal[b][j], tile);
            }
        }
        Edit::ReplaceDealtTile {
            hand: h,
            seat,
            index,
            ref text,
        } => {
            if let Some(deal) = hand(h).and_then(|h| record.hands[h].deal.as_mut())
                && let Some(s) = pick(seat, deal.len())
                && let Some(i) = pick(index, deal[s].len())
            {
                deal[s][i] = text.render();
            }
        }
        Edit::DropDeal { hand: h } => {
            if let Some(h) = hand(h) {
                record.hands[h].deal = None;
            }
        }
        Edit::DropMoves { hand: h } => {
            if let Some(h) = hand(h) {
                record.hands[h].moves = None;
            }
        }
        Edit::DropPegs { hand: h } => {
            if let Some(h) = hand(h) {
                record.hands[h].pegs = None;
            }
        }
        Edit::DropScore { hand: h } => {
            if let Some(h) = hand(h) {
                record.hands[h].score = None;
            }
        }
        Edit::DropHand { hand: h } => {
            if let Some(h) = hand(h) {
                record.hands.remove(h);
            }
        }
        Edit::RepeatHand { hand: h } => {
            if let Some(h) = hand(h) {
                let repeated = record.hands[h].clone();
                record.hands.insert(h + 1, repeated);
            }
        }
        Edit::DropSeat { seat } => {
            if let Some(s) = pick(seat, record.seats.len()) {
                record.seats.remove(s);
            }
        }
        Edit::SetComplete(complete) => record.complete = complete,
        Edit::SetRulesetOption { option, ref value } => {
            let key = OPTIONS[usize::from(option) % OPTIONS.len()];
            let value = match *value {
                OptionValue::Name(name) => {
                    let names = option_names(key);
                    match pick(name, names.len()) {
                        Some(index) => Value::from(names[index]),
                        None => Value::from(name),
                    }
                }
                OptionValue::Number(number) => Value::from(number),
                OptionValue::Flag(flag) => Value::from(flag),
            };
            let options = match &mut record.ruleset {
                RulesetField::Custom(options) => options,
                RulesetField::Name(name) => {
                    let mut options = Map::new();
                    options.insert("preset".to_string(), Value::from(name.clone()));
                    record.ruleset = RulesetField::Custom(options);
                    let RulesetField::Custom(options) = &mut record.ruleset else {
                        unreachable!("just made custom")
                    };
                    options
                }
            };
            options.insert(key.to_string(), value);
        }
    }
}

fn seat_pegs(record: &mut Record, hand: Option<usize>, seat: u8) -> Option<&mut Vec<i64>> {
    let pegs = record.hands[hand?].pegs.as_mut()?;
    let seat = pick(seat, pegs.len())?;
    Some(&mut pegs[seat])
}

fuzz_target!(|input: Input| {
    let preset = Preset::ALL[usize::from(input.preset) % Preset::ALL.len()];
    let counts: Vec<usize> = preset.players().collect();
    let players = counts[usize::from(input.players) % counts.len()];
    let first_hands =
        (!input.whole_game).then(|| usize::from(input.first_hands) % MAX_FIRST_HANDS + 1);
    let mut record = played(preset, players, u64::from(input.seed) % SEEDS, first_hands);
    for edit in input.edits.iter().take(MAX_EDITS) {
        apply(&mut record, edit);
    }
    let text = record.to_json();
    let report = check_text(&text);
    let exit_code = report.exit_code();
    assert!(exit_code <= 2, "exit code {exit_code} is not 0, 1 or 2");
    let json = report.to_json();
    let parsed: Value = serde_json::from_str(&json)
        .unwrap_or_else(|error| panic!("the report is not JSON ({error}): {json}"));
    let valid = parsed["valid"]
        .as_bool()
        .unwrap_or_else(|| panic!("the report has no boolean \"valid\": {json}"));
    assert_eq!(
        valid,
        exit_code == 0,
        "\"valid\" disagrees with exit code {exit_code}: {json}"
    );
    if input.edits.is_empty() {
        assert_eq!(exit_code, 0, "a played game checks invalid: {json}\n{text}");
    }
});
