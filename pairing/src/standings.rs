//! The standings: every entrant ranked by score and the tiebreaks in turn (a knockout's and a
//! double elimination's by how far each got), with shared ranks 1, 2, 2, 4.

use std::ops::Range;

use crate::bracket::Bracket;
use crate::document::Format;
use crate::event::{EntrantIndex, Event, EventError, Tiebreak};
use crate::number::Exact;
use crate::tiebreaks::Tally;
use crate::{double_elimination, groups, knockout, seeding};

/// Which part of a groups event a line of the standings belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    Group(String),
    PlayOff,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub rank: usize,
    pub entrant: EntrantIndex,
    pub score: Exact,
    /// In the order of the event's tiebreaks.
    pub tiebreaks: Vec<Exact>,
    pub part: Option<Part>,
}

/// The standings of the rounds played so far.
pub fn standings(event: &Event) -> Result<Vec<Standing>, EventError> {
    let everyone: Vec<EntrantIndex> = (0..event.entrants.len()).collect();
    let all_rounds = 0..event.rounds.len();
    match event.format {
        Format::Swiss | Format::RoundRobin => Ok(by_score(
            event,
            &Tally::new(event, all_rounds),
            &everyone,
            None,
        )),
        Format::Knockout | Format::DoubleElimination => {
            let seeded = seeding::seed_order(event);
            let bracket = if event.format == Format::Knockout {
                knockout::bracket(seeded.len(), event.options.third_place)
            } else {
                double_elimination::bracket(seeded.len(), event.options.grand_final_reset)
            };
            by_depth(event, &bracket, &seeded, 0, None)
        }
        Format::Groups => {
            let stage = GroupStage::new(event);
            let tally = Tally::new(event, stage.span(event));
            let mut lines = Vec::new();
            for (g, members) in stage.groups.iter().enumerate() {
                let part = Some(Part::Group(groups::group_name(g)));
                lines.extend(by_score(event, &tally, members, part));
            }
            if event.rounds.len() > stage.rounds {
                let qualifiers = stage.qualifiers(event);
                let bracket = knockout::bracket(qualifiers.len(), event.options.third_place);
                lines.extend(by_depth(
                    event,
                    &bracket,
                    &qualifiers,
                    stage.rounds,
                    Some(Part::PlayOff),
                )?);
            }
            Ok(lines)
        }
    }
}

/// A groups event's group stage: the groups in deal order and how many rounds it takes.
pub struct GroupStage {
    pub groups: Vec<Vec<EntrantIndex>>,
    pub rounds: usize,
}

impl GroupStage {
    pub fn new(event: &Event) -> GroupStage {
        let options = event
            .options
            .groups
            .expect("a groups event has its group options");
        let groups = groups::deal(&seeding::seed_order(event), options.groups);
        let rounds = groups::group_rounds(&groups);
        GroupStage { groups, rounds }
    }

    /// The document's rounds of the group stage played so far.
    pub fn span(&self, event: &Event) -> Range<usize> {
        0..self.rounds.min(event.rounds.len())
    }

    /// The play-off's seeds, from the group standings (entrants sharing a rank in the order
    /// they are listed, entry order).
    pub fn qualifiers(&self, event: &Event) -> Vec<EntrantIndex> {
        let options = event
            .options
            .groups
            .expect("a groups event has its group options");
        let tally = Tally::new(event, self.span(event));
        let finishing: Vec<Vec<EntrantIndex>> = self
            .groups
            .iter()
            .map(|members| {
                by_score(event, &tally, members, None)
                    .into_iter()
                    .map(|line| line.entrant)
                    .collect()
            })
            .collect();
        groups::play_off_seeds(&finishing, options.advance)
    }
}

/// `members` ranked by score, then each tiebreak in turn, over the tally's rounds.
pub fn by_score(
    event: &Event,
    tally: &Tally,
    members: &[EntrantIndex],
    part: Option<Part>,
) -> Vec<Standing> {
    let tiebreaks = &event.options.tiebreaks;
    // Member i in entry order is `order[i]`, with its values at `values[i]`; blocks hold
    // member indexes.
    let mut order: Vec<EntrantIndex> = members.to_vec();
    order.sort();
    let mut values: Vec<Vec<Exact>> = order
        .iter()
        .map(|&entrant| {
            tiebreaks
                .iter()
                .map(|&tiebreak| tally.value(tiebreak, entrant))
                .collect()
        })
        .collect();
    // Blocks of members equal so far, each in entry order; split by score, then by each
    // tiebreak in turn.
    let mut blocks = split((0..order.len()).collect(), |&i| tally.scores[order[i]]);
    for (k, &tiebreak) in tiebreaks.iter().enumerate() {
        let mut refined = Vec::with_capacity(blocks.len());
        for block in blocks {
            if block.len() < 2 {
                refined.push(block);
                continue;
            }
            if tiebreak == Tiebreak::HeadToHead {
                let tied: Vec<EntrantIndex> = block.iter().map(|&i| order[i]).collect();
                let Some(points) = tally.head_to_head(&tied) else {
                    refined.push(block);
                    continue;
                };
                for (&i, &value) in block.iter().zip(&points) {
                    values[i][k] = value;
                }
            }
            refined.extend(split(block, |&i| values[i][k]));
        }
        blocks = refined;
    }
    let mut lines = Vec::with_capacity(members.len());
    for block in blocks {
        let rank = lines.len() + 1;
        for i in block {
            lines.push(Standing {
                rank,
                entrant: order[i],
                score: tally.scores[order[i]],
                tiebreaks: std::mem::take(&mut values[i]),
                part: part.clone(),
            });
        }
    }
    lines
}

/// Splits a block (ascending) into blocks of equal key, highest key first, each still
/// ascending.
fn split<K: Ord + Copy>(mut block: Vec<usize>, key: impl Fn(&usize) -> K) -> Vec<Vec<usize>> {
    block.sort_by(|a, b| key(b).cmp(&key(a)).then(a.cmp(b)));
    let mut blocks: Vec<Vec<usize>> = Vec::new();
    for entrant in block {
        match blocks.last_mut() {
            Some(last) if key(&last[0]) == key(&entrant) => last.push(entrant),
            _ => blocks.push(vec![entrant]),
        }
    }
    blocks
}

/// A bracket's entrants ranked by how far each got, equal depths sharing a rank; the scores
/// and tiebreaks over the bracket's rounds are shown but do not order.
fn by_depth(
    event: &Event,
    bracket: &Bracket,
    seeded: &[EntrantIndex],
    first_round: usize,
    part: Option<Part>,
) -> Result<Vec<Standing>, EventError> {
    let progress = bracket.replay(event, seeded, first_round)?;
    let depths = bracket.depths(&progress, event.entrants.len(), seeded);
    let tally = Tally::new(event, first_round..event.rounds.len());
    let mut order: Vec<EntrantIndex> = seeded.to_vec();
    order.sort();
    let blocks = split(order, |&e| depths[e]);
    let mut lines = Vec::with_capacity(seeded.len());
    for block in blocks {
        let rank = lines.len() + 1;
        for entrant in block {
            lines.push(Standing {
                rank,
                entrant,
                score: tally.scores[entrant],
                tiebreaks: event
                    .options
                    .tiebreaks
                    .iter()
                    .map(|&tiebreak| tally.value(tiebreak, entrant))
                    .collect(),
                part: part.clone(),
            });
        }
    }
    Ok(lines)
}
