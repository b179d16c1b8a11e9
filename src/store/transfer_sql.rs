//! The [`TransferStore`](super::TransferStore) methods, written once in SQL both dialects
//! accept, like those of `sql.rs`. Every change to a player's squads takes the player's row
//! first (`row_lock`: `FOR UPDATE` on PostgreSQL, nothing on SQLite, whose one writer at a time
//! already serialises it), so two teams taking the same player at once queue, and the second
//! finds the first's squad. A request's mails are queued in its own transaction
//! (`queue_mails_in`, of `mail_sql.rs`).

macro_rules! transfer_sql_store {
    ($store:ty, db: $db:ty, row_lock: $row_lock:literal) => {
        const _: () = {
            use $crate::domain::ids::{OrganisationId, PlayerId, TeamId, TransferId, UserId};
            use $crate::domain::mail::Mail;
            use $crate::domain::transfer::{
                MidSeasonTransfers, RegisteredElsewhere, TransferDecision, TransferStatus,
            };
            use $crate::store::{NewTransferRequest, StoreError, TransferRequest, TransferStore};
            use chrono::{DateTime, NaiveDate, Utc};

            const REQUESTS: &str = "SELECT transfer_requests.id, transfer_requests.organisation_id, \
                transfer_requests.player_id, players.name AS player_name, \
                transfer_requests.from_team_id, from_team.name AS from_team_name, \
                transfer_requests.to_team_id, to_team.name AS to_team_name, \
                users.email AS requested_by, transfer_requests.requested_at, \
                transfer_requests.status, transfer_requests.decided_at \
                FROM transfer_requests \
                JOIN players ON players.id = transfer_requests.player_id \
                JOIN teams AS from_team ON from_team.id = transfer_requests.from_team_id \
                JOIN teams AS to_team ON to_team.id = transfer_requests.to_team_id \
                JOIN users ON users.id = transfer_requests.requested_by";

            /// Helpers the other `*_sql.rs` macros of the same store call too, as `<$store>::name`.
            impl $store {
                /// Takes the player's row for the rest of the transaction and answers the other
                /// squad (than `team`'s) they are in, if any, by its team's id and name: a squad
                /// joined at the same moment by another team is then seen.
                async fn squad_elsewhere(
                    tx: &mut sqlx::Transaction<'_, $db>,
                    player: i64,
                    team: i64,
                ) -> Result<Option<(i64, String)>, StoreError> {
                    sqlx::query(concat!("SELECT id FROM players WHERE id = $1 ", $row_lock))
                        .bind(player)
                        .execute(&mut **tx)
                        .await?;
                    Ok(sqlx::query_as(
                        "SELECT teams.id, teams.name FROM squad_members \
                         JOIN teams ON teams.id = squad_members.team_id \
                         WHERE squad_members.player_id = $1 AND squad_members.team_id <> $2 \
                         ORDER BY teams.name, teams.id LIMIT 1",
                    )
                    .bind(player)
                    .bind(team)
                    .fetch_optional(&mut **tx)
                    .await?)
                }

                /// [`Self::squad_elsewhere`] as the squad's refusal of `name`.
                async fn registered_elsewhere(
                    tx: &mut sqlx::Transaction<'_, $db>,
                    player: i64,
                    name: &str,
                    team: i64,
                ) -> Result<Option<RegisteredElsewhere>, StoreError> {
                    let other = <$store>::squad_elsewhere(tx, player, team).await?;
                    Ok(other.map(|(id, team_name)| RegisteredElsewhere {
                        player: PlayerId(player),
                        player_name: name.to_string(),
                        team: TeamId(id),
                        team_name,
                    }))
                }
            }

            async fn request_in(
                tx: &mut sqlx::Transaction<'_, $db>,
                id: i64,
            ) -> Result<TransferRequest, StoreError> {
                sqlx::query_as(&format!("{REQUESTS} WHERE transfer_requests.id = $1"))
                    .bind(id)
                    .fetch_optional(&mut **tx)
                    .await?
                    .ok_or(StoreError::NotFound("transfer request"))
            }

            #[async_trait::async_trait]
            impl TransferStore for $store {
                async fn transfer_rule(
                    &self,
                    organisation: OrganisationId,
                ) -> Result<MidSeasonTransfers, StoreError> {
                    let row: Option<(String, Option<NaiveDate>)> = sqlx::query_as(
                        "SELECT mid_season, last_day FROM transfer_rules WHERE organisation_id = $1",
                    )
                    .bind(organisation.0)
                    .fetch_optional(&self.pool)
                    .await?;
                    match row {
                        None => Ok(MidSeasonTransfers::default()),
                        Some((word, last_day)) => MidSeasonTransfers::from_stored(&word, last_day)
                            .ok_or_else(|| {
                                StoreError::Corrupt(format!("a transfer rule of {word} {last_day:?}"))
                            }),
                    }
                }

                async fn set_transfer_rule(
                    &self,
                    organisation: OrganisationId,
                    rule: MidSeasonTransfers,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    sqlx::query(
                        "INSERT INTO transfer_rules (organisation_id, mid_season, last_day) \
                         VALUES ($1, $2, $3) ON CONFLICT (organisation_id) DO UPDATE \
                         SET mid_season = excluded.mid_season, last_day = excluded.last_day",
                    )
                    .bind(organisation.0)
                    .bind(rule.word())
                    .bind(rule.last_day())
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn ask_transfer(
                    &self,
                    request: &NewTransferRequest,
                    most_waiting: i64,
                    mails: &[Mail],
                ) -> Result<TransferRequest, StoreError> {
                    let mut tx = self.begin_write().await?;
                    // The organisation's row first, so that requests made at once are counted
                    // one after the other.
                    sqlx::query(concat!("SELECT id FROM organisations WHERE id = $1 ", $row_lock))
                        .bind(request.organisation.0)
                        .execute(&mut *tx)
                        .await?;
                    <$store>::squad_elsewhere(&mut tx, request.player.0, request.to_team.0).await?;
                    let in_from_team: Option<i64> = sqlx::query_scalar(
                        "SELECT player_id FROM squad_members WHERE team_id = $1 AND player_id = $2",
                    )
                    .bind(request.from_team.0)
                    .bind(request.player.0)
                    .fetch_optional(&mut *tx)
                    .await?;
                    if in_from_team.is_none() {
                        return Err(StoreError::SquadChanged);
                    }
                    let waiting: i64 = sqlx::query_scalar(
                        "SELECT COUNT(*) FROM transfer_requests \
                         WHERE organisation_id = $1 AND status = 'pending'",
                    )
                    .bind(request.organisation.0)
                    .fetch_one(&mut *tx)
                    .await?;
                    if waiting >= most_waiting {
                        return Err(StoreError::TooManyTransfersWaiting {
                            limit: most_waiting,
                        });
                    }
                    let id: Option<i64> = sqlx::query_scalar(
                        "INSERT INTO transfer_requests (organisation_id, player_id, from_team_id, \
                         to_team_id, requested_by, requested_at) VALUES ($1, $2, $3, $4, $5, $6) \
                         ON CONFLICT (player_id, to_team_id) WHERE status = 'pending' DO NOTHING \
                         RETURNING id",
                    )
                    .bind(request.organisation.0)
                    .bind(request.player.0)
                    .bind(request.from_team.0)
                    .bind(request.to_team.0)
                    .bind(request.requested_by.0)
                    .bind(request.requested_at)
                    .fetch_optional(&mut *tx)
                    .await?;
                    let id = id.ok_or(StoreError::TransferAlreadyAsked)?;
                    <$store>::queue_mails_in(&mut tx, mails, request.requested_at).await?;
                    let kept = request_in(&mut tx, id).await?;
                    tx.commit().await?;
                    Ok(kept)
                }

                async fn transfer_requests(
                    &self,
                    organisation: OrganisationId,
                    decided: i64,
                ) -> Result<Vec<TransferRequest>, StoreError> {
                    let mut requests: Vec<TransferRequest> = sqlx::query_as(&format!(
                        "{REQUESTS} WHERE transfer_requests.organisation_id = $1 \
                         AND transfer_requests.status = 'pending' ORDER BY transfer_requests.id"
                    ))
                    .bind(organisation.0)
                    .fetch_all(&self.pool)
                    .await?;
                    let decided: Vec<TransferRequest> = sqlx::query_as(&format!(
                        "{REQUESTS} WHERE transfer_requests.organisation_id = $1 \
                         AND transfer_requests.status <> 'pending' \
                         ORDER BY transfer_requests.decided_at DESC, transfer_requests.id DESC \
                         LIMIT $2"
                    ))
                    .bind(organisation.0)
                    .bind(decided)
                    .fetch_all(&self.pool)
                    .await?;
                    requests.extend(decided);
                    Ok(requests)
                }

                async fn transfer_request(
                    &self,
                    id: TransferId,
                ) -> Result<Option<TransferRequest>, StoreError> {
                    Ok(
                        sqlx::query_as(&format!("{REQUESTS} WHERE transfer_requests.id = $1"))
                            .bind(id.0)
                            .fetch_optional(&self.pool)
                            .await?,
                    )
                }

                async fn decide_transfer(
                    &self,
                    id: TransferId,
                    decision: TransferDecision,
                    decided_by: UserId,
                    at: DateTime<Utc>,
                    squad_limit: usize,
                    mails: &[Mail],
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    let status: Option<String> = sqlx::query_scalar(concat!(
                        "SELECT status FROM transfer_requests WHERE id = $1 ",
                        $row_lock
                    ))
                    .bind(id.0)
                    .fetch_optional(&mut *tx)
                    .await?;
                    let status = status.ok_or(StoreError::NotFound("transfer request"))?;
                    match TransferStatus::from_word(&status) {
                        Some(TransferStatus::Pending) => {}
                        Some(decided) => return Err(StoreError::TransferDecided(decided)),
                        None => {
                            return Err(StoreError::Corrupt(format!(
                                "a transfer request's status {status}"
                            )));
                        }
                    }
                    let request = request_in(&mut tx, id.0).await?;
                    let new_status = match decision {
                        TransferDecision::Approve => {
                            let (player, team) = (request.player_id.0, request.to_team_id.0);
                            <$store>::squad_elsewhere(&mut tx, player, team).await?;
                            sqlx::query(
                                "DELETE FROM squad_members WHERE player_id = $1 AND team_id <> $2",
                            )
                            .bind(player)
                            .bind(team)
                            .execute(&mut *tx)
                            .await?;
                            sqlx::query(
                                "INSERT INTO squad_members (team_id, player_id) VALUES ($1, $2) \
                                 ON CONFLICT DO NOTHING",
                            )
                            .bind(team)
                            .bind(player)
                            .execute(&mut *tx)
                            .await?;
                            let held: i64 = sqlx::query_scalar(
                                "SELECT COUNT(*) FROM squad_members WHERE team_id = $1",
                            )
                            .bind(team)
                            .fetch_one(&mut *tx)
                            .await?;
                            let would_hold = usize::try_from(held).unwrap_or(usize::MAX);
                            if would_hold > squad_limit {
                                return Err(StoreError::SquadFull {
                                    limit: squad_limit,
                                    would_hold,
                                });
                            }
                            TransferStatus::Approved
                        }
                        TransferDecision::Refuse => TransferStatus::Refused,
                    };
                    sqlx::query(
                        "UPDATE transfer_requests SET status = $2, decided_by = $3, decided_at = $4 \
                         WHERE id = $1",
                    )
                    .bind(id.0)
                    .bind(new_status.word())
                    .bind(decided_by.0)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?;
                    <$store>::queue_mails_in(&mut tx, mails, at).await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn organiser_addresses(
                    &self,
                    organisation: OrganisationId,
                ) -> Result<Vec<String>, StoreError> {
                    Ok(sqlx::query_scalar(
                        "SELECT users.email FROM organisers \
                         JOIN users ON users.id = organisers.user_id \
                         WHERE organisers.organisation_id = $1 ORDER BY users.email",
                    )
                    .bind(organisation.0)
                    .fetch_all(&self.pool)
                    .await?)
                }
            }
        };
    };
}

pub(super) use transfer_sql_store;
