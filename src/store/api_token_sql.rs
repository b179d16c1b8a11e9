//! The [`ApiTokenStore`](super::ApiTokenStore) methods, written once in SQL both dialects
//! accept, like those of `sql.rs`.

macro_rules! api_token_sql_store {
    ($store:ty, db: $db:ty) => {
        const _: () = {
            use $crate::domain::ids::{ApiTokenId, UserId};
            use $crate::store::api_token::LAST_USED_PRECISION;
            use $crate::store::{
                ApiToken, ApiTokenStore, NewApiToken, StoreError, TokenHolder, User,
                foreign_key_violation_as,
            };
            use $crate::token::TokenDigest;

            #[async_trait::async_trait]
            impl ApiTokenStore for $store {
                async fn create_api_token(
                    &self,
                    token: &NewApiToken,
                ) -> Result<ApiToken, StoreError> {
                    let mut tx = self.begin_write().await?;
                    let created = sqlx::query_as::<_, ApiToken>(
                        "INSERT INTO api_tokens (user_id, name, token_digest, created_at, \
                         expires_at, read_only) VALUES ($1, $2, $3, $4, $5, $6) \
                         RETURNING id, user_id, name, created_at, last_used_at, revoked_at, \
                         expires_at, read_only",
                    )
                    .bind(token.user.0)
                    .bind(token.name.as_str())
                    .bind(token.token.as_str())
                    .bind(token.created_at)
                    .bind(token.expires_at)
                    .bind(token.read_only)
                    .fetch_one(&mut *tx)
                    .await
                    .map_err(|e| foreign_key_violation_as(e, StoreError::NoSuchAccount))?;
                    tx.commit().await?;
                    Ok(created)
                }

                async fn api_tokens_of(&self, user: UserId) -> Result<Vec<ApiToken>, StoreError> {
                    Ok(sqlx::query_as::<_, ApiToken>(
                        "SELECT id, user_id, name, created_at, last_used_at, revoked_at, expires_at, \
                         read_only FROM api_tokens WHERE user_id = $1 \
                         ORDER BY created_at DESC, id DESC",
                    )
                    .bind(user.0)
                    .fetch_all(&self.pool)
                    .await?)
                }

                async fn revoke_api_token(
                    &self,
                    user: UserId,
                    token: ApiTokenId,
                    at: chrono::DateTime<chrono::Utc>,
                ) -> Result<(), StoreError> {
                    let mut tx = self.begin_write().await?;
                    let owned: Option<i64> = sqlx::query_scalar(
                        "SELECT id FROM api_tokens WHERE id = $1 AND user_id = $2",
                    )
                    .bind(token.0)
                    .bind(user.0)
                    .fetch_optional(&mut *tx)
                    .await?;
                    if owned.is_none() {
                        return Err(StoreError::NotFound("API token"));
                    }
                    sqlx::query(
                        "UPDATE api_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL",
                    )
                    .bind(at)
                    .bind(token.0)
                    .execute(&mut *tx)
                    .await?;
                    tx.commit().await?;
                    Ok(())
                }

                async fn api_token_user(
                    &self,
                    token: &TokenDigest,
                    now: chrono::DateTime<chrono::Utc>,
                ) -> Result<Option<TokenHolder>, StoreError> {
                    let found: Option<(i64, Option<chrono::DateTime<chrono::Utc>>, bool)> =
                        sqlx::query_as(
                            "SELECT id, last_used_at, read_only FROM api_tokens \
                             WHERE token_digest = $1 AND revoked_at IS NULL \
                             AND (expires_at IS NULL OR expires_at > $2)",
                        )
                        .bind(token.as_str())
                        .bind(now)
                        .fetch_optional(&self.pool)
                        .await?;
                    let Some((id, last_used_at, read_only)) = found else {
                        return Ok(None);
                    };
                    let stale_before = now - LAST_USED_PRECISION;
                    if last_used_at.is_none_or(|used| used < stale_before) {
                        // One statement, on a task of its own: it runs to its end whatever becomes
                        // of the request that used the token (one refused for its body, say, whose
                        // other extractors are dropped part way).
                        let writer = self.writer.clone();
                        let noted = tokio::spawn(async move {
                            let updated = sqlx::query(
                                "UPDATE api_tokens SET last_used_at = $1 \
                                 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $3)",
                            )
                            .bind(now)
                            .bind(id)
                            .bind(stale_before)
                            .execute(&writer)
                            .await;
                            if let Err(error) = updated {
                                tracing::warn!(%error, "could not note when an API token was used");
                            }
                        });
                        noted.await.ok();
                    }
                    // Read after the update, so a token revoked meanwhile opens nothing.
                    let user = sqlx::query_as::<_, User>(
                        "SELECT users.id, users.email, users.is_admin, users.created_at \
                         FROM api_tokens JOIN users ON users.id = api_tokens.user_id \
                         WHERE api_tokens.id = $1 AND api_tokens.revoked_at IS NULL",
                    )
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await?;
                    Ok(user.map(|user| TokenHolder { user, read_only }))
                }
            }
        };
    };
}

pub(super) use api_token_sql_store;
