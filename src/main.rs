use std::process::ExitCode;

use clap::{Parser, Subcommand};
use fives::commands::{self, UserCommand};
use fives::config::{DemoArgs, ServeArgs, StoreArgs};

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
    /// Serve the web application, applying database migrations first.
    Serve(ServeArgs),
    /// Load the demo league (two divisions of pub teams, half a season played) into the
    /// database.
    Demo(DemoArgs),
    /// Apply database migrations and exit.
    Migrate(StoreArgs),
    /// Manage accounts.
    #[command(subcommand)]
    User(UserCommand),
    /// Check and generate game records.
    #[command(subcommand)]
    Record(fives::record_command::RecordCommand),
    /// Pair a championship's next round from its event document (JSON); exits 0 paired,
    /// 2 refused, 3 no pairing or the event is over.
    Pair(fives::pair_command::PairArgs),
    /// Rank a championship's entrants from its event document (JSON); exits 0, or 2 refused.
    Standings(fives::pair_command::EventFile),
    /// Rate a pool's players from its games document (JSON), as the service publishes it;
    /// exits 0, or 2 refused.
    Ratings(fives::ratings_command::GamesFile),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Record(command) => fives::record_command::run(command),
        Command::Pair(args) => fives::pair_command::pair(args),
        Command::Standings(args) => fives::pair_command::standings(args),
        Command::Ratings(args) => fives::ratings_command::ratings(args),
        Command::Serve(args) => run_async(commands::serve(args)),
        Command::Demo(args) => run_async(commands::demo(args)),
        Command::Migrate(args) => run_async(commands::migrate(args)),
        Command::User(command) => run_async(commands::user(command)),
    }
}

fn run_async(task: impl Future<Output = anyhow::Result<()>>) -> ExitCode {
    fives::telemetry::init();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("fives: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(task) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("fives: {error:#}");
            ExitCode::FAILURE
        }
    }
}
