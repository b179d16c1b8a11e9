//! Swiss at three and four seats beyond the exhaustive search's reach: never worse, measure by
//! measure, than the search the specification states for fields of more than 12 entrants. The
//! stated search is written here again from the specification's words, sharing no code with
//! the engine, and run with its own random kicks.

mod swiss_support;

use std::collections::HashMap;

use fives_pairing::swiss::{Remainder, SwissEntrant, SwissField, SwissRound, pair};
use swiss_support::{Event, Rng};

/// Measures 1 to 5: bye scores, repeated partners, repeated meetings, spread, balance.
type Measures = (i128, u64, u64, i128, i128);

fn add(x: Measures, y: Measures) -> Measures {
    (x.0 + y.0, x.1 + y.1, x.2 + y.2, x.3 + y.3, x.4 + y.4)
}

fn count(map: &HashMap<(usize, usize), u32>, i: usize, j: usize) -> u64 {
    map.get(&(i.min(j), i.max(j))).copied().unwrap_or(0) as u64
}

/// A table's measures 2 to 5 seated as given (`[a, b, c, d]`: `a`–`c` against `b`–`d`).
fn seated(field: &SwissField, seats: &[usize]) -> Measures {
    let score = |i: usize| field.entrants[i].score as i128;
    let mut m: Measures = (0, 0, 0, 0, 0);
    for (k, &i) in seats.iter().enumerate() {
        for &j in &seats[k + 1..] {
            m.2 += count(&field.meetings, i, j);
            m.3 += (score(i) - score(j)).pow(2);
        }
    }
    if field.partnerships && seats.len() == 4 {
        let [a, b, c, d] = [seats[0], seats[1], seats[2], seats[3]];
        m.1 = count(&field.partners, a, c) + count(&field.partners, b, d);
        m.4 = (score(a) + score(c) - score(b) - score(d)).abs();
    }
    m
}

/// A table's measures with its best split into partnerships.
fn table(field: &SwissField, members: &[usize]) -> Measures {
    if !(field.partnerships && members.len() == 4) {
        return seated(field, members);
    }
    let [a, b, c, d] = [members[0], members[1], members[2], members[3]];
    [[a, b, c, d], [a, c, b, d], [a, b, d, c]]
        .iter()
        .map(|s| seated(field, s))
        .min()
        .unwrap()
}

/// Tables of `seats`, tables one short, byes, as the specification lays the field out.
fn layout(field: &SwissField) -> (usize, usize, usize) {
    let (n, s) = (field.entrants.len(), field.seats);
    if field.partnerships || field.remainder == Remainder::Byes {
        return (n / s, 0, n % s);
    }
    let short = (s - n % s) % s;
    if short <= (n + short) / s {
        ((n + short) / s - short, short, 0)
    } else {
        (n / s, 0, n % s)
    }
}

struct Pairing {
    tables: Vec<Vec<usize>>,
    byes: Vec<usize>,
}

fn total(field: &SwissField, p: &Pairing) -> Measures {
    let byes: i128 = p
        .byes
        .iter()
        .map(|&b| field.entrants[b].score as i128)
        .sum();
    p.tables
        .iter()
        .fold((byes, 0, 0, 0, 0), |sum, t| add(sum, table(field, t)))
}

/// The specification's search: the byes as measure 1 requires (those without a bye first,
/// then the lowest scores) and the rest seated in pairing-rank order, larger tables first;
/// then, while one improves the measures, a swap of two entrants between two tables or of a
/// bye and a seated entrant with the same score and number of byes; then 300 kicks of one to
/// three random swaps between tables, each followed by the same descent, keeping a result no
/// worse than the last.
fn stated_search(field: &SwissField, seed: u64) -> Measures {
    let n = field.entrants.len();
    let (full, short, bye_count) = layout(field);
    let entrant = |i: usize| field.entrants[i];
    let mut candidates: Vec<usize> = (0..n).collect();
    // Those without a bye first (all of them have one if there are too few), then the lowest
    // score, then the lowest-ranked.
    candidates.sort_by_key(|&i| (entrant(i).byes > 0, entrant(i).score, std::cmp::Reverse(i)));
    let byes: Vec<usize> = candidates[..bye_count].to_vec();
    let mut rank: Vec<usize> = (0..n).filter(|i| !byes.contains(i)).collect();
    rank.sort_by_key(|&i| (std::cmp::Reverse(entrant(i).score), i));
    let mut tables = Vec::new();
    let mut rest = rank.into_iter();
    for size in
        std::iter::repeat_n(field.seats, full).chain(std::iter::repeat_n(field.seats - 1, short))
    {
        tables.push(rest.by_ref().take(size).collect::<Vec<_>>());
    }
    let mut p = Pairing { tables, byes };
    descend(field, &mut p);
    let mut rng = Rng(seed);
    let mut last = total(field, &p);
    for _ in 0..300 {
        if p.tables.len() < 2 {
            break;
        }
        let before = Pairing {
            tables: p.tables.clone(),
            byes: p.byes.clone(),
        };
        for _ in 0..1 + rng.below(3) {
            let t = rng.below(p.tables.len() as u64) as usize;
            let mut u = rng.below(p.tables.len() as u64 - 1) as usize;
            if u >= t {
                u += 1;
            }
            let x = rng.below(p.tables[t].len() as u64) as usize;
            let y = rng.below(p.tables[u].len() as u64) as usize;
            swap(&mut p, (t, x), (u, y));
        }
        descend(field, &mut p);
        let now = total(field, &p);
        if now <= last {
            last = now;
        } else {
            p = before;
        }
    }
    last
}

/// Takes improving swaps as they are found, pass after pass, until a pass finds none.
fn descend(field: &SwissField, p: &mut Pairing) {
    let entrant = |i: usize| field.entrants[i];
    loop {
        let mut improved = false;
        for t in 0..p.tables.len() {
            for u in t + 1..p.tables.len() {
                for x in 0..p.tables[t].len() {
                    for y in 0..p.tables[u].len() {
                        let now = add(table(field, &p.tables[t]), table(field, &p.tables[u]));
                        swap(p, (t, x), (u, y));
                        if add(table(field, &p.tables[t]), table(field, &p.tables[u])) < now {
                            improved = true;
                        } else {
                            swap(p, (t, x), (u, y));
                        }
                    }
                }
            }
        }
        for b in 0..p.byes.len() {
            for t in 0..p.tables.len() {
                for x in 0..p.tables[t].len() {
                    let (i, j) = (p.byes[b], p.tables[t][x]);
                    if entrant(i).score != entrant(j).score || entrant(i).byes != entrant(j).byes {
                        continue;
                    }
                    let now = table(field, &p.tables[t]);
                    p.tables[t][x] = i;
                    if table(field, &p.tables[t]) < now {
                        p.byes[b] = j;
                        improved = true;
                    } else {
                        p.tables[t][x] = j;
                    }
                }
            }
        }
        if !improved {
            return;
        }
    }
}

fn swap(p: &mut Pairing, (t, x): (usize, usize), (u, y): (usize, usize)) {
    let a = p.tables[t][x];
    p.tables[t][x] = p.tables[u][y];
    p.tables[u][y] = a;
}

/// The engine's round's measures 1 to 5.
fn measured(field: &SwissField, round: &SwissRound) -> Measures {
    let byes: i128 = round
        .byes
        .iter()
        .map(|&b| field.entrants[b].score as i128)
        .sum();
    round
        .tables
        .iter()
        .fold((byes, 0, 0, 0, 0), |sum, t| add(sum, seated(field, t)))
}

/// A field from its scores and the pairs that have met (once each), nobody with a bye.
fn field(seats: usize, remainder: Remainder, scores: &[i64], met: &[(usize, usize)]) -> SwissField {
    SwissField {
        entrants: scores
            .iter()
            .map(|&score| SwissEntrant { score, byes: 0 })
            .collect(),
        seats,
        partnerships: false,
        remainder,
        meetings: met
            .iter()
            .map(|&(i, j)| ((i.min(j), i.max(j)), 1))
            .collect(),
        partners: HashMap::new(),
    }
}

#[test]
fn the_smallest_case_the_issue_names_sixteen_at_three_seats_after_two_rounds() {
    // 16 entrants at three seats with smaller tables (four tables of 3, two of 2) after two
    // rounds, scores doubled (2 a win). Seated in rank order past earlier meetings, as the
    // engine's own search left it, the spread was 12 (3 in points); the stated search finds 8
    // (2 in points), and so must the engine.
    let field = field(
        3,
        Remainder::SmallerTables,
        &[6, 6, 6, 6, 4, 4, 4, 4, 4, 4, 2, 2, 2, 2, 0, 0],
        &[
            (0, 4),
            (0, 5),
            (0, 14),
            (1, 5),
            (1, 9),
            (1, 10),
            (1, 12),
            (2, 3),
            (2, 7),
            (2, 8),
            (3, 4),
            (3, 8),
            (3, 11),
            (4, 11),
            (4, 14),
            (5, 10),
            (6, 7),
            (6, 10),
            (6, 11),
            (6, 14),
            (7, 11),
            (8, 13),
            (8, 15),
            (9, 12),
            (9, 13),
            (10, 14),
            (12, 15),
            (13, 15),
        ],
    );
    let round = pair(&field).unwrap();
    let stated = stated_search(&field, 1);
    assert_eq!(stated, (0, 0, 0, 8, 0));
    assert_eq!(measured(&field, &round), stated);
}

/// Plays events of `sizes` entrants at three and four seats, with and without partnerships
/// and smaller tables, checking every round against the stated search.
fn never_worse_in_played_events(
    seeds: std::ops::Range<u64>,
    rounds: usize,
    sizes: std::ops::RangeInclusive<usize>,
) {
    for seed in seeds {
        let mut rng = Rng(seed);
        let n = sizes.start() + rng.below((sizes.end() - sizes.start() + 1) as u64) as usize;
        let seats = 3 + rng.below(2) as usize;
        let partnerships = seats == 4 && rng.below(2) == 0;
        let mut event = Event::new(n, seats, partnerships, &mut rng);
        if rng.below(2) == 0 {
            event.remainder = Remainder::SmallerTables;
        }
        for round_number in 1..=rounds {
            let (field, order) = event.field();
            let round = pair(&field).unwrap();
            let got = measured(&field, &round);
            let stated = stated_search(&field, seed);
            assert!(
                got <= stated,
                "event {seed} ({n} at {seats} seats, partnerships {partnerships}, {:?}), round {round_number}: {got:?} against {stated:?}",
                event.remainder
            );
            event.play(&round, &order, &mut rng);
        }
    }
}

#[test]
fn never_worse_than_the_stated_search_in_played_events() {
    never_worse_in_played_events(0..3, 4, 13..=40);
}

/// More events (slow in debug builds: `cargo test --release -p fives-pairing -- --ignored
/// stated_search`).
#[test]
#[ignore]
fn never_worse_than_the_stated_search_in_more_played_events() {
    never_worse_in_played_events(6..40, 6, 13..=40);
}

/// Beyond 200 entrants the engine's round is the stated search's, run with the choices its
/// words leave open made for speed; it must still be no worse than this run of it (slow in
/// debug builds: `cargo test --release -p fives-pairing -- --ignored stated_search`).
#[test]
#[ignore]
fn never_worse_than_the_stated_search_beyond_two_hundred_entrants() {
    never_worse_in_played_events(40..46, 4, 201..=300);
}
