//! What makes an email address and a password acceptable for an account.

use std::fmt;

/// An email address, trimmed and lower-cased so that one person has one account.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EmailAddress(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    #[error("Enter an email address.")]
    Empty,
    #[error("An email address is at most 254 characters long.")]
    TooLong,
    #[error("Enter an email address in the form name@example.org.")]
    Malformed,
}

impl EmailAddress {
    pub const MAX_LEN: usize = 254;

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<&str> for EmailAddress {
    type Error = EmailError;

    fn try_from(input: &str) -> Result<Self, Self::Error> {
        let email = input.trim().to_lowercase();
        if email.is_empty() {
            return Err(EmailError::Empty);
        }
        if email.len() > Self::MAX_LEN {
            return Err(EmailError::TooLong);
        }
        let Some((local, domain)) = email.split_once('@') else {
            return Err(EmailError::Malformed);
        };
        let well_formed = !local.is_empty()
            && !domain.is_empty()
            && !domain.contains('@')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !email.chars().any(|c| c.is_whitespace() || c.is_control());
        if !well_formed {
            return Err(EmailError::Malformed);
        }
        Ok(Self(email))
    }
}

impl fmt::Display for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A new password that meets the length rules. It is never displayed or logged.
pub struct NewPassword(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    #[error("A password must be at least {min} characters long.", min = NewPassword::MIN_CHARS)]
    TooShort,
    // A cap keeps one request from costing the server an unbounded amount of hashing.
    #[error("A password must be at most {max} characters long.", max = NewPassword::MAX_CHARS)]
    TooLong,
}

impl NewPassword {
    pub const MIN_CHARS: usize = 10;
    pub const MAX_CHARS: usize = 1024;

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for NewPassword {
    type Error = PasswordError;

    fn try_from(password: String) -> Result<Self, Self::Error> {
        let chars = password.chars().count();
        if chars < Self::MIN_CHARS {
            Err(PasswordError::TooShort)
        } else if chars > Self::MAX_CHARS {
            Err(PasswordError::TooLong)
        } else {
            Ok(Self(password))
        }
    }
}

impl fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NewPassword(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_trimmed_and_lower_cased() {
        let email = EmailAddress::try_from("  Sam.Jones@Example.ORG ").unwrap();
        assert_eq!(email.as_str(), "sam.jones@example.org");
    }

    #[test]
    fn malformed_emails_are_refused_with_their_reason() {
        assert_eq!(EmailAddress::try_from("   "), Err(EmailError::Empty));
        for bad in [
            "no-at-sign",
            "@example.org",
            "sam@",
            "sam@@example.org",
            "sam@.example.org",
            "sam jones@example.org",
        ] {
            assert_eq!(
                EmailAddress::try_from(bad),
                Err(EmailError::Malformed),
                "{bad}"
            );
        }
        let long = format!("{}@example.org", "a".repeat(250));
        assert_eq!(
            EmailAddress::try_from(long.as_str()),
            Err(EmailError::TooLong)
        );
    }

    #[test]
    fn password_length_is_counted_in_characters() {
        assert!(NewPassword::try_from("ninechars".to_string()).is_err());
        assert!(NewPassword::try_from("tencharsok".to_string()).is_ok());
        // Ten characters but more than ten bytes.
        assert!(NewPassword::try_from("ééééééééé".to_string()).is_err());
        assert_eq!(
            NewPassword::try_from("x".repeat(1025)).unwrap_err(),
            PasswordError::TooLong
        );
    }
}
