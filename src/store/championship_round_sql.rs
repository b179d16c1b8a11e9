//! The [`ChampionshipStore`](super::ChampionshipStore) methods of rounds and their tables:
//! publishing a round, reading its tables, and a table's result as entered, confirmed and
//! corrected, with its events.
//!
//! Its macro is expanded by `championship_sql_store!` inside that macro's block, which hands it
//! the methods of the championship and its entrants: the one `impl ChampionshipStore` is made
//! here, and this block sees that block's imports and helpers, naming only the ones it adds.

macro_rules! championship_round_sql_store {
    (
        store: $store:ty,
        db: $db:ty,
        methods: { $($methods:tt)* }
    ) => {
        const _: () = {
            type TableRow = (
                i64,
                i64,
                i32,
                String,
                String,
                Option<String>,
                Option<String>,
                i32,
            );

            const TABLE_COLUMNS: &str = "championship_tables.id, championship_tables.round_id, \
                 championship_tables.number, championship_tables.seats, championship_tables.status, \
                 championship_tables.sheet, championship_tables.outcome, championship_tables.version";

            fn table_from_row(
                (id, round, number, seats, status, sheet, outcome, version): TableRow,
            ) -> Result<Table, StoreError> {
                let count = |value: i32| {
                    u32::try_from(value)
                        .map_err(|_| StoreError::Corrupt(format!("table {id} counts {value}")))
                };
                Ok(Table {
                    id: TableId(id),
                    round_id: RoundId(round),
                    number: count(number)?,
                    seats: kept::ids_from_json("a table's seats", &seats)?,
                    status: kept::table_status_from(&status)?,
                    result: kept::result_from_columns(sheet, outcome)?,
                    version: count(version)?,
                })
            }

            /// A table with where it is: its championship, stage and round.
            type LinkedRow = (
                i64,
                String,
                i32,
                i64,
                i64,
                i32,
                String,
                String,
                Option<String>,
                Option<String>,
                i32,
            );

            const LINKED_SELECT: &str = "SELECT championship_rounds.championship_id, \
                 championship_rounds.stage, championship_rounds.number, \
                 championship_tables.id, championship_tables.round_id, \
                 championship_tables.number, championship_tables.seats, championship_tables.status, \
                 championship_tables.sheet, championship_tables.outcome, championship_tables.version \
                 FROM championship_tables JOIN championship_rounds \
                 ON championship_rounds.id = championship_tables.round_id";

            fn linked_from_row(
                (championship, stage, round, id, round_id, number, seats, status, sheet, outcome, version): LinkedRow,
            ) -> Result<LinkedTable, StoreError> {
                Ok(LinkedTable {
                    championship: ChampionshipId(championship),
                    stage: kept::stage_from_name(&stage)?,
                    round: u32::try_from(round).map_err(|_| {
                        StoreError::Corrupt(format!("a round is numbered {round}"))
                    })?,
                    table: table_from_row((
                        id, round_id, number, seats, status, sheet, outcome, version,
                    ))?,
                })
            }

            /// Why a change of `change.table` touched no row.
            async fn table_change_refusal(
                tx: &mut sqlx::Transaction<'_, $db>,
                change: &TableChange<'_>,
            ) -> StoreError {
                let row: Result<Option<(String, i32)>, sqlx::Error> =
                    sqlx::query_as("SELECT status, version FROM championship_tables WHERE id = $1")
                        .bind(change.table.0)
                        .fetch_optional(&mut **tx)
                        .await;
                match row {
                    Err(error) => error.into(),
                    Ok(None) => StoreError::NotFound("table"),
                    Ok(Some((_, version)))
                        if i64::from(version) != i64::from(change.from_version) =>
                    {
                        StoreError::ResultChanged
                    }
                    Ok(Some((status, _))) if status == "confirmed" => StoreError::TableConfirmed,
                    Ok(Some(_)) => StoreError::NoTableResult,
                }
            }

            /// Changes a table's result (or only its status when `result` is `None`) from
            /// `change.from_version`, where its status is one of `from`, and logs it.
            async fn change_table(
                tx: &mut sqlx::Transaction<'_, $db>,
                change: &TableChange<'_>,
                from: &'static str,
                to: TableStatus,
                result: Option<&TableResult>,
                action: fn(had_result: bool) -> TableAction,
            ) -> Result<Table, StoreError> {
                let before: Option<(Option<String>, Option<String>)> =
                    sqlx::query_as("SELECT sheet, outcome FROM championship_tables WHERE id = $1")
                        .bind(change.table.0)
                        .fetch_optional(&mut **tx)
                        .await?;
                let Some((sheet_before, outcome_before)) = before else {
                    return Err(StoreError::NotFound("table"));
                };
                let outcome = result.map(|r| kept::outcome_json(&r.outcome));
                let version = i32::try_from(change.from_version).unwrap_or(i32::MAX);
                let updated: Option<TableRow> = sqlx::query_as(&format!(
                    "UPDATE championship_tables SET status = $1, \
                     sheet = COALESCE($2, sheet), outcome = COALESCE($3, outcome), \
                     version = version + 1 \
                     WHERE id = $4 AND version = $5 AND status IN ({from}) \
                     RETURNING {TABLE_COLUMNS}"
                ))
                .bind(to.as_str())
                .bind(result.map(|r| r.sheet.as_str()))
                .bind(outcome.as_deref())
                .bind(change.table.0)
                .bind(version)
                .fetch_optional(&mut **tx)
                .await?;
                let Some(updated) = updated else {
                    return Err(table_change_refusal(tx, change).await);
                };
                let table = table_from_row(updated)?;
                let (sheet_after, outcome_after) = match &table.result {
                    Some(result) => (
                        Some(result.sheet.clone()),
                        Some(kept::outcome_json(&result.outcome)),
                    ),
                    None => (None, None),
                };
                sqlx::query(
                    "INSERT INTO championship_table_events (table_id, happened_at, user_id, action, \
                     sheet_before, outcome_before, sheet, outcome, reason) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(change.table.0)
                .bind(change.at)
                .bind(change.by.map(|user| user.0))
                .bind(kept::table_action_name(action(sheet_before.is_some())))
                .bind(sheet_before)
                .bind(outcome_before)
                .bind(sheet_after)
                .bind(outcome_after)
                .bind(change.reason)
                .execute(&mut **tx)
                .await?;
                Ok(table)
            }

            /// Confirms a table's entered result: alone, or as one of a round's confirmed at once.
            async fn confirm_table(
                tx: &mut sqlx::Transaction<'_, $db>,
                change: &TableChange<'_>,
            ) -> Result<Table, StoreError> {
                change_table(
                    tx,
                    change,
                    "'entered'",
                    TableStatus::Confirmed,
                    None,
                    |_| TableAction::Confirmed,
                )
                .await
            }

            #[async_trait::async_trait]
            impl ChampionshipStore for $store {
                $($methods)*

                async fn publish_round(&self, round: &NewRound) -> Result<Round, StoreError> {
                    let stage = round.stage.name();
                    let mut tx = self.begin_write().await?;
                    lock_championship(&mut tx, round.championship).await?;
                    let last: i32 = sqlx::query_scalar(
                        "SELECT COALESCE(MAX(number), 0) FROM championship_rounds \
                         WHERE championship_id = $1 AND stage = $2",
                    )
                    .bind(round.championship.0)
                    .bind(stage)
                    .fetch_one(&mut *tx)
                    .await?;
                    if i64::from(last) + 1 != i64::from(round.number) {
                        return Err(StoreError::RoundChanged);
                    }
                    // The round was paired from the entrants as the organiser's page read them: one
                    // entered, withdrawn, checked in or seeded since would make it a round the
                    // engine refuses (an entrant seated after their withdrawal, say).
                    let entrants: Vec<EntrantRow> = sqlx::query_as(&format!(
                        "{SELECT_ENTRANTS} WHERE championship_id = $1 ORDER BY entry_number"
                    ))
                    .bind(round.championship.0)
                    .fetch_all(&mut *tx)
                    .await?;
                    let entrants = entrants
                        .into_iter()
                        .map(entrant_from_row)
                        .collect::<Result<Vec<_>, _>>()?;
                    if entrants != round.entrants_seen {
                        return Err(StoreError::EntrantsChanged);
                    }
                    let number = i32::try_from(round.number).unwrap_or(i32::MAX);
                    // The time as kept (to the microsecond), as a later read gives it.
                    let (id, published_at): (i64, chrono::DateTime<chrono::Utc>) = sqlx::query_as(
                        "INSERT INTO championship_rounds (championship_id, stage, number, byes, \
                         stage_entrants, published_at, published_by, edited) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, published_at",
                    )
                    .bind(round.championship.0)
                    .bind(stage)
                    .bind(number)
                    .bind(kept::ids_json(&round.byes))
                    .bind(round.stage_entrants.as_deref().map(kept::ids_json))
                    .bind(round.published_at)
                    .bind(round.published_by.0)
                    .bind(round.edited)
                    .fetch_one(&mut *tx)
                    .await
                    .map_err(|e| unique_violation_as(e, StoreError::RoundChanged))?;
                    for absent in &round.absent {
                        sqlx::query(
                            "UPDATE championship_entrants SET withdrawn_after = $1 \
                             WHERE id = $2 AND championship_id = $3 AND withdrawn_after IS NULL",
                        )
                        .bind(number - 1)
                        .bind(absent.0)
                        .bind(round.championship.0)
                        .execute(&mut *tx)
                        .await?;
                    }
                    let mut tables = Vec::with_capacity(round.tables.len());
                    for (table, number) in round.tables.iter().zip(1_i32..) {
                        let row: TableRow = sqlx::query_as(&format!(
                            "INSERT INTO championship_tables (round_id, number, seats, link_digest) \
                             VALUES ($1, $2, $3, $4) RETURNING {TABLE_COLUMNS}"
                        ))
                        .bind(id)
                        .bind(number)
                        .bind(kept::ids_json(&table.seats))
                        .bind(table.link.as_str())
                        .fetch_one(&mut *tx)
                        .await?;
                        tables.push(table_from_row(row)?);
                    }
                    tx.commit().await?;
                    Ok(Round {
                        id: RoundId(id),
                        stage: round.stage,
                        number: round.number,
                        tables,
                        byes: round.byes.clone(),
                        stage_entrants: round.stage_entrants.clone(),
                        published_at,
                        edited: round.edited,
                        clock_ends_at: None,
                    })
                }

                async fn set_round_clock(
                    &self,
                    championship: ChampionshipId,
                    round: RoundId,
                    ends_at: Option<chrono::DateTime<chrono::Utc>>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    let changed = sqlx::query(
                        "UPDATE championship_rounds SET clock_ends_at = $1 \
                         WHERE id = $2 AND championship_id = $3",
                    )
                    .bind(ends_at)
                    .bind(round.0)
                    .bind(championship.0)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                    if changed == 0 {
                        return Err(StoreError::NotFound("round"));
                    }
                    tx.commit().await?;
                    Ok(())
                }

                async fn rounds(
                    &self,
                    championship: ChampionshipId,
                ) -> Result<Vec<Round>, StoreError> {
                    // One read of both, so that a round published between two reads cannot
                    // appear without its tables.
                    let mut tx = self.pool.begin().await?;
                    let rounds: Vec<(
                        i64,
                        String,
                        i32,
                        String,
                        Option<String>,
                        chrono::DateTime<chrono::Utc>,
                        bool,
                        Option<chrono::DateTime<chrono::Utc>>,
                    )> = sqlx::query_as(
                        "SELECT id, stage, number, byes, stage_entrants, published_at, edited, \
                         clock_ends_at \
                         FROM championship_rounds WHERE championship_id = $1 \
                         ORDER BY CASE stage WHEN 'main' THEN 0 ELSE 1 END, number",
                    )
                    .bind(championship.0)
                    .fetch_all(&mut *tx)
                    .await?;
                    let tables: Vec<TableRow> = sqlx::query_as(&format!(
                        "SELECT {TABLE_COLUMNS} FROM championship_tables \
                         JOIN championship_rounds ON championship_rounds.id = \
                         championship_tables.round_id \
                         WHERE championship_rounds.championship_id = $1 \
                         ORDER BY championship_tables.round_id, championship_tables.number"
                    ))
                    .bind(championship.0)
                    .fetch_all(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    let mut by_round: std::collections::HashMap<i64, Vec<Table>> =
                        std::collections::HashMap::new();
                    for row in tables {
                        let table = table_from_row(row)?;
                        by_round.entry(table.round_id.0).or_default().push(table);
                    }
                    rounds
                        .into_iter()
                        .map(|(id, stage, number, byes, stage_entrants, published_at, edited, clock_ends_at)| {
                            Ok(Round {
                                id: RoundId(id),
                                stage: kept::stage_from_name(&stage)?,
                                number: u32::try_from(number).map_err(|_| {
                                    StoreError::Corrupt(format!("round {id} is numbered {number}"))
                                })?,
                                tables: by_round.remove(&id).unwrap_or_default(),
                                byes: kept::ids_from_json("a round's byes", &byes)?,
                                stage_entrants: stage_entrants
                                    .map(|list| kept::ids_from_json("a stage's entrants", &list))
                                    .transpose()?,
                                published_at,
                                edited,
                                clock_ends_at,
                            })
                        })
                        .collect()
                }

                async fn table_by_link(
                    &self,
                    link: &TokenDigest,
                ) -> Result<Option<LinkedTable>, StoreError> {
                    let row: Option<LinkedRow> = sqlx::query_as(&format!(
                        "{LINKED_SELECT} WHERE championship_tables.link_digest = $1"
                    ))
                    .bind(link.as_str())
                    .fetch_optional(&self.pool)
                    .await?;
                    row.map(linked_from_row).transpose()
                }

                async fn unconfirmed_tables_numbered(
                    &self,
                    number: u32,
                    published_since: chrono::DateTime<chrono::Utc>,
                ) -> Result<Vec<LinkedTable>, StoreError> {
                    let rows: Vec<LinkedRow> = sqlx::query_as(&format!(
                        "{LINKED_SELECT} WHERE championship_tables.number = $1 \
                         AND championship_tables.status <> 'confirmed' \
                         AND championship_rounds.published_at >= $2 \
                         ORDER BY championship_tables.id DESC LIMIT $3"
                    ))
                    .bind(i64::from(number))
                    .bind(published_since)
                    .bind(MAX_TABLES_BY_NUMBER as i64)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter().map(linked_from_row).collect()
                }

                async fn table(
                    &self,
                    id: TableId,
                ) -> Result<Option<(ChampionshipId, Table)>, StoreError> {
                    let row: Option<(
                        i64,
                        i64,
                        i64,
                        i32,
                        String,
                        String,
                        Option<String>,
                        Option<String>,
                        i32,
                    )> = sqlx::query_as(&format!(
                        "SELECT championship_rounds.championship_id, {TABLE_COLUMNS} \
                             FROM championship_tables \
                             JOIN championship_rounds ON championship_rounds.id = \
                             championship_tables.round_id \
                             WHERE championship_tables.id = $1"
                    ))
                    .bind(id.0)
                    .fetch_optional(&self.pool)
                    .await?;
                    row.map(
                        |(
                            championship,
                            id,
                            round,
                            number,
                            seats,
                            status,
                            sheet,
                            outcome,
                            version,
                        )| {
                            Ok((
                                ChampionshipId(championship),
                                table_from_row((
                                    id, round, number, seats, status, sheet, outcome, version,
                                ))?,
                            ))
                        },
                    )
                    .transpose()
                }

                async fn enter_table_result(
                    &self,
                    change: &TableChange<'_>,
                    result: &TableResult,
                ) -> Result<Table, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let table = change_table(
                        &mut tx,
                        change,
                        "'waiting', 'entered'",
                        TableStatus::Entered,
                        Some(result),
                        |_| TableAction::Entered,
                    )
                    .await?;
                    tx.commit().await?;
                    Ok(table)
                }

                async fn confirm_table_result(
                    &self,
                    change: &TableChange<'_>,
                ) -> Result<Table, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let table = confirm_table(&mut tx, change).await?;
                    tx.commit().await?;
                    Ok(table)
                }

                async fn confirm_table_results(
                    &self,
                    changes: &[TableChange<'_>],
                ) -> Result<Vec<Table>, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let mut tables = Vec::with_capacity(changes.len());
                    for change in changes {
                        tables.push(confirm_table(&mut tx, change).await?);
                    }
                    tx.commit().await?;
                    Ok(tables)
                }

                async fn correct_table_result(
                    &self,
                    change: &TableChange<'_>,
                    result: &TableResult,
                ) -> Result<Table, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let table = change_table(
                        &mut tx,
                        change,
                        "'waiting', 'entered', 'confirmed'",
                        TableStatus::Confirmed,
                        Some(result),
                        |had_result| {
                            if had_result {
                                TableAction::Corrected
                            } else {
                                TableAction::Entered
                            }
                        },
                    )
                    .await?;
                    tx.commit().await?;
                    Ok(table)
                }

                async fn table_corrections(
                    &self,
                    championship: ChampionshipId,
                ) -> Result<Vec<(TableId, chrono::DateTime<chrono::Utc>)>, StoreError> {
                    let rows: Vec<(i64, chrono::DateTime<chrono::Utc>)> = sqlx::query_as(
                        "SELECT championship_table_events.table_id, \
                         championship_table_events.happened_at \
                         FROM championship_table_events \
                         JOIN championship_tables ON championship_tables.id = \
                         championship_table_events.table_id \
                         JOIN championship_rounds ON championship_rounds.id = \
                         championship_tables.round_id \
                         WHERE championship_rounds.championship_id = $1 \
                         AND championship_table_events.action = $2 \
                         ORDER BY championship_table_events.id",
                    )
                    .bind(championship.0)
                    .bind(TableAction::Corrected.as_str())
                    .fetch_all(&self.pool)
                    .await?;
                    Ok(rows
                        .into_iter()
                        .map(|(table, at)| (TableId(table), at))
                        .collect())
                }

                async fn table_events(
                    &self,
                    championship: ChampionshipId,
                ) -> Result<Vec<TableEvent>, StoreError> {
                    let rows: Vec<(
                        i64,
                        chrono::DateTime<chrono::Utc>,
                        Option<i64>,
                        Option<String>,
                        String,
                        Option<String>,
                        Option<String>,
                        Option<String>,
                        Option<String>,
                        Option<String>,
                    )> = sqlx::query_as(
                        "SELECT championship_table_events.table_id, \
                         championship_table_events.happened_at, championship_table_events.user_id, \
                         users.email, championship_table_events.action, \
                         championship_table_events.sheet_before, \
                         championship_table_events.outcome_before, championship_table_events.sheet, \
                         championship_table_events.outcome, championship_table_events.reason \
                         FROM championship_table_events \
                         JOIN championship_tables ON championship_tables.id = \
                         championship_table_events.table_id \
                         JOIN championship_rounds ON championship_rounds.id = \
                         championship_tables.round_id \
                         LEFT JOIN users ON users.id = championship_table_events.user_id \
                         WHERE championship_rounds.championship_id = $1 \
                         ORDER BY championship_table_events.id",
                    )
                    .bind(championship.0)
                    .fetch_all(&self.pool)
                    .await?;
                    rows.into_iter()
                        .map(
                            |(
                                table,
                                at,
                                by,
                                by_email,
                                action,
                                sheet_before,
                                outcome_before,
                                sheet,
                                outcome,
                                reason,
                            )| {
                                Ok(TableEvent {
                                    table: TableId(table),
                                    at,
                                    by: by.map(UserId),
                                    by_email,
                                    action: kept::table_action_from(&action)?,
                                    before: kept::result_from_columns(
                                        sheet_before,
                                        outcome_before,
                                    )?,
                                    after: kept::result_from_columns(sheet, outcome)?,
                                    reason,
                                })
                            },
                        )
                        .collect()
                }
            }
        };
    };
}

pub(super) use championship_round_sql_store;
