//! Perft-style regression counts: the number of distinct complete move sequences of a hand from
//! fixed small deals, kept in `tests/data/perft.txt`. A change to the move generator or the
//! rules of play that changes a count fails here. Regenerate deliberately with
//! `FIVES_UPDATE_PERFT=1 cargo test -p fives-rules --test perft`.

use fives_rules::hand::{Deal, Hand, perft};
use fives_rules::random;
use fives_rules::record::{RulesetField, ruleset_spec};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");

/// (ruleset, players, deal seed, leader)
const POSITIONS: &[(&str, usize, u64, usize)] = &[
    (r#"{"preset": "fives-and-threes", "hand_size": 4}"#, 2, 1, 0),
    (r#"{"preset": "fives-and-threes", "hand_size": 5}"#, 2, 2, 1),
    (r#"{"preset": "fives-and-threes", "hand_size": 3}"#, 4, 3, 0),
    (r#"{"preset": "fives-and-threes", "hand_size": 3}"#, 3, 4, 2),
    (
        r#"{"preset": "all-fives", "hand_size": 3, "boneyard_reserve": 20}"#,
        2,
        5,
        0,
    ),
    (
        r#"{"preset": "five-up", "hand_size": 3, "boneyard_reserve": 17}"#,
        3,
        6,
        1,
    ),
    (
        r#"{"preset": "muggins", "hand_size": 4, "spinners": "sniff", "drawing": "none"}"#,
        2,
        7,
        0,
    ),
    (
        r#"{"preset": "muggins", "hand_size": 3, "boneyard_reserve": 20}"#,
        2,
        8,
        1,
    ),
    (
        r#"{"preset": "doubles-in-the-boneyard", "hand_size": 4}"#,
        3,
        9,
        0,
    ),
    (r#""fives-and-threes""#, 2, 10, 0),
    (r#""fives-and-threes""#, 4, 11, 3),
    (
        r#"{"preset": "muggins", "spinners": "sniff", "drawing": "none", "hand_size": 5}"#,
        2,
        12,
        0,
    ),
];

fn count(ruleset: &str, players: usize, seed: u64, leader: usize) -> u64 {
    let field: RulesetField = serde_json::from_str(ruleset).unwrap();
    let ruleset = ruleset_spec(&field).unwrap().build(players).unwrap();
    let deal = Deal::random(&ruleset, &mut random::seeded(seed));
    perft(&Hand::new(&ruleset, &deal, leader))
}

fn table() -> String {
    POSITIONS
        .iter()
        .map(|&(ruleset, players, seed, leader)| {
            let n = count(ruleset, players, seed, leader);
            format!("{ruleset} | players {players} | seed {seed} | leader {leader} | {n}\n")
        })
        .collect()
}

#[test]
fn move_sequence_counts_match_the_recorded_ones() {
    let table = table();
    if std::env::var_os("FIVES_UPDATE_PERFT").is_some() {
        std::fs::write(DATA, &table).unwrap();
    }
    let recorded = std::fs::read_to_string(DATA).unwrap();
    for (computed, recorded) in table.lines().zip(recorded.lines()) {
        assert_eq!(computed, recorded);
    }
    assert_eq!(table.lines().count(), recorded.lines().count());
}

#[test]
fn a_small_hand_counted_by_hand() {
    // Ann holds 6-6 and 6-5, Bob 5-5 and 4-4. Ann sets 6-6: Bob knocks, Ann goes out with 6-5.
    // Ann sets 6-5: Bob must play 5-5 on the 5, Ann goes out with 6-6. Two sequences.
    let field: RulesetField =
        serde_json::from_str(r#"{"preset": "fives-and-threes", "hand_size": 2}"#).unwrap();
    let ruleset = ruleset_spec(&field).unwrap().build(2).unwrap();
    let tiles = |a: &str, b: &str| vec![a.parse().unwrap(), b.parse().unwrap()];
    let deal = Deal::from_hands(&ruleset, &[tiles("6-6", "6-5"), tiles("5-5", "4-4")]).unwrap();
    assert_eq!(perft(&Hand::new(&ruleset, &deal, 0)), 2);
    // Bob setting first: 5-5 or 4-4, and then every continuation.
    // 5-5: Ann 6-5 on it, Bob 4-4 cannot go, knocks; Ann 6-6 on the 6: 1.
    // 4-4: Ann cannot play (knock), Bob 5-5 cannot play (knock): blocked: 1.
    assert_eq!(perft(&Hand::new(&ruleset, &deal, 1)), 2);
}
