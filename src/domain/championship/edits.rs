//! An organiser's changes to a round the engine paired, before it is published: a swap of two
//! entrants, a move of one to another table or to the byes, or two paired by hand. Each edit
//! is made in order; then what the edited round breaks that the engine's did not (a rematch,
//! partners again, a wider score gap, a second bye) is told as warnings for the organiser to
//! accept. Whether the edited round is one the event takes at all (table sizes) is
//! [`super::rounds::check_round`]'s to say.

use std::collections::{HashMap, HashSet};
use std::fmt;

use super::event::{RoundLine, Stage};
use super::rounds::RoundPreview;
use super::{ChampionshipFormat, Stages};

/// The most edits an organiser makes to one round.
pub const MAX_EDITS: usize = 50;

/// One change to a paired round, entrants named as the event document names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairingEdit {
    /// Two entrants exchange places: a seat for a seat, or a seat for a bye.
    Swap { first: String, second: String },
    /// An entrant leaves its place for the last seat of table `to` (from 1, in the round as the
    /// edits before leave it), or for the byes (`None`).
    Move { entrant: String, to: Option<usize> },
    /// `second` takes the seat of `first`'s opponent (the seat after `first`'s at its table),
    /// and that opponent takes `second`'s place: the two meet.
    Pair { first: String, second: String },
}

impl fmt::Display for PairingEdit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingEdit::Swap { first, second } => write!(f, "swap {first} and {second}"),
            PairingEdit::Move { entrant, to: None } => write!(f, "move {entrant} to the bye"),
            PairingEdit::Move {
                entrant,
                to: Some(table),
            } => write!(f, "move {entrant} to table {table}"),
            PairingEdit::Pair { first, second } => write!(f, "pair {first} with {second}"),
        }
    }
}

/// What an edited round breaks that the engine's pairing kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditWarning {
    /// Two entrants now at one table have sat at a table together before.
    Rematch { first: String, second: String },
    /// Two entrants now partners have been partners before.
    PartnersAgain { first: String, second: String },
    /// Two entrants now at one table are further apart in score than any two the engine
    /// seated together.
    ScoreGap {
        first: String,
        second: String,
        /// Their scores before the round, in half points.
        halves: (u32, u32),
    },
    /// An entrant now has a bye who has had one before.
    SecondBye { entrant: String },
}

impl fmt::Display for EditWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditWarning::Rematch { first, second } => write!(
                f,
                "{first} and {second} have met before: this makes a rematch, which the pairing \
                 avoided."
            ),
            EditWarning::PartnersAgain { first, second } => write!(
                f,
                "{first} and {second} have been partners before: this partners them again, \
                 which the pairing avoided."
            ),
            EditWarning::ScoreGap {
                first,
                second,
                halves: (a, b),
            } => write!(
                f,
                "{first} ({}) and {second} ({}) meet across score groups, further apart than \
                 any table the pairing made.",
                halves_words(*a),
                halves_words(*b)
            ),
            EditWarning::SecondBye { entrant } => write!(
                f,
                "{entrant} has had a bye before: this gives a second one, which the pairing \
                 avoided."
            ),
        }
    }
}

fn halves_words(halves: u32) -> String {
    let points = match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    };
    let unit = if halves == 2 { "point" } else { "points" };
    format!("{points} {unit}")
}

/// Why an edit cannot be made at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditRefusal {
    NotInRound(String),
    SameEntrant,
    /// A knockout's bracket is its seeding: an edit there would move entrants across it.
    Bracket,
    NoSuchTable {
        table: usize,
        tables: usize,
    },
    /// The entrant is already where it would be moved.
    AlreadyThere(String),
    /// A pair is made from an entrant at a table; this one has the bye.
    OnTheBye(String),
    TooMany,
}

impl fmt::Display for EditRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditRefusal::NotInRound(id) => write!(f, "{id} is not in this round."),
            EditRefusal::SameEntrant => f.write_str("Choose two different entrants."),
            EditRefusal::Bracket => f.write_str(
                "A knockout's tables follow its bracket; change the seeds before the first \
                 round instead.",
            ),
            EditRefusal::NoSuchTable { table, tables } => write!(
                f,
                "There is no table {table}: the round has tables 1 to {tables}."
            ),
            EditRefusal::AlreadyThere(id) => write!(f, "{id} is already there."),
            EditRefusal::OnTheBye(id) => write!(
                f,
                "{id} has the bye, so has no opponent to replace: pair them the other way round, \
                 or move them to a table first."
            ),
            EditRefusal::TooMany => write!(f, "At most {MAX_EDITS} changes are made to a round."),
        }
    }
}

/// An edit refused, with its place in the list (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedEdit {
    pub number: usize,
    pub edit: PairingEdit,
    pub refusal: EditRefusal,
}

impl fmt::Display for RefusedEdit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Change {} ({}) cannot be made: {}",
            self.number, self.edit, self.refusal
        )
    }
}

/// The engine's round with the edits made in order (a table a move emptied is dropped at once,
/// so a later move's table number counts the tables that are left), and
/// what it breaks that the engine's round kept. `earlier` are the stage's rounds before it.
pub fn edit_round(
    format: &ChampionshipFormat,
    engine: &RoundPreview,
    earlier: &[RoundLine],
    edits: &[PairingEdit],
) -> Result<(RoundPreview, Vec<EditWarning>), RefusedEdit> {
    // `number` is always an index of `edits`.
    let refused = |number: usize, refusal: EditRefusal| RefusedEdit {
        number: number + 1,
        edit: edits[number].clone(),
        refusal,
    };
    if edits.is_empty() {
        return Ok((engine.clone(), Vec::new()));
    }
    if edits.len() > MAX_EDITS {
        return Err(refused(MAX_EDITS, EditRefusal::TooMany));
    }
    let bracket = matches!(
        (format.stages, engine.stage),
        (
            Stages::Knockout { .. } | Stages::DoubleElimination { .. },
            _
        ) | (Stages::SwissThenKnockout { .. }, Stage::KnockoutAfterSwiss)
    );
    if bracket {
        return Err(refused(0, EditRefusal::Bracket));
    }
    let mut round = engine.clone();
    for (number, edit) in edits.iter().enumerate() {
        apply(&mut round, edit).map_err(|refusal| refused(number, refusal))?;
        // A table a move emptied is gone before the next edit: its table numbers are those of
        // the round as the organiser sees it after the edits before.
        round.tables.retain(|table| !table.is_empty());
    }
    let warnings = warnings(format, engine, &round, earlier);
    Ok((round, warnings))
}

/// Where an entrant is in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Seat { table: usize, seat: usize },
    Bye(usize),
}

fn place_of(round: &RoundPreview, id: &str) -> Result<Place, EditRefusal> {
    for (table, seats) in round.tables.iter().enumerate() {
        if let Some(seat) = seats.iter().position(|s| s == id) {
            return Ok(Place::Seat { table, seat });
        }
    }
    round
        .byes
        .iter()
        .position(|bye| bye == id)
        .map(Place::Bye)
        .ok_or_else(|| EditRefusal::NotInRound(id.to_string()))
}

fn slot(round: &mut RoundPreview, place: Place) -> &mut String {
    match place {
        Place::Seat { table, seat } => &mut round.tables[table][seat],
        Place::Bye(index) => &mut round.byes[index],
    }
}

fn exchange(round: &mut RoundPreview, a: Place, b: Place) {
    let first = slot(round, a).clone();
    let second = std::mem::replace(slot(round, b), first);
    *slot(round, a) = second;
}

fn apply(round: &mut RoundPreview, edit: &PairingEdit) -> Result<(), EditRefusal> {
    match edit {
        PairingEdit::Swap { first, second } => {
            if first == second {
                return Err(EditRefusal::SameEntrant);
            }
            let (a, b) = (place_of(round, first)?, place_of(round, second)?);
            exchange(round, a, b);
        }
        PairingEdit::Pair { first, second } => {
            if first == second {
                return Err(EditRefusal::SameEntrant);
            }
            let (a, b) = (place_of(round, first)?, place_of(round, second)?);
            let Place::Seat { table, seat } = a else {
                // An entrant on the bye has no opponent to take the place of.
                return Err(EditRefusal::OnTheBye(first.clone()));
            };
            let opponent = Place::Seat {
                table,
                seat: (seat + 1) % round.tables[table].len(),
            };
            if matches!(b, Place::Seat { table: t, .. } if t == table) && b == opponent {
                return Err(EditRefusal::AlreadyThere(second.clone()));
            }
            exchange(round, opponent, b);
        }
        PairingEdit::Move { entrant, to } => {
            let from = place_of(round, entrant)?;
            if let Some(to) = *to
                && !(1..=round.tables.len()).contains(&to)
            {
                return Err(EditRefusal::NoSuchTable {
                    table: to,
                    tables: round.tables.len(),
                });
            }
            match (from, *to) {
                (Place::Bye(_), None) => return Err(EditRefusal::AlreadyThere(entrant.clone())),
                (Place::Seat { table, .. }, Some(to)) if table + 1 == to => {
                    return Err(EditRefusal::AlreadyThere(entrant.clone()));
                }
                _ => {}
            }
            match from {
                Place::Seat { table, seat } => {
                    round.tables[table].remove(seat);
                }
                Place::Bye(index) => {
                    round.byes.remove(index);
                }
            }
            match to {
                Some(to) => round.tables[*to - 1].push(entrant.clone()),
                None => round.byes.push(entrant.clone()),
            }
        }
    }
    Ok(())
}

/// Each entrant's score before the round, in half points: its tables' points and its byes'.
fn scores(format: &ChampionshipFormat, earlier: &[RoundLine]) -> HashMap<String, u32> {
    let mut scores: HashMap<String, u32> = HashMap::new();
    for round in earlier {
        for table in &round.tables {
            if let Some(outcome) = &table.outcome {
                for (seat, points) in table.seats.iter().zip(&outcome.points) {
                    *scores.entry(seat.clone()).or_default() += points.in_halves();
                }
            }
        }
        for bye in &round.byes {
            *scores.entry(bye.clone()).or_default() += format.bye_points.in_halves();
        }
    }
    scores
}

/// Every two entrants at a table, each pair once, in a fixed order.
fn pairs_at(seats: &[String]) -> Vec<(&str, &str)> {
    let mut pairs = Vec::new();
    for (i, a) in seats.iter().enumerate() {
        for b in &seats[i + 1..] {
            pairs.push(ordered(a, b));
        }
    }
    pairs
}

fn ordered<'a>(a: &'a str, b: &'a str) -> (&'a str, &'a str) {
    if a <= b { (a, b) } else { (b, a) }
}

/// The partnerships at a table of four in partnerships: seats 1 and 3, seats 2 and 4.
fn partners_at(seats: &[String]) -> Vec<(&str, &str)> {
    if seats.len() == 4 {
        vec![ordered(&seats[0], &seats[2]), ordered(&seats[1], &seats[3])]
    } else {
        Vec::new()
    }
}

fn warnings(
    format: &ChampionshipFormat,
    engine: &RoundPreview,
    edited: &RoundPreview,
    earlier: &[RoundLine],
) -> Vec<EditWarning> {
    let partnerships = format.seating.partnerships;
    let met_before: HashSet<(&str, &str)> = earlier
        .iter()
        .flat_map(|round| &round.tables)
        .flat_map(|table| pairs_at(&table.seats))
        .collect();
    let partners_before: HashSet<(&str, &str)> = earlier
        .iter()
        .flat_map(|round| &round.tables)
        .flat_map(|table| partners_at(&table.seats))
        .collect();
    let had_bye: HashSet<&str> = earlier
        .iter()
        .flat_map(|round| round.byes.iter().map(String::as_str))
        .collect();
    let scores = scores(format, earlier);
    let score = |id: &str| scores.get(id).copied().unwrap_or(0);
    let widest_gap = engine
        .tables
        .iter()
        .flat_map(|table| pairs_at(table))
        .map(|(a, b)| score(a).abs_diff(score(b)))
        .max()
        .unwrap_or(0);
    let engine_tables: HashSet<Vec<Vec<&str>>> = engine
        .tables
        .iter()
        .map(|t| same_table(format, t))
        .collect();

    let mut warnings = Vec::new();
    for table in &edited.tables {
        if engine_tables.contains(&same_table(format, table)) {
            continue;
        }
        let partners = if partnerships {
            partners_at(table)
        } else {
            Vec::new()
        };
        for (a, b) in pairs_at(table) {
            let pair = (a.to_string(), b.to_string());
            if partners.contains(&(a, b)) {
                if partners_before.contains(&(a, b)) {
                    warnings.push(EditWarning::PartnersAgain {
                        first: pair.0.clone(),
                        second: pair.1.clone(),
                    });
                }
            } else if met_before.contains(&(a, b)) {
                warnings.push(EditWarning::Rematch {
                    first: pair.0.clone(),
                    second: pair.1.clone(),
                });
            }
            if score(a).abs_diff(score(b)) > widest_gap {
                warnings.push(EditWarning::ScoreGap {
                    halves: (score(a), score(b)),
                    first: pair.0,
                    second: pair.1,
                });
            }
        }
    }
    for bye in &edited.byes {
        if !engine.byes.contains(bye) && had_bye.contains(bye.as_str()) {
            warnings.push(EditWarning::SecondBye {
                entrant: bye.clone(),
            });
        }
    }
    warnings
}

/// A table as it matters to who meets whom: its sides, partners together, in no order.
fn same_table<'a>(format: &ChampionshipFormat, table: &'a [String]) -> Vec<Vec<&'a str>> {
    let mut sides: Vec<Vec<&str>> = format
        .seating
        .by_side(table)
        .into_iter()
        .map(|side| {
            let mut side: Vec<&str> = side.into_iter().map(String::as_str).collect();
            side.sort_unstable();
            side
        })
        .collect();
    sides.sort_unstable();
    sides
}

#[cfg(test)]
mod tests;
