//! Points an organiser takes from a team by hand (for fielding an unregistered player, say),
//! with the reason shown under the division's table.

/// The most points one deduction takes: more than a season's worth of most leagues' wins
/// would be a mistyped number.
pub const MAX_DEDUCTION_POINTS: u32 = 50;

/// How many points a deduction takes: a whole number from 1 to [`MAX_DEDUCTION_POINTS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeductionPoints(u32);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("A deduction takes a whole number of points from 1 to {MAX_DEDUCTION_POINTS}.")]
pub struct DeductionPointsError;

impl DeductionPoints {
    /// As the table counts it: a negative adjustment.
    pub fn adjustment(self) -> i64 {
        -i64::from(self.0)
    }
}

impl TryFrom<i64> for DeductionPoints {
    type Error = DeductionPointsError;

    fn try_from(points: i64) -> Result<Self, Self::Error> {
        u32::try_from(points)
            .ok()
            .filter(|points| (1..=MAX_DEDUCTION_POINTS).contains(points))
            .map(Self)
            .ok_or(DeductionPointsError)
    }
}

impl TryFrom<&str> for DeductionPoints {
    type Error = DeductionPointsError;

    fn try_from(text: &str) -> Result<Self, Self::Error> {
        text.trim()
            .parse::<i64>()
            .map_err(|_| DeductionPointsError)
            .and_then(Self::try_from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deduction_is_from_one_to_the_most_points() {
        assert_eq!(DeductionPoints::try_from(" 3 ").unwrap().adjustment(), -3);
        assert_eq!(DeductionPoints::try_from(50_i64).unwrap().adjustment(), -50);
        for refused in ["0", "-2", "51", "two", ""] {
            assert_eq!(
                DeductionPoints::try_from(refused),
                Err(DeductionPointsError),
                "{refused}"
            );
        }
        assert_eq!(
            DeductionPointsError.to_string(),
            "A deduction takes a whole number of points from 1 to 50."
        );
    }
}
