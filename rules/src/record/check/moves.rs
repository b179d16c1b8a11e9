//! Checking a hand's moves: each one replayed on the hand as far as the deal is known, and
//! the first that cannot be played named in players' words.

use super::*;
use crate::hand::{Deal, Hand, Move, MoveError, Outcome};
use crate::ruleset::{HandEnd, Ruleset};
use crate::scoring::HandEnding;
use crate::tile::TileSet;

impl Checker<'_> {
    pub(super) fn check_moves(
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
    pub(super) fn replay(
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

    pub(super) fn move_error(
        &self,
        error: &MoveError,
        mv: Move,
        seat: usize,
        known_deal: bool,
    ) -> String {
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
}

/// The tiles each seat must have been dealt, read from the moves: the tiles it places that it
/// did not draw. Reading stops at the first move that cannot be played; the replay reports it.
pub(super) fn infer_dealt(ruleset: &Ruleset, leader: usize, moves: &[Move]) -> [TileSet; 4] {
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
