//! Reading a large document fast. A document of 100,000 entrants and eight rounds names
//! 800,000 seats: read as the plain data of [`EventSpec`], each is an owned string in a list
//! of its own, found again by id afterwards. A document whose entrants come before its rounds
//! (as [`EventSpec`] is written) is read here instead straight into entrants' indexes, each id
//! found as it is read in a table that holds short ids in itself. Anything this reading does
//! not accept, refused documents included, is read again the general way, which names the
//! refusal; what it accepts, the general way reads alike.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::document::{EntrantSpec, EventSpec, Format, OptionsSpec, RoundSpec, TableSpec};
use crate::number::Exact;

use super::EntrantIndex;
use super::id_index::IdIndex;

/// How a seat names its entrant: by id, or already by index.
pub(super) trait SeatName: Sized {
    /// The entrant's index, or the id that is not an entrant's.
    fn entrant(&self, index: &IdIndex) -> Result<EntrantIndex, &str>;

    /// A table's seats as entrants' indexes, each checked by `seat` in order.
    fn seats<E>(
        names: Vec<Self>,
        mut seat: impl FnMut(&Self) -> Result<EntrantIndex, E>,
    ) -> Result<Vec<EntrantIndex>, E> {
        names.iter().map(&mut seat).collect()
    }
}

impl SeatName for String {
    fn entrant(&self, index: &IdIndex) -> Result<EntrantIndex, &str> {
        index.get(self).ok_or(self.as_str())
    }
}

impl SeatName for EntrantIndex {
    fn entrant(&self, _: &IdIndex) -> Result<EntrantIndex, &str> {
        Ok(*self)
    }

    /// The list read is kept: 400,000 tables make as many lists fewer.
    fn seats<E>(
        names: Vec<Self>,
        mut seat: impl FnMut(&Self) -> Result<EntrantIndex, E>,
    ) -> Result<Vec<EntrantIndex>, E> {
        for name in &names {
            seat(name)?;
        }
        Ok(names)
    }
}

/// [`EventSpec`]'s fields with the rounds' seats of type `Id`.
pub(super) struct EventParts<Id> {
    pub(super) format: Format,
    pub(super) seats: Option<u64>,
    pub(super) partnerships: Option<bool>,
    pub(super) entrants: Vec<EntrantSpec>,
    pub(super) rounds: Option<Vec<RoundParts<Id>>>,
    pub(super) options: Option<OptionsSpec>,
}

/// [`RoundSpec`] with ids of type `Id` (the keys written for readers only are not read).
pub(super) struct RoundParts<Id> {
    pub(super) tables: Option<Vec<TableParts<Id>>>,
    pub(super) byes: Option<Vec<Id>>,
}

/// [`TableSpec`] with ids of type `Id`.
pub(super) struct TableParts<Id> {
    pub(super) seats: Vec<Id>,
    pub(super) points: Option<Vec<Exact>>,
    pub(super) game_points: Option<Vec<Exact>>,
}

impl From<EventSpec> for EventParts<String> {
    fn from(spec: EventSpec) -> Self {
        EventParts {
            format: spec.format,
            seats: spec.seats,
            partnerships: spec.partnerships,
            entrants: spec.entrants,
            rounds: spec
                .rounds
                .map(|rounds| rounds.into_iter().map(RoundParts::from).collect()),
            options: spec.options,
        }
    }
}

impl From<RoundSpec> for RoundParts<String> {
    fn from(round: RoundSpec) -> Self {
        RoundParts {
            tables: round
                .tables
                .map(|tables| tables.into_iter().map(TableParts::from).collect()),
            byes: round.byes,
        }
    }
}

impl From<TableSpec> for TableParts<String> {
    fn from(table: TableSpec) -> Self {
        TableParts {
            seats: table.seats,
            points: table.points,
            game_points: table.game_points,
        }
    }
}

/// The document read straight into entrants' indexes, with the index of its ids, when its
/// entrants come before its rounds, their ids are distinct and every seat names one of them;
/// `None` otherwise (the caller then reads it the general way).
pub(super) fn read_resolved(text: &str) -> Option<(EventParts<EntrantIndex>, IdIndex)> {
    let deserializer = &mut serde_json::Deserializer::from_str(text);
    let read = deserializer.deserialize_map(DocumentVisitor).ok()?;
    deserializer.end().ok()?;
    Some(read)
}

/// Refuses, for the reading here only: the general reading then decides.
fn give_up<E: de::Error>() -> E {
    E::custom("read the general way")
}

/// Reads a value once: a key given twice gives up, as serde's derived reading refuses it.
fn once<'de, A: MapAccess<'de>, T>(
    slot: &mut Option<T>,
    read: impl FnOnce(&mut A) -> Result<T, A::Error>,
    map: &mut A,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(give_up());
    }
    *slot = Some(read(map)?);
    Ok(())
}

struct DocumentVisitor;

impl<'de> Visitor<'de> for DocumentVisitor {
    type Value = (EventParts<EntrantIndex>, IdIndex);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an event document")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut format: Option<Format> = None;
        let mut seats: Option<Option<u64>> = None;
        let mut partnerships: Option<Option<bool>> = None;
        let mut entrants: Option<(Vec<EntrantSpec>, IdIndex)> = None;
        let mut rounds: Option<Option<Vec<RoundParts<EntrantIndex>>>> = None;
        let mut options: Option<Option<OptionsSpec>> = None;
        while let Some(key) = map.next_key::<&str>()? {
            match key {
                "format" => once(&mut format, |m| m.next_value(), &mut map)?,
                "seats" => once(&mut seats, |m| m.next_value(), &mut map)?,
                "partnerships" => once(&mut partnerships, |m| m.next_value(), &mut map)?,
                "options" => once(&mut options, |m| m.next_value(), &mut map)?,
                "entrants" => once(
                    &mut entrants,
                    |m| {
                        let list: Vec<EntrantSpec> = m.next_value()?;
                        if list.len() > super::MAX_ENTRANTS {
                            return Err(give_up());
                        }
                        let index = IdIndex::of(list.iter().map(|entrant| entrant.id.as_str()))
                            .ok_or_else(give_up)?;
                        Ok((list, index))
                    },
                    &mut map,
                )?,
                "rounds" => {
                    let Some((_, index)) = &entrants else {
                        return Err(give_up());
                    };
                    let seed = Nullable(List(RoundSeed(index)));
                    once(&mut rounds, |m| m.next_value_seed(seed), &mut map)?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let (Some(format), Some((entrants, index))) = (format, entrants) else {
            return Err(give_up());
        };
        let parts = EventParts {
            format,
            seats: seats.flatten(),
            partnerships: partnerships.flatten(),
            entrants,
            rounds: rounds.flatten(),
            options: options.flatten(),
        };
        Ok((parts, index))
    }
}

/// `null` or the value, as serde reads an `Option`.
#[derive(Clone, Copy)]
struct Nullable<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Nullable<S> {
    type Value = Option<S::Value>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_option(self)
    }
}

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for Nullable<S> {
    type Value = Option<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("null or a value")
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(deserializer).map(Some)
    }
}

/// A JSON array of values each read by the seed.
#[derive(Clone, Copy)]
struct List<S>(S);

impl<'de, S: DeserializeSeed<'de> + Copy> DeserializeSeed<'de> for List<S> {
    type Value = Vec<S::Value>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, S: DeserializeSeed<'de> + Copy> Visitor<'de> for List<S> {
    type Value = Vec<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut values = Vec::new();
        while let Some(value) = seq.next_element_seed(self.0)? {
            values.push(value);
        }
        Ok(values)
    }
}

/// A JSON array of values each read by the seed, as [`List`], into a list of exactly its
/// length when it has at most four (a table's seats and points): a list grown by pushing keeps
/// room for four, and 400,000 tables' lists of two then hold twice the memory they need.
#[derive(Clone, Copy)]
struct Short<S>(S);

impl<'de, S: DeserializeSeed<'de> + Copy> DeserializeSeed<'de> for Short<S>
where
    S::Value: Copy + Default,
{
    type Value = Vec<S::Value>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, S: DeserializeSeed<'de> + Copy> Visitor<'de> for Short<S>
where
    S::Value: Copy + Default,
{
    type Value = Vec<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut first = [S::Value::default(); 4];
        for (len, slot) in first.iter_mut().enumerate() {
            match seq.next_element_seed(self.0)? {
                Some(value) => *slot = value,
                None => return Ok(first[..len].to_vec()),
            }
        }
        let mut values = first.to_vec();
        while let Some(value) = seq.next_element_seed(self.0)? {
            values.push(value);
        }
        Ok(values)
    }
}

/// A round as a JSON object (the general reading also takes a list of its fields).
#[derive(Clone, Copy)]
struct RoundSeed<'i>(&'i IdIndex);

impl<'de> DeserializeSeed<'de> for RoundSeed<'_> {
    type Value = RoundParts<EntrantIndex>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for RoundSeed<'_> {
    type Value = RoundParts<EntrantIndex>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a round")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut tables = None;
        let mut byes = None;
        while let Some(key) = map.next_key::<&str>()? {
            match key {
                "tables" => {
                    let seed = Nullable(List(TableSeed(self.0)));
                    once(&mut tables, |m| m.next_value_seed(seed), &mut map)?;
                }
                "byes" => {
                    let seed = Nullable(List(SeatSeed(self.0)));
                    once(&mut byes, |m| m.next_value_seed(seed), &mut map)?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(RoundParts {
            tables: tables.flatten(),
            byes: byes.flatten(),
        })
    }
}

/// A table as a JSON object.
#[derive(Clone, Copy)]
struct TableSeed<'i>(&'i IdIndex);

impl<'de> DeserializeSeed<'de> for TableSeed<'_> {
    type Value = TableParts<EntrantIndex>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for TableSeed<'_> {
    type Value = TableParts<EntrantIndex>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a table")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut seats = None;
        let mut points: Option<Option<Vec<Exact>>> = None;
        let mut game_points: Option<Option<Vec<Exact>>> = None;
        while let Some(key) = map.next_key::<&str>()? {
            match key {
                "seats" => {
                    let seed = Short(SeatSeed(self.0));
                    once(&mut seats, |m| m.next_value_seed(seed), &mut map)?;
                }
                "points" => {
                    let seed = Nullable(Short(PhantomData::<Exact>));
                    once(&mut points, |m| m.next_value_seed(seed), &mut map)?;
                }
                "game_points" => {
                    let seed = Nullable(Short(PhantomData::<Exact>));
                    once(&mut game_points, |m| m.next_value_seed(seed), &mut map)?;
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(TableParts {
            seats: seats.ok_or_else(give_up)?,
            points: points.flatten(),
            game_points: game_points.flatten(),
        })
    }
}

/// A seat's id, read as the index of the entrant it names.
#[derive(Clone, Copy)]
struct SeatSeed<'i>(&'i IdIndex);

impl<'de> DeserializeSeed<'de> for SeatSeed<'_> {
    type Value = EntrantIndex;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for SeatSeed<'_> {
    type Value = EntrantIndex;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an entrant's id")
    }

    fn visit_str<E: de::Error>(self, id: &str) -> Result<Self::Value, E> {
        self.0.get(id).ok_or_else(give_up)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::event::Event;

    /// The general reading of a document.
    fn general(text: &str) -> Result<Event, String> {
        let spec: EventSpec = serde_json::from_str(text).map_err(|e| e.to_string())?;
        Event::from_spec(spec).map_err(|e| e.to_string())
    }

    #[test]
    fn what_is_read_straight_the_general_reading_reads_alike() {
        let entrants = r#""entrants": [{"id": "ann", "rating": 1500}, {"id": "b\u00f6b"},
            {"id": "a-long-id-of-more-than-fifteen-bytes", "withdrawn_after": 1}, {"id": "dan"}]"#;
        let rounds = r#""rounds": [{"tables": [{"seats": ["ann", "b\u00f6b"], "points": [1, 0],
            "table": 1}, {"seats": ["dan", "a-long-id-of-more-than-fifteen-bytes"],
            "points": [0.5, 0.5], "game_points": null}], "byes": null, "round": 1},
            {"tables": null, "byes": ["dan"]}, {"tables": [{"seats": ["ann", "dan"]}]}]"#;
        let documents = [
            format!(r#"{{"format": "swiss", {entrants}, {rounds}, "extra": [1, {{}}]}}"#),
            format!(
                r#"{{"seats": null, {entrants}, "format": "swiss", {rounds}, "options": null}}"#
            ),
            format!(r#"{{"format": "swiss", {rounds}, {entrants}}}"#),
            format!(r#"{{"format": "swiss", {entrants}, "rounds": null}}"#),
            format!(
                r#"{{"format": "swiss", {entrants}, "rounds": [[[{{"seats": ["ann", "dan"]}}]]]}}"#
            ),
            format!(r#"{{"format": "swiss", {entrants}, {rounds}, "format": "swiss"}}"#),
            format!(
                r#"{{"format": "swiss", {entrants}, "rounds": [{{"tables": [{{"seats": ["ann", "eve"]}}]}}]}}"#
            ),
            format!(
                r#"{{"format": "swiss", {entrants}, "rounds": [{{"tables": [{{"seats": ["ann", "ann"]}}]}}]}}"#
            ),
            r#"{"format": "swiss", "entrants": [{"id": "x"}, {"id": "x"}]}"#.to_string(),
            format!(
                r#"{{"format": "swiss", {entrants}, "rounds": [{{"tables": [{{"points": [1, 0]}}]}}]}}"#
            ),
            format!(r#"{{"format": "swiss", {entrants}}} x"#),
        ];
        for text in &documents {
            let straight = read_resolved(text);
            if let Some((parts, index)) = straight {
                assert_eq!(
                    Event::from_parts(parts, Some(index)).map_err(|e| e.to_string()),
                    general(text),
                    "{text}"
                );
            }
            assert_eq!(
                Event::parse(text)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
                    .is_ok(),
                general(text).is_ok(),
                "{text}"
            );
        }
        assert!(read_resolved(&documents[0]).is_some());
        assert!(
            read_resolved(&documents[2]).is_none(),
            "rounds before entrants"
        );
    }
}
