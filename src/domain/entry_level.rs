//! How much a competition asks a captain to give for each game of a result: the winner and
//! the final score, every hand's score, or every hand's pegs. More detail is always accepted
//! and checked; less is refused, game by game. A game given as its final score only is checked
//! to be a score the game can end on, from the totals the rules crate derives.

use std::fmt;

use fives_rules::Ruleset;
use fives_rules::facts::game_ends;
use fives_rules::record::HandRecord;
use fives_rules::ruleset::Finish;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::match_format::Side;

/// The furthest a final score may be from nothing, either way: past it, no game of any league
/// ends (a target is at most `competition::MAX_TARGET`, and a game ends within a hand of it).
pub const MAX_FINAL_SCORE: i64 = 10_000;

/// The least a captain must give for each game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EntryLevel {
    /// The winner and the final score of each game.
    Final,
    /// Every hand's score (the hand lines).
    #[default]
    Hands,
    /// Every hand's pegs.
    Pegs,
}

impl EntryLevel {
    pub const ALL: [EntryLevel; 3] = [EntryLevel::Final, EntryLevel::Hands, EntryLevel::Pegs];

    pub fn as_str(self) -> &'static str {
        match self {
            EntryLevel::Final => "final",
            EntryLevel::Hands => "hands",
            EntryLevel::Pegs => "pegs",
        }
    }

    pub fn named(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|level| level.as_str() == text)
    }

    /// What a captain gives for each game, in an organiser's words.
    pub fn description(self) -> &'static str {
        match self {
            EntryLevel::Final => "The winner and the final score of each game",
            EntryLevel::Hands => "Every hand's score",
            EntryLevel::Pegs => "Every hand's pegs",
        }
    }

    /// What a game given with less than this level lacks, as the refusal says it.
    fn asks_for(self) -> &'static str {
        match self {
            EntryLevel::Final => "each game's final score",
            EntryLevel::Hands => "every hand's score",
            EntryLevel::Pegs => "every hand's pegs",
        }
    }

    /// Why a game given by its final score alone is not enough, if it is not.
    pub fn final_score_refused(self) -> Option<String> {
        (self != EntryLevel::Final)
            .then(|| format!("this competition asks for {}.", self.asks_for()))
    }

    /// Why a hand is not enough, if it is not: at the pegs level, a hand needs its pegs (or
    /// every move, from which the pegs follow).
    pub fn hand_refused(self, hand: &HandRecord) -> Option<String> {
        (self == EntryLevel::Pegs && hand.pegs.is_none() && hand.moves.is_none())
            .then(|| format!("this competition asks for {}.", self.asks_for()))
    }
}

impl fmt::Display for EntryLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The totals a final score is written as: numbers apart by spaces or commas (`61 45`,
/// `61, 45, 30`), or joined by dashes (`61-45`, `61–45`); a total below nothing keeps its
/// minus sign (`250 -15`, `250--15`). `None` where a part is not a whole number.
pub fn read_totals(text: &str) -> Option<Vec<i64>> {
    let mut parts: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|part| !part.is_empty())
        .collect();
    if let [joined] = parts.as_slice() {
        parts = split_at_dashes(joined);
    }
    parts.iter().map(|part| part.parse::<i64>().ok()).collect()
}

/// A dash after a digit separates two totals; one elsewhere is a minus sign.
fn split_at_dashes(joined: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut previous = None;
    for (at, c) in joined.char_indices() {
        if (c == '-' || c == '\u{2013}') && previous.is_some_and(|p: char| p.is_ascii_digit()) {
            parts.push(&joined[start..at]);
            start = at + c.len_utf8();
        }
        previous = Some(c);
    }
    parts.push(&joined[start..]);
    parts
}

/// A game's final score as written: the home side's total, then the away side's (`61 45`,
/// `61-45` or `61, 45`; a total below nothing, possible where hand-end scoring deducts, with
/// its sign).
pub fn parse_final_score(text: &str) -> Result<(i64, i64), String> {
    let trimmed = text.trim();
    match read_totals(trimmed).as_deref() {
        Some(&[home, away]) => totals_within_limit(&[home, away]).map(|()| (home, away)),
        _ => Err(format!(
            "\u{201c}{trimmed}\u{201d} is not a final score; write the home side's total, then the away side's, like 61 45."
        )),
    }
}

/// Refuses a total no game reaches before anything is counted over it.
pub fn totals_within_limit(totals: &[i64]) -> Result<(), String> {
    match totals.iter().find(|total| total.abs() > MAX_FINAL_SCORE) {
        Some(total) => Err(format!(
            "{total} is not a game's total; a final score is between -{MAX_FINAL_SCORE} and {MAX_FINAL_SCORE}."
        )),
        None => Ok(()),
    }
}

/// The winner of a game that ended `home`–`away` under `ruleset`, or why no game ends so.
pub fn check_final_score(ruleset: &Ruleset, home: i64, away: i64) -> Result<Side, String> {
    check_final_totals(ruleset, &[home, away])
        .map(|winner| if winner == 0 { Side::Home } else { Side::Away })
}

/// The totals a game under `ruleset` can end on, as [`check_final_totals`] takes them: the
/// winner's lowest and highest, then the loser's, for a form's hint.
pub fn final_total_ranges(ruleset: &Ruleset) -> ((i64, i64), (i64, i64)) {
    let ends = game_ends(ruleset, -(MAX_FINAL_SCORE as i32));
    let range = |totals: &std::collections::BTreeSet<i32>| {
        (
            totals.first().map_or(0, |&low| i64::from(low)),
            totals.last().map_or(0, |&high| i64::from(high)),
        )
    };
    (range(&ends.winning), range(&ends.losing))
}

/// The side (from 0) that won a game whose sides ended on `totals` under `ruleset`, or why no
/// game ends so: the winner exactly on the target where the finish is exact (at or past it
/// otherwise), every other side short of it (except where all may pass it in the last hand),
/// and every total one the game's hands can make.
pub fn check_final_totals(ruleset: &Ruleset, totals: &[i64]) -> Result<usize, String> {
    totals_within_limit(totals)?;
    let target = i64::from(ruleset.target());
    let score = totals
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join("\u{2013}");
    let high = totals.iter().copied().max().unwrap_or(0);
    let leaders: Vec<usize> = (0..totals.len())
        .filter(|&side| totals[side] == high)
        .collect();
    let [winner] = leaders.as_slice() else {
        return Err(format!(
            "{score} has no winner; a game to {target} goes on until one side wins."
        ));
    };
    let finish = ruleset.options().finish;
    let exact = matches!(finish, Finish::Exact | Finish::ExactBounce);
    if exact && high != target {
        return Err(format!(
            "a game to {target} is won on exactly {target}, so the winner cannot finish on {high}."
        ));
    }
    if high < target {
        return Err(format!(
            "nobody has reached {target} at {score}; a result needs every game played to the end."
        ));
    }
    let losers = || {
        totals
            .iter()
            .enumerate()
            .filter(|&(side, _)| side != *winner)
            .map(|(_, &total)| total)
    };
    if let Some(low) = losers().find(|&low| low >= target)
        && finish != Finish::CompleteHand
    {
        return Err(format!(
            "the game ends as soon as one side reaches {target}, so the loser cannot have {low}."
        ));
    }
    let lowest = -(MAX_FINAL_SCORE as i32);
    let ends = game_ends(ruleset, lowest);
    let reachable = |total: i64, totals: &std::collections::BTreeSet<i32>| {
        i32::try_from(total).is_ok_and(|total| totals.contains(&total))
    };
    if !reachable(high, &ends.winning) {
        return Err(format!(
            "no game to {target} under these rules can be won with {high}."
        ));
    }
    if let Some(low) = losers().find(|&low| !reachable(low, &ends.losing)) {
        return Err(format!(
            "no game to {target} under these rules can end with the loser on {low}."
        ));
    }
    Ok(*winner)
}

#[cfg(test)]
mod tests {
    use fives_rules::Preset;

    use super::*;

    fn ruleset(preset: Preset, players: usize) -> Ruleset {
        Ruleset::preset(preset, players).unwrap()
    }

    #[test]
    fn a_level_is_named_as_the_api_names_it() {
        for level in EntryLevel::ALL {
            assert_eq!(EntryLevel::named(level.as_str()), Some(level));
            assert_eq!(
                serde_json::to_value(level).unwrap(),
                serde_json::json!(level.as_str())
            );
        }
        assert_eq!(EntryLevel::default(), EntryLevel::Hands);
        assert_eq!(EntryLevel::named("moves"), None);
    }

    #[test]
    fn the_hints_ranges_are_the_totals_the_check_takes() {
        for preset in [Preset::FivesAndThrees, Preset::AllFives, Preset::Muggins] {
            let ruleset = ruleset(preset, 2);
            let ((win_low, win_high), (lose_low, lose_high)) = final_total_ranges(&ruleset);
            assert!(check_final_totals(&ruleset, &[win_low, lose_low]).is_ok());
            assert!(check_final_totals(&ruleset, &[win_high, lose_high]).is_ok());
            assert!(check_final_totals(&ruleset, &[win_high + 1, lose_low]).is_err());
            assert!(check_final_totals(&ruleset, &[win_low - 1, lose_low]).is_err());
            assert!(check_final_totals(&ruleset, &[win_low, lose_low - 1]).is_err());
        }
    }

    #[test]
    fn a_final_score_is_read_home_then_away() {
        assert_eq!(parse_final_score("61 45"), Ok((61, 45)));
        assert_eq!(parse_final_score(" 45-61 "), Ok((45, 61)));
        assert_eq!(parse_final_score("45–61"), Ok((45, 61)));
        assert_eq!(parse_final_score("250, -15"), Ok((250, -15)));
        assert_eq!(
            parse_final_score("61"),
            Err("\u{201c}61\u{201d} is not a final score; write the home side's total, then the away side's, like 61 45.".to_string())
        );
        assert_eq!(
            parse_final_score("61 99999999999"),
            Err(
                "99999999999 is not a game's total; a final score is between -10000 and 10000."
                    .to_string()
            )
        );
    }

    #[test]
    fn with_an_exact_finish_the_winner_is_on_the_target_and_the_loser_below() {
        let rules = ruleset(Preset::FivesAndThrees, 2);
        assert_eq!(check_final_score(&rules, 61, 45), Ok(Side::Home));
        assert_eq!(check_final_score(&rules, 0, 61), Ok(Side::Away));
        assert_eq!(
            check_final_score(&rules, 63, 45).unwrap_err(),
            "a game to 61 is won on exactly 61, so the winner cannot finish on 63."
        );
        assert_eq!(
            check_final_score(&rules, 40, 40).unwrap_err(),
            "40–40 has no winner; a game to 61 goes on until one side wins."
        );
        assert_eq!(
            check_final_score(&rules, 61, -3).unwrap_err(),
            "no game to 61 under these rules can end with the loser on -3."
        );
    }

    #[test]
    fn with_a_reach_finish_the_totals_are_those_the_hands_can_make() {
        let rules = ruleset(Preset::Muggins, 2);
        assert_eq!(check_final_score(&rules, 255, 120), Ok(Side::Home));
        assert_eq!(check_final_score(&rules, 100, 250), Ok(Side::Away));
        assert_eq!(
            check_final_score(&rules, 252, 120).unwrap_err(),
            "no game to 250 under these rules can be won with 252."
        );
        assert_eq!(
            check_final_score(&rules, 250, 121).unwrap_err(),
            "no game to 250 under these rules can end with the loser on 121."
        );
        assert_eq!(
            check_final_score(&rules, 260, 250).unwrap_err(),
            "the game ends as soon as one side reaches 250, so the loser cannot have 250."
        );
        assert_eq!(
            check_final_score(&rules, 245, 120).unwrap_err(),
            "nobody has reached 250 at 245–120; a result needs every game played to the end."
        );
    }

    #[test]
    fn totals_are_read_apart_or_joined_by_dashes() {
        assert_eq!(read_totals("61 45 30"), Some(vec![61, 45, 30]));
        assert_eq!(read_totals("61,45, 30"), Some(vec![61, 45, 30]));
        assert_eq!(read_totals("61-45-30"), Some(vec![61, 45, 30]));
        assert_eq!(read_totals("250--15"), Some(vec![250, -15]));
        assert_eq!(read_totals("-5 61"), Some(vec![-5, 61]));
        assert_eq!(read_totals("61 4x"), None);
    }

    #[test]
    fn three_sides_end_with_one_winner_on_the_target_and_the_others_below() {
        let rules = ruleset(Preset::FivesAndThrees, 3);
        assert_eq!(check_final_totals(&rules, &[30, 61, 45]), Ok(1));
        assert_eq!(
            check_final_totals(&rules, &[61, 61, 45]).unwrap_err(),
            "61\u{2013}61\u{2013}45 has no winner; a game to 61 goes on until one side wins."
        );
        assert_eq!(
            check_final_totals(&rules, &[61, 40, 62]).unwrap_err(),
            "a game to 61 is won on exactly 61, so the winner cannot finish on 62."
        );
        assert_eq!(
            check_final_totals(&rules, &[61, 40, -3]).unwrap_err(),
            "no game to 61 under these rules can end with the loser on -3."
        );
        // Derived from the rules: every total a loser of a three-seat game can hold is
        // accepted, and none of those the hands cannot make.
        let ends = game_ends(&rules, -(MAX_FINAL_SCORE as i32));
        for low in 0..61 {
            let accepted = check_final_totals(&rules, &[61, 0, i64::from(low)]).is_ok();
            assert_eq!(accepted, ends.losing.contains(&low), "loser on {low}");
        }
    }

    #[test]
    fn a_level_refuses_what_gives_less_than_it_asks() {
        assert_eq!(EntryLevel::Final.final_score_refused(), None);
        assert_eq!(
            EntryLevel::Hands.final_score_refused().as_deref(),
            Some("this competition asks for every hand's score.")
        );
        let scored = HandRecord {
            score: Some(vec![14, 9]),
            ..HandRecord::default()
        };
        assert_eq!(EntryLevel::Hands.hand_refused(&scored), None);
        assert_eq!(
            EntryLevel::Pegs.hand_refused(&scored).as_deref(),
            Some("this competition asks for every hand's pegs.")
        );
        let pegged = HandRecord {
            pegs: Some(vec![vec![4], vec![]]),
            ..scored
        };
        assert_eq!(EntryLevel::Pegs.hand_refused(&pegged), None);
    }
}
