//! A game to its target: running totals under the finish rule, pegs, hand-end scoring and the
//! leader of the next hand.

use crate::hand::{Hand, Move, MoveError, Outcome, Placement};
use crate::ruleset::{Finish, LeaderRule, Ruleset};
use crate::scoring::{HandEnding, hand_end_points};

/// The running totals of a game and the finish rule that moves them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoreboard {
    ruleset: Ruleset,
    totals: [i32; 4],
    winner: Option<usize>,
}

impl Scoreboard {
    pub fn new(ruleset: &Ruleset) -> Scoreboard {
        Scoreboard {
            ruleset: *ruleset,
            totals: [0; 4],
            winner: None,
        }
    }

    /// Each side's total.
    pub fn totals(&self) -> &[i32] {
        &self.totals[..self.ruleset.sides()]
    }

    /// The side that has won the game, once one has.
    pub fn winner(&self) -> Option<usize> {
        self.winner
    }

    /// Whether `points` more would win the game for the side at once.
    fn would_win(&self, side: usize, points: u32) -> bool {
        let total = self.totals[side] + points as i32;
        let target = self.ruleset.target() as i32;
        match self.ruleset.options().finish {
            Finish::Reach => total >= target,
            Finish::Exact | Finish::ExactBounce => total == target,
            Finish::CompleteHand => false,
        }
    }

    /// The points a placement pegs for its side: its count's points, except that a set that
    /// would win scores nothing where `set_can_win` is false (it is then not a peg at all).
    pub fn placement_points(&self, side: usize, placement: &Placement) -> u32 {
        if placement.is_set
            && !self.ruleset.options().set_can_win
            && placement.points > 0
            && self.would_win(side, placement.points)
        {
            0
        } else {
            placement.points
        }
    }

    /// Pegs points for a side under the finish rule: a placement's points together with the
    /// domino bonus it earned, which the exact finishes add up before deciding. Returns the
    /// change to the side's total.
    pub fn peg(&mut self, side: usize, points: u32) -> i32 {
        debug_assert!(self.winner.is_none(), "pegging after the game is won");
        let before = self.totals[side];
        let target = self.ruleset.target() as i32;
        let reached = before + points as i32;
        self.totals[side] = match self.ruleset.options().finish {
            Finish::Reach | Finish::CompleteHand => reached,
            Finish::Exact if reached > target => before,
            Finish::ExactBounce if reached > target => 2 * target - reached,
            Finish::Exact | Finish::ExactBounce => reached,
        };
        let finish = self.ruleset.options().finish;
        let won = match finish {
            Finish::Reach => self.totals[side] >= target,
            Finish::Exact | Finish::ExactBounce => self.totals[side] == target,
            Finish::CompleteHand => false,
        };
        if won && points > 0 {
            self.winner = Some(side);
        }
        self.totals[side] - before
    }

    /// Adds a hand's net scores, given rather than played, and decides the game as the finish
    /// rule does at the end of a hand.
    pub fn add_hand_scores(&mut self, nets: &[i32]) {
        let target = self.ruleset.target() as i32;
        let sides = self.ruleset.sides();
        for (side, &net) in nets.iter().enumerate().take(sides) {
            self.totals[side] += net;
        }
        let finish = self.ruleset.options().finish;
        let totals = &self.totals[..sides];
        let best = *totals.iter().max().expect("two sides at least");
        let winners: Vec<usize> = (0..sides)
            .filter(|&side| match finish {
                Finish::Reach | Finish::CompleteHand => totals[side] == best && best >= target,
                Finish::Exact | Finish::ExactBounce => totals[side] == target && nets[side] != 0,
            })
            .collect();
        if winners.len() == 1 {
            self.winner = Some(winners[0]);
        }
    }

    /// Scores the end of a hand: each side's hand-end points (positive ones obey the finish rule
    /// as pegs do), then, with `complete-hand`, the decision between hands.
    pub fn end_hand(&mut self, points: &[i32; 4]) {
        if self.winner.is_some() {
            return;
        }
        let sides = self.ruleset.sides();
        let finish = self.ruleset.options().finish;
        for (side, &delta) in points.iter().enumerate().take(sides) {
            if delta > 0 && matches!(finish, Finish::Exact | Finish::ExactBounce) {
                if self.winner.is_none() {
                    self.peg(side, delta as u32);
                }
            } else {
                self.totals[side] += delta;
            }
        }
        let target = self.ruleset.target() as i32;
        if matches!(finish, Finish::Reach | Finish::CompleteHand) && self.winner.is_none() {
            let best = *self.totals[..sides]
                .iter()
                .max()
                .expect("two sides at least");
            let leaders = self.totals[..sides].iter().filter(|&&t| t == best).count();
            if best >= target && leaders == 1 {
                self.winner = self.totals[..sides].iter().position(|&t| t == best);
            }
        }
    }
}

/// Who sets the next hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextLeader {
    /// The rule names the seat.
    Seat(usize),
    /// By lot among these seats (a bit per seat).
    Lot(u8),
}

impl NextLeader {
    pub fn allows(self, seat: usize) -> bool {
        match self {
            NextLeader::Seat(s) => s == seat,
            NextLeader::Lot(seats) => seats & (1 << seat) != 0,
        }
    }

    /// The seats it allows, lowest first.
    pub fn seats(self) -> impl Iterator<Item = usize> {
        let mask = match self {
            NextLeader::Seat(s) => 1u8 << s,
            NextLeader::Lot(seats) => seats,
        };
        (0..4).filter(move |&s| mask & (1 << s) != 0)
    }
}

/// The leader of the next hand under the ruleset's `leader` rule. `ending` is `None` where the
/// hand's ending is unknown, `pips` where the pips left are unknown.
pub fn next_leader(
    ruleset: &Ruleset,
    leader: usize,
    ending: Option<HandEnding>,
    pips: Option<&[u32; 4]>,
) -> NextLeader {
    let players = ruleset.players();
    let everyone = ((1u16 << players) - 1) as u8;
    match (ruleset.options().leader, ending) {
        (LeaderRule::RotateLeft, _) => NextLeader::Seat((leader + 1) % players),
        (_, Some(HandEnding::Domino { seat })) => NextLeader::Seat(seat),
        (LeaderRule::LastWinner, Some(HandEnding::Blocked)) => match pips {
            Some(pips) => {
                let fewest = pips[..players].iter().min().copied().unwrap_or(0);
                let tied = (0..players)
                    .filter(|&s| pips[s] == fewest)
                    .fold(0u8, |mask, s| mask | 1 << s);
                if tied.count_ones() == 1 {
                    NextLeader::Seat(tied.trailing_zeros() as usize)
                } else {
                    NextLeader::Lot(tied)
                }
            }
            None => NextLeader::Lot(everyone),
        },
        (_, _) => NextLeader::Lot(everyone),
    }
}

/// A game in progress: the current hand, the scoreboard and the pegs of the hand.
#[derive(Clone, Debug)]
pub struct Game {
    ruleset: Ruleset,
    board: Scoreboard,
    hand: Option<Hand>,
    hand_start: [i32; 4],
    pegs: [Vec<u32>; 4],
    hands_started: usize,
}

impl Game {
    pub fn new(ruleset: &Ruleset) -> Game {
        Game {
            ruleset: *ruleset,
            board: Scoreboard::new(ruleset),
            hand: None,
            hand_start: [0; 4],
            pegs: Default::default(),
            hands_started: 0,
        }
    }

    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    pub fn board(&self) -> &Scoreboard {
        &self.board
    }

    pub fn winner(&self) -> Option<usize> {
        self.board.winner()
    }

    pub fn hand(&self) -> Option<&Hand> {
        self.hand.as_ref()
    }

    pub fn hands_started(&self) -> usize {
        self.hands_started
    }

    /// Starts the next hand from a deal, reusing the last hand's storage.
    pub fn deal_hand(&mut self, deal: &crate::hand::Deal, leader: usize) {
        match self.hand.take() {
            Some(mut hand) => {
                hand.reset(deal, leader);
                self.start_hand(hand);
            }
            None => self.start_hand(Hand::new(&self.ruleset, deal, leader)),
        }
    }

    /// Starts the next hand (dealt by the caller).
    pub fn start_hand(&mut self, hand: Hand) {
        self.hand_start = self.board.totals;
        for pegs in &mut self.pegs {
            pegs.clear();
        }
        self.hand = Some(hand);
        self.hands_started += 1;
    }

    /// This hand's pegs, per seat.
    pub fn pegs(&self) -> &[Vec<u32>] {
        &self.pegs[..self.ruleset.players()]
    }

    /// This hand's net score per side so far.
    pub fn hand_score(&self) -> Vec<i32> {
        (0..self.ruleset.sides())
            .map(|side| self.board.totals[side] - self.hand_start[side])
            .collect()
    }

    /// Plays a move of the current hand and pegs what it scores.
    pub fn play(&mut self, mv: Move) -> Result<Outcome, MoveError> {
        if self.board.winner().is_some() {
            return Err(MoveError::GameOver);
        }
        let hand = self.hand.as_mut().ok_or(MoveError::HandOver)?;
        let outcome = hand.play(mv)?;
        if let Outcome::Placed(placement) = outcome {
            self.peg_placement(&placement);
        }
        Ok(outcome)
    }

    /// Starts a hand known only by its pegs or score.
    pub fn start_unplayed_hand(&mut self) {
        self.hand_start = self.board.totals;
        for pegs in &mut self.pegs {
            pegs.clear();
        }
        self.hand = None;
        self.hands_started += 1;
    }

    pub fn board_mut(&mut self) -> &mut Scoreboard {
        &mut self.board
    }

    /// The totals when the current hand started.
    pub fn hand_start(&self) -> &[i32] {
        &self.hand_start[..self.ruleset.sides()]
    }

    /// Plays a uniformly random legal move of the current hand.
    pub fn play_random(
        &mut self,
        rng: &mut impl rand_core::Rng,
        moves: &mut Vec<Move>,
    ) -> (Move, Outcome) {
        let hand = self.hand.as_mut().expect("a hand in play");
        let (mv, outcome) = hand.play_random(rng, moves);
        if let Outcome::Placed(placement) = outcome {
            self.peg_placement(&placement);
        }
        (mv, outcome)
    }

    /// Pegs a placement's points and domino bonus for its seat.
    pub fn peg_placement(&mut self, placement: &Placement) {
        let side = self.ruleset.side_of(placement.seat);
        let points = self.board.placement_points(side, placement);
        if points > 0 {
            self.pegs[placement.seat].push(points);
        }
        if placement.bonus > 0 {
            self.pegs[placement.seat].push(placement.bonus);
        }
        if points + placement.bonus > 0 {
            self.board.peg(side, points + placement.bonus);
        }
    }

    /// The hand-end points of the finished hand, where every seat's tiles are known.
    pub fn hand_end_points(&self) -> Option<[i32; 4]> {
        let hand = self.hand.as_ref()?;
        let ending = hand.ending()?;
        hand.fully_known()
            .then(|| hand_end_points(&self.ruleset, ending, &hand.pips()))
    }

    /// Scores the end of the finished hand with the given hand-end points.
    pub fn end_hand(&mut self, points: &[i32; 4]) {
        self.board.end_hand(points);
    }

    /// The leader of the next hand, from the finished hand.
    pub fn next_leader(&self) -> Option<NextLeader> {
        let hand = self.hand.as_ref()?;
        let ending = hand.ending()?;
        let pips = hand.fully_known().then(|| hand.pips());
        Some(next_leader(
            &self.ruleset,
            hand.leader(),
            Some(ending),
            pips.as_ref(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Preset, RulesetSpec};

    fn board_at(preset: Preset, finish: Option<Finish>, total: i32) -> Scoreboard {
        let mut spec = RulesetSpec::preset(preset);
        spec.overrides.finish = finish;
        let mut board = Scoreboard::new(&spec.build(2).unwrap());
        board.totals[0] = total;
        board
    }

    #[test]
    fn exact_finish_examples_of_section_5() {
        // Example 3: at 58 scoring 4 stays 58; at 59 a last tile's 2 plus the go point stays 59.
        let mut board = board_at(Preset::FivesAndThrees, None, 58);
        assert_eq!(board.peg(0, 4), 0);
        assert_eq!(board.totals()[0], 58);
        let mut board = board_at(Preset::FivesAndThrees, None, 59);
        assert_eq!(board.peg(0, 2 + 1), 0);
        assert_eq!(board.totals()[0], 59);
        assert_eq!(board.winner(), None);
        assert_eq!(board.peg(0, 2), 2);
        assert_eq!(board.winner(), Some(0));
    }

    #[test]
    fn exact_bounce_pegs_the_excess_backwards() {
        let mut board = board_at(Preset::FivesAndThrees, Some(Finish::ExactBounce), 59);
        assert_eq!(board.peg(0, 8), -4);
        assert_eq!(board.totals()[0], 55);
    }

    #[test]
    fn reach_wins_at_or_past_the_target() {
        let mut board = board_at(Preset::Muggins, None, 240);
        board.peg(0, 15);
        assert_eq!(board.winner(), Some(0));
        assert_eq!(board.totals()[0], 255);
    }

    #[test]
    fn complete_hand_decides_between_hands_and_plays_on_at_a_tie() {
        let mut board = board_at(Preset::FiveUp, None, 58);
        board.peg(0, 4);
        assert_eq!(board.winner(), None);
        board.totals[1] = 62;
        board.end_hand(&[0, 0, 0, 0]);
        assert_eq!(board.winner(), None, "a tie at the top plays on");
        board.end_hand(&[-1, 0, 0, 0]);
        assert_eq!(board.winner(), Some(1));
    }

    #[test]
    fn a_set_that_would_win_scores_nothing_without_set_can_win() {
        let mut spec = RulesetSpec::preset(Preset::FivesAndThrees);
        spec.overrides.set_can_win = Some(false);
        spec.overrides.finish = Some(Finish::Reach);
        let mut board = Scoreboard::new(&spec.build(2).unwrap());
        board.totals[0] = 57;
        let set = Placement {
            seat: 0,
            tile: crate::tile::Tile::new(6, 6),
            is_set: true,
            count: 12,
            points: 4,
            bonus: 0,
            ending: None,
        };
        assert_eq!(board.placement_points(0, &set), 0);
        let later = Placement {
            is_set: false,
            ..set
        };
        assert_eq!(board.placement_points(0, &later), 4);
    }

    #[test]
    fn leaders_follow_the_leader_rule() {
        let rotate = Ruleset::preset(Preset::FivesAndThrees, 3).unwrap();
        assert_eq!(next_leader(&rotate, 2, None, None), NextLeader::Seat(0));
        let domino = Ruleset::preset(Preset::Muggins, 3).unwrap();
        let out = Some(HandEnding::Domino { seat: 1 });
        assert_eq!(next_leader(&domino, 0, out, None), NextLeader::Seat(1));
        let blocked = Some(HandEnding::Blocked);
        assert_eq!(
            next_leader(&domino, 0, blocked, None),
            NextLeader::Lot(0b111)
        );
        let winner = Ruleset::preset(Preset::DoublesInTheBoneyard, 3).unwrap();
        let pips = [9, 4, 4, 0];
        assert_eq!(
            next_leader(&winner, 0, blocked, Some(&pips)),
            NextLeader::Lot(0b110)
        );
        let pips = [9, 3, 4, 0];
        assert_eq!(
            next_leader(&winner, 0, blocked, Some(&pips)),
            NextLeader::Seat(1)
        );
    }
}
