//! Tiles, tile sets and the sets of tiles a game is played with.
//!
//! A tile `h-l` (`h >= l`) has the index `h(h+1)/2 + l`. The numbering does not depend on the
//! size of the set, so one 128-bit set holds the tiles of any set up to double-twelve.

use std::fmt;
use std::str::FromStr;

/// The highest pip value of the largest supported set (double-twelve).
pub const MAX_PIP: u8 = 12;
/// The number of tiles of a double-twelve set.
pub const MAX_TILES: usize = 91;

/// One domino. Canonically written higher half first: `6-3`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

const fn triangle(n: u8) -> u8 {
    n * (n + 1) / 2
}

const HALVES: [(u8, u8); MAX_TILES] = {
    let mut halves = [(0u8, 0u8); MAX_TILES];
    let mut high = 0u8;
    while high <= MAX_PIP {
        let mut low = 0u8;
        while low <= high {
            halves[(triangle(high) + low) as usize] = (high, low);
            low += 1;
        }
        high += 1;
    }
    halves
};

/// For each pip value, the tiles (of any set) that show it on either half.
const WITH_VALUE: [u128; MAX_PIP as usize + 1] = {
    let mut masks = [0u128; MAX_PIP as usize + 1];
    let mut index = 0;
    while index < MAX_TILES {
        let (high, low) = HALVES[index];
        masks[high as usize] |= 1u128 << index;
        masks[low as usize] |= 1u128 << index;
        index += 1;
    }
    masks
};

impl Tile {
    /// The tile with these two halves, in either order.
    pub const fn new(a: u8, b: u8) -> Tile {
        assert!(a <= MAX_PIP && b <= MAX_PIP, "pip value out of range");
        let (high, low) = if a >= b { (a, b) } else { (b, a) };
        Tile(triangle(high) + low)
    }

    pub const fn from_index(index: u8) -> Tile {
        assert!((index as usize) < MAX_TILES, "tile index out of range");
        Tile(index)
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn high(self) -> u8 {
        HALVES[self.0 as usize].0
    }

    pub const fn low(self) -> u8 {
        HALVES[self.0 as usize].1
    }

    pub const fn is_double(self) -> bool {
        self.high() == self.low()
    }

    pub const fn pips(self) -> u32 {
        self.high() as u32 + self.low() as u32
    }

    pub const fn has(self, value: u8) -> bool {
        self.high() == value || self.low() == value
    }

    /// The half left showing when the tile is attached by `value`.
    pub const fn other_half(self, value: u8) -> u8 {
        if self.high() == value {
            self.low()
        } else {
            self.high()
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high(), self.low())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a piece of text is not a tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileParseError(pub String);

impl fmt::Display for TileParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a tile (write a tile as two numbers, like 6-3)",
            self.0
        )
    }
}

impl std::error::Error for TileParseError {}

impl FromStr for Tile {
    type Err = TileParseError;

    fn from_str(text: &str) -> Result<Tile, TileParseError> {
        // One or two digits, a dash, one or two digits, each half at most MAX_PIP.
        fn half(digits: &[u8]) -> Option<u8> {
            let value = match digits {
                [d] if d.is_ascii_digit() => d - b'0',
                [t, d] if t.is_ascii_digit() && d.is_ascii_digit() => (t - b'0') * 10 + (d - b'0'),
                _ => return None,
            };
            (value <= MAX_PIP).then_some(value)
        }
        let bytes = text.as_bytes();
        // Most tiles are written `d-d`.
        if let [a @ b'0'..=b'9', b'-', b @ b'0'..=b'9'] = *bytes {
            return Ok(Tile::new(a - b'0', b - b'0'));
        }
        let dash = bytes.iter().position(|&b| b == b'-');
        dash.and_then(|dash| Some(Tile::new(half(&bytes[..dash])?, half(&bytes[dash + 1..])?)))
            .ok_or_else(|| TileParseError(text.to_string()))
    }
}

/// A set of tiles as a bit set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TileSet(u128);

impl TileSet {
    pub const EMPTY: TileSet = TileSet(0);

    pub const fn from_bits(bits: u128) -> TileSet {
        TileSet(bits)
    }

    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Every tile (of any set) showing `value` on a half.
    pub const fn with_value(value: u8) -> TileSet {
        TileSet(WITH_VALUE[value as usize])
    }

    pub const fn contains(self, tile: Tile) -> bool {
        self.0 & (1u128 << tile.0) != 0
    }

    pub fn insert(&mut self, tile: Tile) {
        self.0 |= 1u128 << tile.0;
    }

    pub fn remove(&mut self, tile: Tile) {
        self.0 &= !(1u128 << tile.0);
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The number of tiles, counted one by one: quicker than [`TileSet::len`] for the few
    /// tiles of a hand, since the baseline x86-64 target has no population-count instruction.
    pub const fn len_few(self) -> usize {
        let mut bits = self.0;
        let mut n = 0;
        while bits != 0 {
            bits &= bits - 1;
            n += 1;
        }
        n
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn union(self, other: TileSet) -> TileSet {
        TileSet(self.0 | other.0)
    }

    pub const fn intersection(self, other: TileSet) -> TileSet {
        TileSet(self.0 & other.0)
    }

    pub const fn difference(self, other: TileSet) -> TileSet {
        TileSet(self.0 & !other.0)
    }

    /// The total of the pips of every tile in the set.
    pub fn pips(self) -> u32 {
        self.iter().map(Tile::pips).sum()
    }

    /// The `n`th tile in index order (0-based), if there are that many.
    pub fn nth(self, n: usize) -> Option<Tile> {
        let mut bits = self.0;
        for _ in 0..n {
            if bits == 0 {
                return None;
            }
            bits &= bits - 1;
        }
        (bits != 0).then(|| Tile(bits.trailing_zeros() as u8))
    }

    pub fn iter(self) -> TileSetIter {
        TileSetIter(self.0)
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> TileSet {
        let mut set = TileSet::EMPTY;
        for tile in iter {
            set.insert(tile);
        }
        set
    }
}

impl IntoIterator for TileSet {
    type Item = Tile;
    type IntoIter = TileSetIter;

    fn into_iter(self) -> TileSetIter {
        self.iter()
    }
}

/// The tiles of a set, lowest index first.
#[derive(Clone)]
pub struct TileSetIter(u128);

impl Iterator for TileSetIter {
    type Item = Tile;

    fn next(&mut self) -> Option<Tile> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Tile(index as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for TileSetIter {}

/// The tiles a game is played with (option `set`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DominoSet {
    DoubleSix,
    DoubleSixNoDoubles,
    DoubleNine,
    DoubleTwelve,
}

impl DominoSet {
    pub const ALL: [DominoSet; 4] = [
        DominoSet::DoubleSix,
        DominoSet::DoubleSixNoDoubles,
        DominoSet::DoubleNine,
        DominoSet::DoubleTwelve,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            DominoSet::DoubleSix => "double-six",
            DominoSet::DoubleSixNoDoubles => "double-six-no-doubles",
            DominoSet::DoubleNine => "double-nine",
            DominoSet::DoubleTwelve => "double-twelve",
        }
    }

    pub fn from_name(name: &str) -> Option<DominoSet> {
        DominoSet::ALL.into_iter().find(|set| set.name() == name)
    }

    pub const fn max_pip(self) -> u8 {
        match self {
            DominoSet::DoubleSix | DominoSet::DoubleSixNoDoubles => 6,
            DominoSet::DoubleNine => 9,
            DominoSet::DoubleTwelve => 12,
        }
    }

    pub const fn has_doubles(self) -> bool {
        !matches!(self, DominoSet::DoubleSixNoDoubles)
    }

    /// Every tile of the set.
    pub fn tiles(self) -> TileSet {
        let max = self.max_pip();
        let all = if max as usize == MAX_PIP as usize {
            u128::MAX >> (128 - MAX_TILES)
        } else {
            (1u128 << triangle(max + 1)) - 1
        };
        let mut tiles = TileSet(all);
        if !self.has_doubles() {
            for value in 0..=max {
                tiles.remove(Tile::new(value, value));
            }
        }
        tiles
    }

    pub fn contains(self, tile: Tile) -> bool {
        self.tiles().contains(tile)
    }

    /// Every tile of the set in index order, as a list (for dealing).
    pub fn tile_list(self) -> &'static [Tile] {
        const fn list(max: u8, doubles: bool) -> ([Tile; MAX_TILES], usize) {
            let mut tiles = [Tile(0); MAX_TILES];
            let mut n = 0;
            let mut index = 0;
            while index < MAX_TILES {
                let (high, low) = HALVES[index];
                if high <= max && (doubles || high != low) {
                    tiles[n] = Tile(index as u8);
                    n += 1;
                }
                index += 1;
            }
            (tiles, n)
        }
        const SIX: ([Tile; MAX_TILES], usize) = list(6, true);
        const SIX_NO_DOUBLES: ([Tile; MAX_TILES], usize) = list(6, false);
        const NINE: ([Tile; MAX_TILES], usize) = list(9, true);
        const TWELVE: ([Tile; MAX_TILES], usize) = list(12, true);
        match self {
            DominoSet::DoubleSix => &SIX.0[..SIX.1],
            DominoSet::DoubleSixNoDoubles => &SIX_NO_DOUBLES.0[..SIX_NO_DOUBLES.1],
            DominoSet::DoubleNine => &NINE.0[..NINE.1],
            DominoSet::DoubleTwelve => &TWELVE.0[..TWELVE.1],
        }
    }
}

impl fmt::Display for DominoSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_canonical_and_round_trip_through_text() {
        let tile: Tile = "3-6".parse().unwrap();
        assert_eq!(tile, Tile::new(6, 3));
        assert_eq!(tile.to_string(), "6-3");
        assert_eq!(tile.pips(), 9);
        assert!(!tile.is_double());
        assert!(Tile::new(5, 5).is_double());
        assert_eq!(tile.other_half(6), 3);
        for bad in ["", "6", "6-", "-3", "a-b", "6-13", "6 3", "+6-3", "6-3-1"] {
            assert!(bad.parse::<Tile>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn set_sizes_follow_from_the_highest_pip() {
        assert_eq!(DominoSet::DoubleSix.tiles().len(), 28);
        assert_eq!(DominoSet::DoubleSixNoDoubles.tiles().len(), 21);
        assert_eq!(DominoSet::DoubleNine.tiles().len(), 55);
        assert_eq!(DominoSet::DoubleTwelve.tiles().len(), 91);
        assert_eq!(DominoSet::DoubleSix.tiles().pips(), 168);
        for set in DominoSet::ALL {
            let listed: TileSet = set.tile_list().iter().copied().collect();
            assert_eq!(listed, set.tiles());
            assert_eq!(set.tile_list().len(), set.tiles().len());
            assert_eq!(set.tiles().len_few(), set.tiles().len());
        }
        for tile in DominoSet::DoubleSix.tiles() {
            assert!(tile.high() <= 6);
        }
    }

    #[test]
    fn value_masks_hold_exactly_the_tiles_showing_the_value() {
        let six = DominoSet::DoubleSix.tiles();
        for value in 0..=6 {
            let with = TileSet::with_value(value).intersection(six);
            assert_eq!(with.len(), 7);
            assert!(with.iter().all(|tile| tile.has(value)));
        }
    }

    #[test]
    fn nth_walks_the_set_in_index_order() {
        let set: TileSet = [Tile::new(1, 0), Tile::new(6, 6), Tile::new(3, 2)]
            .into_iter()
            .collect();
        let listed: Vec<Tile> = set.iter().collect();
        assert_eq!(
            (0..4).map(|n| set.nth(n)).collect::<Vec<_>>(),
            vec![Some(listed[0]), Some(listed[1]), Some(listed[2]), None]
        );
    }
}
