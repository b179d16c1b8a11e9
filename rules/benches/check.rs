//! Checking fully detailed records: `check/<preset>/<players>`, throughput in moves. The
//! records are parsed beforehand; `check-json/...` includes parsing the JSON text.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fives_rules::record::{self, Record};
use fives_rules::ruleset::Preset;

const GAMES: usize = 20;

fn moves(records: &[Record]) -> u64 {
    records
        .iter()
        .flat_map(|r| &r.hands)
        .map(|h| h.moves.as_ref().map_or(0, Vec::len) as u64)
        .sum()
}

fn check(c: &mut Criterion) {
    let mut group = c.benchmark_group("check");
    for &preset in Preset::ALL {
        for players in preset.players() {
            let records: Vec<Record> = record::play_games(preset.name(), players, 11)
                .unwrap()
                .take(GAMES)
                .collect();
            assert!(records.iter().all(|r| record::check(r).is_valid()));
            group.throughput(Throughput::Elements(moves(&records)));
            group.bench_function(format!("{preset}/{players}"), |b| {
                b.iter(|| {
                    for record in &records {
                        black_box(record::check(black_box(record)));
                    }
                })
            });
        }
    }
    group.finish();

    let mut group = c.benchmark_group("check-json");
    let records: Vec<Record> = record::play_games("fives-and-threes", 4, 11)
        .unwrap()
        .take(GAMES)
        .collect();
    let texts: Vec<String> = records.iter().map(Record::to_json).collect();
    group.throughput(Throughput::Elements(moves(&records)));
    group.bench_function("fives-and-threes/4", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(record::check_text(black_box(text)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, check);
criterion_main!(benches);
