//! Reads a games document in one pass: each game is checked and stored compactly as soon as it
//! is read, its players numbered, so that a million games never exist as a million parsed
//! objects. What depends on the system (which the document may name after its games) is
//! checked afterwards, by [`crate::pool`].

use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::document::{
    Bounded, Id, MAX_GAMES, MAX_PLAYERS, OptionsSpec, PlayerSpec, SystemName, present, push_key,
};
use crate::pool::{Game, Refusal, Rule};

type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// Player ids to their numbers, in order of first mention.
#[derive(Default)]
pub(crate) struct Roster<'a> {
    numbers: FastMap<Cow<'a, str>, u32>,
    pub ids: Vec<Cow<'a, str>>,
}

impl<'a> Roster<'a> {
    pub fn intern(&mut self, id: &Id<'a>, place: impl FnOnce() -> String) -> Result<u32, Refusal> {
        if let Some(&number) = self.numbers.get(id.as_str()) {
            return Ok(number);
        }
        if self.ids.len() == MAX_PLAYERS {
            return Err(Refusal::new(
                place(),
                format!("more than {MAX_PLAYERS} players: the limit is {MAX_PLAYERS}"),
            ));
        }
        let number = self.ids.len() as u32;
        // A borrowed id stays borrowed from the text: cloning it copies a pointer.
        self.ids.push(id.0.clone());
        self.numbers.insert(id.0.clone(), number);
        Ok(number)
    }
}

/// The document as read: its games checked as far as they can be without the system.
#[derive(Default)]
pub(crate) struct Draft<'a> {
    pub system: SystemName,
    pub options: OptionsSpec,
    pub players: Vec<PlayerSpec<'a>>,
    pub games: Vec<Game<'a>>,
    /// Each game's `period`, as written.
    pub periods: Vec<Option<Cow<'a, str>>>,
    pub roster: Roster<'a>,
    game_numbers: FastMap<Cow<'a, str>, u32>,
}

/// Reads `text` into a draft. `track` names the place of a type error (slower: used only to
/// explain a document already refused).
pub(crate) fn read(text: &str, track: bool) -> Result<Draft<'_>, Refusal> {
    let mut draft = Draft::default();
    let mut refusal = None;
    let deserializer = &mut serde_json::Deserializer::from_str(text);
    let seed = DocumentSeed {
        draft: &mut draft,
        refusal: &mut refusal,
        text_length: text.len(),
    };
    let outcome = if track {
        let mut path = serde_path_to_error::Track::new();
        let tracked = serde_path_to_error::Deserializer::new(&mut *deserializer, &mut path);
        seed.deserialize(tracked)
            .map_err(|error| Some((path.path(), error)))
    } else {
        seed.deserialize(&mut *deserializer).map_err(|_| None)
    };
    if let Some(refusal) = refusal {
        return Err(refusal);
    }
    match outcome {
        Ok(()) => {}
        Err(Some((path, error))) => {
            return Err(Refusal::new(
                crate::document::describe_path(&path),
                error.to_string(),
            ));
        }
        Err(None) => {
            // Read again, tracking the place, without holding the first reading's games.
            drop(draft);
            return read(text, true);
        }
    }
    // The document is the whole text: anything but white space after it is refused.
    deserializer
        .end()
        .map_err(|error| Refusal::new("$", format!("text after the document: {error}")))?;
    Ok(draft)
}

const KEYS: &[&str] = &["system", "options", "players", "games"];

struct DocumentSeed<'d, 'a> {
    draft: &'d mut Draft<'a>,
    refusal: &'d mut Option<Refusal>,
    text_length: usize,
}

impl<'de, 'd> DeserializeSeed<'de> for DocumentSeed<'d, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de, 'd> Visitor<'de> for DocumentSeed<'d, 'de> {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a games document (an object)")
    }

    fn visit_map<M: MapAccess<'de>>(mut self, mut map: M) -> Result<(), M::Error> {
        let mut seen = [false; 4];
        while let Some(key) = map.next_key::<Id<'de>>()? {
            let Some(slot) = KEYS.iter().position(|known| *known == key.as_str()) else {
                // Refused here rather than by serde, to name the key's own place.
                let mut place = String::from("$");
                push_key(&mut place, key.as_str());
                let known: Vec<String> = KEYS.iter().map(|key| format!("`{key}`")).collect();
                let message = format!(
                    "unknown field `{}`, expected one of {}",
                    key.as_str(),
                    known.join(", ")
                );
                return Err(self.refuse(Refusal::new(place, message)));
            };
            if std::mem::replace(&mut seen[slot], true) {
                // Named as serde names a key given twice in a game: the object's place.
                let message = format!("duplicate field `{}`", KEYS[slot]);
                return Err(self.refuse(Refusal::new("$", message)));
            }
            match slot {
                0 => self.draft.system = map.next_value()?,
                1 => self.draft.options = map.next_value()?,
                2 => {
                    let players: Bounded<PlayerSpec<'de>, MAX_PLAYERS> = map.next_value()?;
                    // Numbered now, so that players are numbered in the document's order.
                    for (index, player) in players.0.iter().enumerate() {
                        let place = || format!("$.players[{index}].id");
                        if let Err(refusal) = self.draft.roster.intern(&player.id, place) {
                            return Err(self.refuse(refusal));
                        }
                    }
                    self.draft.players = players.0;
                }
                _ => map.next_value_seed(GamesSeed {
                    draft: &mut *self.draft,
                    refusal: &mut *self.refusal,
                    text_length: self.text_length,
                })?,
            }
        }
        if !seen[3] {
            return Err(de::Error::missing_field("games"));
        }
        Ok(())
    }
}

impl DocumentSeed<'_, '_> {
    /// Keeps the refusal to report, and an error that stops the reading.
    fn refuse<E: de::Error>(&mut self, refusal: Refusal) -> E {
        *self.refusal = Some(refusal);
        E::custom("refused")
    }
}

struct GamesSeed<'d, 'a> {
    draft: &'d mut Draft<'a>,
    refusal: &'d mut Option<Refusal>,
    text_length: usize,
}

impl<'de, 'd> DeserializeSeed<'de> for GamesSeed<'d, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, 'd> Visitor<'de> for GamesSeed<'d, 'de> {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "a list of at most {MAX_GAMES} games")
    }

    fn visit_seq<S: SeqAccess<'de>>(self, mut games: S) -> Result<(), S::Error> {
        // The reader gives no count: room for as many games as the text could hold, at the
        // shortest a game is likely to be written, spares a million-game document's regrowing.
        let likely = games
            .size_hint()
            .unwrap_or(self.text_length / 64)
            .min(MAX_GAMES);
        self.draft.games.reserve(likely);
        self.draft.periods.reserve(likely);
        self.draft.game_numbers.reserve(likely);
        while let Some(game) = games.next_element::<GameRead<'de>>()? {
            if self.draft.games.len() == MAX_GAMES {
                return Err(de::Error::custom(format!(
                    "more than {MAX_GAMES} items: the limit is {MAX_GAMES}"
                )));
            }
            if let Err(refusal) = self.draft.add_game(game) {
                *self.refusal = Some(refusal);
                // Stops the reading; the refusal above is what is reported.
                return Err(de::Error::custom("refused"));
            }
        }
        Ok(())
    }
}

/// A game as [`crate::document::GameSpec`] has it, its lists held inline: reading a million
/// games then allocates nothing per game.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a game (an object with id, date, sides and ranks)"
)]
struct GameRead<'a> {
    #[serde(borrow)]
    id: Id<'a>,
    #[serde(borrow)]
    date: Id<'a>,
    #[serde(borrow)]
    sides: Few<Few<Id<'a>, 2>, 4>,
    ranks: Few<f64, 4>,
    #[serde(default, borrow, deserialize_with = "present")]
    period: Option<Id<'a>>,
}

/// A list of which the first `N` items are kept; the others are read (so checked for their
/// type) and counted, for the refusal to say how many there were.
struct Few<T, const N: usize> {
    items: [Option<T>; N],
    len: usize,
}

impl<T, const N: usize> Few<T, N> {
    fn len(&self) -> usize {
        self.len
    }

    /// The items kept.
    fn iter(&self) -> impl Iterator<Item = &T> {
        self.items.iter().map_while(Option::as_ref)
    }
}

impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for Few<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FewVisitor<T, const N: usize>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>, const N: usize> Visitor<'de> for FewVisitor<T, N> {
            type Value = Few<T, N>;
            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("a list")
            }
            fn visit_seq<S: SeqAccess<'de>>(self, mut items: S) -> Result<Few<T, N>, S::Error> {
                let mut few = Few {
                    items: std::array::from_fn(|_| None),
                    len: 0,
                };
                while let Some(item) = items.next_element::<T>()? {
                    if let Some(slot) = few.items.get_mut(few.len) {
                        *slot = Some(item);
                    }
                    few.len += 1;
                }
                Ok(few)
            }
        }
        deserializer.deserialize_seq(FewVisitor(std::marker::PhantomData))
    }
}

impl<'a> Draft<'a> {
    /// Checks a game's id, date, sides and ranks, and stores it.
    fn add_game(&mut self, game: GameRead<'a>) -> Result<(), Refusal> {
        let index = self.games.len();
        let place = || format!("$.games[{index}]");
        match self.game_numbers.entry(game.id.0.clone()) {
            Entry::Occupied(first) => {
                return Err(Refusal::new(
                    format!("{}.id", place()),
                    format!(
                        "the game id {} is already the id of $.games[{}]",
                        quoted(game.id.as_str()),
                        first.get()
                    ),
                ));
            }
            Entry::Vacant(vacant) => {
                vacant.insert(index as u32);
            }
        }
        if !is_date(game.date.as_str()) {
            return Err(Refusal::new(
                format!("{}.date", place()),
                format!(
                    "{} is not a day of the calendar written YYYY-MM-DD",
                    quoted(game.date.as_str())
                ),
            ));
        }
        let side_count = game.sides.len();
        if !(2..=4).contains(&side_count) {
            return Err(Refusal::new(
                format!("{}.sides", place()),
                format!("a game has 2 to 4 sides, not {side_count}"),
            ));
        }
        let mut stored = Game::new(game.id.0);
        for (side_index, side) in game.sides.iter().enumerate() {
            if !(1..=2).contains(&side.len()) {
                return Err(Refusal::new(
                    format!("{}.sides[{side_index}]", place()),
                    format!("a side has 1 or 2 players, not {}", side.len()),
                ));
            }
            let mut players = [0; 2];
            for (seat, id) in side.iter().enumerate() {
                let seat_place = || format!("{}.sides[{side_index}][{seat}]", place());
                let number = self.roster.intern(id, seat_place)?;
                if stored.has_player(number) || players[..seat].contains(&number) {
                    return Err(Refusal::new(
                        seat_place(),
                        format!(
                            "{} is already in this game: a player is in at most one side, once",
                            quoted(id.as_str())
                        ),
                    ));
                }
                players[seat] = number;
            }
            stored.push_side(&players[..side.len()]);
        }
        if game.ranks.len() != side_count {
            return Err(Refusal::new(
                format!("{}.ranks", place()),
                format!(
                    "{} ranks for {side_count} sides: one rank per side",
                    game.ranks.len()
                ),
            ));
        }
        for (side, &rank) in game.ranks.iter().enumerate() {
            Rule::WholeFrom(1)
                .check(rank)
                .map_err(|message| Refusal::new(format!("{}.ranks[{side}]", place()), message))?;
            stored.set_rank(side, rank as u32);
        }
        self.games.push(stored);
        self.periods.push(game.period.map(|period| period.0));
        Ok(())
    }
}

/// `YYYY-MM-DD`, a day of the Gregorian calendar.
pub(crate) fn is_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| -> Option<u32> {
        bytes[range].iter().try_fold(0, |value, &byte| match byte {
            b'0'..=b'9' => Some(value * 10 + u32::from(byte - b'0')),
            _ => None,
        })
    };
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) = (digits(0..4), digits(5..7), digits(8..10)) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// A string as JSON writes it, for messages.
pub(crate) fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_days_of_the_calendar() {
        for good in ["2026-11-24", "2024-02-29", "2000-02-29", "1999-12-31"] {
            assert!(is_date(good), "{good}");
        }
        for bad in [
            "2026-11-31",
            "2023-02-29",
            "1900-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-1-01",
            "26-11-24",
            "2026/11/24",
            "2026-11-24T00",
            "２０２６-11-24",
        ] {
            assert!(!is_date(bad), "{bad}");
        }
    }
}
