//! Password hashing with argon2id. Hashing is deliberately slow, so it runs on tokio's blocking
//! threads and never holds up the threads that serve requests.

use std::sync::OnceLock;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use rand::rngs::OsRng;

use crate::domain::account::NewPassword;

#[derive(Debug, thiserror::Error)]
pub enum HashError {
    #[error("password hashing failed: {0}")]
    Hash(argon2::password_hash::Error),
    #[error("password hashing task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
}

/// Hashes a new password into a PHC string (argon2id with the crate's recommended costs).
pub async fn hash(password: NewPassword) -> Result<String, HashError> {
    tokio::task::spawn_blocking(move || hash_blocking(password.expose())).await?
}

fn hash_blocking(password: &str) -> Result<String, HashError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(HashError::Hash)
}

/// Whether `password` matches `stored_hash`. With no stored hash (an unknown email) it checks
/// against a dummy hash of the same cost and answers false, so the time a login takes does not
/// reveal whether an account exists.
pub async fn verify(password: String, stored_hash: Option<String>) -> Result<bool, HashError> {
    tokio::task::spawn_blocking(move || match stored_hash {
        Some(stored) => verify_blocking(&password, &stored),
        None => {
            verify_blocking(&password, dummy_hash());
            false
        }
    })
    .await
    .map_err(HashError::from)
}

fn verify_blocking(password: &str, stored_hash: &str) -> bool {
    match PasswordHash::new(stored_hash) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(error) => {
            tracing::error!(%error, "a stored password hash does not parse");
            false
        }
    }
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        hash_blocking("a password nobody has, for timing only")
            .expect("hashing a constant password with default parameters succeeds")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_password(text: &str) -> NewPassword {
        NewPassword::try_from(text.to_string()).unwrap()
    }

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let stored = hash(new_password("correct horse battery")).await.unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(
            verify("correct horse battery".into(), Some(stored.clone()))
                .await
                .unwrap()
        );
        assert!(
            !verify("correct horse battery!".into(), Some(stored))
                .await
                .unwrap()
        );
    }

    #[tokio::test]
    async fn the_same_password_hashes_differently_each_time() {
        let a = hash(new_password("correct horse battery")).await.unwrap();
        let b = hash(new_password("correct horse battery")).await.unwrap();
        assert_ne!(a, b);
    }

    /// Without the dummy hash an unknown email would be answered in a fraction of the time.
    #[tokio::test]
    async fn checking_no_account_takes_as_long_as_checking_a_wrong_password() {
        let stored = hash(new_password("correct horse battery")).await.unwrap();
        verify("warm up".into(), None).await.unwrap();
        let mut wrong_password = std::time::Duration::MAX;
        let mut no_account = std::time::Duration::MAX;
        for _ in 0..3 {
            let started = std::time::Instant::now();
            verify("wrong password".into(), Some(stored.clone()))
                .await
                .unwrap();
            wrong_password = wrong_password.min(started.elapsed());
            let started = std::time::Instant::now();
            verify("wrong password".into(), None).await.unwrap();
            no_account = no_account.min(started.elapsed());
        }
        assert!(
            no_account * 2 >= wrong_password,
            "no account: {no_account:?}, wrong password: {wrong_password:?}"
        );
    }

    #[tokio::test]
    async fn no_account_never_verifies() {
        assert!(!verify("anything at all".into(), None).await.unwrap());
        assert!(
            !verify("anything at all".into(), Some("not a hash".into()))
                .await
                .unwrap()
        );
    }
}
