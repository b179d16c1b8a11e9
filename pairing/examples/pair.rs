//! `fives pair` as the crate runs it, for timing whole runs without building the service:
//! `cargo run --release -p fives-pairing --example pair -- event.json` reads the document,
//! writes the round (or the refusal) and exits as `fives pair` does; `--explain` after the
//! file as `fives pair --explain` does.

use std::io::Write;
use std::process::ExitCode;

use fives_pairing::command::{pair_explained_text, pair_text};

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: pair EVENT.json [--explain]");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("pair: cannot read {path}: {error}");
            return ExitCode::from(2);
        }
    };
    let explain = std::env::args().nth(2).is_some_and(|a| a == "--explain");
    let response = if explain {
        pair_explained_text(&text)
    } else {
        pair_text(&text)
    };
    let _ = std::io::stdout().write_all(response.stdout.as_bytes());
    let _ = std::io::stderr().write_all(response.stderr.as_bytes());
    ExitCode::from(response.exit_code)
}
