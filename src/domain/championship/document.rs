//! A format as JSON, the shape the store keeps and the API takes, read back through the same
//! checks as the organiser's form.

use fives_pairing::document::Seeding;
use fives_pairing::event::Tiebreak;

use super::format::*;
use crate::domain::entry_level::EntryLevel;

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
    /// What a table's result gives of each game: `final` (its final score), `hands` (every
    /// hand's score, the default) or `pegs` (every hand's pegs); more is always accepted.
    #[serde(default)]
    pub entry_level: EntryLevel,
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
    f64::from(points.in_halves()) / 2.0
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
            entry_level: document.entry_level,
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
            entry_level: format.entry_level,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::championship::check::tests::singles_swiss;

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
}
