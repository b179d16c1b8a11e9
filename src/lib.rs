//! fives: the league service. `main.rs` is a thin command line over this library.

pub mod record_command;
