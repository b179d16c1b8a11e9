//! The specification's refusal limits, each at its edge: the largest accepted and the smallest
//! refused, through the commands' text interface and [`Event::parse`].

use fives_pairing::Event;
use fives_pairing::command::{pair_text, standings_text};
use serde_json::{Value, json};

/// Four valid documents with `number` as a rating, points, game points and bye points.
fn documents_with(number: &str) -> [String; 4] {
    let table = |points: &str, game_points: &str| {
        format!(
            r#"{{"format": "swiss", "entrants": [{{"id": "ann"}}, {{"id": "bob"}}, {{"id": "cat"}}],
               "rounds": [{{"tables": [{{"seats": ["ann", "bob"], "points": [{points}, 0], "game_points": [{game_points}, 0]}}],
                            "byes": ["cat"]}}]}}"#
        )
    };
    [
        format!(
            r#"{{"format": "swiss", "entrants": [{{"id": "ann", "rating": {number}}}, {{"id": "bob"}}]}}"#
        ),
        table(number, "0"),
        table("0", number),
        format!(
            r#"{{"format": "swiss", "entrants": [{{"id": "ann"}}, {{"id": "bob"}}, {{"id": "cat"}}],
               "rounds": [{{"tables": [{{"seats": ["ann", "bob"], "points": [1, 0]}}], "byes": ["cat"]}}],
               "options": {{"bye_points": {number}}}}}"#
        ),
    ]
}

#[test]
fn ratings_points_game_points_and_bye_points_are_held_to_six_decimals_and_a_million() {
    let places = [
        "entrant 1, rating",
        "round 1, table 1, points item 1",
        "round 1, table 1, game_points item 1",
        "options, bye_points",
    ];
    for accepted in [
        "1000000",
        "-1000000",
        "999999.999999",
        "0.000001",
        "-0.000001",
        "1e6",
        "0.5e-5",
        "1000000.0000000",
    ] {
        for text in documents_with(accepted) {
            for response in [pair_text(&text), standings_text(&text)] {
                assert_eq!(response.exit_code, 0, "{accepted}: {response:?}");
            }
        }
    }
    // The refusal shows the number as JSON reads it: 1e7 as 10000000.
    for (refused, shown, reason) in [
        (
            "1000000.000001",
            "1000000.000001",
            "is larger than 1000000 in magnitude",
        ),
        (
            "-1000001",
            "-1000001",
            "is larger than 1000000 in magnitude",
        ),
        ("1e7", "10000000", "is larger than 1000000 in magnitude"),
        ("0.0000001", "0.0000001", "has more than 6 decimals"),
        ("1.0000005", "1.0000005", "has more than 6 decimals"),
        ("1e-7", "0.0000001", "has more than 6 decimals"),
    ] {
        for (text, place) in documents_with(refused).iter().zip(places) {
            for response in [pair_text(text), standings_text(text)] {
                assert_eq!(response.exit_code, 2, "{refused}: {response:?}");
                assert!(response.stdout.is_empty());
                // serde_json adds the line and column after the message.
                assert!(
                    response
                        .stderr
                        .starts_with(&format!("{place}: {shown} {reason} at line ")),
                    "{refused} at {place}: {}",
                    response.stderr
                );
            }
        }
    }
}

fn entrants(count: usize) -> Value {
    Value::from(
        (0..count)
            .map(|i| json!({"id": format!("e{i}")}))
            .collect::<Vec<_>>(),
    )
}

#[test]
fn at_most_a_hundred_thousand_entrants_and_a_thousand_rounds() {
    let document = |entrants: Value, rounds: usize| {
        json!({"format": "swiss", "entrants": entrants, "rounds": vec![json!({}); rounds]})
            .to_string()
    };
    assert!(Event::parse(&document(entrants(100_000), 0)).is_ok());
    assert_eq!(
        Event::parse(&document(entrants(100_001), 0))
            .unwrap_err()
            .to_string(),
        "an event has at most 100000 entrants, not 100001"
    );
    assert!(Event::parse(&document(entrants(2), 1_000)).is_ok());
    assert_eq!(
        Event::parse(&document(entrants(2), 1_001))
            .unwrap_err()
            .to_string(),
        "a document holds at most 1000 rounds, not 1001"
    );
    assert_eq!(
        Event::parse(&document(entrants(1), 0))
            .unwrap_err()
            .to_string(),
        "an event needs at least 2 entrants, not 1"
    );
    assert_eq!(
        Event::parse(&document(entrants(0), 0))
            .unwrap_err()
            .to_string(),
        "an event needs at least 2 entrants, not 0"
    );
}

#[test]
fn every_group_needs_two_entrants_and_at_least_advance() {
    let groups = |count: usize, groups: u64, advance: u64| {
        let text = json!({"format": "groups", "entrants": entrants(count),
                          "options": {"groups": groups, "advance": advance}})
        .to_string();
        let response = pair_text(&text);
        (response.exit_code, response.stderr)
    };
    // Four groups of one: each group needs 2 even when only 1 goes on.
    assert_eq!(
        groups(4, 4, 1),
        (
            2,
            "options: group A would have 1 entrant; each group needs at least 2\n".to_string()
        )
    );
    // Eight entrants in four groups of two, one of each going on: accepted.
    assert_eq!(groups(8, 4, 1).0, 0);
    // Seven entrants in four groups: the snake deals A B C D D C B, so A has one.
    assert_eq!(
        groups(7, 4, 1),
        (
            2,
            "options: group A would have 1 entrant; each group needs at least 2\n".to_string()
        )
    );
    // Two groups of three, four going on from each: fewer than `advance`.
    assert_eq!(
        groups(6, 2, 4),
        (
            2,
            "options: group A would have 3 entrants; each group needs at least 4\n".to_string()
        )
    );
    // Two groups of four, four going on from each: accepted (the play-off is the field).
    assert_eq!(groups(8, 2, 4).0, 0);
}
