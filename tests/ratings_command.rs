//! `fives ratings` as a user runs it: a file, standard input or `-`, the ratings written as the
//! ratings crate computes them, and a refused document's place and exit code.

mod command_line;

use command_line::{fives, text};

const GAMES: &str = r#"{"games": [
  {"id": "f1.1", "date": "2026-11-24", "sides": [["ann"], ["bob"]], "ranks": [1, 2]},
  {"id": "f1.2", "date": "2026-11-24", "sides": [["ann", "cat"], ["bob", "dan"]], "ranks": [2, 1]},
  {"id": "c1.1", "date": "2026-11-28", "sides": [["ann"], ["bob"], ["cat"]], "ranks": [1, 2, 2]}
]}"#;

#[test]
fn ratings_reads_a_file_standard_input_or_dash_and_writes_what_the_crate_computes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.json");
    std::fs::write(&path, GAMES).unwrap();
    let expected = fives_ratings::command::ratings_text(GAMES);
    assert_eq!(expected.exit_code, 0, "{}", expected.stderr);
    for output in [
        fives(&["ratings", path.to_str().unwrap()], ""),
        fives(&["ratings"], GAMES),
        fives(&["ratings", "-"], GAMES),
    ] {
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        assert_eq!(text(&output.stdout), expected.stdout);
        assert!(output.stderr.is_empty());
    }
    // Every player of every game is listed, the winner of the singles game above the loser.
    let listed = text(&fives(&["ratings"], GAMES).stdout);
    for player in ["ann", "bob", "cat", "dan"] {
        assert!(
            listed.contains(&format!("\"id\": \"{player}\"")),
            "{listed}"
        );
    }
}

#[test]
fn a_refused_document_names_its_place_and_exits_2() {
    let refused = fives(
        &["ratings"],
        r#"{"games": [{"id": "g", "date": "2026-11-24", "sides": [["ann"]], "ranks": [1]}]}"#,
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    assert!(
        text(&refused.stderr).contains("$.games[0].sides"),
        "{}",
        text(&refused.stderr)
    );
    let unreadable = fives(&["ratings", "/no/such/games.json"], "");
    assert_eq!(unreadable.status.code(), Some(2));
    assert!(text(&unreadable.stderr).contains("cannot read the games document"));
}
