//! Writes the event document of a Swiss played by the engine itself, for timing whole runs of
//! `fives pair` on large fields: `swiss_document ENTRANTS SEATS ROUNDS [partnerships]` plays
//! ROUNDS rounds with pseudo-random results (as the benchmarks do) and prints the document,
//! whose next round is ROUNDS + 1.

#[path = "../tests/swiss_support/mod.rs"]
mod support;

use std::fmt::Write;

use support::{Event, Rng};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize| -> usize {
        args.get(k)
            .and_then(|a| a.parse().ok())
            .expect("usage: swiss_document ENTRANTS SEATS ROUNDS [partnerships]")
    };
    let (entrants, seats, rounds) = (number(0), number(1), number(2));
    let partnerships = args.get(3).is_some_and(|a| a == "partnerships");
    print!("{}", document(entrants, seats, partnerships, rounds));
}

/// A scaled score (a win 2) as points.
fn points(scaled: i64) -> String {
    if scaled % 2 == 0 {
        (scaled / 2).to_string()
    } else {
        format!("{}.5", scaled / 2)
    }
}

fn document(entrants: usize, seats: usize, partnerships: bool, rounds: usize) -> String {
    let mut rng = Rng(entrants as u64 * 31 + seats as u64);
    let mut event = Event::new(entrants, seats, partnerships, &mut rng);
    let mut out = String::new();
    write!(
        out,
        "{{\"format\": \"swiss\", \"seats\": {seats}, \"partnerships\": {partnerships},\n\"entrants\": ["
    )
    .unwrap();
    for (i, rating) in event.rating.iter().enumerate() {
        let comma = if i == 0 { "" } else { ",\n" };
        write!(out, "{comma}{{\"id\": \"e{i}\", \"rating\": {rating}}}").unwrap();
    }
    out.push_str("],\n\"rounds\": [");
    for r in 0..rounds {
        let before = event.score.clone();
        let round = event.round(&mut rng).expect("a pairing");
        let tables: Vec<String> = round
            .tables
            .iter()
            .map(|table| {
                let ids: Vec<String> = table.iter().map(|i| format!("\"e{i}\"")).collect();
                let won: Vec<String> = table
                    .iter()
                    .map(|&i| points(event.score[i] - before[i]))
                    .collect();
                format!(
                    "{{\"seats\": [{}], \"points\": [{}]}}",
                    ids.join(", "),
                    won.join(", ")
                )
            })
            .collect();
        let byes: Vec<String> = round.byes.iter().map(|i| format!("\"e{i}\"")).collect();
        let comma = if r == 0 { "" } else { ",\n" };
        write!(
            out,
            "{comma}{{\"tables\": [{}],\n \"byes\": [{}]}}",
            tables.join(",\n  "),
            byes.join(", ")
        )
        .unwrap();
    }
    out.push_str("]}\n");
    out
}
