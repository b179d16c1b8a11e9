//! Checking a game record against its ruleset, at every level of detail it gives.

use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;

use serde::Serialize;
use serde_json::json;

use super::{HandRecord, NotARecord, Record, parse, ruleset_spec};
use crate::facts::{Facts, describe, facts};
use crate::game::{Game, NextLeader, next_leader};
use crate::hand::{Deal, Hand, Move, MoveError, Outcome};
use crate::ruleset::{Finish, HandEnd, Ruleset};
use crate::scoring::HandEnding;
use crate::tile::{Tile, TileSet};

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

    fn check_moves(
        &mut self,
        h: usize,
        record: &HandRecord,
        leader: usize,
        deal: Option<&Deal>,
        texts: &[String],
        in_progress: bool,
    ) -> Result<(), CheckError> {
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        for (m, text) in texts.iter().enumerate() {
            let mv: Move = text
                .parse()
                .map_err(|e: crate::hand::MoveParseError| at_move(h, m + 1, e.to_string()))?;
            moves.push(mv);
        }
        match deal {
            Some(deal) => self.game.deal_hand(deal, leader),
            None => {
                let dealt = infer_dealt(&self.ruleset, leader, &moves);
                self.game
                    .start_hand(Hand::partly_known(&self.ruleset, dealt, leader));
            }
        }
        let known_deal = deal.is_some();
        let mut sources = std::mem::take(&mut self.sources);
        for list in &mut sources {
            list.clear();
        }
        let result = self.replay(
            h,
            record,
            leader,
            &moves,
            &mut sources,
            known_deal,
            in_progress,
        );
        self.moves = moves;
        self.sources = sources;
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn replay(
        &mut self,
        h: usize,
        record: &HandRecord,
        leader: usize,
        moves: &[Move],
        sources: &mut [Vec<PegSource>; 4],
        known_deal: bool,
        in_progress: bool,
    ) -> Result<(), CheckError> {
        let mut last_placement = 0;
        for (m, &mv) in moves.iter().enumerate() {
            if self.game.winner().is_some() {
                return Err(at_move(
                    h,
                    m + 1,
                    format!(
                        "the game was won at move {last_placement}; no move may follow the winning placement"
                    ),
                ));
            }
            let hand = self.game.hand().expect("hand started");
            if let Some(ending) = hand.ending() {
                let how = match ending {
                    HandEnding::Domino { seat } => {
                        format!("{} went out at move {last_placement}", self.name(seat))
                    }
                    HandEnding::Blocked => format!("it was blocked at move {m}"),
                };
                return Err(at_move(
                    h,
                    m + 1,
                    format!("the hand is already over ({how})"),
                ));
            }
            let seat = hand.turn();
            let before = self.game.pegs()[seat].len();
            let outcome = self.game.play(mv).map_err(|error| {
                at_move(h, m + 1, self.move_error(&error, mv, seat, known_deal))
            })?;
            if let Outcome::Placed(placement) = outcome {
                last_placement = m + 1;
                let new = self.game.pegs()[seat].len() - before;
                for k in 0..new {
                    let bonus =
                        placement.bonus > 0 && (k == 1 || new == 1 && placement.points == 0);
                    sources[seat].push(PegSource {
                        mv: m + 1,
                        tile: placement.tile,
                        count: placement.count,
                        bonus,
                    });
                }
            }
        }
        let hand = self.game.hand().expect("hand started");
        let over = hand.is_over();
        if !over && self.game.winner().is_none() && !in_progress {
            return Err(at(
                Some(h),
                format!(
                    "the moves stop before the hand is over ({} to play)",
                    self.name(hand.turn())
                ),
            ));
        }
        if let Some(pegs) = &record.pegs {
            self.compare_pegs(h, pegs, sources)?;
        }
        let ending = hand.ending();
        let pips = hand.fully_known().then(|| hand.pips());
        if over && self.game.winner().is_none() {
            match self.game.hand_end_points() {
                Some(points) => self.game.end_hand(&points),
                None if self.ruleset.options().hand_end == HandEnd::None => {
                    self.game.end_hand(&[0; 4])
                }
                None => {
                    let Some(score) = &record.score else {
                        return Err(at(
                            Some(h),
                            format!(
                                "this ruleset scores the pips left in hands ({}); without the deal the hand needs its score",
                                self.ruleset.options().hand_end
                            ),
                        ));
                    };
                    let points = self.hand_end_for_score(h, score, "the moves peg")?;
                    self.game.end_hand(&points);
                }
            }
        }
        if let Some(score) = &record.score {
            let computed = self.game.hand_score();
            for (side, (&given, &net)) in score.iter().zip(&computed).enumerate() {
                if given != net as i64 {
                    return Err(at(
                        Some(h),
                        format!(
                            "the score gives {} {given}, but the moves give {net}",
                            self.sides[side]
                        ),
                    ));
                }
            }
        }
        self.previous = Some(Previous {
            leader,
            ending,
            pips,
            played: true,
        });
        Ok(())
    }

    fn move_error(&self, error: &MoveError, mv: Move, seat: usize, known_deal: bool) -> String {
        let name = |s: usize| self.name(s);
        match (error, mv) {
            (MoveError::NotInHand { tile, .. }, _) if !known_deal => {
                let hand = self.game.hand().expect("hand started");
                if hand.layout().placed().iter().any(|p| p.tile == *tile) {
                    format!("{} cannot play {tile}: it is already placed", name(seat))
                } else {
                    format!(
                        "{} cannot play {tile}: it was drawn by another seat, or {} has no tile left that could be it",
                        name(seat),
                        name(seat)
                    )
                }
            }
            _ => error.describe(name),
        }
    }

    fn compare_pegs(
        &self,
        h: usize,
        given: &[Vec<i64>],
        sources: &[Vec<PegSource>; 4],
    ) -> Result<(), CheckError> {
        let computed = self.game.pegs();
        for seat in 0..self.ruleset.players() {
            let (given, computed) = (&given[seat], &computed[seat]);
            for i in 0..given.len().max(computed.len()) {
                let source = |i: usize| {
                    let s = sources[seat][i];
                    if s.bonus {
                        format!(
                            "the domino bonus for going out at move {} ({})",
                            s.mv, s.tile
                        )
                    } else {
                        format!("move {} ({} making {})", s.mv, s.tile, s.count)
                    }
                };
                match (given.get(i), computed.get(i)) {
                    (Some(&g), Some(&c)) if g != c as i64 => {
                        return Err(self.peg_error(
                            h,
                            seat,
                            i,
                            format!("recorded {g}, but {} scores {c}", source(i)),
                        ));
                    }
                    (Some(&g), None) => {
                        return Err(self.peg_error(
                            h,
                            seat,
                            i,
                            format!(
                                "recorded {g}, but {} pegged only {} times",
                                self.name(seat),
                                computed.len()
                            ),
                        ));
                    }
                    (None, Some(&c)) => {
                        return Err(at(
                            Some(h),
                            format!(
                                "{}'s pegs stop after {}, but {} scores {c} more",
                                self.name(seat),
                                given.len(),
                                source(i)
                            ),
                        ));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Hand-end amounts that make the given score, where the pips left are unknown.
    fn hand_end_for_score(
        &mut self,
        h: usize,
        score: &[i64],
        what: &str,
    ) -> Result<[i32; 4], CheckError> {
        let facts = self.facts();
        let mut points = [0i32; 4];
        let start = self.game.hand_start().to_vec();
        for side in 0..self.ruleset.sides() {
            let now = self.game.board().totals()[side];
            let wanted = start[side] as i64 + score[side];
            let found = facts
                .hand_end
                .iter()
                .find(|&&amount| after_hand_end(&self.ruleset, now, amount) as i64 == wanted);
            match found {
                Some(&amount) => points[side] = amount,
                None => {
                    return Err(at(
                        Some(h),
                        format!(
                            "{}'s score {} cannot be: {what} {} and the hand end ({}) adds one of {}",
                            self.sides[side],
                            score[side],
                            now - start[side],
                            self.ruleset.options().hand_end,
                            describe(facts.hand_end.iter().copied())
                        ),
                    ));
                }
            }
        }
        Ok(points)
    }

    /// A hand given by its pegs (and perhaps its score), without moves.
    fn check_pegs(
        &mut self,
        h: usize,
        pegs: &[Vec<i64>],
        score: Option<&[i64]>,
    ) -> Result<(), CheckError> {
        let facts = self.facts();
        let bonus = self.ruleset.has_domino_bonus();
        let mut bonus_seats = Vec::new();
        for (seat, list) in pegs.iter().enumerate() {
            for (i, &peg) in list.iter().enumerate() {
                let last = i + 1 == list.len();
                if u32::try_from(peg).is_ok_and(|peg| facts.pegs.contains(&peg)) {
                    continue;
                }
                if bonus && peg == 1 && last {
                    bonus_seats.push(seat);
                    continue;
                }
                let possible = describe(facts.pegs.iter().copied());
                let also = if bonus {
                    ", or 1 as the domino bonus after a seat's last placement"
                } else {
                    ""
                };
                return Err(self.peg_error(
                    h,
                    seat,
                    i,
                    format!(
                        "no placement can score {peg} in {} (a placement scores {possible}{also})",
                        self.preset
                    ),
                ));
            }
            let placements = list.len() - usize::from(bonus && list.last() == Some(&1));
            if placements > facts.max_placements_seat {
                return Err(at(
                    Some(h),
                    format!(
                        "{} pegs {placements} placements, but a seat can make at most {} in a hand",
                        self.name(seat),
                        facts.max_placements_seat
                    ),
                ));
            }
        }
        if bonus_seats.len() > 1 {
            let names: Vec<String> = bonus_seats.iter().map(|&s| self.name(s)).collect();
            return Err(at(
                Some(h),
                format!(
                    "{} all peg the domino bonus, but only one side can go out",
                    names.join(" and ")
                ),
            ));
        }
        self.game.start_unplayed_hand();
        let sides = self.ruleset.sides();
        let mut nets = vec![0i32; sides];
        let mut winners = Vec::new();
        let start = self.game.board().totals().to_vec();
        for side in 0..sides {
            let lists: Vec<Vec<u32>> = self
                .ruleset
                .seats_of(side)
                .map(|seat| pegs[seat].iter().map(|&p| p as u32).collect())
                .collect();
            let placements: usize = lists.iter().map(Vec::len).sum();
            if placements > facts.max_placements_side + usize::from(bonus) {
                return Err(at(
                    Some(h),
                    format!(
                        "{} peg {placements} times, but a side can make at most {} placements in a hand",
                        self.sides[side], facts.max_placements_side
                    ),
                ));
            }
            let outcomes = peg_outcomes(&self.ruleset, start[side], &lists, bonus);
            if outcomes.is_empty() {
                return Err(at(
                    Some(h),
                    format!(
                        "{} would reach the target before their last peg; no peg may follow the winning one",
                        self.sides[side]
                    ),
                ));
            }
            let hand_end = self.ruleset.options().hand_end;
            let wanted = score.map(|score| start[side] as i64 + score[side]);
            let chosen = match wanted {
                Some(wanted) => outcomes
                    .iter()
                    .flat_map(|&(total, won)| {
                        let ends: Vec<i32> = if won || hand_end == HandEnd::None {
                            vec![0]
                        } else {
                            facts.hand_end.iter().copied().collect()
                        };
                        ends.into_iter().map(move |amount| (total, won, amount))
                    })
                    .find(|&(total, won, amount)| {
                        let end = if won {
                            total
                        } else {
                            after_hand_end(&self.ruleset, total, amount)
                        };
                        end as i64 == wanted
                    }),
                None if hand_end != HandEnd::None => {
                    return Err(at(
                        Some(h),
                        format!(
                            "this ruleset scores the pips left in hands ({hand_end}); a hand without its deal and moves needs its score"
                        ),
                    ));
                }
                None if outcomes.len() == 1 => outcomes.iter().next().map(|&(t, w)| (t, w, 0)),
                None => {
                    return Err(at(
                        Some(h),
                        format!(
                            "under the {} finish the order of the pegs decides what counts for {}; give the hand's score",
                            self.ruleset.options().finish,
                            self.sides[side]
                        ),
                    ));
                }
            };
            let Some((total, won, amount)) = chosen else {
                let possible: BTreeSet<i32> =
                    outcomes.iter().map(|&(t, _)| t - start[side]).collect();
                return Err(at(
                    Some(h),
                    format!(
                        "the score gives {} {}, but their pegs make {}{}",
                        self.sides[side],
                        score.map(|s| s[side]).unwrap_or_default(),
                        describe(possible.iter().copied()),
                        if hand_end == HandEnd::None {
                            String::new()
                        } else {
                            format!(" before the hand end ({hand_end})")
                        }
                    ),
                ));
            };
            let end = if won {
                total
            } else {
                after_hand_end(&self.ruleset, total, amount)
            };
            nets[side] = end - start[side];
            if won {
                winners.push(side);
            }
        }
        if winners.len() > 1 {
            return Err(at(
                Some(h),
                format!(
                    "{} and {} both reach the target in this hand; the game ends when the first does",
                    self.sides[winners[0]], self.sides[winners[1]]
                ),
            ));
        }
        self.game.board_mut().add_hand_scores(&nets);
        Ok(())
    }

    /// A hand given only by its score.
    fn check_score(&mut self, h: usize, score: &[i64]) -> Result<(), CheckError> {
        let facts = self.facts();
        self.game.start_unplayed_hand();
        let start = self.game.board().totals().to_vec();
        let mut nets = vec![0i32; score.len()];
        for (side, &net) in score.iter().enumerate() {
            // Far from the target the finish rule changes nothing: the derived hand scores are
            // the answer, with no search.
            let most = facts.hand_scores.last().copied().unwrap_or(0);
            let far = self.ruleset.options().finish == Finish::CompleteHand
                || start[side].saturating_add(most) < self.ruleset.target() as i32;
            let searched;
            let reachable = if far {
                &facts.hand_scores
            } else {
                searched = reachable_nets(&self.ruleset, &facts, start[side]);
                &searched
            };
            if !i32::try_from(net).is_ok_and(|net| reachable.contains(&net)) {
                return Err(at(
                    Some(h),
                    format!(
                        "{} scores {net}, which no hand of {} can give from {} (possible: {})",
                        self.sides[side],
                        self.preset,
                        start[side],
                        describe(reachable.iter().copied())
                    ),
                ));
            }
            nets[side] = net as i32;
        }
        let target = self.ruleset.target() as i32;
        if matches!(self.ruleset.options().finish, Finish::Reach) {
            let reached: Vec<usize> = (0..nets.len())
                .filter(|&s| start[s] + nets[s] >= target)
                .collect();
            if reached.len() > 1 {
                return Err(at(
                    Some(h),
                    format!(
                        "{} and {} both reach the target in this hand; the game ends when the first does",
                        self.sides[reached[0]], self.sides[reached[1]]
                    ),
                ));
            }
        }
        self.game.board_mut().add_hand_scores(&nets);
        Ok(())
    }
}

/// The tiles each seat must have been dealt, read from the moves: the tiles it places that it
/// did not draw. Reading stops at the first move that cannot be played; the replay reports it.
fn infer_dealt(ruleset: &Ruleset, leader: usize, moves: &[Move]) -> [TileSet; 4] {
    let mut hand = Hand::partly_known(ruleset, [TileSet::EMPTY; 4], leader);
    let mut dealt = [TileSet::EMPTY; 4];
    for &mv in moves {
        if hand.is_over() {
            break;
        }
        let seat = hand.turn();
        if let Move::Place { tile, .. } = mv
            && !hand.tiles(seat).contains(tile)
            && hand.reveal(seat, tile)
        {
            dealt[seat].insert(tile);
        }
        if hand.play(mv).is_err() {
            break;
        }
    }
    dealt
}

/// A side's total after a hand-end amount under the finish rule.
fn after_hand_end(ruleset: &Ruleset, total: i32, amount: i32) -> i32 {
    let target = ruleset.target() as i32;
    let reached = total + amount;
    match ruleset.options().finish {
        Finish::Exact if amount > 0 && reached > target => total,
        Finish::ExactBounce if amount > 0 && reached > target => 2 * target - reached,
        _ => reached,
    }
}

/// A side's total after one peg under the finish rule, and whether it wins.
fn after_peg(ruleset: &Ruleset, total: i32, peg: u32) -> (i32, bool) {
    let target = ruleset.target() as i32;
    let reached = total + peg as i32;
    match ruleset.options().finish {
        Finish::Reach => (reached, reached >= target),
        Finish::CompleteHand => (reached, false),
        Finish::Exact if reached > target => (total, false),
        Finish::ExactBounce if reached > target => (2 * target - reached, false),
        Finish::Exact | Finish::ExactBounce => (reached, reached == target),
    }
}

/// Every (total, won) a side can end the hand on from its seats' peg lists, over every
/// interleaving that keeps each seat's order, where the game is won only by the side's last
/// peg. A seat's final 1 may be the domino bonus pegged together with the placement before it.
fn peg_outcomes(
    ruleset: &Ruleset,
    start: i32,
    lists: &[Vec<u32>],
    bonus: bool,
) -> BTreeSet<(i32, bool)> {
    let mut outcomes = BTreeSet::new();
    let merged = |list: &Vec<u32>| -> Vec<Vec<u32>> {
        let mut variants = vec![list.clone()];
        if bonus && list.len() >= 2 && list.last() == Some(&1) {
            let mut joined = list[..list.len() - 2].to_vec();
            joined.push(list[list.len() - 2] + 1);
            variants.push(joined);
        }
        variants
    };
    let first = merged(&lists[0]);
    let second = lists.get(1).map(merged).unwrap_or_else(|| vec![Vec::new()]);
    for a in &first {
        for b in &second {
            let mut seen = HashSet::new();
            interleave(ruleset, a, b, 0, 0, start, &mut seen, &mut outcomes);
        }
    }
    outcomes
}

#[allow(clippy::too_many_arguments)]
fn interleave(
    ruleset: &Ruleset,
    a: &[u32],
    b: &[u32],
    i: usize,
    j: usize,
    total: i32,
    seen: &mut HashSet<(usize, usize, i32)>,
    outcomes: &mut BTreeSet<(i32, bool)>,
) {
    if !seen.insert((i, j, total)) {
        return;
    }
    if i == a.len() && j == b.len() {
        outcomes.insert((total, false));
        return;
    }
    for (peg, next_i, next_j) in [(a.get(i), i + 1, j), (b.get(j), i, j + 1)] {
        let Some(&peg) = peg else { continue };
        let (next, won) = after_peg(ruleset, total, peg);
        if won {
            if next_i == a.len() && next_j == b.len() {
                outcomes.insert((next, true));
            }
        } else {
            interleave(ruleset, a, b, next_i, next_j, next, seen, outcomes);
        }
    }
}

/// Every net score a side can make in one hand from `start`: up to its most placements of
/// possible pegs (the domino bonus once, alone or with the last placement), then a hand-end
/// amount, all under the finish rule.
fn reachable_nets(ruleset: &Ruleset, facts: &Facts, start: i32) -> BTreeSet<i32> {
    let bonus = ruleset.has_domino_bonus();
    // States: (total, bonus used); won totals end the hand at once.
    let mut states: HashSet<(i32, bool)> = HashSet::from([(start, false)]);
    let mut frontier: Vec<(i32, bool)> = vec![(start, false)];
    let mut won: BTreeSet<i32> = BTreeSet::new();
    for _ in 0..facts.max_placements_side {
        let mut next = Vec::new();
        for &(total, used) in &frontier {
            let mut options: Vec<(u32, bool)> = facts.pegs.iter().map(|&p| (p, used)).collect();
            if bonus && !used {
                options.push((1, true));
                options.extend(facts.pegs.iter().map(|&p| (p + 1, true)));
            }
            for (peg, used) in options {
                let (after, wins) = after_peg(ruleset, total, peg);
                if wins {
                    won.insert(after);
                } else if states.insert((after, used)) {
                    next.push((after, used));
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    let mut nets: BTreeSet<i32> = won.iter().map(|&t| t - start).collect();
    let totals: BTreeSet<i32> = states.iter().map(|&(t, _)| t).collect();
    for &total in &totals {
        for &amount in &facts.hand_end {
            nets.insert(after_hand_end(ruleset, total, amount) - start);
        }
    }
    nets
}

#[cfg(test)]
mod tests {
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
