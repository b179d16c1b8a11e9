//! Which games a pool of ratings is made of, and the games document that anyone can re-run with
//! `fives ratings`: one pool an organisation and game family; every confirmed league game with
//! its players named on both sides (a conceded game a loss for the side that gave it up;
//! walkovers and games without players named are not rated), every confirmed championship
//! table of players or pairs, and every game of a team event's confirmed team match (as a
//! league game), in the order played.

use chrono::NaiveDate;
use fives_rules::Preset;
use serde::Serialize;

use super::championship::Points;
use super::championship_event::Stage;
use super::ids::{ChampionshipId, FixtureId, PlayerId};
use super::match_format::Side;

/// A rated game as the document writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RatedGame {
    /// `f{fixture}.{game}`: unique in the pool.
    pub id: String,
    pub date: NaiveDate,
    /// Each side's players' ids (`p{player}`).
    pub sides: Vec<Vec<String>>,
    /// 1 for the winner, 2 for the loser.
    pub ranks: Vec<u32>,
}

/// The id a player has in the games document and the published ratings.
pub fn player_key(player: PlayerId) -> String {
    format!("p{}", player.0)
}

/// The player a document id names, if it is one.
pub fn player_of_key(key: &str) -> Option<PlayerId> {
    key.strip_prefix('p')?.parse().ok().map(PlayerId)
}

/// The word a pool's family goes by in addresses: the preset's name (`fives-and-threes`).
pub fn family_slug(family: Preset) -> &'static str {
    family.name()
}

/// A league game as rated, or `None` when it is not: a side with no player named (a game
/// conceded by a side short of players).
pub fn league_game(
    fixture: FixtureId,
    game: u32,
    date: NaiveDate,
    winner: Side,
    home: &[PlayerId],
    away: &[PlayerId],
) -> Option<RatedGame> {
    two_sided(format!("f{}.{game}", fixture.0), date, winner, home, away)
}

/// A game of a team match at a championship's table, rated as a league game is: its id the
/// table's with the game's number after it (`c3.2.1.4`).
pub fn team_match_game(
    table: &str,
    game: u32,
    date: NaiveDate,
    winner: Side,
    home: &[PlayerId],
    away: &[PlayerId],
) -> Option<RatedGame> {
    two_sided(format!("{table}.{game}"), date, winner, home, away)
}

/// A game of two sides, the winner first; `None` when a side has no player named.
fn two_sided(
    id: String,
    date: NaiveDate,
    winner: Side,
    home: &[PlayerId],
    away: &[PlayerId],
) -> Option<RatedGame> {
    if home.is_empty() || away.is_empty() {
        return None;
    }
    let side = |players: &[PlayerId]| players.iter().copied().map(player_key).collect();
    Some(RatedGame {
        id,
        date,
        sides: vec![side(home), side(away)],
        ranks: match winner {
            Side::Home => vec![1, 2],
            Side::Away => vec![2, 1],
        },
    })
}

/// Where a championship table was played, for its id in the document: `c{championship}.{round}.{table}`,
/// a knockout after a Swiss's rounds written `k1`, `k2`.
pub fn table_id(championship: ChampionshipId, stage: Stage, round: u32, table: u32) -> String {
    let stage = match stage {
        Stage::Main => "",
        Stage::KnockoutAfterSwiss => "k",
    };
    format!("c{}.{stage}{round}.{table}", championship.0)
}

/// A championship table as rated, or `None` when it is not (a seat with no player named, as a
/// team's). Each seat is a side, a pair's two players one side, except four players seated as
/// partners, who are two sides of two (seats 1 and 3 against 2 and 4). Sides are ranked by the
/// table's points (each seat's, in seat order), equal points sharing a place.
pub fn championship_table(
    id: String,
    date: NaiveDate,
    seats: &[Vec<PlayerId>],
    partnerships: bool,
    points: &[Points],
) -> Option<RatedGame> {
    if seats.len() < 2 || seats.len() != points.len() || seats.iter().any(Vec::is_empty) {
        return None;
    }
    let (sides, side_points): (Vec<Vec<PlayerId>>, Vec<Points>) =
        if partnerships && seats.len() == 4 && seats.iter().all(|seat| seat.len() == 1) {
            (
                vec![
                    vec![seats[0][0], seats[2][0]],
                    vec![seats[1][0], seats[3][0]],
                ],
                vec![points[0], points[1]],
            )
        } else {
            (seats.to_vec(), points.to_vec())
        };
    let ranks = side_points
        .iter()
        .map(|mine| 1 + side_points.iter().filter(|other| *other > mine).count() as u32)
        .collect();
    Some(RatedGame {
        id,
        date,
        sides: sides
            .iter()
            .map(|side| side.iter().copied().map(player_key).collect())
            .collect(),
        ranks,
    })
}

/// The games document of a pool: the Weng–Lin system with the specification's defaults, the
/// games in the order given.
pub fn games_document(games: &[RatedGame]) -> String {
    #[derive(Serialize)]
    struct Document<'a> {
        system: &'static str,
        games: &'a [RatedGame],
    }
    serde_json::to_string(&Document {
        system: "weng-lin",
        games,
    })
    .expect("a games document is JSON")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
    }

    #[test]
    fn a_league_game_is_rated_with_its_winner_first_and_not_without_both_sides() {
        let game = league_game(
            FixtureId(12),
            3,
            date(),
            Side::Away,
            &[PlayerId(1), PlayerId(2)],
            &[PlayerId(7), PlayerId(8)],
        )
        .unwrap();
        assert_eq!(game.id, "f12.3");
        assert_eq!(game.sides, [["p1", "p2"], ["p7", "p8"]]);
        assert_eq!(game.ranks, [2, 1]);
        let conceded = league_game(FixtureId(12), 4, date(), Side::Home, &[PlayerId(1)], &[]);
        assert_eq!(conceded, None);
        assert_eq!(player_of_key(&player_key(PlayerId(42))), Some(PlayerId(42)));
        assert_eq!(player_of_key("e3"), None);
    }

    #[test]
    fn the_document_is_what_fives_ratings_reads() {
        let games = [league_game(
            FixtureId(1),
            1,
            date(),
            Side::Home,
            &[PlayerId(1)],
            &[PlayerId(2)],
        )
        .unwrap()];
        let document = games_document(&games);
        let answer = fives_ratings::command::ratings_text(&document);
        assert_eq!(answer.exit_code, 0, "{}", answer.stderr);
        let first = answer.stdout.find("\"p1\"").unwrap();
        let second = answer.stdout.find("\"p2\"").unwrap();
        assert!(
            first < second,
            "the winner is rated above: {}",
            answer.stdout
        );
    }

    #[test]
    fn a_table_ranks_its_sides_by_points_and_seats_partners_as_two_sides() {
        let points = |halves: &[u32]| {
            halves
                .iter()
                .map(|&h| Points::halves(h))
                .collect::<Vec<_>>()
        };
        let three = championship_table(
            table_id(ChampionshipId(3), Stage::Main, 1, 4),
            date(),
            &[vec![PlayerId(1)], vec![PlayerId(2)], vec![PlayerId(3)]],
            false,
            &points(&[2, 0, 0]),
        )
        .unwrap();
        assert_eq!(three.id, "c3.1.4");
        assert_eq!(three.sides, [["p1"], ["p2"], ["p3"]]);
        assert_eq!(three.ranks, [1, 2, 2], "places shared on equal points");
        let partners = championship_table(
            table_id(ChampionshipId(3), Stage::KnockoutAfterSwiss, 2, 1),
            date(),
            &[
                vec![PlayerId(1)],
                vec![PlayerId(2)],
                vec![PlayerId(3)],
                vec![PlayerId(4)],
            ],
            true,
            &points(&[0, 2, 0, 2]),
        )
        .unwrap();
        assert_eq!(partners.id, "c3.k2.1");
        assert_eq!(partners.sides, [["p1", "p3"], ["p2", "p4"]]);
        assert_eq!(partners.ranks, [2, 1]);
        let pairs = championship_table(
            "c1.1.1".into(),
            date(),
            &[
                vec![PlayerId(1), PlayerId(2)],
                vec![PlayerId(3), PlayerId(4)],
            ],
            false,
            &points(&[1, 1]),
        )
        .unwrap();
        assert_eq!(pairs.ranks, [1, 1], "a drawn table");
        let team = championship_table(
            "c1.1.2".into(),
            date(),
            &[vec![], vec![]],
            false,
            &points(&[2, 0]),
        );
        assert_eq!(team, None, "a team's table is not rated as one game");
    }

    #[test]
    fn a_team_matchs_game_is_rated_as_a_league_game_under_its_tables_id() {
        let (ann, bob) = (PlayerId(1), PlayerId(2));
        let game = team_match_game("c3.2.1", 4, date(), Side::Away, &[ann], &[bob]).unwrap();
        assert_eq!(game.id, "c3.2.1.4");
        assert_eq!(
            game.sides,
            vec![vec!["p1".to_string()], vec!["p2".to_string()]]
        );
        assert_eq!(game.ranks, vec![2, 1]);
        assert!(team_match_game("c3.2.1", 5, date(), Side::Home, &[ann], &[]).is_none());
    }
}
