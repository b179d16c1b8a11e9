//! Reading a large document fast: the rounds' entrant ids borrowed from the text instead of
//! one owned string per seat, and entrants found by id in a table that holds short ids in
//! itself. A document of 100,000 entrants and eight rounds names 800,000 seats.

use std::borrow::Cow;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

use serde::Deserialize;

use crate::document::{EntrantSpec, EventSpec, Format, OptionsSpec, RoundSpec, TableSpec};
use crate::number::Exact;

use super::EntrantIndex;

/// An entrant's id as the document names it: borrowed from the text unless JSON escapes in it
/// had to be undone.
#[derive(Deserialize)]
pub(super) struct Id<'a>(#[serde(borrow)] Cow<'a, str>);

impl AsRef<str> for Id<'_> {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// [`EventSpec`] with the rounds' ids of type `Id`: the same fields in the same order, so that
/// serde reads the same documents into it (unknown keys ignored, a repeated key refused).
#[derive(Deserialize)]
pub(super) struct EventParts<Id> {
    pub(super) format: Format,
    pub(super) seats: Option<u64>,
    pub(super) partnerships: Option<bool>,
    pub(super) entrants: Vec<EntrantSpec>,
    pub(super) rounds: Option<Vec<RoundParts<Id>>>,
    pub(super) options: Option<OptionsSpec>,
}

/// [`RoundSpec`] with ids of type `Id` (the keys written for readers only are not read).
#[derive(Deserialize)]
pub(super) struct RoundParts<Id> {
    pub(super) tables: Option<Vec<TableParts<Id>>>,
    pub(super) byes: Option<Vec<Id>>,
}

/// [`TableSpec`] with ids of type `Id`.
#[derive(Deserialize)]
pub(super) struct TableParts<Id> {
    pub(super) seats: Vec<Id>,
    pub(super) points: Option<Vec<Exact>>,
    pub(super) game_points: Option<Vec<Exact>>,
}

impl From<EventSpec> for EventParts<String> {
    fn from(spec: EventSpec) -> Self {
        EventParts {
            format: spec.format,
            seats: spec.seats,
            partnerships: spec.partnerships,
            entrants: spec.entrants,
            rounds: spec
                .rounds
                .map(|rounds| rounds.into_iter().map(RoundParts::from).collect()),
            options: spec.options,
        }
    }
}

impl From<RoundSpec> for RoundParts<String> {
    fn from(round: RoundSpec) -> Self {
        RoundParts {
            tables: round
                .tables
                .map(|tables| tables.into_iter().map(TableParts::from).collect()),
            byes: round.byes,
        }
    }
}

impl From<TableSpec> for TableParts<String> {
    fn from(table: TableSpec) -> Self {
        TableParts {
            seats: table.seats,
            points: table.points,
            game_points: table.game_points,
        }
    }
}

/// Entrants by id. An id of up to 15 bytes, the usual case, is packed into the key itself, so
/// that finding it reads no string elsewhere in memory; longer ids are keyed by the string.
pub(super) struct IdIndex<'a> {
    short: HashMap<u128, EntrantIndex, BuildHasherDefault<WordHasher>>,
    long: HashMap<&'a str, EntrantIndex, BuildHasherDefault<WordHasher>>,
}

impl<'a> IdIndex<'a> {
    pub(super) fn with_capacity(entrants: usize) -> Self {
        IdIndex {
            short: HashMap::with_capacity_and_hasher(entrants, Default::default()),
            long: HashMap::default(),
        }
    }

    /// Adds an entrant; false, and the first entrant kept, if its id is already there.
    pub(super) fn insert(&mut self, id: &'a str, index: EntrantIndex) -> bool {
        fn vacant<K>(entry: Entry<'_, K, EntrantIndex>, index: EntrantIndex) -> bool {
            match entry {
                Entry::Vacant(vacant) => {
                    vacant.insert(index);
                    true
                }
                Entry::Occupied(_) => false,
            }
        }
        match packed(id) {
            Some(key) => vacant(self.short.entry(key), index),
            None => vacant(self.long.entry(id), index),
        }
    }

    pub(super) fn get(&self, id: &str) -> Option<EntrantIndex> {
        match packed(id) {
            Some(key) => self.short.get(&key).copied(),
            None => self.long.get(id).copied(),
        }
    }
}

/// The id's bytes and, in the last byte, its length: distinct ids give distinct keys.
fn packed(id: &str) -> Option<u128> {
    let bytes = id.as_bytes();
    if bytes.len() > 15 {
        return None;
    }
    let mut word = [0u8; 16];
    word[..bytes.len()].copy_from_slice(bytes);
    word[15] = bytes.len() as u8;
    Some(u128::from_le_bytes(word))
}

/// A fast hasher for the ids (no defence against chosen collisions is needed: a document's
/// ids are at most 100,000, and the worst case is slow, not wrong). Each word is mixed by a
/// folded multiplication, which spreads every input bit over the whole hash, low bits
/// included (the table picks its bucket by them).
#[derive(Default)]
pub(super) struct WordHasher(u64);

impl WordHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;
        let product = u128::from(self.0 ^ word) * u128::from(SPREAD);
        self.0 = (product as u64) ^ ((product >> 64) as u64);
    }
}

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.mix(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        self.mix(u64::from_le_bytes(last) ^ ((bytes.len() as u64) << 56));
    }

    fn write_u8(&mut self, value: u8) {
        self.mix(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.mix(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.mix(value as u64);
    }

    fn write_u128(&mut self, value: u128) {
        self.mix(value as u64);
        self.mix((value >> 64) as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_ids_are_found_and_told_apart() {
        let ids = [
            "a",
            "a\0",
            "e12345",
            "fifteen-bytes-x",
            "sixteen-bytes-xx",
            "ünï",
        ];
        let mut index = IdIndex::with_capacity(ids.len());
        for (i, id) in ids.iter().enumerate() {
            assert!(index.insert(id, i));
        }
        assert!(!index.insert("e12345", 9), "a repeated id is reported");
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(index.get(id), Some(i), "{id}");
        }
        assert_eq!(index.get(""), None);
        assert_eq!(index.get("sixteen-bytes-x"), None);
        assert_eq!(index.get("a\0\0"), None);
    }
}
