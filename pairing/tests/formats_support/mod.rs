//! What the per-format tests share: the commands run on an event document as JSON, and
//! their answers read back.

#![allow(dead_code)]

pub use fives_pairing::command::{pair_text, standings_text};
pub use serde_json::{Value, json};

pub fn pair(event: &Value) -> (u8, Value) {
    let response = pair_text(&event.to_string());
    let out = if response.stdout.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&response.stdout).expect("the output is JSON")
    };
    assert_eq!(
        response.exit_code != 0 && response.exit_code != 3,
        response.stdout.is_empty(),
        "{response:?}"
    );
    (response.exit_code, out)
}

pub fn paired(event: &Value) -> Value {
    let (code, out) = pair(event);
    assert_eq!(code, 0, "{out}");
    out
}

pub fn refusal(event: &Value) -> String {
    let response = pair_text(&event.to_string());
    assert_eq!(response.exit_code, 2, "{response:?}");
    response.stderr.trim_end().to_string()
}

pub fn seats(round: &Value) -> Vec<Vec<String>> {
    round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            t["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

pub fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

pub fn entrants(ids: &[&str]) -> Value {
    // Ratings fall with entry order, so rating seeding is entry order too.
    Value::from(
        ids.iter()
            .enumerate()
            .map(|(i, id)| json!({"id": id, "rating": 2000 - 10 * i as i64}))
            .collect::<Vec<_>>(),
    )
}

pub fn standings(event: &Value) -> Vec<Value> {
    let response = standings_text(&event.to_string());
    assert_eq!(response.exit_code, 0, "{response:?}");
    let out: Value = serde_json::from_str(&response.stdout).unwrap();
    out["standings"].as_array().unwrap().clone()
}

/// Plays a table: the first seat wins.
pub fn first_wins(tables: &[Vec<String>]) -> Value {
    Value::from(
        tables
            .iter()
            .map(|seats| json!({"seats": seats, "points": [1, 0]}))
            .collect::<Vec<_>>(),
    )
}

/// Each line of the standings as (id, rank), in the order listed.
pub fn ranks(event: &Value) -> Vec<(String, u64)> {
    standings(event)
        .iter()
        .map(|l| {
            (
                l["id"].as_str().unwrap().to_string(),
                l["rank"].as_u64().unwrap(),
            )
        })
        .collect()
}

pub fn ranked(pairs: &[(&str, u64)]) -> Vec<(String, u64)> {
    pairs
        .iter()
        .map(|&(id, rank)| (id.to_string(), rank))
        .collect()
}
