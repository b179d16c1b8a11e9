//! Championships, decided without HTTP or SQL: a format checked into a [`ChampionshipFormat`],
//! the entry list, the event document the pairing engines read, the rounds, the tables and the
//! bracket. One file a job; the format's types are re-exported here, where callers name them.

pub mod bracket;
mod check;
mod document;
pub mod edits;
pub mod entrants;
pub mod event;
mod format;
pub mod play;
pub mod rounds;
pub mod table;
pub mod table_code;

pub use document::{FormatDocument, ScoringDocument, SeedingDocument, TablePlayDocument};
pub use format::*;
