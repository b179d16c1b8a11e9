//! Property tests over random games of every preset and player count.

use fives_rules::hand::{Deal, Hand, Move};
use fives_rules::random;
use fives_rules::record::{self, Record, check};
use fives_rules::ruleset::{Preset, Ruleset};
use fives_rules::{Tile, TileSet};
use proptest::prelude::*;

/// Every preset with every player count it allows.
fn games() -> Vec<(Preset, usize)> {
    Preset::ALL
        .iter()
        .flat_map(|&preset| preset.players().map(move |players| (preset, players)))
        .collect()
}

fn play(preset: Preset, players: usize, seed: u64) -> Record {
    record::play_games(preset.name(), players, seed)
        .unwrap()
        .next()
        .unwrap()
}

fn tiles(texts: &[String]) -> TileSet {
    texts.iter().map(|t| t.parse::<Tile>().unwrap()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn every_played_game_checks_valid(seed in any::<u64>()) {
        for (preset, players) in games() {
            let game = play(preset, players, seed);
            let report = check(&game);
            prop_assert!(report.is_valid(), "{preset} {players} seed {seed}: {}", report.to_json());
        }
    }

    #[test]
    fn replay_is_deterministic(seed in any::<u64>()) {
        for (preset, players) in games() {
            let first = play(preset, players, seed);
            prop_assert_eq!(&first, &play(preset, players, seed));
            prop_assert_eq!(check(&first), check(&first));
        }
    }

    #[test]
    fn records_survive_a_json_round_trip(seed in any::<u64>()) {
        for (preset, players) in games() {
            let game = play(preset, players, seed);
            let text = game.to_json();
            prop_assert_eq!(record::parse(&text).unwrap(), game);
        }
    }

    #[test]
    fn pips_are_conserved_through_random_play(seed in any::<u64>()) {
        for (preset, players) in games() {
            let ruleset = Ruleset::preset(preset, players).unwrap();
            let set = ruleset.options().set.tiles();
            let mut rng = random::seeded(seed);
            let deal = Deal::random(&ruleset, &mut rng);
            let mut hand = Hand::new(&ruleset, &deal, 0);
            let mut moves = Vec::new();
            loop {
                let mut seen = hand.boneyard();
                for placed in hand.layout().placed() {
                    prop_assert!(!seen.contains(placed.tile));
                    seen.insert(placed.tile);
                }
                for seat in 0..players {
                    prop_assert!(seen.intersection(hand.tiles(seat)).is_empty());
                    seen = seen.union(hand.tiles(seat));
                }
                prop_assert_eq!(seen, set);
                let pips: u32 = hand.pips().iter().sum::<u32>()
                    + hand.boneyard().pips()
                    + hand.layout().placed().iter().map(|p| p.tile.pips()).sum::<u32>();
                prop_assert_eq!(pips, set.pips());
                if hand.is_over() {
                    break;
                }
                hand.play_random(&mut rng, &mut moves);
            }
        }
    }

    #[test]
    fn changing_a_peg_or_a_score_makes_a_record_invalid(seed in any::<u64>(), pick in any::<usize>(), by in 1i64..5) {
        for (preset, players) in games() {
            let game = play(preset, players, seed);
            let h = pick % game.hands.len();
            let mut changed = game.clone();
            let score = changed.hands[h].score.as_mut().unwrap();
            let side = pick % score.len();
            score[side] += by;
            prop_assert!(!check(&changed).is_valid(), "{preset} {players}: score of hand {}", h + 1);

            let pegged: Vec<(usize, usize)> = game.hands[h].pegs.as_ref().unwrap().iter().enumerate()
                .flat_map(|(seat, pegs)| (0..pegs.len()).map(move |i| (seat, i)))
                .collect();
            if let Some(&(seat, i)) = pegged.get(pick % pegged.len().max(1)) {
                let mut changed = game.clone();
                changed.hands[h].pegs.as_mut().unwrap()[seat][i] += by;
                prop_assert!(!check(&changed).is_valid(), "{preset} {players}: peg {i} of seat {seat} in hand {}", h + 1);
            }
        }
    }

    #[test]
    fn changing_a_played_tile_makes_a_record_invalid(seed in any::<u64>(), pick in any::<usize>()) {
        for (preset, players) in games() {
            let game = play(preset, players, seed);
            let h = pick % game.hands.len();
            let hand = &game.hands[h];
            let moves = hand.moves.as_ref().unwrap();
            let deal = hand.deal.as_ref().unwrap();
            let placements: Vec<usize> = (0..moves.len())
                .filter(|&m| matches!(moves[m].parse::<Move>(), Ok(Move::Place { .. })))
                .collect();
            if placements.is_empty() {
                continue;
            }
            let m = placements[pick % placements.len()];
            let Ok(Move::Place { tile, target, lengthwise }) = moves[m].parse::<Move>() else { unreachable!() };
            // The seat that made move m, and what it held then.
            let ruleset = record::ruleset_spec(&game.ruleset).unwrap().build(players).unwrap();
            let dealt: Vec<Vec<Tile>> = deal.iter().map(|d| d.iter().map(|t| t.parse().unwrap()).collect()).collect();
            let mut replay = Hand::new(&ruleset, &Deal::from_hands(&ruleset, &dealt).unwrap(), hand.leader.unwrap());
            for earlier in &moves[..m] {
                replay.play(earlier.parse().unwrap()).unwrap();
            }
            let seat = replay.turn();
            let held = replay.tiles(seat);
            // In the moves: a tile the seat does not hold.
            let other = ruleset.options().set.tiles().difference(held).iter().nth(pick % 7).unwrap();
            let mut changed = game.clone();
            changed.hands[h].moves.as_mut().unwrap()[m] = Move::Place { tile: other, target, lengthwise }.to_string();
            prop_assert!(!check(&changed).is_valid(), "{preset} {players}: move {} of hand {} as {other}", m + 1, h + 1);
            // In the deal: the placed tile, where it was dealt, swapped for a tile nobody was dealt.
            let dealt_to = deal.iter().position(|d| tiles(d).contains(tile));
            if let Some(owner) = dealt_to {
                let undealt = ruleset.options().set.tiles()
                    .difference(deal.iter().fold(TileSet::EMPTY, |all, d| all.union(tiles(d))));
                if let Some(spare) = undealt.iter().next() {
                    let mut changed = game.clone();
                    let list = &mut changed.hands[h].deal.as_mut().unwrap()[owner];
                    let at = list.iter().position(|t| t.parse::<Tile>().unwrap() == tile).unwrap();
                    list[at] = spare.to_string();
                    prop_assert!(!check(&changed).is_valid(), "{preset} {players}: dealt {tile} as {spare} in hand {}", h + 1);
                }
            }
        }
    }
}
