//! A championship's next round: which stage it belongs to, whether it may be paired yet, the
//! engine's pairing of it, and whether a round (as the organiser edited it) is one the event
//! document takes.

use fives_pairing::event::Event;
use fives_pairing::pair::{Outcome, pair};
use fives_pairing::standings::standings;

use super::event::{
    EntrantLine, RoundLine, Stage, TableLine, event_document, knockout_entrants, swiss_is_over,
};
use super::{ChampionshipFormat, Stages};

/// A stage's entrants and the rounds published in it, oldest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageState {
    pub stage: Stage,
    pub entrants: Vec<EntrantLine>,
    pub rounds: Vec<RoundLine>,
}

/// A round as the engine paired it, not yet published: tables of entrant ids in seat order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPreview {
    pub stage: Stage,
    /// From 1 within the stage.
    pub number: usize,
    pub tables: Vec<Vec<String>>,
    pub byes: Vec<String>,
    /// The knockout's entrants when this round starts it (after a Swiss), in seed order.
    pub starts_stage_with: Option<Vec<EntrantLine>>,
    /// Why the engine paired a Swiss round so: every measure of the specification for it, in
    /// words, one line each (`fives pair --explain`'s). Of the engine's round, edits or not.
    pub explanation: Option<String>,
}

/// Why no round can be paired now, in an organiser's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoRound {
    /// A table of the last round has no result yet.
    ResultsOutstanding { tables: Vec<usize> },
    /// The championship is over; the reason names the champion where there is one.
    Over(String),
    /// No pairing keeps the format's rules (every pairing would be a rematch, say).
    NoPairing(String),
    /// The entrants or rounds are not an event the engines can run.
    NotAnEvent(String),
}

impl std::fmt::Display for NoRound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoRound::ResultsOutstanding { tables } => {
                let list: Vec<String> = tables.iter().map(|t| t.to_string()).collect();
                write!(
                    f,
                    "The last round still waits for the result of table {}: the next round is \
                     paired from every result of the last.",
                    list.join(", ")
                )
            }
            NoRound::Over(reason) => write!(f, "The championship is over: {reason}."),
            NoRound::NoPairing(rule) => write!(f, "No pairing of the next round keeps {rule}."),
            NoRound::NotAnEvent(reason) => write!(f, "The round cannot be paired: {reason}."),
        }
    }
}

/// Pairs the next round of the championship whose current stage is `state`.
pub fn next_round(
    format: &ChampionshipFormat,
    state: &StageState,
) -> Result<RoundPreview, NoRound> {
    let double_elimination = matches!(format.stages, Stages::DoubleElimination { .. });
    if let Some(last) = state.rounds.last()
        && !double_elimination
    {
        let waiting: Vec<usize> = (1..)
            .zip(&last.tables)
            .filter(|(_, table)| table.outcome.is_none())
            .map(|(number, _)| number)
            .collect();
        if !waiting.is_empty() {
            return Err(NoRound::ResultsOutstanding { tables: waiting });
        }
    }
    if swiss_is_over(format, state.stage, state.rounds.len()) {
        let rounds = state.rounds.len();
        let Stages::SwissThenKnockout { top, .. } = format.stages else {
            return Err(NoRound::Over(format!(
                "all {rounds} rounds of the Swiss are played"
            )));
        };
        let swiss = event(format, state)?;
        let table = standings(&swiss).map_err(|error| NoRound::NotAnEvent(error.to_string()))?;
        let seeds = knockout_entrants(format, &state.entrants, &table);
        if seeds.len() < top as usize {
            return Err(NoRound::NotAnEvent(format!(
                "the knockout takes the Swiss's top {top}, and only {} are still in it",
                seeds.len()
            )));
        }
        let knockout = StageState {
            stage: Stage::KnockoutAfterSwiss,
            entrants: seeds.clone(),
            rounds: Vec::new(),
        };
        let mut preview = next_round(format, &knockout)?;
        preview.starts_stage_with = Some(seeds);
        return Ok(preview);
    }
    let current = event(format, state)?;
    match pair(&current).map_err(|error| NoRound::NotAnEvent(error.to_string()))? {
        Outcome::Paired(round) => {
            let id = |index: usize| current.entrants[index].id.clone();
            Ok(RoundPreview {
                stage: state.stage,
                number: round.number,
                tables: round
                    .tables
                    .iter()
                    .map(|table| table.seats.iter().copied().map(id).collect())
                    .collect(),
                byes: round.byes.iter().copied().map(id).collect(),
                starts_stage_with: None,
                explanation: fives_pairing::explain::explain(&current, &round)
                    .map(|measures| measures.text(&current, &round)),
            })
        }
        Outcome::Over(reason) => Err(NoRound::Over(reason)),
        Outcome::NoPairing(rule) => Err(NoRound::NoPairing(rule)),
    }
}

/// Whether `round` (the engine's, or as the organiser edited it) is one the stage's event
/// document takes after the rounds before it: tables of the sizes the format seats, nobody
/// twice, nobody withdrawn. Where it is not, the engine's refusal says why.
pub fn check_round(
    format: &ChampionshipFormat,
    state: &StageState,
    round: &RoundPreview,
) -> Result<(), String> {
    let (entrants, mut rounds) = match &round.starts_stage_with {
        Some(entrants) => (entrants.clone(), Vec::new()),
        None => (state.entrants.clone(), state.rounds.clone()),
    };
    rounds.push(RoundLine {
        tables: round
            .tables
            .iter()
            .map(|seats| TableLine {
                seats: seats.clone(),
                outcome: None,
            })
            .collect(),
        byes: round.byes.clone(),
        paired_before_corrections: Vec::new(),
        edited: false,
    });
    Event::from_spec(event_document(format, round.stage, &entrants, &rounds))
        .map(|_| ())
        .map_err(|error| error.to_string())
}

fn event(format: &ChampionshipFormat, state: &StageState) -> Result<Event, NoRound> {
    let document = event_document(format, state.stage, &state.entrants, &state.rounds);
    Event::from_spec(document).map_err(|error| NoRound::NotAnEvent(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::championship::FormatChoice;
    use crate::domain::championship::event::TableLine;
    use crate::domain::championship::table::{TableGame, table_outcome};

    fn format(stages: Stages) -> ChampionshipFormat {
        ChampionshipFormat::try_from(FormatChoice::plain(stages)).unwrap()
    }

    fn field(count: usize) -> Vec<EntrantLine> {
        (0..count)
            .map(|i| EntrantLine {
                id: format!("p{}", i + 1),
                rating: 1500 - i as i64,
                withdrawn_after: None,
            })
            .collect()
    }

    /// The round as published, every table won by its first seat when `played`.
    fn published(format: &ChampionshipFormat, preview: &RoundPreview, played: bool) -> RoundLine {
        let win = TableGame {
            winner: 0,
            side_points: vec![61, 20],
        };
        RoundLine {
            paired_before_corrections: Vec::new(),
            edited: false,
            tables: preview
                .tables
                .iter()
                .map(|seats| TableLine {
                    seats: seats.clone(),
                    outcome: played
                        .then(|| table_outcome(format, std::slice::from_ref(&win)).unwrap()),
                })
                .collect(),
            byes: preview.byes.clone(),
        }
    }

    #[test]
    fn a_round_waits_for_every_result_of_the_last() {
        let swiss = format(Stages::Swiss { rounds: 3 });
        let mut state = StageState {
            stage: Stage::Main,
            entrants: field(6),
            rounds: Vec::new(),
        };
        let first = next_round(&swiss, &state).unwrap();
        assert_eq!((first.number, first.tables.len()), (1, 3));
        let mut round = published(&swiss, &first, true);
        round.tables[1].outcome = None;
        state.rounds.push(round);
        let refused = next_round(&swiss, &state).unwrap_err();
        assert_eq!(refused, NoRound::ResultsOutstanding { tables: vec![2] });
        assert!(refused.to_string().contains("table 2"));
    }

    #[test]
    fn a_swiss_ends_after_its_rounds_and_its_top_go_on_to_the_knockout() {
        let swiss_alone = format(Stages::Swiss { rounds: 2 });
        let then_knockout = format(Stages::SwissThenKnockout {
            rounds: 2,
            top: 4,
            third_place: false,
        });
        let mut state = StageState {
            stage: Stage::Main,
            entrants: field(8),
            rounds: Vec::new(),
        };
        for _ in 0..2 {
            let preview = next_round(&then_knockout, &state).unwrap();
            assert_eq!(preview.stage, Stage::Main);
            state.rounds.push(published(&then_knockout, &preview, true));
        }
        assert!(matches!(
            next_round(&swiss_alone, &state),
            Err(NoRound::Over(reason)) if reason.contains("2 rounds")
        ));
        let knockout = next_round(&then_knockout, &state).unwrap();
        assert_eq!(
            (knockout.stage, knockout.number),
            (Stage::KnockoutAfterSwiss, 1)
        );
        let seeds = knockout.starts_stage_with.clone().unwrap();
        assert_eq!(seeds.len(), 4);
        // Seed 1 meets seed 4, seed 2 meets seed 3.
        assert_eq!(
            knockout.tables[0],
            [seeds[0].id.clone(), seeds[3].id.clone()]
        );
        assert_eq!(
            knockout.tables[1],
            [seeds[1].id.clone(), seeds[2].id.clone()]
        );
    }
}
