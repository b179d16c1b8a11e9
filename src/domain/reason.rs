//! Why a person changes a result's course: what a captain disputes, or why an organiser
//! corrects it. Shown in the result's public history, so it is short and never blank.

/// The longest reason, in characters: a few sentences.
pub const MAX_REASON_CHARS: usize = 500;

/// A reason as given, trimmed; line breaks are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReasonError {
    #[error("Say what is wrong with the result, so the league can put it right.")]
    NoDisputeReason,
    #[error("Say why the result is corrected; the reason is shown in the result's history.")]
    NoCorrectionReason,
    #[error("Say why the points are taken; the reason is shown under the division's table.")]
    NoDeductionReason,
    #[error("A reason is at most {MAX_REASON_CHARS} characters long; this one is {length}.")]
    TooLong { length: usize },
}

impl Reason {
    /// What a captain says is wrong with a result they dispute.
    pub fn for_dispute(text: &str) -> Result<Self, ReasonError> {
        Self::new(text, ReasonError::NoDisputeReason)
    }

    /// Why an organiser corrects a result.
    pub fn for_correction(text: &str) -> Result<Self, ReasonError> {
        Self::new(text, ReasonError::NoCorrectionReason)
    }

    /// Why an organiser takes points from a team.
    pub fn for_deduction(text: &str) -> Result<Self, ReasonError> {
        Self::new(text, ReasonError::NoDeductionReason)
    }

    fn new(text: &str, missing: ReasonError) -> Result<Self, ReasonError> {
        let reason = text.trim();
        if reason.is_empty() {
            return Err(missing);
        }
        let length = reason.chars().count();
        if length > MAX_REASON_CHARS {
            return Err(ReasonError::TooLong { length });
        }
        Ok(Self(reason.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_trimmed_and_never_blank() {
        assert_eq!(
            Reason::for_dispute("  Game 3 was 61-40.\n")
                .unwrap()
                .as_str(),
            "Game 3 was 61-40."
        );
        assert_eq!(
            Reason::for_dispute(" \n "),
            Err(ReasonError::NoDisputeReason)
        );
        assert_eq!(
            Reason::for_correction(""),
            Err(ReasonError::NoCorrectionReason)
        );
    }

    #[test]
    fn a_reason_is_at_most_500_characters() {
        let longest = "é".repeat(MAX_REASON_CHARS);
        assert_eq!(Reason::for_correction(&longest).unwrap().as_str(), longest);
        let error = Reason::for_dispute(&"x".repeat(100_000)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "A reason is at most 500 characters long; this one is 100000."
        );
    }
}
