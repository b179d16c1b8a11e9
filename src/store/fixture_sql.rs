//! The [`FixtureStore`](super::FixtureStore) methods, written once in SQL both dialects accept,
//! like those of `sql.rs`.

macro_rules! fixture_sql_store {
    ($store:ty, db: $db:ty) => {
        const _: () = {
            use $crate::domain::fixtures::{FixtureError, Legs};
            use $crate::domain::ids::{DivisionId, FixtureId, SeasonId, TeamId};
            use $crate::domain::league::SeasonCalendar;
            use $crate::domain::season_fixtures::{
                FixtureStatus, SeasonFixturesError, season_fixtures,
            };
            use $crate::store::league::weekday_from_number;
            use $crate::store::{
                Bye, Fixture, FixtureStore, FixtureVenue, StoreError, unique_violation_as,
            };

            /// Every column of a [`Fixture`]; callers add the WHERE and ORDER BY clauses.
            /// A fixture without a start time of its own starts at its season's usual time.
            const SELECT_FIXTURES: &str = "SELECT fixtures.id, fixtures.division_id, fixtures.round, \
                 fixtures.played_on, \
                 COALESCE(fixtures.start_time, fixture_season.start_time), \
                 fixtures.home_team_id, home.name, fixtures.away_team_id, \
                 away.name, fixtures.venue_name, fixtures.venue_address, fixtures.status \
                 FROM fixtures \
                 JOIN teams home ON home.id = fixtures.home_team_id \
                 JOIN teams away ON away.id = fixtures.away_team_id \
                 JOIN divisions fixture_division ON fixture_division.id = fixtures.division_id \
                 JOIN seasons fixture_season ON fixture_season.id = fixture_division.season_id";

            type FixtureRow = (
                i64,
                i64,
                i32,
                chrono::NaiveDate,
                Option<chrono::NaiveTime>,
                i64,
                String,
                i64,
                String,
                Option<String>,
                Option<String>,
                String,
            );

            fn fixture_from_row(
                (
                    id,
                    division_id,
                    round,
                    date,
                    start_time,
                    home_team_id,
                    home_team,
                    away_team_id,
                    away_team,
                    venue_name,
                    venue_address,
                    status,
                ): FixtureRow,
            ) -> Result<Fixture, StoreError> {
                Ok(Fixture {
                    id: FixtureId(id),
                    division_id: DivisionId(division_id),
                    round: u32::try_from(round).map_err(|_| {
                        StoreError::Corrupt(format!("fixture {id} is in round {round}"))
                    })?,
                    date,
                    start_time,
                    home_team_id: TeamId(home_team_id),
                    home_team,
                    away_team_id: TeamId(away_team_id),
                    away_team,
                    venue: match (venue_name, venue_address) {
                        (Some(name), Some(address)) => Some(FixtureVenue { name, address }),
                        _ => None,
                    },
                    status: status.parse().map_err(StoreError::Corrupt)?,
                })
            }

            async fn fixture_in<'e, E>(
                executor: E,
                id: FixtureId,
            ) -> Result<Option<Fixture>, StoreError>
            where
                E: sqlx::Executor<'e, Database = $db>,
            {
                let row: Option<FixtureRow> =
                    sqlx::query_as(&format!("{SELECT_FIXTURES} WHERE fixtures.id = $1"))
                        .bind(id.0)
                        .fetch_optional(executor)
                        .await?;
                row.map(fixture_from_row).transpose()
            }

            /// Sets the status of a fixture that has no result yet (and, when given, its date and
            /// its own start time, `Some(None)` clearing it), in one transaction; a fixture with a
            /// result is refused.
            async fn update_unplayed_fixture(
                pool: &sqlx::Pool<$db>,
                id: FixtureId,
                status: FixtureStatus,
                date: Option<chrono::NaiveDate>,
                start_time: Option<Option<chrono::NaiveTime>>,
            ) -> Result<Fixture, StoreError> {
                let mut tx = pool.begin_with(<$store>::BEGIN_WRITE).await?;
                let updated = sqlx::query(
                    "UPDATE fixtures SET status = $2, played_on = COALESCE($3, played_on) \
                     WHERE id = $1 AND status IN ('scheduled', 'postponed')",
                )
                .bind(id.0)
                .bind(status.as_str())
                .bind(date)
                .execute(&mut *tx)
                .await?;
                // Only once the update above found the fixture without a result.
                if let (Some(start_time), 1) = (start_time, updated.rows_affected()) {
                    sqlx::query("UPDATE fixtures SET start_time = $2 WHERE id = $1")
                        .bind(id.0)
                        .bind(start_time)
                        .execute(&mut *tx)
                        .await?;
                }
                unplayed_fixture_changed(tx, id, updated.rows_affected()).await
            }

            /// Ends the change of a fixture made by an update that changes it only while it has
            /// no result (`changed` rows): the fixture as it now is, committed; `FixtureHasResult`
            /// when the update found it with one, `NotFound` when there is none.
            async fn unplayed_fixture_changed(
                mut tx: sqlx::Transaction<'_, $db>,
                id: FixtureId,
                changed: u64,
            ) -> Result<Fixture, StoreError> {
                let fixture = fixture_in(&mut *tx, id)
                    .await?
                    .ok_or(StoreError::NotFound("fixture"))?;
                if changed != 1 {
                    return Err(StoreError::FixtureHasResult);
                }
                tx.commit().await?;
                Ok(fixture)
            }

            #[async_trait::async_trait]
            impl FixtureStore for $store {
                async fn generate_fixtures(
                    &self,
                    division: DivisionId,
                    legs: Legs,
                ) -> Result<Vec<Fixture>, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let season: Option<(i64, chrono::NaiveDate, i32)> = sqlx::query_as(
                        "SELECT seasons.id, seasons.starts_on, seasons.league_night \
                         FROM divisions JOIN seasons ON seasons.id = divisions.season_id \
                         WHERE divisions.id = $1",
                    )
                    .bind(division.0)
                    .fetch_optional(&mut *tx)
                    .await?;
                    let (season, start, night) = season.ok_or(StoreError::NotFound("division"))?;
                    let made: i64 =
                        sqlx::query_scalar("SELECT COUNT(*) FROM fixtures WHERE division_id = $1")
                            .bind(division.0)
                            .fetch_one(&mut *tx)
                            .await?;
                    if made > 0 {
                        return Err(StoreError::FixturesAlreadyGenerated);
                    }
                    let blackouts: Vec<chrono::NaiveDate> = sqlx::query_scalar(
                        "SELECT blackout_on FROM season_blackout_dates WHERE season_id = $1",
                    )
                    .bind(season)
                    .fetch_all(&mut *tx)
                    .await?;
                    let calendar =
                        SeasonCalendar::new(start, weekday_from_number(night)?, blackouts)
                            .map_err(|e| {
                                StoreError::Corrupt(format!("the calendar of season {season}: {e}"))
                            })?;
                    // Each team with the pub it has now, copied into its home fixtures.
                    let teams: Vec<(i64, Option<String>, Option<String>)> = sqlx::query_as(
                        "SELECT teams.id, teams.venue_name, teams.venue_address \
                         FROM teams JOIN division_teams ON division_teams.team_id = teams.id \
                         WHERE division_teams.division_id = $1 ORDER BY teams.name, teams.id",
                    )
                    .bind(division.0)
                    .fetch_all(&mut *tx)
                    .await?;
                    let rounds = season_fixtures(&teams, legs, &calendar).map_err(|e| match e {
                        SeasonFixturesError::Teams(FixtureError::TooFewTeams { teams }) => {
                            StoreError::TooFewTeams { teams }
                        }
                        other => StoreError::CannotScheduleFixtures(other),
                    })?;

                    // A second generation running at the same time breaks the one-round-per-team
                    // key when it inserts, and is refused like one that came later.
                    let already = |e| unique_violation_as(e, StoreError::FixturesAlreadyGenerated);
                    let round_team = "INSERT INTO fixture_round_teams \
                         (division_id, round, team_id, fixture_id) VALUES ($1, $2, $3, $4)";
                    for round in &rounds {
                        let number = i32::try_from(round.number)
                            .expect("a round robin of at most forty teams has few rounds");
                        for (home, away) in &round.matches {
                            let id: i64 = sqlx::query_scalar(
                                "INSERT INTO fixtures (division_id, round, played_on, home_team_id, \
                                 away_team_id, venue_name, venue_address, status) \
                                 VALUES ($1, $2, $3, $4, $5, $6, $7, 'scheduled') RETURNING id",
                            )
                            .bind(division.0)
                            .bind(number)
                            .bind(round.date)
                            .bind(home.0)
                            .bind(away.0)
                            .bind(home.1.as_deref().filter(|_| home.2.is_some()))
                            .bind(home.2.as_deref().filter(|_| home.1.is_some()))
                            .fetch_one(&mut *tx)
                            .await?;
                            for team in [home.0, away.0] {
                                sqlx::query(round_team)
                                    .bind(division.0)
                                    .bind(number)
                                    .bind(team)
                                    .bind(Some(id))
                                    .execute(&mut *tx)
                                    .await
                                    .map_err(already)?;
                            }
                        }
                        if let Some(bye) = &round.bye {
                            sqlx::query(round_team)
                                .bind(division.0)
                                .bind(number)
                                .bind(bye.0)
                                .bind(None::<i64>)
                                .execute(&mut *tx)
                                .await
                                .map_err(already)?;
                        }
                    }
                    let rows: Vec<FixtureRow> = sqlx::query_as(&format!(
                        "{SELECT_FIXTURES} WHERE fixtures.division_id = $1 \
                         ORDER BY fixtures.played_on, fixtures.id"
                    ))
                    .bind(division.0)
                    .fetch_all(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    rows.into_iter().map(fixture_from_row).collect()
                }

                async fn fixtures_of_division(
                    &self,
                    division: DivisionId,
                ) -> Result<Vec<Fixture>, StoreError> {
                    let rows: Vec<FixtureRow> = sqlx::query_as(&format!(
                        "{SELECT_FIXTURES} WHERE fixtures.division_id = $1 \
                         ORDER BY fixtures.played_on, fixtures.id"
                    ))
                    .bind(division.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter().map(fixture_from_row).collect()
                }

                async fn byes_of_division(
                    &self,
                    division: DivisionId,
                ) -> Result<Vec<Bye>, StoreError> {
                    let rows: Vec<(i32, i64, String)> = sqlx::query_as(
                        "SELECT fixture_round_teams.round, teams.id, teams.name \
                         FROM fixture_round_teams JOIN teams ON teams.id = fixture_round_teams.team_id \
                         WHERE fixture_round_teams.division_id = $1 \
                         AND fixture_round_teams.fixture_id IS NULL \
                         ORDER BY fixture_round_teams.round, teams.name, teams.id",
                    )
                    .bind(division.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter()
                        .map(|(round, team_id, team)| {
                            Ok(Bye {
                                round: u32::try_from(round).map_err(|_| {
                                    StoreError::Corrupt(format!("a bye in round {round}"))
                                })?,
                                team_id: TeamId(team_id),
                                team,
                            })
                        })
                        .collect()
                }

                async fn fixtures_of_team(
                    &self,
                    team: TeamId,
                    season: SeasonId,
                ) -> Result<Vec<Fixture>, StoreError> {
                    let rows: Vec<FixtureRow> = sqlx::query_as(&format!(
                        "{SELECT_FIXTURES} \
                         WHERE (fixtures.home_team_id = $1 OR fixtures.away_team_id = $1) \
                         AND fixture_division.season_id = $2 \
                         ORDER BY fixtures.played_on, fixtures.id"
                    ))
                    .bind(team.0)
                    .bind(season.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter().map(fixture_from_row).collect()
                }

                async fn fixture(&self, id: FixtureId) -> Result<Option<Fixture>, StoreError> {
                    fixture_in(&self.pool, id).await
                }

                async fn move_fixture(
                    &self,
                    id: FixtureId,
                    date: chrono::NaiveDate,
                ) -> Result<Fixture, StoreError> {
                    update_unplayed_fixture(
                        &self.writer,
                        id,
                        FixtureStatus::Scheduled,
                        Some(date),
                        None,
                    )
                    .await
                }

                async fn reschedule_fixture(
                    &self,
                    id: FixtureId,
                    date: chrono::NaiveDate,
                    start_time: Option<chrono::NaiveTime>,
                ) -> Result<Fixture, StoreError> {
                    update_unplayed_fixture(
                        &self.writer,
                        id,
                        FixtureStatus::Scheduled,
                        Some(date),
                        Some(start_time),
                    )
                    .await
                }

                async fn postpone_fixture(&self, id: FixtureId) -> Result<Fixture, StoreError> {
                    update_unplayed_fixture(&self.writer, id, FixtureStatus::Postponed, None, None)
                        .await
                }

                async fn reverse_fixture(&self, id: FixtureId) -> Result<Fixture, StoreError> {
                    let mut tx = self.begin_write().await?;
                    // The round's teams stay the same, so what each team does in the round keeps
                    // pointing at this fixture.
                    let updated = sqlx::query(
                        "UPDATE fixtures SET home_team_id = away_team_id, \
                         away_team_id = home_team_id, \
                         venue_name = (SELECT CASE WHEN venue_address IS NULL THEN NULL \
                             ELSE venue_name END FROM teams WHERE teams.id = fixtures.away_team_id), \
                         venue_address = (SELECT CASE WHEN venue_name IS NULL THEN NULL \
                             ELSE venue_address END FROM teams WHERE teams.id = fixtures.away_team_id) \
                         WHERE id = $1 AND status IN ('scheduled', 'postponed')",
                    )
                    .bind(id.0)
                    .execute(&mut *tx)
                    .await?;
                    unplayed_fixture_changed(tx, id, updated.rows_affected()).await
                }
            }
        };
    };
}

pub(super) use fixture_sql_store;
