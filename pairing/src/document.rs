//! The event document as plain data, exactly as JSON gives it: what serde can check (shapes and
//! types) and nothing more. [`crate::event::Event::from_spec`] checks the rest. A program that
//! writes documents (the service publishing its championships) builds these types and
//! serialises them, so that it and `fives pair` are held to one shape.

use std::collections::BTreeMap;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use crate::number::Exact;

/// The whole document. Keys the specification does not name are ignored, except in `options`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(expecting = "an event document (an object)")]
pub struct EventSpec {
    pub format: Format,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partnerships: Option<bool>,
    pub entrants: Vec<EntrantSpec>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds: Option<Vec<RoundSpec>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<OptionsSpec>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
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

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(expecting = "an entrant (an object with an id)")]
pub struct EntrantSpec {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<Exact>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdrawn_after: Option<u32>,
}

/// A round as the document gives it; a round copied from `fives pair`'s output may also carry
/// its `round` number, which is ignored.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(expecting = "a round (an object)")]
pub struct RoundSpec {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tables: Option<Vec<TableSpec>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byes: Option<Vec<String>>,
    /// Tables of earlier rounds (`round 1, table 2`) whose confirmed result was corrected after
    /// this round was paired from them. The specification does not name it, so it is written
    /// for readers and never read: `fives pair` ignores it as any other unnamed key.
    #[serde(default, skip_deserializing, skip_serializing_if = "Vec::is_empty")]
    pub paired_before_correction: Vec<String>,
    /// The round as its organiser published it differs from the engine's pairing of it (a
    /// swap, a move, a pair made by hand): `fives pair` on the rounds before it pairs it
    /// otherwise. Written for readers and never read, as `paired_before_correction`.
    #[serde(
        default,
        skip_deserializing,
        skip_serializing_if = "std::ops::Not::not"
    )]
    pub edited: bool,
}

/// A table; one copied from `fives pair`'s output may also carry `table`, `bracket`, `group`
/// or `stage`, which are ignored (the engines work them out again).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(expecting = "a table (an object with seats)")]
pub struct TableSpec {
    pub seats: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<Vec<Exact>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_points: Option<Vec<Exact>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RemainderSpec {
    Byes,
    SmallerTables,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seeding {
    #[default]
    Rating,
    Entry,
}

/// The options. An unknown option is refused rather than ignored (a misspelt `third-place`
/// would otherwise change the event silently); keys starting with `_` are comments.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(expecting = "options (an object)")]
pub struct OptionsSpec {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bye_points: Option<Exact>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remainder: Option<RemainderSpec>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seeding: Option<Seeding>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub third_place: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grand_final_reset: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advance: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiebreaks: Option<Vec<String>>,
    #[serde(flatten, skip_serializing)]
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
