//! The Swiss engine's view of an event: the active entrants in pairing-rank order with their
//! scores scaled to integers, their byes and who has met and partnered whom; and the engine's
//! answer mapped back to entrants.

use std::collections::HashMap;

use crate::event::{EntrantIndex, Event};
use crate::number::Exact;
use crate::seeding::{by_pairing_rank, scores};
use crate::swiss::{self, History, PairCounts, SwissEntrant, SwissField};

/// The field for the next round, and which entrant each of its indexes is.
pub struct Field {
    pub field: SwissField,
    pub entrants: Vec<EntrantIndex>,
}

/// The common denominator of the scores: every score times it is an integer.
fn common_denominator(scores: &[Exact]) -> i128 {
    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    scores.iter().fold(1, |lcm, score| {
        lcm / gcd(lcm, score.denominator()) * score.denominator()
    })
}

pub fn field(event: &Event) -> Field {
    let mut field = ranked(event);
    let key = |a: u32, b: u32| (a.min(b) as usize, a.max(b) as usize);
    let mut meetings: HashMap<(usize, usize), u32> = HashMap::new();
    let mut partners: HashMap<(usize, usize), u32> = HashMap::new();
    shared_tables(
        event,
        &field.entrants,
        |a, b| *meetings.entry(key(a, b)).or_default() += 1,
        |a, b| *partners.entry(key(a, b)).or_default() += 1,
    );
    field.field.meetings = meetings;
    field.field.partners = partners;
    field
}

/// The field with its history as counts for the engine, its maps left empty: hashing every
/// pair that met (400,000 in eight rounds of 100,000 entrants) costs more than the counts.
fn field_with_history(event: &Event) -> (Field, History) {
    let field = ranked(event);
    let (mut met, mut partnered) = (Vec::new(), Vec::new());
    shared_tables(
        event,
        &field.entrants,
        |a, b| met.push((a, b, 1)),
        |a, b| partnered.push((a, b, 1)),
    );
    let active = field.entrants.len();
    let history = History {
        met: PairCounts::from_pairs(active, &met),
        partnered: PairCounts::from_pairs(active, &partnered),
    };
    (field, history)
}

/// The active entrants in pairing-rank order with their scaled scores and byes, without
/// their history.
fn ranked(event: &Event) -> Field {
    let next = event.next_round();
    let scores = scores(event, 0..event.rounds.len());
    // Sorted with each entrant's score and rating beside it, not looked up by index at each
    // comparison (a field of 100,000 reads them from memory at random otherwise); the order
    // is `by_pairing_rank`'s, a total order.
    let mut keyed: Vec<(Exact, Exact, EntrantIndex)> = (0..event.entrants.len())
        .filter(|&e| event.entrants[e].is_active_in(next))
        .map(|e| (scores[e], event.entrants[e].rating, e))
        .collect();
    keyed.sort_unstable_by(|a, b| {
        b.0.cmp(&a.0)
            .then_with(|| b.1.cmp(&a.1))
            .then_with(|| a.2.cmp(&b.2))
    });
    debug_assert!(
        keyed
            .windows(2)
            .all(|w| by_pairing_rank(event, &scores, w[0].2, w[1].2).is_lt())
    );
    let entrants: Vec<EntrantIndex> = keyed.into_iter().map(|(_, _, e)| e).collect();

    let active_scores: Vec<Exact> = entrants.iter().map(|&e| scores[e]).collect();
    // Scores are at most 2·10^9 with denominators dividing 10^6 (see `number`): the scaled
    // scores fit an i64.
    let denominator = common_denominator(&active_scores);
    let mut byes = vec![0u32; event.entrants.len()];
    for round in &event.rounds {
        for &entrant in &round.byes {
            byes[entrant] += 1;
        }
    }
    let swiss_entrants = entrants
        .iter()
        .map(|&e| {
            let scaled = scores[e].numerator() * (denominator / scores[e].denominator());
            SwissEntrant {
                score: i64::try_from(scaled).expect("scores are bounded"),
                byes: byes[e],
            }
        })
        .collect();
    Field {
        field: SwissField {
            entrants: swiss_entrants,
            seats: event.seats,
            partnerships: event.partnerships,
            remainder: event.options.remainder,
            meetings: HashMap::new(),
            partners: HashMap::new(),
        },
        entrants,
    }
}

/// Calls `met(a, b)` for every two active entrants (by place in `ranked`) at a table of an
/// earlier round, once per round, and `partnered(a, b)` for every two partners.
fn shared_tables(
    event: &Event,
    ranked: &[EntrantIndex],
    mut met: impl FnMut(u32, u32),
    mut partnered: impl FnMut(u32, u32),
) {
    const ABSENT: u32 = u32::MAX;
    let mut position = vec![ABSENT; event.entrants.len()];
    for (i, &entrant) in ranked.iter().enumerate() {
        position[entrant] = i as u32;
    }
    let mut seated = Vec::with_capacity(4);
    for round in &event.rounds {
        for table in &round.tables {
            seated.clear();
            seated.extend(table.seats.iter().map(|&e| position[e]));
            for (s, &a) in seated.iter().enumerate() {
                for &b in &seated[s + 1..] {
                    if a != ABSENT && b != ABSENT {
                        met(a, b);
                    }
                }
            }
            if event.partnerships && seated.len() == 4 {
                for (a, b) in [(seated[0], seated[2]), (seated[1], seated[3])] {
                    if a != ABSENT && b != ABSENT {
                        partnered(a, b);
                    }
                }
            }
        }
    }
}

/// Why a Swiss round is not paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotPaired {
    /// No pairing keeps the absolute rules: the rule.
    NoPairing(String),
    /// No entrant is active: the event is over.
    NoActiveEntrant,
}

/// The engine's round as entrants, or why there is none.
pub fn pair(event: &Event) -> Result<(Vec<Vec<EntrantIndex>>, Vec<EntrantIndex>), NotPaired> {
    let (field, history) = field_with_history(event);
    if field.entrants.is_empty() {
        return Err(NotPaired::NoActiveEntrant);
    }
    let round = swiss::pair_with_history(&field.field, history)
        .map_err(|error| NotPaired::NoPairing(error.0))?;
    let to_entrant = |i: usize| field.entrants[i];
    let tables = round
        .tables
        .iter()
        .map(|table| table.iter().map(|&i| to_entrant(i)).collect())
        .collect();
    let byes = round.byes.iter().map(|&i| to_entrant(i)).collect();
    Ok((tables, byes))
}
