//! The [`LiveStore`](super::LiveStore) methods: the reads differ by dialect (each store's
//! `LIVE_CHANGES_AFTER` and `LIVE_TAIL`), the rest is written once.

macro_rules! live_sql_store {
    ($store:ty) => {
        const _: () = {
            use $crate::domain::ids::{ChampionshipId, OrganisationId};
            use $crate::store::StoreError;
            use $crate::store::live::{
                LIVE_CHANGES_A_READ, LIVE_CHANGES_KEPT, LiveChange, LiveCursor, LiveStore,
                LiveSubject,
            };

            type ChangeRow = (i64, i64, i64, Option<i64>, String, i64);

            fn change_of(row: ChangeRow) -> Result<LiveChange, StoreError> {
                let (transaction, line, organisation, championship, kind, subject) = row;
                let subject = match kind.as_str() {
                    "table" => LiveSubject::Table(subject),
                    "round" => LiveSubject::Round(subject),
                    other => {
                        return Err(StoreError::Corrupt(format!(
                            "a live change of kind {other:?}"
                        )));
                    }
                };
                Ok(LiveChange {
                    cursor: LiveCursor { transaction, line },
                    organisation: OrganisationId(organisation),
                    championship: championship.map(ChampionshipId),
                    subject,
                })
            }

            #[async_trait::async_trait]
            impl LiveStore for $store {
                async fn live_changes_after(
                    &self,
                    cursor: LiveCursor,
                ) -> Result<Vec<LiveChange>, StoreError> {
                    let rows: Vec<ChangeRow> = sqlx::query_as(<$store>::LIVE_CHANGES_AFTER)
                        .bind(cursor.transaction)
                        .bind(cursor.line)
                        .bind(LIVE_CHANGES_A_READ)
                        .fetch_all(&self.pool)
                        .await?;
                    rows.into_iter().map(change_of).collect()
                }

                async fn live_tail(&self) -> Result<LiveCursor, StoreError> {
                    let last: Option<(i64, i64)> = sqlx::query_as(<$store>::LIVE_TAIL)
                        .fetch_optional(&self.pool)
                        .await?;
                    Ok(last
                        .map(|(transaction, line)| LiveCursor { transaction, line })
                        .unwrap_or_default())
                }

                async fn prune_live_changes(&self) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    sqlx::query(
                        "DELETE FROM live_changes WHERE id < \
                         (SELECT MAX(id) FROM live_changes) - $1",
                    )
                    .bind(LIVE_CHANGES_KEPT)
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(())
                }
            }
        };
    };
}

pub(super) use live_sql_store;
