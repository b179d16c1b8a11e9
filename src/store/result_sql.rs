//! The [`ResultStore`](super::ResultStore) methods of a result's life (submitted, confirmed,
//! disputed, withdrawn, corrected, read with its versions and history), written once in SQL
//! both dialects accept, like those of `sql.rs`; what a division's tables count is in
//! `division_results_sql.rs`, whose macro this one expands with these methods to make the one
//! `impl ResultStore`.
//!
//! A result is kept as versions, never overwritten, with `result_events` as its audit log. A
//! submission is written away from its request (`submit_result_with`): once begun it ends,
//! committed or rolled back, even when the request is dropped (on PostgreSQL on a task of its
//! own, on SQLite in the queue of `sqlite.rs`).

/// `one_statement_submission` is the store's way of keeping a first submission in one
/// statement, `None` when it could not (see `postgres_result.rs`).
macro_rules! result_sql_store {
    (
        $store:ty,
        db: $db:ty,
        one_statement_submission: $one_statement:path,
        write_submission: $write_submission:ident
    ) => {
        const _: () = {
            use $crate::domain::ids::{
                CompetitionId, DivisionId, FixtureId, PlayerId, TeamId, UserId,
            };
            use $crate::domain::match_format::LegKind;
            use $crate::domain::result_deadline::ResultDeadline;
            use $crate::domain::season_fixtures::FixtureStatus;
            use $crate::domain::standings::{FixtureResult, PointAdjustment};
            use $crate::store::result_submission::{
                NewEvent, OwnedSubmission, counted_status, score_columns, score_from_columns,
                side_name, the_same_submission,
            };
            use $crate::store::{
                NewAdjustment, NewResult, PlayerGame, ResultAction, ResultEvent, ResultStore,
                StoreError, StoredResult, Submitted, VersionScore, foreign_key_violation_as,
            };

            const SELECT_RESULTS: &str = "SELECT results.id, results.fixture_id, results.version, \
                 results.sheet, results.home_games, results.away_games, \
                 results.walkover_conceded_by, results.submitted_by, users.email, \
                 results.submitted_for_team, results.submitted_at \
                 FROM results JOIN users ON users.id = results.submitted_by";

            type ResultRow = (
                i64,
                i64,
                i32,
                String,
                Option<i32>,
                Option<i32>,
                Option<String>,
                i64,
                String,
                Option<i64>,
                chrono::DateTime<chrono::Utc>,
            );

            fn result_from_row(
                (
                    id,
                    fixture,
                    version,
                    sheet,
                    home_games,
                    away_games,
                    conceded_by,
                    submitted_by,
                    email,
                    for_team,
                    submitted_at,
                ): ResultRow,
            ) -> Result<StoredResult, StoreError> {
                Ok(StoredResult {
                    id,
                    fixture: FixtureId(fixture),
                    version: u32::try_from(version)
                        .map_err(|_| StoreError::Corrupt(format!("result version {version}")))?,
                    sheet: serde_json::from_str(&sheet)
                        .map_err(|e| StoreError::Corrupt(format!("result {id}: {e}")))?,
                    score: score_from_columns(home_games, away_games, conceded_by.as_deref())?,
                    submitted_by: UserId(submitted_by),
                    submitted_by_email: email,
                    for_team: for_team.map(TeamId),
                    submitted_at,
                })
            }

            async fn result_by_id<'e, E>(executor: E, id: i64) -> Result<StoredResult, StoreError>
            where
                E: sqlx::Executor<'e, Database = $db>,
            {
                let row: ResultRow =
                    sqlx::query_as(&format!("{SELECT_RESULTS} WHERE results.id = $1"))
                        .bind(id)
                        .fetch_one(executor)
                        .await?;
                result_from_row(row)
            }

            async fn result_by_key(
                tx: &mut sqlx::Transaction<'_, $db>,
                fixture: FixtureId,
                key: &str,
            ) -> Result<Option<StoredResult>, StoreError> {
                let id: Option<i64> = sqlx::query_scalar(
                    "SELECT id FROM results WHERE fixture_id = $1 AND submission_key = $2",
                )
                .bind(fixture.0)
                .bind(key)
                .fetch_optional(&mut **tx)
                .await?;
                match id {
                    Some(id) => Ok(Some(result_by_id(&mut **tx, id).await?)),
                    None => Ok(None),
                }
            }

            /// Writes a version of a result with its games and players, current; returns its id.
            async fn insert_result_version(
                tx: &mut sqlx::Transaction<'_, $db>,
                result: &NewResult<'_>,
                version: i32,
            ) -> Result<i64, StoreError> {
                let (home_games, away_games, conceded_by) = score_columns(result.checked.score);
                let sheet =
                    serde_json::to_string(result.sheet).expect("a result sheet is plain data");
                let id: i64 = sqlx::query_scalar(
                    "INSERT INTO results (fixture_id, version, is_current, sheet, home_games, \
                     away_games, walkover_conceded_by, submission_key, submitted_by, \
                     submitted_for_team, submitted_at) \
                     VALUES ($1, $2, TRUE, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
                )
                .bind(result.fixture.0)
                .bind(version)
                .bind(sheet)
                .bind(home_games)
                .bind(away_games)
                .bind(conceded_by)
                .bind(result.submission_key)
                .bind(result.by.0)
                .bind(result.for_team.map(|team| team.0))
                .bind(result.at)
                .fetch_one(&mut **tx)
                .await?;
                // Every game in one statement and every player's place in another, rather than a
                // round trip each: about forty statements a submission became six.
                let games = &result.checked.games;
                if !games.is_empty() {
                    let mut insert = sqlx::QueryBuilder::<$db>::new(
                        "INSERT INTO result_games (result_id, game_number, leg_kind, winner, \
                         conceded, home_points, away_points, hands) ",
                    );
                    insert.push_values(games, |mut row, game| {
                        row.push_bind(id)
                            .push_bind(i32::try_from(game.number).unwrap_or(i32::MAX))
                            .push_bind(game.kind.to_string())
                            .push_bind(side_name(game.winner))
                            .push_bind(game.conceded)
                            .push_bind(i32::try_from(game.home_points).unwrap_or(i32::MAX))
                            .push_bind(i32::try_from(game.away_points).unwrap_or(i32::MAX))
                            .push_bind(i32::try_from(game.hands).unwrap_or(i32::MAX));
                    });
                    insert.build().execute(&mut **tx).await?;
                }
                let places: Vec<(i32, i64, &str)> = games
                    .iter()
                    .flat_map(|game| {
                        let number = i32::try_from(game.number).unwrap_or(i32::MAX);
                        let home = game
                            .home
                            .iter()
                            .map(move |player| (number, player.0, "home"));
                        let away = game
                            .away
                            .iter()
                            .map(move |player| (number, player.0, "away"));
                        home.chain(away)
                    })
                    .collect();
                if !places.is_empty() {
                    let mut insert = sqlx::QueryBuilder::<$db>::new(
                        "INSERT INTO result_game_players (result_id, game_number, player_id, side) ",
                    );
                    insert.push_values(places, |mut row, (number, player, side)| {
                        row.push_bind(id)
                            .push_bind(number)
                            .push_bind(player)
                            .push_bind(side);
                    });
                    // The key of a game's players finds each player still there; one removed since
                    // the sheet was checked refuses the whole result.
                    insert.build().execute(&mut **tx).await.map_err(|e| {
                        super::foreign_key_violation_as(e, StoreError::PlayerRemoved)
                    })?;
                }
                Ok(id)
            }

            async fn record_result_event(
                tx: &mut sqlx::Transaction<'_, $db>,
                event: NewEvent<'_>,
            ) -> Result<(), StoreError> {
                sqlx::query(
                    "INSERT INTO result_events (fixture_id, happened_at, user_id, action, \
                     before_result_id, after_result_id, reason) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(event.fixture.0)
                .bind(event.at)
                .bind(event.by.0)
                .bind(event.action.as_str())
                .bind(event.before)
                .bind(event.after)
                .bind(event.reason)
                .execute(&mut **tx)
                .await?;
                Ok(())
            }

            /// A mail cause the fixture's status trigger cannot see: a submission amended or
            /// withdrawn, mailed by the sender once this transaction commits.
            async fn cause_mail(
                tx: &mut sqlx::Transaction<'_, $db>,
                kind: &'static str,
                fixture: FixtureId,
                at: chrono::DateTime<chrono::Utc>,
            ) -> Result<(), StoreError> {
                sqlx::query(
                    "INSERT INTO mail_causes (kind, fixture_id, happened_at) VALUES ($1, $2, $3)",
                )
                .bind(kind)
                .bind(fixture.0)
                .bind(at)
                .execute(&mut **tx)
                .await?;
                Ok(())
            }

            /// Puts `result` in place of version `before` (of number `version`), which is kept
            /// but no longer current, and says so in the audit log: a correction or an
            /// amendment. Answers the new version's id.
            async fn replace_current_version(
                tx: &mut sqlx::Transaction<'_, $db>,
                result: &NewResult<'_>,
                (before, version): (i64, i32),
                action: ResultAction,
                reason: Option<&str>,
            ) -> Result<i64, StoreError> {
                sqlx::query("UPDATE results SET is_current = FALSE WHERE id = $1")
                    .bind(before)
                    .execute(&mut **tx)
                    .await?;
                let after = insert_result_version(tx, result, version + 1).await?;
                record_result_event(
                    tx,
                    NewEvent {
                        fixture: result.fixture,
                        at: result.at,
                        by: result.by,
                        action,
                        before: Some(before),
                        after,
                        reason,
                    },
                )
                .await?;
                Ok(after)
            }

            /// Why a fixture's result could not be confirmed or disputed: the fixture is not
            /// there, the result is not waiting for an answer, or it has changed since it was read.
            async fn why_not_awaiting(
                tx: &mut sqlx::Transaction<'_, $db>,
                fixture: FixtureId,
                result: i64,
            ) -> Result<StoreError, StoreError> {
                let status: Option<String> =
                    sqlx::query_scalar("SELECT status FROM fixtures WHERE id = $1")
                        .bind(fixture.0)
                        .fetch_optional(&mut **tx)
                        .await?;
                let Some(status) = status else {
                    return Ok(StoreError::NotFound("fixture"));
                };
                let status: FixtureStatus = status.parse().map_err(StoreError::Corrupt)?;
                let current: Option<i64> = sqlx::query_scalar(
                    "SELECT id FROM results WHERE fixture_id = $1 AND is_current",
                )
                .bind(fixture.0)
                .fetch_optional(&mut **tx)
                .await?;
                Ok(match current {
                    None => StoreError::NoResultYet,
                    Some(current) if current != result => StoreError::ResultChanged,
                    Some(_) => StoreError::ResultNotAwaitingAnswer(status),
                })
            }

            /// The other side's answer to version `event.after` of a fixture's result, confirming
            /// or disputing it: the fixture's status becomes `status` (SQL, of the version `$2`)
            /// only while it is one of `awaiting` and the version is still current; else nothing
            /// changes and the refusal says why. The answer goes into the history.
            async fn answer_result(
                store: &$store,
                status: &'static str,
                awaiting: &'static str,
                event: NewEvent<'_>,
            ) -> Result<(), StoreError> {
                let mut tx = store.writer.begin_with(<$store>::BEGIN_WRITE).await?;
                let updated = sqlx::query(&format!(
                    "UPDATE fixtures SET status = {status} \
                     WHERE id = $1 AND status IN ({awaiting}) \
                     AND EXISTS (SELECT 1 FROM results \
                         WHERE results.id = $2 AND results.fixture_id = $1 AND is_current)"
                ))
                .bind(event.fixture.0)
                .bind(event.after)
                .execute(&mut *tx)
                .await?;
                if updated.rows_affected() != 1 {
                    return Err(why_not_awaiting(&mut tx, event.fixture, event.after).await?);
                }
                record_result_event(&mut tx, event).await?;
                tx.commit().await?;
                Ok(())
            }

            /// A submission, with the late-result adjustment to add in the same transaction when
            /// it is recorded now. The transaction runs on a task of its own, so that once begun it
            /// ends, committed or rolled back, even when the caller stops waiting (a request whose
            /// client went away): a transaction dropped part way can leave its pooled connection
            /// holding an open transaction (SQLite's write lock, with it), so that every later
            /// write on that connection fails.
            async fn submit_result_with(
                store: &$store,
                result: &NewResult<'_>,
                late: Option<&NewAdjustment<'_>>,
            ) -> Result<Submitted, StoreError> {
                // A single statement is whole or absent whatever becomes of the caller, so it
                // needs no task of its own.
                if late.is_none() {
                    if let Some(stored) = $one_statement(&store.writer, result).await? {
                        return Ok(Submitted::Recorded(stored));
                    }
                }
                let submission = OwnedSubmission::new(result, late);
                $write_submission(store, submission).await
            }

            /// Adds a points adjustment for a team of the division.
            async fn insert_adjustment(
                tx: &mut sqlx::Transaction<'_, $db>,
                adjustment: &NewAdjustment<'_>,
            ) -> Result<(), StoreError> {
                let in_division: Option<i64> = sqlx::query_scalar(
                    "SELECT team_id FROM division_teams WHERE division_id = $1 AND team_id = $2",
                )
                .bind(adjustment.division.0)
                .bind(adjustment.team.0)
                .fetch_optional(&mut **tx)
                .await?;
                if in_division.is_none() {
                    return Err(StoreError::NotFound("team in that division"));
                }
                sqlx::query(
                    "INSERT INTO point_adjustments (division_id, team_id, points, reason, \
                     fixture_id, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(adjustment.division.0)
                .bind(adjustment.team.0)
                .bind(i32::try_from(adjustment.points).map_err(|_| {
                    StoreError::Corrupt(format!("an adjustment of {} points", adjustment.points))
                })?)
                .bind(adjustment.reason)
                .bind(adjustment.fixture.map(|fixture| fixture.0))
                .bind(adjustment.by.map(|user| user.0))
                .bind(adjustment.at)
                .execute(&mut **tx)
                .await?;
                Ok(())
            }

            /// Helpers the other `*_sql.rs` macros of the same store call too, as `<$store>::name`.
            impl $store {
                /// A submission's writes within a transaction begun by the caller, who commits it (or
                /// rolls it back on an error).
                async fn submit_result_in(
                    tx: &mut sqlx::Transaction<'_, $db>,
                    result: &NewResult<'_>,
                    late: Option<&NewAdjustment<'_>>,
                ) -> Result<Submitted, StoreError> {
                    // Taking the fixture out of the unplayed statuses, while it is still the fixture
                    // the sheet was checked against, is what makes a submission the first: a second
                    // one, even at the same moment, finds nothing to update, and so does one whose
                    // fixture an organiser reversed or moved meanwhile (the row's lock orders the two).
                    let updated = sqlx::query(
                        "UPDATE fixtures SET status = 'awaiting_confirmation' \
                         WHERE id = $1 AND status IN ('scheduled', 'postponed') \
                         AND home_team_id = $2 AND away_team_id = $3 AND played_on = $4",
                    )
                    .bind(result.fixture.0)
                    .bind(result.as_read.home.0)
                    .bind(result.as_read.away.0)
                    .bind(result.as_read.date)
                    .execute(&mut **tx)
                    .await?;
                    if updated.rows_affected() != 1 {
                        if let Some(earlier) =
                            result_by_key(tx, result.fixture, result.submission_key).await?
                        {
                            // A withdrawn submission is not the one kept, whatever it held.
                            let withdrawn: Option<i64> = sqlx::query_scalar(
                                "SELECT id FROM result_events WHERE after_result_id = $1 \
                                 AND action = 'withdrawn'",
                            )
                            .bind(earlier.id)
                            .fetch_optional(&mut **tx)
                            .await?;
                            if withdrawn.is_some() {
                                return Err(StoreError::SubmissionKeyReused);
                            }
                            return the_same_submission(earlier, result)
                                .map(Submitted::AlreadyRecorded);
                        }
                        let found: Option<(i64, i64, chrono::NaiveDate)> = sqlx::query_as(
                            "SELECT home_team_id, away_team_id, played_on FROM fixtures WHERE id = $1",
                        )
                        .bind(result.fixture.0)
                        .fetch_optional(&mut **tx)
                        .await?;
                        return Err(match found {
                            None => StoreError::NotFound("fixture"),
                            Some((home, away, date))
                                if (home, away, date)
                                    != (
                                        result.as_read.home.0,
                                        result.as_read.away.0,
                                        result.as_read.date,
                                    ) =>
                            {
                                StoreError::FixtureChanged
                            }
                            Some(_) => StoreError::ResultAlreadySubmitted,
                        });
                    }
                    // A fixture whose earlier submission was withdrawn keeps that version: this one
                    // follows it, under a key of its own.
                    let earlier: i32 = sqlx::query_scalar(
                        "SELECT COALESCE(MAX(version), 0) FROM results WHERE fixture_id = $1",
                    )
                    .bind(result.fixture.0)
                    .fetch_one(&mut **tx)
                    .await?;
                    if earlier > 0
                        && result_by_key(tx, result.fixture, result.submission_key)
                            .await?
                            .is_some()
                    {
                        return Err(StoreError::SubmissionKeyReused);
                    }
                    let id = insert_result_version(tx, result, earlier + 1).await?;
                    if let Some(late) = late {
                        insert_adjustment(tx, late).await?;
                    }
                    record_result_event(
                        tx,
                        NewEvent {
                            fixture: result.fixture,
                            at: result.at,
                            by: result.by,
                            action: ResultAction::Submitted,
                            before: None,
                            after: id,
                            reason: result.early_reason,
                        },
                    )
                    .await?;
                    let stored = result_by_id(&mut **tx, id).await?;
                    Ok(Submitted::Recorded(stored))
                }
            }

            $crate::store::division_results_sql::division_results_sql_store! {
                store: $store,
                db: $db,
                methods: {
                    async fn submit_result(
                        &self,
                        result: &NewResult<'_>,
                    ) -> Result<Submitted, StoreError> {
                        submit_result_with(self, result, None).await
                    }

                    async fn submit_late_result(
                        &self,
                        result: &NewResult<'_>,
                        late: &NewAdjustment<'_>,
                    ) -> Result<Submitted, StoreError> {
                        submit_result_with(self, result, Some(late)).await
                    }

                    async fn dispute_result(
                        &self,
                        fixture: FixtureId,
                        result: i64,
                        by: UserId,
                        reason: &str,
                        at: chrono::DateTime<chrono::Utc>,
                    ) -> Result<(), StoreError> {
                        answer_result(
                            self,
                            "'disputed'",
                            "'awaiting_confirmation'",
                            NewEvent {
                                fixture,
                                at,
                                by,
                                action: ResultAction::Disputed,
                                before: None,
                                after: result,
                                reason: Some(reason),
                            },
                        )
                        .await
                    }

                    async fn withdraw_result(
                        &self,
                        fixture: FixtureId,
                        result: i64,
                        team: TeamId,
                        by: UserId,
                        at: chrono::DateTime<chrono::Utc>,
                        max_withdrawals: i64,
                    ) -> Result<(), StoreError> {
                        let mut tx = self.begin_write().await?;
                        let updated = sqlx::query(
                            "UPDATE fixtures SET status = 'scheduled' \
                             WHERE id = $1 AND status IN ('awaiting_confirmation', 'disputed') \
                             AND EXISTS (SELECT 1 FROM results WHERE results.id = $2 \
                                 AND results.fixture_id = $1 AND is_current \
                                 AND submitted_for_team = $3)",
                        )
                        .bind(fixture.0)
                        .bind(result)
                        .bind(team.0)
                        .execute(&mut *tx)
                        .await?;
                        if updated.rows_affected() != 1 {
                            return Err(why_not_awaiting(&mut tx, fixture, result).await?);
                        }
                        // Counted once the update holds the fixture's row, so withdrawals at once queue
                        // for the count and it cannot be overrun.
                        let withdrawals: i64 = sqlx::query_scalar(
                            "SELECT COUNT(*) FROM result_events WHERE fixture_id = $1 \
                             AND action = 'withdrawn'",
                        )
                        .bind(fixture.0)
                        .fetch_one(&mut *tx)
                        .await?;
                        if withdrawals >= max_withdrawals {
                            return Err(StoreError::WithdrawnTooOften {
                                limit: max_withdrawals,
                            });
                        }
                        sqlx::query("UPDATE results SET is_current = FALSE WHERE id = $1")
                            .bind(result)
                            .execute(&mut *tx)
                            .await?;
                        // The deduction a late submission added (the league's own, by nobody) goes
                        // with it; a later submission adds it again if it is late too.
                        sqlx::query(
                            "DELETE FROM point_adjustments WHERE fixture_id = $1 AND created_by IS NULL",
                        )
                        .bind(fixture.0)
                        .execute(&mut *tx)
                        .await?;
                        record_result_event(
                            &mut tx,
                            NewEvent {
                                fixture,
                                at,
                                by,
                                action: ResultAction::Withdrawn,
                                before: None,
                                after: result,
                                reason: None,
                            },
                        )
                        .await?;
                        cause_mail(&mut tx, "withdrawn", fixture, at).await?;
                        tx.commit().await?;
                        Ok(())
                    }

                    async fn amend_result(
                        &self,
                        result: &NewResult<'_>,
                        before: i64,
                    ) -> Result<StoredResult, StoreError> {
                        let mut tx = self.begin_write().await?;
                        if let Some(earlier) =
                            result_by_key(&mut tx, result.fixture, result.submission_key).await?
                        {
                            return the_same_submission(earlier, result);
                        }
                        // Holding the fixture's row while the version read is still current and
                        // the amending side's, so that an answer and an amendment at once queue.
                        let updated = sqlx::query(
                            "UPDATE fixtures SET status = 'awaiting_confirmation' \
                             WHERE id = $1 AND status IN ('awaiting_confirmation', 'disputed') \
                             AND EXISTS (SELECT 1 FROM results WHERE results.id = $2 \
                                 AND results.fixture_id = $1 AND is_current \
                                 AND submitted_for_team = $3)",
                        )
                        .bind(result.fixture.0)
                        .bind(before)
                        .bind(result.for_team.map(|team| team.0))
                        .execute(&mut *tx)
                        .await?;
                        if updated.rows_affected() != 1 {
                            return Err(why_not_awaiting(&mut tx, result.fixture, before).await?);
                        }
                        let version: i32 =
                            sqlx::query_scalar("SELECT version FROM results WHERE id = $1")
                                .bind(before)
                                .fetch_one(&mut *tx)
                                .await?;
                        let after = replace_current_version(
                            &mut tx,
                            result,
                            (before, version),
                            ResultAction::Amended,
                            None,
                        )
                        .await?;
                        // One mail says it changed and asks again, not a second asking to confirm
                        // because a disputed result awaits an answer again.
                        sqlx::query(
                            "DELETE FROM mail_causes WHERE fixture_id = $1 \
                             AND kind = 'awaiting_confirmation'",
                        )
                        .bind(result.fixture.0)
                        .execute(&mut *tx)
                        .await?;
                        cause_mail(&mut tx, "amended", result.fixture, result.at).await?;
                        let stored = result_by_id(&mut *tx, after).await?;
                        tx.commit().await?;
                        Ok(stored)
                    }

                    async fn correct_result(
                        &self,
                        result: &NewResult<'_>,
                        reason: &str,
                    ) -> Result<StoredResult, StoreError> {
                        let mut tx = self.begin_write().await?;
                        if let Some(earlier) =
                            result_by_key(&mut tx, result.fixture, result.submission_key).await?
                        {
                            return Ok(earlier);
                        }
                        // Updating the fixture first holds its row, so two corrections at once queue.
                        let updated = sqlx::query(
                            "UPDATE fixtures SET status = $2 WHERE id = $1 AND status IN \
                             ('awaiting_confirmation', 'disputed', 'confirmed', 'walkover')",
                        )
                        .bind(result.fixture.0)
                        .bind(counted_status(result.checked.score))
                        .execute(&mut *tx)
                        .await?;
                        if updated.rows_affected() != 1 {
                            let exists: Option<i64> =
                                sqlx::query_scalar("SELECT id FROM fixtures WHERE id = $1")
                                    .bind(result.fixture.0)
                                    .fetch_optional(&mut *tx)
                                    .await?;
                            return Err(match exists {
                                None => StoreError::NotFound("fixture"),
                                Some(_) => StoreError::NoResultYet,
                            });
                        }
                        let (before, version): (i64, i32) = sqlx::query_as(
                            "SELECT id, version FROM results WHERE fixture_id = $1 AND is_current",
                        )
                        .bind(result.fixture.0)
                        .fetch_one(&mut *tx)
                        .await?;
                        let after = replace_current_version(
                            &mut tx,
                            result,
                            (before, version),
                            ResultAction::Corrected,
                            Some(reason),
                        )
                        .await?;
                        let stored = result_by_id(&mut *tx, after).await?;
                        tx.commit().await?;
                        Ok(stored)
                    }

                    async fn current_result(
                        &self,
                        fixture: FixtureId,
                    ) -> Result<Option<StoredResult>, StoreError> {
                        let row: Option<ResultRow> = sqlx::query_as(&format!(
                            "{SELECT_RESULTS} WHERE results.fixture_id = $1 AND results.is_current"
                        ))
                        .bind(fixture.0)
                        .fetch_optional(&self.pool)
                        .await?;
                        row.map(result_from_row).transpose()
                    }

                    async fn result_versions(
                        &self,
                        fixture: FixtureId,
                    ) -> Result<Vec<StoredResult>, StoreError> {
                        let rows: Vec<ResultRow> = sqlx::query_as(&format!(
                            "{SELECT_RESULTS} WHERE results.fixture_id = $1 ORDER BY results.version"
                        ))
                        .bind(fixture.0)
                        .fetch_all(&self.pool)
                        .await?;
                        rows.into_iter().map(result_from_row).collect()
                    }

                    async fn result_history(
                        &self,
                        fixture: FixtureId,
                    ) -> Result<Vec<ResultEvent>, StoreError> {
                        type EventRow = (
                            chrono::DateTime<chrono::Utc>,
                            i64,
                            String,
                            String,
                            Option<String>,
                            Option<i32>,
                            Option<i32>,
                            Option<i32>,
                            Option<String>,
                            i32,
                            Option<i32>,
                            Option<i32>,
                            Option<String>,
                        );
                        let rows: Vec<EventRow> = sqlx::query_as(
                            "SELECT result_events.happened_at, result_events.user_id, users.email, \
                             result_events.action, result_events.reason, \
                             before.version, before.home_games, before.away_games, \
                             before.walkover_conceded_by, \
                             after.version, after.home_games, after.away_games, \
                             after.walkover_conceded_by \
                             FROM result_events \
                             JOIN users ON users.id = result_events.user_id \
                             JOIN results after ON after.id = result_events.after_result_id \
                             LEFT JOIN results before ON before.id = result_events.before_result_id \
                             WHERE result_events.fixture_id = $1 ORDER BY result_events.id",
                        )
                        .bind(fixture.0)
                        .fetch_all(&self.pool)
                        .await?;
                        let version = |v: i32| {
                            u32::try_from(v).map_err(|_| StoreError::Corrupt(format!("version {v}")))
                        };
                        rows.into_iter()
                            .map(|row| {
                                let before = match row.5 {
                                    Some(v) => Some(VersionScore {
                                        version: version(v)?,
                                        score: score_from_columns(row.6, row.7, row.8.as_deref())?,
                                    }),
                                    None => None,
                                };
                                Ok(ResultEvent {
                                    at: row.0,
                                    by: UserId(row.1),
                                    by_email: row.2,
                                    action: row.3.parse().map_err(StoreError::Corrupt)?,
                                    reason: row.4,
                                    before,
                                    after: VersionScore {
                                        version: version(row.9)?,
                                        score: score_from_columns(row.10, row.11, row.12.as_deref())?,
                                    },
                                })
                            })
                            .collect()
                    }
                }
            }
        };
    };
}

pub(super) use result_sql_store;
