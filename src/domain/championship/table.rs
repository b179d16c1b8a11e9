//! What a championship table's games give its seats: whether the games make a finished table
//! under what it plays (one game, best of N, first to N), and then each seat's match points
//! under the event's scoring and its game points (the hand points its side scored), which the
//! standings' tiebreaks use.

use fives_rules::RulesetSpec;
use fives_rules::record::HandRecord;

use super::{ChampionshipFormat, EntrantKind, Points, TablePlay, TableScoring};
use crate::domain::competition::{RulesetProblem, ruleset_problems};
use crate::domain::entry_level::{EntryLevel, check_final_totals};
use crate::domain::game_check::{check_played_game, side_points};
use crate::domain::match_format::Side;
use crate::domain::match_result::{
    CheckedResult, GameSheet, PastedGame, ResultError, ResultRules, ResultSheet, SquadMember,
    check_result, hands_within_limit, pasted_game_hands,
};
use crate::domain::rule_words::{game_name, ruleset_refusal};
use serde::{Deserialize, Serialize};

/// A game played at a table, as the rules crate checked it: the side that won and each side's
/// points over the game. Sides are the seats, or the two partnerships (seats 1 and 3, 2 and 4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableGame {
    pub winner: usize,
    pub side_points: Vec<i64>,
}

/// A game of a table as entered: its hands at whatever detail the scorer had, or, where the
/// championship asks no more, each side's total when it ended (`{"final_score": [61, 45]}`).
/// Kept in the table's sheet in this shape, so a game reads back as it was entered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TableGameEntry {
    Hands(Vec<HandRecord>),
    FinalScore { final_score: Vec<i64> },
}

/// A finished table's result, one entry per seat in seat order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableOutcome {
    pub points: Vec<Points>,
    pub game_points: Vec<i64>,
    /// Games won, per seat (a partner has its side's).
    pub games_won: Vec<u32>,
}

/// Checks a table's games, each given by its hands or (where the championship asks no more)
/// its final score, under the championship's ruleset and entry level, and works out the
/// table's outcome. `seat_players` are the names at each of the table's seats: one for a
/// player, two for a pair (who sit as partners, seats 1 and 3 of the game against seats 2 and
/// 4). Every problem of every game is named, at its game and hand.
pub fn check_table(
    ruleset: &RulesetSpec,
    format: &ChampionshipFormat,
    seat_players: &[Vec<String>],
    games: Vec<TableGameEntry>,
) -> Result<(Vec<TableGame>, TableOutcome), Vec<ResultError>> {
    let (seats, ruleset) = game_seats(ruleset, format, seat_players);
    let level = format.entry_level;
    let mut checked = Vec::new();
    let mut problems = Vec::new();
    for (number, game) in (1..).zip(games) {
        let of_game = |message: String| ResultError {
            game: Some(number),
            hand: None,
            message: format!("Game {number}: {message}"),
        };
        let hands = match game {
            TableGameEntry::Hands(hands) => hands,
            TableGameEntry::FinalScore { final_score } => {
                match final_score_game(&ruleset, seats.len(), level, &final_score) {
                    Ok(game) => checked.push(game),
                    Err(message) => problems.push(of_game(message)),
                }
                continue;
            }
        };
        if let Some((hand, message)) = hands
            .iter()
            .zip(1..)
            .find_map(|(hand, index)| Some((index, level.hand_refused(hand)?)))
        {
            problems.push(ResultError {
                game: Some(number),
                hand: Some(hand),
                message: format!("Game {number}, hand {hand}: {message}"),
            });
            continue;
        }
        if hands.is_empty() {
            problems.push(of_game(match level {
                EntryLevel::Final => "nothing is entered; enter its final score.".into(),
                EntryLevel::Hands | EntryLevel::Pegs => {
                    "no hands are entered; enter each hand's scores.".into()
                }
            }));
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

/// A game given by each side's final total: the winner, if the championship takes a final
/// score alone and a game of its rules at this table can end so; otherwise why not.
fn final_score_game(
    ruleset: &RulesetSpec,
    seats: usize,
    level: EntryLevel,
    totals: &[i64],
) -> Result<TableGame, String> {
    if let Some(refused) = level.final_score_refused() {
        return Err(refused);
    }
    let built = ruleset
        .build(seats)
        .map_err(|error| format!("{}.", ruleset_refusal(&error)))?;
    let sides = built.sides();
    if totals.len() != sides {
        return Err(format!(
            "a final score here is {sides} totals, one a side in seat order; {} are given.",
            totals.len()
        ));
    }
    let winner = check_final_totals(&built, totals)?;
    Ok(TableGame {
        winner,
        side_points: totals.to_vec(),
    })
}

/// Every reason the ruleset cannot be a championship's: a target out of bounds, or rules under
/// which its tables' games cannot be played (Doubles in the Boneyard by two, say), each game of
/// a team match included.
pub fn table_ruleset_problems(
    ruleset: &RulesetSpec,
    format: &ChampionshipFormat,
) -> Vec<RulesetProblem> {
    let Some(team_match) = &format.team_match else {
        let mut problems = ruleset_problems(ruleset, &[]);
        let seat_players: Vec<Vec<String>> = (0..format.seating.seats)
            .map(|seat| match format.entrants {
                EntrantKind::Pairs => vec![format!("{seat}a"), format!("{seat}b")],
                EntrantKind::Players | EntrantKind::Teams => vec![seat.to_string()],
            })
            .collect();
        let (seats, spec) = game_seats(ruleset, format, &seat_players);
        if let Err(reason) = spec.build(seats.len()) {
            problems.push(RulesetProblem::UnplayableAtTable {
                players: seats.len(),
                reason: ruleset_refusal(&reason),
            });
        }
        return problems;
    };
    ruleset_problems(ruleset, &team_match.legs)
}

/// The hands of a game record pasted for one of the table's games: a finished game of the
/// table's players (a pair's two as partners) under the championship's rules.
pub fn pasted_table_hands(
    text: &str,
    ruleset: &RulesetSpec,
    format: &ChampionshipFormat,
    seat_players: &[Vec<String>],
) -> Result<Vec<HandRecord>, String> {
    let (seats, spec) = game_seats(ruleset, format, seat_players);
    pasted_game_hands(
        text,
        &PastedGame {
            expected: &spec,
            seats: seats.len(),
            game: "a game at this table",
            rules: &format!("this championship's rules ({})", game_name(spec.preset)),
        },
    )
}

/// A table's game as a game record: the table's players in their seats under the
/// championship's rules (what a pasted record must be, and how a kept game is shown again
/// when hand lines cannot say all it holds).
pub fn table_game_record(
    ruleset: &RulesetSpec,
    format: &ChampionshipFormat,
    seat_players: &[Vec<String>],
    hands: Vec<HandRecord>,
) -> fives_rules::record::Record {
    let (seats, spec) = game_seats(ruleset, format, seat_players);
    fives_rules::record::Record {
        ruleset: fives_rules::record::ruleset_field(&spec),
        seats,
        hands,
        complete: None,
    }
}

/// The game record's seats and ruleset for a table: each entrant's player in seat order, or a
/// pair's two players as partners; partnerships said outright at four players, so that a
/// preset's own default never decides who plays with whom.
pub(crate) fn game_seats(
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
    Ok(scored(format, &wins, &side_points))
}

/// What each seat scores from its side's games won and points, under the event's scoring.
fn scored(format: &ChampionshipFormat, wins: &[u32], side_points: &[i64]) -> TableOutcome {
    let side_match_points = match &format.scoring {
        TableScoring::WinDrawLoss { win, draw, loss } => {
            let (a, b) = (wins[0], wins[1]);
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => vec![*win, *loss],
                std::cmp::Ordering::Less => vec![*loss, *win],
                std::cmp::Ordering::Equal => vec![*draw, *draw],
            }
        }
        TableScoring::ByPlace(places) => places_by_games(wins, side_points)
            .into_iter()
            .map(|place| places[place])
            .collect(),
    };
    let seats = format.seating.seats as usize;
    let of_side = |seat: usize| format.seating.side_of(seat);
    TableOutcome {
        points: (0..seats).map(|s| side_match_points[of_side(s)]).collect(),
        game_points: (0..seats).map(|s| side_points[of_side(s)]).collect(),
        games_won: (0..seats).map(|s| wins[of_side(s)]).collect(),
    }
}

/// Checks a team event's table, a team match between the teams in seats 1 and 2, as a league
/// checks a fixture: each game's players from their own team's squad and within the match's
/// limits, every hand by the rules, all games of the match's legs there. The games each team
/// won then decide the table under the event's scoring, and the hand points each scored are
/// its game points. Every problem is named at its game and hand.
pub fn check_team_table(
    ruleset: &RulesetSpec,
    format: &ChampionshipFormat,
    squads: [&[SquadMember]; 2],
    games: &[GameSheet],
) -> Result<(CheckedResult, TableOutcome), Vec<ResultError>> {
    let Some(team_match) = &format.team_match else {
        return Err(vec![ResultError {
            game: None,
            hand: None,
            message: "This event's tables are not team matches: enter each game's hands.".into(),
        }]);
    };
    let match_format = team_match.match_format();
    let sheet = ResultSheet::Played {
        games: games.to_vec(),
    };
    let rules = ResultRules {
        ruleset,
        format: &match_format,
        level: format.entry_level,
        home_squad: squads[0],
        away_squad: squads[1],
    };
    let checked = check_result(&sheet, rules)?;
    let wins = [Side::Home, Side::Away]
        .map(|side| checked.games.iter().filter(|g| g.winner == side).count() as u32);
    let side_points = [
        checked.games.iter().map(|g| g.home_points).sum::<i64>(),
        checked.games.iter().map(|g| g.away_points).sum::<i64>(),
    ];
    let outcome = scored(format, &wins, &side_points);
    Ok((checked, outcome))
}

/// Whether a table whose sides have won so many games is over.
pub fn table_is_over(play: TablePlay, wins: &[u32]) -> bool {
    decided_after(play, wins).is_some()
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
        let (games, outcome) = check_table(
            &ruleset,
            &three,
            &seats,
            vec![TableGameEntry::Hands(hands.clone())],
        )
        .unwrap();
        assert_eq!(outcome.points[games[0].winner], Points::whole(3));
        assert_eq!(
            outcome.game_points.iter().sum::<i64>(),
            games[0].side_points.iter().sum::<i64>()
        );

        // A hand score the game cannot make is refused at its game and hand.
        let mut wrong = hands;
        wrong[0].score = Some(vec![4, 0, 0]);
        wrong[0].pegs = None;
        let problems =
            check_table(&ruleset, &three, &seats, vec![TableGameEntry::Hands(wrong)]).unwrap_err();
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
        let (games, outcome) =
            check_table(&ruleset, &pairs, &seats, vec![TableGameEntry::Hands(hands)]).unwrap();
        assert_eq!(outcome.points[games[0].winner], Points::whole(1));
        assert_eq!(games[0].side_points.len(), 2);
    }

    #[test]
    fn a_team_match_is_checked_as_a_league_fixture_and_scored_by_games_won() {
        use crate::domain::championship::EntrantKind;
        use crate::domain::championship::check::tests::six_singles_three_pairs;
        use crate::domain::ids::PlayerId;
        use crate::domain::match_format::LegKind;
        use crate::domain::match_result::{GameOutcome, game_ruleset, game_slots};
        use fives_rules::Preset;

        let ruleset = RulesetSpec::preset(Preset::FivesAndThrees);
        let team_match = six_singles_three_pairs();
        let format = ChampionshipFormat::try_from(FormatChoice {
            entrants: EntrantKind::Teams,
            team_match: Some(team_match.clone()),
            ..FormatChoice::plain(Stages::Knockout { third_place: false })
        })
        .unwrap();
        let squad = |first: i64, names: [&str; 6]| -> Vec<SquadMember> {
            names
                .iter()
                .zip(first..)
                .map(|(name, id)| SquadMember {
                    id: PlayerId(id),
                    name: name.to_string(),
                })
                .collect()
        };
        let home = squad(1, ["Ann", "Bea", "Cal", "Dot", "Eli", "Flo"]);
        let away = squad(11, ["Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]);
        let games: Vec<GameSheet> = game_slots(&team_match.match_format())
            .iter()
            .enumerate()
            .map(|(index, leg)| {
                let (home_players, away_players) = match leg.kind {
                    LegKind::Singles => (vec![home[index].id], vec![away[index].id]),
                    LegKind::Pairs => {
                        let pair = 2 * (index - 6);
                        (
                            vec![home[pair].id, home[pair + 1].id],
                            vec![away[pair].id, away[pair + 1].id],
                        )
                    }
                };
                let spec = game_ruleset(&ruleset, leg);
                let built = spec
                    .build(2 * leg.kind.players_per_side() as usize)
                    .unwrap();
                let record = fives_rules::record::play_game(
                    &spec,
                    &built,
                    &mut fives_rules::random::seeded(index as u64),
                );
                GameSheet {
                    home: home_players,
                    away: away_players,
                    outcome: GameOutcome::Hands(record.hands),
                }
            })
            .collect();
        let (checked, outcome) =
            check_team_table(&ruleset, &format, [&home, &away], &games).unwrap();
        let home_won = checked
            .games
            .iter()
            .filter(|game| game.winner == Side::Home)
            .count() as u32;
        assert_eq!(outcome.games_won, [home_won, 9 - home_won]);
        let winner = usize::from(home_won < 5);
        assert_eq!(outcome.points[winner], Points::whole(1));
        assert_eq!(outcome.points[1 - winner], Points::whole(0));
        assert_eq!(
            outcome.game_points[0],
            checked
                .games
                .iter()
                .map(|game| game.home_points)
                .sum::<i64>()
        );

        // A player of the other team, and a player in a second singles game, are refused at
        // their games; so is a match short of a game.
        let mut wrong = games.clone();
        wrong[0].home = vec![away[5].id];
        wrong[1].home = vec![home[2].id];
        let problems = check_team_table(&ruleset, &format, [&home, &away], &wrong).unwrap_err();
        assert!(
            problems
                .iter()
                .any(|p| p.game == Some(1) && p.message.contains("not in the team's squad")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.message.contains("Cal has already played 1 singles game")),
            "{problems:?}"
        );
        let short = check_team_table(&ruleset, &format, [&home, &away], &games[..8]).unwrap_err();
        assert!(short[0].message.contains("9 games"), "{short:?}");
    }

    #[test]
    fn a_championships_ruleset_must_play_its_tables_games() {
        use fives_rules::Preset;
        use fives_rules::ruleset::{PerPlayers, Target};
        let two = format(2, false, TablePlay::OneGame, win_draw_loss());
        let three = format(
            3,
            false,
            TablePlay::OneGame,
            TableScoring::ByPlace(vec![Points::whole(3), Points::whole(1), Points::whole(0)]),
        );
        let boneyard = RulesetSpec::preset(Preset::DoublesInTheBoneyard);
        assert_eq!(table_ruleset_problems(&boneyard, &three), []);
        let problems = table_ruleset_problems(&boneyard, &two);
        assert!(
            matches!(
                problems.as_slice(),
                [RulesetProblem::UnplayableAtTable { players: 2, .. }]
            ),
            "{problems:?}"
        );
        let mut far = RulesetSpec::preset(Preset::AllFives);
        far.overrides.target = Some(Target {
            by_players: PerPlayers::all(5000),
            partners: 5000,
        });
        assert!(
            table_ruleset_problems(&far, &two)
                .iter()
                .any(RulesetProblem::is_about_the_target)
        );
        assert_eq!(
            table_ruleset_problems(&RulesetSpec::preset(Preset::AllFives), &two),
            []
        );
    }

    #[test]
    fn a_pasted_record_is_taken_for_a_game_of_the_tables_players_and_rules() {
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
        let built = ruleset.build(3).unwrap();
        let record =
            fives_rules::record::play_game(&ruleset, &built, &mut fives_rules::random::seeded(5));
        let hands = pasted_table_hands(&record.to_json(), &ruleset, &three, &seats).unwrap();
        assert_eq!(hands, record.hands);
        assert!(check_table(&ruleset, &three, &seats, vec![TableGameEntry::Hands(hands)]).is_ok());

        // A game for two, or of other rules, is not this table's.
        let two_seats = &seats[..2];
        let two = format(2, false, TablePlay::OneGame, win_draw_loss());
        let all_fives = RulesetSpec::preset(Preset::AllFives);
        let refused = pasted_table_hands(&record.to_json(), &all_fives, &two, two_seats);
        assert!(refused.unwrap_err().contains("has 3 seats"), "wrong seats");
        let fives_three = RulesetSpec::preset(Preset::AllFives);
        let other_rules = pasted_table_hands(&record.to_json(), &fives_three, &three, &seats);
        assert!(
            other_rules
                .unwrap_err()
                .contains("not played under this championship's rules (All Fives)"),
        );
        assert!(
            pasted_table_hands("{not a record", &ruleset, &three, &seats)
                .unwrap_err()
                .contains("cannot be read")
        );
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
