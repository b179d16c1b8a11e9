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

/// Tables on each side of a table whose entrants are tried in swaps.
const WINDOW: usize = 6;
/// Entrants looked at past the next in rank order when filling a table around earlier meetings.
const LOOKAHEAD: usize = 12;
/// Swaps tried at most, per entrant of the field.
const TRIES_PER_ENTRANT: usize = 4_000;

const BYE: usize = usize::MAX;

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
    improve(&mut state, &mut budget);
    let mut windows = WINDOW_SOLVES_PER_TABLE * state.tables.len();
    while reseat_windows(&mut state, &mut windows) && budget > 0 {
        improve(&mut state, &mut budget);
    }
    let tables = state
        .costs
        .into_iter()
        .map(|(_, seating)| seating)
        .collect();
    (tables, state.byes)
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
    let mut byes: Vec<usize> = (0..n).filter(|&i| model.rule.must[i]).collect();
    let mut candidates: Vec<usize> = (0..n)
        .filter(|&i| model.rule.may[i] && !model.rule.must[i])
        .collect();
    candidates.sort_by_key(|&i| (model.score[i], std::cmp::Reverse(i)));
    byes.extend(
        candidates
            .into_iter()
            .take(layout.byes - byes.len().min(layout.byes)),
    );
    byes.truncate(layout.byes);

    let mut waiting: Vec<usize> = rank_order(model)
        .into_iter()
        .filter(|i| !byes.contains(i))
        .collect();
    let sizes = std::iter::repeat_n(layout.seats, layout.full)
        .chain(std::iter::repeat_n(layout.seats - 1, layout.short));
    let mut tables = Vec::new();
    for size in sizes {
        let mut table = vec![waiting.remove(0)];
        while table.len() < size {
            let window = waiting.len().min(LOOKAHEAD + 1);
            let pick = (0..window)
                .min_by_key(|&k| {
                    let repeats: u32 = table.iter().map(|&t| model.met.get(t, waiting[k])).sum();
                    (repeats, k)
                })
                .expect("enough entrants for the layout");
            table.push(waiting.remove(pick));
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

/// Exact re-seatings of neighbouring tables tried, per table of the field.
const WINDOW_SOLVES_PER_TABLE: usize = 6;

/// Seats each run of two, then three, neighbouring tables in rank order (at most twelve
/// entrants) as well as they can be among themselves, by the exact search; says whether any
/// run came out better. Within `budget` runs.
fn reseat_windows(state: &mut State, budget: &mut usize) -> bool {
    let model = state.model;
    let mut better = false;
    for width in [2, 3] {
        if width * model.layout.seats > 12 {
            break;
        }
        let mut order: Vec<usize> = (0..state.tables.len()).collect();
        order.sort_by_key(|&t| state.tables[t].iter().min().copied());
        for run in order.windows(width) {
            if *budget == 0 {
                return better;
            }
            *budget -= 1;
            let members: Vec<usize> = run.iter().flat_map(|&t| state.tables[t].clone()).collect();
            let short = run
                .iter()
                .filter(|&&t| state.tables[t].len() < model.layout.seats)
                .count();
            let now = run
                .iter()
                .fold(TableMeasures::default(), |sum, &t| sum + state.costs[t].0);
            let Some((seatings, _, cost)) = super::exact_among(model, &members, short, 0) else {
                continue;
            };
            if cost >= now {
                continue;
            }
            // Short tables keep their slots: pair each new seating with a slot of its size.
            let mut slots: Vec<usize> = run.to_vec();
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
    }
    better
}

/// First-improvement local search by swaps, within `budget` tries.
fn improve(state: &mut State, budget: &mut usize) {
    let n = state.model.len();
    loop {
        let mut better = false;
        for i in 0..n {
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
    let (from, to) = if repeats || t == BYE {
        (0, count)
    } else {
        (t.saturating_sub(WINDOW), (t + WINDOW + 1).min(count))
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
