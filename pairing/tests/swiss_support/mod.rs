//! Whole Swiss events played by repeated pairing with pseudo-random results, for the tests
//! and benchmarks of the Swiss engines. Deterministic for a seed.

#![allow(dead_code)]

use std::collections::HashMap;

use fives_pairing::swiss::{self, NoSwissPairing, Remainder, SwissEntrant, SwissField, SwissRound};

/// A small deterministic generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// An event between rounds: scores scaled by 2 (a win 2, a draw 1), byes, who met whom.
#[derive(Debug, Clone)]
pub struct Event {
    pub seats: usize,
    pub partnerships: bool,
    pub remainder: Remainder,
    pub rating: Vec<i64>,
    pub score: Vec<i64>,
    pub byes: Vec<u32>,
    pub met: HashMap<(usize, usize), u32>,
    pub partnered: HashMap<(usize, usize), u32>,
    /// Withdrawn entrants are paired no more.
    pub active: Vec<bool>,
    pub rounds: usize,
    /// The bye's points (scaled).
    pub bye_points: i64,
}

fn key(i: usize, j: usize) -> (usize, usize) {
    (i.min(j), i.max(j))
}

impl Event {
    pub fn new(entrants: usize, seats: usize, partnerships: bool, rng: &mut Rng) -> Self {
        Event {
            seats,
            partnerships,
            remainder: Remainder::Byes,
            rating: (0..entrants)
                .map(|_| 1000 + rng.below(1500) as i64)
                .collect(),
            score: vec![0; entrants],
            byes: vec![0; entrants],
            met: HashMap::new(),
            partnered: HashMap::new(),
            active: vec![true; entrants],
            rounds: 0,
            bye_points: 2,
        }
    }

    /// The active entrants in pairing-rank order (score, rating, entry order).
    pub fn rank_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.score.len()).filter(|&i| self.active[i]).collect();
        order.sort_by_key(|&i| (-self.score[i], -self.rating[i], i));
        order
    }

    /// The field for the next round, and the entrant at each index of it.
    pub fn field(&self) -> (SwissField, Vec<usize>) {
        let order = self.rank_order();
        let mut index = vec![usize::MAX; self.score.len()];
        for (k, &i) in order.iter().enumerate() {
            index[i] = k;
        }
        let relabel = |map: &HashMap<(usize, usize), u32>| {
            map.iter()
                .filter(|&(&(i, j), _)| self.active[i] && self.active[j])
                .map(|(&(i, j), &c)| (key(index[i], index[j]), c))
                .collect()
        };
        let field = SwissField {
            entrants: order
                .iter()
                .map(|&i| SwissEntrant {
                    score: self.score[i],
                    byes: self.byes[i],
                })
                .collect(),
            seats: self.seats,
            partnerships: self.partnerships,
            remainder: self.remainder,
            meetings: relabel(&self.met),
            partners: relabel(&self.partnered),
        };
        (field, order)
    }

    /// Plays a round paired on `field()` with pseudo-random results: at two seats a win, a draw
    /// or a loss; at three or four seats points by place (the better-rated more often first);
    /// with partnerships a side wins or the sides draw.
    pub fn play(&mut self, round: &SwissRound, order: &[usize], rng: &mut Rng) {
        for table in &round.tables {
            let seats: Vec<usize> = table.iter().map(|&k| order[k]).collect();
            for (a, &i) in seats.iter().enumerate() {
                for &j in &seats[a + 1..] {
                    *self.met.entry(key(i, j)).or_default() += 1;
                }
            }
            if self.partnerships && seats.len() == 4 {
                *self.partnered.entry(key(seats[0], seats[2])).or_default() += 1;
                *self.partnered.entry(key(seats[1], seats[3])).or_default() += 1;
                let (ours, theirs) = match rng.below(5) {
                    0 => (1, 1),
                    1 | 2 => (2, 0),
                    _ => (0, 2),
                };
                self.score[seats[0]] += ours;
                self.score[seats[2]] += ours;
                self.score[seats[1]] += theirs;
                self.score[seats[3]] += theirs;
            } else if seats.len() == 2 {
                let (a, b) = match rng.below(6) {
                    0 => (1, 1),
                    1..=3 if self.rating[seats[0]] >= self.rating[seats[1]] => (2, 0),
                    1..=3 => (0, 2),
                    _ if self.rating[seats[0]] >= self.rating[seats[1]] => (0, 2),
                    _ => (2, 0),
                };
                self.score[seats[0]] += a;
                self.score[seats[1]] += b;
            } else {
                let mut places = seats.clone();
                for k in (1..places.len()).rev() {
                    places.swap(k, rng.below(k as u64 + 1) as usize);
                }
                for (place, &i) in places.iter().enumerate() {
                    self.score[i] += 2 * (places.len() - 1 - place) as i64;
                }
            }
        }
        for &k in &round.byes {
            let i = order[k];
            self.score[i] += self.bye_points;
            self.byes[i] += 1;
        }
        self.rounds += 1;
    }

    /// Pairs and plays a round; the round as entrant ids.
    pub fn round(&mut self, rng: &mut Rng) -> Result<SwissRound, NoSwissPairing> {
        let (field, order) = self.field();
        let round = swiss::pair(&field)?;
        self.play(&round, &order, rng);
        Ok(SwissRound {
            tables: round
                .tables
                .iter()
                .map(|t| t.iter().map(|&k| order[k]).collect())
                .collect(),
            byes: round.byes.iter().map(|&k| order[k]).collect(),
        })
    }
}
