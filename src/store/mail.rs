//! The mail outbox and what feeds it: result causes written by the database's triggers, the
//! deadline mails already queued, password resets and organiser invitations.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

use super::{InviteAcceptor, StoreError, User};
use crate::domain::ids::{FixtureId, OrganisationId, UserId};
use crate::domain::mail::{FixtureFacts, Mail};
use crate::token::TokenDigest;

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

/// What happened to a fixture's result that mails someone, as the trigger wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CauseKind {
    AwaitingConfirmation,
    Disputed,
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

pub struct NewPasswordReset {
    pub token: TokenDigest,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// What a password reset request came to. The person asking is told the same either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResetRequested {
    Queued,
    NoAccount,
    /// The account had as many reset links lately as it may.
    TooMany,
}

/// A reset link as stored: whose, and whether it can still be used.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PasswordReset {
    #[sqlx(try_from = "i64")]
    pub user_id: UserId,
    pub email: String,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

pub struct NewOrganiserInvite {
    pub token: TokenDigest,
    pub organisation: OrganisationId,
    pub invited_by: UserId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OrganiserInvite {
    #[sqlx(try_from = "i64")]
    pub organisation_id: OrganisationId,
    pub expires_at: DateTime<Utc>,
    pub accepted_at: Option<DateTime<Utc>>,
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

    /// Keeps a reset link for the account of `email` and queues its message, in one
    /// transaction, unless there is no such account or it has had its hourly number of links.
    async fn request_password_reset(
        &self,
        email: &str,
        reset: &NewPasswordReset,
        mail: &Mail,
        max_per_hour: i64,
    ) -> Result<ResetRequested, StoreError>;
    async fn password_reset(
        &self,
        token: &TokenDigest,
    ) -> Result<Option<PasswordReset>, StoreError>;
    /// Uses a reset link once, before it expires at `now`: sets the account's password, ends
    /// every session of it, revokes its API tokens (answering how many) and uses up its other
    /// reset links, in one transaction.
    async fn reset_password(
        &self,
        token: &TokenDigest,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<u64, StoreError>;

    /// Keeps an organiser invitation, and queues its message when there is one, in one
    /// transaction; refused ([`StoreError::TooManyInvitations`]) when the organisation has made
    /// `max_per_hour` invitations (of captains and organisers) in the hour before it. Answers
    /// whether the message was queued, as
    /// [`create_captain_invite`](super::Store::create_captain_invite) does.
    async fn create_organiser_invite(
        &self,
        invite: &NewOrganiserInvite,
        mail: Option<&Mail>,
        max_per_hour: i64,
    ) -> Result<bool, StoreError>;
    async fn organiser_invite(
        &self,
        token: &TokenDigest,
    ) -> Result<Option<OrganiserInvite>, StoreError>;
    /// Uses the invitation once, before it expires at `now`, making the acceptor an organiser
    /// of its organisation (and creating their account first, when they have none).
    async fn accept_organiser_invite(
        &self,
        token: &TokenDigest,
        acceptor: &InviteAcceptor,
        now: DateTime<Utc>,
    ) -> Result<User, StoreError>;
}
