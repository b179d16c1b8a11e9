//! The Fives family of domino games.
