//! Entrants found by id as a large document is read: by the number in ids of one prefix and
//! a number, else by ids packed into the keys of a table hashed a word at a time.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

use super::EntrantIndex;

/// Entrants by id. When every id is one text followed by a number written without leading
/// zeros (`e0`, `e1`, … or `p1017`, `p2230`, …), the numbers being no larger than a few times
/// the field, an id is found by its number in a list (400 kB for 100,000 entrants, where the
/// table below takes several megabytes read at random). Otherwise an id of up to 15 bytes, the
/// usual case, is packed into the key itself, so that finding it reads no string elsewhere in
/// memory; longer ids are keyed by the string.
pub(super) struct IdIndex {
    numbered: Option<Numbered>,
    // Entries of 24 bytes (two words and a u32; a u128 key would align them on 32): the table
    // of 100,000 ids is read at random, once for each seat.
    short: HashMap<(u64, u64), u32, BuildHasherDefault<WordHasher>>,
    long: HashMap<Box<str>, u32, BuildHasherDefault<WordHasher>>,
}

impl IdIndex {
    pub(super) fn with_capacity(entrants: usize) -> Self {
        IdIndex {
            numbered: None,
            short: HashMap::with_capacity_and_hasher(entrants, Default::default()),
            long: HashMap::default(),
        }
    }

    /// Adds an entrant; false, and the first entrant kept, if its id is already there.
    pub(super) fn insert(&mut self, id: &str, index: EntrantIndex) -> bool {
        fn vacant<K>(entry: Entry<'_, K, u32>, index: EntrantIndex) -> bool {
            match entry {
                Entry::Vacant(vacant) => {
                    // At most 100,000 entrants (`MAX_ENTRANTS`).
                    vacant.insert(index as u32);
                    true
                }
                Entry::Occupied(_) => false,
            }
        }
        match packed(id) {
            Some(key) => vacant(self.short.entry(key), index),
            None => vacant(self.long.entry(id.into()), index),
        }
    }

    /// The index of the ids given in entry order, or `None` if one is given twice.
    pub(super) fn of<'a>(ids: impl Iterator<Item = &'a str> + Clone) -> Option<Self> {
        if let Some(numbered) = Numbered::of(ids.clone()) {
            return numbered.map(|numbered| IdIndex {
                numbered: Some(numbered),
                ..IdIndex::with_capacity(0)
            });
        }
        let mut index = IdIndex::with_capacity(ids.size_hint().0);
        for (i, id) in ids.enumerate() {
            if !index.insert(id, i) {
                return None;
            }
        }
        Some(index)
    }

    pub(super) fn get(&self, id: &str) -> Option<EntrantIndex> {
        if let Some(numbered) = &self.numbered {
            return numbered.get(id);
        }
        match packed(id) {
            Some(key) => self.short.get(&key),
            None => self.long.get(id),
        }
        .map(|&index| index as EntrantIndex)
    }
}

/// Ids that are one prefix followed by a number: `slot[number]` is the entrant's index plus
/// one, 0 where no id has that number. Ids numbered in entry order from `first` (`e0`, `e1`,
/// … or `p1`, `p2`, …) need no list: an id's number less `first` is its entrant.
struct Numbered {
    prefix: Box<str>,
    first: u32,
    count: usize,
    slot: Vec<u32>,
}

impl Numbered {
    /// The most digits a number may have (below `u32::MAX`).
    const MOST_DIGITS: usize = 9;

    /// `None` if the ids are not all of this form with numbers below a few times their count;
    /// `Some(None)` if they are and one is given twice.
    fn of<'a>(ids: impl Iterator<Item = &'a str> + Clone) -> Option<Option<Numbered>> {
        let first = ids.clone().next()?;
        let prefix = first.trim_end_matches(|c: char| c.is_ascii_digit());
        let first = number(&first[prefix.len()..])?;
        let mut count = 0usize;
        let mut largest = 0u32;
        let mut in_order = true;
        for id in ids.clone() {
            let n = number(id.strip_prefix(prefix)?)?;
            in_order &= u64::from(n) == u64::from(first) + count as u64;
            largest = largest.max(n);
            count += 1;
        }
        if in_order {
            return Some(Some(Numbered {
                prefix: prefix.into(),
                first,
                count,
                slot: Vec::new(),
            }));
        }
        let largest = largest as usize;
        if largest > 4 * count + 64 {
            return None;
        }
        let mut slot = vec![0u32; largest + 1];
        for (i, id) in ids.enumerate() {
            let n = number(&id[prefix.len()..]).expect("checked above") as usize;
            if slot[n] != 0 {
                return Some(None);
            }
            // At most 100,000 entrants (`MAX_ENTRANTS`).
            slot[n] = i as u32 + 1;
        }
        Some(Some(Numbered {
            prefix: prefix.into(),
            first: 0,
            count,
            slot,
        }))
    }

    #[inline]
    fn get(&self, id: &str) -> Option<EntrantIndex> {
        let n = number(id.strip_prefix(&*self.prefix)?)?;
        if self.slot.is_empty() {
            let index = n.checked_sub(self.first)? as usize;
            return (index < self.count).then_some(index);
        }
        match self.slot.get(n as usize) {
            Some(&s) if s != 0 => Some(s as EntrantIndex - 1),
            _ => None,
        }
    }
}

/// The number written by `digits`: one to nine ASCII digits without a leading zero (`0`
/// itself excepted), so that each number has one way to be written; `None` otherwise.
#[inline]
fn number(digits: &str) -> Option<u32> {
    let bytes = digits.as_bytes();
    if bytes.is_empty()
        || bytes.len() > Numbered::MOST_DIGITS
        || (bytes[0] == b'0' && bytes.len() > 1)
    {
        return None;
    }
    let mut n = 0u32;
    for &b in bytes {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u32::from(b - b'0');
    }
    Some(n)
}

/// The id's bytes and, in the last byte, its length: distinct ids give distinct keys.
fn packed(id: &str) -> Option<(u64, u64)> {
    let bytes = id.as_bytes();
    if bytes.len() > 15 {
        return None;
    }
    let mut word = [0u8; 16];
    word[..bytes.len()].copy_from_slice(bytes);
    word[15] = bytes.len() as u8;
    let (low, high) = word.split_at(8);
    Some((
        u64::from_le_bytes(low.try_into().expect("eight bytes")),
        u64::from_le_bytes(high.try_into().expect("eight bytes")),
    ))
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
    fn numbered_ids_are_found_by_their_number_and_only_as_written() {
        let ids = ["p10", "p0", "p7", "p75"];
        let index = IdIndex::of(ids.iter().copied()).expect("distinct ids");
        assert!(index.numbered.is_some());
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(index.get(id), Some(i), "{id}");
        }
        for id in [
            "p010",
            "p00",
            "p1",
            "p",
            "q10",
            "p10x",
            "10",
            "p1234567890",
            "p-1",
        ] {
            assert_eq!(index.get(id), None, "{id}");
        }
        assert!(IdIndex::of(["e1", "e2", "e1"].into_iter()).is_none());
        // In entry order from any first number: no list.
        for (ids, absent) in [
            (
                &["e0", "e1", "e2"][..],
                &["e3", "e00", "e01", "f1", "e"][..],
            ),
            (&["p7", "p8", "p9", "p10"], &["p6", "p11", "p0", "p010"]),
            (&["1", "2"], &["0", "3", "01"]),
        ] {
            let index = IdIndex::of(ids.iter().copied()).expect("distinct ids");
            assert!(index.numbered.as_ref().is_some_and(|n| n.slot.is_empty()));
            for (i, id) in ids.iter().enumerate() {
                assert_eq!(index.get(id), Some(i), "{id}");
            }
            for id in absent {
                assert_eq!(index.get(id), None, "{id}");
            }
        }
        // Numbers far beyond the field's size, or ids of another form, use the table.
        for ids in [
            &["e1", "e99999"][..],
            &["e1", "f2"],
            &["e1", "e01"],
            &["e", "e1"],
        ] {
            let index = IdIndex::of(ids.iter().copied()).expect("distinct ids");
            assert!(index.numbered.is_none(), "{ids:?}");
            for (i, id) in ids.iter().enumerate() {
                assert_eq!(index.get(id), Some(i), "{id}");
            }
        }
    }

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
