//! The worked examples in `tests/examples/`, one folder each: an `event.json`, a `README.md`
//! saying how its answer was worked out by hand, and beside them what the commands must
//! answer: `pair.json` (`fives pair`'s round), `explain.json` (the `explanation` of `fives
//! pair --explain`, where only the measures, not the round, follow from the specification),
//! `over.json` (`fives pair`'s answer when the event is over or nothing can be paired, exit
//! 3), `standings.json` (`fives standings`) or `refusal.txt` (the message of a refused
//! document). A new example is a new folder.

use std::path::{Path, PathBuf};

use fives_pairing::command::{pair_explained_text, pair_text, standings_text};
use serde_json::Value;

fn examples() -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/examples");
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
        .expect("tests/examples")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.is_dir())
        .collect();
    found.sort();
    found
}

fn read(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

/// JSON with every number as a float, so `1` and `1.0` are the same answer.
fn numbers_as_floats(value: Value) -> Value {
    match value {
        Value::Number(number) => number
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map_or(Value::Null, Value::Number),
        Value::Array(items) => Value::Array(items.into_iter().map(numbers_as_floats).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(key, value)| (key, numbers_as_floats(value)))
                .collect(),
        ),
        other => other,
    }
}

fn json(text: &str, what: &str) -> Value {
    numbers_as_floats(serde_json::from_str(text).unwrap_or_else(|e| panic!("{what}: {e}")))
}

#[test]
fn every_worked_example_gives_its_answer() {
    let examples = examples();
    assert!(examples.len() >= 41, "the examples are found: {examples:?}");
    for example in examples {
        let name = example.file_name().unwrap().to_string_lossy().into_owned();
        let event = read(&example.join("event.json")).expect("each example has an event.json");
        assert!(
            read(&example.join("README.md")).is_some(),
            "{name}: say how it was worked out"
        );
        let mut checked = 0;
        if let Some(expected) = read(&example.join("pair.json")) {
            let answer = pair_text(&event);
            assert_eq!(answer.exit_code, 0, "{name}: {answer:?}");
            assert_eq!(
                json(&answer.stdout, &name),
                json(&expected, &name),
                "{name}"
            );
            checked += 1;
        }
        if let Some(expected) = read(&example.join("explain.json")) {
            let answer = pair_explained_text(&event);
            assert_eq!(answer.exit_code, 0, "{name}: {answer:?}");
            let explanation = json(&answer.stdout, &name)["explanation"].clone();
            assert_eq!(explanation, json(&expected, &name), "{name}");
            checked += 1;
        }
        if let Some(expected) = read(&example.join("over.json")) {
            let answer = pair_text(&event);
            assert_eq!(answer.exit_code, 3, "{name}: {answer:?}");
            assert!(answer.stderr.is_empty(), "{name}: {answer:?}");
            assert_eq!(
                json(&answer.stdout, &name),
                json(&expected, &name),
                "{name}"
            );
            checked += 1;
        }
        if let Some(expected) = read(&example.join("standings.json")) {
            let answer = standings_text(&event);
            assert_eq!(answer.exit_code, 0, "{name}: {answer:?}");
            assert_eq!(
                json(&answer.stdout, &name),
                json(&expected, &name),
                "{name}"
            );
            checked += 1;
        }
        if let Some(expected) = read(&example.join("refusal.txt")) {
            let answer = pair_text(&event);
            assert_eq!(answer.exit_code, 2, "{name}: {answer:?}");
            assert!(answer.stdout.is_empty(), "{name}: {answer:?}");
            assert_eq!(answer.stderr.trim_end(), expected.trim_end(), "{name}");
            checked += 1;
        }
        assert!(
            checked > 0,
            "{name} has no expected answer beside its event"
        );
    }
}
