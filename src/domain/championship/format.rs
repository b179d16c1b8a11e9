//! A championship's format: who enters, the stages it is run in, how many sit at a table, what
//! a table plays and how it scores, the bye, the tiebreaks and the seeding. Checked as a whole
//! into a [`ChampionshipFormat`], or refused with every problem in an organiser's words; the
//! pairing engines (`fives-pairing`) then run each stage from it.

use fives_pairing::document::Seeding;
use fives_pairing::event::Tiebreak;
use fives_pairing::number::Exact;

use crate::domain::entry_level::EntryLevel;
use crate::domain::match_format::{
    Leg, MatchFormat, MatchFormatError, PlayerLimits, PointsScheme, WalkoverScore,
};

/// The most rounds a Swiss stage may have: more than any day's play, far less than the engine
/// could pair.
pub const MAX_SWISS_ROUNDS: u32 = 30;
/// The most groups a groups stage may have.
pub const MAX_GROUPS: u32 = 64;
/// The most games a table may play (best of, or first to, so many).
pub const MAX_TABLE_GAMES: u32 = 15;
/// The most points a table, a place or a bye may give, in whole points.
pub const MAX_POINTS: u32 = 20;
/// The most tiebreaks in an order.
pub const MAX_TIEBREAKS: usize = 9;
/// The knockout sizes a Swiss may feed.
pub const KNOCKOUT_TOPS: [u32; 3] = [4, 8, 16];

/// Who enters: each entrant takes one seat of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntrantKind {
    Players,
    /// Two players who sit as partners, against another pair, at a table of four.
    Pairs,
    /// Teams of the organisation's leagues.
    Teams,
}

/// The stages a championship is run in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Stages {
    Swiss {
        rounds: u32,
    },
    RoundRobin,
    /// Round robins in groups, then a knockout of the first `advance` of each.
    Groups {
        groups: u32,
        advance: u32,
    },
    Knockout {
        third_place: bool,
    },
    DoubleElimination {
        grand_final_reset: bool,
    },
    /// A Swiss, then a knockout of its `top` entrants, seeded by their Swiss standing.
    SwissThenKnockout {
        rounds: u32,
        top: u32,
        third_place: bool,
    },
}

impl Stages {
    /// Whether every stage is a Swiss, the one format that seats three or four entrants.
    pub(super) fn is_swiss_only(self) -> bool {
        matches!(self, Stages::Swiss { .. })
    }

    /// Whether an entrant may still join once `stage` has published rounds: only a Swiss
    /// pairs each round afresh (a late entrant starts on no points, like one who had no
    /// table); a bracket, a round robin and groups are drawn from their entrants at round 1.
    pub fn takes_late_entries(self, knockout_started: bool) -> bool {
        matches!(
            self,
            Stages::Swiss { .. } | Stages::SwissThenKnockout { .. }
        ) && !knockout_started
    }

    /// Whether a stage is a knockout, where every table needs a winner.
    pub fn has_knockout(self) -> bool {
        matches!(
            self,
            Stages::Groups { .. }
                | Stages::Knockout { .. }
                | Stages::DoubleElimination { .. }
                | Stages::SwissThenKnockout { .. }
        )
    }
}

/// How many entrants sit at a table, and whether those in seats 1 and 3 are partners against
/// seats 2 and 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seating {
    pub seats: u32,
    pub partnerships: bool,
}

impl Seating {
    /// The sides a table's games are played between: a seat each, or two partnerships.
    pub fn sides(self) -> u32 {
        if self.partnerships { 2 } else { self.seats }
    }

    /// The side of a seat (both counted from 0).
    pub fn side_of(self, seat: usize) -> usize {
        if self.partnerships { seat % 2 } else { seat }
    }

    /// A table's seats grouped by side, in side order: partners together, the first seat's
    /// side first. A table of fewer seats than the format's has a side a seat.
    pub fn by_side<T>(self, seats: &[T]) -> Vec<Vec<&T>> {
        let partnered = self.partnerships && seats.len() == 4;
        let sides = if partnered { 2 } else { seats.len() };
        let mut grouped: Vec<Vec<&T>> = (0..sides).map(|_| Vec::new()).collect();
        for (seat, entrant) in seats.iter().enumerate() {
            grouped[if partnered { seat % 2 } else { seat }].push(entrant);
        }
        grouped
    }
}

/// What a table plays before it has a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TablePlay {
    OneGame,
    /// Up to `n` games, over once a side has won more than half of them.
    BestOf(u32),
    /// Games until a side has won `n`.
    FirstTo(u32),
}

impl TablePlay {
    /// The most games a table of `sides` sides can play before it is over: every game has a
    /// winner, so first to `n` is over once some side has won `n`, at the latest after each
    /// side has won `n - 1` and one more.
    pub fn most_games(self, sides: u32) -> u32 {
        match self {
            TablePlay::OneGame => 1,
            TablePlay::BestOf(n) => n,
            TablePlay::FirstTo(n) => sides * (n - 1) + 1,
        }
    }

    /// Whether a table of `sides` sides can end level, so that its scoring's draw is ever
    /// given: every game has a winner, so only two sides playing a set number of games that is
    /// even can share them (1–1 in a best of 2); one game, first to a number and best of an
    /// odd number always end with a winner, and three or four each for themselves are placed.
    pub fn can_draw(self, sides: u32) -> bool {
        sides == 2 && matches!(self, TablePlay::BestOf(n) if n % 2 == 0)
    }
}

/// Whether a table can be drawn: a team match when its games are even, otherwise as its table
/// play allows at its sides.
fn tables_can_draw(team_match: Option<&TeamMatch>, table_play: TablePlay, sides: u32) -> bool {
    match team_match {
        Some(team_match) => team_match.games() % 2 == 0,
        None => table_play.can_draw(sides),
    }
}

/// Match points, in halves so that a draw's half point is exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Points {
    halves: u32,
}

impl Points {
    pub const fn whole(points: u32) -> Self {
        Self { halves: points * 2 }
    }

    pub const fn halves(halves: u32) -> Self {
        Self { halves }
    }

    /// The points counted in halves, as they are kept.
    pub const fn in_halves(self) -> u32 {
        self.halves
    }

    pub fn exact(self) -> Exact {
        Exact::ratio(i128::from(self.halves), 2)
    }
}

impl std::fmt::Display for Points {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.halves / 2, self.halves % 2) {
            (0, 1) => f.write_str("½"),
            (whole, 1) => write!(f, "{whole}½"),
            (whole, _) => write!(f, "{whole}"),
        }
    }
}

/// What a table's result gives each seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableScoring {
    /// For two sides: the winner, each side of a draw, the loser.
    WinDrawLoss {
        win: Points,
        draw: Points,
        loss: Points,
    },
    /// For three or four entrants each for themselves: the points of first place, second …
    ByPlace(Vec<Points>),
}

/// What a team event's table plays: a team match of legs of singles and pairs games, each
/// player within the limits, as a league's fixture, the players named from each team's squad.
/// The championship's own scoring turns the games each team won into the table's points.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamMatch {
    pub legs: Vec<Leg>,
    #[serde(default)]
    pub player_limits: PlayerLimits,
}

impl TeamMatch {
    /// The league match format whose checks the games go through: its legs and player
    /// limits. A league's points and walkover have no say in a championship, so they are
    /// plain ones (a point a game; a walkover all the games).
    pub fn match_format(&self) -> MatchFormat {
        let mut format = MatchFormat {
            legs: self.legs.clone(),
            player_limits: self.player_limits,
            points: PointsScheme {
                per_game_won: 1,
                per_match_won: 0,
                per_match_drawn: 0,
                losing_bonus: None,
            },
            walkover: WalkoverScore {
                winner_games: 0,
                loser_games: 0,
            },
        };
        format.walkover.winner_games = format.games_per_fixture();
        format
    }

    /// The games a match has, over its legs.
    pub fn games(&self) -> u32 {
        self.match_format().games_per_fixture()
    }

    /// Why the legs and limits cannot make a match, in an organiser's words.
    pub(super) fn problems(&self) -> Vec<FormatProblem> {
        self.match_format()
            .problems()
            .into_iter()
            .filter(|problem| {
                matches!(
                    problem,
                    MatchFormatError::NoLegs
                        | MatchFormatError::TooManyLegs { .. }
                        | MatchFormatError::NoGames { .. }
                        | MatchFormatError::TooManyGames { .. }
                        | MatchFormatError::NoTarget { .. }
                        | MatchFormatError::UnknownTarget { .. }
                        | MatchFormatError::TooManyGamesPerPlayer { .. }
                        | MatchFormatError::KindNotAllowed { .. }
                )
            })
            .map(|problem| FormatProblem::new("team_match", format!("The team match: {problem}")))
            .collect()
    }
}

/// A championship's format, every rule between its parts kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChampionshipFormat {
    pub entrants: EntrantKind,
    /// A team event's match; `None` for players and pairs.
    pub team_match: Option<TeamMatch>,
    pub stages: Stages,
    pub seating: Seating,
    pub table_play: TablePlay,
    pub scoring: TableScoring,
    pub bye_points: Points,
    pub tiebreaks: Vec<Tiebreak>,
    pub seeding: Seeding,
    /// How much a table's result gives of each game: its final score, every hand's score, or
    /// every hand's pegs.
    pub entry_level: EntryLevel,
}

impl ChampionshipFormat {
    /// Whether a table of this format can be drawn: where it cannot, its scoring's draw is
    /// never given, and it is not spoken of.
    pub fn can_draw(&self) -> bool {
        tables_can_draw(
            self.team_match.as_ref(),
            self.table_play,
            self.seating.sides(),
        )
    }
}

/// The format as an organiser gives it, before it is checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatChoice {
    pub entrants: EntrantKind,
    pub team_match: Option<TeamMatch>,
    pub stages: Stages,
    pub seats: u32,
    pub partnerships: bool,
    pub table_play: TablePlay,
    pub scoring: TableScoring,
    pub bye_points: Points,
    pub tiebreaks: Vec<Tiebreak>,
    pub seeding: Seeding,
    pub entry_level: EntryLevel,
}

impl TableScoring {
    /// A win 1, a draw ½, a loss 0: how most events score a table of two sides.
    pub fn one_half_nothing() -> Self {
        TableScoring::WinDrawLoss {
            win: Points::whole(1),
            draw: Points::halves(1),
            loss: Points::whole(0),
        }
    }
}

impl FormatChoice {
    /// Whether a table of the format chosen can be drawn, as [`ChampionshipFormat::can_draw`].
    pub fn can_draw(&self) -> bool {
        let seating = Seating {
            seats: self.seats,
            partnerships: self.partnerships,
        };
        tables_can_draw(self.team_match.as_ref(), self.table_play, seating.sides())
    }

    /// The plainest format of `stages` for players, and the form's starting point: two at a
    /// table playing one game, scored 1, ½ and 0, a bye worth a win, the usual tiebreaks,
    /// seeded by rating.
    pub fn plain(stages: Stages) -> Self {
        Self {
            entrants: EntrantKind::Players,
            team_match: None,
            stages,
            seats: 2,
            partnerships: false,
            table_play: TablePlay::OneGame,
            scoring: TableScoring::one_half_nothing(),
            bye_points: Points::whole(1),
            tiebreaks: Tiebreak::DEFAULT.to_vec(),
            seeding: Seeding::Rating,
            entry_level: EntryLevel::Hands,
        }
    }
}

/// One reason a format is refused, with the part of the form it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatProblem {
    pub field: &'static str,
    pub message: String,
}

impl FormatProblem {
    pub(super) fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
        }
    }
}

/// A tiebreak as an organiser would name it.
pub fn tiebreak_words(tiebreak: Tiebreak) -> &'static str {
    match tiebreak {
        Tiebreak::Buchholz => "Buchholz",
        Tiebreak::BuchholzCut1 => "Buchholz less the lowest",
        Tiebreak::MedianBuchholz => "Median Buchholz",
        Tiebreak::SonnebornBerger => "Sonneborn-Berger",
        Tiebreak::Wins => "Tables won",
        Tiebreak::GamePoints => "Game points",
        Tiebreak::GamePointDifference => "Game point difference",
        Tiebreak::HeadToHead => "Head to head",
        Tiebreak::AverageRatingOfOpponents => "Opponents' average rating",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_written_with_their_half() {
        assert_eq!(Points::halves(1).to_string(), "½");
        assert_eq!(Points::halves(5).to_string(), "2½");
        assert_eq!(Points::whole(3).to_string(), "3");
        assert_eq!(Points::halves(3).exact(), Exact::ratio(3, 2));
    }

    #[test]
    fn the_most_games_a_table_plays_follow_from_what_it_plays() {
        assert_eq!(TablePlay::OneGame.most_games(2), 1);
        assert_eq!(TablePlay::BestOf(5).most_games(2), 5);
        // First to 3 at two sides: 2-2 then the decider.
        assert_eq!(TablePlay::FirstTo(3).most_games(2), 5);
        // First to 2 at three seats: each wins one, then the fourth decides.
        assert_eq!(TablePlay::FirstTo(2).most_games(3), 4);
    }

    #[test]
    fn a_table_can_be_drawn_exactly_where_its_result_can_be_level() {
        use crate::domain::championship::table::{TableGame, table_outcome};
        let plays = std::iter::once(TablePlay::OneGame).chain(
            (1..=MAX_TABLE_GAMES).flat_map(|n| [TablePlay::BestOf(n), TablePlay::FirstTo(n)]),
        );
        for play in plays {
            let format = ChampionshipFormat::try_from(FormatChoice {
                table_play: play,
                ..FormatChoice::plain(Stages::Swiss { rounds: 3 })
            })
            .unwrap();
            // Games won in turn by each side are the way to a level table, if there is one.
            let level = (1..=play.most_games(2)).any(|played| {
                let games: Vec<TableGame> = (0..played as usize)
                    .map(|game| TableGame {
                        winner: game % 2,
                        side_points: vec![61, 61],
                    })
                    .collect();
                table_outcome(&format, &games)
                    .is_ok_and(|outcome| outcome.points[0] == outcome.points[1])
            });
            assert_eq!(play.can_draw(2), level, "{play:?}");
            assert_eq!(format.can_draw(), level, "{play:?}");
        }
        assert!(!TablePlay::BestOf(2).can_draw(3));
    }
}
