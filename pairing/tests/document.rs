//! The event document through the commands: every rule and refusal, from the specification.

mod formats_support;

use formats_support::*;

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
