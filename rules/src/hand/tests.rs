use super::*;
use crate::ruleset::Preset;

fn tiles(text: &str) -> Vec<Tile> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

#[test]
fn moves_round_trip_through_their_record_text() {
    for text in ["6-3", "5-3@2", "4-4|", "4-4@12|", "draw 6-1", "knock"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
    for bad in [
        "", "6-3@", "6-3@0", "6-3@x", "draw", "draw 9-x", "pass", "6-3||",
    ] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?} parsed");
    }
}

#[test]
fn the_records_example_hand_scores_as_described() {
    // records.md: Ann sets 6-6 (12: 4), Bob 6-3 (15: 8), Cat 3-5 on the 3 (17: 0),
    // Dan knocks, Ann 6-4 on the 6-6's free side (9: 3).
    let ruleset = Ruleset::preset(Preset::FivesAndThrees, 4).unwrap();
    let hands = [
        tiles("6-6 6-4 5-0 3-3 2-0"),
        tiles("6-3 6-1 6-2 5-1 5-2"),
        tiles("3-5 4-0 4-1 4-2 4-4"),
        tiles("0-0 1-0 1-1 2-1 2-2"),
    ];
    let deal = Deal::from_hands(&ruleset, &hands).unwrap();
    let mut hand = Hand::new(&ruleset, &deal, 0);
    let mut points = Vec::new();
    for text in ["6-6", "6-3", "3-5@2", "knock", "6-4@1"] {
        match hand.play(text.parse().unwrap()).unwrap() {
            Outcome::Placed(placement) => points.push((placement.count, placement.points)),
            Outcome::Knocked { blocked } => assert!(!blocked),
            Outcome::Drew => unreachable!(),
        }
    }
    assert_eq!(points, vec![(12, 4), (15, 8), (17, 0), (9, 3)]);
}

#[test]
fn a_knock_must_be_forced() {
    let ruleset = Ruleset::preset(Preset::FivesAndThrees, 2).unwrap();
    let hands = [
        tiles("6-6 6-4 5-0 3-3 2-0 1-0 1-1"),
        tiles("6-3 2-1 2-2 4-0 4-1 4-2 4-4"),
    ];
    let deal = Deal::from_hands(&ruleset, &hands).unwrap();
    let mut hand = Hand::new(&ruleset, &deal, 0);
    hand.play("6-6".parse().unwrap()).unwrap();
    assert_eq!(
        hand.play(Move::Knock),
        Err(MoveError::MustPlay {
            seat: 1,
            playable: "6-3".parse().unwrap()
        })
    );
    assert_eq!(
        hand.play("6-4".parse().unwrap()),
        Err(MoveError::NotInHand {
            seat: 1,
            tile: "6-4".parse().unwrap()
        })
    );
}

#[test]
fn a_seed_deals_the_same_tiles_every_time() {
    let ruleset = Ruleset::preset(Preset::Muggins, 3).unwrap();
    let deal = Deal::from_seed(&ruleset, 99);
    assert_eq!(deal, Deal::from_seed(&ruleset, 99));
    assert_ne!(deal, Deal::from_seed(&ruleset, 100));
    assert!(deal.hands[3].is_empty(), "three players, three hands");
    let dealt = deal.hands[..3].iter().fold(TileSet::EMPTY, |all, &hand| {
        assert_eq!(hand.len(), 5);
        assert!(all.intersection(hand).is_empty());
        all.union(hand)
    });
    assert_eq!(dealt.union(deal.boneyard), ruleset.options().set.tiles());
    assert!(dealt.intersection(deal.boneyard).is_empty());
}

#[test]
fn dealing_checks_sizes_and_duplicates() {
    let ruleset = Ruleset::preset(Preset::FivesAndThrees, 2).unwrap();
    let short = [tiles("6-6"), tiles("6-3 2-1 2-2 4-0 4-1 4-2 4-4")];
    assert!(matches!(
        Deal::from_hands(&ruleset, &short),
        Err(DealError::HandSize {
            seat: 0,
            given: 1,
            ..
        })
    ));
    let twice = [
        tiles("6-6 6-4 5-0 3-3 2-0 1-0 1-1"),
        tiles("6-6 2-1 2-2 4-0 4-1 4-2 4-4"),
    ];
    assert!(matches!(
        Deal::from_hands(&ruleset, &twice),
        Err(DealError::Twice { .. })
    ));
}
