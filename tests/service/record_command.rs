//! `fives record check` and `fives record play` as a user runs them: output and exit codes.

use std::process::Output;

use crate::command_line::fives;

fn report(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).expect("the report is JSON")
}

#[test]
fn played_games_check_valid_through_the_command_line() {
    for (ruleset, players) in [("fives-and-threes", "2"), ("fives-and-threes", "4")] {
        let played = fives(
            &[
                "record",
                "play",
                "--ruleset",
                ruleset,
                "--players",
                players,
                "--seed",
                "3",
                "--games",
                "3",
            ],
            "",
        );
        assert!(played.status.success());
        let games = String::from_utf8(played.stdout).unwrap();
        assert_eq!(games.lines().count(), 3);
        for game in games.lines() {
            let checked = fives(&["record", "check", "-"], game);
            assert_eq!(
                checked.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&checked.stdout)
            );
            let report = report(&checked);
            assert_eq!(report["valid"], true);
            assert!(report["winner"].is_u64());
        }
    }
}

#[test]
fn the_same_seed_plays_the_same_games() {
    let args = [
        "record",
        "play",
        "--ruleset",
        "muggins",
        "--players",
        "3",
        "--seed",
        "42",
        "--games",
        "2",
    ];
    assert_eq!(fives(&args, "").stdout, fives(&args, "").stdout);
}

#[test]
fn an_invalid_record_exits_1_with_the_error_in_the_report() {
    let record = r#"{"ruleset": "fives-and-threes", "seats": ["Ann", "Bob"], "complete": false,
        "hands": [{"pegs": [[5], []]}]}"#;
    let checked = fives(&["record", "check"], record);
    assert_eq!(checked.status.code(), Some(1));
    let report = report(&checked);
    assert_eq!(report["valid"], false);
    assert_eq!(report["errors"][0]["hand"], 1);
    assert_eq!(report["errors"][0]["peg"], 1);
}

#[test]
fn what_is_not_a_record_exits_2() {
    for text in [
        "not json",
        r#"{"ruleset": "chess", "seats": ["A", "B"], "hands": []}"#,
    ] {
        let checked = fives(&["record", "check", "-"], text);
        assert_eq!(checked.status.code(), Some(2), "{text}");
        assert_eq!(report(&checked)["valid"], false);
    }
    let played = fives(
        &[
            "record",
            "play",
            "--ruleset",
            "doubles-in-the-boneyard",
            "--players",
            "4",
        ],
        "",
    );
    assert_eq!(played.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&played.stderr).contains("exactly 3 players"));
}
