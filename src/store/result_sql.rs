//! The [`ResultStore`](super::ResultStore) methods, written once in SQL both dialects accept,
//! like those of `sql.rs`.

use super::StoreError;
use crate::domain::match_format::{FixtureScore, Side};

pub(super) fn side_name(side: Side) -> &'static str {
    match side {
        Side::Home => "home",
        Side::Away => "away",
    }
}

pub(super) fn side_named(name: &str) -> Result<Side, StoreError> {
    match name {
        "home" => Ok(Side::Home),
        "away" => Ok(Side::Away),
        other => Err(StoreError::Corrupt(format!("a side named {other:?}"))),
    }
}

/// The score columns of a result: games for a played fixture, or the side that conceded.
pub(super) fn score_columns(
    score: FixtureScore,
) -> (Option<i32>, Option<i32>, Option<&'static str>) {
    match score {
        FixtureScore::Played {
            home_games,
            away_games,
        } => (
            Some(i32::try_from(home_games).unwrap_or(i32::MAX)),
            Some(i32::try_from(away_games).unwrap_or(i32::MAX)),
            None,
        ),
        FixtureScore::Walkover { conceded_by } => (None, None, Some(side_name(conceded_by))),
    }
}

pub(super) fn score_from_columns(
    home_games: Option<i32>,
    away_games: Option<i32>,
    conceded_by: Option<&str>,
) -> Result<FixtureScore, StoreError> {
    match (home_games, away_games, conceded_by) {
        (Some(home), Some(away), None) => Ok(FixtureScore::Played {
            home_games: u32::try_from(home)
                .map_err(|_| StoreError::Corrupt(format!("{home} games")))?,
            away_games: u32::try_from(away)
                .map_err(|_| StoreError::Corrupt(format!("{away} games")))?,
        }),
        (None, None, Some(side)) => Ok(FixtureScore::Walkover {
            conceded_by: side_named(side)?,
        }),
        other => Err(StoreError::Corrupt(format!("a result scored {other:?}"))),
    }
}

/// The fixture status a result puts a fixture in once it counts.
pub(super) fn counted_status(score: FixtureScore) -> &'static str {
    match score {
        FixtureScore::Played { .. } => "confirmed",
        FixtureScore::Walkover { .. } => "walkover",
    }
}

/// A line for the audit log.
pub(super) struct NewEvent<'a> {
    pub fixture: crate::domain::ids::FixtureId,
    pub at: chrono::DateTime<chrono::Utc>,
    pub by: crate::domain::ids::UserId,
    pub action: super::ResultAction,
    pub before: Option<i64>,
    pub after: i64,
    pub reason: Option<&'a str>,
}

/// A submission whose key was kept before: the same submission again (the same sheet, from
/// the same account) is the one kept; anything else under that key is refused.
pub(super) fn the_same_submission(
    earlier: super::StoredResult,
    again: &super::NewResult<'_>,
) -> Result<super::StoredResult, StoreError> {
    if earlier.sheet == *again.sheet && earlier.submitted_by == again.by {
        Ok(earlier)
    } else {
        Err(StoreError::SubmissionKeyReused)
    }
}

/// A submission and its late-result deduction, owned, so that it can be written by a task
/// other than the request's: one the request's end cannot drop part way.
pub(super) struct OwnedSubmission {
    fixture: crate::domain::ids::FixtureId,
    as_read: super::FixtureAsRead,
    sheet: crate::domain::match_result::ResultSheet,
    checked: crate::domain::match_result::CheckedResult,
    submission_key: String,
    by: crate::domain::ids::UserId,
    for_team: Option<crate::domain::ids::TeamId>,
    at: chrono::DateTime<chrono::Utc>,
    early_reason: Option<String>,
    late: Option<OwnedAdjustment>,
}

struct OwnedAdjustment {
    division: crate::domain::ids::DivisionId,
    team: crate::domain::ids::TeamId,
    points: i64,
    reason: String,
    fixture: Option<crate::domain::ids::FixtureId>,
    by: Option<crate::domain::ids::UserId>,
    at: chrono::DateTime<chrono::Utc>,
}

impl OwnedSubmission {
    pub(super) fn new(
        result: &super::NewResult<'_>,
        late: Option<&super::NewAdjustment<'_>>,
    ) -> Self {
        Self {
            fixture: result.fixture,
            as_read: result.as_read,
            sheet: result.sheet.clone(),
            checked: result.checked.clone(),
            submission_key: result.submission_key.to_string(),
            by: result.by,
            for_team: result.for_team,
            at: result.at,
            early_reason: result.early_reason.map(str::to_string),
            late: late.map(|late| OwnedAdjustment {
                division: late.division,
                team: late.team,
                points: late.points,
                reason: late.reason.to_string(),
                fixture: late.fixture,
                by: late.by,
                at: late.at,
            }),
        }
    }

    pub(super) fn result(&self) -> super::NewResult<'_> {
        super::NewResult {
            fixture: self.fixture,
            as_read: self.as_read,
            sheet: &self.sheet,
            checked: &self.checked,
            submission_key: &self.submission_key,
            by: self.by,
            for_team: self.for_team,
            at: self.at,
            early_reason: self.early_reason.as_deref(),
        }
    }

    pub(super) fn late(&self) -> Option<super::NewAdjustment<'_>> {
        self.late.as_ref().map(|late| super::NewAdjustment {
            division: late.division,
            team: late.team,
            points: late.points,
            reason: &late.reason,
            fixture: late.fixture,
            by: late.by,
            at: late.at,
        })
    }
}

/// For a store with no way of keeping a submission in one statement: every submission takes the
/// usual way, a transaction.
pub(super) async fn no_one_statement_submission<P>(
    _pool: &P,
    _result: &super::NewResult<'_>,
) -> Result<Option<super::StoredResult>, StoreError> {
    Ok(None)
}

/// `one_statement_submission` is the store's way of keeping a first submission in one
/// statement, `None` when it could not (see `postgres_result.rs`).
macro_rules! result_sql_store {
    (
        $store:ty,
        db: $db:ty,
        begin_write: $begin_write:literal,
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
            use $crate::store::result_sql::{
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
                })
            }

            /// Each player's part in the games of confirmed results; callers add a condition.
            const SELECT_PLAYER_GAMES: &str = "SELECT result_game_players.player_id, players.name, \
                 CASE result_game_players.side WHEN 'home' THEN fixtures.home_team_id \
                     ELSE fixtures.away_team_id END, \
                 opponents.name, fixtures.id, fixtures.played_on, result_games.leg_kind, \
                 result_games.winner = result_game_players.side, \
                 CASE result_game_players.side WHEN 'home' THEN result_games.home_points \
                     ELSE result_games.away_points END, \
                 CASE result_game_players.side WHEN 'home' THEN result_games.away_points \
                     ELSE result_games.home_points END \
                 FROM result_game_players \
                 JOIN result_games ON result_games.result_id = result_game_players.result_id \
                     AND result_games.game_number = result_game_players.game_number \
                 JOIN results ON results.id = result_game_players.result_id AND results.is_current \
                 JOIN fixtures ON fixtures.id = results.fixture_id \
                 JOIN players ON players.id = result_game_players.player_id \
                 JOIN teams opponents ON opponents.id = CASE result_game_players.side \
                     WHEN 'home' THEN fixtures.away_team_id ELSE fixtures.home_team_id END \
                 WHERE fixtures.status IN ('confirmed', 'walkover') AND NOT result_games.conceded";

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

            #[async_trait::async_trait]
            impl ResultStore for $store {
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

                async fn set_result_deadline(
                    &self,
                    competition: CompetitionId,
                    deadline: Option<ResultDeadline>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
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
                async fn confirm_result(
                    &self,
                    fixture: FixtureId,
                    result: i64,
                    by: UserId,
                    at: chrono::DateTime<chrono::Utc>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    let updated = sqlx::query(
                        "UPDATE fixtures SET status = (SELECT CASE WHEN \
                             walkover_conceded_by IS NULL THEN 'confirmed' ELSE 'walkover' END \
                             FROM results WHERE results.id = $2) \
                         WHERE id = $1 AND status IN ('awaiting_confirmation', 'disputed') \
                         AND EXISTS (SELECT 1 FROM results \
                             WHERE results.id = $2 AND results.fixture_id = $1 AND is_current)",
                    )
                    .bind(fixture.0)
                    .bind(result)
                    .execute(&mut *tx)
                    .await?;
                    if updated.rows_affected() != 1 {
                        return Err(why_not_awaiting(&mut tx, fixture, result).await?);
                    }
                    record_result_event(
                        &mut tx,
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
                    .await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn dispute_result(
                    &self,
                    fixture: FixtureId,
                    result: i64,
                    by: UserId,
                    reason: &str,
                    at: chrono::DateTime<chrono::Utc>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    let updated = sqlx::query(
                        "UPDATE fixtures SET status = 'disputed' \
                         WHERE id = $1 AND status = 'awaiting_confirmation' \
                         AND EXISTS (SELECT 1 FROM results \
                             WHERE results.id = $2 AND results.fixture_id = $1 AND is_current)",
                    )
                    .bind(fixture.0)
                    .bind(result)
                    .execute(&mut *tx)
                    .await?;
                    if updated.rows_affected() != 1 {
                        return Err(why_not_awaiting(&mut tx, fixture, result).await?);
                    }
                    record_result_event(
                        &mut tx,
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
                    .await?;
                    tx.commit().await?;
                    Ok(())
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
                    let mut tx = self.writer.begin_with($begin_write).await?;
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
                    tx.commit().await?;
                    Ok(())
                }

                async fn correct_result(
                    &self,
                    result: &NewResult<'_>,
                    reason: &str,
                ) -> Result<StoredResult, StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
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
                    sqlx::query("UPDATE results SET is_current = FALSE WHERE id = $1")
                        .bind(before)
                        .execute(&mut *tx)
                        .await?;
                    let after = insert_result_version(&mut tx, result, version + 1).await?;
                    record_result_event(
                        &mut tx,
                        NewEvent {
                            fixture: result.fixture,
                            at: result.at,
                            by: result.by,
                            action: ResultAction::Corrected,
                            before: Some(before),
                            after,
                            reason: Some(reason),
                        },
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
                    let rows: Vec<PlayerGameRow> = sqlx::query_as(&format!(
                        "{SELECT_PLAYER_GAMES} AND fixtures.division_id = $1 \
                         ORDER BY fixtures.played_on, fixtures.id, result_games.game_number"
                    ))
                    .bind(division.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter().map(player_game_from_row).collect()
                }

                async fn games_of_player(
                    &self,
                    player: PlayerId,
                ) -> Result<Vec<PlayerGame>, StoreError> {
                    let rows: Vec<PlayerGameRow> = sqlx::query_as(&format!(
                        "{SELECT_PLAYER_GAMES} AND result_game_players.player_id = $1 \
                         ORDER BY fixtures.played_on, fixtures.id, result_games.game_number"
                    ))
                    .bind(player.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter().map(player_game_from_row).collect()
                }

                async fn add_adjustment(
                    &self,
                    adjustment: &NewAdjustment<'_>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
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

pub(super) use result_sql_store;
