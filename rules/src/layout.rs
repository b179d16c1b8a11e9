//! The layout: the tiles placed in a hand, their open ends, and the count they show.
//!
//! Every placed tile keeps what of it is still open. A tile is attached to a placed tile (its
//! target); free spots of one placed tile that accept the same tile are interchangeable, so a
//! target names a placement completely.

use std::fmt;

use crate::ruleset::Spinners;
use crate::tile::{Tile, TileSet};

/// What of a placed tile is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A tile lying in the line (any non-double, or a sniff laid lengthwise): each free half
    /// counts its value.
    Line { free: [Option<u8>; 2] },
    /// A crosswise double that is not a spinner: both halves count while a spot is free.
    Cross { value: u8, free: u8 },
    /// A spinner: sides fill before arms; both halves count while a side is free.
    Spinner {
        value: u8,
        sides_free: u8,
        arms_free: u8,
    },
}

impl Piece {
    fn is_open(&self) -> bool {
        match *self {
            Piece::Line { free } => free[0].is_some() || free[1].is_some(),
            Piece::Cross { free, .. } => free > 0,
            Piece::Spinner {
                sides_free,
                arms_free,
                ..
            } => sides_free + arms_free > 0,
        }
    }

    /// What the piece adds to the count.
    fn count(&self) -> u32 {
        match *self {
            Piece::Line { free } => free.iter().flatten().map(|&v| v as u32).sum(),
            Piece::Cross { value, free } => {
                if free > 0 {
                    2 * value as u32
                } else {
                    0
                }
            }
            Piece::Spinner {
                value, sides_free, ..
            } => {
                if sides_free > 0 {
                    2 * value as u32
                } else {
                    0
                }
            }
        }
    }

    /// The values a tile must show to attach here (at most two, for a line tile set alone).
    fn open_values(&self) -> [Option<u8>; 2] {
        match *self {
            Piece::Line { free } => {
                if free[0] == free[1] {
                    [free[0], None]
                } else {
                    free
                }
            }
            Piece::Cross { value, free } => [(free > 0).then_some(value), None],
            Piece::Spinner {
                value,
                sides_free,
                arms_free,
            } => [(sides_free + arms_free > 0).then_some(value), None],
        }
    }
}

/// A tile in the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    pub tile: Tile,
    pub piece: Piece,
}

/// Why a tile cannot be placed where it was asked to go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceError {
    /// No open end shows a half of the tile.
    NoMatch { tile: Tile, open: String },
    /// The named tile has no open end the tile matches.
    TargetNoMatch {
        tile: Tile,
        target: usize,
        target_tile: Tile,
    },
    /// The target is not a placed tile.
    NoSuchTarget {
        tile: Tile,
        target: usize,
        placed: usize,
    },
    /// The tile fits more than one placed tile; the record must say which.
    Ambiguous { tile: Tile, targets: Vec<usize> },
    /// A target was named for the set, which attaches to nothing.
    TargetOnSet { tile: Tile },
    /// Only the first double of a sniff game may be laid lengthwise.
    NotLengthwise { tile: Tile },
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::NoMatch { tile, open } => {
                write!(f, "{tile} does not match any open end (open: {open})")
            }
            PlaceError::TargetNoMatch {
                tile,
                target,
                target_tile,
            } => write!(
                f,
                "{tile} cannot attach to tile {target} ({target_tile}): it has no open end showing {} or {}",
                tile.high(),
                tile.low()
            ),
            PlaceError::NoSuchTarget {
                tile,
                target,
                placed,
            } => write!(
                f,
                "{tile}@{target} names tile {target}, but only {placed} tiles are placed"
            ),
            PlaceError::Ambiguous { tile, targets } => {
                let listed: Vec<String> = targets.iter().map(|t| format!("@{t}")).collect();
                write!(
                    f,
                    "{tile} can attach to more than one tile ({}): say which, as in {tile}{}",
                    listed.join(", "),
                    listed[0]
                )
            }
            PlaceError::TargetOnSet { tile } => {
                write!(
                    f,
                    "{tile} is the set (the first tile) and attaches to nothing"
                )
            }
            PlaceError::NotLengthwise { tile } => write!(
                f,
                "{tile} cannot be laid lengthwise: only the first double of a sniff game can"
            ),
        }
    }
}

/// The tiles placed in a hand.
#[derive(Clone, Debug)]
pub struct Layout {
    spinners: Spinners,
    placed: Vec<Placed>,
    /// Every open end as (placed tile, value showing), one per distinct value of a placed tile,
    /// in placement order. Kept up to date so that moves need not search the layout.
    ends: Vec<(u8, u8)>,
    /// The count, kept up to date placement by placement.
    count: u32,
    first_double_played: bool,
}

impl Layout {
    pub fn new(spinners: Spinners) -> Layout {
        Layout {
            spinners,
            placed: Vec::with_capacity(32),
            ends: Vec::with_capacity(16),
            count: 0,
            first_double_played: false,
        }
    }

    pub fn clear(&mut self) {
        self.placed.clear();
        self.ends.clear();
        self.count = 0;
        self.first_double_played = false;
    }

    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    pub fn len(&self) -> usize {
        self.placed.len()
    }

    pub fn placed(&self) -> &[Placed] {
        &self.placed
    }

    /// The count the layout shows (rules.md section 3).
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The open ends as (placed tile, 0-based; value showing).
    pub fn ends(&self) -> &[(u8, u8)] {
        &self.ends
    }

    /// Every tile (of any set) that has a place to go.
    pub fn playable(&self) -> TileSet {
        if self.placed.is_empty() {
            return TileSet::from_bits(u128::MAX);
        }
        let mut playable = TileSet::EMPTY;
        for &(_, value) in &self.ends {
            playable = playable.union(TileSet::with_value(value));
        }
        playable
    }

    /// Whether the tile may be laid lengthwise (the first double of a sniff game).
    pub fn may_lay_lengthwise(&self, tile: Tile) -> bool {
        self.spinners == Spinners::Sniff && tile.is_double() && !self.first_double_played
    }

    /// The placed tiles (0-based) the tile can attach to.
    pub fn targets(&self, tile: Tile) -> impl Iterator<Item = usize> + '_ {
        self.ends
            .iter()
            .filter(move |&&(_, value)| tile.has(value))
            .map(|&(index, _)| index as usize)
    }

    fn accepts(&self, index: usize, tile: Tile) -> bool {
        self.placed[index]
            .piece
            .open_values()
            .into_iter()
            .flatten()
            .any(|value| tile.has(value))
    }

    /// Resolves where a tile goes: the named target (0-based), or the only tile it fits.
    pub fn resolve_target(
        &self,
        tile: Tile,
        target: Option<usize>,
    ) -> Result<Option<usize>, PlaceError> {
        if self.placed.is_empty() {
            return match target {
                None => Ok(None),
                Some(_) => Err(PlaceError::TargetOnSet { tile }),
            };
        }
        match target {
            Some(target) if target >= self.placed.len() => Err(PlaceError::NoSuchTarget {
                tile,
                target: target + 1,
                placed: self.placed.len(),
            }),
            Some(target) if self.accepts(target, tile) => Ok(Some(target)),
            Some(target) => Err(PlaceError::TargetNoMatch {
                tile,
                target: target + 1,
                target_tile: self.placed[target].tile,
            }),
            None => {
                let mut targets = self.targets(tile);
                match (targets.next(), targets.next()) {
                    (None, _) => Err(PlaceError::NoMatch {
                        tile,
                        open: self.open_ends(),
                    }),
                    (Some(only), None) => Ok(Some(only)),
                    (Some(first), Some(second)) => {
                        let mut all = vec![first + 1, second + 1];
                        all.extend(targets.map(|t| t + 1));
                        all.sort_unstable();
                        Err(PlaceError::Ambiguous { tile, targets: all })
                    }
                }
            }
        }
    }

    /// Places a tile on a target resolved by [`Layout::resolve_target`] (`None` for the set).
    /// The caller has checked that the tile fits; `lengthwise` only where
    /// [`Layout::may_lay_lengthwise`] allows it.
    pub fn place(&mut self, tile: Tile, target: Option<usize>, lengthwise: bool) {
        debug_assert!(!lengthwise || self.may_lay_lengthwise(tile));
        let piece = match target {
            None => {
                debug_assert!(self.placed.is_empty());
                if tile.is_double() {
                    self.double_piece(tile.high(), 2, lengthwise)
                } else {
                    Piece::Line {
                        free: [Some(tile.high()), Some(tile.low())],
                    }
                }
            }
            Some(target) => {
                let (value, closed) = self.cover(target, tile);
                let covered = self
                    .ends
                    .iter()
                    .position(|&end| end == (target as u8, value));
                if !tile.is_double() {
                    // The common case, kept short: a plain tile showing its other half, in the
                    // place of the end it covered where that end is gone.
                    let shows = tile.other_half(value);
                    self.count += shows as u32;
                    let end = (self.placed.len() as u8, shows);
                    match covered {
                        Some(at) if closed => self.ends[at] = end,
                        _ => self.ends.push(end),
                    }
                    self.placed.push(Placed {
                        tile,
                        piece: Piece::Line {
                            free: [Some(shows), None],
                        },
                    });
                    return;
                }
                if closed && let Some(at) = covered {
                    self.ends.remove(at);
                }
                self.double_piece(value, 1, lengthwise)
            }
        };
        self.count += piece.count();
        self.push_ends(self.placed.len(), &piece);
        self.placed.push(Placed { tile, piece });
    }

    fn push_ends(&mut self, index: usize, piece: &Piece) {
        for value in piece.open_values().into_iter().flatten() {
            self.ends.push((index as u8, value));
        }
    }

    /// Covers the spot of the target that the tile attaches to, keeping the count up to date.
    /// Returns the value covered and whether the target no longer shows it.
    fn cover(&mut self, target: usize, tile: Tile) -> (u8, bool) {
        match &mut self.placed[target].piece {
            Piece::Line { free } => {
                let spot = usize::from(!free[0].is_some_and(|v| tile.has(v)));
                let value = free[spot].expect("target resolved before placing");
                free[spot] = None;
                self.count -= value as u32;
                (value, free[1 - spot] != Some(value))
            }
            Piece::Cross { value, free } => {
                *free -= 1;
                if *free == 0 {
                    self.count -= 2 * *value as u32;
                }
                (*value, *free == 0)
            }
            Piece::Spinner {
                value,
                sides_free,
                arms_free,
            } => {
                if *sides_free > 0 {
                    *sides_free -= 1;
                    if *sides_free == 0 {
                        self.count -= 2 * *value as u32;
                    }
                } else {
                    *arms_free -= 1;
                }
                (*value, *sides_free + *arms_free == 0)
            }
        }
    }

    /// The piece a double becomes; `ends` is 2 for the set, 1 for a double attached by a side.
    fn double_piece(&mut self, value: u8, ends: u8, lengthwise: bool) -> Piece {
        let first = !self.first_double_played;
        self.first_double_played = true;
        let spinner = match self.spinners {
            Spinners::AllDoubles => true,
            Spinners::FirstDouble => first,
            Spinners::None | Spinners::Sniff => false,
        };
        if spinner {
            Piece::Spinner {
                value,
                sides_free: ends,
                arms_free: 2,
            }
        } else if lengthwise {
            Piece::Line {
                free: [Some(value), (ends == 2).then_some(value)],
            }
        } else {
            Piece::Cross { value, free: ends }
        }
    }

    /// The open ends as a player reads them: `6, 3, 5-5` (a double at a tip shows both halves).
    pub fn open_ends(&self) -> String {
        let mut ends: Vec<String> = Vec::new();
        for placed in self.placed.iter().filter(|p| p.piece.is_open()) {
            match placed.piece {
                Piece::Line { free } => ends.extend(free.iter().flatten().map(|v| v.to_string())),
                Piece::Cross { value, .. } => ends.push(format!("{value}-{value}")),
                Piece::Spinner {
                    value, sides_free, ..
                } if sides_free > 0 => ends.push(format!("{value}-{value}")),
                Piece::Spinner { value, .. } => ends.push(format!("{value} (spinner arm)")),
            }
        }
        if ends.is_empty() {
            "none".to_string()
        } else {
            ends.join(", ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> Tile {
        text.parse().unwrap()
    }

    fn play(layout: &mut Layout, tile: &str, target: Option<usize>) -> u32 {
        let tile = t(tile);
        let target = layout.resolve_target(tile, target).unwrap();
        layout.place(tile, target, false);
        layout.count()
    }

    #[test]
    fn a_set_counts_the_sum_of_its_halves() {
        for (tile, count) in [("5-5", 10), ("6-4", 10), ("6-3", 9)] {
            for spinners in [Spinners::None, Spinners::FirstDouble, Spinners::AllDoubles] {
                let mut layout = Layout::new(spinners);
                assert_eq!(play(&mut layout, tile, None), count);
            }
        }
    }

    #[test]
    fn a_double_at_a_tip_counts_both_halves() {
        // Example 1 and 2 of rules.md section 5, built tile by tile.
        let mut layout = Layout::new(Spinners::None);
        assert_eq!(play(&mut layout, "5-5", None), 10);
        assert_eq!(play(&mut layout, "5-2", None), 12);
        assert_eq!(play(&mut layout, "2-6", Some(1)), 16);
        assert_eq!(play(&mut layout, "6-5", Some(2)), 15);
        assert_eq!(layout.open_ends(), "5-5, 5");
        let mut layout = Layout::new(Spinners::None);
        assert_eq!(play(&mut layout, "6-6", None), 12);
        assert_eq!(play(&mut layout, "6-3", None), 15);
        assert_eq!(play(&mut layout, "6-4", Some(0)), 7);
        assert_eq!(play(&mut layout, "4-4", Some(2)), 11);
        assert_eq!(layout.open_ends(), "3, 4-4");
    }

    #[test]
    fn the_all_fives_spinner_stops_counting_when_both_sides_are_covered() {
        // Example 7 of rules.md section 5.
        let mut layout = Layout::new(Spinners::FirstDouble);
        assert_eq!(play(&mut layout, "5-5", None), 10);
        assert_eq!(play(&mut layout, "5-3", None), 13);
        assert_eq!(play(&mut layout, "5-2", Some(0)), 5);
        // Now the arms are open and add nothing until a tile is placed there.
        assert_eq!(play(&mut layout, "5-1", Some(0)), 6);
        assert_eq!(play(&mut layout, "5-0", Some(0)), 6);
        assert!(layout.resolve_target(t("5-4"), Some(0)).is_err());
    }

    #[test]
    fn an_attached_spinner_opens_its_arms_after_its_free_side() {
        let mut layout = Layout::new(Spinners::AllDoubles);
        play(&mut layout, "6-4", None);
        assert_eq!(play(&mut layout, "4-4", Some(0)), 14);
        assert_eq!(play(&mut layout, "4-1", Some(1)), 7);
        assert_eq!(play(&mut layout, "4-2", Some(1)), 9);
        assert_eq!(play(&mut layout, "4-3", Some(1)), 12);
        // Both arms taken: the spinner is closed.
        assert!(layout.resolve_target(t("4-0"), Some(1)).is_err());
    }

    #[test]
    fn sniff_example_of_section_5() {
        // Example 6: 6-1, 1-4, then 4-4 crosswise counts 14, lengthwise 10.
        for (lengthwise, count) in [(false, 14), (true, 10)] {
            let mut layout = Layout::new(Spinners::Sniff);
            play(&mut layout, "6-1", None);
            play(&mut layout, "1-4", None);
            assert!(layout.may_lay_lengthwise(t("4-4")));
            layout.place(t("4-4"), Some(1), lengthwise);
            assert_eq!(layout.count(), count);
            assert!(!layout.may_lay_lengthwise(t("6-6")));
        }
    }

    #[test]
    fn a_tile_fitting_two_tiles_needs_a_target() {
        let mut layout = Layout::new(Spinners::None);
        play(&mut layout, "5-3", None);
        play(&mut layout, "3-6", None);
        assert_eq!(
            layout.resolve_target(t("6-5"), None),
            Err(PlaceError::Ambiguous {
                tile: t("6-5"),
                targets: vec![1, 2]
            })
        );
        assert_eq!(layout.resolve_target(t("6-5"), Some(1)), Ok(Some(1)));
        assert_eq!(
            layout
                .resolve_target(t("4-2"), None)
                .unwrap_err()
                .to_string(),
            "4-2 does not match any open end (open: 5, 6)"
        );
    }
}
