//! Writes a games document for the benchmark of `fives ratings`: GAMES games (default
//! 1,000,000) among PLAYERS players (default 20,000), singles, pairs and tables of three and
//! four mixed, in date order. With a third argument `glicko-2`, singles only, a rating period
//! a day. The same arguments always write the same document.
//!
//!     cargo run --release -p fives-ratings --example generate_games -- 1000000 20000 > games.json

use std::io::{BufWriter, Write};

/// SplitMix64: a small, fixed generator, so that the document is the same on every machine.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let games: u64 = args
        .next()
        .map_or(1_000_000, |count| count.parse().expect("GAMES"));
    let players: u64 = args
        .next()
        .map_or(20_000, |count| count.parse().expect("PLAYERS"));
    let glicko = args.next().is_some_and(|system| system == "glicko-2");
    assert!(
        players >= 8,
        "at least 8 players, for a table of four pairs' worth of seats"
    );
    let mut random = Random(2026);
    let out = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, out.lock());
    let system = if glicko { "glicko-2" } else { "weng-lin" };
    writeln!(out, "{{\"system\": \"{system}\",")?;
    writeln!(out, " \"games\": [")?;
    let games_a_day = games.div_ceil(2_000).max(1);
    let mut seated: Vec<u64> = Vec::with_capacity(8);
    for game in 0..games {
        let day = game / games_a_day;
        let (year, day_of_year) = (2020 + day / 336, day % 336);
        let date = format!(
            "{year}-{:02}-{:02}",
            day_of_year / 28 + 1,
            day_of_year % 28 + 1
        );
        // 40 % singles, 30 % pairs, 15 % tables of three, 15 % tables of four.
        let (sides, side_size) = match random.below(100) {
            _ if glicko => (2, 1),
            0..=39 => (2, 1),
            40..=69 => (2, 2),
            70..=84 => (3, 1),
            _ => (4, 1),
        };
        seated.clear();
        while seated.len() < sides * side_size {
            let player = random.below(players);
            if !seated.contains(&player) {
                seated.push(player);
            }
        }
        if game > 0 {
            writeln!(out, ",")?;
        }
        write!(
            out,
            "  {{\"id\": \"g{game}\", \"date\": \"{date}\", \"sides\": ["
        )?;
        for side in 0..sides {
            if side > 0 {
                write!(out, ", ")?;
            }
            let names: Vec<String> = seated[side * side_size..(side + 1) * side_size]
                .iter()
                .map(|player| format!("\"p{player}\""))
                .collect();
            write!(out, "[{}]", names.join(", "))?;
        }
        // Places in the order seated, with one game in twenty a shared place.
        let ranks: Vec<String> = (0..sides)
            .map(|side| {
                let tied = side > 0 && random.below(20) == 0;
                (if tied { side } else { side + 1 }).to_string()
            })
            .collect();
        write!(out, "], \"ranks\": [{}]", ranks.join(", "))?;
        if glicko {
            write!(out, ", \"period\": \"{date}\"")?;
        }
        write!(out, "}}")?;
    }
    writeln!(out, "\n ]}}")?;
    out.flush()
}
