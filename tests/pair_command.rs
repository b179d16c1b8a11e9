//! `fives pair` and `fives standings` as a user runs them: files and standard input, output,
//! messages and exit codes.

mod command_line;

use command_line::{fives, text};

const KNOCKOUT: &str = r#"{"format": "knockout",
  "entrants": [{"id": "ann", "rating": 1612}, {"id": "bob", "rating": 1540},
               {"id": "cat", "rating": 1700}, {"id": "dan"}, {"id": "eve", "rating": 1500}]}"#;

#[test]
fn pair_reads_a_file_standard_input_or_dash_alike() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.json");
    std::fs::write(&path, KNOCKOUT).unwrap();
    let from_file = fives(&["pair", path.to_str().unwrap()], "");
    let from_stdin = fives(&["pair"], KNOCKOUT);
    let from_dash = fives(&["pair", "-"], KNOCKOUT);
    // Seeds by rating: cat, ann, bob, eve, dan; P = 8 places 1 8 4 5 2 7 3 6.
    let expected = "{\"round\": 1, \"tables\": [{\"table\": 1, \"seats\": [\"eve\", \"dan\"]}], \
                    \"byes\": [\"cat\", \"ann\", \"bob\"]}\n";
    for output in [&from_file, &from_stdin, &from_dash] {
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout), expected);
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn the_same_document_gives_the_same_bytes() {
    let event = r#"{"format": "swiss", "seats": 4, "partnerships": true,
      "entrants": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"},
                   {"id": "f"}, {"id": "g"}, {"id": "h"}, {"id": "i"}]}"#;
    let first = fives(&["pair"], event);
    let second = fives(&["pair"], event);
    assert_eq!(first.status.code(), second.status.code());
    assert_eq!(first.stdout, second.stdout);
    let standings = fives(&["standings"], event);
    assert_eq!(standings.status.code(), Some(0));
    assert_eq!(fives(&["standings"], event).stdout, standings.stdout);
}

#[test]
fn a_refused_document_exits_2_with_its_place_on_standard_error() {
    let event = r#"{"format": "swiss", "entrants": [{"id": "ann"}, {"id": "bob"}],
      "rounds": [{"tables": [{"seats": ["ann", "dan"], "points": [1, 0]}]}]}"#;
    for command in ["pair", "standings"] {
        let output = fives(&[command], event);
        assert_eq!(output.status.code(), Some(2));
        assert!(output.stdout.is_empty());
        assert_eq!(
            text(&output.stderr),
            "round 1, table 1: \"dan\" is not an entrant\n"
        );
    }
    let missing = fives(&["pair", "/nonexistent/event.json"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).starts_with("fives pair: cannot read the event document"));
    assert_eq!(fives(&["standings"], "{").status.code(), Some(2));
}

#[test]
fn an_event_that_is_over_exits_3_with_a_null_round() {
    let event = r#"{"format": "knockout", "entrants": [{"id": "ann"}, {"id": "bob"}],
      "rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [2, 3]}]}]}"#;
    let output = fives(&["pair"], event);
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(
        text(&output.stdout),
        "{\"round\": null, \"reason\": \"the event is over: \\\"bob\\\" is the champion\"}\n"
    );
    let standings = fives(&["standings"], event);
    assert_eq!(standings.status.code(), Some(0));
    assert_eq!(
        text(&standings.stdout),
        "{\"standings\": [\n  {\"rank\": 1, \"id\": \"bob\", \"score\": 3, \"tiebreaks\": \
         {\"buchholz-cut-1\": 0, \"buchholz\": 2, \"sonneborn-berger\": 6, \"wins\": 1}},\n  \
         {\"rank\": 2, \"id\": \"ann\", \"score\": 2, \"tiebreaks\": {\"buchholz-cut-1\": 0, \
         \"buchholz\": 3, \"sonneborn-berger\": 6, \"wins\": 0}}\n]}\n"
    );
}

#[test]
fn a_swiss_without_a_rematch_free_pairing_exits_3() {
    let event = r#"{"format": "swiss", "entrants": [{"id": "ann"}, {"id": "bob"}],
      "rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [1, 0]}]}]}"#;
    let output = fives(&["pair"], event);
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stdout));
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(answer["round"], serde_json::Value::Null);
    assert!(
        answer["reason"]
            .as_str()
            .is_some_and(|reason| !reason.is_empty())
    );
}

#[test]
fn pair_explain_adds_the_measures_after_the_round_it_would_write_anyway() {
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/pairing/tests/examples/swiss-two-seats-explains-its-round"
    );
    let event = std::fs::read_to_string(format!("{example}/event.json")).unwrap();
    let explained: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{example}/explain.json")).unwrap())
            .unwrap();
    let plain = fives(&["pair", "-"], &event);
    let with = fives(&["pair", "--explain", "-"], &event);
    assert_eq!(with.status.code(), Some(0), "{}", text(&with.stderr));
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    let mut with: serde_json::Value = serde_json::from_slice(&with.stdout).unwrap();
    let explanation = with.as_object_mut().unwrap().remove("explanation").unwrap();
    assert_eq!(with, plain, "the round is the same with --explain");
    assert_eq!(explanation, explained);
    // The standings have no measures to explain: the flag is fives pair's alone.
    assert_eq!(
        fives(&["standings", "--explain"], &event).status.code(),
        Some(2)
    );
}
