//! `fives pair --explain`: the value of every measure of the specification for the Swiss round
//! the engine chose, so that an organiser or an arbiter can see why it was chosen. The values
//! are worked out again from the event and the round, in points, without the engine's scaled
//! scores or its own tie-breaks.

use std::collections::HashMap;

use crate::document::Format;
use crate::event::{EntrantIndex, Event, quoted};
use crate::number::Exact;
use crate::pair::PairedRound;
use crate::seeding::scores;
use crate::swiss_field;

/// Every measure of a Swiss round, in the specification's order. Scores are in points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    TwoSeats(TwoSeatMeasures),
    Tables(TableMeasures),
}

/// A two-seat Swiss round's absolute rule and measures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoSeatMeasures {
    /// The absolute rule: tables whose two entrants have sat at a table together before.
    pub rematches: u64,
    /// 1. The bye's score, if there is a bye.
    pub bye_score: Option<Exact>,
    /// 2. The sum over tables of the square of the two entrants' score difference.
    pub score_differences: Exact,
    /// 3. The bye's place in pairing-rank order among the active entrants (1 ranks first).
    pub bye_place: Option<usize>,
    /// 3. Over tables of two entrants of equal score, the sum of `(2 (q - p) - m)^2`, `p < q`
    ///    their places from 0 among the `m` active entrants of that score.
    pub equal_score_pattern: u64,
}

/// A three- or four-seat Swiss round's measures; partners and sides only with partnerships.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableMeasures {
    /// 1. The sum of the bye entrants' scores.
    pub bye_scores: Exact,
    /// 2. Partnerships whose two entrants were partners before, once for each earlier time.
    pub repeated_partners: Option<u64>,
    /// 3. Over every pair at a table, the earlier rounds in which they shared one.
    pub repeated_meetings: u64,
    /// 4. Over tables, over pairs at the table, the square of their score difference.
    pub spread: Exact,
    /// 5. Over tables, the absolute difference between the two partnerships' total scores.
    pub balance: Option<Exact>,
}

/// The measures of `round`, the next round of the Swiss `event`; `None` for other formats,
/// whose tables the bracket or the Berger table decides without measures.
pub fn explain(event: &Event, round: &PairedRound) -> Option<Explanation> {
    if event.format != Format::Swiss {
        return None;
    }
    let score = scores(event, 0..event.rounds.len());
    let field = swiss_field::field(event);
    let mut place: HashMap<EntrantIndex, usize> = HashMap::new();
    for (p, &entrant) in field.entrants.iter().enumerate() {
        place.insert(entrant, p);
    }
    let key = |a: EntrantIndex, b: EntrantIndex| {
        let (a, b) = (place[&a], place[&b]);
        (a.min(b), a.max(b))
    };
    let met = |a, b| u64::from(field.field.meetings.get(&key(a, b)).copied().unwrap_or(0));
    let partnered = |a, b| u64::from(field.field.partners.get(&key(a, b)).copied().unwrap_or(0));
    let square = |d: Exact| d * d;
    let bye_scores: Exact = round.byes.iter().map(|&e| score[e]).sum();

    if event.seats == 2 {
        // Places within each score group: the active entrants are in pairing-rank order, so a
        // group is a run of equal scores.
        let mut group_start = vec![0; field.entrants.len()];
        let mut group_size: HashMap<Exact, usize> = HashMap::new();
        for (p, &entrant) in field.entrants.iter().enumerate() {
            let s = score[entrant];
            *group_size.entry(s).or_default() += 1;
            group_start[p] = if p > 0 && score[field.entrants[p - 1]] == s {
                group_start[p - 1]
            } else {
                p
            };
        }
        let mut measures = TwoSeatMeasures {
            rematches: 0,
            bye_score: round.byes.first().map(|&e| score[e]),
            score_differences: Exact::ZERO,
            bye_place: round.byes.first().map(|e| place[e] + 1),
            equal_score_pattern: 0,
        };
        for table in &round.tables {
            let (a, b) = (table.seats[0], table.seats[1]);
            measures.rematches += u64::from(met(a, b) > 0);
            measures.score_differences += square(score[a] - score[b]);
            if score[a] == score[b] {
                let (pa, pb) = (place[&a], place[&b]);
                let start = group_start[pa];
                let (p, q) = ((pa.min(pb) - start) as i64, (pa.max(pb) - start) as i64);
                let m = group_size[&score[a]] as i64;
                measures.equal_score_pattern += (2 * (q - p) - m).pow(2) as u64;
            }
        }
        return Some(Explanation::TwoSeats(measures));
    }

    let mut measures = TableMeasures {
        bye_scores,
        repeated_partners: event.partnerships.then_some(0),
        repeated_meetings: 0,
        spread: Exact::ZERO,
        balance: event.partnerships.then_some(Exact::ZERO),
    };
    for table in &round.tables {
        let seats = &table.seats;
        for (k, &a) in seats.iter().enumerate() {
            for &b in &seats[k + 1..] {
                measures.repeated_meetings += met(a, b);
                measures.spread += square(score[a] - score[b]);
            }
        }
        if event.partnerships && seats.len() == 4 {
            // Seats 1 and 3 are partners against seats 2 and 4.
            let [a, b, c, d] = [seats[0], seats[1], seats[2], seats[3]];
            measures.repeated_partners = measures
                .repeated_partners
                .map(|sum| sum + partnered(a, c) + partnered(b, d));
            let sides = score[a] + score[c] - score[b] - score[d];
            let sides = if sides < Exact::ZERO { -sides } else { sides };
            measures.balance = measures.balance.map(|sum| sum + sides);
        }
    }
    Some(Explanation::Tables(measures))
}

impl Explanation {
    /// The measures as a JSON object, in the specification's order (`fives pair --explain`).
    pub fn to_json(&self) -> String {
        let number = |n: Option<Exact>| n.map_or("null".to_string(), Exact::to_json);
        let fields: Vec<(&str, String)> = match self {
            Explanation::TwoSeats(m) => vec![
                ("rematches", m.rematches.to_string()),
                ("bye", number(m.bye_score)),
                ("score_differences", m.score_differences.to_json()),
                (
                    "bye_place",
                    m.bye_place.map_or("null".into(), |p| p.to_string()),
                ),
                ("equal_score_pattern", m.equal_score_pattern.to_string()),
            ],
            Explanation::Tables(m) => {
                let mut fields = vec![("bye_scores", m.bye_scores.to_json())];
                if let Some(partners) = m.repeated_partners {
                    fields.push(("repeated_partners", partners.to_string()));
                }
                fields.push(("repeated_meetings", m.repeated_meetings.to_string()));
                fields.push(("spread", m.spread.to_json()));
                if let Some(balance) = m.balance {
                    fields.push(("balance", balance.to_json()));
                }
                fields
            }
        };
        let fields: Vec<String> = fields
            .into_iter()
            .map(|(key, value)| format!("\"{key}\": {value}"))
            .collect();
        format!("{{{}}}", fields.join(", "))
    }

    /// The measures in words, one line each, for an organiser's preview; `event` names the
    /// entrants with a bye.
    pub fn text(&self, event: &Event, round: &PairedRound) -> String {
        let byes: Vec<String> = round
            .byes
            .iter()
            .map(|&e| quoted(&event.entrants[e].id))
            .collect();
        let byes = match byes.len() {
            0 => "no bye".to_string(),
            1 => format!("bye to {}", byes[0]),
            _ => format!("byes to {}", byes.join(", ")),
        };
        match self {
            Explanation::TwoSeats(m) => {
                let bye = match (m.bye_score, m.bye_place) {
                    (Some(score), Some(place)) => {
                        format!("{byes}, score {score}, placed {place} in pairing rank")
                    }
                    _ => byes,
                };
                format!(
                    "No rematch: {} tables repeat a meeting.\n\
                     1. Bye: {bye}.\n\
                     2. Score differences: their squares sum to {}.\n\
                     3. Equal scores top half against bottom half: the sum of (2(q - p) - m)^2 is {}.\n",
                    m.rematches, m.score_differences, m.equal_score_pattern
                )
            }
            Explanation::Tables(m) => {
                let mut lines = vec![format!(
                    "1. Byes: {byes}, their scores summing to {}.",
                    m.bye_scores
                )];
                if let Some(partners) = m.repeated_partners {
                    lines.push(format!("2. Repeated partners: {partners}."));
                }
                lines.push(format!("3. Repeated meetings: {}.", m.repeated_meetings));
                lines.push(format!(
                    "4. Score spread: the squared score differences of pairs at a table sum to {}.",
                    m.spread
                ));
                if let Some(balance) = m.balance {
                    lines.push(format!(
                        "5. Balanced sides: the partnerships' totals differ by {balance} in all."
                    ));
                }
                lines.join("\n") + "\n"
            }
        }
    }
}
