//! The [`ChampionshipStore`](super::ChampionshipStore) methods of a championship and its
//! entrants, written once in SQL both dialects accept, like those of `sql.rs`; the methods of
//! its rounds and tables are in `championship_round_sql.rs`, whose macro this one expands
//! with these methods to make the one `impl ChampionshipStore`.
//!
//! A write that must see the championship as it stands (entrants added against the limit, a
//! round published after the last) first takes the championship's row with an update that
//! changes nothing: that locks it until the transaction ends on PostgreSQL, and SQLite's
//! writers already take turns.

macro_rules! championship_sql_store {
    ($store:ty, db: $db:ty) => {
        const _: () = {
            use $crate::domain::ids::{
                ChampionshipId, EntrantId, OrganisationId, PlayerId, RoundId, TableId, TeamId,
                UserId,
            };
            use $crate::store::championship as kept;
            use $crate::store::championship::{MAX_TABLES_BY_NUMBER, format_from_json, format_json};
            use $crate::store::league::{ruleset_from_json, ruleset_json};
            use $crate::store::{
                Championship, ChampionshipStore, Entrant, EntrantPlayer, LinkedTable,
                NewChampionship, NewEntrant, NewRound, Round, StoreError, Table, TableAction,
                TableChange, TableEvent, TableResult, TableStatus, constraint_violation_as,
                look_alike_refusal, unique_violation_as,
            };
            use $crate::token::TokenDigest;

            type ChampionshipRow = (
                i64,
                i64,
                String,
                chrono::NaiveDate,
                chrono::NaiveDate,
                String,
                String,
                String,
            );

            const SELECT_CHAMPIONSHIPS: &str = "SELECT id, organisation_id, name, starts_on, \
                 ends_on, venue, ruleset, format FROM championships";

            fn championship_from_row(
                (id, organisation, name, starts_on, ends_on, venue, ruleset, format): ChampionshipRow,
            ) -> Result<Championship, StoreError> {
                Ok(Championship {
                    id: ChampionshipId(id),
                    organisation_id: OrganisationId(organisation),
                    name,
                    starts_on,
                    ends_on,
                    venue,
                    ruleset: ruleset_from_json(&ruleset)?,
                    format: format_from_json(&format)?,
                })
            }

            type EntrantRow = (
                i64,
                i32,
                String,
                Option<i64>,
                Option<i64>,
                Option<i64>,
                i32,
                Option<i32>,
                bool,
                Option<i32>,
            );

            const SELECT_ENTRANTS: &str = "SELECT id, entry_number, name, player_id, partner_id, \
                 team_id, rating, seed, checked_in, withdrawn_after FROM championship_entrants";

            fn entrant_from_row(
                (id, number, name, player, partner, team, rating, seed, checked_in, withdrawn): EntrantRow,
            ) -> Result<Entrant, StoreError> {
                let count = |value: i32| {
                    u32::try_from(value)
                        .map_err(|_| StoreError::Corrupt(format!("entrant {id} counts {value}")))
                };
                Ok(Entrant {
                    id: EntrantId(id),
                    entry_number: count(number)?,
                    name,
                    player: player.map(PlayerId),
                    partner: partner.map(PlayerId),
                    team: team.map(TeamId),
                    rating: i64::from(rating),
                    seed: seed.map(count).transpose()?,
                    checked_in,
                    withdrawn_after: withdrawn.map(count).transpose()?,
                })
            }

            /// Locks the championship's row for the rest of the transaction and answers its
            /// organisation.
            async fn lock_championship(
                tx: &mut sqlx::Transaction<'_, $db>,
                championship: ChampionshipId,
            ) -> Result<i64, StoreError> {
                sqlx::query_scalar(
                    "UPDATE championships SET name = name WHERE id = $1 RETURNING organisation_id",
                )
                .bind(championship.0)
                .fetch_optional(&mut **tx)
                .await?
                .ok_or(StoreError::NotFound("championship"))
            }

            /// Locks the championship of `entrant`, as `lock_championship` does, and answers it.
            async fn lock_championship_of_entrant(
                tx: &mut sqlx::Transaction<'_, $db>,
                entrant: EntrantId,
            ) -> Result<i64, StoreError> {
                let championship: i64 = sqlx::query_scalar(
                    "SELECT championship_id FROM championship_entrants WHERE id = $1",
                )
                .bind(entrant.0)
                .fetch_optional(&mut **tx)
                .await?
                .ok_or(StoreError::NotFound("entrant"))?;
                lock_championship(tx, ChampionshipId(championship)).await?;
                Ok(championship)
            }

            /// Refused with `RoundChanged` unless the championship (locked by the caller) still has
            /// the `seen` rounds the caller decided on: a withdrawal or a late entry is judged by
            /// the rounds published, so one published meanwhile would make it wrong.
            async fn refuse_if_rounds_changed(
                tx: &mut sqlx::Transaction<'_, $db>,
                championship: i64,
                seen: usize,
            ) -> Result<(), StoreError> {
                let published: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM championship_rounds WHERE championship_id = $1",
                )
                .bind(championship)
                .fetch_one(&mut **tx)
                .await?;
                if usize::try_from(published).ok() != Some(seen) {
                    return Err(StoreError::RoundChanged);
                }
                Ok(())
            }

            /// Refused unless row `id` of `table` (players or teams) is of `organisation`.
            async fn of_organisation(
                tx: &mut sqlx::Transaction<'_, $db>,
                table: &'static str,
                what: &'static str,
                id: i64,
                organisation: i64,
            ) -> Result<(), StoreError> {
                let owner: Option<i64> = sqlx::query_scalar(&format!(
                    "SELECT organisation_id FROM {table} WHERE id = $1"
                ))
                .bind(id)
                .fetch_optional(&mut **tx)
                .await?;
                match owner {
                    None => Err(StoreError::NotFound(what)),
                    Some(owner) if owner != organisation => {
                        Err(StoreError::OfAnotherOrganisation(what))
                    }
                    Some(_) => Ok(()),
                }
            }

            /// The rounds' entrant lists of a championship (seats, byes, a stage's entrants), to
            /// find whether an entrant has played.
            async fn entrants_in_rounds(
                tx: &mut sqlx::Transaction<'_, $db>,
                championship: i64,
            ) -> Result<std::collections::HashSet<i64>, StoreError> {
                let rounds: Vec<(String, Option<String>)> = sqlx::query_as(
                    "SELECT byes, stage_entrants FROM championship_rounds WHERE championship_id = $1",
                )
                .bind(championship)
                .fetch_all(&mut **tx)
                .await?;
                let seats: Vec<String> = sqlx::query_scalar(
                    "SELECT championship_tables.seats FROM championship_tables \
                     JOIN championship_rounds ON championship_rounds.id = championship_tables.round_id \
                     WHERE championship_rounds.championship_id = $1",
                )
                .bind(championship)
                .fetch_all(&mut **tx)
                .await?;
                let mut played = std::collections::HashSet::new();
                for (byes, stage_entrants) in rounds {
                    played.extend(kept::ids_from_json::<i64>("a round's byes", &byes)?);
                    if let Some(list) = stage_entrants {
                        played.extend(kept::ids_from_json::<i64>("a stage's entrants", &list)?);
                    }
                }
                for list in seats {
                    played.extend(kept::ids_from_json::<i64>("a table's seats", &list)?);
                }
                Ok(played)
            }

            $crate::store::championship_round_sql::championship_round_sql_store! {
                store: $store,
                db: $db,
                methods: {
                    async fn create_championship(
                        &self,
                        championship: &NewChampionship,
                    ) -> Result<Championship, StoreError> {
                        let skeleton = championship.name.skeleton();
                        let mut tx = self.begin_write().await?;
                        let existing = <$store>::name_of_skeleton(
                            &mut *tx,
                            "SELECT name FROM championships \
                             WHERE organisation_id = $1 AND name_skeleton = $2",
                            championship.organisation.0,
                            &skeleton,
                        )
                        .await?;
                        look_alike_refusal(
                            existing,
                            &championship.name,
                            StoreError::ChampionshipNameTaken,
                        )?;
                        let row: ChampionshipRow = sqlx::query_as(&format!(
                            "INSERT INTO championships (organisation_id, name, name_skeleton, starts_on, \
                             ends_on, venue, ruleset, format, created_at) \
                             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                             RETURNING id, organisation_id, name, starts_on, ends_on, venue, ruleset, \
                             format"
                        ))
                        .bind(championship.organisation.0)
                        .bind(championship.name.as_str())
                        .bind(&skeleton)
                        .bind(championship.starts_on)
                        .bind(championship.ends_on)
                        .bind(&championship.venue)
                        .bind(ruleset_json(&championship.ruleset))
                        .bind(format_json(&championship.format))
                        .bind(championship.created_at)
                        .fetch_one(&mut *tx)
                        .await
                        .map_err(|e| {
                            constraint_violation_as(
                                e,
                                StoreError::ChampionshipNameTaken,
                                StoreError::NotFound("organisation"),
                            )
                        })?;
                        tx.commit().await?;
                        championship_from_row(row)
                    }

                    async fn championship(
                        &self,
                        id: ChampionshipId,
                    ) -> Result<Option<Championship>, StoreError> {
                        let row: Option<ChampionshipRow> =
                            sqlx::query_as(&format!("{SELECT_CHAMPIONSHIPS} WHERE id = $1"))
                                .bind(id.0)
                                .fetch_optional(&self.pool)
                                .await?;
                        row.map(championship_from_row).transpose()
                    }

                    async fn championships_of(
                        &self,
                        organisation: OrganisationId,
                    ) -> Result<Vec<Championship>, StoreError> {
                        let rows: Vec<ChampionshipRow> = sqlx::query_as(&format!(
                            "{SELECT_CHAMPIONSHIPS} WHERE organisation_id = $1 \
                             ORDER BY starts_on DESC, id DESC"
                        ))
                        .bind(organisation.0)
                        .fetch_all(&self.pool)
                        .await?;
                        rows.into_iter().map(championship_from_row).collect()
                    }

                    async fn add_entrants(
                        &self,
                        championship: ChampionshipId,
                        entrants: &[NewEntrant],
                        limit: usize,
                        rounds_seen: usize,
                        at: chrono::DateTime<chrono::Utc>,
                    ) -> Result<Vec<Entrant>, StoreError> {
                        let mut tx = self.begin_write().await?;
                        let organisation = lock_championship(&mut tx, championship).await?;
                        refuse_if_rounds_changed(&mut tx, championship.0, rounds_seen).await?;
                        let (held, last): (i64, i32) = sqlx::query_as(
                            "SELECT COUNT(*), COALESCE(MAX(entry_number), 0) \
                             FROM championship_entrants WHERE championship_id = $1",
                        )
                        .bind(championship.0)
                        .fetch_one(&mut *tx)
                        .await?;
                        let would_hold = usize::try_from(held).unwrap_or(usize::MAX) + entrants.len();
                        if would_hold > limit {
                            return Err(StoreError::TooManyEntrants { limit, would_hold });
                        }
                        let mut added = Vec::with_capacity(entrants.len());
                        // New players by name: a name given twice in the list is one player.
                        let mut made: std::collections::HashMap<&str, i64> =
                            std::collections::HashMap::new();
                        let mut look_alikes = Vec::new();
                        for (index, (entrant, number)) in entrants.iter().zip(last + 1..).enumerate() {
                            let mut players = [None, None];
                            for (slot, named) in
                                [&entrant.player, &entrant.partner].into_iter().enumerate()
                            {
                                players[slot] = match named {
                                    None => None,
                                    Some(EntrantPlayer::Kept(player)) => {
                                        of_organisation(
                                            &mut tx,
                                            "players",
                                            "player",
                                            player.0,
                                            organisation,
                                        )
                                        .await?;
                                        Some(player.0)
                                    }
                                    Some(EntrantPlayer::New(name)) => match made.get(name.as_str()) {
                                        Some(id) => Some(*id),
                                        None => {
                                            match <$store>::insert_player(
                                                &mut tx,
                                                organisation,
                                                name,
                                                at,
                                            )
                                            .await
                                            {
                                                Ok(id) => {
                                                    made.insert(name.as_str(), id);
                                                    Some(id)
                                                }
                                                Err(StoreError::NameLooksLike { existing }) => {
                                                    look_alikes.push((
                                                        index,
                                                        name.as_str().to_owned(),
                                                        existing,
                                                    ));
                                                    None
                                                }
                                                Err(error) => return Err(error),
                                            }
                                        }
                                    },
                                };
                            }
                            if !look_alikes.is_empty() {
                                // The rest of the list is still read for look-alikes, not written.
                                continue;
                            }
                            if let Some(team) = entrant.team {
                                of_organisation(&mut tx, "teams", "team", team.0, organisation).await?;
                            }
                            let row: EntrantRow = sqlx::query_as(
                                "INSERT INTO championship_entrants (championship_id, entry_number, name, \
                                 player_id, partner_id, team_id, rating, entered_at) \
                                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                                 RETURNING id, entry_number, name, player_id, partner_id, team_id, \
                                 rating, seed, checked_in, withdrawn_after",
                            )
                            .bind(championship.0)
                            .bind(number)
                            .bind(entrant.name.as_str())
                            .bind(players[0])
                            .bind(players[1])
                            .bind(entrant.team.map(|t| t.0))
                            .bind(i32::try_from(entrant.rating).unwrap_or(i32::MAX))
                            .bind(at)
                            .fetch_one(&mut *tx)
                            .await
                            .map_err(|e| {
                                unique_violation_as(
                                    e,
                                    StoreError::EntrantNameTaken(entrant.name.as_str().to_owned()),
                                )
                            })?;
                            added.push(entrant_from_row(row)?);
                        }
                        // Dropping the transaction takes back every player made above.
                        if !look_alikes.is_empty() {
                            return Err(StoreError::EntrantPlayersLookAlike(look_alikes));
                        }
                        tx.commit().await?;
                        Ok(added)
                    }

                    async fn entrants(
                        &self,
                        championship: ChampionshipId,
                    ) -> Result<Vec<Entrant>, StoreError> {
                        let rows: Vec<EntrantRow> = sqlx::query_as(&format!(
                            "{SELECT_ENTRANTS} WHERE championship_id = $1 ORDER BY entry_number"
                        ))
                        .bind(championship.0)
                        .fetch_all(&self.pool)
                        .await?;
                        rows.into_iter().map(entrant_from_row).collect()
                    }

                    async fn check_in_all(
                        &self,
                        championship: ChampionshipId,
                    ) -> Result<u32, StoreError> {
                        let mut tx = self.begin_write().await?;
                        let updated = sqlx::query(
                            "UPDATE championship_entrants SET checked_in = $1 \
                             WHERE championship_id = $2 AND checked_in = $3 \
                             AND withdrawn_after IS NULL",
                        )
                        .bind(true)
                        .bind(championship.0)
                        .bind(false)
                        .execute(&mut *tx)
                        .await?;
                        tx.commit().await?;
                        Ok(u32::try_from(updated.rows_affected()).unwrap_or(u32::MAX))
                    }

                    async fn set_checked_in(
                        &self,
                        entrant: EntrantId,
                        checked_in: bool,
                    ) -> Result<(), StoreError> {
                        let mut tx = self.begin_write().await?;
                        let updated = sqlx::query(
                            "UPDATE championship_entrants SET checked_in = $1 WHERE id = $2",
                        )
                        .bind(checked_in)
                        .bind(entrant.0)
                        .execute(&mut *tx)
                        .await?;
                        if updated.rows_affected() != 1 {
                            return Err(StoreError::NotFound("entrant"));
                        }
                        tx.commit().await?;
                        Ok(())
                    }

                    async fn set_seed(
                        &self,
                        entrant: EntrantId,
                        seed: Option<u32>,
                    ) -> Result<(), StoreError> {
                        let mut tx = self.begin_write().await?;
                        let updated =
                            sqlx::query("UPDATE championship_entrants SET seed = $1 WHERE id = $2")
                                .bind(seed.map(|s| i32::try_from(s).unwrap_or(i32::MAX)))
                                .bind(entrant.0)
                                .execute(&mut *tx)
                                .await
                                .map_err(|e| {
                                    unique_violation_as(e, StoreError::SeedTaken(seed.unwrap_or(0)))
                                })?;
                        if updated.rows_affected() != 1 {
                            return Err(StoreError::NotFound("entrant"));
                        }
                        tx.commit().await?;
                        Ok(())
                    }

                    async fn set_withdrawn(
                        &self,
                        entrant: EntrantId,
                        after: Option<u32>,
                        rounds_seen: usize,
                    ) -> Result<(), StoreError> {
                        let mut tx = self.begin_write().await?;
                        // Under the lock that orders publications: a round published since the
                        // organiser looked would seat an entrant withdrawn before it.
                        let championship = lock_championship_of_entrant(&mut tx, entrant).await?;
                        refuse_if_rounds_changed(&mut tx, championship, rounds_seen).await?;
                        let updated = sqlx::query(
                            "UPDATE championship_entrants SET withdrawn_after = $1 WHERE id = $2",
                        )
                        .bind(after.map(|a| i32::try_from(a).unwrap_or(i32::MAX)))
                        .bind(entrant.0)
                        .execute(&mut *tx)
                        .await?;
                        if updated.rows_affected() != 1 {
                            return Err(StoreError::NotFound("entrant"));
                        }
                        tx.commit().await?;
                        Ok(())
                    }

                    async fn remove_entrant(&self, entrant: EntrantId) -> Result<(), StoreError> {
                        let mut tx = self.begin_write().await?;
                        let championship = lock_championship_of_entrant(&mut tx, entrant).await?;
                        if entrants_in_rounds(&mut tx, championship)
                            .await?
                            .contains(&entrant.0)
                        {
                            return Err(StoreError::EntrantHasPlayed);
                        }
                        sqlx::query("DELETE FROM championship_entrants WHERE id = $1")
                            .bind(entrant.0)
                            .execute(&mut *tx)
                            .await?;
                        tx.commit().await?;
                        Ok(())
                    }
                }
            }
        };
    };
}

pub(super) use championship_sql_store;
