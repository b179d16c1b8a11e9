//! Groups through the commands: the snake deal, then the play-off seeded across groups.

mod formats_support;

use formats_support::*;

#[test]
fn groups_snake_then_seed_the_play_off_across_groups() {
    let ids = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"];
    let mut event = json!({"format": "groups", "entrants": entrants(&ids),
                           "options": {"groups": 2, "advance": 2}});
    // A: s1 s4 s5 s8; B: s2 s3 s6 s7. Berger for 4: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    let expected = [
        vec![
            vec!["s1", "s8"],
            vec!["s4", "s5"],
            vec!["s2", "s7"],
            vec!["s3", "s6"],
        ],
        vec![
            vec!["s8", "s5"],
            vec!["s1", "s4"],
            vec!["s7", "s6"],
            vec!["s2", "s3"],
        ],
        vec![
            vec!["s4", "s8"],
            vec!["s5", "s1"],
            vec!["s3", "s7"],
            vec!["s6", "s2"],
        ],
    ];
    event["rounds"] = json!([]);
    for tables in expected {
        let round = paired(&event);
        assert_eq!(seats(&round), tables);
        let groups: Vec<&str> = round["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["group"].as_str().unwrap())
            .collect();
        assert_eq!(groups, ["A", "A", "B", "B"]);
        let numbers: Vec<u64> = round["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["table"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers, [1, 2, 3, 4]);
        // The better seed (earlier in `ids`) wins every game.
        let played: Vec<Value> = tables
            .iter()
            .map(|s| {
                let first_better = s[0] < s[1];
                json!({"seats": s, "points": if first_better { [1, 0] } else { [0, 1] }})
            })
            .collect();
        event["rounds"]
            .as_array_mut()
            .unwrap()
            .push(json!({"tables": played}));
    }
    // A: s1 3, s4 2; B: s2 3, s3 2. The play-off is seeded A1 s1, B1 s2, A2 s4, B2 s3:
    // places 1 4 2 3.
    let round = paired(&event);
    assert_eq!(round["round"], 4);
    assert_eq!(seats(&round), vec![vec!["s1", "s3"], vec!["s2", "s4"]]);
    for table in round["tables"].as_array().unwrap() {
        assert_eq!(table["stage"], "play-off");
        assert!(table.get("group").is_none());
    }
    let lines = standings(&event);
    assert_eq!(lines.len(), 8);
    assert_eq!(lines[0]["group"], "A");
    assert_eq!(lines[0]["id"], "s1");
    assert_eq!(lines[0]["rank"], 1);
    assert_eq!(lines[4]["group"], "B");
    assert_eq!(lines[4]["id"], "s2");
}
