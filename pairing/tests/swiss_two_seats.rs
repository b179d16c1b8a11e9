//! Swiss at two seats against an exhaustive search written from the specification (and the
//! crate's reading of measure 3, as its README gives it), sharing no code with the engine.

use fives_pairing::swiss::{SwissEntrant, SwissField, pair};
use proptest::prelude::*;

/// The measures in order: bye level, squared score differences, bye rank, pattern, float.
type Measures = (u64, u128, u64, u128, u128);

/// Who may have the bye: those without one, or everyone once every entrant has had one.
fn may_have_bye(field: &SwissField) -> Vec<bool> {
    let fresh = field.entrants.iter().any(|e| e.byes == 0);
    field
        .entrants
        .iter()
        .map(|e| !fresh || e.byes == 0)
        .collect()
}

fn met(field: &SwissField, i: usize, j: usize) -> bool {
    field
        .meetings
        .get(&(i.min(j), i.max(j)))
        .is_some_and(|&c| c > 0)
}

fn measures(field: &SwissField, tables: &[[usize; 2]], bye: Option<usize>) -> Measures {
    let n = field.entrants.len();
    let score = |i: usize| field.entrants[i].score;
    // Groups of equal score, each in rank (index) order.
    let group_of = |i: usize| -> Vec<usize> { (0..n).filter(|&k| score(k) == score(i)).collect() };
    let place = |i: usize| group_of(i).iter().position(|&k| k == i).unwrap();
    let mut m: Measures = (0, 0, 0, 0, 0);
    if let Some(b) = bye {
        let may = may_have_bye(field);
        let mut levels: Vec<i64> = (0..n).filter(|&i| may[i]).map(score).collect();
        levels.sort_unstable();
        levels.dedup();
        m.0 = levels.iter().position(|&s| s == score(b)).unwrap() as u64;
        m.2 = (n - 1 - b) as u64;
    }
    for &[i, j] in tables {
        let d = score(i).abs_diff(score(j)) as u128;
        m.1 += d * d;
        if score(i) == score(j) {
            let size = group_of(i).len() as i128;
            let e = 2 * place(i).abs_diff(place(j)) as i128 - size;
            m.3 += (e * e) as u128;
        } else {
            let (high, low) = if score(i) > score(j) { (i, j) } else { (j, i) };
            m.4 += (group_of(high).len() - 1 - place(high) + place(low)) as u128;
        }
    }
    m
}

/// Every pairing that keeps the absolute rules.
fn pairings(field: &SwissField) -> Vec<(Vec<[usize; 2]>, Option<usize>)> {
    fn go(
        field: &SwissField,
        open: &mut Vec<usize>,
        tables: &mut Vec<[usize; 2]>,
        bye: Option<usize>,
        out: &mut Vec<(Vec<[usize; 2]>, Option<usize>)>,
    ) {
        let Some(&i) = open.first() else {
            out.push((tables.clone(), bye));
            return;
        };
        for at in 1..open.len() {
            let j = open[at];
            if met(field, i, j) {
                continue;
            }
            open.remove(at);
            open.remove(0);
            tables.push([i, j]);
            go(field, open, tables, bye, out);
            tables.pop();
            open.insert(0, i);
            open.insert(at, j);
        }
    }
    let n = field.entrants.len();
    let mut out = Vec::new();
    if n.is_multiple_of(2) {
        go(
            field,
            &mut (0..n).collect(),
            &mut Vec::new(),
            None,
            &mut out,
        );
    } else {
        let may = may_have_bye(field);
        for b in (0..n).filter(|&b| may[b]) {
            let mut open: Vec<usize> = (0..n).filter(|&k| k != b).collect();
            go(field, &mut open, &mut Vec::new(), Some(b), &mut out);
        }
    }
    out
}

fn field(scores: &[i64], byes: &[u32], met: &[(usize, usize)]) -> SwissField {
    SwissField {
        entrants: scores
            .iter()
            .zip(byes)
            .map(|(&score, &byes)| SwissEntrant { score, byes })
            .collect(),
        seats: 2,
        meetings: met
            .iter()
            .map(|&(i, j)| ((i.min(j), i.max(j)), 1))
            .collect(),
        ..SwissField::default()
    }
}

/// Checks the engine's answer against every pairing: the rules kept, the order as specified,
/// and the measures equal to the best's (or no pairing when none keeps the rules).
fn check(field: &SwissField) {
    let n = field.entrants.len();
    let all = pairings(field);
    let best = all.iter().map(|(t, b)| measures(field, t, *b)).min();
    match pair(field) {
        Ok(round) => {
            let mut seen = vec![0; n];
            for t in &round.tables {
                assert_eq!(t.len(), 2);
                assert!(t[0] < t[1], "seats in rank order");
                assert!(!met(field, t[0], t[1]), "no rematch");
                seen[t[0]] += 1;
                seen[t[1]] += 1;
            }
            assert!(
                round.tables.windows(2).all(|w| w[0][0] < w[1][0]),
                "table order"
            );
            assert_eq!(round.byes.len(), n % 2);
            for &b in &round.byes {
                assert!(may_have_bye(field)[b], "bye rule");
                seen[b] += 1;
            }
            assert!(seen.iter().all(|&s| s == 1), "everyone exactly once");
            let tables: Vec<[usize; 2]> = round.tables.iter().map(|t| [t[0], t[1]]).collect();
            let got = measures(field, &tables, round.byes.first().copied());
            assert_eq!(Some(got), best, "{field:?}");
        }
        Err(why) => {
            assert_eq!(best, None, "{field:?}: {why:?}");
            assert!(why.0.contains("rematch"), "{}", why.0);
        }
    }
}

fn random_field(max: usize) -> impl Strategy<Value = SwissField> {
    (1usize..=max)
        .prop_flat_map(|n| {
            (
                proptest::collection::vec((0i64..6, 0u32..2), n),
                proptest::collection::vec((0..n, 0..n), 0..=2 * n),
            )
        })
        .prop_map(|(mut entrants, met)| {
            entrants.sort_by_key(|e| std::cmp::Reverse(e.0));
            let (scores, byes): (Vec<i64>, Vec<u32>) = entrants.into_iter().unzip();
            let met: Vec<(usize, usize)> = met.into_iter().filter(|(i, j)| i != j).collect();
            field(&scores, &byes, &met)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn equals_the_best_of_every_pairing(field in random_field(11)) {
        check(&field);
    }
}

#[test]
fn twelve_and_thirteen_entrants() {
    let mut state = 11u64;
    let mut next = |below: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % below
    };
    for n in [12, 13] {
        for _ in 0..10 {
            let mut scores: Vec<i64> = (0..n).map(|_| next(5) as i64).collect();
            scores.sort_unstable_by(|a, b| b.cmp(a));
            let byes: Vec<u32> = (0..n).map(|_| next(2) as u32).collect();
            let met: Vec<(usize, usize)> = (0..2 * n)
                .map(|_| (next(n as u64) as usize, next(n as u64) as usize))
                .filter(|(i, j)| i != j)
                .collect();
            check(&field(&scores, &byes, &met));
        }
    }
}

#[test]
fn round_one_is_top_half_against_bottom_half_by_rating() {
    let round = pair(&field(&[0; 8], &[0; 8], &[])).unwrap();
    assert_eq!(round.tables, [[0, 4], [1, 5], [2, 6], [3, 7]]);
    let round = pair(&field(&[0; 9], &[0; 9], &[])).unwrap();
    assert_eq!(round.tables, [[0, 4], [1, 5], [2, 6], [3, 7]]);
    assert_eq!(round.byes, [8]);
}

#[test]
fn the_bye_goes_to_the_lowest_score_even_when_that_costs_score_differences() {
    // Without a bye for 4 (score 0), 0..=3 would pair in their group; measure 1 first.
    let round = pair(&field(&[2, 2, 2, 2, 0], &[0; 5], &[])).unwrap();
    assert_eq!(round.byes, [4]);
}

#[test]
fn no_second_bye_while_someone_has_had_none() {
    let round = pair(&field(&[2, 1, 0], &[0, 0, 1], &[])).unwrap();
    assert_eq!(round.byes, [1]);
    // Everyone has had one: the lowest score again.
    let round = pair(&field(&[2, 1, 0], &[1, 1, 1], &[])).unwrap();
    assert_eq!(round.byes, [2]);
}

#[test]
fn rematches_are_avoided_even_across_score_groups() {
    // 0 and 1 met: each meets the other pair instead, at a score difference.
    let round = pair(&field(&[2, 2, 0, 0], &[0; 4], &[(0, 1), (2, 3)])).unwrap();
    assert_eq!(round.tables, [[0, 2], [1, 3]]);
}

#[test]
fn the_error_names_the_rule_that_cannot_be_kept() {
    let why = pair(&field(&[1, 0], &[0, 0], &[(0, 1)])).unwrap_err();
    assert_eq!(why.0, "no pairing avoids a rematch");
    // Only 2 may have the bye, and then 0 and 1 would meet again; a bye for 0 would do.
    let why = pair(&field(&[1, 1, 0], &[1, 1, 0], &[(0, 1)])).unwrap_err();
    assert_eq!(
        why.0,
        "no pairing avoids a rematch while the bye goes to an entrant who has not had one"
    );
}

#[test]
fn the_same_field_gives_the_same_pairing() {
    let f = field(
        &[4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 0],
        &[0; 11],
        &[(0, 1), (2, 5), (3, 4), (6, 9)],
    );
    let first = pair(&f).unwrap();
    for _ in 0..5 {
        assert_eq!(pair(&f).unwrap(), first);
    }
}

#[test]
fn empty_and_single_fields() {
    let round = pair(&field(&[], &[], &[])).unwrap();
    assert!(round.tables.is_empty() && round.byes.is_empty());
    let round = pair(&field(&[3], &[2], &[])).unwrap();
    assert_eq!(round.byes, [0]);
}
