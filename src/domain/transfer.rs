//! Transfers: a player is in one team's squad of an organisation at a time, so moving to another
//! team is asked for by the new team's captain and decided by the organisers. The organisation
//! says whether it takes transfers while a season is being played, and until when; between
//! seasons it always does.

use chrono::NaiveDate;

use super::fixture_dates::long_date;
use super::ids::{PlayerId, TeamId};
use super::league_time::parse_date;

/// Whether an organisation takes transfers while a team's season is being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MidSeasonTransfers {
    /// At any time (what an organisation that has said nothing does).
    #[default]
    Allowed,
    /// Up to and including the day.
    Until(NaiveDate),
    /// Only between seasons.
    Closed,
}

impl MidSeasonTransfers {
    /// The stored word: `allowed`, `until` or `closed`.
    pub fn word(self) -> &'static str {
        match self {
            Self::Allowed => "allowed",
            Self::Until(_) => "until",
            Self::Closed => "closed",
        }
    }

    pub fn last_day(self) -> Option<NaiveDate> {
        match self {
            Self::Until(day) => Some(day),
            _ => None,
        }
    }

    /// From the stored word and day; `None` for a pair that is not one.
    pub fn from_stored(word: &str, last_day: Option<NaiveDate>) -> Option<Self> {
        match (word, last_day) {
            ("allowed", None) => Some(Self::Allowed),
            ("until", Some(day)) => Some(Self::Until(day)),
            ("closed", None) => Some(Self::Closed),
            _ => None,
        }
    }

    /// Whether a transfer may be asked for `today`, when either team's season is being played
    /// (`mid_season`).
    pub fn may_ask(self, today: NaiveDate, mid_season: bool) -> Result<(), TransfersClosed> {
        match self {
            _ if !mid_season => Ok(()),
            Self::Allowed => Ok(()),
            Self::Until(last_day) if today <= last_day => Ok(()),
            Self::Until(last_day) => Err(TransfersClosed::After(last_day)),
            Self::Closed => Err(TransfersClosed::DuringSeason),
        }
    }
}

/// Reads a rule as a form or the API gives it: `allowed`, `closed`, or `until` with the last
/// day as a secretary writes a date.
pub fn read_rule(word: &str, last_day: &str) -> Result<MidSeasonTransfers, String> {
    match word.trim() {
        "allowed" => Ok(MidSeasonTransfers::Allowed),
        "closed" => Ok(MidSeasonTransfers::Closed),
        "until" => parse_date(last_day)
            .map(MidSeasonTransfers::Until)
            .map_err(|problem| format!("Until which day? {problem}")),
        _ => Err("Choose when transfers are taken during a season: at any time, until a day, or not at all.".to_string()),
    }
}

/// Why a transfer cannot be asked for now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TransfersClosed {
    /// The organisation takes no transfers while a season is being played.
    #[error(
        "The league takes no transfers while a season is being played; ask again when it is over."
    )]
    DuringSeason,
    /// The season's last day for transfers has passed.
    #[error(
        "The last day for transfers this season was {}; ask again when the season is over.",
        long_date(*.0)
    )]
    After(NaiveDate),
}

/// A team is in its season from the season's first day until its last fixture has a result.
pub fn in_season(starts_on: NaiveDate, today: NaiveDate, fixtures_to_play: bool) -> bool {
    starts_on <= today && fixtures_to_play
}

/// Where a transfer request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransferStatus {
    /// Waiting for an organiser.
    Pending,
    Approved,
    Refused,
}

impl TransferStatus {
    pub fn word(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Refused => "refused",
        }
    }

    pub fn from_word(word: &str) -> Option<Self> {
        [Self::Pending, Self::Approved, Self::Refused]
            .into_iter()
            .find(|status| status.word() == word)
    }
}

/// An organiser's answer to a transfer request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransferDecision {
    Approve,
    Refuse,
}

/// A player in another team's squad, found when a team asked for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegisteredElsewhere {
    pub player: PlayerId,
    pub player_name: String,
    pub team: TeamId,
    pub team_name: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).expect("a date")
    }

    #[test]
    fn between_seasons_every_rule_takes_a_transfer() {
        for rule in [
            MidSeasonTransfers::Allowed,
            MidSeasonTransfers::Until(day(1)),
            MidSeasonTransfers::Closed,
        ] {
            assert_eq!(rule.may_ask(day(20), false), Ok(()), "{rule:?}");
        }
    }

    #[test]
    fn during_a_season_the_rule_decides_and_the_last_day_is_still_open() {
        assert_eq!(MidSeasonTransfers::Allowed.may_ask(day(20), true), Ok(()));
        assert_eq!(
            MidSeasonTransfers::Until(day(20)).may_ask(day(20), true),
            Ok(())
        );
        assert_eq!(
            MidSeasonTransfers::Until(day(19)).may_ask(day(20), true),
            Err(TransfersClosed::After(day(19)))
        );
        assert_eq!(
            MidSeasonTransfers::Closed.may_ask(day(20), true),
            Err(TransfersClosed::DuringSeason)
        );
    }

    #[test]
    fn a_rule_is_read_as_typed_and_a_last_day_is_needed_for_until() {
        assert_eq!(
            read_rule("allowed", "junk"),
            Ok(MidSeasonTransfers::Allowed)
        );
        assert_eq!(read_rule(" closed ", ""), Ok(MidSeasonTransfers::Closed));
        assert_eq!(
            read_rule("until", "3/11/2026"),
            Ok(MidSeasonTransfers::Until(day(3)))
        );
        let missing = read_rule("until", "").unwrap_err();
        assert!(
            missing.starts_with("Until which day? A date is needed"),
            "{missing}"
        );
        assert!(read_rule("sometimes", "").is_err());
    }

    #[test]
    fn a_season_runs_from_its_first_day_while_fixtures_remain() {
        assert!(!in_season(day(21), day(20), true));
        assert!(in_season(day(20), day(20), true));
        assert!(!in_season(day(1), day(20), false));
    }

    #[test]
    fn stored_rules_read_back_as_themselves_and_nonsense_is_not_one() {
        for rule in [
            MidSeasonTransfers::Allowed,
            MidSeasonTransfers::Until(day(3)),
            MidSeasonTransfers::Closed,
        ] {
            assert_eq!(
                MidSeasonTransfers::from_stored(rule.word(), rule.last_day()),
                Some(rule)
            );
        }
        assert_eq!(MidSeasonTransfers::from_stored("until", None), None);
        assert_eq!(
            MidSeasonTransfers::from_stored("closed", Some(day(3))),
            None
        );
        for status in [
            TransferStatus::Pending,
            TransferStatus::Approved,
            TransferStatus::Refused,
        ] {
            assert_eq!(TransferStatus::from_word(status.word()), Some(status));
        }
    }
}
