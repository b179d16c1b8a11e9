//! The hands of a game kept in order, at a championship table and at a league fixture alike:
//! the SQL both hand stores share, so that "a hand follows every hand before it in its game"
//! and "only the last hand is taken back" are written once.

/// Where one kind of hands is kept: its table, and the column naming what they belong to.
pub(super) struct HandRows {
    pub table: &'static str,
    pub owner: &'static str,
}

pub(super) const TABLE_HANDS: HandRows = HandRows {
    table: "championship_table_hands",
    owner: "table_id",
};

pub(super) const FIXTURE_HANDS: HandRows = HandRows {
    table: "fixture_hands",
    owner: "fixture_id",
};

/// Defines, for one dialect, the steps of keeping and taking back a hand inside a write
/// transaction that has already taken the owner's row.
macro_rules! hand_rows_sql {
    ($db:ty) => {
        use $crate::store::hand_rows_sql::HandRows;

        /// Whether a hand with `key` is already kept for `owner`.
        async fn kept_by_key(
            tx: &mut sqlx::Transaction<'_, $db>,
            rows: &HandRows,
            owner: i64,
            key: &str,
        ) -> Result<bool, StoreError> {
            let kept: Option<i64> = sqlx::query_scalar(&format!(
                "SELECT id FROM {} WHERE {} = $1 AND idempotency_key = $2",
                rows.table, rows.owner
            ))
            .bind(owner)
            .bind(key)
            .fetch_optional(&mut **tx)
            .await?;
            Ok(kept.is_some())
        }

        /// The last hand kept for `owner`: its game and place.
        async fn last_hand(
            tx: &mut sqlx::Transaction<'_, $db>,
            rows: &HandRows,
            owner: i64,
        ) -> Result<Option<(i64, i64)>, StoreError> {
            Ok(sqlx::query_as(&format!(
                "SELECT CAST(game AS BIGINT), CAST(hand AS BIGINT) FROM {} WHERE {} = $1 \
                 ORDER BY game DESC, hand DESC LIMIT 1",
                rows.table, rows.owner
            ))
            .bind(owner)
            .fetch_optional(&mut **tx)
            .await?)
        }

        /// Keeps a hand at `game`, `hand` when that place is free and every hand before it in
        /// its game is there: a hand placed from a state read before the last hand was taken
        /// back would otherwise leave a gap.
        #[allow(clippy::too_many_arguments)]
        async fn keep_in_place(
            tx: &mut sqlx::Transaction<'_, $db>,
            rows: &HandRows,
            owner: i64,
            game: u32,
            hand: u32,
            record: &fives_rules::record::HandRecord,
            key: &str,
            at: chrono::DateTime<chrono::Utc>,
        ) -> Result<(), StoreError> {
            let (game, hand) = (i64::from(game), i64::from(hand));
            let earlier: i64 = sqlx::query_scalar(&format!(
                "SELECT COUNT(*) FROM {} WHERE {} = $1 AND game = $2 AND hand < $3",
                rows.table, rows.owner
            ))
            .bind(owner)
            .bind(game)
            .bind(hand)
            .fetch_one(&mut **tx)
            .await?;
            let taken: Option<i64> = sqlx::query_scalar(&format!(
                "SELECT id FROM {} WHERE {} = $1 AND game = $2 AND hand = $3",
                rows.table, rows.owner
            ))
            .bind(owner)
            .bind(game)
            .bind(hand)
            .fetch_optional(&mut **tx)
            .await?;
            if taken.is_some() || earlier != hand - 1 {
                return Err(StoreError::HandPlaceTaken);
            }
            let record = serde_json::to_string(record)
                .map_err(|error| StoreError::Corrupt(error.to_string()))?;
            sqlx::query(&format!(
                "INSERT INTO {} ({}, game, hand, record, idempotency_key, entered_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
                rows.table, rows.owner
            ))
            .bind(owner)
            .bind(game)
            .bind(hand)
            .bind(record)
            .bind(key)
            .bind(at)
            .execute(&mut **tx)
            .await?;
            Ok(())
        }

        /// Takes back the hand at `game`, `hand`, which must be the last kept for `owner`.
        async fn take_back_last(
            tx: &mut sqlx::Transaction<'_, $db>,
            rows: &HandRows,
            owner: i64,
            game: u32,
            hand: u32,
        ) -> Result<(), StoreError> {
            let (game, hand) = (i64::from(game), i64::from(hand));
            if last_hand(tx, rows, owner).await? != Some((game, hand)) {
                return Err(StoreError::HandNotLast);
            }
            sqlx::query(&format!(
                "DELETE FROM {} WHERE {} = $1 AND game = $2 AND hand = $3",
                rows.table, rows.owner
            ))
            .bind(owner)
            .bind(game)
            .bind(hand)
            .execute(&mut **tx)
            .await?;
            Ok(())
        }
    };
}

pub(super) use hand_rows_sql;
