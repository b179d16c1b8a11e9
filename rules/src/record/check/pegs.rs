//! Checking a hand's pegs and score: each peg one the hand could have made, the score the
//! sum of them and the hand's end under the finish rule, and what a side can still reach.

use std::collections::{BTreeSet, HashSet};

use super::*;
use crate::facts::{Facts, describe};
use crate::ruleset::{Finish, HandEnd, Ruleset};

impl Checker<'_> {
    pub(super) fn compare_pegs(
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
    pub(super) fn hand_end_for_score(
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
    pub(super) fn check_pegs(
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
    pub(super) fn check_score(&mut self, h: usize, score: &[i64]) -> Result<(), CheckError> {
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

/// A side's total after a hand-end amount under the finish rule.
pub(super) fn after_hand_end(ruleset: &Ruleset, total: i32, amount: i32) -> i32 {
    let target = ruleset.target() as i32;
    let reached = total + amount;
    match ruleset.options().finish {
        Finish::Exact if amount > 0 && reached > target => total,
        Finish::ExactBounce if amount > 0 && reached > target => 2 * target - reached,
        _ => reached,
    }
}

/// A side's total after one peg under the finish rule, and whether it wins.
pub(super) fn after_peg(ruleset: &Ruleset, total: i32, peg: u32) -> (i32, bool) {
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
pub(super) fn peg_outcomes(
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
pub(super) fn interleave(
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
pub(super) fn reachable_nets(ruleset: &Ruleset, facts: &Facts, start: i32) -> BTreeSet<i32> {
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
