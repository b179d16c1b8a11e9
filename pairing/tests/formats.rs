//! Each format through the commands' text interface, from the specification's examples and
//! small events worked by hand.

use fives_pairing::command::{pair_text, standings_text};
use serde_json::{Value, json};

fn pair(event: &Value) -> (u8, Value) {
    let response = pair_text(&event.to_string());
    let out = if response.stdout.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&response.stdout).expect("the output is JSON")
    };
    assert_eq!(
        response.exit_code != 0 && response.exit_code != 3,
        response.stdout.is_empty(),
        "{response:?}"
    );
    (response.exit_code, out)
}

fn paired(event: &Value) -> Value {
    let (code, out) = pair(event);
    assert_eq!(code, 0, "{out}");
    out
}

fn refusal(event: &Value) -> String {
    let response = pair_text(&event.to_string());
    assert_eq!(response.exit_code, 2, "{response:?}");
    response.stderr.trim_end().to_string()
}

fn seats(round: &Value) -> Vec<Vec<String>> {
    round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            t["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

fn entrants(ids: &[&str]) -> Value {
    // Ratings fall with entry order, so rating seeding is entry order too.
    Value::from(
        ids.iter()
            .enumerate()
            .map(|(i, id)| json!({"id": id, "rating": 2000 - 10 * i as i64}))
            .collect::<Vec<_>>(),
    )
}

fn standings(event: &Value) -> Vec<Value> {
    let response = standings_text(&event.to_string());
    assert_eq!(response.exit_code, 0, "{response:?}");
    let out: Value = serde_json::from_str(&response.stdout).unwrap();
    out["standings"].as_array().unwrap().clone()
}

/// Plays a table: the first seat wins.
fn first_wins(tables: &[Vec<String>]) -> Value {
    Value::from(
        tables
            .iter()
            .map(|seats| json!({"seats": seats, "points": [1, 0]}))
            .collect::<Vec<_>>(),
    )
}

#[test]
fn the_refusal_names_its_place() {
    let event = json!({
        "format": "swiss",
        "entrants": entrants(&["ann", "bob", "cat", "eve"]),
        "rounds": [
            {"tables": [{"seats": ["ann", "bob"], "points": [1, 0]},
                        {"seats": ["cat", "eve"], "points": [1, 0]}]},
            {"tables": [{"seats": ["ann", "cat"], "points": [1, 0]},
                        {"seats": ["bob", "eve"], "points": [1, 0]},
                        {"seats": ["dan", "eve"], "points": [1, 0]}]}
        ]
    });
    assert_eq!(
        refusal(&event),
        r#"round 2, table 3: "dan" is not an entrant"#
    );
}

#[test]
fn every_rule_of_the_document_is_enforced() {
    let base = json!({"format": "swiss", "entrants": entrants(&["ann", "bob", "cat", "dan"])});
    let with = |patch: Value| {
        let mut event = base.clone();
        for (key, value) in patch.as_object().unwrap() {
            event[key] = value.clone();
        }
        event
    };
    let cases = [
        (json!({"seats": 5}), "seats must be 2, 3 or 4, not 5"),
        (
            json!({"format": "knockout", "seats": 3}),
            "a knockout event takes 2 seats, not 3",
        ),
        (
            json!({"seats": 3, "partnerships": true}),
            "partnerships need 4 seats, not 3",
        ),
        (
            json!({"entrants": [{"id": "ann"}]}),
            "an event needs at least 2 entrants, not 1",
        ),
        (
            json!({"entrants": [{"id": "ann"}, {"id": ""}]}),
            "entrant 2: an entrant's id must not be empty",
        ),
        (
            json!({"entrants": [{"id": "ann"}, {"id": "ann"}]}),
            r#"entrant 2: "ann" is entered twice"#,
        ),
        (
            json!({"rounds": [{"tables": [{"seats": ["ann", "bob", "cat"], "points": [1, 0, 0]}]}]}),
            "round 1, table 1: a table has 2 seats here, not 3",
        ),
        (
            json!({"rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [1]}]}]}),
            "round 1, table 1: points needs one number per seat (2), not 1",
        ),
        (
            json!({"rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [1, 0], "game_points": [1, 2, 3]}]}]}),
            "round 1, table 1: game_points needs one number per seat (2), not 3",
        ),
        (
            json!({"rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [1, 0]},
                                       {"seats": ["cat", "ann"], "points": [1, 0]}]}]}),
            r#"round 1, table 2: "ann" is seated twice in the round"#,
        ),
        (
            json!({"rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [1, 0]}], "byes": ["bob"]}]}),
            r#"round 1, byes: "bob" is seated twice in the round"#,
        ),
        (
            json!({"rounds": [{"tables": [{"seats": ["ann", "bob"]}]},
                           {"tables": [{"seats": ["ann", "cat"], "points": [1, 0]}]}]}),
            "round 1, table 1: the table has no points, but only the last round may be unfinished",
        ),
        (
            json!({"rounds": [{"tables": [{"seats": ["ann", "bob"]}, {"seats": ["cat", "dan"], "points": [0, 1]}]}]}),
            "round 1, table 1: the table has no points yet; the next round is paired when every table of the last one has points",
        ),
        (
            json!({"entrants": [{"id": "ann"}, {"id": "bob", "withdrawn_after": 0}],
                "rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [1, 0]}]}]}),
            r#"round 1, table 1: "bob" withdrew after round 0"#,
        ),
        (
            json!({"format": "knockout", "rounds": [{"tables": [{"seats": ["ann", "dan"], "points": [1, 1]}]}]}),
            "round 1, table 1: a knockout table needs a winner, but the points are equal",
        ),
        (
            json!({"options": {"tiebreaks": ["buchholz", "koya"]}}),
            "options: unknown tiebreak \"koya\" (one of buchholz, buchholz-cut-1, median-buchholz, sonneborn-berger, wins, game-points, game-point-difference, head-to-head, average-rating-of-opponents)",
        ),
        (
            json!({"options": {"tiebreaks": ["wins", "wins"]}}),
            "options: the tiebreak \"wins\" is given twice",
        ),
        (
            json!({"options": {"third-place": true}}),
            "options: unknown option \"third-place\"",
        ),
        (
            json!({"format": "groups"}),
            "options: a groups event needs the option groups",
        ),
        (
            json!({"format": "groups", "options": {"groups": 3, "advance": 1}}),
            "options: groups × advance must be a power of two, at least 2, not 3 × 1 = 3",
        ),
        (
            json!({"format": "groups", "options": {"groups": 2, "advance": 4}}),
            "options: group A would have 2 entrants; each group needs at least 4",
        ),
        (
            json!({"rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [0.1234567, 0]}]}]}),
            "round 1, table 1, points item 1: 0.1234567 has more than 6 decimals",
        ),
        (
            json!({"format": "chess"}),
            "format: unknown variant `chess`, expected one of `swiss`, `knockout`, `double-elimination`, `round-robin`, `groups`",
        ),
    ];
    for (patch, message) in cases {
        let event = with(patch.clone());
        let got = refusal(&event);
        assert!(got.starts_with(message), "{patch}: {got}");
    }
    let response = pair_text("not json");
    assert_eq!(response.exit_code, 2);
    assert!(response.stdout.is_empty());
    assert!(
        refusal(&json!("x")).starts_with("invalid type: string \"x\", expected an event document")
    );
    assert!(
        refusal(
            &json!({"format": "swiss", "entrants": [{"id": "a"}, {"id": "b"}],
                        "rounds": [{"tables": [{"seats": ["a", "b"], "points": [1, "0"]}]}]})
        )
        .starts_with(
            "round 1, table 1, points item 2: invalid type: string \"0\", expected a number"
        )
    );
}

#[test]
fn anything_but_white_space_after_the_document_is_refused() {
    let document = json!({"format": "knockout", "entrants": entrants(&["ann", "bob"])}).to_string();
    for (text, paired) in [
        (document.clone(), true),
        (format!("  {document} \n\t\r\n"), true),
        (format!("{document} x"), false),
        (format!("{document}{document}"), false),
        (format!("{document}\n{document}\n"), false),
        (format!("{document} ,"), false),
        (format!("{document} 1"), false),
    ] {
        for response in [pair_text(&text), standings_text(&text)] {
            if paired {
                assert_eq!(response.exit_code, 0, "{text:?}: {response:?}");
            } else {
                assert_eq!(response.exit_code, 2, "{text:?}: {response:?}");
                assert!(response.stdout.is_empty(), "{text:?}");
                assert!(
                    response.stderr.starts_with("trailing characters at line "),
                    "{text:?}: {}",
                    response.stderr
                );
            }
        }
    }
}

#[test]
fn underscore_options_and_echoed_output_fields_are_accepted() {
    let event = json!({
        "format": "knockout",
        "name": "County singles",
        "entrants": entrants(&["ann", "bob"]),
        "rounds": [{"round": 1, "tables": [{"table": 1, "seats": ["ann", "bob"], "points": [0, 1]}], "byes": []}],
        "options": {"_note": "no third place"}
    });
    let (code, out) = pair(&event);
    assert_eq!(code, 3);
    assert_eq!(
        out,
        json!({"round": null, "reason": "the event is over: \"bob\" is the champion"})
    );
    // The reason is on standard output only.
    assert!(pair_text(&event.to_string()).stderr.is_empty());
}

#[test]
fn knockout_of_eight_follows_the_place_order() {
    let ids = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"];
    let mut event = json!({"format": "knockout", "entrants": entrants(&ids)});
    let round = paired(&event);
    assert_eq!(round["round"], 1);
    assert_eq!(
        seats(&round),
        vec![
            vec!["s1", "s8"],
            vec!["s4", "s5"],
            vec!["s2", "s7"],
            vec!["s3", "s6"]
        ]
    );
    assert_eq!(round["tables"][3]["table"], 4);
    // Upsets: the second seat wins everywhere.
    let results: Vec<Value> = seats(&round)
        .iter()
        .map(|s| json!({"seats": s, "points": [0, 1]}))
        .collect();
    event["rounds"] = json!([{"tables": results}]);
    let round = paired(&event);
    // Winners of tables 1 and 2, then 3 and 4; the better seed first.
    assert_eq!(seats(&round), vec![vec!["s5", "s8"], vec!["s6", "s7"]]);
    event["rounds"]
        .as_array_mut()
        .unwrap()
        .push(json!({"tables": first_wins(&seats(&round))}));
    let round = paired(&event);
    assert_eq!(seats(&round), vec![vec!["s5", "s6"]]);
    event["rounds"]
        .as_array_mut()
        .unwrap()
        .push(json!({"tables": first_wins(&seats(&round))}));
    let (code, out) = pair(&event);
    assert_eq!(code, 3);
    assert_eq!(out["round"], Value::Null);
    assert!(
        out["reason"]
            .as_str()
            .unwrap()
            .contains("\"s5\" is the champion")
    );
    let lines = standings(&event);
    let rank_of = |id: &str| lines.iter().find(|l| l["id"] == id).unwrap()["rank"].clone();
    assert_eq!(rank_of("s5"), 1);
    assert_eq!(rank_of("s6"), 2);
    assert_eq!(rank_of("s8"), 3);
    assert_eq!(rank_of("s7"), 3);
    for id in ["s1", "s2", "s3", "s4"] {
        assert_eq!(rank_of(id), 5);
    }
}

#[test]
fn knockout_byes_go_to_the_top_seeds_and_third_place_is_played() {
    let ids = ["a", "b", "c", "d", "e"];
    let mut event = json!({"format": "knockout", "entrants": entrants(&ids),
                           "options": {"third_place": true}});
    let round = paired(&event);
    // P = 8: places 1 8 4 5 2 7 3 6; seeds 6, 7, 8 are byes.
    assert_eq!(seats(&round), vec![vec!["d", "e"]]);
    assert_eq!(names(&round["byes"]), vec!["a", "b", "c"]);
    assert_eq!(round["tables"][0]["table"], 1);
    event["rounds"] =
        json!([{"tables": [{"seats": ["d", "e"], "points": [0, 2]}], "byes": ["a", "b", "c"]}]);
    let round = paired(&event);
    assert_eq!(seats(&round), vec![vec!["a", "e"], vec!["b", "c"]]);
    assert_eq!(names(&round["byes"]), Vec::<String>::new());
    event["rounds"]
        .as_array_mut()
        .unwrap()
        .push(json!({"tables": first_wins(&seats(&round))}));
    let round = paired(&event);
    assert_eq!(seats(&round), vec![vec!["a", "b"], vec!["c", "e"]]);
    assert_eq!(round["tables"][1]["table"], 2);
    event["rounds"]
        .as_array_mut()
        .unwrap()
        .push(json!({"tables": [
            {"seats": ["a", "b"], "points": [0, 1]},
            {"seats": ["c", "e"], "points": [0, 1]}
        ]}));
    let (code, out) = pair(&event);
    assert_eq!(code, 3);
    assert!(out["reason"].as_str().unwrap().contains("\"b\""));
    let ranks: Vec<(String, u64)> = standings(&event)
        .iter()
        .map(|l| {
            (
                l["id"].as_str().unwrap().to_string(),
                l["rank"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        ranks,
        vec![
            ("b".into(), 1),
            ("a".into(), 2),
            ("e".into(), 3),
            ("c".into(), 4),
            ("d".into(), 5)
        ]
    );
}

/// Each line of the standings as (id, rank), in the order listed.
fn ranks(event: &Value) -> Vec<(String, u64)> {
    standings(event)
        .iter()
        .map(|l| {
            (
                l["id"].as_str().unwrap().to_string(),
                l["rank"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn ranked(pairs: &[(&str, u64)]) -> Vec<(String, u64)> {
    pairs
        .iter()
        .map(|&(id, rank)| (id.to_string(), rank))
        .collect()
}

#[test]
fn a_knockout_in_progress_ranks_those_still_in_first_then_by_the_round_they_went_out_in() {
    let mut event = json!({"format": "knockout",
                           "entrants": entrants(&["a", "b", "c", "d", "e", "f", "g", "h"]),
                           "options": {"third_place": true,
                                       "tiebreaks": ["buchholz"]},
                           "rounds": [{"tables": first_wins(&[
                               vec!["a".into(), "h".into()], vec!["d".into(), "e".into()],
                               vec!["b".into(), "g".into()], vec!["c".into(), "f".into()]])}]});
    // The four still in share rank 1, the four out in round 1 rank 5, in entry order.
    assert_eq!(
        ranks(&event),
        ranked(&[
            ("a", 1),
            ("b", 1),
            ("c", 1),
            ("d", 1),
            ("e", 5),
            ("f", 5),
            ("g", 5),
            ("h", 5)
        ])
    );
    event["rounds"]
        .as_array_mut()
        .unwrap()
        .push(json!({"tables": [
            {"seats": ["a", "d"], "points": [0, 1]},
            {"seats": ["b", "c"], "points": [1, 0]}
        ]}));
    // The third-place play-off not yet played: both losing semi-finalists are 3.
    assert_eq!(
        ranks(&event),
        ranked(&[
            ("b", 1),
            ("d", 1),
            ("a", 3),
            ("c", 3),
            ("e", 5),
            ("f", 5),
            ("g", 5),
            ("h", 5)
        ])
    );
    // The final played, the third-place table still being played: the champion, the
    // runner-up, then both semi-finalists still 3.
    event["rounds"]
        .as_array_mut()
        .unwrap()
        .push(json!({"tables": [
            {"seats": ["b", "d"], "points": [0, 1]},
            {"seats": ["a", "c"]}
        ]}));
    assert_eq!(
        ranks(&event),
        ranked(&[
            ("d", 1),
            ("b", 2),
            ("a", 3),
            ("c", 3),
            ("e", 5),
            ("f", 5),
            ("g", 5),
            ("h", 5)
        ])
    );
    // The play-off's winner above its loser, whatever their tiebreaks.
    event["rounds"][2]["tables"][1]["points"] = json!([0, 1]);
    assert_eq!(
        ranks(&event),
        ranked(&[
            ("d", 1),
            ("b", 2),
            ("c", 3),
            ("a", 4),
            ("e", 5),
            ("f", 5),
            ("g", 5),
            ("h", 5)
        ])
    );
}

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
fn a_knockout_round_must_be_the_brackets() {
    let event = json!({"format": "knockout", "entrants": entrants(&["a", "b", "c", "d"]),
                       "rounds": [{"tables": [{"seats": ["a", "b"], "points": [1, 0]},
                                              {"seats": ["c", "d"], "points": [1, 0]}]}]});
    assert_eq!(
        refusal(&event),
        r#"round 1, table 1: the bracket does not pair "a" and "b" here"#
    );
    let event = json!({"format": "knockout", "entrants": entrants(&["a", "b", "c", "d"]),
                       "rounds": [{"tables": [{"seats": ["d", "a"], "points": [0, 1]}]}]});
    assert_eq!(
        refusal(&event),
        r#"round 1: the bracket's table "b" v "c" is missing"#
    );
}

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
