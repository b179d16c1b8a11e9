//! The Fives family of domino games: Fives and Threes, All Fives, Muggins, Five Up and Doubles
//! in the Boneyard.
//!
//! - [`ruleset`]: the options, the five presets, and their validation into a [`Ruleset`].
//! - [`tile`]: tiles and bit sets of tiles; the set is a parameter (double-six to double-twelve).
//! - [`layout`]: open ends, spinners and the count.
//! - [`hand`]: deals, legal moves, placements, draws and knocks, and how a hand ends.
//! - [`scoring`]: the points of a count and hand-end scoring.
//! - [`game`]: running totals under the finish rule, pegs, and the next leader.
//! - [`facts`]: rule facts derived by enumeration: possible pegs, placements, hand scores.
//! - `record` (feature `serde`): JSON game records, their checking and random games.
//!
//! Playing a hand: a ruleset from a preset, a seeded deal, and legal moves until the hand ends.
//!
//! ```
//! use fives_rules::{Deal, Hand, Preset, Ruleset, random};
//!
//! let ruleset = Ruleset::preset(Preset::FivesAndThrees, 4).unwrap();
//! let mut rng = random::seeded(7);
//! let mut hand = Hand::new(&ruleset, &Deal::random(&ruleset, &mut rng), 0);
//! let mut moves = Vec::new();
//! while !hand.is_over() {
//!     hand.legal_moves(&mut moves);
//!     hand.play(moves[0]).unwrap();
//! }
//! assert!(hand.ending().is_some());
//! ```
//!
//! Checking a record (here a hand given only by its pegs, in a game still in progress):
//!
//! ```
//! use fives_rules::record::check_text;
//!
//! let record = r#"{"ruleset": "fives-and-threes", "seats": ["Ann", "Bob"],
//!                  "complete": false, "hands": [{"pegs": [[8, 4], [2]]}]}"#;
//! let report = check_text(record);
//! assert!(report.is_valid());
//! assert_eq!(report.exit_code(), 0);
//! let impossible = record.replace("[8, 4]", "[8, 5]");
//! assert_eq!(check_text(&impossible).exit_code(), 1);
//! ```

pub mod facts;
pub mod game;
pub mod hand;
pub mod layout;
pub mod random;
#[cfg(feature = "serde")]
pub mod record;
pub mod ruleset;
pub mod scoring;
pub mod tile;

pub use game::{Game, NextLeader, Scoreboard};
pub use hand::{Deal, Hand, Move, MoveError, Outcome, Placement};
pub use ruleset::{Options, Preset, Ruleset, RulesetError, RulesetSpec};
pub use scoring::HandEnding;
pub use tile::{DominoSet, Tile, TileSet};
