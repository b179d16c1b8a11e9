//! Seeded randomness for deals and random play. The generator is fixed (xoshiro256++), so a
//! seed gives the same games on every machine and in every version that keeps this algorithm.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::tile::{Tile, TileSet};

/// The generator every seeded deal and random game uses.
pub type GameRng = Xoshiro256PlusPlus;

pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A number in `0..n` (`n > 0`), by multiply-shift: the bias is below 2^-58 for any `n` here.
pub fn below(rng: &mut impl Rng, n: usize) -> usize {
    debug_assert!(n > 0);
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// A tile of the set chosen uniformly.
pub fn pick(rng: &mut impl Rng, tiles: TileSet) -> Tile {
    tiles
        .nth(below(rng, tiles.len()))
        .expect("picking from a non-empty set")
}

/// The tiles in a uniformly random order.
pub fn shuffled(rng: &mut impl Rng, tiles: TileSet) -> Vec<Tile> {
    let mut order: Vec<Tile> = tiles.iter().collect();
    for i in (1..order.len()).rev() {
        let j = below(rng, i + 1);
        order.swap(i, j);
    }
    order
}
