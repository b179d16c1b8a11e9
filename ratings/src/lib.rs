//! fives-ratings: players' ratings from a games document, as `fives ratings` computes them.
//! Plain synchronous Rust: no I/O, no async, no database.
//!
//! - [`document`]: the games document as plain data (serde); [`pool`]: its validation into a
//!   [`Pool`], or a [`Refusal`] naming the place of the rule broken (`$.games[3].sides[1]`).
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
pub mod weng_lin;

pub use pool::{Pool, Refusal};

use document::{DocumentSpec, describe_path};

/// Reads and validates a games document: the whole text is the document (anything but white
/// space after it is refused).
pub fn parse(text: &str) -> Result<Pool, Refusal> {
    // The plain reader is the fast one; only a document it refuses is read again, tracking
    // the place, to say where.
    let spec: DocumentSpec<'_> = match serde_json::from_str(text) {
        Ok(spec) => spec,
        Err(error) => return Err(place_of_error(text, error)),
    };
    Pool::from_document(&spec)
}

fn place_of_error(text: &str, plain_error: serde_json::Error) -> Refusal {
    let deserializer = &mut serde_json::Deserializer::from_str(text);
    let tracked: Result<DocumentSpec<'_>, _> = serde_path_to_error::deserialize(&mut *deserializer);
    match tracked {
        Err(error) => Refusal::new(describe_path(error.path()), error.inner().to_string()),
        Ok(_) => match deserializer.end() {
            Err(error) => Refusal::new("$", format!("text after the document: {error}")),
            Ok(()) => Refusal::new("$", plain_error.to_string()),
        },
    }
}
