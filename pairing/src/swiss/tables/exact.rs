//! The exhaustive search at three and four seats: every partition of a set of at most
//! [`MOST_MEMBERS`] entrants into the layout's tables and byes, with memory of the best
//! completion of each set of unseated members.
//!
//! It runs on whole fields of up to [`super::EXACT_LIMIT`] entrants and, thousands of times a
//! round, on the few tables the local search re-seats together, so its memory is kept between
//! calls (stamped, not cleared) and each table's measures are worked out from the members'
//! scores and history copied into small arrays first.

use std::cell::RefCell;

use super::{Seating, TableMeasures, TableModel};

/// The most entrants the search takes at once: sets are bit masks of a `u32`, and its memory
/// grows as `2^n`.
pub(crate) const MOST_MEMBERS: usize = 16;

/// Sets of up to this many members use the memory kept between calls.
const KEPT_UP_TO: usize = 12;

/// The best completion of a set of unseated members, if any, and the set seated next in it.
type Completion = Option<(TableMeasures, u32)>;

/// Memory kept between calls: an entry counts only if it carries the current call's stamp.
#[derive(Default)]
struct Scratch {
    stamp: u32,
    memo: Vec<(u32, Completion)>,
    tables: Vec<(u32, TableMeasures)>,
    /// For `by_size_key = (members, seats)`: every set of each size below `seats`.
    by_size_key: (usize, usize),
    by_size: Vec<Vec<u32>>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Scratch {
    /// Makes room for `memo` slots and `sets` table sets, and starts a new call's stamp.
    fn begin(&mut self, memo: usize, sets: usize, members: usize, seats: usize) {
        if self.stamp == u32::MAX {
            *self = Scratch::default();
        }
        self.stamp += 1;
        if self.memo.len() < memo {
            self.memo.resize(memo, (0, None));
        }
        if self.tables.len() < sets {
            self.tables.resize(sets, (0, TableMeasures::default()));
        }
        if self.by_size_key != (members, seats) || self.by_size.is_empty() {
            let all = ((1u64 << members) - 1) as u32;
            self.by_size = vec![Vec::new(); seats];
            for set in 0..=all {
                let size = set.count_ones() as usize;
                if size < seats {
                    self.by_size[size].push(set);
                }
            }
            self.by_size_key = (members, seats);
        }
    }
}

/// Every partition of the whole field (see [`exact_among`]).
pub(crate) fn exact(model: &TableModel) -> (Vec<Seating>, Vec<usize>) {
    let everyone: Vec<usize> = (0..model.len()).collect();
    let (tables, byes, _) = exact_among(model, &everyone, model.layout.short, model.layout.byes)
        .expect("a table layout always has a seating");
    (tables, byes)
}

/// The members' scores and history, by their place in `members`.
struct Local {
    score: [i64; MOST_MEMBERS],
    met: [[u32; MOST_MEMBERS]; MOST_MEMBERS],
    partnered: [[u32; MOST_MEMBERS]; MOST_MEMBERS],
    bye: [TableMeasures; MOST_MEMBERS],
    /// Who may, and who must, have a bye, as sets.
    may_bye: u32,
    must_bye: u32,
}

impl Local {
    fn new(model: &TableModel, members: &[usize]) -> Self {
        let mut local = Local {
            score: [0; MOST_MEMBERS],
            met: [[0; MOST_MEMBERS]; MOST_MEMBERS],
            partnered: [[0; MOST_MEMBERS]; MOST_MEMBERS],
            bye: [TableMeasures::default(); MOST_MEMBERS],
            may_bye: 0,
            must_bye: 0,
        };
        for (k, &i) in members.iter().enumerate() {
            local.score[k] = model.score[i];
            local.bye[k] = model.bye(i);
            local.may_bye |= u32::from(model.rule.may[i]) << k;
            local.must_bye |= u32::from(model.rule.must[i]) << k;
            for (l, &j) in members.iter().enumerate().skip(k + 1) {
                let (met, partnered) = (model.met.get(i, j), model.partnered.get(i, j));
                (local.met[k][l], local.met[l][k]) = (met, met);
                (local.partnered[k][l], local.partnered[l][k]) = (partnered, partnered);
            }
        }
        local
    }

    /// The measures of the best seating of the set `chosen`, as
    /// [`TableModel::best_measures`] gives them: meetings and spread do not depend on the
    /// split into partnerships, so only partners and sides are compared over the three.
    fn table(&self, chosen: u32, partnerships: bool) -> TableMeasures {
        let mut at = [0usize; 4];
        let mut len = 0;
        let mut bits = chosen;
        while bits != 0 {
            at[len] = bits.trailing_zeros() as usize;
            len += 1;
            bits &= bits - 1;
        }
        let mut m = TableMeasures::default();
        for x in 0..len {
            for &l in &at[x + 1..len] {
                let k = at[x];
                m.repeat_meetings += i128::from(self.met[k][l]);
                let d = i128::from(self.score[k] - self.score[l]);
                m.spread += d * d;
            }
        }
        if partnerships && len == 4 {
            let [a, b, c, d] = at;
            let split = |p: usize, q: usize, r: usize, s: usize| {
                (
                    i128::from(self.partnered[p][q] + self.partnered[r][s]),
                    i128::from(self.score[p] + self.score[q] - self.score[r] - self.score[s]).abs(),
                )
            };
            (m.repeat_partners, m.balance) =
                [split(a, c, b, d), split(a, b, c, d), split(a, d, b, c)]
                    .into_iter()
                    .min()
                    .expect("three splits");
        }
        m
    }
}

struct Search<'a> {
    model: &'a TableModel,
    members: &'a [usize],
    local: Local,
    short: usize,
    byes: usize,
    scratch: &'a mut Scratch,
}

impl Search<'_> {
    fn global(&self, chosen: u32) -> Vec<usize> {
        (0..self.members.len())
            .filter(|&k| chosen & (1 << k) != 0)
            .map(|k| self.members[k])
            .collect()
    }

    fn slot(&self, open: u32, short_left: usize, byes_left: usize) -> usize {
        (open as usize * (self.short + 1) + short_left) * (self.byes + 1) + byes_left
    }

    fn remembered(&self, slot: usize) -> Option<Completion> {
        let (stamp, completion) = self.scratch.memo[slot];
        (stamp == self.scratch.stamp).then_some(completion)
    }

    fn table(&mut self, chosen: u32) -> TableMeasures {
        let (stamp, known) = self.scratch.tables[chosen as usize];
        if stamp == self.scratch.stamp {
            return known;
        }
        let m = self.local.table(chosen, self.model.partnerships);
        self.scratch.tables[chosen as usize] = (self.scratch.stamp, m);
        m
    }

    fn best(&mut self, open: u32, short_left: usize, byes_left: usize) -> Option<TableMeasures> {
        if open == 0 {
            return Some(TableMeasures::default());
        }
        let slot = self.slot(open, short_left, byes_left);
        if let Some(known) = self.remembered(slot) {
            return known.map(|(m, _)| m);
        }
        let k = open.trailing_zeros() as usize;
        let rest = open & !(1 << k);
        let seats = self.model.layout.seats;
        let left = open.count_ones() as usize - byes_left;
        let full_left = (left - short_left * (seats - 1)) / seats;
        let mut found: Completion = None;
        let consider = |found: &mut Completion, m: TableMeasures, chosen| {
            if found.is_none_or(|(best, _)| m < best) {
                *found = Some((m, chosen));
            }
        };
        if byes_left > 0
            && self.local.may_bye & (1 << k) != 0
            && let Some(after) = self.best(rest, short_left, byes_left - 1)
        {
            consider(&mut found, self.local.bye[k] + after, 1 << k);
        }
        if self.local.must_bye & (1 << k) == 0 {
            let seatable = rest & !self.local.must_bye;
            for (size, is_short) in [(seats, false), (seats - 1, true)] {
                if (is_short && short_left == 0) || (!is_short && full_left == 0) {
                    continue;
                }
                for x in 0..self.scratch.by_size[size - 1].len() {
                    let others = self.scratch.by_size[size - 1][x];
                    if others & !seatable != 0 {
                        continue;
                    }
                    let chosen = others | 1 << k;
                    let after =
                        self.best(open & !chosen, short_left - is_short as usize, byes_left);
                    if let Some(after) = after {
                        let table = self.table(chosen);
                        consider(&mut found, table + after, chosen);
                    }
                }
            }
        }
        self.scratch.memo[slot] = (self.scratch.stamp, found);
        found.map(|(m, _)| m)
    }
}

/// The best seating of `members` (at most [`MOST_MEMBERS`], in any order) at tables of the
/// model's size, `short` of them one seat short, with `byes` byes, and its measures; `None` if
/// the bye rule leaves no way. Every partition is searched, with memory of the best completion
/// of each set of unseated members: the first unseated member is placed first, so each
/// partition is met once, and of equal completions the first found is kept, so the result is
/// deterministic.
pub(crate) fn exact_among(
    model: &TableModel,
    members: &[usize],
    short: usize,
    byes: usize,
) -> Option<(Vec<Seating>, Vec<usize>, TableMeasures)> {
    let n = members.len();
    assert!(n <= MOST_MEMBERS, "exhaustive search is for small sets");
    let all = ((1u64 << n) - 1) as u32;
    let search = |scratch: &mut Scratch| {
        let sets = all as usize + 1;
        scratch.begin(sets * (short + 1) * (byes + 1), sets, n, model.layout.seats);
        let mut search = Search {
            model,
            members,
            local: Local::new(model, members),
            short,
            byes,
            scratch,
        };
        let total = search.best(all, short, byes)?;
        let (mut open, mut short_left, mut byes_left) = (all, short, byes);
        let (mut tables, mut bye_list) = (Vec::new(), Vec::new());
        while open != 0 {
            let slot = search.slot(open, short_left, byes_left);
            let (_, chosen) = search.remembered(slot).flatten().expect("a completion");
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
    };
    // The memory kept between calls is for the local search's small sets; a whole field of
    // more has memory of its own, given back when it is paired.
    if n <= KEPT_UP_TO {
        SCRATCH.with_borrow_mut(search)
    } else {
        search(&mut Scratch::default())
    }
}
