//! The [`TableHandStore`](super::TableHandStore) methods, written once in SQL both dialects
//! accept, like those of `sql.rs`.

macro_rules! table_hands_sql_store {
    ($store:ty, db: $db:ty) => {
        const _: () = {
            use $crate::domain::ids::{RoundId, TableId};
            use $crate::store::{HandKept, KeptHand, NewHand, StoreError, TableHandStore};

            type HandRow = (i64, i64, i64, String, String);

            fn hand_of(row: HandRow) -> Result<(TableId, KeptHand), StoreError> {
                let (table, game, hand, record, key) = row;
                Ok((
                    TableId(table),
                    KeptHand {
                        game: game as u32,
                        hand: hand as u32,
                        record: serde_json::from_str(&record).map_err(|error| {
                            StoreError::Corrupt(format!("a table's hand: {error}"))
                        })?,
                        key,
                    },
                ))
            }

            /// Takes the table's row for the rest of the transaction, and whether it is still
            /// without a result.
            async fn waiting_table(
                tx: &mut sqlx::Transaction<'_, $db>,
                table: TableId,
            ) -> Result<(), StoreError> {
                let status: Option<String> = sqlx::query_scalar(
                    "UPDATE championship_tables SET status = status WHERE id = $1 \
                     RETURNING status",
                )
                .bind(table.0)
                .fetch_optional(&mut **tx)
                .await?;
                match status.as_deref() {
                    None => Err(StoreError::NotFound("table")),
                    Some("waiting") => Ok(()),
                    Some(_) => Err(StoreError::TableHasResult),
                }
            }

            #[async_trait::async_trait]
            impl TableHandStore for $store {
                async fn table_hands(&self, table: TableId) -> Result<Vec<KeptHand>, StoreError> {
                    let rows: Vec<HandRow> = sqlx::query_as(
                        "SELECT table_id, CAST(game AS BIGINT), CAST(hand AS BIGINT), record, \
                         idempotency_key FROM championship_table_hands WHERE table_id = $1 \
                         ORDER BY game, hand",
                    )
                    .bind(table.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter().map(|row| Ok(hand_of(row)?.1)).collect()
                }

                async fn round_hands(
                    &self,
                    round: RoundId,
                ) -> Result<Vec<(TableId, KeptHand)>, StoreError> {
                    let rows: Vec<HandRow> = sqlx::query_as(
                        "SELECT championship_table_hands.table_id, \
                         CAST(championship_table_hands.game AS BIGINT), \
                         CAST(championship_table_hands.hand AS BIGINT), \
                         championship_table_hands.record, championship_table_hands.idempotency_key \
                         FROM championship_table_hands JOIN championship_tables \
                         ON championship_tables.id = championship_table_hands.table_id \
                         WHERE championship_tables.round_id = $1 \
                         ORDER BY championship_table_hands.table_id, \
                         championship_table_hands.game, championship_table_hands.hand",
                    )
                    .bind(round.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter().map(hand_of).collect()
                }

                async fn add_table_hand(&self, hand: &NewHand<'_>) -> Result<HandKept, StoreError> {
                    let mut tx = self.begin_write().await?;
                    waiting_table(&mut tx, hand.table).await?;
                    let before: Option<(i64, i64)> = sqlx::query_as(
                        "SELECT CAST(game AS BIGINT), CAST(hand AS BIGINT) FROM championship_table_hands \
                         WHERE table_id = $1 AND idempotency_key = $2",
                    )
                    .bind(hand.table.0)
                    .bind(hand.key)
                    .fetch_optional(&mut *tx)
                    .await?;
                    if before.is_some() {
                        return Ok(HandKept::AlreadyKept);
                    }
                    let taken: Option<i64> = sqlx::query_scalar(
                        "SELECT id FROM championship_table_hands \
                         WHERE table_id = $1 AND game = $2 AND hand = $3",
                    )
                    .bind(hand.table.0)
                    .bind(i64::from(hand.game))
                    .bind(i64::from(hand.hand))
                    .fetch_optional(&mut *tx)
                    .await?;
                    if taken.is_some() {
                        return Err(StoreError::HandPlaceTaken);
                    }
                    // The hands before it in its game are all there: a hand placed from a state
                    // read before the last hand was taken back would leave a gap.
                    let earlier: i64 = sqlx::query_scalar(
                        "SELECT COUNT(*) FROM championship_table_hands \
                         WHERE table_id = $1 AND game = $2 AND hand < $3",
                    )
                    .bind(hand.table.0)
                    .bind(i64::from(hand.game))
                    .bind(i64::from(hand.hand))
                    .fetch_one(&mut *tx)
                    .await?;
                    if earlier != i64::from(hand.hand) - 1 {
                        return Err(StoreError::HandPlaceTaken);
                    }
                    let record = serde_json::to_string(hand.record)
                        .map_err(|error| StoreError::Corrupt(error.to_string()))?;
                    sqlx::query(
                        "INSERT INTO championship_table_hands \
                         (table_id, game, hand, record, idempotency_key, entered_at) \
                         VALUES ($1, $2, $3, $4, $5, $6)",
                    )
                    .bind(hand.table.0)
                    .bind(i64::from(hand.game))
                    .bind(i64::from(hand.hand))
                    .bind(record)
                    .bind(hand.key)
                    .bind(hand.at)
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(HandKept::Kept)
                }

                async fn remove_table_hand(
                    &self,
                    table: TableId,
                    game: u32,
                    hand: u32,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    waiting_table(&mut tx, table).await?;
                    let last: Option<(i64, i64)> = sqlx::query_as(
                        "SELECT CAST(game AS BIGINT), CAST(hand AS BIGINT) FROM championship_table_hands \
                         WHERE table_id = $1 \
                         ORDER BY game DESC, hand DESC LIMIT 1",
                    )
                    .bind(table.0)
                    .fetch_optional(&mut *tx)
                    .await?;
                    if last != Some((i64::from(game), i64::from(hand))) {
                        return Err(StoreError::HandNotLast);
                    }
                    sqlx::query(
                        "DELETE FROM championship_table_hands \
                         WHERE table_id = $1 AND game = $2 AND hand = $3",
                    )
                    .bind(table.0)
                    .bind(i64::from(game))
                    .bind(i64::from(hand))
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(())
                }
            }
        };
    };
}

pub(super) use table_hands_sql_store;
