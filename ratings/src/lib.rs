//! fives-ratings: players' ratings from a games document, as `fives ratings` computes them.
//! Plain synchronous Rust: no I/O, no async, no database.
//!
//! - [`document`]: the games document as plain data (serde); [`parse`] reads a document in one
//!   pass, each game checked and stored as it is read, and [`pool`] checks what needs the
//!   system: a [`Pool`], or a [`Refusal`] naming the place of the rule broken
//!   (`$.games[3].sides[1]`).
//! - [`weng_lin`]: the Weng–Lin update for singles, pairs and tables of three and four;
//!   [`glicko2`]: Glicko-2's rating periods for singles; [`ratings`]: either, on a pool.
//! - [`number`]: six decimals and whole numbers, rounded half away from zero.
//! - [`output`]: the command's JSON; [`command`]: `fives ratings` as text in, text out.
//!
//! ```
//! use fives_ratings::command::ratings_text;
//!
//! let document = r#"{"games": [{"id": "g1", "date": "2026-11-24", "sides": [["ann"], ["bob"]], "ranks": [1, 2]}]}"#;
//! let response = ratings_text(document);
//! assert_eq!(response.exit_code, 0);
//! assert!(response.stdout.starts_with("{\"ratings\": [\n  {\"id\": \"ann\", \"mu\": 27."));
//! ```

pub mod command;
pub mod document;
pub mod glicko2;
pub mod number;
pub mod output;
pub mod pool;
pub mod ratings;
mod reader;
pub mod weng_lin;

pub use pool::{Pool, Refusal};

/// Reads and validates a games document: the whole text is the document (anything but white
/// space after it is refused).
pub fn parse(text: &str) -> Result<Pool<'_>, Refusal> {
    Pool::parse(text)
}
