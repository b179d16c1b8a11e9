//! Round robin through the commands: the Berger tables by seed, the entrant drawn against the
//! dummy sitting out.

mod formats_support;

use formats_support::*;

#[test]
fn round_robins_follow_the_berger_tables_by_seed() {
    // Seeded by rating: dan 1, cat 2, bob 3, ann 4.
    let mut event = json!({"format": "round-robin", "entrants": [
        {"id": "ann", "rating": 1}, {"id": "bob", "rating": 2},
        {"id": "cat", "rating": 3}, {"id": "dan", "rating": 4}]});
    let expected = [
        vec![vec!["dan", "ann"], vec!["cat", "bob"]],
        vec![vec!["ann", "bob"], vec!["dan", "cat"]],
        vec![vec!["cat", "ann"], vec!["bob", "dan"]],
    ];
    for (r, tables) in expected.iter().enumerate() {
        let round = paired(&event);
        assert_eq!(round["round"], r + 1);
        assert_eq!(&seats(&round), tables);
        let played = first_wins(&seats(&round));
        match event["rounds"].as_array_mut() {
            Some(rounds) => rounds.push(json!({"tables": played})),
            None => event["rounds"] = json!([{"tables": played}]),
        }
    }
    let (code, out) = pair(&event);
    assert_eq!(code, 3);
    assert!(out["reason"].as_str().unwrap().contains("round robin"));
    // Every round is paired even while the last is being played.
    let last = event["rounds"].as_array_mut().unwrap().last_mut().unwrap();
    for table in last["tables"].as_array_mut().unwrap() {
        table.as_object_mut().unwrap().remove("points");
    }
    assert_eq!(pair(&event).0, 3);
}

#[test]
fn an_odd_round_robin_sits_out_the_entrant_drawn_against_the_dummy() {
    let event = json!({"format": "round-robin", "entrants": entrants(&["a", "b", "c"]),
                       "options": {"seeding": "entry"}});
    // Berger for 4, round 1: 1-4, 2-3; seed 4 is the dummy.
    let round = paired(&event);
    assert_eq!(seats(&round), vec![vec!["b", "c"]]);
    assert_eq!(names(&round["byes"]), vec!["a"]);
    assert_eq!(round["tables"][0]["table"], 1);
}
