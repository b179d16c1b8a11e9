//! Scores and tiebreak values of a field over a span of rounds.
//!
//! Opponents at a table are the other entrants at it, the partner excepted. A bye, a round
//! after withdrawal and a Swiss round the entrant missed count as a meeting with a virtual
//! opponent whose score is the entrant's own. A table without points, and a round after going
//! out of a bracket, count for nothing.

use std::collections::HashSet;
use std::ops::Range;

use crate::document::Format;
use crate::event::{EntrantIndex, Event, Tiebreak};
use crate::number::Exact;
use crate::seeding::scores;

/// One entrant's record over the span, everything the tiebreaks need.
#[derive(Clone, Debug, Default)]
struct Record {
    /// Per round met (table or virtual): the opponents' average score.
    round_values: Vec<Exact>,
    sonneborn_berger: Exact,
    wins: u32,
    game_points: Exact,
    game_point_difference: Exact,
    opponent_ratings: Exact,
    opponents_met: usize,
    /// The tables the entrant played with points: (round, table).
    tables: Vec<(usize, usize)>,
}

/// The field's scores and every tiebreak's ingredients over `rounds`.
pub struct Tally<'a> {
    event: &'a Event,
    pub scores: Vec<Exact>,
    records: Vec<Record>,
    /// Pairs (low, high) that met as opponents at a table with points.
    met: HashSet<(EntrantIndex, EntrantIndex)>,
}

/// The seats of a table that are an entrant's opponents (with partnerships, seats 1 and 3 are
/// partners against 2 and 4).
pub fn opponent_seats(event: &Event, seats: usize, seat: usize) -> impl Iterator<Item = usize> {
    let partnerships = event.partnerships && seats == 4;
    (0..seats).filter(move |&other| other != seat && !(partnerships && other % 2 == seat % 2))
}

impl<'a> Tally<'a> {
    pub fn new(event: &'a Event, rounds: Range<usize>) -> Tally<'a> {
        let scores = scores(event, rounds.clone());
        let mut records = vec![Record::default(); event.entrants.len()];
        let mut met = HashSet::new();
        for r in rounds {
            let round = &event.rounds[r];
            let mut accounted = vec![false; event.entrants.len()];
            for (t, table) in round.tables.iter().enumerate() {
                let Some(points) = &table.points else {
                    // Still being played: the entrants are neither at a table nor away.
                    for &entrant in &table.seats {
                        accounted[entrant] = true;
                    }
                    continue;
                };
                for (seat, &entrant) in table.seats.iter().enumerate() {
                    accounted[entrant] = true;
                    let opponents: Vec<usize> =
                        opponent_seats(event, table.seats.len(), seat).collect();
                    let count = opponents.len();
                    let record = &mut records[entrant];
                    let opponent_score: Exact =
                        opponents.iter().map(|&o| scores[table.seats[o]]).sum();
                    let opponent_score = opponent_score.div_count(count);
                    record.round_values.push(opponent_score);
                    record.sonneborn_berger += points[seat] * opponent_score;
                    if opponents.iter().all(|&o| points[seat] > points[o]) {
                        record.wins += 1;
                    }
                    if let Some(game_points) = &table.game_points {
                        record.game_points += game_points[seat];
                        let against: Exact = opponents.iter().map(|&o| game_points[o]).sum();
                        record.game_point_difference +=
                            game_points[seat] - against.div_count(count);
                    }
                    for &o in &opponents {
                        let opponent = table.seats[o];
                        record.opponent_ratings += event.entrants[opponent].rating;
                        met.insert((entrant.min(opponent), entrant.max(opponent)));
                    }
                    record.opponents_met += count;
                    record.tables.push((r, t));
                }
            }
            for &entrant in &round.byes {
                accounted[entrant] = true;
                let own = scores[entrant];
                records[entrant].round_values.push(own);
                records[entrant].sonneborn_berger += event.options.bye_points * own;
            }
            // A Swiss round the entrant missed (a late entry's earlier rounds, an absence)
            // counts as a virtual opponent, as a round after withdrawal does in any format; a
            // round after going out of a bracket counts for nothing.
            let swiss = event.format == Format::Swiss;
            for (entrant, done) in accounted.into_iter().enumerate() {
                if !done && (swiss || !event.entrants[entrant].is_active_in(r + 1)) {
                    records[entrant].round_values.push(scores[entrant]);
                }
            }
        }
        Tally {
            event,
            scores,
            records,
            met,
        }
    }

    /// A tiebreak's value that does not depend on who else is tied (all but head-to-head).
    pub fn value(&self, tiebreak: Tiebreak, entrant: EntrantIndex) -> Exact {
        let record = &self.records[entrant];
        let values = &record.round_values;
        let sum: Exact = values.iter().copied().sum();
        let lowest = values.iter().copied().min().unwrap_or(Exact::ZERO);
        let highest = values.iter().copied().max().unwrap_or(Exact::ZERO);
        match tiebreak {
            Tiebreak::Buchholz => sum,
            Tiebreak::BuchholzCut1 => sum - lowest,
            Tiebreak::MedianBuchholz if values.len() >= 3 => sum - lowest - highest,
            Tiebreak::MedianBuchholz => sum,
            Tiebreak::SonnebornBerger => record.sonneborn_berger,
            Tiebreak::Wins => Exact::integer(i64::from(record.wins)),
            Tiebreak::GamePoints => record.game_points,
            Tiebreak::GamePointDifference => record.game_point_difference,
            Tiebreak::AverageRatingOfOpponents if record.opponents_met == 0 => Exact::ZERO,
            Tiebreak::AverageRatingOfOpponents => {
                record.opponent_ratings.div_count(record.opponents_met)
            }
            Tiebreak::HeadToHead => Exact::ZERO,
        }
    }

    /// Head-to-head among `tied`: the points each scored at tables where one of its opponents
    /// was another of them, or `None` when some pair of them has not met.
    pub fn head_to_head(&self, tied: &[EntrantIndex]) -> Option<Vec<Exact>> {
        let pairs = tied.len() * (tied.len() - 1) / 2;
        if tied.len() < 2 || pairs > self.met.len() {
            return None;
        }
        for (i, &a) in tied.iter().enumerate() {
            for &b in &tied[i + 1..] {
                if !self.met.contains(&(a.min(b), a.max(b))) {
                    return None;
                }
            }
        }
        let members: HashSet<EntrantIndex> = tied.iter().copied().collect();
        Some(
            tied.iter()
                .map(|&entrant| {
                    self.records[entrant]
                        .tables
                        .iter()
                        .filter_map(|&(r, t)| {
                            let table = &self.event.rounds[r].tables[t];
                            let seat = table.seats.iter().position(|&e| e == entrant)?;
                            let against_tied = opponent_seats(self.event, table.seats.len(), seat)
                                .any(|o| members.contains(&table.seats[o]));
                            against_tied.then(|| table.points.as_ref().expect("played")[seat])
                        })
                        .sum()
                })
                .collect(),
        )
    }
}
