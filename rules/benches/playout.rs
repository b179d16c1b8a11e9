//! Random play of whole hands: `playout/<preset>/<players>`, throughput in hands.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fives_rules::hand::{Deal, Hand};
use fives_rules::random;
use fives_rules::ruleset::{Preset, Ruleset};
use fives_rules::scoring::hand_end_points;

const HANDS: u64 = 1_000;

fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(HANDS));
    for &preset in Preset::ALL {
        for players in preset.players() {
            let ruleset = Ruleset::preset(preset, players).unwrap();
            let mut rng = random::seeded(players as u64);
            let mut moves = Vec::with_capacity(64);
            let mut hand = Hand::new(&ruleset, &Deal::random(&ruleset, &mut rng), 0);
            group.bench_function(format!("{preset}/{players}"), |b| {
                b.iter(|| {
                    let mut points = 0i64;
                    for n in 0..HANDS {
                        let deal = Deal::random(&ruleset, &mut rng);
                        hand.reset(&deal, n as usize % players);
                        while !hand.is_over() {
                            if let (_, fives_rules::Outcome::Placed(placement)) =
                                hand.play_random(&mut rng, &mut moves)
                            {
                                points += i64::from(placement.points + placement.bonus);
                            }
                        }
                        let ending = hand.ending().expect("the hand is over");
                        points += hand_end_points(&ruleset, ending, &hand.pips())[0] as i64;
                    }
                    black_box(points)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, playout);
criterion_main!(benches);
