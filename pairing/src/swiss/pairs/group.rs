//! One score group's own matching, once it is known which of its members meet other groups.
//!
//! The members left to the group pair among themselves by the third measure's `pattern`;
//! those who float are chosen by extra vertices, one for each floater up (to the group above)
//! and one for each floater down, joined to every member allowed to float that way at that
//! member's share of `float` (its place from the top when it meets a higher group, from the
//! bottom when it meets a lower one). All costs are of one scale (pattern, then float), so
//! the duals stay small and local, and the sparse graph's certificate works as for the whole
//! field: the matching runs on members within a window of half the group away and of
//! themselves, and a branch-and-bound over the members' potentials finds any pair of the
//! group with a negative slack, which joins the graph until none is left.

use super::sparse::least_pattern;
use super::{Options, PairModel};
use crate::swiss::matching::{Graph, Solution, min_cost_perfect_matching_from};

/// What one group's matching is asked to do.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct GroupTask {
    pub(crate) group: usize,
    /// The entrant with the bye, if it is of this group.
    pub(crate) bye: Option<usize>,
    /// How many members meet the group above, and how many the group below.
    pub(crate) up: usize,
    pub(crate) down: usize,
    /// Members who may not float up, or down (their floater pairing was a rematch).
    pub(crate) barred_up: Vec<usize>,
    pub(crate) barred_down: Vec<usize>,
}

/// A group's best plan: its own tables, who floats, and its cost
/// (`pattern * pattern_weight + float`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GroupPlan {
    pub(crate) tables: Vec<[usize; 2]>,
    pub(crate) up: Vec<usize>,
    pub(crate) down: Vec<usize>,
    pub(crate) cost: i128,
}

/// The group's best plan, or `None` if its members cannot be paired as asked.
pub(crate) fn solve(
    model: &PairModel,
    task: &GroupTask,
    pattern_weight: i128,
    options: Options,
) -> Option<GroupPlan> {
    let m = model.members[task.group].len();
    let members: Vec<usize> = model.members[task.group]
        .iter()
        .copied()
        .filter(|&i| Some(i) != task.bye)
        .collect();
    let count = members.len();
    let up_vertices = count as u32..(count + task.up) as u32;
    let down_vertices = up_vertices.end..up_vertices.end + task.down as u32;
    let vertices = down_vertices.end as usize;
    if !vertices.is_multiple_of(2) || task.up + task.down > count {
        return None;
    }
    let place = |k: usize| model.place[members[k]];
    let pair_cost = |k: usize, l: usize| {
        let d = 2 * place(k).abs_diff(place(l)) as i128 - m as i128;
        2 * pattern_weight * d * d
    };
    let mut float_edges: Vec<(u32, u32, i128)> = Vec::new();
    for (k, &i) in members.iter().enumerate() {
        if !task.barred_up.contains(&i) {
            for u in up_vertices.clone() {
                float_edges.push((k as u32, u, 2 * place(k) as i128));
            }
        }
        if !task.barred_down.contains(&i) {
            for d in down_vertices.clone() {
                float_edges.push((k as u32, d, 2 * (m - 1 - place(k)) as i128));
            }
        }
    }
    let whole = count <= options.whole_graph_up_to;
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    if whole {
        for k in 0..count {
            for l in k + 1..count {
                if model.allowed(members[k], members[l]) {
                    pairs.push((k as u32, l as u32));
                }
            }
        }
    } else {
        for k in 0..count {
            let w = options.window + model.met.count(members[k]);
            let near = (k + 1)..(k + 1 + w).min(count);
            let (low, high) = (k + count / 2, k + count.div_ceil(2));
            let half = low.saturating_sub(w).max(near.end)..(high + w + 1).min(count);
            for l in near.chain(half) {
                if model.allowed(members[k], members[l]) {
                    pairs.push((k as u32, l as u32));
                }
            }
        }
    }
    loop {
        // The members' pairs first, in order, then the float edges: most rows of the graph
        // then come in already sorted (see `Graph::from_edges`).
        let edges = pairs
            .iter()
            .map(|&(k, l)| (k, l, pair_cost(k as usize, l as usize)))
            .chain(float_edges.iter().copied());
        let ends = pairs
            .iter()
            .copied()
            .chain(float_edges.iter().map(|&(k, u, _)| (k, u)));
        let graph = Graph::from_ends_and_edges(vertices, ends, edges);
        match min_cost_perfect_matching_from(&graph, Some(start(&graph, count))) {
            Ok(solution) => {
                let missing = if whole {
                    Vec::new()
                } else {
                    violations(model, &members, m, pattern_weight, &graph, &solution)
                };
                if missing.is_empty() {
                    return Some(plan(
                        &members,
                        &graph,
                        &solution,
                        up_vertices,
                        down_vertices,
                    ));
                }
                pairs.extend(missing);
            }
            Err(stuck) => {
                if whole {
                    return None;
                }
                let mut inner = vec![false; vertices];
                for &v in &stuck.inner {
                    inner[v as usize] = true;
                }
                let mut blossom = vec![u32::MAX; vertices];
                for (&v, &b) in stuck.outer.iter().zip(&stuck.blossom_of_outer) {
                    blossom[v as usize] = b;
                }
                let mut more = Vec::new();
                for &v in &stuck.outer {
                    let k = v as usize;
                    if k >= count {
                        continue; // The floater vertices have all their edges.
                    }
                    let mut best: Vec<(i128, usize)> = (0..count)
                        .filter(|&l| {
                            !inner[l]
                                && blossom[l] != blossom[k]
                                && model.allowed(members[k], members[l])
                                && graph.cost(v, l as u32).is_none()
                        })
                        .map(|l| (pair_cost(k, l), l))
                        .collect();
                    best.sort_unstable();
                    more.extend(
                        best.iter()
                            .take(options.widen_by)
                            .map(|&(_, l)| (v.min(l as u32), v.max(l as u32))),
                    );
                }
                if more.is_empty() {
                    return None;
                }
                pairs.extend(more);
            }
        }
    }
}

/// Potentials to start from: each member at half its cheapest pair within the group, each
/// floater vertex as high as its edges then allow. Starting members from their float edges
/// instead would leave the pattern scale to be climbed stage by stage.
fn start(graph: &Graph<i128>, count: usize) -> Vec<i128> {
    let mut y: Vec<i128> = (0..count as u32)
        .map(|k| {
            let cheapest = graph
                .row(k)
                .filter(|&(l, _)| (l as usize) < count)
                .map(|(_, c)| c)
                .min()
                .or_else(|| graph.row(k).map(|(_, c)| c).min());
            cheapest.map_or(0, |c| c / 2)
        })
        .collect();
    for v in count as u32..graph.vertices() as u32 {
        let room = graph
            .row(v)
            .map(|(k, c)| c - y[k as usize])
            .min()
            .unwrap_or(0);
        y.push(room);
    }
    // A member whose cheapest pair was a float edge may now exceed what it leaves the floater
    // vertex; lower it to fit.
    for k in 0..count as u32 {
        let fits = graph.row(k).map(|(l, c)| c - y[l as usize]).min();
        if let Some(fits) = fits {
            y[k as usize] = y[k as usize].min(fits);
        }
    }
    y
}

fn plan(
    members: &[usize],
    graph: &Graph<i128>,
    solution: &Solution<i128>,
    up_vertices: std::ops::Range<u32>,
    down_vertices: std::ops::Range<u32>,
) -> GroupPlan {
    let mate = &solution.mate;
    let count = members.len();
    let mut tables = Vec::new();
    let mut cost = 0;
    for k in 0..count {
        let l = mate[k] as usize;
        let c = graph.cost(k as u32, l as u32).expect("matched on an edge");
        if l >= count {
            cost += c;
        } else if k < l {
            cost += c;
            tables.push([members[k], members[l]]);
        }
    }
    let floaters = |range: std::ops::Range<u32>| {
        let mut out: Vec<usize> = range.map(|v| members[mate[v as usize] as usize]).collect();
        out.sort_unstable();
        out
    };
    GroupPlan {
        tables,
        up: floaters(up_vertices),
        down: floaters(down_vertices),
        cost: cost / 2,
    }
}

/// Pairs of members missing from the graph with a negative slack (at most a few per member,
/// the most negative): a branch-and-bound over a segment tree of the potentials by place.
fn violations(
    model: &PairModel,
    members: &[usize],
    m: usize,
    pattern_weight: i128,
    graph: &Graph<i128>,
    solution: &Solution<i128>,
) -> Vec<(u32, u32)> {
    const PER_MEMBER: usize = 4;
    let count = members.len();
    let size = count.next_power_of_two().max(1);
    let mut max = vec![i128::MIN; 2 * size];
    for k in 0..count {
        max[size + k] = solution.potential(k as u32);
    }
    for node in (1..size).rev() {
        max[node] = max[2 * node].max(max[2 * node + 1]);
    }
    let place = |k: usize| model.place[members[k]];
    let mut found = Vec::new();
    let mut mine: Vec<(i128, u32)> = Vec::new();
    let mut stack = Vec::new();
    for k in 0..count {
        mine.clear();
        let y_k = solution.potential(k as u32);
        let p = place(k);
        stack.push((1usize, 0usize, size));
        while let Some((node, l, r)) = stack.pop() {
            let (first, end) = (l.max(k + 1), r.min(count));
            if first >= end {
                continue;
            }
            // The node's largest potential bounds those of its members after `k`.
            let last = end - 1;
            let least = least_pattern(p, m, place(first), place(last));
            if 2 * pattern_weight * least as i128 - max[node] - y_k >= 0 {
                continue;
            }
            if r - l == 1 {
                if !model.allowed(members[k], members[l])
                    || graph.cost(k as u32, l as u32).is_some()
                {
                    continue;
                }
                let d = 2 * p.abs_diff(place(l)) as i128 - m as i128;
                let slack = solution.slack(k as u32, l as u32, 2 * pattern_weight * d * d);
                if slack < 0 {
                    mine.push((slack, l as u32));
                }
                continue;
            }
            let mid = (l + r) / 2;
            stack.push((2 * node + 1, mid, r));
            stack.push((2 * node, l, mid));
        }
        mine.sort_unstable();
        found.extend(mine.iter().take(PER_MEMBER).map(|&(_, j)| (k as u32, j)));
    }
    found
}

/// How many members of the group (less its bye) cannot be paired among themselves at best:
/// the size less twice the largest set of tables without a rematch. A greedy pass in the
/// order of the first measure's pattern settles the usual case (everyone paired, or one left
/// of an odd group); otherwise an exact matching with a free partner for each member decides,
/// for groups up to `exact_up_to`. `None` when it cannot be told.
pub(crate) fn deficiency(
    model: &PairModel,
    group: usize,
    bye: Option<usize>,
    exact_up_to: usize,
) -> Option<usize> {
    let members: Vec<usize> = model.members[group]
        .iter()
        .copied()
        .filter(|&i| Some(i) != bye)
        .collect();
    let count = members.len();
    let mut taken = vec![false; count];
    let mut pairs = 0;
    for k in 0..count {
        if taken[k] {
            continue;
        }
        let half = count / 2;
        let partner = (k + half.max(1)..count)
            .chain(k + 1..(k + half.max(1)).min(count))
            .find(|&l| !taken[l] && model.allowed(members[k], members[l]));
        if let Some(l) = partner {
            taken[k] = true;
            taken[l] = true;
            pairs += 1;
        }
    }
    if 2 * pairs + 1 >= count {
        return Some(count - 2 * pairs);
    }
    if count > exact_up_to {
        return None;
    }
    // Each member may instead take a free vertex of its own, at a cost; the free vertices pair
    // among themselves at none. The least cost counts the members left without a table.
    let mut edges = Vec::new();
    for k in 0..count {
        for l in k + 1..count {
            if model.allowed(members[k], members[l]) {
                edges.push((k as u32, l as u32, 0i128));
            }
        }
        edges.push((k as u32, (count + k) as u32, 2));
        for l in k + 1..count {
            edges.push(((count + k) as u32, (count + l) as u32, 0));
        }
    }
    let graph = Graph::new(2 * count, &edges);
    let solution = crate::swiss::matching::min_cost_perfect_matching(&graph).ok()?;
    Some(
        (0..count)
            .filter(|&k| solution.mate[k] as usize >= count)
            .count(),
    )
}
