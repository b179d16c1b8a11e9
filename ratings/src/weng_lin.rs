//! Weng–Lin (Bradley–Terry, full pairing) through the `skillratings` crate: σ² + τ² before each
//! game, then the crate's multi-team update with κ as its uncertainty tolerance, which is the
//! specification's steps 1 to 4 (checked against them in the tests below).

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{
    WengLinConfig, WengLinRating, expected_score_two_teams, weng_lin_multi_team,
};

use crate::pool::{Game, Pool, Refusal, WengLinOptions};
use crate::ratings::{HistoryEntry, PlayerRating, Ratings};

/// The pool's ratings after all its games, with the history after each game if asked.
pub fn rate(pool: &Pool<'_>, options: &WengLinOptions) -> Result<Ratings, Refusal> {
    let mut players: Vec<PlayerRating> = pool
        .starts
        .iter()
        .map(|start| match start {
            Some(start) => PlayerRating {
                first: start.first,
                second: start.second,
                volatility: 0.0,
                games: start.games,
            },
            None => PlayerRating {
                first: options.mu,
                second: options.sigma,
                volatility: 0.0,
                games: 0,
            },
        })
        .collect();
    let config = WengLinConfig {
        beta: options.beta,
        uncertainty_tolerance: options.kappa,
    };
    let mut history = Vec::new();
    if pool.history {
        history.reserve(pool.games.len() * 3);
    }
    for (game_index, game) in pool.games.iter().enumerate() {
        let order = canonical_order(pool, game);
        let order = &order[..game.side_count()];
        let mut teams = [[WengLinRating::new(); 2]; 4];
        for (team, &side) in teams.iter_mut().zip(order) {
            for (seat, &player) in team.iter_mut().zip(game.side(side)) {
                let player = &players[player as usize];
                *seat = WengLinRating {
                    rating: player.first,
                    // Step 1: the uncertainty grows by τ before the game.
                    uncertainty: (player.second * player.second + options.tau * options.tau).sqrt(),
                };
            }
        }
        let no_team: &[WengLinRating] = &[];
        let mut teams_and_ranks = [(no_team, MultiTeamOutcome::new(0)); 4];
        for ((entry, team), &side) in teams_and_ranks.iter_mut().zip(&teams).zip(order) {
            *entry = (
                &team[..game.side(side).len()],
                MultiTeamOutcome::new(game.rank(side) as usize),
            );
        }
        let updated = weng_lin_multi_team(&teams_and_ranks[..order.len()], &config);
        for (&side, team) in order.iter().zip(updated) {
            for (&player, rating) in game.side(side).iter().zip(team) {
                if !(rating.rating.is_finite() && rating.uncertainty.is_finite()) {
                    return Err(overflow(game_index));
                }
                let player = &mut players[player as usize];
                player.first = rating.rating;
                player.second = rating.uncertainty;
                player.games += 1;
            }
        }
        if pool.history {
            for side in game.sides() {
                for &player in side {
                    let rating = &players[player as usize];
                    history.push(HistoryEntry {
                        game: game_index as u32,
                        player,
                        first: rating.first,
                        second: rating.second,
                    });
                }
            }
        }
    }
    Ok(Ratings { players, history })
}

/// A game whose numbers are too far apart for floating point (e^(μ/c) beyond 10^308, or a σ²
/// below 10^-308): refused rather than written as `NaN`, which is no JSON.
fn overflow(game: usize) -> Refusal {
    Refusal::new(
        format!("$.games[{game}]"),
        "this game's update overflows floating point: its players' values are too far apart \
         for the ratings to be computed",
    )
}

/// The sides in an order that does not depend on how the document listed them (by rank, then
/// by their players' ids), so that listing sides otherwise gives the very same bytes: a sum of
/// three terms in another order may differ in its last bit.
fn canonical_order(pool: &Pool<'_>, game: &Game<'_>) -> [usize; 4] {
    let mut order = [0, 1, 2, 3];
    if game.side_count() == 2 {
        // Each side's update has one term: the order cannot matter.
        return order;
    }
    let side_key = |side: usize| {
        let mut ids: [&str; 2] = [""; 2];
        let players = game.side(side);
        for (slot, &player) in ids.iter_mut().zip(players) {
            *slot = &pool.players[player as usize];
        }
        if players.len() == 2 && ids[1] < ids[0] {
            ids.swap(0, 1);
        }
        (game.rank(side), players.len(), ids)
    };
    order[..game.side_count()].sort_by_key(|&side| side_key(side));
    order
}

/// The chance that the first side wins a game against the second, from each player's current
/// μ and σ: the Bradley–Terry model the update itself uses, each σ grown by τ as before any
/// game. A side of one is a singles player.
pub fn chance_to_win(first: &[(f64, f64)], second: &[(f64, f64)], options: &WengLinOptions) -> f64 {
    let config = WengLinConfig {
        beta: options.beta,
        uncertainty_tolerance: options.kappa,
    };
    let side = |players: &[(f64, f64)]| -> Vec<WengLinRating> {
        players
            .iter()
            .map(|&(mu, sigma)| WengLinRating {
                rating: mu,
                uncertainty: (sigma * sigma + options.tau * options.tau).sqrt(),
            })
            .collect()
    };
    expected_score_two_teams(&side(first), &side(second), &config).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::cmp::Ordering;

    /// The specification's steps 1 to 4, written out as they read. Values are σ, not σ².
    fn spec_update(
        sides: &[Vec<(f64, f64)>],
        ranks: &[u32],
        options: &WengLinOptions,
    ) -> Vec<Vec<(f64, f64)>> {
        let grown: Vec<Vec<(f64, f64)>> = sides
            .iter()
            .map(|side| {
                side.iter()
                    .map(|&(mu, sigma)| (mu, sigma * sigma + options.tau * options.tau))
                    .collect()
            })
            .collect();
        let side_mu: Vec<f64> = grown
            .iter()
            .map(|side| side.iter().map(|p| p.0).sum())
            .collect();
        let side_var: Vec<f64> = grown
            .iter()
            .map(|side| side.iter().map(|p| p.1).sum())
            .collect();
        let beta_sq = options.beta * options.beta;
        (0..sides.len())
            .map(|i| {
                let (mut omega, mut delta) = (0.0, 0.0);
                for q in (0..sides.len()).filter(|&q| q != i) {
                    let c = (side_var[i] + side_var[q] + 2.0 * beta_sq).sqrt();
                    let (ei, eq) = ((side_mu[i] / c).exp(), (side_mu[q] / c).exp());
                    let p = ei / (ei + eq);
                    let s = match ranks[i].cmp(&ranks[q]) {
                        Ordering::Less => 1.0,
                        Ordering::Equal => 0.5,
                        Ordering::Greater => 0.0,
                    };
                    omega += side_var[i] / c * (s - p);
                    delta += (side_var[i].sqrt() / c) * side_var[i] / (c * c) * p * (1.0 - p);
                }
                grown[i]
                    .iter()
                    .map(|&(mu, var)| {
                        let share = var / side_var[i];
                        let var = var * (1.0 - share * delta).max(options.kappa);
                        (mu + share * omega, var.sqrt())
                    })
                    .collect()
            })
            .collect()
    }

    fn pool_of<'t>(
        text: &'t mut String,
        sides: &[Vec<(f64, f64)>],
        ranks: &[u32],
        options: WengLinOptions,
    ) -> Pool<'t> {
        let mut document = serde_json::json!({
            "options": {"beta": options.beta, "kappa": options.kappa, "tau": options.tau},
            "players": [],
            "games": [{"id": "g", "date": "2026-01-01", "ranks": ranks, "sides": []}],
        });
        let mut player = 0;
        for side in sides {
            let mut ids = Vec::new();
            for &(mu, sigma) in side {
                let id = format!("p{player}");
                player += 1;
                document["players"]
                    .as_array_mut()
                    .unwrap()
                    .push(serde_json::json!({"id": id, "mu": mu, "sigma": sigma}));
                ids.push(id);
            }
            document["games"][0]["sides"]
                .as_array_mut()
                .unwrap()
                .push(serde_json::json!(ids));
        }
        *text = document.to_string();
        crate::parse(text).unwrap()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
    }

    fn side_strategy() -> impl Strategy<Value = Vec<(f64, f64)>> {
        prop::collection::vec((-10.0..60.0f64, 0.05..12.0f64), 1..=2)
    }

    proptest! {
        /// The crate's update, as this module calls it, is the specification's.
        #[test]
        fn the_crate_update_is_the_specifications(
            sides in prop::collection::vec(side_strategy(), 2..=4),
            rank_seed in prop::collection::vec(1u32..=4, 4),
            beta in 0.5..8.0f64,
            tau in 0.0..1.0f64,
            kappa in prop_oneof![Just(0.0001), 0.0001..0.9f64],
        ) {
            let ranks = &rank_seed[..sides.len()];
            let options = WengLinOptions { beta, tau, kappa, ..WengLinOptions::default() };
            let expected = spec_update(&sides, ranks, &options);
            let mut text = String::new();
            let pool = pool_of(&mut text, &sides, ranks, options);
            let ratings = rate(&pool, &options).unwrap();
            let mut player = 0;
            for side in &expected {
                for &(mu, sigma) in side {
                    let got = &ratings.players[player];
                    prop_assert!(close(got.first, mu), "mu {} vs {}", got.first, mu);
                    prop_assert!(close(got.second, sigma), "sigma {} vs {}", got.second, sigma);
                    prop_assert_eq!(got.games, 1);
                    player += 1;
                }
            }
        }
    }

    #[test]
    fn kappa_floors_the_uncertainty() {
        // A certain-looking side beside a very uncertain partner: σ² × (1 − share × Δ) is
        // floored at κ σ² when κ is large.
        let options = WengLinOptions {
            kappa: 0.99,
            ..WengLinOptions::default()
        };
        let sides = vec![vec![(25.0, 8.0)], vec![(25.0, 8.0)]];
        let mut text = String::new();
        let pool = pool_of(&mut text, &sides, &[1, 2], options);
        let ratings = rate(&pool, &options).unwrap();
        let grown = 64.0 + options.tau * options.tau;
        assert!(close(ratings.players[0].second, (grown * 0.99).sqrt()));
        assert!(close(ratings.players[1].second, (grown * 0.99).sqrt()));
    }

    #[test]
    fn a_win_between_equals_moves_both_by_the_same_amount() {
        // Worked by hand: σ² = 64 + τ², c = √(2σ² + 2β²), p = ½,
        // Ω = σ²/c × ½ for the winner and −σ²/c × ½ for the loser.
        let options = WengLinOptions::default();
        let mut text = String::new();
        let pool = pool_of(
            &mut text,
            &[vec![(25.0, 8.0)], vec![(25.0, 8.0)]],
            &[1, 2],
            options,
        );
        let ratings = rate(&pool, &options).unwrap();
        let variance = 64.0 + options.tau * options.tau;
        let c = (2.0 * variance + 2.0 * options.beta * options.beta).sqrt();
        assert!(close(ratings.players[0].first, 25.0 + variance / c * 0.5));
        assert!(close(ratings.players[1].first, 25.0 - variance / c * 0.5));
        let shrink = 1.0 - (variance.sqrt() / c) * variance / (c * c) * 0.25;
        assert!(close(ratings.players[0].second, (variance * shrink).sqrt()));
    }

    #[test]
    fn the_chance_to_win_is_the_bradley_terry_chance_and_sums_to_one() {
        let options = WengLinOptions::default();
        let even = chance_to_win(&[(25.0, 8.0)], &[(25.0, 8.0)], &options);
        assert!((even - 0.5).abs() < 1e-12);
        let stronger = chance_to_win(&[(30.0, 3.0)], &[(22.0, 3.0)], &options);
        let weaker = chance_to_win(&[(22.0, 3.0)], &[(30.0, 3.0)], &options);
        assert!((stronger + weaker - 1.0).abs() < 1e-12);
        // Worked by hand: c = √(2 (3² + τ²) + 2 β²), chance = e^(30/c) / (e^(30/c) + e^(22/c)).
        let tau = options.tau;
        let c = (2.0 * (9.0 + tau * tau) + 2.0 * options.beta * options.beta).sqrt();
        let by_hand = (30.0 / c).exp() / ((30.0 / c).exp() + (22.0 / c).exp());
        assert!(
            (stronger - by_hand).abs() < 1e-12,
            "{stronger} against {by_hand}"
        );
        // The less certain the ratings, the nearer an even chance.
        let unsure = chance_to_win(&[(30.0, 8.0)], &[(22.0, 8.0)], &options);
        assert!(0.5 < unsure && unsure < stronger);
        // Pairs: two sides of two, their μ summed.
        let pairs = chance_to_win(
            &[(30.0, 3.0), (25.0, 3.0)],
            &[(22.0, 3.0), (25.0, 3.0)],
            &options,
        );
        assert!(0.5 < pairs && pairs < 1.0);
    }
}
