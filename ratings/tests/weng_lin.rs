//! Weng–Lin through the command: hand-worked games, the options, the history and the order of
//! the list.

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

fn close(value: &Value, expected: f64) -> bool {
    (value.as_f64().unwrap() - expected).abs() <= 0.000_000_5 + 1e-12
}

#[test]
fn a_table_of_three_all_tied_moves_nobody() {
    // Three equal players sharing first place: s = ½ = p against each other, so Ω = 0; σ
    // shrinks by Δ = 2 × (σ/c) σ²/c² × ¼ after growing by τ.
    let output = run(
        r#"{"games": [{"id": "t", "date": "2026-11-24", "sides": [["ann"], ["bob"], ["cat"]], "ranks": [1, 1, 1]}]}"#,
    );
    let variance = (25.0f64 / 3.0).powi(2) + (25.0f64 / 300.0).powi(2);
    let c = (2.0 * variance + 2.0 * (25.0f64 / 6.0).powi(2)).sqrt();
    let delta = 2.0 * (variance.sqrt() / c) * variance / (c * c) * 0.25;
    let sigma = (variance * (1.0 - delta)).sqrt();
    for id in ["ann", "bob", "cat"] {
        let line = player(&output, id);
        assert!(close(&line["mu"], 25.0), "{line}");
        assert!(close(&line["sigma"], sigma), "{line}");
        assert_eq!(line["rating"], 1500);
        assert_eq!(line["games"], 1);
    }
}

#[test]
fn a_pair_shares_its_side_by_each_partners_uncertainty() {
    // Partners with σ 2 and 6 share the side's gain in proportion to their σ² (after τ).
    let output = run(
        r#"{"players": [{"id": "ann", "sigma": 2}, {"id": "cat", "sigma": 6}],
           "games": [{"id": "p", "date": "2026-11-24", "sides": [["ann", "cat"], ["bob", "dan"]], "ranks": [1, 2]}]}"#,
    );
    let tau2 = (25.0f64 / 300.0).powi(2);
    let (ann_var, cat_var) = (4.0 + tau2, 36.0 + tau2);
    let ann_gain = player(&output, "ann")["mu"].as_f64().unwrap() - 25.0;
    let cat_gain = player(&output, "cat")["mu"].as_f64().unwrap() - 25.0;
    assert!(ann_gain > 0.0);
    assert!((cat_gain / ann_gain - cat_var / ann_var).abs() < 1e-4);
    // The losers, equal, lose equally.
    assert_eq!(player(&output, "bob")["mu"], player(&output, "dan")["mu"]);
}

#[test]
fn the_options_change_the_start_and_the_scale() {
    let output =
        run(r#"{"options": {"mu": 30, "sigma": 1}, "players": [{"id": "ann"}], "games": []}"#);
    let ann = player(&output, "ann");
    assert!(close(&ann["mu"], 30.0) && close(&ann["sigma"], 1.0));
    // 1500 + 60 × 5 = 1800; 1500 + 60 × (28 − 25) = 1680; 1500 + 60 × 7 = 1920.
    assert_eq!(
        (
            ann["rating"].as_i64(),
            ann["low"].as_i64(),
            ann["high"].as_i64()
        ),
        (Some(1800), Some(1680), Some(1920))
    );
    assert_eq!(ann["games"], 0);
    assert_eq!(ann["provisional"], true);
}

#[test]
fn provisional_below_ten_games() {
    let output =
        run(r#"{"players": [{"id": "ann", "games": 9}, {"id": "bob", "games": 10}], "games": []}"#);
    assert_eq!(player(&output, "ann")["provisional"], true);
    assert_eq!(player(&output, "bob")["provisional"], false);
}

#[test]
fn equal_ratings_are_listed_by_id() {
    let response = ratings_text(
        r#"{"players": [{"id": "dan"}, {"id": "Bob"}, {"id": "ann"}, {"id": "top", "mu": 26}], "games": []}"#,
    );
    let ids: Vec<String> = response
        .stdout
        .lines()
        .filter_map(|line| line.split('"').nth(3).map(str::to_owned))
        .collect();
    assert_eq!(ids, ["top", "Bob", "ann", "dan"]);
}

#[test]
fn the_history_lists_each_games_players_in_the_order_of_its_sides() {
    let document = r#"{"options": {"history": true}, "games": [
        {"id": "g1", "date": "2026-11-24", "sides": [["cat", "ann"], ["bob", "dan"]], "ranks": [2, 1]},
        {"id": "g2", "date": "2026-11-25", "sides": [["dan"], ["ann"], ["eve"]], "ranks": [3, 1, 2]}
    ]}"#;
    let response = ratings_text(document);
    let history_start = response
        .stdout
        .find("], \"history\": [\n  {\"game\": \"g1\", \"id\": \"cat\", \"rating\": ");
    assert!(history_start.is_some(), "{}", response.stdout);
    assert!(response.stdout.ends_with("}\n]}\n"));
    let output: Value = serde_json::from_str(&response.stdout).unwrap();
    let history = output["history"].as_array().unwrap();
    let order: Vec<(&str, &str)> = history
        .iter()
        .map(|entry| {
            (
                entry["game"].as_str().unwrap(),
                entry["id"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        order,
        [
            ("g1", "cat"),
            ("g1", "ann"),
            ("g1", "bob"),
            ("g1", "dan"),
            ("g2", "dan"),
            ("g2", "ann"),
            ("g2", "eve")
        ]
    );
    // Each player's last entry is their rating at the end.
    for id in ["cat", "bob", "dan", "ann", "eve"] {
        let last = history
            .iter()
            .rev()
            .find(|entry| entry["id"] == id)
            .unwrap();
        let line = player(&output, id);
        for key in ["rating", "low", "high"] {
            assert_eq!(last[key], line[key], "{id} {key}");
        }
    }
}

#[test]
fn without_history_there_is_no_history_key_and_an_empty_document_lists_nobody() {
    assert_eq!(
        ratings_text(r#"{"games": []}"#).stdout,
        "{\"ratings\": []}\n"
    );
    assert_eq!(
        ratings_text(r#"{"options": {"history": true}, "games": []}"#).stdout,
        "{\"ratings\": [], \"history\": []}\n"
    );
    let output = run(r#"{"options": {"history": false}, "players": [{"id": "ann"}], "games": []}"#);
    assert!(output.get("history").is_none());
}

#[test]
fn ids_are_written_as_json_strings() {
    let ids = [
        "plain",
        "quote \" back \\ slash",
        "tab\tand\u{1}control",
        "Zoë 🂡",
        "/",
    ];
    let players: Vec<Value> = ids.iter().map(|id| serde_json::json!({"id": id})).collect();
    let document = serde_json::json!({"players": players, "games": []}).to_string();
    let output = run(&document);
    let mut written: Vec<&str> = output["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line["id"].as_str().unwrap())
        .collect();
    written.sort_unstable();
    let mut expected = ids.to_vec();
    expected.sort_unstable();
    assert_eq!(written, expected);
}
