//! A competition's ruleset as an organiser sets it: a preset of the rules crate, perhaps with
//! another target or other options, which every game of the match format must be playable
//! under.

use fives_rules::RulesetSpec;

use super::match_format::{Leg, LegKind, MAX_LEGS, ONCE_ROUND_THE_BOARD, TWICE_ROUND_THE_BOARD};
use super::match_result::game_ruleset;
use super::rule_words::ruleset_refusal;

/// The most points a game's target may be: All Fives and Muggins play to 250, a long game
/// to 500; anything past 1000 is a typing mistake.
pub const MAX_TARGET: u32 = 1000;

/// Why a competition's ruleset cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesetProblem {
    #[error("A game's target must be more than 0.")]
    TargetZero,
    #[error("A game's target is at most {MAX_TARGET} points, not {target}.")]
    TargetTooHigh { target: u32 },
    #[error("The {kind} games cannot be played under these rules: {reason}.")]
    Unplayable { kind: LegKind, reason: String },
    #[error("A table's games cannot be played by {players} under these rules: {reason}.")]
    UnplayableAtTable { players: usize, reason: String },
}

impl RulesetProblem {
    /// Whether the problem is with the target rather than the rules as a whole.
    pub fn is_about_the_target(&self) -> bool {
        matches!(
            self,
            RulesetProblem::TargetZero | RulesetProblem::TargetTooHigh { .. }
        )
    }
}

/// Every reason the ruleset cannot be the competition's: a target out of bounds, or rules
/// under which a game of the match format's `legs` cannot be played (a three-player game for
/// singles, say).
pub fn ruleset_problems(ruleset: &RulesetSpec, legs: &[Leg]) -> Vec<RulesetProblem> {
    let mut problems = Vec::new();
    if let Some(target) = ruleset.overrides.target {
        let by_players = target.by_players;
        let targets = [
            by_players.two,
            by_players.three,
            by_players.four,
            target.partners,
        ];
        if targets.contains(&0) {
            problems.push(RulesetProblem::TargetZero);
        }
        if let Some(&target) = targets.iter().filter(|&&t| t > MAX_TARGET).max() {
            problems.push(RulesetProblem::TargetTooHigh { target });
        }
    }
    // Each kind of game once, at a target the format allows (any other is the format's
    // problem, said there).
    for kind in [LegKind::Singles, LegKind::Pairs] {
        let leg = legs.iter().take(MAX_LEGS).find(|leg| {
            leg.kind == kind && [ONCE_ROUND_THE_BOARD, TWICE_ROUND_THE_BOARD].contains(&leg.target)
        });
        if let Some(leg) = leg
            && let Err(reason) =
                game_ruleset(ruleset, leg).build(2 * kind.players_per_side() as usize)
        {
            problems.push(RulesetProblem::Unplayable {
                kind,
                reason: ruleset_refusal(&reason),
            });
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use fives_rules::Preset;
    use fives_rules::ruleset::{PerPlayers, Target};

    use super::*;
    use crate::domain::match_format::tests::{six_singles_three_pairs, two_per_match_one_per_game};

    fn with_target(points: u32) -> RulesetSpec {
        let mut spec = RulesetSpec::preset(Preset::Muggins);
        spec.overrides.target = Some(Target::all(points));
        spec
    }

    #[test]
    fn a_target_is_from_1_to_1000_points() {
        let format = six_singles_three_pairs(two_per_match_one_per_game());
        assert_eq!(ruleset_problems(&with_target(250), &format.legs), []);
        assert_eq!(ruleset_problems(&with_target(MAX_TARGET), &format.legs), []);
        let too_high = ruleset_problems(&with_target(4_294_967_295), &format.legs);
        assert_eq!(
            too_high,
            [RulesetProblem::TargetTooHigh {
                target: 4_294_967_295
            }]
        );
        assert_eq!(
            too_high[0].to_string(),
            "A game's target is at most 1000 points, not 4294967295."
        );
        assert_eq!(
            ruleset_problems(&with_target(0), &format.legs),
            [RulesetProblem::TargetZero]
        );
        // Per number of players, as a game record may give it.
        let mut spec = with_target(250);
        spec.overrides.target = Some(Target {
            by_players: PerPlayers::all(250),
            partners: 1001,
        });
        assert_eq!(
            ruleset_problems(&spec, &format.legs),
            [RulesetProblem::TargetTooHigh { target: 1001 }]
        );
    }

    #[test]
    fn every_game_of_the_format_must_be_playable_under_the_rules() {
        let format = six_singles_three_pairs(two_per_match_one_per_game());
        let three_player_game = RulesetSpec::preset(Preset::DoublesInTheBoneyard);
        let problems = ruleset_problems(&three_player_game, &format.legs);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(
            problems[0].to_string(),
            "The singles games cannot be played under these rules: \
             Doubles in the Boneyard is for exactly 3 players, not 2."
        );
        let mut no_tiles = RulesetSpec::preset(Preset::FivesAndThrees);
        no_tiles.overrides.hand_size = Some(PerPlayers::all(0));
        assert!(matches!(
            ruleset_problems(&no_tiles, &format.legs)[..],
            [
                RulesetProblem::Unplayable {
                    kind: LegKind::Singles,
                    ..
                },
                RulesetProblem::Unplayable {
                    kind: LegKind::Pairs,
                    ..
                }
            ]
        ));
    }
}
