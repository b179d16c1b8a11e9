//! The [`LeagueStore`](super::LeagueStore) methods of competitions, their seasons and their
//! divisions (with the teams in them), written once in SQL both dialects accept.
//!
//! Its macro is expanded by `league_sql_store!` inside that macro's block, which hands it the
//! methods of organisations, teams and players: the one `impl LeagueStore` is made here, and
//! this block sees that block's imports and helpers (`take_rows`, `change_one_row` and the
//! rest), naming only the ones it adds.

macro_rules! league_season_sql_store {
    (
        store: $store:ty,
        db: $db:ty,
        row_lock: $row_lock:literal,
        methods: { $($methods:tt)* }
    ) => {
        const _: () = {
            type CompetitionRow = (i64, i64, String, String, String, String);

            fn competition_from_row(
                (id, organisation_id, name, ruleset, match_format, entry_level): CompetitionRow,
            ) -> Result<Competition, StoreError> {
                Ok(Competition {
                    id: CompetitionId(id),
                    organisation_id: OrganisationId(organisation_id),
                    name,
                    ruleset: ruleset_from_json(&ruleset)?,
                    match_format: from_json("match format", &match_format)?,
                    entry_level: EntryLevel::named(&entry_level).ok_or_else(|| {
                        StoreError::Corrupt(format!("an entry level named {entry_level:?}"))
                    })?,
                })
            }

            type DivisionRow = (i64, i64, String, String);

            fn division_from_row(
                (id, season_id, name, tiebreaks): DivisionRow,
            ) -> Result<Division, StoreError> {
                Ok(Division {
                    id: DivisionId(id),
                    season_id: SeasonId(season_id),
                    name,
                    tiebreaks: from_json("tiebreak order", &tiebreaks)?,
                })
            }

            #[async_trait::async_trait]
            impl LeagueStore for $store {
                $($methods)*

                async fn create_competition(
                    &self,
                    competition: &NewCompetition,
                ) -> Result<Competition, StoreError> {
                    let skeleton = competition.name.skeleton();
                    let mut tx = self.begin_write().await?;
                    let existing = <$store>::name_of_skeleton(
                        &mut *tx,
                        "SELECT name FROM competitions \
                         WHERE organisation_id = $1 AND name_skeleton = $2",
                        competition.organisation.0,
                        &skeleton,
                    )
                    .await?;
                    look_alike_refusal(
                        existing,
                        &competition.name,
                        StoreError::CompetitionNameTaken,
                    )?;
                    let row: CompetitionRow = sqlx::query_as(
                        "INSERT INTO competitions \
                         (organisation_id, name, name_skeleton, ruleset, match_format, created_at, \
                         entry_level) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7) \
                         RETURNING id, organisation_id, name, ruleset, match_format, entry_level",
                    )
                    .bind(competition.organisation.0)
                    .bind(competition.name.as_str())
                    .bind(&skeleton)
                    .bind(ruleset_json(&competition.ruleset))
                    .bind(to_json(&competition.match_format))
                    .bind(competition.created_at)
                    .bind(competition.entry_level.as_str())
                    .fetch_one(&mut *tx)
                    .await
                    .map_err(|e| {
                        constraint_violation_as(
                            e,
                            StoreError::CompetitionNameTaken,
                            StoreError::NotFound("organisation"),
                        )
                    })?;
                    tx.commit().await?;
                    competition_from_row(row)
                }

                async fn competitions_of(
                    &self,
                    organisation: OrganisationId,
                ) -> Result<Vec<Competition>, StoreError> {
                    let rows: Vec<CompetitionRow> = sqlx::query_as(
                        "SELECT id, organisation_id, name, ruleset, match_format, entry_level \
                         FROM competitions \
                         WHERE organisation_id = $1 ORDER BY name, id",
                    )
                    .bind(organisation.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter().map(competition_from_row).collect()
                }

                async fn create_season(&self, season: &NewSeason) -> Result<Season, StoreError> {
                    let calendar = &season.calendar;
                    let mut tx = self.begin_write().await?;
                    let id: i64 = sqlx::query_scalar(
                        "INSERT INTO seasons \
                         (competition_id, name, starts_on, league_night, created_at, start_time) \
                         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                    )
                    .bind(season.competition.0)
                    .bind(season.name.as_str())
                    .bind(calendar.start())
                    .bind(weekday_number(calendar.league_night()))
                    .bind(season.created_at)
                    .bind(calendar.start_time())
                    .fetch_one(&mut *tx)
                    .await
                    .map_err(|e| {
                        constraint_violation_as(
                            e,
                            StoreError::SeasonNameTaken,
                            StoreError::NotFound("competition"),
                        )
                    })?;
                    for date in calendar.blackout_dates() {
                        sqlx::query(
                            "INSERT INTO season_blackout_dates (season_id, blackout_on) \
                             VALUES ($1, $2)",
                        )
                        .bind(id)
                        .bind(date)
                        .execute(&mut *tx)
                        .await?;
                    }
                    tx.commit().await?;
                    Ok(Season {
                        id: SeasonId(id),
                        competition_id: season.competition,
                        name: season.name.as_str().to_string(),
                        start: calendar.start(),
                        league_night: calendar.league_night(),
                        blackout_dates: calendar.blackout_dates().collect(),
                        start_time: calendar.start_time(),
                    })
                }

                async fn seasons_of(
                    &self,
                    competition: CompetitionId,
                ) -> Result<Vec<Season>, StoreError> {
                    let rows: Vec<(
                        i64,
                        String,
                        chrono::NaiveDate,
                        i32,
                        Option<chrono::NaiveTime>,
                    )> = sqlx::query_as(
                        "SELECT id, name, starts_on, league_night, start_time FROM seasons \
                         WHERE competition_id = $1 ORDER BY starts_on DESC, id DESC",
                    )
                    .bind(competition.0)
                    .fetch_all(&self.pool)
                    .await?;
                    let blackouts: Vec<(i64, chrono::NaiveDate)> = sqlx::query_as(
                        "SELECT season_blackout_dates.season_id, season_blackout_dates.blackout_on \
                         FROM season_blackout_dates \
                         JOIN seasons ON seasons.id = season_blackout_dates.season_id \
                         WHERE seasons.competition_id = $1 \
                         ORDER BY season_blackout_dates.blackout_on",
                    )
                    .bind(competition.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter()
                        .map(|(id, name, start, night, start_time)| {
                            Ok(Season {
                                id: SeasonId(id),
                                competition_id: competition,
                                name,
                                start,
                                league_night: weekday_from_number(night)?,
                                blackout_dates: blackouts
                                    .iter()
                                    .filter(|(season, _)| *season == id)
                                    .map(|(_, date)| *date)
                                    .collect(),
                                start_time,
                            })
                        })
                        .collect()
                }

                async fn delete_season(&self, season: SeasonId) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    // Results are the league's record: a season that has any is kept. The season and
                    // its divisions are taken first, so that no division or fixture is added to it
                    // meanwhile, then its fixtures, as a result's submission takes them.
                    take_row_by_id(&mut tx, "seasons", "season", season.0).await?;
                    take_rows::<i64>(
                        &mut tx,
                        "SELECT id FROM divisions WHERE season_id = $1",
                        season.0,
                    )
                    .await?;
                    let played = take_fixtures_with_results(
                        &mut tx,
                        "SELECT status FROM fixtures WHERE division_id IN \
                         (SELECT id FROM divisions WHERE season_id = $1)",
                        season.0,
                    )
                    .await?;
                    if played > 0 {
                        return Err(StoreError::SeasonHasResults);
                    }
                    // The schema's ON DELETE CASCADE takes the rest.
                    delete_row(&mut tx, "seasons", "season", season.0).await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn create_division(
                    &self,
                    division: &NewDivision,
                ) -> Result<Division, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let row: DivisionRow = sqlx::query_as(
                        "INSERT INTO divisions (season_id, name, tiebreaks, created_at) \
                         VALUES ($1, $2, $3, $4) RETURNING id, season_id, name, tiebreaks",
                    )
                    .bind(division.season.0)
                    .bind(division.name.as_str())
                    .bind(to_json(&division.tiebreaks))
                    .bind(division.created_at)
                    .fetch_one(&mut *tx)
                    .await
                    .map_err(|e| {
                        constraint_violation_as(
                            e,
                            StoreError::DivisionNameTaken,
                            StoreError::NotFound("season"),
                        )
                    })?;
                    tx.commit().await?;
                    division_from_row(row)
                }

                async fn divisions_of(
                    &self,
                    season: SeasonId,
                ) -> Result<Vec<Division>, StoreError> {
                    let rows: Vec<DivisionRow> = sqlx::query_as(
                        "SELECT id, season_id, name, tiebreaks FROM divisions \
                         WHERE season_id = $1 ORDER BY id",
                    )
                    .bind(season.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter().map(division_from_row).collect()
                }

                async fn set_division_tiebreaks(
                    &self,
                    division: DivisionId,
                    tiebreaks: &TiebreakOrder,
                ) -> Result<(), StoreError> {
                    change_one_row(
                        &self.writer,
                        sqlx::query("UPDATE divisions SET tiebreaks = $1 WHERE id = $2")
                            .bind(to_json(tiebreaks))
                            .bind(division.0),
                        "division",
                    )
                    .await
                }

                async fn add_team_to_division(
                    &self,
                    division: DivisionId,
                    team: TeamId,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    refuse_of_another_organisation(
                        &mut tx,
                        (
                            "SELECT competitions.organisation_id FROM divisions \
                             JOIN seasons ON seasons.id = divisions.season_id \
                             JOIN competitions ON competitions.id = seasons.competition_id \
                             WHERE divisions.id = $1",
                            division.0,
                            "division",
                        ),
                        ("SELECT organisation_id FROM teams WHERE id = $1", team.0, "team"),
                    )
                    .await?;
                    sqlx::query(
                        "INSERT INTO division_teams (division_id, season_id, team_id) \
                         SELECT id, season_id, $2 FROM divisions WHERE id = $1",
                    )
                    .bind(division.0)
                    .bind(team.0)
                    .execute(&mut *tx)
                    .await
                    .map_err(|e| unique_violation_as(e, StoreError::TeamAlreadyInSeason))?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn join_division(
                    &self,
                    division: DivisionId,
                    names: &[&DisplayName],
                    at: chrono::DateTime<chrono::Utc>,
                    keep: bool,
                ) -> Result<Vec<Team>, StoreError> {
                    use $crate::store::DivisionRefusal;
                    let mut tx = self.begin_write().await?;
                    // The division's row is taken first, so that lists for one division at the
                    // same moment are kept one after the other.
                    take_row_by_id(&mut tx, "divisions", "division", division.0).await?;
                    let (organisation, season): (i64, i64) = sqlx::query_as(
                        "SELECT competitions.organisation_id, divisions.season_id FROM divisions \
                         JOIN seasons ON seasons.id = divisions.season_id \
                         JOIN competitions ON competitions.id = seasons.competition_id \
                         WHERE divisions.id = $1",
                    )
                    .bind(division.0)
                    .fetch_optional(&mut *tx)
                    .await?
                    .ok_or(StoreError::NotFound("division"))?;
                    let mut refusals = Vec::new();
                    let mut joined = Vec::with_capacity(names.len());
                    for (index, name) in names.iter().enumerate() {
                        let skeleton = name.skeleton();
                        let alike: Vec<Team> = sqlx::query_as(
                            "SELECT id, organisation_id, name, contact FROM teams \
                             WHERE organisation_id = $1 AND name_skeleton = $2 ORDER BY id",
                        )
                        .bind(organisation)
                        .bind(&skeleton)
                        .fetch_all(&mut *tx)
                        .await?;
                        let team = match alike.iter().find(|team| team.name == name.as_str()) {
                            Some(team) => team.clone(),
                            None => match alike.into_iter().next() {
                                Some(other) => {
                                    refusals.push((
                                        index,
                                        DivisionRefusal::LooksLike {
                                            existing: other.name,
                                        },
                                    ));
                                    continue;
                                }
                                None => sqlx::query_as::<_, Team>(
                                    "INSERT INTO teams (organisation_id, name, name_skeleton, created_at) \
                                     VALUES ($1, $2, $3, $4) RETURNING id, organisation_id, name, contact",
                                )
                                .bind(organisation)
                                .bind(name.as_str())
                                .bind(&skeleton)
                                .bind(at)
                                .fetch_one(&mut *tx)
                                .await
                                .map_err(|e| unique_violation_as(e, StoreError::TeamNameTaken))?,
                            },
                        };
                        let placed: Option<(i64, String)> = sqlx::query_as(
                            "SELECT divisions.id, divisions.name FROM division_teams \
                             JOIN divisions ON divisions.id = division_teams.division_id \
                             WHERE division_teams.team_id = $1 AND division_teams.season_id = $2",
                        )
                        .bind(team.id.0)
                        .bind(season)
                        .fetch_optional(&mut *tx)
                        .await?;
                        match placed {
                            Some((id, _)) if id == division.0 => {
                                refusals.push((index, DivisionRefusal::AlreadyInDivision));
                            }
                            Some((_, name)) => refusals.push((
                                index,
                                DivisionRefusal::InAnotherDivision { division: name },
                            )),
                            None => {
                                sqlx::query(
                                    "INSERT INTO division_teams (division_id, season_id, team_id) \
                                     VALUES ($1, $2, $3)",
                                )
                                .bind(division.0)
                                .bind(season)
                                .bind(team.id.0)
                                .execute(&mut *tx)
                                .await
                                .map_err(|e| {
                                    unique_violation_as(e, StoreError::TeamAlreadyInSeason)
                                })?;
                                joined.push(team);
                            }
                        }
                    }
                    // Dropping the transaction rolls back every team made above.
                    if !refusals.is_empty() {
                        return Err(StoreError::DivisionRefused(refusals));
                    }
                    if !keep {
                        tx.rollback().await?;
                        return Ok(Vec::new());
                    }
                    tx.commit().await?;
                    Ok(joined)
                }

                async fn teams_of(&self, division: DivisionId) -> Result<Vec<Team>, StoreError> {
                    Ok(sqlx::query_as::<_, Team>(
                        "SELECT teams.id, teams.organisation_id, teams.name, teams.contact \
                         FROM teams JOIN division_teams ON division_teams.team_id = teams.id \
                         WHERE division_teams.division_id = $1 ORDER BY teams.name, teams.id",
                    )
                    .bind(division.0)
                    .fetch_all(&self.pool)
                    .await?)
                }

                async fn rename_competition(
                    &self,
                    competition: CompetitionId,
                    name: &DisplayName,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    rename_unique(
                        &mut tx,
                        "competitions",
                        "competition",
                        competition.0,
                        name,
                        || StoreError::CompetitionNameTaken,
                    )
                    .await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn delete_competition(
                    &self,
                    competition: CompetitionId,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    // From the top down, so that nothing is added beneath while it is counted.
                    take_row_by_id(&mut tx, "competitions", "competition", competition.0).await?;
                    take_rows::<i64>(
                        &mut tx,
                        "SELECT id FROM seasons WHERE competition_id = $1",
                        competition.0,
                    )
                    .await?;
                    take_rows::<i64>(
                        &mut tx,
                        "SELECT id FROM divisions WHERE season_id IN \
                         (SELECT id FROM seasons WHERE competition_id = $1)",
                        competition.0,
                    )
                    .await?;
                    refuse_if_played(
                        take_fixtures_with_results(
                            &mut tx,
                            "SELECT status FROM fixtures WHERE division_id IN \
                             (SELECT divisions.id FROM divisions \
                             JOIN seasons ON seasons.id = divisions.season_id \
                             WHERE seasons.competition_id = $1)",
                            competition.0,
                        )
                        .await?,
                    )?;
                    delete_row(&mut tx, "competitions", "competition", competition.0).await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn set_entry_level(
                    &self,
                    competition: CompetitionId,
                    level: EntryLevel,
                ) -> Result<Competition, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let row: Option<CompetitionRow> = sqlx::query_as(
                        "UPDATE competitions SET entry_level = $2 WHERE id = $1 \
                         RETURNING id, organisation_id, name, ruleset, match_format, entry_level",
                    )
                    .bind(competition.0)
                    .bind(level.as_str())
                    .fetch_optional(&mut *tx)
                    .await?;
                    let row = row.ok_or(StoreError::NotFound("competition"))?;
                    tx.commit().await?;
                    competition_from_row(row)
                }

                async fn competition(
                    &self,
                    id: CompetitionId,
                ) -> Result<Option<Competition>, StoreError> {
                    let row: Option<CompetitionRow> = sqlx::query_as(
                        "SELECT id, organisation_id, name, ruleset, match_format, entry_level \
                         FROM competitions \
                         WHERE id = $1",
                    )
                    .bind(id.0)
                    .fetch_optional(&self.pool)
                    .await?;
                    row.map(competition_from_row).transpose()
                }

                async fn division_lineage(
                    &self,
                    division: DivisionId,
                ) -> Result<Option<(OrganisationId, CompetitionId, SeasonId)>, StoreError> {
                    let row: Option<(i64, i64, i64)> = sqlx::query_as(
                        "SELECT competitions.organisation_id, competitions.id, seasons.id \
                         FROM divisions JOIN seasons ON seasons.id = divisions.season_id \
                         JOIN competitions ON competitions.id = seasons.competition_id \
                         WHERE divisions.id = $1",
                    )
                    .bind(division.0)
                    .fetch_optional(&self.pool)
                    .await?;
                    Ok(row.map(|(organisation, competition, season)| {
                        (
                            OrganisationId(organisation),
                            CompetitionId(competition),
                            SeasonId(season),
                        )
                    }))
                }

                async fn current_division_of_team(
                    &self,
                    team: TeamId,
                ) -> Result<Option<DivisionId>, StoreError> {
                    let division: Option<i64> = sqlx::query_scalar(
                        "SELECT division_teams.division_id FROM division_teams \
                         JOIN divisions ON divisions.id = division_teams.division_id \
                         JOIN seasons ON seasons.id = divisions.season_id \
                         WHERE division_teams.team_id = $1 \
                         ORDER BY seasons.starts_on DESC, seasons.id DESC LIMIT 1",
                    )
                    .bind(team.0)
                    .fetch_optional(&self.pool)
                    .await?;
                    Ok(division.map(DivisionId))
                }
            }
        };
    };
}

pub(super) use league_season_sql_store;
