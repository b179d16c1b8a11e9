//! A championship stage as the pairing engines' event document (the contract of `fives pair`
//! and `fives standings`): the service pairs and ranks through it, and publishes it, so that
//! anyone can run the same document through the commands and get the same answers.
//!
//! A championship of one stage is one event. A Swiss followed by a knockout is two: the Swiss,
//! then a knockout whose entrants are the Swiss's top entrants in standing order, seeded as
//! entered.

use std::collections::BTreeMap;

use fives_pairing::document::{
    EntrantSpec, EventSpec, Format, OptionsSpec, RoundSpec, Seeding, TableSpec,
};
use fives_pairing::number::Exact;
use fives_pairing::standings::Standing;

use super::table::TableOutcome;
use super::{ChampionshipFormat, Stages};

/// Which of a championship's events a document is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The championship's only stage, or the Swiss of a Swiss then knockout.
    Main,
    /// The knockout after a Swiss.
    KnockoutAfterSwiss,
}

impl Stage {
    /// The stage's name where it is kept, shown and asked for: `main` or `knockout`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Main => "main",
            Stage::KnockoutAfterSwiss => "knockout",
        }
    }
}

/// An entrant as the document gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntrantLine {
    pub id: String,
    pub rating: i64,
    /// The last round it played, once withdrawn.
    pub withdrawn_after: Option<u32>,
}

/// A table of a paired round, with its outcome once it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableLine {
    pub seats: Vec<String>,
    pub outcome: Option<TableOutcome>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundLine {
    pub tables: Vec<TableLine>,
    pub byes: Vec<String>,
    /// Tables of earlier rounds (`round 1, table 2`) whose confirmed result was corrected
    /// after this round was paired from it: `fives pair` on the document as it is now may pair
    /// this round otherwise, and the document says so rather than leave it unexplained.
    pub paired_before_corrections: Vec<String>,
    /// The organiser changed the round from the engine's pairing before publishing it.
    pub edited: bool,
}

/// The event document of a stage, as the pairing crate types it: the service pairs and ranks
/// from it directly and publishes it serialised, so both are one document.
pub fn event_document(
    format: &ChampionshipFormat,
    stage: Stage,
    entrants: &[EntrantLine],
    rounds: &[RoundLine],
) -> EventSpec {
    let mut options = OptionsSpec {
        bye_points: Some(format.bye_points.exact()),
        remainder: None,
        seeding: None,
        third_place: None,
        grand_final_reset: None,
        groups: None,
        advance: None,
        tiebreaks: Some(
            format
                .tiebreaks
                .iter()
                .map(|t| t.name().to_string())
                .collect(),
        ),
        other: BTreeMap::new(),
    };
    let (name, seats) = match (format.stages, stage) {
        (Stages::Swiss { .. } | Stages::SwissThenKnockout { .. }, Stage::Main) => {
            (Format::Swiss, format.seating.seats)
        }
        (Stages::SwissThenKnockout { third_place, .. }, Stage::KnockoutAfterSwiss) => {
            // Seeded by the Swiss: the entrants come in standing order.
            options.seeding = Some(Seeding::Entry);
            options.third_place = Some(third_place);
            (Format::Knockout, 2)
        }
        (Stages::RoundRobin, _) => {
            options.seeding = Some(format.seeding);
            (Format::RoundRobin, 2)
        }
        (Stages::Groups { groups, advance }, _) => {
            options.seeding = Some(format.seeding);
            options.groups = Some(u64::from(groups));
            options.advance = Some(u64::from(advance));
            (Format::Groups, 2)
        }
        (Stages::Knockout { third_place }, _) => {
            options.seeding = Some(format.seeding);
            options.third_place = Some(third_place);
            (Format::Knockout, 2)
        }
        (Stages::DoubleElimination { grand_final_reset }, _) => {
            options.seeding = Some(format.seeding);
            options.grand_final_reset = Some(grand_final_reset);
            (Format::DoubleElimination, 2)
        }
        (Stages::Swiss { .. }, Stage::KnockoutAfterSwiss) => {
            unreachable!("a Swiss alone has no knockout after it")
        }
    };
    EventSpec {
        format: name,
        seats: Some(u64::from(seats)),
        partnerships: Some(format.seating.partnerships && name == Format::Swiss),
        entrants: entrants.iter().map(entrant).collect(),
        rounds: Some(rounds.iter().map(round).collect()),
        options: Some(options),
    }
}

/// Whether the stage has played every round it has: a Swiss its rounds. The other formats
/// end when the engine says so (a champion, or every round of a round robin paired).
pub fn swiss_is_over(format: &ChampionshipFormat, stage: Stage, rounds_played: usize) -> bool {
    match (format.stages, stage) {
        (Stages::Swiss { rounds } | Stages::SwissThenKnockout { rounds, .. }, Stage::Main) => {
            rounds_played >= rounds as usize
        }
        _ => false,
    }
}

/// The knockout's entrants after a Swiss: its `top` in standing order (the Swiss's entrants
/// given in `swiss_entrants`, its standings in `standings`), each keeping its rating.
pub fn knockout_entrants(
    format: &ChampionshipFormat,
    swiss_entrants: &[EntrantLine],
    standings: &[Standing],
) -> Vec<EntrantLine> {
    let Stages::SwissThenKnockout { top, .. } = format.stages else {
        return Vec::new();
    };
    standings
        .iter()
        .map(|line| &swiss_entrants[line.entrant])
        .filter(|entrant| entrant.withdrawn_after.is_none())
        .take(top as usize)
        .map(|entrant| EntrantLine {
            withdrawn_after: None,
            ..entrant.clone()
        })
        .collect()
}

fn entrant(line: &EntrantLine) -> EntrantSpec {
    EntrantSpec {
        id: line.id.clone(),
        rating: Some(Exact::integer(line.rating)),
        withdrawn_after: line.withdrawn_after,
    }
}

fn round(line: &RoundLine) -> RoundSpec {
    RoundSpec {
        tables: Some(line.tables.iter().map(table).collect()),
        byes: Some(line.byes.clone()),
        paired_before_correction: line.paired_before_corrections.clone(),
        edited: line.edited,
    }
}

fn table(line: &TableLine) -> TableSpec {
    let outcome = line.outcome.as_ref();
    TableSpec {
        seats: line.seats.clone(),
        points: outcome.map(|o| o.points.iter().map(|p| p.exact()).collect()),
        game_points: outcome.map(|o| o.game_points.iter().map(|&g| Exact::integer(g)).collect()),
    }
}

#[cfg(test)]
mod tests {
    use fives_pairing::event::Event;
    use fives_pairing::pair::{Outcome, pair};
    use fives_pairing::standings::standings;
    use serde_json::json;

    use super::*;
    use crate::domain::championship::table::{TableGame, table_outcome};
    use crate::domain::championship::{FormatChoice, Points};

    fn swiss_then_knockout() -> ChampionshipFormat {
        ChampionshipFormat::try_from(FormatChoice::plain(Stages::SwissThenKnockout {
            rounds: 2,
            top: 4,
            third_place: true,
        }))
        .unwrap()
    }

    fn entrants(count: usize) -> Vec<EntrantLine> {
        (0..count)
            .map(|i| EntrantLine {
                id: format!("p{}", i + 1),
                rating: 2000 - 10 * i as i64,
                withdrawn_after: None,
            })
            .collect()
    }

    /// The document as `fives pair` reads it when published: serialised, then parsed.
    fn parsed(document: &EventSpec) -> Event {
        let text = serde_json::to_string(document).unwrap();
        Event::parse(&text).expect("the document is one `fives pair` takes")
    }

    /// Plays a paired round: the first seat wins every table by 61 to 30.
    fn played(format: &ChampionshipFormat, event: &Event, outcome: Outcome) -> RoundLine {
        let Outcome::Paired(round) = outcome else {
            panic!("a round is paired: {outcome:?}");
        };
        let name = |index: usize| event.entrants[index].id.clone();
        RoundLine {
            paired_before_corrections: Vec::new(),
            edited: false,
            tables: round
                .tables
                .iter()
                .map(|table| TableLine {
                    seats: table.seats.iter().copied().map(name).collect(),
                    outcome: Some(
                        table_outcome(
                            format,
                            &[TableGame {
                                winner: 0,
                                side_points: vec![61, 30],
                            }],
                        )
                        .unwrap(),
                    ),
                })
                .collect(),
            byes: round.byes.iter().copied().map(name).collect(),
        }
    }

    #[test]
    fn a_swiss_is_paired_and_played_through_its_document_then_feeds_its_knockout() {
        let format = swiss_then_knockout();
        let field = entrants(7);
        let mut rounds = Vec::new();
        while !swiss_is_over(&format, Stage::Main, rounds.len()) {
            let event = parsed(&event_document(&format, Stage::Main, &field, &rounds));
            let next = pair(&event).unwrap();
            rounds.push(played(&format, &event, next));
        }
        assert_eq!(rounds.len(), 2);
        // Seven entrants: a bye each round, to different entrants.
        assert_eq!(rounds[0].byes.len(), 1);
        assert_ne!(rounds[0].byes, rounds[1].byes);
        let swiss = parsed(&event_document(&format, Stage::Main, &field, &rounds));
        let table = standings(&swiss).unwrap();
        let top = knockout_entrants(&format, &field, &table);
        assert_eq!(top.len(), 4);
        assert_eq!(top[0].id, field[table[0].entrant].id);

        // The knockout seeds them as the Swiss ranked them: first meets fourth.
        let knockout = parsed(&event_document(
            &format,
            Stage::KnockoutAfterSwiss,
            &top,
            &[],
        ));
        let Outcome::Paired(first) = pair(&knockout).unwrap() else {
            panic!("the knockout's first round is paired");
        };
        assert_eq!(first.tables[0].seats, [0, 3]);
        assert_eq!(first.tables[1].seats, [1, 2]);
    }

    #[test]
    fn points_are_written_exactly_and_a_withdrawal_is_kept() {
        let format = swiss_then_knockout();
        let mut field = entrants(2);
        field[1].withdrawn_after = Some(1);
        let outcome = TableOutcome {
            points: vec![Points::halves(1), Points::halves(1)],
            game_points: vec![61, 61],
            games_won: vec![1, 1],
        };
        let spec = event_document(
            &format,
            Stage::Main,
            &field,
            &[RoundLine {
                edited: false,
                paired_before_corrections: vec!["round 1, table 1".into()],
                tables: vec![TableLine {
                    seats: vec!["p1".into(), "p2".into()],
                    outcome: Some(outcome),
                }],
                byes: vec![],
            }],
        );
        let document = serde_json::to_value(&spec).unwrap();
        assert_eq!(
            document["rounds"][0]["tables"][0]["points"],
            json!([0.5, 0.5])
        );
        assert_eq!(document["entrants"][1]["withdrawn_after"], json!(1));
        assert_eq!(document["options"]["bye_points"], json!(1));
        assert_eq!(
            document["rounds"][0]["paired_before_correction"],
            json!(["round 1, table 1"])
        );
        let event = parsed(&spec);
        assert_eq!(event.entrants[1].withdrawn_after, Some(1));
    }
}
