//! Knockout through the commands: the place order, byes, third place, standings in progress.

mod formats_support;

use formats_support::*;

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
