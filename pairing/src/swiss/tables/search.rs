//! Large fields at three and four seats: a construction in rank order, then local search.
//!
//! The construction gives the byes to the lowest-scored who may have them and fills the tables
//! in pairing-rank order, skipping ahead a little past anyone already met. Local search then
//! swaps entrants between tables (and between a table and the byes) while that makes the
//! pairing better by the measures, the best seating of each table recomputed on every try.
//! Swaps are tried between tables near each other in rank order and, for an entrant who
//! repeats a meeting or a partnership, with every table. It stops when a whole pass finds
//! nothing better or after a fixed number of tries: no clock, no randomness, so the same field
//! always gives the same pairing.

use super::{Seating, TableMeasures, TableModel};

/// Up to this many entrants, one repeating a meeting or partnership is tried with every table;
/// beyond, with the tables within eight windows of its own.
const EVERY_TABLE_UP_TO: usize = 2_000;
/// Tables on each side of a table whose entrants are tried in swaps.
const WINDOW: usize = 6;
/// Entrants looked at past the next in rank order when filling a table around earlier meetings.
const LOOKAHEAD: usize = 12;
/// Swaps tried at most, per entrant of the field.
const TRIES_PER_ENTRANT: usize = 4_000;

const BYE: usize = usize::MAX;

#[derive(Clone)]
struct State<'m> {
    model: &'m TableModel,
    /// Members of each table.
    tables: Vec<Vec<usize>>,
    /// Best measures of each table and the seating that gives them.
    costs: Vec<(TableMeasures, Seating)>,
    byes: Vec<usize>,
    /// Table of each entrant, or `BYE`.
    at: Vec<usize>,
}

pub(crate) fn search(model: &TableModel) -> (Vec<Seating>, Vec<usize>) {
    let mut state = construct(model);
    let mut budget = TRIES_PER_ENTRANT * model.len().max(1);
    let mut windows = WINDOW_SOLVES_PER_TABLE * state.tables.len() + ALL_SETS_BUDGET;
    descend(&mut state, &mut budget, &mut windows, None);
    // Iterated local search: a kick (three entrants of three tables moved round), a descent,
    // and the worse of the two dropped. The kicks come from a generator with a fixed seed.
    let mut best = state.clone();
    let mut best_total = total(&best);
    let mut rng = Kicks(0x5EED ^ model.len() as u64);
    let kicks = if model.len() <= SMALL_FIELD {
        (KICKS_PER_TABLE * state.tables.len()).clamp(KICKS_LEAST, KICKS_SMALL)
    } else {
        KICKS_LARGE
    };
    for _ in 0..kicks {
        if budget == 0 || state.tables.len() < 3 {
            break;
        }
        let kicked = kick(&mut state, &mut rng);
        descend(&mut state, &mut budget, &mut windows, Some(&kicked));
        let now = total(&state);
        // Equal results go on from where the kick led (the search walks the plateau) but the
        // first best is the one returned, so ties keep the rank-order construction.
        if now < best_total {
            best = state.clone();
            best_total = now;
        } else if now > best_total {
            state = best.clone();
        }
    }
    let tables = best.costs.into_iter().map(|(_, seating)| seating).collect();
    (tables, best.byes)
}

/// Fields up to this size get more kicks.
const SMALL_FIELD: usize = 200;
const KICKS_SMALL: usize = 60;
const KICKS_PER_TABLE: usize = 3;
const KICKS_LEAST: usize = 8;
const KICKS_LARGE: usize = 300;

/// Swaps and exact re-seatings in turn until neither helps or a budget is spent; around the
/// given tables only, when given.
fn descend(state: &mut State, budget: &mut usize, windows: &mut usize, focus: Option<&[usize]>) {
    let entrants: Option<Vec<usize>> = focus.map(|tables| {
        tables
            .iter()
            .flat_map(|&t| state.tables[t].clone())
            .collect()
    });
    improve(state, budget, entrants.as_deref());
    while *budget > 0 && reseat_windows(state, windows, focus) {
        improve(state, budget, entrants.as_deref());
    }
}

fn total(state: &State) -> TableMeasures {
    let tables = state
        .costs
        .iter()
        .fold(TableMeasures::default(), |sum, (m, _)| sum + *m);
    state
        .byes
        .iter()
        .fold(tables, |sum, &b| sum + state.model.bye(b))
}

/// A small deterministic generator (SplitMix64) for the kicks.
struct Kicks(u64);

impl Kicks {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Moves one entrant of each of three tables to the next of them, round: near in rank when
/// the field is large, anywhere when it is small.
fn kick(state: &mut State, rng: &mut Kicks) -> Vec<usize> {
    let count = state.tables.len();
    let first = rng.below(count);
    let reach = if state.model.len() <= SMALL_FIELD {
        count
    } else {
        2 * WINDOW + 1
    };
    let mut picked = vec![first];
    while picked.len() < 3 {
        let t = (first + rng.below(reach.min(count))) % count;
        if !picked.contains(&t) {
            picked.push(t);
        }
    }
    let moving: Vec<(usize, usize)> = picked
        .iter()
        .map(|&t| (t, rng.below(state.tables[t].len())))
        .collect();
    let entrants: Vec<usize> = moving.iter().map(|&(t, k)| state.tables[t][k]).collect();
    for (x, &(t, k)) in moving.iter().enumerate() {
        let incoming = entrants[(x + 2) % 3];
        state.tables[t][k] = incoming;
        state.at[incoming] = t;
    }
    for &t in &picked {
        state.costs[t] = state.model.best_seating(&state.tables[t]);
    }
    picked
}

/// Rank order for pairing purposes: score, then index.
fn rank_order(model: &TableModel) -> Vec<usize> {
    let mut order: Vec<usize> = (0..model.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(model.score[i]), i));
    order
}

fn construct(model: &TableModel) -> State<'_> {
    let n = model.len();
    let layout = model.layout;
    let byes = model.lowest_byes();

    let mut waiting: std::collections::VecDeque<usize> = rank_order(model)
        .into_iter()
        .filter(|i| !byes.contains(i))
        .collect();
    let sizes = std::iter::repeat_n(layout.seats, layout.full)
        .chain(std::iter::repeat_n(layout.seats - 1, layout.short));
    let mut tables = Vec::new();
    for size in sizes {
        let mut table = vec![waiting.pop_front().expect("enough entrants for the layout")];
        while table.len() < size {
            let window = waiting.len().min(LOOKAHEAD + 1);
            let pick = (0..window)
                .min_by_key(|&k| {
                    let repeats: u32 = table.iter().map(|&t| model.met.get(t, waiting[k])).sum();
                    (repeats, k)
                })
                .expect("enough entrants for the layout");
            table.push(waiting.remove(pick).expect("a waiting entrant"));
        }
        tables.push(table);
    }
    let mut at = vec![BYE; n];
    for (t, table) in tables.iter().enumerate() {
        for &i in table {
            at[i] = t;
        }
    }
    let costs = tables.iter().map(|t| model.best_seating(t)).collect();
    State {
        model,
        tables,
        costs,
        byes,
        at,
    }
}

/// The most entrants re-seated exactly at once: the exhaustive search's cost grows as `2^n`,
/// and the search runs it thousands of times a round.
const RESEAT_LIMIT: usize = 12;
/// Exact re-seatings tried besides, for the sets of a small field.
const ALL_SETS_BUDGET: usize = 600;
/// Exact re-seatings tried, per table of the field (beyond every set of tables of a small field).
const WINDOW_SOLVES_PER_TABLE: usize = 24;
/// Fields of at most this many tables have every set of tables re-seated that fits.
const ALL_SETS_UP_TO: usize = 8;

/// The sets of tables (with `BYE` standing for the byes) worth re-seating exactly among
/// themselves, each of at most twelve entrants: runs of neighbouring tables in rank order, the
/// byes with the lowest tables, every set when the field has few tables, and each table that
/// repeats a meeting or a partnership with every other table.
fn table_sets(state: &State) -> Vec<Vec<usize>> {
    let model = state.model;
    let size = |t: usize| {
        if t == BYE {
            state.byes.len()
        } else {
            state.tables[t].len()
        }
    };
    let fits = |set: &[usize]| set.iter().map(|&t| size(t)).sum::<usize>() <= RESEAT_LIMIT;
    let mut order: Vec<usize> = (0..state.tables.len()).collect();
    order.sort_by_key(|&t| state.tables[t].iter().min().copied());
    let mut sets: Vec<Vec<usize>> = Vec::new();
    for width in 2..=order.len() {
        let before = sets.len();
        for run in order.windows(width) {
            if fits(run) {
                sets.push(run.to_vec());
            }
        }
        if sets.len() == before {
            break;
        }
    }
    if !state.byes.is_empty() {
        for width in 1..=order.len() {
            let mut set = order[order.len() - width..].to_vec();
            set.push(BYE);
            if !fits(&set) {
                break;
            }
            sets.push(set);
        }
    }
    let mut slots = order.clone();
    if !state.byes.is_empty() {
        slots.push(BYE);
    }
    if state.tables.len() <= ALL_SETS_UP_TO {
        let mut chosen = Vec::new();
        every_set(&slots, 0, &mut chosen, &fits, &mut sets);
    }
    // In large fields, a repeating table's partners are the tables near it in rank.
    let reach = if model.len() <= SMALL_FIELD {
        slots.len()
    } else {
        4 * WINDOW
    };
    for (x, &t) in order.iter().enumerate() {
        let (m, _) = &state.costs[t];
        if m.repeat_meetings > 0 || m.repeat_partners > 0 {
            let near = order[x.saturating_sub(reach)..(x + reach + 1).min(order.len())].iter();
            for &u in near.chain(slots.iter().filter(|&&u| u == BYE)) {
                if u != t && fits(&[t, u]) {
                    sets.push(vec![t, u]);
                }
            }
        }
    }
    for set in &mut sets {
        set.sort_unstable();
    }
    let mut seen = std::collections::HashSet::new();
    sets.retain(|set| set.len() >= 2 && seen.insert(set.clone()));
    sets
}

/// Every set of two or more of `slots` that fits, added to `out`.
fn every_set(
    slots: &[usize],
    from: usize,
    chosen: &mut Vec<usize>,
    fits: &dyn Fn(&[usize]) -> bool,
    out: &mut Vec<Vec<usize>>,
) {
    for at in from..slots.len() {
        chosen.push(slots[at]);
        if fits(chosen) {
            if chosen.len() >= 2 {
                out.push(chosen.clone());
            }
            every_set(slots, at + 1, chosen, fits, out);
        }
        chosen.pop();
    }
}

/// Re-seats each set of [`table_sets`] as well as it can be among itself, by the exact search;
/// says whether any came out better. Within `budget` sets.
fn reseat_windows(state: &mut State, budget: &mut usize, focus: Option<&[usize]>) -> bool {
    let model = state.model;
    let mut better = false;
    let mut sets = table_sets(state);
    if let Some(focus) = focus {
        // Near a kick: the kicked tables together, and pairs holding one of them.
        sets.retain(|set| set.len() == 2 && set.iter().any(|t| focus.contains(t)));
        let mut kicked = focus.to_vec();
        kicked.sort_unstable();
        sets.push(kicked);
    }
    for set in sets {
        if *budget == 0 {
            return better;
        }
        // An earlier re-seating may have changed these tables; the set is still a set.
        *budget -= 1;
        let mut members = Vec::new();
        let (mut short, mut byes) = (0, 0);
        let mut now = TableMeasures::default();
        for &t in &set {
            if t == BYE {
                members.extend(&state.byes);
                byes = state.byes.len();
                now = state.byes.iter().fold(now, |sum, &b| sum + model.bye(b));
            } else {
                members.extend(&state.tables[t]);
                short += (state.tables[t].len() < model.layout.seats) as usize;
                now = now + state.costs[t].0;
            }
        }
        let Some((seatings, new_byes, cost)) = super::exact_among(model, &members, short, byes)
        else {
            continue;
        };
        if cost >= now {
            continue;
        }
        if byes > 0 {
            for &b in &new_byes {
                state.at[b] = BYE;
            }
            state.byes = new_byes;
        }
        // Short tables keep their slots: pair each new seating with a slot of its size.
        let mut slots: Vec<usize> = set.iter().copied().filter(|&t| t != BYE).collect();
        for seating in seatings {
            let at = slots
                .iter()
                .position(|&t| state.tables[t].len() == seating.len())
                .expect("a slot of each size");
            let t = slots.remove(at);
            let mut members = seating.clone();
            members.sort_unstable();
            for &i in &members {
                state.at[i] = t;
            }
            state.costs[t] = (model.seated(&seating), seating);
            state.tables[t] = members;
        }
        better = true;
    }
    better
}

/// First-improvement local search by swaps, within `budget` tries.
fn improve(state: &mut State, budget: &mut usize, only: Option<&[usize]>) {
    let everyone: Vec<usize>;
    let entrants = match only {
        Some(entrants) => entrants,
        None => {
            everyone = (0..state.model.len()).collect();
            &everyone
        }
    };
    loop {
        let mut better = false;
        for &i in entrants {
            if *budget == 0 {
                return;
            }
            let partners: Vec<usize> = partners_to_try(state, i);
            for j in partners {
                if *budget == 0 {
                    return;
                }
                *budget -= 1;
                if try_swap(state, i, j) {
                    better = true;
                }
            }
        }
        if !better {
            return;
        }
    }
}

/// Whom to try swapping `i` with: everyone at tables near `i`'s, and everyone if `i` repeats
/// a meeting or partnership at its table.
fn partners_to_try(state: &State, i: usize) -> Vec<usize> {
    let t = state.at[i];
    let repeats = t != BYE && {
        let (m, _) = &state.costs[t];
        (m.repeat_meetings > 0 || m.repeat_partners > 0)
            && state.tables[t]
                .iter()
                .any(|&k| k != i && state.model.met.get(i, k) > 0)
    };
    let count = state.tables.len();
    let (from, to) = if (repeats && state.model.len() <= EVERY_TABLE_UP_TO) || t == BYE {
        (0, count)
    } else {
        let reach = if repeats { 8 * WINDOW } else { WINDOW };
        (t.saturating_sub(reach), (t + reach + 1).min(count))
    };
    let mut out: Vec<usize> = (from..to)
        .filter(|&u| u != t)
        .flat_map(|u| state.tables[u].iter().copied())
        .collect();
    if t != BYE {
        out.extend(state.byes.iter().copied());
    }
    out
}

/// Swaps `i` and `j` if that makes the pairing better; says whether it did.
fn try_swap(state: &mut State, i: usize, j: usize) -> bool {
    let model = state.model;
    let (ti, tj) = (state.at[i], state.at[j]);
    if ti == tj {
        return false;
    }
    // Keep the bye rule: whoever leaves the byes must be allowed to play, whoever joins them
    // must be allowed a bye.
    for (leaving, joining) in [(ti, j), (tj, i)] {
        if leaving == BYE && (!model.rule.may[joining]) {
            return false;
        }
    }
    if (ti == BYE && model.rule.must[i]) || (tj == BYE && model.rule.must[j]) {
        return false;
    }
    let side = |state: &State,
                t: usize,
                out: usize,
                into: usize|
     -> (
        TableMeasures,
        TableMeasures,
        Option<(TableMeasures, Seating)>,
    ) {
        if t == BYE {
            (model.bye(out), model.bye(into), None)
        } else {
            let members: Vec<usize> = state.tables[t]
                .iter()
                .map(|&k| if k == out { into } else { k })
                .collect();
            let new = model.best_seating(&members);
            (state.costs[t].0, new.0, Some(new))
        }
    };
    let (old_i, new_i, seat_i) = side(state, ti, i, j);
    let (old_j, new_j, seat_j) = side(state, tj, j, i);
    if new_i + new_j >= old_i + old_j {
        return false;
    }
    for (t, out, into, seating) in [(ti, i, j, seat_i), (tj, j, i, seat_j)] {
        if t == BYE {
            let at = state.byes.iter().position(|&b| b == out).expect("a bye");
            state.byes[at] = into;
        } else {
            let at = state.tables[t]
                .iter()
                .position(|&k| k == out)
                .expect("a member");
            state.tables[t][at] = into;
            state.costs[t] = seating.expect("a seating");
        }
        state.at[into] = t;
    }
    true
}
