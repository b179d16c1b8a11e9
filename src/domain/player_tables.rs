//! Players' tables: how each player has done in the games of confirmed results, computed
//! afresh from those games whenever a result is confirmed or corrected.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::ids::{FixtureId, PlayerId, TeamId};
use super::match_format::LegKind;

/// The most games a competition may ask of a player before ranking them: more than a season
/// of any format holds.
pub const MAX_QUALIFYING_GAMES: u32 = 200;

/// The fewest games a player is ranked with, as an organiser typed it; empty is 0 (everyone
/// ranked).
pub fn qualifying_games(typed: &str) -> Result<u32, String> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(0);
    }
    typed
        .parse::<u32>()
        .ok()
        .filter(|games| *games <= MAX_QUALIFYING_GAMES)
        .ok_or_else(|| {
            format!(
                "The fewest games to be ranked is a whole number from 0 to {MAX_QUALIFYING_GAMES}."
            )
        })
}

/// One player's part in one game of a confirmed result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerGame {
    pub player: PlayerId,
    pub name: String,
    /// The team the player played for in that fixture.
    pub team: TeamId,
    pub opponent: String,
    pub fixture: FixtureId,
    pub date: NaiveDate,
    pub kind: LegKind,
    pub won: bool,
    /// The player's side's hand points over the game, and the other side's.
    pub points_for: i64,
    pub points_against: i64,
    /// In a pairs game, the player's partner, with their id.
    pub partner: Option<(PlayerId, String)>,
}

/// One player's line in a table.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRow {
    pub player: PlayerId,
    pub name: String,
    /// The team of the player's latest game.
    pub team: TeamId,
    pub played: u32,
    pub won: u32,
    pub points_for: i64,
    pub points_against: i64,
}

impl PlayerRow {
    /// Games won as a percentage of games played.
    pub fn win_rate(&self) -> f64 {
        per(i64::from(self.won) * 100, self.played)
    }

    pub fn points_for_per_game(&self) -> f64 {
        per(self.points_for, self.played)
    }

    pub fn points_against_per_game(&self) -> f64 {
        per(self.points_against, self.played)
    }
}

fn per(total: i64, games: u32) -> f64 {
    if games == 0 {
        0.0
    } else {
        total as f64 / f64::from(games)
    }
}

/// Every player who played a game in `games`, best first: by win rate, then games won, then
/// hand points for per game, then name.
pub fn player_table(games: &[PlayerGame]) -> Vec<PlayerRow> {
    let mut rows: HashMap<PlayerId, PlayerRow> = HashMap::new();
    for game in games {
        let row = rows.entry(game.player).or_insert_with(|| PlayerRow {
            player: game.player,
            name: game.name.clone(),
            team: game.team,
            played: 0,
            won: 0,
            points_for: 0,
            points_against: 0,
        });
        row.team = game.team;
        row.played += 1;
        row.won += u32::from(game.won);
        row.points_for += game.points_for;
        row.points_against += game.points_against;
    }
    let mut rows: Vec<PlayerRow> = rows.into_values().collect();
    rows.sort_by(|a, b| {
        b.win_rate()
            .total_cmp(&a.win_rate())
            .then(b.won.cmp(&a.won))
            .then(b.points_for_per_game().total_cmp(&a.points_for_per_game()))
            .then(a.name.cmp(&b.name))
    });
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fewest_games_to_be_ranked_is_a_whole_number_within_its_limit() {
        assert_eq!(qualifying_games(""), Ok(0));
        assert_eq!(qualifying_games(" 6 "), Ok(6));
        assert_eq!(
            qualifying_games(&MAX_QUALIFYING_GAMES.to_string()),
            Ok(MAX_QUALIFYING_GAMES)
        );
        for wrong in ["-1", "six", "2.5", "201"] {
            assert!(qualifying_games(wrong).is_err(), "{wrong}");
        }
    }

    fn game(
        player: i64,
        name: &str,
        won: bool,
        points_for: i64,
        points_against: i64,
    ) -> PlayerGame {
        PlayerGame {
            player: PlayerId(player),
            name: name.to_string(),
            team: TeamId(1),
            opponent: "Swan".to_string(),
            fixture: FixtureId(1),
            date: "2026-10-06".parse().unwrap(),
            kind: LegKind::Singles,
            won,
            points_for,
            points_against,
            partner: None,
        }
    }

    #[test]
    fn a_table_counts_games_wins_and_points_per_game() {
        let games = [
            game(1, "Ann", true, 61, 40),
            game(2, "Bob", false, 30, 61),
            game(1, "Ann", false, 52, 61),
            game(2, "Bob", true, 62, 58),
            game(3, "Cat", true, 61, 12),
            game(1, "Ann", true, 61, 33),
        ];
        let table = player_table(&games);
        let names: Vec<&str> = table.iter().map(|row| row.name.as_str()).collect();
        assert_eq!(names, ["Cat", "Ann", "Bob"]);
        let ann = &table[1];
        assert_eq!((ann.played, ann.won), (3, 2));
        assert!((ann.win_rate() - 200.0 / 3.0).abs() < 1e-9);
        assert_eq!((ann.points_for, ann.points_against), (174, 134));
        assert!((ann.points_for_per_game() - 58.0).abs() < 1e-9);
        assert!((table[2].points_against_per_game() - 59.5).abs() < 1e-9);
    }

    #[test]
    fn level_players_are_ordered_by_wins_then_points() {
        let games = [
            game(1, "Ann", true, 61, 40),
            game(2, "Bob", true, 61, 50),
            game(2, "Bob", true, 61, 50),
            game(3, "Cat", true, 70, 50),
        ];
        let names: Vec<String> = player_table(&games)
            .into_iter()
            .map(|row| row.name)
            .collect();
        assert_eq!(names, ["Bob", "Cat", "Ann"]);
    }
}
