//! Minimum-cost perfect matching on a sparse graph: Edmonds' primal-dual blossom algorithm.
//!
//! Knows nothing of Swiss events: a graph with integer edge costs in, a perfect matching of
//! least total cost out, with the dual solution that proves it optimal, or a report that the
//! graph has none.
//!
//! The linear programme is the perfect matching polytope (Edmonds): `x(δ(v)) = 1` for every
//! vertex and `x(E(B)) ≤ (|B| - 1) / 2` for every odd set `B`. Its dual has a potential `y(v)`
//! per vertex and `z(B) ≥ 0` per odd set; an edge's slack is
//! `cost(u, v) - y(u) - y(v) + Σ z(B)` over the odd sets holding both ends. A perfect matching
//! whose edges all have zero slack, with a dual whose slacks are all non-negative and whose
//! sets with `z > 0` each hold `(|B| - 1) / 2` matched edges, is optimal: that is the
//! certificate [`Solution::slack`] lets a caller check against edges the graph left out.
//!
//! The search grows one alternating tree at a time from a free vertex (Edmonds' stages),
//! changing duals only inside that tree. Dual changes are lazy: a tree blossom remembers the
//! total change `delta` at the time it was labelled, so a change costs nothing and each event
//! (an edge becoming tight, an inner blossom's `z` reaching zero) is a key in a heap. With
//! even costs every dual stays an integer: vertices joined by tight edges share a parity, so
//! the slack between two outer vertices of one tree is even and halving it is exact.

use std::cell::Cell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt::Debug;
use std::ops::{Add, Neg, Sub};

mod solver;

/// An exact, totally ordered cost: an ordered abelian group with exact halving of even values.
pub(crate) trait Weight:
    Copy + Ord + Debug + Add<Output = Self> + Sub<Output = Self> + Neg<Output = Self>
{
    const ZERO: Self;
    /// Exactly half; only called on values known to be even.
    fn half(self) -> Self;
    fn double(self) -> Self {
        self + self
    }
}

impl Weight for i128 {
    const ZERO: Self = 0;
    fn half(self) -> Self {
        debug_assert!(self % 2 == 0, "halving an odd dual quantity");
        self / 2
    }
}

/// Two exact integers compared lexicographically: for costs whose folding into one `i128`
/// would overflow, the first holding the measures that decide first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub(crate) struct Lex(pub(crate) i128, pub(crate) i128);

impl Add for Lex {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Lex(self.0 + o.0, self.1 + o.1)
    }
}

impl Sub for Lex {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Lex(self.0 - o.0, self.1 - o.1)
    }
}

impl Neg for Lex {
    type Output = Self;
    fn neg(self) -> Self {
        Lex(-self.0, -self.1)
    }
}

impl Weight for Lex {
    const ZERO: Self = Lex(0, 0);
    fn half(self) -> Self {
        Lex(self.0.half(), self.1.half())
    }
}

const NONE: u32 = u32::MAX;

/// A graph in compressed rows: the neighbours of `v` are `to[start[v]..start[v + 1]]`, each
/// edge stored from both ends with the same cost.
#[derive(Debug, Clone)]
pub(crate) struct Graph<W> {
    start: Vec<u32>,
    to: Vec<u32>,
    cost: Vec<W>,
}

impl<W: Weight> Graph<W> {
    /// From undirected edges `(u, v, cost)`; every cost must be even. Loops are dropped and of
    /// parallel edges the cheapest is kept.
    pub(crate) fn new(vertices: usize, edges: &[(u32, u32, W)]) -> Self {
        Graph::from_edges(vertices, edges.iter().copied())
    }

    /// As [`Graph::new`], from edges listed twice by the iterator (once to count them, once
    /// to place them), so that a large graph's edges need not be held in a list of their own.
    pub(crate) fn from_edges(
        vertices: usize,
        edges: impl Iterator<Item = (u32, u32, W)> + Clone,
    ) -> Self {
        Graph::from_ends_and_edges(vertices, edges.clone().map(|(u, v, _)| (u, v)), edges)
    }

    /// As [`Graph::from_edges`], with the edges' ends listed by `ends` for counting, in the
    /// order of `edges`: a caller whose costs take work to compute need not compute them twice.
    pub(crate) fn from_ends_and_edges(
        vertices: usize,
        ends: impl Iterator<Item = (u32, u32)>,
        edges: impl Iterator<Item = (u32, u32, W)>,
    ) -> Self {
        // Each edge is dealt into the rows of both its ends (a counting sort by row); a row
        // not dealt in order of neighbour, a handful of edges, is then sorted on its own.
        let mut start = vec![0u32; vertices + 1];
        for (u, v) in ends {
            if u != v {
                start[u as usize + 1] += 1;
                start[v as usize + 1] += 1;
            }
        }
        for v in 0..vertices {
            start[v + 1] += start[v];
        }
        let dealt = start[vertices] as usize;
        let mut to = vec![0u32; dealt];
        let mut cost = vec![W::ZERO; dealt];
        let mut next = start.clone();
        for (u, v, c) in edges {
            if u != v {
                for (from, other) in [(u, v), (v, u)] {
                    let at = next[from as usize] as usize;
                    to[at] = other;
                    cost[at] = c;
                    next[from as usize] += 1;
                }
            }
        }
        // Rows in order of neighbour with no parallel edges stay where they are; any other is
        // sorted by neighbour and cost and keeps the first, cheapest, of parallel edges. Rows
        // only shrink, so each is written at or before where it was read.
        let mut written = 0;
        let mut row_buffer = Vec::new();
        for v in 0..vertices {
            let row = start[v] as usize..start[v + 1] as usize;
            start[v] = written as u32;
            if to[row.clone()].is_sorted_by(|a, b| a < b) {
                // Rows stay where they are until one before has shrunk.
                if row.start != written {
                    to.copy_within(row.clone(), written);
                    cost.copy_within(row.clone(), written);
                }
                written += row.len();
                continue;
            }
            row_buffer.clear();
            row_buffer.extend(row.clone().map(|k| (to[k], cost[k])));
            row_buffer.sort_unstable();
            let mut last = None;
            for &(w, c) in &row_buffer {
                if last != Some(w) {
                    to[written] = w;
                    cost[written] = c;
                    written += 1;
                    last = Some(w);
                }
            }
        }
        start[vertices] = written as u32;
        to.truncate(written);
        cost.truncate(written);
        Graph { start, to, cost }
    }

    pub(crate) fn vertices(&self) -> usize {
        self.start.len() - 1
    }

    #[inline]
    fn range(&self, v: u32) -> std::ops::Range<usize> {
        self.start[v as usize] as usize..self.start[v as usize + 1] as usize
    }

    /// The neighbours of `v` with the costs of their edges.
    pub(crate) fn row(&self, v: u32) -> impl Iterator<Item = (u32, W)> + '_ {
        self.range(v).map(|k| (self.to[k], self.cost[k]))
    }

    /// Whether `u` and `v` are joined, and at what cost.
    pub(crate) fn cost(&self, u: u32, v: u32) -> Option<W> {
        let range = self.range(u);
        let row = &self.to[range.clone()];
        row.binary_search(&v)
            .ok()
            .map(|at| self.cost[range.start + at])
    }
}

/// The outcome when the graph has no perfect matching: the stuck tree's outer vertices. No
/// edge of the graph joins two of them in different outer blossoms or leaves them for a vertex
/// outside the tree, so with the tree's inner vertices `S` removed, the outer blossoms are more
/// odd components than `|S|` (Tutte). A caller holding a larger graph can look for edges from
/// these vertices that the sparse graph lacked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stuck {
    pub(crate) outer: Vec<u32>,
    /// The inner vertices of the tree.
    pub(crate) inner: Vec<u32>,
    /// For each outer vertex above, the outer blossom it belongs to (one id per blossom).
    pub(crate) blossom_of_outer: Vec<u32>,
}

/// An optimal perfect matching with its dual certificate.
#[derive(Debug, Clone)]
pub(crate) struct Solution<W> {
    pub(crate) mate: Vec<u32>,
    y: Vec<W>,
    /// For each node of the blossom forest: its ancestors `2^k` levels up (`NONE` above the
    /// root), its depth, and the sum of `z` over itself and all its ancestors.
    up: Vec<Vec<u32>>,
    depth: Vec<u32>,
    z_above: Vec<W>,
}

impl<W: Weight> Solution<W> {
    fn new(mate: Vec<u32>, y: Vec<W>, z: Vec<W>, parent: Vec<u32>) -> Self {
        let nodes = parent.len();
        const UNKNOWN: u32 = u32::MAX;
        let mut depth = vec![UNKNOWN; nodes];
        let mut z_above = vec![W::ZERO; nodes];
        let mut chain = Vec::new();
        for start in 0..nodes {
            let mut b = start as u32;
            while b != NONE && depth[b as usize] == UNKNOWN {
                chain.push(b);
                b = parent[b as usize];
            }
            let (mut d, mut sum) = if b == NONE {
                (0, W::ZERO)
            } else {
                (depth[b as usize] + 1, z_above[b as usize])
            };
            while let Some(c) = chain.pop() {
                depth[c as usize] = d;
                sum = sum + z[c as usize];
                z_above[c as usize] = sum;
                d += 1;
            }
        }
        let levels = (usize::BITS - (nodes.max(2) - 1).leading_zeros()) as usize;
        let mut up = vec![parent];
        for k in 1..levels {
            let below = &up[k - 1];
            let next = (0..nodes)
                .map(|b| {
                    let half = below[b];
                    if half == NONE {
                        NONE
                    } else {
                        below[half as usize]
                    }
                })
                .collect();
            up.push(next);
        }
        Solution {
            mate,
            y,
            up,
            depth,
            z_above,
        }
    }

    /// The lowest blossom holding both `u` and `v`, if any.
    fn common_blossom(&self, mut u: u32, mut v: u32) -> Option<u32> {
        if self.depth[u as usize] < self.depth[v as usize] {
            std::mem::swap(&mut u, &mut v);
        }
        let lift = self.depth[u as usize] - self.depth[v as usize];
        for (k, level) in self.up.iter().enumerate() {
            if lift >> k & 1 == 1 {
                u = level[u as usize];
            }
        }
        if u == v {
            return Some(u);
        }
        for level in self.up.iter().rev() {
            let (a, b) = (level[u as usize], level[v as usize]);
            if a != b {
                u = a;
                v = b;
            }
        }
        let parent = self.up[0][u as usize];
        (parent != NONE && parent == self.up[0][v as usize]).then_some(parent)
    }

    /// The slack of a pair `u`, `v` at the given cost under the final dual solution. The
    /// matching stays optimal in any larger graph whose extra edges all have non-negative slack.
    pub(crate) fn slack(&self, u: u32, v: u32, cost: W) -> W {
        let slack = cost - self.y[u as usize] - self.y[v as usize];
        match self.common_blossom(u, v) {
            Some(b) => slack + self.z_above[b as usize],
            None => slack,
        }
    }

    /// The potential of a vertex: a pair's slack is at least its cost less both potentials.
    pub(crate) fn potential(&self, v: u32) -> W {
        self.y[v as usize]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    /// An edge from an outer vertex to a vertex outside the tree becomes tight: `(v, edge)`.
    Grow(u32, u32),
    /// An edge between two outer blossoms becomes tight.
    Shrink(u32, u32),
    /// An inner blossom's `z` reaches zero.
    Expand(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    Free,
    Outer,
    Inner,
}

/// The solver's state: vertices `0..n`, blossoms `n..2n`.
struct Solver<'g, W> {
    g: &'g Graph<W>,
    n: usize,
    mate: Vec<u32>,
    y: Vec<W>,
    /// Per node (vertex or blossom):
    parent: Vec<u32>,
    base: Vec<u32>,
    z: Vec<W>,
    label: Vec<Label>,
    /// The edge `(p, q)` by which a labelled top-level node joined the tree: `p` in its tree
    /// parent, `q` inside it.
    labelend: Vec<(u32, u32)>,
    /// The total dual change when the node was labelled: its lazy change is the difference.
    since: Vec<W>,
    /// Per blossom: sub-blossoms around the cycle from the one holding the base, and the edge
    /// `(x, y)` from each to the next, `x` in the first.
    children: Vec<Vec<u32>>,
    links: Vec<Vec<(u32, u32)>>,
    /// Top-level node of each vertex.
    top: Vec<u32>,
    unused_blossoms: Vec<u32>,
    /// Top-level nodes labelled in this stage.
    tree: Vec<u32>,
    heap: BinaryHeap<Reverse<(W, Event)>>,
    delta: W,
    stamp: Vec<u32>,
    stamp_now: u32,
    /// Lists kept between calls, for a blossom's leaves: listing them is frequent enough
    /// that a list made and freed each time shows.
    leaf_stack: Cell<Vec<u32>>,
    settled: Cell<Vec<u32>>,
}

/// The least-cost perfect matching of `graph`, or the stuck tree proving there is none.
pub(crate) fn min_cost_perfect_matching<W: Weight>(graph: &Graph<W>) -> Result<Solution<W>, Stuck> {
    min_cost_perfect_matching_from(graph, None)
}

/// As [`min_cost_perfect_matching`], starting from the given potentials (every edge's cost at
/// least the sum of its ends' potentials) instead of half of each vertex's cheapest edge. A
/// start close to the optimal duals saves the search from raising them stage by stage.
pub(crate) fn min_cost_perfect_matching_from<W: Weight>(
    graph: &Graph<W>,
    start: Option<Vec<W>>,
) -> Result<Solution<W>, Stuck> {
    let mut s = Solver::new(graph);
    s.initialise(start);
    for r in 0..s.n as u32 {
        if s.mate[r as usize] == NONE {
            s.stage(r)?;
        }
    }
    Ok(s.solution())
}

#[cfg(test)]
mod tests;
