//! The next round of an event, whatever its format, or why there is none.

use crate::bracket::{Bracket, Next, Stage};
use crate::document::Format;
use crate::event::{EntrantIndex, Event, EventError, Place, Refusal, quoted};
use crate::standings::GroupStage;
use crate::{double_elimination, groups, knockout, round_robin, seeding, swiss_field};

/// What a table of the output says beside its seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Label {
    /// A double elimination's `"bracket"`: winners, losers or final.
    Bracket(&'static str),
    Group(String),
    PlayOff,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedTable {
    /// In seat order.
    pub seats: Vec<EntrantIndex>,
    pub label: Option<Label>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedRound {
    /// 1-based.
    pub number: usize,
    /// In table order: table 1 first.
    pub tables: Vec<PairedTable>,
    pub byes: Vec<EntrantIndex>,
}

/// The answer of `fives pair` to a valid document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Paired(PairedRound),
    /// No pairing keeps the absolute rules: the rule.
    NoPairing(String),
    /// The event is over: why, naming the champion where there is one.
    Over(String),
}

/// Pairs the next round.
pub fn pair(event: &Event) -> Result<Outcome, EventError> {
    // A round robin is over once every round is paired, played or not.
    if event.format == Format::RoundRobin
        && event.next_round() > round_robin::round_count(event.entrants.len())
    {
        return Ok(Outcome::Over(
            "the event is over: every round of the round robin has been paired".into(),
        ));
    }
    if event.format != Format::DoubleElimination
        && let Some(last) = event.rounds.len().checked_sub(1)
        && let Some(t) = event.rounds[last]
            .tables
            .iter()
            .position(|t| t.points.is_none())
    {
        return Err(EventError::new(
            Place::Table {
                round: last,
                table: t,
            },
            Refusal::NoPointsYet,
        ));
    }
    let number = event.next_round();
    let plain = |tables: Vec<Vec<EntrantIndex>>, byes, label: Option<Label>| {
        Outcome::Paired(PairedRound {
            number,
            tables: tables
                .into_iter()
                .map(|seats| PairedTable {
                    seats,
                    label: label.clone(),
                })
                .collect(),
            byes,
        })
    };
    match event.format {
        Format::Swiss => Ok(match swiss_field::pair(event) {
            Ok((tables, byes)) => plain(tables, byes, None),
            Err(swiss_field::NotPaired::NoPairing(rule)) => Outcome::NoPairing(rule),
            // The specification counts a Swiss round with no active entrant as the event's end.
            Err(swiss_field::NotPaired::NoActiveEntrant) => Outcome::Over(
                "the event is over: every entrant has withdrawn, so no one is left to pair"
                    .to_string(),
            ),
        }),
        Format::RoundRobin => {
            let seeded = seeding::seed_order(event);
            let round = round_robin::pair_round(event, &seeded, number, number);
            Ok(plain(
                round.tables.into_iter().map(Vec::from).collect(),
                round.byes,
                None,
            ))
        }
        Format::Knockout => {
            let seeded = seeding::seed_order(event);
            let bracket = knockout::bracket(seeded.len(), event.options.third_place);
            bracket_round(event, &bracket, &seeded, 0, |_| None)
        }
        Format::DoubleElimination => {
            let seeded = seeding::seed_order(event);
            let bracket =
                double_elimination::bracket(seeded.len(), event.options.grand_final_reset);
            bracket_round(event, &bracket, &seeded, 0, |stage| {
                Some(Label::Bracket(stage.bracket_name()))
            })
        }
        Format::Groups => {
            let stage = GroupStage::new(event);
            if number > stage.rounds {
                let qualifiers = stage.qualifiers(event);
                let bracket = knockout::bracket(qualifiers.len(), event.options.third_place);
                return bracket_round(event, &bracket, &qualifiers, stage.rounds, |_| {
                    Some(Label::PlayOff)
                });
            }
            let mut tables = Vec::new();
            let mut byes = Vec::new();
            for (g, members) in stage.groups.iter().enumerate() {
                if number > round_robin::round_count(members.len()) {
                    continue;
                }
                let round = round_robin::pair_round(event, members, number, number);
                let label = Label::Group(groups::group_name(g));
                tables.extend(round.tables.into_iter().map(|seats| PairedTable {
                    seats: seats.into(),
                    label: Some(label.clone()),
                }));
                byes.extend(round.byes);
            }
            Ok(Outcome::Paired(PairedRound {
                number,
                tables,
                byes,
            }))
        }
    }
}

/// The next round of a bracket whose document rounds start at `first_round`.
fn bracket_round(
    event: &Event,
    bracket: &Bracket,
    seeded: &[EntrantIndex],
    first_round: usize,
    label: impl Fn(Stage) -> Option<Label>,
) -> Result<Outcome, EventError> {
    let mut progress = bracket.replay(event, seeded, first_round)?;
    let number = event.next_round();
    let mut seed = vec![usize::MAX; event.entrants.len()];
    for (s, &entrant) in seeded.iter().enumerate() {
        seed[entrant] = s;
    }
    match bracket.next(event, seeded, &mut progress, first_round, number) {
        Next::Over { champion } => Ok(Outcome::Over(match champion {
            Some(champion) => format!(
                "the event is over: {} is the champion",
                quoted(&event.entrants[champion].id)
            ),
            None => "the event is over: every entrant still in has withdrawn".to_string(),
        })),
        Next::Waiting { round, table } => Err(EventError::new(
            Place::Table { round, table },
            Refusal::NothingReady,
        )),
        Next::Play { matches, byes } => Ok(Outcome::Paired(PairedRound {
            number,
            tables: matches
                .into_iter()
                .map(|(m, mut players)| {
                    // The better seed first.
                    players.sort_by_key(|&e| seed[e]);
                    PairedTable {
                        seats: players.to_vec(),
                        label: label(bracket.matches[m].stage),
                    }
                })
                .collect(),
            byes,
        })),
    }
}
