//! The knockout bracket: seeds placed by the standard order, byes to the top seeds, winners
//! meeting round by round, and an optional third-place match.

use crate::bracket::{Bracket, Match, Source, Stage};

/// The least power of two at least `entrants`: the bracket's places.
pub fn places(entrants: usize) -> usize {
    entrants.max(2).next_power_of_two()
}

/// The first round's place order for `places` places (a power of two, at least 2), as seed
/// numbers from 1: `order(2) = [1, 2]`, and `order(2m)` replaces each seed s of `order(m)` by
/// the pair s, 2m + 1 − s.
pub fn place_order(places: usize) -> Vec<usize> {
    assert!(places >= 2 && places.is_power_of_two());
    let mut order = vec![1, 2];
    while order.len() < places {
        let size = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    order
}

/// The knockout bracket for `entrants` seeds. Match `j` of round 1 holds places `2j` and
/// `2j + 1` of the place order; match `j` of a later round the winners of matches `2j` and
/// `2j + 1` of the round before.
pub fn bracket(entrants: usize, third_place: bool) -> Bracket {
    let places = places(entrants);
    let order = place_order(places);
    let rounds = places.trailing_zeros() as usize;
    let mut matches = Vec::with_capacity(places);
    let mut previous: Vec<usize> = Vec::new();
    for round in 1..=rounds {
        let count = places >> round;
        let mut this_round = Vec::with_capacity(count);
        for j in 0..count {
            let sources = if round == 1 {
                [
                    Source::Seed(order[2 * j] - 1),
                    Source::Seed(order[2 * j + 1] - 1),
                ]
            } else {
                [
                    Source::Winner(previous[2 * j]),
                    Source::Winner(previous[2 * j + 1]),
                ]
            };
            this_round.push(matches.len());
            matches.push(Match {
                sources,
                stage: Stage::Winners,
                round,
                depth: 2 * round,
            });
        }
        previous = this_round;
    }
    let champion_match = matches.len() - 1;
    if third_place && rounds >= 2 {
        let semi_finals = champion_match - 2;
        matches.push(Match {
            sources: [Source::Loser(semi_finals), Source::Loser(semi_finals + 1)],
            stage: Stage::ThirdPlace,
            round: rounds,
            depth: 2 * rounds - 1,
        });
    }
    Bracket {
        matches,
        lockstep: true,
        top_depth: 2 * rounds + 1,
        champion_match,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_place_order_for_eight_is_the_specifications() {
        assert_eq!(place_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(place_order(2), vec![1, 2]);
        assert_eq!(place_order(4), vec![1, 4, 2, 3]);
        assert_eq!(
            place_order(16),
            vec![1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
        );
    }

    #[test]
    fn first_round_opponents_add_up_to_places_plus_one() {
        for places in [2, 4, 8, 16, 32, 64] {
            let order = place_order(places);
            let mut sorted = order.clone();
            sorted.sort();
            assert_eq!(sorted, (1..=places).collect::<Vec<_>>());
            for pair in order.chunks(2) {
                assert_eq!(pair[0] + pair[1], places + 1);
            }
        }
    }

    #[test]
    fn the_bracket_has_a_match_for_every_pair_of_places() {
        let bracket = bracket(5, true);
        // 4 + 2 + 1 matches and a third-place match.
        assert_eq!(bracket.matches.len(), 8);
        assert_eq!(bracket.champion_match, 6);
        assert_eq!(
            bracket.matches[7].sources,
            [Source::Loser(4), Source::Loser(5)]
        );
    }
}
