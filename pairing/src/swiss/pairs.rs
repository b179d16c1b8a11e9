//! Swiss at two seats.
//!
//! The measures of the specification, read exactly (the third needs an interpretation; see
//! [`PairMeasures`]), and the search for the best pairing that keeps the absolute rules.

use std::collections::HashMap;
use std::ops::Add;

use super::byes::ByeRule;
use super::history::PairCounts;
use super::{NoSwissPairing, SwissField, SwissRound};

/// How good a pairing is, compared field by field in declaration order (the derived `Ord`):
/// each field only decides between pairings equal on all before it. Smaller is better.
///
/// 1. `bye_level`: the bye's score among the scores of those who may have it, 0 the lowest.
/// 2. `score_diff`: the sum over tables of the squared score difference.
/// 3. The specification's third measure, read as three in turn:
///    - `bye_rank`: the bye to the lowest-ranked entrant possible (`n - 1 - index`);
///    - `pattern`: over tables of equal score, with `p < q` the two entrants' places (from 0,
///      in pairing-rank order) in the group of all active entrants with that score and `m` its
///      size, the sum of `(2 (q - p) - m)^2`. It is zero exactly when a whole group of even
///      size plays top half against bottom half in rank order (1 v 5, 2 v 6, … of eight); when
///      some of a group play elsewhere (a floater, the bye, a rematch to avoid), it puts the
///      rest top half against bottom half, in order, as far as it can: the squares prefer
///      every distance near `m/2` to some near and some far;
///    - `float`: the specification says nothing on who floats, so the usual choice: over
///      tables of unequal score, the higher-scored entrant as low in its group and the
///      lower-scored as high in its group as possible, the sum of `(m_a - 1 - p) + q`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
pub(crate) struct PairMeasures {
    pub(crate) bye_level: u64,
    pub(crate) score_diff: u128,
    pub(crate) bye_rank: u64,
    pub(crate) pattern: u128,
    pub(crate) float: u128,
}

impl Add for PairMeasures {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        PairMeasures {
            bye_level: self.bye_level + other.bye_level,
            score_diff: self.score_diff + other.score_diff,
            bye_rank: self.bye_rank + other.bye_rank,
            pattern: self.pattern + other.pattern,
            float: self.float + other.float,
        }
    }
}

/// Everything the two-seat measures need, by entrant index.
#[derive(Debug, Clone)]
pub(crate) struct PairModel {
    pub(crate) score: Vec<i64>,
    /// Score group of each entrant; groups numbered from the highest score.
    pub(crate) group: Vec<usize>,
    /// Place of each entrant in its group, from 0, in rank order.
    pub(crate) place: Vec<usize>,
    /// Members of each group in rank order.
    pub(crate) members: Vec<Vec<usize>>,
    /// The bye's first measure for each entrant who may have it.
    pub(crate) bye_level: Vec<Option<u64>>,
    pub(crate) met: PairCounts,
}

impl PairModel {
    pub(crate) fn new(field: &SwissField) -> Self {
        let n = field.entrants.len();
        let score: Vec<i64> = field.entrants.iter().map(|e| e.score).collect();
        let mut scores: Vec<i64> = score.clone();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        scores.dedup();
        let group: Vec<usize> = score
            .iter()
            .map(|s| scores.binary_search_by(|probe| s.cmp(probe)).unwrap())
            .collect();
        let mut members = vec![Vec::new(); scores.len()];
        let mut place = vec![0; n];
        for i in 0..n {
            place[i] = members[group[i]].len();
            members[group[i]].push(i);
        }
        let bye_level = if n % 2 == 1 {
            let rule = ByeRule::new(&field.entrants, 1);
            let mut eligible: Vec<i64> =
                (0..n).filter(|&i| rule.may[i]).map(|i| score[i]).collect();
            eligible.sort_unstable();
            eligible.dedup();
            (0..n)
                .map(|i| rule.may[i].then(|| eligible.binary_search(&score[i]).unwrap() as u64))
                .collect()
        } else {
            vec![None; n]
        };
        PairModel {
            score,
            group,
            place,
            members,
            bye_level,
            met: PairCounts::new(n, &field.meetings),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.score.len()
    }

    /// Whether `i` and `j` may meet: they have not met before.
    #[inline]
    pub(crate) fn allowed(&self, i: usize, j: usize) -> bool {
        i != j && self.met.get(i, j) == 0
    }

    /// The measures of a table of `i` and `j` (in either order).
    pub(crate) fn table(&self, i: usize, j: usize) -> PairMeasures {
        let diff = self.score[i].abs_diff(self.score[j]) as u128;
        let (gi, gj) = (self.group[i], self.group[j]);
        let (pattern, float) = if gi == gj {
            let m = self.members[gi].len() as i128;
            let d = self.place[i].abs_diff(self.place[j]) as i128;
            ((2 * d - m).pow(2) as u128, 0)
        } else {
            let (high, low) = if gi < gj { (i, j) } else { (j, i) };
            let below = self.members[self.group[high]].len() - 1 - self.place[high];
            (0, (below + self.place[low]) as u128)
        };
        PairMeasures {
            score_diff: diff * diff,
            pattern,
            float,
            ..PairMeasures::default()
        }
    }

    /// The measures of a bye for `i`, if `i` may have it.
    pub(crate) fn bye(&self, i: usize) -> Option<PairMeasures> {
        self.bye_level[i].map(|level| PairMeasures {
            bye_level: level,
            bye_rank: (self.len() - 1 - i) as u64,
            ..PairMeasures::default()
        })
    }

    /// The measures of a whole pairing.
    #[cfg(test)]
    pub(crate) fn measures(&self, tables: &[[usize; 2]], bye: Option<usize>) -> PairMeasures {
        let tables = tables.iter().fold(PairMeasures::default(), |sum, &[i, j]| {
            sum + self.table(i, j)
        });
        match bye {
            Some(b) => tables + self.bye(b).expect("a bye to an entrant who may have it"),
            None => tables,
        }
    }

    /// Why no pairing exists, once none was found.
    pub(crate) fn no_pairing(&self) -> NoSwissPairing {
        let message = if self.len() % 2 == 1 && self.bye_level.iter().any(Option::is_none) {
            "no pairing avoids a rematch while the bye goes to an entrant who has not had one"
        } else {
            "no pairing avoids a rematch"
        };
        NoSwissPairing(message.to_string())
    }
}

/// The best pairing at two seats, or which absolute rule cannot be kept.
pub(crate) fn pair(field: &SwissField) -> Result<SwissRound, NoSwissPairing> {
    let model = PairModel::new(field);
    let (tables, bye) = if model.len() <= SMALL {
        small_exact(&model)
    } else {
        greedy(&model)
    }
    .ok_or_else(|| model.no_pairing())?;
    Ok(SwissRound {
        tables: tables.iter().map(|t| t.to_vec()).collect(),
        byes: bye.into_iter().collect(),
    }
    .in_order(false))
}

const SMALL: usize = 16;

type Pairing = (Vec<[usize; 2]>, Option<usize>);

/// Exhaustive search with memory of the best completion of each set of unpaired entrants.
fn small_exact(model: &PairModel) -> Option<Pairing> {
    type Memo = HashMap<(u32, bool), Option<(PairMeasures, usize, usize)>>;

    fn best(model: &PairModel, open: u32, bye_left: bool, memo: &mut Memo) -> Option<PairMeasures> {
        if open == 0 {
            return (!bye_left).then(PairMeasures::default);
        }
        if let Some(known) = memo.get(&(open, bye_left)) {
            return known.map(|(m, _, _)| m);
        }
        let i = open.trailing_zeros() as usize;
        let rest = open & !(1 << i);
        let mut found: Option<(PairMeasures, usize, usize)> = None;
        if bye_left
            && let Some(cost) = model.bye(i)
            && let Some(after) = best(model, rest, false, memo)
        {
            found = Some((cost + after, i, i));
        }
        let mut others = rest;
        while others != 0 {
            let j = others.trailing_zeros() as usize;
            others &= others - 1;
            if !model.allowed(i, j) {
                continue;
            }
            if let Some(after) = best(model, rest & !(1 << j), bye_left, memo) {
                let total = model.table(i, j) + after;
                if found.is_none_or(|(m, _, _)| total < m) {
                    found = Some((total, i, j));
                }
            }
        }
        memo.insert((open, bye_left), found);
        found.map(|(m, _, _)| m)
    }

    let n = model.len();
    let mut memo = HashMap::new();
    let all = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    best(model, all, n % 2 == 1, &mut memo)?;
    let (mut open, mut bye_left) = (all, n % 2 == 1);
    let (mut tables, mut bye) = (Vec::new(), None);
    while open != 0 {
        let (_, i, j) = memo[&(open, bye_left)].expect("a completion");
        if i == j {
            bye = Some(i);
            bye_left = false;
        } else {
            tables.push([i, j]);
        }
        open &= !(1 << i) & !(1 << j);
    }
    Some((tables, bye))
}

/// A stopgap for large fields until the matching is in: the bye first, then each entrant in
/// rank order with its best remaining partner.
fn greedy(model: &PairModel) -> Option<Pairing> {
    let n = model.len();
    let bye = (0..n)
        .filter_map(|i| model.bye(i).map(|m| (m, i)))
        .min()
        .map(|(_, i)| i);
    let mut taken = vec![false; n];
    if let Some(b) = bye {
        taken[b] = true;
    }
    let mut tables = Vec::new();
    for i in 0..n {
        if taken[i] {
            continue;
        }
        taken[i] = true;
        let j = (0..n)
            .filter(|&j| !taken[j] && model.allowed(i, j))
            .min_by_key(|&j| model.table(i, j))?;
        taken[j] = true;
        tables.push([i, j]);
    }
    Some((tables, bye))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::SwissEntrant;

    fn field(scores: &[i64]) -> SwissField {
        SwissField {
            entrants: scores
                .iter()
                .map(|&score| SwissEntrant { score, byes: 0 })
                .collect(),
            seats: 2,
            ..SwissField::default()
        }
    }

    #[test]
    fn round_one_is_top_half_against_bottom_half() {
        let round = pair(&field(&[0; 8])).unwrap();
        assert_eq!(round.tables, [[0, 4], [1, 5], [2, 6], [3, 7]]);
        assert!(round.byes.is_empty());
    }

    #[test]
    fn odd_round_one_gives_the_bye_to_the_last() {
        let round = pair(&field(&[0; 7])).unwrap();
        assert_eq!(round.tables, [[0, 3], [1, 4], [2, 5]]);
        assert_eq!(round.byes, [6]);
    }

    #[test]
    fn measures_add_up_by_table() {
        let model = PairModel::new(&field(&[2, 2, 2, 0, 0]));
        // Group of three at 2: places 0 and 2 are at distance 2, (2*2 - 3)^2 = 1. The 2 who
        // floats (place 1 of 3, one below it) meets the 0 at place 0: float 1 + 0.
        let m = model.measures(&[[0, 2], [1, 3]], Some(4));
        assert_eq!(
            m,
            PairMeasures {
                bye_level: 0,
                score_diff: 4,
                bye_rank: 0,
                pattern: 1,
                float: 1,
            }
        );
    }
}
