//! Rule facts derived from a ruleset, never typed in: the counts a layout can show, the pegs a
//! placement can score, the most placements a seat or side can make in a hand, and the hand
//! scores a side can reach. Score checking of records without moves rests on them.
//!
//! The counts come from an enumeration of every layout shape a hand can build within its
//! placements. A shape keeps what decides the count exactly (each double: unplayed, at a tip,
//! a spinner with its free sides and arms, or covered) and relaxes only the values showing on
//! plain ends, which may be anything from 0 up to what the set's distinct tiles can show
//! together. The relaxation can only add counts, so a peg a real hand can make is never refused.
//!
#![doc = include_str!("facts.md")]

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, OnceLock};

use crate::ruleset::{DominoBonus, HandEnd, Ruleset, Spinners};
use crate::scoring::{count_points, round5};
use crate::tile::{MAX_PIP, Tile};

/// What the rules allow in one hand, for a ruleset and number of players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Every count a layout can show after a placement.
    pub counts: BTreeSet<u32>,
    /// Every positive number of points one placement can score.
    pub pegs: BTreeSet<u32>,
    /// The most placements one seat can make in a hand.
    pub max_placements_seat: usize,
    /// The most placements one side (seat or team) can make in a hand.
    pub max_placements_side: usize,
    /// Every hand-end amount a side can receive.
    pub hand_end: BTreeSet<i32>,
    /// Every net score a side can make in a hand, finish rules aside.
    pub hand_scores: BTreeSet<i32>,
}

/// The facts of a ruleset, computed once per ruleset and kept.
pub fn facts(ruleset: &Ruleset) -> Arc<Facts> {
    static CACHE: OnceLock<Mutex<HashMap<Ruleset, Arc<Facts>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(facts) = cache.lock().expect("facts cache").get(ruleset) {
        return Arc::clone(facts);
    }
    let facts = Arc::new(derive(ruleset));
    cache
        .lock()
        .expect("facts cache")
        .insert(*ruleset, Arc::clone(&facts));
    facts
}

fn derive(ruleset: &Ruleset) -> Facts {
    let counts = reachable_counts(ruleset);
    let scoring = ruleset.options().scoring;
    let pegs: BTreeSet<u32> = counts
        .iter()
        .map(|&count| count_points(scoring, count))
        .filter(|&points| points > 0)
        .collect();
    let seat = ruleset.hand_size() + ruleset.drawable();
    let side = if ruleset.partnerships() {
        // Partners share the boneyard; with first-out one of them keeps a tile.
        let both = 2 * ruleset.hand_size() + ruleset.drawable();
        if ruleset.both_out() { both } else { both - 1 }
    } else {
        seat
    };
    let hand_end = hand_end_amounts(ruleset);
    let hand_scores = hand_scores(ruleset, &pegs, side, &hand_end);
    Facts {
        counts,
        pegs,
        max_placements_seat: seat,
        max_placements_side: side,
        hand_end,
        hand_scores,
    }
}

/// The total placements a hand can hold: every dealt and drawable tile.
fn placement_budget(ruleset: &Ruleset) -> usize {
    (ruleset.players() * ruleset.hand_size() + ruleset.drawable()).min(ruleset.set_size())
}

// A double's part in a layout shape.
const UNPLAYED: u8 = 0;
const COVERED: u8 = 1;
const CROSS: u8 = 2; // a crosswise double with one free spot
const CROSS_SET: u8 = 3; // a crosswise double set alone, both spots free
const SPINNER: u8 = 4; // + 3 * free sides + free arms (4 ..= 12)

/// A layout shape: the plain ends (values relaxed) and the state of each double.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Shape {
    plain_ends: u8,
    doubles: [u8; MAX_PIP as usize + 1],
    first_double_played: bool,
}

impl Shape {
    /// The count with every plain end showing 0.
    fn double_count(&self) -> u32 {
        let mut count = 0;
        for (value, &state) in self.doubles.iter().enumerate() {
            let at_tip = match state {
                UNPLAYED | COVERED => false,
                CROSS..SPINNER => true,
                _ => (state - SPINNER) / 3 > 0,
            };
            if at_tip {
                count += 2 * value as u32;
            }
        }
        count
    }
}

/// A double's state after a tile covers one of its free spots (sides before arms).
fn covered(state: u8) -> Option<u8> {
    match state {
        UNPLAYED | COVERED => None,
        CROSS => Some(COVERED),
        CROSS_SET => Some(CROSS),
        _ => match ((state - SPINNER) / 3, (state - SPINNER) % 3) {
            (0, 0) => None,
            (0, 1) => Some(COVERED),
            (0, arms) => Some(SPINNER + arms - 1),
            (sides, arms) => Some(SPINNER + 3 * (sides - 1) + arms),
        },
    }
}

fn reachable_counts(ruleset: &Ruleset) -> BTreeSet<u32> {
    let set = ruleset.options().set;
    let spinners = ruleset.options().spinners;
    let max = set.max_pip();
    let tiles = set.tiles();
    // The most the plain ends can show together: distinct non-doubles, each its higher half.
    let mut highs: Vec<u32> = tiles
        .iter()
        .filter(|t| !t.is_double())
        .map(|t| t.high() as u32)
        .collect();
    highs.sort_unstable_by(|a, b| b.cmp(a));
    let plain_max = |ends: u8| -> u32 { highs.iter().take(ends as usize).sum() };
    let doubles: Vec<u8> = (0..=max)
        .filter(|&v| tiles.contains(Tile::new(v, v)))
        .collect();
    let budget = placement_budget(ruleset);

    let spinner_for = |shape: &Shape| match spinners {
        Spinners::AllDoubles => true,
        Spinners::FirstDouble => !shape.first_double_played,
        Spinners::None | Spinners::Sniff => false,
    };
    let place_double = |shape: &Shape, value: u8, ends: u8, lengthwise: bool| -> Shape {
        let mut next = *shape;
        next.doubles[value as usize] = if spinner_for(shape) {
            SPINNER + 3 * ends + 2
        } else if lengthwise {
            next.plain_ends += ends;
            COVERED
        } else {
            CROSS + ends - 1
        };
        next.first_double_played = true;
        next
    };

    let mut seen: HashSet<Shape> = HashSet::new();
    let mut queue: VecDeque<(Shape, usize)> = VecDeque::new();
    let empty = Shape {
        plain_ends: 0,
        doubles: [UNPLAYED; MAX_PIP as usize + 1],
        first_double_played: false,
    };
    let mut sets = vec![Shape {
        plain_ends: 2,
        ..empty
    }];
    for &value in &doubles {
        sets.push(place_double(&empty, value, 2, false));
        if spinners == Spinners::Sniff {
            sets.push(place_double(&empty, value, 2, true));
        }
    }
    let mut counts = BTreeSet::new();
    // The set alone counts the sum of its halves.
    counts.extend(tiles.iter().map(Tile::pips));
    for shape in sets {
        if seen.insert(shape) {
            queue.push_back((shape, 1));
        }
    }
    while let Some((shape, placed)) = queue.pop_front() {
        if seen.len() > MAX_SHAPES {
            return counts_bound(ruleset);
        }
        let base = shape.double_count();
        // Plain ends take any value once a tile can go on one (the set alone is exact).
        if placed > 1 || (placed < budget && shape.plain_ends > 0) {
            counts.extend((0..=plain_max(shape.plain_ends)).map(|plain| base + plain));
        }
        if placed == budget {
            continue;
        }
        let mut push = |next: Shape| {
            if seen.insert(next) {
                queue.push_back((next, placed + 1));
            }
        };
        // A non-double on a double's free spot adds a plain end.
        for &value in &doubles {
            if let Some(covered) = covered(shape.doubles[value as usize]) {
                let mut next = shape;
                next.doubles[value as usize] = covered;
                next.plain_ends += 1;
                push(next);
            }
        }
        // A new double on a plain end (whose value is relaxed to match).
        if shape.plain_ends > 0 {
            for &value in &doubles {
                if shape.doubles[value as usize] != UNPLAYED {
                    continue;
                }
                let mut on_end = shape;
                on_end.plain_ends -= 1;
                push(place_double(&on_end, value, 1, false));
                if spinners == Spinners::Sniff && !shape.first_double_played {
                    push(place_double(&on_end, value, 1, true));
                }
            }
        }
    }
    counts
}

/// Beyond this many layout shapes (large sets with many spinners) the enumeration gives way
/// to [`counts_bound`].
const MAX_SHAPES: usize = 200_000;

/// Every count up to a bound no layout can pass: each open end is a distinct tile showing at
/// most its higher half, or a double at a tip showing both halves, and a layout has at most
/// two open ends plus two for every spinner.
fn counts_bound(ruleset: &Ruleset) -> BTreeSet<u32> {
    let tiles = ruleset.options().set.tiles();
    let doubles = tiles.iter().filter(|t| t.is_double()).count();
    let max_ends = match ruleset.options().spinners {
        Spinners::AllDoubles => 2 + 2 * doubles,
        Spinners::FirstDouble => 4,
        Spinners::None | Spinners::Sniff => 2,
    };
    let mut shows: Vec<u32> = tiles
        .iter()
        .map(|t| {
            if t.is_double() {
                t.pips()
            } else {
                t.high() as u32
            }
        })
        .collect();
    shows.sort_unstable_by(|a, b| b.cmp(a));
    let bound: u32 = shows.iter().take(max_ends).sum();
    (0..=bound).collect()
}

/// The most pips `tiles` tiles of the set can hold.
fn max_pips(ruleset: &Ruleset, tiles: usize) -> u32 {
    let mut pips: Vec<u32> = ruleset
        .options()
        .set
        .tiles()
        .iter()
        .map(Tile::pips)
        .collect();
    pips.sort_unstable_by(|a, b| b.cmp(a));
    pips.iter().take(tiles).sum()
}

/// Every hand-end amount a side can receive (rules.md 2.1), from the most pips the seats can
/// hold when the hand ends.
fn hand_end_amounts(ruleset: &Ruleset) -> BTreeSet<i32> {
    let held = ruleset.hand_size() + ruleset.drawable();
    let seat_max = max_pips(ruleset, held);
    let seats_per_side = if ruleset.partnerships() { 2 } else { 1 };
    let opponents = ruleset.players() - seats_per_side;
    let opponents_max = max_pips(ruleset, held * opponents);
    let steps =
        |from: i32, to: i32, step: usize| -> BTreeSet<i32> { (from..=to).step_by(step).collect() };
    match ruleset.options().hand_end {
        HandEnd::None => BTreeSet::from([0]),
        HandEnd::DeductOwn => steps(-(round5(seat_max) as i32) * seats_per_side as i32, 0, 5),
        HandEnd::DeductOwnFifths => steps(
            -((round5(seat_max) / 5) as i32) * seats_per_side as i32,
            0,
            1,
        ),
        HandEnd::WinnerTakesOpponents => steps(0, round5(opponents_max) as i32, 5),
        HandEnd::WinnerTakesHighestFifths => steps(0, (round5(seat_max) / 5) as i32, 1),
        HandEnd::WinnerTakesHighestThirds => steps(0, seat_max.div_ceil(3) as i32, 1),
        HandEnd::WinnerTakesOpponentsFifths => steps(0, (round5(opponents_max) / 5) as i32, 1),
        HandEnd::WinnerTakesAllUnplayed => {
            let all = max_pips(ruleset, held * ruleset.players());
            steps(-(seat_max as i32), all as i32, 1)
        }
    }
}

/// Net hand scores of a side: up to `placements` pegs, the domino bonus, and a hand-end amount.
fn hand_scores(
    ruleset: &Ruleset,
    pegs: &BTreeSet<u32>,
    placements: usize,
    hand_end: &BTreeSet<i32>,
) -> BTreeSet<i32> {
    let sums = peg_sums(pegs, placements);
    let bonus = u32::from(ruleset.options().domino_bonus == DominoBonus::OnePoint);
    let mut scores = BTreeSet::new();
    for &sum in &sums {
        for extra in 0..=bonus {
            for &end in hand_end {
                scores.insert((sum + extra) as i32 + end);
            }
        }
    }
    scores
}

/// The totals a side can end a game on: a winner's and a loser's, derived from the hand scores
/// a side can make (`Facts::hand_scores`) and the finish rule. A game's totals are sums of hand
/// scores, every running total short of the target until the hand that wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnds {
    /// The totals the losing side can finish on, from `lowest` up.
    pub losing: BTreeSet<i32>,
    /// The totals the winning side can finish on.
    pub winning: BTreeSet<i32>,
}

/// The totals a game under `ruleset` can end on, no total counted below `lowest` (hand scores
/// that can be negative have no floor of their own). Computed once per ruleset and kept.
pub fn game_ends(ruleset: &Ruleset, lowest: i32) -> Arc<GameEnds> {
    type Kept = HashMap<(Ruleset, i32), Arc<GameEnds>>;
    static CACHE: OnceLock<Mutex<Kept>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(ends) = cache
        .lock()
        .expect("game ends cache")
        .get(&(*ruleset, lowest))
    {
        return Arc::clone(ends);
    }
    let ends = Arc::new(derive_game_ends(ruleset, lowest));
    cache
        .lock()
        .expect("game ends cache")
        .insert((*ruleset, lowest), Arc::clone(&ends));
    ends
}

fn derive_game_ends(ruleset: &Ruleset, lowest: i32) -> GameEnds {
    use crate::ruleset::Finish;
    let hand_scores = facts(ruleset).hand_scores.clone();
    let target = ruleset.target() as i32;
    // Every total a side can hold while nobody has won: below the target, from `lowest`.
    let mut undecided = BTreeSet::from([0]);
    let mut frontier = vec![0];
    while let Some(total) = frontier.pop() {
        for &score in &hand_scores {
            let next = total + score;
            if (lowest..target).contains(&next) && undecided.insert(next) {
                frontier.push(next);
            }
        }
    }
    let finish = ruleset.options().finish;
    let mut winning = BTreeSet::new();
    for &total in &undecided {
        for &score in hand_scores.range(1..) {
            let next = total + score;
            let wins = match finish {
                Finish::Exact | Finish::ExactBounce => next == target,
                Finish::Reach | Finish::CompleteHand => next >= target,
            };
            if wins {
                winning.insert(next);
            }
        }
    }
    // With complete-hand, both sides may pass the target in the last hand; the higher wins.
    let losing = match finish {
        Finish::CompleteHand => undecided.union(&winning).copied().collect(),
        _ => undecided,
    };
    GameEnds { losing, winning }
}

/// Every total of at most `placements` pegs.
pub fn peg_sums(pegs: &BTreeSet<u32>, placements: usize) -> BTreeSet<u32> {
    let mut sums = BTreeSet::from([0u32]);
    let mut frontier = sums.clone();
    for _ in 0..placements {
        let next: BTreeSet<u32> = frontier
            .iter()
            .flat_map(|&sum| pegs.iter().map(move |&peg| sum + peg))
            .filter(|sum| !sums.contains(sum))
            .collect();
        if next.is_empty() {
            break;
        }
        sums.extend(next.iter().copied());
        frontier = next;
    }
    sums
}

/// Numbers written compactly: `1 to 4, 6, 8`, `-60 to 250 by 5`.
pub fn describe<T: Copy + Into<i64>>(values: impl IntoIterator<Item = T>) -> String {
    let values: Vec<i64> = values.into_iter().map(Into::into).collect();
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let mut j = i;
        if i + 2 < values.len() {
            let step = values[i + 1] - values[i];
            while j + 1 < values.len() && values[j + 1] - values[j] == step {
                j += 1;
            }
            if j - i < 2 {
                j = i;
            }
        }
        parts.push(
            match (j - i, values.get(i + 1).map(|next| next - values[i])) {
                (0, _) => values[i].to_string(),
                (_, Some(1)) => format!("{} to {}", values[i], values[j]),
                (_, Some(step)) => format!("{} to {} by {step}", values[i], values[j]),
                (_, None) => unreachable!("a run has a next value"),
            },
        );
        i = j + 1;
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// The table of derived facts for every preset and player count, as the crate documents it.
pub fn facts_table() -> String {
    use crate::ruleset::Preset;
    let mut table = String::from(
        "\n## Derived facts of the presets\n\n\
         Generated by the test `facts::tests::the_documented_tables_match_the_derivation`; \
         it fails when the derivation and this table differ.\n\n\
         | preset | players | counts a placement can show | pegs a placement can score | \
         placements (seat / side) | hand-end amounts | hand scores of a side |\n\
         | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for &preset in Preset::ALL {
        for players in preset.players() {
            let ruleset = Ruleset::preset(preset, players).expect("presets build");
            let facts = facts(&ruleset);
            table.push_str(&format!(
                "| {preset} | {players}{} | {} | {} | {} / {} | {} | {} |\n",
                if ruleset.partnerships() {
                    " (partners)"
                } else {
                    ""
                },
                describe(facts.counts.iter().copied()),
                describe(facts.pegs.iter().copied()),
                facts.max_placements_seat,
                facts.max_placements_side,
                describe(facts.hand_end.iter().copied()),
                describe(facts.hand_scores.iter().copied()),
            ));
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Preset, RulesetSpec, Scoring};

    #[test]
    fn fives_and_threes_pegs_follow_from_the_highest_count() {
        // rules.md section 5: the highest two-ended count is 22 (6-6 and 5-5 at the tips), so
        // Fives and Threes can peg only 1, 2, 3, 4, 6 or 8.
        for players in 2..=4 {
            let facts = facts(&Ruleset::preset(Preset::FivesAndThrees, players).unwrap());
            assert_eq!(facts.counts.last(), Some(&22));
            assert!(!facts.counts.contains(&21));
            assert_eq!(facts.pegs, BTreeSet::from([1, 2, 3, 4, 6, 8]));
        }
    }

    #[test]
    fn muggins_pegs_multiples_of_five_up_to_twenty() {
        let facts = facts(&Ruleset::preset(Preset::Muggins, 2).unwrap());
        assert_eq!(facts.pegs, BTreeSet::from([5, 10, 15, 20]));
        assert!(facts.hand_scores.iter().all(|score| score % 5 == 0));
    }

    #[test]
    fn spinners_reach_higher_counts_than_lines() {
        let line = facts(&Ruleset::preset(Preset::Muggins, 2).unwrap());
        let spinner = facts(&Ruleset::preset(Preset::AllFives, 2).unwrap());
        assert!(spinner.counts.last() > line.counts.last());
    }

    #[test]
    fn odd_primes_scoring_adds_pegs_for_sevens() {
        let mut spec = RulesetSpec::preset(Preset::FivesAndThrees);
        spec.overrides.scoring = Some(Scoring::OddPrimes);
        let facts = facts(&spec.build(2).unwrap());
        assert!(facts.pegs.contains(&1) && facts.pegs.contains(&2));
        // 14 = 2 x 7 scores 2, 7 scores 1, 11 scores 1, 13 scores 1.
        assert!(facts.counts.contains(&14));
    }

    #[test]
    fn placements_count_dealt_and_drawable_tiles() {
        let two = facts(&Ruleset::preset(Preset::FivesAndThrees, 2).unwrap());
        assert_eq!((two.max_placements_seat, two.max_placements_side), (7, 7));
        let partners = facts(&Ruleset::preset(Preset::FivesAndThrees, 4).unwrap());
        assert_eq!(
            (partners.max_placements_seat, partners.max_placements_side),
            (5, 10)
        );
        let five_up = facts(&Ruleset::preset(Preset::FiveUp, 4).unwrap());
        assert_eq!(five_up.max_placements_seat, 5 + 8);
        assert_eq!(five_up.max_placements_side, 10 + 8 - 1);
    }

    #[test]
    fn large_sets_fall_back_to_a_sound_bound() {
        let mut spec = RulesetSpec::preset(Preset::FiveUp);
        spec.overrides.set = Some(crate::tile::DominoSet::DoubleNine);
        let ruleset = spec.build(2).unwrap();
        let bound = counts_bound(&ruleset);
        let derived = facts(&ruleset);
        assert!(derived.counts.is_subset(&bound) || derived.counts == bound);
        // The double-six enumeration stays within the bound of its own set.
        let six = Ruleset::preset(Preset::FiveUp, 2).unwrap();
        assert!(facts(&six).counts.is_subset(&counts_bound(&six)));
    }

    #[test]
    fn a_game_ends_where_the_finish_rule_and_the_hand_scores_allow() {
        let fives_and_threes =
            game_ends(&Ruleset::preset(Preset::FivesAndThrees, 2).unwrap(), -1000);
        // Exact finish: the winner on 61 exactly; the loser anywhere from 0 to 60.
        assert_eq!(fives_and_threes.winning, BTreeSet::from([61]));
        assert_eq!(fives_and_threes.losing, (0..61).collect());
        let muggins = game_ends(&Ruleset::preset(Preset::Muggins, 2).unwrap(), -1000);
        // Reach: the winner at 250 or past it by less than a hand; every total by fives.
        assert!(muggins.winning.contains(&250) && !muggins.winning.contains(&251));
        assert!(
            muggins
                .winning
                .iter()
                .all(|total| total % 5 == 0 && *total >= 250)
        );
        assert!(muggins.losing.contains(&-5) && muggins.losing.contains(&245));
        assert!(!muggins.losing.contains(&250) && !muggins.losing.contains(&7));
        assert!(muggins.losing.iter().all(|total| *total >= -1000));
        // Complete hand: the loser may pass the target in the last hand too.
        let five_up = game_ends(&Ruleset::preset(Preset::FiveUp, 2).unwrap(), -1000);
        assert!(five_up.losing.contains(&70));
    }

    #[test]
    fn describe_writes_runs_compactly() {
        assert_eq!(describe([1u32, 2, 3, 4, 6, 8]), "1 to 4, 6, 8");
        assert_eq!(describe([-10i32, -5, 0, 5]), "-10 to 5 by 5");
        assert_eq!(describe([1u32, 3]), "1, 3");
        assert_eq!(describe(Vec::<u32>::new()), "none");
    }

    #[test]
    fn the_documented_tables_match_the_derivation() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/facts.md");
        let table = facts_table();
        if std::env::var_os("FIVES_UPDATE_FACTS").is_some() {
            std::fs::write(path, &table).expect("writing src/facts.md");
        }
        let documented = std::fs::read_to_string(path).expect("reading src/facts.md");
        assert!(
            documented == table,
            "src/facts.md differs from the derived facts; regenerate it with \
             FIVES_UPDATE_FACTS=1 cargo test -p fives-rules documented_tables"
        );
    }
}
