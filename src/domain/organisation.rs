//! Names and slugs of organisations and teams.

use std::fmt;

/// The short name of an organisation in its addresses, such as `north-devon-league`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slug(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SlugError {
    #[error("Enter a short name for the web address.")]
    Empty,
    #[error("A short name is at most 60 characters long.")]
    TooLong,
    #[error(
        "A short name uses only lower-case letters, digits and hyphens, and does not start or end with a hyphen."
    )]
    Malformed,
}

impl Slug {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<&str> for Slug {
    type Error = SlugError;

    fn try_from(input: &str) -> Result<Self, Self::Error> {
        let slug = input.trim();
        if slug.is_empty() {
            return Err(SlugError::Empty);
        }
        if slug.len() > 60 {
            return Err(SlugError::TooLong);
        }
        let allowed = slug
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !allowed || slug.starts_with('-') || slug.ends_with('-') {
            return Err(SlugError::Malformed);
        }
        Ok(Self(slug.to_string()))
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A display name of an organisation or a team: not blank, one line, of a sensible length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayName(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DisplayNameError {
    #[error("Enter a name.")]
    Empty,
    #[error("A name is at most 100 characters long.")]
    TooLong,
    #[error("A name is one line of text.")]
    Multiline,
}

impl DisplayName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<&str> for DisplayName {
    type Error = DisplayNameError;

    fn try_from(input: &str) -> Result<Self, Self::Error> {
        let name = input.trim();
        if name.is_empty() {
            return Err(DisplayNameError::Empty);
        }
        if name.chars().count() > 100 {
            return Err(DisplayNameError::TooLong);
        }
        if name.chars().any(char::is_control) {
            return Err(DisplayNameError::Multiline);
        }
        Ok(Self(name.to_string()))
    }
}

/// How opposing captains reach a team: free text, kept short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamContact(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Contact details are at most 500 characters long.")]
pub struct TeamContactTooLong;

impl TeamContact {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<&str> for TeamContact {
    type Error = TeamContactTooLong;

    fn try_from(input: &str) -> Result<Self, Self::Error> {
        let contact = input.trim();
        if contact.chars().count() > 500 {
            return Err(TeamContactTooLong);
        }
        Ok(Self(contact.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lower_case_words_joined_by_hyphens() {
        assert_eq!(Slug::try_from(" devon-5s ").unwrap().as_str(), "devon-5s");
        assert_eq!(Slug::try_from(""), Err(SlugError::Empty));
        for bad in ["Devon", "devon league", "-devon", "devon-", "dévon"] {
            assert_eq!(Slug::try_from(bad), Err(SlugError::Malformed), "{bad}");
        }
        assert_eq!(
            Slug::try_from("a".repeat(61).as_str()),
            Err(SlugError::TooLong)
        );
    }

    #[test]
    fn display_names_are_one_trimmed_line() {
        assert_eq!(
            DisplayName::try_from(" The Crown ").unwrap().as_str(),
            "The Crown"
        );
        assert_eq!(DisplayName::try_from(" "), Err(DisplayNameError::Empty));
        assert_eq!(
            DisplayName::try_from("The\nCrown"),
            Err(DisplayNameError::Multiline)
        );
        assert_eq!(
            DisplayName::try_from("x".repeat(101).as_str()),
            Err(DisplayNameError::TooLong)
        );
    }

    #[test]
    fn team_contact_may_be_empty_but_not_long() {
        assert_eq!(TeamContact::try_from("  ").unwrap().as_str(), "");
        assert!(TeamContact::try_from("x".repeat(501).as_str()).is_err());
    }
}
