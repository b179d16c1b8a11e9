//! The [`TableHandStore`](super::TableHandStore) methods, written once in SQL both dialects
//! accept, like those of `sql.rs`.

macro_rules! table_hands_sql_store {
    ($store:ty, db: $db:ty) => {
        const _: () = {
            use $crate::domain::ids::{RoundId, TableId};
            use $crate::store::hand_rows_sql::TABLE_HANDS;
            use $crate::store::{HandKept, KeptHand, NewHand, StoreError, TableHandStore};

            $crate::store::hand_rows_sql::hand_rows_sql!($db);

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
                    if kept_by_key(&mut tx, &TABLE_HANDS, hand.table.0, hand.key).await? {
                        return Ok(HandKept::AlreadyKept);
                    }
                    keep_in_place(
                        &mut tx,
                        &TABLE_HANDS,
                        hand.table.0,
                        hand.game,
                        hand.hand,
                        hand.record,
                        hand.key,
                        hand.at,
                    )
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
                    take_back_last(&mut tx, &TABLE_HANDS, table.0, game, hand).await?;
                    tx.commit().await?;
                    Ok(())
                }
            }
        };
    };
}

pub(super) use table_hands_sql_store;
