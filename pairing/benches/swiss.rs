//! Swiss pairing: `swiss/two-seats/<entrants>` pairs round 9 of an event whose first 8 rounds
//! were paired by the engine itself with pseudo-random results (a win, a draw or a loss, the
//! better-rated winning more often); `swiss/four-seats-partnerships/1000` pairs round 7 of a
//! four-seat event in partnerships played the same way. The history is built before timing.
//!
//! With `FIVES_SWISS_MEMORY=<entrants>` set, the program instead builds one two-seat event of
//! that size, pairs its round 9 once and prints the time: a run to measure peak memory with
//! `/usr/bin/time -v`.

#[path = "../tests/swiss_support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, criterion_group};
use fives_pairing::swiss::{SwissField, pair};
use support::{Event, Rng};

/// The field of the next round after `rounds` rounds played.
fn field_after(entrants: usize, seats: usize, partnerships: bool, rounds: usize) -> SwissField {
    let mut rng = Rng(entrants as u64 * 31 + seats as u64);
    let mut event = Event::new(entrants, seats, partnerships, &mut rng);
    for _ in 0..rounds {
        event.round(&mut rng).expect("a pairing");
    }
    event.field().0
}

fn swiss(c: &mut Criterion) {
    let mut group = c.benchmark_group("swiss/two-seats");
    group.sample_size(10);
    for entrants in [1_000, 10_000, 100_000] {
        let field = field_after(entrants, 2, false, 8);
        let time = if entrants >= 100_000 { 20 } else { 5 };
        group.measurement_time(Duration::from_secs(time));
        group.bench_with_input(BenchmarkId::from_parameter(entrants), &field, |b, field| {
            b.iter(|| pair(black_box(field)).expect("a pairing"))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("swiss/four-seats-partnerships");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let field = field_after(1_000, 4, true, 6);
    group.bench_with_input(BenchmarkId::from_parameter(1_000), &field, |b, field| {
        b.iter(|| pair(black_box(field)).expect("a pairing"))
    });
    group.finish();
}

criterion_group!(benches, swiss);

fn main() {
    if let Some(entrants) = std::env::var("FIVES_SWISS_MEMORY")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        let field = field_after(entrants, 2, false, 8);
        let start = Instant::now();
        let round = pair(&field).expect("a pairing");
        println!(
            "{entrants} entrants, round 9: {} tables in {:?}",
            round.tables.len(),
            start.elapsed()
        );
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
