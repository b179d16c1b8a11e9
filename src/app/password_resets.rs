//! A forgotten password: a reset link mailed to the account's address (the same answer whether
//! or not the address has an account), and the link used once, within the hour, to set a new
//! password, which ends every session of the account and revokes its API tokens as a password
//! change does.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use tokio::sync::Semaphore;
use tracing::Instrument;

use super::accounts::hash_refusal;
use super::{AppError, Field};
use crate::domain::account::{EmailAddress, NewPassword};
use crate::domain::mail::{
    MAX_PASSWORD_RESETS_PER_HOUR, PASSWORD_RESET_LIFETIME, SiteLinks, password_reset,
};
use crate::password::HashingLimit;
use crate::store::{NewPasswordReset, ResetRequested, Store, StoreError};
use crate::token::SecretToken;

/// Why a password cannot be reset by mail here.
pub const MAIL_IS_OFF: &str = "This site does not send mail, so a password cannot be reset by email here. Ask the site's administrator to set a new one.";
const EXPIRED: &str =
    "This password reset link has expired (a link works for an hour). Ask for a new one.";
const USED: &str =
    "This password reset link has already been used. Ask for a new one if you need to.";

/// The reset requests being written away from their requests, at most
/// [`ResetRequests::MAX_IN_FLIGHT`] at once; a request past them waits for a place, whatever
/// its address.
#[derive(Clone)]
pub struct ResetRequests {
    places: Arc<Semaphore>,
}

impl ResetRequests {
    pub const MAX_IN_FLIGHT: usize = 16;
}

impl Default for ResetRequests {
    fn default() -> Self {
        Self {
            places: Arc::new(Semaphore::new(Self::MAX_IN_FLIGHT)),
        }
    }
}

/// Mails a reset link to `email` when it is an account's address (at most
/// [`MAX_PASSWORD_RESETS_PER_HOUR`] an hour); the answer is the same either way, and so is
/// its time: the store is asked on a task of its own after the answer, because whether the
/// address has an account changes what the store does (and how long it takes).
pub async fn request_password_reset(
    store: Arc<dyn Store>,
    requests: &ResetRequests,
    links: Option<&SiteLinks>,
    email: &str,
    at: DateTime<Utc>,
) -> Result<(), AppError> {
    let links = links.ok_or_else(|| AppError::Gone(MAIL_IS_OFF.to_string()))?;
    let email = EmailAddress::try_from(email)
        .map_err(|error| AppError::invalid(Field::Email, error.to_string()))?;
    let token = SecretToken::generate();
    let reset = NewPasswordReset {
        token: token.digest(),
        created_at: at,
        expires_at: at + PASSWORD_RESET_LIFETIME,
    };
    let link = links.to(&format!("/password-reset/{}", token.as_str()));
    let mail = password_reset(email.as_str(), &link);
    let place = Arc::clone(&requests.places)
        .acquire_owned()
        .await
        .map_err(|_| anyhow::anyhow!("the reset requests' places are closed"))?;
    tokio::spawn(
        async move {
            let _place = place;
            let outcome = store
                .request_password_reset(email.as_str(), &reset, &mail, MAX_PASSWORD_RESETS_PER_HOUR)
                .await;
            match outcome {
                Ok(ResetRequested::Queued) => tracing::info!("password reset link queued"),
                Ok(ResetRequested::NoAccount) => {
                    tracing::info!("password reset asked for an unknown address")
                }
                Ok(ResetRequested::TooMany) => {
                    tracing::warn!("password reset refused: too many lately")
                }
                Err(error) => tracing::error!(%error, "a password reset request failed"),
            }
        }
        .in_current_span(),
    );
    Ok(())
}

/// The address of the account whose password a link resets, while the link can be used.
pub async fn usable_password_reset(
    store: &dyn Store,
    token: &str,
    now: DateTime<Utc>,
) -> Result<EmailAddress, AppError> {
    let not_found = || AppError::not_found("such password reset link");
    let token = SecretToken::parse(token).ok_or_else(not_found)?;
    let reset = store
        .password_reset(&token.digest())
        .await?
        .ok_or_else(not_found)?;
    if reset.used_at.is_some() {
        return Err(AppError::Gone(USED.to_string()));
    }
    if reset.expires_at <= now {
        return Err(AppError::Gone(EXPIRED.to_string()));
    }
    EmailAddress::try_from(reset.email.as_str())
        .map_err(|error| anyhow::anyhow!("a stored email does not parse: {error}").into())
}

/// Sets a new password with a reset link, once; answers how many API tokens were revoked.
pub async fn reset_password(
    store: &dyn Store,
    hashing: &HashingLimit,
    token: &str,
    new: String,
    confirmation: String,
    now: DateTime<Utc>,
) -> Result<u64, AppError> {
    let email = usable_password_reset(store, token, now).await?;
    if new != confirmation {
        return Err(AppError::invalid(
            Field::NewPassword,
            "The new password and its confirmation differ.",
        ));
    }
    let password = NewPassword::for_account(new, &email)
        .map_err(|error| AppError::invalid(Field::NewPassword, error.to_string()))?;
    let hash = hashing.hash(password).await.map_err(hash_refusal)?;
    let digest = SecretToken::parse(token)
        .ok_or_else(|| AppError::not_found("such password reset link"))?
        .digest();
    match store.reset_password(&digest, &hash, now).await {
        Ok(revoked) => {
            tracing::info!(
                revoked,
                "password reset; all sessions ended, tokens revoked"
            );
            Ok(revoked)
        }
        Err(StoreError::ResetUsed) => Err(AppError::Gone(USED.to_string())),
        Err(StoreError::ResetExpired) => Err(AppError::Gone(EXPIRED.to_string())),
        Err(StoreError::ResetNotFound) => Err(AppError::not_found("such password reset link")),
        Err(error) => Err(error.into()),
    }
}
