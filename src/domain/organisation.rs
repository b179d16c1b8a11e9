//! Names and slugs of organisations and teams.

use std::fmt;

/// The short name of an organisation in its addresses, such as `north-devon-league`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slug(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SlugError {
    #[error("Enter a short name for the web address.")]
    Empty,
    #[error("A short name is at most {} characters long.", Slug::MAX_CHARS)]
    TooLong,
    #[error(
        "A short name uses only lower-case letters, digits and hyphens, and does not start or end with a hyphen."
    )]
    Malformed,
}

impl Slug {
    /// The longest short name: it is part of every address of the organisation.
    pub const MAX_CHARS: usize = 60;

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
        if slug.len() > Self::MAX_CHARS {
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
    #[error("A name is at most {} characters long.", DisplayName::MAX_CHARS)]
    TooLong,
    #[error("A name is one line of text.")]
    Multiline,
}

impl DisplayName {
    /// The longest name: room for "The Royal George and Dragon Ladies' Second Team".
    pub const MAX_CHARS: usize = 100;

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
        if name.chars().count() > Self::MAX_CHARS {
            return Err(DisplayNameError::TooLong);
        }
        if name.chars().any(char::is_control) {
            return Err(DisplayNameError::Multiline);
        }
        Ok(Self(name.to_string()))
    }
}

/// What a name looks like, whatever its letters' case: the confusable skeleton (Unicode TR39)
/// of the name in lower case, itself in lower case (a few characters' prototypes are
/// capitals), with runs of spaces as one. Two names of one skeleton are one name to a reader,
/// such as "The Anchor", "the anchor" and "The \u{391}nchor" with a Greek capital alpha, so an
/// organisation's teams, competitions and players are told apart by it.
///
/// Changing it changes what existing rows should keep: a migration then clears the stored
/// skeletons for `migrate` to fill again (as `20261127001000_name_skeletons_fold_case` did).
pub fn name_skeleton(name: &str) -> String {
    let skeleton: String = unicode_security::skeleton(&name.to_lowercase()).collect();
    skeleton
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

impl DisplayName {
    /// This name's [`name_skeleton`].
    pub fn skeleton(&self) -> String {
        name_skeleton(&self.0)
    }
}

/// What an organisation keeps apart by the look of its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NamedThing {
    Team,
    Competition,
    Player,
    Championship,
}

impl NamedThing {
    /// The word for one, as a sentence says it.
    pub fn kind(self) -> &'static str {
        match self {
            NamedThing::Team => "team",
            NamedThing::Competition => "competition",
            NamedThing::Player => "player",
            NamedThing::Championship => "championship",
        }
    }
}

/// Why `name` is refused beside `existing`, a name of the same look the organisation already
/// has: said the same on the pages and in the API.
pub fn looks_alike_message(
    thing: NamedThing,
    name: &str,
    existing: &str,
    organisation: &str,
) -> String {
    let way_out = match thing {
        NamedThing::Team | NamedThing::Competition | NamedThing::Championship => {
            "choose a name that cannot be mistaken for it"
        }
        // Two players may share a name, so the same spelling would do.
        NamedThing::Player => {
            "write it the same way for another person of that name, or choose one that cannot be mistaken for it"
        }
    };
    let kind = thing.kind();
    format!(
        "{name} looks the same as \u{2018}{existing}\u{2019}, a {kind} {organisation} already has; {way_out}."
    )
}

/// How opposing captains reach a team: free text, kept short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamContact(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "Contact details are at most {} characters long.",
    TeamContact::MAX_CHARS
)]
pub struct TeamContactTooLong;

impl TeamContact {
    pub const MAX_CHARS: usize = 500;

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<&str> for TeamContact {
    type Error = TeamContactTooLong;

    fn try_from(input: &str) -> Result<Self, Self::Error> {
        let contact = input.trim();
        if contact.chars().count() > Self::MAX_CHARS {
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
    fn names_that_only_look_different_have_one_skeleton() {
        let anchor = DisplayName::try_from("The Anchor").unwrap();
        // A Greek capital alpha, a Cyrillic o, a zero-width space, a doubled space, another
        // case, and a Cyrillic capital A in another case.
        for look_alike in [
            "The \u{391}nchor",
            "The Anch\u{43e}r",
            "The An\u{200b}chor",
            "The  Anchor",
            "the anchor",
            "THE ANCHOR",
            "the \u{410}NCHOR",
        ] {
            let name = DisplayName::try_from(look_alike).unwrap();
            assert_ne!(name, anchor);
            assert_eq!(name.skeleton(), anchor.skeleton(), "{look_alike}");
        }
        for different in ["The Anchor Inn", "The Archer", "Anchor"] {
            assert_ne!(
                DisplayName::try_from(different).unwrap().skeleton(),
                anchor.skeleton(),
                "{different}"
            );
        }
    }

    #[test]
    fn team_contact_may_be_empty_but_not_long() {
        assert_eq!(TeamContact::try_from("  ").unwrap().as_str(), "");
        assert!(TeamContact::try_from("x".repeat(501).as_str()).is_err());
    }
}
