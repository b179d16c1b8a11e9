//! Round robins by the FIDE Handbook's Berger tables (C.05, Annex 1).
//!
//! For an even number of seeds n, round 1 is 1–n, 2–(n−1), …; in round r the first board pairs
//! seed n with seed p = 1 + ((r − 1)·n/2 mod (n − 1)), seed p having white in odd rounds and
//! seed n in even ones; board k (k ≥ 2) pairs p + (k − 1) (white) with p − (k − 1) (black),
//! counted round the cycle 1..n − 1. This is the rotation that produces the published tables.

use crate::event::{EntrantIndex, Event};

/// The number of seeds of the Berger table: the field, with a dummy added when it is odd.
pub fn table_size(entrants: usize) -> usize {
    entrants + entrants % 2
}

/// How many rounds a round robin of this many entrants has.
pub fn round_count(entrants: usize) -> usize {
    table_size(entrants).saturating_sub(1)
}

/// Round `round` (1-based) of the Berger table for `n` seeds (`n` even, at least 2): the boards
/// in order, each as (white, black) seed numbers from 1.
pub fn berger_round(n: usize, round: usize) -> Vec<(usize, usize)> {
    assert!(
        n >= 2 && n.is_multiple_of(2),
        "a Berger table has an even number of seeds"
    );
    assert!(
        (1..n).contains(&round),
        "round {round} of a Berger table for {n}"
    );
    let cycle = n - 1;
    let p = 1 + ((round - 1) * (n / 2)) % cycle;
    // 1-based position on the cycle 1..=cycle.
    let wrap = |value: isize| -> usize { (value - 1).rem_euclid(cycle as isize) as usize + 1 };
    let mut boards = Vec::with_capacity(n / 2);
    boards.push(if round % 2 == 1 { (p, n) } else { (n, p) });
    for k in 1..n / 2 {
        let k = k as isize;
        boards.push((wrap(p as isize + k), wrap(p as isize - k)));
    }
    boards
}

/// A round of a round robin among `seeded` (seed 1 first): its tables in board order, seats
/// white first, and the entrants sitting out in board order (drawn against the dummy, or
/// against an entrant who has withdrawn).
pub struct RoundRobinRound {
    pub tables: Vec<[EntrantIndex; 2]>,
    pub byes: Vec<EntrantIndex>,
}

pub fn pair_round(
    event: &Event,
    seeded: &[EntrantIndex],
    round_in_event: usize,
    round: usize,
) -> RoundRobinRound {
    let n = table_size(seeded.len());
    let active = |seed: usize| -> Option<EntrantIndex> {
        let entrant = *seeded.get(seed - 1)?;
        event.entrants[entrant]
            .is_active_in(round_in_event)
            .then_some(entrant)
    };
    let mut tables = Vec::new();
    let mut byes = Vec::new();
    for (white, black) in berger_round(n, round) {
        match (active(white), active(black)) {
            (Some(white), Some(black)) => tables.push([white, black]),
            (Some(alone), None) | (None, Some(alone)) => byes.push(alone),
            (None, None) => {}
        }
    }
    RoundRobinRound { tables, byes }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(n: usize) -> Vec<Vec<(usize, usize)>> {
        (1..n).map(|round| berger_round(n, round)).collect()
    }

    // The published FIDE Berger tables (Handbook C.05, Annex 1), white first.
    #[test]
    fn four_entrants_match_the_published_table() {
        assert_eq!(
            table(4),
            vec![
                vec![(1, 4), (2, 3)],
                vec![(4, 3), (1, 2)],
                vec![(2, 4), (3, 1)],
            ]
        );
    }

    #[test]
    fn six_entrants_match_the_published_table() {
        assert_eq!(
            table(6),
            vec![
                vec![(1, 6), (2, 5), (3, 4)],
                vec![(6, 4), (5, 3), (1, 2)],
                vec![(2, 6), (3, 1), (4, 5)],
                vec![(6, 5), (1, 4), (2, 3)],
                vec![(3, 6), (4, 2), (5, 1)],
            ]
        );
    }

    #[test]
    fn eight_entrants_match_the_published_table() {
        assert_eq!(
            table(8),
            vec![
                vec![(1, 8), (2, 7), (3, 6), (4, 5)],
                vec![(8, 5), (6, 4), (7, 3), (1, 2)],
                vec![(2, 8), (3, 1), (4, 7), (5, 6)],
                vec![(8, 6), (7, 5), (1, 4), (2, 3)],
                vec![(3, 8), (4, 2), (5, 1), (6, 7)],
                vec![(8, 7), (1, 6), (2, 5), (3, 4)],
                vec![(4, 8), (5, 3), (6, 2), (7, 1)],
            ]
        );
    }

    #[test]
    fn ten_entrants_match_the_published_table() {
        assert_eq!(
            table(10),
            vec![
                vec![(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)],
                vec![(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
                vec![(2, 10), (3, 1), (4, 9), (5, 8), (6, 7)],
                vec![(10, 7), (8, 6), (9, 5), (1, 4), (2, 3)],
                vec![(3, 10), (4, 2), (5, 1), (6, 9), (7, 8)],
                vec![(10, 8), (9, 7), (1, 6), (2, 5), (3, 4)],
                vec![(4, 10), (5, 3), (6, 2), (7, 1), (8, 9)],
                vec![(10, 9), (1, 8), (2, 7), (3, 6), (4, 5)],
                vec![(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)],
            ]
        );
    }

    #[test]
    fn every_pair_meets_exactly_once_and_everyone_plays_every_round() {
        for n in (2..=30).step_by(2) {
            let mut met = vec![vec![0; n + 1]; n + 1];
            for round in table(n) {
                let mut seen = vec![false; n + 1];
                for (a, b) in round {
                    assert!(!seen[a] && !seen[b]);
                    seen[a] = true;
                    seen[b] = true;
                    met[a][b] += 1;
                    met[b][a] += 1;
                }
            }
            for (a, row) in met.iter().enumerate().skip(1) {
                for (b, &count) in row.iter().enumerate().skip(1) {
                    assert_eq!(count, usize::from(a != b), "{n}: {a} v {b}");
                }
            }
        }
    }
}
