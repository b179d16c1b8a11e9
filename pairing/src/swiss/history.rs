//! Who has met and partnered whom, as small sorted lists per entrant: the engines look pairs
//! up in their inner loops, where a list of a few earlier opponents beats hashing.

use std::collections::HashMap;

/// Counts of earlier rounds per pair of entrants, looked up from either side.
#[derive(Debug, Clone, Default)]
pub(crate) struct PairCounts {
    /// For each entrant, `(other, count)` sorted by `other`.
    lists: Vec<Vec<(u32, u32)>>,
}

impl PairCounts {
    /// From the field's map keyed `(i, j)`; keys outside the field or with a zero count are
    /// ignored, and a key given in both orders counts once per order given.
    pub(crate) fn new(entrants: usize, map: &HashMap<(usize, usize), u32>) -> Self {
        let mut lists = vec![Vec::new(); entrants];
        for (&(i, j), &count) in map {
            if i == j || i >= entrants || j >= entrants || count == 0 {
                continue;
            }
            lists[i].push((j as u32, count));
            lists[j].push((i as u32, count));
        }
        for list in &mut lists {
            list.sort_unstable();
            list.dedup_by(|later, kept| {
                let same = later.0 == kept.0;
                if same {
                    kept.1 += later.1;
                }
                same
            });
        }
        PairCounts { lists }
    }

    /// How many earlier rounds `i` and `j` shared (0 if never).
    #[inline]
    pub(crate) fn get(&self, i: usize, j: usize) -> u32 {
        let list = &self.lists[i];
        if list.len() <= 16 {
            list.iter()
                .find(|&&(other, _)| other as usize == j)
                .map_or(0, |&(_, count)| count)
        } else {
            list.binary_search_by_key(&(j as u32), |&(other, _)| other)
                .map_or(0, |at| list[at].1)
        }
    }

    /// How many entrants `i` has shared a table with.
    pub(crate) fn count(&self, i: usize) -> usize {
        self.lists[i].len()
    }
}
