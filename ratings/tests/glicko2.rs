//! Glicko-2 through the command: Glickman's worked example, rating periods, players rated from
//! the first period or from their first game's, and the history after each period.

use fives_ratings::command::ratings_text;
use serde_json::Value;

fn run(document: &str) -> Value {
    let response = ratings_text(document);
    assert_eq!(response.exit_code, 0, "{}", response.stderr);
    serde_json::from_str(&response.stdout).unwrap()
}

fn player<'a>(output: &'a Value, id: &str) -> &'a Value {
    output["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["id"] == id)
        .unwrap_or_else(|| panic!("{id} is not listed"))
}

fn singles(id: &str, winner: &str, loser: &str, ranks: &str, period: &str) -> String {
    format!(
        r#"{{"id": "{id}", "date": "2026-11-24", "sides": [["{winner}"], ["{loser}"]], "ranks": {ranks}, "period": "{period}"}}"#
    )
}

const SCALE: f64 = 173.7178;

#[test]
fn glickmans_worked_example_as_a_document() {
    let document = format!(
        r#"{{"system": "glicko-2",
        "players": [
          {{"id": "me", "rating": 1500, "rd": 200, "volatility": 0.06}},
          {{"id": "a", "rating": 1400, "rd": 30}},
          {{"id": "b", "rating": 1550, "rd": 100}},
          {{"id": "c", "rating": 1700, "rd": 300}}
        ],
        "games": [{}, {}, {}]}}"#,
        singles("g1", "me", "a", "[1, 2]", "p1"),
        singles("g2", "b", "me", "[1, 2]", "p1"),
        singles("g3", "me", "c", "[2, 1]", "p1"),
    );
    let response = ratings_text(&document);
    let line = response
        .stdout
        .lines()
        .find(|line| line.contains(r#""id": "me""#))
        .unwrap();
    // The keys in the specification's order: rating, rd and volatility in place of mu and sigma.
    assert!(
        line.starts_with(r#"  {"id": "me", "rating": 1464.05"#),
        "{line}"
    );
    assert!(line.contains(r#", "rd": 151.51"#), "{line}");
    assert!(
        line.ends_with(r#", "volatility": 0.059996, "low": 1161, "high": 1767, "games": 3, "provisional": true},"#),
        "{line}"
    );
    let output = run(&document);
    let me = player(&output, "me");
    assert_eq!(
        format!("{:.4}", me["rating"].as_f64().unwrap()),
        "1464.0507"
    );
    assert_eq!(format!("{:.4}", me["rd"].as_f64().unwrap()), "151.5165");
    assert_eq!(me["volatility"].as_f64().unwrap(), 0.059996);
    assert_eq!(me["games"], 3);
    assert_eq!(me["provisional"], true);
    assert_eq!(me["low"], 1161); // 1464.05 − 2 × 151.52 = 1161.02
    assert_eq!(me["high"], 1767); // 1464.05 + 2 × 151.52 = 1767.08
}

#[test]
fn a_listed_player_without_games_has_the_rd_grown_each_period() {
    let document = format!(
        r#"{{"system": "glicko-2",
        "players": [{{"id": "idle", "rating": 1600, "rd": 80, "volatility": 0.05}}],
        "games": [{}, {}, {}]}}"#,
        singles("g1", "ann", "bob", "[1, 2]", "w1"),
        singles("g2", "ann", "bob", "[1, 2]", "w2"),
        singles("g3", "bob", "ann", "[1, 1]", "w2"),
    );
    let output = run(&document);
    let idle = player(&output, "idle");
    // Two periods, step 6 in each: φ' = √(φ² + σ²), twice.
    let mut phi: f64 = 80.0 / SCALE;
    for _ in 0..2 {
        phi = (phi * phi + 0.05 * 0.05).sqrt();
    }
    assert!((idle["rd"].as_f64().unwrap() - phi * SCALE).abs() < 1e-6);
    assert_eq!(idle["rating"].as_f64().unwrap(), 1600.0);
    assert_eq!(idle["volatility"].as_f64().unwrap(), 0.05);
    assert_eq!(idle["games"], 0);
    assert_eq!(player(&output, "ann")["games"], 3);
}

#[test]
fn an_unlisted_player_is_rated_from_the_period_of_their_first_game() {
    let late = format!(
        r#"{{"system": "glicko-2", "games": [{}, {}]}}"#,
        singles("g1", "ann", "bob", "[1, 2]", "w1"),
        singles("g2", "cat", "dan", "[1, 2]", "w2"),
    );
    let alone = format!(
        r#"{{"system": "glicko-2", "games": [{}]}}"#,
        singles("g2", "cat", "dan", "[1, 2]", "w7"),
    );
    let (late, alone) = (run(&late), run(&alone));
    // No growth before their first period: cat and dan fare as if theirs were the only game.
    assert_eq!(player(&late, "cat"), player(&alone, "cat"));
    assert_eq!(player(&late, "dan"), player(&alone, "dan"));
    // ann and bob, rated from w1, sit out w2: their RD grew once.
    let one_period = run(&format!(
        r#"{{"system": "glicko-2", "games": [{}]}}"#,
        singles("g1", "ann", "bob", "[1, 2]", "w1"),
    ));
    let rd_after = player(&one_period, "ann")["rd"].as_f64().unwrap() / SCALE;
    let volatility = player(&one_period, "ann")["volatility"].as_f64().unwrap();
    let grown = (rd_after * rd_after + volatility * volatility).sqrt() * SCALE;
    assert!((player(&late, "ann")["rd"].as_f64().unwrap() - grown).abs() < 1e-5);
}

#[test]
fn a_period_is_a_run_of_consecutive_games_with_the_same_period() {
    let games = |labels: [&str; 3]| {
        format!(
            r#"{{"system": "glicko-2", "games": [{}, {}, {}]}}"#,
            singles("g1", "ann", "bob", "[1, 2]", labels[0]),
            singles("g2", "cat", "ann", "[1, 2]", labels[1]),
            singles("g3", "bob", "cat", "[1, 2]", labels[2]),
        )
    };
    let repeated = ratings_text(&games(["w1", "w2", "w1"]));
    let distinct = ratings_text(&games(["p1", "p2", "p3"]));
    assert_eq!(repeated, distinct);
    // One period: every game against the values before it, so the order of games in it
    // does not matter; in three periods it does.
    let one = ratings_text(&games(["w", "w", "w"]));
    assert_ne!(one.stdout, distinct.stdout);
    let reordered = format!(
        r#"{{"system": "glicko-2", "games": [{}, {}, {}]}}"#,
        singles("g3", "bob", "cat", "[1, 2]", "w"),
        singles("g1", "ann", "bob", "[1, 2]", "w"),
        singles("g2", "cat", "ann", "[1, 2]", "w"),
    );
    assert_eq!(ratings_text(&reordered).stdout, one.stdout);
}

#[test]
fn the_history_gives_the_values_after_the_period() {
    let document = format!(
        r#"{{"system": "glicko-2", "options": {{"history": true}}, "games": [{}, {}, {}]}}"#,
        singles("g1", "ann", "bob", "[1, 2]", "w1"),
        singles("g2", "ann", "cat", "[2, 1]", "w1"),
        singles("g3", "bob", "cat", "[1, 1]", "w2"),
    );
    let output = run(&document);
    let history = output["history"].as_array().unwrap();
    let entries: Vec<(&str, &str)> = history
        .iter()
        .map(|entry| {
            (
                entry["game"].as_str().unwrap(),
                entry["id"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        entries,
        [
            ("g1", "ann"),
            ("g1", "bob"),
            ("g2", "ann"),
            ("g2", "cat"),
            ("g3", "bob"),
            ("g3", "cat")
        ]
    );
    // ann's two games are in one period: both show her values after it, which are her last.
    assert_eq!(history[0]["rating"], history[2]["rating"]);
    assert_eq!(history[0]["rating"], player(&output, "ann")["rating"]);
    assert_eq!(history[5]["rating"], player(&output, "cat")["rating"]);
    for entry in history {
        let keys: Vec<&String> = entry.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 5, "{entry}");
    }
}
