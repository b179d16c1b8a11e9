use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "fives",
    version,
    about = "Fives and Threes leagues and domino championships"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check and generate game records.
    #[command(subcommand)]
    Record(fives::record_command::RecordCommand),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Record(command) => fives::record_command::run(command),
    }
}
