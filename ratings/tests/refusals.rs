//! Every rule of the games document: a document that breaks it is refused with exit 2, nothing
//! on standard output, and a message naming the place.

use fives_ratings::command::ratings_text;
use fives_ratings::document::MAX_PLAYERS;

/// A game of two singles sides, with `extra` keys spliced in.
fn game(id: &str, a: &str, b: &str, extra: &str) -> String {
    format!(
        r#"{{"id": "{id}", "date": "2026-11-24", "sides": [["{a}"], ["{b}"]], "ranks": [1, 2]{extra}}}"#
    )
}

fn weng_lin(games: &[String]) -> String {
    format!(r#"{{"games": [{}]}}"#, games.join(", "))
}

#[track_caller]
fn assert_refused(document: &str, place: &str, words: &str) {
    let response = ratings_text(document);
    assert_eq!(response.exit_code, 2, "{document}\n{}", response.stdout);
    assert_eq!(response.stdout, "");
    let message = response.stderr;
    assert!(
        message.ends_with('\n') && message.lines().count() == 1,
        "{message}"
    );
    assert!(
        message.starts_with(&format!("{place}: ")),
        "expected the place {place}, got: {message}"
    );
    assert!(message.contains(words), "expected {words:?} in: {message}");
}

#[test]
fn malformed_text_and_text_after_the_document() {
    assert_refused("", "$", "EOF");
    assert_refused("[]", "$", "games document");
    assert_refused(r#"{"games": []} x"#, "$", "text after the document");
    assert_refused(
        r#"{"games": []} {"games": []}"#,
        "$",
        "text after the document",
    );
    assert_refused(r#"{"games": [}"#, "$.games[0]", "expected value");
    // White space after the document is no text.
    assert_eq!(ratings_text("{\"games\": []}\n\t \n").exit_code, 0);
}

#[test]
fn unknown_keys_are_refused_where_they_are() {
    assert_refused(
        r#"{"games": [], "extra": 1}"#,
        "$.extra",
        "unknown field `extra`",
    );
    // A key given twice: the place of the object that has it.
    assert_refused(
        r#"{"games": [], "games": []}"#,
        "$",
        "duplicate field `games`",
    );
    assert_refused(
        r#"{"games": [{"id": "a", "id": "b"}]}"#,
        "$.games[0]",
        "duplicate field `id`",
    );
    // A key's own line break is written escaped: the refusal stays one line.
    assert_refused(
        r#"{"games": [], "two\nlines": 1}"#,
        r#"$["two\nlines"]"#,
        r"unknown field `two\nlines`",
    );
    assert_refused(
        r#"{"options": {"sigmaa": 1}, "games": []}"#,
        "$.options.sigmaa",
        "unknown field",
    );
    assert_refused(
        r#"{"players": [{"id": "ann", "elo": 1}], "games": []}"#,
        "$.players[0].elo",
        "unknown field",
    );
    assert_refused(
        &weng_lin(&[game("a", "ann", "bob", r#", "colour": "red""#)]),
        "$.games[0].colour",
        "unknown field",
    );
    assert_refused(
        &weng_lin(&[game("a", "ann", "bob", r#", "two words": 1"#)]),
        r#"$.games[0]["two words"]"#,
        "unknown field",
    );
}

#[test]
fn keys_of_the_other_system_are_unknown() {
    assert_refused(
        r#"{"options": {"rd": 100}, "games": []}"#,
        "$.options.rd",
        "glicko-2",
    );
    assert_refused(
        r#"{"games": [], "system": "glicko-2", "options": {"beta": 4}}"#,
        "$.options.beta",
        "weng-lin",
    );
    assert_refused(
        r#"{"players": [{"id": "ann", "volatility": 0.06}], "games": []}"#,
        "$.players[0].volatility",
        "unknown key",
    );
    assert_refused(
        r#"{"system": "glicko-2", "players": [{"id": "ann", "mu": 25}], "games": []}"#,
        "$.players[0].mu",
        "unknown key",
    );
    assert_refused(
        &weng_lin(&[game("a", "ann", "bob", r#", "period": "w1""#)]),
        "$.games[0].period",
        "unknown key",
    );
}

#[test]
fn the_system_may_come_after_the_games() {
    let glicko_game = game("a", "ann", "bob", r#", "period": "w1""#);
    let document = format!(r#"{{"games": [{glicko_game}], "system": "glicko-2"}}"#);
    assert_eq!(ratings_text(&document).exit_code, 0);
    let document = format!(
        r#"{{"games": [{}], "system": "glicko-2"}}"#,
        game("a", "ann", "bob", "")
    );
    assert_refused(&document, "$.games[0]", "period");
    let document = format!(r#"{{"games": [{glicko_game}], "system": "weng-lin"}}"#);
    assert_refused(&document, "$.games[0].period", "unknown key");
}

#[test]
fn the_system_and_types() {
    assert_refused(
        r#"{"system": "elo", "games": []}"#,
        "$.system",
        "unknown variant",
    );
    assert_refused(
        r#"{"options": {"mu": null}, "games": []}"#,
        "$.options.mu",
        "null",
    );
    assert_refused(
        r#"{"options": {"mu": "25"}, "games": []}"#,
        "$.options.mu",
        "string",
    );
    assert_refused(
        r#"{"options": {"history": 1}, "games": []}"#,
        "$.options.history",
        "bool",
    );
    assert_refused(r#"{"players": []}"#, "$", "missing field `games`");
    assert_refused(
        r#"{"games": [{"id": "a", "date": "2026-11-24", "sides": [["ann"], [5]], "ranks": [1, 2]}]}"#,
        "$.games[0].sides[1][0]",
        "expected a string",
    );
    assert_refused(
        r#"{"games": [{"id": "a", "date": "2026-11-24", "sides": [["ann"], ["bob"]]}]}"#,
        "$.games[0]",
        "missing field `ranks`",
    );
}

#[test]
fn numbers_positive_whole_and_within_the_limit() {
    for (options, place, words) in [
        (r#"{"sigma": 0}"#, "$.options.sigma", "not positive"),
        (r#"{"sigma": -2}"#, "$.options.sigma", "not positive"),
        (r#"{"mu": 1000000.5}"#, "$.options.mu", "1000000"),
        (r#"{"beta": -1e7}"#, "$.options.beta", "1000000"),
        (r#"{"tau": 2e6}"#, "$.options.tau", "1000000"),
    ] {
        assert_refused(
            &format!(r#"{{"options": {options}, "games": []}}"#),
            place,
            words,
        );
    }
    for (options, place, words) in [
        (r#"{"rd": 0}"#, "$.options.rd", "not positive"),
        (
            r#"{"volatility": -0.06}"#,
            "$.options.volatility",
            "not positive",
        ),
        (r#"{"tau": 0}"#, "$.options.tau", "not positive"),
    ] {
        assert_refused(
            &format!(r#"{{"system": "glicko-2", "options": {options}, "games": []}}"#),
            place,
            words,
        );
    }
    for (player, place, words) in [
        (
            r#"{"id": "ann", "sigma": 0}"#,
            "$.players[0].sigma",
            "not positive",
        ),
        (
            r#"{"id": "ann", "games": -1}"#,
            "$.players[0].games",
            "whole number from 0",
        ),
        (
            r#"{"id": "ann", "games": 2.5}"#,
            "$.players[0].games",
            "whole number from 0",
        ),
        (
            r#"{"id": "ann", "mu": -1000001}"#,
            "$.players[0].mu",
            "1000000",
        ),
    ] {
        assert_refused(
            &format!(r#"{{"players": [{player}], "games": []}}"#),
            place,
            words,
        );
    }
    assert_refused(
        r#"{"system": "glicko-2", "players": [{"id": "ann", "rd": -5}], "games": []}"#,
        "$.players[0].rd",
        "not positive",
    );
    for (ranks, place) in [
        ("[0, 1]", "$.games[0].ranks[0]"),
        ("[1, 1.5]", "$.games[0].ranks[1]"),
        ("[-1, 1]", "$.games[0].ranks[0]"),
        ("[1, 1000001]", "$.games[0].ranks[1]"),
    ] {
        let document = format!(
            r#"{{"games": [{{"id": "a", "date": "2026-11-24", "sides": [["ann"], ["bob"]], "ranks": {ranks}}}]}}"#
        );
        assert_refused(&document, place, "");
    }
    // A whole number written with a fraction is the whole number it is.
    let document = r#"{"players": [{"id": "ann", "games": 3.0}], "games": [{"id": "a", "date": "2026-11-24", "sides": [["ann"], ["bob"]], "ranks": [1.0, 2e0]}]}"#;
    assert_eq!(ratings_text(document).exit_code, 0);
}

#[test]
fn sides_ranks_and_players_of_a_game() {
    let with = |sides: &str, ranks: &str| {
        format!(
            r#"{{"games": [{}, {{"id": "b", "date": "2026-11-24", "sides": {sides}, "ranks": {ranks}}}]}}"#,
            game("a", "ann", "bob", "")
        )
    };
    assert_refused(
        &with(r#"[["ann"]]"#, "[1]"),
        "$.games[1].sides",
        "2 to 4 sides",
    );
    let five = r#"[["a"], ["b"], ["c"], ["d"], ["e"]]"#;
    assert_refused(
        &with(five, "[1, 2, 3, 4, 5]"),
        "$.games[1].sides",
        "2 to 4 sides",
    );
    assert_refused(
        &with(r#"[["ann"], []]"#, "[1, 2]"),
        "$.games[1].sides[1]",
        "1 or 2 players",
    );
    let three = r#"[["ann"], ["bob", "cat", "dan"]]"#;
    assert_refused(
        &with(three, "[1, 2]"),
        "$.games[1].sides[1]",
        "1 or 2 players",
    );
    let twice = r#"[["ann", "cat"], ["bob", "ann"]]"#;
    assert_refused(&with(twice, "[1, 2]"), "$.games[1].sides[1][1]", r#""ann""#);
    let same_side = r#"[["ann", "ann"], ["bob"]]"#;
    assert_refused(
        &with(same_side, "[1, 2]"),
        "$.games[1].sides[0][1]",
        "at most one side",
    );
    assert_refused(
        &with(r#"[["ann"], ["bob"]]"#, "[1]"),
        "$.games[1].ranks",
        "one rank per side",
    );
    assert_refused(
        &with(r#"[["ann"], ["bob"]]"#, "[1, 2, 3]"),
        "$.games[1].ranks",
        "one rank per side",
    );
}

#[test]
fn ids_dates_and_players_listed_twice() {
    let document = weng_lin(&[game("a", "ann", "bob", ""), game("a", "cat", "dan", "")]);
    assert_refused(&document, "$.games[1].id", "$.games[0]");
    for date in [
        "2026-02-30",
        "2026-1-24",
        "24/11/2026",
        "2026-11-24 20:00",
        "",
    ] {
        let document = format!(
            r#"{{"games": [{{"id": "a", "date": "{date}", "sides": [["ann"], ["bob"]], "ranks": [1, 2]}}]}}"#
        );
        assert_refused(&document, "$.games[0].date", "YYYY-MM-DD");
    }
    assert_refused(
        r#"{"players": [{"id": "ann"}, {"id": "bob"}, {"id": "ann", "mu": 30}], "games": []}"#,
        "$.players[2].id",
        "listed twice",
    );
}

#[test]
fn glicko_2_games_are_singles_with_a_period() {
    let glicko = |game: &str| format!(r#"{{"system": "glicko-2", "games": [{game}]}}"#);
    assert_refused(
        &glicko(&game("a", "ann", "bob", "")),
        "$.games[0]",
        "period",
    );
    let pairs = r#"{"id": "a", "date": "2026-11-24", "sides": [["ann", "cat"], ["bob"]], "ranks": [1, 2], "period": "w1"}"#;
    assert_refused(&glicko(pairs), "$.games[0].sides[0]", "1 player");
    let table = r#"{"id": "a", "date": "2026-11-24", "sides": [["ann"], ["bob"], ["cat"]], "ranks": [1, 2, 3], "period": "w1"}"#;
    assert_refused(&glicko(table), "$.games[0].sides", "2 sides");
    assert_refused(
        &glicko(&game("a", "ann", "bob", r#", "period": 7"#)),
        "$.games[0].period",
        "expected a string",
    );
}

#[test]
fn at_most_a_hundred_thousand_players() {
    // Players: one more than the limit, listed.
    let players: Vec<String> = (0..=MAX_PLAYERS)
        .map(|number| format!(r#"{{"id": "p{number}"}}"#))
        .collect();
    let document = format!(r#"{{"players": [{}], "games": []}}"#, players.join(","));
    assert_refused(&document, "$.players", "the limit is 100000");
    // Players: the limit listed, and one more in a game.
    let players = &players[..MAX_PLAYERS];
    let document = format!(
        r#"{{"players": [{}], "games": [{}]}}"#,
        players.join(","),
        game("a", "p0", "newcomer", "")
    );
    assert_refused(&document, "$.games[0].sides[1][0]", "the limit is 100000");
}

#[test]
fn values_too_far_apart_for_floating_point_are_refused_naming_the_game() {
    // e^(μ/c) with μ = 10⁶ and c ≈ 6 is far beyond the largest double: no NaN is written.
    let document = format!(
        r#"{{"players": [{{"id": "ann", "mu": 1000000}}, {{"id": "bob", "mu": -1000000}}], "games": [{}, {}]}}"#,
        game("quiet", "cat", "dan", ""),
        game("wild", "ann", "bob", ""),
    );
    assert_refused(&document, "$.games[1]", "overflows floating point");
    // A σ so small that σ² is zero, with no τ to lift it.
    let document = format!(
        r#"{{"options": {{"tau": 0}}, "players": [{{"id": "ann", "sigma": 1e-200}}, {{"id": "cat", "sigma": 1e-200}}], "games": [{}]}}"#,
        r#"{"id": "g", "date": "2026-11-24", "sides": [["ann", "cat"], ["bob"]], "ranks": [1, 2]}"#
    );
    assert_refused(&document, "$.games[0]", "overflows floating point");
}

mod mangled {
    use super::*;
    use proptest::prelude::*;

    const DOCUMENT: &str = r#"{"system": "weng-lin", "options": {"history": true, "tau": 0.1},
      "players": [{"id": "ann", "mu": 27.5, "sigma": 4.2, "games": 31}],
      "games": [
        {"id": "f1", "date": "2026-11-24", "sides": [["ann"], ["bob"]], "ranks": [1, 2]},
        {"id": "f2", "date": "2026-11-24", "sides": [["ann", "cat"], ["bob", "dan"]], "ranks": [2, 1]},
        {"id": "c1", "date": "2026-11-28", "sides": [["ann"], ["bob"], ["cat"], ["eve"]], "ranks": [1, 2, 2, 4]}
      ]}"#;

    const PIECES: &[&str] = &[
        "\"",
        ",",
        "[",
        "]",
        "{",
        "}",
        ":",
        "1",
        "-1",
        "0",
        "2.5",
        "1e9",
        "null",
        "true",
        "\"period\": \"w\"",
        "\"x\"",
        "é",
        "\\",
        "\"glicko-2\"",
        " ",
        "\\n",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// A document damaged anywhere gives ratings or one refusal line naming a place, and
        /// never a panic.
        #[test]
        fn a_damaged_document_is_rated_or_refused_with_a_place(
            edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..3, prop::sample::select(PIECES)), 1..4),
        ) {
            let mut text = DOCUMENT.to_owned();
            for (at, kind, piece) in edits {
                let boundaries: Vec<usize> = (0..=text.len()).filter(|&at| text.is_char_boundary(at)).collect();
                let start = boundaries[at.index(boundaries.len())];
                let end = boundaries.iter().copied().find(|&end| end > start).unwrap_or(start);
                match kind {
                    0 => text.insert_str(start, piece),
                    1 => text.replace_range(start..end, ""),
                    _ => text.replace_range(start..end, piece),
                }
            }
            let response = ratings_text(&text);
            match response.exit_code {
                0 => {
                    prop_assert!(serde_json::from_str::<serde_json::Value>(&response.stdout).is_ok());
                    prop_assert_eq!(response.stderr, "");
                }
                2 => {
                    prop_assert_eq!(response.stdout, "");
                    prop_assert!(response.stderr.starts_with('$'), "{}", response.stderr);
                    prop_assert_eq!(response.stderr.lines().count(), 1);
                }
                code => prop_assert!(false, "exit {}", code),
            }
        }
    }
}
