//! Points: what a count scores, and how pips left in hands score when a hand ends.

use crate::ruleset::{HandEnd, Ruleset, Scoring};

/// The points a count scores (rules.md section 2, `scoring`).
pub const fn count_points(scoring: Scoring, count: u32) -> u32 {
    if count == 0 {
        return 0;
    }
    let fives = if count.is_multiple_of(5) {
        count / 5
    } else {
        0
    };
    let threes = if count.is_multiple_of(3) {
        count / 3
    } else {
        0
    };
    match scoring {
        Scoring::None => 0,
        Scoring::FivesSum => {
            if count.is_multiple_of(5) {
                count
            } else {
                0
            }
        }
        Scoring::FivesCount => fives,
        Scoring::ThreesCount => threes,
        Scoring::FivesAndThrees => fives + threes,
        Scoring::OddPrimes => odd_prime_points(count),
    }
}

/// `count / p` summed over the distinct odd primes `p` dividing the count.
const fn odd_prime_points(count: u32) -> u32 {
    let mut n = count;
    while n.is_multiple_of(2) {
        n /= 2;
    }
    let mut points = 0;
    let mut p = 3;
    while p * p <= n {
        if n.is_multiple_of(p) {
            points += count / p;
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 2;
    }
    if n > 1 {
        points += count / n;
    }
    points
}

/// Counts below this are scored from a table.
pub const POINTS_TABLE: usize = 128;

/// The points of every count below [`POINTS_TABLE`], for each scoring rule, computed once.
pub fn points_table(scoring: Scoring) -> &'static [u8; POINTS_TABLE] {
    const fn table(scoring: Scoring) -> [u8; POINTS_TABLE] {
        let mut table = [0u8; POINTS_TABLE];
        let mut count = 0;
        while count < POINTS_TABLE {
            let points = count_points(scoring, count as u32);
            table[count] = if points > u8::MAX as u32 {
                u8::MAX
            } else {
                points as u8
            };
            count += 1;
        }
        table
    }
    const TABLES: [[u8; POINTS_TABLE]; 6] = [
        table(Scoring::None),
        table(Scoring::FivesSum),
        table(Scoring::FivesCount),
        table(Scoring::ThreesCount),
        table(Scoring::FivesAndThrees),
        table(Scoring::OddPrimes),
    ];
    let index = match scoring {
        Scoring::None => 0,
        Scoring::FivesSum => 1,
        Scoring::FivesCount => 2,
        Scoring::ThreesCount => 3,
        Scoring::FivesAndThrees => 4,
        Scoring::OddPrimes => 5,
    };
    &TABLES[index]
}

/// `x` rounded to the nearest multiple of 5; remainders 3 and 4 round up.
pub fn round5(x: u32) -> u32 {
    (x + 2) / 5 * 5
}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandEnding {
    /// The seat whose placement ended the hand went out (with both-out partnerships, the second
    /// partner to go out).
    Domino { seat: usize },
    /// Nobody could play.
    Blocked,
}

/// The hand-end points of each side (rules.md 2.1), from the pips left in each seat's hand.
/// Entries past the number of sides are 0.
pub fn hand_end_points(ruleset: &Ruleset, ending: HandEnding, pips: &[u32]) -> [i32; 4] {
    let mut points = [0i32; 4];
    let seats = ruleset.players();
    let sides = ruleset.sides();
    let side_pips = |side: usize| -> u32 { ruleset.seats_of(side).map(|s| pips[s]).sum() };
    // The side that went out, or of a blocked hand the one side with the fewest pips.
    let winner_side = || -> Option<usize> {
        match ending {
            HandEnding::Domino { seat } => Some(ruleset.side_of(seat)),
            HandEnding::Blocked => unique_min((0..sides).map(side_pips)),
        }
    };
    let opponent_seats =
        |side: usize| (0..seats).filter(move |&seat| ruleset.side_of(seat) != side);
    match ruleset.options().hand_end {
        HandEnd::None => {}
        HandEnd::DeductOwn => {
            for seat in 0..seats {
                points[ruleset.side_of(seat)] -= round5(pips[seat]) as i32;
            }
        }
        HandEnd::DeductOwnFifths => {
            for seat in 0..seats {
                points[ruleset.side_of(seat)] -= (round5(pips[seat]) / 5) as i32;
            }
        }
        HandEnd::WinnerTakesOpponents => {
            if let Some(side) = winner_side() {
                points[side] = round5(opponent_seats(side).map(|s| pips[s]).sum()) as i32;
            }
        }
        HandEnd::WinnerTakesHighestFifths => {
            if let Some(side) = winner_side() {
                let highest = opponent_seats(side).map(|s| pips[s]).max().unwrap_or(0);
                points[side] = (round5(highest) / 5) as i32;
            }
        }
        HandEnd::WinnerTakesHighestThirds => {
            if let Some(side) = winner_side() {
                let highest = opponent_seats(side).map(|s| pips[s]).max().unwrap_or(0);
                // A third is never exactly x.5, so adding one before dividing rounds to nearest.
                points[side] = ((highest + 1) / 3) as i32;
            }
        }
        HandEnd::WinnerTakesOpponentsFifths => match ending {
            HandEnding::Domino { seat } => {
                let side = ruleset.side_of(seat);
                points[side] = (round5(opponent_seats(side).map(|s| pips[s]).sum()) / 5) as i32;
            }
            HandEnding::Blocked if sides == 2 => {
                if let Some(side) = unique_min((0..2).map(side_pips)) {
                    points[side] = (round5(side_pips(1 - side)) / 5) as i32;
                }
            }
            HandEnding::Blocked => {
                if let Some(seat) = unique_min(pips[..seats].iter().copied()) {
                    let others: u32 = (0..seats).filter(|&s| s != seat).map(|s| pips[s]).sum();
                    let margin = others.saturating_sub(pips[seat]);
                    points[seat] = (round5(margin) / 5) as i32;
                }
            }
        },
        HandEnd::WinnerTakesAllUnplayed => match ending {
            HandEnding::Domino { seat } => {
                points[seat] = (0..seats)
                    .filter(|&s| s != seat)
                    .map(|s| pips[s])
                    .sum::<u32>() as i32;
            }
            HandEnding::Blocked => {
                let fewest = pips[..seats].iter().copied().min().unwrap_or(0);
                match unique_min(pips[..seats].iter().copied()) {
                    Some(seat) => points[seat] = pips[..seats].iter().sum::<u32>() as i32,
                    // A tie for fewest: nobody scores, and every seat not in the tie loses its own.
                    None => {
                        for seat in 0..seats {
                            if pips[seat] != fewest {
                                points[seat] = -(pips[seat] as i32);
                            }
                        }
                    }
                }
            }
        },
    }
    points
}

/// The position of the smallest value, if no other value equals it.
fn unique_min(values: impl Iterator<Item = u32>) -> Option<usize> {
    let mut best: Option<(usize, u32)> = None;
    let mut tied = false;
    for (index, value) in values.enumerate() {
        match best {
            Some((_, least)) if value == least => tied = true,
            Some((_, least)) if value > least => {}
            _ => {
                best = Some((index, value));
                tied = false;
            }
        }
    }
    if tied {
        None
    } else {
        best.map(|(index, _)| index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Preset, RulesetSpec};

    #[test]
    fn counts_score_by_each_scoring_rule() {
        assert_eq!(count_points(Scoring::FivesAndThrees, 15), 8);
        assert_eq!(count_points(Scoring::FivesAndThrees, 20), 4);
        assert_eq!(count_points(Scoring::FivesAndThrees, 18), 6);
        assert_eq!(count_points(Scoring::FivesAndThrees, 7), 0);
        assert_eq!(count_points(Scoring::FivesSum, 10), 10);
        assert_eq!(count_points(Scoring::FivesSum, 13), 0);
        assert_eq!(count_points(Scoring::FivesCount, 10), 2);
        assert_eq!(count_points(Scoring::ThreesCount, 18), 6);
        assert_eq!(count_points(Scoring::OddPrimes, 15), 8);
        assert_eq!(count_points(Scoring::OddPrimes, 21), 10);
        assert_eq!(count_points(Scoring::OddPrimes, 14), 2);
        assert_eq!(count_points(Scoring::OddPrimes, 8), 0);
        for &scoring in Scoring::ALL {
            assert_eq!(count_points(scoring, 0), 0);
        }
    }

    #[test]
    fn the_points_tables_agree_with_the_rules() {
        for &scoring in Scoring::ALL {
            let table = points_table(scoring);
            for (count, &points) in table.iter().enumerate() {
                assert_eq!(points as u32, count_points(scoring, count as u32).min(255));
            }
        }
    }

    #[test]
    fn round5_rounds_remainders_three_and_four_up() {
        assert_eq!([7, 8, 3, 2, 0, 13].map(round5), [5, 10, 5, 0, 0, 15]);
    }

    #[test]
    fn rounding_example_of_section_5() {
        // Example 5: a hand holding 1-2 loses 5 in Muggins and 1 in Five Up; 1-1 loses 0.
        let muggins = Ruleset::preset(Preset::Muggins, 2).unwrap();
        let five_up = Ruleset::preset(Preset::FiveUp, 2).unwrap();
        let blocked = HandEnding::Blocked;
        assert_eq!(hand_end_points(&muggins, blocked, &[3, 0])[0], -5);
        assert_eq!(hand_end_points(&five_up, blocked, &[3, 0])[0], -1);
        assert_eq!(hand_end_points(&muggins, blocked, &[2, 0])[0], 0);
        assert_eq!(hand_end_points(&five_up, blocked, &[2, 0])[0], 0);
    }

    #[test]
    fn doubles_in_the_boneyard_blocked_example_of_section_5() {
        let ruleset = Ruleset::preset(Preset::DoublesInTheBoneyard, 3).unwrap();
        let blocked = HandEnding::Blocked;
        assert_eq!(
            hand_end_points(&ruleset, blocked, &[4, 9, 12]),
            [25, 0, 0, 0]
        );
        assert_eq!(
            hand_end_points(&ruleset, blocked, &[4, 4, 12]),
            [0, 0, -12, 0]
        );
        assert_eq!(hand_end_points(&ruleset, blocked, &[5, 5, 5]), [0, 0, 0, 0]);
        let domino = HandEnding::Domino { seat: 1 };
        assert_eq!(
            hand_end_points(&ruleset, domino, &[4, 0, 12]),
            [0, 16, 0, 0]
        );
    }

    fn with_hand_end(preset: Preset, hand_end: HandEnd, players: usize) -> Ruleset {
        let mut spec = RulesetSpec::preset(preset);
        spec.overrides.hand_end = Some(hand_end);
        spec.build(players).unwrap()
    }

    #[test]
    fn winner_takes_rules_score_the_side_that_went_out() {
        let opponents = with_hand_end(Preset::Muggins, HandEnd::WinnerTakesOpponents, 3);
        let out = HandEnding::Domino { seat: 0 };
        assert_eq!(hand_end_points(&opponents, out, &[0, 6, 7]), [15, 0, 0, 0]);
        let highest = with_hand_end(Preset::Muggins, HandEnd::WinnerTakesHighestFifths, 3);
        assert_eq!(hand_end_points(&highest, out, &[0, 13, 2]), [3, 0, 0, 0]);
        let thirds = with_hand_end(Preset::Muggins, HandEnd::WinnerTakesHighestThirds, 3);
        assert_eq!(hand_end_points(&thirds, out, &[0, 13, 2]), [4, 0, 0, 0]);
        assert_eq!(hand_end_points(&thirds, out, &[0, 14, 2]), [5, 0, 0, 0]);
        // Blocked: the side with fewest pips scores as if it had gone out; a tie scores nothing.
        let blocked = HandEnding::Blocked;
        assert_eq!(
            hand_end_points(&opponents, blocked, &[3, 6, 7]),
            [15, 0, 0, 0]
        );
        assert_eq!(
            hand_end_points(&opponents, blocked, &[3, 3, 7]),
            [0, 0, 0, 0]
        );
    }

    #[test]
    fn armanino_hand_end_of_five_up() {
        let two = with_hand_end(Preset::FiveUp, HandEnd::WinnerTakesOpponentsFifths, 2);
        let blocked = HandEnding::Blocked;
        // Blocked between two: the sum of the opponent's pips, not the difference.
        assert_eq!(hand_end_points(&two, blocked, &[4, 13]), [3, 0, 0, 0]);
        assert_eq!(hand_end_points(&two, blocked, &[9, 9]), [0; 4]);
        let three = with_hand_end(Preset::FiveUp, HandEnd::WinnerTakesOpponentsFifths, 3);
        // Three seats blocked: the fewest scores (opponents' total - own) / 5, rounded.
        assert_eq!(hand_end_points(&three, blocked, &[4, 10, 12]), [4, 0, 0, 0]);
        assert_eq!(hand_end_points(&three, blocked, &[4, 4, 12]), [0; 4]);
        let partners = with_hand_end(Preset::FiveUp, HandEnd::WinnerTakesOpponentsFifths, 4);
        let out = HandEnding::Domino { seat: 2 };
        assert_eq!(hand_end_points(&partners, out, &[5, 6, 0, 7]), [3, 0, 0, 0]);
    }
}
