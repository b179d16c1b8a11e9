//! Password hashing with argon2id. Hashing is deliberately slow, so it runs on tokio's blocking
//! threads and never holds up the threads that serve requests; and it takes memory (19 MiB a
//! hash), so the service runs only a few at once ([`HashingLimit`]) and turns away what would
//! queue too long.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::Semaphore;

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
    /// More hashes are waiting than [`HashingLimit`] lets queue: try again shortly.
    #[error("too many passwords are being checked at once")]
    Busy,
}

/// How many password hashes run at once and how many may wait. Each argon2 hash holds 19 MiB
/// while it runs, so a burst of logins must queue rather than run together; past the queue
/// they are turned away at once (the page says to try again in a moment) rather than wait
/// for ever.
#[derive(Debug)]
pub struct HashingLimit {
    running: Semaphore,
    at_once: usize,
    /// Hashes running or waiting their turn.
    admitted: AtomicUsize,
    most_waiting: usize,
    /// The most that ever ran at once, for tests and the curious.
    peak: AtomicUsize,
    now_running: AtomicUsize,
}

impl HashingLimit {
    /// `at_once` hashes run together, `most_waiting` more may wait their turn.
    pub fn new(at_once: usize, most_waiting: usize) -> Self {
        let at_once = at_once.max(1);
        Self {
            running: Semaphore::new(at_once),
            at_once,
            admitted: AtomicUsize::new(0),
            most_waiting,
            peak: AtomicUsize::new(0),
            now_running: AtomicUsize::new(0),
        }
    }

    /// One hash a core at once (hashing is all computation), and a queue of sixteen a core:
    /// at about a twentieth of a second a hash, none waits more than a second.
    pub fn for_this_machine() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Self::new(cores, 16 * cores)
    }

    /// The most hashes that have run at once.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    /// Hashes `password` for keeping, within the limit.
    pub async fn hash(&self, password: NewPassword) -> Result<String, HashError> {
        self.run(move || hash_blocking(password.expose())).await?
    }

    /// [`verify`] within the limit.
    pub async fn verify(
        &self,
        password: String,
        stored_hash: Option<String>,
    ) -> Result<bool, HashError> {
        self.run(move || verify_or_pretend(&password, stored_hash.as_deref()))
            .await
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, HashError> {
        if self.admitted.fetch_add(1, Ordering::AcqRel) >= self.at_once + self.most_waiting {
            self.admitted.fetch_sub(1, Ordering::AcqRel);
            return Err(HashError::Busy);
        }
        let permit = self.running.acquire().await;
        let running = self.now_running.fetch_add(1, Ordering::AcqRel) + 1;
        self.peak.fetch_max(running, Ordering::AcqRel);
        // The work runs to its end on its thread even if this request is dropped; the permit
        // and the counts go with this future, which is fine: the next hash starts a moment
        // early at worst.
        let done = tokio::task::spawn_blocking(work).await;
        self.now_running.fetch_sub(1, Ordering::AcqRel);
        self.admitted.fetch_sub(1, Ordering::AcqRel);
        drop(permit);
        Ok(done?)
    }
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
    tokio::task::spawn_blocking(move || verify_or_pretend(&password, stored_hash.as_deref()))
        .await
        .map_err(HashError::from)
}

fn verify_or_pretend(password: &str, stored_hash: Option<&str>) -> bool {
    match stored_hash {
        Some(stored) => verify_blocking(password, stored),
        None => {
            verify_blocking(password, dummy_hash());
            false
        }
    }
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

    /// Forty hashes asked for at once with two running and ten waiting: never more than two
    /// run, the twelve admitted finish, and the rest are turned away at once.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn hashing_runs_within_its_limit_and_turns_away_past_the_queue() {
        let limit = std::sync::Arc::new(HashingLimit::new(2, 10));
        let stored = hash(new_password("correct horse battery")).await.unwrap();
        let tries: Vec<_> = (0..40)
            .map(|_| {
                let (limit, stored) = (limit.clone(), stored.clone());
                tokio::spawn(async move {
                    limit
                        .verify("correct horse battery".into(), Some(stored))
                        .await
                })
            })
            .collect();
        let (mut verified, mut busy) = (0, 0);
        for attempt in tries {
            match attempt.await.unwrap() {
                Ok(true) => verified += 1,
                Err(HashError::Busy) => busy += 1,
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(limit.peak(), 2);
        assert_eq!((verified, busy), (12, 28));
        // Once the queue is empty, hashing goes on.
        assert!(
            limit
                .hash(new_password("trombone kettle orchard"))
                .await
                .is_ok()
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
