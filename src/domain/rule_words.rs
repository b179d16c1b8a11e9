//! The rules crate's refusals as a player would say them. The crate words its errors for
//! scorers' programs (a preset's identifier, a side as `Ann+Cat`, "placement", "pips"); a
//! captain reading why a result was refused should see the game's name, the players, and the
//! words of the pub. Every such choice of words is here, not in the templates.

use fives_rules::Preset;

/// A game's name as players write it.
pub fn game_name(preset: Preset) -> &'static str {
    match preset {
        Preset::FivesAndThrees => "Fives and Threes",
        Preset::AllFives => "All Fives",
        Preset::Muggins => "Muggins",
        Preset::FiveUp => "Five Up",
        Preset::DoublesInTheBoneyard => "Doubles in the Boneyard",
    }
}

/// The rules crate's message, as the crate wrote it after the place it names (`hand 3: …`),
/// in players' words. A message this does not know is given with its identifiers replaced.
pub fn in_players_words(message: &str) -> String {
    // The place ("hand 3", "hand 3, move 7", "hand 3, Ann's peg 2") stays as it is.
    let (place, rule) = match message.split_once(": ") {
        Some((place, rule)) if place.starts_with("hand ") => (Some(place), rule),
        _ => (None, message),
    };
    let rule = reworded(rule).unwrap_or_else(|| rule.to_string());
    let rule = with_names(&rule);
    match place {
        Some(place) => format!("{}: {rule}", with_names(place)),
        None => rule,
    }
}

/// The known messages, reworded.
fn reworded(rule: &str) -> Option<String> {
    // "Ann scores 59, which no hand of fives-and-threes can give from 0 (possible: 0 to 57)"
    if let Some((side, rest)) = rule.split_once(" scores ")
        && let Some((net, rest)) = rest.split_once(", which no hand of ")
        && let Some((game, rest)) = rest.split_once(" can give from ")
        && let Some((from, rest)) = rest.split_once(" (possible: ")
    {
        let possible = rest.strip_suffix(')')?;
        let game = game_named(game)?;
        return Some(if from == "0" {
            format!("a hand of {game} cannot score {net} for {side}; a hand scores {possible}.")
        } else {
            format!(
                "a hand of {game} cannot score {net} for {side}, who had {from}; from there a hand scores {possible}."
            )
        });
    }
    // "no placement can score 5 in fives-and-threes (a placement scores 1 to 4, 6, 8, or 1 as
    // the domino bonus after a seat's last placement)"
    if let Some(rest) = rule.strip_prefix("no placement can score ")
        && let Some((peg, rest)) = rest.split_once(" in ")
        && let Some((game, rest)) = rest.split_once(" (a placement scores ")
    {
        let possible = rest.strip_suffix(')')?.replace(
            ", or 1 as the domino bonus after a seat's last placement",
            ", or 1 for going out",
        );
        let game = game_named(game)?;
        return Some(format!(
            "a domino laid in {game} cannot score {peg}; one scores {possible}."
        ));
    }
    // "5 is not a peg: a peg is the points a placement scored, and a placement scoring nothing
    // is left out"
    if let Some((peg, _)) = rule.split_once(" is not a peg: ") {
        return Some(format!(
            "{peg} is not a peg; write the points each domino scored, leaving out any that scored nothing."
        ));
    }
    // "under the exact finish the order of the pegs decides what counts for Ann; give the
    // hand's score"
    if let Some(rest) = rule.strip_prefix("under the ")
        && let Some((_, rest)) =
            rest.split_once(" finish the order of the pegs decides what counts for ")
        && let Some(side) = rest.strip_suffix("; give the hand's score")
    {
        return Some(format!(
            "near the end of a game the order of {side}'s pegs decides what counts, so give the hand's score as well."
        ));
    }
    if rule.starts_with("this ruleset scores the pips left in hands") {
        return Some(
            "in this game the spots left in players' hands count, so give the hand's score as well."
                .to_string(),
        );
    }
    None
}

/// The game named by its identifier.
fn game_named(identifier: &str) -> Option<&'static str> {
    Preset::ALL
        .iter()
        .find(|preset| preset.name() == identifier)
        .map(|preset| game_name(*preset))
}

/// Identifiers a player would not write: a preset's, and partners joined with `+` (`Ann & Cat`).
fn with_names(text: &str) -> String {
    let mut text = text.to_string();
    for preset in Preset::ALL {
        text = text.replace(preset.name(), game_name(*preset));
    }
    text.replace('+', " & ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_impossible_hand_score_names_the_game_and_what_a_hand_can_score() {
        assert_eq!(
            in_players_words(
                "hand 5: Ann scores 59, which no hand of fives-and-threes can give from 0 (possible: 0 to 57)"
            ),
            "hand 5: a hand of Fives and Threes cannot score 59 for Ann; a hand scores 0 to 57."
        );
        assert_eq!(
            in_players_words(
                "hand 9: Ann+Cat scores 4, which no hand of fives-and-threes can give from 59 (possible: 0 to 2)"
            ),
            "hand 9: a hand of Fives and Threes cannot score 4 for Ann & Cat, who had 59; from there a hand scores 0 to 2."
        );
    }

    #[test]
    fn pegs_are_a_domino_s_points() {
        assert_eq!(
            in_players_words(
                "hand 2, Bob's peg 3: no placement can score 5 in fives-and-threes (a placement scores 1 to 4, 6, 8, or 1 as the domino bonus after a seat's last placement)"
            ),
            "hand 2, Bob's peg 3: a domino laid in Fives and Threes cannot score 5; one scores 1 to 4, 6, 8, or 1 for going out."
        );
        assert_eq!(
            in_players_words(
                "hand 1, Ann's peg 1: 0 is not a peg: a peg is the points a placement scored, and a placement scoring nothing is left out"
            ),
            "hand 1, Ann's peg 1: 0 is not a peg; write the points each domino scored, leaving out any that scored nothing."
        );
    }

    #[test]
    fn other_messages_keep_their_words_with_the_identifiers_named() {
        assert_eq!(
            in_players_words(
                "hand 4: Ann+Cat and Bob+Dan both reach the target in this hand; the game ends when the first does"
            ),
            "hand 4: Ann & Cat and Bob & Dan both reach the target in this hand; the game ends when the first does"
        );
        assert_eq!(
            in_players_words(
                "hand 3: this ruleset scores the pips left in hands (deduct-own); a hand without its deal and moves needs its score"
            ),
            "hand 3: in this game the spots left in players' hands count, so give the hand's score as well."
        );
    }
}
