//! The mail outbox and what feeds it: result causes written by the database's triggers and
//! the deadline mails. Invitations and reset links queue their messages through the outbox
//! too, but are kept by [`InvitationStore`](super::InvitationStore).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

use super::StoreError;
use crate::domain::ids::FixtureId;
use crate::domain::mail::{FixtureFacts, Mail};

/// A message claimed for sending.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct QueuedMail {
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    /// Attempts so far, this one included.
    pub attempts: i32,
}

/// A message as the outbox has it, for a look at what was sent.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OutboxEntry {
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
    pub given_up_at: Option<DateTime<Utc>>,
}

/// What happened to a fixture's result that mails someone, as the trigger (or the amending or
/// withdrawing transaction) wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CauseKind {
    AwaitingConfirmation,
    Disputed,
    /// The submitting captain changed the submission before the other side answered it.
    Amended,
    /// The submitting captain took the submission back.
    Withdrawn,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailCause {
    pub id: i64,
    pub kind: CauseKind,
    pub fixture: FixtureId,
    pub happened_at: DateTime<Utc>,
}

/// A fixture whose result deadline passed with no result and has not been mailed yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverdueFixture {
    pub fixture: FixtureId,
    pub due_by: NaiveDate,
}

#[async_trait]
pub trait MailStore: Send + Sync {
    /// Queues messages on their own (each write that causes mail queues it in its own
    /// transaction instead, where it can).
    async fn queue_mail(&self, mails: &[Mail], now: DateTime<Utc>) -> Result<(), StoreError>;

    /// Whether any message is due to be tried at `now` (a read, so an idle sender takes no
    /// write lock).
    async fn has_due_mail(&self, now: DateTime<Utc>) -> Result<bool, StoreError>;
    /// Claims up to `limit` messages due at `now` for one sender: each one's attempt is
    /// counted and its next attempt put off until `lease_until`, so no other sender takes it
    /// meanwhile, and one that is never marked is tried again after the lease.
    async fn claim_due_mail(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<QueuedMail>, StoreError>;
    /// The message went: it is kept as sent, without its body.
    async fn mark_mail_sent(&self, id: i64, at: DateTime<Utc>) -> Result<(), StoreError>;
    /// The attempt failed: try again at `retry_at`, or give up when there is none.
    async fn mark_mail_failed(
        &self,
        id: i64,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// The messages to one address, oldest first.
    async fn mail_to(&self, recipient: &str) -> Result<Vec<OutboxEntry>, StoreError>;

    /// The oldest causes of result mail not yet turned into mail.
    async fn mail_causes(&self, limit: i64) -> Result<Vec<MailCause>, StoreError>;
    /// Queues `mails` for a cause and deletes it, in one transaction; `false` (and nothing
    /// queued) when another sender has already dealt with it.
    async fn queue_mail_for_cause(
        &self,
        cause: i64,
        mails: &[Mail],
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError>;
    /// Everything a fixture's mails name, or `None` when it is gone.
    async fn fixture_mail_facts(
        &self,
        fixture: FixtureId,
    ) -> Result<Option<FixtureFacts>, StoreError>;
    /// Fixtures still without a result whose deadline passed between `not_before` and
    /// `today` (not counting today) and which have not been mailed about; at most `limit`.
    async fn unmailed_overdue_fixtures(
        &self,
        today: NaiveDate,
        not_before: NaiveDate,
        limit: i64,
    ) -> Result<Vec<OverdueFixture>, StoreError>;
    /// Queues `mails` about a fixture's passed deadline and notes it as mailed, in one
    /// transaction; `false` (and nothing queued) when it was already.
    async fn queue_deadline_mail(
        &self,
        fixture: FixtureId,
        mails: &[Mail],
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError>;
}
