//! Swiss through the commands: the first round, scores with byes and halves, the end of an
//! event with no active entrant.

mod formats_support;

use formats_support::*;

#[test]
fn a_swiss_round_with_no_active_entrant_is_the_events_end() {
    for seats in [2usize, 3, 4] {
        let ids = &["ann", "bob", "cat", "dan"][..seats];
        let everyone_withdraws: Vec<Value> = ids
            .iter()
            .map(|id| json!({"id": id, "withdrawn_after": 1}))
            .collect();
        let event = json!({
            "format": "swiss",
            "seats": seats,
            "entrants": everyone_withdraws,
            "rounds": [{"tables": [{"seats": ids, "points": vec![1; seats]}]}]
        });
        let response = pair_text(&event.to_string());
        assert_eq!(response.exit_code, 3, "{response:?}");
        assert!(response.stderr.is_empty());
        assert_eq!(
            serde_json::from_str::<Value>(&response.stdout).unwrap(),
            json!({"round": null,
                   "reason": "the event is over: every entrant has withdrawn, so no one is left to pair"})
        );
    }
    // One entrant left at two seats is still paired: it has the bye.
    let event = json!({
        "format": "swiss",
        "entrants": [{"id": "ann"}, {"id": "bob", "withdrawn_after": 1}],
        "rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [1, 0]}]}]
    });
    let round = paired(&event);
    assert_eq!(seats(&round), Vec::<Vec<String>>::new());
    assert_eq!(names(&round["byes"]), vec!["ann"]);
}

#[test]
fn a_swiss_first_round_is_top_half_against_bottom_half_by_rating() {
    let event = json!({"format": "swiss", "entrants": [
        {"id": "f", "rating": 1100}, {"id": "b", "rating": 1500}, {"id": "d", "rating": 1300},
        {"id": "a", "rating": 1600}, {"id": "e", "rating": 1200}, {"id": "c", "rating": 1400}]});
    let round = paired(&event);
    assert_eq!(round["round"], 1);
    assert_eq!(
        seats(&round),
        vec![vec!["a", "d"], vec!["b", "e"], vec!["c", "f"]]
    );
    assert_eq!(round["tables"][2]["table"], 3);
    assert_eq!(names(&round["byes"]), Vec::<String>::new());
    // Five: the bye to the lowest-ranked, then 1 v 3 and 2 v 4.
    let mut five = event.clone();
    five["entrants"]
        .as_array_mut()
        .unwrap()
        .retain(|e| e["id"] != "f");
    let round = paired(&five);
    assert_eq!(seats(&round), vec![vec!["a", "c"], vec!["b", "d"]]);
    assert_eq!(names(&round["byes"]), vec!["e"]);
}

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
