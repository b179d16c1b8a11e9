//! `fives record …`: checks and generates game records with the rules crate.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use fives_rules::record;

#[derive(Debug, Subcommand)]
pub enum RecordCommand {
    /// Check a game record; prints a JSON report and exits 0 (valid), 1 (invalid) or 2 (not a record).
    Check {
        /// The record file, or `-` (the default) for standard input.
        file: Option<PathBuf>,
    },
    /// Write random legal games, fully detailed, one JSON record per line.
    Play {
        /// A preset name: fives-and-threes, all-fives, muggins, five-up, doubles-in-the-boneyard.
        #[arg(long)]
        ruleset: String,
        /// The number of players (seats).
        #[arg(long)]
        players: usize,
        /// The random seed; the same seed writes the same games.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// How many games to write.
        #[arg(long, default_value_t = 1)]
        games: usize,
    },
}

pub fn run(command: RecordCommand) -> ExitCode {
    match command {
        RecordCommand::Check { file } => check(file),
        RecordCommand::Play {
            ruleset,
            players,
            seed,
            games,
        } => play(&ruleset, players, seed, games),
    }
}

fn check(file: Option<PathBuf>) -> ExitCode {
    let mut text = String::new();
    let read = match file.as_deref() {
        None => std::io::stdin().read_to_string(&mut text).map(|_| ()),
        Some(path) if path.as_os_str() == "-" => {
            std::io::stdin().read_to_string(&mut text).map(|_| ())
        }
        Some(path) => std::fs::read_to_string(path).map(|read| text = read),
    };
    if let Err(error) = read {
        eprintln!("fives record check: cannot read the record: {error}");
        return ExitCode::from(2);
    }
    let report = record::check_text(&text);
    // A closed pipe (`| head`) is no reason to fail: the exit code carries the verdict.
    let _ = writeln!(std::io::stdout(), "{}", report.to_json());
    ExitCode::from(report.exit_code())
}

fn play(ruleset: &str, players: usize, seed: u64, games: usize) -> ExitCode {
    let generator = match record::play_games(ruleset, players, seed) {
        Ok(generator) => generator,
        Err(error) => {
            eprintln!("fives record play: {error}");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for game in generator.take(games) {
        if let Err(error) = writeln!(out, "{}", game.to_json()) {
            eprintln!("fives record play: {error}");
            return ExitCode::FAILURE;
        }
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("fives record play: {error}");
            ExitCode::FAILURE
        }
    }
}
