//! What a championship table's games give its seats: whether the games make a finished table
//! under what it plays (one game, best of N, first to N), and then each seat's match points
//! under the event's scoring and its game points (the hand points its side scored), which the
//! standings' tiebreaks use.

use super::championship::{ChampionshipFormat, Points, TablePlay, TableScoring};

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
    use fives_pairing::document::Seeding;
    use fives_pairing::event::Tiebreak;

    use super::*;
    use crate::domain::championship::{EntrantKind, FormatChoice, Stages};

    fn format(
        seats: u32,
        partnerships: bool,
        play: TablePlay,
        scoring: TableScoring,
    ) -> ChampionshipFormat {
        ChampionshipFormat::try_from(FormatChoice {
            entrants: EntrantKind::Players,
            stages: Stages::Swiss { rounds: 5 },
            seats,
            partnerships,
            table_play: play,
            scoring,
            bye_points: Points::whole(1),
            tiebreaks: Tiebreak::DEFAULT.to_vec(),
            seeding: Seeding::Rating,
        })
        .unwrap()
    }

    fn win_draw_loss() -> TableScoring {
        TableScoring::WinDrawLoss {
            win: Points::whole(1),
            draw: Points::halves(1),
            loss: Points::whole(0),
        }
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
