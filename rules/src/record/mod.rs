//! Game records: the JSON interchange format of a game, its checking, and random games.
//!
//! A record that is not well-formed JSON of the record's shape, or names an unknown ruleset or
//! option, or a ruleset that makes no sense for its seats, is *not a record*. A record that
//! breaks a rule of play or scoring is *invalid*. See [`check_text`].

mod check;
mod play;

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ruleset::{
    DominoBonus, Drawing, Finish, HandEnd, LeaderRule, Overrides, PartnershipEnd, PerPlayers,
    Preset, RulesetSpec, Scoring, Spinners, Target,
};
use crate::tile::DominoSet;

pub use check::{CheckError, CheckReport, CheckedGame, CheckedHand, check, check_text};
pub use play::{PlayError, play_game, play_games, ruleset_field};

/// One game as a scorer submits it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub ruleset: RulesetField,
    pub seats: Vec<String>,
    pub hands: Vec<HandRecord>,
    /// `false` for a game in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
}

/// A preset name, or a preset with overrides: `{"preset": "fives-and-threes", "target": 121}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RulesetField {
    Name(String),
    Custom(Map<String, Value>),
}

/// One hand, at whatever level of detail the scorer had.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandRecord {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Vec<Vec<String>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pegs: Option<Vec<Vec<i64>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Vec<i64>>,
}

impl Record {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record serialises")
    }
}

/// Why a text is not a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotARecord(pub String);

impl fmt::Display for NotARecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a game record: {}", self.0)
    }
}

impl std::error::Error for NotARecord {}

/// Reads a record from JSON text. Keys beginning with `_` are comments and are dropped.
pub fn parse(text: &str) -> Result<Record, NotARecord> {
    // Most records have no comments: read them straight into the record's own shape, and take
    // the slower way through a generic value only for the rest (and for its error messages).
    if let Ok(record) = serde_json::from_str::<Record>(text) {
        return with_a_hand_level(record);
    }
    let mut value: Value =
        serde_json::from_str(text).map_err(|e| NotARecord(format!("bad JSON: {e}")))?;
    if let Value::Object(record) = &mut value {
        drop_comments(record);
        if let Some(Value::Object(ruleset)) = record.get_mut("ruleset") {
            drop_comments(ruleset);
        }
        if let Some(Value::Array(hands)) = record.get_mut("hands") {
            for hand in hands.iter_mut() {
                if let Value::Object(hand) = hand {
                    drop_comments(hand);
                }
            }
        }
    } else {
        return Err(NotARecord("a record is a JSON object".to_string()));
    }
    let record: Record =
        serde_json::from_value(value).map_err(|e| NotARecord(format!("wrong shape: {e}")))?;
    with_a_hand_level(record)
}

/// The record, if every hand carries at least one of moves, pegs and score.
fn with_a_hand_level(record: Record) -> Result<Record, NotARecord> {
    hands_have_a_level(&record)?;
    Ok(record)
}

fn hands_have_a_level(record: &Record) -> Result<(), NotARecord> {
    for (index, hand) in record.hands.iter().enumerate() {
        if hand.moves.is_none() && hand.pegs.is_none() && hand.score.is_none() {
            return Err(NotARecord(format!(
                "hand {} has none of moves, pegs and score; a hand needs at least one",
                index + 1
            )));
        }
    }
    Ok(())
}

fn drop_comments(object: &mut Map<String, Value>) {
    object.retain(|key, _| !key.starts_with('_'));
}

/// The ruleset a record names.
pub fn ruleset_spec(field: &RulesetField) -> Result<RulesetSpec, NotARecord> {
    match field {
        RulesetField::Name(name) => Ok(RulesetSpec::preset(preset_named(name)?)),
        RulesetField::Custom(options) => {
            let preset = match options.get("preset") {
                Some(Value::String(name)) => preset_named(name)?,
                Some(_) => return Err(NotARecord("ruleset: preset must be a name".into())),
                None => {
                    return Err(NotARecord(
                        "ruleset: an object ruleset needs \"preset\"".into(),
                    ));
                }
            };
            let mut overrides = Overrides::default();
            for (key, value) in options {
                if key != "preset" && !key.starts_with('_') {
                    set_option(&mut overrides, preset, key, value)?;
                }
            }
            Ok(RulesetSpec { preset, overrides })
        }
    }
}

fn preset_named(name: &str) -> Result<Preset, NotARecord> {
    Preset::from_name(name).ok_or_else(|| {
        let known: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        NotARecord(format!(
            "unknown ruleset \"{name}\" (the presets are {})",
            known.join(", ")
        ))
    })
}

/// The options a ruleset object may override (rules.md section 2).
pub const OPTIONS: &[&str] = &[
    "set",
    "hand_size",
    "partnerships",
    "partnership_end",
    "drawing",
    "boneyard_reserve",
    "spinners",
    "scoring",
    "domino_bonus",
    "hand_end",
    "target",
    "finish",
    "set_can_win",
    "leader",
];

fn set_option(
    overrides: &mut Overrides,
    preset: Preset,
    key: &str,
    value: &Value,
) -> Result<(), NotARecord> {
    fn named<T>(
        key: &str,
        value: &Value,
        from_name: fn(&str) -> Option<T>,
        names: &[&str],
    ) -> Result<T, NotARecord> {
        value.as_str().and_then(from_name).ok_or_else(|| {
            NotARecord(format!(
                "ruleset option {key}: {value} is not one of {}",
                names.join(", ")
            ))
        })
    }
    macro_rules! named_option {
        ($type:ty) => {
            named(
                key,
                value,
                <$type>::from_name,
                &<$type>::ALL.iter().map(|v| v.name()).collect::<Vec<_>>(),
            )?
        };
    }
    let bad =
        |expected: &str| NotARecord(format!("ruleset option {key}: {value} is not {expected}"));
    let whole = |value: &Value, max: u64| value.as_u64().filter(|&n| n <= max);
    let defaults = preset.options();
    match key {
        "set" => {
            let names: Vec<&str> = DominoSet::ALL.iter().map(|s| s.name()).collect();
            overrides.set = Some(named(key, value, DominoSet::from_name, &names)?);
        }
        "hand_size" => {
            let base = overrides.hand_size.unwrap_or(defaults.hand_size);
            overrides.hand_size = Some(match value {
                Value::Object(sizes) => {
                    let mut sizes_by = base;
                    for (players, size) in sizes {
                        let size = whole(size, u8::MAX as u64)
                            .ok_or_else(|| bad("a number of tiles"))?
                            as u8;
                        match players.as_str() {
                            "2" => sizes_by.two = size,
                            "3" => sizes_by.three = size,
                            "4" => sizes_by.four = size,
                            _ => return Err(bad("a map from player counts 2, 3, 4 to hand sizes")),
                        }
                    }
                    sizes_by
                }
                _ => PerPlayers::all(
                    whole(value, u8::MAX as u64).ok_or_else(|| bad("a number of tiles"))? as u8,
                ),
            });
        }
        "partnerships" => {
            overrides.partnerships = Some(value.as_bool().ok_or_else(|| bad("true or false"))?)
        }
        "set_can_win" => {
            overrides.set_can_win = Some(value.as_bool().ok_or_else(|| bad("true or false"))?)
        }
        "partnership_end" => overrides.partnership_end = Some(named_option!(PartnershipEnd)),
        "drawing" => overrides.drawing = Some(named_option!(Drawing)),
        "spinners" => overrides.spinners = Some(named_option!(Spinners)),
        "scoring" => overrides.scoring = Some(named_option!(Scoring)),
        "domino_bonus" => overrides.domino_bonus = Some(named_option!(DominoBonus)),
        "hand_end" => overrides.hand_end = Some(named_option!(HandEnd)),
        "finish" => overrides.finish = Some(named_option!(Finish)),
        "leader" => overrides.leader = Some(named_option!(LeaderRule)),
        "boneyard_reserve" => {
            overrides.boneyard_reserve =
                Some(whole(value, u8::MAX as u64).ok_or_else(|| bad("a number of tiles"))? as u8)
        }
        "target" => {
            let points = |value: &Value| {
                whole(value, 1_000_000)
                    .map(|n| n as u32)
                    .ok_or_else(|| bad("a number of points"))
            };
            overrides.target = Some(match value {
                Value::Object(targets) => {
                    let mut target: Target = overrides.target.unwrap_or(defaults.target);
                    for (players, value) in targets {
                        let value = points(value)?;
                        match players.as_str() {
                            "2" => target.by_players.two = value,
                            "3" => target.by_players.three = value,
                            "4" => target.by_players.four = value,
                            "partners" => target.partners = value,
                            _ => {
                                return Err(bad(
                                    "a map from \"2\", \"3\", \"4\" or \"partners\" to points",
                                ));
                            }
                        }
                    }
                    target
                }
                _ => Target::all(points(value)?),
            });
        }
        _ => {
            return Err(NotARecord(format!(
                "unknown ruleset option \"{key}\" (the options are {})",
                OPTIONS.join(", ")
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_ignored_and_unknown_keys_are_not() {
        let text = r#"{"_note": "x", "ruleset": {"preset": "muggins", "_why": "y", "target": 121},
            "seats": ["Ann", "Bob"], "hands": [{"_c": 1, "score": [0, 0]}]}"#;
        let record = parse(text).unwrap();
        let spec = ruleset_spec(&record.ruleset).unwrap();
        assert_eq!(spec.overrides.target, Some(Target::all(121)));
        let unknown =
            r#"{"ruleset": "muggins", "seats": ["Ann", "Bob"], "hands": [], "colour": 1}"#;
        assert!(parse(unknown).unwrap_err().0.contains("colour"));
    }

    #[test]
    fn unknown_rulesets_and_options_are_named() {
        let unknown = RulesetField::Name("dominoes".into());
        assert!(
            ruleset_spec(&unknown)
                .unwrap_err()
                .0
                .contains("\"dominoes\"")
        );
        let mut options = Map::new();
        options.insert("preset".into(), "five-up".into());
        options.insert("spinner".into(), "none".into());
        let err = ruleset_spec(&RulesetField::Custom(options.clone())).unwrap_err();
        assert!(err.0.contains("\"spinner\""), "{err}");
        options.remove("spinner");
        options.insert("spinners".into(), "some".into());
        let err = ruleset_spec(&RulesetField::Custom(options)).unwrap_err();
        assert!(err.0.contains("first-double"), "{err}");
    }

    #[test]
    fn hand_sizes_and_targets_may_be_given_per_player_count() {
        let mut options = Map::new();
        options.insert("preset".into(), "fives-and-threes".into());
        options.insert("hand_size".into(), serde_json::json!({"2": 9, "4": 6}));
        options.insert("target".into(), serde_json::json!({"partners": 121}));
        let spec = ruleset_spec(&RulesetField::Custom(options)).unwrap();
        let hand_size = spec.overrides.hand_size.unwrap();
        assert_eq!((hand_size.two, hand_size.three, hand_size.four), (9, 5, 6));
        assert_eq!(spec.build(4).unwrap().target(), 121);
        assert_eq!(spec.build(2).unwrap().target(), 61);
    }
}
