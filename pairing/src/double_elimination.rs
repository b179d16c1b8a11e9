//! The double-elimination bracket: the knockout's winners' bracket, a losers' bracket that
//! takes each winners' bracket loser, and a grand final with an optional reset.
//!
//! The losers' bracket alternates rounds among its own survivors with rounds that take the
//! next winners' bracket round's losers. To keep apart entrants who met in the winners'
//! bracket, the losers of winners' round i arrive in an order that depends on i: reversed when
//! i is even, halves swapped when i is odd (the losers of round 1 come in order). With up to 8
//! places no two entrants who met in the winners' bracket can meet again before the losers'
//! bracket's last two rounds; larger brackets cannot always keep that, and keep at least its
//! first three rounds free of rematches (the first possible one: round 4 of 6 for 16 places,
//! 5 of 8 for 32, 6 for 64 and more).

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

    /// Who could sit in a place of the losers' bracket: (position in the place order, the
    /// winners' round it lost in).
    fn occupants(bracket: &Bracket, source: Source) -> Vec<(usize, usize)> {
        match source {
            Source::Seed(_) => unreachable!("losers' places come from matches"),
            Source::Loser(m) => {
                let game = &bracket.matches[m];
                // The winners' match covers 2^round consecutive places.
                let width = 1 << game.round;
                let first = (m - first_match_of_round(bracket, game.round)) * width;
                (first..first + width).map(|p| (p, game.round)).collect()
            }
            Source::Winner(m) => bracket.matches[m]
                .sources
                .iter()
                .flat_map(|&s| occupants(bracket, s))
                .collect(),
        }
    }

    fn first_match_of_round(bracket: &Bracket, round: usize) -> usize {
        bracket
            .matches
            .iter()
            .position(|m| m.stage == Stage::Winners && m.round == round)
            .unwrap()
    }

    /// Whether two losers' bracket entrants could have met in the winners' bracket: they met in
    /// the round where their places' halves join, and the one who lost there dropped then.
    fn could_have_met(a: (usize, usize), b: (usize, usize)) -> bool {
        let joined = (usize::BITS - (a.0 ^ b.0).leading_zeros()) as usize;
        a.1 != b.1 && joined == a.1.min(b.1)
    }

    /// The first losers' round in which two entrants who met in the winners' bracket could
    /// meet again, whatever the results, if any.
    fn first_possible_rematch(places: usize) -> Option<usize> {
        let bracket = bracket(places, true);
        bracket
            .matches
            .iter()
            .filter(|m| m.stage == Stage::Losers)
            .filter(|m| {
                let [a, b] = m.sources.map(|s| occupants(&bracket, s));
                a.iter().any(|&x| b.iter().any(|&y| could_have_met(x, y)))
            })
            .map(|m| m.round)
            .min()
    }

    #[test]
    fn no_rematch_before_the_losers_last_two_rounds_up_to_eight_places() {
        // Losers' rounds: 2 for 4 places, 4 for 8; the last two may hold a rematch.
        assert!(first_possible_rematch(4).is_none_or(|round| round >= 1));
        assert!(first_possible_rematch(8).is_none_or(|round| round >= 3));
        // Exactly: with 8 places the first possible rematch is in losers' round 3 of 4.
        assert_eq!(first_possible_rematch(8), Some(3));
    }

    #[test]
    fn larger_brackets_keep_the_first_three_losers_rounds_free_of_rematches() {
        // With 16 places round 4 cannot be kept free: its four drop-ins each come from half of
        // the winners' bracket, and both halves already sent entrants into every losers' match
        // of round 3.
        assert_eq!(first_possible_rematch(16), Some(4));
        for places in [32, 64, 128, 256] {
            let first = first_possible_rematch(places).unwrap_or(usize::MAX);
            assert!(
                first >= 4,
                "{places} places: a rematch is possible in losers' round {first}"
            );
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
