//! The double-elimination bracket: the knockout's winners' bracket, a losers' bracket that
//! takes each winners' bracket loser, and a grand final with an optional reset.
//!
//! The losers' bracket alternates rounds among its own survivors with rounds that take the
//! next winners' bracket round's losers. To keep apart entrants who met in the winners'
//! bracket, the losers of winners' round i arrive in an order that depends on i: reversed when
//! i is even, halves swapped when i is odd (the losers of round 1 come in order). The first
//! losers' match of a dropping entrant is then never against someone it met before; with up to
//! 8 places no two entrants who met in the winners' bracket meet again before the losers'
//! bracket's last two rounds (larger brackets cannot always keep that: see the tests).

use crate::bracket::{Bracket, Match, Source, Stage};
use crate::knockout::{place_order, places};

/// Where the losers of winners' round `i` (from 2) go: losers' match `j` of their round takes
/// the loser of winners' match `arrival(i, m, j)`, `m` the number of matches.
pub fn arrival(i: usize, matches: usize, j: usize) -> usize {
    if matches < 2 {
        j
    } else if i.is_multiple_of(2) {
        matches - 1 - j
    } else {
        (j + matches / 2) % matches
    }
}

pub fn bracket(entrants: usize, reset: bool) -> Bracket {
    let places = places(entrants);
    let order = place_order(places);
    let rounds = places.trailing_zeros() as usize;
    let losers_rounds = 2 * (rounds - 1);
    let mut matches: Vec<Match> = Vec::with_capacity(2 * places + 1);
    let push = |matches: &mut Vec<Match>, sources, stage, round, depth| {
        matches.push(Match {
            sources,
            stage,
            round,
            depth,
        });
        matches.len() - 1
    };

    // The winners' bracket, exactly the knockout's. A withdrawal there ranks just below the
    // losers' round its loser would have dropped into.
    let mut winners: Vec<Vec<usize>> = Vec::with_capacity(rounds);
    for round in 1..=rounds {
        let count = places >> round;
        let depth = 2 * (2 * (round - 1)).max(1) - 1;
        let this_round = (0..count)
            .map(|j| {
                let sources = if round == 1 {
                    [
                        Source::Seed(order[2 * j] - 1),
                        Source::Seed(order[2 * j + 1] - 1),
                    ]
                } else {
                    let previous = &winners[round - 2];
                    [
                        Source::Winner(previous[2 * j]),
                        Source::Winner(previous[2 * j + 1]),
                    ]
                };
                push(&mut matches, sources, Stage::Winners, round, depth)
            })
            .collect();
        winners.push(this_round);
    }
    let winners_final = winners[rounds - 1][0];

    // The losers' bracket.
    let losers_winner = if rounds == 1 {
        Source::Loser(winners_final)
    } else {
        let first = &winners[0];
        let mut previous: Vec<usize> = (0..places / 4)
            .map(|j| {
                push(
                    &mut matches,
                    [Source::Loser(first[2 * j]), Source::Loser(first[2 * j + 1])],
                    Stage::Losers,
                    1,
                    2,
                )
            })
            .collect();
        for i in 2..=rounds {
            let drop_round = 2 * (i - 1);
            let dropping = &winners[i - 1];
            let count = dropping.len();
            let dropped: Vec<usize> = (0..count)
                .map(|j| {
                    push(
                        &mut matches,
                        [
                            Source::Winner(previous[j]),
                            Source::Loser(dropping[arrival(i, count, j)]),
                        ],
                        Stage::Losers,
                        drop_round,
                        2 * drop_round,
                    )
                })
                .collect();
            previous = if i < rounds {
                (0..count / 2)
                    .map(|j| {
                        push(
                            &mut matches,
                            [
                                Source::Winner(dropped[2 * j]),
                                Source::Winner(dropped[2 * j + 1]),
                            ],
                            Stage::Losers,
                            drop_round + 1,
                            2 * (drop_round + 1),
                        )
                    })
                    .collect()
            } else {
                dropped
            };
        }
        Source::Winner(previous[0])
    };

    let first_final = push(
        &mut matches,
        [Source::Winner(winners_final), losers_winner],
        Stage::Final,
        1,
        2 * (losers_rounds + 1),
    );
    let champion_match = if reset {
        push(
            &mut matches,
            [Source::Winner(first_final), Source::Loser(first_final)],
            Stage::Reset,
            2,
            2 * (losers_rounds + 2),
        )
    } else {
        first_final
    };
    Bracket {
        matches,
        lockstep: false,
        top_depth: 2 * (losers_rounds + 3),
        champion_match,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bracket_of_eight_has_its_rounds() {
        let bracket = bracket(8, true);
        let count = |stage| bracket.matches.iter().filter(|m| m.stage == stage).count();
        assert_eq!(count(Stage::Winners), 7);
        // Losers' rounds of 2, 2, 1 and 1 matches.
        assert_eq!(count(Stage::Losers), 6);
        assert_eq!(count(Stage::Final), 1);
        assert_eq!(count(Stage::Reset), 1);
        for (m, game) in bracket.matches.iter().enumerate() {
            for source in game.sources {
                if let Source::Winner(earlier) | Source::Loser(earlier) = source {
                    assert!(earlier < m, "match {m} reads a later match");
                }
            }
        }
    }

    #[test]
    fn arrivals_are_permutations() {
        for i in 2..8 {
            for matches in [1, 2, 4, 8, 16] {
                let mut seen: Vec<usize> = (0..matches).map(|j| arrival(i, matches, j)).collect();
                seen.sort();
                assert_eq!(seen, (0..matches).collect::<Vec<_>>());
            }
        }
    }
}
