//! A championship's format: who enters, the stages it is run in, how many sit at a table, what
//! a table plays and how it scores, the bye, the tiebreaks and the seeding. Checked as a whole
//! into a [`ChampionshipFormat`], or refused with every problem in an organiser's words; the
//! pairing engines (`fives-pairing`) then run each stage from it.

use fives_pairing::document::Seeding;
use fives_pairing::event::Tiebreak;
use fives_pairing::number::Exact;

use super::match_format::{
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
    fn is_swiss_only(self) -> bool {
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
    fn problems(&self) -> Vec<FormatProblem> {
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
    fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
        }
    }
}

impl TryFrom<FormatChoice> for ChampionshipFormat {
    type Error = Vec<FormatProblem>;

    fn try_from(choice: FormatChoice) -> Result<Self, Self::Error> {
        let mut problems = Vec::new();
        problems.extend(stage_problems(choice.stages));
        problems.extend(seating_problems(&choice));
        problems.extend(table_play_problems(choice.table_play));
        if let TablePlay::BestOf(n) = choice.table_play
            && n % 2 == 0
            && choice.stages.has_knockout()
        {
            problems.push(FormatProblem::new(
                "table_games",
                format!(
                    "A knockout table needs a winner, and best of {n} can end level: play best \
                     of an odd number, or first to a number."
                ),
            ));
        }
        problems.extend(scoring_problems(&choice));
        if choice.bye_points > Points::whole(MAX_POINTS) {
            problems.push(FormatProblem::new(
                "bye_points",
                format!("A bye scores at most {MAX_POINTS} points."),
            ));
        }
        problems.extend(tiebreak_problems(&choice.tiebreaks));
        problems.extend(team_match_problems(&choice));
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Self {
            entrants: choice.entrants,
            team_match: choice.team_match,
            stages: choice.stages,
            seating: Seating {
                seats: choice.seats,
                partnerships: choice.partnerships,
            },
            table_play: choice.table_play,
            scoring: choice.scoring,
            bye_points: choice.bye_points,
            tiebreaks: choice.tiebreaks,
            seeding: choice.seeding,
        })
    }
}

fn stage_problems(stages: Stages) -> Vec<FormatProblem> {
    let mut problems = Vec::new();
    let rounds_problem = |rounds: u32| {
        (!(1..=MAX_SWISS_ROUNDS).contains(&rounds)).then(|| {
            FormatProblem::new(
                "rounds",
                format!(
                    "A Swiss has from 1 to {MAX_SWISS_ROUNDS} rounds; {rounds} were asked for."
                ),
            )
        })
    };
    match stages {
        Stages::Swiss { rounds } => problems.extend(rounds_problem(rounds)),
        Stages::SwissThenKnockout { rounds, top, .. } => {
            problems.extend(rounds_problem(rounds));
            if !KNOCKOUT_TOPS.contains(&top) {
                problems.push(FormatProblem::new(
                    "top",
                    format!("The knockout after a Swiss takes its top 4, 8 or 16, not {top}."),
                ));
            }
        }
        Stages::Groups { groups, advance } => {
            if !(2..=MAX_GROUPS).contains(&groups) {
                problems.push(FormatProblem::new(
                    "groups",
                    format!("There are from 2 to {MAX_GROUPS} groups; {groups} were asked for."),
                ));
            } else if advance == 0 || !(groups * advance).is_power_of_two() {
                problems.push(FormatProblem::new(
                    "advance",
                    format!(
                        "The play-off takes the same number from each group, and {groups} groups \
                         times {advance} must make a knockout of 2, 4, 8, 16 … entrants."
                    ),
                ));
            }
        }
        Stages::RoundRobin | Stages::Knockout { .. } | Stages::DoubleElimination { .. } => {}
    }
    problems
}

fn seating_problems(choice: &FormatChoice) -> Vec<FormatProblem> {
    let mut problems = Vec::new();
    if !(2..=4).contains(&choice.seats) {
        problems.push(FormatProblem::new(
            "seats",
            format!("A table seats 2, 3 or 4 entrants, not {}.", choice.seats),
        ));
        return problems;
    }
    if choice.partnerships && choice.seats != 4 {
        problems.push(FormatProblem::new(
            "partnerships",
            "Partnerships need four at a table: seats 1 and 3 against seats 2 and 4.",
        ));
    }
    if choice.seats > 2 && !choice.stages.is_swiss_only() {
        problems.push(FormatProblem::new(
            "seats",
            "Only a Swiss seats three or four entrants at a table; knockouts, round robins and \
             groups are played two at a table.",
        ));
    }
    if choice.seats > 2 && choice.entrants != EntrantKind::Players {
        problems.push(FormatProblem::new(
            "seats",
            "Pairs and teams meet two at a table: a pair's two players already fill a table of \
             four.",
        ));
    }
    problems
}

/// A team event plays team matches, and only a team event does: one match a table, which a
/// knockout needs to end with a winner.
fn team_match_problems(choice: &FormatChoice) -> Vec<FormatProblem> {
    let Some(team_match) = &choice.team_match else {
        return if choice.entrants == EntrantKind::Teams {
            vec![FormatProblem::new(
                "team_match",
                "A team event's tables are team matches: give the match's legs of singles and \
                 pairs games.",
            )]
        } else {
            Vec::new()
        };
    };
    if choice.entrants != EntrantKind::Teams {
        return vec![FormatProblem::new(
            "team_match",
            "Only teams play team matches; players and pairs play the table's games.",
        )];
    }
    let mut problems = team_match.problems();
    if choice.table_play != TablePlay::OneGame {
        problems.push(FormatProblem::new(
            "table_games",
            "A team event's table is one team match: its games are the match's legs.",
        ));
    }
    let games = team_match.games();
    if problems.is_empty() && games % 2 == 0 && choice.stages.has_knockout() {
        problems.push(FormatProblem::new(
            "team_match",
            format!(
                "A knockout team match needs a winner, and {games} games can end level: give \
                 the match an odd number of games."
            ),
        ));
    }
    problems
}

fn table_play_problems(play: TablePlay) -> Vec<FormatProblem> {
    match play {
        TablePlay::OneGame => Vec::new(),
        TablePlay::BestOf(n) | TablePlay::FirstTo(n) if (1..=MAX_TABLE_GAMES).contains(&n) => {
            Vec::new()
        }
        TablePlay::BestOf(n) | TablePlay::FirstTo(n) => vec![FormatProblem::new(
            "table_games",
            format!("A table plays from 1 to {MAX_TABLE_GAMES} games; {n} were asked for."),
        )],
    }
}

fn scoring_problems(choice: &FormatChoice) -> Vec<FormatProblem> {
    let sides = if choice.partnerships { 2 } else { choice.seats };
    let too_many = |points: &Points| *points > Points::whole(MAX_POINTS);
    let mut problems = Vec::new();
    match &choice.scoring {
        TableScoring::WinDrawLoss { win, draw, loss } => {
            if sides != 2 {
                problems.push(FormatProblem::new(
                    "scoring",
                    format!(
                        "At a table of {sides} each for themselves, points go by place \
                         (first, second …), not by win, draw and loss."
                    ),
                ));
            }
            if [win, draw, loss].into_iter().any(too_many) {
                problems.push(FormatProblem::new(
                    "scoring",
                    format!("A table gives at most {MAX_POINTS} points."),
                ));
            } else if !(win >= draw && draw >= loss) || win == loss {
                problems.push(FormatProblem::new(
                    "scoring",
                    "A win must score more than a loss, and a draw no more than a win and no \
                     less than a loss.",
                ));
            }
        }
        TableScoring::ByPlace(places) => {
            if places.len() != sides as usize {
                problems.push(FormatProblem::new(
                    "scoring",
                    format!(
                        "Points by place need one number for each of the {sides} places at a \
                         table; {} were given.",
                        places.len()
                    ),
                ));
            }
            if places.iter().any(too_many) {
                problems.push(FormatProblem::new(
                    "scoring",
                    format!("A place gives at most {MAX_POINTS} points."),
                ));
            } else if places.windows(2).any(|pair| pair[0] < pair[1])
                || places.first() == places.last()
            {
                problems.push(FormatProblem::new(
                    "scoring",
                    "Each place must score no more than the one above it, and first more than \
                     last.",
                ));
            }
        }
    }
    problems
}

fn tiebreak_problems(tiebreaks: &[Tiebreak]) -> Vec<FormatProblem> {
    let mut problems = Vec::new();
    if tiebreaks.len() > MAX_TIEBREAKS {
        problems.push(FormatProblem::new(
            "tiebreaks",
            format!("At most {MAX_TIEBREAKS} tiebreaks, one of each kind."),
        ));
    }
    for (index, tiebreak) in tiebreaks.iter().enumerate() {
        if tiebreaks[..index].contains(tiebreak) {
            problems.push(FormatProblem::new(
                "tiebreaks",
                format!("{} is in the order twice.", tiebreak_words(*tiebreak)),
            ));
        }
    }
    problems
}

/// A format as JSON, the shape the store keeps and the API takes:
/// `{"entrants": "players", "stages": {"kind": "swiss", "rounds": 5}, "seats": 2,
/// "partnerships": false, "table_play": {"kind": "best-of", "games": 3}, "scoring": {"win": 1,
/// "draw": 0.5, "loss": 0}, "bye_points": 1, "tiebreaks": ["buchholz-cut-1"], "seeding": "rating"}`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatDocument {
    pub entrants: EntrantKind,
    /// A team event's match: `{"legs": [{"kind": "singles", "games": 6, "target": 61}],
    /// "player_limits": {"singles_per_player": 1, "pairs_per_player": 1}}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_match: Option<TeamMatch>,
    pub stages: Stages,
    pub seats: u32,
    #[serde(default)]
    pub partnerships: bool,
    pub table_play: TablePlayDocument,
    pub scoring: ScoringDocument,
    pub bye_points: f64,
    pub tiebreaks: Vec<String>,
    pub seeding: SeedingDocument,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum TablePlayDocument {
    OneGame,
    BestOf { games: u32 },
    FirstTo { games: u32 },
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum ScoringDocument {
    WinDrawLoss { win: f64, draw: f64, loss: f64 },
    ByPlace { by_place: Vec<f64> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeedingDocument {
    Rating,
    Entry,
}

/// Points written as a number: a whole number of halves from 0 to [`MAX_POINTS`].
fn points_of(field: &'static str, number: f64) -> Result<Points, FormatProblem> {
    let halves = number * 2.0;
    if halves.fract() != 0.0 || !(0.0..=f64::from(MAX_POINTS * 2)).contains(&halves) {
        return Err(FormatProblem::new(
            field,
            format!("Points are whole or half points from 0 to {MAX_POINTS}, not {number}."),
        ));
    }
    Ok(Points::halves(halves as u32))
}

fn number_of(points: Points) -> f64 {
    f64::from(points.halves) / 2.0
}

impl TryFrom<FormatDocument> for ChampionshipFormat {
    type Error = Vec<FormatProblem>;

    fn try_from(document: FormatDocument) -> Result<Self, Self::Error> {
        let mut problems = Vec::new();
        let mut points = |field, number| {
            points_of(field, number)
                .map_err(|problem| problems.push(problem))
                .unwrap_or(Points::whole(0))
        };
        let scoring = match document.scoring {
            ScoringDocument::WinDrawLoss { win, draw, loss } => TableScoring::WinDrawLoss {
                win: points("scoring", win),
                draw: points("scoring", draw),
                loss: points("scoring", loss),
            },
            ScoringDocument::ByPlace { by_place } => {
                TableScoring::ByPlace(by_place.into_iter().map(|p| points("scoring", p)).collect())
            }
        };
        let bye_points = points("bye_points", document.bye_points);
        let mut tiebreaks = Vec::new();
        for name in &document.tiebreaks {
            match Tiebreak::from_name(name) {
                Some(tiebreak) => tiebreaks.push(tiebreak),
                None => problems.push(FormatProblem::new(
                    "tiebreaks",
                    format!("{name:?} is not a tiebreak this service knows."),
                )),
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        ChampionshipFormat::try_from(FormatChoice {
            entrants: document.entrants,
            team_match: document.team_match,
            stages: document.stages,
            seats: document.seats,
            partnerships: document.partnerships,
            table_play: match document.table_play {
                TablePlayDocument::OneGame => TablePlay::OneGame,
                TablePlayDocument::BestOf { games } => TablePlay::BestOf(games),
                TablePlayDocument::FirstTo { games } => TablePlay::FirstTo(games),
            },
            scoring,
            bye_points,
            tiebreaks,
            seeding: match document.seeding {
                SeedingDocument::Rating => Seeding::Rating,
                SeedingDocument::Entry => Seeding::Entry,
            },
        })
    }
}

impl From<&ChampionshipFormat> for FormatDocument {
    fn from(format: &ChampionshipFormat) -> Self {
        Self {
            entrants: format.entrants,
            team_match: format.team_match.clone(),
            stages: format.stages,
            seats: format.seating.seats,
            partnerships: format.seating.partnerships,
            table_play: match format.table_play {
                TablePlay::OneGame => TablePlayDocument::OneGame,
                TablePlay::BestOf(games) => TablePlayDocument::BestOf { games },
                TablePlay::FirstTo(games) => TablePlayDocument::FirstTo { games },
            },
            scoring: match &format.scoring {
                TableScoring::WinDrawLoss { win, draw, loss } => ScoringDocument::WinDrawLoss {
                    win: number_of(*win),
                    draw: number_of(*draw),
                    loss: number_of(*loss),
                },
                TableScoring::ByPlace(places) => ScoringDocument::ByPlace {
                    by_place: places.iter().copied().map(number_of).collect(),
                },
            },
            bye_points: number_of(format.bye_points),
            tiebreaks: format
                .tiebreaks
                .iter()
                .map(|t| t.name().to_string())
                .collect(),
            seeding: match format.seeding {
                Seeding::Rating => SeedingDocument::Rating,
                Seeding::Entry => SeedingDocument::Entry,
            },
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
pub(crate) mod tests {
    use super::*;

    fn singles_swiss() -> FormatChoice {
        FormatChoice {
            table_play: TablePlay::BestOf(3),
            ..FormatChoice::plain(Stages::Swiss { rounds: 5 })
        }
    }

    fn fields(choice: FormatChoice) -> Vec<&'static str> {
        match ChampionshipFormat::try_from(choice) {
            Ok(_) => Vec::new(),
            Err(problems) => problems.into_iter().map(|p| p.field).collect(),
        }
    }

    #[test]
    fn a_singles_swiss_and_a_four_seat_partnership_swiss_are_formats() {
        assert!(ChampionshipFormat::try_from(singles_swiss()).is_ok());
        let partnerships = FormatChoice {
            seats: 4,
            partnerships: true,
            ..singles_swiss()
        };
        let format = ChampionshipFormat::try_from(partnerships).unwrap();
        assert_eq!(format.seating.sides(), 2);
        assert_eq!(
            (0..4)
                .map(|seat| format.seating.side_of(seat))
                .collect::<Vec<_>>(),
            [0, 1, 0, 1]
        );
    }

    /// Six singles and three pairs to 61, each player at most once of each kind.
    pub(crate) fn six_singles_three_pairs() -> TeamMatch {
        use crate::domain::match_format::LegKind;
        TeamMatch {
            legs: vec![
                Leg {
                    kind: LegKind::Singles,
                    games: 6,
                    target: 61,
                },
                Leg {
                    kind: LegKind::Pairs,
                    games: 3,
                    target: 61,
                },
            ],
            player_limits: PlayerLimits::default(),
        }
    }

    #[test]
    fn teams_and_only_teams_play_a_team_match_which_a_knockout_needs_odd() {
        let team_cup = FormatChoice {
            entrants: EntrantKind::Teams,
            team_match: Some(six_singles_three_pairs()),
            ..FormatChoice::plain(Stages::Groups {
                groups: 2,
                advance: 2,
            })
        };
        let format = ChampionshipFormat::try_from(team_cup.clone()).unwrap();
        assert_eq!(format.team_match.as_ref().map(TeamMatch::games), Some(9));
        // Its document keeps the match, and reads back to the same format.
        let document = FormatDocument::from(&format);
        let json = serde_json::to_string(&document).unwrap();
        assert!(
            json.contains(r#""team_match":{"legs":[{"kind":"singles""#),
            "{json}"
        );
        let read: FormatDocument = serde_json::from_str(&json).unwrap();
        assert_eq!(ChampionshipFormat::try_from(read).unwrap(), format);
        // A players' format says nothing of a team match.
        let players = FormatDocument::from(&ChampionshipFormat::try_from(singles_swiss()).unwrap());
        assert!(
            !serde_json::to_string(&players)
                .unwrap()
                .contains("team_match")
        );

        assert_eq!(
            fields(FormatChoice {
                team_match: None,
                ..team_cup.clone()
            }),
            ["team_match"]
        );
        assert_eq!(
            fields(FormatChoice {
                entrants: EntrantKind::Players,
                ..team_cup.clone()
            }),
            ["team_match"]
        );
        assert_eq!(
            fields(FormatChoice {
                table_play: TablePlay::BestOf(3),
                ..team_cup.clone()
            }),
            ["table_games"]
        );
        let mut eight = six_singles_three_pairs();
        eight.legs[1].games = 2;
        let refused = ChampionshipFormat::try_from(FormatChoice {
            team_match: Some(eight.clone()),
            ..team_cup.clone()
        })
        .unwrap_err();
        assert!(
            refused[0].message.contains("8 games can end level"),
            "{refused:?}"
        );
        // A Swiss of team matches may end level: a draw scores as one.
        assert!(
            ChampionshipFormat::try_from(FormatChoice {
                team_match: Some(eight),
                stages: Stages::Swiss { rounds: 4 },
                ..team_cup.clone()
            })
            .is_ok()
        );
        let mut no_games = six_singles_three_pairs();
        no_games.legs[0].games = 0;
        no_games.legs[1].target = 100;
        let refused = ChampionshipFormat::try_from(FormatChoice {
            team_match: Some(no_games),
            ..team_cup
        })
        .unwrap_err();
        assert_eq!(refused.len(), 2, "{refused:?}");
        assert!(
            refused
                .iter()
                .all(|p| p.message.starts_with("The team match: "))
        );
    }

    #[test]
    fn three_at_a_table_score_by_place_and_only_in_a_swiss() {
        let three = FormatChoice {
            seats: 3,
            scoring: TableScoring::ByPlace(vec![
                Points::whole(2),
                Points::whole(1),
                Points::whole(0),
            ]),
            ..singles_swiss()
        };
        assert!(ChampionshipFormat::try_from(three.clone()).is_ok());
        assert_eq!(
            fields(FormatChoice {
                scoring: singles_swiss().scoring,
                ..three.clone()
            }),
            ["scoring"]
        );
        assert_eq!(
            fields(FormatChoice {
                stages: Stages::Knockout { third_place: false },
                ..three.clone()
            }),
            ["seats"]
        );
        assert_eq!(
            fields(FormatChoice {
                scoring: TableScoring::ByPlace(vec![
                    Points::whole(1),
                    Points::whole(2),
                    Points::whole(0)
                ]),
                ..three
            }),
            ["scoring"]
        );
    }

    #[test]
    fn every_problem_is_named_at_once() {
        let wrong = FormatChoice {
            stages: Stages::SwissThenKnockout {
                rounds: 0,
                top: 6,
                third_place: false,
            },
            seats: 3,
            partnerships: true,
            table_play: TablePlay::FirstTo(MAX_TABLE_GAMES + 1),
            bye_points: Points::whole(MAX_POINTS + 1),
            tiebreaks: vec![Tiebreak::Wins, Tiebreak::Wins],
            ..singles_swiss()
        };
        let problems = ChampionshipFormat::try_from(wrong).unwrap_err();
        let fields: Vec<_> = problems.iter().map(|p| p.field).collect();
        assert_eq!(
            fields,
            [
                "rounds",
                "top",
                "partnerships",
                "seats",
                "table_games",
                "bye_points",
                "tiebreaks"
            ]
        );
        assert!(problems[0].message.contains(&MAX_SWISS_ROUNDS.to_string()));
        assert_eq!(problems[6].message, "Tables won is in the order twice.");
    }

    #[test]
    fn groups_feed_a_knockout_of_a_power_of_two() {
        let groups = |groups, advance| FormatChoice {
            stages: Stages::Groups { groups, advance },
            ..singles_swiss()
        };
        assert!(fields(groups(4, 2)).is_empty());
        assert!(fields(groups(3, 2)) == ["advance"]);
        assert!(fields(groups(2, 0)) == ["advance"]);
        assert!(fields(groups(1, 2)) == ["groups"]);
    }

    #[test]
    fn a_knockout_table_cannot_end_level() {
        let knockout = |table_play| FormatChoice {
            stages: Stages::Knockout { third_place: true },
            table_play,
            ..singles_swiss()
        };
        assert_eq!(fields(knockout(TablePlay::BestOf(2))), ["table_games"]);
        assert!(fields(knockout(TablePlay::BestOf(3))).is_empty());
        assert!(fields(knockout(TablePlay::FirstTo(2))).is_empty());
        // A Swiss table may end level: it is a draw.
        assert!(
            fields(FormatChoice {
                table_play: TablePlay::BestOf(2),
                ..singles_swiss()
            })
            .is_empty()
        );
    }

    #[test]
    fn a_format_goes_to_json_and_back_and_json_is_checked_as_a_form_is() {
        let four = ChampionshipFormat::try_from(FormatChoice {
            seats: 4,
            partnerships: true,
            stages: Stages::Swiss { rounds: 5 },
            ..singles_swiss()
        })
        .unwrap();
        let json = serde_json::to_string(&FormatDocument::from(&four)).unwrap();
        let read: FormatDocument = serde_json::from_str(&json).unwrap();
        assert_eq!(ChampionshipFormat::try_from(read).unwrap(), four);
        assert!(json.contains(r#""draw":0.5"#), "{json}");

        let written = r#"{"entrants": "players", "stages": {"kind": "swiss", "rounds": 5},
            "seats": 3, "table_play": {"kind": "one-game"}, "scoring": {"by_place": [3, 1, 0.25]},
            "bye_points": 1, "tiebreaks": ["wins", "luck"], "seeding": "entry"}"#;
        let problems =
            ChampionshipFormat::try_from(serde_json::from_str::<FormatDocument>(written).unwrap())
                .unwrap_err();
        let messages: Vec<_> = problems.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "Points are whole or half points from 0 to 20, not 0.25.",
                "\"luck\" is not a tiebreak this service knows."
            ]
        );
        let unknown = r#"{"entrants": "players", "stages": {"kind": "swiss", "rounds": 5, "x": 1},
            "seats": 2, "table_play": {"kind": "one-game"}, "scoring": {"win": 1, "draw": 0, "loss": 0},
            "bye_points": 1, "tiebreaks": [], "seeding": "entry"}"#;
        assert!(serde_json::from_str::<FormatDocument>(unknown).is_err());
    }

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
}
