//! Who may have a bye: the absolute part of the bye rules, shared by every seat count.
//!
//! Two seats: "not to an entrant who has had a bye, unless every active entrant has". Three
//! and four seats: "no second bye while another could take it". Both say the same for any
//! number `k` of byes: while at least `k` entrants have had no bye, only they may have one;
//! otherwise every one of them has a bye and the rest go to entrants who have had one. Taken
//! to the letter, an entrant's second bye is then no different from its third: the rules
//! count byes had, not how many.

use super::SwissEntrant;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ByeRule {
    /// May have a bye this round.
    pub(crate) may: Vec<bool>,
    /// Must have a bye this round (when fewer entrants than byes have had none).
    pub(crate) must: Vec<bool>,
}

impl ByeRule {
    pub(crate) fn new(entrants: &[SwissEntrant], byes: usize) -> Self {
        let fresh = entrants.iter().filter(|e| e.byes == 0).count();
        if fresh >= byes {
            let may = entrants.iter().map(|e| e.byes == 0 && byes > 0).collect();
            ByeRule {
                may,
                must: vec![false; entrants.len()],
            }
        } else {
            ByeRule {
                may: vec![true; entrants.len()],
                must: entrants.iter().map(|e| e.byes == 0).collect(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(byes: &[u32]) -> Vec<SwissEntrant> {
        byes.iter()
            .map(|&byes| SwissEntrant { score: 0, byes })
            .collect()
    }

    #[test]
    fn only_those_without_a_bye_while_enough_of_them() {
        let rule = ByeRule::new(&field(&[1, 0, 2, 0]), 2);
        assert_eq!(rule.may, [false, true, false, true]);
        assert_eq!(rule.must, [false; 4]);
    }

    #[test]
    fn everyone_without_a_bye_first_then_anyone() {
        let rule = ByeRule::new(&field(&[1, 0, 2, 1]), 2);
        assert_eq!(rule.may, [true; 4]);
        assert_eq!(rule.must, [false, true, false, false]);
    }

    #[test]
    fn anyone_once_everyone_has_had_one() {
        let rule = ByeRule::new(&field(&[1, 3, 2]), 1);
        assert_eq!(rule.may, [true; 3]);
        assert_eq!(rule.must, [false; 3]);
    }

    #[test]
    fn nobody_without_byes_to_give() {
        let rule = ByeRule::new(&field(&[0, 0]), 0);
        assert_eq!(rule.may, [false; 2]);
    }
}
