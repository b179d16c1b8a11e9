//! Checks played four-player Fives and Threes records over and over, for profiling:
//! `cargo run --release -p fives-rules --example check -- 200`.

use fives_rules::record::{self, Record};

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let records: Vec<Record> = record::play_games("fives-and-threes", 4, 11)
        .unwrap()
        .take(20)
        .collect();
    let moves: usize = records
        .iter()
        .flat_map(|r| &r.hands)
        .map(|h| h.moves.as_ref().map_or(0, Vec::len))
        .sum();
    let start = std::time::Instant::now();
    for _ in 0..rounds {
        for record in &records {
            assert!(record::check(record).is_valid());
        }
    }
    let elapsed = start.elapsed();
    let checked = (moves * rounds) as f64;
    println!(
        "{checked} moves in {elapsed:?}: {:.0} moves/s",
        checked / elapsed.as_secs_f64()
    );
}
