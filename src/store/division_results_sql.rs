//! The [`ResultStore`](super::ResultStore) methods of what a division's tables count: its
//! confirmed results, its players' games, its points adjustments and its result deadline,
//! written once in SQL both dialects accept.
//!
//! Its macro is expanded by `result_sql_store!` inside that macro's block, which hands it the
//! methods of a result's life (submitted, answered, withdrawn, corrected, read): the one
//! `impl ResultStore` is made here, and this block sees that block's imports and helpers,
//! naming only the ones it adds.

macro_rules! division_results_sql_store {
    (
        store: $store:ty,
        db: $db:ty,
        methods: { $($methods:tt)* }
    ) => {
        const _: () = {
            type PlayerGameRow = (
                i64,
                String,
                i64,
                String,
                i64,
                chrono::NaiveDate,
                String,
                bool,
                i32,
                i32,
                Option<i64>,
                Option<String>,
            );

            fn player_game_from_row(
                (
                    player,
                    name,
                    team,
                    opponent,
                    fixture,
                    date,
                    kind,
                    won,
                    points_for,
                    points_against,
                    partner,
                    partner_name,
                ): PlayerGameRow,
            ) -> Result<PlayerGame, StoreError> {
                Ok(PlayerGame {
                    player: PlayerId(player),
                    name,
                    team: TeamId(team),
                    opponent,
                    fixture: FixtureId(fixture),
                    date,
                    kind: match kind.as_str() {
                        "singles" => LegKind::Singles,
                        "pairs" => LegKind::Pairs,
                        other => {
                            return Err(StoreError::Corrupt(format!("a game of kind {other:?}")));
                        }
                    },
                    won,
                    points_for: i64::from(points_for),
                    points_against: i64::from(points_against),
                    partner: partner.map(PlayerId).zip(partner_name),
                })
            }

            /// Each player's part in the games of confirmed results; `player_games_where` adds a
            /// condition.
            const SELECT_PLAYER_GAMES: &str = "SELECT result_game_players.player_id, players.name, \
                 CASE result_game_players.side WHEN 'home' THEN fixtures.home_team_id \
                     ELSE fixtures.away_team_id END, \
                 opponents.name, fixtures.id, fixtures.played_on, result_games.leg_kind, \
                 result_games.winner = result_game_players.side, \
                 CASE result_game_players.side WHEN 'home' THEN result_games.home_points \
                     ELSE result_games.away_points END, \
                 CASE result_game_players.side WHEN 'home' THEN result_games.away_points \
                     ELSE result_games.home_points END, \
                 partners.player_id, partner_players.name \
                 FROM result_game_players \
                 JOIN result_games ON result_games.result_id = result_game_players.result_id \
                     AND result_games.game_number = result_game_players.game_number \
                 JOIN results ON results.id = result_game_players.result_id AND results.is_current \
                 JOIN fixtures ON fixtures.id = results.fixture_id \
                 JOIN players ON players.id = result_game_players.player_id \
                 JOIN teams opponents ON opponents.id = CASE result_game_players.side \
                     WHEN 'home' THEN fixtures.away_team_id ELSE fixtures.home_team_id END \
                 LEFT JOIN result_game_players partners \
                     ON partners.result_id = result_game_players.result_id \
                     AND partners.game_number = result_game_players.game_number \
                     AND partners.side = result_game_players.side \
                     AND partners.player_id <> result_game_players.player_id \
                 LEFT JOIN players partner_players ON partner_players.id = partners.player_id \
                 WHERE fixtures.status IN ('confirmed', 'walkover') AND NOT result_games.conceded";

            /// The players' games that `condition` (on `$1`) picks, in the order they were played.
            async fn player_games_where(
                pool: &sqlx::Pool<$db>,
                condition: &'static str,
                id: i64,
            ) -> Result<Vec<PlayerGame>, StoreError> {
                let rows: Vec<PlayerGameRow> = sqlx::query_as(&format!(
                    "{SELECT_PLAYER_GAMES} AND {condition} \
                     ORDER BY fixtures.played_on, fixtures.id, result_games.game_number"
                ))
                .bind(id)
                .fetch_all(pool)
                .await?;
                rows.into_iter().map(player_game_from_row).collect()
            }

            #[async_trait::async_trait]
            impl ResultStore for $store {
                $($methods)*

                async fn set_result_deadline(
                    &self,
                    competition: CompetitionId,
                    deadline: Option<ResultDeadline>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    match deadline {
                        Some(deadline) => {
                            sqlx::query(
                                "INSERT INTO result_deadlines (competition_id, days_after_fixture, \
                                 late_points) VALUES ($1, $2, $3) ON CONFLICT (competition_id) \
                                 DO UPDATE SET days_after_fixture = excluded.days_after_fixture, \
                                 late_points = excluded.late_points",
                            )
                            .bind(competition.0)
                            .bind(i32::try_from(deadline.days_after_fixture).unwrap_or(i32::MAX))
                            .bind(i32::try_from(deadline.late_points).unwrap_or(i32::MAX))
                            .execute(&mut *tx)
                            .await
                            .map_err(|error| {
                                foreign_key_violation_as(error, StoreError::NotFound("competition"))
                            })?;
                        }
                        None => {
                            sqlx::query("DELETE FROM result_deadlines WHERE competition_id = $1")
                                .bind(competition.0)
                                .execute(&mut *tx)
                                .await?;
                        }
                    }
                    tx.commit().await?;
                    Ok(())
                }

                async fn result_deadline(
                    &self,
                    competition: CompetitionId,
                ) -> Result<Option<ResultDeadline>, StoreError> {
                    let row: Option<(i32, i32)> = sqlx::query_as(
                        "SELECT days_after_fixture, late_points FROM result_deadlines \
                         WHERE competition_id = $1",
                    )
                    .bind(competition.0)
                    .fetch_optional(&self.pool)
                    .await?;
                    row.map(|(days, points)| {
                        let number = |value: i32| {
                            u32::try_from(value)
                                .map_err(|_| StoreError::Corrupt(format!("a deadline of {value}")))
                        };
                        Ok(ResultDeadline {
                            days_after_fixture: number(days)?,
                            late_points: number(points)?,
                        })
                    })
                    .transpose()
                }
                async fn set_player_table_min_games(
                    &self,
                    competition: CompetitionId,
                    min_games: u32,
                ) -> Result<(), StoreError> {
                    sqlx::query(
                        "INSERT INTO player_table_qualifiers (competition_id, min_games) \
                         VALUES ($1, $2) ON CONFLICT (competition_id) \
                         DO UPDATE SET min_games = excluded.min_games",
                    )
                    .bind(competition.0)
                    .bind(i32::try_from(min_games).unwrap_or(i32::MAX))
                    .execute(&self.writer)
                    .await
                    .map_err(|error| {
                        foreign_key_violation_as(error, StoreError::NotFound("competition"))
                    })?;
                    Ok(())
                }

                async fn player_table_min_games(
                    &self,
                    competition: CompetitionId,
                ) -> Result<u32, StoreError> {
                    let min_games: Option<i32> = sqlx::query_scalar(
                        "SELECT min_games FROM player_table_qualifiers WHERE competition_id = $1",
                    )
                    .bind(competition.0)
                    .fetch_optional(&self.pool)
                    .await?;
                    u32::try_from(min_games.unwrap_or(0)).map_err(|_| {
                        StoreError::Corrupt(format!("a qualifier of {min_games:?} games"))
                    })
                }

                async fn confirm_result(
                    &self,
                    fixture: FixtureId,
                    result: i64,
                    by: UserId,
                    at: chrono::DateTime<chrono::Utc>,
                ) -> Result<(), StoreError> {
                    answer_result(
                        self,
                        "(SELECT CASE WHEN walkover_conceded_by IS NULL \
                             THEN 'confirmed' ELSE 'walkover' END \
                             FROM results WHERE results.id = $2)",
                        "'awaiting_confirmation', 'disputed'",
                        NewEvent {
                            fixture,
                            at,
                            by,
                            action: ResultAction::Confirmed,
                            before: None,
                            after: result,
                            reason: None,
                        },
                    )
                    .await
                }

                async fn confirmed_results_of_division(
                    &self,
                    division: DivisionId,
                ) -> Result<Vec<(FixtureId, FixtureResult)>, StoreError> {
                    let rows: Vec<(i64, i64, i64, Option<i32>, Option<i32>, Option<String>)> =
                        sqlx::query_as(
                            "SELECT fixtures.id, fixtures.home_team_id, fixtures.away_team_id, \
                             results.home_games, results.away_games, results.walkover_conceded_by \
                             FROM fixtures \
                             JOIN results ON results.fixture_id = fixtures.id AND results.is_current \
                             WHERE fixtures.division_id = $1 \
                             AND fixtures.status IN ('confirmed', 'walkover') \
                             ORDER BY fixtures.played_on, fixtures.id",
                        )
                        .bind(division.0)
                        .fetch_all(&self.pool)
                        .await?;
                    rows.into_iter()
                        .map(
                            |(fixture, home, away, home_games, away_games, conceded_by)| {
                                Ok((
                                    FixtureId(fixture),
                                    FixtureResult {
                                        home: TeamId(home),
                                        away: TeamId(away),
                                        score: score_from_columns(
                                            home_games,
                                            away_games,
                                            conceded_by.as_deref(),
                                        )?,
                                    },
                                ))
                            },
                        )
                        .collect()
                }

                async fn player_games_of_division(
                    &self,
                    division: DivisionId,
                ) -> Result<Vec<PlayerGame>, StoreError> {
                    player_games_where(&self.pool, "fixtures.division_id = $1", division.0).await
                }

                async fn games_of_player(
                    &self,
                    player: PlayerId,
                ) -> Result<Vec<PlayerGame>, StoreError> {
                    player_games_where(&self.pool, "result_game_players.player_id = $1", player.0)
                        .await
                }

                async fn add_adjustment(
                    &self,
                    adjustment: &NewAdjustment<'_>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    insert_adjustment(&mut tx, adjustment).await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn adjustments_of_division(
                    &self,
                    division: DivisionId,
                ) -> Result<Vec<PointAdjustment>, StoreError> {
                    let rows: Vec<(i64, i32, String)> = sqlx::query_as(
                        "SELECT team_id, points, reason FROM point_adjustments \
                         WHERE division_id = $1 ORDER BY id",
                    )
                    .bind(division.0)
                    .fetch_all(&self.pool)
                    .await?;
                    Ok(rows
                        .into_iter()
                        .map(|(team, points, reason)| PointAdjustment {
                            team: TeamId(team),
                            points: i64::from(points),
                            reason,
                        })
                        .collect())
                }
            }
        };
    };
}

pub(super) use division_results_sql_store;
