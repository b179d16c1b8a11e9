//! The [`Store`](super::Store) methods, written once in SQL that SQLite and PostgreSQL both
//! accept (numbered `$1` parameters, `RETURNING`, standard types) and expanded for each
//! dialect's pool. What differs between the dialects (migrations, connection set-up, how a
//! write transaction starts) stays in `sqlite.rs` and `postgres.rs`.

macro_rules! sql_store {
    ($store:ty, db: $db:ty, dialect: $dialect:literal) => {
        const _: () = {
            use $crate::domain::account::EmailAddress;
            use $crate::domain::authorisation::Roles;
            use $crate::domain::ids::{OrganisationId, TeamId, UserId};
            use $crate::domain::login_throttle::{
                Allowance, Count, FORGET_AFTER, attempt, succeeded,
            };
            use $crate::domain::organisation::{DisplayName, TeamContact};
            use $crate::store::{
                Credentials, NewOrganisation, NewSession, NewUser, Organisation, Store, StoreError,
                Team, User, look_alike_refusal, unique_violation_as,
            };
            use $crate::token::TokenDigest;
            use chrono::{DateTime, Utc};

            async fn save_throttle_count(
                tx: &mut sqlx::Transaction<'_, $db>,
                key: &str,
                count: Count,
            ) -> Result<(), StoreError> {
                sqlx::query(
                    "UPDATE login_throttle SET failures = $2, next_attempt_at = $3, \
                     last_attempt_at = $4 WHERE counted = $1",
                )
                .bind(key)
                .bind(i32::try_from(count.failures).unwrap_or(i32::MAX))
                .bind(count.next_attempt_at)
                .bind(count.last_attempt_at)
                .execute(&mut **tx)
                .await?;
                Ok(())
            }

            async fn insert_session(
                tx: &mut sqlx::Transaction<'_, $db>,
                session: &NewSession,
            ) -> Result<(), StoreError> {
                sqlx::query(
                    "INSERT INTO sessions (token_digest, user_id, created_at, expires_at) \
                     VALUES ($1, $2, $3, $4)",
                )
                .bind(session.token.as_str())
                .bind(session.user.0)
                .bind(session.created_at)
                .bind(session.expires_at)
                .execute(&mut **tx)
                .await?;
                Ok(())
            }

            /// Helpers the other `*_sql.rs` macros of the same store call too, as `<$store>::name`.
            impl $store {
                /// Refuses `email` for an account when it has a character outside ASCII and another
                /// account's address looks the same (the same skeleton) but is spelt otherwise; an
                /// account of the very address is no look-alike.
                async fn refuse_look_alike_address(
                    tx: &mut sqlx::Transaction<'_, $db>,
                    email: &EmailAddress,
                ) -> Result<(), StoreError> {
                    if email.is_ascii() {
                        return Ok(());
                    }
                    let alike: Vec<String> =
                        sqlx::query_scalar("SELECT email FROM users WHERE email_skeleton = $1")
                            .bind(email.skeleton())
                            .fetch_all(&mut **tx)
                            .await?;
                    if alike.iter().any(|other| other != email.as_str())
                        && !alike.iter().any(|other| other == email.as_str())
                    {
                        return Err(StoreError::EmailLooksLikeAnother);
                    }
                    Ok(())
                }
            }

            #[async_trait::async_trait]
            impl Store for $store {
                fn dialect(&self) -> &'static str {
                    $dialect
                }

                async fn migrate(&self) -> Result<(), StoreError> {
                    self.run_migrations().await?;
                    self.fill_name_skeletons().await?;
                    self.fill_email_skeletons().await
                }

                async fn ping(&self) -> Result<(), StoreError> {
                    sqlx::query("SELECT 1").execute(&self.pool).await?;
                    Ok(())
                }

                async fn content_revision(&self) -> Result<i64, StoreError> {
                    // The sum of the counter's stripes (PostgreSQL keeps several, SQLite one).
                    Ok(sqlx::query_scalar(
                        "SELECT CAST(SUM(revision) AS BIGINT) FROM content_revision",
                    )
                    .fetch_one(&self.pool)
                    .await?)
                }

                async fn create_user(&self, user: &NewUser) -> Result<User, StoreError> {
                    let mut tx = self.begin_write().await?;
                    <$store>::refuse_look_alike_address(&mut tx, &user.email).await?;
                    let created = sqlx::query_as::<_, User>(
                        "INSERT INTO users (email, password_hash, is_admin, created_at, email_skeleton) \
                         VALUES ($1, $2, $3, $4, $5) RETURNING id, email, is_admin, created_at",
                    )
                    .bind(user.email.as_str())
                    .bind(&user.password_hash)
                    .bind(user.is_admin)
                    .bind(user.created_at)
                    .bind(user.email.skeleton())
                    .fetch_one(&mut *tx)
                    .await
                    .map_err(|e| unique_violation_as(e, StoreError::EmailTaken))?;
                    tx.commit().await?;
                    Ok(created)
                }

                async fn user(&self, id: UserId) -> Result<Option<User>, StoreError> {
                    Ok(sqlx::query_as::<_, User>(
                        "SELECT id, email, is_admin, created_at FROM users WHERE id = $1",
                    )
                    .bind(id.0)
                    .fetch_optional(&self.pool)
                    .await?)
                }

                async fn credentials(
                    &self,
                    email: &EmailAddress,
                ) -> Result<Option<Credentials>, StoreError> {
                    Ok(sqlx::query_as::<_, Credentials>(
                        "SELECT id, email, is_admin, created_at, password_hash \
                         FROM users WHERE email = $1",
                    )
                    .bind(email.as_str())
                    .fetch_optional(&self.pool)
                    .await?)
                }

                async fn change_password(
                    &self,
                    user: UserId,
                    password_hash: &str,
                    session: Option<&NewSession>,
                ) -> Result<u64, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let updated = sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
                        .bind(password_hash)
                        .bind(user.0)
                        .execute(&mut *tx)
                        .await?;
                    if updated.rows_affected() != 1 {
                        return Err(StoreError::NoSuchAccount);
                    }
                    sqlx::query("DELETE FROM sessions WHERE user_id = $1")
                        .bind(user.0)
                        .execute(&mut *tx)
                        .await?;
                    // A token is a way in like a session: whoever changes the password because it
                    // may be known has every way in closed.
                    let revoked = sqlx::query(
                        "UPDATE api_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
                    )
                    .bind(user.0)
                    .bind(Utc::now())
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                    // So does a reset link asked for before the change: whoever asked may be the
                    // one the password is being changed against.
                    sqlx::query(
                        "UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL",
                    )
                    .bind(user.0)
                    .bind(Utc::now())
                    .execute(&mut *tx)
                    .await?;
                    if let Some(session) = session {
                        insert_session(&mut tx, session).await?;
                    }
                    tx.commit().await?;
                    Ok(revoked)
                }

                async fn start_session(
                    &self,
                    session: &NewSession,
                    replacing: Option<&TokenDigest>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    // Expired sessions of the account are of no more use; this is where they go.
                    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2")
                        .bind(session.user.0)
                        .bind(session.created_at)
                        .execute(&mut *tx)
                        .await?;
                    if let Some(old) = replacing {
                        sqlx::query("DELETE FROM sessions WHERE token_digest = $1")
                            .bind(old.as_str())
                            .execute(&mut *tx)
                            .await?;
                    }
                    insert_session(&mut tx, session).await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn session_user(
                    &self,
                    token: &TokenDigest,
                    now: DateTime<Utc>,
                ) -> Result<Option<User>, StoreError> {
                    Ok(sqlx::query_as::<_, User>(
                        "SELECT users.id, users.email, users.is_admin, users.created_at \
                         FROM sessions JOIN users ON users.id = sessions.user_id \
                         WHERE sessions.token_digest = $1 AND sessions.expires_at > $2",
                    )
                    .bind(token.as_str())
                    .bind(now)
                    .fetch_optional(&self.pool)
                    .await?)
                }

                async fn end_session(&self, token: &TokenDigest) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    sqlx::query("DELETE FROM sessions WHERE token_digest = $1")
                        .bind(token.as_str())
                        .execute(&mut *tx)
                        .await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn count_sessions(&self, user: UserId) -> Result<i64, StoreError> {
                    Ok(
                        sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE user_id = $1")
                            .bind(user.0)
                            .fetch_one(&self.pool)
                            .await?,
                    )
                }

                async fn count_login_attempt(
                    &self,
                    counts: &[(&str, Allowance)],
                    now: DateTime<Utc>,
                ) -> Result<Result<(), chrono::Duration>, StoreError> {
                    let mut tx = self.begin_write().await?;
                    sqlx::query("DELETE FROM login_throttle WHERE last_attempt_at < $1")
                        .bind(now - FORGET_AFTER)
                        .execute(&mut *tx)
                        .await?;
                    let mut counted = Vec::new();
                    let mut longest_wait = None;
                    for (key, allowance) in counts {
                        // Made if missing, then taken by an update, so that attempts at once on
                        // one count are counted one after another, never from the same reading.
                        sqlx::query(
                            "INSERT INTO login_throttle (counted, failures, next_attempt_at, \
                             last_attempt_at) VALUES ($1, 0, $2, $2) ON CONFLICT (counted) DO NOTHING",
                        )
                        .bind(*key)
                        .bind(now - FORGET_AFTER)
                        .execute(&mut *tx)
                        .await?;
                        let (failures, next_attempt_at, last_attempt_at): (
                            i32,
                            DateTime<Utc>,
                            DateTime<Utc>,
                        ) = sqlx::query_as(
                            "UPDATE login_throttle SET counted = counted WHERE counted = $1 \
                                 RETURNING failures, next_attempt_at, last_attempt_at",
                        )
                        .bind(*key)
                        .fetch_one(&mut *tx)
                        .await?;
                        let count = Count {
                            failures: u32::try_from(failures).unwrap_or(0),
                            next_attempt_at,
                            last_attempt_at,
                        };
                        match attempt(Some(count), *allowance, now) {
                            Ok(count) => counted.push((*key, count)),
                            Err(wait) => {
                                longest_wait = Some(
                                    longest_wait.map_or(wait, |w: chrono::Duration| w.max(wait)),
                                )
                            }
                        }
                    }
                    if let Some(wait) = longest_wait {
                        // Nothing is counted: the attempt is refused unchecked.
                        return Ok(Err(wait));
                    }
                    for (key, count) in counted {
                        save_throttle_count(&mut tx, key, count).await?;
                    }
                    tx.commit().await?;
                    Ok(Ok(()))
                }

                async fn uncount_login_attempt(
                    &self,
                    counted: &[&str],
                    forget: Option<&str>,
                    now: DateTime<Utc>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    if let Some(forget) = forget {
                        sqlx::query("DELETE FROM login_throttle WHERE counted = $1")
                            .bind(forget)
                            .execute(&mut *tx)
                            .await?;
                    }
                    for key in counted {
                        let found: Option<(i32, DateTime<Utc>, DateTime<Utc>)> = sqlx::query_as(
                            "UPDATE login_throttle SET counted = counted WHERE counted = $1 \
                             RETURNING failures, next_attempt_at, last_attempt_at",
                        )
                        .bind(*key)
                        .fetch_optional(&mut *tx)
                        .await?;
                        if let Some((failures, next_attempt_at, last_attempt_at)) = found {
                            let count = Count {
                                failures: u32::try_from(failures).unwrap_or(0),
                                next_attempt_at,
                                last_attempt_at,
                            };
                            save_throttle_count(&mut tx, key, succeeded(count, now)).await?;
                        }
                    }
                    tx.commit().await?;
                    Ok(())
                }

                async fn roles(&self, user: &User) -> Result<Roles, StoreError> {
                    let organiser_of: Vec<i64> = sqlx::query_scalar(
                        "SELECT organisation_id FROM organisers WHERE user_id = $1 \
                         ORDER BY organisation_id",
                    )
                    .bind(user.id.0)
                    .fetch_all(&self.pool)
                    .await?;
                    let captain_of: Vec<i64> = sqlx::query_scalar(
                        "SELECT team_id FROM captains WHERE user_id = $1 ORDER BY team_id",
                    )
                    .bind(user.id.0)
                    .fetch_all(&self.pool)
                    .await?;
                    Ok(Roles {
                        site_admin: user.is_admin,
                        organiser_of: organiser_of.into_iter().map(OrganisationId).collect(),
                        captain_of: captain_of.into_iter().map(TeamId).collect(),
                    })
                }

                async fn create_organisation(
                    &self,
                    organisation: &NewOrganisation,
                    organiser: &EmailAddress,
                ) -> Result<Organisation, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let organiser_id: Option<i64> =
                        sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
                            .bind(organiser.as_str())
                            .fetch_optional(&mut *tx)
                            .await?;
                    let organiser_id = organiser_id.ok_or(StoreError::NoSuchAccount)?;
                    let created = sqlx::query_as::<_, Organisation>(
                        "INSERT INTO organisations (slug, name, created_at) VALUES ($1, $2, $3) \
                         RETURNING id, slug, name",
                    )
                    .bind(organisation.slug.as_str())
                    .bind(organisation.name.as_str())
                    .bind(organisation.created_at)
                    .fetch_one(&mut *tx)
                    .await
                    .map_err(|e| unique_violation_as(e, StoreError::SlugTaken))?;
                    sqlx::query(
                        "INSERT INTO organisers (organisation_id, user_id) VALUES ($1, $2)",
                    )
                    .bind(created.id.0)
                    .bind(organiser_id)
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(created)
                }

                async fn organisations(&self) -> Result<Vec<Organisation>, StoreError> {
                    Ok(sqlx::query_as::<_, Organisation>(
                        "SELECT id, slug, name FROM organisations ORDER BY name, id",
                    )
                    .fetch_all(&self.pool)
                    .await?)
                }

                async fn organisation_by_slug(
                    &self,
                    slug: &str,
                ) -> Result<Option<Organisation>, StoreError> {
                    Ok(sqlx::query_as::<_, Organisation>(
                        "SELECT id, slug, name FROM organisations WHERE slug = $1",
                    )
                    .bind(slug)
                    .fetch_optional(&self.pool)
                    .await?)
                }

                async fn organisation(
                    &self,
                    id: OrganisationId,
                ) -> Result<Option<Organisation>, StoreError> {
                    Ok(sqlx::query_as::<_, Organisation>(
                        "SELECT id, slug, name FROM organisations WHERE id = $1",
                    )
                    .bind(id.0)
                    .fetch_optional(&self.pool)
                    .await?)
                }

                async fn organisations_organised_by(
                    &self,
                    user: UserId,
                ) -> Result<Vec<Organisation>, StoreError> {
                    Ok(sqlx::query_as::<_, Organisation>(
                        "SELECT organisations.id, organisations.slug, organisations.name \
                         FROM organisations \
                         JOIN organisers ON organisers.organisation_id = organisations.id \
                         WHERE organisers.user_id = $1 ORDER BY organisations.name, organisations.id",
                    )
                    .bind(user.0)
                    .fetch_all(&self.pool)
                    .await?)
                }

                async fn create_team(
                    &self,
                    organisation: OrganisationId,
                    name: &DisplayName,
                    at: DateTime<Utc>,
                ) -> Result<Team, StoreError> {
                    let skeleton = name.skeleton();
                    let mut tx = self.begin_write().await?;
                    let existing = <$store>::name_of_skeleton(
                        &mut *tx,
                        "SELECT name FROM teams WHERE organisation_id = $1 AND name_skeleton = $2",
                        organisation.0,
                        &skeleton,
                    )
                    .await?;
                    look_alike_refusal(existing, name, StoreError::TeamNameTaken)?;
                    let team = sqlx::query_as::<_, Team>(
                        "INSERT INTO teams (organisation_id, name, name_skeleton, created_at) \
                         VALUES ($1, $2, $3, $4) RETURNING id, organisation_id, name, contact",
                    )
                    .bind(organisation.0)
                    .bind(name.as_str())
                    .bind(&skeleton)
                    .bind(at)
                    .fetch_one(&mut *tx)
                    .await
                    .map_err(|e| unique_violation_as(e, StoreError::TeamNameTaken))?;
                    tx.commit().await?;
                    Ok(team)
                }

                async fn team(&self, id: TeamId) -> Result<Option<Team>, StoreError> {
                    Ok(sqlx::query_as::<_, Team>(
                        "SELECT id, organisation_id, name, contact FROM teams WHERE id = $1",
                    )
                    .bind(id.0)
                    .fetch_optional(&self.pool)
                    .await?)
                }

                async fn teams_in(
                    &self,
                    organisation: OrganisationId,
                ) -> Result<Vec<Team>, StoreError> {
                    Ok(sqlx::query_as::<_, Team>(
                        "SELECT id, organisation_id, name, contact FROM teams \
                         WHERE organisation_id = $1 ORDER BY name, id",
                    )
                    .bind(organisation.0)
                    .fetch_all(&self.pool)
                    .await?)
                }

                async fn teams_captained_by(&self, user: UserId) -> Result<Vec<Team>, StoreError> {
                    Ok(sqlx::query_as::<_, Team>(
                        "SELECT teams.id, teams.organisation_id, teams.name, teams.contact \
                         FROM teams JOIN captains ON captains.team_id = teams.id \
                         WHERE captains.user_id = $1 ORDER BY teams.name, teams.id",
                    )
                    .bind(user.0)
                    .fetch_all(&self.pool)
                    .await?)
                }

                async fn captains_of(&self, team: TeamId) -> Result<Vec<User>, StoreError> {
                    Ok(sqlx::query_as::<_, User>(
                        "SELECT users.id, users.email, users.is_admin, users.created_at \
                         FROM users JOIN captains ON captains.user_id = users.id \
                         WHERE captains.team_id = $1 ORDER BY users.email",
                    )
                    .bind(team.0)
                    .fetch_all(&self.pool)
                    .await?)
                }

                async fn set_team_contact(
                    &self,
                    team: TeamId,
                    contact: &TeamContact,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    sqlx::query("UPDATE teams SET contact = $1 WHERE id = $2")
                        .bind(contact.as_str())
                        .bind(team.0)
                        .execute(&mut *tx)
                        .await?;
                    tx.commit().await?;
                    Ok(())
                }
            }
        };
    };
}

pub(super) use sql_store;
