//! Every variant rules.md section 4 lists is a ruleset the engine plays and the checker accepts:
//! random games under each variant, for each player count, check valid.

use fives_rules::random;
use fives_rules::record::{RulesetField, check, play_game, ruleset_field, ruleset_spec};

const VARIANTS: &[&str] = &[
    // Fives and Threes
    r#"{"preset": "fives-and-threes", "hand_size": {"2": 9, "4": 6}}"#,
    r#"{"preset": "fives-and-threes", "target": 31}"#,
    r#"{"preset": "fives-and-threes", "target": 121}"#,
    r#"{"preset": "fives-and-threes", "domino_bonus": "none"}"#,
    r#"{"preset": "fives-and-threes", "set_can_win": false}"#,
    r#"{"preset": "fives-and-threes", "finish": "exact-bounce"}"#,
    r#"{"preset": "fives-and-threes", "scoring": "odd-primes"}"#,
    // All Fives
    r#"{"preset": "all-fives", "hand_size": 5}"#,
    r#"{"preset": "all-fives", "hand_size": {"2": 7, "3": 5, "4": 5}}"#,
    // Muggins
    r#"{"preset": "muggins", "boneyard_reserve": 2}"#,
    r#"{"preset": "muggins", "drawing": "none"}"#,
    r#"{"preset": "muggins", "scoring": "fives-count", "domino_bonus": "one-point", "hand_end": "deduct-own-fifths", "target": 61}"#,
    r#"{"preset": "muggins", "hand_end": "winner-takes-opponents"}"#,
    r#"{"preset": "muggins", "hand_end": "winner-takes-highest-fifths", "scoring": "fives-count", "target": 61}"#,
    r#"{"preset": "muggins", "scoring": "threes-count", "domino_bonus": "one-point", "target": 61}"#,
    r#"{"preset": "muggins", "scoring": "threes-count", "hand_end": "winner-takes-highest-thirds", "target": 61}"#,
    r#"{"preset": "muggins", "spinners": "sniff", "scoring": "fives-count", "target": 61}"#,
    r#"{"preset": "muggins", "partnerships": true}"#,
    // Five Up
    r#"{"preset": "five-up", "hand_end": "winner-takes-opponents-fifths"}"#,
];

#[test]
fn every_documented_variant_plays_games_that_check_valid() {
    for (index, text) in VARIANTS.iter().enumerate() {
        let field: RulesetField = serde_json::from_str(text).unwrap();
        let spec = ruleset_spec(&field).unwrap();
        assert_ne!(
            spec.options(),
            spec.preset.options(),
            "{text} changes nothing"
        );
        let mut played = 0;
        for players in 2..=4 {
            let Ok(ruleset) = spec.build(players) else {
                continue;
            };
            let mut rng = random::seeded(index as u64 * 10 + players as u64);
            for _ in 0..4 {
                let game = play_game(&spec, &ruleset, &mut rng);
                assert_eq!(ruleset_spec(&game.ruleset).unwrap(), spec, "{text}");
                let report = check(&game);
                assert!(
                    report.is_valid(),
                    "{text}, {players} players: {}",
                    report.to_json()
                );
                played += 1;
            }
        }
        assert!(played >= 4, "{text} builds for no player count");
    }
}

#[test]
fn a_preset_without_overrides_is_written_by_name() {
    let field: RulesetField = serde_json::from_str(r#""five-up""#).unwrap();
    let spec = ruleset_spec(&field).unwrap();
    assert_eq!(ruleset_field(&spec), field);
}
