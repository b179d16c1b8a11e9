//! A championship table's games on a form, as the table's own page and the organiser's entry
//! and correction share them: for each game a box for its final score (where the championship
//! asks no more) and one for its hands, or at a team event's table the league's result form.
//! Read into the use case's games with every problem named at its game and hand; a kept result
//! is shown again in the form it was entered.

use std::collections::BTreeMap;

use crate::app::Problem;
use crate::app::championships::{TableGames, TablePlace};
use crate::domain::championship::table::{TableGameEntry, pasted_table_hands, table_game_record};
use crate::domain::entry_level::{EntryLevel, read_totals};
use crate::domain::hand_lines::{parse_table_hand_lines, write_hand_lines};
use crate::domain::match_result::{
    GameSheet, ResultRules, ResultSheet, SheetAsRead, check_result_as_read,
};
use crate::web::result_form::ResultForm;

/// One game's boxes as typed: its final score and its hands (lines, or a pasted record).
#[derive(Debug, Clone, Default)]
pub struct GameBoxes {
    /// From 1.
    pub number: usize,
    pub final_score: String,
    pub hands: String,
}

/// A table's games as typed on its page: boxes a game, or a team match's form.
pub enum TypedGames {
    Played(Vec<GameBoxes>),
    TeamMatch(ResultForm),
}

/// What a table's form asks of each game, for the page to word its boxes.
pub struct GameBoxWords {
    /// The championship takes a game's final score alone, so its box comes first.
    pub asks_final: bool,
    /// The sides in the order their totals and points are written: `Ann, then Bob`.
    pub sides_in_order: String,
    /// A final score written as the form reads it, such as `61 45`.
    pub example: String,
}

impl GameBoxWords {
    pub fn of(place: &TablePlace, sides: &[String]) -> Self {
        let championship = &place.view.championship;
        let target = championship
            .ruleset
            .build(
                place
                    .seat_players
                    .iter()
                    .map(Vec::len)
                    .sum::<usize>()
                    .max(2),
            )
            .map_or(61, |ruleset| i64::from(ruleset.target()));
        // The winner on the target, the others well short of it: a score's shape, not a rule.
        let example: Vec<String> = (0..sides.len().max(2) as i64)
            .map(|side| (target - side * target / 4).to_string())
            .collect();
        Self {
            asks_final: championship.format.entry_level == EntryLevel::Final,
            sides_in_order: sides.join(", then "),
            example: example.join(" "),
        }
    }
}

/// The most games the table can play: as many boxes as that.
fn most_games(place: &TablePlace) -> usize {
    let format = &place.view.championship.format;
    format.table_play.most_games(format.seating.sides()) as usize
}

/// Empty boxes for every game the table can play, or a blank team match form.
pub fn blank_games(place: &TablePlace) -> TypedGames {
    if let Some(form) = with_team_rules(place, |rules, teams| {
        ResultForm::blank(rules, teams, String::new())
    }) {
        return TypedGames::TeamMatch(form);
    }
    TypedGames::Played(boxes_for(place, Vec::new()))
}

/// `typed` padded with empty boxes to as many games as the table can play, each numbered.
fn boxes_for(place: &TablePlace, mut typed: Vec<GameBoxes>) -> Vec<GameBoxes> {
    typed.resize(most_games(place).max(typed.len()), GameBoxes::default());
    for (index, game) in typed.iter_mut().enumerate() {
        game.number = index + 1;
    }
    typed
}

/// The kept result on the form, to correct, each game as it was entered: its final score, its
/// hands as lines, or (hands with more than lines can say: deals, moves) its game record. A
/// table without a result has blank boxes.
pub fn kept_games(place: &TablePlace) -> TypedGames {
    let kept = place
        .table
        .result
        .as_ref()
        .and_then(|result| serde_json::from_str::<serde_json::Value>(&result.sheet).ok())
        .map(|sheet| sheet["games"].clone());
    let Some(kept) = kept else {
        return blank_games(place);
    };
    if let Some(form) = with_team_rules(place, |rules, teams| {
        match serde_json::from_value::<Vec<GameSheet>>(kept.clone()) {
            Ok(games) => {
                ResultForm::prefilled(rules, teams, String::new(), &ResultSheet::Played { games })
            }
            Err(_) => ResultForm::blank(rules, teams, String::new()),
        }
    }) {
        return TypedGames::TeamMatch(form);
    }
    let championship = &place.view.championship;
    let games = serde_json::from_value::<Vec<TableGameEntry>>(kept).unwrap_or_default();
    let boxes = games
        .into_iter()
        .map(|game| match game {
            TableGameEntry::FinalScore { final_score } => GameBoxes {
                final_score: final_score
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                ..GameBoxes::default()
            },
            TableGameEntry::Hands(hands) => GameBoxes {
                hands: write_hand_lines(&hands).unwrap_or_else(|| {
                    table_game_record(
                        &championship.ruleset,
                        &championship.format,
                        &place.seat_players,
                        hands,
                    )
                    .to_json()
                }),
                ..GameBoxes::default()
            },
        })
        .collect();
    TypedGames::Played(boxes_for(place, boxes))
}

/// The league result form's rules at a team event's table: its team match's legs, the
/// championship's entry level and the squads of the two teams at it, named by the teams in
/// seat order. `None` at other tables.
pub fn with_team_rules<T>(
    place: &TablePlace,
    then: impl FnOnce(ResultRules<'_>, (&str, &str)) -> T,
) -> Option<T> {
    let championship = &place.view.championship;
    let format = championship.format.team_match.as_ref()?.match_format();
    let seats = place.seats();
    let rules = ResultRules {
        ruleset: &championship.ruleset,
        format: &format,
        level: championship.format.entry_level,
        home_squad: place.squads.first()?,
        away_squad: place.squads.get(1)?,
    };
    Some(then(rules, (&seats.first()?.name, &seats.get(1)?.name)))
}

/// What a table's page posted, read: the boxes as typed (to show again), the games when every
/// box could be read, and each problem found in reading, named at its game and hand. `sides`
/// names the table's sides in seat order, for a final score's message.
pub fn table_games_posted(
    place: &TablePlace,
    fields: &BTreeMap<String, String>,
    sides: &[String],
) -> (TypedGames, Option<TableGames>, Vec<String>) {
    let team = with_team_rules(place, |rules, teams| {
        let fields: std::collections::HashMap<String, String> =
            fields.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut form = ResultForm::posted(rules, teams, &fields);
        let sheet = form.sheet(rules);
        // What could not be read is passed over and the rest checked, so that one answer tells
        // every mistake of the match; a match read in full is checked where it is kept.
        let mistakes: Vec<String> = if sheet.unread.is_empty() {
            Vec::new()
        } else {
            check_result_as_read(&sheet.sheet, &sheet.unread, rules)
                .err()
                .unwrap_or_default()
                .into_iter()
                .map(|mistake| mistake.message)
                .collect()
        };
        (form, sheet, mistakes)
    });
    match team {
        Some((
            form,
            SheetAsRead {
                sheet: ResultSheet::Played { games },
                unread,
            },
            _,
        )) if unread.is_empty() => (
            TypedGames::TeamMatch(form),
            Some(TableGames::TeamMatch(games)),
            Vec::new(),
        ),
        Some((form, _, mistakes)) => {
            let mut problems: Vec<String> =
                form.summary.iter().map(|p| p.message.clone()).collect();
            problems.extend(mistakes);
            (TypedGames::TeamMatch(form), None, problems)
        }
        None => {
            let (boxes, games, problems) = games_typed(place, fields, sides);
            let games = problems.is_empty().then_some(TableGames::Played(games));
            (TypedGames::Played(boxes), games, problems)
        }
    }
}

/// A table's games as typed, two boxes a game (`final_1` and `game_1`, `final_2` and
/// `game_2` …, as many as the table can play): the boxes, to show again, and each game read
/// from its final score or its hands' lines (or pasted record), or every problem, named at
/// its game and hand.
fn games_typed(
    place: &TablePlace,
    form: &BTreeMap<String, String>,
    sides: &[String],
) -> (Vec<GameBoxes>, Vec<TableGameEntry>, Vec<String>) {
    let typed: Vec<GameBoxes> = (1..=most_games(place))
        .map(|number| GameBoxes {
            number,
            final_score: form
                .get(&format!("final_{number}"))
                .cloned()
                .unwrap_or_default(),
            hands: form
                .get(&format!("game_{number}"))
                .cloned()
                .unwrap_or_default(),
        })
        .collect();
    // Each seat of the game's record: a pair is two players, so four seats of two sides.
    let seats = place.seat_players.iter().map(Vec::len).sum::<usize>();
    let filled = typed
        .iter()
        .rposition(|game| !game.final_score.trim().is_empty() || !game.hands.trim().is_empty())
        .map_or(0, |last| last + 1);
    let championship = &place.view.championship;
    let words = GameBoxWords::of(place, sides);
    let mut games = Vec::new();
    let mut problems = Vec::new();
    for game in typed.iter().take(filled) {
        let number = game.number;
        let (final_score, hands) = (game.final_score.trim(), game.hands.trim());
        match (final_score.is_empty(), hands.is_empty()) {
            (false, false) => problems.push(format!(
                "Game {number}: give its final score or its hands, not both."
            )),
            (false, true) => match read_totals(final_score) {
                Some(totals) if totals.len() == sides.len() => {
                    games.push(TableGameEntry::FinalScore {
                        final_score: totals,
                    })
                }
                _ => problems.push(format!(
                    "Game {number}: \u{201c}{final_score}\u{201d} is not a final score; write \
                     each side's total in order ({}), like {}.",
                    words.sides_in_order, words.example
                )),
            },
            (true, _) if hands.starts_with('{') => match pasted_table_hands(
                hands,
                &championship.ruleset,
                &championship.format,
                &place.seat_players,
            ) {
                Ok(hands) => games.push(TableGameEntry::Hands(hands)),
                Err(message) => problems.push(format!("Game {number}: {message}")),
            },
            (true, _) => match parse_table_hand_lines(hands, seats, sides.len()) {
                Ok(hands) => games.push(TableGameEntry::Hands(hands)),
                Err(errors) => problems.extend(
                    errors
                        .into_iter()
                        .map(|e| format!("Game {number}, hand {}: {}", e.hand, e.message)),
                ),
            },
        }
    }
    (typed, games, problems)
}

/// Shows the use case's problems with the games on the form they were typed in.
pub fn show_problems(typed: &mut TypedGames, found: Vec<Problem>) -> Vec<String> {
    match typed {
        TypedGames::TeamMatch(form) => {
            let before = form.summary.len();
            for problem in &found {
                form.show_problem(problem);
            }
            form.summary[before..]
                .iter()
                .map(|p| p.message.clone())
                .collect()
        }
        TypedGames::Played(_) => found.into_iter().map(|problem| problem.message).collect(),
    }
}
