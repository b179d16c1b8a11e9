//! Glicko-2, one rating period at a time: the `skillratings` crate's rating period (Glickman's
//! steps 1 to 8, the Illinois iteration at ε = 0.000001) for the players of the period, and
//! step 6 alone, by hand, for rated players without a game in it (the crate's own version
//! caps the RD at 350, which Glickman's step 6 does not). A player's missed periods are
//! applied when they next play, or at the end.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use crate::pool::{Glicko2Options, Pool, Refusal};
use crate::ratings::{HistoryEntry, PlayerRating, Ratings};

/// Glickman's scale between ratings and the Glicko-2 scale.
const SCALE: f64 = 173.7178;

/// A player once they are rated.
#[derive(Clone, Copy)]
struct Rated {
    rating: Glicko2Rating,
    /// Periods before this one have been applied to the rating (grown RD included).
    settled: usize,
}

/// The pool's ratings after all its periods, with the history after each period if asked.
pub fn rate(pool: &Pool<'_>, options: &Glicko2Options) -> Result<Ratings, Refusal> {
    let config = Glicko2Config {
        tau: options.tau,
        convergence_tolerance: 0.000_001,
    };
    let default = Glicko2Rating {
        rating: options.rating,
        deviation: options.rd,
        volatility: options.volatility,
    };
    // Players listed in `players` are rated from the first period; others from their first.
    let mut rated: Vec<Option<Rated>> = pool
        .starts
        .iter()
        .map(|start| {
            start.map(|start| Rated {
                rating: Glicko2Rating {
                    rating: start.first,
                    deviation: start.second,
                    volatility: start.volatility,
                },
                settled: 0,
            })
        })
        .collect();
    let mut games: Vec<u64> = pool
        .starts
        .iter()
        .map(|start| start.map_or(0, |start| start.games))
        .collect();
    let mut history = Vec::new();

    // The period's players, each with their results against the values before the period.
    let mut slot_of: Vec<Option<usize>> = vec![None; pool.players.len()];
    let mut entrants: Vec<u32> = Vec::new();
    let mut results: Vec<Vec<(Glicko2Rating, Outcomes)>> = Vec::new();
    let mut period_count = 0;
    let mut start = 0;
    while start < pool.games.len() {
        let period = pool.games[start].period;
        let end = pool.games[start..]
            .iter()
            .position(|game| game.period != period)
            .map_or(pool.games.len(), |length| start + length);
        let period_games = &pool.games[start..end];
        entrants.clear();
        for game in period_games {
            for side in game.sides() {
                let player = side[0];
                if slot_of[player as usize].is_none() {
                    slot_of[player as usize] = Some(entrants.len());
                    entrants.push(player);
                }
            }
        }
        // The values before the period: newcomers at the defaults, others with their RD grown
        // for the periods they missed.
        let before: Vec<Glicko2Rating> = entrants
            .iter()
            .map(|&player| match rated[player as usize] {
                Some(player) => grown(player.rating, period_count - player.settled),
                None => default,
            })
            .collect();
        results.resize_with(entrants.len(), Vec::new);
        for list in &mut results[..entrants.len()] {
            list.clear();
        }
        for game in period_games {
            let (a, b) = (game.side(0)[0], game.side(1)[0]);
            let (slot_a, slot_b) = (slot_of[a as usize].unwrap(), slot_of[b as usize].unwrap());
            let outcome_a = match game.rank(0).cmp(&game.rank(1)) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
            };
            let outcome_b = match outcome_a {
                Outcomes::WIN => Outcomes::LOSS,
                Outcomes::LOSS => Outcomes::WIN,
                Outcomes::DRAW => Outcomes::DRAW,
            };
            results[slot_a].push((before[slot_b], outcome_a));
            results[slot_b].push((before[slot_a], outcome_b));
        }
        for (slot, &player) in entrants.iter().enumerate() {
            let rating = glicko2_rating_period(&before[slot], &results[slot], &config);
            if ![rating.rating, rating.deviation, rating.volatility]
                .iter()
                .all(|value| value.is_finite())
            {
                // Refused rather than written as `NaN`, which is no JSON.
                return Err(Refusal::new(
                    format!("$.games[{start}]"),
                    "the rating period from this game overflows floating point: its players' \
                     values are too far apart for the ratings to be computed",
                ));
            }
            rated[player as usize] = Some(Rated {
                rating,
                settled: period_count + 1,
            });
            games[player as usize] += results[slot].len() as u64;
        }
        if pool.history {
            for (index, game) in period_games.iter().enumerate() {
                for side in game.sides() {
                    let player = side[0];
                    let after = rated[player as usize].unwrap().rating;
                    history.push(HistoryEntry {
                        game: (start + index) as u32,
                        player,
                        first: after.rating,
                        second: after.deviation,
                    });
                }
            }
        }
        for &player in &entrants {
            slot_of[player as usize] = None;
        }
        period_count += 1;
        start = end;
    }

    let players = rated
        .iter()
        .zip(&games)
        .map(|(player, &games)| {
            // Every player of a valid pool is listed or has played, so is rated.
            let player = player.expect("every player is rated");
            let rating = grown(player.rating, period_count - player.settled);
            PlayerRating {
                first: rating.rating,
                second: rating.deviation,
                volatility: rating.volatility,
                games,
            }
        })
        .collect();
    Ok(Ratings { players, history })
}

/// Periods without a game taken one at a time; beyond this many in a row, the rest at once.
const STEP_BY_STEP: usize = 64;

/// Step 6 alone for `periods` periods without a game: φ becomes √(φ² + σ²), period after
/// period. Past [`STEP_BY_STEP`] periods in a row the rest are taken at once, φ becoming
/// √(φ² + n σ²) (the same but for the last bits), so that no document makes unbounded work (a
/// million periods among a hundred thousand players).
fn grown(mut rating: Glicko2Rating, periods: usize) -> Glicko2Rating {
    let one_by_one = periods.min(STEP_BY_STEP);
    let volatility_squared = rating.volatility * rating.volatility;
    for _ in 0..one_by_one {
        // From the RD each time, so that a document continued in another (its players carried
        // with their RD) gives the very same values.
        let phi = rating.deviation / SCALE;
        rating.deviation = (phi * phi + volatility_squared).sqrt() * SCALE;
    }
    let rest = periods - one_by_one;
    if rest > 0 {
        let spread = rating.volatility * (rest as f64).sqrt();
        rating.deviation = (rating.deviation / SCALE).hypot(spread) * SCALE;
    }
    rating
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::decay_deviation;

    #[test]
    fn glickmans_worked_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let config = Glicko2Config {
            tau: 0.5,
            convergence_tolerance: 0.000_001,
        };
        let after = glicko2_rating_period(&player, &results, &config);
        assert_eq!(format!("{:.4}", after.rating), "1464.0507");
        assert_eq!(format!("{:.4}", after.deviation), "151.5165");
        assert_eq!(format!("{:.6}", after.volatility), "0.059996");
    }

    #[test]
    fn one_period_without_a_game_is_the_crates_decay_below_its_cap() {
        let rating = Glicko2Rating {
            rating: 1620.0,
            deviation: 120.0,
            volatility: 0.07,
        };
        let crates = decay_deviation(&rating);
        assert!((grown(rating, 1).deviation - crates.deviation).abs() < 1e-12);
        // Above 350 the crate caps the RD; Glickman's step 6 does not.
        let wide = Glicko2Rating {
            deviation: 350.0,
            ..rating
        };
        assert!(grown(wide, 1).deviation > 350.0);
    }

    #[test]
    fn periods_are_taken_one_by_one_up_to_the_limit() {
        let start = Glicko2Rating {
            rating: 1500.0,
            deviation: 80.0,
            volatility: 0.05,
        };
        let mut one_by_one = start;
        for periods in 1..=STEP_BY_STEP {
            one_by_one = grown(one_by_one, 1);
            assert_eq!(grown(start, periods), one_by_one, "{periods}");
        }
    }

    #[test]
    fn several_periods_without_a_game_are_step_six_repeated() {
        let start = Glicko2Rating {
            rating: 1500.0,
            deviation: 80.0,
            volatility: 0.05,
        };
        let mut stepped = start;
        for periods in 1..=200 {
            // Glickman's step 6 once more, as the crate writes it (its cap at 350 not reached).
            stepped = decay_deviation(&stepped);
            let at_once = grown(start, periods);
            assert!(
                (at_once.deviation - stepped.deviation).abs() < 1e-9,
                "{periods}"
            );
            assert_eq!(
                (at_once.rating, at_once.volatility),
                (stepped.rating, stepped.volatility)
            );
        }
    }
}
