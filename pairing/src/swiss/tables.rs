//! Swiss at three and four seats, with and without partnerships.
//!
//! The field is split into tables by the layout the specification gives ([`Layout`]); the
//! measures ([`TableMeasures`]) are sums over tables and byes, so a pairing is judged table by
//! table. Up to [`EXACT_LIMIT`] entrants every partition is searched; beyond, a construction in
//! rank order is improved by local search (see `search`).

use std::collections::HashMap;
use std::ops::{Add, Sub};

use super::byes::ByeRule;
use super::history::PairCounts;
use super::{Remainder, SwissField, SwissRound};

mod search;

/// Fields up to this size are paired by searching every partition.
pub(crate) const EXACT_LIMIT: usize = 12;

/// How many tables of each size and how many byes a round has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Layout {
    pub(crate) seats: usize,
    /// Tables of `seats`.
    pub(crate) full: usize,
    /// Tables of `seats - 1`.
    pub(crate) short: usize,
    pub(crate) byes: usize,
}

impl Layout {
    /// With partnerships every table has four seats and the rest have byes; `smaller-tables`
    /// takes as few short tables as let everyone play (`a ≡ -n mod seats` of them, which needs
    /// at least `a` tables in all), and falls back to byes where that cannot be.
    pub(crate) fn new(n: usize, seats: usize, partnerships: bool, remainder: Remainder) -> Self {
        let byes = Layout {
            seats,
            full: n / seats,
            short: 0,
            byes: n % seats,
        };
        if partnerships || remainder == Remainder::Byes {
            return byes;
        }
        let short = (seats - n % seats) % seats;
        let tables = (n + short) / seats;
        if short <= tables {
            Layout {
                seats,
                full: tables - short,
                short,
                byes: 0,
            }
        } else {
            byes
        }
    }
}

/// How good a pairing is, compared field by field in declaration order (the derived `Ord`).
/// Smaller is better. The first five are the specification's measures; `bye_rank` only
/// settles ties between them, giving byes to the lowest-ranked (as at two seats).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
pub(crate) struct TableMeasures {
    /// 1. The sum of the bye entrants' scores.
    pub(crate) bye_scores: i128,
    /// 2. Partnerships this round whose two entrants were partners before, each counted once
    ///    for each earlier time.
    pub(crate) repeat_partners: i128,
    /// 3. Over every pair at a table, the earlier rounds in which they shared one.
    pub(crate) repeat_meetings: i128,
    /// 4. Over tables, over pairs at the table, the squared score difference.
    pub(crate) spread: i128,
    /// 5. Over partnership tables, the absolute difference of the two sides' total scores.
    pub(crate) balance: i128,
    /// Ties: the sum over byes of `n - 1 - index`.
    pub(crate) bye_rank: i128,
}

impl Add for TableMeasures {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        TableMeasures {
            bye_scores: self.bye_scores + o.bye_scores,
            repeat_partners: self.repeat_partners + o.repeat_partners,
            repeat_meetings: self.repeat_meetings + o.repeat_meetings,
            spread: self.spread + o.spread,
            balance: self.balance + o.balance,
            bye_rank: self.bye_rank + o.bye_rank,
        }
    }
}

impl Sub for TableMeasures {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        TableMeasures {
            bye_scores: self.bye_scores - o.bye_scores,
            repeat_partners: self.repeat_partners - o.repeat_partners,
            repeat_meetings: self.repeat_meetings - o.repeat_meetings,
            spread: self.spread - o.spread,
            balance: self.balance - o.balance,
            bye_rank: self.bye_rank - o.bye_rank,
        }
    }
}

/// What the measures need, by entrant index.
#[derive(Debug, Clone)]
pub(crate) struct TableModel {
    pub(crate) score: Vec<i64>,
    pub(crate) partnerships: bool,
    pub(crate) layout: Layout,
    pub(crate) rule: ByeRule,
    pub(crate) met: PairCounts,
    pub(crate) partnered: PairCounts,
}

/// A table's seating before seat order: with partnerships, `[a, b, c, d]` is partners `a`–`c`
/// against `b`–`d`.
pub(crate) type Seating = Vec<usize>;

impl TableModel {
    pub(crate) fn new(field: &SwissField) -> Self {
        let n = field.entrants.len();
        let layout = Layout::new(n, field.seats, field.partnerships, field.remainder);
        TableModel {
            score: field.entrants.iter().map(|e| e.score).collect(),
            partnerships: field.partnerships,
            layout,
            rule: ByeRule::new(&field.entrants, layout.byes),
            met: PairCounts::new(n, &field.meetings),
            partnered: PairCounts::new(n, &field.partners),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.score.len()
    }

    /// The measures of a bye for `i` (whether `i` may have one is the caller's to check).
    pub(crate) fn bye(&self, i: usize) -> TableMeasures {
        TableMeasures {
            bye_scores: self.score[i] as i128,
            bye_rank: (self.len() - 1 - i) as i128,
            ..TableMeasures::default()
        }
    }

    /// The measures of a table seated as given (see [`Seating`]).
    pub(crate) fn seated(&self, seats: &[usize]) -> TableMeasures {
        let mut m = TableMeasures::default();
        for (k, &i) in seats.iter().enumerate() {
            for &j in &seats[k + 1..] {
                m.repeat_meetings += self.met.get(i, j) as i128;
                let d = (self.score[i] - self.score[j]) as i128;
                m.spread += d * d;
            }
        }
        if self.partnerships && seats.len() == 4 {
            let [a, b, c, d] = [seats[0], seats[1], seats[2], seats[3]];
            m.repeat_partners = (self.partnered.get(a, c) + self.partnered.get(b, d)) as i128;
            m.balance =
                (self.score[a] + self.score[c] - self.score[b] - self.score[d]).abs() as i128;
        }
        m
    }

    /// The best seating of these entrants and its measures: with partnerships, the best of the
    /// three ways to split four into two sides (the first of equals in the order a–b, a–c,
    /// a–d for `a` the first member).
    pub(crate) fn best_seating(&self, members: &[usize]) -> (TableMeasures, Seating) {
        if !(self.partnerships && members.len() == 4) {
            return (self.seated(members), members.to_vec());
        }
        let [a, b, c, d] = [members[0], members[1], members[2], members[3]];
        [[a, c, b, d], [a, b, c, d], [a, b, d, c]]
            .into_iter()
            .map(|s| (self.seated(&s), s.to_vec()))
            .min_by(|x, y| x.0.cmp(&y.0))
            .expect("three seatings")
    }

    /// The measures of a whole pairing.
    #[cfg(test)]
    pub(crate) fn measures(&self, tables: &[Seating], byes: &[usize]) -> TableMeasures {
        let tables = tables
            .iter()
            .fold(TableMeasures::default(), |sum, t| sum + self.seated(t));
        byes.iter().fold(tables, |sum, &i| sum + self.bye(i))
    }
}

/// The best pairing found at three or four seats (exact up to [`EXACT_LIMIT`] entrants).
pub(crate) fn pair(field: &SwissField) -> SwissRound {
    let model = TableModel::new(field);
    let (tables, byes) = if model.len() <= EXACT_LIMIT {
        exact(&model)
    } else {
        search::search(&model)
    };
    SwissRound { tables, byes }.in_order(model.partnerships)
}

/// Every partition of the whole field (see [`exact_among`]).
pub(crate) fn exact(model: &TableModel) -> (Vec<Seating>, Vec<usize>) {
    let everyone: Vec<usize> = (0..model.len()).collect();
    let (tables, byes, _) = exact_among(model, &everyone, model.layout.short, model.layout.byes)
        .expect("a table layout always has a seating");
    (tables, byes)
}

/// The best seating of `members` (at most 31, in any order) at tables of the model's size,
/// `short` of them one seat short, with `byes` byes, and its measures; `None` if the bye rule
/// leaves no way. Every partition is searched, with memory of the best completion of each set
/// of unseated members: the first unseated member is placed first, so each partition is met
/// once, and of equal completions the first found is kept, so the result is deterministic.
pub(crate) fn exact_among(
    model: &TableModel,
    members: &[usize],
    short: usize,
    byes: usize,
) -> Option<(Vec<Seating>, Vec<usize>, TableMeasures)> {
    type Memo = HashMap<(u32, usize, usize), Option<(TableMeasures, u32)>>;

    struct Search<'a> {
        model: &'a TableModel,
        members: &'a [usize],
        memo: Memo,
        /// Each table's best measures, by its set of members: met under many completions.
        tables: HashMap<u32, TableMeasures>,
    }

    impl Search<'_> {
        fn global(&self, chosen: u32) -> Vec<usize> {
            (0..self.members.len())
                .filter(|&k| chosen & (1 << k) != 0)
                .map(|k| self.members[k])
                .collect()
        }

        fn best(
            &mut self,
            open: u32,
            short_left: usize,
            byes_left: usize,
        ) -> Option<TableMeasures> {
            if open == 0 {
                return Some(TableMeasures::default());
            }
            if let Some(known) = self.memo.get(&(open, short_left, byes_left)) {
                return known.map(|(m, _)| m);
            }
            let model = self.model;
            let k = open.trailing_zeros() as usize;
            let i = self.members[k];
            let rest = open & !(1 << k);
            let seats = model.layout.seats;
            let left = open.count_ones() as usize - byes_left;
            let full_left = (left - short_left * (seats - 1)) / seats;
            let mut found: Option<(TableMeasures, u32)> = None;
            let consider = |found: &mut Option<(TableMeasures, u32)>, m: TableMeasures, chosen| {
                if found.is_none_or(|(best, _)| m < best) {
                    *found = Some((m, chosen));
                }
            };
            if byes_left > 0
                && model.rule.may[i]
                && let Some(after) = self.best(rest, short_left, byes_left - 1)
            {
                consider(&mut found, model.bye(i) + after, 1 << k);
            }
            if !model.rule.must[i] {
                let seatable = (0..self.members.len())
                    .filter(|&l| rest & (1 << l) != 0 && !model.rule.must[self.members[l]])
                    .collect::<Vec<usize>>();
                for (size, is_short) in [(seats, false), (seats - 1, true)] {
                    if (is_short && short_left == 0) || (!is_short && full_left == 0) {
                        continue;
                    }
                    for others in combinations(&seatable, size - 1) {
                        let chosen = others.iter().fold(1u32 << k, |m, &l| m | 1 << l);
                        let after =
                            self.best(open & !chosen, short_left - is_short as usize, byes_left);
                        if let Some(after) = after {
                            let table = match self.tables.get(&chosen) {
                                Some(&known) => known,
                                None => {
                                    let m = model.best_seating(&self.global(chosen)).0;
                                    self.tables.insert(chosen, m);
                                    m
                                }
                            };
                            consider(&mut found, table + after, chosen);
                        }
                    }
                }
            }
            self.memo.insert((open, short_left, byes_left), found);
            found.map(|(m, _)| m)
        }
    }

    let n = members.len();
    assert!(n <= 31, "exhaustive search is for small fields");
    let all = ((1u64 << n) - 1) as u32;
    let mut search = Search {
        model,
        members,
        memo: Memo::new(),
        tables: HashMap::new(),
    };
    let total = search.best(all, short, byes)?;
    let (mut open, mut short_left, mut byes_left) = (all, short, byes);
    let (mut tables, mut bye_list) = (Vec::new(), Vec::new());
    while open != 0 {
        let (_, chosen) = search.memo[&(open, short_left, byes_left)].expect("a completion");
        let seated = search.global(chosen);
        // Tables have at least two seats, so one entrant chosen is a bye.
        if seated.len() == 1 {
            bye_list.push(seated[0]);
            byes_left -= 1;
        } else {
            if seated.len() == model.layout.seats - 1 {
                short_left -= 1;
            }
            tables.push(model.best_seating(&seated).1);
        }
        open &= !chosen;
    }
    Some((tables, bye_list, total))
}

/// All `k`-subsets of `items`, each in the order of `items`.
fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut chosen = Vec::with_capacity(k);
    fn go(
        items: &[usize],
        k: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == k {
            out.push(chosen.clone());
            return;
        }
        for at in from..items.len() {
            if items.len() - at < k - chosen.len() {
                break;
            }
            chosen.push(items[at]);
            go(items, k, at + 1, chosen, out);
            chosen.pop();
        }
    }
    go(items, k, 0, &mut chosen, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_follow_the_specification() {
        let smaller = |n, seats| Layout::new(n, seats, false, Remainder::SmallerTables);
        let l = smaller(10, 4);
        assert_eq!((l.full, l.short, l.byes), (1, 2, 0));
        let l = smaller(5, 4);
        assert_eq!((l.full, l.short, l.byes), (1, 0, 1));
        let l = smaller(7, 3);
        assert_eq!((l.full, l.short, l.byes), (1, 2, 0));
        let l = Layout::new(10, 4, false, Remainder::Byes);
        assert_eq!((l.full, l.short, l.byes), (2, 0, 2));
        let l = Layout::new(10, 4, true, Remainder::SmallerTables);
        assert_eq!((l.full, l.short, l.byes), (2, 0, 2));
    }

    #[test]
    fn partnership_measures_count_partners_sides_and_meetings() {
        let field = SwissField {
            entrants: [6, 3, 3, 0]
                .into_iter()
                .map(|score| crate::swiss::SwissEntrant { score, byes: 0 })
                .collect(),
            seats: 4,
            partnerships: true,
            partners: HashMap::from([((0, 3), 1)]),
            meetings: HashMap::from([((0, 3), 2), ((1, 2), 1)]),
            ..SwissField::default()
        };
        let model = TableModel::new(&field);
        // 0 with 3 against 1 with 2: a repeated partnership, both sides at 6.
        let m = model.measures(&[vec![0, 1, 3, 2]], &[]);
        assert_eq!(m.repeat_partners, 1);
        assert_eq!(m.repeat_meetings, 3);
        // Pairs 6-3, 6-3, 6-0, 3-3, 3-0, 3-0.
        assert_eq!(m.spread, 72);
        assert_eq!(m.balance, 0);
        // The best seating avoids the old partnership at the price of balance.
        let (best, seating) = model.best_seating(&[0, 1, 2, 3]);
        assert_eq!(best.repeat_partners, 0);
        assert_eq!(best.balance, 6);
        assert_eq!(seating, [0, 2, 1, 3]);
    }
}
