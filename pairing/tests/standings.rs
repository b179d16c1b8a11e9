//! Standings through the commands: tiebreaks worked by hand, virtual opponents, wins,
//! head-to-head and shared ranks.

mod formats_support;

use formats_support::*;

#[test]
fn tiebreaks_worked_by_hand() {
    let event = json!({
        "format": "swiss",
        "entrants": [{"id": "ann", "rating": 1600}, {"id": "bob", "rating": 1500},
                     {"id": "cat", "rating": 1450}, {"id": "dan", "rating": 1300}],
        "rounds": [
            {"tables": [{"seats": ["ann", "bob"], "points": [1, 0], "game_points": [120, 80]},
                        {"seats": ["cat", "dan"], "points": [0.5, 0.5], "game_points": [100, 100]}]},
            {"tables": [{"seats": ["ann", "cat"], "points": [0.5, 0.5], "game_points": [90, 90]},
                        {"seats": ["bob", "dan"], "points": [1, 0], "game_points": [110, 70]}]}
        ],
        "options": {"tiebreaks": ["buchholz-cut-1", "buchholz", "sonneborn-berger", "wins",
                                  "median-buchholz", "game-points", "game-point-difference",
                                  "average-rating-of-opponents"]}
    });
    let response = standings_text(&event.to_string());
    assert_eq!(response.exit_code, 0, "{response:?}");
    // Scores: ann 1.5, bob 1, cat 1, dan 0.5. bob and cat are equal on cut-1 (2 − 0.5) and
    // Buchholz (2); Sonneborn-Berger: cat 0.5·0.5 + 0.5·1.5 = 1, bob 0·1.5 + 1·0.5 = 0.5.
    let expected = concat!(
        "{\"standings\": [\n",
        "  {\"rank\": 1, \"id\": \"ann\", \"score\": 1.5, \"tiebreaks\": {\"buchholz-cut-1\": 1, \"buchholz\": 2, \"sonneborn-berger\": 1.5, \"wins\": 1, \"median-buchholz\": 2, \"game-points\": 210, \"game-point-difference\": 40, \"average-rating-of-opponents\": 1475}},\n",
        "  {\"rank\": 2, \"id\": \"cat\", \"score\": 1, \"tiebreaks\": {\"buchholz-cut-1\": 1.5, \"buchholz\": 2, \"sonneborn-berger\": 1, \"wins\": 0, \"median-buchholz\": 2, \"game-points\": 190, \"game-point-difference\": 0, \"average-rating-of-opponents\": 1450}},\n",
        "  {\"rank\": 3, \"id\": \"bob\", \"score\": 1, \"tiebreaks\": {\"buchholz-cut-1\": 1.5, \"buchholz\": 2, \"sonneborn-berger\": 0.5, \"wins\": 1, \"median-buchholz\": 2, \"game-points\": 190, \"game-point-difference\": 0, \"average-rating-of-opponents\": 1450}},\n",
        "  {\"rank\": 4, \"id\": \"dan\", \"score\": 0.5, \"tiebreaks\": {\"buchholz-cut-1\": 1, \"buchholz\": 2, \"sonneborn-berger\": 0.5, \"wins\": 0, \"median-buchholz\": 2, \"game-points\": 170, \"game-point-difference\": -40, \"average-rating-of-opponents\": 1475}}\n",
        "]}\n"
    );
    assert_eq!(response.stdout, expected);
}

#[test]
fn byes_and_withdrawals_meet_a_virtual_opponent() {
    let event = json!({
        "format": "swiss",
        "entrants": [{"id": "ann"}, {"id": "bob"}, {"id": "cat", "withdrawn_after": 1}],
        "rounds": [
            {"tables": [{"seats": ["ann", "bob"], "points": [1, 0]}], "byes": ["cat"]},
            {"tables": [{"seats": ["bob", "ann"], "points": [0.5, 0.5]}]}
        ],
        "options": {"bye_points": 0.5, "tiebreaks": ["buchholz", "sonneborn-berger", "buchholz-cut-1"]}
    });
    let lines = standings(&event);
    // ann 1.5: opponents bob (0.5) twice: Buchholz 1, SB 1·0.5 + 0.5·0.5 = 0.75.
    // cat 0.5: bye (virtual 0.5) and a round after withdrawal (virtual 0.5): Buchholz 1;
    // SB 0.5 · 0.5 = 0.25; cut-1 0.5.
    // bob 0.5: ann twice, 3; SB 0.5 · 1.5 = 0.75.
    let find = |id: &str| lines.iter().find(|l| l["id"] == id).unwrap().clone();
    assert_eq!(
        find("ann")["tiebreaks"],
        json!({"buchholz": 1, "sonneborn-berger": 0.75, "buchholz-cut-1": 0.5})
    );
    assert_eq!(
        find("cat")["tiebreaks"],
        json!({"buchholz": 1, "sonneborn-berger": 0.25, "buchholz-cut-1": 0.5})
    );
    assert_eq!(
        find("bob")["tiebreaks"],
        json!({"buchholz": 3, "sonneborn-berger": 0.75, "buchholz-cut-1": 1.5})
    );
    assert_eq!(find("ann")["rank"], 1);
    assert_eq!(find("bob")["rank"], 2);
    assert_eq!(find("cat")["rank"], 3);
}

#[test]
fn a_swiss_round_missed_meets_a_virtual_opponent_of_the_entrants_own_score() {
    // eve enters late and misses round 1; dan has the bye in round 2.
    let event = json!({
        "format": "swiss",
        "entrants": entrants(&["ann", "bob", "cat", "dan", "eve"]),
        "rounds": [
            {"tables": [{"seats": ["ann", "bob"], "points": [1, 0]},
                        {"seats": ["cat", "dan"], "points": [1, 0]}]},
            {"tables": [{"seats": ["eve", "ann"], "points": [1, 0]},
                        {"seats": ["cat", "bob"], "points": [1, 0]}],
             "byes": ["dan"]}
        ],
        "options": {"tiebreaks": ["buchholz", "buchholz-cut-1", "sonneborn-berger"]}
    });
    let lines = standings(&event);
    // Scores: cat 2, ann 1, dan 1 (the bye), eve 1, bob 0. eve's missed round 1 is a virtual
    // opponent of eve's own 1, beside ann's 1: Buchholz 2, cut-1 1; Sonneborn-Berger 1 · 1
    // for beating ann and nothing for the round missed (no points scored). ann met bob (0)
    // and eve (1): Buchholz 1. dan met cat (2) and had the bye (a virtual 1): Buchholz 3.
    // Without the virtual opponent eve (Buchholz 1, cut-1 0) would rank below ann.
    let got: Vec<(u64, &str, Value)> = lines
        .iter()
        .map(|l| {
            (
                l["rank"].as_u64().unwrap(),
                l["id"].as_str().unwrap(),
                l["tiebreaks"].clone(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (
                1,
                "cat",
                json!({"buchholz": 1, "buchholz-cut-1": 1, "sonneborn-berger": 1})
            ),
            (
                2,
                "dan",
                json!({"buchholz": 3, "buchholz-cut-1": 2, "sonneborn-berger": 1})
            ),
            (
                3,
                "eve",
                json!({"buchholz": 2, "buchholz-cut-1": 1, "sonneborn-berger": 1})
            ),
            (
                4,
                "ann",
                json!({"buchholz": 1, "buchholz-cut-1": 1, "sonneborn-berger": 0})
            ),
            (
                5,
                "bob",
                json!({"buchholz": 3, "buchholz-cut-1": 2, "sonneborn-berger": 0})
            ),
        ]
    );

    // An absence in the middle counts the same; a table still being played counts for
    // nothing. ann misses round 2 and is at a table in progress in round 3.
    let event = json!({
        "format": "swiss",
        "entrants": entrants(&["ann", "bob", "cat", "dan"]),
        "rounds": [
            {"tables": [{"seats": ["ann", "bob"], "points": [1, 0]},
                        {"seats": ["cat", "dan"], "points": [0, 1]}]},
            {"tables": [{"seats": ["dan", "bob"], "points": [1, 0]}],
             "byes": ["cat"]},
            {"tables": [{"seats": ["dan", "ann"]}, {"seats": ["bob", "cat"], "points": [1, 0]}]}
        ],
        "options": {"tiebreaks": ["buchholz", "median-buchholz"]}
    });
    let lines = standings(&event);
    let find = |id: &str| lines.iter().find(|l| l["id"] == id).unwrap().clone();
    // ann 1: bob (1), then a virtual 1 for round 2; round 3 in progress adds nothing, so two
    // rounds: median-Buchholz is Buchholz.
    assert_eq!(find("ann")["score"], json!(1));
    assert_eq!(
        find("ann")["tiebreaks"],
        json!({"buchholz": 2, "median-buchholz": 2})
    );
    // cat 1: dan (2), the bye (a virtual 1), bob (1): median-Buchholz keeps the middle 1.
    assert_eq!(
        find("cat")["tiebreaks"],
        json!({"buchholz": 4, "median-buchholz": 1})
    );
}

#[test]
fn wins_count_tables_where_the_entrant_outscored_every_opponent() {
    let wins = |seats: usize, partnerships: bool, tables: Value| {
        let event = json!({"format": "swiss", "seats": seats, "partnerships": partnerships,
                           "entrants": entrants(&["a", "b", "c", "d", "e", "f", "g", "h"]),
                           "rounds": [{"tables": tables}],
                           "options": {"tiebreaks": ["wins"], "remainder": "smaller-tables"}});
        let mut got: Vec<(String, Value)> = standings(&event)
            .iter()
            .map(|l| {
                (
                    l["id"].as_str().unwrap().to_string(),
                    l["tiebreaks"]["wins"].clone(),
                )
            })
            .collect();
        got.sort_by(|x, y| x.0.cmp(&y.0));
        got.into_iter().map(|(_, wins)| wins).collect::<Vec<_>>()
    };
    // Three seats: a outscores both; d and e share the top of their table, so neither wins.
    assert_eq!(
        wins(
            3,
            false,
            json!([{"seats": ["a", "b", "c"], "points": [2, 1, 0]},
                               {"seats": ["d", "e", "f"], "points": [1, 1, 0]},
                               {"seats": ["g", "h"], "points": [0, 1]}])
        ),
        json!([1, 0, 0, 0, 0, 0, 0, 1]).as_array().unwrap().clone()
    );
    // Four seats by place: only the first; equal firsts win nothing.
    assert_eq!(
        wins(
            4,
            false,
            json!([{"seats": ["a", "b", "c", "d"], "points": [3, 2, 1, 0]},
                               {"seats": ["e", "f", "g", "h"], "points": [3, 3, 0, 0]}])
        ),
        json!([1, 0, 0, 0, 0, 0, 0, 0]).as_array().unwrap().clone()
    );
    // Partnerships: a and c (seats 1 and 3) outscore b and d; the partner's equal points do
    // not count against either. A drawn table is no one's win.
    assert_eq!(
        wins(
            4,
            true,
            json!([{"seats": ["a", "b", "c", "d"], "points": [1, 0, 1, 0]},
                              {"seats": ["e", "f", "g", "h"], "points": [0.5, 0.5, 0.5, 0.5]}])
        ),
        json!([1, 0, 1, 0, 0, 0, 0, 0]).as_array().unwrap().clone()
    );
}

#[test]
fn head_to_head_separates_entrants_who_met_and_ranks_are_shared_otherwise() {
    let event = json!({
        "format": "swiss",
        "entrants": entrants(&["ann", "bob", "cat", "dan", "eve"]),
        "rounds": [
            {"tables": [{"seats": ["ann", "bob"], "points": [1, 0]},
                        {"seats": ["cat", "dan"], "points": [0, 1]}], "byes": ["eve"]},
        ],
        "options": {"tiebreaks": ["head-to-head"], "bye_points": 1}
    });
    let lines = standings(&event);
    let got: Vec<(u64, &str, Value)> = lines
        .iter()
        .map(|l| {
            (
                l["rank"].as_u64().unwrap(),
                l["id"].as_str().unwrap(),
                l["tiebreaks"]["head-to-head"].clone(),
            )
        })
        .collect();
    // ann, dan and eve have 1; they have not all met: head-to-head does not apply, and they
    // share rank 1 in entry order. bob and cat have 0 and have not met.
    assert_eq!(
        got,
        vec![
            (1, "ann", json!(0)),
            (1, "dan", json!(0)),
            (1, "eve", json!(0)),
            (4, "bob", json!(0)),
            (4, "cat", json!(0)),
        ]
    );
    let event = json!({
        "format": "swiss",
        "entrants": entrants(&["ann", "bob", "cat", "dan"]),
        "rounds": [
            {"tables": [{"seats": ["ann", "bob"], "points": [1, 0]}, {"seats": ["cat", "dan"], "points": [0, 1]}]},
            {"tables": [{"seats": ["ann", "cat"], "points": [0, 1]}, {"seats": ["bob", "dan"], "points": [1, 0]}]},
            {"tables": [{"seats": ["ann", "dan"], "points": [1, 0]}, {"seats": ["bob", "cat"], "points": [1, 0]}]}
        ],
        "options": {"tiebreaks": ["head-to-head"]}
    });
    let lines = standings(&event);
    let got: Vec<(u64, &str, Value)> = lines
        .iter()
        .map(|l| {
            (
                l["rank"].as_u64().unwrap(),
                l["id"].as_str().unwrap(),
                l["tiebreaks"]["head-to-head"].clone(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (1, "ann", json!(1)),
            (2, "bob", json!(0)),
            (3, "dan", json!(1)),
            (4, "cat", json!(0)),
        ]
    );
}
