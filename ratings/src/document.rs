//! The games document as plain data, exactly as JSON gives it: shapes and types, unknown keys
//! refused, and nothing more. The reader takes a game at a time in these shapes and
//! [`crate::pool`] checks the rest; a program that writes documents (the service publishing a
//! pool) builds these types and serialises them, so that it and `fives ratings` are held to one
//! shape. Strings borrow from the text where they can, so that a million games cost little.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

/// At most this many games in a document.
pub const MAX_GAMES: usize = 1_000_000;
/// At most this many players in a document, listed or playing.
pub const MAX_PLAYERS: usize = 100_000;

/// The whole document, to write one (the reader takes it a game at a time). Keys of the
/// other system (`rating` in a Weng–Lin document) are read and refused by the validation,
/// which knows the system whatever the keys' order.
#[derive(Clone, Debug, Default, Serialize)]
pub struct DocumentSpec<'a> {
    pub system: SystemName,
    pub options: OptionsSpec,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerSpec<'a>>,
    pub games: Vec<GameSpec<'a>>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub enum SystemName {
    #[default]
    #[serde(rename = "weng-lin")]
    WengLin,
    #[serde(rename = "glicko-2")]
    Glicko2,
}

impl SystemName {
    pub fn name(self) -> &'static str {
        match self {
            SystemName::WengLin => "weng-lin",
            SystemName::Glicko2 => "glicko-2",
        }
    }
}

/// Every option of both systems; a key that is present must not be `null`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, expecting = "options (an object)")]
pub struct OptionsSpec {
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub mu: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub sigma: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub beta: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub kappa: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub tau: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub rating: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub rd: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub volatility: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub history: Option<bool>,
}

/// A player's starting values, carried from an earlier document.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields, expecting = "a player (an object with an id)")]
pub struct PlayerSpec<'a> {
    #[serde(borrow)]
    pub id: Id<'a>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub mu: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub sigma: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub rating: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub rd: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub volatility: Option<f64>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub games: Option<f64>,
}

/// A game: its sides (lists of player ids) and one rank per side.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a game (an object with id, date, sides and ranks)"
)]
pub struct GameSpec<'a> {
    #[serde(borrow)]
    pub id: Id<'a>,
    #[serde(borrow)]
    pub date: Id<'a>,
    #[serde(borrow)]
    pub sides: Vec<Vec<Id<'a>>>,
    pub ranks: Vec<f64>,
    #[serde(
        default,
        borrow,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub period: Option<Id<'a>>,
}

/// A string of the document, borrowed from its text unless it holds escapes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Id<'a>(pub Cow<'a, str>);

impl<'a> Id<'a> {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'a> From<&'a str> for Id<'a> {
    fn from(text: &'a str) -> Id<'a> {
        Id(Cow::Borrowed(text))
    }
}

impl From<String> for Id<'static> {
    fn from(text: String) -> Id<'static> {
        Id(Cow::Owned(text))
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Id<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Id<'a>, D::Error> {
        struct IdVisitor;
        impl<'de> Visitor<'de> for IdVisitor {
            type Value = Id<'de>;
            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<Id<'de>, E> {
                Ok(Id(Cow::Borrowed(text)))
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Id<'de>, E> {
                Ok(Id(Cow::Owned(text.to_owned())))
            }
            fn visit_string<E: de::Error>(self, text: String) -> Result<Id<'de>, E> {
                Ok(Id(Cow::Owned(text)))
            }
        }
        deserializer.deserialize_str(IdVisitor)
    }
}

/// A list read only up to `MAX` items, so that an oversized document is refused before it is
/// held in memory.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Bounded<T, const MAX: usize>(pub Vec<T>);

impl<T, const MAX: usize> Default for Bounded<T, MAX> {
    fn default() -> Self {
        Bounded(Vec::new())
    }
}

impl<T, const MAX: usize> Bounded<T, MAX> {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<'de, T: Deserialize<'de>, const MAX: usize> Deserialize<'de> for Bounded<T, MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct BoundedVisitor<T, const MAX: usize>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>, const MAX: usize> Visitor<'de> for BoundedVisitor<T, MAX> {
            type Value = Bounded<T, MAX>;
            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                write!(formatter, "a list of at most {MAX} items")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Self::Value, A::Error> {
                let mut list = Vec::with_capacity(items.size_hint().unwrap_or(0).min(4096));
                while let Some(item) = items.next_element()? {
                    if list.len() == MAX {
                        return Err(de::Error::custom(format!(
                            "more than {MAX} items: the limit is {MAX}"
                        )));
                    }
                    list.push(item);
                }
                Ok(Bounded(list))
            }
        }
        deserializer.deserialize_seq(BoundedVisitor(PhantomData))
    }
}

/// An optional key that, when present, holds a value: `"mu": null` is refused, not taken as
/// the default.
pub(crate) fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// The place of a deserialisation error in the words of the specification,
/// `$.games[3].sides[1]`: indexes from 0, as JSONPath counts.
pub fn describe_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut place = String::from("$");
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => place.push_str(&format!("[{index}]")),
            Segment::Map { key } => push_key(&mut place, key),
            Segment::Enum { variant } => push_key(&mut place, variant),
            Segment::Unknown => {}
        }
    }
    place
}

/// `.key` for a plain name, `["key"]` (a JSON string) for any other.
pub fn push_key(place: &mut String, key: &str) {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|character| character.is_ascii_alphanumeric() || character == '_');
    if plain {
        place.push('.');
        place.push_str(key);
    } else {
        place.push('[');
        place.push_str(&serde_json::to_string(key).unwrap_or_default());
        place.push(']');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Short {
        #[allow(dead_code)]
        items: Bounded<u8, 3>,
    }

    #[test]
    fn a_bounded_list_refuses_one_item_more_than_its_limit() {
        let three: Short = serde_json::from_str(r#"{"items": [1, 2, 3]}"#).unwrap();
        assert_eq!(three.items.0, [1, 2, 3]);
        let deserializer = &mut serde_json::Deserializer::from_str(r#"{"items": [1, 2, 3, 4]}"#);
        let error = serde_path_to_error::deserialize::<_, Short>(deserializer).unwrap_err();
        assert_eq!(describe_path(error.path()), "$.items");
        assert!(
            error
                .inner()
                .to_string()
                .starts_with("more than 3 items: the limit is 3")
        );
    }

    #[test]
    fn the_limits_are_the_specifications() {
        assert_eq!(MAX_GAMES, 1_000_000);
        assert_eq!(MAX_PLAYERS, 100_000);
    }

    #[test]
    fn ids_borrow_from_the_text_unless_escaped() {
        let plain: Id<'_> = serde_json::from_str(r#""ann""#).unwrap();
        assert!(matches!(plain.0, Cow::Borrowed("ann")));
        let escaped: Id<'_> = serde_json::from_str(r#""a\u006en""#).unwrap();
        assert_eq!(escaped.as_str(), "ann");
    }
}
