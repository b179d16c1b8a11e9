//! A games document checked against every rule of the specification: the [`Pool`] the
//! systems rate, or a [`Refusal`] naming the place of the first rule broken.

use std::borrow::Cow;
use std::fmt;

use crate::document::{PlayerSpec, SystemName, push_key};
use crate::reader::{Draft, quoted, read};

/// Numbers in a document are at most this in magnitude.
pub const MAX_MAGNITUDE: f64 = 1_000_000.0;

/// Why a document is refused, and where: `$.games[3].sides[1][0]: "ann" is already in this
/// game: a player is in at most one side, once`.
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
    /// One line: a control character in the message (an unknown key's own newline, as serde
    /// quotes it) is written escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.place)?;
        for character in self.message.chars() {
            if character.is_control() {
                write!(f, "{}", character.escape_default())?;
            } else {
                write!(f, "{character}")?;
            }
        }
        Ok(())
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
    /// Glicko-2's volatility; 0 with Weng–Lin.
    pub volatility: f64,
    pub games: u64,
}

/// A game with its players as indexes into [`Pool::players`], stored inline (a million games
/// are a million of these).
#[derive(Clone, Debug, PartialEq)]
pub struct Game<'a> {
    pub id: Cow<'a, str>,
    /// Side `s` holds `players[2s..2s + sizes[s]]`.
    players: [u32; 8],
    sizes: [u8; 4],
    side_count: u8,
    ranks: [u32; 4],
    /// Glicko-2: the index of the rating period, counting runs of equal `period`s from 0.
    pub period: usize,
}

impl<'a> Game<'a> {
    pub(crate) fn new(id: Cow<'a, str>) -> Game<'a> {
        Game {
            id,
            players: [0; 8],
            sizes: [0; 4],
            side_count: 0,
            ranks: [0; 4],
            period: 0,
        }
    }

    pub(crate) fn push_side(&mut self, players: &[u32]) {
        let side = self.side_count as usize;
        self.players[2 * side..2 * side + players.len()].copy_from_slice(players);
        self.sizes[side] = players.len() as u8;
        self.side_count += 1;
    }

    pub(crate) fn set_rank(&mut self, side: usize, rank: u32) {
        self.ranks[side] = rank;
    }

    pub(crate) fn has_player(&self, player: u32) -> bool {
        (0..self.side_count as usize).any(|side| self.side(side).contains(&player))
    }

    /// How many sides: 2 to 4.
    pub fn side_count(&self) -> usize {
        self.side_count as usize
    }

    /// The players of side `side` (from 0, in the document's order).
    pub fn side(&self, side: usize) -> &[u32] {
        &self.players[2 * side..2 * side + self.sizes[side] as usize]
    }

    /// The sides in the document's order.
    pub fn sides(&self) -> impl Iterator<Item = &[u32]> {
        (0..self.side_count()).map(|side| self.side(side))
    }

    /// The rank of side `side`: 1 is best, equal numbers tie.
    pub fn rank(&self, side: usize) -> u32 {
        self.ranks[side]
    }
}

/// A valid document: what the rating systems read.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool<'a> {
    pub system: System,
    pub history: bool,
    /// Every player, listed or playing, in order of first mention.
    pub players: Vec<Cow<'a, str>>,
    /// For each player, the starting values given in `players`, if any.
    pub starts: Vec<Option<Start>>,
    pub games: Vec<Game<'a>>,
}

impl<'a> Pool<'a> {
    /// Reads and checks a games document: the whole text is the document.
    pub fn parse(text: &'a str) -> Result<Pool<'a>, Refusal> {
        Pool::from_draft(read(text, false)?)
    }

    /// Checks what depends on the system: the options, the players listed, and the games'
    /// shapes and periods.
    fn from_draft(draft: Draft<'a>) -> Result<Pool<'a>, Refusal> {
        let system = draft.system;
        let options = &draft.options;
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
        let history = options.history.unwrap_or(false);

        let Draft {
            players: listed,
            mut games,
            periods,
            mut roster,
            ..
        } = draft;
        let mut starts: Vec<Option<Start>> = vec![None; roster.ids.len()];
        for (index, player) in listed.iter().enumerate() {
            let place = format!("$.players[{index}]");
            let start = player_start(player, system_options, &place)?;
            let number = roster.intern(&player.id, || format!("{place}.id"))? as usize;
            starts.resize(roster.ids.len(), None);
            if starts[number].is_some() {
                return Err(Refusal::new(
                    format!("{place}.id"),
                    format!("{} is listed twice in players", quoted(player.id.as_str())),
                ));
            }
            starts[number] = Some(start);
        }

        let mut period = 0;
        for (index, (game, label)) in games.iter_mut().zip(&periods).enumerate() {
            let place = || format!("$.games[{index}]");
            match system {
                SystemName::WengLin => {
                    if label.is_some() {
                        return Err(other_system_key(&place(), "period", system));
                    }
                }
                SystemName::Glicko2 => {
                    if game.side_count() != 2 {
                        return Err(Refusal::new(
                            format!("{}.sides", place()),
                            format!("a glicko-2 game has 2 sides, not {}", game.side_count()),
                        ));
                    }
                    if let Some(side) = (0..2).find(|&side| game.side(side).len() != 1) {
                        return Err(Refusal::new(
                            format!("{}.sides[{side}]", place()),
                            format!(
                                "a glicko-2 side has 1 player, not {}",
                                game.side(side).len()
                            ),
                        ));
                    }
                    let Some(label) = label else {
                        return Err(Refusal::new(
                            place(),
                            "a glicko-2 game needs its period (a string)",
                        ));
                    };
                    if index > 0 && periods[index - 1].as_ref() != Some(label) {
                        period += 1;
                    }
                    game.period = period;
                }
            }
        }
        Ok(Pool {
            system: system_options,
            history,
            players: roster.ids,
            starts,
            games,
        })
    }
}

/// What a number must be, beyond its magnitude.
#[derive(Clone, Copy)]
pub(crate) enum Rule {
    Any,
    Positive,
    /// A whole number from this.
    WholeFrom(u32),
}

impl Rule {
    pub(crate) fn check(self, value: f64) -> Result<(), String> {
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
                volatility: 0.0,
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
                volatility: player.volatility.unwrap_or(options.volatility),
                games,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
