//! Swiss through the commands: scores with byes and halves. The first round and the end of an
//! event with no active entrant are worked examples in `tests/examples/`.

mod formats_support;

use formats_support::*;

#[test]
fn swiss_scores_count_byes_and_halves_in_the_next_round() {
    // After round 1: ann 1, cat 1 (bye), bob 0.5, dan 0.5 … ranks ann, cat (ratings), bob, dan.
    let event = json!({"format": "swiss",
        "entrants": [{"id": "ann", "rating": 1700}, {"id": "bob", "rating": 1600},
                     {"id": "cat", "rating": 1500}, {"id": "dan", "rating": 1400},
                     {"id": "eve", "rating": 1300}],
        "rounds": [{"tables": [{"seats": ["ann", "eve"], "points": [1, 0]},
                               {"seats": ["bob", "dan"], "points": [0.5, 0.5]}],
                    "byes": ["cat"]}]});
    let round = paired(&event);
    assert_eq!(round["round"], 2);
    // The bye goes to eve (the lowest score, and no second bye for cat); the rest pair by
    // score with the least squared differences: ann v cat, bob v dan would be a rematch, so
    // ann or cat meets bob or dan.
    assert_eq!(names(&round["byes"]), vec!["eve"]);
    let tables = seats(&round);
    assert_eq!(tables.len(), 2);
    for table in &tables {
        assert_ne!(table, &vec!["bob".to_string(), "dan".to_string()]);
    }
    // Seats in pairing-rank order, tables by their best-ranked entrant.
    assert_eq!(tables[0][0], "ann");
}
