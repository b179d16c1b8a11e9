//! The worked examples of rules.md section 5, one test each, through the public engine.

use fives_rules::hand::{Deal, Hand, Move, Outcome};
use fives_rules::layout::Layout;
use fives_rules::ruleset::{Finish, Preset, RulesetSpec, Spinners};
use fives_rules::scoring::{HandEnding, count_points, hand_end_points};
use fives_rules::{Ruleset, Scoreboard, Tile};

fn tile(text: &str) -> Tile {
    text.parse().unwrap()
}

/// Lays tiles in order (`tile` or `tile@N`, 1-based targets) and returns the last count.
fn lay(spinners: Spinners, moves: &[&str]) -> u32 {
    let mut layout = Layout::new(spinners);
    for text in moves {
        let Move::Place {
            tile,
            target,
            lengthwise,
        } = text.parse::<Move>().unwrap()
        else {
            panic!("{text} is not a placement");
        };
        let target = layout
            .resolve_target(tile, target.map(usize::from))
            .unwrap();
        layout.place(tile, target, lengthwise);
    }
    layout.count()
}

fn points(preset: Preset, count: u32) -> u32 {
    let ruleset = Ruleset::preset(preset, 2).unwrap();
    count_points(ruleset.options().scoring, count)
}

#[test]
fn example_1_a_double_at_one_end_and_a_five_at_the_other() {
    // 5-5 crosswise at one tip, a 5 showing at the other.
    let count = lay(Spinners::None, &["5-5", "5-2", "2-6@2", "6-5@3"]);
    assert_eq!(count, 15);
    assert_eq!(points(Preset::FivesAndThrees, count), 8);
}

#[test]
fn example_2_six_six_with_a_three_and_with_four_four() {
    let count = lay(Spinners::None, &["6-6", "6-3"]);
    assert_eq!((count, points(Preset::FivesAndThrees, count)), (15, 8));
    let count = lay(Spinners::None, &["6-6", "6-4", "4-4@2"]);
    assert_eq!((count, points(Preset::FivesAndThrees, count)), (20, 4));
}

#[test]
fn example_3_the_exact_finish_at_58_and_59() {
    let ruleset = Ruleset::preset(Preset::FivesAndThrees, 2).unwrap();
    let mut board = Scoreboard::new(&ruleset);
    board.peg(0, 58);
    board.peg(0, 4);
    assert_eq!(board.totals()[0], 58);
    // At 59 the last tile scores 2 (a count of 6) and the go point 1: together 62, so neither.
    let mut board = Scoreboard::new(&ruleset);
    board.peg(0, 59);
    board.peg(0, 2 + 1);
    assert_eq!(board.totals()[0], 59);
    assert_eq!(board.winner(), None);
}

#[test]
fn example_3_the_last_tile_and_go_point_are_pegged_together_in_play() {
    // Ann sets 1-0 (a count of 1), Bob cannot follow, Ann goes out with 6-1: a count of 6 for
    // 2 points plus the go point. From 59 the 3 would pass 61, so neither counts; from 58 it wins.
    let mut spec = RulesetSpec::preset(Preset::FivesAndThrees);
    spec.overrides.hand_size = Some(fives_rules::ruleset::PerPlayers::all(2));
    let ruleset = spec.build(2).unwrap();
    let tiles = |text: &str| -> Vec<Tile> { text.split(' ').map(tile).collect() };
    let deal = Deal::from_hands(&ruleset, &[tiles("1-0 6-1"), tiles("6-6 5-5")]).unwrap();
    for (start, after, winner) in [(59, 59, None), (58, 61, Some(0))] {
        let mut game = fives_rules::Game::new(&ruleset);
        game.board_mut().peg(0, start);
        game.start_hand(Hand::new(&ruleset, &deal, 0));
        game.play("1-0".parse().unwrap()).unwrap();
        game.play(Move::Knock).unwrap();
        let Outcome::Placed(placement) = game.play("6-1".parse().unwrap()).unwrap() else {
            panic!("6-1 is placed")
        };
        assert_eq!(
            (placement.count, placement.points, placement.bonus),
            (6, 2, 1)
        );
        assert_eq!(placement.ending, Some(HandEnding::Domino { seat: 0 }));
        assert_eq!(game.board().totals()[0], after);
        assert_eq!(game.winner(), winner);
        assert_eq!(
            game.pegs()[0],
            vec![2, 1],
            "both are pegs, whatever the finish cancels"
        );
    }
}

#[test]
fn example_4_a_set_scores_in_muggins_and_five_up() {
    let muggins = lay(Spinners::None, &["6-4"]);
    assert_eq!((muggins, points(Preset::Muggins, muggins)), (10, 10));
    let five_up = lay(Spinners::AllDoubles, &["5-5"]);
    assert_eq!((five_up, points(Preset::FiveUp, five_up)), (10, 2));
}

#[test]
fn example_5_pips_left_are_rounded_to_fives() {
    let muggins = Ruleset::preset(Preset::Muggins, 2).unwrap();
    let five_up = Ruleset::preset(Preset::FiveUp, 2).unwrap();
    let out = HandEnding::Domino { seat: 1 };
    let one_two = tile("1-2").pips();
    let one_one = tile("1-1").pips();
    assert_eq!(hand_end_points(&muggins, out, &[one_two, 0])[0], -5);
    assert_eq!(hand_end_points(&five_up, out, &[one_two, 0])[0], -1);
    assert_eq!(hand_end_points(&muggins, out, &[one_one, 0])[0], 0);
    assert_eq!(hand_end_points(&five_up, out, &[one_one, 0])[0], 0);
}

#[test]
fn example_6_the_sniff_crosswise_and_lengthwise() {
    let mut sniff = RulesetSpec::preset(Preset::Muggins);
    sniff.overrides.spinners = Some(Spinners::Sniff);
    sniff.overrides.scoring = Some(fives_rules::ruleset::Scoring::FivesCount);
    let scoring = sniff.build(2).unwrap().options().scoring;
    let crosswise = lay(Spinners::Sniff, &["6-1", "1-4", "4-4@2"]);
    assert_eq!((crosswise, count_points(scoring, crosswise)), (14, 0));
    let lengthwise = lay(Spinners::Sniff, &["6-1", "1-4", "4-4@2|"]);
    assert_eq!((lengthwise, count_points(scoring, lengthwise)), (10, 2));
}

#[test]
fn example_7_the_all_fives_spinner() {
    let all_fives = |moves: &[&str]| {
        let count = lay(Spinners::FirstDouble, moves);
        (count, points(Preset::AllFives, count))
    };
    assert_eq!(all_fives(&["5-5"]), (10, 10));
    assert_eq!(all_fives(&["5-5", "5-3"]), (13, 0));
    assert_eq!(all_fives(&["5-5", "5-3", "5-2@1"]), (5, 5));
}

#[test]
fn example_8_doubles_in_the_boneyard_blocked() {
    let ruleset = Ruleset::preset(Preset::DoublesInTheBoneyard, 3).unwrap();
    let blocked = HandEnding::Blocked;
    assert_eq!(
        hand_end_points(&ruleset, blocked, &[4, 9, 12])[..3],
        [25, 0, 0]
    );
    assert_eq!(
        hand_end_points(&ruleset, blocked, &[4, 4, 12])[..3],
        [0, 0, -12]
    );
}

#[test]
fn exact_bounce_variant_pegs_back_from_the_target() {
    let mut spec = RulesetSpec::preset(Preset::FivesAndThrees);
    spec.overrides.finish = Some(Finish::ExactBounce);
    let mut board = Scoreboard::new(&spec.build(2).unwrap());
    board.peg(0, 59);
    board.peg(0, 8);
    assert_eq!(board.totals()[0], 55);
}
