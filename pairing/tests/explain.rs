//! `fives pair --explain`: the round exactly as without it, and one more key, `explanation`,
//! with the value of every measure of the specification, worked out here by hand.

use fives_pairing::Event;
use fives_pairing::command::{pair_explained_text, pair_text};
use fives_pairing::explain::{Explanation, TableMeasures, TwoSeatMeasures, explain};
use fives_pairing::number::Exact;
use fives_pairing::pair::{Outcome, pair};
use serde_json::{Value, json};

/// The plain round and the explanation of `document`, checking that the explained answer is
/// the plain one with one more key at its end.
fn explained(document: &str) -> (Value, Value) {
    let plain = pair_text(document);
    let explained = pair_explained_text(document);
    assert_eq!(plain.exit_code, 0, "{plain:?}");
    assert_eq!(explained.exit_code, 0, "{explained:?}");
    let (round, rest) = explained
        .stdout
        .split_once(", \"explanation\": ")
        .expect("an explanation key");
    assert_eq!(format!("{round}}}\n"), plain.stdout);
    assert!(rest.ends_with("}\n"));
    let whole: Value = serde_json::from_str(&explained.stdout).expect("JSON");
    let plain: Value = serde_json::from_str(&plain.stdout).expect("JSON");
    (plain, whole["explanation"].clone())
}

/// Round 2 of five at two seats. After round 1 (ann beat cat, bob and dan drew, eve's bye)
/// the scores are ann 1, eve 1, bob ½, dan ½, cat 0. Only cat, with no bye and the lowest
/// score, may have the bye (measure 1: 0). Of ann, eve, bob and dan, bob–dan is a rematch, so
/// ann and eve cannot meet: ann–bob and eve–dan or ann–dan and eve–bob, differences ½ and ½
/// either way (measure 2: ¼ + ¼). cat is 5th in pairing rank; no table has equal scores.
const TWO_SEATS: &str = r#"{"format": "swiss",
  "entrants": [{"id": "ann", "rating": 1600}, {"id": "bob", "rating": 1500},
               {"id": "cat", "rating": 1400}, {"id": "dan", "rating": 1300},
               {"id": "eve", "rating": 1200}],
  "rounds": [{"tables": [{"seats": ["ann", "cat"], "points": [1, 0]},
                         {"seats": ["bob", "dan"], "points": [0.5, 0.5]}],
              "byes": ["eve"]}]}"#;

#[test]
fn two_seats_explain_the_bye_the_score_differences_and_the_pattern() {
    let (round, explanation) = explained(TWO_SEATS);
    assert_eq!(round["byes"], json!(["cat"]));
    assert_eq!(
        explanation,
        json!({"rematches": 0, "bye": 0, "score_differences": 0.5, "bye_place": 5,
               "equal_score_pattern": 0})
    );
}

/// Round 2 of eight at four seats in partnerships. In round 1 p1 and p3 beat p2 and p4 (1
/// each against 0) and p5–p7 drew with p6–p8 (½ each). Partnerships can all be new
/// (measure 2: 0). Each new table takes k of the first table and 4 - k of the second,
/// repeating C(k, 2) + C(4 - k, 2) meetings, least at k = 2: 2 a table (measure 3: 4). With
/// two of each, {1, 1, ½, ½} and {0, 0, ½, ½} give a spread of 4 × ¼ a table (measure 4: 2),
/// against 2 a table for {1, 0, ½, ½}; each side a 1 (or a 0) with a ½ balances them
/// (measure 5: 0).
const PARTNERSHIPS: &str = r#"{"format": "swiss", "seats": 4, "partnerships": true,
  "entrants": [{"id": "p1"}, {"id": "p2"}, {"id": "p3"}, {"id": "p4"},
               {"id": "p5"}, {"id": "p6"}, {"id": "p7"}, {"id": "p8"}],
  "rounds": [{"tables": [{"seats": ["p1", "p2", "p3", "p4"], "points": [1, 0, 1, 0]},
                         {"seats": ["p5", "p6", "p7", "p8"], "points": [0.5, 0.5, 0.5, 0.5]}]}]}"#;

#[test]
fn partnerships_explain_byes_partners_meetings_spread_and_sides() {
    let (_, explanation) = explained(PARTNERSHIPS);
    assert_eq!(
        explanation,
        json!({"bye_scores": 0, "repeated_partners": 0, "repeated_meetings": 4, "spread": 2,
               "balance": 0})
    );
}

#[test]
fn three_seats_have_no_partners_or_sides() {
    let document = r#"{"format": "swiss", "seats": 3,
      "entrants": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}, {"id": "e"},
                   {"id": "f"}, {"id": "g"}],
      "rounds": [{"tables": [{"seats": ["a", "b", "c"], "points": [2, 1, 0]},
                             {"seats": ["d", "e", "f"], "points": [2, 1, 0]}],
                  "byes": ["g"]}]}"#;
    let (round, explanation) = explained(document);
    let keys: Vec<&String> = explanation.as_object().expect("an object").keys().collect();
    assert_eq!(
        keys,
        ["bye_scores", "repeated_meetings", "spread"],
        "in the specification's order"
    );
    // g had the bye; of the six others, the bye goes to a lowest score (c or f, 0). Three of
    // one first-round table are then left for two tables, so one meeting must repeat.
    let bye = round["byes"][0].as_str().expect("a bye");
    assert!(["c", "f"].contains(&bye), "{round}");
    assert_eq!(explanation["bye_scores"], json!(0));
    assert_eq!(explanation["repeated_meetings"], json!(1));
}

#[test]
fn other_formats_have_no_measures() {
    let document =
        r#"{"format": "knockout", "entrants": [{"id": "ann"}, {"id": "bob"}, {"id": "cat"}]}"#;
    let (_, explanation) = explained(document);
    assert_eq!(explanation, Value::Null);
}

#[test]
fn refusals_and_the_end_of_an_event_are_as_without_it() {
    for document in [
        r#"{"format": "swiss", "entrants": [{"id": "ann"}]}"#,
        r#"{"format": "swiss", "entrants": [{"id": "ann"}, {"id": "bob"}]} x"#,
        r#"{"format": "knockout", "entrants": [{"id": "ann"}, {"id": "bob"}],
            "rounds": [{"tables": [{"seats": ["ann", "bob"], "points": [1, 0]}]}]}"#,
    ] {
        assert_eq!(
            pair_explained_text(document),
            pair_text(document),
            "{document}"
        );
    }
}

fn paired(document: &str) -> (Event, fives_pairing::pair::PairedRound) {
    let event = Event::parse(document).expect("a valid document");
    let Ok(Outcome::Paired(round)) = pair(&event) else {
        panic!("a round")
    };
    (event, round)
}

#[test]
fn the_crate_gives_the_measures_as_a_struct_and_in_words() {
    let (event, round) = paired(TWO_SEATS);
    let explanation = explain(&event, &round).expect("a Swiss round");
    assert_eq!(
        explanation,
        Explanation::TwoSeats(TwoSeatMeasures {
            rematches: 0,
            bye_score: Some(Exact::ZERO),
            score_differences: Exact::ratio(1, 2),
            bye_place: Some(5),
            equal_score_pattern: 0,
        })
    );
    let words = explanation.text(&event, &round);
    assert!(
        words.contains("1. Bye: bye to \"cat\", score 0, placed 5"),
        "{words}"
    );
    assert!(
        words.contains("2. Score differences: their squares sum to 0.5."),
        "{words}"
    );

    let (event, round) = paired(PARTNERSHIPS);
    let explanation = explain(&event, &round).expect("a Swiss round");
    assert_eq!(
        explanation,
        Explanation::Tables(TableMeasures {
            bye_scores: Exact::ZERO,
            repeated_partners: Some(0),
            repeated_meetings: 4,
            spread: Exact::integer(2),
            balance: Some(Exact::ZERO),
        })
    );
    let words = explanation.text(&event, &round);
    assert!(words.contains("1. Byes: no bye"), "{words}");
    assert!(words.contains("3. Repeated meetings: 4."), "{words}");
    assert!(
        words.contains("5. Balanced sides: the partnerships' totals differ by 0 in all."),
        "{words}"
    );
}
