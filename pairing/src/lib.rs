//! fives-pairing: who meets whom in a championship round, and how the field is ranked.
//! Plain synchronous Rust: no I/O, no async, no database.

pub mod swiss;
