//! Swiss at three and four seats, with and without partnerships.
//!
//! The field is split into tables by the layout the specification gives ([`Layout`]); the
//! measures ([`TableMeasures`]) are sums over tables and byes, so a pairing is judged table by
//! table. Up to [`EXACT_LIMIT`] entrants every partition is searched; beyond, a construction in
//! rank order is improved by local search (see `search`).

use std::ops::{Add, Sub};

use super::History;
use super::byes::ByeRule;
use super::history::PairCounts;
use super::{Remainder, SwissField, SwissRound};

mod exact;
mod search;
mod stated;

pub(crate) use exact::{exact, exact_among};

/// Fields up to this size are paired by searching every partition.
pub(crate) const EXACT_LIMIT: usize = 16;

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
    /// How many byes each entrant has had.
    pub(crate) byes_had: Vec<u32>,
    pub(crate) met: PairCounts,
    pub(crate) partnered: PairCounts,
}

/// A table's seating before seat order: with partnerships, `[a, b, c, d]` is partners `a`–`c`
/// against `b`–`d`.
pub(crate) type Seating = Vec<usize>;

impl TableModel {
    #[cfg(test)]
    pub(crate) fn new(field: &SwissField) -> Self {
        let n = field.entrants.len();
        TableModel::with_history(
            field,
            History {
                met: PairCounts::new(n, &field.meetings),
                partnered: PairCounts::new(n, &field.partners),
            },
        )
    }

    /// The model with the history given (the field's maps are not read).
    pub(crate) fn with_history(field: &SwissField, history: History) -> Self {
        let n = field.entrants.len();
        let layout = Layout::new(n, field.seats, field.partnerships, field.remainder);
        TableModel {
            score: field.entrants.iter().map(|e| e.score).collect(),
            partnerships: field.partnerships,
            layout,
            rule: ByeRule::new(&field.entrants, layout.byes),
            byes_had: field.entrants.iter().map(|e| e.byes).collect(),
            met: history.met,
            partnered: history.partnered,
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
        let mut sorted = [members[0], members[1], members[2], members[3]];
        sorted.sort_unstable();
        let [a, b, c, d] = sorted;
        let (m, seating) = self.best_split([[a, c, b, d], [a, b, c, d], [a, b, d, c]]);
        (m, seating.to_vec())
    }

    /// The measures of the best seating of these entrants, as [`TableModel::best_seating`]
    /// gives them, without building the seating.
    pub(crate) fn best_measures(&self, members: &[usize]) -> TableMeasures {
        if !(self.partnerships && members.len() == 4) {
            return self.seated(members);
        }
        let [a, b, c, d] = [members[0], members[1], members[2], members[3]];
        self.best_split([[a, c, b, d], [a, b, c, d], [a, b, d, c]])
            .0
    }

    /// The first best of three seatings of the same four entrants. Meetings and spread are
    /// the same in every split, so they are worked out once and only partners and sides
    /// compared.
    fn best_split(&self, seatings: [[usize; 4]; 3]) -> (TableMeasures, [usize; 4]) {
        let mut m = TableMeasures::default();
        let members = seatings[0];
        for (k, &i) in members.iter().enumerate() {
            for &j in &members[k + 1..] {
                m.repeat_meetings += self.met.get(i, j) as i128;
                let d = (self.score[i] - self.score[j]) as i128;
                m.spread += d * d;
            }
        }
        let split = |[a, b, c, d]: [usize; 4]| {
            (
                (self.partnered.get(a, c) + self.partnered.get(b, d)) as i128,
                (self.score[a] + self.score[c] - self.score[b] - self.score[d]).abs() as i128,
            )
        };
        let (mut best, mut seating) = (split(seatings[0]), seatings[0]);
        for other in &seatings[1..] {
            let this = split(*other);
            if this < best {
                (best, seating) = (this, *other);
            }
        }
        (m.repeat_partners, m.balance) = best;
        (m, seating)
    }

    /// The byes measure 1 asks for: every entrant who must have one, then the lowest-scored
    /// of those who may (of equal scores, the lowest-ranked).
    pub(crate) fn lowest_byes(&self) -> Vec<usize> {
        let n = self.len();
        let wanted = self.layout.byes;
        let mut byes: Vec<usize> = (0..n).filter(|&i| self.rule.must[i]).collect();
        let mut candidates: Vec<usize> = (0..n)
            .filter(|&i| self.rule.may[i] && !self.rule.must[i])
            .collect();
        candidates.sort_by_key(|&i| (self.score[i], std::cmp::Reverse(i)));
        byes.extend(candidates.into_iter().take(wanted - byes.len().min(wanted)));
        byes.truncate(wanted);
        byes
    }

    /// The measures of a whole pairing.
    pub(crate) fn measures(&self, tables: &[Seating], byes: &[usize]) -> TableMeasures {
        let tables = tables
            .iter()
            .fold(TableMeasures::default(), |sum, t| sum + self.seated(t));
        byes.iter().fold(tables, |sum, &i| sum + self.bye(i))
    }
}

/// The best pairing found at three or four seats (exact up to [`EXACT_LIMIT`] entrants).
pub(crate) fn pair(field: &SwissField, history: History) -> SwissRound {
    let model = TableModel::with_history(field, history);
    let (tables, byes) = if model.len() <= EXACT_LIMIT {
        exact(&model)
    } else if model.len() <= POLISH_UP_TO {
        floored(&model, search::search(&model))
    } else if model.len() <= MIDDLE_FIELD {
        best_of(
            &model,
            MIDDLE_RUNS.map(|(run, large)| stated::search_as(&model, run, large)),
        )
    } else {
        // The stated search, run with the choices it leaves open made for large fields (see
        // `stated`), is as good as the engine's own search there, and far faster.
        stated::search(&model, 0)
    };
    SwissRound { tables, byes }.in_order(model.partnerships)
}

/// Fields of up to this many entrants (beyond [`POLISH_UP_TO`]) run the stated search
/// several times, with the choices for large fields and to the letter, with different kicks
/// ([`MIDDLE_RUNS`]: run and whether made for large fields), and keep the best: one run can
/// land well worse than another (261 entrants at four seats: a spread of 64 against 44).
const MIDDLE_FIELD: usize = 1_000;
const MIDDLE_RUNS: [(u64, bool); 5] = [(0, true), (1, true), (2, true), (0, false), (1, false)];

/// The best of these pairings by the measures, the first of equals.
fn best_of(
    model: &TableModel,
    found: impl IntoIterator<Item = (Vec<Seating>, Vec<usize>)>,
) -> (Vec<Seating>, Vec<usize>) {
    found
        .into_iter()
        .map(|p| (model.measures(&p.0, &p.1), p))
        .min_by(|a, b| a.0.cmp(&b.0))
        .expect("at least one pairing")
        .1
}

/// Fields up to this size run the stated search [`STATED_RUNS_SMALL`] times, with different
/// kicks, and have the engine's own pairing polished by the stated search's descent and
/// kicks; larger fields run it once, and polish up to [`POLISH_UP_TO`] entrants.
const SMALL_FIELD: usize = 64;
const STATED_RUNS_SMALL: u64 = 5;
const POLISH_UP_TO: usize = 200;
/// Kicks after the descent when polishing the engine's own pairing.
const POLISH_KICKS: usize = 300;

/// The engine's own pairing, or a better one by the search the specification states as the
/// floor for fields of more than 12 entrants (the pairing must be no worse than it, measure by
/// measure). The stated search has random kicks, so one run of it can land better than
/// another: it is run with fixed seeds, more than once in small fields, and the engine's own
/// pairing is also polished by its moves; the best of all is kept, the engine's own of equals.
fn floored(model: &TableModel, own: (Vec<Seating>, Vec<usize>)) -> (Vec<Seating>, Vec<usize>) {
    let runs = if model.len() <= SMALL_FIELD {
        STATED_RUNS_SMALL
    } else {
        1
    };
    let mut best_measures = model.measures(&own.0, &own.1);
    if reaches_the_least_possible(model, &own.1, best_measures) {
        return own;
    }
    let mut best = own;
    let polished = (model.len() <= POLISH_UP_TO)
        .then(|| stated::polish(model, &best.0, &best.1, POLISH_KICKS));
    let found = polished
        .into_iter()
        .chain((0..runs).map(|run| stated::search(model, run)));
    for other in found {
        let measures = model.measures(&other.0, &other.1);
        if measures < best_measures {
            best_measures = measures;
            best = other;
        }
    }
    best
}

/// Whether a pairing with these byes and measures is as good as any can be, so that no search
/// can better it: the byes' scores the least the bye rule allows, no repeated partner or
/// meeting, sides balanced, and the spread of seating the others in rank order. The least
/// byes' scores fix the seated entrants' scores (the least sum of k scores is only made by the
/// k lowest). With tables all of `m` seats, the spread is `m Σ s² - Σ_tables (table sum)²`,
/// and the table sums' squares add up to the most when the scores sit in consecutive runs
/// (their sums then spread the widest), so that seating's spread is the least possible.
fn reaches_the_least_possible(model: &TableModel, byes: &[usize], m: TableMeasures) -> bool {
    let least_byes: i128 = model
        .lowest_byes()
        .iter()
        .map(|&b| model.score[b] as i128)
        .sum();
    if model.layout.short > 0
        || m.bye_scores != least_byes
        || m.repeat_partners != 0
        || m.repeat_meetings != 0
        || m.balance != 0
    {
        return false;
    }
    let mut seated: Vec<i128> = (0..model.len())
        .filter(|i| !byes.contains(i))
        .map(|i| model.score[i] as i128)
        .collect();
    seated.sort_unstable();
    let in_runs: i128 = seated
        .chunks(model.layout.seats)
        .map(|run| {
            let mut spread = 0;
            for (k, a) in run.iter().enumerate() {
                for b in &run[k + 1..] {
                    spread += (a - b) * (a - b);
                }
            }
            spread
        })
        .sum();
    m.spread == in_runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

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

/// The search on fields just past the exhaustive limit, against the exhaustive search (too slow
/// for debug builds: `cargo test --release -p fives-pairing -- --ignored search_against`).
/// The search on fields just past the exhaustive limit, against the exhaustive search (too slow
/// for debug builds: `cargo test --release -p fives-pairing -- --ignored search_against`).
#[cfg(test)]
mod search_quality {
    use super::*;
    use std::collections::HashMap;

    #[test]
    #[ignore]
    fn search_against_exhaustive_on_13_to_16_entrants() {
        let mut state = 9u64;
        let mut next = |below: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % below
        };
        let (mut same, mut total) = (0, 0);
        for round in 0..60 {
            let n = 13 + (round % 4) as usize;
            let seats = 3 + (round % 2) as usize;
            let partnerships = seats == 4 && round % 4 < 2;
            let mut scores: Vec<i64> = (0..n).map(|_| next(6) as i64).collect();
            scores.sort_unstable_by(|a, b| b.cmp(a));
            let key = |i: usize, j: usize| (i.min(j), i.max(j));
            let mut meetings = HashMap::new();
            let mut partners = HashMap::new();
            for _ in 0..3 * n {
                let (i, j) = (next(n as u64) as usize, next(n as u64) as usize);
                if i != j {
                    *meetings.entry(key(i, j)).or_insert(0) += 1;
                    if partnerships && next(3) == 0 {
                        partners.insert(key(i, j), 1);
                    }
                }
            }
            let field = SwissField {
                entrants: scores
                    .iter()
                    .map(|&score| crate::swiss::SwissEntrant { score, byes: 0 })
                    .collect(),
                seats,
                partnerships,
                remainder: if round % 3 == 0 {
                    Remainder::SmallerTables
                } else {
                    Remainder::Byes
                },
                meetings,
                partners,
            };
            let model = TableModel::new(&field);
            let (t, b) = search::search(&model);
            let got = model.measures(&t, &b);
            let (t, b) = exact(&model);
            let best = model.measures(&t, &b);
            total += 1;
            assert!(got >= best, "the exhaustive search is the best");
            same += (got == best) as usize;
        }
        assert!(same >= 55, "{same} of {total} at the optimum");
    }
}
