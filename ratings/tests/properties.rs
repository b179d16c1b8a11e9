//! Properties of random documents: ratings do not depend on how the games were split into
//! documents (Glicko-2's between two periods), nor on the order in which a game lists its sides
//! (with their ranks) or a side its players.

use fives_ratings::command::ratings_text;
use fives_ratings::ratings::rate;
use proptest::prelude::*;
use serde_json::{Value, json};

const IDS: [&str; 10] = [
    "ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jo",
];

/// A game as plain data: sides of player ids and their ranks.
#[derive(Clone, Debug)]
struct Game {
    sides: Vec<Vec<&'static str>>,
    ranks: Vec<u32>,
}

fn game_strategy(max_sides: usize, max_side: usize) -> impl Strategy<Value = Game> {
    (
        Just(IDS.to_vec()).prop_shuffle(),
        prop::collection::vec(1..=max_side, 2..=max_sides),
        prop::collection::vec(1u32..=4, 4),
    )
        .prop_map(|(ids, sizes, ranks)| {
            let mut seats = ids.into_iter();
            let sides: Vec<Vec<&str>> = sizes
                .iter()
                .map(|&size| seats.by_ref().take(size).collect())
                .collect();
            let ranks = ranks[..sides.len()].to_vec();
            Game { sides, ranks }
        })
}

fn games_json(games: &[Game], first_index: usize, periods: bool) -> Vec<Value> {
    games
        .iter()
        .enumerate()
        .map(|(index, game)| {
            let number = first_index + index;
            let mut value = json!({"id": format!("g{number}"), "date": "2026-11-24",
                "sides": game.sides, "ranks": game.ranks});
            if periods {
                value["period"] = json!(format!("w{}", number / 3));
            }
            value
        })
        .collect()
}

fn options_strategy() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!({})),
        (0.5..8.0f64, 0.0..1.0f64, 0.0001..0.5f64)
            .prop_map(|(beta, tau, kappa)| json!({"beta": beta, "tau": tau, "kappa": kappa})),
    ]
}

/// Starting values for some players.
fn players_strategy() -> impl Strategy<Value = Vec<Value>> {
    prop::collection::btree_map(
        prop::sample::select(IDS.to_vec()),
        (0.0..50.0f64, 0.5..9.0f64, 0u32..40),
        0..4,
    )
    .prop_map(|players| {
        players
            .into_iter()
            .map(|(id, (mu, sigma, games))| json!({"id": id, "mu": mu, "sigma": sigma, "games": games}))
            .collect()
    })
}

fn stdout_of(document: &Value) -> String {
    let response = ratings_text(&document.to_string());
    assert_eq!(response.exit_code, 0, "{}", response.stderr);
    response.stdout
}

/// Each player's values as computed, by id.
fn exact_values(document: &Value) -> std::collections::BTreeMap<String, (u64, u64, u64, u64)> {
    let text = document.to_string();
    let pool = fives_ratings::parse(&text).unwrap();
    let ratings = rate(&pool).unwrap();
    pool.players
        .iter()
        .zip(&ratings.players)
        .map(|(id, values)| {
            (
                id.to_string(),
                (
                    values.first.to_bits(),
                    values.second.to_bits(),
                    values.volatility.to_bits(),
                    values.games,
                ),
            )
        })
        .collect()
}

/// Lists each game's sides (with their ranks) and each side's players in another order.
fn shuffled(game: &Game, side_order: &[usize], swap_partners: bool) -> Game {
    let order: Vec<usize> = side_order
        .iter()
        .copied()
        .filter(|&side| side < game.sides.len())
        .collect();
    Game {
        sides: order
            .iter()
            .map(|&side| {
                let mut players = game.sides[side].clone();
                if swap_partners {
                    players.reverse();
                }
                players
            })
            .collect(),
        ranks: order.iter().map(|&side| game.ranks[side]).collect(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn weng_lin_ratings_do_not_depend_on_how_the_games_were_split(
        games in prop::collection::vec(game_strategy(4, 2), 0..24),
        split in any::<prop::sample::Index>(),
        options in options_strategy(),
        players in players_strategy(),
    ) {
        let split = split.index(games.len() + 1);
        let whole = json!({"options": options, "players": players, "games": games_json(&games, 0, false)});

        // The first part, rated; its players carried, with every bit, into the second part.
        let first = json!({"options": options, "players": players, "games": games_json(&games[..split], 0, false)});
        let first_text = first.to_string();
        let pool = fives_ratings::parse(&first_text).unwrap();
        let ratings = rate(&pool).unwrap();
        let carried: Vec<Value> = pool
            .players
            .iter()
            .zip(&ratings.players)
            .map(|(id, values)| json!({"id": id.as_ref(), "mu": values.first, "sigma": values.second, "games": values.games}))
            .collect();
        let second = json!({"options": options, "players": carried, "games": games_json(&games[split..], split, false)});

        prop_assert_eq!(stdout_of(&second), stdout_of(&whole));
        prop_assert_eq!(exact_values(&second), exact_values(&whole));
    }

    #[test]
    fn glicko_2_ratings_do_not_depend_on_how_the_periods_were_split(
        games in prop::collection::vec(game_strategy(2, 1), 0..30),
        split_period in 0usize..11,
    ) {
        // Three games a period (`games_json`); the split falls between two periods.
        let split = (split_period * 3).min(games.len());
        let whole = json!({"system": "glicko-2", "games": games_json(&games, 0, true)});
        let first = json!({"system": "glicko-2", "games": games_json(&games[..split], 0, true)});
        let first_text = first.to_string();
        let pool = fives_ratings::parse(&first_text).unwrap();
        let ratings = rate(&pool).unwrap();
        let carried: Vec<Value> = pool
            .players
            .iter()
            .zip(&ratings.players)
            .map(|(id, values)| json!({"id": id.as_ref(), "rating": values.first, "rd": values.second,
                "volatility": values.volatility, "games": values.games}))
            .collect();
        let second = json!({"system": "glicko-2", "players": carried,
            "games": games_json(&games[split..], split, true)});
        prop_assert_eq!(stdout_of(&second), stdout_of(&whole));
        prop_assert_eq!(exact_values(&second), exact_values(&whole));
    }

    #[test]
    fn weng_lin_ratings_do_not_depend_on_the_order_of_sides_and_partners(
        games in prop::collection::vec(game_strategy(4, 2), 1..24),
        orders in prop::collection::vec((Just(vec![0usize, 1, 2, 3]).prop_shuffle(), any::<bool>()), 24),
        options in options_strategy(),
    ) {
        let relisted: Vec<Game> = games
            .iter()
            .zip(&orders)
            .map(|(game, (order, swap))| shuffled(game, order, *swap))
            .collect();
        let document = |games: &[Game]| json!({"options": options, "games": games_json(games, 0, false)});
        prop_assert_eq!(stdout_of(&document(&relisted)), stdout_of(&document(&games)));
        // To the last bit, not only to six decimals.
        prop_assert_eq!(exact_values(&document(&relisted)), exact_values(&document(&games)));
    }

    #[test]
    fn glicko_2_ratings_do_not_depend_on_the_order_of_sides(
        games in prop::collection::vec(game_strategy(2, 1), 1..24),
        swaps in prop::collection::vec(any::<bool>(), 24),
    ) {
        let relisted: Vec<Game> = games
            .iter()
            .zip(&swaps)
            .map(|(game, &swap)| shuffled(game, if swap { &[1, 0] } else { &[0, 1] }, false))
            .collect();
        let document = |games: &[Game]| json!({"system": "glicko-2", "games": games_json(games, 0, true)});
        prop_assert_eq!(stdout_of(&document(&relisted)), stdout_of(&document(&games)));
    }

    #[test]
    fn the_same_document_gives_the_same_bytes_and_a_sorted_list(
        games in prop::collection::vec(game_strategy(4, 2), 0..24),
        players in players_strategy(),
    ) {
        let document = json!({"options": {"history": true}, "players": players, "games": games_json(&games, 0, false)});
        let once = stdout_of(&document);
        prop_assert_eq!(&once, &stdout_of(&document));
        let output: Value = serde_json::from_str(&once).unwrap();
        let lines = output["ratings"].as_array().unwrap();
        for pair in lines.windows(2) {
            let key = |line: &Value| (-line["rating"].as_i64().unwrap(), line["id"].as_str().unwrap().to_owned());
            prop_assert!(key(&pair[0]) < key(&pair[1]), "{} before {}", pair[0], pair[1]);
        }
        let seats: usize = games.iter().map(|game| game.sides.iter().map(Vec::len).sum::<usize>()).sum();
        prop_assert_eq!(output["history"].as_array().unwrap().len(), seats);
    }
}

/// A number anywhere in the allowed range, the extremes likelier.
fn any_number(positive: bool) -> impl Strategy<Value = f64> {
    let magnitude = prop_oneof![
        Just(1_000_000.0),
        Just(1e-300),
        0.0..1.0f64,
        0.0..100.0f64,
        0.0..1_000_000.0f64,
    ];
    (magnitude, any::<bool>()).prop_map(move |(magnitude, negative)| {
        if positive || !negative {
            magnitude
        } else {
            -magnitude
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Whatever the numbers within the limits, the output is JSON with finite numbers, or the
    /// document is refused naming a game.
    #[test]
    fn extreme_numbers_give_json_or_a_refusal(
        games in prop::collection::vec(game_strategy(4, 2), 1..12),
        glicko_games in prop::collection::vec(game_strategy(2, 1), 1..12),
        first in any_number(false),
        second in any_number(true),
        third in any_number(true),
        option in any_number(false),
        positive_option in any_number(true),
    ) {
        let weng_lin = json!({
            "options": {"beta": option, "tau": option, "kappa": option, "sigma": positive_option},
            "players": [{"id": "ann", "mu": first, "sigma": second}, {"id": "bob", "mu": -first, "sigma": third}],
            "games": games_json(&games, 0, false),
        });
        let glicko = json!({
            "system": "glicko-2",
            "options": {"tau": positive_option, "rd": third, "volatility": second},
            "players": [{"id": "ann", "rating": first, "rd": second, "volatility": third}, {"id": "bob", "rating": -first}],
            "games": games_json(&glicko_games, 0, true),
        });
        for document in [weng_lin, glicko] {
            let response = ratings_text(&document.to_string());
            match response.exit_code {
                0 => {
                    let output: Value = serde_json::from_str(&response.stdout)
                        .map_err(|error| TestCaseError::fail(format!("{error}: {}", response.stdout)))?;
                    prop_assert!(output["ratings"].is_array());
                }
                2 => prop_assert!(response.stderr.starts_with("$.games["), "{}", response.stderr),
                code => prop_assert!(false, "exit {code}"),
            }
        }
    }
}
