//! The [`RatedGameStore`](super::RatedGameStore) methods, written once in SQL both dialects
//! accept, like those of `sql.rs`.

macro_rules! rated_games_sql_store {
    ($store:ty) => {
        const _: () = {
            use $crate::domain::ids::{CompetitionId, FixtureId, OrganisationId, PlayerId};
            use $crate::domain::match_format::Side;
            use $crate::store::{LeagueGamePlayed, RatedGameStore, StoreError};

            type PlayerRow = (
                i64,
                i64,
                chrono::NaiveDate,
                i64,
                String,
                bool,
                Option<String>,
                Option<i64>,
                Option<String>,
            );

            fn side_of(word: &str) -> Result<Side, StoreError> {
                match word {
                    "home" => Ok(Side::Home),
                    "away" => Ok(Side::Away),
                    other => Err(StoreError::Corrupt(format!("a game's side {other:?}"))),
                }
            }

            #[async_trait::async_trait]
            impl RatedGameStore for $store {
                async fn league_games_played(
                    &self,
                    organisation: OrganisationId,
                ) -> Result<Vec<LeagueGamePlayed>, StoreError> {
                    // One row a player of a game, and one for a game with no player named.
                    let rows: Vec<PlayerRow> = sqlx::query_as(
                        "SELECT seasons.competition_id, fixtures.id, fixtures.played_on, \
                         CAST(result_games.game_number AS BIGINT), result_games.winner, \
                         result_games.conceded, result_game_players.side, players.id, \
                         players.name \
                         FROM result_games \
                         JOIN results ON results.id = result_games.result_id AND results.is_current \
                         JOIN fixtures ON fixtures.id = results.fixture_id \
                         JOIN divisions ON divisions.id = fixtures.division_id \
                         JOIN seasons ON seasons.id = divisions.season_id \
                         JOIN competitions ON competitions.id = seasons.competition_id \
                         LEFT JOIN result_game_players \
                             ON result_game_players.result_id = result_games.result_id \
                             AND result_game_players.game_number = result_games.game_number \
                         LEFT JOIN players ON players.id = result_game_players.player_id \
                         WHERE competitions.organisation_id = $1 \
                             AND fixtures.status = 'confirmed' \
                         ORDER BY fixtures.played_on, fixtures.id, result_games.game_number, \
                             result_game_players.side, players.id",
                    )
                    .bind(organisation.0)
                    .fetch_all(&self.pool)
                    .await?;
                    let mut games: Vec<LeagueGamePlayed> = Vec::new();
                    for (competition, fixture, date, game, winner, conceded, side, player, name) in
                        rows
                    {
                        let game = game as u32;
                        let same = games.last().is_some_and(|last| {
                            last.fixture == FixtureId(fixture) && last.game == game
                        });
                        if !same {
                            games.push(LeagueGamePlayed {
                                competition: CompetitionId(competition),
                                fixture: FixtureId(fixture),
                                date,
                                game,
                                winner: side_of(&winner)?,
                                conceded,
                                home: Vec::new(),
                                away: Vec::new(),
                            });
                        }
                        let current = games.last_mut().expect("a game was just pushed");
                        if let (Some(side), Some(player), Some(name)) = (side, player, name) {
                            let named = (PlayerId(player), name);
                            match side_of(&side)? {
                                Side::Home => current.home.push(named),
                                Side::Away => current.away.push(named),
                            }
                        }
                    }
                    Ok(games)
                }
            }
        };
    };
}

pub(super) use rated_games_sql_store;
