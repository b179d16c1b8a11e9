//! A result submission on PostgreSQL in one statement: the fixture taken out of its unplayed
//! statuses, the result, its games, its players' places and the audit event, written by one
//! `WITH` of data-modifying parts. One statement is one round trip and one transaction of its
//! own, atomic as any; the usual way (a transaction of six statements, `result_sql.rs`) cost
//! PostgreSQL most of its time in starting and ending statements rather than in writing rows.
//!
//! It covers the common case only: a first submission with no late-result deduction (or the
//! first after one was withdrawn, numbered after it). When the fixture is not there to be taken
//! as the sheet was checked against it (gone, changed, already submitted, or this is a retry,
//! or its key was used by a withdrawn submission), it writes nothing and the usual way finds
//! out why.

use sqlx::PgPool;

use super::result_submission::{score_columns, side_name};
use super::{NewResult, StoreError, StoredResult};

const SUBMIT: &str = "\
WITH fixture AS (
    UPDATE fixtures SET status = 'awaiting_confirmation'
    WHERE id = $1 AND status IN ('scheduled', 'postponed')
        AND home_team_id = $20 AND away_team_id = $21 AND played_on = $22
        AND NOT EXISTS (SELECT 1 FROM results WHERE fixture_id = $1 AND submission_key = $6)
    RETURNING id
), result AS (
    INSERT INTO results (fixture_id, version, is_current, sheet, home_games, away_games,
        walkover_conceded_by, submission_key, submitted_by, submitted_for_team, submitted_at)
    SELECT fixture.id,
        COALESCE((SELECT MAX(version) FROM results WHERE fixture_id = $1), 0) + 1,
        TRUE, $2, $3, $4, $5, $6, $7, $8, $9 FROM fixture
    RETURNING id, fixture_id, submitted_at, version
), games AS (
    INSERT INTO result_games (result_id, game_number, leg_kind, winner, conceded, home_points,
        away_points, hands)
    SELECT result.id, game.number, game.kind, game.winner, game.conceded, game.home_points,
        game.away_points, game.hands
    FROM result, UNNEST($10::INTEGER[], $11::TEXT[], $12::TEXT[], $13::BOOLEAN[],
        $14::INTEGER[], $15::INTEGER[], $16::INTEGER[])
        AS game (number, kind, winner, conceded, home_points, away_points, hands)
), places AS (
    INSERT INTO result_game_players (result_id, game_number, player_id, side)
    SELECT result.id, place.game, place.player, place.side
    FROM result, UNNEST($17::INTEGER[], $18::BIGINT[], $19::TEXT[]) AS place (game, player, side)
), event AS (
    INSERT INTO result_events (fixture_id, happened_at, user_id, action, before_result_id,
        after_result_id, reason)
    SELECT result.fixture_id, $9, $7, 'submitted', NULL, result.id, $23 FROM result
)
SELECT result.id, result.submitted_at, users.email, result.version
FROM result JOIN users ON users.id = $7";

/// Keeps a first submission in one statement: `None` when the fixture was not there to take
/// (and nothing was written).
pub(super) async fn submit_in_one_statement(
    pool: &PgPool,
    result: &NewResult<'_>,
) -> Result<Option<StoredResult>, StoreError> {
    let (home_games, away_games, conceded_by) = score_columns(result.checked.score);
    let sheet = serde_json::to_string(result.sheet).expect("a result sheet is plain data");
    let games = &result.checked.games;
    let number = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
    let points = |p: i64| i32::try_from(p).unwrap_or(i32::MAX);
    let mut places = (Vec::new(), Vec::new(), Vec::new());
    for game in games {
        let sides = [(&game.home, "home"), (&game.away, "away")];
        for (players, side) in sides {
            for player in players {
                places.0.push(number(game.number));
                places.1.push(player.0);
                places.2.push(side);
            }
        }
    }
    // The time as kept (to the microsecond), as a later read gives it.
    let kept: Option<(i64, chrono::DateTime<chrono::Utc>, String, i32)> = sqlx::query_as(SUBMIT)
        .bind(result.fixture.0)
        .bind(&sheet)
        .bind(home_games)
        .bind(away_games)
        .bind(conceded_by)
        .bind(result.submission_key)
        .bind(result.by.0)
        .bind(result.for_team.map(|team| team.0))
        .bind(result.at)
        .bind(games.iter().map(|g| number(g.number)).collect::<Vec<_>>())
        .bind(games.iter().map(|g| g.kind.to_string()).collect::<Vec<_>>())
        .bind(
            games
                .iter()
                .map(|g| side_name(g.winner))
                .collect::<Vec<_>>(),
        )
        .bind(games.iter().map(|g| g.conceded).collect::<Vec<_>>())
        .bind(
            games
                .iter()
                .map(|g| points(g.home_points))
                .collect::<Vec<_>>(),
        )
        .bind(
            games
                .iter()
                .map(|g| points(g.away_points))
                .collect::<Vec<_>>(),
        )
        .bind(games.iter().map(|g| number(g.hands)).collect::<Vec<_>>())
        .bind(places.0)
        .bind(places.1)
        .bind(places.2)
        .bind(result.as_read.home.0)
        .bind(result.as_read.away.0)
        .bind(result.as_read.date)
        .bind(result.early_reason)
        .fetch_optional(pool)
        .await
        // The only key a first submission can miss is a game's player's: one removed since the
        // sheet was checked refuses the whole result.
        .map_err(|e| super::foreign_key_violation_as(e, StoreError::PlayerRemoved))?;
    Ok(kept.map(|(id, submitted_at, email, version)| StoredResult {
        id,
        fixture: result.fixture,
        version: u32::try_from(version).unwrap_or(1),
        sheet: result.sheet.clone(),
        score: result.checked.score,
        submitted_by: result.by,
        submitted_by_email: email,
        for_team: result.for_team,
        submitted_at,
    }))
}
