//! The rules crate's refusals as a player would say them. The crate words its errors for
//! scorers' programs (a preset's identifier, a rule's such as `rotate-left` or `deduct-own`, a
//! side as `Ann+Cat`, "placement", "pips", a parser's reason a text is not a record); a
//! captain reading why a result was refused, or an organiser why a competition's rules were,
//! should see the game's name, the players, and the words of the pub. Every such choice of
//! words is here, not in the templates.

use fives_rules::ruleset::{HandEnd, LeaderRule};
use fives_rules::{DominoSet, Preset, RulesetError};

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

/// Why a ruleset cannot be played by so many players, in players' words.
pub fn ruleset_refusal(error: &RulesetError) -> String {
    match error {
        RulesetError::PlayerCount { preset, players } => {
            let allowed = preset.players();
            let game = game_name(*preset);
            if allowed.start() == allowed.end() {
                format!(
                    "{game} is for exactly {} players, not {players}",
                    allowed.start()
                )
            } else {
                format!(
                    "{game} is for {} to {} players, not {players}",
                    allowed.start(),
                    allowed.end()
                )
            }
        }
        RulesetError::Players { players } => format!("a game has 2 to 4 players, not {players}"),
        RulesetError::PartnershipsNeedFour { players } => {
            format!("partnerships need four players (two teams of two), not {players}")
        }
        RulesetError::HandSizeZero { players } => {
            format!("with {players} players each must be dealt at least one domino")
        }
        RulesetError::HandsTooLarge {
            players,
            hand_size,
            set,
        } => format!(
            "{players} hands of {hand_size} need {} dominoes, but a {} set has only {}",
            *players * usize::from(*hand_size),
            set_name(*set),
            set.tiles().len()
        ),
        RulesetError::ReserveTooLarge { reserve, boneyard } => format!(
            "{reserve} dominoes cannot be kept back: only {boneyard} are left to draw from"
        ),
        RulesetError::TargetZero => "a game's target must be at least 1 point".to_string(),
        RulesetError::UnplayedPipsNeedIndividuals => format!(
            "{} cannot be played in partnerships",
            hand_end_words(HandEnd::WinnerTakesAllUnplayed)
        ),
        RulesetError::NeverScores => {
            "nobody could ever score: neither the ends, nor going out, nor the spots left in hands count"
                .to_string()
        }
    }
}

/// Why a pasted text is not a game record (the reason the rules crate's reader gives), in
/// words for someone who pasted what a scorer's program wrote.
pub fn unreadable_record(reason: &str) -> String {
    const NOT_A_RECORD: &str = "it is not a game record as a scorer's program writes one";
    if let Some(json_error) = reason.strip_prefix("bad JSON: ") {
        // serde's reason ends with where it went wrong: "… at line 1 column 2".
        return match json_error
            .rsplit_once(" at line ")
            .and_then(|(_, place)| place.split_once(" column "))
        {
            Some((line, column)) => {
                format!("{NOT_A_RECORD} (it goes wrong at line {line}, column {column})")
            }
            None => NOT_A_RECORD.to_string(),
        };
    }
    if reason == "a record is a JSON object" {
        return NOT_A_RECORD.to_string();
    }
    if let Some(shape_error) = reason.strip_prefix("wrong shape: ") {
        let part = |marker: &str| {
            shape_error
                .strip_prefix(marker)
                .and_then(|rest| rest.split('`').next())
        };
        return match (part("missing field `"), part("unknown field `")) {
            (Some("seats"), _) => "it does not name the seats of the game".to_string(),
            (Some("hands"), _) => "it has no hands".to_string(),
            (Some("ruleset"), _) => "it does not say which game it is".to_string(),
            (_, Some(field)) => {
                format!("it has a part a game record does not have (\u{201c}{field}\u{201d})")
            }
            _ => {
                format!("{NOT_A_RECORD}: a part of it does not hold what a game record holds there")
            }
        };
    }
    with_names(reason)
}

/// A leader rule, as the sentence "… : {words}." says who sets.
fn leader_words(rule: LeaderRule) -> &'static str {
    match rule {
        LeaderRule::RotateLeft => "the set passes to the next player each hand",
        LeaderRule::LastDomino => "whoever went out in the hand before sets the next",
        LeaderRule::LastWinner => "the winner of the hand before sets the next",
    }
}

/// A hand-end rule: what the spots left in hands do when a hand ends.
fn hand_end_words(rule: HandEnd) -> &'static str {
    match rule {
        HandEnd::None => "nothing",
        HandEnd::DeductOwn => "each player losing their own, to the nearest five",
        HandEnd::DeductOwnFifths => "each player losing a point for every five of their own",
        HandEnd::WinnerTakesOpponents => {
            "the side that goes out scoring its opponents', to the nearest five"
        }
        HandEnd::WinnerTakesHighestFifths => {
            "the side that goes out scoring a point for every five in the fullest opponent's hand"
        }
        HandEnd::WinnerTakesHighestThirds => {
            "the side that goes out scoring a third of the fullest opponent's hand"
        }
        HandEnd::WinnerTakesOpponentsFifths => {
            "the side that goes out scoring a point for every five its opponents hold"
        }
        HandEnd::WinnerTakesAllUnplayed => {
            "the player who goes out scoring every spot left in the others' hands"
        }
    }
}

/// A set of dominoes as players name it.
fn set_name(set: DominoSet) -> &'static str {
    match set {
        DominoSet::DoubleSix => "double-six",
        DominoSet::DoubleSixNoDoubles => "double-six without the doubles",
        DominoSet::DoubleNine => "double-nine",
        DominoSet::DoubleTwelve => "double-twelve",
    }
}

/// The known messages, reworded.
fn reworded(rule: &str) -> Option<String> {
    // "Bob sets, but under rotate-left Ann sets this hand"; "Bob sets, but under last-winner
    // the set goes by lot among Ann, Cat"
    if let Some((setter, rest)) = rule.split_once(" sets, but under ")
        && let Some((leader, rest)) = rest.split_once(' ')
        && let Some(leader) = LeaderRule::from_name(leader)
    {
        if let Some(due) = rest.strip_suffix(" sets this hand") {
            return Some(format!(
                "{setter} set this hand, but it was {due}'s to set: {}.",
                leader_words(leader)
            ));
        }
        if let Some(drawing) = rest.strip_prefix("the set goes by lot among ") {
            return Some(format!(
                "{setter} set this hand, but after a blocked hand those left with the fewest spots draw for the set: {drawing}."
            ));
        }
    }
    // "under last-winner the set goes by lot among Ann, Cat; say who set in \"leader\""
    if let Some(rest) = rule.strip_prefix("under ")
        && let Some((leader, rest)) = rest.split_once(' ')
        && LeaderRule::from_name(leader).is_some()
        && let Some(rest) = rest.strip_prefix("the set goes by lot among ")
        && let Some((drawing, _)) = rest.split_once("; ")
    {
        return Some(format!(
            "after a blocked hand those left with the fewest spots draw for the set ({drawing}); the record must say who set this hand."
        ));
    }
    // "leader 5 is not a seat (seats are numbered 0 to 1)"
    if let Some(rest) = rule.strip_prefix("leader ")
        && let Some((seat, rest)) = rest.split_once(" is not a seat (seats are numbered ")
        && let Some(seats) = rest.strip_suffix(')')
    {
        return Some(format!(
            "the record says seat {seat} set this hand, but its seats are numbered {seats}."
        ));
    }
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

/// Identifiers a player would not write: a preset's, a hand-end rule's (said as what the
/// spots left in hands do), and partners joined with `+` (`Ann & Cat`).
fn with_names(text: &str) -> String {
    let mut text = text.to_string();
    for rule in HandEnd::ALL {
        let (name, words) = (rule.name(), hand_end_words(*rule));
        // "… and the hand end (deduct-own) adds one of 0, -5"; "… before the hand end
        // (deduct-own)"
        text = text
            .replace(
                &format!("the hand end ({name}) adds"),
                &format!("the spots left in hands ({words}) add"),
            )
            .replace(
                &format!("the hand end ({name})"),
                &format!("the spots left in hands count ({words})"),
            );
    }
    text = text.replace(": the moves peg ", ": the dominoes laid score ");
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
    #[test]
    fn who_sets_a_hand_is_said_by_what_the_rule_does() {
        assert_eq!(
            in_players_words("hand 2: Bob sets, but under rotate-left Ann sets this hand"),
            "hand 2: Bob set this hand, but it was Ann's to set: the set passes to the next player each hand."
        );
        assert_eq!(
            in_players_words(
                "hand 4: Bob sets, but under last-winner the set goes by lot among Ann, Cat"
            ),
            "hand 4: Bob set this hand, but after a blocked hand those left with the fewest spots draw for the set: Ann, Cat."
        );
        assert_eq!(
            in_players_words(
                "hand 4: under last-winner the set goes by lot among Bob, Cat; say who set in \"leader\""
            ),
            "hand 4: after a blocked hand those left with the fewest spots draw for the set (Bob, Cat); the record must say who set this hand."
        );
        assert_eq!(
            in_players_words("hand 1: leader 5 is not a seat (seats are numbered 0 to 1)"),
            "hand 1: the record says seat 5 set this hand, but its seats are numbered 0 to 1."
        );
    }

    #[test]
    fn a_record_setting_out_of_turn_is_refused_without_the_rules_identifier() {
        use fives_rules::RulesetSpec;
        use fives_rules::random::seeded;
        use fives_rules::record::{CheckReport, check, play_game};

        let spec = RulesetSpec::preset(Preset::FivesAndThrees);
        let ruleset = spec.build(2).unwrap();
        let mut record = play_game(&spec, &ruleset, &mut seeded(7));
        // Fives and Threes passes the set on each hand: the first hand's setter sets again.
        record.hands[1].leader = record.hands[0].leader;
        let CheckReport::Invalid(errors) = check(&record) else {
            panic!("a record setting out of turn is refused");
        };
        let message = in_players_words(&errors[0].message);
        assert!(
            message.starts_with("hand 2: ")
                && message.ends_with("to set: the set passes to the next player each hand."),
            "{message}"
        );
        for rule in LeaderRule::ALL {
            assert!(!message.contains(rule.name()), "{message}");
        }
    }

    #[test]
    fn the_spots_left_in_hands_are_said_by_what_they_do() {
        assert_eq!(
            in_players_words(
                "hand 3: Ann+Cat's score 12 cannot be: the moves peg 10 and the hand end (deduct-own) adds one of 0, -5, -10"
            ),
            "hand 3: Ann & Cat's score 12 cannot be: the dominoes laid score 10 and the spots left in hands (each player losing their own, to the nearest five) add one of 0, -5, -10"
        );
        assert_eq!(
            in_players_words(
                "hand 6: the score gives Bob 20, but their pegs make 15 or 25 before the hand end (winner-takes-opponents-fifths)"
            ),
            "hand 6: the score gives Bob 20, but their pegs make 15 or 25 before the spots left in hands count (the side that goes out scoring a point for every five its opponents hold)"
        );
    }

    #[test]
    fn a_ruleset_that_cannot_be_played_names_the_game() {
        let spec = fives_rules::RulesetSpec::preset(Preset::DoublesInTheBoneyard);
        let error = spec.build(2).unwrap_err();
        assert_eq!(
            ruleset_refusal(&error),
            "Doubles in the Boneyard is for exactly 3 players, not 2"
        );
        assert_eq!(
            ruleset_refusal(&RulesetError::UnplayedPipsNeedIndividuals),
            "the player who goes out scoring every spot left in the others' hands cannot be played in partnerships"
        );
        assert_eq!(
            ruleset_refusal(&RulesetError::ReserveTooLarge {
                reserve: 20,
                boneyard: 14
            }),
            "20 dominoes cannot be kept back: only 14 are left to draw from"
        );
    }

    #[test]
    fn a_text_that_is_no_record_is_said_so_where_it_goes_wrong() {
        let reason =
            |text: &str| unreadable_record(&fives_rules::record::parse(text).unwrap_err().0);
        assert_eq!(
            reason("{not a record"),
            "it is not a game record as a scorer's program writes one (it goes wrong at line 1, column 2)"
        );
        assert_eq!(
            reason("[1, 2]"),
            "it is not a game record as a scorer's program writes one"
        );
        assert_eq!(
            reason(r#"{"ruleset": "fives-and-threes", "hands": []}"#),
            "it does not name the seats of the game"
        );
        assert_eq!(
            reason(
                r#"{"ruleset": "fives-and-threes", "seats": ["A", "B"], "hands": [], "colour": "red"}"#
            ),
            "it has a part a game record does not have (\u{201c}colour\u{201d})"
        );
        assert_eq!(
            reason(r#"{"ruleset": "fives-and-threes", "seats": "A and B", "hands": []}"#),
            "it is not a game record as a scorer's program writes one: a part of it does not hold what a game record holds there"
        );
        // A reason already in words stays as it is.
        assert_eq!(
            reason(r#"{"ruleset": "fives-and-threes", "seats": ["A", "B"], "hands": [{}]}"#),
            "hand 1 has none of moves, pegs and score; a hand needs at least one"
        );
    }
}
