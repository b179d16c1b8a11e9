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

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt::Debug;
use std::ops::{Add, Neg, Sub};

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
        let mut rows: Vec<(u32, u32, W)> = Vec::with_capacity(edges.len() * 2);
        for &(u, v, c) in edges {
            if u != v {
                rows.push((u, v, c));
                rows.push((v, u, c));
            }
        }
        rows.sort_unstable();
        rows.dedup_by(|later, kept| later.0 == kept.0 && later.1 == kept.1);
        let mut start = vec![0u32; vertices + 1];
        for &(u, _, _) in &rows {
            start[u as usize + 1] += 1;
        }
        for v in 0..vertices {
            start[v + 1] += start[v];
        }
        Graph {
            start,
            to: rows.iter().map(|r| r.1).collect(),
            cost: rows.iter().map(|r| r.2).collect(),
        }
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

impl<'g, W: Weight> Solver<'g, W> {
    fn new(g: &'g Graph<W>) -> Self {
        let n = g.vertices();
        let nodes = 2 * n.max(1);
        Solver {
            g,
            n,
            mate: vec![NONE; n],
            y: vec![W::ZERO; n],
            parent: vec![NONE; nodes],
            base: (0..nodes as u32)
                .map(|b| if (b as usize) < n { b } else { NONE })
                .collect(),
            z: vec![W::ZERO; nodes],
            label: vec![Label::Free; nodes],
            labelend: vec![(NONE, NONE); nodes],
            since: vec![W::ZERO; nodes],
            children: vec![Vec::new(); nodes],
            links: vec![Vec::new(); nodes],
            top: (0..n as u32).collect(),
            unused_blossoms: (n as u32..nodes as u32).rev().collect(),
            tree: Vec::new(),
            heap: BinaryHeap::new(),
            delta: W::ZERO,
            stamp: vec![0; nodes],
            stamp_now: 0,
        }
    }

    /// Potentials at half the cheapest edge (every slack non-negative), then a greedy matching
    /// on tight edges, and for each vertex left free its potential raised as far as its edges
    /// allow, to match it on an edge this makes tight.
    fn initialise(&mut self, start: Option<Vec<W>>) {
        let g = self.g;
        if let Some(start) = start {
            debug_assert!((0..self.n as u32).all(|v| {
                g.range(v)
                    .all(|k| g.cost[k] >= start[v as usize] + start[g.to[k] as usize])
            }));
            self.y = start;
        } else {
            for v in 0..self.n as u32 {
                let cheapest = g.range(v).map(|k| g.cost[k]).min();
                self.y[v as usize] = cheapest.map_or(W::ZERO, W::half);
            }
        }
        for v in 0..self.n as u32 {
            if self.mate[v as usize] != NONE {
                continue;
            }
            let raise = g
                .range(v)
                .map(|k| g.cost[k] - self.y[g.to[k] as usize] - self.y[v as usize])
                .min();
            let Some(raise) = raise else { continue };
            let y_v = self.y[v as usize] + raise;
            let partner = g.range(v).find(|&k| {
                let w = g.to[k] as usize;
                self.mate[w] == NONE && g.cost[k] - self.y[w] - y_v == W::ZERO
            });
            if let Some(k) = partner {
                self.y[v as usize] = y_v;
                let w = g.to[k];
                self.mate[v as usize] = w;
                self.mate[w as usize] = v;
            }
        }
    }

    fn solution(self) -> Solution<W> {
        Solution::new(self.mate, self.y, self.z, self.parent)
    }

    // ---- duals ----

    /// The lazy dual change of a top-level node since it was labelled.
    #[inline]
    fn lazy(&self, b: u32) -> W {
        match self.label[b as usize] {
            Label::Free => W::ZERO,
            Label::Outer => self.delta - self.since[b as usize],
            Label::Inner => self.since[b as usize] - self.delta,
        }
    }

    #[inline]
    fn y_now(&self, v: u32) -> W {
        self.y[v as usize] + self.lazy(self.top[v as usize])
    }

    /// Slack of edge `k` from `v`, for ends in different top-level nodes.
    #[inline]
    fn slack(&self, v: u32, k: usize) -> W {
        self.g.cost[k] - self.y_now(v) - self.y_now(self.g.to[k])
    }

    fn z_now(&self, b: u32) -> W {
        self.z[b as usize] + self.lazy(b).double()
    }

    /// Writes a top-level node's lazy change into its vertices and `z`, restarting its clock.
    fn settle(&mut self, b: u32) {
        let d = self.lazy(b);
        if d != W::ZERO {
            let mut leaves = Vec::new();
            self.leaves(b, &mut leaves);
            for v in leaves {
                self.y[v as usize] = self.y[v as usize] + d;
            }
            if b as usize >= self.n {
                self.z[b as usize] = self.z[b as usize] + d.double();
            }
        }
        self.since[b as usize] = self.delta;
    }

    fn leaves(&self, b: u32, out: &mut Vec<u32>) {
        if (b as usize) < self.n {
            out.push(b);
            return;
        }
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if (x as usize) < self.n {
                out.push(x);
            } else {
                stack.extend(self.children[x as usize].iter().copied());
            }
        }
    }

    // ---- a stage ----

    fn stage(&mut self, root: u32) -> Result<(), Stuck> {
        self.delta = W::ZERO;
        self.heap.clear();
        self.tree.clear();
        let b = self.top[root as usize];
        self.set_label(b, Label::Outer, (NONE, NONE));
        loop {
            let Some(Reverse((key, event))) = self.heap.pop() else {
                return Err(self.stuck());
            };
            debug_assert!(key >= self.delta, "events are met in order");
            match event {
                Event::Grow(v, k) => {
                    let w = self.g.to[k as usize];
                    let (bv, bw) = (self.top[v as usize], self.top[w as usize]);
                    if self.label[bv as usize] != Label::Outer
                        || self.label[bw as usize] != Label::Free
                    {
                        continue;
                    }
                    self.delta = key;
                    let slack = self.slack(v, k as usize);
                    debug_assert!(slack >= W::ZERO, "a negative slack");
                    if slack != W::ZERO {
                        continue; // A later entry for this edge carries its true time.
                    }
                    if self.mate[self.base[bw as usize] as usize] == NONE {
                        self.augment(v, w);
                        self.end_stage();
                        return Ok(());
                    }
                    self.set_label(bw, Label::Inner, (v, w));
                }
                Event::Shrink(v, k) => {
                    let w = self.g.to[k as usize];
                    let (bv, bw) = (self.top[v as usize], self.top[w as usize]);
                    if bv == bw
                        || self.label[bv as usize] != Label::Outer
                        || self.label[bw as usize] != Label::Outer
                    {
                        continue;
                    }
                    self.delta = key;
                    let slack = self.slack(v, k as usize);
                    debug_assert!(slack >= W::ZERO, "a negative slack");
                    if slack != W::ZERO {
                        continue;
                    }
                    self.shrink(v, w);
                }
                Event::Expand(b) => {
                    if self.parent[b as usize] != NONE || self.label[b as usize] != Label::Inner {
                        continue;
                    }
                    self.delta = key;
                    if self.z_now(b) != W::ZERO {
                        continue;
                    }
                    self.expand_inner(b);
                }
            }
        }
    }

    /// Labels a top-level node and does what its new label asks: an inner node's mate is
    /// labelled outer; an outer node's vertices offer their edges.
    fn set_label(&mut self, b: u32, label: Label, via: (u32, u32)) {
        self.settle(b);
        self.label[b as usize] = label;
        self.labelend[b as usize] = via;
        self.since[b as usize] = self.delta;
        self.tree.push(b);
        match label {
            Label::Inner => {
                if b as usize >= self.n {
                    let key = self.delta + self.z[b as usize].half();
                    self.heap.push(Reverse((key, Event::Expand(b))));
                }
                let base = self.base[b as usize];
                let m = self.mate[base as usize];
                let bm = self.top[m as usize];
                self.set_label(bm, Label::Outer, (base, m));
            }
            Label::Outer => {
                let mut leaves = Vec::new();
                self.leaves(b, &mut leaves);
                for v in leaves {
                    self.scan(v);
                }
            }
            Label::Free => unreachable!("labels given are outer or inner"),
        }
    }

    /// Offers the edges of a vertex that has just become outer.
    fn scan(&mut self, v: u32) {
        let bv = self.top[v as usize];
        for k in self.g.range(v) {
            let w = self.g.to[k];
            let bw = self.top[w as usize];
            if bw == bv {
                continue;
            }
            match self.label[bw as usize] {
                Label::Free => {
                    let key = self.delta + self.slack(v, k);
                    self.heap.push(Reverse((key, Event::Grow(v, k as u32))));
                }
                Label::Outer => {
                    let key = self.delta + self.slack(v, k).half();
                    self.heap.push(Reverse((key, Event::Shrink(v, k as u32))));
                }
                Label::Inner => {}
            }
        }
    }

    /// Offers the edges from outer vertices to a vertex that has just left the tree.
    fn rescan_free(&mut self, w: u32) {
        for k in self.g.range(w) {
            let v = self.g.to[k];
            let bv = self.top[v as usize];
            if self.label[bv as usize] == Label::Outer {
                let key = self.delta + self.slack(w, k);
                // Stored from the outer end: find the same edge in `v`'s row.
                let back = self.edge_index(v, w);
                self.heap.push(Reverse((key, Event::Grow(v, back as u32))));
            }
        }
    }

    fn edge_index(&self, v: u32, w: u32) -> usize {
        let range = self.g.range(v);
        range.start
            + self.g.to[range]
                .binary_search(&w)
                .expect("edges are stored from both ends")
    }

    fn stuck(&mut self) -> Stuck {
        let mut stuck = Stuck {
            outer: Vec::new(),
            inner: Vec::new(),
            blossom_of_outer: Vec::new(),
        };
        for &b in &self.tree {
            if self.parent[b as usize] != NONE {
                continue;
            }
            let mut leaves = Vec::new();
            self.leaves(b, &mut leaves);
            match self.label[b as usize] {
                Label::Outer => {
                    stuck
                        .blossom_of_outer
                        .extend(std::iter::repeat_n(b, leaves.len()));
                    stuck.outer.extend(leaves);
                }
                Label::Inner => stuck.inner.extend(leaves),
                Label::Free => {}
            }
        }
        stuck
    }

    fn end_stage(&mut self) {
        let tree = std::mem::take(&mut self.tree);
        for &b in &tree {
            if self.parent[b as usize] == NONE && self.label[b as usize] != Label::Free {
                self.settle(b);
                self.label[b as usize] = Label::Free;
                self.labelend[b as usize] = (NONE, NONE);
            }
        }
        // Blossoms whose z came back to zero are no longer needed: keep the structure small.
        for &b in &tree {
            if b as usize >= self.n
                && self.parent[b as usize] == NONE
                && self.base[b as usize] != NONE
                && self.z[b as usize] == W::ZERO
            {
                self.dissolve(b);
            }
        }
        self.tree = tree;
        self.tree.clear();
        self.heap.clear();
    }

    // ---- blossoms ----

    /// Shrinks the cycle closed by the tight edge `(v, w)` between two outer blossoms.
    fn shrink(&mut self, v: u32, w: u32) {
        let (bv, bw) = (self.top[v as usize], self.top[w as usize]);
        // Walk up from both ends, alternately, to the first blossom met twice: the new base.
        self.stamp_now += 1;
        let mark = self.stamp_now;
        let (mut a, mut b) = (Some(bv), Some(bw));
        let base_blossom = loop {
            if let Some(x) = a {
                if self.stamp[x as usize] == mark {
                    break x;
                }
                self.stamp[x as usize] = mark;
                a = self.tree_grandparent(x);
            }
            if let Some(x) = b {
                if self.stamp[x as usize] == mark {
                    break x;
                }
                self.stamp[x as usize] = mark;
                b = self.tree_grandparent(x);
            }
        };
        // Cycle order: the base blossom, down the tree to bv, across to bw, up to the base.
        let mut down = Vec::new(); // bv up to (not including) the base, with parent edges
        let mut x = bv;
        while x != base_blossom {
            down.push(x);
            x = self.top[self.labelend[x as usize].0 as usize];
        }
        let mut up = Vec::new();
        let mut x = bw;
        while x != base_blossom {
            up.push(x);
            x = self.top[self.labelend[x as usize].0 as usize];
        }
        let mut children = vec![base_blossom];
        let mut links = Vec::new();
        for &x in down.iter().rev() {
            links.push(self.labelend[x as usize]);
            children.push(x);
        }
        links.push((v, w));
        for &x in &up {
            children.push(x);
            let (p, q) = self.labelend[x as usize];
            links.push((q, p));
        }
        let b = self.unused_blossoms.pop().expect("at most n / 2 blossoms");
        for &c in &children {
            self.settle(c);
        }
        let became_outer: Vec<u32> = children
            .iter()
            .copied()
            .filter(|&c| self.label[c as usize] == Label::Inner)
            .collect();
        for &c in &children {
            self.parent[c as usize] = b;
            self.label[c as usize] = Label::Free;
        }
        self.base[b as usize] = self.base[base_blossom as usize];
        self.parent[b as usize] = NONE;
        self.z[b as usize] = W::ZERO;
        self.label[b as usize] = Label::Outer;
        self.labelend[b as usize] = self.labelend[base_blossom as usize];
        self.since[b as usize] = self.delta;
        self.children[b as usize] = children;
        self.links[b as usize] = links;
        let mut leaves = Vec::new();
        self.leaves(b, &mut leaves);
        for &v in &leaves {
            self.top[v as usize] = b;
        }
        self.tree.push(b);
        let mut fresh = Vec::new();
        for c in became_outer {
            fresh.clear();
            self.leaves(c, &mut fresh);
            for &v in &fresh {
                self.scan(v);
            }
        }
    }

    /// The outer blossom two steps up the tree, or none at the root.
    fn tree_grandparent(&self, outer: u32) -> Option<u32> {
        let (p, _) = self.labelend[outer as usize];
        if p == NONE {
            return None;
        }
        let inner = self.top[p as usize];
        Some(self.top[self.labelend[inner as usize].0 as usize])
    }

    /// Expands an inner blossom whose `z` reached zero: the sub-blossoms on the even path from
    /// the one the tree enters by to the base stay in the tree, alternately inner and outer; the
    /// others leave it.
    fn expand_inner(&mut self, b: u32) {
        self.settle(b);
        let (p, q) = self.labelend[b as usize];
        let children = std::mem::take(&mut self.children[b as usize]);
        let links = std::mem::take(&mut self.links[b as usize]);
        for &c in &children {
            self.parent[c as usize] = NONE;
            self.since[c as usize] = self.delta;
            let mut leaves = Vec::new();
            self.leaves(c, &mut leaves);
            for v in leaves {
                self.top[v as usize] = c;
            }
        }
        self.release(b);
        let len = children.len();
        let entry = self.child_holding(&children, q);
        // Along the even path from `entry` to the base child (index 0): backwards from an
        // even index, forwards from an odd one.
        let mut on_path = vec![false; len];
        let mut path: Vec<(u32, (u32, u32))> = vec![(children[entry], (p, q))];
        on_path[entry] = true;
        let mut j = entry;
        while j != 0 {
            let (next, link) = if entry.is_multiple_of(2) {
                let (x, y) = links[j - 1];
                (j - 1, (y, x))
            } else {
                let next = (j + 1) % len;
                (next, links[j])
            };
            path.push((children[next], link));
            on_path[next] = true;
            j = next;
        }
        for (k, &(c, via)) in path.iter().enumerate() {
            if k.is_multiple_of(2) {
                // Inner: labelled here without its mate, who is the next on the path (or,
                // for the base child, the outer blossom already below).
                self.label[c as usize] = Label::Inner;
                self.labelend[c as usize] = via;
                self.since[c as usize] = self.delta;
                self.tree.push(c);
                if c as usize >= self.n {
                    let key = self.delta + self.z[c as usize].half();
                    self.heap.push(Reverse((key, Event::Expand(c))));
                }
            } else {
                self.label[c as usize] = Label::Outer;
                self.labelend[c as usize] = via;
                self.since[c as usize] = self.delta;
                self.tree.push(c);
                let mut leaves = Vec::new();
                self.leaves(c, &mut leaves);
                for v in leaves {
                    self.scan(v);
                }
            }
        }
        for (k, &c) in children.iter().enumerate() {
            if !on_path[k] {
                self.label[c as usize] = Label::Free;
                let mut leaves = Vec::new();
                self.leaves(c, &mut leaves);
                for v in leaves {
                    self.rescan_free(v);
                }
            }
        }
    }

    /// Index in `children` of the sub-blossom holding vertex `v`.
    fn child_holding(&self, children: &[u32], v: u32) -> usize {
        let mut x = v;
        loop {
            if let Some(at) = children.iter().position(|&c| c == x) {
                return at;
            }
            x = self.parent[x as usize];
            debug_assert!(x != NONE, "the vertex is inside the blossom");
        }
    }

    /// Turns a top-level blossom with `z = 0` back into its sub-blossoms, outside any stage.
    fn dissolve(&mut self, b: u32) {
        let children = std::mem::take(&mut self.children[b as usize]);
        self.links[b as usize].clear();
        for &c in &children {
            self.parent[c as usize] = NONE;
            self.label[c as usize] = Label::Free;
            let mut leaves = Vec::new();
            self.leaves(c, &mut leaves);
            for v in leaves {
                self.top[v as usize] = c;
            }
        }
        self.release(b);
    }

    fn release(&mut self, b: u32) {
        self.base[b as usize] = NONE;
        self.label[b as usize] = Label::Free;
        self.parent[b as usize] = NONE;
        self.z[b as usize] = W::ZERO;
        self.unused_blossoms.push(b);
    }

    // ---- augmenting ----

    /// Flips the augmenting path from the root through outer `v` to the free vertex `w`.
    fn augment(&mut self, v: u32, w: u32) {
        self.mate[w as usize] = v;
        let (mut s, mut j) = (v, w);
        loop {
            let bs = self.top[s as usize];
            if bs as usize >= self.n {
                self.rebase(bs, s);
            }
            self.mate[s as usize] = j;
            let (p, _) = self.labelend[bs as usize];
            if p == NONE {
                break;
            }
            // `bs` joined through the matched edge from the inner blossom above.
            let bt = self.top[p as usize];
            let (ps, qt) = self.labelend[bt as usize];
            if bt as usize >= self.n {
                self.rebase(bt, qt);
            }
            self.mate[qt as usize] = ps;
            s = ps;
            j = qt;
        }
    }

    /// Makes `v` the base of blossom `b`, flipping the even path inside it from `v` to the old
    /// base (and, recursively, inside the sub-blossoms it passes).
    fn rebase(&mut self, b: u32, v: u32) {
        let mut t = v;
        while self.parent[t as usize] != b {
            t = self.parent[t as usize];
        }
        if t as usize >= self.n {
            self.rebase(t, v);
        }
        let len = self.children[b as usize].len();
        let i = self.children[b as usize]
            .iter()
            .position(|&c| c == t)
            .expect("a child");
        // Walk from child i to child 0 along the even side, matching every other link.
        let mut j = i;
        while j != 0 {
            let (first, second, link) = if i.is_multiple_of(2) {
                // Backwards: links j-1 (matched, now free) and j-2 (free, now matched).
                let (x, y) = self.links[b as usize][j - 2];
                (j - 2, j - 1, (x, y))
            } else {
                let (x, y) = self.links[b as usize][(j + 1) % len];
                ((j + 1) % len, (j + 2) % len, (x, y))
            };
            let (x, y) = link;
            let (cx, cy) = (
                self.children[b as usize][first],
                self.children[b as usize][second],
            );
            if cx as usize >= self.n {
                self.rebase(cx, x);
            }
            if cy as usize >= self.n {
                self.rebase(cy, y);
            }
            self.mate[x as usize] = y;
            self.mate[y as usize] = x;
            j = if i.is_multiple_of(2) {
                j - 2
            } else {
                (j + 2) % len
            };
        }
        self.children[b as usize].rotate_left(i);
        self.links[b as usize].rotate_left(i);
        self.base[b as usize] = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator for test graphs.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, below: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % below
        }
    }

    /// The least cost of a perfect matching by exhaustive search, if any.
    fn brute(n: usize, g: &Graph<i128>) -> Option<i128> {
        fn go(
            open: u32,
            g: &Graph<i128>,
            memo: &mut std::collections::HashMap<u32, Option<i128>>,
        ) -> Option<i128> {
            if open == 0 {
                return Some(0);
            }
            if let Some(&known) = memo.get(&open) {
                return known;
            }
            let i = open.trailing_zeros();
            let rest = open & !(1 << i);
            let mut best: Option<i128> = None;
            for j in 0..32 {
                if rest & (1 << j) == 0 {
                    continue;
                }
                if let Some(c) = g.cost(i, j)
                    && let Some(after) = go(rest & !(1 << j), g, memo)
                {
                    best = Some(best.map_or(c + after, |b| b.min(c + after)));
                }
            }
            memo.insert(open, best);
            best
        }
        go(((1u64 << n) - 1) as u32, g, &mut Default::default())
    }

    fn check(n: usize, edges: &[(u32, u32, i128)]) {
        let g = Graph::new(n, edges);
        let expected = brute(n, &g);
        match min_cost_perfect_matching(&g) {
            Ok(solution) => {
                let mut total = 0;
                for v in 0..n as u32 {
                    let m = solution.mate[v as usize];
                    assert_eq!(solution.mate[m as usize], v);
                    let c = g.cost(v, m).expect("matched along an edge");
                    assert_eq!(solution.slack(v, m, c), 0, "matched edges are tight");
                    if v < m {
                        total += c;
                    }
                }
                for &(u, v, _) in edges {
                    let c = g.cost(u, v).unwrap();
                    assert!(solution.slack(u, v, c) >= 0, "dual feasible");
                }
                assert_eq!(Some(total), expected, "{n} vertices, edges {edges:?}");
            }
            Err(stuck) => {
                assert_eq!(expected, None, "{n} vertices, edges {edges:?}");
                assert!(stuck.outer.len() > stuck.inner.len());
            }
        }
    }

    #[test]
    fn matches_exhaustive_search_on_random_graphs() {
        let mut rng = Lcg(7);
        for round in 0..4000 {
            let n = 2 * (1 + rng.next(7) as usize);
            let density = 20 + rng.next(80);
            let spread = [3, 10, 1000][round % 3];
            let mut edges = Vec::new();
            for u in 0..n as u32 {
                for v in u + 1..n as u32 {
                    if rng.next(100) < density {
                        edges.push((u, v, 2 * rng.next(spread) as i128));
                    }
                }
            }
            check(n, &edges);
        }
    }

    #[test]
    fn odd_cycles_nest() {
        // Two triangles joined by one edge, and a pentagon with chords: blossoms are needed.
        check(
            6,
            &[
                (0, 1, 2),
                (1, 2, 2),
                (0, 2, 2),
                (2, 3, 10),
                (3, 4, 2),
                (4, 5, 2),
                (3, 5, 2),
            ],
        );
        let mut edges = vec![];
        for v in 0..10u32 {
            edges.push((v, (v + 1) % 10, 2 * (v as i128 % 3)));
            edges.push((v, (v + 3) % 10, 8));
        }
        check(10, &edges);
    }

    #[test]
    fn reports_a_graph_without_a_perfect_matching() {
        // A star: the centre can take only one leaf.
        check(4, &[(0, 1, 0), (0, 2, 0), (0, 3, 0)]);
        let g = Graph::new(4, &[(0, 1, 0), (0, 2, 0), (0, 3, 0)]);
        let stuck = min_cost_perfect_matching(&g).unwrap_err();
        assert_eq!(stuck.inner, [0]);
    }
}
