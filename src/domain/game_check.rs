//! One played game checked by the rules crate as a game record, for a league fixture's game or
//! a championship table's alike: every rule broken named at its hand in players' words, and a
//! game that stops short of its target refused as unfinished.

use fives_rules::RulesetSpec;
use fives_rules::record::{CheckReport, CheckedGame, HandRecord, Record, ruleset_field};

use super::match_result::ResultError;
use super::rule_words::{in_players_words, ruleset_refusal, unreadable_record};

/// Checks game `number`'s hands, played by `seats` (in seat order) under `ruleset`: a whole
/// game, to its winner.
pub fn check_played_game(
    ruleset: &RulesetSpec,
    seats: Vec<String>,
    hands: Vec<HandRecord>,
    number: u32,
) -> Result<CheckedGame, Vec<ResultError>> {
    let target = ruleset
        .build(seats.len())
        .map(|built| built.target())
        .unwrap_or_default();
    let checked = check_game_so_far(ruleset, seats, hands, number)?;
    if checked.winner.is_none() {
        return Err(vec![ResultError {
            game: Some(number),
            hand: None,
            message: format!(
                "Game {number}: nobody has reached {target} yet; a result needs every game played to the end."
            ),
        }]);
    }
    Ok(checked)
}

/// Checks game `number`'s hands so far, as a game in play: every hand one the rules allow, and
/// none after a side has won. The checked game has its winner once it is over.
pub fn check_game_so_far(
    ruleset: &RulesetSpec,
    seats: Vec<String>,
    hands: Vec<HandRecord>,
    number: u32,
) -> Result<CheckedGame, Vec<ResultError>> {
    let of_game = |message: String| ResultError {
        game: Some(number),
        hand: None,
        message: format!("Game {number}: {message}"),
    };
    ruleset
        .build(seats.len())
        .map_err(|error| vec![of_game(format!("{}.", ruleset_refusal(&error)))])?;
    let record = Record {
        ruleset: ruleset_field(ruleset),
        seats,
        hands,
        // Checked as a game that may be unfinished: a whole game's caller asks for its winner
        // in a player's words rather than in the record format's.
        complete: Some(false),
    };
    match fives_rules::record::check(&record) {
        CheckReport::Valid(checked) => Ok(checked),
        CheckReport::Invalid(rule_errors) => Err(rule_errors
            .into_iter()
            .map(|error| ResultError {
                game: Some(number),
                hand: error.hand,
                message: format!("Game {number}, {}", in_players_words(&error.message)),
            })
            .collect()),
        CheckReport::NotARecord(reason) => Err(vec![of_game(format!(
            "the hands cannot be read ({}).",
            unreadable_record(&reason.0)
        ))]),
    }
}

/// A side's points over a checked game: the sum of its hand scores.
pub fn side_points(game: &CheckedGame, side: usize) -> i64 {
    game.hands
        .iter()
        .map(|hand| i64::from(hand.score[side]))
        .sum()
}
