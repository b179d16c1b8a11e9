//! Groups: the seeds dealt in a snake into groups A, B, …, each a round robin, then a seeded
//! play-off knockout of the first of each group.

use crate::event::EntrantIndex;
use crate::round_robin;

/// A group's name: A to Z, then AA, AB, … as spreadsheet columns go.
pub fn group_name(index: usize) -> String {
    let mut name = Vec::new();
    let mut n = index + 1;
    while n > 0 {
        n -= 1;
        name.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    name.reverse();
    String::from_utf8(name).expect("ASCII letters")
}

/// The group that seed position `s` (0-based) is dealt to: A, B, … then back from the last
/// group to A, and so on.
pub fn group_of(s: usize, groups: usize) -> usize {
    let pass = s / groups;
    let position = s % groups;
    if pass.is_multiple_of(2) {
        position
    } else {
        groups - 1 - position
    }
}

/// How many entrants each group gets.
pub fn group_sizes(entrants: usize, groups: usize) -> Vec<usize> {
    let mut sizes = vec![0; groups];
    for s in 0..entrants {
        sizes[group_of(s, groups)] += 1;
    }
    sizes
}

/// The groups, each in deal order (its own seed order).
pub fn deal(seeded: &[EntrantIndex], groups: usize) -> Vec<Vec<EntrantIndex>> {
    let mut dealt = vec![Vec::new(); groups];
    for (s, &entrant) in seeded.iter().enumerate() {
        dealt[group_of(s, groups)].push(entrant);
    }
    dealt
}

/// How many rounds the group stage takes: the longest group's round robin.
pub fn group_rounds(groups: &[Vec<EntrantIndex>]) -> usize {
    groups
        .iter()
        .map(|group| round_robin::round_count(group.len()))
        .max()
        .unwrap_or(0)
}

/// The play-off's seed order: the first of each group in group order, then the second of
/// each, and so on (A1, B1, C1, …, A2, B2, …). `finishing` holds each group's entrants in
/// standings order.
pub fn play_off_seeds(finishing: &[Vec<EntrantIndex>], advance: usize) -> Vec<EntrantIndex> {
    (0..advance)
        .flat_map(|place| finishing.iter().map(move |group| group[place]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_seeds_snake_into_three_groups() {
        let seeded: Vec<usize> = (1..=9).collect();
        assert_eq!(
            deal(&seeded, 3),
            vec![vec![1, 6, 7], vec![2, 5, 8], vec![3, 4, 9]]
        );
    }

    #[test]
    fn an_uneven_deal_fills_the_groups_the_snake_reaches() {
        let seeded: Vec<usize> = (1..=11).collect();
        assert_eq!(
            deal(&seeded, 3),
            vec![vec![1, 6, 7], vec![2, 5, 8, 11], vec![3, 4, 9, 10]]
        );
        assert_eq!(group_sizes(11, 3), vec![3, 4, 4]);
        assert_eq!(group_sizes(7, 3), vec![3, 2, 2]);
    }

    #[test]
    fn groups_are_named_like_columns() {
        assert_eq!(group_name(0), "A");
        assert_eq!(group_name(25), "Z");
        assert_eq!(group_name(26), "AA");
        assert_eq!(group_name(27), "AB");
        assert_eq!(group_name(26 + 26 * 26), "AAA");
    }

    #[test]
    fn the_play_off_is_seeded_across_the_groups() {
        let finishing = vec![
            vec![10, 11, 12],
            vec![20, 21, 22],
            vec![30, 31, 32],
            vec![40, 41],
        ];
        assert_eq!(
            play_off_seeds(&finishing, 2),
            vec![10, 20, 30, 40, 11, 21, 31, 41]
        );
    }
}
