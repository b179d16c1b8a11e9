//! A stable-Rust smoke test of what the `record_check` fuzz target (rules/fuzz) asserts: whatever
//! text `record check` is given, it answers without panicking, with exit code 0, 1 or 2 and a
//! JSON report whose `valid` is true exactly when the exit code is 0. Inputs are arbitrary
//! strings, arbitrary JSON in and out of the record's shape, and played games with one
//! character or one field changed.

use std::sync::LazyLock;

use fives_rules::record::{self, Record, check_text};
use fives_rules::ruleset::Preset;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{Map, Value, json};

/// Checks `text` and asserts the report is coherent.
fn check_coherently(text: &str) -> Result<(), TestCaseError> {
    let report = check_text(text);
    let exit_code = report.exit_code();
    prop_assert!(exit_code <= 2, "exit code {exit_code} for {text}");
    let json = report.to_json();
    let parsed: Value = serde_json::from_str(&json)
        .map_err(|error| TestCaseError::fail(format!("report is not JSON ({error}): {json}")))?;
    let valid = parsed["valid"].as_bool();
    prop_assert_eq!(valid, Some(exit_code == 0), "report {} for {}", json, text);
    Ok(())
}

/// Played games of every preset and player count: whole games where they are short, and the
/// first hands of each as a game in progress, so one check stays cheap in a debug build.
static PLAYED: LazyLock<Vec<Record>> = LazyLock::new(|| {
    const MAX_WHOLE_GAME_BYTES: usize = 16 * 1024;
    let mut records = Vec::new();
    for preset in Preset::ALL {
        for players in preset.players() {
            let game = record::play_games(preset.name(), players, 1)
                .unwrap()
                .next()
                .unwrap();
            let mut first_hands = game.clone();
            first_hands.hands.truncate(2);
            first_hands.complete = Some(false);
            records.push(first_hands);
            if game.to_json().len() <= MAX_WHOLE_GAME_BYTES {
                records.push(game);
            }
        }
    }
    records
});

static PLAYED_JSON: LazyLock<Vec<String>> =
    LazyLock::new(|| PLAYED.iter().map(Record::to_json).collect());

/// Words of the record format and its rulesets, so generated JSON reaches past the parser.
const WORDS: &[&str] = &[
    "fives-and-threes",
    "all-fives",
    "muggins",
    "five-up",
    "doubles-in-the-boneyard",
    "double-six",
    "double-nine",
    "double-twelve",
    "double-six-no-doubles",
    "sniff",
    "all-doubles",
    "first-double",
    "none",
    "until-playable",
    "exact",
    "exact-bounce",
    "reach",
    "complete-hand",
    "last-domino",
    "last-winner",
    "rotate-left",
    "knock",
    "draw 6-6",
    "6-6",
    "6-3",
    "3-5@2",
    "4-4|",
    "4-4@2|",
    "0-0@1",
    "12-12",
    "Ann",
    "",
];

/// Keys a ruleset object might hold: every option, and some that are not options.
fn ruleset_keys() -> Vec<&'static str> {
    let mut keys = fives_rules::record::OPTIONS.to_vec();
    keys.extend(["preset", "_note"]);
    keys
}

fn word() -> impl Strategy<Value = String> {
    prop::sample::select(WORDS).prop_map(str::to_string)
}

/// Numbers around the edges a checker may trip on: zero, small counts, signs and the extremes.
fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-3i64..40).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        prop::sample::select(vec![0.5, -1.0, 1e300]).prop_map(Value::from),
    ]
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        number(),
        word().prop_map(Value::from),
        ".{0,8}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(&["ruleset", "seats", "hands", "complete", "leader", "deal"][..])
            .prop_map(str::to_string),
        prop::sample::select(&["moves", "pegs", "score", "_comment"][..]).prop_map(str::to_string),
        prop::sample::select(ruleset_keys()).prop_map(str::to_string),
        "[a-z_]{0,6}",
    ]
}

fn ruleset() -> impl Strategy<Value = Value> {
    let names: Vec<&str> = Preset::ALL.iter().map(|preset| preset.name()).collect();
    let preset = prop::sample::select(names).prop_map(Value::from);
    prop_oneof![
        3 => preset.clone(),
        2 => (
            preset,
            prop::collection::vec((prop::sample::select(ruleset_keys()), option_value()), 0..4),
        )
            .prop_map(|(preset, options)| {
                let mut object = Map::new();
                object.insert("preset".into(), preset);
                for (key, value) in options {
                    object.insert(key.into(), value);
                }
                Value::Object(object)
            }),
        1 => any_json(),
    ]
}

fn option_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        word().prop_map(Value::from),
        number(),
        any::<bool>().prop_map(Value::from),
        prop::collection::vec(
            (
                prop::sample::select(&["2", "3", "4", "partners", "5"][..]),
                number()
            ),
            0..4
        )
        .prop_map(|entries| {
            Value::Object(entries.into_iter().map(|(k, v)| (k.into(), v)).collect())
        }),
    ]
}

fn move_text() -> impl Strategy<Value = String> {
    prop_oneof![
        word(),
        (0u8..14, 0u8..14).prop_map(|(a, b)| format!("{a}-{b}")),
        (0u8..14, 0u8..14, 0usize..30).prop_map(|(a, b, on)| format!("{a}-{b}@{on}")),
        (0u8..8, 0u8..8).prop_map(|(a, b)| format!("draw {a}-{b}")),
        "[0-9@|a-z -]{0,7}",
    ]
}

/// Points as a record gives them: mostly plausible, sometimes extreme.
fn points() -> impl Strategy<Value = i64> {
    prop_oneof![8 => -5i64..40, 1 => any::<i64>()]
}

fn hand() -> impl Strategy<Value = Value> {
    let leader = prop_oneof![8 => (0u64..5).prop_map(Value::from), 1 => number()];
    let pegs = prop::collection::vec(prop::collection::vec(points(), 0..5), 0..5);
    let deal = prop::collection::vec(prop::collection::vec(move_text(), 0..8), 0..5);
    (
        prop::option::of(leader),
        prop::option::of(deal),
        prop::option::of(prop::collection::vec(move_text(), 0..12)),
        prop::option::of(pegs),
        prop::option::of(prop::collection::vec(points(), 0..5)),
        prop::bool::weighted(0.9),
    )
        .prop_map(|(leader, deal, moves, pegs, score, bare_hand_has_score)| {
            let mut hand = Map::new();
            let fields = [
                ("leader", leader),
                ("deal", deal.map(|d| json!(d))),
                ("moves", moves.map(|m| json!(m))),
                ("pegs", pegs.map(Value::from)),
                ("score", score.map(Value::from)),
            ];
            for (name, value) in fields {
                if let Some(value) = value {
                    hand.insert(name.into(), value);
                }
            }
            // A hand needs one of moves, pegs and score to be a record at all; give most
            // hands a score so that generated records reach the rules.
            if !hand.contains_key("moves") && !hand.contains_key("pegs") && bare_hand_has_score {
                hand.insert("score".into(), json!([0, 0]));
            }
            Value::Object(hand)
        })
}

const SEATS: &[&str] = &["Ann", "Bob", "Cat", "Dan"];

/// JSON in the record's shape, with plausible and implausible values in every field.
fn record_shaped() -> impl Strategy<Value = Value> {
    (
        ruleset(),
        prop_oneof![
            4 => prop::collection::vec(prop::sample::select(SEATS), 2..=4),
            1 => prop::collection::vec(prop::sample::select(&["Ann", ""][..]), 0..6),
        ],
        prop::collection::vec(hand(), 0..4),
        prop::option::of(any::<bool>()),
    )
        .prop_map(|(ruleset, seats, hands, complete)| {
            let mut record = json!({"ruleset": ruleset, "seats": seats, "hands": hands});
            if let Some(complete) = complete {
                record["complete"] = complete.into();
            }
            record
        })
}

/// Characters that change a record's meaning when put into it: digits, move syntax, JSON syntax.
const EDIT_CHARACTERS: &[char] = &[
    '0', '1', '2', '5', '6', '9', '-', '@', '|', ' ', '"', ',', ':', '[', ']', '{', '}', 'k', 'd',
    '_', '\\', 'é',
];

#[derive(Clone, Debug)]
enum CharacterEdit {
    Delete,
    Insert(char),
    Replace(char),
}

fn character_edit() -> impl Strategy<Value = CharacterEdit> {
    let character = prop::sample::select(EDIT_CHARACTERS);
    prop_oneof![
        Just(CharacterEdit::Delete),
        character.clone().prop_map(CharacterEdit::Insert),
        character.prop_map(CharacterEdit::Replace),
    ]
}

fn edit_text(text: &str, at: prop::sample::Index, edit: &CharacterEdit) -> String {
    let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    let start = boundaries[at.index(boundaries.len())];
    let end = text[start..]
        .chars()
        .next()
        .map_or(start, |c| start + c.len_utf8());
    let mut edited = String::with_capacity(text.len() + 4);
    edited.push_str(&text[..start]);
    match edit {
        CharacterEdit::Delete => {}
        CharacterEdit::Insert(c) => {
            edited.push(*c);
            edited.push_str(&text[start..end]);
        }
        CharacterEdit::Replace(c) => edited.push(*c),
    }
    edited.push_str(&text[end..]);
    edited
}

/// A change to one field of a played record, where the rules do their work.
#[derive(Clone, Debug)]
enum FieldEdit {
    Move(String),
    DropMove,
    Peg(i64),
    Score(i64),
    Leader(usize),
    DropDeal,
    DropHand,
}

fn field_edit() -> impl Strategy<Value = FieldEdit> {
    prop_oneof![
        move_text().prop_map(FieldEdit::Move),
        Just(FieldEdit::DropMove),
        prop_oneof![-2i64..30, any::<i64>()].prop_map(FieldEdit::Peg),
        prop_oneof![-40i64..40, any::<i64>()].prop_map(FieldEdit::Score),
        prop_oneof![0usize..5, any::<usize>()].prop_map(FieldEdit::Leader),
        Just(FieldEdit::DropDeal),
        Just(FieldEdit::DropHand),
    ]
}

fn edit_field(record: &mut Record, pick: prop::sample::Index, edit: &FieldEdit) {
    if record.hands.is_empty() {
        return;
    }
    let hand_index = pick.index(record.hands.len());
    let hand = &mut record.hands[hand_index];
    match edit {
        FieldEdit::Move(text) => {
            if let Some(moves) = hand.moves.as_mut().filter(|m| !m.is_empty()) {
                let m = pick.index(moves.len());
                moves[m] = text.clone();
            }
        }
        FieldEdit::DropMove => {
            if let Some(moves) = hand.moves.as_mut().filter(|m| !m.is_empty()) {
                moves.remove(pick.index(moves.len()));
            }
        }
        FieldEdit::Peg(value) => {
            let pegs = hand.pegs.iter_mut().flatten().flatten();
            let pegs: Vec<&mut i64> = pegs.collect();
            let count = pegs.len();
            if let Some(peg) = pegs.into_iter().nth(pick.index(count.max(1))) {
                *peg = *value;
            }
        }
        FieldEdit::Score(value) => {
            if let Some(score) = hand.score.as_mut().filter(|s| !s.is_empty()) {
                let side = pick.index(score.len());
                score[side] = *value;
            }
        }
        FieldEdit::Leader(seat) => hand.leader = Some(*seat),
        FieldEdit::DropDeal => hand.deal = None,
        FieldEdit::DropHand => {
            record.hands.remove(hand_index);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_gets_a_coherent_report(text in any::<String>()) {
        check_coherently(&text)?;
    }

    #[test]
    fn json_ish_text_gets_a_coherent_report(text in r#"[\[\]{}":,0-9a-z@| _-]{0,64}"#) {
        check_coherently(&text)?;
    }

    #[test]
    fn arbitrary_json_gets_a_coherent_report(value in any_json()) {
        check_coherently(&value.to_string())?;
    }

    #[test]
    fn record_shaped_json_gets_a_coherent_report(value in record_shaped()) {
        check_coherently(&value.to_string())?;
    }

    #[test]
    fn played_games_with_a_character_changed_get_a_coherent_report(
        game in prop::sample::Index::arbitrary(),
        at in prop::sample::Index::arbitrary(),
        edit in character_edit(),
    ) {
        let text = &PLAYED_JSON[game.index(PLAYED_JSON.len())];
        check_coherently(&edit_text(text, at, &edit))?;
    }

    #[test]
    fn played_games_with_a_field_changed_get_a_coherent_report(
        game in prop::sample::Index::arbitrary(),
        pick in prop::sample::Index::arbitrary(),
        edit in field_edit(),
    ) {
        let mut record = PLAYED[game.index(PLAYED.len())].clone();
        edit_field(&mut record, pick, &edit);
        check_coherently(&record.to_json())?;
    }
}

#[test]
fn the_played_games_are_valid_before_they_are_changed() {
    for text in PLAYED_JSON.iter() {
        let report = check_text(text);
        assert_eq!(report.exit_code(), 0, "{}", report.to_json());
    }
}
