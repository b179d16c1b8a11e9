//! A fixture's result as a captain submits it, and its check against the competition's rules
//! and match format before anything is kept.
//!
//! Every played game is a game record (the interchange format of the rules crate) whose
//! ruleset and seats come from the league, not from the scorer: the competition's ruleset with
//! the leg's target, in partnerships for a pairs game, the home players in the even seats.
//! Whatever level of detail the scorer gave (hand scores, pegs, every move) is checked by
//! `fives_rules::record::check`. A result is accepted only when every game checks, every
//! player is in the squad of the side they played for and within the format's limits, and the
//! games add up to the format's.

use std::collections::HashMap;

use fives_rules::RulesetSpec;
use fives_rules::record::{HandRecord, Record, ruleset_field};
use fives_rules::ruleset::Target;
use serde::{Deserialize, Serialize};

use super::entry_level::{EntryLevel, check_final_score};
use super::game_check::{check_played_game, side_points};
use super::ids::PlayerId;
use super::match_format::{FixtureScore, Leg, LegKind, MAX_GAMES_PER_FIXTURE, MatchFormat, Side};
use super::rule_words::{game_name, ruleset_refusal, unreadable_record};

/// The most times one fixture's submitted results may be withdrawn (by either side, all
/// told): each withdrawal lets a new submission mail the other captains and keeps another
/// version, so without a bound one captain could do both without end. Past it, the
/// submission stands for the other captain to answer or the league's organiser to correct.
pub const MAX_WITHDRAWALS_PER_FIXTURE: i64 = 3;

/// The most hands a game may have. A game to 121 takes 10 to 40 hands; 300 is also where the
/// rules crate stops a random game that has not finished.
pub const MAX_HANDS_PER_GAME: usize = 300;
/// The longest game record a scorer may paste, in characters. A game to 121 written with
/// every deal and move runs to about 10,000; a scorer's app may add long comments, so the
/// room is generous, but finite whatever the server's body limit.
pub const MAX_RECORD_CHARS: usize = 200_000;

/// Refuses a game of more hands than any game takes, before they are read or checked.
pub fn hands_within_limit(hands: usize) -> Result<(), String> {
    if hands > MAX_HANDS_PER_GAME {
        return Err(format!(
            "{hands} hands are entered; a game has at most {MAX_HANDS_PER_GAME} hands."
        ));
    }
    Ok(())
}

/// What a captain submits for a fixture.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ResultSheet {
    /// The games were played (some may have been conceded).
    Played { games: Vec<GameSheet> },
    /// One side did not turn up: the match format's walkover score.
    Walkover { conceded_by: Side },
}

/// One game of the fixture, in the order of the match format's legs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameSheet {
    /// The home side's players: one in a singles game, two in a pairs game.
    pub home: Vec<PlayerId>,
    pub away: Vec<PlayerId>,
    pub outcome: GameOutcome,
}

/// How a game went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameOutcome {
    /// Played: the hands at whatever level of detail the scorer had.
    Hands(Vec<HandRecord>),
    /// Played, and given by each side's final total only, where the league asks no more.
    FinalScore { home: i64, away: i64 },
    /// Given up without being played (a side short of players, say): a game won by the other
    /// side with no hands. The conceding side's players may be left out.
    ConcededBy(Side),
}

/// A player the result may name: a member of one team's squad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquadMember {
    pub id: PlayerId,
    pub name: String,
}

/// What a result is checked against.
#[derive(Debug, Clone, Copy)]
pub struct ResultRules<'a> {
    pub ruleset: &'a RulesetSpec,
    pub format: &'a MatchFormat,
    /// The least the competition asks for each game.
    pub level: EntryLevel,
    pub home_squad: &'a [SquadMember],
    pub away_squad: &'a [SquadMember],
}

/// A game of an accepted result, as the tables count it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLine {
    /// Counted from 1 over the whole fixture.
    pub number: u32,
    pub kind: LegKind,
    pub home: Vec<PlayerId>,
    pub away: Vec<PlayerId>,
    pub winner: Side,
    /// Given up rather than played: no hands, and not in the players' tables.
    pub conceded: bool,
    /// The sum of each side's hand scores over the game (its final score, for a game given by
    /// that alone).
    pub home_points: i64,
    pub away_points: i64,
    pub hands: u32,
}

/// A result that passed every check: its score and its games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedResult {
    pub score: FixtureScore,
    pub games: Vec<GameLine>,
}

/// One reason a result is refused, with where it is: the game (from 1) and, for a broken
/// rule of play, the hand (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultError {
    pub game: Option<u32>,
    pub hand: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for ResultError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl ResultError {
    pub(crate) fn of_fixture(message: String) -> Self {
        Self {
            game: None,
            hand: None,
            message,
        }
    }

    pub(crate) fn of_game(game: u32, message: String) -> Self {
        Self {
            game: Some(game),
            hand: None,
            message: format!("Game {game}: {message}"),
        }
    }
}

/// Why a result of `games` games is not one of this format's fixtures, if it is not.
pub fn wrong_number_of_games(format: &MatchFormat, games: usize) -> Option<String> {
    let expected = game_slots(format).len();
    (games != expected).then(|| format!("A fixture has {expected} games; this result has {games}."))
}

/// The kind and target of each game of a fixture, in order. Never more than a format within
/// the limits can have: one kept before the limits existed may claim millions of games, and
/// they are not spread over a page or a sheet.
pub fn game_slots(format: &MatchFormat) -> Vec<Leg> {
    format
        .legs
        .iter()
        .flat_map(|leg| std::iter::repeat_n(*leg, leg.games as usize))
        .take(MAX_GAMES_PER_FIXTURE as usize)
        .collect()
}

/// The ruleset a game of this leg is played under: the competition's, with the leg's target,
/// and in partnerships for a pairs game. Options the competition already has are not repeated,
/// so a plain league's records name just the preset.
pub fn game_ruleset(competition: &RulesetSpec, leg: &Leg) -> RulesetSpec {
    let mut spec = *competition;
    // Partnerships only ever apply to four players, so a singles game needs no word on them.
    if leg.kind == LegKind::Pairs && !spec.options().partnerships {
        spec.overrides.partnerships = Some(true);
    }
    let target = spec.options().target;
    let current = match leg.kind {
        LegKind::Singles => target.by_players.two,
        LegKind::Pairs => target.partners,
    };
    if current != leg.target {
        spec.overrides.target = Some(Target::all(leg.target));
    }
    spec
}

/// The game record of a played game: the league's ruleset for the leg and the players' names
/// in seat order (home in seats 0 and 2, away in 1 and 3).
pub fn game_record(
    competition: &RulesetSpec,
    leg: &Leg,
    home: &[String],
    away: &[String],
    hands: Vec<HandRecord>,
) -> Record {
    Record {
        ruleset: ruleset_field(&game_ruleset(competition, leg)),
        seats: record_seats(home, away),
        hands,
        complete: None,
    }
}

/// A game's players in seat order: home in seats 0 and 2, away in 1 and 3.
pub(crate) fn record_seats(home: &[String], away: &[String]) -> Vec<String> {
    match (home, away) {
        ([home_1, home_2], [away_1, away_2]) => vec![
            home_1.clone(),
            away_1.clone(),
            home_2.clone(),
            away_2.clone(),
        ],
        _ => home.iter().chain(away).cloned().collect(),
    }
}

/// What the reader of a typed result could not read, each game by number, having said why
/// itself: the check leaves those parts alone and checks the rest, so that one answer tells
/// every problem of a result at once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unread {
    /// Games whose players were not all chosen.
    pub players: Vec<u32>,
    /// Games whose final score or hands could not be read.
    pub scores: Vec<u32>,
}

impl Unread {
    pub fn is_empty(&self) -> bool {
        self.players.is_empty() && self.scores.is_empty()
    }
}

/// A result sheet as read from what someone typed, with what could not be read in it.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetAsRead {
    pub sheet: ResultSheet,
    pub unread: Unread,
}

impl SheetAsRead {
    /// A sheet read in full.
    pub fn whole(sheet: ResultSheet) -> Self {
        Self {
            sheet,
            unread: Unread::default(),
        }
    }
}

/// Checks a submitted result; every problem found is returned, game by game.
pub fn check_result(
    sheet: &ResultSheet,
    rules: ResultRules<'_>,
) -> Result<CheckedResult, Vec<ResultError>> {
    check_result_as_read(sheet, &Unread::default(), rules)
}

/// Checks what could be read of a result, every game's players and score alike, whatever else
/// is wrong with the game; a result with anything unread is refused, with the problems found
/// in the rest.
pub fn check_result_as_read(
    sheet: &ResultSheet,
    unread: &Unread,
    rules: ResultRules<'_>,
) -> Result<CheckedResult, Vec<ResultError>> {
    let games = match sheet {
        ResultSheet::Walkover { conceded_by } => {
            return Ok(CheckedResult {
                score: FixtureScore::Walkover {
                    conceded_by: *conceded_by,
                },
                games: Vec::new(),
            });
        }
        ResultSheet::Played { games } => games,
    };
    let slots = game_slots(rules.format);
    if let Some(message) = wrong_number_of_games(rules.format, games.len()) {
        return Err(vec![ResultError::of_fixture(message)]);
    }
    let mut errors = Vec::new();
    let mut lines = Vec::new();
    // Limits are counted over the games whose players are right; a game already refused for
    // its players would only repeat the same mistake in other words.
    let mut refused_for_players = Vec::new();
    for ((game, leg), number) in games.iter().zip(&slots).zip(1..) {
        let mut checked = check_game(game, leg, number, rules, unread);
        if checked.players_refused {
            refused_for_players.push(number);
        }
        errors.append(&mut checked.errors);
        lines.extend(checked.line);
    }
    errors.extend(limit_errors(games, &slots, &refused_for_players, rules));
    if !errors.is_empty() || !unread.is_empty() {
        return Err(errors);
    }
    let home_games = lines.iter().filter(|l| l.winner == Side::Home).count() as u32;
    let away_games = lines.len() as u32 - home_games;
    Ok(CheckedResult {
        score: FixtureScore::Played {
            home_games,
            away_games,
        },
        games: lines,
    })
}

/// A game checked: its line when all is well, every problem found, and whether its players
/// are wrong (or unread).
struct GameChecked {
    line: Option<GameLine>,
    errors: Vec<ResultError>,
    players_refused: bool,
}

/// How a game was scored: its winner, each side's points and its hands.
struct GameScore {
    winner: Side,
    conceded: bool,
    home_points: i64,
    away_points: i64,
    hands: u32,
}

fn check_game(
    game: &GameSheet,
    leg: &Leg,
    number: u32,
    rules: ResultRules<'_>,
    unread: &Unread,
) -> GameChecked {
    let conceded_by = match &game.outcome {
        GameOutcome::ConcededBy(side) => Some(*side),
        GameOutcome::Hands(_) | GameOutcome::FinalScore { .. } => None,
    };
    let mut errors = Vec::new();
    let mut seats = None;
    let players_unread = unread.players.contains(&number);
    if !players_unread {
        let home = side_names(
            &game.home,
            rules.home_squad,
            leg.kind,
            conceded_by == Some(Side::Home),
        );
        let away = side_names(
            &game.away,
            rules.away_squad,
            leg.kind,
            conceded_by == Some(Side::Away),
        );
        for problem in [&home, &away]
            .into_iter()
            .filter_map(|side| side.as_ref().err())
        {
            errors.push(ResultError::of_game(number, problem.clone()));
        }
        if let (Ok(home), Ok(away)) = (home, away) {
            match home.iter().find(|name| away.contains(name)) {
                Some(name) => errors.push(ResultError::of_game(
                    number,
                    format!("{name} cannot play on both sides of a game."),
                )),
                None => seats = Some(record_seats(&home, &away)),
            }
        }
    }
    let players_refused = players_unread || !errors.is_empty();
    // The score is checked whatever is wrong with the players, its seats named by their
    // places where the players cannot name them.
    let score = if unread.scores.contains(&number) {
        Err(Vec::new())
    } else {
        game_score(
            game,
            leg,
            number,
            rules,
            seats.unwrap_or_else(|| seats_by_place(leg.kind)),
        )
    };
    let line = match score {
        Ok(score) if !players_refused => Some(GameLine {
            number,
            kind: leg.kind,
            home: game.home.clone(),
            away: game.away.clone(),
            winner: score.winner,
            conceded: score.conceded,
            home_points: score.home_points,
            away_points: score.away_points,
            hands: score.hands,
        }),
        Ok(_) => None,
        Err(mut score_errors) => {
            errors.append(&mut score_errors);
            None
        }
    };
    GameChecked {
        line,
        errors,
        players_refused,
    }
}

/// A game's seats named by their places, for checking its hands when its players are wrong.
fn seats_by_place(kind: LegKind) -> Vec<String> {
    match kind {
        LegKind::Singles => vec!["the home player".to_string(), "the away player".to_string()],
        LegKind::Pairs => record_seats(
            &["home player 1".to_string(), "home player 2".to_string()],
            &["away player 1".to_string(), "away player 2".to_string()],
        ),
    }
}

/// The game's score checked under the leg's rules: conceded, a final score, or its hands.
fn game_score(
    game: &GameSheet,
    leg: &Leg,
    number: u32,
    rules: ResultRules<'_>,
    seats: Vec<String>,
) -> Result<GameScore, Vec<ResultError>> {
    let hands = match &game.outcome {
        GameOutcome::ConcededBy(side) => {
            return Ok(GameScore {
                winner: side.other(),
                conceded: true,
                home_points: 0,
                away_points: 0,
                hands: 0,
            });
        }
        GameOutcome::FinalScore { home, away } => {
            return final_score_line(*home, *away, leg, number, rules).map(|winner| GameScore {
                winner,
                conceded: false,
                home_points: *home,
                away_points: *away,
                hands: 0,
            });
        }
        GameOutcome::Hands(hands) => hands,
    };
    if hands.is_empty() {
        let wanted = match rules.level {
            EntryLevel::Final => {
                "no score is entered; enter the final score, or mark the game conceded."
            }
            EntryLevel::Hands | EntryLevel::Pegs => {
                "no hands are entered; enter each hand's scores, or mark the game conceded."
            }
        };
        return Err(vec![ResultError::of_game(number, wanted.to_string())]);
    }
    hands_within_limit(hands.len())
        .map_err(|message| vec![ResultError::of_game(number, message)])?;
    if let Some((hand, message)) = hands
        .iter()
        .zip(1..)
        .find_map(|(hand, index)| Some((index, rules.level.hand_refused(hand)?)))
    {
        return Err(vec![ResultError {
            game: Some(number),
            hand: Some(hand),
            message: format!("Game {number}, hand {hand}: {message}"),
        }]);
    }
    let checked = check_played_game(
        &game_ruleset(rules.ruleset, leg),
        seats,
        hands.clone(),
        number,
    )?;
    let winner = checked.winner.expect("a checked game has its winner");
    Ok(GameScore {
        winner: if winner == 0 { Side::Home } else { Side::Away },
        conceded: false,
        home_points: side_points(&checked, 0),
        away_points: side_points(&checked, 1),
        hands: checked.hands.len() as u32,
    })
}

/// The winner of a game given by its final score, or why the league cannot take it so: the
/// competition asks for more, or no game of the leg ends on that score.
fn final_score_line(
    home: i64,
    away: i64,
    leg: &Leg,
    number: u32,
    rules: ResultRules<'_>,
) -> Result<Side, Vec<ResultError>> {
    if let Some(message) = rules.level.final_score_refused() {
        return Err(vec![ResultError::of_game(number, message)]);
    }
    let seats = 2 * leg.kind.players_per_side() as usize;
    let ruleset = game_ruleset(rules.ruleset, leg)
        .build(seats)
        .map_err(|error| {
            vec![ResultError::of_game(
                number,
                format!("{}.", ruleset_refusal(&error)),
            )]
        })?;
    check_final_score(&ruleset, home, away)
        .map_err(|message| vec![ResultError::of_game(number, message)])
}

/// The names of a side's players, or why the side is wrong for a game of this kind.
pub(crate) fn side_names(
    players: &[PlayerId],
    squad: &[SquadMember],
    kind: LegKind,
    conceding: bool,
) -> Result<Vec<String>, String> {
    let needed = kind.players_per_side() as usize;
    if players.is_empty() && conceding {
        return Ok(Vec::new());
    }
    if players.len() != needed {
        return Err(format!(
            "a {kind} game has {needed} {} a side, not {}.",
            if needed == 1 { "player" } else { "players" },
            players.len()
        ));
    }
    let mut names = Vec::with_capacity(needed);
    for player in players {
        let member = squad
            .iter()
            .find(|member| member.id == *player)
            .ok_or_else(|| format!("player {player} is not in the team's squad."))?;
        if names.contains(&member.name) {
            return Err(format!(
                "{} is named twice; a pairs game needs two different players.",
                member.name
            ));
        }
        names.push(member.name.clone());
    }
    Ok(names)
}

/// Players who play more games of a kind than the format allows, named at the first game
/// over the limit.
pub(crate) fn limit_errors(
    games: &[GameSheet],
    slots: &[Leg],
    skipped: &[u32],
    rules: ResultRules<'_>,
) -> Vec<ResultError> {
    let mut played: HashMap<(PlayerId, LegKind), u32> = HashMap::new();
    let mut errors = Vec::new();
    for ((game, leg), number) in games.iter().zip(slots).zip(1..) {
        if skipped.contains(&number) {
            continue;
        }
        let limit = rules.format.player_limits.per_player(leg.kind);
        for player in game.home.iter().chain(&game.away) {
            let count = played.entry((*player, leg.kind)).or_default();
            *count += 1;
            if *count == limit + 1 {
                let name = rules
                    .home_squad
                    .iter()
                    .chain(rules.away_squad)
                    .find(|member| member.id == *player)
                    .map_or_else(|| format!("player {player}"), |m| m.name.clone());
                errors.push(ResultError::of_game(
                    number,
                    format!(
                        "{name} has already played {limit} {} {}; a player may play at most {limit} in a fixture.",
                        leg.kind,
                        if limit == 1 { "game" } else { "games" },
                    ),
                ));
            }
        }
    }
    errors
}

/// Whether two rulesets for the same seats play alike: the partnerships option is ignored
/// where it cannot apply (fewer than four seats).
fn same_rules_of_play(a: &fives_rules::Ruleset, b: &fives_rules::Ruleset) -> bool {
    let mut a_options = *a.options();
    let mut b_options = *b.options();
    a_options.partnerships = a.partnerships();
    b_options.partnerships = b.partnerships();
    a_options == b_options
}

/// The hands of a game record a scorer pasted, when the record is for this leg's game: the
/// same rules and the right number of seats. Its seat names are the scorer's; the result
/// names the players itself.
pub fn pasted_hands(
    text: &str,
    competition: &RulesetSpec,
    leg: &Leg,
) -> Result<Vec<HandRecord>, String> {
    let expected = game_ruleset(competition, leg);
    let seats = 2 * leg.kind.players_per_side() as usize;
    let target = leg.target;
    pasted_game_hands(
        text,
        &PastedGame {
            expected: &expected,
            seats,
            game: &format!("a {} game", leg.kind),
            rules: &format!(
                "this league's rules ({} to {target})",
                game_name(expected.preset)
            ),
        },
    )
}

/// What a pasted game record must be: a game under `expected` for `seats` players; `game`
/// and `rules` name them in a refusal ("a singles game", "this league's rules (…)").
pub struct PastedGame<'a> {
    pub expected: &'a RulesetSpec,
    pub seats: usize,
    pub game: &'a str,
    pub rules: &'a str,
}

/// The hands of a pasted game record, when it is the game wanted: measured before it is read,
/// of the right number of seats, played under the same rules, and finished.
pub fn pasted_game_hands(text: &str, wanted: &PastedGame<'_>) -> Result<Vec<HandRecord>, String> {
    // Measured before it is read: reading expands it.
    let length = text.chars().count();
    if length > MAX_RECORD_CHARS {
        return Err(format!(
            "the pasted record is {length} characters long; a game record is at most {MAX_RECORD_CHARS}."
        ));
    }
    let record = fives_rules::record::parse(text).map_err(|reason| {
        format!(
            "the pasted record cannot be read: {}.",
            unreadable_record(&reason.0)
        )
    })?;
    hands_within_limit(record.hands.len())?;
    let seats = wanted.seats;
    if record.seats.len() != seats {
        return Err(format!(
            "the pasted record has {} seats; {} has {seats}.",
            record.seats.len(),
            wanted.game
        ));
    }
    let same_rules = fives_rules::record::ruleset_spec(&record.ruleset)
        .ok()
        .and_then(|spec| spec.build(seats).ok())
        .zip(wanted.expected.build(seats).ok())
        .is_some_and(|(pasted, expected)| same_rules_of_play(&pasted, &expected));
    if !same_rules {
        return Err(format!(
            "the pasted record is not played under {}.",
            wanted.rules
        ));
    }
    if record.complete == Some(false) {
        return Err("the pasted record is of a game still in progress.".to_string());
    }
    Ok(record.hands)
}

#[cfg(test)]
mod tests;
