//! Championships, round by round: an organiser makes one, enters its entrants, pairs each
//! round with the engine, looks at it (swapping two entrants if need be) and publishes it; a
//! table's result comes from the organiser or from a player at the table through the table's
//! link; the organiser confirms or corrects it; anyone reads the rounds, the standings and the
//! event document they come from.
//!
//! The rounds are paired and ranked only through the event document
//! (`domain::championship::event`), so what is published can be checked by anyone with
//! `fives pair` and `fives standings`.

mod entrants;
mod format;
mod rounds;
mod tables;
mod view;

pub use entrants::*;
pub use format::*;
pub use rounds::*;
pub use tables::*;
pub use view::*;
