//! The [`MailStore`](super::MailStore) methods, written once in SQL both dialects accept, like
//! those of `sql.rs`. Only the locks differ. PostgreSQL's senders in several processes skip
//! the rows another has locked (`FOR UPDATE SKIP LOCKED`); the count of an address's messages
//! that decides whether another is queued is made after taking a lock its concurrent twins
//! also take (`recipient_lock` on the address), so they queue and the count cannot be overrun
//! under READ COMMITTED. SQLite's one writer at a time needs no lock.

macro_rules! mail_sql_store {
    (
        $store:ty,
        db: $db:ty,
        claim_lock: $claim_lock:literal,
        recipient_lock: $recipient_lock:literal
    ) => {
        const _: () = {
            use $crate::domain::ids::FixtureId;
            use $crate::domain::mail::{FixtureFacts, MAX_MAILS_PER_ADDRESS_PER_HOUR, Mail};
            use $crate::domain::match_format::Side;
            use $crate::store::result_submission::score_from_columns;
            use $crate::store::{
                CauseKind, MailCause, MailStore, OutboxEntry, OverdueFixture, QueuedMail,
                StoreError,
            };

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
            }

            #[async_trait::async_trait]
            impl MailStore for $store {
                async fn queue_mail(
                    &self,
                    mails: &[Mail],
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
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
                    let mut tx = self.begin_write().await?;
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
                    let mut tx = self.begin_write().await?;
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
                    let mut tx = self.begin_write().await?;
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
                                "amended" => CauseKind::Amended,
                                "withdrawn" => CauseKind::Withdrawn,
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
                    let mut tx = self.begin_write().await?;
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
                    // The latest version: the current one, or the one just withdrawn.
                    let latest: Option<(Option<i64>, Option<i32>, Option<i32>, Option<String>)> =
                        sqlx::query_as(
                            "SELECT submitted_for_team, home_games, away_games, \
                             walkover_conceded_by FROM results WHERE fixture_id = $1 \
                             ORDER BY version DESC LIMIT 1",
                        )
                        .bind(id)
                        .fetch_optional(&self.pool)
                        .await?;
                    // A fixture past its deadline has no result at all.
                    let (submitted_for, score) = match latest {
                        Some((team, home_games, away_games, conceded_by)) => (
                            team,
                            Some(score_from_columns(
                                home_games,
                                away_games,
                                conceded_by.as_deref(),
                            )?),
                        ),
                        None => (None, None),
                    };
                    let submitted_for = match submitted_for {
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
                        score,
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
                    let mut tx = self.begin_write().await?;
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
            }
        };
    };
}

pub(super) use mail_sql_store;
