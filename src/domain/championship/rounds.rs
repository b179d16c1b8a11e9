//! A championship's next round: which stage it belongs to, whether it may be paired yet, the
//! engine's pairing of it, and an organiser's swap of two entrants in it before it is
//! published, with a warning for each rule the swap breaks.

use std::collections::HashSet;

use fives_pairing::event::Event;
use fives_pairing::pair::{Outcome, pair};
use fives_pairing::standings::standings;

use super::event::{
    EntrantLine, RoundLine, Stage, event_document, knockout_entrants, swiss_is_over,
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
            })
        }
        Outcome::Over(reason) => Err(NoRound::Over(reason)),
        Outcome::NoPairing(rule) => Err(NoRound::NoPairing(rule)),
    }
}

fn event(format: &ChampionshipFormat, state: &StageState) -> Result<Event, NoRound> {
    let document = event_document(format, state.stage, &state.entrants, &state.rounds);
    Event::from_spec(document).map_err(|error| NoRound::NotAnEvent(error.to_string()))
}

/// What a swap of two entrants in a preview breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SwapWarning {
    /// Two entrants now at one table have sat at a table together before.
    Rematch { first: String, second: String },
    /// An entrant now has a bye who has had one before.
    SecondBye { entrant: String },
}

impl std::fmt::Display for SwapWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SwapWarning::Rematch { first, second } => write!(
                f,
                "{first} and {second} have met before: this makes a rematch, which the pairing \
                 avoided."
            ),
            SwapWarning::SecondBye { entrant } => write!(
                f,
                "{entrant} has had a bye before: this gives a second one, which the pairing \
                 avoided."
            ),
        }
    }
}

/// Why a swap cannot be made at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SwapRefusal {
    NotInRound(String),
    SameEntrant,
    /// A knockout's bracket is its seeding: a swap there would move entrants across it.
    Bracket,
}

impl std::fmt::Display for SwapRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SwapRefusal::NotInRound(id) => write!(f, "{id} is not in this round."),
            SwapRefusal::SameEntrant => f.write_str("Choose two different entrants to swap."),
            SwapRefusal::Bracket => f.write_str(
                "A knockout's tables follow its bracket; change the seeds before the first \
                 round instead.",
            ),
        }
    }
}

/// Swaps two entrants' places in a preview (a seat for a seat, or a seat for a bye) and says
/// what rules of the pairing the new round breaks against the rounds before it.
pub fn swap(
    format: &ChampionshipFormat,
    preview: &RoundPreview,
    earlier: &[RoundLine],
    first: &str,
    second: &str,
) -> Result<(RoundPreview, Vec<SwapWarning>), SwapRefusal> {
    let bracket = matches!(
        (format.stages, preview.stage),
        (
            Stages::Knockout { .. } | Stages::DoubleElimination { .. },
            _
        ) | (Stages::SwissThenKnockout { .. }, Stage::KnockoutAfterSwiss)
    );
    if bracket {
        return Err(SwapRefusal::Bracket);
    }
    if first == second {
        return Err(SwapRefusal::SameEntrant);
    }
    let mut swapped = preview.clone();
    for id in [first, second] {
        let seated = swapped.tables.iter().flatten().any(|seat| seat == id);
        if !seated && !swapped.byes.iter().any(|bye| bye == id) {
            return Err(SwapRefusal::NotInRound(id.to_string()));
        }
    }
    let exchange = |place: &mut String| {
        if place == first {
            *place = second.to_string();
        } else if place == second {
            *place = first.to_string();
        }
    };
    swapped.tables.iter_mut().flatten().for_each(exchange);
    swapped.byes.iter_mut().for_each(exchange);

    let met_before: HashSet<(&str, &str)> = earlier
        .iter()
        .flat_map(|round| &round.tables)
        .flat_map(|table| pairs_at(&table.seats))
        .collect();
    let had_bye: HashSet<&str> = earlier
        .iter()
        .flat_map(|round| round.byes.iter().map(String::as_str))
        .collect();
    let mut warnings = Vec::new();
    for table in &swapped.tables {
        let involved = table.iter().any(|seat| seat == first || seat == second);
        if !involved {
            continue;
        }
        for (a, b) in pairs_at(table) {
            if met_before.contains(&(a, b)) {
                warnings.push(SwapWarning::Rematch {
                    first: a.to_string(),
                    second: b.to_string(),
                });
            }
        }
    }
    for bye in &swapped.byes {
        if (bye == first || bye == second) && had_bye.contains(bye.as_str()) {
            warnings.push(SwapWarning::SecondBye {
                entrant: bye.clone(),
            });
        }
    }
    Ok((swapped, warnings))
}

/// Every two entrants at a table, each pair once, in a fixed order.
fn pairs_at(seats: &[String]) -> Vec<(&str, &str)> {
    let mut pairs = Vec::new();
    for (i, a) in seats.iter().enumerate() {
        for b in &seats[i + 1..] {
            let (a, b) = (a.as_str(), b.as_str());
            pairs.push(if a <= b { (a, b) } else { (b, a) });
        }
    }
    pairs
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

    #[test]
    fn a_swap_that_makes_a_rematch_or_a_second_bye_is_warned_of() {
        let swiss = format(Stages::Swiss { rounds: 4 });
        let mut state = StageState {
            stage: Stage::Main,
            entrants: field(5),
            rounds: Vec::new(),
        };
        let first = next_round(&swiss, &state).unwrap();
        state.rounds.push(published(&swiss, &first, true));
        let second = next_round(&swiss, &state).unwrap();
        // Put the first round's bye back on the bye, and someone in its place at a table.
        let first_bye = first.byes[0].clone();
        let second_bye = second.byes[0].clone();
        let (swapped, warnings) =
            swap(&swiss, &second, &state.rounds, &first_bye, &second_bye).unwrap();
        assert_eq!(swapped.byes, std::slice::from_ref(&first_bye));
        assert!(warnings.contains(&SwapWarning::SecondBye { entrant: first_bye }));
        // Seat two first-round opponents together again: one of them (x) is at a table in the
        // second round, since only one entrant has the bye; the other (y) takes the place of
        // x's opponent there.
        let opponents = &state.rounds[0].tables[0].seats;
        let table_of = |id: &str| second.tables.iter().position(|t| t.iter().any(|s| s == id));
        let (x, y) = match table_of(&opponents[0]) {
            Some(_) => (&opponents[0], &opponents[1]),
            None => (&opponents[1], &opponents[0]),
        };
        let at = table_of(x).unwrap();
        let opponent_of_x = second.tables[at].iter().find(|s| *s != x).unwrap().clone();
        let (rematch, warnings) = swap(&swiss, &second, &state.rounds, &opponent_of_x, y).unwrap();
        assert!(rematch.tables[at].contains(y));
        let (a, b) = if x <= y { (x, y) } else { (y, x) };
        assert!(
            warnings.contains(&SwapWarning::Rematch {
                first: a.clone(),
                second: b.clone()
            }),
            "{warnings:?}"
        );
        assert_eq!(
            swap(&swiss, &second, &state.rounds, "p1", "nobody"),
            Err(SwapRefusal::NotInRound("nobody".into()))
        );
        let knockout = format(Stages::Knockout { third_place: false });
        assert_eq!(
            swap(&knockout, &second, &state.rounds, "p1", "p2"),
            Err(SwapRefusal::Bracket)
        );
    }
}
