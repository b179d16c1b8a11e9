//! Plays random four-player Fives and Threes hands, for profiling:
//! `cargo run --release -p fives-rules --example playout -- 100000`.

use fives_rules::hand::{Deal, Hand};
use fives_rules::random;
use fives_rules::ruleset::{Preset, Ruleset};

fn main() {
    let hands: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    let ruleset = Ruleset::preset(Preset::FivesAndThrees, 4).unwrap();
    let mut rng = random::seeded(1);
    let mut moves = Vec::new();
    let mut hand = Hand::new(&ruleset, &Deal::random(&ruleset, &mut rng), 0);
    let mut placements = 0u64;
    let start = std::time::Instant::now();
    for n in 0..hands {
        let deal = Deal::random(&ruleset, &mut rng);
        hand.reset(&deal, n as usize % 4);
        while !hand.is_over() {
            if let (_, fives_rules::Outcome::Placed(_)) = hand.play_random(&mut rng, &mut moves) {
                placements += 1;
            }
        }
    }
    let elapsed = start.elapsed();
    println!(
        "{hands} hands, {placements} placements in {elapsed:?}: {:.0} hands/s",
        hands as f64 / elapsed.as_secs_f64()
    );
}
