//! The two-seat measures folded into one exact weight for the matching.
//!
//! Each measure is multiplied by one more than the largest total that all the measures after
//! it can reach over a whole pairing, so no amount of a later measure outweighs one unit of an
//! earlier one, and the least folded total is the best pairing by the measures in order. The
//! bounds are computed from the field (group sizes, score range, table count); when the total
//! would not fit an `i128` with room for the matching's dual arithmetic, the measures are split
//! into two `i128`s compared in order ([`Lex`]): measures 1 and 2 first, measure 3 second.
//! Every folded cost is doubled, as the matching asks for even costs.

use super::{PairMeasures, PairModel};
use crate::swiss::matching::{Lex, Weight};

/// The multipliers of each measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scale {
    float: i128,
    pattern: i128,
    rank: i128,
    diff: i128,
    level: i128,
    /// In [`Lex`], the multiplier of the bye level within the first part.
    lex_level: i128,
    /// Whether the whole folding fits one `i128`.
    pub(crate) fits_one: bool,
}

/// Room kept for the matching's sums of costs and duals.
const HEADROOM: i128 = 64;

impl Scale {
    /// The multipliers for this field, or `None` if even two `i128`s cannot hold it.
    pub(crate) fn new(model: &PairModel) -> Option<Self> {
        let n = model.len() as i128;
        let tables = n / 2;
        let largest = model.members.iter().map(Vec::len).max().unwrap_or(0) as i128;
        let float_max = tables.checked_mul(2 * largest)?;
        let pattern_max = model.members.iter().try_fold(0i128, |sum, group| {
            let m = group.len() as i128;
            sum.checked_add((m / 2).checked_mul(m.checked_mul(m)?)?)
        })?;
        let (low, high) = (
            model.score.iter().min().copied().unwrap_or(0),
            model.score.iter().max().copied().unwrap_or(0),
        );
        let spread = (high as i128) - (low as i128);
        let diff_max = tables.checked_mul(spread.checked_mul(spread)?)?;
        let level_max = model.bye_level.iter().flatten().max().copied().unwrap_or(0) as i128;

        let pattern = float_max + 1;
        let pattern_float_max = pattern_max.checked_mul(pattern)?.checked_add(float_max)?;
        let rank = pattern_float_max + 1;
        let low_max = (n - 1)
            .max(0)
            .checked_mul(rank)?
            .checked_add(pattern_float_max)?;
        let lex_level = diff_max + 1;
        let high_max = level_max.checked_mul(lex_level)?.checked_add(diff_max)?;
        low_max.checked_mul(HEADROOM)?;
        high_max.checked_mul(HEADROOM)?;

        let diff = low_max + 1;
        let one = diff_max
            .checked_mul(diff)
            .and_then(|d| d.checked_add(low_max))
            .and_then(|mid| Some((mid, mid.checked_add(1)?)))
            .and_then(|(mid, level)| {
                let total = level_max.checked_mul(level)?.checked_add(mid)?;
                total.checked_mul(HEADROOM)?;
                Some(level)
            });
        Some(Scale {
            float: 1,
            pattern,
            rank,
            diff,
            level: one.unwrap_or(0),
            lex_level,
            fits_one: one.is_some(),
        })
    }
}

/// A weight the two-seat measures fold into.
pub(crate) trait Folded: Weight {
    fn fold(m: &PairMeasures, scale: &Scale) -> Self;
}

fn low_part(m: &PairMeasures, s: &Scale) -> i128 {
    m.bye_rank as i128 * s.rank + m.pattern as i128 * s.pattern + m.float as i128 * s.float
}

impl Folded for i128 {
    fn fold(m: &PairMeasures, s: &Scale) -> Self {
        debug_assert!(s.fits_one);
        2 * (m.bye_level as i128 * s.level + m.score_diff as i128 * s.diff + low_part(m, s))
    }
}

impl Folded for Lex {
    fn fold(m: &PairMeasures, s: &Scale) -> Self {
        Lex(
            2 * (m.bye_level as i128 * s.lex_level + m.score_diff as i128),
            2 * low_part(m, s),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::{SwissEntrant, SwissField};

    fn model(scores: &[i64]) -> PairModel {
        PairModel::new(&SwissField {
            entrants: scores
                .iter()
                .map(|&score| SwissEntrant { score, byes: 0 })
                .collect(),
            seats: 2,
            ..SwissField::default()
        })
    }

    /// The largest totals the later measures can reach stay below one unit of an earlier one,
    /// in both foldings.
    #[test]
    fn a_later_measure_never_outweighs_an_earlier_one() {
        let m = model(&[8, 8, 6, 6, 6, 4, 2, 2, 2, 0, 0]);
        let s = Scale::new(&m).unwrap();
        assert!(s.fits_one);
        // Five tables; groups of 2, 3, 1, 3, 2; scores 8 apart at most.
        let worst_after = |with_diff: bool| PairMeasures {
            bye_level: 0,
            score_diff: if with_diff { 5 * 64 } else { 0 },
            bye_rank: 10,
            pattern: 4 + 9 + 9 + 4,
            float: 5 * 2 * 3,
        };
        let one_level = PairMeasures {
            bye_level: 1,
            ..PairMeasures::default()
        };
        assert!(i128::fold(&worst_after(true), &s) < i128::fold(&one_level, &s));
        assert!(Lex::fold(&worst_after(true), &s) < Lex::fold(&one_level, &s));
        let one_diff = PairMeasures {
            score_diff: 1,
            ..PairMeasures::default()
        };
        assert!(i128::fold(&worst_after(false), &s) < i128::fold(&one_diff, &s));
        assert!(Lex::fold(&worst_after(false), &s) < Lex::fold(&one_diff, &s));
        let one_rank = PairMeasures {
            bye_rank: 1,
            ..PairMeasures::default()
        };
        let worst_pattern = PairMeasures {
            pattern: 26,
            float: 30,
            ..PairMeasures::default()
        };
        assert!(i128::fold(&worst_pattern, &s) < i128::fold(&one_rank, &s));
    }

    #[test]
    fn huge_score_ranges_fall_back_to_two_parts() {
        let m = model(&[1 << 57, 0, 0, 0]);
        let s = Scale::new(&m).unwrap();
        assert!(!s.fits_one);
    }
}
