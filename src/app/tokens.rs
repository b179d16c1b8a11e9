//! Personal API tokens: made on one's account page (its secret shown once, then only its
//! digest kept), listed, revoked, and the account a token acts as in the JSON API.

use chrono::{DateTime, Duration, Utc};

use super::accounts::account;
use super::{Actor, AppError, Who};
use crate::domain::ids::ApiTokenId;
use crate::domain::organisation::DisplayName;
use crate::store::{ApiToken, NewApiToken, Store, StoreError};
use crate::token::SecretToken;

/// Why a token opens nothing.
#[derive(Debug, PartialEq, Eq)]
pub enum TokenRefusal {
    /// Mistyped, expired or revoked.
    NotLive,
    /// Read-only, asked to change something.
    ReadOnly,
}

/// The account a bearer token acts as, for a request that only reads (`reads`) or changes
/// something. Its last use is noted by the store.
pub async fn token_actor(
    store: &dyn Store,
    token: &SecretToken,
    reads: bool,
) -> Result<Result<Actor, TokenRefusal>, StoreError> {
    let Some(holder) = store.api_token_user(&token.digest(), Utc::now()).await? else {
        return Ok(Err(TokenRefusal::NotLive));
    };
    if holder.read_only && !reads {
        return Ok(Err(TokenRefusal::ReadOnly));
    }
    let roles = store.roles(&holder.user).await?;
    Ok(Ok(Actor {
        user: holder.user,
        roles,
    }))
}

/// `who`'s tokens, live and revoked, newest first as the store keeps them.
pub async fn tokens(store: &dyn Store, who: Who<'_>) -> Result<Vec<ApiToken>, AppError> {
    let actor = account(who)?;
    Ok(store.api_tokens_of(actor.user.id).await?)
}

/// A token made: as kept, and its secret, to be shown once.
pub struct NewToken {
    pub token: ApiToken,
    pub secret: SecretToken,
}

/// Makes a token for `who`'s account, lasting `days` (or until revoked), perhaps read-only.
pub async fn create_token(
    store: &dyn Store,
    who: Who<'_>,
    name: DisplayName,
    days: Option<i64>,
    read_only: bool,
) -> Result<NewToken, AppError> {
    let user = account(who)?.user.id;
    let now: DateTime<Utc> = Utc::now();
    let secret = SecretToken::generate();
    let token = store
        .create_api_token(&NewApiToken {
            user,
            name,
            token: secret.digest(),
            created_at: now,
            expires_at: days.map(|days| now + Duration::days(days)),
            read_only,
        })
        .await?;
    tracing::info!(user = %user, token = %token.id, "made an API token");
    Ok(NewToken { token, secret })
}

/// Revokes one of `who`'s own tokens; another account's is not found.
pub async fn revoke_token(store: &dyn Store, who: Who<'_>, id: ApiTokenId) -> Result<(), AppError> {
    let user = account(who)?.user.id;
    match store.revoke_api_token(user, id, Utc::now()).await {
        Ok(()) => Ok(()),
        // Someone else's token is no business of this account.
        Err(StoreError::NotFound(_)) => Err(AppError::not_found("such token")),
        Err(error) => Err(error.into()),
    }
}
