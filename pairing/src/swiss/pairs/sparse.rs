//! The sparse graph the matching runs on, and the check that its optimum is the optimum of
//! the whole field.
//!
//! The whole field's graph joins every two entrants who have not met: far too many edges for
//! a large field. The matching runs on a sparse part of it, chosen by the score structure (the
//! measures make an entrant's best partners those of its own score near half its group away,
//! and the floaters those at the edges of neighbouring groups). Why the result is nevertheless
//! exact is linear programming duality, not a guess about the structure: the matching returns
//! an optimal dual solution for the sparse graph, and if no edge of the whole graph has a
//! negative slack under it, that dual is feasible for the whole graph and proves the matching
//! optimal there (complementary slackness holds, as every matched edge and every blossom lies
//! in the sparse graph). [`violations`] looks for such edges with a branch-and-bound search
//! over a segment tree of the potentials, the entrants in group order; any it finds join the
//! sparse graph and the matching runs again, until none is left. The search is exact: a node
//! is skipped only when a lower bound of every cost below it, less the largest potential below
//! it, cannot make a slack negative.

use super::fold::{Folded, Scale};
use super::{PairMeasures, PairModel};
use crate::swiss::matching::{Graph, Solution, Stuck};

/// The entrants in group order (each group in rank order), with each entrant's slot.
struct Slots {
    entrant_at: Vec<usize>,
    slot_of: Vec<usize>,
    group_at: Vec<usize>,
    group_start: Vec<usize>,
}

impl Slots {
    fn new(model: &PairModel) -> Self {
        let entrant_at: Vec<usize> = model.members.iter().flatten().copied().collect();
        let mut slot_of = vec![0; entrant_at.len()];
        for (slot, &i) in entrant_at.iter().enumerate() {
            slot_of[i] = slot;
        }
        let group_at = entrant_at.iter().map(|&i| model.group[i]).collect();
        let mut group_start = Vec::with_capacity(model.members.len());
        let mut at = 0;
        for group in &model.members {
            group_start.push(at);
            at += group.len();
        }
        Slots {
            entrant_at,
            slot_of,
            group_at,
            group_start,
        }
    }
}

/// The edges of the sparse graph: for each entrant, the members of its group within `window`
/// places of half the group away and of itself, and for entrants within `window` of the
/// bottom of their group, the top `window` of each of the next two groups down. Windows widen
/// by the number of earlier opponents, so that rematches do not thin them out.
pub(crate) fn candidate_edges(model: &PairModel, window: usize) -> Vec<(u32, u32)> {
    let mut edges = Vec::new();
    let groups = &model.members;
    for (g, group) in groups.iter().enumerate() {
        let m = group.len();
        for (p, &i) in group.iter().enumerate() {
            let w = window + model.met.count(i);
            let mut add = |j: usize| {
                if model.allowed(i, j) {
                    edges.push((i as u32, j as u32));
                }
            };
            let near = (p + 1)..(p + 1 + w).min(m);
            let (low, high) = (p + m / 2, p + m.div_ceil(2));
            let half = (low.saturating_sub(w)).max(near.end)..(high + w + 1).min(m);
            for q in near.chain(half) {
                add(group[q]);
            }
            // Towards the groups below: their top; towards those above: their bottom, where
            // the floats are cheapest.
            for lower in groups[g + 1..].iter().take(2) {
                for &j in lower.iter().take(w) {
                    add(j);
                }
            }
            for higher in groups[..g].iter().rev().take(2) {
                for &j in higher.iter().rev().take(w) {
                    add(j);
                }
            }
        }
    }
    edges
}

/// Every allowed pair whose squared score difference is at most `bound`, if there are at most
/// `cap` pairs within it (counted by groups first).
pub(crate) fn pairs_within(model: &PairModel, bound: u128, cap: usize) -> Option<Vec<(u32, u32)>> {
    let groups = &model.members;
    let score = |g: usize| model.score[groups[g][0]];
    let near = |a: usize, b: usize| {
        let d = score(a).abs_diff(score(b)) as u128;
        d * d <= bound
    };
    let mut count = 0usize;
    for a in 0..groups.len() {
        for b in a..groups.len() {
            if !near(a, b) {
                break; // Scores fall with the group number.
            }
            let (ma, mb) = (groups[a].len(), groups[b].len());
            count += if a == b { ma * (ma - 1) / 2 } else { ma * mb };
            if count > cap {
                return None;
            }
        }
    }
    let mut pairs = Vec::with_capacity(count);
    for a in 0..groups.len() {
        for b in a..groups.len() {
            if !near(a, b) {
                break;
            }
            for (k, &i) in groups[a].iter().enumerate() {
                let others = if a == b {
                    &groups[b][k + 1..]
                } else {
                    &groups[b][..]
                };
                for &j in others {
                    if model.allowed(i, j) {
                        pairs.push((i.min(j) as u32, i.max(j) as u32));
                    }
                }
            }
        }
    }
    Some(pairs)
}

/// A segment tree of the largest potential over slots.
struct MaxTree<W> {
    size: usize,
    max: Vec<W>,
}

impl<W: Folded> MaxTree<W> {
    fn new(values: &[W]) -> Self {
        let size = values.len().next_power_of_two().max(1);
        let floor = values.iter().copied().min().unwrap_or(W::ZERO);
        let mut max = vec![floor; 2 * size];
        max[size..size + values.len()].copy_from_slice(values);
        for node in (1..size).rev() {
            max[node] = max[2 * node].max(max[2 * node + 1]);
        }
        MaxTree { size, max }
    }
}

/// The pairs of the whole field, absent from the sparse graph, whose slack is negative under
/// the matching's dual solution: with none, the matching is optimal for the whole field.
pub(crate) fn violations<W: Folded>(
    model: &PairModel,
    scale: &Scale,
    graph: &Graph<W>,
    solution: &Solution<W>,
    per_entrant: usize,
) -> Vec<(u32, u32)> {
    let n = model.len();
    let slots = Slots::new(model);
    let potentials: Vec<W> = slots
        .entrant_at
        .iter()
        .map(|&i| solution.potential(i as u32))
        .collect();
    let tree = MaxTree::new(&potentials);
    let mut found = Vec::new();
    let mut stack = Vec::new();
    let mut mine: Vec<(W, u32)> = Vec::new();
    for i in 0..n {
        mine.clear();
        let from = slots.slot_of[i] + 1;
        let y_i = solution.potential(i as u32);
        stack.push((1usize, 0usize, tree.size));
        while let Some((node, l, r)) = stack.pop() {
            if r <= from || l >= n {
                continue;
            }
            let bound = W::fold(&lower_bound(model, &slots, i, l, r.min(n)), scale);
            if bound - tree.max[node] - y_i >= W::ZERO {
                continue;
            }
            if r - l == 1 {
                let j = slots.entrant_at[l];
                if !model.allowed(i, j) || graph.cost(i as u32, j as u32).is_some() {
                    continue;
                }
                let cost = W::fold(&model.table(i, j), scale);
                let slack = solution.slack(i as u32, j as u32, cost);
                if slack < W::ZERO {
                    mine.push((slack, j as u32));
                }
                continue;
            }
            let mid = (l + r) / 2;
            stack.push((2 * node + 1, mid, r));
            stack.push((2 * node, l, mid));
        }
        mine.sort_unstable();
        found.extend(mine.iter().take(per_entrant).map(|&(_, j)| (i as u32, j)));
    }
    found
}

/// Measures no table of `i` with an entrant in slots `l..r` can beat.
fn lower_bound(model: &PairModel, slots: &Slots, i: usize, l: usize, r: usize) -> PairMeasures {
    let (g_first, g_last) = (slots.group_at[l], slots.group_at[r - 1]);
    let (top, bottom) = (
        model.score[model.members[g_first][0]],
        model.score[model.members[g_last][0]],
    );
    let s = model.score[i];
    let score_diff = if bottom <= s && s <= top {
        0
    } else {
        let d = s.abs_diff(top).min(s.abs_diff(bottom)) as u128;
        d * d
    };
    let mut bound = PairMeasures {
        score_diff,
        ..PairMeasures::default()
    };
    if g_first == g_last {
        let g = g_first;
        let m = model.members[g].len();
        let (ql, qr) = (l - slots.group_start[g], r - 1 - slots.group_start[g]);
        let (gi, p) = (model.group[i], model.place[i]);
        if g == gi {
            bound.pattern = least_pattern(p, m, ql, qr);
        } else if gi < g {
            let below = model.members[gi].len() - 1 - p;
            bound.float = (below + ql) as u128;
        } else {
            bound.float = (m - 1 - qr + p) as u128;
        }
    }
    bound
}

/// The least of `(2|q - p| - m)^2` over places `q` in `ql..=qr`: it falls towards
/// `q = p ± m/2` and rises past it, so the least is at an end or at the places nearest those.
pub(crate) fn least_pattern(p: usize, m: usize, ql: usize, qr: usize) -> u128 {
    let f = |q: usize| {
        let d = 2 * q.abs_diff(p) as i128 - m as i128;
        (d * d) as u128
    };
    let mut least = f(ql).min(f(qr));
    for target in [p + m / 2, p + m.div_ceil(2)]
        .into_iter()
        .chain([p.saturating_sub(m / 2), p.saturating_sub(m.div_ceil(2))])
    {
        least = least.min(f(target.clamp(ql, qr)));
    }
    least
}

/// When the sparse graph has no perfect matching: for each outer vertex of the stuck tree, its
/// `per_vertex` cheapest pairs in the whole field that could free it (to a vertex neither inner
/// in the tree nor in its own outer blossom) and are missing. None at all proves the whole
/// field has no perfect matching either (the tree is a Tutte barrier there too).
pub(crate) fn widen<W: Folded>(
    model: &PairModel,
    scale: &Scale,
    graph: &Graph<W>,
    stuck: &Stuck,
    per_vertex: usize,
) -> Vec<(u32, u32)> {
    let n = model.len();
    let mut inner = vec![false; graph.vertices()];
    for &v in &stuck.inner {
        inner[v as usize] = true;
    }
    let mut blossom = vec![u32::MAX; graph.vertices()];
    for (&v, &b) in stuck.outer.iter().zip(&stuck.blossom_of_outer) {
        blossom[v as usize] = b;
    }
    let mut found = Vec::new();
    for &v in &stuck.outer {
        let i = v as usize;
        if i >= n {
            continue; // The bye has all its edges already.
        }
        let mut best: Vec<(W, usize)> = (0..n)
            .filter(|&j| {
                !inner[j]
                    && blossom[j] != blossom[i]
                    && model.allowed(i, j)
                    && graph.cost(v, j as u32).is_none()
            })
            .map(|j| (W::fold(&model.table(i, j), scale), j))
            .collect();
        best.sort_unstable();
        found.extend(best.iter().take(per_vertex).map(|&(_, j)| (v, j as u32)));
    }
    found
}
