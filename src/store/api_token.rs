//! Personal API tokens in the store: made and revoked on the account page, looked up by the
//! digest of the secret a request presents. [`ApiTokenStore`] is part of every
//! [`Store`](super::Store).

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};

use super::{StoreError, User};
use crate::domain::ids::{ApiTokenId, UserId};
use crate::domain::organisation::DisplayName;
use crate::token::TokenDigest;

/// How stale a token's "last used" time may get before a request updates it, so that a busy
/// script does not make every read a write.
pub const LAST_USED_PRECISION: Duration = Duration::minutes(1);

pub struct NewApiToken {
    pub user: UserId,
    /// What the person calls it, such as "club website".
    pub name: DisplayName,
    pub token: TokenDigest,
    pub created_at: DateTime<Utc>,
    /// After this it opens nothing; `None` for a token that lasts until it is revoked.
    pub expires_at: Option<DateTime<Utc>>,
    /// It may read what its account may, and change nothing.
    pub read_only: bool,
}

/// The account behind a live token, and whether the token may only read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenHolder {
    pub user: User,
    pub read_only: bool,
}

/// A token as its owner's account page lists it; the secret itself is never kept.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ApiToken {
    #[sqlx(try_from = "i64")]
    pub id: ApiTokenId,
    #[sqlx(try_from = "i64")]
    pub user_id: UserId,
    pub name: String,
    pub created_at: DateTime<Utc>,
    /// Within [`LAST_USED_PRECISION`].
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    pub read_only: bool,
}

impl ApiToken {
    pub fn is_revoked(&self) -> bool {
        self.revoked_at.is_some()
    }
}

#[async_trait]
pub trait ApiTokenStore: Send + Sync {
    async fn create_api_token(&self, token: &NewApiToken) -> Result<ApiToken, StoreError>;
    /// The account's tokens, revoked ones too, newest first.
    async fn api_tokens_of(&self, user: UserId) -> Result<Vec<ApiToken>, StoreError>;
    /// Revokes one of `user`'s own tokens; another account's token is not found. Revoking a
    /// revoked token again changes nothing.
    async fn revoke_api_token(
        &self,
        user: UserId,
        token: ApiTokenId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    /// The account a token that is neither revoked nor expired at `now` belongs to, noting
    /// that it was used then.
    async fn api_token_user(
        &self,
        token: &TokenDigest,
        now: DateTime<Utc>,
    ) -> Result<Option<TokenHolder>, StoreError>;
}
