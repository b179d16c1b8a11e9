//! `fives ratings`: a pool's ratings from its games document, with the ratings crate, exactly
//! as the service computes and publishes them.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::document_command::answer_document;

#[derive(Debug, Args)]
pub struct GamesFile {
    /// The games document, or `-` (the default) for standard input.
    file: Option<PathBuf>,
}

/// `fives ratings`: writes the ratings; exits 0, or 2 for a refused document.
pub fn ratings(args: GamesFile) -> ExitCode {
    answer_document("ratings", "games document", args.file.as_deref(), |text| {
        let response = fives_ratings::command::ratings_text(text);
        (response.stdout, response.stderr, response.exit_code)
    })
}
