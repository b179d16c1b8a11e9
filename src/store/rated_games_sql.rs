//! The [`RatedGameStore`](super::RatedGameStore) methods, written once in SQL both dialects
//! accept, like those of `sql.rs`.

macro_rules! rated_games_sql_store {
    ($store:ty) => {
        const _: () = {
            use $crate::domain::ids::{CompetitionId, FixtureId, OrganisationId, PlayerId};
            use $crate::domain::match_format::Side;
            use $crate::domain::ids::{ChampionshipId, TableId};
            use $crate::store::championship as kept;
            use $crate::store::{
                ChampionshipTablePlayed, LeagueGamePlayed, RatedGameStore, StoreError,
            };

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
                String,
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
                         players.name, competitions.name || ', ' || seasons.name \
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
                    for (competition, fixture, date, game, winner, conceded, side, player, name, event) in
                        rows
                    {
                        let game = game as u32;
                        let same = games.last().is_some_and(|last| {
                            last.fixture == FixtureId(fixture) && last.game == game
                        });
                        if !same {
                            games.push(LeagueGamePlayed {
                                competition: CompetitionId(competition),
                                event,
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

                async fn championship_tables_played(
                    &self,
                    organisation: OrganisationId,
                ) -> Result<Vec<ChampionshipTablePlayed>, StoreError> {
                    let entrants: Vec<(i64, Option<i64>, Option<String>, Option<i64>, Option<String>)> =
                        sqlx::query_as(
                            "SELECT championship_entrants.id, player.id, player.name, \
                             partner.id, partner.name \
                             FROM championship_entrants \
                             JOIN championships \
                                 ON championships.id = championship_entrants.championship_id \
                             LEFT JOIN players AS player \
                                 ON player.id = championship_entrants.player_id \
                             LEFT JOIN players AS partner \
                                 ON partner.id = championship_entrants.partner_id \
                             WHERE championships.organisation_id = $1",
                        )
                        .bind(organisation.0)
                        .fetch_all(&self.pool)
                        .await?;
                    let players_of: std::collections::HashMap<i64, Vec<(PlayerId, String)>> =
                        entrants
                            .into_iter()
                            .map(|(entrant, player, name, partner, partner_name)| {
                                let players = [(player, name), (partner, partner_name)]
                                    .into_iter()
                                    .filter_map(|(id, name)| Some((PlayerId(id?), name?)))
                                    .collect();
                                (entrant, players)
                            })
                            .collect();
                    type TableRow = (
                        i64,
                        String,
                        i64,
                        chrono::DateTime<chrono::Utc>,
                        i64,
                        i64,
                        String,
                        String,
                        String,
                    );
                    let tables: Vec<TableRow> = sqlx::query_as(
                        "SELECT championship_rounds.championship_id, championship_rounds.stage, \
                         CAST(championship_rounds.number AS BIGINT), \
                         championship_rounds.published_at, championship_tables.id, \
                         CAST(championship_tables.number AS BIGINT), championship_tables.seats, \
                         championship_tables.outcome, championship_tables.sheet \
                         FROM championship_tables \
                         JOIN championship_rounds \
                             ON championship_rounds.id = championship_tables.round_id \
                         JOIN championships \
                             ON championships.id = championship_rounds.championship_id \
                         WHERE championships.organisation_id = $1 \
                             AND championship_tables.status = 'confirmed' \
                         ORDER BY championship_rounds.published_at, championship_rounds.id, \
                             championship_tables.number",
                    )
                    .bind(organisation.0)
                    .fetch_all(&self.pool)
                    .await?;
                    tables
                        .into_iter()
                        .map(
                            |(championship, stage, round, published_at, table, number, seats, outcome, sheet)| {
                                let seats = kept::ids_from_json::<i64>("a table's seats", &seats)?
                                    .into_iter()
                                    .map(|entrant| players_of.get(&entrant).cloned().unwrap_or_default())
                                    .collect();
                                Ok(ChampionshipTablePlayed {
                                    championship: ChampionshipId(championship),
                                    stage: kept::stage_from_name(&stage)?,
                                    round: round as u32,
                                    published_at,
                                    table: TableId(table),
                                    number: number as u32,
                                    seats,
                                    outcome: kept::outcome_from_json(&outcome)?,
                                    sheet,
                                })
                            },
                        )
                        .collect()
                }
            }
        };
    };
}

pub(super) use rated_games_sql_store;
