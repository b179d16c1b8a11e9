//! The [`LeagueStore`](super::LeagueStore) methods of organisations, teams, players and squads,
//! written once in SQL both dialects accept, like those of `sql.rs`; those of competitions,
//! seasons and divisions are in `league_season_sql.rs`, whose macro this one expands with these
//! methods to make the one `impl LeagueStore`.
//!
//! A write that checks something and then acts on it takes the rows it checks first
//! (`take_rows`), so that a concurrent write is either counted or waits: PostgreSQL's
//! `FOR UPDATE`, nothing on SQLite, whose one writer holds every row. A deletion takes its row
//! and what lies beneath it before it looks for results; a squad's team row is taken before its
//! limit is counted, and a player's row before their other squads are looked for.

macro_rules! league_sql_store {
    ($store:ty, db: $db:ty, row_lock: $row_lock:literal) => {
        const _: () = {
            use $crate::domain::entry_level::EntryLevel;
            use $crate::domain::ids::{
                CompetitionId, DivisionId, OrganisationId, PlayerId, SeasonId, TeamId, UserId,
            };
            use $crate::domain::league::{Venue, VenueAddress};
            use $crate::domain::organisation::DisplayName;
            use $crate::domain::standings::TiebreakOrder;
            use $crate::store::league::{
                from_json, ruleset_from_json, ruleset_json, to_json, weekday_from_number,
                weekday_number,
            };
            use $crate::store::{
                Competition, Division, LeagueStore, NewCompetition, NewDivision, NewSeason, Player,
                Season, SquadEntry, SquadRefusal, StoreError, Team, constraint_violation_as,
                foreign_key_violation_as, look_alike_refusal, unique_violation_as,
            };

            /// Takes the rows `select` finds by `id` for the rest of the transaction and answers
            /// their first column. On PostgreSQL this is `FOR UPDATE`: a writer that changes one of
            /// them is waited for and its change seen, and rows that would name one of them (a new
            /// fixture of a team, a player's place in a game) wait until this transaction ends.
            async fn take_rows<T>(
                tx: &mut sqlx::Transaction<'_, $db>,
                select: &str,
                id: i64,
            ) -> Result<Vec<T>, StoreError>
            where
                T: for<'r> sqlx::Decode<'r, $db> + sqlx::Type<$db> + Send + Unpin,
                (T,): for<'r> sqlx::FromRow<'r, <$db as sqlx::Database>::Row>,
            {
                Ok(sqlx::query_scalar(&format!("{select} {}", $row_lock))
                    .bind(id)
                    .fetch_all(&mut **tx)
                    .await?)
            }

            /// Takes the one row `select` finds by `id`; `NotFound(what)` when there is none.
            async fn take_row(
                tx: &mut sqlx::Transaction<'_, $db>,
                select: &str,
                id: i64,
                what: &'static str,
            ) -> Result<i64, StoreError> {
                take_rows::<i64>(tx, select, id)
                    .await?
                    .into_iter()
                    .next()
                    .ok_or(StoreError::NotFound(what))
            }

            /// Takes row `id` of `table` for the rest of the transaction, as a deletion does before
            /// it counts what lies beneath; `NotFound(what)` when there is none.
            async fn take_row_by_id(
                tx: &mut sqlx::Transaction<'_, $db>,
                table: &'static str,
                what: &'static str,
                id: i64,
            ) -> Result<(), StoreError> {
                let select = format!("SELECT id FROM {table} WHERE id = $1");
                take_row(tx, &select, id, what).await?;
                Ok(())
            }

            /// Takes the fixtures `select` finds by `id` (their statuses) and answers how many have
            /// a result. Taken before they are counted, so that a result submitted at the same
            /// moment is either counted here or finds its fixture gone, never kept and then deleted.
            async fn take_fixtures_with_results(
                tx: &mut sqlx::Transaction<'_, $db>,
                select: &'static str,
                id: i64,
            ) -> Result<i64, StoreError> {
                let statuses: Vec<String> = take_rows(tx, select, id).await?;
                let played = statuses
                    .iter()
                    .filter(|status| *status != "scheduled" && *status != "postponed")
                    .count();
                Ok(i64::try_from(played).unwrap_or(i64::MAX))
            }

            /// Refuses `member` (a team put in a division, a player in a squad) with
            /// `OfAnotherOrganisation` when it belongs to another organisation than `holder`
            /// does; each is the query finding its organisation, its id and what it is.
            async fn refuse_of_another_organisation(
                tx: &mut sqlx::Transaction<'_, $db>,
                holder: (&'static str, i64, &'static str),
                member: (&'static str, i64, &'static str),
            ) -> Result<(), StoreError> {
                let mut organisations = Vec::with_capacity(2);
                for (query, id, what) in [holder, member] {
                    let organisation: i64 = sqlx::query_scalar(query)
                        .bind(id)
                        .fetch_optional(&mut **tx)
                        .await?
                        .ok_or(StoreError::NotFound(what))?;
                    organisations.push(organisation);
                }
                if organisations[0] != organisations[1] {
                    return Err(StoreError::OfAnotherOrganisation(member.2));
                }
                Ok(())
            }

            /// Renames row `id` of `table` (`teams` or `competitions`, each of whose names is unique
            /// by its spelling and its look within the organisation): a name another row of the
            /// organisation has is refused with `taken`, one that only looks the same with
            /// `NameLooksLike`.
            async fn rename_unique(
                tx: &mut sqlx::Transaction<'_, $db>,
                table: &'static str,
                what: &'static str,
                id: i64,
                name: &DisplayName,
                taken: fn() -> StoreError,
            ) -> Result<(), StoreError> {
                let skeleton = name.skeleton();
                let organisation: i64 = sqlx::query_scalar(&format!(
                    "SELECT organisation_id FROM {table} WHERE id = $1"
                ))
                .bind(id)
                .fetch_optional(&mut **tx)
                .await?
                .ok_or(StoreError::NotFound(what))?;
                let existing: Option<String> = sqlx::query_scalar(&format!(
                    "SELECT name FROM {table} \
                     WHERE organisation_id = $1 AND name_skeleton = $2 AND id <> $3"
                ))
                .bind(organisation)
                .bind(&skeleton)
                .bind(id)
                .fetch_optional(&mut **tx)
                .await?;
                look_alike_refusal(existing, name, taken())?;
                sqlx::query(&format!(
                    "UPDATE {table} SET name = $1, name_skeleton = $2 WHERE id = $3"
                ))
                .bind(name.as_str())
                .bind(&skeleton)
                .bind(id)
                .execute(&mut **tx)
                .await
                .map_err(|e| unique_violation_as(e, taken()))?;
                Ok(())
            }

            /// Refuses with `HasChampionshipEntries` when a championship has entered the player or
            /// team `id` (`column` of its entrants): a championship keeps who played in it.
            async fn refuse_if_entered(
                tx: &mut sqlx::Transaction<'_, $db>,
                column: &'static str,
                id: i64,
            ) -> Result<(), StoreError> {
                let condition = match column {
                    "player_id" => "player_id = $1 OR partner_id = $1",
                    _ => "team_id = $1",
                };
                let count: i64 = sqlx::query_scalar(&format!(
                    "SELECT COUNT(DISTINCT championship_id) FROM championship_entrants \
                     WHERE {condition}"
                ))
                .bind(id)
                .fetch_one(&mut **tx)
                .await?;
                if count > 0 {
                    return Err(StoreError::HasChampionshipEntries { count });
                }
                Ok(())
            }

            /// Refuses with `HasResults` when `count` results (or games) name what would be removed:
            /// a league keeps its results, and what they name.
            fn refuse_if_played(count: i64) -> Result<(), StoreError> {
                if count > 0 {
                    return Err(StoreError::HasResults { count });
                }
                Ok(())
            }

            /// Deletes row `id` of `table`; `NotFound(what)` when there is none.
            async fn delete_row(
                tx: &mut sqlx::Transaction<'_, $db>,
                table: &'static str,
                what: &'static str,
                id: i64,
            ) -> Result<(), StoreError> {
                let removed = sqlx::query(&format!("DELETE FROM {table} WHERE id = $1"))
                    .bind(id)
                    .execute(&mut **tx)
                    .await?;
                if removed.rows_affected() != 1 {
                    return Err(StoreError::NotFound(what));
                }
                Ok(())
            }

            /// Makes the change `write` says in a write transaction of its own, where it must
            /// change exactly one row; `NotFound(what)` when it finds none.
            async fn change_one_row<'q>(
                writer: &sqlx::Pool<$db>,
                write: sqlx::query::Query<'q, $db, <$db as sqlx::Database>::Arguments<'q>>,
                what: &'static str,
            ) -> Result<(), StoreError> {
                let mut tx = writer.begin_with(<$store>::BEGIN_WRITE).await?;
                let changed = write.execute(&mut *tx).await?;
                if changed.rows_affected() != 1 {
                    return Err(StoreError::NotFound(what));
                }
                tx.commit().await?;
                Ok(())
            }

            /// Forgets the spelling of a look no player of the organisation has any more.
            async fn forget_unused_spelling(
                tx: &mut sqlx::Transaction<'_, $db>,
                organisation: i64,
                skeleton: &str,
            ) -> Result<(), StoreError> {
                sqlx::query(
                    "DELETE FROM player_name_spellings WHERE organisation_id = $1 \
                     AND skeleton = $2 AND NOT EXISTS (SELECT 1 FROM players \
                     WHERE organisation_id = $1 AND name_skeleton = $2)",
                )
                .bind(organisation)
                .bind(skeleton)
                .execute(&mut **tx)
                .await?;
                Ok(())
            }

            /// Helpers the other `*_sql.rs` macros of the same store call too, as `<$store>::name`.
            impl $store {
                /// Keeps `name` as the organisation's spelling of the look `skeleton` unless it
                /// keeps one already: the first spelling of a look is kept, and one written at the
                /// same moment waits on the key and then finds it, so the key decides between them.
                async fn keep_first_spelling(
                    tx: &mut sqlx::Transaction<'_, $db>,
                    organisation: i64,
                    skeleton: &str,
                    name: &str,
                ) -> Result<(), sqlx::Error> {
                    sqlx::query(
                        "INSERT INTO player_name_spellings (organisation_id, skeleton, name) \
                         VALUES ($1, $2, $3) ON CONFLICT (organisation_id, skeleton) DO NOTHING",
                    )
                    .bind(organisation)
                    .bind(skeleton)
                    .bind(name)
                    .execute(&mut **tx)
                    .await?;
                    Ok(())
                }

                /// Makes a player of `organisation` called `name`, refused with `NameLooksLike` when
                /// the organisation keeps another spelling of the name's look (two players may share a
                /// name; two spellings of one look are refused). Within the caller's transaction.
                async fn insert_player(
                    tx: &mut sqlx::Transaction<'_, $db>,
                    organisation: i64,
                    name: &DisplayName,
                    at: chrono::DateTime<chrono::Utc>,
                ) -> Result<i64, StoreError> {
                    let skeleton = name.skeleton();
                    <$store>::keep_first_spelling(tx, organisation, &skeleton, name.as_str())
                        .await
                        .map_err(|e| {
                            foreign_key_violation_as(e, StoreError::NotFound("organisation"))
                        })?;
                    let spelling = <$store>::name_of_skeleton(
                        &mut **tx,
                        "SELECT name FROM player_name_spellings \
                         WHERE organisation_id = $1 AND skeleton = $2",
                        organisation,
                        &skeleton,
                    )
                    .await?;
                    if let Some(existing) = spelling.filter(|spelling| spelling != name.as_str()) {
                        return Err(StoreError::NameLooksLike { existing });
                    }
                    let id: i64 = sqlx::query_scalar(
                        "INSERT INTO players (organisation_id, name, name_skeleton, created_at) \
                         VALUES ($1, $2, $3, $4) RETURNING id",
                    )
                    .bind(organisation)
                    .bind(name.as_str())
                    .bind(&skeleton)
                    .bind(at)
                    .fetch_one(&mut **tx)
                    .await
                    .map_err(|e| {
                        foreign_key_violation_as(e, StoreError::NotFound("organisation"))
                    })?;
                    Ok(id)
                }

                /// The name of the row `query` finds by organisation and name skeleton, if any.
                async fn name_of_skeleton<'e, E>(
                    executor: E,
                    query: &'static str,
                    organisation: i64,
                    skeleton: &str,
                ) -> Result<Option<String>, StoreError>
                where
                    E: sqlx::Executor<'e, Database = $db>,
                {
                    Ok(sqlx::query_scalar::<_, String>(query)
                        .bind(organisation)
                        .bind(skeleton)
                        .fetch_optional(executor)
                        .await?)
                }
            }

            $crate::store::league_season_sql::league_season_sql_store! {
                store: $store,
                db: $db,
                row_lock: $row_lock,
                methods: {
                    async fn set_team_venue(
                        &self,
                        team: TeamId,
                        venue: Option<&Venue>,
                    ) -> Result<(), StoreError> {
                        let mut tx = self.begin_write().await?;
                        let updated = sqlx::query(
                            "UPDATE teams SET venue_name = $1, venue_address = $2, venue_night = $3 \
                             WHERE id = $4",
                        )
                        .bind(venue.map(|venue| venue.name.as_str()))
                        .bind(venue.map(|venue| venue.address.as_str()))
                        .bind(venue.and_then(|venue| venue.night).map(weekday_number))
                        .bind(team.0)
                        .execute(&mut *tx)
                        .await?;
                        if updated.rows_affected() != 1 {
                            return Err(StoreError::NotFound("team"));
                        }
                        // The team's home fixtures still to be played are played at the new pub; those
                        // played keep the pub they were played at.
                        sqlx::query(
                            "UPDATE fixtures SET venue_name = $1, venue_address = $2 \
                             WHERE home_team_id = $3 AND status IN ('scheduled', 'postponed')",
                        )
                        .bind(venue.map(|venue| venue.name.as_str()))
                        .bind(venue.map(|venue| venue.address.as_str()))
                        .bind(team.0)
                        .execute(&mut *tx)
                        .await?;
                        tx.commit().await?;
                        Ok(())
                    }

                    async fn team_venue(&self, team: TeamId) -> Result<Option<Venue>, StoreError> {
                        let row: Option<(Option<String>, Option<String>, Option<i32>)> =
                            sqlx::query_as(
                                "SELECT venue_name, venue_address, venue_night FROM teams WHERE id = $1",
                            )
                            .bind(team.0)
                            .fetch_optional(&self.pool)
                            .await?;
                        let Some((name, address, night)) = row else {
                            return Err(StoreError::NotFound("team"));
                        };
                        let (Some(name), Some(address)) = (name, address) else {
                            return Ok(None);
                        };
                        let corrupt = |error: &dyn std::fmt::Display| {
                            StoreError::Corrupt(format!("the venue of team {team}: {error}"))
                        };
                        Ok(Some(Venue {
                            name: DisplayName::try_from(name.as_str()).map_err(|e| corrupt(&e))?,
                            address: VenueAddress::try_from(address.as_str())
                                .map_err(|e| corrupt(&e))?,
                            night: night.map(weekday_from_number).transpose()?,
                        }))
                    }

                    async fn create_player(
                        &self,
                        organisation: OrganisationId,
                        name: &DisplayName,
                        at: chrono::DateTime<chrono::Utc>,
                    ) -> Result<Player, StoreError> {
                        let mut tx = self.begin_write().await?;
                        let id = <$store>::insert_player(&mut tx, organisation.0, name, at).await?;
                        tx.commit().await?;
                        Ok(Player {
                            id: PlayerId(id),
                            organisation_id: organisation,
                            name: name.as_str().to_string(),
                        })
                    }

                    async fn add_player_to_squad(
                        &self,
                        team: TeamId,
                        player: PlayerId,
                    ) -> Result<(), StoreError> {
                        let mut tx = self.begin_write().await?;
                        refuse_of_another_organisation(
                            &mut tx,
                            ("SELECT organisation_id FROM teams WHERE id = $1", team.0, "team"),
                            (
                                "SELECT organisation_id FROM players WHERE id = $1",
                                player.0,
                                "player",
                            ),
                        )
                        .await?;
                        sqlx::query("INSERT INTO squad_members (team_id, player_id) VALUES ($1, $2)")
                            .bind(team.0)
                            .bind(player.0)
                            .execute(&mut *tx)
                            .await
                            .map_err(|e| unique_violation_as(e, StoreError::PlayerAlreadyInSquad))?;
                        tx.commit().await?;
                        Ok(())
                    }

                    async fn join_squad(
                        &self,
                        team: TeamId,
                        entries: &[SquadEntry<'_>],
                        limit: usize,
                        at: chrono::DateTime<chrono::Utc>,
                    ) -> Result<Vec<Player>, StoreError> {
                        let mut tx = self.begin_write().await?;
                        // The team's row is taken first, so that squads joined at the same moment are
                        // counted one after the other against the limit.
                        let organisation = take_row(
                            &mut tx,
                            "SELECT organisation_id FROM teams WHERE id = $1",
                            team.0,
                            "team",
                        )
                        .await?;
                        let mut refusals = Vec::new();
                        let mut joined = Vec::new();
                        for (index, entry) in entries.iter().enumerate() {
                            let player: Result<(i64, String), SquadRefusal> = match *entry {
                                SquadEntry::Player(id) => {
                                    let row: Option<(i64, String)> = sqlx::query_as(
                                        "SELECT organisation_id, name FROM players WHERE id = $1",
                                    )
                                    .bind(id.0)
                                    .fetch_optional(&mut *tx)
                                    .await?;
                                    match row {
                                        Some((of, name)) if of == organisation => Ok((id.0, name)),
                                        _ => Err(SquadRefusal::NotOfOrganisation),
                                    }
                                }
                                SquadEntry::NewPlayer(name) | SquadEntry::Named(name) => {
                                    let skeleton = name.skeleton();
                                    let spelling = <$store>::name_of_skeleton(
                                        &mut *tx,
                                        "SELECT name FROM player_name_spellings \
                                         WHERE organisation_id = $1 AND skeleton = $2",
                                        organisation,
                                        &skeleton,
                                    )
                                    .await?;
                                    let named: Vec<i64> = if matches!(entry, SquadEntry::Named(_)) {
                                        sqlx::query_scalar(
                                            "SELECT id FROM players WHERE organisation_id = $1 \
                                             AND name = $2 ORDER BY id LIMIT 2",
                                        )
                                        .bind(organisation)
                                        .bind(name.as_str())
                                        .fetch_all(&mut *tx)
                                        .await?
                                    } else {
                                        Vec::new()
                                    };
                                    match (spelling, named.as_slice()) {
                                        (Some(existing), _) if existing != name.as_str() => {
                                            Err(SquadRefusal::LooksLike { existing })
                                        }
                                        (_, [id]) => Ok((*id, name.as_str().to_string())),
                                        (_, [_, _, ..]) => Err(SquadRefusal::SeveralNamed),
                                        _ => {
                                            let id = <$store>::insert_player(
                                                &mut tx,
                                                organisation,
                                                name,
                                                at,
                                            )
                                            .await?;
                                            Ok((id, name.as_str().to_string()))
                                        }
                                    }
                                }
                            };
                            let player = match player {
                                Ok((id, name)) => {
                                    match <$store>::registered_elsewhere(&mut tx, id, &name, team.0)
                                        .await?
                                    {
                                        Some(other) => Err(SquadRefusal::InAnotherSquad(other)),
                                        None => Ok((id, name)),
                                    }
                                }
                                refused => refused,
                            };
                            match player {
                                Ok((id, name)) => {
                                    let added = sqlx::query(
                                        "INSERT INTO squad_members (team_id, player_id) VALUES ($1, $2) \
                                         ON CONFLICT DO NOTHING",
                                    )
                                    .bind(team.0)
                                    .bind(id)
                                    .execute(&mut *tx)
                                    .await?;
                                    if added.rows_affected() == 0 {
                                        refusals.push((index, SquadRefusal::AlreadyInSquad { name }));
                                    } else {
                                        joined.push(Player {
                                            id: PlayerId(id),
                                            organisation_id: OrganisationId(organisation),
                                            name,
                                        });
                                    }
                                }
                                Err(refusal) => refusals.push((index, refusal)),
                            }
                        }
                        // Dropping the transaction rolls back every player made above.
                        if !refusals.is_empty() {
                            return Err(StoreError::SquadRefused(refusals));
                        }
                        let held: i64 =
                            sqlx::query_scalar("SELECT COUNT(*) FROM squad_members WHERE team_id = $1")
                                .bind(team.0)
                                .fetch_one(&mut *tx)
                                .await?;
                        let would_hold = usize::try_from(held).unwrap_or(usize::MAX);
                        if would_hold > limit {
                            return Err(StoreError::SquadFull { limit, would_hold });
                        }
                        tx.commit().await?;
                        Ok(joined)
                    }

                    async fn leave_squad(
                        &self,
                        team: TeamId,
                        player: PlayerId,
                    ) -> Result<(), StoreError> {
                        change_one_row(
                            &self.writer,
                            sqlx::query(
                                "DELETE FROM squad_members WHERE team_id = $1 AND player_id = $2",
                            )
                            .bind(team.0)
                            .bind(player.0),
                            "player in that squad",
                        )
                        .await
                    }

                    async fn rename_team(
                        &self,
                        team: TeamId,
                        name: &DisplayName,
                    ) -> Result<(), StoreError> {
                        let mut tx = self.begin_write().await?;
                        rename_unique(&mut tx, "teams", "team", team.0, name, || {
                            StoreError::TeamNameTaken
                        })
                        .await?;
                        tx.commit().await?;
                        Ok(())
                    }

                    async fn rename_player(
                        &self,
                        player: PlayerId,
                        name: &DisplayName,
                    ) -> Result<(), StoreError> {
                        let skeleton = name.skeleton();
                        let mut tx = self.begin_write().await?;
                        let row: Option<(i64, Option<String>)> = sqlx::query_as(
                            "SELECT organisation_id, name_skeleton FROM players WHERE id = $1",
                        )
                        .bind(player.0)
                        .fetch_optional(&mut *tx)
                        .await?;
                        let Some((organisation, old_skeleton)) = row else {
                            return Err(StoreError::NotFound("player"));
                        };
                        // The look's spelling is kept by whichever players have it: this player alone
                        // may spell their own look anew.
                        let others_of_look: i64 = sqlx::query_scalar(
                            "SELECT COUNT(*) FROM players \
                             WHERE organisation_id = $1 AND name_skeleton = $2 AND id <> $3",
                        )
                        .bind(organisation)
                        .bind(&skeleton)
                        .bind(player.0)
                        .fetch_one(&mut *tx)
                        .await?;
                        let spelling = <$store>::name_of_skeleton(
                            &mut *tx,
                            "SELECT name FROM player_name_spellings \
                             WHERE organisation_id = $1 AND skeleton = $2",
                            organisation,
                            &skeleton,
                        )
                        .await?;
                        if let Some(existing) = spelling.filter(|spelling| spelling != name.as_str()) {
                            if others_of_look > 0 {
                                return Err(StoreError::NameLooksLike { existing });
                            }
                            sqlx::query(
                                "DELETE FROM player_name_spellings \
                                 WHERE organisation_id = $1 AND skeleton = $2",
                            )
                            .bind(organisation)
                            .bind(&skeleton)
                            .execute(&mut *tx)
                            .await?;
                        }
                        let spelling = name.as_str();
                        <$store>::keep_first_spelling(&mut tx, organisation, &skeleton, spelling)
                            .await?;
                        sqlx::query("UPDATE players SET name = $1, name_skeleton = $2 WHERE id = $3")
                            .bind(name.as_str())
                            .bind(&skeleton)
                            .bind(player.0)
                            .execute(&mut *tx)
                            .await?;
                        if let Some(old) = old_skeleton.filter(|old| *old != skeleton) {
                            forget_unused_spelling(&mut tx, organisation, &old).await?;
                        }
                        tx.commit().await?;
                        Ok(())
                    }

                    async fn remove_captain(
                        &self,
                        team: TeamId,
                        user: UserId,
                    ) -> Result<(), StoreError> {
                        change_one_row(
                            &self.writer,
                            sqlx::query("DELETE FROM captains WHERE team_id = $1 AND user_id = $2")
                                .bind(team.0)
                                .bind(user.0),
                            "captain of that team",
                        )
                        .await
                    }

                    async fn delete_team(&self, team: TeamId) -> Result<(), StoreError> {
                        let mut tx = self.begin_write().await?;
                        take_row_by_id(&mut tx, "teams", "team", team.0).await?;
                        refuse_if_played(
                            take_fixtures_with_results(
                                &mut tx,
                                "SELECT status FROM fixtures \
                                 WHERE home_team_id = $1 OR away_team_id = $1",
                                team.0,
                            )
                            .await?,
                        )?;
                        refuse_if_entered(&mut tx, "team_id", team.0).await?;
                        delete_row(&mut tx, "teams", "team", team.0).await?;
                        tx.commit().await?;
                        Ok(())
                    }

                    async fn delete_player(&self, player: PlayerId) -> Result<(), StoreError> {
                        let mut tx = self.begin_write().await?;
                        // The player's row first: a submission naming them holds it (the key of a
                        // game's players takes it) until it ends, so its games are counted below; one
                        // that comes after waits, and finds the player gone.
                        take_row_by_id(&mut tx, "players", "player", player.0).await?;
                        let games: i64 = sqlx::query_scalar(
                            "SELECT COUNT(*) FROM result_game_players WHERE player_id = $1",
                        )
                        .bind(player.0)
                        .fetch_one(&mut *tx)
                        .await?;
                        refuse_if_played(games)?;
                        refuse_if_entered(&mut tx, "player_id", player.0).await?;
                        let row: Option<(i64, Option<String>)> = sqlx::query_as(
                            "DELETE FROM players WHERE id = $1 RETURNING organisation_id, name_skeleton",
                        )
                        .bind(player.0)
                        .fetch_optional(&mut *tx)
                        .await?;
                        let Some((organisation, skeleton)) = row else {
                            return Err(StoreError::NotFound("player"));
                        };
                        if let Some(skeleton) = skeleton {
                            forget_unused_spelling(&mut tx, organisation, &skeleton).await?;
                        }
                        tx.commit().await?;
                        Ok(())
                    }

                    async fn rename_organisation(
                        &self,
                        organisation: OrganisationId,
                        name: &DisplayName,
                    ) -> Result<(), StoreError> {
                        change_one_row(
                            &self.writer,
                            sqlx::query("UPDATE organisations SET name = $1 WHERE id = $2")
                                .bind(name.as_str())
                                .bind(organisation.0),
                            "organisation",
                        )
                        .await
                    }

                    async fn players_of(
                        &self,
                        organisation: OrganisationId,
                    ) -> Result<Vec<Player>, StoreError> {
                        let rows: Vec<(i64, String)> = sqlx::query_as(
                            "SELECT id, name FROM players WHERE organisation_id = $1 ORDER BY name, id",
                        )
                        .bind(organisation.0)
                        .fetch_all(&self.pool)
                        .await?;
                        Ok(rows
                            .into_iter()
                            .map(|(id, name)| Player {
                                id: PlayerId(id),
                                organisation_id: organisation,
                                name,
                            })
                            .collect())
                    }

                    async fn squad_of(&self, team: TeamId) -> Result<Vec<Player>, StoreError> {
                        let rows: Vec<(i64, i64, String)> = sqlx::query_as(
                            "SELECT players.id, players.organisation_id, players.name \
                             FROM players JOIN squad_members ON squad_members.player_id = players.id \
                             WHERE squad_members.team_id = $1 ORDER BY players.name, players.id",
                        )
                        .bind(team.0)
                        .fetch_all(&self.pool)
                        .await?;
                        Ok(rows
                            .into_iter()
                            .map(|(id, organisation_id, name)| Player {
                                id: PlayerId(id),
                                organisation_id: OrganisationId(organisation_id),
                                name,
                            })
                            .collect())
                    }

                    async fn player(&self, id: PlayerId) -> Result<Option<Player>, StoreError> {
                        let row: Option<(i64, i64, String)> = sqlx::query_as(
                            "SELECT id, organisation_id, name FROM players WHERE id = $1",
                        )
                        .bind(id.0)
                        .fetch_optional(&self.pool)
                        .await?;
                        Ok(row.map(|(id, organisation_id, name)| Player {
                            id: PlayerId(id),
                            organisation_id: OrganisationId(organisation_id),
                            name,
                        }))
                    }

                    async fn teams_of_player(&self, player: PlayerId) -> Result<Vec<Team>, StoreError> {
                        Ok(sqlx::query_as(
                            "SELECT teams.id, teams.organisation_id, teams.name, teams.contact \
                             FROM teams JOIN squad_members ON squad_members.team_id = teams.id \
                             WHERE squad_members.player_id = $1 ORDER BY teams.name, teams.id",
                        )
                        .bind(player.0)
                        .fetch_all(&self.pool)
                        .await?)
                    }
                }
            }
        };
    };
}

pub(super) use league_sql_store;
