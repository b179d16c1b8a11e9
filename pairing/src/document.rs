//! The event document as plain data, exactly as JSON gives it: what serde can check (shapes and
//! types) and nothing more. [`crate::event::Event::from_spec`] checks the rest.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::IgnoredAny;

use crate::number::Exact;

/// The whole document. Keys the specification does not name are ignored, except in `options`.
#[derive(Clone, Debug, Deserialize)]
#[serde(expecting = "an event document (an object)")]
pub struct EventSpec {
    pub format: Format,
    pub seats: Option<u64>,
    pub partnerships: Option<bool>,
    pub entrants: Vec<EntrantSpec>,
    pub rounds: Option<Vec<RoundSpec>>,
    pub options: Option<OptionsSpec>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    Swiss,
    Knockout,
    DoubleElimination,
    RoundRobin,
    Groups,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::Knockout => "knockout",
            Format::DoubleElimination => "double-elimination",
            Format::RoundRobin => "round-robin",
            Format::Groups => "groups",
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(expecting = "an entrant (an object with an id)")]
pub struct EntrantSpec {
    pub id: String,
    pub rating: Option<Exact>,
    pub withdrawn_after: Option<u32>,
}

/// A round as the document gives it; a round copied from `fives pair`'s output may also carry
/// its `round` number, which is ignored.
#[derive(Clone, Debug, Deserialize)]
#[serde(expecting = "a round (an object)")]
pub struct RoundSpec {
    pub tables: Option<Vec<TableSpec>>,
    pub byes: Option<Vec<String>>,
}

/// A table; one copied from `fives pair`'s output may also carry `table`, `bracket`, `group`
/// or `stage`, which are ignored (the engines work them out again).
#[derive(Clone, Debug, Deserialize)]
#[serde(expecting = "a table (an object with seats)")]
pub struct TableSpec {
    pub seats: Vec<String>,
    pub points: Option<Vec<Exact>>,
    pub game_points: Option<Vec<Exact>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RemainderSpec {
    Byes,
    SmallerTables,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seeding {
    #[default]
    Rating,
    Entry,
}

/// The options. An unknown option is refused rather than ignored (a misspelt `third-place`
/// would otherwise change the event silently); keys starting with `_` are comments.
#[derive(Clone, Debug, Deserialize)]
#[serde(expecting = "options (an object)")]
pub struct OptionsSpec {
    pub bye_points: Option<Exact>,
    pub remainder: Option<RemainderSpec>,
    pub seeding: Option<Seeding>,
    pub third_place: Option<bool>,
    pub grand_final_reset: Option<bool>,
    pub groups: Option<u64>,
    pub advance: Option<u64>,
    pub tiebreaks: Option<Vec<String>>,
    #[serde(flatten)]
    pub other: BTreeMap<String, IgnoredAny>,
}

/// Where in the document a deserialisation error happened, in the words of the refusals:
/// `round 2, table 3, points item 1`.
pub fn describe_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut parts: Vec<String> = Vec::new();
    let mut key: Option<String> = None;
    for segment in path.iter() {
        match segment {
            Segment::Map { key: name } => {
                if let Some(pending) = key.take() {
                    parts.push(pending);
                }
                key = Some(name.clone());
            }
            Segment::Seq { index } => {
                let index = index + 1;
                parts.push(match key.take().as_deref() {
                    Some("rounds") => format!("round {index}"),
                    Some("tables") => format!("table {index}"),
                    Some("entrants") => format!("entrant {index}"),
                    Some("seats") => format!("seat {index}"),
                    Some(name) => format!("{name} item {index}"),
                    None => format!("item {index}"),
                });
            }
            Segment::Enum { variant } => parts.push(variant.clone()),
            Segment::Unknown => {}
        }
    }
    if let Some(pending) = key {
        parts.push(pending);
    }
    parts.join(", ")
}
