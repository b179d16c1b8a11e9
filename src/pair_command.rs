//! `fives pair` and `fives standings`: a championship's next round and its standings, from an
//! event document, with the pairing crate.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use fives_pairing::command::{self, Response};

use crate::document_command::answer_document;

#[derive(Debug, Args)]
pub struct EventFile {
    /// The event document, or `-` (the default) for standard input.
    file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct PairArgs {
    #[command(flatten)]
    event: EventFile,
    /// Add, after the round, an "explanation" key with the value of every measure of the
    /// specification for the Swiss round chosen (null for other formats).
    #[arg(long)]
    explain: bool,
}

/// `fives pair`: writes the next round; exits 0 paired, 2 refused, 3 no pairing or event over.
pub fn pair(args: PairArgs) -> ExitCode {
    let answer = if args.explain {
        command::pair_explained_text
    } else {
        command::pair_text
    };
    run("pair", args.event.file.as_deref(), answer)
}

/// `fives standings`: writes the standings of the rounds played so far; exits 0, or 2 refused.
pub fn standings(args: EventFile) -> ExitCode {
    run("standings", args.file.as_deref(), command::standings_text)
}

fn run(name: &str, file: Option<&Path>, answer: fn(&str) -> Response) -> ExitCode {
    answer_document(name, "event document", file, |text| {
        let response = answer(text);
        (response.stdout, response.stderr, response.exit_code)
    })
}
