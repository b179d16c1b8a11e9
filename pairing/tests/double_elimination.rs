//! Double elimination through the commands: what can be played, the reset final, standings in
//! progress.

mod formats_support;

use formats_support::*;

#[test]
fn a_double_elimination_in_progress_ranks_those_still_in_first() {
    let mut event = json!({"format": "double-elimination",
                           "entrants": entrants(&["a", "b", "c", "d"]),
                           "rounds": [{"tables": [
                               {"seats": ["a", "d"], "points": [1, 0]},
                               {"seats": ["b", "c"], "points": [1, 0]}]}]});
    // One loss each for c and d: nobody is out.
    assert_eq!(
        ranks(&event),
        ranked(&[("a", 1), ("b", 1), ("c", 1), ("d", 1)])
    );
    let round = paired(&event);
    assert_eq!(seats(&round), vec![vec!["a", "b"], vec!["c", "d"]]);
    event["rounds"]
        .as_array_mut()
        .unwrap()
        .push(json!({"tables": [
            {"seats": ["a", "b"], "points": [1, 0]},
            {"seats": ["c", "d"], "points": [1, 0]}
        ]}));
    // d's second loss puts it out, in the losers' bracket's first round.
    assert_eq!(
        ranks(&event),
        ranked(&[("a", 1), ("b", 1), ("c", 1), ("d", 4)])
    );
}

#[test]
fn a_double_elimination_pairs_what_can_be_played_and_refuses_naming_the_table_it_waits_for() {
    let ids = ["a", "b", "c", "d", "e", "f", "g", "h"];
    // Round 1 in place order 1 8 4 5 2 7 3 6; the last two tables are still being played.
    let event = json!({"format": "double-elimination", "entrants": entrants(&ids),
                       "rounds": [{"tables": [
                           {"seats": ["a", "h"], "points": [1, 0]},
                           {"seats": ["d", "e"], "points": [1, 0]},
                           {"seats": ["b", "g"]},
                           {"seats": ["c", "f"]}]}]});
    let round = paired(&event);
    assert_eq!(seats(&round), vec![vec!["a", "d"], vec!["e", "h"]]);
    let brackets: Vec<&str> = round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["bracket"].as_str().unwrap())
        .collect();
    assert_eq!(brackets, vec!["winners", "losers"]);

    // Four entrants, one table of round 1 in progress: the winners' final and the losers'
    // first round both wait for it.
    let event = json!({"format": "double-elimination", "entrants": entrants(&ids[..4]),
                       "rounds": [{"tables": [
                           {"seats": ["a", "d"], "points": [1, 0]},
                           {"seats": ["b", "c"]}]}]});
    assert_eq!(
        refusal(&event),
        "round 1, table 2: the table has no points yet, and no other table can be played until it has"
    );
}

#[test]
fn double_elimination_runs_to_a_reset_final() {
    let mut event = json!({"format": "double-elimination", "entrants": entrants(&["a", "b", "c", "d"]),
                           "rounds": []});
    let mut brackets = Vec::new();
    for _ in 0..10 {
        let (code, round) = pair(&event);
        if code == 3 {
            assert!(round["reason"].as_str().unwrap().contains("champion"));
            break;
        }
        let tables = seats(&round);
        brackets.push(
            round["tables"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["bracket"].as_str().unwrap().to_string())
                .collect::<Vec<_>>(),
        );
        // The second seat (the worse seed) wins every table but the first final, which the
        // losers' bracket winner c wins against d.
        let first_final = tables == [vec!["c".to_string(), "d".to_string()]] && brackets.len() == 4;
        let points = if first_final { [1, 0] } else { [0, 1] };
        let played: Vec<Value> = tables
            .iter()
            .map(|s| json!({"seats": s, "points": points}))
            .collect();
        event["rounds"]
            .as_array_mut()
            .unwrap()
            .push(json!({"tables": played}));
    }
    assert_eq!(
        brackets,
        vec![
            vec!["winners", "winners"],
            vec!["winners", "losers"],
            vec!["losers"],
            vec!["final"],
            vec!["final"],
        ]
    );
    let ranks: Vec<(String, u64)> = standings(&event)
        .iter()
        .map(|l| {
            (
                l["id"].as_str().unwrap().to_string(),
                l["rank"].as_u64().unwrap(),
            )
        })
        .collect();
    // The reset final's second seat d won: c out second, b out in the losers' final, a in the
    // losers' first round.
    assert_eq!(
        ranks,
        vec![
            ("d".into(), 1),
            ("c".into(), 2),
            ("b".into(), 3),
            ("a".into(), 4)
        ]
    );
}
