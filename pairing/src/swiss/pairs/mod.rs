//! Swiss at two seats.
//!
//! The measures of the specification, read exactly (the third needs an interpretation; see
//! [`PairMeasures`]), and the search for the best pairing that keeps the absolute rules.

use std::ops::Add;

use fold::{Folded, Scale};

use super::byes::ByeRule;
use super::history::PairCounts;
use super::matching::{Graph, Lex, min_cost_perfect_matching};
use super::{NoSwissPairing, SwissField, SwissRound};

mod by_groups;
mod fold;
mod group;
mod sparse;

/// How good a pairing is, compared field by field in declaration order (the derived `Ord`):
/// each field only decides between pairings equal on all before it. Smaller is better.
///
/// 1. `bye_level`: the bye's score among the scores of those who may have it, 0 the lowest.
/// 2. `score_diff`: the sum over tables of the squared score difference.
/// 3. The specification's third measure, read as three in turn:
///    - `bye_rank`: the bye to the lowest-ranked entrant possible (`n - 1 - index`);
///    - `pattern`: over tables of equal score, with `p < q` the two entrants' places (from 0,
///      in pairing-rank order) in the group of all active entrants with that score and `m` its
///      size, the sum of `(2 (q - p) - m)^2`. It is zero exactly when a whole group of even
///      size plays top half against bottom half in rank order (1 v 5, 2 v 6, … of eight); when
///      some of a group play elsewhere (a floater, the bye, a rematch to avoid), it puts the
///      rest top half against bottom half, in order, as far as it can: the squares prefer
///      every distance near `m/2` to some near and some far;
///    - `float`: the specification says nothing on who floats, so the usual choice: over
///      tables of unequal score, the higher-scored entrant as low in its group and the
///      lower-scored as high in its group as possible, the sum of `(m_a - 1 - p) + q`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
pub(crate) struct PairMeasures {
    pub(crate) bye_level: u64,
    pub(crate) score_diff: u128,
    pub(crate) bye_rank: u64,
    pub(crate) pattern: u128,
    pub(crate) float: u128,
}

impl Add for PairMeasures {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        PairMeasures {
            bye_level: self.bye_level + other.bye_level,
            score_diff: self.score_diff + other.score_diff,
            bye_rank: self.bye_rank + other.bye_rank,
            pattern: self.pattern + other.pattern,
            float: self.float + other.float,
        }
    }
}

/// Everything the two-seat measures need, by entrant index.
#[derive(Debug, Clone)]
pub(crate) struct PairModel {
    pub(crate) score: Vec<i64>,
    /// Score group of each entrant; groups numbered from the highest score.
    pub(crate) group: Vec<usize>,
    /// Place of each entrant in its group, from 0, in rank order.
    pub(crate) place: Vec<usize>,
    /// Members of each group in rank order.
    pub(crate) members: Vec<Vec<usize>>,
    /// The bye's first measure for each entrant who may have it.
    pub(crate) bye_level: Vec<Option<u64>>,
    pub(crate) met: PairCounts,
}

impl PairModel {
    #[cfg(test)]
    pub(crate) fn new(field: &SwissField) -> Self {
        PairModel::with_met(
            field,
            PairCounts::new(field.entrants.len(), &field.meetings),
        )
    }

    /// The model with the earlier meetings given (the field's map is not read).
    pub(crate) fn with_met(field: &SwissField, met: PairCounts) -> Self {
        let n = field.entrants.len();
        let score: Vec<i64> = field.entrants.iter().map(|e| e.score).collect();
        let mut scores: Vec<i64> = score.clone();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        scores.dedup();
        let group: Vec<usize> = score
            .iter()
            .map(|s| scores.binary_search_by(|probe| s.cmp(probe)).unwrap())
            .collect();
        let mut members = vec![Vec::new(); scores.len()];
        let mut place = vec![0; n];
        for i in 0..n {
            place[i] = members[group[i]].len();
            members[group[i]].push(i);
        }
        let may = if n % 2 == 1 {
            ByeRule::new(&field.entrants, 1).may
        } else {
            vec![false; n]
        };
        let bye_level = bye_levels(&score, &may);
        PairModel {
            score,
            group,
            place,
            members,
            bye_level,
            met,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.score.len()
    }

    /// Whether `i` and `j` may meet: they have not met before.
    #[inline]
    pub(crate) fn allowed(&self, i: usize, j: usize) -> bool {
        i != j && self.met.get(i, j) == 0
    }

    /// The measures of a table of `i` and `j` (in either order).
    pub(crate) fn table(&self, i: usize, j: usize) -> PairMeasures {
        let diff = self.score[i].abs_diff(self.score[j]) as u128;
        let (gi, gj) = (self.group[i], self.group[j]);
        let (pattern, float) = if gi == gj {
            let m = self.members[gi].len() as i128;
            let d = self.place[i].abs_diff(self.place[j]) as i128;
            ((2 * d - m).pow(2) as u128, 0)
        } else {
            let (high, low) = if gi < gj { (i, j) } else { (j, i) };
            let below = self.members[self.group[high]].len() - 1 - self.place[high];
            (0, (below + self.place[low]) as u128)
        };
        PairMeasures {
            score_diff: diff * diff,
            pattern,
            float,
            ..PairMeasures::default()
        }
    }

    /// The measures of a bye for `i`, if `i` may have it.
    pub(crate) fn bye(&self, i: usize) -> Option<PairMeasures> {
        self.bye_level[i].map(|level| PairMeasures {
            bye_level: level,
            bye_rank: (self.len() - 1 - i) as u64,
            ..PairMeasures::default()
        })
    }

    /// The measures of a whole pairing.
    pub(crate) fn measures(&self, tables: &[[usize; 2]], bye: Option<usize>) -> PairMeasures {
        let tables = tables.iter().fold(PairMeasures::default(), |sum, &[i, j]| {
            sum + self.table(i, j)
        });
        match bye {
            Some(b) => tables + self.bye(b).expect("a bye to an entrant who may have it"),
            None => tables,
        }
    }

    /// Why no pairing exists, once none was found: the rematch rule alone, or with the bye
    /// rule when giving the bye to anyone would have found one.
    fn no_pairing(&self, options: Options) -> NoSwissPairing {
        let n = self.len();
        let restricted = n % 2 == 1 && self.bye_level.iter().any(Option::is_none);
        let message = if restricted && best(&self.any_bye(), options).is_ok() {
            "no pairing avoids a rematch while the bye goes to an entrant who has not had one"
        } else {
            "no pairing avoids a rematch"
        };
        NoSwissPairing(message.to_string())
    }

    /// The same field with the bye open to everyone.
    fn any_bye(&self) -> PairModel {
        PairModel {
            bye_level: bye_levels(&self.score, &vec![true; self.len()]),
            ..self.clone()
        }
    }
}

/// The first measure of a bye for each entrant who may have it: the rank of its score among
/// the distinct scores of those who may, from the lowest.
fn bye_levels(score: &[i64], may: &[bool]) -> Vec<Option<u64>> {
    let mut eligible: Vec<i64> = (0..score.len())
        .filter(|&i| may[i])
        .map(|i| score[i])
        .collect();
    eligible.sort_unstable();
    eligible.dedup();
    (0..score.len())
        .map(|i| may[i].then(|| eligible.binary_search(&score[i]).unwrap() as u64))
        .collect()
}

/// How the solver works on a field; the defaults suit every field, tests shrink them to
/// exercise the checks that keep a sparse graph exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Options {
    /// Up to this many entrants the matching runs on the whole field's graph.
    pub(crate) whole_graph_up_to: usize,
    /// The sparse graph's window (see [`sparse::candidate_edges`]).
    pub(crate) window: usize,
    /// Pairs added per outer vertex when the sparse graph has no perfect matching, and per
    /// entrant when the dual check finds pairs with a negative slack.
    pub(crate) widen_by: usize,
    /// The most pairs within the score bound worth a matching on all of them.
    pub(crate) bounded_edges: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            whole_graph_up_to: 120,
            window: 6,
            widen_by: 4,
            bounded_edges: 1_500_000,
        }
    }
}

/// The best pairing at two seats, or which absolute rule cannot be kept.
/// The best pairing of the field, with its earlier meetings given as counts.
pub(crate) fn pair(field: &SwissField, met: PairCounts) -> Result<SwissRound, NoSwissPairing> {
    pair_model(PairModel::with_met(field, met), Options::default())
}

#[cfg(test)]
pub(crate) fn pair_with(
    field: &SwissField,
    options: Options,
) -> Result<SwissRound, NoSwissPairing> {
    pair_model(PairModel::new(field), options)
}

fn pair_model(model: PairModel, options: Options) -> Result<SwissRound, NoSwissPairing> {
    let by_groups = (model.len() > options.whole_graph_up_to)
        .then(|| by_groups::solve(&model, options))
        .flatten();
    let (tables, bye) = by_groups
        .map_or_else(|| best(&model, options), Ok)
        .map_err(|why| match why {
            Failure::NoPairing => model.no_pairing(options),
            Failure::Overflow => NoSwissPairing(
                "the scores are too far apart for the measures to be weighed exactly".to_string(),
            ),
        })?;
    Ok(SwissRound {
        tables: tables.iter().map(|t| t.to_vec()).collect(),
        byes: bye.into_iter().collect(),
    }
    .in_order(false))
}

type Pairing = (Vec<[usize; 2]>, Option<usize>);

enum Failure {
    NoPairing,
    Overflow,
}

fn best(model: &PairModel, options: Options) -> Result<Pairing, Failure> {
    let scale = Scale::new(model).ok_or(Failure::Overflow)?;
    if scale.fits_one {
        solve::<i128>(model, &scale, options)
    } else {
        solve::<Lex>(model, &scale, options)
    }
}

/// The matching on a graph of the entrants, plus one vertex for the bye when the field is odd.
///
/// Small fields: the whole field's graph. Larger ones start from the sparse graph; its first
/// perfect matching is a pairing of the whole field, and if its bye is at the lowest level any
/// bye could have, no optimal pairing has a table whose squared score difference exceeds that
/// pairing's whole measure 2. When the pairs within that
/// bound are not too many, the matching runs again on all of them, which is exact with no
/// further check; otherwise the sparse graph grows until the dual solution proves its matching
/// optimal for the whole field. A stuck tree widens the sparse graph, or proves the whole field
/// has no perfect matching.
fn solve<W: Folded>(
    model: &PairModel,
    scale: &Scale,
    options: Options,
) -> Result<Pairing, Failure> {
    let n = model.len();
    let bye_vertex = (n % 2 == 1).then_some(n as u32);
    let mut complete = n <= options.whole_graph_up_to;
    let mut pairs: Vec<(u32, u32)> = if complete {
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter(|&(i, j)| model.allowed(i, j))
            .map(|(i, j)| (i as u32, j as u32))
            .collect()
    } else {
        sparse::candidate_edges(model, options.window)
    };
    let mut bounded = false;
    loop {
        let mut edges: Vec<(u32, u32, W)> = pairs
            .iter()
            .map(|&(i, j)| (i, j, W::fold(&model.table(i as usize, j as usize), scale)))
            .collect();
        if let Some(b) = bye_vertex {
            edges.extend(
                (0..n).filter_map(|i| model.bye(i).map(|m| (i as u32, b, W::fold(&m, scale)))),
            );
        }
        let vertices = n + bye_vertex.is_some() as usize;
        let graph = Graph::new(vertices, &edges);
        drop(edges);
        match min_cost_perfect_matching(&graph) {
            Ok(solution) => {
                let mate = &solution.mate;
                let tables: Vec<[usize; 2]> = (0..n)
                    .filter(|&i| (mate[i] as usize) < n && i < mate[i] as usize)
                    .map(|i| [i, mate[i] as usize])
                    .collect();
                let bye = bye_vertex.map(|b| mate[b as usize] as usize);
                if complete {
                    return Ok((tables, bye));
                }
                // The bound holds only if this pairing's bye is already at the lowest level:
                // otherwise the best pairing may trade a lower bye for larger differences.
                let measured = model.measures(&tables, bye);
                if !bounded && measured.bye_level == 0 {
                    bounded = true;
                    let bound = measured.score_diff;
                    if let Some(within) = sparse::pairs_within(model, bound, options.bounded_edges)
                    {
                        pairs = within;
                        complete = true;
                        continue;
                    }
                }
                let missing = sparse::violations(model, scale, &graph, &solution, options.widen_by);
                if missing.is_empty() {
                    return Ok((tables, bye));
                }
                pairs.extend(missing);
            }
            Err(stuck) => {
                let more = if complete {
                    Vec::new()
                } else {
                    sparse::widen(model, scale, &graph, &stuck, options.widen_by)
                };
                if more.is_empty() {
                    return Err(Failure::NoPairing);
                }
                pairs.extend(more);
            }
        }
    }
}

/// Exhaustive search with memory of the best completion of each set of unpaired entrants: the
/// reference the matching is tested against.
#[cfg(test)]
fn small_exact(model: &PairModel) -> Option<Pairing> {
    use std::collections::HashMap;
    type Memo = HashMap<(u32, bool), Option<(PairMeasures, usize, usize)>>;

    fn best(model: &PairModel, open: u32, bye_left: bool, memo: &mut Memo) -> Option<PairMeasures> {
        if open == 0 {
            return (!bye_left).then(PairMeasures::default);
        }
        if let Some(known) = memo.get(&(open, bye_left)) {
            return known.map(|(m, _, _)| m);
        }
        let i = open.trailing_zeros() as usize;
        let rest = open & !(1 << i);
        let mut found: Option<(PairMeasures, usize, usize)> = None;
        if bye_left
            && let Some(cost) = model.bye(i)
            && let Some(after) = best(model, rest, false, memo)
        {
            found = Some((cost + after, i, i));
        }
        let mut others = rest;
        while others != 0 {
            let j = others.trailing_zeros() as usize;
            others &= others - 1;
            if !model.allowed(i, j) {
                continue;
            }
            if let Some(after) = best(model, rest & !(1 << j), bye_left, memo) {
                let total = model.table(i, j) + after;
                if found.is_none_or(|(m, _, _)| total < m) {
                    found = Some((total, i, j));
                }
            }
        }
        memo.insert((open, bye_left), found);
        found.map(|(m, _, _)| m)
    }

    let n = model.len();
    let mut memo = HashMap::new();
    let all = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    best(model, all, n % 2 == 1, &mut memo)?;
    let (mut open, mut bye_left) = (all, n % 2 == 1);
    let (mut tables, mut bye) = (Vec::new(), None);
    while open != 0 {
        let (_, i, j) = memo[&(open, bye_left)].expect("a completion");
        if i == j {
            bye = Some(i);
            bye_left = false;
        } else {
            tables.push([i, j]);
        }
        open &= !(1 << i) & !(1 << j);
    }
    Some((tables, bye))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::SwissEntrant;
    use proptest::prelude::*;

    fn field(scores: &[i64]) -> SwissField {
        SwissField {
            entrants: scores
                .iter()
                .map(|&score| SwissEntrant { score, byes: 0 })
                .collect(),
            seats: 2,
            ..SwissField::default()
        }
    }

    #[test]
    fn round_one_is_top_half_against_bottom_half() {
        let round = pair_with(&field(&[0; 8]), Options::default()).unwrap();
        assert_eq!(round.tables, [[0, 4], [1, 5], [2, 6], [3, 7]]);
        assert!(round.byes.is_empty());
    }

    #[test]
    fn odd_round_one_gives_the_bye_to_the_last() {
        let round = pair_with(&field(&[0; 7]), Options::default()).unwrap();
        assert_eq!(round.tables, [[0, 3], [1, 4], [2, 5]]);
        assert_eq!(round.byes, [6]);
    }

    /// Scores in rank order, byes had, and earlier meetings.
    fn random_field() -> impl Strategy<Value = SwissField> {
        (1usize..=14)
            .prop_flat_map(|n| {
                (
                    proptest::collection::vec((0i64..5, 0u32..2), n),
                    proptest::collection::vec((0..n, 0..n), 0..=2 * n),
                )
            })
            .prop_map(|(mut entrants, met)| {
                entrants.sort_by_key(|e| std::cmp::Reverse(e.0));
                SwissField {
                    entrants: entrants
                        .iter()
                        .map(|&(score, byes)| SwissEntrant { score, byes })
                        .collect(),
                    seats: 2,
                    meetings: met
                        .into_iter()
                        .filter(|(i, j)| i != j)
                        .map(|(i, j)| ((i.min(j), i.max(j)), 1))
                        .collect(),
                    ..SwissField::default()
                }
            })
    }

    fn check_against_exhaustive(field: &SwissField, options: Options) {
        let model = PairModel::new(field);
        let expected = small_exact(&model);
        match (pair_with(field, options), expected) {
            (Ok(round), Some((tables, bye))) => {
                let got: Vec<[usize; 2]> = round.tables.iter().map(|t| [t[0], t[1]]).collect();
                for t in &round.tables {
                    assert!(t[0] < t[1] && model.allowed(t[0], t[1]));
                }
                let seated = round.tables.len() * 2 + round.byes.len();
                assert_eq!(seated, model.len());
                assert_eq!(
                    model.measures(&got, round.byes.first().copied()),
                    model.measures(&tables, bye),
                    "{field:?}"
                );
            }
            (Err(_), None) => {}
            (got, expected) => panic!("{field:?}: engine {got:?}, exhaustive {expected:?}"),
        }
    }

    /// A first pairing whose bye is above the lowest level bounds nothing: the best pairing
    /// may trade a lower bye for larger score differences (2 and 1 meet, 0 has the bye is
    /// worse by measure 1 than 2 meeting 0 with the bye to 1, who has not had one).
    #[test]
    fn a_first_pairing_with_a_higher_bye_bounds_nothing() {
        let mut f = field(&[2, 1, 0]);
        f.entrants[2].byes = 1;
        let options = Options {
            whole_graph_up_to: 0,
            window: 0,
            widen_by: 1,
            bounded_edges: usize::MAX,
        };
        // The whole-field matching itself, not the group-by-group path before it.
        let model = PairModel::new(&f);
        let (tables, bye) = best(&model, options).ok().expect("a pairing");
        assert_eq!(bye, Some(1));
        let (best_tables, best_bye) = small_exact(&model).unwrap();
        assert_eq!(
            model.measures(&tables, bye),
            model.measures(&best_tables, best_bye)
        );
    }

    /// Fields of a few hundred entrants after some rounds of play with random results, paired
    /// group by group (with the narrowest windows, so that the dual checks work) and by the
    /// matching on the whole field's graph: both exact, so equal on every measure.
    #[test]
    fn group_by_group_equals_the_whole_field_matching() {
        let mut state = 3u64;
        let mut next = |below: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % below
        };
        let mut decided = 0;
        for (n, rounds) in [(131, 3), (150, 5), (201, 7), (240, 9), (173, 6)] {
            let mut score = vec![0i64; n];
            let mut byes = vec![0u32; n];
            let mut met = std::collections::HashSet::new();
            for round in 0..=rounds {
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by_key(|&i| (std::cmp::Reverse(score[i]), i));
                let mut index = vec![0; n];
                for (k, &i) in order.iter().enumerate() {
                    index[i] = k;
                }
                let field = SwissField {
                    entrants: order
                        .iter()
                        .map(|&i| SwissEntrant {
                            score: score[i],
                            byes: byes[i],
                        })
                        .collect(),
                    seats: 2,
                    meetings: met
                        .iter()
                        .map(|&(i, j): &(usize, usize)| {
                            let (a, b) = (index[i], index[j]);
                            ((a.min(b), a.max(b)), 1)
                        })
                        .collect(),
                    ..SwissField::default()
                };
                let model = PairModel::new(&field);
                let narrow = Options {
                    whole_graph_up_to: 0,
                    window: 1,
                    widen_by: 2,
                    bounded_edges: 0,
                };
                let whole = Options {
                    whole_graph_up_to: usize::MAX,
                    ..Options::default()
                };
                let expected = best(&model, whole).ok().expect("a pairing");
                if let Some((tables, bye)) = by_groups::solve(&model, narrow) {
                    decided += 1;
                    assert_eq!(
                        model.measures(&tables, bye),
                        model.measures(&expected.0, expected.1),
                        "{n} entrants, round {round}"
                    );
                }
                if round == rounds {
                    break;
                }
                let round = pair_with(&field, narrow).unwrap();
                assert_eq!(
                    round
                        .tables
                        .iter()
                        .map(|t| model.table(t[0], t[1]))
                        .fold(PairMeasures::default(), |a, b| a + b)
                        + round
                            .byes
                            .first()
                            .map_or(PairMeasures::default(), |&b| model.bye(b).unwrap()),
                    model.measures(&expected.0, expected.1)
                );
                for t in &round.tables {
                    let (i, j) = (order[t[0]], order[t[1]]);
                    met.insert((i, j));
                    match next(6) {
                        0 => {
                            score[i] += 1;
                            score[j] += 1;
                        }
                        1..=3 => score[i] += 2,
                        _ => score[j] += 2,
                    }
                }
                for &b in &round.byes {
                    score[order[b]] += 2;
                    byes[order[b]] += 1;
                }
            }
        }
        assert!(
            decided > 20,
            "the group-by-group path decided {decided} rounds"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn whole_graph_matches_exhaustive_search(field in random_field()) {
            check_against_exhaustive(&field, Options::default());
        }

        /// With no whole graph and the narrowest windows, every optimum is reached through the
        /// dual checks and the widening of stuck trees.
        #[test]
        fn sparse_graph_with_checks_matches_exhaustive_search(
            field in random_field(),
            window in 0usize..3,
        ) {
            let options = Options { whole_graph_up_to: 0, window, widen_by: 1, bounded_edges: 0 };
            check_against_exhaustive(&field, options);
        }

        /// The sparse graph's first matching bounds the score differences; all pairs within.
        #[test]
        fn pairs_within_the_first_matchings_bound_match_exhaustive_search(
            field in random_field(),
        ) {
            let options = Options {
                whole_graph_up_to: 0,
                window: 0,
                widen_by: 1,
                bounded_edges: usize::MAX,
            };
            check_against_exhaustive(&field, options);
        }

        /// The whole-field matching alone (not the group-by-group path tried before it), on a
        /// sparse graph checked by the duals or bounded by its first pairing.
        #[test]
        fn whole_field_matching_on_sparse_graphs_matches_exhaustive_search(
            field in random_field(),
            window in 0usize..3,
            bounded in any::<bool>(),
        ) {
            let options = Options {
                whole_graph_up_to: 0,
                window,
                widen_by: 1,
                bounded_edges: if bounded { usize::MAX } else { 0 },
            };
            let model = PairModel::new(&field);
            let expected = small_exact(&model);
            match (best(&model, options), expected) {
                (Ok((tables, bye)), Some((best_tables, best_bye))) => {
                    prop_assert_eq!(
                        model.measures(&tables, bye),
                        model.measures(&best_tables, best_bye)
                    );
                }
                (Err(Failure::NoPairing), None) => {}
                _ => prop_assert!(false, "engine and exhaustive search disagree: {:?}", field),
            }
        }

        /// Scores so far apart that the measures no longer fold into one `i128`.
        #[test]
        fn two_part_weights_match_exhaustive_search(mut field in random_field()) {
            for e in &mut field.entrants {
                e.score = e.score.min(1) << 58;
            }
            prop_assume!(!Scale::new(&PairModel::new(&field)).unwrap().fits_one);
            let options = Options { whole_graph_up_to: 0, window: 1, widen_by: 1, bounded_edges: 0 };
            check_against_exhaustive(&field, options);
        }
    }

    #[test]
    fn measures_add_up_by_table() {
        let model = PairModel::new(&field(&[2, 2, 2, 0, 0]));
        // Group of three at 2: places 0 and 2 are at distance 2, (2*2 - 3)^2 = 1. The 2 who
        // floats (place 1 of 3, one below it) meets the 0 at place 0: float 1 + 0.
        let m = model.measures(&[[0, 2], [1, 3]], Some(4));
        assert_eq!(
            m,
            PairMeasures {
                bye_level: 0,
                score_diff: 4,
                bye_rank: 0,
                pattern: 1,
                float: 1,
            }
        );
    }
}
