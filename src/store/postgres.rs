//! The PostgreSQL store, for larger deployments with several service processes.

use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::postgres::{PgPool, PgPoolOptions};

use super::api_token_sql::api_token_sql_store;
use super::fixture_sql::fixture_sql_store;
use super::league_sql::league_sql_store;
use super::result_sql::result_sql_store;
use super::sql::sql_store;
use super::{
    CaptainInvite, Credentials, InviteAcceptor, LoginFailures, NewCaptainInvite, NewOrganisation,
    NewSession, NewUser, Organisation, StoreError, Team, User, constraint_violation_as,
    foreign_key_violation_as, unique_violation_as,
};
use crate::domain::account::EmailAddress;
use crate::domain::authorisation::Roles;
use crate::domain::ids::{OrganisationId, TeamId, UserId};
use crate::domain::organisation::{DisplayName, TeamContact};
use crate::token::TokenDigest;

pub struct PostgresStore {
    pool: PgPool,
}

impl PostgresStore {
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .connect(url)
            .await?;
        Ok(Self { pool })
    }

    async fn run_migrations(&self) -> Result<(), StoreError> {
        sqlx::migrate!("migrations/postgres")
            .run(&self.pool)
            .await?;
        Ok(())
    }
}

sql_store!(PostgresStore, db: sqlx::Postgres, dialect: "postgres", begin_write: "BEGIN");
league_sql_store!(PostgresStore, db: sqlx::Postgres, begin_write: "BEGIN");
fixture_sql_store!(PostgresStore, db: sqlx::Postgres, begin_write: "BEGIN");
result_sql_store!(PostgresStore, db: sqlx::Postgres, begin_write: "BEGIN");
api_token_sql_store!(PostgresStore, db: sqlx::Postgres, begin_write: "BEGIN");
