//! What makes an email address and a password acceptable for an account.

use std::fmt;

/// An email address as one person's: NFKC-normalised (a full-width or compatibility letter
/// becomes its plain form), trimmed and lower-cased, and refused when it holds a character
/// that shows nothing or letters of two alphabets in one part, the ways an address is made to
/// look like another's. The local part is lower-cased too: mail providers treat it without
/// case, people type it with capitals or not, and one person is to have one account.
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
    #[error(
        "An email address cannot hold a character that shows nothing, such as a zero-width space. Type the address again."
    )]
    Invisible,
    #[error(
        "This address mixes letters of different alphabets (such as a Cyrillic \u{430} among Latin letters), so it looks like another. Type each part of it in one alphabet."
    )]
    MixedScripts,
}

impl EmailAddress {
    pub const MAX_LEN: usize = 254;

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the address looks like (its confusable skeleton, Unicode TR39), kept beside each
    /// account's address: an address of plain ASCII is what it looks like, but one with any
    /// other character is refused when an account's address has its skeleton, so that a
    /// Cyrillic letter or a Unicode hyphen cannot make a second account of one look.
    pub fn skeleton(&self) -> String {
        email_skeleton(&self.0)
    }

    /// Whether the address is plain ASCII, which is never refused for its look: `bob1@` and
    /// `bobl@` are two people's addresses, however alike they look in some fonts.
    pub fn is_ascii(&self) -> bool {
        self.0.is_ascii()
    }
}

/// The skeleton of an address as [`EmailAddress`] keeps it.
pub fn email_skeleton(address: &str) -> String {
    unicode_security::skeleton(address).collect()
}

/// Whether `c` shows nothing: a character the confusable skeleton drops (zero-width spaces
/// and joiners, soft hyphens, direction marks, variation selectors).
fn is_invisible(c: char) -> bool {
    let mut one = [0; 4];
    unicode_security::skeleton(c.encode_utf8(&mut one))
        .next()
        .is_none()
}

impl TryFrom<&str> for EmailAddress {
    type Error = EmailError;

    fn try_from(input: &str) -> Result<Self, Self::Error> {
        use unicode_normalization::UnicodeNormalization;
        use unicode_security::MixedScript;

        let email = input.nfkc().collect::<String>().trim().to_lowercase();
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
        if email.chars().any(is_invisible) {
            return Err(EmailError::Invisible);
        }
        // Each part on its own: a Cyrillic local part at a Latin domain is someone's address.
        let single_script = std::iter::once(local)
            .chain(domain.split('.'))
            .all(MixedScript::is_single_script);
        if !single_script {
            return Err(EmailError::MixedScripts);
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
    #[error("A password of spaces alone is no password; use words or other characters too.")]
    OnlySpaces,
    /// One that guessers try early: a common password, a name, a keyboard walk, the address.
    #[error("That password is too easy to guess. {advice}")]
    TooGuessable { advice: String },
}

impl NewPassword {
    pub const MIN_CHARS: usize = 10;
    pub const MAX_CHARS: usize = 1024;
    /// zxcvbn's score: 3 needs about 10^10 guesses, out of reach of an online guesser and
    /// costly for an offline one against argon2.
    const MIN_STRENGTH: zxcvbn::Score = zxcvbn::Score::Three;

    /// A new password for the account of `email`, which it must not resemble.
    pub fn for_account(password: String, email: &EmailAddress) -> Result<Self, PasswordError> {
        Self::checked(password, &[email.as_str()])
    }

    fn checked(password: String, related: &[&str]) -> Result<Self, PasswordError> {
        let chars = password.chars().count();
        if chars < Self::MIN_CHARS {
            return Err(PasswordError::TooShort);
        }
        if chars > Self::MAX_CHARS {
            return Err(PasswordError::TooLong);
        }
        if password.chars().all(char::is_whitespace) {
            return Err(PasswordError::OnlySpaces);
        }
        let strength = zxcvbn::zxcvbn(&password, related);
        if strength.score() < Self::MIN_STRENGTH {
            let feedback = strength.feedback();
            let warning = feedback.and_then(|feedback| feedback.warning());
            let suggestions = feedback
                .map(|feedback| feedback.suggestions())
                .unwrap_or_default();
            let advice = warning
                .map(|warning| warning.to_string())
                .into_iter()
                .chain(suggestions.iter().map(ToString::to_string))
                .chain(std::iter::once(
                    "A few uncommon words together make a good one.".to_string(),
                ))
                .collect::<Vec<_>>()
                .join(" ");
            return Err(PasswordError::TooGuessable { advice });
        }
        Ok(Self(password))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for NewPassword {
    type Error = PasswordError;

    /// A new password checked on its own, for when the account is not yet known.
    fn try_from(password: String) -> Result<Self, Self::Error> {
        Self::checked(password, &[])
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
    fn email_is_normalised_and_look_alikes_are_refused() {
        // Full-width letters are their plain forms.
        let email = EmailAddress::try_from("\u{ff33}am@example.org").unwrap();
        assert_eq!(email.as_str(), "sam@example.org");
        for invisible in [
            "sa\u{200b}m@example.org",
            "sam@exa\u{ad}mple.org",
            "\u{feff}sam@example.org",
        ] {
            assert_eq!(
                EmailAddress::try_from(invisible),
                Err(EmailError::Invisible),
                "{invisible:?}"
            );
        }
        // A Cyrillic a among Latin letters, in the local part and in the domain.
        for mixed in ["s\u{430}m@example.org", "sam@ex\u{430}mple.org"] {
            assert_eq!(
                EmailAddress::try_from(mixed),
                Err(EmailError::MixedScripts),
                "{mixed:?}"
            );
        }
        // One alphabet a part is someone's address, but it looks like another's.
        let cyrillic = EmailAddress::try_from("\u{430}\u{440}\u{435}@example.org").unwrap();
        let latin = EmailAddress::try_from("ape@example.org").unwrap();
        assert_eq!(cyrillic.skeleton(), latin.skeleton());
        assert!(!cyrillic.is_ascii() && latin.is_ascii());
        let hyphen = EmailAddress::try_from("sam\u{2010}jones@example.org").unwrap();
        assert_eq!(
            hyphen.skeleton(),
            EmailAddress::try_from("sam-jones@example.org")
                .unwrap()
                .skeleton()
        );
    }

    #[test]
    fn password_length_is_counted_in_characters() {
        assert_eq!(
            NewPassword::try_from("ninechars".to_string()).unwrap_err(),
            PasswordError::TooShort
        );
        // Ten characters but more than ten bytes.
        assert_eq!(
            NewPassword::try_from("ééééééééé".to_string()).unwrap_err(),
            PasswordError::TooShort
        );
        assert_eq!(
            NewPassword::try_from("x".repeat(1025)).unwrap_err(),
            PasswordError::TooLong
        );
    }

    #[test]
    fn spaces_alone_are_no_password() {
        assert_eq!(
            NewPassword::try_from(" ".repeat(12)).unwrap_err(),
            PasswordError::OnlySpaces
        );
        assert_eq!(
            NewPassword::try_from("\t \u{a0} ".repeat(4)).unwrap_err(),
            PasswordError::OnlySpaces
        );
    }

    #[test]
    fn common_and_guessable_passwords_are_refused_with_advice() {
        for guessable in [
            "password123",
            "qwertyuiop",
            "1234567890",
            "iloveyou12",
            "football99",
        ] {
            let refused = NewPassword::try_from(guessable.to_string()).unwrap_err();
            assert!(
                matches!(refused, PasswordError::TooGuessable { .. }),
                "{guessable}"
            );
            assert!(
                refused
                    .to_string()
                    .starts_with("That password is too easy to guess.")
            );
        }
        // The account's own address is something a guesser tries.
        let sam = EmailAddress::try_from("sam.jones@example.org").unwrap();
        assert!(NewPassword::for_account("sam.jones@example.org".to_string(), &sam).is_err());
        for strong in [
            "correct horse battery",
            "fives-demo-password",
            "trombone kettle orchard",
        ] {
            assert!(
                NewPassword::for_account(strong.to_string(), &sam).is_ok(),
                "{strong}"
            );
        }
    }
}
