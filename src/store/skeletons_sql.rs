//! Skeletons `migrate` computes for rows kept before they had them, or whose skeletons a
//! migration cleared when the skeleton function changed: an account's address, and the names of
//! teams, competitions, players and championships. A migration cannot compute them (the
//! confusable skeleton is Unicode TR39, computed by the service), so `migrate` fills them after
//! the migrations have run, oldest first.

macro_rules! skeletons_sql_store {
    ($store:ty, db: $db:ty) => {
        const _: () = {
            use $crate::domain::account::email_skeleton;
            use $crate::domain::organisation::name_skeleton;
            use $crate::store::StoreError;

            /// What a championship's skeleton starts with while it has none of its own (before
            /// `fill_name_skeletons` computes it, or beside an older look-alike): a control
            /// character, which no name's skeleton holds.
            const PLACEHOLDER_SKELETON: &str = "\u{1}";

            /// Gives row `id` of `table` (a team, competition or championship of `organisation`)
            /// the skeleton of its `name`, unless an older one of the organisation already has
            /// it: that one is left as it is, its name kept, and is logged.
            async fn give_name_skeleton(
                tx: &mut sqlx::Transaction<'_, $db>,
                table: &'static str,
                id: i64,
                organisation: i64,
                name: &str,
            ) -> Result<(), StoreError> {
                let skeleton = name_skeleton(name);
                let existing: Option<String> = sqlx::query_scalar(&format!(
                    "SELECT name FROM {table} WHERE organisation_id = $1 AND name_skeleton = $2"
                ))
                .bind(organisation)
                .bind(&skeleton)
                .fetch_optional(&mut **tx)
                .await?;
                match existing {
                    Some(existing) => tracing::warn!(
                        table,
                        organisation,
                        id,
                        "{name:?} looks the same as {existing:?}; it keeps its name, and a new \
                         name that looks like either is refused"
                    ),
                    None => {
                        sqlx::query(&format!(
                            "UPDATE {table} SET name_skeleton = $1 WHERE id = $2"
                        ))
                        .bind(&skeleton)
                        .bind(id)
                        .execute(&mut **tx)
                        .await?;
                    }
                }
                Ok(())
            }

            impl $store {
                /// Gives every account made before addresses had skeletons its address's skeleton
                /// (the migration cannot: skeletons are computed here).
                async fn fill_email_skeletons(&self) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    let accounts: Vec<(i64, String)> =
                        sqlx::query_as("SELECT id, email FROM users WHERE email_skeleton IS NULL")
                            .fetch_all(&mut *tx)
                            .await?;
                    for (id, email) in accounts {
                        sqlx::query("UPDATE users SET email_skeleton = $1 WHERE id = $2")
                            .bind(email_skeleton(&email))
                            .bind(id)
                            .execute(&mut *tx)
                            .await?;
                    }
                    tx.commit().await?;
                    Ok(())
                }

                /// Gives every team, competition, player and championship whose skeleton a
                /// migration cleared (written before names had skeletons, or before skeletons
                /// folded case) its skeleton, oldest first (the migration cannot: skeletons are
                /// computed here). A team or competition whose skeleton an older one of its organisation
                /// already has keeps none, as it is, and is logged; a player's spelling is kept
                /// only for the first of a look.
                pub(super) async fn fill_name_skeletons(&self) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    for table in ["teams", "competitions"] {
                        let rows: Vec<(i64, i64, String)> = sqlx::query_as(&format!(
                            "SELECT id, organisation_id, name FROM {table} \
                             WHERE name_skeleton IS NULL ORDER BY id"
                        ))
                        .fetch_all(&mut *tx)
                        .await?;
                        for (id, organisation, name) in rows {
                            give_name_skeleton(&mut tx, table, id, organisation, &name).await?;
                        }
                    }
                    let players: Vec<(i64, i64, String)> = sqlx::query_as(
                        "SELECT id, organisation_id, name FROM players \
                         WHERE name_skeleton IS NULL ORDER BY id",
                    )
                    .fetch_all(&mut *tx)
                    .await?;
                    for (id, organisation, name) in players {
                        let skeleton = name_skeleton(&name);
                        sqlx::query("UPDATE players SET name_skeleton = $1 WHERE id = $2")
                            .bind(&skeleton)
                            .bind(id)
                            .execute(&mut *tx)
                            .await?;
                        <$store>::keep_first_spelling(&mut tx, organisation, &skeleton, &name)
                            .await?;
                    }
                    // A championship's skeleton cannot be NULL: one still to be computed, or kept
                    // without one, holds PLACEHOLDER_SKELETON and its id.
                    let championships: Vec<(i64, i64, String)> = sqlx::query_as(
                        "SELECT id, organisation_id, name FROM championships \
                         WHERE substr(name_skeleton, 1, 1) = $1 ORDER BY id",
                    )
                    .bind(PLACEHOLDER_SKELETON)
                    .fetch_all(&mut *tx)
                    .await?;
                    for (id, organisation, name) in championships {
                        give_name_skeleton(&mut tx, "championships", id, organisation, &name)
                            .await?;
                    }
                    tx.commit().await?;
                    Ok(())
                }
            }
        };
    };
}

pub(super) use skeletons_sql_store;
