//! Logging: `tracing` to standard error, filtered by `FIVES_LOG` (default `info`).

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

pub fn init() {
    let filter = EnvFilter::try_from_env("FIVES_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    // A second initialisation (tests start many apps in one process) is harmless.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colour codes only for a person at a terminal, not in log files.
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}
