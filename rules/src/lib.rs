//! The Fives family of domino games.
#[cfg(feature = "serde")]
pub mod record;
