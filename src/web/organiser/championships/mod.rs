//! An organiser's championship pages: making one (its game and format as a form), its
//! entrants (a pasted list, check-in, seeds, withdrawals), the next round as the engine pairs
//! it (swaps, then publish), each round's table cards to print, and each table's result
//! (confirm one entered at the table, or enter or correct it here), and the round's clock.

mod entrants;
mod format_form;
mod list;
mod room;
mod rounds;
mod tables;
mod view;

pub use entrants::*;
pub use format_form::*;
pub use list::*;
pub use room::*;
pub use rounds::*;
pub use tables::*;
pub use view::*;
