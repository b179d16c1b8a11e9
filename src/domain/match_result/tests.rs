use fives_rules::Preset;
use fives_rules::random::seeded;
use fives_rules::record::play_game;

use super::*;
use crate::domain::match_format::tests::{six_singles_three_pairs, two_per_match_one_per_game};

fn fives_and_threes() -> RulesetSpec {
    RulesetSpec::preset(Preset::FivesAndThrees)
}

fn squad(first_id: i64, names: &[&str]) -> Vec<SquadMember> {
    names
        .iter()
        .zip(first_id..)
        .map(|(name, id)| SquadMember {
            id: PlayerId(id),
            name: name.to_string(),
        })
        .collect()
}

struct Fixture {
    ruleset: RulesetSpec,
    format: MatchFormat,
    level: EntryLevel,
    home: Vec<SquadMember>,
    away: Vec<SquadMember>,
}

impl Fixture {
    fn new() -> Self {
        Self {
            ruleset: fives_and_threes(),
            format: six_singles_three_pairs(two_per_match_one_per_game()),
            level: EntryLevel::Hands,
            home: squad(1, &["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]),
            away: squad(11, &["Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]),
        }
    }

    fn rules(&self) -> ResultRules<'_> {
        ResultRules {
            ruleset: &self.ruleset,
            format: &self.format,
            level: self.level,
            home_squad: &self.home,
            away_squad: &self.away,
        }
    }

    /// Six singles (player i against player i) and three pairs (i, i+3), every game
    /// played at random under the league's rules, its hands at `detail`.
    fn played_sheet(&self, seed: u64, detail: fn(HandRecord) -> HandRecord) -> ResultSheet {
        let mut rng = seeded(seed);
        let games = game_slots(&self.format)
            .iter()
            .enumerate()
            .map(|(index, leg)| {
                let (home, away) = match leg.kind {
                    LegKind::Singles => (vec![self.home[index].id], vec![self.away[index].id]),
                    LegKind::Pairs => {
                        let pair = index - 6;
                        (
                            vec![self.home[pair].id, self.home[pair + 3].id],
                            vec![self.away[pair].id, self.away[pair + 3].id],
                        )
                    }
                };
                let spec = game_ruleset(&self.ruleset, leg);
                let seats = 2 * leg.kind.players_per_side() as usize;
                let ruleset = spec.build(seats).unwrap();
                let record = play_game(&spec, &ruleset, &mut rng);
                GameSheet {
                    home,
                    away,
                    outcome: GameOutcome::Hands(record.hands.into_iter().map(detail).collect()),
                }
            })
            .collect();
        ResultSheet::Played { games }
    }
}

fn scores_only(hand: HandRecord) -> HandRecord {
    HandRecord {
        score: hand.score,
        ..HandRecord::default()
    }
}

fn games_of(sheet: &mut ResultSheet) -> &mut Vec<GameSheet> {
    match sheet {
        ResultSheet::Played { games } => games,
        ResultSheet::Walkover { .. } => unreachable!(),
    }
}

fn hands_of(game: &mut GameSheet) -> &mut Vec<HandRecord> {
    match &mut game.outcome {
        GameOutcome::Hands(hands) => hands,
        _ => unreachable!(),
    }
}

#[test]
fn a_pairs_game_is_played_in_partnerships_to_the_legs_target() {
    let singles = Leg {
        kind: LegKind::Singles,
        games: 6,
        target: 61,
    };
    let pairs = Leg {
        kind: LegKind::Pairs,
        games: 3,
        target: 121,
    };
    let singles_rules = game_ruleset(&fives_and_threes(), &singles)
        .build(2)
        .unwrap();
    assert!(!singles_rules.partnerships());
    assert_eq!(singles_rules.options().target.by_players.two, 61);
    let pairs_rules = game_ruleset(&fives_and_threes(), &pairs).build(4).unwrap();
    assert!(pairs_rules.partnerships());
    assert_eq!(pairs_rules.options().target.partners, 121);
}

#[test]
fn a_fully_detailed_result_is_accepted_and_scored_by_its_winners() {
    let fixture = Fixture::new();
    let sheet = fixture.played_sheet(7, |hand| hand);
    let checked = check_result(&sheet, fixture.rules()).unwrap();
    assert_eq!(checked.games.len(), 9);
    let home_wins = checked
        .games
        .iter()
        .filter(|game| game.winner == Side::Home)
        .count() as u32;
    assert_eq!(
        checked.score,
        FixtureScore::Played {
            home_games: home_wins,
            away_games: 9 - home_wins
        }
    );
    for game in &checked.games {
        let winner_points = match game.winner {
            Side::Home => game.home_points,
            Side::Away => game.away_points,
        };
        assert!(
            winner_points >= 61,
            "game {} winner has {winner_points}",
            game.number
        );
        assert!(game.hands >= 1);
    }
}

#[test]
fn quick_entry_of_hand_scores_only_is_accepted() {
    let fixture = Fixture::new();
    let full = check_result(&fixture.played_sheet(11, |hand| hand), fixture.rules()).unwrap();
    let quick = check_result(&fixture.played_sheet(11, scores_only), fixture.rules()).unwrap();
    assert_eq!(full, quick);
}

#[test]
fn an_impossible_hand_score_is_refused_at_its_game_and_hand() {
    let fixture = Fixture::new();
    let mut sheet = fixture.played_sheet(3, scores_only);
    let hand = &mut hands_of(&mut games_of(&mut sheet)[1])[0];
    let score = hand.score.as_mut().unwrap();
    score[0] = 59;
    let errors = check_result(&sheet, fixture.rules()).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].game, Some(2));
    assert_eq!(errors[0].hand, Some(1));
    assert!(
        errors[0].message.starts_with("Game 2, hand 1"),
        "{}",
        errors[0].message
    );
}

/// The sheet with every played game given by its final score alone.
fn final_scores_of(sheet: &ResultSheet, checked: &CheckedResult) -> ResultSheet {
    let ResultSheet::Played { games } = sheet else {
        unreachable!()
    };
    let games = games
        .iter()
        .zip(&checked.games)
        .map(|(game, line)| GameSheet {
            outcome: GameOutcome::FinalScore {
                home: line.home_points,
                away: line.away_points,
            },
            ..game.clone()
        })
        .collect();
    ResultSheet::Played { games }
}

#[test]
fn at_the_final_level_a_game_is_its_final_score_and_more_is_still_checked() {
    let mut fixture = Fixture::new();
    fixture.level = EntryLevel::Final;
    let sheet = fixture.played_sheet(23, scores_only);
    let by_hands = check_result(&sheet, fixture.rules()).unwrap();
    let quick = final_scores_of(&sheet, &by_hands);
    let checked = check_result(&quick, fixture.rules()).unwrap();
    assert_eq!(checked.score, by_hands.score);
    for (line, by_hand) in checked.games.iter().zip(&by_hands.games) {
        assert_eq!(
            (line.winner, line.home_points, line.away_points, line.hands),
            (by_hand.winner, by_hand.home_points, by_hand.away_points, 0)
        );
    }
    // The hands, when given, are checked as at any level.
    let mut wrong = sheet.clone();
    hands_of(&mut games_of(&mut wrong)[0])[0].score = Some(vec![59, 0]);
    assert_eq!(
        check_result(&wrong, fixture.rules()).unwrap_err()[0].game,
        Some(1)
    );
}

#[test]
fn a_final_score_no_game_ends_on_is_refused_at_its_game() {
    let mut fixture = Fixture::new();
    fixture.level = EntryLevel::Final;
    let sheet = fixture.played_sheet(29, scores_only);
    let checked = check_result(&sheet, fixture.rules()).unwrap();
    let mut quick = final_scores_of(&sheet, &checked);
    games_of(&mut quick)[2].outcome = GameOutcome::FinalScore { home: 63, away: 40 };
    games_of(&mut quick)[4].outcome = GameOutcome::FinalScore { home: 61, away: 61 };
    let errors = check_result(&quick, fixture.rules()).unwrap_err();
    assert_eq!(
        errors,
        [
            ResultError {
                game: Some(3),
                hand: None,
                message:
                    "Game 3: a game to 61 is won on exactly 61, so the winner cannot finish on 63."
                        .to_string()
            },
            ResultError {
                game: Some(5),
                hand: None,
                message: "Game 5: 61–61 has no winner; a game to 61 goes on until one side wins."
                    .to_string()
            },
        ]
    );
}

#[test]
fn a_game_below_the_leagues_level_is_refused_in_its_words() {
    let fixture = Fixture::new();
    let sheet = fixture.played_sheet(31, scores_only);
    let checked = check_result(&sheet, fixture.rules()).unwrap();
    let quick = final_scores_of(&sheet, &checked);
    let errors = check_result(&quick, fixture.rules()).unwrap_err();
    assert_eq!(errors.len(), 9);
    assert_eq!(
        errors[2].message,
        "Game 3: this competition asks for every hand's score."
    );
    let mut pegs = Fixture::new();
    pegs.level = EntryLevel::Pegs;
    let errors = check_result(&sheet, pegs.rules()).unwrap_err();
    assert_eq!(
        errors[0],
        ResultError {
            game: Some(1),
            hand: Some(1),
            message: "Game 1, hand 1: this competition asks for every hand's pegs.".to_string()
        }
    );
    let full = pegs.played_sheet(31, |hand| hand);
    assert!(check_result(&full, pegs.rules()).is_ok());
}

#[test]
fn a_game_without_a_winner_is_refused() {
    let fixture = Fixture::new();
    let mut sheet = fixture.played_sheet(5, scores_only);
    hands_of(&mut games_of(&mut sheet)[8]).truncate(1);
    let errors = check_result(&sheet, fixture.rules()).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].game, Some(9));
    assert_eq!(
        errors[0].message,
        "Game 9: nobody has reached 61 yet; a result needs every game played to the end."
    );
}

#[test]
fn a_player_over_the_limit_is_named_at_the_game_that_breaks_it() {
    let fixture = Fixture::new();
    let mut sheet = fixture.played_sheet(9, scores_only);
    let ann = fixture.home[0].id;
    games_of(&mut sheet)[3].home = vec![ann];
    let errors = check_result(&sheet, fixture.rules()).unwrap_err();
    assert_eq!(
        errors,
        vec![ResultError {
            game: Some(4),
            hand: None,
            message: "Game 4: Ann has already played 1 singles game; a player may play at most 1 in a fixture.".to_string()
        }]
    );
}

#[test]
fn players_must_come_from_their_own_squad_in_the_right_numbers() {
    let fixture = Fixture::new();
    let mut sheet = fixture.played_sheet(13, scores_only);
    let games = games_of(&mut sheet);
    games[0].home = vec![fixture.away[5].id];
    games[6].away = vec![fixture.away[0].id];
    games[7].home = vec![fixture.home[1].id, fixture.home[1].id];
    let messages: Vec<String> = check_result(&sheet, fixture.rules())
        .unwrap_err()
        .into_iter()
        .map(|error| error.message)
        .collect();
    assert_eq!(
        messages,
        [
            "Game 1: player 16 is not in the team's squad.",
            "Game 7: a pairs game has 2 players a side, not 1.",
            "Game 8: Bob is named twice; a pairs game needs two different players.",
        ]
    );
}

#[test]
fn the_number_of_games_must_be_the_formats() {
    let fixture = Fixture::new();
    let mut sheet = fixture.played_sheet(1, scores_only);
    games_of(&mut sheet).pop();
    let errors = check_result(&sheet, fixture.rules()).unwrap_err();
    assert_eq!(
        errors[0].message,
        "A fixture has 9 games; this result has 8."
    );
}

#[test]
fn a_conceded_game_goes_to_the_other_side_without_hands() {
    let fixture = Fixture::new();
    let mut sheet = fixture.played_sheet(17, scores_only);
    let game = &mut games_of(&mut sheet)[5];
    game.away.clear();
    game.outcome = GameOutcome::ConcededBy(Side::Away);
    let checked = check_result(&sheet, fixture.rules()).unwrap();
    let line = &checked.games[5];
    assert!(line.conceded);
    assert_eq!(line.winner, Side::Home);
    assert_eq!((line.hands, line.home_points), (0, 0));
}

#[test]
fn a_walkover_scores_as_the_formats_walkover() {
    let fixture = Fixture::new();
    let sheet = ResultSheet::Walkover {
        conceded_by: Side::Home,
    };
    let checked = check_result(&sheet, fixture.rules()).unwrap();
    let walkover = fixture.format.walkover;
    assert_eq!(
        fixture.format.games(checked.score),
        (walkover.loser_games, walkover.winner_games)
    );
    assert!(checked.games.is_empty());
}

#[test]
fn a_game_of_more_hands_than_any_game_takes_is_refused_before_it_is_checked() {
    let fixture = Fixture::new();
    let mut sheet = fixture.played_sheet(19, scores_only);
    let blank = HandRecord {
        score: Some(vec![0, 0]),
        ..HandRecord::default()
    };
    *hands_of(&mut games_of(&mut sheet)[0]) = vec![blank; 1_000_000];
    let errors = check_result(&sheet, fixture.rules()).unwrap_err();
    assert_eq!(
        errors,
        [ResultError {
            game: Some(1),
            hand: None,
            message: "Game 1: 1000000 hands are entered; a game has at most 300 hands.".to_string()
        }]
    );
    assert!(hands_within_limit(MAX_HANDS_PER_GAME).is_ok());
}

#[test]
fn a_pasted_record_is_at_most_200000_characters_and_300_hands() {
    let singles = Leg {
        kind: LegKind::Singles,
        games: 1,
        target: 61,
    };
    let record = |hands: usize| {
        let hands = vec![r#"{"score": [0, 0]}"#; hands].join(",");
        format!(r#"{{"ruleset": "fives-and-threes", "seats": ["A", "B"], "hands": [{hands}]}}"#)
    };
    assert_eq!(
        pasted_hands(&record(300), &fives_and_threes(), &singles)
            .unwrap()
            .len(),
        300
    );
    assert_eq!(
        pasted_hands(&record(301), &fives_and_threes(), &singles).unwrap_err(),
        "301 hands are entered; a game has at most 300 hands."
    );
    // Measured before it is read, so a long text costs no more than its length.
    let long = format!("{}{}", " ".repeat(MAX_RECORD_CHARS), record(1));
    assert_eq!(
        pasted_hands(&long, &fives_and_threes(), &singles).unwrap_err(),
        "the pasted record is 200082 characters long; a game record is at most 200000."
    );
}

#[test]
fn a_format_kept_before_the_limits_is_never_spread_into_millions_of_games() {
    let mut format = six_singles_three_pairs(two_per_match_one_per_game());
    format.legs[0].games = u32::MAX;
    assert_eq!(game_slots(&format).len(), MAX_GAMES_PER_FIXTURE as usize);
}

#[test]
fn a_pasted_record_under_other_rules_is_refused() {
    let singles = Leg {
        kind: LegKind::Singles,
        games: 1,
        target: 61,
    };
    let record = r#"{"ruleset": "all-fives", "seats": ["A", "B"], "hands": [{"score": [5, 0]}]}"#;
    let message = pasted_hands(record, &fives_and_threes(), &singles).unwrap_err();
    assert_eq!(
        message,
        "the pasted record is not played under this league's rules (Fives and Threes to 61)."
    );
    let four = r#"{"ruleset": "fives-and-threes", "seats": ["A", "B", "C", "D"], "hands": [{"score": [5, 0]}]}"#;
    assert_eq!(
        pasted_hands(four, &fives_and_threes(), &singles).unwrap_err(),
        "the pasted record has 4 seats; a singles game has 2."
    );
    let fine =
        r#"{"ruleset": "fives-and-threes", "seats": ["A", "B"], "hands": [{"score": [6, 0]}]}"#;
    assert_eq!(
        pasted_hands(fine, &fives_and_threes(), &singles)
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn a_game_with_wrong_players_still_has_its_score_checked() {
    let fixture = Fixture::new();
    let mut sheet = fixture.played_sheet(3, scores_only);
    let game = &mut games_of(&mut sheet)[1];
    game.home = vec![fixture.away[5].id];
    hands_of(game)[0].score.as_mut().unwrap()[0] = 59;
    let places: Vec<(Option<u32>, Option<usize>)> = check_result(&sheet, fixture.rules())
        .unwrap_err()
        .into_iter()
        .map(|error| (error.game, error.hand))
        .collect();
    assert_eq!(places, [(Some(2), None), (Some(2), Some(1))]);
}

#[test]
fn what_could_not_be_read_is_passed_over_and_the_rest_checked() {
    let fixture = Fixture::new();
    let mut sheet = fixture.played_sheet(3, scores_only);
    let games = games_of(&mut sheet);
    // Game 1's players were not chosen and game 2's hands could not be read: the reader
    // has said so, and the check says nothing more of them.
    games[0].home = Vec::new();
    hands_of(&mut games[1]).truncate(1);
    hands_of(&mut games[2])[0].score.as_mut().unwrap()[0] = 59;
    let unread = Unread {
        players: vec![1],
        scores: vec![2],
    };
    let errors = check_result_as_read(&sheet, &unread, fixture.rules()).unwrap_err();
    let places: Vec<(Option<u32>, Option<usize>)> = errors
        .iter()
        .map(|error| (error.game, error.hand))
        .collect();
    assert_eq!(places, [(Some(3), Some(1))], "{errors:?}");

    // With nothing else wrong, a result with anything unread is still refused.
    let whole = fixture.played_sheet(3, scores_only);
    assert!(check_result_as_read(&whole, &unread, fixture.rules()).is_err());
    assert!(check_result_as_read(&whole, &Unread::default(), fixture.rules()).is_ok());
}
