//! Invitations and password reset links: each a link mailed to someone, kept as its token's
//! SHA-256 digest, that works once and until it expires. A captain's invitation makes its
//! taker a captain of a team, an organiser's an organiser of an organisation, and a reset link
//! lets its account choose a new password.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::{NewUser, StoreError, User};
use crate::domain::ids::{OrganisationId, TeamId, UserId};
use crate::domain::mail::Mail;
use crate::token::TokenDigest;

pub struct NewCaptainInvite {
    pub token: TokenDigest,
    pub team: TeamId,
    pub invited_by: UserId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CaptainInvite {
    #[sqlx(try_from = "i64")]
    pub team_id: TeamId,
    pub expires_at: DateTime<Utc>,
    pub accepted_at: Option<DateTime<Utc>>,
}

/// Who takes up a captain invitation.
pub enum InviteAcceptor {
    /// The signed-in account.
    Existing(UserId),
    /// Whoever the address is: its account when it has one (the password given is then not
    /// used), or else a new account with this password. So the answer is the same either way
    /// and tells nobody whether an address has an account.
    AccountOfAddress(NewUser),
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

/// What is kept of any invitation's making, a captain's or an organiser's: its link's token
/// digest, who made it, when, and until when it works.
pub struct InviteMade<'a> {
    pub token: &'a TokenDigest,
    pub invited_by: UserId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// Gives each kind of new invitation the one `made` its store keeps it by; written once, as
/// the invitations differ only in what they invite to.
macro_rules! invite_made {
    ($($invite:ty),*) => {$(
        impl $invite {
            /// What is kept of this invitation's making, as of every invitation's.
            pub fn made(&self) -> InviteMade<'_> {
                InviteMade {
                    token: &self.token,
                    invited_by: self.invited_by,
                    created_at: self.created_at,
                    expires_at: self.expires_at,
                }
            }
        }
    )*};
}

invite_made!(NewCaptainInvite, NewOrganiserInvite);

/// Invitations of captains and organisers, and password reset links.
#[async_trait]
pub trait InvitationStore: Send + Sync {
    /// Keeps a captain invitation, and queues its message when there is one, in one
    /// transaction; refused ([`StoreError::TooManyInvitations`]) when the team's organisation
    /// has made `max_per_hour` invitations (of captains and organisers) in the hour before it.
    /// Answers whether the message was queued: not when there is none, nor when its address
    /// has had its hourly number of messages.
    async fn create_captain_invite(
        &self,
        invite: &NewCaptainInvite,
        mail: Option<&crate::domain::mail::Mail>,
        max_per_hour: i64,
    ) -> Result<bool, StoreError>;

    /// Keeps several captain invitations, each with its message when it has one, in one
    /// transaction: all, or none when the organisation would pass `max_per_hour` invitations
    /// in the hour ([`StoreError::TooManyInvitations`]). Every team is of one organisation.
    /// Answers, invitation by invitation, whether its message was queued, as
    /// [`create_captain_invite`](InvitationStore::create_captain_invite) does.
    async fn create_captain_invites(
        &self,
        invites: &[(NewCaptainInvite, Option<Mail>)],
        max_per_hour: i64,
    ) -> Result<Vec<bool>, StoreError>;

    async fn captain_invite(
        &self,
        token: &TokenDigest,
    ) -> Result<Option<CaptainInvite>, StoreError>;

    /// Uses the invitation once, before it expires at `now`, making the acceptor a captain of
    /// its team (and creating their account first, when they have none).
    async fn accept_captain_invite(
        &self,
        token: &TokenDigest,
        acceptor: &InviteAcceptor,
        now: DateTime<Utc>,
    ) -> Result<User, StoreError>;

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
    /// [`create_captain_invite`](InvitationStore::create_captain_invite) does.
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
