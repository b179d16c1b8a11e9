//! Rulesets: the options of the Fives family, the five presets, and their validation.
//!
//! [`Options`] is plain data: any combination of option values. [`Ruleset::new`] checks a
//! combination for a number of players and either gives a [`Ruleset`] the engine can play, or a
//! [`RulesetError`] saying why the combination makes no sense.

use std::fmt;

use crate::tile::DominoSet;

macro_rules! named_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub const fn name(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            pub fn from_name(text: &str) -> Option<$name> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named_enum!(
    /// With partnerships, whether a hand ends when one partner goes out or only when both have.
    PartnershipEnd { FirstOut => "first-out", BothOut => "both-out" }
);
named_enum!(
    /// Whether a seat that cannot play draws from the boneyard.
    Drawing { None => "none", UntilPlayable => "until-playable" }
);
named_enum!(
    /// Which doubles are spinners.
    Spinners { None => "none", FirstDouble => "first-double", AllDoubles => "all-doubles", Sniff => "sniff" }
);
named_enum!(
    /// The points a count scores.
    Scoring {
        None => "none",
        FivesSum => "fives-sum",
        FivesCount => "fives-count",
        ThreesCount => "threes-count",
        FivesAndThrees => "fives-and-threes",
        OddPrimes => "odd-primes",
    }
);
named_enum!(
    /// The reward for going out.
    DominoBonus { None => "none", OnePoint => "one-point" }
);
named_enum!(
    /// How pips left in hands are scored when a hand ends.
    HandEnd {
        None => "none",
        DeductOwn => "deduct-own",
        DeductOwnFifths => "deduct-own-fifths",
        WinnerTakesOpponents => "winner-takes-opponents",
        WinnerTakesHighestFifths => "winner-takes-highest-fifths",
        WinnerTakesHighestThirds => "winner-takes-highest-thirds",
        WinnerTakesOpponentsFifths => "winner-takes-opponents-fifths",
        WinnerTakesAllUnplayed => "winner-takes-all-unplayed",
    }
);
named_enum!(
    /// How a game is won.
    Finish { Reach => "reach", Exact => "exact", ExactBounce => "exact-bounce", CompleteHand => "complete-hand" }
);
named_enum!(
    /// Who sets the next hand.
    LeaderRule { RotateLeft => "rotate-left", LastDomino => "last-domino", LastWinner => "last-winner" }
);
named_enum!(
    /// The five games of the family.
    Preset {
        FivesAndThrees => "fives-and-threes",
        AllFives => "all-fives",
        Muggins => "muggins",
        FiveUp => "five-up",
        DoublesInTheBoneyard => "doubles-in-the-boneyard",
    }
);

/// A value for each number of players (2, 3 and 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PerPlayers<T> {
    pub two: T,
    pub three: T,
    pub four: T,
}

impl<T: Copy> PerPlayers<T> {
    pub const fn all(value: T) -> PerPlayers<T> {
        PerPlayers {
            two: value,
            three: value,
            four: value,
        }
    }

    pub fn get(&self, players: usize) -> Option<T> {
        match players {
            2 => Some(self.two),
            3 => Some(self.three),
            4 => Some(self.four),
            _ => None,
        }
    }
}

/// The target of a game, by number of players; `partners` applies to four players in
/// partnerships.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    pub by_players: PerPlayers<u32>,
    pub partners: u32,
}

impl Target {
    pub const fn all(target: u32) -> Target {
        Target {
            by_players: PerPlayers::all(target),
            partners: target,
        }
    }
}

/// Every option of a ruleset, as plain data (rules.md section 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    pub set: DominoSet,
    pub hand_size: PerPlayers<u8>,
    /// Four players play as two teams, seats 0+2 against 1+3.
    pub partnerships: bool,
    pub partnership_end: PartnershipEnd,
    pub drawing: Drawing,
    pub boneyard_reserve: u8,
    pub spinners: Spinners,
    pub scoring: Scoring,
    pub domino_bonus: DominoBonus,
    pub hand_end: HandEnd,
    pub target: Target,
    pub finish: Finish,
    pub set_can_win: bool,
    pub leader: LeaderRule,
}

impl Preset {
    /// The options of the preset as rules.md section 4 gives them.
    pub fn options(self) -> Options {
        match self {
            Preset::FivesAndThrees => Options {
                set: DominoSet::DoubleSix,
                hand_size: PerPlayers {
                    two: 7,
                    three: 5,
                    four: 5,
                },
                partnerships: true,
                partnership_end: PartnershipEnd::BothOut,
                drawing: Drawing::None,
                boneyard_reserve: 0,
                spinners: Spinners::None,
                scoring: Scoring::FivesAndThrees,
                domino_bonus: DominoBonus::OnePoint,
                hand_end: HandEnd::None,
                target: Target::all(61),
                finish: Finish::Exact,
                set_can_win: true,
                leader: LeaderRule::RotateLeft,
            },
            Preset::AllFives => Options {
                set: DominoSet::DoubleSix,
                hand_size: PerPlayers {
                    two: 9,
                    three: 7,
                    four: 5,
                },
                partnerships: true,
                partnership_end: PartnershipEnd::FirstOut,
                drawing: Drawing::UntilPlayable,
                boneyard_reserve: 0,
                spinners: Spinners::FirstDouble,
                scoring: Scoring::FivesSum,
                domino_bonus: DominoBonus::None,
                hand_end: HandEnd::DeductOwn,
                target: Target {
                    by_players: PerPlayers {
                        two: 250,
                        three: 200,
                        four: 200,
                    },
                    partners: 200,
                },
                finish: Finish::Reach,
                set_can_win: true,
                leader: LeaderRule::LastDomino,
            },
            Preset::Muggins => Options {
                set: DominoSet::DoubleSix,
                hand_size: PerPlayers {
                    two: 7,
                    three: 5,
                    four: 5,
                },
                partnerships: false,
                partnership_end: PartnershipEnd::FirstOut,
                drawing: Drawing::UntilPlayable,
                boneyard_reserve: 0,
                spinners: Spinners::None,
                scoring: Scoring::FivesSum,
                domino_bonus: DominoBonus::None,
                hand_end: HandEnd::DeductOwn,
                target: Target {
                    by_players: PerPlayers {
                        two: 250,
                        three: 200,
                        four: 200,
                    },
                    partners: 250,
                },
                finish: Finish::Reach,
                set_can_win: true,
                leader: LeaderRule::LastDomino,
            },
            Preset::FiveUp => Options {
                set: DominoSet::DoubleSix,
                hand_size: PerPlayers::all(5),
                partnerships: true,
                partnership_end: PartnershipEnd::FirstOut,
                drawing: Drawing::UntilPlayable,
                boneyard_reserve: 0,
                spinners: Spinners::AllDoubles,
                scoring: Scoring::FivesCount,
                domino_bonus: DominoBonus::None,
                hand_end: HandEnd::DeductOwnFifths,
                target: Target::all(61),
                finish: Finish::CompleteHand,
                set_can_win: true,
                leader: LeaderRule::LastDomino,
            },
            Preset::DoublesInTheBoneyard => Options {
                set: DominoSet::DoubleSixNoDoubles,
                hand_size: PerPlayers::all(7),
                partnerships: false,
                partnership_end: PartnershipEnd::FirstOut,
                drawing: Drawing::None,
                boneyard_reserve: 0,
                spinners: Spinners::None,
                scoring: Scoring::None,
                domino_bonus: DominoBonus::None,
                hand_end: HandEnd::WinnerTakesAllUnplayed,
                target: Target::all(200),
                finish: Finish::Reach,
                set_can_win: true,
                leader: LeaderRule::LastWinner,
            },
        }
    }

    /// The numbers of players the game is for.
    pub fn players(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Preset::DoublesInTheBoneyard => 3..=3,
            _ => 2..=4,
        }
    }
}

/// Options a record or a league sets on top of a preset. `None` keeps the preset's value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Overrides {
    pub set: Option<DominoSet>,
    pub hand_size: Option<PerPlayers<u8>>,
    pub partnerships: Option<bool>,
    pub partnership_end: Option<PartnershipEnd>,
    pub drawing: Option<Drawing>,
    pub boneyard_reserve: Option<u8>,
    pub spinners: Option<Spinners>,
    pub scoring: Option<Scoring>,
    pub domino_bonus: Option<DominoBonus>,
    pub hand_end: Option<HandEnd>,
    pub target: Option<Target>,
    pub finish: Option<Finish>,
    pub set_can_win: Option<bool>,
    pub leader: Option<LeaderRule>,
}

/// A preset plus overrides: what a record's `ruleset` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RulesetSpec {
    pub preset: Preset,
    pub overrides: Overrides,
}

impl RulesetSpec {
    pub fn preset(preset: Preset) -> RulesetSpec {
        RulesetSpec {
            preset,
            overrides: Overrides::default(),
        }
    }

    pub fn options(&self) -> Options {
        let mut options = self.preset.options();
        let o = &self.overrides;
        macro_rules! apply {
            ($($field:ident),*) => { $(if let Some(value) = o.$field { options.$field = value; })* };
        }
        apply!(
            set,
            hand_size,
            partnerships,
            partnership_end,
            drawing,
            boneyard_reserve,
            spinners,
            scoring,
            domino_bonus,
            hand_end,
            target,
            finish,
            set_can_win,
            leader
        );
        options
    }

    /// The validated ruleset for this many players.
    pub fn build(&self, players: usize) -> Result<Ruleset, RulesetError> {
        let allowed = self.preset.players();
        if !allowed.contains(&players) {
            return Err(RulesetError::PlayerCount {
                preset: self.preset,
                players,
            });
        }
        if self.overrides.partnerships == Some(true) && players != 4 {
            return Err(RulesetError::PartnershipsNeedFour { players });
        }
        Ruleset::new(self.options(), players)
    }
}

/// Why a combination of options makes no sense.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesetError {
    PlayerCount {
        preset: Preset,
        players: usize,
    },
    Players {
        players: usize,
    },
    PartnershipsNeedFour {
        players: usize,
    },
    HandSizeZero {
        players: usize,
    },
    HandsTooLarge {
        players: usize,
        hand_size: u8,
        set: DominoSet,
    },
    ReserveTooLarge {
        reserve: u8,
        boneyard: usize,
    },
    TargetZero,
    UnplayedPipsNeedIndividuals,
    NeverScores,
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesetError::PlayerCount { preset, players } => {
                let allowed = preset.players();
                if allowed.start() == allowed.end() {
                    write!(
                        f,
                        "{preset} is for exactly {} players, not {players}",
                        allowed.start()
                    )
                } else {
                    write!(
                        f,
                        "{preset} is for {} to {} players, not {players}",
                        allowed.start(),
                        allowed.end()
                    )
                }
            }
            RulesetError::Players { players } => {
                write!(f, "a game has 2 to 4 players, not {players}")
            }
            RulesetError::PartnershipsNeedFour { players } => write!(
                f,
                "partnerships need four players (two teams of two), not {players}"
            ),
            RulesetError::HandSizeZero { players } => {
                write!(f, "the hand size for {players} players must be at least 1")
            }
            RulesetError::HandsTooLarge {
                players,
                hand_size,
                set,
            } => write!(
                f,
                "{players} hands of {hand_size} need {} tiles, but the {set} set has only {}",
                *players * *hand_size as usize,
                set.tiles().len()
            ),
            RulesetError::ReserveTooLarge { reserve, boneyard } => write!(
                f,
                "boneyard_reserve {reserve} is more than the {boneyard} tiles left in the boneyard"
            ),
            RulesetError::TargetZero => f.write_str("the target must be at least 1 point"),
            RulesetError::UnplayedPipsNeedIndividuals => f.write_str(
                "winner-takes-all-unplayed scores one seat against every other seat; it cannot be played in partnerships",
            ),
            RulesetError::NeverScores => f.write_str(
                "with scoring none, domino_bonus none and hand_end none nobody can ever score",
            ),
        }
    }
}

impl std::error::Error for RulesetError {}

/// A checked combination of options for a number of players: what the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    options: Options,
    players: usize,
    hand_size: u8,
    target: u32,
    partners: bool,
}

impl Ruleset {
    pub fn new(options: Options, players: usize) -> Result<Ruleset, RulesetError> {
        if !(2..=4).contains(&players) {
            return Err(RulesetError::Players { players });
        }
        let hand_size = options
            .hand_size
            .get(players)
            .expect("players checked above");
        if hand_size == 0 {
            return Err(RulesetError::HandSizeZero { players });
        }
        let tiles = options.set.tiles().len();
        if players * hand_size as usize > tiles {
            return Err(RulesetError::HandsTooLarge {
                players,
                hand_size,
                set: options.set,
            });
        }
        let boneyard = tiles - players * hand_size as usize;
        if options.boneyard_reserve as usize > boneyard {
            return Err(RulesetError::ReserveTooLarge {
                reserve: options.boneyard_reserve,
                boneyard,
            });
        }
        let partners = options.partnerships && players == 4;
        if partners && options.hand_end == HandEnd::WinnerTakesAllUnplayed {
            return Err(RulesetError::UnplayedPipsNeedIndividuals);
        }
        if options.scoring == Scoring::None
            && options.domino_bonus == DominoBonus::None
            && options.hand_end == HandEnd::None
        {
            return Err(RulesetError::NeverScores);
        }
        let target = if partners {
            options.target.partners
        } else {
            options
                .target
                .by_players
                .get(players)
                .expect("players checked above")
        };
        if target == 0 {
            return Err(RulesetError::TargetZero);
        }
        Ok(Ruleset {
            options,
            players,
            hand_size,
            target,
            partners,
        })
    }

    pub fn preset(preset: Preset, players: usize) -> Result<Ruleset, RulesetError> {
        RulesetSpec::preset(preset).build(players)
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn hand_size(&self) -> usize {
        self.hand_size as usize
    }

    pub fn target(&self) -> u32 {
        self.target
    }

    /// Whether seats 0+2 and 1+3 play as teams.
    pub fn partnerships(&self) -> bool {
        self.partners
    }

    /// The number of sides that score: teams with partnerships, seats otherwise.
    pub fn sides(&self) -> usize {
        if self.partners { 2 } else { self.players }
    }

    /// The side (seat or team) a seat scores for.
    pub fn side_of(&self, seat: usize) -> usize {
        if self.partners { seat % 2 } else { seat }
    }

    /// The seats of a side.
    pub fn seats_of(&self, side: usize) -> impl Iterator<Item = usize> + use<> {
        let (players, partners) = (self.players, self.partners);
        (0..players).filter(move |&seat| {
            if partners {
                seat % 2 == side
            } else {
                seat == side
            }
        })
    }

    /// Whether a hand ends only when both partners of a team are out.
    pub fn both_out(&self) -> bool {
        self.partners && self.options.partnership_end == PartnershipEnd::BothOut
    }

    pub fn set_size(&self) -> usize {
        self.options.set.tiles().len()
    }

    /// Tiles left in the boneyard after the deal.
    pub fn boneyard_size(&self) -> usize {
        self.set_size() - self.players * self.hand_size()
    }

    /// Tiles a hand may draw in all: the boneyard less the reserve, or none without drawing.
    pub fn drawable(&self) -> usize {
        match self.options.drawing {
            Drawing::None => 0,
            Drawing::UntilPlayable => self.boneyard_size() - self.options.boneyard_reserve as usize,
        }
    }

    pub fn has_domino_bonus(&self) -> bool {
        self.options.domino_bonus == DominoBonus::OnePoint
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_builds_for_its_player_counts() {
        for &preset in Preset::ALL {
            for players in 2..=4 {
                let built = Ruleset::preset(preset, players);
                assert_eq!(
                    built.is_ok(),
                    preset.players().contains(&players),
                    "{preset} {players}"
                );
            }
        }
    }

    #[test]
    fn nonsense_combinations_are_refused_with_their_reason() {
        assert_eq!(
            Ruleset::preset(Preset::DoublesInTheBoneyard, 4),
            Err(RulesetError::PlayerCount {
                preset: Preset::DoublesInTheBoneyard,
                players: 4
            })
        );
        let mut spec = RulesetSpec::preset(Preset::Muggins);
        spec.overrides.partnerships = Some(true);
        assert_eq!(
            spec.build(3),
            Err(RulesetError::PartnershipsNeedFour { players: 3 })
        );
        assert!(spec.build(4).unwrap().partnerships());
        let mut spec = RulesetSpec::preset(Preset::AllFives);
        spec.overrides.hand_size = Some(PerPlayers::all(8));
        assert!(matches!(
            spec.build(4),
            Err(RulesetError::HandsTooLarge { hand_size: 8, .. })
        ));
        assert!(spec.build(3).is_ok());
        let mut spec = RulesetSpec::preset(Preset::DoublesInTheBoneyard);
        spec.overrides.hand_end = Some(HandEnd::None);
        assert_eq!(spec.build(3), Err(RulesetError::NeverScores));
        let mut spec = RulesetSpec::preset(Preset::Muggins);
        spec.overrides.boneyard_reserve = Some(9);
        assert!(matches!(
            spec.build(4),
            Err(RulesetError::ReserveTooLarge { boneyard: 8, .. })
        ));
    }

    #[test]
    fn partnerships_apply_to_four_players_only() {
        let fives_and_threes = Ruleset::preset(Preset::FivesAndThrees, 4).unwrap();
        assert_eq!(fives_and_threes.sides(), 2);
        assert!(fives_and_threes.both_out());
        assert_eq!(fives_and_threes.seats_of(1).collect::<Vec<_>>(), vec![1, 3]);
        let three = Ruleset::preset(Preset::FivesAndThrees, 3).unwrap();
        assert_eq!(three.sides(), 3);
        assert!(!three.partnerships());
        let muggins = Ruleset::preset(Preset::Muggins, 4).unwrap();
        assert_eq!(muggins.sides(), 4);
        assert_eq!(muggins.target(), 200);
    }
}
