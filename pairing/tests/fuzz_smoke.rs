//! A stable-Rust smoke test of what the fuzz targets (pairing/fuzz) assert: whatever text
//! `fives pair` and `fives standings` are given, they answer without panicking, with exit code
//! 0, 2 or 3 (standings 0 or 2), JSON output exactly when the code says so, a message when
//! refused, and the same answer twice. Inputs are arbitrary strings, JSON in and out of the
//! document's shape, and played events with one field changed.

use std::sync::LazyLock;

use fives_pairing::command::{Response, pair_text, standings_text};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{Map, Value, json};

fn json_of(response: &Response) -> Result<Value, TestCaseError> {
    serde_json::from_str(&response.stdout)
        .map_err(|error| TestCaseError::fail(format!("not JSON ({error}): {}", response.stdout)))
}

/// Runs both commands on `text` and asserts their answers are coherent.
fn answer_coherently(text: &str) -> Result<Response, TestCaseError> {
    let pair = pair_text(text);
    match pair.exit_code {
        0 => {
            let out = json_of(&pair)?;
            prop_assert!(
                out["round"].is_u64() && out["tables"].is_array(),
                "{}",
                pair.stdout
            );
            prop_assert!(pair.stderr.is_empty());
        }
        2 => prop_assert!(pair.stdout.is_empty() && !pair.stderr.trim().is_empty()),
        3 => {
            let out = json_of(&pair)?;
            prop_assert!(
                out["round"].is_null() && out["reason"].is_string(),
                "{}",
                pair.stdout
            );
        }
        code => prop_assert!(false, "fives pair exited {} for {}", code, text),
    }
    prop_assert_eq!(&pair, &pair_text(text));
    let standings = standings_text(text);
    match standings.exit_code {
        0 => prop_assert!(json_of(&standings)?["standings"].is_array()),
        2 => prop_assert!(standings.stdout.is_empty() && !standings.stderr.trim().is_empty()),
        code => prop_assert!(false, "fives standings exited {} for {}", code, text),
    }
    Ok(pair)
}

const WORDS: &[&str] = &[
    "swiss",
    "knockout",
    "double-elimination",
    "round-robin",
    "groups",
    "byes",
    "smaller-tables",
    "rating",
    "entry",
    "buchholz",
    "buchholz-cut-1",
    "median-buchholz",
    "sonneborn-berger",
    "wins",
    "game-points",
    "game-point-difference",
    "head-to-head",
    "average-rating-of-opponents",
    "ann",
    "bob",
    "cat",
    "",
];

const KEYS: &[&str] = &[
    "format",
    "seats",
    "partnerships",
    "entrants",
    "id",
    "rating",
    "withdrawn_after",
    "rounds",
    "tables",
    "byes",
    "points",
    "game_points",
    "options",
    "bye_points",
    "remainder",
    "seeding",
    "third_place",
    "grand_final_reset",
    "groups",
    "advance",
    "tiebreaks",
    "_note",
];

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-3i64..20).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        prop::sample::select(vec![0.5, -0.5, 1e-7, 1e300, 1_000_000.0, 2.25]).prop_map(Value::from),
    ]
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        number(),
        prop::sample::select(WORDS).prop_map(Value::from),
        ".{0,6}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            prop::collection::vec((prop::sample::select(KEYS), inner), 0..6).prop_map(|entries| {
                Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect::<Map<_, _>>(),
                )
            }),
        ]
    })
}

const IDS: &[&str] = &["ann", "bob", "cat", "dan", "eve", "fay"];

fn table() -> impl Strategy<Value = Value> {
    (
        prop::collection::vec(prop::sample::select(IDS), 1..5),
        prop::option::of(prop::collection::vec(number(), 0..5)),
        prop::option::of(prop::collection::vec(number(), 0..5)),
    )
        .prop_map(|(seats, points, game_points)| {
            let mut table = json!({"seats": seats});
            if let Some(points) = points {
                table["points"] = points.into();
            }
            if let Some(game_points) = game_points {
                table["game_points"] = game_points.into();
            }
            table
        })
}

/// JSON in the document's shape, with plausible and implausible values in every field.
fn event_shaped() -> impl Strategy<Value = Value> {
    let entrant = (
        prop::sample::select(IDS),
        prop::option::of(number()),
        prop::option::of(0u64..5),
    )
        .prop_map(|(id, rating, after)| {
            let mut entrant = json!({"id": id});
            if let Some(rating) = rating {
                entrant["rating"] = rating;
            }
            if let Some(after) = after {
                entrant["withdrawn_after"] = after.into();
            }
            entrant
        });
    let round = (
        prop::collection::vec(table(), 0..4),
        prop::collection::vec(prop::sample::select(IDS), 0..2),
    )
        .prop_map(|(tables, byes)| json!({"tables": tables, "byes": byes}));
    let options = prop::collection::vec((prop::sample::select(&KEYS[13..]), any_json()), 0..4)
        .prop_map(|entries| {
            Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
            )
        });
    (
        prop::sample::select(&WORDS[..5]),
        prop_oneof![3 => 2u64..5, 1 => 0u64..9],
        any::<bool>(),
        prop::collection::vec(entrant, 0..7),
        prop::collection::vec(round, 0..4),
        options,
    )
        .prop_map(|(format, seats, partnerships, entrants, rounds, options)| {
            json!({"format": format, "seats": seats, "partnerships": partnerships,
                   "entrants": entrants, "rounds": rounds, "options": options})
        })
}

/// Events of every format played for a few rounds through `fives pair` itself, the first
/// seat winning every table.
static PLAYED: LazyLock<Vec<Value>> = LazyLock::new(|| {
    let ids: Vec<Value> = (0..9)
        .map(|i| json!({"id": format!("e{i}"), "rating": 1500 - i}))
        .collect();
    let events = [
        json!({"format": "swiss", "entrants": ids[..7]}),
        json!({"format": "swiss", "seats": 4, "partnerships": true, "entrants": ids}),
        json!({"format": "swiss", "seats": 3, "entrants": ids[..8], "options": {"remainder": "smaller-tables"}}),
        json!({"format": "knockout", "entrants": ids[..6], "options": {"third_place": true}}),
        json!({"format": "double-elimination", "entrants": ids[..5]}),
        json!({"format": "round-robin", "entrants": ids[..5]}),
        json!({"format": "groups", "entrants": ids, "options": {"groups": 2, "advance": 2}}),
    ];
    let mut played = Vec::new();
    for mut event in events {
        event["rounds"] = json!([]);
        for _ in 0..5 {
            let response = pair_text(&event.to_string());
            if response.exit_code != 0 {
                break;
            }
            let out: Value = serde_json::from_str(&response.stdout).unwrap();
            let tables: Vec<Value> = out["tables"]
                .as_array()
                .unwrap()
                .iter()
                .map(|table| {
                    let seats = table["seats"].as_array().unwrap().len();
                    let points: Vec<u8> = (0..seats).map(|s| u8::from(s == 0)).collect();
                    json!({"seats": table["seats"], "points": points})
                })
                .collect();
            event["rounds"]
                .as_array_mut()
                .unwrap()
                .push(json!({"tables": tables, "byes": out["byes"]}));
            played.push(event.clone());
        }
    }
    played
});

/// Every place in a JSON value where a value sits, as a path of keys and indexes.
fn paths(value: &Value, prefix: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(prefix.clone());
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                prefix.push(json!(i));
                paths(item, prefix, out);
                prefix.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                prefix.push(json!(key));
                paths(item, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(value: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(value, |value, step| match step {
        Value::Number(i) => &mut value[i.as_u64().unwrap() as usize],
        Value::String(key) => &mut value[key.as_str()],
        _ => unreachable!(),
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_gets_a_coherent_answer(text in any::<String>()) {
        answer_coherently(&text)?;
    }

    #[test]
    fn json_ish_text_gets_a_coherent_answer(text in r#"[\[\]{}":,0-9a-z._ -]{0,64}"#) {
        answer_coherently(&text)?;
    }

    #[test]
    fn arbitrary_json_gets_a_coherent_answer(value in any_json()) {
        answer_coherently(&value.to_string())?;
    }

    #[test]
    fn event_shaped_json_gets_a_coherent_answer(value in event_shaped()) {
        answer_coherently(&value.to_string())?;
    }

    #[test]
    fn played_events_with_a_field_changed_get_a_coherent_answer(
        event in prop::sample::Index::arbitrary(),
        place in prop::sample::Index::arbitrary(),
        value in any_json(),
    ) {
        let mut event = PLAYED[event.index(PLAYED.len())].clone();
        let mut all = Vec::new();
        paths(&event, &mut Vec::new(), &mut all);
        let path = &all[place.index(all.len())];
        *at(&mut event, path) = value;
        answer_coherently(&event.to_string())?;
    }
}

#[test]
fn played_events_are_accepted_before_they_are_changed() {
    assert!(PLAYED.len() >= 20);
    for event in PLAYED.iter() {
        let response = pair_text(&event.to_string());
        assert!(
            matches!(response.exit_code, 0 | 3),
            "{response:?} for {event}"
        );
    }
}
