use super::*;

/// 2 for winning the match plus 1 per game won.
pub(crate) fn two_per_match_one_per_game() -> PointsScheme {
    PointsScheme::per_match_and_game(2, 1, 1)
}

/// 3 for a win and 1 to a side that loses by a single game (5-4 of 9).
pub(crate) fn three_for_a_win_one_for_a_close_loss() -> PointsScheme {
    PointsScheme {
        per_game_won: 0,
        per_match_won: 3,
        per_match_drawn: 1,
        losing_bonus: Some(LosingBonus {
            points: 1,
            condition: BonusCondition::LostByAtMost(1),
        }),
    }
}

/// 6 singles and 3 pairs, once round the board, 9-0 for a walkover.
pub(crate) fn six_singles_three_pairs(points: PointsScheme) -> MatchFormat {
    MatchFormat::singles_then_pairs(6, 3, points)
}

#[test]
fn two_per_match_and_one_per_game_makes_a_six_three_win_worth_eight() {
    let scheme = two_per_match_one_per_game();
    // Winner: 2 + 6 × 1 = 8; loser: 0 + 3 × 1 = 3.
    assert_eq!(scheme.points(6, 3), (8, 3));
    assert_eq!(scheme.points(3, 6), (3, 8));
    // 9-0: 2 + 9 = 11 and nothing.
    assert_eq!(scheme.points(9, 0), (11, 0));
}

#[test]
fn three_for_a_win_and_one_for_losing_five_four() {
    let scheme = three_for_a_win_one_for_a_close_loss();
    assert_eq!(scheme.points(5, 4), (3, 1));
    assert_eq!(scheme.points(4, 5), (1, 3));
    assert_eq!(scheme.points(6, 3), (3, 0));
    assert_eq!(scheme.points(0, 9), (0, 3));

    // The same scheme said the other way: a loser with at least 4 of 9 games.
    let by_games_won = PointsScheme {
        losing_bonus: Some(LosingBonus {
            points: 1,
            condition: BonusCondition::WonAtLeast(4),
        }),
        ..scheme
    };
    for home in 0..=9 {
        assert_eq!(
            by_games_won.points(home, 9 - home),
            scheme.points(home, 9 - home),
            "{home}-{}",
            9 - home
        );
    }
}

#[test]
fn a_draw_needs_an_even_number_of_games() {
    let nine_games = six_singles_three_pairs(two_per_match_one_per_game());
    // Nine games split 4.5 each is impossible: 4-4 leaves a game unaccounted for.
    assert_eq!(
        nine_games.check_score(4, 4),
        Err(ScoreDoesNotFit {
            home: 4,
            away: 4,
            games: 9
        })
    );
    assert!((0..=9).all(|home| home != 9 - home));

    let mut eight_games = nine_games.clone();
    eight_games.legs[0].games = 5;
    assert_eq!(eight_games.games_per_fixture(), 8);
    assert_eq!(eight_games.check_score(4, 4), Ok(()));
    // Drawn: 1 for the draw + 4 × 1 per game = 5 each.
    let draw = FixtureScore::Played {
        home_games: 4,
        away_games: 4,
    };
    assert_eq!(eight_games.points(draw), (5, 5));

    // Under 3-for-a-win a draw is worth its drawn point, and no losing bonus.
    eight_games.points = three_for_a_win_one_for_a_close_loss();
    assert_eq!(eight_games.points(draw), (1, 1));
}

#[test]
fn a_walkover_scores_as_the_walkover_result() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    let away_absent = FixtureScore::Walkover {
        conceded_by: Side::Away,
    };
    let home_absent = FixtureScore::Walkover {
        conceded_by: Side::Home,
    };
    assert_eq!(format.games(away_absent), (9, 0));
    // 9-0: 2 + 9 = 11 to the side that turned up.
    assert_eq!(format.points(away_absent), (11, 0));
    assert_eq!(format.points(home_absent), (0, 11));

    // A league that awards only the singles, 6-0.
    format.walkover = WalkoverScore {
        winner_games: 6,
        loser_games: 0,
    };
    assert_eq!(format.validate(), Ok(()));
    assert_eq!(format.points(home_absent), (0, 8));
}

#[test]
fn the_usual_formats_are_valid() {
    for scheme in [
        two_per_match_one_per_game(),
        three_for_a_win_one_for_a_close_loss(),
    ] {
        let format = six_singles_three_pairs(scheme);
        assert_eq!(format.validate(), Ok(()));
        assert_eq!(format.games_per_fixture(), 9);
        // Six singles need six players; three pairs need six more places, one each.
        assert_eq!(format.players_needed(), 6);
    }
}

#[test]
fn a_player_allowed_two_pairs_games_lets_fewer_players_fill_the_pairs() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    format.legs[0].games = 2;
    assert_eq!(format.players_needed(), 6);
    format.player_limits.pairs_per_player = 2;
    // Six pairs places, two each: three players; two singles need two.
    assert_eq!(format.players_needed(), 3);
}

#[test]
fn a_format_without_legs_or_games_is_refused() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    format.legs[1].games = 0;
    format.legs[1].target = 0;
    assert_eq!(
        format.problems(),
        vec![
            MatchFormatError::NoGames { leg: 2 },
            MatchFormatError::NoTarget { leg: 2 },
            // The 9-0 walkover no longer fits six games.
            MatchFormatError::WalkoverTooManyGames {
                winner: 9,
                loser: 0,
                games: 6
            },
        ]
    );

    format.legs.clear();
    assert_eq!(format.validate(), Err(MatchFormatError::NoLegs));
}

#[test]
fn a_kind_of_game_no_player_may_play_is_refused() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    format.player_limits.pairs_per_player = 0;
    let error = format.validate().unwrap_err();
    assert_eq!(
        error,
        MatchFormatError::KindNotAllowed {
            kind: LegKind::Pairs
        }
    );
    assert_eq!(
        error.to_string(),
        "The fixture has pairs games, but no player may play a pairs game; allow at least one."
    );
}

#[test]
fn schemes_that_reward_losing_or_nothing_are_refused() {
    let mut format = six_singles_three_pairs(three_for_a_win_one_for_a_close_loss());
    format.points.losing_bonus = Some(LosingBonus {
        points: 4,
        condition: BonusCondition::LostByAtMost(1),
    });
    assert_eq!(
        format.validate(),
        Err(MatchFormatError::BonusWorthMoreThanWin { bonus: 4, won: 3 })
    );

    format.points.losing_bonus = None;
    format.points.per_match_drawn = 5;
    assert_eq!(
        format.validate(),
        Err(MatchFormatError::DrawWorthMoreThanWin { drawn: 5, won: 3 })
    );

    format.points = PointsScheme {
        per_game_won: 0,
        per_match_won: 0,
        per_match_drawn: 0,
        losing_bonus: None,
    };
    assert_eq!(format.validate(), Err(MatchFormatError::NoPoints));
}

#[test]
fn a_losing_bonus_no_loser_can_earn_is_refused() {
    let mut format = six_singles_three_pairs(three_for_a_win_one_for_a_close_loss());
    // Winning 5 of 9 games is a win, never a loss.
    format.points.losing_bonus = Some(LosingBonus {
        points: 1,
        condition: BonusCondition::WonAtLeast(5),
    });
    assert_eq!(
        format.validate(),
        Err(MatchFormatError::BonusNeverEarned { games: 9 })
    );
    // A loss is by at least one game.
    format.points.losing_bonus = Some(LosingBonus {
        points: 1,
        condition: BonusCondition::LostByAtMost(0),
    });
    assert_eq!(
        format.validate(),
        Err(MatchFormatError::BonusNeverEarned { games: 9 })
    );
}

#[test]
fn a_walkover_must_be_a_win_within_the_fixture() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    format.walkover = WalkoverScore {
        winner_games: 10,
        loser_games: 0,
    };
    let error = format.validate().unwrap_err();
    assert_eq!(
        error.to_string(),
        "A walkover of 10-0 has more games than the 9 in a fixture."
    );

    format.walkover = WalkoverScore {
        winner_games: 0,
        loser_games: 0,
    };
    assert_eq!(
        format.validate(),
        Err(MatchFormatError::WalkoverNotAWin {
            winner: 0,
            loser: 0
        })
    );
}

#[test]
fn a_leg_has_at_most_21_games_however_many_are_asked_for() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    format.legs[0].games = MAX_GAMES_PER_LEG;
    assert_eq!(format.validate(), Ok(()));
    format.legs[0].games = u32::MAX;
    format.legs[1].games = u32::MAX;
    let problems = format.problems();
    assert_eq!(
        problems,
        [
            MatchFormatError::TooManyGames {
                leg: 1,
                kind: LegKind::Singles,
                games: u32::MAX
            },
            MatchFormatError::TooManyGames {
                leg: 2,
                kind: LegKind::Pairs,
                games: u32::MAX
            },
        ]
    );
    assert_eq!(
        problems[0].to_string(),
        "Leg 1 has 4294967295 singles games; there are at most 21 games a leg."
    );
    // Counting over such a format neither overflows nor takes long.
    assert_eq!(format.games_per_fixture(), u32::MAX);
    assert_eq!(format.players_needed(), u32::MAX);
}

#[test]
fn a_fixture_has_at_most_four_legs() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    let leg = format.legs[0];
    format.legs = vec![leg; MAX_LEGS];
    format.walkover.winner_games = 5;
    assert_eq!(format.validate(), Ok(()));
    format.legs = vec![leg; 1000];
    let problems = format.problems();
    assert_eq!(problems[0], MatchFormatError::TooManyLegs { legs: 1000 });
    assert_eq!(
        problems[0].to_string(),
        "A fixture has at most 4 legs, not 1000."
    );
}

#[test]
fn a_game_is_played_once_or_twice_round_the_board() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    format.legs[1].target = TWICE_ROUND_THE_BOARD;
    assert_eq!(format.validate(), Ok(()));
    format.legs[1].target = u32::MAX;
    assert_eq!(
        format.problems(),
        [MatchFormatError::UnknownTarget {
            leg: 2,
            target: u32::MAX
        }]
    );
    assert_eq!(
        format.problems()[0].to_string(),
        "Choose 61 (once round the board) or 121 (twice)."
    );
}

#[test]
fn a_player_may_be_allowed_at_most_21_games_of_a_kind() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    format.player_limits.pairs_per_player = MAX_GAMES_PER_PLAYER;
    assert_eq!(format.validate(), Ok(()));
    format.player_limits.pairs_per_player = 22;
    let error = format.validate().unwrap_err();
    assert_eq!(
        error.to_string(),
        "A player may be allowed at most 21 pairs games, not 22."
    );
}

#[test]
fn each_line_of_a_points_scheme_is_at_most_100_points() {
    let mut format = six_singles_three_pairs(three_for_a_win_one_for_a_close_loss());
    format.points = PointsScheme {
        per_game_won: MAX_POINTS,
        per_match_won: MAX_POINTS,
        per_match_drawn: MAX_POINTS,
        losing_bonus: Some(LosingBonus {
            points: MAX_POINTS,
            condition: BonusCondition::LostByAtMost(1),
        }),
    };
    assert_eq!(format.validate(), Ok(()));
    format.points = PointsScheme {
        per_game_won: 101,
        per_match_won: u32::MAX,
        per_match_drawn: 102,
        losing_bonus: Some(LosingBonus {
            points: 103,
            condition: BonusCondition::LostByAtMost(1),
        }),
    };
    let messages: Vec<String> = format.problems().iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "Points per game won is at most 100 points, not 101.",
            "Points per match won is at most 100 points, not 4294967295.",
            "Points per match drawn is at most 100 points, not 102.",
            "A losing bonus is at most 100 points, not 103.",
        ]
    );
}

#[test]
fn a_losing_bonus_counts_at_most_84_games() {
    let mut format = six_singles_three_pairs(three_for_a_win_one_for_a_close_loss());
    for condition in [
        BonusCondition::LostByAtMost(MAX_GAMES_PER_FIXTURE),
        BonusCondition::WonAtLeast(0),
    ] {
        format.points.losing_bonus = Some(LosingBonus {
            points: 1,
            condition,
        });
        assert_eq!(format.validate(), Ok(()), "{condition:?}");
    }
    format.points.losing_bonus = Some(LosingBonus {
        points: 1,
        condition: BonusCondition::LostByAtMost(u32::MAX),
    });
    assert_eq!(
        format.validate().unwrap_err().to_string(),
        "A losing bonus's condition counts at most 84 games, not 4294967295."
    );
}

#[test]
fn a_walkover_of_absurd_games_is_refused_without_overflowing() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    format.walkover = WalkoverScore {
        winner_games: u32::MAX,
        loser_games: 1,
    };
    assert_eq!(
        format.validate().unwrap_err().to_string(),
        "A walkover of 4294967295-1 has more games than the 9 in a fixture."
    );
}

#[test]
fn a_format_is_stored_and_read_back_as_it_was() {
    let format = six_singles_three_pairs(three_for_a_win_one_for_a_close_loss());
    let json = serde_json::to_string(&format).unwrap();
    assert!(
        json.contains(r#""condition":{"lost_by_at_most":1}"#),
        "{json}"
    );
    let read: MatchFormat = serde_json::from_str(&json).unwrap();
    assert_eq!(read, format);
}
