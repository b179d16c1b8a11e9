use super::*;
use crate::domain::match_format::tests::{
    six_singles_three_pairs, three_for_a_win_one_for_a_close_loss, two_per_match_one_per_game,
};
use crate::domain::match_format::{PointsScheme, Side};

const ANCHOR: TeamId = TeamId(1);
const BELL: TeamId = TeamId(2);
const CROWN: TeamId = TeamId(3);
const DOLPHIN: TeamId = TeamId(4);

fn played(home: TeamId, away: TeamId, home_games: u32, away_games: u32) -> FixtureResult {
    FixtureResult {
        home,
        away,
        score: FixtureScore::Played {
            home_games,
            away_games,
        },
    }
}

fn order(tiebreaks: &[Tiebreak]) -> TiebreakOrder {
    TiebreakOrder::try_from(tiebreaks.to_vec()).unwrap()
}

fn teams_in_order(table: &[StandingsRow]) -> Vec<TeamId> {
    table.iter().map(|row| row.team).collect()
}

#[test]
fn positions_move_round_by_round_and_end_at_the_table() {
    let format = six_singles_three_pairs(two_per_match_one_per_game());
    let teams = [ANCHOR, BELL, CROWN, DOLPHIN];
    let results = [
        (1, played(ANCHOR, BELL, 5, 4)),
        (1, played(CROWN, DOLPHIN, 9, 0)),
        (3, played(BELL, CROWN, 9, 0)),
        (3, played(DOLPHIN, ANCHOR, 9, 0)),
    ];
    let order = TiebreakOrder::default();
    let history = positions_after_each_round(&format, &teams, &results, &[], &order).unwrap();
    // Round 2 had no result, so it has no entry.
    assert_eq!(
        history.iter().map(|after| after.round).collect::<Vec<_>>(),
        [1, 3]
    );
    assert_eq!(history[0].positions[0], (CROWN, 1));
    let all: Vec<FixtureResult> = results.iter().map(|(_, result)| *result).collect();
    let table = standings(&format, &teams, &all, &[], &order).unwrap();
    let last: Vec<(TeamId, u32)> = table.iter().map(|row| (row.team, row.position)).collect();
    assert_eq!(history[1].positions, last);
    assert_ne!(history[0].positions, history[1].positions);
}

/// (position, team, played, won, drawn, lost, for, against, adjustment, points, play-off)
type Line = (u32, TeamId, u32, u32, u32, u32, u32, u32, i64, i64, bool);

fn lines(table: &[StandingsRow]) -> Vec<Line> {
    table
        .iter()
        .map(|r| {
            (
                r.position,
                r.team,
                r.played,
                r.won,
                r.drawn,
                r.lost,
                r.games_for,
                r.games_against,
                r.adjustment,
                r.points,
                r.play_off,
            )
        })
        .collect()
}

#[test]
fn a_table_under_two_per_match_and_one_per_game() {
    let format = six_singles_three_pairs(two_per_match_one_per_game());
    let results = [
        played(ANCHOR, BELL, 6, 3),   // Anchor 2+6 = 8, Bell 3
        played(CROWN, DOLPHIN, 5, 4), // Crown 2+5 = 7, Dolphin 4
        played(ANCHOR, CROWN, 4, 5),  // Anchor 4, Crown 7
        FixtureResult {
            home: BELL,
            away: DOLPHIN,
            score: FixtureScore::Walkover {
                conceded_by: Side::Away,
            },
        }, // 9-0: Bell 2+9 = 11, Dolphin 0
        played(DOLPHIN, ANCHOR, 2, 7), // Dolphin 2, Anchor 9
    ];
    let teams = [ANCHOR, BELL, CROWN, DOLPHIN];
    let table = standings(&format, &teams, &results, &[], &TiebreakOrder::default()).unwrap();
    // Anchor: 8+4+9 = 21, games 6+4+7 = 17 for, 3+5+2 = 10 against.
    // Bell: 3+11 = 14, games 3+9 = 12 for, 6+0 = 6 against (difference +6).
    // Crown: 7+7 = 14, games 5+5 = 10 for, 4+4 = 8 against (difference +2).
    // Dolphin: 4+0+2 = 6, games 4+0+2 = 6 for, 5+9+7 = 21 against.
    // Bell and Crown are level on points; Bell's game difference is better.
    assert_eq!(
        lines(&table),
        vec![
            (1, ANCHOR, 3, 2, 0, 1, 17, 10, 0, 21, false),
            (2, BELL, 2, 1, 0, 1, 12, 6, 0, 14, false),
            (3, CROWN, 2, 2, 0, 0, 10, 8, 0, 14, false),
            (4, DOLPHIN, 3, 0, 0, 3, 6, 21, 0, 6, false),
        ]
    );
}

#[test]
fn a_table_under_three_for_a_win_counts_close_losses_and_draws() {
    let mut format = six_singles_three_pairs(three_for_a_win_one_for_a_close_loss());
    format.legs[0].games = 5; // 8 games, so a match can be drawn 4-4
    let results = [
        played(ANCHOR, BELL, 4, 4),  // drawn: 1 each
        played(BELL, CROWN, 5, 3),   // Bell 3, Crown lost by 2: 0
        played(CROWN, ANCHOR, 4, 4), // drawn: 1 each
    ];
    let table = standings(
        &format,
        &[ANCHOR, BELL, CROWN],
        &results,
        &[],
        &TiebreakOrder::default(),
    )
    .unwrap();
    assert_eq!(
        lines(&table),
        vec![
            (1, BELL, 2, 1, 1, 0, 9, 7, 0, 4, false),
            (2, ANCHOR, 2, 0, 2, 0, 8, 8, 0, 2, false),
            (3, CROWN, 2, 0, 1, 1, 7, 9, 0, 1, false),
        ]
    );
}

/// Anchor, Bell and Crown finish level on 4 points under 3-for-a-win, 1 for a 5-4 loss:
///
/// | result          | Anchor | Bell | Crown | Dolphin |
/// |-----------------|--------|------|-------|---------|
/// | Anchor 9-0 Bell |   3    |  0   |       |         |
/// | Crown 5-4 Anchor|   1    |      |   3   |         |
/// | Bell 6-3 Crown  |        |  3   |   0   |         |
/// | Dolphin 6-3 Anchor | 0   |      |       |   3     |
/// | Dolphin 5-4 Bell|        |  1   |       |   3     |
/// | Dolphin 5-4 Crown|       |      |   1   |   3     |
/// | total           |   4    |  4   |   4   |   9     |
///
/// Head-to-head among the three: Anchor 3+1 = 4, Bell 0+3 = 3, Crown 3+0 = 3, so Anchor
/// is above both. Bell and Crown, compared on their own head-to-head, give Bell 3 and
/// Crown 0: Bell above Crown, though Crown's game difference (+1-3-1 = -3) is better than
/// Bell's (-9+3-1 = -7) and a three-team mini-league alone would go on to it.
fn three_level_on_points() -> Vec<FixtureResult> {
    vec![
        played(ANCHOR, BELL, 9, 0),
        played(CROWN, ANCHOR, 5, 4),
        played(BELL, CROWN, 6, 3),
        played(DOLPHIN, ANCHOR, 6, 3),
        played(DOLPHIN, BELL, 5, 4),
        played(DOLPHIN, CROWN, 5, 4),
    ]
}

#[test]
fn head_to_head_among_three_tied_teams_is_reapplied_to_the_two_still_level() {
    let format = six_singles_three_pairs(three_for_a_win_one_for_a_close_loss());
    let teams = [ANCHOR, BELL, CROWN, DOLPHIN];
    let results = three_level_on_points();
    let head_to_head_first = order(&[
        Tiebreak::Points,
        Tiebreak::HeadToHead,
        Tiebreak::GameDifference,
    ]);
    let table = standings(&format, &teams, &results, &[], &head_to_head_first).unwrap();
    assert_eq!(teams_in_order(&table), vec![DOLPHIN, ANCHOR, BELL, CROWN]);
    assert_eq!(
        table.iter().map(|r| r.points).collect::<Vec<_>>(),
        vec![9, 4, 4, 4]
    );
    assert_eq!(
        table
            .iter()
            .map(|r| r.game_difference())
            .collect::<Vec<_>>(),
        vec![5, 5, -7, -3]
    );
    assert_eq!(
        table.iter().map(|r| r.position).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    assert!(table.iter().all(|r| !r.play_off));

    // Game difference first instead: Anchor +5, Crown -3, Bell -7.
    let game_difference_first = order(&[
        Tiebreak::Points,
        Tiebreak::GameDifference,
        Tiebreak::HeadToHead,
    ]);
    let table = standings(&format, &teams, &results, &[], &game_difference_first).unwrap();
    assert_eq!(teams_in_order(&table), vec![DOLPHIN, ANCHOR, CROWN, BELL]);
}

#[test]
fn head_to_head_ignores_results_against_teams_outside_the_tie() {
    // 3 per win only. Anchor and Bell are level on 6; Anchor beat Bell, Bell beat
    // Dolphin far more heavily, so game difference and head-to-head disagree.
    let format = six_singles_three_pairs(PointsScheme {
        per_game_won: 0,
        per_match_won: 3,
        per_match_drawn: 1,
        losing_bonus: None,
    });
    let results = [
        played(ANCHOR, BELL, 5, 4),
        played(BELL, DOLPHIN, 9, 0),
        played(ANCHOR, DOLPHIN, 5, 4),
        played(DOLPHIN, ANCHOR, 5, 4),
        played(BELL, CROWN, 9, 0),
    ];
    // Anchor: 3+3+0 = 6, difference +1+1-1 = +1. Bell: 0+3+3 = 6, difference -1+9+9 = +17.
    let teams = [ANCHOR, BELL, CROWN, DOLPHIN];
    let table = standings(
        &format,
        &teams,
        &results,
        &[],
        &order(&[Tiebreak::Points, Tiebreak::HeadToHead]),
    )
    .unwrap();
    assert_eq!(teams_in_order(&table), vec![ANCHOR, BELL, DOLPHIN, CROWN]);
    let table = standings(&format, &teams, &results, &[], &TiebreakOrder::default()).unwrap();
    assert_eq!(teams_in_order(&table), vec![BELL, ANCHOR, DOLPHIN, CROWN]);
}

#[test]
fn teams_no_tiebreak_separates_share_a_position_and_need_a_play_off() {
    // Each of the three beats the next 5-4 in a circle: 2+5 = 7 for a win, 4 for a loss,
    // so 11 points, 9 games for and 9 against each, and 11 each head-to-head too.
    let format = six_singles_three_pairs(two_per_match_one_per_game());
    let results = [
        played(ANCHOR, BELL, 5, 4),
        played(BELL, CROWN, 5, 4),
        played(CROWN, ANCHOR, 5, 4),
    ];
    let table = standings(
        &format,
        &[DOLPHIN, CROWN, BELL, ANCHOR],
        &results,
        &[],
        &TiebreakOrder::default(),
    )
    .unwrap();
    assert_eq!(
        lines(&table),
        vec![
            (1, ANCHOR, 2, 1, 0, 1, 9, 9, 0, 11, true),
            (1, BELL, 2, 1, 0, 1, 9, 9, 0, 11, true),
            (1, CROWN, 2, 1, 0, 1, 9, 9, 0, 11, true),
            (4, DOLPHIN, 0, 0, 0, 0, 0, 0, 0, 0, false),
        ]
    );
}

#[test]
fn deductions_for_late_results_can_drop_a_team_below_another() {
    let format = six_singles_three_pairs(two_per_match_one_per_game());
    let results = [played(ANCHOR, BELL, 6, 3)]; // Anchor 8, Bell 3
    let deductions = vec![
        PointAdjustment {
            team: ANCHOR,
            points: -4,
            reason: "Result sent late, week 3".into(),
        },
        PointAdjustment {
            team: ANCHOR,
            points: -2,
            reason: "Result sent late, week 5".into(),
        },
    ];
    let table = standings(
        &format,
        &[ANCHOR, BELL],
        &results,
        &deductions,
        &TiebreakOrder::default(),
    )
    .unwrap();
    // Anchor: 8 - 4 - 2 = 2, below Bell's 3 though Anchor won.
    assert_eq!(
        lines(&table),
        vec![
            (1, BELL, 1, 0, 0, 1, 3, 6, 0, 3, false),
            (2, ANCHOR, 1, 1, 0, 0, 6, 3, -6, 2, false),
        ]
    );
    assert_eq!(table[1].adjustments, deductions);
    assert!(table[0].adjustments.is_empty());
}

#[test]
fn game_difference_and_games_won_can_order_a_tie_differently() {
    // 3 per win only, so Crown, Bell and Anchor are level on 3:
    // Bell: won 7-2 (difference +5, 7 games). Anchor: won 6-3, lost 4-5 (+2, 10 games).
    // Crown: won 5-4 (+1, 5 games). Dolphin lost both: 0.
    let format = six_singles_three_pairs(PointsScheme {
        per_game_won: 0,
        per_match_won: 3,
        per_match_drawn: 1,
        losing_bonus: None,
    });
    let results = [
        played(ANCHOR, DOLPHIN, 6, 3),
        played(CROWN, ANCHOR, 5, 4),
        played(BELL, DOLPHIN, 7, 2),
    ];
    let teams = [ANCHOR, BELL, CROWN, DOLPHIN];
    let by_difference = order(&[
        Tiebreak::Points,
        Tiebreak::GameDifference,
        Tiebreak::GamesWon,
    ]);
    let table = standings(&format, &teams, &results, &[], &by_difference).unwrap();
    assert_eq!(teams_in_order(&table), vec![BELL, ANCHOR, CROWN, DOLPHIN]);

    let by_games_won = order(&[
        Tiebreak::Points,
        Tiebreak::GamesWon,
        Tiebreak::GameDifference,
    ]);
    let table = standings(&format, &teams, &results, &[], &by_games_won).unwrap();
    assert_eq!(teams_in_order(&table), vec![ANCHOR, BELL, CROWN, DOLPHIN]);

    // Points alone leaves the three to a play-off at position 1.
    let table = standings(&format, &teams, &results, &[], &order(&[Tiebreak::Points])).unwrap();
    assert_eq!(
        table
            .iter()
            .map(|r| (r.position, r.play_off))
            .collect::<Vec<_>>(),
        vec![(1, true), (1, true), (1, true), (4, false)]
    );
}

#[test]
fn results_and_adjustments_outside_the_division_are_refused() {
    let format = six_singles_three_pairs(two_per_match_one_per_game());
    let teams = [ANCHOR, BELL];
    let tiebreaks = TiebreakOrder::default();
    assert_eq!(
        standings(
            &format,
            &teams,
            &[played(ANCHOR, CROWN, 6, 3)],
            &[],
            &tiebreaks
        ),
        Err(StandingsError::UnknownTeam(CROWN))
    );
    assert_eq!(
        standings(
            &format,
            &teams,
            &[played(BELL, BELL, 6, 3)],
            &[],
            &tiebreaks
        ),
        Err(StandingsError::PlaysItself(BELL))
    );
    assert_eq!(
        standings(
            &format,
            &teams,
            &[played(ANCHOR, BELL, 9, 1)],
            &[],
            &tiebreaks
        ),
        Err(StandingsError::TooManyGames {
            home: 9,
            away: 1,
            games: 9
        })
    );
    assert_eq!(
        standings(&format, &[ANCHOR, BELL, ANCHOR], &[], &[], &tiebreaks),
        Err(StandingsError::ListedTwice(ANCHOR))
    );
    let no_reason = PointAdjustment {
        team: BELL,
        points: -1,
        reason: " ".into(),
    };
    assert_eq!(
        standings(&format, &teams, &[], &[no_reason], &tiebreaks),
        Err(StandingsError::AdjustmentWithoutReason(BELL))
    );
}

#[test]
fn a_tiebreak_list_is_not_empty_and_names_each_tiebreak_once() {
    assert_eq!(
        TiebreakOrder::try_from(vec![]),
        Err(TiebreakOrderError::Empty)
    );
    assert_eq!(
        TiebreakOrder::try_from(vec![
            Tiebreak::Points,
            Tiebreak::HeadToHead,
            Tiebreak::Points
        ]),
        Err(TiebreakOrderError::Repeated(Tiebreak::Points))
    );
    let json = serde_json::to_string(&TiebreakOrder::default()).unwrap();
    assert_eq!(
        json,
        r#"["points","game_difference","games_won","head_to_head"]"#
    );
    assert!(serde_json::from_str::<TiebreakOrder>("[]").is_err());
}

#[test]
fn form_is_the_last_results_oldest_first_from_the_teams_side() {
    let format = six_singles_three_pairs(two_per_match_one_per_game());
    let (a, b, c) = (TeamId(1), TeamId(2), TeamId(3));
    let played = |home, away, home_games, away_games| FixtureResult {
        home,
        away,
        score: FixtureScore::Played {
            home_games,
            away_games,
        },
    };
    let results = [
        played(a, b, 6, 3),
        played(c, a, 5, 4),
        played(b, c, 9, 0),
        FixtureResult {
            home: b,
            away: a,
            score: FixtureScore::Walkover {
                conceded_by: Side::Home,
            },
        },
        played(a, c, 2, 7),
    ];
    let letters = |team, count| -> String {
        recent_form(&format, team, &results, count)
            .into_iter()
            .map(FormResult::letter)
            .collect()
    };
    assert_eq!(letters(a, 5), "WLWL");
    assert_eq!(letters(a, 2), "WL");
    assert_eq!(letters(b, 5), "LWL");
    assert_eq!(letters(c, 5), "WLW");
}

#[test]
fn a_tiebreaks_form_name_is_its_stored_name() {
    for tiebreak in Tiebreak::ALL {
        let json = serde_json::to_string(&tiebreak).unwrap();
        assert_eq!(json, format!("{:?}", tiebreak.as_str()));
    }
    assert_eq!(
        TiebreakOrderError::Repeated(Tiebreak::GamesWon).to_string(),
        "Each tiebreak is listed once; Games won is listed twice."
    );
}
