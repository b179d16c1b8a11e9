//! `fives pair --explain`: the round exactly as without it, and one more key, `explanation`,
//! with the value of every measure of the specification. The worked examples'
//! `explain.json` (in `tests/examples/`, checked by `examples.rs`) give the values worked out
//! by hand; these tests check the rest.

use fives_pairing::Event;
use fives_pairing::command::{pair_explained_text, pair_text};
use fives_pairing::explain::{Explanation, TableMeasures, TwoSeatMeasures, explain};
use fives_pairing::number::Exact;
use fives_pairing::pair::{Outcome, pair};
use serde_json::{Value, json};

/// The plain round and the explanation of `document`, checking that the explained answer is
/// the plain one with one more key at its end.
fn explained(document: &str) -> (Value, Value) {
    let plain = pair_text(document);
    let explained = pair_explained_text(document);
    assert_eq!(plain.exit_code, 0, "{plain:?}");
    assert_eq!(explained.exit_code, 0, "{explained:?}");
    let (round, rest) = explained
        .stdout
        .split_once(", \"explanation\": ")
        .expect("an explanation key");
    assert_eq!(format!("{round}}}\n"), plain.stdout);
    assert!(rest.ends_with("}\n"));
    let whole: Value = serde_json::from_str(&explained.stdout).expect("JSON");
    let plain: Value = serde_json::from_str(&plain.stdout).expect("JSON");
    (plain, whole["explanation"].clone())
}

/// The event document of a worked example in `tests/examples/` (its README works out the
/// measures by hand).
fn example(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/examples")
        .join(name)
        .join("event.json");
    std::fs::read_to_string(path).expect("the example's event.json")
}

fn two_seats() -> String {
    example("swiss-two-seats-explains-its-round")
}

fn partnerships() -> String {
    example("swiss-partnerships-explain-their-round")
}

#[test]
fn the_round_is_as_without_it_with_the_explanation_last() {
    for document in [two_seats(), partnerships()] {
        let (_, explanation) = explained(&document);
        assert!(explanation.is_object(), "{explanation}");
    }
}

#[test]
fn three_seats_have_no_partners_or_sides() {
    let document = r#"{"format": "swiss", "seats": 3,
      "entrants": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"},
                   {"id": "f"}, {"id": "g"}],
      "rounds": [{"tables": [{"seats": ["a", "b", "c"], "points": [2, 1, 0]},
                             {"seats": ["d", "e", "f"], "points": [2, 1, 0]}],
                  "byes": ["g"]}]}"#;
    let (round, explanation) = explained(document);
    let keys: Vec<&String> = explanation.as_object().expect("an object").keys().collect();
    assert_eq!(
        keys,
        ["bye_scores", "repeated_meetings", "spread"],
        "in the specification's order"
    );
    // g had the bye; of the six others, the bye goes to a lowest score (c or f, 0). Three of
    // one first-round table are then left for two tables, so one meeting must repeat.
    let bye = round["byes"][0].as_str().expect("a bye");
    assert!(["c", "f"].contains(&bye), "{round}");
    assert_eq!(explanation["bye_scores"], json!(0));
    assert_eq!(explanation["repeated_meetings"], json!(1));
}

#[test]
fn other_formats_have_no_measures() {
    let document =
        r#"{"format": "knockout", "entrants": [{"id": "ann"}, {"id": "bob"}, {"id": "cat"}]}"#;
    let (_, explanation) = explained(document);
    assert_eq!(explanation, Value::Null);
}

#[test]
fn refusals_and_the_end_of_an_event_are_as_without_it() {
    for document in [
        r#"{"format": "swiss", "entrants": [{"id": "ann"}]}"#,
        r#"{"format": "swiss", "entrants": [{"id": "ann"}, {"id": "bob"}]} x"#,
        r#"{"format": "knockout", "entrants": [{"id": "ann"}, {"id": "bob"}],
            "rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [1, 0]}]}]}"#,
    ] {
        assert_eq!(
            pair_explained_text(document),
            pair_text(document),
            "{document}"
        );
    }
}

fn paired(document: &str) -> (Event, fives_pairing::pair::PairedRound) {
    let event = Event::parse(document).expect("a valid document");
    let Ok(Outcome::Paired(round)) = pair(&event) else {
        panic!("a round")
    };
    (event, round)
}

#[test]
fn the_crate_gives_the_measures_as_a_struct_and_in_words() {
    let (event, round) = paired(&two_seats());
    let explanation = explain(&event, &round).expect("a Swiss round");
    assert_eq!(
        explanation,
        Explanation::TwoSeats(TwoSeatMeasures {
            rematches: 0,
            bye_score: Some(Exact::ZERO),
            score_differences: Exact::ratio(1, 2),
            bye_place: Some(5),
            equal_score_pattern: 0,
        })
    );
    let words = explanation.text(&event, &round);
    assert!(
        words.contains("1. Bye: bye to \"cat\", score 0, placed 5"),
        "{words}"
    );
    assert!(
        words.contains("2. Score differences: their squares sum to 0.5."),
        "{words}"
    );

    let (event, round) = paired(&partnerships());
    let explanation = explain(&event, &round).expect("a Swiss round");
    assert_eq!(
        explanation,
        Explanation::Tables(TableMeasures {
            bye_scores: Exact::ZERO,
            repeated_partners: Some(0),
            repeated_meetings: 4,
            spread: Exact::integer(2),
            balance: Some(Exact::ZERO),
        })
    );
    let words = explanation.text(&event, &round);
    assert!(words.contains("1. Byes: no bye"), "{words}");
    assert!(words.contains("3. Repeated meetings: 4."), "{words}");
    assert!(
        words.contains("5. Balanced sides: the partnerships' totals differ by 0 in all."),
        "{words}"
    );
}
