//! Who has met and partnered whom, as small sorted lists per entrant: the engines look pairs
//! up in their inner loops, where a list of a few earlier opponents beats hashing.

use std::collections::HashMap;

/// Counts of earlier rounds per pair of entrants, looked up from either side.
#[derive(Debug, Clone)]
pub(crate) struct PairCounts {
    /// Entrant `i`'s list is `lists[start[i]..start[i + 1]]`: `(other, count)` sorted by
    /// `other`. One array for all, not one per entrant: a field of 100,000 entrants would
    /// otherwise make as many allocations.
    start: Vec<u32>,
    lists: Vec<(u32, u32)>,
}

impl PairCounts {
    /// From the field's map keyed `(i, j)`; keys outside the field or with a zero count are
    /// ignored, and a key given in both orders counts once per order given.
    pub(crate) fn new(entrants: usize, map: &HashMap<(usize, usize), u32>) -> Self {
        let pairs: Vec<(u32, u32, u32)> = map
            .iter()
            .filter(|&(&(i, j), &count)| i != j && i < entrants && j < entrants && count != 0)
            .map(|(&(i, j), &count)| (i as u32, j as u32, count))
            .collect();
        PairCounts::from_pairs(entrants, &pairs)
    }

    /// From pairs `(i, j, count)` of distinct entrants of the field, in any order; a pair
    /// given more than once counts the sum.
    pub(crate) fn from_pairs(entrants: usize, pairs: &[(u32, u32, u32)]) -> Self {
        // Each pair is dealt into the lists of both its entrants (a counting sort), then each
        // list, a handful of entries, is sorted and its repeats merged.
        let mut start = vec![0u32; entrants + 1];
        for &(i, j, _) in pairs {
            start[i as usize + 1] += 1;
            start[j as usize + 1] += 1;
        }
        for i in 0..entrants {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut dealt = vec![(0u32, 0u32); start[entrants] as usize];
        for &(i, j, count) in pairs {
            dealt[next[i as usize] as usize] = (j, count);
            next[i as usize] += 1;
            dealt[next[j as usize] as usize] = (i, count);
            next[j as usize] += 1;
        }
        let mut lists = Vec::with_capacity(dealt.len());
        let mut merged_start = Vec::with_capacity(entrants + 1);
        merged_start.push(0);
        for i in 0..entrants {
            let list = &mut dealt[start[i] as usize..start[i + 1] as usize];
            list.sort_unstable();
            let first = lists.len();
            for &(other, count) in list.iter() {
                match lists[first..].last_mut() {
                    Some((last, total)) if *last == other => *total += count,
                    _ => lists.push((other, count)),
                }
            }
            merged_start.push(lists.len() as u32);
        }
        PairCounts {
            start: merged_start,
            lists,
        }
    }

    fn list(&self, i: usize) -> &[(u32, u32)] {
        &self.lists[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// How many earlier rounds `i` and `j` shared (0 if never).
    #[inline]
    pub(crate) fn get(&self, i: usize, j: usize) -> u32 {
        let list = self.list(i);
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
        self.list(i).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_counted_from_both_sides_and_repeats_summed() {
        let counts = PairCounts::from_pairs(4, &[(0, 2, 1), (2, 0, 2), (3, 1, 1), (0, 1, 1)]);
        assert_eq!(counts.get(0, 2), 3);
        assert_eq!(counts.get(2, 0), 3);
        assert_eq!(counts.get(1, 3), 1);
        assert_eq!(counts.get(1, 0), 1);
        assert_eq!(counts.get(2, 3), 0);
        assert_eq!(counts.count(0), 2);
        assert_eq!(counts.count(3), 1);
        let map = HashMap::from([((0, 2), 1), ((2, 0), 2), ((1, 3), 0), ((1, 9), 4)]);
        let from_map = PairCounts::new(4, &map);
        assert_eq!(from_map.get(0, 2), 3);
        assert_eq!(from_map.count(1), 0);
    }
}
