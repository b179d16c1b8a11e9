//! Checking a game record against its ruleset, at every level of detail it gives.

use std::sync::Arc;

use serde::Serialize;
use serde_json::json;

use super::{HandRecord, NotARecord, Record, parse, ruleset_spec};
use crate::facts::{Facts, facts};
use crate::game::{Game, NextLeader, next_leader};
use crate::hand::{Deal, Move};
use crate::ruleset::Ruleset;
use crate::scoring::HandEnding;
use crate::tile::Tile;

mod moves;
mod pegs;

/// One broken rule: where it is and what it is, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckError {
    /// The hand, 1-based.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<usize>,
    /// The move in the hand's `moves`, 1-based.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<usize>,
    /// The seat whose peg is wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// The peg in that seat's list, 1-based.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peg: Option<usize>,
    /// The whole error in words, with its place: `hand 3, move 7: …`.
    pub message: String,
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// A checked hand: each side's net score and the totals after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckedHand {
    pub score: Vec<i32>,
    pub totals: Vec<i32>,
}

/// A valid game: the sides, every hand's score and totals, and the winning side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckedGame {
    pub sides: Vec<String>,
    pub hands: Vec<CheckedHand>,
    pub winner: Option<usize>,
}

/// The outcome of `fives record check`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckReport {
    Valid(CheckedGame),
    Invalid(Vec<CheckError>),
    NotARecord(NotARecord),
}

impl CheckReport {
    /// 0 valid, 1 invalid, 2 not a record.
    pub fn exit_code(&self) -> u8 {
        match self {
            CheckReport::Valid(_) => 0,
            CheckReport::Invalid(_) => 1,
            CheckReport::NotARecord(_) => 2,
        }
    }

    pub fn is_valid(&self) -> bool {
        matches!(self, CheckReport::Valid(_))
    }

    pub fn to_json(&self) -> String {
        let value = match self {
            CheckReport::Valid(game) => json!({
                "valid": true,
                "sides": game.sides,
                "hands": game.hands,
                "winner": game.winner,
            }),
            CheckReport::Invalid(errors) => json!({"valid": false, "errors": errors}),
            CheckReport::NotARecord(reason) => {
                json!({"valid": false, "errors": [{"message": reason.to_string()}]})
            }
        };
        value.to_string()
    }
}

/// Checks a record given as JSON text.
pub fn check_text(text: &str) -> CheckReport {
    match parse(text) {
        Ok(record) => check(&record),
        Err(not) => CheckReport::NotARecord(not),
    }
}

/// Checks a parsed record.
pub fn check(record: &Record) -> CheckReport {
    // A record built in code rather than read by `parse` may have a hand of no detail at all.
    if let Err(not) = super::hands_have_a_level(record) {
        return CheckReport::NotARecord(not);
    }
    let spec = match ruleset_spec(&record.ruleset) {
        Ok(spec) => spec,
        Err(not) => return CheckReport::NotARecord(not),
    };
    let ruleset = match spec.build(record.seats.len()) {
        Ok(ruleset) => ruleset,
        Err(error) => return CheckReport::NotARecord(NotARecord(format!("ruleset: {error}"))),
    };
    let mut checker = Checker::new(ruleset, &record.seats, spec.preset.name());
    let complete = record.complete != Some(false);
    for (index, hand) in record.hands.iter().enumerate() {
        let last = index + 1 == record.hands.len();
        if let Err(error) = checker.check_hand(index + 1, hand, last && !complete) {
            return CheckReport::Invalid(vec![error]);
        }
    }
    let winner = checker.game.winner();
    if winner.is_none() && complete {
        let totals = checker.totals_in_words();
        let error = match record.hands.len() {
            0 => at(
                None,
                "the record has no hands; a game in progress says \"complete\": false",
            ),
            n => at(
                Some(n),
                format!(
                    "the game stops before anyone has won ({totals}); a game in progress says \"complete\": false"
                ),
            ),
        };
        return CheckReport::Invalid(vec![error]);
    }
    CheckReport::Valid(CheckedGame {
        sides: checker.sides,
        hands: checker.hands,
        winner,
    })
}

fn at(hand: Option<usize>, message: impl Into<String>) -> CheckError {
    let message = message.into();
    CheckError {
        hand,
        mv: None,
        seat: None,
        peg: None,
        message: match hand {
            Some(hand) => format!("hand {hand}: {message}"),
            None => message,
        },
    }
}

fn at_move(hand: usize, mv: usize, message: impl AsRef<str>) -> CheckError {
    CheckError {
        hand: Some(hand),
        mv: Some(mv),
        seat: None,
        peg: None,
        message: format!("hand {hand}, move {mv}: {}", message.as_ref()),
    }
}

/// What the previous hand tells about who sets the next one.
struct Previous {
    leader: usize,
    ending: Option<HandEnding>,
    pips: Option<[u32; 4]>,
    played: bool,
}

/// Where a computed peg came from, for messages.
#[derive(Clone, Copy)]
struct PegSource {
    mv: usize,
    tile: Tile,
    count: u32,
    bonus: bool,
}

struct Checker<'a> {
    ruleset: Ruleset,
    preset: &'static str,
    names: &'a [String],
    sides: Vec<String>,
    game: Game,
    previous: Option<Previous>,
    won_in: Option<usize>,
    hands: Vec<CheckedHand>,
    facts: Option<Arc<Facts>>,
    /// Scratch space kept from hand to hand.
    moves: Vec<Move>,
    dealt: Vec<Vec<Tile>>,
    sources: [Vec<PegSource>; 4],
}

impl<'a> Checker<'a> {
    fn new(ruleset: Ruleset, names: &'a [String], preset: &'static str) -> Checker<'a> {
        let sides = (0..ruleset.sides())
            .map(|side| {
                ruleset
                    .seats_of(side)
                    .map(|seat| names[seat].as_str())
                    .collect::<Vec<_>>()
                    .join("+")
            })
            .collect();
        Checker {
            ruleset,
            preset,
            names,
            sides,
            game: Game::new(&ruleset),
            previous: None,
            won_in: None,
            hands: Vec::new(),
            facts: None,
            moves: Vec::new(),
            dealt: Vec::new(),
            sources: Default::default(),
        }
    }

    fn facts(&mut self) -> Arc<Facts> {
        Arc::clone(self.facts.get_or_insert_with(|| facts(&self.ruleset)))
    }

    fn name(&self, seat: usize) -> String {
        self.names[seat].clone()
    }

    fn totals_in_words(&self) -> String {
        self.sides
            .iter()
            .zip(self.game.board().totals())
            .map(|(side, total)| format!("{side} {total}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn check_hand(
        &mut self,
        h: usize,
        hand: &HandRecord,
        in_progress: bool,
    ) -> Result<(), CheckError> {
        if let Some(won_in) = self.won_in {
            return Err(at(
                Some(h),
                format!(
                    "the game was won in hand {won_in} ({}); no hand may follow",
                    self.totals_in_words()
                ),
            ));
        }
        let players = self.ruleset.players();
        let leader = self.leader(h, hand.leader)?;
        let deal = match &hand.deal {
            Some(deal) => Some(self.deal(h, deal)?),
            None => None,
        };
        if let Some(pegs) = &hand.pegs {
            if pegs.len() != players {
                return Err(at(
                    Some(h),
                    format!(
                        "pegs has {} lists, but there are {players} seats",
                        pegs.len()
                    ),
                ));
            }
            for (seat, list) in pegs.iter().enumerate() {
                for (i, &peg) in list.iter().enumerate() {
                    if peg <= 0 {
                        return Err(self.peg_error(
                            h,
                            seat,
                            i,
                            format!("{peg} is not a peg: a peg is the points a placement scored, and a placement scoring nothing is left out"),
                        ));
                    }
                }
            }
        }
        if let Some(score) = &hand.score
            && score.len() != self.sides.len()
        {
            return Err(at(
                Some(h),
                format!(
                    "score has {} numbers, but there are {} sides ({})",
                    score.len(),
                    self.sides.len(),
                    self.sides.join(", ")
                ),
            ));
        }
        if let Some(moves) = &hand.moves {
            self.check_moves(h, hand, leader, deal.as_ref(), moves, in_progress)?;
        } else if let Some(pegs) = &hand.pegs {
            self.check_pegs(h, pegs, hand.score.as_deref())?;
            self.previous = Some(Previous {
                leader,
                ending: None,
                pips: None,
                played: false,
            });
        } else {
            let score = hand
                .score
                .as_deref()
                .expect("a hand has moves, pegs or score");
            self.check_score(h, score)?;
            self.previous = Some(Previous {
                leader,
                ending: None,
                pips: None,
                played: false,
            });
        }
        if self.game.winner().is_some() {
            self.won_in = Some(h);
        }
        self.hands.push(CheckedHand {
            score: self.game.hand_score(),
            totals: self.game.board().totals().to_vec(),
        });
        Ok(())
    }

    fn peg_error(&self, h: usize, seat: usize, i: usize, message: impl AsRef<str>) -> CheckError {
        CheckError {
            hand: Some(h),
            mv: None,
            seat: Some(seat),
            peg: Some(i + 1),
            message: format!(
                "hand {h}, {}'s peg {}: {}",
                self.names[seat],
                i + 1,
                message.as_ref()
            ),
        }
    }

    /// The seat that sets hand `h`, checked against the leader rule.
    fn leader(&self, h: usize, given: Option<usize>) -> Result<usize, CheckError> {
        let players = self.ruleset.players();
        let everyone = ((1u16 << players) - 1) as u8;
        let rule = match &self.previous {
            Some(previous) if previous.played => next_leader(
                &self.ruleset,
                previous.leader,
                previous.ending,
                previous.pips.as_ref(),
            ),
            _ => NextLeader::Lot(everyone),
        };
        let rule_name = self.ruleset.options().leader;
        let listed = |rule: NextLeader| -> String {
            rule.seats()
                .map(|s| self.name(s))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match (given, rule) {
            (Some(seat), _) if seat >= players => Err(at(
                Some(h),
                format!(
                    "leader {seat} is not a seat (seats are numbered 0 to {})",
                    players - 1
                ),
            )),
            (Some(seat), rule) if rule.allows(seat) => Ok(seat),
            (Some(seat), NextLeader::Seat(due)) => Err(at(
                Some(h),
                format!(
                    "{} sets, but under {rule_name} {} sets this hand",
                    self.name(seat),
                    self.name(due)
                ),
            )),
            (Some(seat), lot) => Err(at(
                Some(h),
                format!(
                    "{} sets, but under {rule_name} the set goes by lot among {}",
                    self.name(seat),
                    listed(lot)
                ),
            )),
            (None, NextLeader::Seat(due)) => Ok(due),
            (None, lot) if lot.allows(0) => Ok(0),
            (None, lot) => Err(at(
                Some(h),
                format!(
                    "under {rule_name} the set goes by lot among {}; say who set in \"leader\"",
                    listed(lot)
                ),
            )),
        }
    }

    fn deal(&mut self, h: usize, deal: &[Vec<String>]) -> Result<Deal, CheckError> {
        let mut hands = std::mem::take(&mut self.dealt);
        hands.resize_with(deal.len(), Vec::new);
        hands.truncate(deal.len());
        for (tiles, parsed) in deal.iter().zip(hands.iter_mut()) {
            parsed.clear();
            for text in tiles {
                let tile: Tile = text
                    .parse()
                    .map_err(|e| at(Some(h), format!("deal: {e}")))?;
                parsed.push(tile);
            }
        }
        let result = Deal::from_hands(&self.ruleset, &hands);
        self.dealt = hands;
        result.map_err(|error| {
            let message = match error {
                crate::hand::DealError::HandSize {
                    seat,
                    given,
                    hand_size,
                } => format!(
                    "deal: {} is dealt {given} tiles, but the ruleset deals {hand_size}",
                    self.name(seat)
                ),
                other => format!("deal: {other}"),
            };
            at(Some(h), message)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::pegs::reachable_nets;
    use super::*;
    use crate::ruleset::Preset;

    #[test]
    fn far_from_the_target_the_search_gives_the_derived_hand_scores() {
        for &preset in Preset::ALL {
            for players in preset.players() {
                let ruleset = Ruleset::preset(preset, players).unwrap();
                let facts = facts(&ruleset);
                let searched = reachable_nets(&ruleset, &facts, -10_000);
                assert_eq!(searched, facts.hand_scores, "{preset} {players}");
            }
        }
    }

    #[test]
    fn a_record_built_with_a_hand_of_no_detail_is_not_a_record() {
        let record = Record {
            ruleset: crate::record::RulesetField::Name("fives-and-threes".to_string()),
            seats: vec!["Ann".to_string(), "Bob".to_string()],
            hands: vec![HandRecord::default()],
            complete: None,
        };
        assert_eq!(
            check(&record),
            CheckReport::NotARecord(NotARecord(
                "hand 1 has none of moves, pegs and score; a hand needs at least one".to_string()
            ))
        );
    }
}
