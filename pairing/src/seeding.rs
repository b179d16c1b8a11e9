//! Seed order and pairing rank: who is seed 1, and who ranks first before a Swiss round.

use std::cmp::Ordering;

use crate::document::Seeding;
use crate::event::{EntrantIndex, Event};
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
    let mut scores = vec![Exact::ZERO; event.entrants.len()];
    for round in &event.rounds[rounds] {
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
