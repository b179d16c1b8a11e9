//! The server's secret key, which signs CSRF tokens. It is generated on first run and kept in
//! the data directory, unless configured; every process behind one database needs the same key.

use std::fs;
use std::io::Write;
use std::path::Path;

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

#[derive(Clone)]
pub struct SecretKey(Vec<u8>);

#[derive(Debug, thiserror::Error)]
pub enum SecretKeyError {
    #[error("the configured secret key is {0} bytes long; it must be at least 32")]
    TooShort(usize),
    #[error("cannot read or create the key file {path}: {error}")]
    File { path: String, error: std::io::Error },
    #[error("the key file {0} does not hold a key of 64 hexadecimal digits")]
    Corrupt(String),
}

const KEY_FILE: &str = "secret.key";
const KEY_BYTES: usize = 32;

impl SecretKey {
    /// A configured key: any text of at least 32 bytes.
    pub fn from_configured(text: &str) -> Result<Self, SecretKeyError> {
        if text.len() < KEY_BYTES {
            return Err(SecretKeyError::TooShort(text.len()));
        }
        Ok(Self(text.as_bytes().to_vec()))
    }

    /// A fresh random key, for tests and for first runs.
    pub fn generate() -> Self {
        let mut bytes = vec![0u8; KEY_BYTES];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Self(bytes)
    }

    /// The key kept in `data_dir`, created (readable by its owner only) when there is none.
    pub fn load_or_create(data_dir: &Path) -> Result<Self, SecretKeyError> {
        let path = data_dir.join(KEY_FILE);
        let file_error = |error| SecretKeyError::File {
            path: path.display().to_string(),
            error,
        };
        match fs::read_to_string(&path) {
            Ok(text) => hex::decode(text.trim())
                .ok()
                .filter(|bytes| bytes.len() == KEY_BYTES)
                .map(Self)
                .ok_or_else(|| SecretKeyError::Corrupt(path.display().to_string())),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                fs::create_dir_all(data_dir).map_err(file_error)?;
                let key = Self::generate();
                let mut options = fs::OpenOptions::new();
                options.write(true).create_new(true);
                #[cfg(unix)]
                {
                    use std::os::unix::fs::OpenOptionsExt;
                    options.mode(0o600);
                }
                let mut file = options.open(&path).map_err(file_error)?;
                writeln!(file, "{}", hex::encode(&key.0)).map_err(file_error)?;
                Ok(key)
            }
            Err(error) => Err(file_error(error)),
        }
    }

    /// A keyed signature of `message` for `purpose`, in hex.
    pub fn sign(&self, purpose: &str, message: &str) -> String {
        hex::encode(self.mac(purpose, message).finalize().into_bytes())
    }

    /// Whether `signature` is [`SecretKey::sign`] of the same message, compared in constant time.
    pub fn verify(&self, purpose: &str, message: &str, signature: &str) -> bool {
        match hex::decode(signature) {
            Ok(bytes) => self.mac(purpose, message).verify_slice(&bytes).is_ok(),
            Err(_) => false,
        }
    }

    fn mac(&self, purpose: &str, message: &str) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC accepts a key of any length");
        // The purpose and a separator keep a signature made for one use from passing for another.
        mac.update(purpose.as_bytes());
        mac.update(&[0]);
        mac.update(message.as_bytes());
        mac
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_verify_only_for_the_same_key_purpose_and_message() {
        let key = SecretKey::generate();
        let signature = key.sign("csrf", "session-a");
        assert!(key.verify("csrf", "session-a", &signature));
        assert!(!key.verify("csrf", "session-b", &signature));
        assert!(!key.verify("other", "session-a", &signature));
        assert!(!SecretKey::generate().verify("csrf", "session-a", &signature));
        assert!(!key.verify("csrf", "session-a", "not hex"));
        assert!(!key.verify("csrf", "session-a", ""));
    }

    #[test]
    fn the_key_file_is_created_once_and_then_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = SecretKey::load_or_create(dir.path()).unwrap();
        let second = SecretKey::load_or_create(dir.path()).unwrap();
        assert_eq!(first.0, second.0);
        fs::write(dir.path().join(KEY_FILE), "short").unwrap();
        assert!(matches!(
            SecretKey::load_or_create(dir.path()),
            Err(SecretKeyError::Corrupt(_))
        ));
    }

    #[test]
    fn a_configured_key_must_be_long_enough() {
        assert!(matches!(
            SecretKey::from_configured("too short"),
            Err(SecretKeyError::TooShort(9))
        ));
        assert!(SecretKey::from_configured(&"k".repeat(32)).is_ok());
    }
}
