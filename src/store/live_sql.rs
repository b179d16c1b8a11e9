//! The [`LiveStore`](super::LiveStore) methods. Reading in order differs by dialect: on
//! PostgreSQL by transaction id against the current snapshot (what is still running is read
//! once it ends), on SQLite by line. Pruning is written once.

macro_rules! live_sql_store {
    ($store:ty, $dialect:ident) => {
        const _: () = {
            use $crate::domain::ids::{ChampionshipId, OrganisationId};
            use $crate::store::StoreError;
            use $crate::store::live::{
                LIVE_CHANGES_KEPT, LiveChange, LiveCursor, LiveMark,
                LiveStore, LiveSubject,
            };

            type ChangeRow = (i64, i64, i64, Option<i64>, String, i64);

            fn change_of(row: ChangeRow) -> Result<LiveChange, StoreError> {
                let (transaction, line, organisation, championship, kind, subject) = row;
                let subject = match kind.as_str() {
                    "table" => LiveSubject::Table(subject),
                    "round" => LiveSubject::Round(subject),
                    "hands" => LiveSubject::Hands(subject),
                    "fixture" => LiveSubject::Fixture(subject),
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
                async fn live_start(&self) -> Result<LiveMark, StoreError> {
                    live_sql_store!(@start $dialect, self)
                }

                async fn live_changes_since(
                    &self,
                    mark: &LiveMark,
                ) -> Result<(Vec<LiveChange>, LiveMark), StoreError> {
                    live_sql_store!(@since $dialect, self, mark)
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

    // PostgreSQL: where the current snapshot says transactions end, and which still run.
    (@snapshot $self:ident) => {
        sqlx::query_as::<_, (i64, Vec<i64>)>(
            "SELECT CAST(CAST(pg_snapshot_xmax(s) AS TEXT) AS BIGINT), \
             ARRAY(SELECT CAST(CAST(x AS TEXT) AS BIGINT) FROM pg_snapshot_xip(s) AS x) \
             FROM pg_current_snapshot() AS s",
        )
        .fetch_one(&$self.pool)
        .await?
    };
    (@start postgres, $self:ident) => {{
        let (high, pending) = live_sql_store!(@snapshot $self);
        Ok(LiveMark { high, pending })
    }};
    (@since postgres, $self:ident, $mark:ident) => {{
        let (high, running) = live_sql_store!(@snapshot $self);
        // Ended since the mark (or before it, and running then), and not running now.
        let rows: Vec<ChangeRow> = sqlx::query_as(
            "SELECT CAST(CAST(txid AS TEXT) AS BIGINT), id, organisation_id, championship_id, \
             kind, subject_id FROM live_changes \
             WHERE (txid >= CAST(CAST($1 AS TEXT) AS xid8) \
                    OR CAST(CAST(txid AS TEXT) AS BIGINT) = ANY($2)) \
             AND txid < CAST(CAST($3 AS TEXT) AS xid8) \
             AND NOT (CAST(CAST(txid AS TEXT) AS BIGINT) = ANY($4)) \
             ORDER BY txid, id",
        )
        .bind($mark.high)
        .bind(&$mark.pending)
        .bind(high)
        .bind(&running)
        .fetch_all(&$self.pool)
        .await?;
        let changes = rows.into_iter().map(change_of).collect::<Result<_, _>>()?;
        Ok((changes, LiveMark { high, pending: running }))
    }};
    (@start sqlite, $self:ident) => {{
        let high: Option<i64> = sqlx::query_scalar("SELECT MAX(id) FROM live_changes")
            .fetch_one(&$self.pool)
            .await?;
        Ok(LiveMark { high: high.unwrap_or(0), pending: Vec::new() })
    }};
    (@since sqlite, $self:ident, $mark:ident) => {{
        let rows: Vec<ChangeRow> = sqlx::query_as(
            "SELECT 0, id, organisation_id, championship_id, kind, subject_id \
             FROM live_changes WHERE id > $1 ORDER BY id LIMIT $2",
        )
        .bind($mark.high)
        .bind($crate::store::live::LIVE_CHANGES_A_READ)
        .fetch_all(&$self.pool)
        .await?;
        let changes: Vec<LiveChange> = rows.into_iter().map(change_of).collect::<Result<_, _>>()?;
        let high = changes.last().map_or($mark.high, |change| change.cursor.line);
        Ok((changes, LiveMark { high, pending: Vec::new() }))
    }};
}

pub(super) use live_sql_store;
