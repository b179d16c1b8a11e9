//! Opaque random tokens (session cookies, invite links) and the digests the store keeps of them.

use std::fmt;

use rand::RngCore;
use sha2::{Digest, Sha256};

/// A secret handed to one browser or person. Only its [`TokenDigest`] is stored.
#[derive(Clone, PartialEq, Eq)]
pub struct SecretToken(String);

const TOKEN_BYTES: usize = 32;

impl SecretToken {
    pub fn generate() -> Self {
        let mut bytes = [0u8; TOKEN_BYTES];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Self(hex::encode(bytes))
    }

    /// Accepts only what [`SecretToken::generate`] makes, so junk never reaches the store.
    pub fn parse(text: &str) -> Option<Self> {
        let well_formed = text.len() == TOKEN_BYTES * 2
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        well_formed.then(|| Self(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn digest(&self) -> TokenDigest {
        TokenDigest(hex::encode(Sha256::digest(self.0.as_bytes())))
    }
}

impl fmt::Debug for SecretToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretToken(..)")
    }
}

/// The SHA-256 digest of a [`SecretToken`], in hex: what the store keeps and looks up by.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TokenDigest(String);

impl TokenDigest {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tokens_parse_and_differ() {
        let a = SecretToken::generate();
        let b = SecretToken::generate();
        assert_ne!(a, b);
        assert_eq!(SecretToken::parse(a.as_str()), Some(a.clone()));
        assert_ne!(a.digest(), b.digest());
        assert_eq!(a.digest(), a.clone().digest());
        assert_ne!(a.digest().as_str(), a.as_str());
    }

    #[test]
    fn junk_is_not_a_token() {
        assert_eq!(SecretToken::parse(""), None);
        assert_eq!(SecretToken::parse(&"g".repeat(64)), None);
        assert_eq!(SecretToken::parse(&"A".repeat(64)), None);
        assert_eq!(SecretToken::parse(&"a".repeat(63)), None);
    }
}
