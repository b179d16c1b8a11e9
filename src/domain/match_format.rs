//! A competition's match format: the games that make a fixture, who may play them, how a
//! fixture's games become league points, and what a walkover scores. All of it is data an
//! organiser fills in, checked by [`MatchFormat::validate`], every number within the limits
//! below: the forms, the API's OpenAPI document and the check all read these constants.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};
// The JSON API documents these types as it accepts and answers them.
use utoipa::ToSchema;

/// A game played once round the board.
pub const ONCE_ROUND_THE_BOARD: u32 = 61;
/// A game played twice round the board.
pub const TWICE_ROUND_THE_BOARD: u32 = 121;

/// The most legs a fixture has: singles and pairs, each perhaps twice at different targets.
pub const MAX_LEGS: usize = 4;
/// The most games in one leg. A pub fixture is 6 to 12 games in all; 21 a leg leaves room for
/// any league's format while keeping a result sheet a page long.
pub const MAX_GAMES_PER_LEG: u32 = 21;
/// The most games a fixture can have: every leg at its most.
pub const MAX_GAMES_PER_FIXTURE: u32 = MAX_LEGS as u32 * MAX_GAMES_PER_LEG;
/// The most games of one kind a player may be allowed in a fixture.
pub const MAX_GAMES_PER_PLAYER: u32 = MAX_GAMES_PER_LEG;
/// The most league points any one line of a points scheme is worth (leagues give 0 to 3).
pub const MAX_POINTS: u32 = 100;

/// Whether the games of a leg are one player against one, or two against two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LegKind {
    Singles,
    Pairs,
}

impl LegKind {
    /// How many of a team's players take part in one game of this kind.
    pub fn players_per_side(self) -> u32 {
        match self {
            LegKind::Singles => 1,
            LegKind::Pairs => 2,
        }
    }
}

impl fmt::Display for LegKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LegKind::Singles => "singles",
            LegKind::Pairs => "pairs",
        })
    }
}

/// One part of a fixture: a number of games of one kind, each played to the same target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Leg {
    pub kind: LegKind,
    /// From 1 to 21.
    #[schema(minimum = 1, maximum = 21)]
    pub games: u32,
    /// The points that win a game: 61 (once round the board) or 121 (twice).
    #[schema(minimum = 61, maximum = 121)]
    pub target: u32,
}

/// How many games of each kind one player may play in a fixture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PlayerLimits {
    /// From 0 to 21.
    #[schema(minimum = 0, maximum = 21)]
    pub singles_per_player: u32,
    /// From 0 to 21.
    #[schema(minimum = 0, maximum = 21)]
    pub pairs_per_player: u32,
}

impl Default for PlayerLimits {
    /// The usual pub-league rule: at most one singles and one pairs game each.
    fn default() -> Self {
        Self {
            singles_per_player: 1,
            pairs_per_player: 1,
        }
    }
}

impl PlayerLimits {
    pub fn per_player(&self, kind: LegKind) -> u32 {
        match kind {
            LegKind::Singles => self.singles_per_player,
            LegKind::Pairs => self.pairs_per_player,
        }
    }
}

/// When a losing side still earns its bonus, judged on the games of the fixture: a number of
/// games from 0 to 84.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BonusCondition {
    /// The side lost by at most this many games (1 rewards a 5-4 loss).
    #[schema(value_type = BonusGames)]
    LostByAtMost(u32),
    /// The side won at least this many games (4 rewards a 5-4 loss in a 9-game fixture).
    #[schema(value_type = BonusGames)]
    WonAtLeast(u32),
}

/// The number of games in a losing bonus's condition as the API's document states it: a
/// whole number from 0 to [`MAX_GAMES_PER_FIXTURE`]. (utoipa takes no limits on a variant's
/// field, so this stands in for the `u32`.)
pub struct BonusGames;

impl utoipa::PartialSchema for BonusGames {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .minimum(Some(0))
            .maximum(Some(MAX_GAMES_PER_FIXTURE))
            .into()
    }
}

impl ToSchema for BonusGames {}

impl BonusCondition {
    /// Whether a side that won `own` games and lost the fixture to `other` earns the bonus.
    pub fn is_met(self, own: u32, other: u32) -> bool {
        match self {
            BonusCondition::LostByAtMost(margin) => other.saturating_sub(own) <= margin,
            BonusCondition::WonAtLeast(games) => own >= games,
        }
    }

    fn games(self) -> u32 {
        match self {
            BonusCondition::LostByAtMost(games) | BonusCondition::WonAtLeast(games) => games,
        }
    }
}

/// Points a losing side earns when the condition holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LosingBonus {
    /// From 0 to 100.
    #[schema(minimum = 0, maximum = 100)]
    pub points: u32,
    pub condition: BonusCondition,
}

/// A league's own way of turning a fixture's games into points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PointsScheme {
    /// From 0 to 100.
    #[schema(minimum = 0, maximum = 100)]
    pub per_game_won: u32,
    /// From 0 to 100.
    #[schema(minimum = 0, maximum = 100)]
    pub per_match_won: u32,
    /// From 0 to 100.
    #[schema(minimum = 0, maximum = 100)]
    pub per_match_drawn: u32,
    pub losing_bonus: Option<LosingBonus>,
}

impl PointsScheme {
    /// So many points for winning the match, for drawing it and for each game won, with no
    /// losing bonus.
    pub fn per_match_and_game(won: u32, drawn: u32, per_game: u32) -> Self {
        PointsScheme {
            per_game_won: per_game,
            per_match_won: won,
            per_match_drawn: drawn,
            losing_bonus: None,
        }
    }
}

/// A line of a points scheme, for naming the one over the limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointsLine {
    PerGameWon,
    PerMatchWon,
    PerMatchDrawn,
    LosingBonus,
}

impl fmt::Display for PointsLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PointsLine::PerGameWon => "Points per game won",
            PointsLine::PerMatchWon => "Points per match won",
            PointsLine::PerMatchDrawn => "Points per match drawn",
            PointsLine::LosingBonus => "A losing bonus",
        })
    }
}

impl PointsScheme {
    /// Each side's points, home first, from the games each side won.
    pub fn points(&self, home_games: u32, away_games: u32) -> (u32, u32) {
        (
            self.side_points(home_games, away_games),
            self.side_points(away_games, home_games),
        )
    }

    fn side_points(&self, own: u32, other: u32) -> u32 {
        let for_the_match = match own.cmp(&other) {
            Ordering::Greater => self.per_match_won,
            Ordering::Equal => self.per_match_drawn,
            Ordering::Less => match self.losing_bonus {
                Some(bonus) if bonus.condition.is_met(own, other) => bonus.points,
                _ => 0,
            },
        };
        // Saturating: a scheme kept before the limits may hold any number.
        for_the_match.saturating_add(self.per_game_won.saturating_mul(own))
    }
}

/// The games a side that turns up is awarded when the other does not: together at most the
/// games of a fixture (and so at most 84).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct WalkoverScore {
    #[schema(minimum = 0, maximum = 84)]
    pub winner_games: u32,
    #[schema(minimum = 0, maximum = 84)]
    pub loser_games: u32,
}

/// Home or away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Home,
    Away,
}

impl Side {
    /// The side across the table.
    pub fn other(self) -> Side {
        match self {
            Side::Home => Side::Away,
            Side::Away => Side::Home,
        }
    }
}

/// How a fixture ended: its games were played, or one side did not turn up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FixtureScore {
    Played { home_games: u32, away_games: u32 },
    Walkover { conceded_by: Side },
}

/// Everything a competition says about how a fixture is played and scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct MatchFormat {
    /// From 1 to 4 legs.
    #[schema(min_items = 1, max_items = 4)]
    pub legs: Vec<Leg>,
    pub player_limits: PlayerLimits,
    pub points: PointsScheme,
    pub walkover: WalkoverScore,
}

/// Why a match format cannot be used. Legs are numbered from 1, as an organiser sees them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchFormatError {
    #[error("A fixture needs at least one leg of games.")]
    NoLegs,
    #[error("A fixture has at most {MAX_LEGS} legs, not {legs}.")]
    TooManyLegs { legs: usize },
    #[error("Leg {leg} has no games; a leg has at least one.")]
    NoGames { leg: usize },
    #[error(
        "Leg {leg} has {games} {kind} games; there are at most {MAX_GAMES_PER_LEG} games a leg."
    )]
    TooManyGames {
        leg: usize,
        kind: LegKind,
        games: u32,
    },
    #[error("Leg {leg} has games played to 0 points; once round the board is 61.")]
    NoTarget { leg: usize },
    #[error("Choose 61 (once round the board) or 121 (twice).")]
    UnknownTarget { leg: usize, target: u32 },
    #[error("A player may be allowed at most {MAX_GAMES_PER_PLAYER} {kind} games, not {games}.")]
    TooManyGamesPerPlayer { kind: LegKind, games: u32 },
    #[error(
        "The fixture has {kind} games, but no player may play a {kind} game; allow at least one."
    )]
    KindNotAllowed { kind: LegKind },
    #[error("The points scheme awards no points at all.")]
    NoPoints,
    #[error("{line} is at most {MAX_POINTS} points, not {points}.")]
    TooManyPoints { line: PointsLine, points: u32 },
    #[error(
        "A losing bonus's condition counts at most {MAX_GAMES_PER_FIXTURE} games, not {games}."
    )]
    BonusConditionTooLarge { games: u32 },
    #[error("A drawn match ({drawn} points) cannot be worth more than a win ({won} points).")]
    DrawWorthMoreThanWin { drawn: u32, won: u32 },
    #[error("A losing bonus ({bonus} points) cannot be worth more than a win ({won} points).")]
    BonusWorthMoreThanWin { bonus: u32, won: u32 },
    #[error("No losing side can ever meet the losing bonus's condition in a {games}-game fixture.")]
    BonusNeverEarned { games: u32 },
    #[error("A walkover must be a win for the side that turns up, not {winner}-{loser}.")]
    WalkoverNotAWin { winner: u32, loser: u32 },
    #[error("A walkover of {winner}-{loser} has more games than the {games} in a fixture.")]
    WalkoverTooManyGames { winner: u32, loser: u32, games: u32 },
}

/// Why a played score does not fit the format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("A fixture has {games} games, but {home}-{away} adds up to {}.", home + away)]
pub struct ScoreDoesNotFit {
    pub home: u32,
    pub away: u32,
    pub games: u32,
}

impl MatchFormat {
    /// `singles` singles games then `pairs` pairs games, each once round the board, with no
    /// limit on who plays, and a walkover counted as every game won: a pub league's usual
    /// format (six and three), with its own `points`.
    pub fn singles_then_pairs(singles: u32, pairs: u32, points: PointsScheme) -> Self {
        MatchFormat {
            legs: vec![
                Leg {
                    kind: LegKind::Singles,
                    games: singles,
                    target: ONCE_ROUND_THE_BOARD,
                },
                Leg {
                    kind: LegKind::Pairs,
                    games: pairs,
                    target: ONCE_ROUND_THE_BOARD,
                },
            ],
            player_limits: PlayerLimits::default(),
            points,
            walkover: WalkoverScore {
                winner_games: singles + pairs,
                loser_games: 0,
            },
        }
    }

    /// The number of games in a fixture, over all legs. (Saturating, so that a format with
    /// absurd numbers can still be checked and refused.)
    pub fn games_per_fixture(&self) -> u32 {
        self.legs
            .iter()
            .fold(0, |games, leg| games.saturating_add(leg.games))
    }

    /// The fewest players a team needs to fill every game within the player limits.
    pub fn players_needed(&self) -> u32 {
        [LegKind::Singles, LegKind::Pairs]
            .into_iter()
            .map(|kind| {
                let places: u32 =
                    self.legs
                        .iter()
                        .filter(|leg| leg.kind == kind)
                        .fold(0u32, |places, leg| {
                            places.saturating_add(leg.games.saturating_mul(kind.players_per_side()))
                        });
                match self.player_limits.per_player(kind) {
                    0 => 0,
                    per_player => places.div_ceil(per_player),
                }
            })
            .max()
            .unwrap_or(0)
    }

    /// The first reason this format cannot be used, if any.
    pub fn validate(&self) -> Result<(), MatchFormatError> {
        match self.problems().into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(()),
        }
    }

    /// Every reason this format cannot be used, for a form to show all at once. Each number
    /// is checked against its limit before anything is counted over it, so an absurd format
    /// is refused as cheaply as a sensible one.
    pub fn problems(&self) -> Vec<MatchFormatError> {
        let mut problems = Vec::new();
        if self.legs.is_empty() {
            problems.push(MatchFormatError::NoLegs);
        }
        if self.legs.len() > MAX_LEGS {
            problems.push(MatchFormatError::TooManyLegs {
                legs: self.legs.len(),
            });
        }
        for (index, leg) in self.legs.iter().enumerate().take(MAX_LEGS) {
            let number = index + 1;
            if leg.games == 0 {
                problems.push(MatchFormatError::NoGames { leg: number });
            }
            if leg.games > MAX_GAMES_PER_LEG {
                problems.push(MatchFormatError::TooManyGames {
                    leg: number,
                    kind: leg.kind,
                    games: leg.games,
                });
            }
            if leg.target == 0 {
                problems.push(MatchFormatError::NoTarget { leg: number });
            } else if ![ONCE_ROUND_THE_BOARD, TWICE_ROUND_THE_BOARD].contains(&leg.target) {
                problems.push(MatchFormatError::UnknownTarget {
                    leg: number,
                    target: leg.target,
                });
            }
        }
        for kind in [LegKind::Singles, LegKind::Pairs] {
            let has_games = self.legs.iter().any(|l| l.kind == kind && l.games > 0);
            let allowed = self.player_limits.per_player(kind);
            if has_games && allowed == 0 {
                problems.push(MatchFormatError::KindNotAllowed { kind });
            }
            if allowed > MAX_GAMES_PER_PLAYER {
                problems.push(MatchFormatError::TooManyGamesPerPlayer {
                    kind,
                    games: allowed,
                });
            }
        }
        let games = self.games_per_fixture();
        problems.extend(self.points_problems(games));
        problems.extend(self.walkover_problems(games));
        problems
    }

    fn points_problems(&self, games: u32) -> Vec<MatchFormatError> {
        let scheme = &self.points;
        let mut problems = Vec::new();
        let bonus_points = scheme.losing_bonus.map_or(0, |bonus| bonus.points);
        for (line, points) in [
            (PointsLine::PerGameWon, scheme.per_game_won),
            (PointsLine::PerMatchWon, scheme.per_match_won),
            (PointsLine::PerMatchDrawn, scheme.per_match_drawn),
            (PointsLine::LosingBonus, bonus_points),
        ] {
            if points > MAX_POINTS {
                problems.push(MatchFormatError::TooManyPoints { line, points });
            }
        }
        if scheme.per_game_won == 0
            && scheme.per_match_won == 0
            && scheme.per_match_drawn == 0
            && bonus_points == 0
        {
            problems.push(MatchFormatError::NoPoints);
        }
        if scheme.per_match_drawn > scheme.per_match_won {
            problems.push(MatchFormatError::DrawWorthMoreThanWin {
                drawn: scheme.per_match_drawn,
                won: scheme.per_match_won,
            });
        }
        if let Some(bonus) = scheme.losing_bonus {
            if bonus.points > scheme.per_match_won {
                problems.push(MatchFormatError::BonusWorthMoreThanWin {
                    bonus: bonus.points,
                    won: scheme.per_match_won,
                });
            }
            let condition_games = bonus.condition.games();
            if condition_games > MAX_GAMES_PER_FIXTURE {
                problems.push(MatchFormatError::BonusConditionTooLarge {
                    games: condition_games,
                });
            }
            // A loser won fewer than half the games: try every losing score there is (a
            // fixture of more games than any format may have is refused already).
            let earnable = (0..games.min(MAX_GAMES_PER_FIXTURE))
                .filter(|own| 2 * own < games)
                .any(|own| bonus.condition.is_met(own, games - own));
            if games > 0 && games <= MAX_GAMES_PER_FIXTURE && !earnable {
                problems.push(MatchFormatError::BonusNeverEarned { games });
            }
        }
        problems
    }

    fn walkover_problems(&self, games: u32) -> Vec<MatchFormatError> {
        let WalkoverScore {
            winner_games: winner,
            loser_games: loser,
        } = self.walkover;
        let mut problems = Vec::new();
        if winner <= loser {
            problems.push(MatchFormatError::WalkoverNotAWin { winner, loser });
        }
        if winner.saturating_add(loser) > games {
            problems.push(MatchFormatError::WalkoverTooManyGames {
                winner,
                loser,
                games,
            });
        }
        problems
    }

    /// Checks that a played score accounts for every game of the fixture.
    pub fn check_score(&self, home_games: u32, away_games: u32) -> Result<(), ScoreDoesNotFit> {
        let games = self.games_per_fixture();
        if home_games + away_games == games {
            Ok(())
        } else {
            Err(ScoreDoesNotFit {
                home: home_games,
                away: away_games,
                games,
            })
        }
    }

    /// The games each side is credited with, home first; a walkover counts as its score.
    pub fn games(&self, score: FixtureScore) -> (u32, u32) {
        let WalkoverScore {
            winner_games,
            loser_games,
        } = self.walkover;
        match score {
            FixtureScore::Played {
                home_games,
                away_games,
            } => (home_games, away_games),
            FixtureScore::Walkover {
                conceded_by: Side::Away,
            } => (winner_games, loser_games),
            FixtureScore::Walkover {
                conceded_by: Side::Home,
            } => (loser_games, winner_games),
        }
    }

    /// Each side's points, home first, under this format's scheme.
    pub fn points(&self, score: FixtureScore) -> (u32, u32) {
        let (home_games, away_games) = self.games(score);
        self.points.points(home_games, away_games)
    }
}

#[cfg(test)]
pub(crate) mod tests;
