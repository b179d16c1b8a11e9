//! Large fields, group by group, with a proof of optimality for the first two measures.
//!
//! A lower bound on measure 2: number the score groups from the top and call boundary `k` the
//! cut between groups `0..=k` and the rest, `gap_k` the score difference across it. A table
//! whose entrants lie `a < b` groups apart adds `(gap_a + … + gap_{b-1})^2`, at least the sum
//! of the squares, so measure 2 is at least `Σ c_k gap_k^2` over boundaries, `c_k` the tables
//! crossing boundary `k`, with equality exactly when every crossing table joins neighbouring
//! groups. `c_k` has the parity of the number of entrants above the boundary (less the bye, if
//! it is above); and a group whose members, less its bye, can form at most `ν` tables among
//! themselves without a rematch (its deficiency `d = size - 2ν`) has at least `d` members at
//! tables across its two boundaries, so `c_above + c_below ≥ d`. The least `Σ c_k gap_k^2`
//! under these constraints (a small dynamic programme over boundaries) bounds measure 2 from
//! below for every pairing with that bye.
//!
//! A pairing that reaches the bound crosses each boundary exactly `c_k` times between
//! neighbouring groups, for one of the vectors `c` that reach it; for each such vector the
//! pairings fall apart into one matching per group, with `c_above` members floating up and
//! `c_below` down (see `group`). The third measure's `pattern` and `float` add up over groups,
//! so each group's best plan is part of the best whole, except that the floaters on either
//! side of a boundary must be paired without a rematch. That is settled by a best-first
//! branch-and-bound: where the floaters cannot be paired, the plan is split by barring each of
//! them in turn from floating that way, which between them keep every pairing that avoids the
//! rematches; a group's best plan under more bars costs no less, so the first plan taken from
//! the queue whose floaters pair is the best for its vector, and the best over the vectors is
//! the best pairing. The bye (measure 1, then the first part of measure 3) goes to the lowest
//! score it may, and among those to the lowest-ranked entrant whose bound is the least of all
//! and is reached.
//!
//! When the bound cannot be computed or reached this way (a deficiency too costly to count,
//! a best vector that would need tables skipping a group, a search past its limit), the caller
//! falls back to the matching on the whole field.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::group::{self, GroupPlan, GroupTask};
use super::{Options, PairModel, Pairing};

/// Plans looked at in the branch-and-bound over floater rematches before giving up.
const PLAN_LIMIT: usize = 200;
/// Vectors of crossing counts reaching the bound that are tried before giving up.
const VECTOR_LIMIT: usize = 16;
/// Groups up to this size have their deficiency counted exactly when a greedy pass cannot.
const EXACT_DEFICIENCY_UP_TO: usize = 400;

/// The best pairing if one reaches the lower bound on measure 2, otherwise `None`.
pub(crate) fn solve(model: &PairModel, options: Options) -> Option<Pairing> {
    let n = model.len();
    if n.is_multiple_of(2) {
        let bound = bound(model, None)?;
        return match attempt(model, None, &bound, options) {
            Outcome::Found(pairing) => Some(pairing),
            Outcome::Impossible | Outcome::GaveUp => None,
        };
    }
    // Measure 1: the lowest score the bye may go to.
    let lowest = model.bye_level.iter().flatten().min().copied()?;
    let mut candidates: Vec<usize> = (0..n)
        .filter(|&i| model.bye_level[i] == Some(lowest))
        .collect();
    // Measure 3 first part: the lowest-ranked first.
    candidates.sort_unstable_by(|a, b| b.cmp(a));
    let bounds: Vec<Bound> = candidates
        .iter()
        .map(|&b| bound(model, Some(b)))
        .collect::<Option<_>>()?;
    let least = bounds.iter().map(|b| b.cost).min()?;
    for (&bye, bound) in candidates.iter().zip(&bounds) {
        if bound.cost != least {
            continue;
        }
        match attempt(model, Some(bye), bound, options) {
            Outcome::Found(pairing) => return Some(pairing),
            Outcome::Impossible => continue,
            Outcome::GaveUp => return None,
        }
    }
    None
}

/// The lower bound on measure 2 with this bye, and the crossing vectors reaching it.
struct Bound {
    cost: u128,
    vectors: Vec<Vec<usize>>,
}

/// `None` if the bound cannot be told, or a vector reaching it would need a table skipping a
/// group (more floaters than a group has members).
fn bound(model: &PairModel, bye: Option<usize>) -> Option<Bound> {
    let live = live_groups(model, bye);
    let groups = live.len();
    let size: Vec<usize> = live
        .iter()
        .map(|&g| model.members[g].len() - bye.is_some_and(|b| model.group[b] == g) as usize)
        .collect();
    let need: Vec<usize> = live
        .iter()
        .map(|&g| {
            let bye_here = bye.filter(|&b| model.group[b] == g);
            group::deficiency(model, g, bye_here, EXACT_DEFICIENCY_UP_TO)
        })
        .collect::<Option<_>>()?;
    if groups == 0 {
        return Some(Bound {
            cost: 0,
            vectors: vec![Vec::new()],
        });
    }
    if groups == 1 {
        return (need[0] == 0).then(|| Bound {
            cost: 0,
            vectors: vec![Vec::new()],
        });
    }
    let total: usize = size.iter().sum();
    let most_need = need.iter().copied().max().unwrap_or(0);
    // Boundary k: its parity, the largest crossing count worth a look, its squared gap.
    let mut above = 0;
    let mut choices: Vec<Vec<usize>> = Vec::with_capacity(groups - 1);
    let mut gap2: Vec<u128> = Vec::with_capacity(groups - 1);
    for k in 0..groups - 1 {
        above += size[k];
        let most = above
            .min(total - above)
            .min(above % 2 + 2 * (most_need + 1));
        choices.push((above % 2..=most).step_by(2).collect());
        let (high, low) = (model.members[live[k]][0], model.members[live[k + 1]][0]);
        let d = model.score[high].abs_diff(model.score[low]);
        gap2.push(d as u128 * d as u128);
    }
    // Least cost of boundaries 0..=k with c_k = choices[k][x], each group before satisfied;
    // with every predecessor reaching it, to list the best vectors.
    let mut best: Vec<Vec<Option<u128>>> = Vec::with_capacity(groups - 1);
    let mut from: Vec<Vec<Vec<usize>>> = Vec::with_capacity(groups - 1);
    for k in 0..groups - 1 {
        let mut row = Vec::with_capacity(choices[k].len());
        let mut links = Vec::with_capacity(choices[k].len());
        for &c in &choices[k] {
            let here = c as u128 * gap2[k];
            if k == 0 {
                row.push((c >= need[0]).then_some(here));
                links.push(Vec::new());
                continue;
            }
            let mut least: Option<u128> = None;
            let mut preds = Vec::new();
            for (x, &c_prev) in choices[k - 1].iter().enumerate() {
                let Some(prev) = best[k - 1][x] else { continue };
                if c_prev + c < need[k] {
                    continue;
                }
                let total = prev + here;
                match least {
                    Some(l) if total > l => {}
                    Some(l) if total == l => preds.push(x),
                    _ => {
                        least = Some(total);
                        preds = vec![x];
                    }
                }
            }
            row.push(least);
            links.push(preds);
        }
        best.push(row);
        from.push(links);
    }
    let last = groups - 2;
    let ends: Vec<(usize, u128)> = choices[last]
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c >= need[groups - 1])
        .filter_map(|(x, _)| best[last][x].map(|cost| (x, cost)))
        .collect();
    let cost = ends.iter().map(|&(_, c)| c).min()?;
    // Every vector reaching the bound, by walking back the predecessors.
    let mut vectors = Vec::new();
    let mut stack: Vec<(usize, usize, Vec<usize>)> = ends
        .iter()
        .filter(|&&(_, c)| c == cost)
        .map(|&(x, _)| (last, x, vec![choices[last][x]]))
        .collect();
    while let Some((k, x, tail)) = stack.pop() {
        if k == 0 {
            let mut vector = tail;
            vector.reverse();
            vectors.push(vector);
            if vectors.len() > VECTOR_LIMIT {
                return None;
            }
            continue;
        }
        for &p in &from[k][x] {
            let mut longer = tail.clone();
            longer.push(choices[k - 1][p]);
            stack.push((k - 1, p, longer));
        }
    }
    vectors.sort_unstable();
    let fits = |v: &Vec<usize>| {
        (0..groups).all(|g| {
            let up = if g > 0 { v[g - 1] } else { 0 };
            let down = if g + 1 < groups { v[g] } else { 0 };
            up + down <= size[g]
        })
    };
    vectors.iter().all(fits).then_some(Bound { cost, vectors })
}

enum Outcome {
    Found(Pairing),
    /// No pairing with this bye reaches the bound.
    Impossible,
    GaveUp,
}

/// The groups with someone left to pair once the bye is out: a group holding only the bye
/// takes no part, and the groups either side of it are neighbours (the bound still holds,
/// their gap being the sum of the two).
fn live_groups(model: &PairModel, bye: Option<usize>) -> Vec<usize> {
    (0..model.members.len())
        .filter(|&g| model.members[g].len() > bye.is_some_and(|b| model.group[b] == g) as usize)
        .collect()
}

/// The best pairing with this bye reaching the bound, over the vectors that do.
fn attempt(model: &PairModel, bye: Option<usize>, bound: &Bound, options: Options) -> Outcome {
    let n = model.len() as i128;
    // Float totals stay below 2n, so pattern outweighs them.
    let pattern_weight = 2 * n + 1;
    let mut cache: HashMap<GroupTask, Option<GroupPlan>> = HashMap::new();
    let mut best: Option<(i128, Pairing)> = None;
    for vector in &bound.vectors {
        match search(model, bye, vector, pattern_weight, options, &mut cache) {
            Search::Found(cost, pairing) => {
                if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                    best = Some((cost, pairing));
                }
            }
            Search::Impossible => {}
            Search::GaveUp => return Outcome::GaveUp,
        }
    }
    match best {
        Some((_, pairing)) => Outcome::Found(pairing),
        None => Outcome::Impossible,
    }
}

enum Search {
    Found(i128, Pairing),
    Impossible,
    GaveUp,
}

/// The best-first branch-and-bound over floater bars for one vector of crossing counts.
fn search(
    model: &PairModel,
    bye: Option<usize>,
    vector: &[usize],
    pattern_weight: i128,
    options: Options,
    cache: &mut HashMap<GroupTask, Option<GroupPlan>>,
) -> Search {
    let live = live_groups(model, bye);
    let groups = live.len();
    let mut plan_of = |task: &GroupTask| -> Option<GroupPlan> {
        if let Some(known) = cache.get(task) {
            return known.clone();
        }
        let plan = group::solve(model, task, pattern_weight, options);
        cache.insert(task.clone(), plan.clone());
        plan
    };
    let root: Vec<GroupTask> = (0..groups)
        .map(|x| GroupTask {
            group: live[x],
            bye: bye.filter(|&b| model.group[b] == live[x]),
            up: if x > 0 { vector[x - 1] } else { 0 },
            down: if x + 1 < groups { vector[x] } else { 0 },
            barred_up: Vec::new(),
            barred_down: Vec::new(),
        })
        .collect();
    let cost = |tasks: &[GroupTask], plan_of: &mut dyn FnMut(&GroupTask) -> Option<GroupPlan>| {
        tasks
            .iter()
            .try_fold(0i128, |sum, t| plan_of(t).map(|p| sum + p.cost))
    };
    let mut queue = BinaryHeap::new();
    let mut order = 0usize;
    if let Some(c) = cost(&root, &mut plan_of) {
        queue.push(Reverse((c, order, root)));
    }
    let mut looked_at = 0;
    while let Some(Reverse((total, _, tasks))) = queue.pop() {
        looked_at += 1;
        if looked_at > PLAN_LIMIT {
            return Search::GaveUp;
        }
        let plans: Vec<GroupPlan> = tasks
            .iter()
            .map(|t| plan_of(t).expect("plans of queued nodes exist"))
            .collect();
        let mut floater_tables = Vec::new();
        let mut unpaired = None;
        for k in 0..groups.saturating_sub(1) {
            match pair_floaters(model, &plans[k].down, &plans[k + 1].up) {
                Some(tables) => floater_tables.extend(tables),
                None => {
                    unpaired = Some(k);
                    break;
                }
            }
        }
        let Some(k) = unpaired else {
            let mut tables: Vec<[usize; 2]> = plans
                .iter()
                .flat_map(|p| p.tables.iter().copied())
                .collect();
            tables.extend(floater_tables);
            return Search::Found(total, (tables, bye));
        };
        let children = plans[k]
            .down
            .iter()
            .map(|&i| (k, true, i))
            .chain(plans[k + 1].up.iter().map(|&j| (k + 1, false, j)));
        for (g, down, member) in children {
            let mut child = tasks.clone();
            let barred = if down {
                &mut child[g].barred_down
            } else {
                &mut child[g].barred_up
            };
            barred.push(member);
            barred.sort_unstable();
            if let Some(c) = cost(&child, &mut plan_of) {
                order += 1;
                queue.push(Reverse((c, order, child)));
            }
        }
    }
    Search::Impossible
}

/// Tables between the floaters down from one group and up from the next, none a rematch, if
/// they can be so paired (a perfect matching of a small bipartite graph, by augmenting paths).
fn pair_floaters(model: &PairModel, down: &[usize], up: &[usize]) -> Option<Vec<[usize; 2]>> {
    debug_assert_eq!(down.len(), up.len());
    let mut partner_of_up: Vec<Option<usize>> = vec![None; up.len()];
    fn augment(
        model: &PairModel,
        d: usize,
        down: &[usize],
        up: &[usize],
        seen: &mut [bool],
        partner_of_up: &mut [Option<usize>],
    ) -> bool {
        for u in 0..up.len() {
            if seen[u] || !model.allowed(down[d], up[u]) {
                continue;
            }
            seen[u] = true;
            if partner_of_up[u]
                .is_none_or(|other| augment(model, other, down, up, seen, partner_of_up))
            {
                partner_of_up[u] = Some(d);
                return true;
            }
        }
        false
    }
    for d in 0..down.len() {
        let mut seen = vec![false; up.len()];
        if !augment(model, d, down, up, &mut seen, &mut partner_of_up) {
            return None;
        }
    }
    Some(
        partner_of_up
            .iter()
            .enumerate()
            .map(|(u, d)| [down[d.expect("a perfect matching")], up[u]])
            .collect(),
    )
}
