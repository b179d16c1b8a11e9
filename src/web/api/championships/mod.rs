//! Championships: an organisation's events run round by round. Reading is public (the
//! championship, its entrants, rounds and standings, and the event document they come from);
//! an organiser makes one, enters entrants, pairs and publishes rounds and enters, confirms
//! or corrects tables' results; a player at a table enters its result through the table's
//! link, which needs no token.

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
