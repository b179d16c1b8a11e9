//! The [`MailStore`](super::MailStore) methods, written once in SQL both dialects accept, like
//! those of `sql.rs`. Only the locks differ. PostgreSQL's senders in several processes skip
//! the rows another has locked (`FOR UPDATE SKIP LOCKED`); a count that decides an insert (of
//! a reset link, an invitation, a message to an address) is made after taking a lock its
//! concurrent twins also take (`row_lock` on the row counted for, `recipient_lock` on an
//! address), so they queue and the count cannot be overrun under READ COMMITTED. SQLite's one
//! writer at a time needs no lock.

macro_rules! mail_sql_store {
    (
        $store:ty,
        db: $db:ty,
        begin_write: $begin_write:literal,
        claim_lock: $claim_lock:literal,
        row_lock: $row_lock:literal,
        recipient_lock: $recipient_lock:literal
    ) => {
        const _: () = {
            use $crate::domain::ids::FixtureId;
            use $crate::domain::mail::{FixtureFacts, MAX_MAILS_PER_ADDRESS_PER_HOUR, Mail};
            use $crate::domain::match_format::Side;
            use $crate::store::{
                CauseKind, InviteAcceptor, MailCause, MailStore, NewOrganiserInvite,
                NewPasswordReset, OrganiserInvite, OutboxEntry, OverdueFixture, PasswordReset,
                QueuedMail, ResetRequested, StoreError, User,
            };
            use $crate::token::TokenDigest;

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

            async fn emails_of(
                pool: &sqlx::Pool<$db>,
                sql: &str,
                id: i64,
            ) -> Result<Vec<String>, StoreError> {
                Ok(sqlx::query_scalar(sql).bind(id).fetch_all(pool).await?)
            }

            /// Helpers the other `*_sql.rs` macros of the same store call too, as `<$store>::name`.
            impl $store {
                /// Queues `mails` in the transaction of the change that causes them, each unless its
                /// address has had its hourly number of messages
                /// ([`MAX_MAILS_PER_ADDRESS_PER_HOUR`]):
                /// that one is left out and logged, and the change goes ahead. Answers how many were
                /// queued.
                async fn queue_mails_in(
                    tx: &mut sqlx::Transaction<'_, $db>,
                    mails: &[Mail],
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<usize, StoreError> {
                    // Each address locked once, in order, so that two transactions mailing the same
                    // addresses cannot each wait for the other.
                    let mut recipients: Vec<&str> =
                        mails.iter().map(|mail| mail.to.as_str()).collect();
                    recipients.sort_unstable();
                    recipients.dedup();
                    for recipient in recipients {
                        sqlx::query($recipient_lock)
                            .bind(recipient)
                            .execute(&mut **tx)
                            .await?;
                    }
                    let mut queued = 0;
                    for mail in mails {
                        let lately: i64 = sqlx::query_scalar(
                            "SELECT COUNT(*) FROM mail_outbox WHERE recipient = $1 AND queued_at > $2",
                        )
                        .bind(&mail.to)
                        .bind(now - chrono::Duration::hours(1))
                        .fetch_one(&mut **tx)
                        .await?;
                        if lately >= MAX_MAILS_PER_ADDRESS_PER_HOUR {
                            tracing::warn!(
                                subject = %mail.subject,
                                limit = MAX_MAILS_PER_ADDRESS_PER_HOUR,
                                "a message was not queued: its address has had the most messages an hour"
                            );
                            continue;
                        }
                        sqlx::query(
                            "INSERT INTO mail_outbox (recipient, subject, body, queued_at, next_attempt_at) \
                             VALUES ($1, $2, $3, $4, $4)",
                        )
                        .bind(&mail.to)
                        .bind(&mail.subject)
                        .bind(&mail.body)
                        .bind(now)
                        .execute(&mut **tx)
                        .await?;
                        queued += 1;
                    }
                    Ok(queued)
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

                /// Takes up the invitation of `table` (`captain_invites` or `organiser_invites`) whose
                /// link has `token`: refused when it is unknown, used or expired; else the acceptor's
                /// account, and the invitation marked as taken up by it. Answers the account and the
                /// invitation's `target`, the team or organisation it makes its acceptor captain or
                /// organiser of.
                async fn take_up_invite(
                    tx: &mut sqlx::Transaction<'_, $db>,
                    table: &'static str,
                    target: &'static str,
                    token: &TokenDigest,
                    acceptor: &InviteAcceptor,
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<(User, i64), StoreError> {
                    type Moment = chrono::DateTime<chrono::Utc>;
                    let (target_id, expires_at, accepted_at): (i64, Moment, Option<Moment>) =
                        sqlx::query_as(&format!(
                            "SELECT {target}, expires_at, accepted_at FROM {table} WHERE token_digest = $1"
                        ))
                        .bind(token.as_str())
                        .fetch_optional(&mut **tx)
                        .await?
                        .ok_or(StoreError::InviteNotFound)?;
                    if accepted_at.is_some() {
                        return Err(StoreError::InviteUsed);
                    }
                    if expires_at <= now {
                        return Err(StoreError::InviteExpired);
                    }
                    let user = invite_acceptor_account(tx, acceptor).await?;
                    // The condition makes a second, concurrent acceptance change nothing.
                    let used = sqlx::query(&format!(
                        "UPDATE {table} SET accepted_by = $1, accepted_at = $2 \
                         WHERE token_digest = $3 AND accepted_at IS NULL"
                    ))
                    .bind(user.id.0)
                    .bind(now)
                    .bind(token.as_str())
                    .execute(&mut **tx)
                    .await?;
                    if used.rows_affected() != 1 {
                        return Err(StoreError::InviteUsed);
                    }
                    Ok((user, target_id))
                }
            }

            #[async_trait::async_trait]
            impl MailStore for $store {
                async fn queue_mail(
                    &self,
                    mails: &[Mail],
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    <$store>::queue_mails_in(&mut tx, mails, now).await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn has_due_mail(
                    &self,
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<bool, StoreError> {
                    let due: Option<i64> = sqlx::query_scalar(
                        "SELECT id FROM mail_outbox WHERE sent_at IS NULL AND given_up_at IS NULL \
                         AND next_attempt_at <= $1 LIMIT 1",
                    )
                    .bind(now)
                    .fetch_optional(&self.pool)
                    .await?;
                    Ok(due.is_some())
                }

                async fn claim_due_mail(
                    &self,
                    now: chrono::DateTime<chrono::Utc>,
                    lease_until: chrono::DateTime<chrono::Utc>,
                    limit: i64,
                ) -> Result<Vec<QueuedMail>, StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    let claimed = sqlx::query_as::<_, QueuedMail>(concat!(
                        "UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = $2 \
                         WHERE id IN (SELECT id FROM mail_outbox \
                         WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= $1 \
                         ORDER BY next_attempt_at, id LIMIT $3 ",
                        $claim_lock,
                        ") RETURNING id, recipient, subject, body, attempts"
                    ))
                    .bind(now)
                    .bind(lease_until)
                    .bind(limit)
                    .fetch_all(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(claimed)
                }

                async fn mark_mail_sent(
                    &self,
                    id: i64,
                    at: chrono::DateTime<chrono::Utc>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    sqlx::query(
                        "UPDATE mail_outbox SET sent_at = $2, body = '', last_error = NULL \
                         WHERE id = $1",
                    )
                    .bind(id)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn mark_mail_failed(
                    &self,
                    id: i64,
                    error: &str,
                    retry_at: Option<chrono::DateTime<chrono::Utc>>,
                    at: chrono::DateTime<chrono::Utc>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    let error: String = error.chars().take(1000).collect();
                    match retry_at {
                        Some(retry_at) => sqlx::query(
                            "UPDATE mail_outbox SET last_error = $2, next_attempt_at = $3 \
                             WHERE id = $1 AND sent_at IS NULL",
                        )
                        .bind(id)
                        .bind(&error)
                        .bind(retry_at),
                        None => sqlx::query(
                            "UPDATE mail_outbox SET last_error = $2, given_up_at = $3, body = '' \
                             WHERE id = $1 AND sent_at IS NULL",
                        )
                        .bind(id)
                        .bind(&error)
                        .bind(at),
                    }
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn mail_to(&self, recipient: &str) -> Result<Vec<OutboxEntry>, StoreError> {
                    Ok(sqlx::query_as::<_, OutboxEntry>(
                        "SELECT id, recipient, subject, attempts, last_error, sent_at, given_up_at \
                         FROM mail_outbox WHERE recipient = $1 ORDER BY id",
                    )
                    .bind(recipient)
                    .fetch_all(&self.pool)
                    .await?)
                }

                async fn mail_causes(&self, limit: i64) -> Result<Vec<MailCause>, StoreError> {
                    let rows: Vec<(i64, String, i64, chrono::DateTime<chrono::Utc>)> =
                        sqlx::query_as(
                            "SELECT id, kind, fixture_id, happened_at FROM mail_causes \
                             ORDER BY id LIMIT $1",
                        )
                        .bind(limit)
                        .fetch_all(&self.pool)
                        .await?;
                    rows.into_iter()
                        .map(|(id, kind, fixture, happened_at)| {
                            let kind = match kind.as_str() {
                                "awaiting_confirmation" => CauseKind::AwaitingConfirmation,
                                "disputed" => CauseKind::Disputed,
                                other => {
                                    return Err(StoreError::Corrupt(format!(
                                        "a mail cause of the unknown kind {other:?}"
                                    )));
                                }
                            };
                            Ok(MailCause {
                                id,
                                kind,
                                fixture: FixtureId(fixture),
                                happened_at,
                            })
                        })
                        .collect()
                }

                async fn queue_mail_for_cause(
                    &self,
                    cause: i64,
                    mails: &[Mail],
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<bool, StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    let deleted = sqlx::query("DELETE FROM mail_causes WHERE id = $1")
                        .bind(cause)
                        .execute(&mut *tx)
                        .await?;
                    if deleted.rows_affected() != 1 {
                        return Ok(false);
                    }
                    <$store>::queue_mails_in(&mut tx, mails, now).await?;
                    tx.commit().await?;
                    Ok(true)
                }

                async fn fixture_mail_facts(
                    &self,
                    fixture: FixtureId,
                ) -> Result<Option<FixtureFacts>, StoreError> {
                    let found: Option<(
                        i64,
                        chrono::NaiveDate,
                        i64,
                        i64,
                        String,
                        String,
                        i64,
                        String,
                        String,
                    )> = sqlx::query_as(
                        "SELECT fixtures.id, fixtures.played_on, home.id, away.id, home.name, \
                         away.name, organisations.id, organisations.slug, organisations.name \
                         FROM fixtures \
                         JOIN teams home ON home.id = fixtures.home_team_id \
                         JOIN teams away ON away.id = fixtures.away_team_id \
                         JOIN organisations ON organisations.id = home.organisation_id \
                         WHERE fixtures.id = $1",
                    )
                    .bind(fixture.0)
                    .fetch_optional(&self.pool)
                    .await?;
                    let Some((id, date, home_id, away_id, home, away, organisation, slug, name)) =
                        found
                    else {
                        return Ok(None);
                    };
                    let submitted_for: Option<Option<i64>> = sqlx::query_scalar(
                        "SELECT submitted_for_team FROM results WHERE fixture_id = $1 AND is_current",
                    )
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?;
                    let submitted_for = match submitted_for.flatten() {
                        Some(team) if team == home_id => Some(Side::Home),
                        Some(team) if team == away_id => Some(Side::Away),
                        _ => None,
                    };
                    const CAPTAINS: &str = "SELECT users.email FROM captains \
                        JOIN users ON users.id = captains.user_id \
                        WHERE captains.team_id = $1 ORDER BY users.email";
                    const ORGANISERS: &str = "SELECT users.email FROM organisers \
                        JOIN users ON users.id = organisers.user_id \
                        WHERE organisers.organisation_id = $1 ORDER BY users.email";
                    Ok(Some(FixtureFacts {
                        fixture_id: id,
                        organisation_slug: slug,
                        organisation_name: name,
                        date,
                        home_team: home,
                        away_team: away,
                        submitted_for,
                        home_captains: emails_of(&self.pool, CAPTAINS, home_id).await?,
                        away_captains: emails_of(&self.pool, CAPTAINS, away_id).await?,
                        organisers: emails_of(&self.pool, ORGANISERS, organisation).await?,
                    }))
                }

                async fn unmailed_overdue_fixtures(
                    &self,
                    today: chrono::NaiveDate,
                    not_before: chrono::NaiveDate,
                    limit: i64,
                ) -> Result<Vec<OverdueFixture>, StoreError> {
                    // One query per competition with a deadline (a handful), each with exact
                    // bounds, so that neither fixtures too old to mail nor those not yet due can
                    // crowd out the ones that are.
                    let deadlines: Vec<(i64, i32)> = sqlx::query_as(
                        "SELECT competition_id, days_after_fixture FROM result_deadlines \
                         ORDER BY competition_id",
                    )
                    .fetch_all(&self.pool)
                    .await?;
                    let mut overdue = Vec::new();
                    for (competition, days) in deadlines {
                        let days = chrono::Duration::days(i64::from(days));
                        let rows: Vec<(i64, chrono::NaiveDate)> = sqlx::query_as(
                            "SELECT fixtures.id, fixtures.played_on FROM fixtures \
                             JOIN divisions ON divisions.id = fixtures.division_id \
                             JOIN seasons ON seasons.id = divisions.season_id \
                             WHERE seasons.competition_id = $1 \
                             AND fixtures.status IN ('scheduled', 'postponed') \
                             AND fixtures.played_on < $2 AND fixtures.played_on >= $3 \
                             AND NOT EXISTS (SELECT 1 FROM deadline_mails \
                                 WHERE deadline_mails.fixture_id = fixtures.id) \
                             ORDER BY fixtures.played_on, fixtures.id LIMIT $4",
                        )
                        .bind(competition)
                        .bind(today - days)
                        .bind(not_before - days)
                        .bind(limit - overdue.len() as i64)
                        .fetch_all(&self.pool)
                        .await?;
                        overdue.extend(rows.into_iter().map(|(fixture, played_on)| {
                            OverdueFixture {
                                fixture: FixtureId(fixture),
                                due_by: played_on + days,
                            }
                        }));
                        if overdue.len() as i64 >= limit {
                            break;
                        }
                    }
                    Ok(overdue)
                }

                async fn queue_deadline_mail(
                    &self,
                    fixture: FixtureId,
                    mails: &[Mail],
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<bool, StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    let noted = sqlx::query(
                        "INSERT INTO deadline_mails (fixture_id, queued_at) VALUES ($1, $2) \
                         ON CONFLICT (fixture_id) DO NOTHING",
                    )
                    .bind(fixture.0)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                    if noted.rows_affected() != 1 {
                        return Ok(false);
                    }
                    <$store>::queue_mails_in(&mut tx, mails, now).await?;
                    tx.commit().await?;
                    Ok(true)
                }

                async fn request_password_reset(
                    &self,
                    email: &str,
                    reset: &NewPasswordReset,
                    mail: &Mail,
                    max_per_hour: i64,
                ) -> Result<ResetRequested, StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
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
                        "SELECT password_resets.user_id, users.email, password_resets.expires_at, \
                         password_resets.used_at FROM password_resets \
                         JOIN users ON users.id = password_resets.user_id \
                         WHERE password_resets.token_digest = $1",
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
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    let reset = sqlx::query_as::<_, PasswordReset>(
                        "SELECT password_resets.user_id, users.email, password_resets.expires_at, \
                         password_resets.used_at FROM password_resets \
                         JOIN users ON users.id = password_resets.user_id \
                         WHERE password_resets.token_digest = $1",
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
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    <$store>::check_invitations_lately(
                        &mut tx,
                        invite.organisation.0,
                        invite.created_at,
                        max_per_hour,
                    )
                    .await?;
                    sqlx::query(
                        "INSERT INTO organiser_invites \
                         (token_digest, organisation_id, invited_by, created_at, expires_at) \
                         VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(invite.token.as_str())
                    .bind(invite.organisation.0)
                    .bind(invite.invited_by.0)
                    .bind(invite.created_at)
                    .bind(invite.expires_at)
                    .execute(&mut *tx)
                    .await?;
                    let queued = match mail {
                        Some(mail) => {
                            <$store>::queue_mails_in(
                                &mut tx,
                                std::slice::from_ref(mail),
                                invite.created_at,
                            )
                            .await?
                                > 0
                        }
                        None => false,
                    };
                    tx.commit().await?;
                    Ok(queued)
                }

                async fn organiser_invite(
                    &self,
                    token: &TokenDigest,
                ) -> Result<Option<OrganiserInvite>, StoreError> {
                    Ok(sqlx::query_as::<_, OrganiserInvite>(
                        "SELECT organisation_id, expires_at, accepted_at FROM organiser_invites \
                         WHERE token_digest = $1",
                    )
                    .bind(token.as_str())
                    .fetch_optional(&self.pool)
                    .await?)
                }

                async fn accept_organiser_invite(
                    &self,
                    token: &TokenDigest,
                    acceptor: &InviteAcceptor,
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<User, StoreError> {
                    let mut tx = self.writer.begin_with($begin_write).await?;
                    let (user, organisation) = <$store>::take_up_invite(
                        &mut tx,
                        "organiser_invites",
                        "organisation_id",
                        token,
                        acceptor,
                        now,
                    )
                    .await?;
                    sqlx::query(
                        "INSERT INTO organisers (organisation_id, user_id) VALUES ($1, $2) \
                         ON CONFLICT (organisation_id, user_id) DO NOTHING",
                    )
                    .bind(organisation)
                    .bind(user.id.0)
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(user)
                }
            }
        };
    };
}

pub(super) use mail_sql_store;
