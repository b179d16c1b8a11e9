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
