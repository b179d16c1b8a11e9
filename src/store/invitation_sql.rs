//! The [`InvitationStore`](super::InvitationStore) methods, written once in SQL both dialects
//! accept, like those of `sql.rs`. An invitation and a reset link are counted before they are
//! kept (an organisation's invitations in the last hour, an account's reset links), and the
//! count is made after taking the row it counts for (`row_lock`: `FOR UPDATE` on PostgreSQL,
//! nothing on SQLite, whose one writer at a time already serialises it), so concurrent twins
//! queue and cannot overrun it under READ COMMITTED. Their messages are queued in the same
//! transaction (`queue_mails_in`, of `mail_sql.rs`).

macro_rules! invitation_sql_store {
    ($store:ty, db: $db:ty, row_lock: $row_lock:literal) => {
        const _: () = {
            use $crate::domain::mail::Mail;
            use $crate::store::{
                CaptainInvite, InvitationStore, InviteAcceptor, InviteMade, NewCaptainInvite,
                NewOrganiserInvite, NewPasswordReset, OrganiserInvite, PasswordReset,
                ResetRequested, StoreError, User,
            };
            use $crate::token::TokenDigest;
            use chrono::{DateTime, Utc};

            /// A reset link by its token, with its account's address.
            const RESET_BY_TOKEN: &str = "SELECT password_resets.user_id, users.email, \
                password_resets.expires_at, password_resets.used_at FROM password_resets \
                JOIN users ON users.id = password_resets.user_id \
                WHERE password_resets.token_digest = $1";

            /// The account that takes up an invitation: the signed-in one, or the address's
            /// (made now when it has none).
            async fn invite_acceptor_account(
                tx: &mut sqlx::Transaction<'_, $db>,
                acceptor: &InviteAcceptor,
            ) -> Result<User, StoreError> {
                Ok(match acceptor {
                    InviteAcceptor::Existing(id) => sqlx::query_as::<_, User>(
                        "SELECT id, email, is_admin, created_at FROM users WHERE id = $1",
                    )
                    .bind(id.0)
                    .fetch_optional(&mut **tx)
                    .await?
                    .ok_or(StoreError::NoSuchAccount)?,
                    InviteAcceptor::AccountOfAddress(new) => {
                        <$store>::refuse_look_alike_address(tx, &new.email).await?;
                        sqlx::query(
                            "INSERT INTO users (email, password_hash, is_admin, created_at, email_skeleton) \
                             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (email) DO NOTHING",
                        )
                        .bind(new.email.as_str())
                        .bind(&new.password_hash)
                        .bind(new.is_admin)
                        .bind(new.created_at)
                        .bind(new.email.skeleton())
                        .execute(&mut **tx)
                        .await?;
                        sqlx::query_as::<_, User>(
                            "SELECT id, email, is_admin, created_at FROM users WHERE email = $1",
                        )
                        .bind(new.email.as_str())
                        .fetch_one(&mut **tx)
                        .await?
                    }
                })
            }

            /// Refuses an invitation of `organisation`'s when it has made `max_per_hour` (of
            /// captains and organisers together) in the hour before `now`. Takes the organisation's
            /// row first, so invitations at once queue for the count.
            async fn check_invitations_lately(
                tx: &mut sqlx::Transaction<'_, $db>,
                organisation: i64,
                now: chrono::DateTime<chrono::Utc>,
                max_per_hour: i64,
            ) -> Result<(), StoreError> {
                let found: Option<i64> = sqlx::query_scalar(concat!(
                    "SELECT id FROM organisations WHERE id = $1 ",
                    $row_lock
                ))
                .bind(organisation)
                .fetch_optional(&mut **tx)
                .await?;
                found.ok_or(StoreError::NotFound("organisation"))?;
                let since = now - chrono::Duration::hours(1);
                let lately: i64 = sqlx::query_scalar(
                    "SELECT (SELECT COUNT(*) FROM organiser_invites \
                         WHERE organisation_id = $1 AND created_at > $2) \
                     + (SELECT COUNT(*) FROM captain_invites \
                         JOIN teams ON teams.id = captain_invites.team_id \
                         WHERE teams.organisation_id = $1 AND captain_invites.created_at > $2)",
                )
                .bind(organisation)
                .bind(since)
                .fetch_one(&mut **tx)
                .await?;
                if lately >= max_per_hour {
                    return Err(StoreError::TooManyInvitations {
                        limit: max_per_hour,
                    });
                }
                Ok(())
            }

            /// An invitation kept in `table` (`captain_invites` or `organiser_invites`) for the
            /// row `target_id` of its `target` column, once `organisation` is under its hourly
            /// number of them, with its message queued when there is one: answers whether the
            /// message was queued (not when the address has had its hourly number).
            #[allow(clippy::too_many_arguments)]
            async fn keep_invite(
                tx: &mut sqlx::Transaction<'_, $db>,
                table: &'static str,
                target: &'static str,
                target_id: i64,
                organisation: i64,
                made: InviteMade<'_>,
                mail: Option<&Mail>,
                max_per_hour: i64,
            ) -> Result<bool, StoreError> {
                let InviteMade {
                    token,
                    invited_by,
                    created_at,
                    expires_at,
                } = made;
                check_invitations_lately(tx, organisation, created_at, max_per_hour).await?;
                sqlx::query(&format!(
                    "INSERT INTO {table} \
                     (token_digest, {target}, invited_by, created_at, expires_at) \
                     VALUES ($1, $2, $3, $4, $5)"
                ))
                .bind(token.as_str())
                .bind(target_id)
                .bind(invited_by.0)
                .bind(created_at)
                .bind(expires_at)
                .execute(&mut **tx)
                .await?;
                Ok(match mail {
                    Some(mail) => {
                        <$store>::queue_mails_in(tx, std::slice::from_ref(mail), created_at).await?
                            > 0
                    }
                    None => false,
                })
            }

            /// A captain invitation kept, counted against its team's organisation, with its
            /// message queued when there is one: answers whether it was, as `keep_invite` does.
            async fn keep_captain_invite(
                tx: &mut sqlx::Transaction<'_, $db>,
                invite: &NewCaptainInvite,
                mail: Option<&Mail>,
                max_per_hour: i64,
            ) -> Result<bool, StoreError> {
                let organisation: i64 =
                    sqlx::query_scalar("SELECT organisation_id FROM teams WHERE id = $1")
                        .bind(invite.team.0)
                        .fetch_optional(&mut **tx)
                        .await?
                        .ok_or(StoreError::NotFound("team"))?;
                keep_invite(
                    tx,
                    "captain_invites",
                    "team_id",
                    invite.team.0,
                    organisation,
                    invite.made(),
                    mail,
                    max_per_hour,
                )
                .await
            }

            /// The invitation of `table` (`captain_invites` or `organiser_invites`) whose link has
            /// the token bound as `$1`: its `target` (the team or organisation), when it expires
            /// and when it was taken up.
            fn invite_by_token(table: &'static str, target: &'static str) -> String {
                format!(
                    "SELECT {target}, expires_at, accepted_at FROM {table} WHERE token_digest = $1"
                )
            }

            /// The invitation of `table` whose link has `token`, as `invite_by_token` reads it.
            async fn invite_of<T>(
                pool: &sqlx::Pool<$db>,
                table: &'static str,
                target: &'static str,
                token: &TokenDigest,
            ) -> Result<Option<T>, StoreError>
            where
                T: for<'r> sqlx::FromRow<'r, <$db as sqlx::Database>::Row> + Send + Unpin,
            {
                Ok(sqlx::query_as::<_, T>(&invite_by_token(table, target))
                    .bind(token.as_str())
                    .fetch_optional(pool)
                    .await?)
            }

            /// Takes up the invitation of `table` (`captain_invites` or `organiser_invites`) whose
            /// link has `token`, in a write transaction of its own: refused when it is unknown,
            /// used or expired; else the acceptor's account, the invitation marked as taken up by
            /// it, and the account made one of `holders` (`captains` or `organisers`) of the
            /// invitation's `target`, the team or organisation. Answers the account.
            async fn take_up_invite(
                store: &$store,
                table: &'static str,
                target: &'static str,
                holders: &'static str,
                token: &TokenDigest,
                acceptor: &InviteAcceptor,
                now: chrono::DateTime<chrono::Utc>,
            ) -> Result<User, StoreError> {
                let mut tx = store.begin_write().await?;
                type Moment = chrono::DateTime<chrono::Utc>;
                let (target_id, expires_at, accepted_at): (i64, Moment, Option<Moment>) =
                    sqlx::query_as(&invite_by_token(table, target))
                        .bind(token.as_str())
                        .fetch_optional(&mut *tx)
                        .await?
                        .ok_or(StoreError::InviteNotFound)?;
                if accepted_at.is_some() {
                    return Err(StoreError::InviteUsed);
                }
                if expires_at <= now {
                    return Err(StoreError::InviteExpired);
                }
                let user = invite_acceptor_account(&mut tx, acceptor).await?;
                // The condition makes a second, concurrent acceptance change nothing.
                let used = sqlx::query(&format!(
                    "UPDATE {table} SET accepted_by = $1, accepted_at = $2 \
                     WHERE token_digest = $3 AND accepted_at IS NULL"
                ))
                .bind(user.id.0)
                .bind(now)
                .bind(token.as_str())
                .execute(&mut *tx)
                .await?;
                if used.rows_affected() != 1 {
                    return Err(StoreError::InviteUsed);
                }
                // One already holding the part keeps it as it was.
                sqlx::query(&format!(
                    "INSERT INTO {holders} ({target}, user_id) VALUES ($1, $2) \
                     ON CONFLICT ({target}, user_id) DO NOTHING"
                ))
                .bind(target_id)
                .bind(user.id.0)
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok(user)
            }

            #[async_trait::async_trait]
            impl InvitationStore for $store {
                async fn create_captain_invite(
                    &self,
                    invite: &NewCaptainInvite,
                    mail: Option<&Mail>,
                    max_per_hour: i64,
                ) -> Result<bool, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let queued = keep_captain_invite(&mut tx, invite, mail, max_per_hour).await?;
                    tx.commit().await?;
                    Ok(queued)
                }

                async fn create_captain_invites(
                    &self,
                    invites: &[(NewCaptainInvite, Option<Mail>)],
                    max_per_hour: i64,
                ) -> Result<Vec<bool>, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let mut queued = Vec::with_capacity(invites.len());
                    for (invite, mail) in invites {
                        // Each is counted with those kept before it in this transaction, so the
                        // hourly number is passed by none of them.
                        queued.push(
                            keep_captain_invite(&mut tx, invite, mail.as_ref(), max_per_hour)
                                .await?,
                        );
                    }
                    tx.commit().await?;
                    Ok(queued)
                }

                async fn captain_invite(
                    &self,
                    token: &TokenDigest,
                ) -> Result<Option<CaptainInvite>, StoreError> {
                    invite_of(&self.pool, "captain_invites", "team_id", token).await
                }

                async fn accept_captain_invite(
                    &self,
                    token: &TokenDigest,
                    acceptor: &InviteAcceptor,
                    now: DateTime<Utc>,
                ) -> Result<User, StoreError> {
                    let (table, target) = ("captain_invites", "team_id");
                    take_up_invite(self, table, target, "captains", token, acceptor, now).await
                }

                async fn request_password_reset(
                    &self,
                    email: &str,
                    reset: &NewPasswordReset,
                    mail: &Mail,
                    max_per_hour: i64,
                ) -> Result<ResetRequested, StoreError> {
                    let mut tx = self.begin_write().await?;
                    // The account's row is held until the commit, so requests at once queue for
                    // the count and it cannot be overrun.
                    let user: Option<i64> = sqlx::query_scalar(concat!(
                        "SELECT id FROM users WHERE email = $1 ",
                        $row_lock
                    ))
                    .bind(email)
                    .fetch_optional(&mut *tx)
                    .await?;
                    let Some(user) = user else {
                        return Ok(ResetRequested::NoAccount);
                    };
                    let lately: i64 = sqlx::query_scalar(
                        "SELECT COUNT(*) FROM password_resets WHERE user_id = $1 AND created_at > $2",
                    )
                    .bind(user)
                    .bind(reset.created_at - chrono::Duration::hours(1))
                    .fetch_one(&mut *tx)
                    .await?;
                    if lately >= max_per_hour {
                        return Ok(ResetRequested::TooMany);
                    }
                    sqlx::query(
                        "INSERT INTO password_resets (token_digest, user_id, created_at, expires_at) \
                         VALUES ($1, $2, $3, $4)",
                    )
                    .bind(reset.token.as_str())
                    .bind(user)
                    .bind(reset.created_at)
                    .bind(reset.expires_at)
                    .execute(&mut *tx)
                    .await?;
                    <$store>::queue_mails_in(
                        &mut tx,
                        std::slice::from_ref(mail),
                        reset.created_at,
                    )
                    .await?;
                    tx.commit().await?;
                    Ok(ResetRequested::Queued)
                }

                async fn password_reset(
                    &self,
                    token: &TokenDigest,
                ) -> Result<Option<PasswordReset>, StoreError> {
                    Ok(sqlx::query_as::<_, PasswordReset>(
                        RESET_BY_TOKEN,
                    )
                    .bind(token.as_str())
                    .fetch_optional(&self.pool)
                    .await?)
                }

                async fn reset_password(
                    &self,
                    token: &TokenDigest,
                    password_hash: &str,
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<u64, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let reset = sqlx::query_as::<_, PasswordReset>(
                        RESET_BY_TOKEN,
                    )
                    .bind(token.as_str())
                    .fetch_optional(&mut *tx)
                    .await?
                    .ok_or(StoreError::ResetNotFound)?;
                    if reset.used_at.is_some() {
                        return Err(StoreError::ResetUsed);
                    }
                    if reset.expires_at <= now {
                        return Err(StoreError::ResetExpired);
                    }
                    // Every link of the account is used up with this one; the condition makes a
                    // second, concurrent use change nothing.
                    let used = sqlx::query(
                        "UPDATE password_resets SET used_at = $2 \
                         WHERE user_id = $1 AND used_at IS NULL",
                    )
                    .bind(reset.user_id.0)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                    if used.rows_affected() == 0 {
                        return Err(StoreError::ResetUsed);
                    }
                    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
                        .bind(password_hash)
                        .bind(reset.user_id.0)
                        .execute(&mut *tx)
                        .await?;
                    // As a password change does: whoever resets a password because it may be
                    // known has every way in closed.
                    sqlx::query("DELETE FROM sessions WHERE user_id = $1")
                        .bind(reset.user_id.0)
                        .execute(&mut *tx)
                        .await?;
                    let revoked = sqlx::query(
                        "UPDATE api_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
                    )
                    .bind(reset.user_id.0)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                    tx.commit().await?;
                    Ok(revoked)
                }

                async fn create_organiser_invite(
                    &self,
                    invite: &NewOrganiserInvite,
                    mail: Option<&Mail>,
                    max_per_hour: i64,
                ) -> Result<bool, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let queued = keep_invite(
                        &mut tx,
                        "organiser_invites",
                        "organisation_id",
                        invite.organisation.0,
                        invite.organisation.0,
                        invite.made(),
                        mail,
                        max_per_hour,
                    )
                    .await?;
                    tx.commit().await?;
                    Ok(queued)
                }

                async fn organiser_invite(
                    &self,
                    token: &TokenDigest,
                ) -> Result<Option<OrganiserInvite>, StoreError> {
                    invite_of(&self.pool, "organiser_invites", "organisation_id", token).await
                }

                async fn accept_organiser_invite(
                    &self,
                    token: &TokenDigest,
                    acceptor: &InviteAcceptor,
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<User, StoreError> {
                    let (table, target) = ("organiser_invites", "organisation_id");
                    take_up_invite(self, table, target, "organisers", token, acceptor, now).await
                }
            }
        };
    };
}

pub(super) use invitation_sql_store;
