//! What a championship table's games give its seats: whether the games make a finished table
//! under what it plays (one game, best of N, first to N), and then each seat's match points
//! under the event's scoring and its game points (the hand points its side scored), which the
//! standings' tiebreaks use.

use fives_rules::RulesetSpec;
use fives_rules::record::HandRecord;

use super::championship::{ChampionshipFormat, Points, TablePlay, TableScoring};
use super::game_check::{check_played_game, side_points};
use super::match_result::{ResultError, hands_within_limit};

/// A game played at a table, as the rules crate checked it: the side that won and each side's
/// points over the game. Sides are the seats, or the two partnerships (seats 1 and 3, 2 and 4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableGame {
    pub winner: usize,
    pub side_points: Vec<i64>,
}

/// A finished table's result, one entry per seat in seat order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableOutcome {
    pub points: Vec<Points>,
    pub game_points: Vec<i64>,
    /// Games won, per seat (a partner has its side's).
    pub games_won: Vec<u32>,
}

/// Checks a table's games, each given by its hands, under the championship's ruleset, and
/// works out the table's outcome. `seat_players` are the names at each of the table's seats:
/// one for a player, two for a pair (who sit as partners, seats 1 and 3 of the game against
/// seats 2 and 4). Every problem of every game is named, at its game and hand.
pub fn check_table(
    ruleset: &RulesetSpec,
    format: &ChampionshipFormat,
    seat_players: &[Vec<String>],
    games: Vec<Vec<HandRecord>>,
) -> Result<(Vec<TableGame>, TableOutcome), Vec<ResultError>> {
    let (seats, ruleset) = game_seats(ruleset, format, seat_players);
    let mut checked = Vec::new();
    let mut problems = Vec::new();
    for (number, hands) in (1..).zip(games) {
        let of_game = |message: String| ResultError {
            game: Some(number),
            hand: None,
            message: format!("Game {number}: {message}"),
        };
        if hands.is_empty() {
            problems.push(of_game(
                "no hands are entered; enter each hand's scores.".into(),
            ));
            continue;
        }
        if let Err(message) = hands_within_limit(hands.len()) {
            problems.push(of_game(message));
            continue;
        }
        match check_played_game(&ruleset, seats.clone(), hands, number) {
            Ok(game) => {
                let sides = game.sides.len();
                checked.push(TableGame {
                    winner: game.winner.expect("a checked game has its winner"),
                    side_points: (0..sides).map(|side| side_points(&game, side)).collect(),
                });
            }
            Err(refused) => problems.extend(refused),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let outcome = table_outcome(format, &checked).map_err(|message| {
        vec![ResultError {
            game: None,
            hand: None,
            message,
        }]
    })?;
    Ok((checked, outcome))
}

/// The game record's seats and ruleset for a table: each entrant's player in seat order, or a
/// pair's two players as partners; partnerships said outright at four players, so that a
/// preset's own default never decides who plays with whom.
fn game_seats(
    ruleset: &RulesetSpec,
    format: &ChampionshipFormat,
    seat_players: &[Vec<String>],
) -> (Vec<String>, RulesetSpec) {
    let mut spec = *ruleset;
    let pairs = seat_players.iter().all(|players| players.len() == 2);
    let seats: Vec<String> = if pairs {
        // Pair A's two players in seats 1 and 3, pair B's in seats 2 and 4.
        (0..2)
            .flat_map(|partner| seat_players.iter().map(move |pair| pair[partner].clone()))
            .collect()
    } else {
        seat_players.iter().flatten().cloned().collect()
    };
    if seats.len() == 4 {
        spec.overrides.partnerships = Some(pairs || format.seating.partnerships);
    }
    (seats, spec)
}

/// Whether the games make a finished table, and if so what each seat scores; otherwise what
/// is wrong, in an organiser's or player's words.
pub fn table_outcome(
    format: &ChampionshipFormat,
    games: &[TableGame],
) -> Result<TableOutcome, String> {
    let sides = format.seating.sides() as usize;
    if let Some((number, game)) = games
        .iter()
        .zip(1..)
        .map(|(game, number)| (number, game))
        .find(|(_, game)| game.winner >= sides || game.side_points.len() != sides)
    {
        return Err(format!(
            "Game {number} does not have the table's {sides} sides (its winner is side {}).",
            game.winner + 1
        ));
    }
    let mut wins = vec![0u32; sides];
    for (number, game) in (1..).zip(games) {
        if let Some(decided) = decided_after(format.table_play, &wins) {
            return Err(format!(
                "The table was over after game {}: {decided}, so game {number} is one too many.",
                number - 1
            ));
        }
        wins[game.winner] += 1;
    }
    if let Some(missing) = still_to_play(format.table_play, &wins, games.len()) {
        return Err(missing);
    }
    let side_points: Vec<i64> = (0..sides)
        .map(|side| games.iter().map(|game| game.side_points[side]).sum())
        .collect();
    let side_match_points = match &format.scoring {
        TableScoring::WinDrawLoss { win, draw, loss } => {
            let (a, b) = (wins[0], wins[1]);
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => vec![*win, *loss],
                std::cmp::Ordering::Less => vec![*loss, *win],
                std::cmp::Ordering::Equal => vec![*draw, *draw],
            }
        }
        TableScoring::ByPlace(places) => places_by_games(&wins, &side_points)
            .into_iter()
            .map(|place| places[place])
            .collect(),
    };
    let seats = format.seating.seats as usize;
    let of_side = |seat: usize| format.seating.side_of(seat);
    Ok(TableOutcome {
        points: (0..seats).map(|s| side_match_points[of_side(s)]).collect(),
        game_points: (0..seats).map(|s| side_points[of_side(s)]).collect(),
        games_won: (0..seats).map(|s| wins[of_side(s)]).collect(),
    })
}

/// Why the table is over once the sides have won so many games, if it is.
fn decided_after(play: TablePlay, wins: &[u32]) -> Option<String> {
    let most = *wins.iter().max()?;
    match play {
        TablePlay::OneGame => (wins.iter().sum::<u32>() >= 1).then(|| "it plays one game".into()),
        TablePlay::BestOf(n) => {
            (most > n / 2 || wins.iter().sum::<u32>() >= n).then(|| format!("it plays best of {n}"))
        }
        TablePlay::FirstTo(n) => (most >= n).then(|| format!("it plays first to {n}")),
    }
}

/// What is still to play before the table is over, if anything.
fn still_to_play(play: TablePlay, wins: &[u32], played: usize) -> Option<String> {
    if played == 0 {
        return Some("No game is entered: a table's result needs its games.".into());
    }
    if decided_after(play, wins).is_some() {
        return None;
    }
    Some(match play {
        TablePlay::OneGame => unreachable!("one game played decides a one-game table"),
        TablePlay::BestOf(n) => format!(
            "The table plays best of {n}: after {played} games nobody has won {}, so it is not \
             over.",
            n / 2 + 1
        ),
        TablePlay::FirstTo(n) => format!(
            "The table plays first to {n}: after {played} games nobody has won {n}, so it is not \
             over."
        ),
    })
}

/// Each side's place (0 for first) by games won, then by points scored; sides equal on both
/// share the better place, as tied entrants share a rank in the standings (1, 1, 3), so a
/// place's points are always one of the places' own and never a fraction of them.
fn places_by_games(wins: &[u32], points: &[i64]) -> Vec<usize> {
    let key = |side: usize| (wins[side], points[side]);
    (0..wins.len())
        .map(|side| {
            (0..wins.len())
                .filter(|&other| key(other) > key(side))
                .count()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::championship::{FormatChoice, Stages};

    fn format(
        seats: u32,
        partnerships: bool,
        table_play: TablePlay,
        scoring: TableScoring,
    ) -> ChampionshipFormat {
        ChampionshipFormat::try_from(FormatChoice {
            seats,
            partnerships,
            table_play,
            scoring,
            ..FormatChoice::plain(Stages::Swiss { rounds: 5 })
        })
        .unwrap()
    }

    fn win_draw_loss() -> TableScoring {
        TableScoring::one_half_nothing()
    }

    fn game(winner: usize, side_points: &[i64]) -> TableGame {
        TableGame {
            winner,
            side_points: side_points.to_vec(),
        }
    }

    #[test]
    fn best_of_three_is_won_by_two_games_and_not_played_further() {
        let best_of_3 = format(2, false, TablePlay::BestOf(3), win_draw_loss());
        let outcome = table_outcome(
            &best_of_3,
            &[game(1, &[40, 61]), game(0, &[61, 12]), game(0, &[62, 50])],
        )
        .unwrap();
        assert_eq!(outcome.points, [Points::whole(1), Points::whole(0)]);
        assert_eq!(outcome.game_points, [163, 123]);
        assert_eq!(outcome.games_won, [2, 1]);

        let one_too_many = table_outcome(
            &best_of_3,
            &[game(0, &[61, 1]), game(0, &[61, 2]), game(1, &[3, 61])],
        );
        assert_eq!(
            one_too_many.unwrap_err(),
            "The table was over after game 2: it plays best of 3, so game 3 is one too many."
        );
        let unfinished = table_outcome(&best_of_3, &[game(0, &[61, 1]), game(1, &[3, 61])]);
        assert!(unfinished.unwrap_err().contains("nobody has won 2"));
        assert!(
            table_outcome(&best_of_3, &[])
                .unwrap_err()
                .contains("No game")
        );
    }

    #[test]
    fn best_of_two_level_is_a_draw() {
        let best_of_2 = format(2, false, TablePlay::BestOf(2), win_draw_loss());
        let outcome = table_outcome(&best_of_2, &[game(0, &[61, 30]), game(1, &[20, 61])]).unwrap();
        assert_eq!(outcome.points, [Points::halves(1), Points::halves(1)]);
    }

    #[test]
    fn partners_share_their_sides_points() {
        let partnerships = format(4, true, TablePlay::FirstTo(2), win_draw_loss());
        let outcome = table_outcome(
            &partnerships,
            &[
                game(1, &[50, 121]),
                game(0, &[121, 90]),
                game(0, &[121, 100]),
            ],
        )
        .unwrap();
        assert_eq!(
            outcome.points,
            [
                Points::whole(1),
                Points::whole(0),
                Points::whole(1),
                Points::whole(0)
            ]
        );
        assert_eq!(outcome.game_points, [292, 311, 292, 311]);
    }

    #[test]
    fn three_at_a_table_score_by_place_sharing_the_better_place() {
        let places =
            TableScoring::ByPlace(vec![Points::whole(3), Points::whole(1), Points::whole(0)]);
        let three = format(3, false, TablePlay::BestOf(3), places);
        // Each wins one game: places by points, 150 first, then 120 and 120 sharing second.
        let outcome = table_outcome(
            &three,
            &[
                game(0, &[61, 40, 40]),
                game(1, &[40, 61, 40]),
                game(2, &[49, 19, 40]),
            ],
        )
        .unwrap();
        assert_eq!(outcome.game_points, [150, 120, 120]);
        assert_eq!(
            outcome.points,
            [Points::whole(3), Points::whole(1), Points::whole(1)]
        );
        let wrong_side = table_outcome(&three, &[game(3, &[1, 2, 3])]);
        assert!(wrong_side.unwrap_err().contains("3 sides"));
    }

    /// A random legal game of the ruleset for these seats, as its hands.
    fn random_hands(ruleset: &RulesetSpec, seats: &[&str], seed: u64) -> Vec<HandRecord> {
        let built = ruleset.build(seats.len()).unwrap();
        fives_rules::record::play_game(ruleset, &built, &mut fives_rules::random::seeded(seed))
            .hands
    }

    #[test]
    fn a_table_of_three_is_checked_by_the_rules_and_scored_by_place() {
        use fives_rules::Preset;
        let ruleset = RulesetSpec::preset(Preset::DoublesInTheBoneyard);
        let places =
            TableScoring::ByPlace(vec![Points::whole(3), Points::whole(1), Points::whole(0)]);
        let three = format(3, false, TablePlay::OneGame, places);
        let seats = [
            vec!["Ann".to_string()],
            vec!["Bob".into()],
            vec!["Cat".into()],
        ];
        let hands = random_hands(&ruleset, &["Ann", "Bob", "Cat"], 7);
        let (games, outcome) = check_table(&ruleset, &three, &seats, vec![hands.clone()]).unwrap();
        assert_eq!(outcome.points[games[0].winner], Points::whole(3));
        assert_eq!(
            outcome.game_points.iter().sum::<i64>(),
            games[0].side_points.iter().sum::<i64>()
        );

        // A hand score the game cannot make is refused at its game and hand.
        let mut wrong = hands;
        wrong[0].score = Some(vec![4, 0, 0]);
        wrong[0].pegs = None;
        let problems = check_table(&ruleset, &three, &seats, vec![wrong]).unwrap_err();
        assert_eq!(
            (problems[0].game, problems[0].hand),
            (Some(1), Some(1)),
            "{problems:?}"
        );
        assert!(
            problems[0].message.starts_with("Game 1, hand 1"),
            "{problems:?}"
        );
    }

    #[test]
    fn pairs_sit_as_partners_in_the_games_record() {
        use fives_rules::Preset;
        let ruleset = RulesetSpec::preset(Preset::FivesAndThrees);
        let pairs = format(2, false, TablePlay::OneGame, win_draw_loss());
        let seats = [
            vec!["Ann".to_string(), "Amy".into()],
            vec!["Bob".to_string(), "Ben".into()],
        ];
        let (record_seats, spec) = game_seats(&ruleset, &pairs, &seats);
        assert_eq!(record_seats, ["Ann", "Bob", "Amy", "Ben"]);
        assert_eq!(spec.overrides.partnerships, Some(true));
        let partnered = {
            let mut spec = ruleset;
            spec.overrides.partnerships = Some(true);
            spec
        };
        let hands = random_hands(&partnered, &["Ann", "Bob", "Amy", "Ben"], 3);
        let (games, outcome) = check_table(&ruleset, &pairs, &seats, vec![hands]).unwrap();
        assert_eq!(outcome.points[games[0].winner], Points::whole(1));
        assert_eq!(games[0].side_points.len(), 2);
    }

    #[test]
    fn one_game_is_one_game() {
        let one = format(2, false, TablePlay::OneGame, win_draw_loss());
        assert_eq!(
            table_outcome(&one, &[game(1, &[12, 61])]).unwrap().points,
            [Points::whole(0), Points::whole(1)]
        );
        assert!(
            table_outcome(&one, &[game(1, &[12, 61]), game(0, &[61, 0])])
                .unwrap_err()
                .contains("one too many")
        );
    }
}
