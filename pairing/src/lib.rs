//! fives-pairing: who meets whom in a championship round, and how the field is ranked.
//! Plain synchronous Rust: no I/O, no async, no database.
//!
//! - [`document`]: the event document as plain data (serde); [`event`]: its validation into
//!   an [`Event`], or an [`EventError`] naming the place of the rule broken.
//! - [`number`]: exact points and scores, read from and written as JSON decimals.
//! - [`seeding`]: scores, pairing rank and seed order.
//! - [`swiss`]: the Swiss engines; [`swiss_field`]: the event as the Swiss engine sees it.
//! - [`knockout`], [`double_elimination`]: the brackets; [`bracket`]: replaying rounds through
//!   a bracket.
//! - [`round_robin`]: the Berger tables; [`groups`]: the snake deal and the play-off seeds.
//! - [`pair`]: the next round of any format; [`tiebreaks`] and [`standings`]: the ranking.
//! - [`output`]: the commands' JSON; [`command`]: `fives pair` and `fives standings` as text
//!   in, text out; [`explain`]: the measures of a Swiss round, for `fives pair --explain`.
//!
//! ```
//! use fives_pairing::command::pair_text;
//!
//! let event = r#"{"format": "knockout", "entrants": [{"id": "ann"}, {"id": "bob"}, {"id": "cat"}]}"#;
//! let response = pair_text(event);
//! assert_eq!(response.exit_code, 0);
//! assert_eq!(
//!     response.stdout,
//!     "{\"round\": 1, \"tables\": [{\"table\": 1, \"seats\": [\"bob\", \"cat\"]}], \"byes\": [\"ann\"]}\n"
//! );
//! ```

pub mod bracket;
pub mod command;
pub mod document;
pub mod double_elimination;
pub mod event;
pub mod explain;
pub mod groups;
pub mod knockout;
pub mod number;
pub mod output;
pub mod pair;
pub mod round_robin;
pub mod seeding;
pub mod standings;
pub mod swiss;
pub mod swiss_field;
pub mod tiebreaks;

pub use event::{Event, EventError};
