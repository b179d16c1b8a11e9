//! Transfers between squads: the organisation's rule for them during a season, the requests a
//! team's captain makes for a player of another team, and the organisers' decisions, each kept
//! with its mails in one transaction.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::StoreError;
use crate::domain::ids::{OrganisationId, PlayerId, TeamId, TransferId, UserId};
use crate::domain::mail::Mail;
use crate::domain::transfer::{MidSeasonTransfers, TransferDecision};

pub struct NewTransferRequest {
    pub organisation: OrganisationId,
    pub player: PlayerId,
    pub from_team: TeamId,
    pub to_team: TeamId,
    pub requested_by: UserId,
    pub requested_at: DateTime<Utc>,
}

/// A transfer request as listed, with the names it concerns.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TransferRequest {
    #[sqlx(try_from = "i64")]
    pub id: TransferId,
    #[sqlx(try_from = "i64")]
    pub organisation_id: OrganisationId,
    #[sqlx(try_from = "i64")]
    pub player_id: PlayerId,
    pub player_name: String,
    #[sqlx(try_from = "i64")]
    pub from_team_id: TeamId,
    pub from_team_name: String,
    #[sqlx(try_from = "i64")]
    pub to_team_id: TeamId,
    pub to_team_name: String,
    /// The address of the account that asked.
    pub requested_by: String,
    pub requested_at: DateTime<Utc>,
    /// `pending`, `approved` or `refused`.
    pub status: String,
    pub decided_at: Option<DateTime<Utc>>,
}

#[async_trait]
pub trait TransferStore {
    /// The organisation's rule for transfers during a season (allowed when it has set none).
    async fn transfer_rule(
        &self,
        organisation: OrganisationId,
    ) -> Result<MidSeasonTransfers, StoreError>;
    async fn set_transfer_rule(
        &self,
        organisation: OrganisationId,
        rule: MidSeasonTransfers,
    ) -> Result<(), StoreError>;
    /// Keeps a request to move the player from `from_team`'s squad to `to_team`'s, queuing
    /// `mails` with it. Refused with [`StoreError::SquadChanged`] when the player is no longer
    /// in `from_team`'s squad, [`StoreError::TransferAlreadyAsked`] when the same move waits
    /// already, and [`StoreError::TooManyTransfersWaiting`] when the organisation has
    /// `most_waiting` requests waiting.
    async fn ask_transfer(
        &self,
        request: &NewTransferRequest,
        most_waiting: i64,
        mails: &[Mail],
    ) -> Result<TransferRequest, StoreError>;
    /// The organisation's requests: every one waiting (oldest first), then the `decided` last
    /// decided (latest first).
    async fn transfer_requests(
        &self,
        organisation: OrganisationId,
        decided: i64,
    ) -> Result<Vec<TransferRequest>, StoreError>;
    async fn transfer_request(&self, id: TransferId)
    -> Result<Option<TransferRequest>, StoreError>;
    /// Decides a waiting request, queuing `mails` with it. Approved, the player leaves every
    /// other squad and joins the new team's ([`StoreError::SquadFull`] when it would then hold
    /// more than `squad_limit`). [`StoreError::TransferDecided`] when it was decided already.
    async fn decide_transfer(
        &self,
        id: TransferId,
        decision: TransferDecision,
        decided_by: UserId,
        at: DateTime<Utc>,
        squad_limit: usize,
        mails: &[Mail],
    ) -> Result<(), StoreError>;
    /// The addresses of the organisation's organisers, by address.
    async fn organiser_addresses(
        &self,
        organisation: OrganisationId,
    ) -> Result<Vec<String>, StoreError>;
}
