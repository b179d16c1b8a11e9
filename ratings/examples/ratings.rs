//! `fives ratings` without the service: reads a games document from the file named, or from
//! standard input, and writes the ratings. `cargo run --release -p fives-ratings --example
//! ratings -- games.json`.

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut text = String::new();
    let read = match std::env::args().nth(1) {
        Some(path) if path != "-" => std::fs::read_to_string(path).map(|read| text = read),
        _ => std::io::stdin().read_to_string(&mut text).map(|_| ()),
    };
    if let Err(error) = read {
        eprintln!("ratings: cannot read the games document: {error}");
        return ExitCode::from(2);
    }
    let response = fives_ratings::command::ratings_text(&text);
    let _ = std::io::stdout().write_all(response.stdout.as_bytes());
    let _ = std::io::stderr().write_all(response.stderr.as_bytes());
    ExitCode::from(response.exit_code)
}
