//! The blossom algorithm's search itself: growing alternating trees from free vertices,
//! shrinking and expanding blossoms, and the lazy dual changes, for [`super::Solver`].

use super::*;

impl<'g, W: Weight> Solver<'g, W> {
    pub(super) fn new(g: &'g Graph<W>) -> Self {
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
            leaf_stack: Cell::default(),
            settled: Cell::default(),
        }
    }

    /// Potentials at half the cheapest edge (every slack non-negative), then a greedy matching
    /// on tight edges, and for each vertex left free its potential raised as far as its edges
    /// allow, to match it on an edge this makes tight.
    pub(super) fn initialise(&mut self, start: Option<Vec<W>>) {
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

    pub(super) fn solution(self) -> Solution<W> {
        Solution::new(self.mate, self.y, self.z, self.parent)
    }

    // ---- duals ----

    /// The lazy dual change of a top-level node since it was labelled.
    #[inline]
    pub(super) fn lazy(&self, b: u32) -> W {
        match self.label[b as usize] {
            Label::Free => W::ZERO,
            Label::Outer => self.delta - self.since[b as usize],
            Label::Inner => self.since[b as usize] - self.delta,
        }
    }

    #[inline]
    pub(super) fn y_now(&self, v: u32) -> W {
        self.y[v as usize] + self.lazy(self.top[v as usize])
    }

    /// Slack of edge `k` from `v`, for ends in different top-level nodes.
    #[inline]
    pub(super) fn slack(&self, v: u32, k: usize) -> W {
        self.g.cost[k] - self.y_now(v) - self.y_now(self.g.to[k])
    }

    pub(super) fn z_now(&self, b: u32) -> W {
        self.z[b as usize] + self.lazy(b).double()
    }

    /// Writes a top-level node's lazy change into its vertices and `z`, restarting its clock.
    pub(super) fn settle(&mut self, b: u32) {
        let d = self.lazy(b);
        if d != W::ZERO {
            // A single vertex, the usual node, needs no list of its leaves.
            if (b as usize) < self.n {
                self.y[b as usize] = self.y[b as usize] + d;
            } else {
                let mut leaves = self.settled.take();
                leaves.clear();
                self.leaves(b, &mut leaves);
                for &v in &leaves {
                    self.y[v as usize] = self.y[v as usize] + d;
                }
                self.settled.set(leaves);
            }
            if b as usize >= self.n {
                self.z[b as usize] = self.z[b as usize] + d.double();
            }
        }
        self.since[b as usize] = self.delta;
    }

    pub(super) fn leaves(&self, b: u32, out: &mut Vec<u32>) {
        if (b as usize) < self.n {
            out.push(b);
            return;
        }
        let mut stack = self.leaf_stack.take();
        stack.clear();
        stack.push(b);
        while let Some(x) = stack.pop() {
            if (x as usize) < self.n {
                out.push(x);
            } else {
                stack.extend(self.children[x as usize].iter().copied());
            }
        }
        self.leaf_stack.set(stack);
    }

    /// Makes `b` the top-level node of each of its vertices, walking its sub-blossoms as
    /// [`Solver::leaves`] does without listing them.
    pub(super) fn make_top(&mut self, b: u32) {
        if (b as usize) < self.n {
            self.top[b as usize] = b;
            return;
        }
        let mut stack = self.leaf_stack.take();
        stack.clear();
        stack.push(b);
        while let Some(x) = stack.pop() {
            if (x as usize) < self.n {
                self.top[x as usize] = b;
            } else {
                stack.extend(self.children[x as usize].iter().copied());
            }
        }
        self.leaf_stack.set(stack);
    }

    // ---- a stage ----

    pub(super) fn stage(&mut self, root: u32) -> Result<(), Stuck> {
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
    pub(super) fn set_label(&mut self, b: u32, label: Label, via: (u32, u32)) {
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
            Label::Outer if (b as usize) < self.n => self.scan(b),
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
    pub(super) fn scan(&mut self, v: u32) {
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
    pub(super) fn rescan_free(&mut self, w: u32) {
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

    pub(super) fn edge_index(&self, v: u32, w: u32) -> usize {
        let range = self.g.range(v);
        range.start
            + self.g.to[range]
                .binary_search(&w)
                .expect("edges are stored from both ends")
    }

    pub(super) fn stuck(&mut self) -> Stuck {
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

    pub(super) fn end_stage(&mut self) {
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
    pub(super) fn shrink(&mut self, v: u32, w: u32) {
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
        // The new blossom is outer, as the base blossom is: it keeps the base's clock, so that
        // the base's vertices (often most of the new blossom, which grows by taking in the
        // tree around it) need not be settled one by one. The other children are settled and
        // then set back by the base's pending change, which the new blossom carries for them.
        let base_outer = self.label[base_blossom as usize] == Label::Outer;
        let (since, pending) = if base_outer {
            let since = self.since[base_blossom as usize];
            (since, self.delta - since)
        } else {
            (self.delta, W::ZERO)
        };
        for &c in &children {
            if base_outer && c == base_blossom {
                if c as usize >= self.n {
                    self.z[c as usize] = self.z[c as usize] + pending.double();
                }
                self.since[c as usize] = self.delta;
                continue;
            }
            self.settle(c);
            if pending != W::ZERO {
                let mut leaves = self.settled.take();
                leaves.clear();
                self.leaves(c, &mut leaves);
                for &v in &leaves {
                    self.y[v as usize] = self.y[v as usize] - pending;
                }
                self.settled.set(leaves);
            }
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
        // Zero now: the pending change the clock above carries is taken off.
        self.z[b as usize] = W::ZERO - pending.double();
        self.label[b as usize] = Label::Outer;
        self.labelend[b as usize] = self.labelend[base_blossom as usize];
        self.since[b as usize] = since;
        self.children[b as usize] = children;
        self.links[b as usize] = links;
        self.make_top(b);
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
    pub(super) fn tree_grandparent(&self, outer: u32) -> Option<u32> {
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
    pub(super) fn expand_inner(&mut self, b: u32) {
        self.settle(b);
        let (p, q) = self.labelend[b as usize];
        let children = std::mem::take(&mut self.children[b as usize]);
        let links = std::mem::take(&mut self.links[b as usize]);
        for &c in &children {
            self.parent[c as usize] = NONE;
            self.since[c as usize] = self.delta;
            self.make_top(c);
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
    pub(super) fn child_holding(&self, children: &[u32], v: u32) -> usize {
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
    pub(super) fn dissolve(&mut self, b: u32) {
        let children = std::mem::take(&mut self.children[b as usize]);
        self.links[b as usize].clear();
        for &c in &children {
            self.parent[c as usize] = NONE;
            self.label[c as usize] = Label::Free;
            self.make_top(c);
        }
        self.release(b);
    }

    pub(super) fn release(&mut self, b: u32) {
        self.base[b as usize] = NONE;
        self.label[b as usize] = Label::Free;
        self.parent[b as usize] = NONE;
        self.z[b as usize] = W::ZERO;
        self.unused_blossoms.push(b);
    }

    // ---- augmenting ----

    /// Flips the augmenting path from the root through outer `v` to the free vertex `w`.
    pub(super) fn augment(&mut self, v: u32, w: u32) {
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
    pub(super) fn rebase(&mut self, b: u32, v: u32) {
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
