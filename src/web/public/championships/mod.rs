//! A championship's public pages: the event with its entrants, standings (each tiebreak's
//! value shown), every round's tables and results, the bracket of a knockout, and its files
//! (`standings.csv`, `pairings.csv`, the event document as JSON, an iCalendar entry); and the
//! page a table's link opens, where a player at the table enters its result on a phone, with
//! the ways to it without the link: the card's short code at `/t`, and "find my table".

mod entrants;
mod files;
mod find;
mod rounds;
mod screen;
mod table_hands;
mod tables;
mod view;

pub use entrants::*;
pub use files::*;
pub use find::*;
pub use rounds::*;
pub use screen::*;
pub use table_hands::*;
pub use tables::*;
pub use view::*;
