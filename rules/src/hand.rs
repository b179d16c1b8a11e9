//! One hand: the deal, the turns, legal moves, placements with their counts and points, and how
//! the hand ends.

use std::fmt;
use std::str::FromStr;

use rand_core::Rng;

use crate::layout::{Layout, PlaceError};
use crate::random;
use crate::ruleset::{Drawing, Ruleset};
use crate::scoring::{HandEnding, POINTS_TABLE, count_points, points_table};
use crate::tile::{Tile, TileParseError, TileSet};

/// A turn's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a tile. `target` is the placed tile it attaches to (0-based, `None` for the set);
    /// `lengthwise` lays the first double of a sniff game along the line.
    Place {
        tile: Tile,
        target: Option<u8>,
        lengthwise: bool,
    },
    /// Draw a tile from the boneyard.
    Draw(Tile),
    /// Pass: the seat can neither play nor draw.
    Knock,
}

impl Move {
    pub fn place(tile: Tile, target: Option<usize>) -> Move {
        Move::Place {
            tile,
            target: target.map(|t| t as u8),
            lengthwise: false,
        }
    }
}

/// Written as in game records: `6-3`, `3-5@2` (1-based target), `4-4|`, `draw 6-3`, `knock`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place {
                tile,
                target,
                lengthwise,
            } => {
                write!(f, "{tile}")?;
                if let Some(target) = target {
                    write!(f, "@{}", target as usize + 1)?;
                }
                if lengthwise {
                    f.write_str("|")?;
                }
                Ok(())
            }
            Move::Draw(tile) => write!(f, "draw {tile}"),
            Move::Knock => f.write_str("knock"),
        }
    }
}

/// Why a text is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError(pub String);

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a move (a move is a tile like 6-3 or 3-5@2, \"knock\", or \"draw 6-3\")",
            self.0
        )
    }
}

impl std::error::Error for MoveParseError {}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(text: &str) -> Result<Move, MoveParseError> {
        let error = || MoveParseError(text.to_string());
        // Most moves are written `d-d@n`: read those straight from the bytes.
        if let [
            a @ b'0'..=b'9',
            b'-',
            b @ b'0'..=b'9',
            b'@',
            ref target @ ..,
        ] = *text.as_bytes()
            && let [first @ b'1'..=b'9', ref rest @ ..] = *target
            && rest.len() <= 1
            && rest.iter().all(u8::is_ascii_digit)
        {
            let target = rest
                .iter()
                .fold((first - b'0') as usize, |n, d| n * 10 + (d - b'0') as usize);
            return Ok(Move::Place {
                tile: Tile::new(a - b'0', b - b'0'),
                target: Some((target - 1) as u8),
                lengthwise: false,
            });
        }
        if text == "knock" {
            return Ok(Move::Knock);
        }
        if let Some(tile) = text.strip_prefix("draw ") {
            return tile.parse().map(Move::Draw).map_err(|_| error());
        }
        let (body, lengthwise) = match text.strip_suffix('|') {
            Some(body) => (body, true),
            None => (text, false),
        };
        let (tile, target) = match body.bytes().position(|b| b == b'@') {
            Some(at) => {
                let digits = &body.as_bytes()[at + 1..];
                if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
                    return Err(error());
                }
                let target = digits
                    .iter()
                    .fold(0usize, |n, d| n * 10 + (d - b'0') as usize);
                if !(1..=u8::MAX as usize).contains(&target) {
                    return Err(error());
                }
                (&body[..at], Some((target - 1) as u8))
            }
            None => (body, None),
        };
        let tile: Tile = tile.parse().map_err(|_: TileParseError| error())?;
        Ok(Move::Place {
            tile,
            target,
            lengthwise,
        })
    }
}

/// The tiles each seat is dealt, and the boneyard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    pub hands: [TileSet; 4],
    pub boneyard: TileSet,
}

/// Why a given deal cannot be this ruleset's deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    Seats {
        given: usize,
        players: usize,
    },
    HandSize {
        seat: usize,
        given: usize,
        hand_size: usize,
    },
    NotInSet {
        seat: usize,
        tile: Tile,
        set: &'static str,
    },
    Twice {
        tile: Tile,
    },
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Seats { given, players } => {
                write!(
                    f,
                    "the deal has {given} hands but there are {players} seats"
                )
            }
            DealError::HandSize {
                seat,
                given,
                hand_size,
            } => write!(
                f,
                "seat {seat} is dealt {given} tiles, but the ruleset deals {hand_size}"
            ),
            DealError::NotInSet { tile, set, .. } => {
                write!(f, "{tile} is not a tile of the {set} set")
            }
            DealError::Twice { tile } => write!(f, "{tile} is dealt twice"),
        }
    }
}

impl Deal {
    /// A uniformly random deal.
    pub fn random(ruleset: &Ruleset, rng: &mut impl Rng) -> Deal {
        let set = ruleset.options().set;
        let list = set.tile_list();
        let mut tiles = [Tile::from_index(0); crate::tile::MAX_TILES];
        let tiles = &mut tiles[..list.len()];
        tiles.copy_from_slice(list);
        // A partial Fisher-Yates shuffle: only the dealt positions need drawing.
        let size = ruleset.hand_size();
        let dealt = ruleset.players() * size;
        let n = tiles.len();
        for i in 0..dealt {
            let j = i + random::below(rng, n - i);
            tiles.swap(i, j);
        }
        let mut hands = [TileSet::EMPTY; 4];
        for (hand, tiles) in hands.iter_mut().zip(tiles[..dealt].chunks_exact(size)) {
            *hand = tiles.iter().copied().collect();
        }
        let dealt_tiles = hands
            .iter()
            .fold(TileSet::EMPTY, |all, &hand| all.union(hand));
        Deal {
            hands,
            boneyard: set.tiles().difference(dealt_tiles),
        }
    }

    /// The deal a seed gives: the same seed, the same deal.
    pub fn from_seed(ruleset: &Ruleset, seed: u64) -> Deal {
        Deal::random(ruleset, &mut random::seeded(seed))
    }

    /// A deal of given tiles, checked against the ruleset.
    pub fn from_hands(ruleset: &Ruleset, hands: &[Vec<Tile>]) -> Result<Deal, DealError> {
        if hands.len() != ruleset.players() {
            return Err(DealError::Seats {
                given: hands.len(),
                players: ruleset.players(),
            });
        }
        let set = ruleset.options().set;
        let mut dealt = TileSet::EMPTY;
        let mut deal = Deal {
            hands: [TileSet::EMPTY; 4],
            boneyard: TileSet::EMPTY,
        };
        for (seat, tiles) in hands.iter().enumerate() {
            for &tile in tiles {
                if !set.contains(tile) {
                    return Err(DealError::NotInSet {
                        seat,
                        tile,
                        set: set.name(),
                    });
                }
                if dealt.contains(tile) {
                    return Err(DealError::Twice { tile });
                }
                dealt.insert(tile);
                deal.hands[seat].insert(tile);
            }
            if tiles.len() != ruleset.hand_size() {
                return Err(DealError::HandSize {
                    seat,
                    given: tiles.len(),
                    hand_size: ruleset.hand_size(),
                });
            }
        }
        deal.boneyard = set.tiles().difference(dealt);
        Ok(deal)
    }
}

/// What a placement did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub seat: usize,
    pub tile: Tile,
    /// Whether this was the set (the first tile of the hand).
    pub is_set: bool,
    /// The count after the placement.
    pub count: u32,
    /// The points the count scores (before any finish rule).
    pub points: u32,
    /// The domino bonus earned by this placement (it went out and ended the hand).
    pub bonus: u32,
    /// How the hand ended, if this placement ended it.
    pub ending: Option<HandEnding>,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Placed(Placement),
    Drew,
    Knocked { blocked: bool },
}

/// Why a move is not legal now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    HandOver,
    GameOver,
    NotInHand { seat: usize, tile: Tile },
    Place(PlaceError),
    MustPlay { seat: usize, playable: Tile },
    MustDraw { seat: usize, drawable: usize },
    NoDrawing,
    NothingToDraw { seat: usize, reserve: u8 },
    NotInBoneyard { tile: Tile },
}

impl MoveError {
    /// The error in words, naming seats as `name` does.
    pub fn describe(&self, name: impl Fn(usize) -> String) -> String {
        match self {
            MoveError::HandOver => "the hand is already over".to_string(),
            MoveError::GameOver => {
                "the game is already won: no move may follow the winning placement".to_string()
            }
            MoveError::NotInHand { seat, tile } => {
                format!("{} does not hold {tile}", name(*seat))
            }
            MoveError::Place(error) => error.to_string(),
            MoveError::MustPlay { seat, playable } => format!(
                "{} cannot knock or draw while able to play ({playable} fits)",
                name(*seat)
            ),
            MoveError::MustDraw { seat, drawable } => format!(
                "{} cannot knock while the boneyard has {drawable} tile{} to draw",
                name(*seat),
                if *drawable == 1 { "" } else { "s" }
            ),
            MoveError::NoDrawing => "this ruleset does not draw from the boneyard".to_string(),
            MoveError::NothingToDraw { seat, reserve } => {
                if *reserve > 0 {
                    format!(
                        "{} cannot draw: only the {reserve} reserved tiles are left in the boneyard",
                        name(*seat)
                    )
                } else {
                    format!("{} cannot draw: the boneyard is empty", name(*seat))
                }
            }
            MoveError::NotInBoneyard { tile } => format!("{tile} is not in the boneyard"),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(|seat| format!("seat {seat}")))
    }
}

impl std::error::Error for MoveError {}

/// The state of one hand.
#[derive(Clone, Debug)]
pub struct Hand {
    ruleset: Ruleset,
    /// The points of each small count, looked up rather than computed on every placement.
    points: &'static [u8; POINTS_TABLE],
    hands: [TileSet; 4],
    /// Tiles of a seat that the hand does not know (a record without a deal).
    hidden: [u8; 4],
    /// How many tiles each seat holds, known or hidden.
    held: [u8; 4],
    /// Tiles that may be in the boneyard.
    boneyard: TileSet,
    boneyard_left: u8,
    layout: Layout,
    leader: usize,
    turn: usize,
    knocks: u8,
    out: [bool; 4],
    ending: Option<HandEnding>,
}

impl Hand {
    /// A hand from a known deal.
    pub fn new(ruleset: &Ruleset, deal: &Deal, leader: usize) -> Hand {
        let mut hand = Hand {
            ruleset: *ruleset,
            points: points_table(ruleset.options().scoring),
            hands: [TileSet::EMPTY; 4],
            hidden: [0; 4],
            held: [0; 4],
            boneyard: TileSet::EMPTY,
            boneyard_left: 0,
            layout: Layout::new(ruleset.options().spinners),
            leader,
            turn: leader,
            knocks: 0,
            out: [false; 4],
            ending: None,
        };
        hand.reset(deal, leader);
        hand
    }

    /// A hand whose deal is known only in part: `known[seat]` are tiles the seat was dealt, the
    /// rest of each hand is hidden. Placements must come from known tiles; knocks and draws are
    /// checked against what is known.
    pub fn partly_known(ruleset: &Ruleset, known: [TileSet; 4], leader: usize) -> Hand {
        let all_known = known.iter().fold(TileSet::EMPTY, |a, &b| a.union(b));
        let mut hidden = [0u8; 4];
        for seat in 0..ruleset.players() {
            hidden[seat] = ruleset.hand_size().saturating_sub(known[seat].len()) as u8;
        }
        let mut held = [0u8; 4];
        for seat in 0..ruleset.players() {
            held[seat] = known[seat].len() as u8 + hidden[seat];
        }
        Hand {
            ruleset: *ruleset,
            points: points_table(ruleset.options().scoring),
            hands: known,
            hidden,
            held,
            boneyard: ruleset.options().set.tiles().difference(all_known),
            boneyard_left: ruleset.boneyard_size() as u8,
            layout: Layout::new(ruleset.options().spinners),
            leader,
            turn: leader,
            knocks: 0,
            out: [false; 4],
            ending: None,
        }
    }

    /// Takes a tile the hand did not know into a seat's hidden tiles, when it can have been
    /// there: the seat still has hidden tiles and the tile is unseen. Returns whether it did.
    pub fn reveal(&mut self, seat: usize, tile: Tile) -> bool {
        if self.hidden[seat] == 0 || !self.boneyard.contains(tile) {
            return false;
        }
        self.hidden[seat] -= 1;
        self.boneyard.remove(tile);
        self.hands[seat].insert(tile);
        true
    }

    /// Starts again with a new deal, keeping the allocations.
    pub fn reset(&mut self, deal: &Deal, leader: usize) {
        self.hands = deal.hands;
        self.hidden = [0; 4];
        self.held = deal.hands.map(|hand| hand.len() as u8);
        self.boneyard = deal.boneyard;
        self.boneyard_left = deal.boneyard.len() as u8;
        self.layout.clear();
        self.leader = leader;
        self.turn = leader;
        self.knocks = 0;
        self.out = [false; 4];
        self.ending = None;
    }

    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    pub fn leader(&self) -> usize {
        self.leader
    }

    /// The seat to move.
    pub fn turn(&self) -> usize {
        self.turn
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn ending(&self) -> Option<HandEnding> {
        self.ending
    }

    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// The tiles a seat holds (the known ones, for a partly known hand).
    pub fn tiles(&self, seat: usize) -> TileSet {
        self.hands[seat]
    }

    /// How many tiles a seat holds.
    pub fn tiles_held(&self, seat: usize) -> usize {
        self.held[seat] as usize
    }

    /// Whether every seat's tiles are known, so pips left can be counted.
    pub fn fully_known(&self) -> bool {
        self.hidden.iter().all(|&h| h == 0)
    }

    /// Pips left in each seat's hand (meaningful when [`Hand::fully_known`]).
    pub fn pips(&self) -> [u32; 4] {
        let mut pips = [0; 4];
        for (seat, pips) in pips.iter_mut().enumerate().take(self.ruleset.players()) {
            *pips = self.hands[seat].pips();
        }
        pips
    }

    pub fn boneyard(&self) -> TileSet {
        self.boneyard
    }

    pub fn boneyard_left(&self) -> usize {
        self.boneyard_left as usize
    }

    fn can_draw(&self) -> bool {
        self.ruleset.options().drawing == Drawing::UntilPlayable
            && self.boneyard_left > self.ruleset.options().boneyard_reserve
    }

    /// The tiles of the seat to move that have a place to go.
    pub fn playable(&self) -> TileSet {
        self.hands[self.turn].intersection(self.layout.playable())
    }

    /// Every legal move of the seat to move, into `moves` (cleared first). Draws are listed one
    /// per tile that may be in the boneyard.
    pub fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.ending.is_some() {
            return;
        }
        let playable = self.playable();
        if !playable.is_empty() {
            for tile in playable {
                let lengthwise = self.layout.may_lay_lengthwise(tile);
                if self.layout.is_empty() {
                    moves.push(Move::place(tile, None));
                    if lengthwise {
                        moves.push(Move::Place {
                            tile,
                            target: None,
                            lengthwise: true,
                        });
                    }
                    continue;
                }
                for target in self.layout.targets(tile) {
                    moves.push(Move::place(tile, Some(target)));
                    if lengthwise {
                        moves.push(Move::Place {
                            tile,
                            target: Some(target as u8),
                            lengthwise: true,
                        });
                    }
                }
            }
        } else if self.can_draw() {
            moves.extend(self.boneyard.iter().map(Move::Draw));
        } else {
            moves.push(Move::Knock);
        }
    }

    /// Plays a move for the seat to move.
    pub fn play(&mut self, mv: Move) -> Result<Outcome, MoveError> {
        if self.ending.is_some() {
            return Err(MoveError::HandOver);
        }
        let seat = self.turn;
        match mv {
            Move::Place {
                tile,
                target,
                lengthwise,
            } => {
                if !self.hands[seat].contains(tile) {
                    return Err(MoveError::NotInHand { seat, tile });
                }
                let target = self
                    .layout
                    .resolve_target(tile, target.map(usize::from))
                    .map_err(MoveError::Place)?;
                if lengthwise && !self.layout.may_lay_lengthwise(tile) {
                    return Err(MoveError::Place(PlaceError::NotLengthwise { tile }));
                }
                Ok(Outcome::Placed(self.place(tile, target, lengthwise)))
            }
            Move::Draw(tile) => {
                if let Some(playable) = self.playable().iter().next() {
                    return Err(MoveError::MustPlay { seat, playable });
                }
                if self.ruleset.options().drawing == Drawing::None {
                    return Err(MoveError::NoDrawing);
                }
                if !self.can_draw() {
                    return Err(MoveError::NothingToDraw {
                        seat,
                        reserve: self.ruleset.options().boneyard_reserve,
                    });
                }
                if !self.boneyard.contains(tile) {
                    return Err(MoveError::NotInBoneyard { tile });
                }
                self.boneyard.remove(tile);
                self.boneyard_left -= 1;
                self.hands[seat].insert(tile);
                self.held[seat] += 1;
                Ok(Outcome::Drew)
            }
            Move::Knock => {
                if let Some(playable) = self.playable().iter().next() {
                    return Err(MoveError::MustPlay { seat, playable });
                }
                if self.can_draw() {
                    return Err(MoveError::MustDraw {
                        seat,
                        drawable: self.boneyard_left as usize
                            - self.ruleset.options().boneyard_reserve as usize,
                    });
                }
                Ok(self.knock())
            }
        }
    }

    /// Passes for a seat already known to be unable to play or draw.
    fn knock(&mut self) -> Outcome {
        self.knocks += 1;
        let holding = (0..self.ruleset.players())
            .filter(|&s| !self.out[s])
            .count();
        let blocked = self.knocks as usize >= holding;
        if blocked {
            self.ending = Some(HandEnding::Blocked);
        } else {
            self.advance();
        }
        Outcome::Knocked { blocked }
    }

    /// Places a tile already checked to fit.
    fn place(&mut self, tile: Tile, target: Option<usize>, lengthwise: bool) -> Placement {
        let seat = self.turn;
        let is_set = self.layout.is_empty();
        self.hands[seat].remove(tile);
        self.held[seat] -= 1;
        self.layout.place(tile, target, lengthwise);
        self.knocks = 0;
        let count = self.layout.count();
        let points = match self.points.get(count as usize) {
            Some(&points) => points as u32,
            None => count_points(self.ruleset.options().scoring, count),
        };
        let mut ending = None;
        let mut bonus = 0;
        if self.tiles_held(seat) == 0 {
            self.out[seat] = true;
            let partner_out = self.out[(seat + 2) % 4];
            if !self.ruleset.both_out() || partner_out {
                ending = Some(HandEnding::Domino { seat });
                bonus = u32::from(self.ruleset.has_domino_bonus());
            }
        }
        self.ending = ending;
        if ending.is_none() {
            self.advance();
        }
        Placement {
            seat,
            tile,
            is_set,
            count,
            points,
            bonus,
            ending,
        }
    }

    /// Passes the turn to the next seat still holding tiles.
    fn advance(&mut self) {
        let players = self.ruleset.players();
        for _ in 0..players {
            self.turn = if self.turn + 1 == players {
                0
            } else {
                self.turn + 1
            };
            if !self.out[self.turn] {
                return;
            }
        }
    }

    /// Plays a uniformly random legal move (a draw takes a random tile of the boneyard).
    /// `moves` is scratch space.
    pub fn play_random(&mut self, rng: &mut impl Rng, moves: &mut Vec<Move>) -> (Move, Outcome) {
        let simple = !self.layout.is_empty()
            && self.ruleset.options().spinners != crate::ruleset::Spinners::Sniff;
        if simple {
            // Every legal placement is one (open end, tile showing its value) pair: pick one
            // of them uniformly without listing them.
            let hand = self.hands[self.turn];
            let mut fits = [(0u8, TileSet::EMPTY, 0usize); 8];
            let mut total = 0;
            let mut listed = 0;
            for &(index, value) in self.layout.ends() {
                let tiles = hand.intersection(TileSet::with_value(value));
                if !tiles.is_empty() {
                    let n = tiles.len_few();
                    if listed < fits.len() {
                        fits[listed] = (index, tiles, n);
                    }
                    listed += 1;
                    total += n;
                }
            }
            if total > 0 && listed <= fits.len() {
                let mut pick = random::below(rng, total);
                for &(index, tiles, n) in &fits[..listed] {
                    if pick < n {
                        let tile = tiles.nth(pick).expect("within the count");
                        let mv = Move::place(tile, Some(index as usize));
                        let placement = self.place(tile, Some(index as usize), false);
                        return (mv, Outcome::Placed(placement));
                    }
                    pick -= n;
                }
            } else if total > 0 {
                // More ends with tiles to fit than the short list holds (large sets).
                self.legal_moves(moves);
                let mv = moves[random::below(rng, moves.len())];
                return (mv, self.play(mv).expect("a legal move plays"));
            }
        } else if !self.playable().is_empty() {
            self.legal_moves(moves);
            let mv = moves[random::below(rng, moves.len())];
            return (mv, self.play(mv).expect("a legal move plays"));
        }
        if self.can_draw() {
            let mv = Move::Draw(random::pick(rng, self.boneyard));
            (mv, self.play(mv).expect("a forced draw is legal"))
        } else if simple {
            // Nothing fits and nothing can be drawn: the knock needs no second look.
            (Move::Knock, self.knock())
        } else {
            (
                Move::Knock,
                self.play(Move::Knock).expect("a forced knock is legal"),
            )
        }
    }
}

/// The number of distinct complete move sequences from this position to the end of the hand
/// (perft): a regression count for the move generator and the rules of play.
pub fn perft(hand: &Hand) -> u64 {
    if hand.is_over() {
        return 1;
    }
    let mut moves = Vec::new();
    hand.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut next = hand.clone();
            next.play(mv).expect("a legal move plays");
            perft(&next)
        })
        .sum()
}

#[cfg(test)]
mod tests;
