//! What a pool of ratings is made of, in the store: every game of an organisation's confirmed
//! league results, and every confirmed championship table, with its players. [`RatedGameStore`] is part of every
//! [`Store`](super::Store); which games are rated, and how, the domain decides
//! (`domain::rating_games`).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

use super::StoreError;
use crate::domain::championship_event::Stage;
use crate::domain::championship_table::TableOutcome;
use crate::domain::ids::{
    ChampionshipId, CompetitionId, FixtureId, OrganisationId, PlayerId, TableId,
};
use crate::domain::match_format::Side;

/// A game of a confirmed league result, with its players by side (a conceding side's may be
/// none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeagueGamePlayed {
    pub competition: CompetitionId,
    /// The competition and season it was played in ("Premier League, 2026").
    pub event: String,
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

/// A confirmed table of a championship, with each seat's players in seat order (one for a
/// player, two for a pair, none for a team).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChampionshipTablePlayed {
    pub championship: ChampionshipId,
    pub stage: Stage,
    /// From 1 within its stage.
    pub round: u32,
    /// When its round was published.
    pub published_at: DateTime<Utc>,
    pub table: TableId,
    /// From 1 within its round.
    pub number: u32,
    pub seats: Vec<Vec<(PlayerId, String)>>,
    pub outcome: TableOutcome,
    /// The games as kept (JSON): a team match's are `{"games": [game sheets]}`.
    pub sheet: String,
}

#[async_trait]
pub trait RatedGameStore: Send + Sync {
    /// Every game of the organisation's confirmed league results, in the order played: by
    /// date, then fixture, then game.
    async fn league_games_played(
        &self,
        organisation: OrganisationId,
    ) -> Result<Vec<LeagueGamePlayed>, StoreError>;
    /// Every confirmed table of the organisation's championships, in the order played: by the
    /// round's publication, then the table's number.
    async fn championship_tables_played(
        &self,
        organisation: OrganisationId,
    ) -> Result<Vec<ChampionshipTablePlayed>, StoreError>;
}
