//! A knockout's or double elimination's bracket as it stands, for drawing: its matches in
//! columns (a bracket's rounds, the winners' then the losers' then the finals), each match
//! with its two places (an entrant, a bye, or the match it waits on) and the entrant that went
//! through. The engines' own bracket, replayed from the event's rounds, decides it all, so the
//! drawing can never disagree with the pairings or the standings.

use fives_pairing::bracket::{Bracket, Source, Stage, Status};
use fives_pairing::document::Format;
use fives_pairing::event::{EntrantIndex, Event, EventError};
use fives_pairing::standings::GroupStage;
use fives_pairing::{double_elimination, knockout, seeding};

/// Which part of the bracket a column belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Winners,
    Losers,
    Final,
    ThirdPlace,
}

/// A round of one part of the bracket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketColumn {
    pub part: Part,
    /// From 1 within its part.
    pub round: usize,
    pub matches: Vec<BracketMatch>,
}

/// One of a match's two places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    Entrant(String),
    /// Nobody comes here: the other place goes through.
    Bye,
    /// The winner (or loser) of match `number` (from 1, in bracket order), still to be known.
    WinnerOf(usize),
    LoserOf(usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketMatch {
    /// From 1, in bracket order.
    pub number: usize,
    pub slots: [Slot; 2],
    /// The place (0 or 1) that went through, once decided.
    pub through: Option<usize>,
    /// Whether it went through without a game (a bye or a withdrawal).
    pub without_play: bool,
}

/// The bracket of a knockout or double elimination event, or of a groups event's play-off
/// once the groups are over; `None` for other formats and for a play-off not yet begun.
pub fn bracket_view(event: &Event) -> Result<Option<Vec<BracketColumn>>, EventError> {
    let (bracket, seeded, first_round) = match event.format {
        Format::Knockout => {
            let seeded = seeding::seed_order(event);
            (
                knockout::bracket(seeded.len(), event.options.third_place),
                seeded,
                0,
            )
        }
        Format::DoubleElimination => {
            let seeded = seeding::seed_order(event);
            let bracket =
                double_elimination::bracket(seeded.len(), event.options.grand_final_reset);
            (bracket, seeded, 0)
        }
        Format::Groups => {
            let stage = GroupStage::new(event);
            if event.rounds.len() <= stage.rounds {
                return Ok(None);
            }
            let seeded = stage.qualifiers(event);
            let bracket = knockout::bracket(seeded.len(), event.options.third_place);
            (bracket, seeded, stage.rounds)
        }
        Format::Swiss | Format::RoundRobin => return Ok(None),
    };
    let progress = bracket.replay(event, &seeded, first_round)?;
    Ok(Some(columns(event, &bracket, &seeded, &progress.status)))
}

fn columns(
    event: &Event,
    bracket: &Bracket,
    seeded: &[EntrantIndex],
    status: &[Status],
) -> Vec<BracketColumn> {
    let name = |entrant: EntrantIndex| Slot::Entrant(event.entrants[entrant].id.clone());
    let mut columns: Vec<BracketColumn> = Vec::new();
    for (index, game) in bracket.matches.iter().enumerate() {
        let part = match game.stage {
            Stage::Winners => Part::Winners,
            Stage::Losers => Part::Losers,
            Stage::Final | Stage::Reset => Part::Final,
            Stage::ThirdPlace => Part::ThirdPlace,
        };
        let known = |place: usize| -> Option<EntrantIndex> {
            match &status[index] {
                Status::Ready(players) | Status::Tabled { players, .. } => Some(players[place]),
                _ => None,
            }
        };
        let slot = |place: usize| -> Slot {
            if let Some(entrant) = known(place) {
                return name(entrant);
            }
            match game.sources[place] {
                Source::Seed(seed) => seeded.get(seed).map_or(Slot::Bye, |&e| name(e)),
                Source::Winner(earlier) => decided_slot(&status[earlier], true, &name)
                    .unwrap_or(Slot::WinnerOf(earlier + 1)),
                Source::Loser(earlier) => decided_slot(&status[earlier], false, &name)
                    .unwrap_or(Slot::LoserOf(earlier + 1)),
            }
        };
        let slots = [slot(0), slot(1)];
        let (through, without_play) = match &status[index] {
            Status::Decided(decision) => match decision.winning_place {
                Some(place) => (Some(place), false),
                // Through without a game: the place its winner holds.
                None => (
                    decision
                        .winner
                        .and_then(|winner| slots.iter().position(|slot| *slot == name(winner))),
                    true,
                ),
            },
            _ => (None, false),
        };
        let played = BracketMatch {
            number: index + 1,
            slots,
            through,
            without_play,
        };
        match columns
            .iter_mut()
            .find(|column| column.part == part && column.round == game.round)
        {
            Some(column) => column.matches.push(played),
            None => columns.push(BracketColumn {
                part,
                round: game.round,
                matches: vec![played],
            }),
        }
    }
    let order = |part: Part| match part {
        Part::Winners => 0,
        Part::Losers => 1,
        Part::Final => 2,
        Part::ThirdPlace => 3,
    };
    columns.sort_by_key(|column| (order(column.part), column.round));
    columns
}

/// The entrant a decided match sent on, as the winner or as the loser.
fn decided_slot(
    status: &Status,
    winner: bool,
    name: &impl Fn(EntrantIndex) -> Slot,
) -> Option<Slot> {
    let Status::Decided(decision) = status else {
        return None;
    };
    let entrant = if winner {
        decision.winner
    } else {
        decision.loser
    };
    Some(entrant.map_or(Slot::Bye, name))
}

#[cfg(test)]
mod tests {
    use fives_pairing::pair::{Outcome, pair};
    use serde_json::json;

    use super::*;

    fn event(document: serde_json::Value) -> Event {
        Event::parse(&document.to_string()).unwrap()
    }

    #[test]
    fn a_knockout_of_six_shows_its_byes_results_and_what_waits() {
        let entrants: Vec<_> = (1..=6)
            .map(|i| json!({"id": format!("s{i}"), "rating": 100 - i}))
            .collect();
        let mut document = json!({"format": "knockout", "entrants": entrants, "rounds": []});
        let first = event(document.clone());
        let Outcome::Paired(round) = pair(&first).unwrap() else {
            panic!("a first round");
        };
        // Seeds 1 and 2 have byes; 4 v 5 and 3 v 6 play; the first seat wins.
        let tables: Vec<_> = round
            .tables
            .iter()
            .map(|t| {
                json!({
                    "seats": t.seats.iter().map(|&s| first.entrants[s].id.clone()).collect::<Vec<_>>(),
                    "points": [1, 0]
                })
            })
            .collect();
        let byes: Vec<_> = round
            .byes
            .iter()
            .map(|&s| first.entrants[s].id.clone())
            .collect();
        document["rounds"] = json!([{"tables": tables, "byes": byes}]);
        let view = bracket_view(&event(document)).unwrap().unwrap();
        assert_eq!(view.len(), 3);
        assert!(view.iter().all(|column| column.part == Part::Winners));
        let opening = &view[0].matches;
        assert_eq!(opening.len(), 4);
        // Place order for 8: 1 8 4 5 2 7 3 6, seeds 7 and 8 are byes.
        assert_eq!(opening[0].slots, [Slot::Entrant("s1".into()), Slot::Bye]);
        assert_eq!(
            (opening[0].through, opening[0].without_play),
            (Some(0), true)
        );
        assert_eq!(
            opening[1].slots,
            [Slot::Entrant("s4".into()), Slot::Entrant("s5".into())]
        );
        assert_eq!(
            (opening[1].through, opening[1].without_play),
            (Some(0), false)
        );
        // The semi-finals know their entrants; the final waits on them.
        assert_eq!(
            view[1].matches[0].slots,
            [Slot::Entrant("s1".into()), Slot::Entrant("s4".into())]
        );
        assert_eq!(
            view[2].matches[0].slots,
            [Slot::WinnerOf(5), Slot::WinnerOf(6)]
        );
    }

    #[test]
    fn a_double_elimination_has_its_losers_bracket_and_final() {
        let entrants: Vec<_> = (1..=4).map(|i| json!({"id": format!("d{i}")})).collect();
        let view = bracket_view(&event(json!({
            "format": "double-elimination", "entrants": entrants, "rounds": []
        })))
        .unwrap()
        .unwrap();
        let parts: Vec<Part> = view.iter().map(|column| column.part).collect();
        assert!(
            parts.contains(&Part::Losers) && parts.contains(&Part::Final),
            "{parts:?}"
        );
        let losers = view
            .iter()
            .find(|column| column.part == Part::Losers)
            .unwrap();
        assert!(matches!(losers.matches[0].slots[0], Slot::LoserOf(_)));
    }

    #[test]
    fn a_swiss_has_no_bracket() {
        let entrants: Vec<_> = (1..=4).map(|i| json!({"id": format!("w{i}")})).collect();
        assert_eq!(
            bracket_view(&event(json!({"format": "swiss", "entrants": entrants}))).unwrap(),
            None
        );
    }
}
