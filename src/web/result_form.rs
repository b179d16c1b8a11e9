//! The result entry form, as typed: read into a [`ResultSheet`] and checked, or shown again
//! with what was typed, each problem at its game and hand, and each game's running totals.
//! The captain's entry and the organiser's correction share it, and so do a team event's
//! table pages, for the team match a table plays.
//!
//! Fields: `walkover` (empty, `home` or `away`: the side that did not turn up), and for each
//! game N from 1: `gN_home_1`, `gN_away_1` (and `_2` in a pairs game) the players' ids,
//! `gN_hands` the hands one line each (see [`crate::domain::hand_lines`]), `gN_record` a
//! pasted game record, `gN_score` the final score (home then away, where the competition asks
//! for no more; see [`crate::domain::entry_level`]), and `gN_conceded` (empty, `home` or
//! `away`).

use std::collections::HashMap;

use fives_rules::record::HandRecord;

use crate::app::{Field, Problem};
use crate::domain::entry_level::{EntryLevel, final_total_ranges, parse_final_score};
use crate::domain::hand_lines::{count_hand_lines, parse_hand_lines, write_hand_lines};
use crate::domain::ids::PlayerId;
use crate::domain::match_format::{Leg, LegKind, Side};
use crate::domain::match_result::{
    GameOutcome, GameSheet, ResultRules, ResultSheet, SheetAsRead, SquadMember, Unread,
    game_record, game_ruleset, game_slots, hands_within_limit, pasted_hands,
};

pub struct PlayerOption {
    pub value: String,
    pub name: String,
    pub selected: bool,
}

/// One player's select in a game.
pub struct PlayerSelect {
    pub field: String,
    pub label: String,
    pub options: Vec<PlayerOption>,
}

/// A hand as the running totals show it.
pub struct HandLine {
    pub number: usize,
    pub home: String,
    pub away: String,
    pub home_total: i64,
    pub away_total: i64,
    pub error: Option<String>,
}

pub struct GameForm {
    pub number: u32,
    pub heading: String,
    pub pairs: bool,
    pub home_players: Vec<PlayerSelect>,
    pub away_players: Vec<PlayerSelect>,
    pub hands: String,
    pub record: String,
    /// The final score as typed, home then away.
    pub score: String,
    /// The game is a row of its players and final score, its hands one choice away: at the
    /// quick level, or when a kept result gave it so (a correction's form).
    pub score_row: bool,
    pub conceded: String,
    /// Problems of the game as a whole (players, no winner).
    pub errors: Vec<String>,
    /// Shown after a failed check, so the scorer can compare with the scoresheet.
    pub lines: Vec<HandLine>,
}

/// A link from the error summary to where the problem is shown.
pub struct ErrorLink {
    pub href: String,
    pub message: String,
    /// The game and hand it is at, for the summary's order (0 for the form as a whole).
    at: (u32, usize),
}

impl ErrorLink {
    /// A problem with a field of the page outside the games (`#reason`), shown first.
    pub fn of_field(href: String, message: String) -> Self {
        Self {
            href,
            message,
            at: (0, 0),
        }
    }
}

pub struct ResultForm {
    /// The competition asks for each game's final score only: each game is a row of its
    /// players and its score, the hands one choice away.
    pub quick: bool,
    pub submission_key: String,
    pub walkover: String,
    pub home_team: String,
    pub away_team: String,
    pub games: Vec<GameForm>,
    /// Every problem, in order, for the summary at the top.
    pub summary: Vec<ErrorLink>,
    /// At the quick level, the totals each kind of game can end on, as the check takes them:
    /// "singles to 61: the winner 61 to 68, the loser 0 to 60".
    pub score_ranges: Vec<String>,
}

fn side_field(side: Option<Side>) -> String {
    match side {
        Some(Side::Home) => "home".to_string(),
        Some(Side::Away) => "away".to_string(),
        None => String::new(),
    }
}

fn side_from_field(text: &str) -> Option<Side> {
    match text {
        "home" => Some(Side::Home),
        "away" => Some(Side::Away),
        _ => None,
    }
}

fn selects(
    number: u32,
    side: &str,
    team: &str,
    leg: &Leg,
    squad: &[SquadMember],
    chosen: &[String],
) -> Vec<PlayerSelect> {
    let count = leg.kind.players_per_side() as usize;
    (0..count)
        .map(|index| {
            let typed = chosen.get(index).cloned().unwrap_or_default();
            PlayerSelect {
                field: format!("g{number}_{side}_{}", index + 1),
                label: if count == 1 {
                    format!("{team} player")
                } else {
                    format!("{team} player {}", index + 1)
                },
                options: squad
                    .iter()
                    .map(|member| {
                        let value = member.id.0.to_string();
                        PlayerOption {
                            selected: value == typed,
                            value,
                            name: member.name.clone(),
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}

#[derive(Default)]
struct TypedGame {
    home: Vec<String>,
    away: Vec<String>,
    hands: String,
    record: String,
    score: String,
    conceded: String,
}

impl ResultForm {
    fn build(
        rules: ResultRules<'_>,
        teams: (&str, &str),
        submission_key: String,
        walkover: String,
        typed: impl Fn(u32) -> TypedGame,
    ) -> Self {
        let games = game_slots(rules.format)
            .iter()
            .zip(1..)
            .map(|(leg, number)| {
                let game = typed(number);
                GameForm {
                    number,
                    heading: format!("Game {number}: {} to {}", leg.kind, leg.target),
                    pairs: leg.kind == LegKind::Pairs,
                    home_players: selects(
                        number,
                        "home",
                        teams.0,
                        leg,
                        rules.home_squad,
                        &game.home,
                    ),
                    away_players: selects(
                        number,
                        "away",
                        teams.1,
                        leg,
                        rules.away_squad,
                        &game.away,
                    ),
                    hands: game.hands,
                    record: game.record,
                    score_row: rules.level == EntryLevel::Final || !game.score.is_empty(),
                    score: game.score,
                    conceded: game.conceded,
                    errors: Vec::new(),
                    lines: Vec::new(),
                }
            })
            .collect();
        let score_ranges = if rules.level == EntryLevel::Final {
            score_ranges(rules)
        } else {
            Vec::new()
        };
        Self {
            quick: rules.level == EntryLevel::Final,
            score_ranges,
            submission_key,
            walkover,
            home_team: teams.0.to_string(),
            away_team: teams.1.to_string(),
            games,
            summary: Vec::new(),
        }
    }

    /// An empty form with a new submission key.
    pub fn blank(rules: ResultRules<'_>, teams: (&str, &str), submission_key: String) -> Self {
        Self::build(rules, teams, submission_key, String::new(), |_| {
            TypedGame::default()
        })
    }

    /// The form as posted.
    pub fn posted(
        rules: ResultRules<'_>,
        teams: (&str, &str),
        fields: &HashMap<String, String>,
    ) -> Self {
        let field = |name: &str| fields.get(name).cloned().unwrap_or_default();
        Self::build(
            rules,
            teams,
            field("submission_key"),
            field("walkover"),
            |n| TypedGame {
                home: vec![
                    field(&format!("g{n}_home_1")),
                    field(&format!("g{n}_home_2")),
                ],
                away: vec![
                    field(&format!("g{n}_away_1")),
                    field(&format!("g{n}_away_2")),
                ],
                hands: field(&format!("g{n}_hands")),
                record: field(&format!("g{n}_record")),
                score: field(&format!("g{n}_score")),
                conceded: field(&format!("g{n}_conceded")),
            },
        )
    }

    /// A form holding a kept result, for a correction. Hands the lines cannot say (moves,
    /// deals, who set) are given as a game record instead.
    pub fn prefilled(
        rules: ResultRules<'_>,
        teams: (&str, &str),
        submission_key: String,
        sheet: &ResultSheet,
    ) -> Self {
        let games = match sheet {
            ResultSheet::Walkover { conceded_by } => {
                return Self::build(
                    rules,
                    teams,
                    submission_key,
                    side_field(Some(*conceded_by)),
                    |_| TypedGame::default(),
                );
            }
            ResultSheet::Played { games } => games,
        };
        let slots = game_slots(rules.format);
        let ids = |players: &[PlayerId]| -> Vec<String> {
            players.iter().map(|p| p.0.to_string()).collect()
        };
        let names = |players: &[PlayerId], squad: &[SquadMember]| -> Vec<String> {
            players
                .iter()
                .map(|p| {
                    squad
                        .iter()
                        .find(|member| member.id == *p)
                        .map_or_else(|| p.to_string(), |member| member.name.clone())
                })
                .collect()
        };
        Self::build(rules, teams, submission_key, String::new(), |n| {
            let index = (n - 1) as usize;
            let Some(game) = games.get(index) else {
                return TypedGame::default();
            };
            let mut score = String::new();
            let (hands, record, conceded) = match &game.outcome {
                GameOutcome::ConcededBy(side) => {
                    (String::new(), String::new(), side_field(Some(*side)))
                }
                GameOutcome::FinalScore { home, away } => {
                    score = format!("{home} {away}");
                    (String::new(), String::new(), String::new())
                }
                GameOutcome::Hands(hands) => match write_hand_lines(hands) {
                    Some(lines) => (lines, String::new(), String::new()),
                    None => {
                        let record = game_record(
                            rules.ruleset,
                            &slots[index],
                            &names(&game.home, rules.home_squad),
                            &names(&game.away, rules.away_squad),
                            hands.clone(),
                        );
                        (String::new(), record.to_json(), String::new())
                    }
                },
            };
            TypedGame {
                home: ids(&game.home),
                away: ids(&game.away),
                hands,
                record,
                score,
                conceded,
            }
        })
    }

    /// Adds a problem to the summary in the order of the games, whoever found it: the form
    /// reading what was typed, or the use case checking it.
    fn summarise(&mut self, link: ErrorLink) {
        let at = self.summary.partition_point(|shown| shown.at <= link.at);
        self.summary.insert(at, link);
    }

    fn game_problem(&mut self, number: u32, message: String) {
        self.summarise(ErrorLink {
            href: format!("#game-{number}"),
            message: message.clone(),
            at: (number, 0),
        });
        if let Some(game) = self.games.get_mut(number as usize - 1) {
            game.errors.push(message);
        }
    }

    fn hand_problem(&mut self, number: u32, hand: usize, message: String) {
        let line = self
            .games
            .get_mut(number as usize - 1)
            .and_then(|game| game.lines.get_mut(hand - 1));
        match line {
            Some(line) => {
                line.error = Some(message.clone());
                self.summarise(ErrorLink {
                    href: format!("#game-{number}-hand-{hand}"),
                    message,
                    at: (number, hand),
                });
            }
            None => self.game_problem(number, message),
        }
    }

    /// Shows a problem the use case found (the check of the result under the league's rules)
    /// at its game and hand, or in the summary when it is with the games as a whole. Problems
    /// with other fields are the page's to show.
    pub fn show_problem(&mut self, problem: &Problem) {
        match problem.field {
            Field::Game {
                game,
                hand: Some(hand),
            } => self.hand_problem(game, hand, problem.message.clone()),
            Field::Game { game, hand: None } => self.game_problem(game, problem.message.clone()),
            _ => self.summarise(ErrorLink::of_field(
                "#games".to_string(),
                problem.message.clone(),
            )),
        }
    }

    /// The sheet the form says, as far as it can be read: each problem with what was typed is
    /// placed in the form, and the games' parts it is in are left for the check to pass over.
    pub fn sheet(&mut self, rules: ResultRules<'_>) -> SheetAsRead {
        if let Some(conceded_by) = side_from_field(&self.walkover) {
            return SheetAsRead::whole(ResultSheet::Walkover { conceded_by });
        }
        let slots = game_slots(rules.format);
        let mut sheets = Vec::new();
        let mut unread = Unread::default();
        let mut problems: Vec<(u32, Option<usize>, String)> = Vec::new();
        for (game, leg) in self.games.iter_mut().zip(&slots) {
            let number = game.number;
            let conceded = side_from_field(&game.conceded);
            let mut missing: Vec<String> = Vec::new();
            let mut chosen = |selects: &[PlayerSelect], side: Side| -> Vec<PlayerId> {
                let mut players = Vec::new();
                for select in selects {
                    match select.options.iter().find(|option| option.selected) {
                        Some(option) => players.push(PlayerId(
                            option.value.parse().expect("an option's value is an id"),
                        )),
                        None if conceded != Some(side) => missing.push(select.label.clone()),
                        None => {}
                    }
                }
                players
            };
            let home = chosen(&game.home_players, Side::Home);
            let away = chosen(&game.away_players, Side::Away);
            if !missing.is_empty() {
                unread.players.push(number);
                problems.push((
                    number,
                    None,
                    format!("Game {number}: choose the {}.", in_words(&missing)),
                ));
            }
            let problems_before = problems.len();
            let has_score = !game.score.trim().is_empty();
            let has_hands = !game.hands.trim().is_empty() || !game.record.trim().is_empty();
            let outcome = match conceded {
                Some(side) => GameOutcome::ConcededBy(side),
                None if has_score && has_hands => {
                    problems.push((
                        number,
                        None,
                        format!("Game {number}: enter the final score or the hands, not both."),
                    ));
                    GameOutcome::Hands(Vec::new())
                }
                None if has_score => match parse_final_score(&game.score) {
                    Ok((home, away)) => GameOutcome::FinalScore { home, away },
                    Err(message) => {
                        problems.push((number, None, format!("Game {number}: {message}")));
                        GameOutcome::Hands(Vec::new())
                    }
                },
                None => {
                    let seats = 2 * leg.kind.players_per_side() as usize;
                    let (hands, lines) = read_hands(game, leg, seats, rules, &mut problems);
                    game.lines = lines;
                    GameOutcome::Hands(hands)
                }
            };
            if problems.len() > problems_before {
                unread.scores.push(number);
            }
            sheets.push(GameSheet {
                home,
                away,
                outcome,
            });
        }
        for (game, hand, message) in problems {
            match hand {
                Some(hand) => self.hand_problem(game, hand, message),
                None => self.game_problem(game, message),
            }
        }
        SheetAsRead {
            sheet: ResultSheet::Played { games: sheets },
            unread,
        }
    }
}

/// Each kind of game's final totals, as the check takes them, once per kind and target.
fn score_ranges(rules: ResultRules<'_>) -> Vec<String> {
    let mut seen = Vec::new();
    let mut ranges = Vec::new();
    for leg in game_slots(rules.format) {
        if seen.contains(&(leg.kind, leg.target)) {
            continue;
        }
        seen.push((leg.kind, leg.target));
        let seats = 2 * leg.kind.players_per_side() as usize;
        if let Ok(ruleset) = game_ruleset(rules.ruleset, &leg).build(seats) {
            let ((win_low, win_high), (lose_low, lose_high)) = final_total_ranges(&ruleset);
            let span = |low: i64, high: i64| {
                if low == high {
                    low.to_string()
                } else {
                    format!("{low} to {high}")
                }
            };
            ranges.push(format!(
                "{} to {}: the winner {}, the loser {}",
                leg.kind,
                leg.target,
                span(win_low, win_high),
                span(lose_low, lose_high)
            ));
        }
    }
    ranges
}

/// `a`, `a and b`, `a, b and c`.
fn in_words(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A game's hands from its lines or its pasted record, with the lines for the running totals.
fn read_hands(
    game: &GameForm,
    leg: &Leg,
    seats: usize,
    rules: ResultRules<'_>,
    problems: &mut Vec<(u32, Option<usize>, String)>,
) -> (Vec<HandRecord>, Vec<HandLine>) {
    let number = game.number;
    let has_lines = !game.hands.trim().is_empty();
    let has_record = !game.record.trim().is_empty();
    if has_lines && has_record {
        problems.push((
            number,
            None,
            format!("Game {number}: enter the hands or paste a game record, not both."),
        ));
        return (Vec::new(), Vec::new());
    }
    if has_record {
        return match pasted_hands(&game.record, rules.ruleset, leg) {
            Ok(hands) => {
                let lines = running_totals(hands.iter().map(|hand| Ok(hand.clone())));
                (hands, lines)
            }
            Err(message) => {
                problems.push((number, None, format!("Game {number}: {message}")));
                (Vec::new(), Vec::new())
            }
        };
    }
    if let Err(message) = hands_within_limit(count_hand_lines(&game.hands)) {
        problems.push((number, None, format!("Game {number}: {message}")));
        return (Vec::new(), Vec::new());
    }
    // Line by line, so that a line that cannot be read still has its place in the totals.
    let read: Vec<Result<HandRecord, String>> = game
        .hands
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| match parse_hand_lines(line, seats) {
            Ok(mut hands) => Ok(hands.remove(0)),
            Err(mut errors) => Err(errors.remove(0).message),
        })
        .collect();
    let mut lines = running_totals(read.iter().cloned());
    let mut hands = Vec::new();
    for (result, line) in read.into_iter().zip(lines.iter_mut()) {
        match result {
            Ok(hand) => hands.push(hand),
            Err(message) => {
                let hand = line.number;
                problems.push((
                    number,
                    Some(hand),
                    format!("Game {number}, hand {hand}: {message}"),
                ));
            }
        }
    }
    (hands, lines)
}

pub(crate) fn running_totals(
    hands: impl Iterator<Item = Result<HandRecord, String>>,
) -> Vec<HandLine> {
    let (mut home_total, mut away_total) = (0, 0);
    hands
        .enumerate()
        .map(|(index, hand)| {
            let score = hand.ok().and_then(|hand| hand.score);
            let (home, away) = match score.as_deref() {
                Some([home, away]) => {
                    home_total += home;
                    away_total += away;
                    (home.to_string(), away.to_string())
                }
                _ => ("?".to_string(), "?".to_string()),
            };
            HandLine {
                number: index + 1,
                home,
                away,
                home_total,
                away_total,
                error: None,
            }
        })
        .collect()
}
