//! The validated event: [`EventSpec`] checked against every rule of the document, or a typed
//! [`EventError`] naming the place of the first rule broken.

use std::fmt;

use crate::document::{EventSpec, Format, OptionsSpec, RemainderSpec, Seeding};
use crate::number::Exact;
use crate::swiss::Remainder;

mod id_index;
mod reading;

use id_index::IdIndex;
use reading::{EventParts, SeatName, TableParts};

/// The most entrants an event may have: pairing and standings work grows with the field.
pub const MAX_ENTRANTS: usize = 100_000;
/// The most rounds a document may hold.
pub const MAX_ROUNDS: usize = 1_000;

/// An entrant, by its index in the entry order.
pub type EntrantIndex = usize;

#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub format: Format,
    pub seats: usize,
    pub partnerships: bool,
    /// In entry order.
    pub entrants: Vec<Entrant>,
    /// Oldest first.
    pub rounds: Vec<Round>,
    pub options: Options,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    pub id: String,
    pub rating: Exact,
    /// The last round the entrant plays, if it withdraws.
    pub withdrawn_after: Option<u32>,
}

impl Entrant {
    /// Whether the entrant may be paired in round `round` (1-based).
    pub fn is_active_in(&self, round: usize) -> bool {
        self.withdrawn_after
            .is_none_or(|after| round <= after as usize)
    }
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Round {
    pub tables: Vec<Table>,
    pub byes: Vec<EntrantIndex>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// In seat order.
    pub seats: Vec<EntrantIndex>,
    /// One per seat; `None` while the table is being played.
    pub points: Option<Vec<Exact>>,
    /// One per seat, only with points.
    pub game_points: Option<Vec<Exact>>,
}

impl Table {
    /// The seat with strictly the most points at a two-seat table (a knockout table's winner).
    pub fn winner_seat(&self) -> Option<usize> {
        let points = self.points.as_ref()?;
        match points[0].cmp(&points[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub bye_points: Exact,
    pub remainder: Remainder,
    pub seeding: Seeding,
    pub third_place: bool,
    pub grand_final_reset: bool,
    /// Only for the groups format.
    pub groups: Option<GroupOptions>,
    pub tiebreaks: Vec<Tiebreak>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupOptions {
    pub groups: usize,
    pub advance: usize,
}

/// The tiebreaks of the standings, in the specification's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    Buchholz,
    BuchholzCut1,
    MedianBuchholz,
    SonnebornBerger,
    Wins,
    GamePoints,
    GamePointDifference,
    HeadToHead,
    AverageRatingOfOpponents,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 9] = [
        Tiebreak::Buchholz,
        Tiebreak::BuchholzCut1,
        Tiebreak::MedianBuchholz,
        Tiebreak::SonnebornBerger,
        Tiebreak::Wins,
        Tiebreak::GamePoints,
        Tiebreak::GamePointDifference,
        Tiebreak::HeadToHead,
        Tiebreak::AverageRatingOfOpponents,
    ];
    pub const DEFAULT: [Tiebreak; 4] = [
        Tiebreak::BuchholzCut1,
        Tiebreak::Buchholz,
        Tiebreak::SonnebornBerger,
        Tiebreak::Wins,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::BuchholzCut1 => "buchholz-cut-1",
            Tiebreak::MedianBuchholz => "median-buchholz",
            Tiebreak::SonnebornBerger => "sonneborn-berger",
            Tiebreak::Wins => "wins",
            Tiebreak::GamePoints => "game-points",
            Tiebreak::GamePointDifference => "game-point-difference",
            Tiebreak::HeadToHead => "head-to-head",
            Tiebreak::AverageRatingOfOpponents => "average-rating-of-opponents",
        }
    }

    pub fn from_name(name: &str) -> Option<Tiebreak> {
        Tiebreak::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Where a rule was broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Document,
    /// A path into the document, from a deserialisation error.
    Path(String),
    Entrant(usize),
    Round(usize),
    Table {
        round: usize,
        table: usize,
    },
    Byes {
        round: usize,
    },
    Options,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Document => Ok(()),
            Place::Path(path) => f.write_str(path),
            Place::Entrant(index) => write!(f, "entrant {}", index + 1),
            Place::Round(round) => write!(f, "round {}", round + 1),
            Place::Table { round, table } => {
                write!(f, "round {}, table {}", round + 1, table + 1)
            }
            Place::Byes { round } => write!(f, "round {}, byes", round + 1),
            Place::Options => f.write_str("options"),
        }
    }
}

/// A rule of the document broken, or a document the engines cannot continue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not JSON, or JSON whose shape or types do not fit the document.
    Malformed(String),
    Seats(u64),
    SeatsForFormat {
        format: Format,
        seats: usize,
    },
    PartnershipsNeedFourSeats {
        seats: usize,
    },
    TooFewEntrants(usize),
    TooManyEntrants(usize),
    TooManyRounds(usize),
    EmptyId,
    DuplicateId(String),
    UnknownEntrant(String),
    SeatedTwice(String),
    Withdrawn {
        id: String,
        after: u32,
    },
    TableSize {
        allowed: Vec<usize>,
        found: usize,
    },
    PerSeat {
        field: &'static str,
        seats: usize,
        found: usize,
    },
    GamePointsWithoutPoints,
    NoWinner,
    PointsMissingBeforeLastRound,
    UnknownOption(String),
    UnknownTiebreak(String),
    RepeatedTiebreak(String),
    GroupOptionMissing(&'static str),
    GroupOptionZero(&'static str),
    QualifiersNotPowerOfTwo {
        groups: usize,
        advance: usize,
    },
    GroupTooSmall {
        group: String,
        size: usize,
        needed: usize,
    },
    /// A table of the bracket's round that the document's round does not have.
    BracketTableMissing {
        ids: Vec<String>,
    },
    /// A table that the bracket does not pair.
    NotInBracket {
        ids: Vec<String>,
    },
    /// A bye that the bracket does not give.
    NoByeInBracket(String),
    /// A round after the end of a knockout or a round robin.
    AfterTheEnd,
    /// `fives pair` waits for this table's points.
    NoPointsYet,
    /// A double elimination can pair nothing until this table has points.
    NothingReady,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Malformed(message) => f.write_str(message),
            Refusal::Seats(seats) => write!(f, "seats must be 2, 3 or 4, not {seats}"),
            Refusal::SeatsForFormat { format, seats } => write!(
                f,
                "a {} event takes 2 seats, not {seats}",
                format.name()
            ),
            Refusal::PartnershipsNeedFourSeats { seats } => {
                write!(f, "partnerships need 4 seats, not {seats}")
            }
            Refusal::TooFewEntrants(count) => {
                write!(f, "an event needs at least 2 entrants, not {count}")
            }
            Refusal::TooManyEntrants(count) => write!(
                f,
                "an event has at most {MAX_ENTRANTS} entrants, not {count}"
            ),
            Refusal::TooManyRounds(count) => {
                write!(f, "a document holds at most {MAX_ROUNDS} rounds, not {count}")
            }
            Refusal::EmptyId => f.write_str("an entrant's id must not be empty"),
            Refusal::DuplicateId(id) => write!(f, "{} is entered twice", quoted(id)),
            Refusal::UnknownEntrant(id) => write!(f, "{} is not an entrant", quoted(id)),
            Refusal::SeatedTwice(id) => {
                write!(f, "{} is seated twice in the round", quoted(id))
            }
            Refusal::Withdrawn { id, after } => {
                write!(f, "{} withdrew after round {after}", quoted(id))
            }
            Refusal::TableSize { allowed, found } => {
                let allowed: Vec<String> = allowed.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "a table has {} seats here, not {found}",
                    allowed.join(" or ")
                )
            }
            Refusal::PerSeat {
                field,
                seats,
                found,
            } => write!(
                f,
                "{field} needs one number per seat ({seats}), not {found}"
            ),
            Refusal::GamePointsWithoutPoints => {
                f.write_str("game_points are given but points are not")
            }
            Refusal::NoWinner => {
                f.write_str("a knockout table needs a winner, but the points are equal")
            }
            Refusal::PointsMissingBeforeLastRound => {
                f.write_str("the table has no points, but only the last round may be unfinished")
            }
            Refusal::UnknownOption(name) => write!(f, "unknown option {}", quoted(name)),
            Refusal::UnknownTiebreak(name) => {
                let names: Vec<&str> = Tiebreak::ALL.iter().map(|t| t.name()).collect();
                write!(
                    f,
                    "unknown tiebreak {} (one of {})",
                    quoted(name),
                    names.join(", ")
                )
            }
            Refusal::RepeatedTiebreak(name) => {
                write!(f, "the tiebreak {} is given twice", quoted(name))
            }
            Refusal::GroupOptionMissing(name) => {
                write!(f, "a groups event needs the option {name}")
            }
            Refusal::GroupOptionZero(name) => write!(f, "{name} must be at least 1"),
            Refusal::QualifiersNotPowerOfTwo { groups, advance } => write!(
                f,
                "groups × advance must be a power of two, at least 2, not {groups} × {advance} = {}",
                groups * advance
            ),
            Refusal::GroupTooSmall {
                group,
                size,
                needed,
            } => write!(
                f,
                "group {group} would have {size} {}; each group needs at least {needed}",
                if *size == 1 { "entrant" } else { "entrants" }
            ),
            Refusal::NotInBracket { ids } => {
                let ids: Vec<String> = ids.iter().map(|id| quoted(id)).collect();
                write!(f, "the bracket does not pair {} here", ids.join(" and "))
            }
            Refusal::BracketTableMissing { ids } => {
                let ids: Vec<String> = ids.iter().map(|id| quoted(id)).collect();
                write!(f, "the bracket's table {} is missing", ids.join(" v "))
            }
            Refusal::NoByeInBracket(id) => {
                write!(f, "the bracket gives {} no bye here", quoted(id))
            }
            Refusal::AfterTheEnd => f.write_str("the event was over before this round"),
            Refusal::NothingReady => f.write_str(
                "the table has no points yet, and no other table can be played until it has",
            ),
            Refusal::NoPointsYet => f.write_str(
                "the table has no points yet; the next round is paired when every table of the last one has points",
            ),
        }
    }
}

/// An id in double quotes, escaped as JSON escapes it.
pub fn quoted(id: &str) -> String {
    serde_json::to_string(id).expect("a string always serialises")
}

/// A refused document: what rule, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventError {
    pub place: Place,
    pub refusal: Refusal,
}

impl EventError {
    pub fn new(place: Place, refusal: Refusal) -> EventError {
        EventError { place, refusal }
    }
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Place::Document => write!(f, "{}", self.refusal),
            _ => write!(f, "{}: {}", self.place, self.refusal),
        }
    }
}

impl std::error::Error for EventError {}

impl Event {
    /// Reads and validates a document.
    pub fn parse(text: &str) -> Result<Event, EventError> {
        // Most documents are well formed: they are read once without keeping the path to each
        // value, which costs more than the reading itself; a refused one is read again with it,
        // for the message.
        // The usual document (entrants before rounds) is read with its seats as entrants'
        // indexes at once (see `reading`).
        if let Some((parts, index)) = reading::read_resolved(text) {
            return Event::from_parts(parts, Some(index));
        }
        let deserializer = &mut serde_json::Deserializer::from_str(text);
        let spec: EventSpec =
            serde_path_to_error::deserialize(&mut *deserializer).map_err(|error| {
                let place = crate::document::describe_path(error.path());
                let message = error.inner().to_string();
                if place.is_empty() || place == "." {
                    EventError::new(Place::Document, Refusal::Malformed(message))
                } else {
                    EventError::new(Place::Path(place), Refusal::Malformed(message))
                }
            })?;
        // The document is the whole text: anything but white space after it (trailing
        // characters, a second document) is refused, not ignored.
        deserializer.end().map_err(|error| {
            EventError::new(Place::Document, Refusal::Malformed(error.to_string()))
        })?;
        Event::from_spec(spec)
    }

    /// Checks plain data against every rule of the document.
    pub fn from_spec(spec: EventSpec) -> Result<Event, EventError> {
        Event::from_parts(EventParts::<String>::from(spec), None)
    }

    /// [`Event::from_spec`] for the document's fields however its seats name entrants; with
    /// the index of the entrants' ids when it is made already (its ids then known distinct).
    fn from_parts<I: SeatName>(
        spec: EventParts<I>,
        index_of: Option<IdIndex>,
    ) -> Result<Event, EventError> {
        let document = |refusal| EventError::new(Place::Document, refusal);
        let format = spec.format;
        let seats = spec.seats.unwrap_or(2);
        if !(2..=4).contains(&seats) {
            return Err(document(Refusal::Seats(seats)));
        }
        let seats = seats as usize;
        if format != Format::Swiss && seats != 2 {
            return Err(document(Refusal::SeatsForFormat { format, seats }));
        }
        let partnerships = spec.partnerships.unwrap_or(false);
        if partnerships && seats != 4 {
            return Err(document(Refusal::PartnershipsNeedFourSeats { seats }));
        }

        if spec.entrants.len() < 2 {
            return Err(document(Refusal::TooFewEntrants(spec.entrants.len())));
        }
        if spec.entrants.len() > MAX_ENTRANTS {
            return Err(document(Refusal::TooManyEntrants(spec.entrants.len())));
        }
        let made = index_of.is_some();
        let mut index_of = index_of.unwrap_or_else(|| IdIndex::with_capacity(spec.entrants.len()));
        for (index, entrant) in spec.entrants.iter().enumerate() {
            if entrant.id.is_empty() {
                return Err(EventError::new(Place::Entrant(index), Refusal::EmptyId));
            }
            if !made && !index_of.insert(&entrant.id, index) {
                return Err(EventError::new(
                    Place::Entrant(index),
                    Refusal::DuplicateId(entrant.id.clone()),
                ));
            }
        }

        let options = validate_options(spec.options, format, spec.entrants.len())?;

        let round_specs = spec.rounds.unwrap_or_default();
        if round_specs.len() > MAX_ROUNDS {
            return Err(document(Refusal::TooManyRounds(round_specs.len())));
        }
        let table_sizes: Vec<usize> = if partnerships {
            vec![4]
        } else if format == Format::Swiss
            && seats >= 3
            && options.remainder == Remainder::SmallerTables
        {
            vec![seats, seats - 1]
        } else {
            vec![seats]
        };
        let knockout_tables = matches!(format, Format::Knockout | Format::DoubleElimination);
        let last = round_specs.len().saturating_sub(1);
        let mut rounds = Vec::with_capacity(round_specs.len());
        // For each entrant, the round (from 1) it was last seated in and the last round it
        // may be (u32::MAX without a withdrawal), side by side: the seats of a large document
        // name entrants in no order, and one read from memory then serves both checks.
        let mut seat_rounds: Vec<(u32, u32)> = spec
            .entrants
            .iter()
            .map(|entrant| (0, entrant.withdrawn_after.unwrap_or(u32::MAX)))
            .collect();
        for (r, round_spec) in round_specs.into_iter().enumerate() {
            let number = r as u32 + 1;
            let mut seat = |id: &I, place: Place| -> Result<EntrantIndex, EventError> {
                let index = match id.entrant(&index_of) {
                    Ok(index) => index,
                    Err(unknown) => {
                        return Err(EventError::new(
                            place,
                            Refusal::UnknownEntrant(unknown.to_string()),
                        ));
                    }
                };
                let (seated_in, last) = &mut seat_rounds[index];
                let id = || spec.entrants[index].id.clone();
                if std::mem::replace(seated_in, number) == number {
                    return Err(EventError::new(place, Refusal::SeatedTwice(id())));
                }
                if number > *last {
                    return Err(EventError::new(
                        place,
                        Refusal::Withdrawn {
                            id: id(),
                            after: *last,
                        },
                    ));
                }
                Ok(index)
            };
            // Each table read becomes the event's table in the same place of the same list
            // (a list of the same size of element is reused as it is turned into another),
            // not in a second list of a round's 50,000 tables.
            let table_specs = round_spec.tables.unwrap_or_default();
            let mut table = |(t, table_spec): (usize, TableParts<I>)| -> Result<Table, EventError> {
                let place = || Place::Table { round: r, table: t };
                if !table_sizes.contains(&table_spec.seats.len()) {
                    return Err(EventError::new(
                        place(),
                        Refusal::TableSize {
                            allowed: table_sizes.clone(),
                            found: table_spec.seats.len(),
                        },
                    ));
                }
                let table_seats = I::seats(table_spec.seats, |id| seat(id, place()))?;
                for (field, values) in [
                    ("points", &table_spec.points),
                    ("game_points", &table_spec.game_points),
                ] {
                    if let Some(values) = values
                        && values.len() != table_seats.len()
                    {
                        return Err(EventError::new(
                            place(),
                            Refusal::PerSeat {
                                field,
                                seats: table_seats.len(),
                                found: values.len(),
                            },
                        ));
                    }
                }
                if table_spec.points.is_none() {
                    if table_spec.game_points.is_some() {
                        return Err(EventError::new(place(), Refusal::GamePointsWithoutPoints));
                    }
                    if r != last && format != Format::DoubleElimination {
                        return Err(EventError::new(
                            place(),
                            Refusal::PointsMissingBeforeLastRound,
                        ));
                    }
                }
                let table = Table {
                    seats: table_seats,
                    points: table_spec.points,
                    game_points: table_spec.game_points,
                };
                if knockout_tables && table.points.is_some() && table.winner_seat().is_none() {
                    return Err(EventError::new(place(), Refusal::NoWinner));
                }
                Ok(table)
            };
            let tables = table_specs
                .into_iter()
                .enumerate()
                .map(&mut table)
                .collect::<Result<Vec<Table>, EventError>>()?;
            let mut byes = Vec::new();
            for id in round_spec.byes.unwrap_or_default() {
                byes.push(seat(&id, Place::Byes { round: r })?);
            }
            rounds.push(Round { tables, byes });
        }

        let entrants = spec
            .entrants
            .into_iter()
            .map(|entrant| Entrant {
                id: entrant.id,
                rating: entrant.rating.unwrap_or(Exact::ZERO),
                withdrawn_after: entrant.withdrawn_after,
            })
            .collect();
        Ok(Event {
            format,
            seats,
            partnerships,
            entrants,
            rounds,
            options,
        })
    }

    /// The index of an entrant by id.
    pub fn index_of(&self, id: &str) -> Option<EntrantIndex> {
        self.entrants.iter().position(|entrant| entrant.id == id)
    }

    /// The round `fives pair` would pair next (1-based).
    pub fn next_round(&self) -> usize {
        self.rounds.len() + 1
    }
}

fn validate_options(
    spec: Option<OptionsSpec>,
    format: Format,
    entrants: usize,
) -> Result<Options, EventError> {
    let refuse = |refusal| EventError::new(Place::Options, refusal);
    let Some(spec) = spec else {
        return Ok(Options {
            bye_points: Exact::ONE,
            remainder: Remainder::Byes,
            seeding: Seeding::Rating,
            third_place: false,
            grand_final_reset: true,
            groups: if format == Format::Groups {
                return Err(refuse(Refusal::GroupOptionMissing("groups")));
            } else {
                None
            },
            tiebreaks: Tiebreak::DEFAULT.to_vec(),
        });
    };
    if let Some(name) = spec.other.keys().find(|name| !name.starts_with('_')) {
        return Err(refuse(Refusal::UnknownOption(name.clone())));
    }
    let tiebreaks = match spec.tiebreaks {
        None => Tiebreak::DEFAULT.to_vec(),
        Some(names) => {
            let mut tiebreaks = Vec::with_capacity(names.len());
            for name in names {
                let Some(tiebreak) = Tiebreak::from_name(&name) else {
                    return Err(refuse(Refusal::UnknownTiebreak(name)));
                };
                if tiebreaks.contains(&tiebreak) {
                    return Err(refuse(Refusal::RepeatedTiebreak(name)));
                }
                tiebreaks.push(tiebreak);
            }
            tiebreaks
        }
    };
    let groups = if format == Format::Groups {
        let groups = spec
            .groups
            .ok_or(refuse(Refusal::GroupOptionMissing("groups")))?;
        let advance = spec
            .advance
            .ok_or(refuse(Refusal::GroupOptionMissing("advance")))?;
        if groups == 0 {
            return Err(refuse(Refusal::GroupOptionZero("groups")));
        }
        if advance == 0 {
            return Err(refuse(Refusal::GroupOptionZero("advance")));
        }
        // Both are at most the number of entrants once the group sizes are checked; cap them
        // first so that the product cannot overflow.
        let groups = groups.min(entrants as u64 + 1) as usize;
        let advance = advance.min(entrants as u64 + 1) as usize;
        let qualifiers = groups * advance;
        if qualifiers < 2 || !qualifiers.is_power_of_two() {
            return Err(refuse(Refusal::QualifiersNotPowerOfTwo { groups, advance }));
        }
        let needed = advance.max(2);
        let sizes = crate::groups::group_sizes(entrants, groups);
        if let Some((group, &size)) = sizes.iter().enumerate().find(|(_, size)| **size < needed) {
            return Err(refuse(Refusal::GroupTooSmall {
                group: crate::groups::group_name(group),
                size,
                needed,
            }));
        }
        Some(GroupOptions { groups, advance })
    } else {
        None
    };
    Ok(Options {
        bye_points: spec.bye_points.unwrap_or(Exact::ONE),
        remainder: match spec.remainder {
            None | Some(RemainderSpec::Byes) => Remainder::Byes,
            Some(RemainderSpec::SmallerTables) => Remainder::SmallerTables,
        },
        seeding: spec.seeding.unwrap_or_default(),
        third_place: spec.third_place.unwrap_or(false),
        grand_final_reset: spec.grand_final_reset.unwrap_or(true),
        groups,
        tiebreaks,
    })
}
