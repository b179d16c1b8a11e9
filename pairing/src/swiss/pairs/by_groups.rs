//! Large fields, group by group, with a proof of optimality for the first two measures.
//!
//! A lower bound on measure 2: number the score groups from the top and call boundary `k` the
//! cut between groups `0..=k` and the rest, `gap_k` the score difference across it. A table
//! whose entrants lie `a < b` groups apart adds `(gap_a + … + gap_{b-1})^2`, at least the sum
//! of the squares, so measure 2 is at least the sum over boundaries of the tables crossing
//! them times `gap_k^2`. The tables crossing boundary `k` have the parity of the number of
//! entrants above it (less the bye, if it is above), so at a boundary with an odd number above,
//! at least one table crosses. Hence measure 2 ≥ Σ `parity_k · gap_k^2`, and a pairing reaches
//! that bound exactly when one table crosses each odd boundary, none crosses an even one, and
//! every crossing table joins neighbouring groups.
//!
//! With the bye at the lowest score it may go to (measure 1), those pairings, if any exist, are
//! exactly the pairings best by measures 1 and 2. They fall apart into one matching per group:
//! the members left in the group pair among themselves, one member floats up where the
//! boundary above is odd and one down where the one below is (see `group`). The third
//! measure's `pattern` and `float` then add up over groups, so each group's best plan is part
//! of the best whole, except that a floater and the member of the next group it meets must not
//! have met before. That is settled by a best-first branch-and-bound: a plan whose floaters at
//! some boundary have met is split in two, one barring the floater from floating, the other
//! barring its opponent from being floated to, which between them keep every pairing that
//! avoids the rematch; a group's best plan under more bars costs no less, so the first plan
//! without a rematch taken from the queue is the best. The bye (measure 3's first part) is
//! tried on the lowest-ranked entrant first; the first for which a plan exists is the best.
//!
//! When no plan reaches the bound (a group that cannot pair around its earlier meetings, a
//! search that grows past its limit), the caller falls back to the matching on the whole field.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::group::{self, GroupPlan, GroupTask};
use super::{Options, PairModel, Pairing};

/// Plans looked at in the branch-and-bound over floater rematches before giving up.
const PLAN_LIMIT: usize = 200;

/// The best pairing if one reaches the lower bound on measure 2, otherwise `None`.
pub(crate) fn solve(model: &PairModel, options: Options) -> Option<Pairing> {
    let n = model.len();
    if n.is_multiple_of(2) {
        return attempt(model, None, options);
    }
    // Measure 1: the lowest score the bye may go to; then the lowest-ranked first.
    let lowest = model.bye_level.iter().flatten().min().copied()?;
    let mut candidates: Vec<usize> = (0..n)
        .filter(|&i| model.bye_level[i] == Some(lowest))
        .collect();
    candidates.sort_unstable_by(|a, b| b.cmp(a));
    candidates
        .into_iter()
        .find_map(|bye| attempt(model, Some(bye), options))
}

/// The best pairing with this bye that reaches the bound, if any.
fn attempt(model: &PairModel, bye: Option<usize>, options: Options) -> Option<Pairing> {
    let groups = model.members.len();
    // Boundary k is odd when the entrants of groups 0..=k, less the bye, are odd in number.
    let mut odd = Vec::with_capacity(groups.saturating_sub(1));
    let mut above = 0;
    for g in 0..groups.saturating_sub(1) {
        above += model.members[g].len();
        if bye.is_some_and(|b| model.group[b] == g) {
            above -= 1;
        }
        odd.push(above % 2 == 1);
    }
    let n = model.len() as i128;
    // Float totals stay below 2n, so pattern outweighs them.
    let pattern_weight = 2 * n + 1;
    let base_task = |g: usize| GroupTask {
        group: g,
        bye: bye.filter(|&b| model.group[b] == g),
        up: g > 0 && odd[g - 1],
        down: g + 1 < groups && odd[g],
        barred_up: Vec::new(),
        barred_down: Vec::new(),
    };
    let mut cache: HashMap<GroupTask, Option<GroupPlan>> = HashMap::new();
    let mut plan_of = |task: &GroupTask| -> Option<GroupPlan> {
        if let Some(known) = cache.get(task) {
            return known.clone();
        }
        let plan = group::solve(model, task, pattern_weight, options);
        cache.insert(task.clone(), plan.clone());
        plan
    };

    // A node of the search: each group's task, with its plans' total cost.
    let root: Vec<GroupTask> = (0..groups).map(base_task).collect();
    let mut queue = BinaryHeap::new();
    let mut order = 0usize;
    let cost = |tasks: &[GroupTask], plan_of: &mut dyn FnMut(&GroupTask) -> Option<GroupPlan>| {
        tasks
            .iter()
            .try_fold(0i128, |sum, t| plan_of(t).map(|p| sum + p.cost))
    };
    if let Some(c) = cost(&root, &mut plan_of) {
        queue.push(Reverse((c, order, root)));
    }
    let mut looked_at = 0;
    while let Some(Reverse((_, _, tasks))) = queue.pop() {
        looked_at += 1;
        if looked_at > PLAN_LIMIT {
            return None;
        }
        let plans: Vec<GroupPlan> = tasks
            .iter()
            .map(|t| plan_of(t).expect("plans of queued nodes exist"))
            .collect();
        let rematch = (0..groups.saturating_sub(1)).find_map(|k| {
            let (i, j) = (plans[k].down?, plans[k + 1].up?);
            (!model.allowed(i, j)).then_some((k, i, j))
        });
        let Some((k, i, j)) = rematch else {
            return Some(assemble(&plans, bye));
        };
        for barring_floater in [true, false] {
            let mut child = tasks.clone();
            if barring_floater {
                child[k].barred_down.push(i);
                child[k].barred_down.sort_unstable();
            } else {
                child[k + 1].barred_up.push(j);
                child[k + 1].barred_up.sort_unstable();
            }
            if let Some(c) = cost(&child, &mut plan_of) {
                order += 1;
                queue.push(Reverse((c, order, child)));
            }
        }
    }
    None
}

fn assemble(plans: &[GroupPlan], bye: Option<usize>) -> Pairing {
    let mut tables: Vec<[usize; 2]> = plans
        .iter()
        .flat_map(|p| p.tables.iter().copied())
        .collect();
    for k in 0..plans.len().saturating_sub(1) {
        if let (Some(i), Some(j)) = (plans[k].down, plans[k + 1].up) {
            tables.push([i, j]);
        }
    }
    (tables, bye)
}
