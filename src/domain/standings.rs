//! A division's table, computed afresh from its confirmed results and point adjustments
//! whenever one of them changes, and ordered by the tiebreaks the organiser chose.
//!
//! Head-to-head is a mini-league of the results between the tied teams only, scored under
//! the competition's own points scheme (adjustments left out). When it separates the tied
//! group into smaller groups, each group still level is compared again on head-to-head among
//! just its own teams; when it separates nobody, the next tiebreak in the list decides, on
//! the whole season's figures. Teams level after every tiebreak share a position and are
//! marked as needing a play-off.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::ids::TeamId;
use super::match_format::{FixtureScore, MatchFormat};

/// One way of separating teams, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tiebreak {
    Points,
    GameDifference,
    GamesWon,
    HeadToHead,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 4] = [
        Tiebreak::Points,
        Tiebreak::GameDifference,
        Tiebreak::GamesWon,
        Tiebreak::HeadToHead,
    ];

    /// What organisers call it.
    pub fn label(self) -> &'static str {
        match self {
            Tiebreak::Points => "Points",
            Tiebreak::GameDifference => "Game difference",
            Tiebreak::GamesWon => "Games won",
            Tiebreak::HeadToHead => "Head-to-head between the tied teams",
        }
    }

    /// Its name in forms and in the store's JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Tiebreak::Points => "points",
            Tiebreak::GameDifference => "game_difference",
            Tiebreak::GamesWon => "games_won",
            Tiebreak::HeadToHead => "head_to_head",
        }
    }
}

/// The organiser's list of tiebreaks, applied in turn: not empty, each at most once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Tiebreak>", into = "Vec<Tiebreak>")]
pub struct TiebreakOrder(Vec<Tiebreak>);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TiebreakOrderError {
    #[error("Choose at least one way of ordering the table.")]
    Empty,
    #[error("Each tiebreak is listed once; {} is listed twice.", .0.label())]
    Repeated(Tiebreak),
}

impl TryFrom<Vec<Tiebreak>> for TiebreakOrder {
    type Error = TiebreakOrderError;

    fn try_from(tiebreaks: Vec<Tiebreak>) -> Result<Self, Self::Error> {
        if tiebreaks.is_empty() {
            return Err(TiebreakOrderError::Empty);
        }
        for (index, tiebreak) in tiebreaks.iter().enumerate() {
            if tiebreaks[..index].contains(tiebreak) {
                return Err(TiebreakOrderError::Repeated(*tiebreak));
            }
        }
        Ok(Self(tiebreaks))
    }
}

impl From<TiebreakOrder> for Vec<Tiebreak> {
    fn from(order: TiebreakOrder) -> Self {
        order.0
    }
}

impl Default for TiebreakOrder {
    /// Points, then game difference, games won and head-to-head.
    fn default() -> Self {
        Self(vec![
            Tiebreak::Points,
            Tiebreak::GameDifference,
            Tiebreak::GamesWon,
            Tiebreak::HeadToHead,
        ])
    }
}

impl TiebreakOrder {
    pub fn tiebreaks(&self) -> &[Tiebreak] {
        &self.0
    }
}

/// A confirmed result between two teams of the division.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixtureResult {
    pub home: TeamId,
    pub away: TeamId,
    pub score: FixtureScore,
}

/// Points a secretary adds or (usually) deducts, with the reason shown beside the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointAdjustment {
    pub team: TeamId,
    pub points: i64,
    pub reason: String,
}

/// One team's line in the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsRow {
    /// From 1; teams level after every tiebreak share the position of the first of them.
    pub position: u32,
    pub team: TeamId,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub games_for: u32,
    pub games_against: u32,
    /// The sum of the team's adjustments.
    pub adjustment: i64,
    pub adjustments: Vec<PointAdjustment>,
    /// Points from results plus the adjustment.
    pub points: i64,
    /// Level with another team after every tiebreak: a play-off decides.
    pub play_off: bool,
}

impl StandingsRow {
    pub fn game_difference(&self) -> i64 {
        i64::from(self.games_for) - i64::from(self.games_against)
    }

    fn new(team: TeamId) -> Self {
        Self {
            position: 0,
            team,
            played: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            games_for: 0,
            games_against: 0,
            adjustment: 0,
            adjustments: Vec::new(),
            points: 0,
            play_off: false,
        }
    }

    fn record(&mut self, own_games: u32, other_games: u32, points: u32) {
        self.played += 1;
        match own_games.cmp(&other_games) {
            std::cmp::Ordering::Greater => self.won += 1,
            std::cmp::Ordering::Equal => self.drawn += 1,
            std::cmp::Ordering::Less => self.lost += 1,
        }
        self.games_for += own_games;
        self.games_against += other_games;
        self.points += i64::from(points);
    }
}

/// Each team's position after one round of the season, in the table's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionsAfterRound {
    pub round: u32,
    /// (team, position from 1), top of the table first.
    pub positions: Vec<(TeamId, u32)>,
}

/// The table after each round that has a result: round by round, the results of that round
/// and every earlier one. Adjustments count from the start (when a deduction was made is not
/// part of the table), so the last entry is the table as it stands.
pub fn positions_after_each_round(
    format: &MatchFormat,
    teams: &[TeamId],
    results: &[(u32, FixtureResult)],
    adjustments: &[PointAdjustment],
    order: &TiebreakOrder,
) -> Result<Vec<PositionsAfterRound>, StandingsError> {
    let mut rounds: Vec<u32> = results.iter().map(|(round, _)| *round).collect();
    rounds.sort_unstable();
    rounds.dedup();
    rounds
        .into_iter()
        .map(|round| {
            let so_far: Vec<FixtureResult> = results
                .iter()
                .filter(|(played_in, _)| *played_in <= round)
                .map(|(_, result)| *result)
                .collect();
            let table = standings(format, teams, &so_far, adjustments, order)?;
            Ok(PositionsAfterRound {
                round,
                positions: table.iter().map(|row| (row.team, row.position)).collect(),
            })
        })
        .collect()
}

/// How one fixture went for one team, as a form guide shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormResult {
    Won,
    Drawn,
    Lost,
}

impl FormResult {
    /// The letter a form guide prints.
    pub fn letter(self) -> char {
        match self {
            FormResult::Won => 'W',
            FormResult::Drawn => 'D',
            FormResult::Lost => 'L',
        }
    }
}

/// The team's last `count` results, oldest first, from `results` in the order played.
pub fn recent_form(
    format: &MatchFormat,
    team: TeamId,
    results: &[FixtureResult],
    count: usize,
) -> Vec<FormResult> {
    let mut form: Vec<FormResult> = results
        .iter()
        .filter(|result| result.home == team || result.away == team)
        .map(|result| {
            let (home, away) = format.games(result.score);
            let (own, other) = if result.home == team {
                (home, away)
            } else {
                (away, home)
            };
            match own.cmp(&other) {
                std::cmp::Ordering::Greater => FormResult::Won,
                std::cmp::Ordering::Equal => FormResult::Drawn,
                std::cmp::Ordering::Less => FormResult::Lost,
            }
        })
        .collect();
    let skip = form.len().saturating_sub(count);
    form.drain(..skip);
    form
}

/// Why a table cannot be computed from what it was given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    #[error("Team {0} is not in this division.")]
    UnknownTeam(TeamId),
    #[error("Team {0} is listed twice in the division.")]
    ListedTwice(TeamId),
    #[error("Team {0} cannot play itself.")]
    PlaysItself(TeamId),
    #[error("A result of {home}-{away} has more games than the {games} in a fixture.")]
    TooManyGames { home: u32, away: u32, games: u32 },
    #[error("A points adjustment for team {0} needs a reason.")]
    AdjustmentWithoutReason(TeamId),
}

/// The division's table: every team in `teams`, whether it has played or not.
pub fn standings(
    format: &MatchFormat,
    teams: &[TeamId],
    results: &[FixtureResult],
    adjustments: &[PointAdjustment],
    order: &TiebreakOrder,
) -> Result<Vec<StandingsRow>, StandingsError> {
    let mut rows: Vec<StandingsRow> = teams.iter().map(|&team| StandingsRow::new(team)).collect();
    let mut index: HashMap<TeamId, usize> = HashMap::with_capacity(teams.len());
    for (i, &team) in teams.iter().enumerate() {
        if index.insert(team, i).is_some() {
            return Err(StandingsError::ListedTwice(team));
        }
    }
    let find = |team: TeamId| {
        index
            .get(&team)
            .copied()
            .ok_or(StandingsError::UnknownTeam(team))
    };

    let fixture_games = format.games_per_fixture();
    for result in results {
        let (home, away) = (find(result.home)?, find(result.away)?);
        if home == away {
            return Err(StandingsError::PlaysItself(result.home));
        }
        let (home_games, away_games) = format.games(result.score);
        if home_games + away_games > fixture_games {
            return Err(StandingsError::TooManyGames {
                home: home_games,
                away: away_games,
                games: fixture_games,
            });
        }
        let (home_points, away_points) = format.points(result.score);
        rows[home].record(home_games, away_games, home_points);
        rows[away].record(away_games, home_games, away_points);
    }
    for adjustment in adjustments {
        let row = &mut rows[find(adjustment.team)?];
        if adjustment.reason.trim().is_empty() {
            return Err(StandingsError::AdjustmentWithoutReason(adjustment.team));
        }
        row.adjustment += adjustment.points;
        row.points += adjustment.points;
        row.adjustments.push(adjustment.clone());
    }

    let ranking = Ranking {
        format,
        rows: &rows,
        results,
        index: &index,
    };
    let mut levels = Vec::new();
    ranking.rank((0..rows.len()).collect(), order.tiebreaks(), &mut levels);

    let mut table = Vec::with_capacity(rows.len());
    for mut level in levels {
        level.sort_by_key(|&i| rows[i].team);
        let position = table.len() as u32 + 1;
        let play_off = level.len() > 1;
        for i in level {
            let mut row = rows[i].clone();
            row.position = position;
            row.play_off = play_off;
            table.push(row);
        }
    }
    Ok(table)
}

/// What the tiebreaks look at: the season's rows, and the results for head-to-head.
struct Ranking<'a> {
    format: &'a MatchFormat,
    rows: &'a [StandingsRow],
    results: &'a [FixtureResult],
    index: &'a HashMap<TeamId, usize>,
}

impl Ranking<'_> {
    /// Splits `group` (indices into `rows`) into levels, best first, appending them to `out`;
    /// the teams of one level are not separated by any tiebreak.
    fn rank(&self, group: Vec<usize>, tiebreaks: &[Tiebreak], out: &mut Vec<Vec<usize>>) {
        let Some((&tiebreak, rest)) = tiebreaks.split_first() else {
            out.push(group);
            return;
        };
        if group.len() < 2 {
            out.push(group);
            return;
        }
        let keys: HashMap<usize, i64> = match tiebreak {
            Tiebreak::HeadToHead => self.head_to_head(&group),
            _ => group
                .iter()
                .map(|&i| (i, self.season_key(tiebreak, &self.rows[i])))
                .collect(),
        };
        let levels = split_by_key(group, &keys);
        let separated = levels.len() > 1;
        for level in levels {
            if tiebreak == Tiebreak::HeadToHead && separated {
                // A smaller group still level is compared again on its own head-to-head.
                self.rank(level, tiebreaks, out);
            } else {
                self.rank(level, rest, out);
            }
        }
    }

    fn season_key(&self, tiebreak: Tiebreak, row: &StandingsRow) -> i64 {
        match tiebreak {
            Tiebreak::Points => row.points,
            Tiebreak::GameDifference => row.game_difference(),
            Tiebreak::GamesWon => i64::from(row.games_for),
            Tiebreak::HeadToHead => unreachable!("head-to-head depends on the tied group"),
        }
    }

    /// Each team's points in the mini-league of results between the teams of `group`.
    fn head_to_head(&self, group: &[usize]) -> HashMap<usize, i64> {
        let mut points: HashMap<usize, i64> = group.iter().map(|&i| (i, 0)).collect();
        for result in self.results {
            let (home, away) = (self.index[&result.home], self.index[&result.away]);
            if points.contains_key(&home) && points.contains_key(&away) {
                let (home_points, away_points) = self.format.points(result.score);
                *points.get_mut(&home).unwrap() += i64::from(home_points);
                *points.get_mut(&away).unwrap() += i64::from(away_points);
            }
        }
        points
    }
}

/// Groups `group` by descending key.
fn split_by_key(mut group: Vec<usize>, keys: &HashMap<usize, i64>) -> Vec<Vec<usize>> {
    group.sort_by_key(|i| std::cmp::Reverse(keys[i]));
    let mut levels: Vec<Vec<usize>> = Vec::new();
    for i in group {
        match levels.last_mut() {
            Some(level) if keys[&level[0]] == keys[&i] => level.push(i),
            _ => levels.push(vec![i]),
        }
    }
    levels
}

#[cfg(test)]
mod tests;
