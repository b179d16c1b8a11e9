//! A games document checked against every rule of the specification: the [`Pool`] the
//! systems rate, or a [`Refusal`] naming the place of the first rule broken.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt;

use crate::document::{DocumentSpec, GameSpec, MAX_PLAYERS, PlayerSpec, SystemName, push_key};

/// Numbers in a document are at most this in magnitude.
pub const MAX_MAGNITUDE: f64 = 1_000_000.0;

/// Why a document is refused, and where: `$.games[3].sides[1]: "ann" is in two sides`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// A JSONPath to the value at fault, `$` for the document as a whole.
    pub place: String,
    pub message: String,
}

impl Refusal {
    pub fn new(place: impl Into<String>, message: impl Into<String>) -> Refusal {
        Refusal {
            place: place.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place, self.message)
    }
}

impl std::error::Error for Refusal {}

/// The rating system with its options, defaults filled in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum System {
    WengLin(WengLinOptions),
    Glicko2(Glicko2Options),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WengLinOptions {
    pub mu: f64,
    pub sigma: f64,
    pub beta: f64,
    pub kappa: f64,
    pub tau: f64,
}

impl Default for WengLinOptions {
    fn default() -> Self {
        WengLinOptions {
            mu: 25.0,
            sigma: 25.0 / 3.0,
            beta: 25.0 / 6.0,
            kappa: 0.0001,
            tau: 25.0 / 300.0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko2Options {
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
    pub tau: f64,
}

impl Default for Glicko2Options {
    fn default() -> Self {
        Glicko2Options {
            rating: 1500.0,
            rd: 350.0,
            volatility: 0.06,
            tau: 0.5,
        }
    }
}

/// A player's values before the first game: Weng–Lin's μ and σ, or Glicko-2's rating, RD and
/// volatility, with the rated games already played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Start {
    pub first: f64,
    pub second: f64,
    /// Glicko-2's volatility; unused by Weng–Lin.
    pub third: f64,
    pub games: u64,
}

/// A game with its players as indexes into [`Pool::players`].
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub id: Box<str>,
    /// The sides in the document's order, each of one or two players.
    pub sides: Vec<Side>,
    /// One per side: 1 is best, equal numbers tie.
    pub ranks: Vec<u32>,
    /// Glicko-2: the index of the rating period, counting runs of equal `period`s from 0.
    pub period: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    players: [u32; 2],
    len: u8,
}

impl Side {
    pub fn players(&self) -> &[u32] {
        &self.players[..self.len as usize]
    }
}

/// A valid document: what the rating systems read.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool {
    pub system: System,
    pub history: bool,
    /// Every player, listed or playing, in order of first mention.
    pub players: Vec<Box<str>>,
    /// For each player, the starting values given in `players`, if any.
    pub starts: Vec<Option<Start>>,
    pub games: Vec<Game>,
}

impl Pool {
    /// Checks plain data against every rule of the document.
    pub fn from_document(spec: &DocumentSpec<'_>) -> Result<Pool, Refusal> {
        let system = spec.system;
        let options = &spec.options;
        let check = |key: &str, value: Option<f64>, rule: Rule| -> Result<(), Refusal> {
            match value {
                Some(value) => rule.check(value).map_err(|message| {
                    let mut place = String::from("$.options");
                    push_key(&mut place, key);
                    Refusal::new(place, message)
                }),
                None => Ok(()),
            }
        };
        let wrong_system = |keys: &[(&str, bool)]| -> Result<(), Refusal> {
            match keys.iter().find(|(_, given)| *given) {
                Some((key, _)) => Err(other_system_key("$.options", key, system)),
                None => Ok(()),
            }
        };
        let system_options = match system {
            SystemName::WengLin => {
                wrong_system(&[
                    ("rating", options.rating.is_some()),
                    ("rd", options.rd.is_some()),
                    ("volatility", options.volatility.is_some()),
                ])?;
                check("mu", options.mu, Rule::Any)?;
                check("sigma", options.sigma, Rule::Positive)?;
                check("beta", options.beta, Rule::Any)?;
                check("kappa", options.kappa, Rule::Any)?;
                check("tau", options.tau, Rule::Any)?;
                let defaults = WengLinOptions::default();
                System::WengLin(WengLinOptions {
                    mu: options.mu.unwrap_or(defaults.mu),
                    sigma: options.sigma.unwrap_or(defaults.sigma),
                    beta: options.beta.unwrap_or(defaults.beta),
                    kappa: options.kappa.unwrap_or(defaults.kappa),
                    tau: options.tau.unwrap_or(defaults.tau),
                })
            }
            SystemName::Glicko2 => {
                wrong_system(&[
                    ("mu", options.mu.is_some()),
                    ("sigma", options.sigma.is_some()),
                    ("beta", options.beta.is_some()),
                    ("kappa", options.kappa.is_some()),
                ])?;
                check("rating", options.rating, Rule::Any)?;
                check("rd", options.rd, Rule::Positive)?;
                check("volatility", options.volatility, Rule::Positive)?;
                // τ ≤ 0 would make the volatility's iteration divide by zero or never end.
                check("tau", options.tau, Rule::Positive)?;
                let defaults = Glicko2Options::default();
                System::Glicko2(Glicko2Options {
                    rating: options.rating.unwrap_or(defaults.rating),
                    rd: options.rd.unwrap_or(defaults.rd),
                    volatility: options.volatility.unwrap_or(defaults.volatility),
                    tau: options.tau.unwrap_or(defaults.tau),
                })
            }
        };

        let mut roster = Roster::default();
        let mut starts: Vec<Option<Start>> = Vec::new();
        for (index, player) in spec.players.0.iter().enumerate() {
            let place = format!("$.players[{index}]");
            let start = player_start(player, system_options, &place)?;
            let number = roster.intern(player.id.as_str(), || format!("{place}.id"))?;
            if (number as usize) < starts.len() {
                return Err(Refusal::new(
                    format!("{place}.id"),
                    format!("{} is listed twice in players", quoted(player.id.as_str())),
                ));
            }
            starts.push(Some(start));
        }

        let mut games = Vec::with_capacity(spec.games.0.len());
        let mut game_ids: HashMap<&str, usize> = HashMap::with_capacity(spec.games.0.len());
        let mut period = 0;
        let mut previous_period: Option<&str> = None;
        for (index, game) in spec.games.0.iter().enumerate() {
            let place = format!("$.games[{index}]");
            match game_ids.entry(game.id.as_str()) {
                Entry::Occupied(first) => {
                    return Err(Refusal::new(
                        format!("{place}.id"),
                        format!(
                            "the game id {} is already the id of $.games[{}]",
                            quoted(game.id.as_str()),
                            first.get()
                        ),
                    ));
                }
                Entry::Vacant(vacant) => {
                    vacant.insert(index);
                }
            }
            if !is_date(game.date.as_str()) {
                return Err(Refusal::new(
                    format!("{place}.date"),
                    format!(
                        "{} is not a day of the calendar written YYYY-MM-DD",
                        quoted(game.date.as_str())
                    ),
                ));
            }
            let mut checked = check_game(game, system, &place, &mut roster)?;
            if system == SystemName::Glicko2 {
                let this_period = game.period.as_ref().map(|period| period.as_str());
                let Some(this_period) = this_period else {
                    return Err(Refusal::new(
                        place,
                        "a glicko-2 game needs its period (a string)",
                    ));
                };
                if previous_period.is_some_and(|previous| previous != this_period) {
                    period += 1;
                }
                previous_period = Some(this_period);
                checked.period = period;
            }
            games.push(checked);
        }
        starts.resize(roster.ids.len(), None);
        Ok(Pool {
            system: system_options,
            history: options.history.unwrap_or(false),
            players: roster.ids,
            starts,
            games,
        })
    }
}

/// Player ids to their numbers, in order of first mention.
#[derive(Default)]
struct Roster<'a> {
    numbers: HashMap<&'a str, u32>,
    ids: Vec<Box<str>>,
}

impl<'a> Roster<'a> {
    fn intern(&mut self, id: &'a str, place: impl FnOnce() -> String) -> Result<u32, Refusal> {
        match self.numbers.entry(id) {
            Entry::Occupied(number) => Ok(*number.get()),
            Entry::Vacant(vacant) => {
                if self.ids.len() == MAX_PLAYERS {
                    return Err(Refusal::new(
                        place(),
                        format!("more than {MAX_PLAYERS} players: the limit is {MAX_PLAYERS}"),
                    ));
                }
                let number = self.ids.len() as u32;
                self.ids.push(id.into());
                vacant.insert(number);
                Ok(number)
            }
        }
    }
}

/// What a number must be, beyond its magnitude.
#[derive(Clone, Copy)]
enum Rule {
    Any,
    Positive,
    /// A whole number from this.
    WholeFrom(u32),
}

impl Rule {
    fn check(self, value: f64) -> Result<(), String> {
        if value.abs() > MAX_MAGNITUDE {
            return Err(format!(
                "{value} is more than 1000000 in magnitude: the limit is 1000000"
            ));
        }
        match self {
            Rule::Any => Ok(()),
            Rule::Positive if value > 0.0 => Ok(()),
            Rule::Positive => Err(format!("{value} is not positive")),
            Rule::WholeFrom(least) if value.fract() == 0.0 && value >= f64::from(least) => Ok(()),
            Rule::WholeFrom(least) => Err(format!("{value} is not a whole number from {least}")),
        }
    }
}

fn other_system_key(parent: &str, key: &str, system: SystemName) -> Refusal {
    let mut place = parent.to_owned();
    push_key(&mut place, key);
    let other = match system {
        SystemName::WengLin => SystemName::Glicko2,
        SystemName::Glicko2 => SystemName::WengLin,
    };
    Refusal::new(
        place,
        format!(
            "unknown key `{key}` for the {} system (it is a {} key)",
            system.name(),
            other.name()
        ),
    )
}

fn player_start(player: &PlayerSpec<'_>, system: System, place: &str) -> Result<Start, Refusal> {
    let check = |key: &str, value: Option<f64>, rule: Rule| -> Result<(), Refusal> {
        match value {
            Some(value) => rule
                .check(value)
                .map_err(|message| Refusal::new(format!("{place}.{key}"), message)),
            None => Ok(()),
        }
    };
    let wrong = |keys: &[(&str, bool)], name: SystemName| -> Result<(), Refusal> {
        match keys.iter().find(|(_, given)| *given) {
            Some((key, _)) => Err(other_system_key(place, key, name)),
            None => Ok(()),
        }
    };
    check("games", player.games, Rule::WholeFrom(0))?;
    let games = player.games.unwrap_or(0.0) as u64;
    match system {
        System::WengLin(options) => {
            wrong(
                &[
                    ("rating", player.rating.is_some()),
                    ("rd", player.rd.is_some()),
                    ("volatility", player.volatility.is_some()),
                ],
                SystemName::WengLin,
            )?;
            check("mu", player.mu, Rule::Any)?;
            check("sigma", player.sigma, Rule::Positive)?;
            Ok(Start {
                first: player.mu.unwrap_or(options.mu),
                second: player.sigma.unwrap_or(options.sigma),
                third: 0.0,
                games,
            })
        }
        System::Glicko2(options) => {
            wrong(
                &[
                    ("mu", player.mu.is_some()),
                    ("sigma", player.sigma.is_some()),
                ],
                SystemName::Glicko2,
            )?;
            check("rating", player.rating, Rule::Any)?;
            check("rd", player.rd, Rule::Positive)?;
            check("volatility", player.volatility, Rule::Positive)?;
            Ok(Start {
                first: player.rating.unwrap_or(options.rating),
                second: player.rd.unwrap_or(options.rd),
                third: player.volatility.unwrap_or(options.volatility),
                games,
            })
        }
    }
}

/// The sides and ranks of a game, with its players numbered; the period is set by the caller.
fn check_game<'a>(
    game: &'a GameSpec<'a>,
    system: SystemName,
    place: &str,
    roster: &mut Roster<'a>,
) -> Result<Game, Refusal> {
    if system == SystemName::WengLin && game.period.is_some() {
        return Err(other_system_key(place, "period", system));
    }
    let side_count = game.sides.len();
    if !(2..=4).contains(&side_count) {
        return Err(Refusal::new(
            format!("{place}.sides"),
            format!("a game has 2 to 4 sides, not {side_count}"),
        ));
    }
    if system == SystemName::Glicko2 && side_count != 2 {
        return Err(Refusal::new(
            format!("{place}.sides"),
            format!("a glicko-2 game has 2 sides, not {side_count}"),
        ));
    }
    let mut sides = Vec::with_capacity(side_count);
    let mut seen: Vec<u32> = Vec::with_capacity(8);
    for (side_index, side) in game.sides.iter().enumerate() {
        let side_place = || format!("{place}.sides[{side_index}]");
        if !(1..=2).contains(&side.len()) {
            return Err(Refusal::new(
                side_place(),
                format!("a side has 1 or 2 players, not {}", side.len()),
            ));
        }
        if system == SystemName::Glicko2 && side.len() != 1 {
            return Err(Refusal::new(
                side_place(),
                format!("a glicko-2 side has 1 player, not {}", side.len()),
            ));
        }
        let mut players = [0; 2];
        for (seat, id) in side.iter().enumerate() {
            let seat_place = || format!("{place}.sides[{side_index}][{seat}]");
            let number = roster.intern(id.as_str(), seat_place)?;
            if seen.contains(&number) {
                return Err(Refusal::new(
                    seat_place(),
                    format!(
                        "{} is already in this game: a player is in at most one side, once",
                        quoted(id.as_str())
                    ),
                ));
            }
            seen.push(number);
            players[seat] = number;
        }
        sides.push(Side {
            players,
            len: side.len() as u8,
        });
    }
    if game.ranks.len() != side_count {
        return Err(Refusal::new(
            format!("{place}.ranks"),
            format!(
                "{} ranks for {side_count} sides: one rank per side",
                game.ranks.len()
            ),
        ));
    }
    let mut ranks = Vec::with_capacity(side_count);
    for (index, &rank) in game.ranks.iter().enumerate() {
        Rule::WholeFrom(1)
            .check(rank)
            .map_err(|message| Refusal::new(format!("{place}.ranks[{index}]"), message))?;
        ranks.push(rank as u32);
    }
    Ok(Game {
        id: game.id.as_str().into(),
        sides,
        ranks,
        period: 0,
    })
}

/// `YYYY-MM-DD`, a day of the Gregorian calendar.
fn is_date(text: &str) -> bool {
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
fn quoted(text: &str) -> String {
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

    #[test]
    fn rules_of_numbers() {
        assert!(Rule::Positive.check(0.0).is_err());
        assert!(Rule::Positive.check(1e-9).is_ok());
        assert!(Rule::WholeFrom(1).check(1.0).is_ok());
        assert!(Rule::WholeFrom(1).check(0.0).is_err());
        assert!(Rule::WholeFrom(1).check(2.5).is_err());
        assert!(Rule::WholeFrom(0).check(0.0).is_ok());
        assert!(Rule::Any.check(1_000_000.0).is_ok());
        assert!(Rule::Any.check(-1_000_000.5).is_err());
    }
}
