//! What a pool of ratings is made of, in the store: every game of an organisation's confirmed
//! league results with its players. [`RatedGameStore`] is part of every
//! [`Store`](super::Store); which games are rated, and how, the domain decides
//! (`domain::rating_games`).

use async_trait::async_trait;
use chrono::NaiveDate;

use super::StoreError;
use crate::domain::ids::{CompetitionId, FixtureId, OrganisationId, PlayerId};
use crate::domain::match_format::Side;

/// A game of a confirmed league result, with its players by side (a conceding side's may be
/// none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeagueGamePlayed {
    pub competition: CompetitionId,
    pub fixture: FixtureId,
    pub date: NaiveDate,
    /// From 1 within its fixture.
    pub game: u32,
    pub winner: Side,
    pub conceded: bool,
    /// Each side's players, by id, with their names.
    pub home: Vec<(PlayerId, String)>,
    pub away: Vec<(PlayerId, String)>,
}

#[async_trait]
pub trait RatedGameStore: Send + Sync {
    /// Every game of the organisation's confirmed league results, in the order played: by
    /// date, then fixture, then game.
    async fn league_games_played(
        &self,
        organisation: OrganisationId,
    ) -> Result<Vec<LeagueGamePlayed>, StoreError>;
}
