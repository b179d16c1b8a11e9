//! Seed order and pairing rank: who is seed 1, and who ranks first before a Swiss round.

use std::cmp::Ordering;

use crate::document::Seeding;
use crate::event::{EntrantIndex, Event, Round};
use crate::number::Exact;

/// The entrants in seed order: by rating, highest first, ties in entry order; or the entry
/// order itself.
pub fn seed_order(event: &Event) -> Vec<EntrantIndex> {
    let mut seeds: Vec<EntrantIndex> = (0..event.entrants.len()).collect();
    if event.options.seeding == Seeding::Rating {
        // A stable sort keeps entry order among equal ratings.
        seeds.sort_by(|&a, &b| event.entrants[b].rating.cmp(&event.entrants[a].rating));
    }
    seeds
}

/// Pairing rank: score, highest first; then rating, highest first; then entry order.
pub fn by_pairing_rank(
    event: &Event,
    scores: &[Exact],
    a: EntrantIndex,
    b: EntrantIndex,
) -> Ordering {
    scores[b]
        .cmp(&scores[a])
        .then_with(|| event.entrants[b].rating.cmp(&event.entrants[a].rating))
        .then_with(|| a.cmp(&b))
}

/// Each entrant's score over the given rounds: its points at tables that have points, plus
/// `bye_points` for each bye.
pub fn scores(event: &Event, rounds: std::ops::Range<usize>) -> Vec<Exact> {
    let rounds = &event.rounds[rounds];
    if let Some(scores) = scaled_scores(event, rounds) {
        return scores;
    }
    let mut scores = vec![Exact::ZERO; event.entrants.len()];
    for round in rounds {
        for table in &round.tables {
            if let Some(points) = &table.points {
                for (&entrant, &points) in table.seats.iter().zip(points) {
                    scores[entrant] += points;
                }
            }
        }
        for &entrant in &round.byes {
            scores[entrant] += event.options.bye_points;
        }
    }
    scores
}

/// [`scores`] added as machine integers over the common denominator of every number added
/// (which divides 10^6 for a document's numbers, of at most six decimals), then each written
/// back as a fraction in lowest terms, the same as adding the fractions one by one: a field of
/// 100,000 then adds into a list of 800 kB instead of one of fractions four times larger, read
/// at random once for each seat. `None` if the denominator or a sum would not fit.
fn scaled_scores(event: &Event, rounds: &[Round]) -> Option<Vec<Exact>> {
    const LARGEST_DENOMINATOR: i128 = 1_000_000;
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let mut common: i128 = 1;
    let mut widen = |den: i128| {
        if common % den != 0 {
            common = common / gcd(common, den) * den;
        }
        common <= LARGEST_DENOMINATOR
    };
    for round in rounds {
        for table in &round.tables {
            for points in table.points.iter().flatten() {
                if !widen(points.denominator()) {
                    return None;
                }
            }
        }
        if !round.byes.is_empty() && !widen(event.options.bye_points.denominator()) {
            return None;
        }
    }
    let common = common as i64;
    // Each number times the common denominator, as an integer; the last factor is kept, for
    // the points of a document share few denominators.
    let mut last = (1i64, common);
    let mut scaled = |value: Exact| -> Option<i64> {
        let den = value.denominator() as i64;
        if den != last.0 {
            last = (den, common / den);
        }
        i64::try_from(value.numerator()).ok()?.checked_mul(last.1)
    };
    let mut sums = vec![0i64; event.entrants.len()];
    for round in rounds {
        for table in &round.tables {
            if let Some(points) = &table.points {
                for (&entrant, &points) in table.seats.iter().zip(points) {
                    sums[entrant] = sums[entrant].checked_add(scaled(points)?)?;
                }
            }
        }
        if !round.byes.is_empty() {
            let bye = scaled(event.options.bye_points)?;
            for &entrant in &round.byes {
                sums[entrant] = sums[entrant].checked_add(bye)?;
            }
        }
    }
    Some(
        sums.into_iter()
            .map(|sum| Exact::ratio(i128::from(sum), i128::from(common)))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_added_as_integers_are_the_fractions_added() {
        let text = r#"{"format": "swiss", "entrants": [{"id": "a"}, {"id": "b"}, {"id": "c"},
            {"id": "d"}, {"id": "e"}],
            "rounds": [{"tables": [{"seats": ["a", "b"], "points": [0.25, 0.75]},
                                   {"seats": ["c", "d"], "points": [1, 0]}], "byes": ["e"]},
                       {"tables": [{"seats": ["a", "c"], "points": [0.5, 0.5]},
                                   {"seats": ["d", "e"], "points": [0.333333, 0.000001]}],
                        "byes": ["b"]},
                       {"tables": [{"seats": ["a", "e"], "points": [-2, 1000000]},
                                   {"seats": ["b", "c"]}], "byes": ["d"]}],
            "options": {"bye_points": 0.5}}"#;
        let event = Event::parse(text).expect("a valid document");
        for rounds in [0..0, 0..1, 0..2, 1..3, 0..3] {
            let mut added = vec![Exact::ZERO; event.entrants.len()];
            for round in &event.rounds[rounds.clone()] {
                for table in &round.tables {
                    for (&e, &p) in table.seats.iter().zip(table.points.iter().flatten()) {
                        added[e] += p;
                    }
                }
                for &e in &round.byes {
                    added[e] += event.options.bye_points;
                }
            }
            assert!(scaled_scores(&event, &event.rounds[rounds.clone()]).is_some());
            assert_eq!(scores(&event, rounds), added);
        }
    }
}
