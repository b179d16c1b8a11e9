//! Settings from command-line flags and the environment (`FIVES_*`, `DATABASE_URL`).

use std::path::PathBuf;

use clap::Args;

/// Where the data lives.
#[derive(Debug, Clone, Args)]
pub struct StoreArgs {
    /// The data directory: the SQLite database (when no --database is given) and the secret key.
    #[arg(long, env = "FIVES_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,
    /// A database URL: postgres://user@host/name for PostgreSQL, or sqlite:PATH. Without one,
    /// fives keeps a SQLite database in the data directory.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The address and port to listen on.
    #[arg(long, env = "FIVES_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// The key that signs CSRF tokens (at least 32 characters). Every process serving one
    /// database needs the same key; without one, a key is generated and kept in the data
    /// directory.
    #[arg(long, env = "FIVES_SECRET_KEY", hide_env_values = true)]
    pub secret_key: Option<String>,
    /// Load the demo league before serving, unless it is already there.
    #[arg(long)]
    pub demo: bool,
}
