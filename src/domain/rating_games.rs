//! Which games a pool of ratings is made of, and the games document that anyone can re-run with
//! `fives ratings`: one pool an organisation and game family; every confirmed league game with
//! its players named on both sides (a conceded game a loss for the side that gave it up;
//! walkovers and games without players named are not rated), in the order played.

use chrono::NaiveDate;
use fives_rules::Preset;
use serde::Serialize;

use super::ids::{FixtureId, PlayerId};
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
    if home.is_empty() || away.is_empty() {
        return None;
    }
    let side = |players: &[PlayerId]| players.iter().copied().map(player_key).collect();
    Some(RatedGame {
        id: format!("f{}.{game}", fixture.0),
        date,
        sides: vec![side(home), side(away)],
        ranks: match winner {
            Side::Home => vec![1, 2],
            Side::Away => vec![2, 1],
        },
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
}
