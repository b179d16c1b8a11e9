//! Quick entry of a game's hands, one line per hand, as a scorer copies them off the pub's
//! scoresheet:
//!
//! ```text
//! 14 9
//! 0 21 | / 6 3 4 8
//! 10 12 | 4 6 / 3 9
//! ```
//!
//! Each line is the home side's points then the away side's for the hand (`14 9`, or `14-9`).
//! A scorer who also kept the pegs adds a bar and each seat's pegs in the order the seats
//! play, separated by slashes: `home / away` in a singles game, `home 1 / away 1 / home 2 /
//! away 2` in a pairs game; a seat that pegged nothing is left empty. Blank lines are skipped,
//! so hand numbers count the lines that hold a hand.

use fives_rules::record::HandRecord;

use super::match_result::{MAX_HANDS_PER_GAME, hands_within_limit};

/// A line that does not read as a hand, with its hand number (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandLineError {
    pub hand: usize,
    pub message: String,
}

/// The number of hands the text holds: its lines that are not blank.
pub fn count_hand_lines(text: &str) -> usize {
    text.lines().filter(|line| !line.trim().is_empty()).count()
}

/// Reads the hands of a game with `seats` seats (2 for singles, 4 for pairs). Every unreadable
/// line is reported; more lines than a game has hands are refused before any is read.
pub fn parse_hand_lines(text: &str, seats: usize) -> Result<Vec<HandRecord>, Vec<HandLineError>> {
    parse_table_hand_lines(text, seats, 2)
}

/// Reads the hands of a game with `seats` seats scored by `sides` sides (a championship
/// table of three, or of four each for themselves, scores each seat): each line holds each
/// side's points in seat order, a negative one with its minus sign.
pub fn parse_table_hand_lines(
    text: &str,
    seats: usize,
    sides: usize,
) -> Result<Vec<HandRecord>, Vec<HandLineError>> {
    if let Err(message) = hands_within_limit(count_hand_lines(text)) {
        return Err(vec![HandLineError {
            hand: MAX_HANDS_PER_GAME + 1,
            message,
        }]);
    }
    let mut hands = Vec::new();
    let mut errors = Vec::new();
    for (line, hand) in text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .zip(1..)
    {
        match parse_line(line, seats, sides) {
            Ok(record) => hands.push(record),
            Err(message) => errors.push(HandLineError { hand, message }),
        }
    }
    if errors.is_empty() {
        Ok(hands)
    } else {
        Err(errors)
    }
}

fn parse_line(line: &str, seats: usize, sides: usize) -> Result<HandRecord, String> {
    let (score_part, pegs_part) = match line.split_once('|') {
        Some((score, pegs)) => (score, Some(pegs)),
        None => (line, None),
    };
    let score = parse_score(score_part.trim(), sides).ok_or_else(|| {
        if sides == 2 {
            format!(
                "\u{201c}{line}\u{201d} is not two scores; write the home side's points, then the away side's, like 14 9."
            )
        } else {
            format!(
                "\u{201c}{line}\u{201d} is not {sides} scores; write each seat's points in seat order, like 10 0 5."
            )
        }
    })?;
    let pegs = match pegs_part {
        None => None,
        Some(text) => Some(parse_pegs(text, seats)?),
    };
    Ok(HandRecord {
        score: Some(score),
        pegs,
        ..HandRecord::default()
    })
}

/// `14 9`, `14-9`, `14, 9` or `-10 25` for two sides; `10 0 -5` for three.
fn parse_score(text: &str, sides: usize) -> Option<Vec<i64>> {
    let parts: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|part| !part.is_empty())
        .collect();
    match parts.as_slice() {
        // `14-9`: the dash between two scores, neither negative.
        [joined] if sides == 2 => {
            let (home, away) = joined.split_once('-')?;
            let home = home.trim().parse::<u32>().ok()?;
            let away = away.trim().parse::<u32>().ok()?;
            Some(vec![i64::from(home), i64::from(away)])
        }
        parts if parts.len() == sides => parts
            .iter()
            .map(|part| {
                let number = part.parse::<i32>().ok()?;
                Some(i64::from(number))
            })
            .collect(),
        _ => None,
    }
}

fn parse_pegs(text: &str, seats: usize) -> Result<Vec<Vec<i64>>, String> {
    let lists: Vec<&str> = text.split('/').collect();
    if lists.len() != seats {
        let order = if seats == 4 {
            "home 1 / away 1 / home 2 / away 2"
        } else {
            "home / away"
        };
        return Err(format!(
            "the pegs after the bar are for {} {}; this game has {seats} players, so write them as {order}.",
            lists.len(),
            if lists.len() == 1 {
                "player"
            } else {
                "players"
            },
        ));
    }
    lists
        .iter()
        .map(|list| {
            list.split(|c: char| c.is_whitespace() || c == ',')
                .filter(|peg| !peg.is_empty())
                .map(|peg| {
                    peg.parse::<u32>().map(i64::from).map_err(|_| {
                        format!("\u{201c}{peg}\u{201d} is not a peg; a peg is a number of points, like 3 or 6.")
                    })
                })
                .collect()
        })
        .collect()
}

/// The hands as lines of this syntax, when they hold nothing the lines cannot say (moves,
/// deals, who set): for a form prefilled from a kept result.
pub fn write_hand_lines(hands: &[HandRecord]) -> Option<String> {
    let mut text = String::new();
    for hand in hands {
        if hand.moves.is_some() || hand.deal.is_some() || hand.leader.is_some() {
            return None;
        }
        let score = hand.score.as_ref()?;
        if score.len() < 2 {
            return None;
        }
        let points: Vec<String> = score.iter().map(i64::to_string).collect();
        text.push_str(&points.join(" "));
        if let Some(pegs) = &hand.pegs {
            let lists: Vec<String> = pegs
                .iter()
                .map(|seat| {
                    seat.iter()
                        .map(i64::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            text.push_str(" | ");
            text.push_str(&lists.join(" / "));
        }
        text.push('\n');
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(home: i64, away: i64) -> HandRecord {
        HandRecord {
            score: Some(vec![home, away]),
            ..HandRecord::default()
        }
    }

    #[test]
    fn a_line_is_the_home_then_the_away_points() {
        let hands = parse_hand_lines("14 9\n\n  0-21 \n6, 3\n", 2).unwrap();
        assert_eq!(hands, [scored(14, 9), scored(0, 21), scored(6, 3)]);
    }

    #[test]
    fn pegs_follow_a_bar_seat_by_seat() {
        let hands = parse_hand_lines("14 9 | 4 3 6 1 / 8 1", 2).unwrap();
        assert_eq!(hands[0].pegs, Some(vec![vec![4, 3, 6, 1], vec![8, 1]]));
        let pairs = parse_hand_lines("10 12 | 4 6 / 3 / / 9", 4).unwrap();
        assert_eq!(
            pairs[0].pegs,
            Some(vec![vec![4, 6], vec![3], vec![], vec![9]])
        );
    }

    #[test]
    fn every_unreadable_line_is_named_by_its_hand() {
        let errors = parse_hand_lines("14 9\n14\n\nx 3\n3 4 | 1 / 2 / 3", 2).unwrap_err();
        assert_eq!(
            errors,
            [
                HandLineError {
                    hand: 2,
                    message: "\u{201c}14\u{201d} is not two scores; write the home side's points, then the away side's, like 14 9.".to_string()
                },
                HandLineError {
                    hand: 3,
                    message: "\u{201c}x 3\u{201d} is not two scores; write the home side's points, then the away side's, like 14 9.".to_string()
                },
                HandLineError {
                    hand: 4,
                    message: "the pegs after the bar are for 3 players; this game has 2 players, so write them as home / away.".to_string()
                },
            ]
        );
        let peg = parse_hand_lines("3 0 | 3x /", 2).unwrap_err();
        assert_eq!(
            peg[0].message,
            "\u{201c}3x\u{201d} is not a peg; a peg is a number of points, like 3 or 6."
        );
    }

    #[test]
    fn more_lines_than_a_game_has_hands_are_refused_before_any_is_read() {
        assert_eq!(
            parse_hand_lines(&"6 0\n".repeat(300), 2).unwrap().len(),
            300
        );
        let errors = parse_hand_lines(&"x\n".repeat(1_000_000), 2).unwrap_err();
        assert_eq!(
            errors,
            [HandLineError {
                hand: 301,
                message: "1000000 hands are entered; a game has at most 300 hands.".to_string()
            }]
        );
    }

    #[test]
    fn lines_written_from_hands_read_back_the_same() {
        let text = "14 9 | 4 3 6 1 / 8 1\n0 21\n";
        let hands = parse_hand_lines(text, 2).unwrap();
        assert_eq!(write_hand_lines(&hands).as_deref(), Some(text));
        let with_leader = HandRecord {
            leader: Some(1),
            ..scored(3, 0)
        };
        assert_eq!(write_hand_lines(&[with_leader]), None);
    }

    #[test]
    fn a_negative_score_is_read_with_its_minus_sign_and_written_back() {
        let hands = parse_hand_lines("-15 45\n10 -25\n14-9", 2).unwrap();
        let scores: Vec<_> = hands.iter().map(|h| h.score.clone().unwrap()).collect();
        assert_eq!(scores, [vec![-15, 45], vec![10, -25], vec![14, 9]]);
        let written = write_hand_lines(&hands).unwrap();
        assert_eq!(parse_hand_lines(&written, 2).unwrap(), hands);
    }

    #[test]
    fn a_table_of_three_scores_each_seat() {
        let hands = parse_table_hand_lines("10 0 5\n0 -5 20", 3, 3).unwrap();
        assert_eq!(hands[1].score, Some(vec![0, -5, 20]));
        let two = parse_table_hand_lines("10 5", 3, 3).unwrap_err();
        assert!(
            two[0].message.contains("not 3 scores"),
            "{}",
            two[0].message
        );
        // The dash form is for two sides only.
        assert!(parse_table_hand_lines("10-5-0", 3, 3).is_err());
    }
}
