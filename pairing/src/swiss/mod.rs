//! Swiss pairing at two, three and four seats, with and without partnerships.
//!
//! The engine sees only what pairing needs: the active entrants in pairing-rank order, their
//! scores as exact integers, their byes so far and who has met and partnered whom. The event
//! document, its validation and the scaling of scores to integers are the caller's.

use std::collections::HashMap;

mod byes;
mod history;
mod matching;
mod pairs;
mod tables;

pub(crate) use history::PairCounts;

/// How a field that does not divide into full tables of three or four is seated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Remainder {
    /// `n mod seats` entrants have a bye.
    #[default]
    Byes,
    /// As few tables as possible have one seat fewer, so that everyone plays.
    SmallerTables,
}

/// One active entrant, as the engine sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwissEntrant {
    /// The entrant's score, scaled by the caller so that every score of the field is an
    /// integer (differences and their squares are then exact).
    pub score: i64,
    /// How many byes the entrant has had.
    pub byes: u32,
}

/// The field to pair: the active entrants (not withdrawn) and their history.
#[derive(Debug, Clone, Default)]
pub struct SwissField {
    /// In pairing-rank order: index 0 ranks first (score, then rating, then entry order).
    pub entrants: Vec<SwissEntrant>,
    /// 2, 3 or 4.
    pub seats: usize,
    /// Only with four seats: seats 1 and 3 are partners against seats 2 and 4.
    pub partnerships: bool,
    pub remainder: Remainder,
    /// For each pair `(i, j)` with `i < j` (indexes into `entrants`) that has shared a table
    /// before: in how many earlier rounds. Pairs absent never met.
    pub meetings: HashMap<(usize, usize), u32>,
    /// For each pair `(i, j)` with `i < j` that has been partners before: how many times.
    pub partners: HashMap<(usize, usize), u32>,
}

/// A round's pairing, as indexes into [`SwissField::entrants`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SwissRound {
    /// Ordered by the best-ranked entrant at each table; each table's seats in the
    /// specification's seat order (pairing-rank order; with partnerships the best-ranked in
    /// seat 1 and its partner in seat 3).
    pub tables: Vec<Vec<usize>>,
    /// In pairing-rank order.
    pub byes: Vec<usize>,
}

/// No pairing keeps the absolute rules; the message names the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoSwissPairing(pub String);

impl std::fmt::Display for NoSwissPairing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NoSwissPairing {}

/// The best pairing of the field by the specification's measures.
///
/// Two seats: exact (a minimum-cost perfect matching). Three and four seats: exact up to
/// [`EXACT_TABLES_LIMIT`] entrants, a deterministic local search beyond.
pub fn pair(field: &SwissField) -> Result<SwissRound, NoSwissPairing> {
    let entrants = field.entrants.len();
    let history = History {
        met: PairCounts::new(entrants, &field.meetings),
        partnered: PairCounts::new(entrants, &field.partners),
    };
    pair_with_history(field, history)
}

/// Who has met and partnered whom, for [`pair_with_history`].
pub(crate) struct History {
    pub(crate) met: PairCounts,
    pub(crate) partnered: PairCounts,
}

/// [`pair`] with the history given as counts rather than in the field's maps (which are not
/// read): a caller with a large field builds the counts directly, without hashing every pair.
pub(crate) fn pair_with_history(
    field: &SwissField,
    history: History,
) -> Result<SwissRound, NoSwissPairing> {
    match (field.seats, field.partnerships) {
        (2, false) => pairs::pair(field, history.met),
        (3, false) | (4, _) => Ok(tables::pair(field, history)),
        (seats, true) => Err(NoSwissPairing(format!(
            "partnerships need four seats, not {seats}"
        ))),
        (seats, false) => Err(NoSwissPairing(format!(
            "a Swiss table has 2, 3 or 4 seats, not {seats}"
        ))),
    }
}

/// Up to this many entrants the three- and four-seat engine searches every partition.
pub const EXACT_TABLES_LIMIT: usize = tables::EXACT_LIMIT;

impl SwissRound {
    /// Puts tables, seats and byes in the specification's order: seats by pairing rank (with
    /// partnerships, `[a, b, c, d]` given as partners `a`–`c` against `b`–`d` becomes the
    /// best-ranked first, its partner third), tables by their best-ranked entrant.
    fn in_order(mut self, partnerships: bool) -> Self {
        for table in &mut self.tables {
            if partnerships && table.len() == 4 {
                *table = partnership_seats([table[0], table[2]], [table[1], table[3]]);
            } else {
                table.sort_unstable();
            }
        }
        self.tables.sort_unstable_by_key(|table| table[0]);
        self.byes.sort_unstable();
        self
    }
}

/// Seats of a partnership table: the best-ranked entrant in seat 1, its partner in seat 3,
/// the opponents in seats 2 and 4 in rank order.
fn partnership_seats(side: [usize; 2], other: [usize; 2]) -> Vec<usize> {
    let (mut us, mut them) = (side, other);
    us.sort_unstable();
    them.sort_unstable();
    if them[0] < us[0] {
        std::mem::swap(&mut us, &mut them);
    }
    vec![us[0], them[0], us[1], them[1]]
}
