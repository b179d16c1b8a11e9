//! `fives ratings`: a pool's ratings from its games document, with the ratings crate, exactly
//! as the service computes and publishes them.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

#[derive(Debug, Args)]
pub struct GamesFile {
    /// The games document, or `-` (the default) for standard input.
    file: Option<PathBuf>,
}

/// `fives ratings`: writes the ratings; exits 0, or 2 for a refused document.
pub fn ratings(args: GamesFile) -> ExitCode {
    let mut text = String::new();
    let read = match args.file.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::read_to_string(path).map(|read| text = read)
        }
        _ => std::io::stdin().read_to_string(&mut text).map(|_| ()),
    };
    if let Err(error) = read {
        eprintln!("fives ratings: cannot read the games document: {error}");
        return ExitCode::from(2);
    }
    let response = fives_ratings::command::ratings_text(&text);
    // A closed pipe (`| head`) is no reason to fail: the exit code carries the answer.
    let _ = std::io::stdout().write_all(response.stdout.as_bytes());
    let _ = std::io::stderr().write_all(response.stderr.as_bytes());
    ExitCode::from(response.exit_code)
}
