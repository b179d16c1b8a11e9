//! The search the specification states for fields of more than 12 entrants at three and four
//! seats, which a pairing must be no worse than, measure by measure: the byes as measure 1
//! requires and the rest seated in pairing-rank order, larger tables first; then, while one
//! improves the measures, a swap of two entrants between two tables, or of a bye and a seated
//! entrant with the same score and number of byes; then 300 kicks, each one to three random
//! swaps between tables followed by the same descent, keeping a result no worse than the last.
//!
//! It is run as written, with a generator of fixed seed, so the same field gives the same
//! result. The descent finds a swap that improves the measures wherever there is one (so it
//! ends where no swap between any two tables improves them) but skips, without trying their
//! swaps, the pairs of tables where none can: two tables that repeat no meeting or partnership
//! can only gain on score spread or, failing that, on sides, and a swap that widens their
//! spread loses (see [`Floor::hopeless`]).

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::{Seating, TableMeasures, TableModel};

/// The kicks the specification asks for.
const KICKS: usize = 300;

/// Fields of more than this many entrants are searched with the choices the specification
/// leaves open made for speed: the descent tries tables nearest first and takes the best
/// swap between two tables, and kicks swap between tables near each other. Smaller fields
/// try tables in order, take the first improving swap and kick between any two tables.
const LARGE_FIELD: usize = 200;
/// How far apart, in the order of tables, the two tables of a kick's swap are at most in
/// large fields.
const KICK_REACH: usize = 6;

/// The slot of the byes in the descent's queue of tables to look at again: one past the last
/// table.
fn bye_slot(tables: usize) -> usize {
    tables
}

/// A pairing under search: every table's members side by side in one list, with what the
/// descent needs of each table kept up to date.
#[derive(Clone)]
struct Floor<'m> {
    model: &'m TableModel,
    /// Table `t`'s members are `members[start[t]..start[t + 1]]`.
    members: Vec<usize>,
    start: Vec<usize>,
    /// The best measures of each table.
    cost: Vec<TableMeasures>,
    /// The sum of each table's scores, and its lowest and highest.
    score_sum: Vec<i128>,
    lowest: Vec<i64>,
    highest: Vec<i64>,
    /// With partnerships, the best balance of the table's scores over its three splits,
    /// whatever the partners' history: swaps of equal scores cannot better a table there.
    score_balance: Vec<i128>,
    /// Each table's members that repeat a meeting or partnership there, as bits by place.
    repeating: Vec<u8>,
    byes: Vec<usize>,
    /// The whole pairing's measures.
    total: TableMeasures,
    /// A field of more than [`LARGE_FIELD`] entrants (see [`LARGE_FIELD`]).
    large: bool,
    /// The tables at zero on every measure (their members all of one score, repeating
    /// nothing) by that score and their size, and every other table: the descent of a large
    /// field looks only at the tables a swap could improve with (see [`Floor::candidates`]).
    level: BTreeMap<(i64, usize), BTreeSet<usize>>,
    uneven: BTreeSet<usize>,
    filed: Vec<Option<(i64, usize)>>,
}

/// The stated search's pairing: each table seated at its best, and the byes.
///
/// Run 0 is the stated search to the letter. Later runs, with other kicks, also kick a bye
/// into play: a bye swapped with a seated entrant of the same score and number of byes, which
/// leaves the measures as they were but lets the descent reach seatings that need another of
/// equal entrants on the bye (the stated descent takes such a swap only when it improves).
pub(crate) fn search(model: &TableModel, run: u64) -> (Vec<Seating>, Vec<usize>) {
    search_as(model, run, model.len() > LARGE_FIELD)
}

/// [`search`] with the choices for large fields (see [`LARGE_FIELD`]) made or not, whatever
/// the field's size.
pub(crate) fn search_as(model: &TableModel, run: u64, large: bool) -> (Vec<Seating>, Vec<usize>) {
    let seed = 0x5EED_F100 + run * 0x1234_5678_9ABC;
    let mut floor = Floor::in_rank_order(model);
    floor.large = large;
    descend_and_kick(floor, KICKS, seed, run > 0)
}

/// The stated search's descent and kicks from another pairing.
pub(crate) fn polish(
    model: &TableModel,
    tables: &[Seating],
    byes: &[usize],
    kicks: usize,
) -> (Vec<Seating>, Vec<usize>) {
    descend_and_kick(
        Floor::from_pairing(model, tables, byes),
        kicks,
        0x9011_5400,
        true,
    )
}

fn descend_and_kick(
    mut floor: Floor,
    kicks: usize,
    seed: u64,
    bye_kicks: bool,
) -> (Vec<Seating>, Vec<usize>) {
    let model = floor.model;
    let everything: Vec<usize> = (0..=floor.tables()).collect();
    floor.descend(&everything);
    let mut rng = SplitMix(seed ^ model.len() as u64);
    for _ in 0..kicks {
        if floor.tables() < 2 {
            break;
        }
        let last = floor.clone();
        let mut kicked = Vec::with_capacity(7);
        if bye_kicks && !floor.byes.is_empty() && rng.below(2) == 0 {
            kicked.extend(floor.kick_a_bye(&mut rng));
        }
        for _ in 0..1 + rng.below(3) {
            let (t, u) = floor.kicked_tables(&mut rng);
            let x = rng.below(floor.size(t));
            let y = rng.below(floor.size(u));
            floor.swap(t, x, u, y);
            kicked.extend([t, u]);
        }
        floor.descend(&kicked);
        if specified(floor.total) > specified(last.total) {
            floor = last;
        }
    }
    let tables = (0..floor.tables())
        .map(|t| model.best_seating(floor.table(t)).1)
        .collect();
    (tables, floor.byes)
}

impl<'m> Floor<'m> {
    /// The byes measure 1 asks for, the rest in pairing-rank order, larger tables first.
    fn in_rank_order(model: &'m TableModel) -> Self {
        let layout = model.layout;
        let byes = model.lowest_byes();
        let mut on_bye = vec![false; model.len()];
        for &b in &byes {
            on_bye[b] = true;
        }
        let mut members: Vec<usize> = (0..model.len()).filter(|&i| !on_bye[i]).collect();
        members.sort_by_key(|&i| (std::cmp::Reverse(model.score[i]), i));
        let sizes: Vec<usize> = std::iter::repeat_n(layout.seats, layout.full)
            .chain(std::iter::repeat_n(layout.seats - 1, layout.short))
            .collect();
        Floor::new(model, members, &sizes, byes)
    }

    /// A pairing found otherwise.
    fn from_pairing(model: &'m TableModel, tables: &[Seating], byes: &[usize]) -> Self {
        let members = tables.iter().flatten().copied().collect();
        let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
        Floor::new(model, members, &sizes, byes.to_vec())
    }

    fn new(model: &'m TableModel, members: Vec<usize>, sizes: &[usize], byes: Vec<usize>) -> Self {
        let mut start = vec![0];
        for size in sizes {
            start.push(start.last().expect("a start") + size);
        }
        let tables = start.len() - 1;
        let mut floor = Floor {
            model,
            members,
            start,
            cost: vec![TableMeasures::default(); tables],
            score_sum: vec![0; tables],
            lowest: vec![0; tables],
            highest: vec![0; tables],
            score_balance: vec![0; tables],
            repeating: vec![0; tables],
            large: model.len() > LARGE_FIELD,
            level: BTreeMap::new(),
            uneven: BTreeSet::new(),
            filed: vec![None; tables],
            byes,
            total: TableMeasures::default(),
        };
        for t in 0..tables {
            floor.refresh(t);
        }
        let tables_total = floor
            .cost
            .iter()
            .fold(TableMeasures::default(), |sum, &m| sum + m);
        floor.total = floor
            .byes
            .iter()
            .fold(tables_total, |sum, &b| sum + model.bye(b));
        floor
    }

    fn tables(&self) -> usize {
        self.start.len() - 1
    }

    fn size(&self, t: usize) -> usize {
        self.start[t + 1] - self.start[t]
    }

    fn table(&self, t: usize) -> &[usize] {
        &self.members[self.start[t]..self.start[t + 1]]
    }

    /// Works out table `t`'s measures and score range again after a change.
    fn refresh(&mut self, t: usize) {
        let model = self.model;
        let members = &self.members[self.start[t]..self.start[t + 1]];
        self.cost[t] = model.best_measures(members);
        self.repeating[t] = 0;
        if !self.repeats_nothing(t) {
            for (x, &i) in members.iter().enumerate() {
                if members
                    .iter()
                    .any(|&j| j != i && (model.met.get(i, j) > 0 || model.partnered.get(i, j) > 0))
                {
                    self.repeating[t] |= 1 << x;
                }
            }
        }
        let scores = members.iter().map(|&i| model.score[i]);
        self.score_sum[t] = scores.clone().map(i128::from).sum();
        self.lowest[t] = scores.clone().min().expect("a table has members");
        self.highest[t] = scores.max().expect("a table has members");
        self.score_balance[t] = score_balance(model, members);
        self.file(t);
    }

    /// Files table `t` among the level tables or the others, as its measures now say.
    fn file(&mut self, t: usize) {
        match self.filed[t] {
            Some(key) => {
                let bucket = self.level.get_mut(&key).expect("a filed table's bucket");
                bucket.remove(&t);
                if bucket.is_empty() {
                    self.level.remove(&key);
                }
            }
            None => {
                self.uneven.remove(&t);
            }
        }
        if self.cost[t] == TableMeasures::default() {
            let key = (self.lowest[t], self.size(t));
            self.level.entry(key).or_default().insert(t);
            self.filed[t] = Some(key);
        } else {
            self.uneven.insert(t);
            self.filed[t] = None;
        }
    }

    /// The level tables a swap with table `t` could improve the pairing with, when `t`
    /// repeats nothing: none when `t` is level too, else those of a score within `t`'s range
    /// that [`Floor::hopeless`] does not rule out (level tables of one score and size are
    /// alike to it, so one of them stands for all).
    fn level_candidates(&self, t: usize) -> Vec<usize> {
        let mut out = Vec::new();
        if self.cost[t] != TableMeasures::default() {
            let range = (self.lowest[t], 0)..=(self.highest[t], usize::MAX);
            for bucket in self.level.range(range).map(|(_, bucket)| bucket) {
                let stands_for = *bucket.first().expect("buckets are not empty");
                if !self.hopeless(t, stands_for) {
                    out.extend(bucket.iter().copied());
                }
            }
        }
        out
    }

    /// The tables at a distance from `t` in `near` (in the order of tables) that a swap with
    /// `t` could improve the pairing with, nearest first (`t + 1`, `t - 1`, `t + 2`, …: tables
    /// start in rank order and swaps mostly keep them near it, so tables of like scores come
    /// first):
    /// every table when `t` repeats a meeting or partnership; otherwise the tables not level
    /// and the `level` ones (see [`Floor::level_candidates`]). Any other table is one
    /// [`Floor::hopeless`] rules out, so the descent takes the same swaps as when it tries
    /// every table in this order.
    fn candidates(&self, t: usize, near: std::ops::Range<usize>, level: &[usize]) -> Vec<usize> {
        let tables = self.tables();
        let mut out = Vec::new();
        if !self.repeats_nothing(t) {
            for d in near {
                out.extend((t + d < tables).then_some(t + d));
                out.extend(t.checked_sub(d));
            }
            return out;
        }
        let (lo, hi) = (near.start, near.end);
        out.extend(self.uneven.range(t + lo..t + hi));
        if t >= lo {
            out.extend(self.uneven.range((t + 1).saturating_sub(hi)..=t - lo));
        }
        out.extend(level.iter().filter(|&&u| near.contains(&u.abs_diff(t))));
        out.sort_unstable_by_key(|&u| (u.abs_diff(t), u < t));
        out
    }

    /// Swaps member `x` of table `t` with member `y` of table `u`.
    fn swap(&mut self, t: usize, x: usize, u: usize, y: usize) {
        let before = self.cost[t] + self.cost[u];
        self.members.swap(self.start[t] + x, self.start[u] + y);
        self.refresh(t);
        self.refresh(u);
        self.total = self.total - before + self.cost[t] + self.cost[u];
    }

    /// Two tables for a kick's swap, at random: any two in a small field; in a large one, the
    /// second within [`KICK_REACH`] tables of the first in the order of tables (rank order at
    /// the start), since a swap between tables far apart in score is undone by the descent
    /// that follows, only after a long walk of the swapped entrants back to their scores.
    fn kicked_tables(&self, rng: &mut SplitMix) -> (usize, usize) {
        let tables = self.tables();
        if !self.large || tables <= 2 * KICK_REACH + 1 {
            let t = rng.below(tables);
            let mut u = rng.below(tables - 1);
            if u >= t {
                u += 1;
            }
            return (t, u);
        }
        // Level tables are at zero on every measure: a kick starts at a table that is not, if
        // there is one.
        let t = if self.uneven.is_empty() {
            rng.below(tables)
        } else {
            let k = rng.below(self.uneven.len());
            *self.uneven.iter().nth(k).expect("k is below the count")
        };
        let mut d = 1 + rng.below(2 * KICK_REACH);
        if d > KICK_REACH {
            d = tables - (d - KICK_REACH);
        }
        (t, (t + d) % tables)
    }

    /// Swaps a random bye with a random seated entrant of the same score and number of byes,
    /// if there is one; the table changed.
    fn kick_a_bye(&mut self, rng: &mut SplitMix) -> Option<usize> {
        let model = self.model;
        let k = rng.below(self.byes.len());
        let i = self.byes[k];
        let equal: Vec<(usize, usize)> = (0..self.tables())
            .flat_map(|t| (0..self.size(t)).map(move |x| (t, x)))
            .filter(|&(t, x)| {
                let j = self.table(t)[x];
                model.score[j] == model.score[i] && model.byes_had[j] == model.byes_had[i]
            })
            .collect();
        if equal.is_empty() {
            return None;
        }
        let (t, x) = equal[rng.below(equal.len())];
        let j = self.table(t)[x];
        let now = self.cost[t] + model.bye(i);
        self.members[self.start[t] + x] = i;
        self.byes[k] = j;
        self.refresh(t);
        self.total = self.total - now + self.cost[t] + model.bye(j);
        Some(t)
    }

    /// Table `t`'s members with member `x` replaced by `by`.
    fn replaced(&self, t: usize, x: usize, by: usize) -> ([usize; 4], usize) {
        let mut out = [0; 4];
        let table = self.table(t);
        out[..table.len()].copy_from_slice(table);
        out[x] = by;
        (out, table.len())
    }

    fn repeats_nothing(&self, t: usize) -> bool {
        self.cost[t].repeat_meetings == 0 && self.cost[t].repeat_partners == 0
    }

    /// Whether no swap between tables `t` and `u` can improve the measures, without trying
    /// them. When neither repeats a meeting or partnership, measures 2 and 3 can only grow,
    /// so a swap must narrow the score spread or keep it and better the sides: not possible
    /// when both tables are already at zero on every measure, nor, between two tables of one
    /// size, when no swap narrows the spread and none that keeps it can better the sides.
    ///
    /// At a table of `m` members of scores summing to `S`, the spread is `m Σ s² - S²`. A swap
    /// of `a` at the table of the greater sum `S_h` for `b` at the other, of sum `S_l`, keeps
    /// `Σ s²` and changes the spread by `-2 δ (S_h - S_l + δ)`, `δ = b - a`: it narrows it
    /// exactly when some `b` exceeds some `a` or some `a - b` exceeds `S_h - S_l`, and keeps
    /// it when `δ` is 0 or `-(S_h - S_l)`. An exchange of equal scores leaves the tables'
    /// scores as they were, so it cannot better sides already as balanced as those scores
    /// allow.
    fn hopeless(&self, t: usize, u: usize) -> bool {
        if !(self.repeats_nothing(t) && self.repeats_nothing(u)) {
            return false;
        }
        let zero = TableMeasures::default();
        if self.cost[t] == zero && self.cost[u] == zero {
            return true;
        }
        if self.size(t) != self.size(u) {
            return false;
        }
        let (h, l) = if self.score_sum[t] >= self.score_sum[u] {
            (t, u)
        } else {
            (u, t)
        };
        let gap = self.score_sum[h] - self.score_sum[l];
        let widest = i128::from(self.highest[h]) - i128::from(self.lowest[l]);
        let narrows = self.highest[l] > self.lowest[h] || widest > gap;
        if narrows {
            return false;
        }
        if !self.model.partnerships {
            return true;
        }
        let settled = |t: usize| self.cost[t].balance == self.score_balance[t];
        settled(t) && settled(u) && (gap == 0 || widest < gap)
    }

    /// Whether sides can come out better when `t`'s member `x` and `u`'s member `y` swap
    /// tables: a table's sides are never better balanced than its scores allow, whatever
    /// the partners' history, so the swap can better them only if the two new tables' best
    /// balances by score alone sum to less than the two tables' balances now.
    fn may_balance_better(&self, t: usize, x: usize, u: usize, y: usize) -> bool {
        let (i, j) = (self.table(t)[x], self.table(u)[y]);
        let (new_t, len_t) = self.replaced(t, x, j);
        let (new_u, len_u) = self.replaced(u, y, i);
        let best = |members: &[usize]| score_balance(self.model, members);
        best(&new_t[..len_t]) + best(&new_u[..len_u]) < self.cost[t].balance + self.cost[u].balance
    }

    /// The change in score spread when `t`'s member `x` and `u`'s member `y` swap tables.
    fn spread_change(&self, t: usize, x: usize, u: usize, y: usize) -> i128 {
        let score = |i: usize| i128::from(self.model.score[i]);
        let (a, b) = (score(self.table(t)[x]), score(self.table(u)[y]));
        // At a table of m members summing to S, `a` replaced by `b` changes the squared
        // differences with the m - 1 others by (m - 1)(b² - a²) - 2 (b - a)(S - a).
        let change = |m: usize, sum: i128, out: i128, into: i128| {
            (m as i128 - 1) * (into * into - out * out) - 2 * (into - out) * (sum - out)
        };
        change(self.size(t), self.score_sum[t], a, b)
            + change(self.size(u), self.score_sum[u], b, a)
    }

    /// Takes a swap between tables `t` and `u` that improves the measures, if there is one,
    /// and says whether there was: the first found in small fields, the best of the two
    /// tables' swaps in large ones (where the first found can be the swap that mends a
    /// repeated meeting by taking an entrant of another score, whose spread the descent then
    /// mends again in many small steps).
    fn improve_pair(&mut self, t: usize, u: usize) -> bool {
        if self.hopeless(t, u) {
            return false;
        }
        let model = self.model;
        let now = self.cost[t] + self.cost[u];
        let mut best: Option<(TableMeasures, usize, usize)> = None;
        for x in 0..self.size(t) {
            for y in 0..self.size(u) {
                let (i, j) = (self.table(t)[x], self.table(u)[y]);
                // When neither repeats a meeting or partnership at its table, the repeats of
                // the others stay and those of the newcomers add to them: the swap cannot
                // lessen measures 2 and 3.
                let free = self.repeating[t] & (1 << x) == 0 && self.repeating[u] & (1 << y) == 0;
                if free {
                    // Repeats can only grow here: a swap must not widen the spread, and if it
                    // keeps it, must better the sides (without partnerships there are none).
                    let change = self.spread_change(t, x, u, y);
                    if change > 0
                        || (change == 0
                            && (!model.partnerships || !self.may_balance_better(t, x, u, y)))
                    {
                        continue;
                    }
                }
                let (new_t, len_t) = self.replaced(t, x, j);
                let (new_u, len_u) = self.replaced(u, y, i);
                let after =
                    model.best_measures(&new_t[..len_t]) + model.best_measures(&new_u[..len_u]);
                if after < best.map_or(now, |(m, _, _)| m) {
                    best = Some((after, x, y));
                    if !self.large {
                        break;
                    }
                }
            }
            if best.is_some() && !self.large {
                break;
            }
        }
        let Some((_, x, y)) = best else {
            return false;
        };
        self.swap(t, x, u, y);
        true
    }

    /// Takes the first swap of a bye with a member of table `t` of the same score and number
    /// of byes that improves the measures; says whether there was one.
    fn improve_bye(&mut self, t: usize) -> bool {
        let model = self.model;
        for k in 0..self.byes.len() {
            let i = self.byes[k];
            for x in 0..self.size(t) {
                let j = self.table(t)[x];
                if model.score[i] != model.score[j] || model.byes_had[i] != model.byes_had[j] {
                    continue;
                }
                let (new_t, len) = self.replaced(t, x, i);
                let after = model.best_measures(&new_t[..len]) + model.bye(j);
                let now = self.cost[t] + model.bye(i);
                if specified(after) < specified(now) {
                    self.members[self.start[t] + x] = i;
                    self.byes[k] = j;
                    self.refresh(t);
                    self.total = self.total - now + self.cost[t] + model.bye(j);
                    return true;
                }
            }
        }
        false
    }

    /// Improves the pairing by swaps until no swap between any two tables, nor of a bye with
    /// a seated entrant, makes it better. Only swaps involving a table changed since it was
    /// last looked at can: `dirty` names the changed tables (and the byes, by
    /// [`bye_slot`]), and a table is looked at against every other until it gives nothing.
    fn descend(&mut self, dirty: &[usize]) {
        let tables = self.tables();
        let byes = bye_slot(tables);
        let mut queued = vec![false; tables + 1];
        let mut queue = VecDeque::new();
        for &t in dirty {
            if !queued[t] {
                queued[t] = true;
                queue.push_back(t);
            }
        }
        while let Some(t) = queue.pop_front() {
            queued[t] = false;
            'look: loop {
                // Large fields look at the tables in windows of distance from `t` doubling
                // in width, so that the first improvement is found without listing them all.
                let windowed = self.large && t != byes;
                let level = if windowed && self.repeats_nothing(t) {
                    self.level_candidates(t)
                } else {
                    Vec::new()
                };
                let mut near = 1..2;
                loop {
                    let order: Vec<usize> = if windowed {
                        // A table still queued is skipped: its own look, to come, tries it
                        // with `t` (or rules their swaps out), after any change of either.
                        let mut order = self.candidates(t, near.clone(), &level);
                        order.retain(|&u| !queued[u]);
                        order
                    } else {
                        (0..tables).filter(|&u| u != t).collect()
                    };
                    for u in order {
                        let changed = if t == byes {
                            self.improve_bye(u)
                        } else {
                            self.improve_pair(t, u)
                        };
                        if changed {
                            if !queued[u] {
                                queued[u] = true;
                                queue.push_back(u);
                            }
                            continue 'look;
                        }
                    }
                    if !windowed || near.end >= tables {
                        break;
                    }
                    near = near.end..2 * near.end;
                }
                if t != byes && !self.byes.is_empty() && self.improve_bye(t) {
                    if !queued[byes] {
                        queued[byes] = true;
                        queue.push_back(byes);
                    }
                    continue 'look;
                }
                break;
            }
        }
    }
}

/// The best balance of a partnership table's sides by its members' scores alone, over its
/// three splits, whatever the partners' history (0 for a table without partnerships).
fn score_balance(model: &TableModel, members: &[usize]) -> i128 {
    if !(model.partnerships && members.len() == 4) {
        return 0;
    }
    let s = |k: usize| i128::from(model.score[members[k]]);
    [
        (s(0) + s(1) - s(2) - s(3)).abs(),
        (s(0) + s(2) - s(1) - s(3)).abs(),
        (s(0) + s(3) - s(1) - s(2)).abs(),
    ]
    .into_iter()
    .min()
    .expect("three splits")
}

/// The specification's five measures, in order, without the engine's own tie-break (the
/// byes' rank): the stated search moves by them alone, so it walks freely among byes of equal
/// score, as the specification's words allow.
fn specified(m: TableMeasures) -> (i128, i128, i128, i128, i128) {
    (
        m.bye_scores,
        m.repeat_partners,
        m.repeat_meetings,
        m.spread,
        m.balance,
    )
}

/// A small deterministic generator (SplitMix64) for the kicks.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}
