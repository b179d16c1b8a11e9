//! fives: the league service. `main.rs` is a thin command line over this library, and tests
//! start the whole application from here on a port of their own.

pub mod app;
pub mod commands;
pub mod config;
pub mod demo;
pub mod document_command;
pub mod domain;
pub mod mail;
pub mod pair_command;
pub mod password;
pub mod ratings_command;
pub mod record_command;
pub mod secret_key;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod token;
pub mod web;
