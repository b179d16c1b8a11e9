//! Persistence: the [`Store`] trait and its SQLite and PostgreSQL implementations.
//!
//! Every method that writes does so in one transaction. The store keeps data and enforces
//! uniqueness; it never decides a rule of the league.
//!
//! The SQL is written once, in the subset both dialects accept (numbered `$1` parameters,
//! `RETURNING`, `ON CONFLICT`), as one macro per `*_sql.rs` file expanded for each dialect in
//! `sqlite.rs` and `postgres.rs`; what differs (migrations, connection set-up, how a write
//! transaction begins) stays in those two. Each macro expands inside an anonymous
//! `const _: () = { ... };` that names its own imports at the top and relies on nothing at the
//! call site. A helper the macros of other files call too is an associated function of the
//! store (`<$store>::name`), so it is reachable from every expansion.
//!
//! Every write runs through the store's `writer` pool. On SQLite that is one connection of its
//! own, begun with `BEGIN IMMEDIATE` (the readers' connections are `query_only`), so writers
//! take turns in the pool's queue rather than in SQLite's busy handler; on PostgreSQL it is the
//! one pool. A connection handed back inside a transaction (a request dropped part way) is
//! closed, which rolls the transaction back.

mod api_token;
mod api_token_sql;
mod championship;
mod championship_round_sql;
mod championship_sql;
mod division_results_sql;
mod fixture;
mod fixture_hands;
mod fixture_hands_sql;
mod fixture_sql;
mod hand_rows_sql;
mod invitation;
mod invitation_sql;
mod league;
mod league_season_sql;
mod league_sql;
pub mod live;
mod live_sql;
mod mail;
mod mail_sql;
mod postgres;
mod postgres_result;
mod rated_games;
mod rated_games_sql;
mod result;
mod result_sql;
mod result_submission;
mod skeletons_sql;
mod sql;
mod sqlite;
mod table_hands;
mod table_hands_sql;
mod transfer;
mod transfer_sql;

use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::domain::account::EmailAddress;
use crate::domain::authorisation::Roles;
use crate::domain::ids::{OrganisationId, TeamId, UserId};
use crate::domain::organisation::{DisplayName, Slug, TeamContact};
use crate::token::TokenDigest;

pub use crate::domain::player_tables::PlayerGame;
pub use api_token::{ApiToken, ApiTokenStore, LAST_USED_PRECISION, NewApiToken, TokenHolder};
pub use championship::{
    Championship, ChampionshipStore, Entrant, EntrantPlayer, LinkedTable, MAX_TABLES_BY_NUMBER,
    NewChampionship, NewEntrant, NewRound, NewTable, Round, Table, TableAction, TableChange,
    TableEvent, TableResult, TableStatus,
};
pub use fixture::{Bye, Fixture, FixtureStore, FixtureVenue};
pub use fixture_hands::{FixtureHandStore, KeptFixtureGame, NewFixtureHand};
pub use invitation::{
    CaptainInvite, InvitationStore, InviteAcceptor, InviteMade, NewCaptainInvite,
    NewOrganiserInvite, NewPasswordReset, OrganiserInvite, PasswordReset, ResetRequested,
};
pub use league::{
    Competition, Division, DivisionRefusal, LeagueStore, NewCompetition, NewDivision, NewSeason,
    Player, Season, SquadEntry, SquadRefusal,
};
pub use live::{LiveChange, LiveCursor, LiveMark, LiveStore, LiveSubject};
pub use mail::{CauseKind, MailCause, MailStore, OutboxEntry, OverdueFixture, QueuedMail};
pub use postgres::PostgresStore;
pub use rated_games::{ChampionshipTablePlayed, LeagueGamePlayed, RatedGameStore};
pub use result::{
    FixtureAsRead, NewAdjustment, NewResult, ResultAction, ResultEvent, ResultStore, StoredResult,
    Submitted, VersionScore,
};
pub use sqlite::SqliteStore;
pub use table_hands::{HandKept, KeptHand, NewHand, TableHandStore};
pub use transfer::{NewTransferRequest, TransferRequest, TransferStore};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("an account with that email address already exists")]
    EmailTaken,
    /// An address with a character outside ASCII that looks the same as another account's.
    #[error("that email address looks the same as another account's")]
    EmailLooksLikeAnother,
    #[error("no account has that email address")]
    NoSuchAccount,
    #[error("that short name is already used by another organisation")]
    SlugTaken,
    #[error("that organisation already has a team of that name")]
    TeamNameTaken,
    #[error("that organisation already has a competition of that name")]
    CompetitionNameTaken,
    /// A team, competition or player of the organisation has a name that looks the same
    /// (the same confusable skeleton) but is spelt otherwise.
    #[error("that name looks the same as \u{2018}{existing}\u{2019}")]
    NameLooksLike { existing: String },
    #[error("that competition already has a season of that name")]
    SeasonNameTaken,
    #[error("that season already has a division of that name")]
    DivisionNameTaken,
    #[error("that team already plays in a division of this season")]
    TeamAlreadyInSeason,
    #[error("that player is already in the team's squad")]
    PlayerAlreadyInSquad,
    #[error("{} of the players cannot join the squad", .0.len())]
    SquadRefused(Vec<(usize, SquadRefusal)>),
    #[error("{} of the teams cannot join the division", .0.len())]
    DivisionRefused(Vec<(usize, DivisionRefusal)>),
    #[error("a squad holds at most {limit} players; it would hold {would_hold}")]
    SquadFull { limit: usize, would_hold: usize },
    #[error("that {0} belongs to another organisation")]
    OfAnotherOrganisation(&'static str),
    #[error("that division's fixtures have already been made")]
    FixturesAlreadyGenerated,
    #[error("a division needs at least two teams to make fixtures; this one has {teams}")]
    TooFewTeams { teams: usize },
    #[error("{0}")]
    CannotScheduleFixtures(crate::domain::season_fixtures::SeasonFixturesError),
    #[error("that fixture has a result, so it can no longer be moved or postponed")]
    FixtureHasResult,
    #[error("a result has already been submitted for that fixture")]
    ResultAlreadySubmitted,
    #[error("that fixture has no result yet")]
    NoResultYet,
    #[error("the fixture was changed while the result was being entered")]
    FixtureChanged,
    #[error("a player the result names was removed from the league while it was being entered")]
    PlayerRemoved,
    #[error("that submission key was used for another result or by someone else")]
    SubmissionKeyReused,
    #[error("the result has been changed since you read it; look at it again")]
    ResultChanged,
    #[error("that result is not waiting for an answer (the fixture is {})", .0.in_words())]
    ResultNotAwaitingAnswer(crate::domain::season_fixtures::FixtureStatus),
    #[error("that has {count} results, which are kept, so it cannot be removed")]
    HasResults { count: i64 },
    #[error(
        "that is entered in {count} championships, which keep their entrants, so it cannot be removed"
    )]
    HasChampionshipEntries { count: i64 },
    #[error("that season has fixtures with results, so it cannot be deleted")]
    SeasonHasResults,
    #[error("that organisation already has a championship of that name")]
    ChampionshipNameTaken,
    #[error("the championship already has an entrant called \u{2018}{0}\u{2019}")]
    EntrantNameTaken(String),
    #[error("a championship takes at most {limit} entrants; it would have {would_hold}")]
    TooManyEntrants { limit: usize, would_hold: usize },
    #[error("another entrant already has seed {0}")]
    SeedTaken(u32),
    #[error("that entrant has played in a round, so it can be withdrawn but not removed")]
    EntrantHasPlayed,
    #[error("a round was published by someone else in the meantime; look at the rounds again")]
    RoundChanged,
    #[error("the entrants changed while the round was being paired; look at the round again")]
    EntrantsChanged,
    /// New players of an entrant list whose names look like other spellings the organisation
    /// has: each as the entrant's place in the list, the name and the spelling it looks like.
    #[error("{} of the players named look like players the organisation has", .0.len())]
    EntrantPlayersLookAlike(Vec<(usize, String, String)>),
    #[error("that table's result is confirmed; only the organiser can correct it")]
    TableConfirmed,
    #[error("that table has no result to confirm yet")]
    NoTableResult,
    #[error("that table's result is entered; its hands are kept as they are")]
    TableHasResult,
    #[error("another hand was entered at that place first")]
    HandPlaceTaken,
    #[error("only the last hand of a game still in play can be taken back")]
    HandNotLast,
    #[error("that fixture's result has been withdrawn {limit} times, the most it may be")]
    WithdrawnTooOften { limit: i64 },
    #[error("that organisation has made {limit} invitations in the last hour, the most it may")]
    TooManyInvitations { limit: i64 },
    #[error("that player's move to this team has already been asked for; the organisers decide it")]
    TransferAlreadyAsked,
    #[error("that transfer has already been {}", .0.word())]
    TransferDecided(crate::domain::transfer::TransferStatus),
    #[error("the organisation has {limit} transfers waiting, the most it may; decide some first")]
    TooManyTransfersWaiting { limit: i64 },
    #[error(
        "the player's team changed while the transfer was being asked for; look at the squads again"
    )]
    SquadChanged,
    #[error("there is no such {0}")]
    NotFound(&'static str),
    #[error("the stored data cannot be read: {0}")]
    Corrupt(String),
    #[error("the invitation is not known")]
    InviteNotFound,
    #[error("the invitation has expired")]
    InviteExpired,
    #[error("the invitation has already been used")]
    InviteUsed,
    #[error("the password reset link is not known")]
    ResetNotFound,
    #[error("the password reset link has expired")]
    ResetExpired,
    #[error("the password reset link has already been used")]
    ResetUsed,
    #[error("the database location is not valid: {0}")]
    BadLocation(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migration error: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// What kind of failure a [`StoreError`] is, so that a caller that does not name the variant
/// still answers it as its kind: a new conflict is a conflict without anyone mapping it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreErrorFamily {
    /// What was asked for is not there (or never was).
    NotFound,
    /// What was asked for was there but is no longer usable (an invitation used or expired).
    Gone,
    /// The request conflicts with what is stored: a name taken, a row changed meanwhile, a
    /// state that no longer allows it.
    Conflict,
    /// The request's own values cannot be kept (too many, too few, of another organisation).
    RefusedInput,
    /// The database did not answer in time or is not there; trying again later may work.
    Unavailable,
    /// Anything else: the stored data or the database itself is wrong.
    Internal,
}

impl StoreError {
    /// The error's family. The match names every variant, so a new one does not compile until
    /// it is given a family.
    pub fn family(&self) -> StoreErrorFamily {
        use StoreErrorFamily as F;
        match self {
            Self::NotFound(_) | Self::InviteNotFound | Self::ResetNotFound => F::NotFound,
            Self::InviteExpired | Self::InviteUsed | Self::ResetExpired | Self::ResetUsed => {
                F::Gone
            }
            Self::EmailTaken
            | Self::EmailLooksLikeAnother
            | Self::SlugTaken
            | Self::TeamNameTaken
            | Self::CompetitionNameTaken
            | Self::NameLooksLike { .. }
            | Self::SeasonNameTaken
            | Self::DivisionNameTaken
            | Self::TeamAlreadyInSeason
            | Self::PlayerAlreadyInSquad
            | Self::SquadRefused(_)
            | Self::DivisionRefused(_)
            | Self::FixturesAlreadyGenerated
            | Self::FixtureHasResult
            | Self::ResultAlreadySubmitted
            | Self::NoResultYet
            | Self::FixtureChanged
            | Self::PlayerRemoved
            | Self::SubmissionKeyReused
            | Self::ResultChanged
            | Self::ResultNotAwaitingAnswer(_)
            | Self::HasResults { .. }
            | Self::HasChampionshipEntries { .. }
            | Self::SeasonHasResults
            | Self::ChampionshipNameTaken
            | Self::EntrantNameTaken(_)
            | Self::SeedTaken(_)
            | Self::EntrantHasPlayed
            | Self::RoundChanged
            | Self::EntrantsChanged
            | Self::EntrantPlayersLookAlike(_)
            | Self::TableConfirmed
            | Self::NoTableResult
            | Self::TableHasResult
            | Self::HandPlaceTaken
            | Self::HandNotLast
            | Self::WithdrawnTooOften { .. }
            | Self::TooManyInvitations { .. }
            | Self::TransferAlreadyAsked
            | Self::TransferDecided(_)
            | Self::TooManyTransfersWaiting { .. }
            | Self::SquadChanged => F::Conflict,
            Self::NoSuchAccount
            | Self::SquadFull { .. }
            | Self::OfAnotherOrganisation(_)
            | Self::TooFewTeams { .. }
            | Self::CannotScheduleFixtures(_)
            | Self::TooManyEntrants { .. } => F::RefusedInput,
            Self::Database(error) if is_unavailable(error) => F::Unavailable,
            Self::Database(_) | Self::Corrupt(_) | Self::BadLocation(_) | Self::Migrate(_) => {
                F::Internal
            }
        }
    }

    /// The error's own words as a sentence for a person: capitalised, with a full stop.
    pub fn as_sentence(&self) -> String {
        let words = self.to_string();
        let mut chars = words.chars();
        match chars.next() {
            Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
            None => words,
        }
    }
}

/// Whether a database error is the database not answering (a pool that timed out or closed,
/// a connection that failed) rather than something wrong with the request or the data.
fn is_unavailable(error: &sqlx::Error) -> bool {
    matches!(
        error,
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_)
    )
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct User {
    #[sqlx(try_from = "i64")]
    pub id: UserId,
    pub email: String,
    pub is_admin: bool,
    pub created_at: DateTime<Utc>,
}

/// An account and its password hash, for checking a login and nothing else.
#[derive(Clone, sqlx::FromRow)]
pub struct Credentials {
    #[sqlx(flatten)]
    pub user: User,
    pub password_hash: String,
}

pub struct NewUser {
    pub email: EmailAddress,
    pub password_hash: String,
    pub is_admin: bool,
    pub created_at: DateTime<Utc>,
}

pub struct NewSession {
    pub token: TokenDigest,
    pub user: UserId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Organisation {
    #[sqlx(try_from = "i64")]
    pub id: OrganisationId,
    pub slug: String,
    pub name: String,
}

pub struct NewOrganisation {
    pub slug: Slug,
    pub name: DisplayName,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Team {
    #[sqlx(try_from = "i64")]
    pub id: TeamId,
    #[sqlx(try_from = "i64")]
    pub organisation_id: OrganisationId,
    pub name: String,
    pub contact: String,
}

#[async_trait]
pub trait Store:
    LeagueStore
    + FixtureStore
    + ResultStore
    + ApiTokenStore
    + MailStore
    + InvitationStore
    + ChampionshipStore
    + LiveStore
    + TableHandStore
    + FixtureHandStore
    + RatedGameStore
    + TransferStore
    + Send
    + Sync
    + 'static
{
    /// "sqlite" or "postgres", for logs and the health check.
    fn dialect(&self) -> &'static str;
    async fn migrate(&self) -> Result<(), StoreError>;
    /// Answers when the database answers.
    async fn ping(&self) -> Result<(), StoreError>;
    /// A number that changes whenever anything a public page shows changes (moved by the
    /// database's triggers at every write), so a page rendered at one revision may be served
    /// again while the revision stays the same.
    async fn content_revision(&self) -> Result<i64, StoreError>;

    async fn create_user(&self, user: &NewUser) -> Result<User, StoreError>;
    async fn user(&self, id: UserId) -> Result<Option<User>, StoreError>;
    async fn credentials(&self, email: &EmailAddress) -> Result<Option<Credentials>, StoreError>;
    /// Sets a new password hash, ends every session of the account, revokes every API token
    /// of it (answering how many), uses up its outstanding password reset links and, when
    /// given, starts `session` for the browser that made the change.
    async fn change_password(
        &self,
        user: UserId,
        password_hash: &str,
        session: Option<&NewSession>,
    ) -> Result<u64, StoreError>;

    /// Starts a session, ending `replacing` (the browser's previous session) in the same
    /// transaction so that a login always renews the session token. The account's expired
    /// sessions are removed too.
    async fn start_session(
        &self,
        session: &NewSession,
        replacing: Option<&TokenDigest>,
    ) -> Result<(), StoreError>;
    /// The account of a session that has not expired by `now`.
    async fn session_user(
        &self,
        token: &TokenDigest,
        now: DateTime<Utc>,
    ) -> Result<Option<User>, StoreError>;
    async fn end_session(&self, token: &TokenDigest) -> Result<(), StoreError>;
    async fn count_sessions(&self, user: UserId) -> Result<i64, StoreError>;

    /// Counts a login attempt, before its password is checked, against each of `counts` (a
    /// key such as an address with its allowance), in one transaction: when every count lets
    /// it through, it is counted as a failure in each (a success takes it back); when any says
    /// to wait, nothing is counted and the longest wait comes back. Counts untouched for a day
    /// are forgotten here.
    async fn count_login_attempt(
        &self,
        counts: &[(&str, crate::domain::login_throttle::Allowance)],
        now: DateTime<Utc>,
    ) -> Result<Result<(), chrono::Duration>, StoreError>;
    /// Takes a counted attempt back from each of `counted` (it had the right password, or
    /// was never checked), and forgets the count `forget` altogether when given.
    async fn uncount_login_attempt(
        &self,
        counted: &[&str],
        forget: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    async fn roles(&self, user: &User) -> Result<Roles, StoreError>;

    /// Creates an organisation with the account of `organiser` as its first organiser.
    async fn create_organisation(
        &self,
        organisation: &NewOrganisation,
        organiser: &EmailAddress,
    ) -> Result<Organisation, StoreError>;
    async fn organisations(&self) -> Result<Vec<Organisation>, StoreError>;
    async fn organisation_by_slug(&self, slug: &str) -> Result<Option<Organisation>, StoreError>;
    async fn organisation(&self, id: OrganisationId) -> Result<Option<Organisation>, StoreError>;
    async fn organisations_organised_by(
        &self,
        user: UserId,
    ) -> Result<Vec<Organisation>, StoreError>;

    async fn create_team(
        &self,
        organisation: OrganisationId,
        name: &DisplayName,
        at: DateTime<Utc>,
    ) -> Result<Team, StoreError>;
    async fn team(&self, id: TeamId) -> Result<Option<Team>, StoreError>;
    async fn teams_in(&self, organisation: OrganisationId) -> Result<Vec<Team>, StoreError>;
    async fn teams_captained_by(&self, user: UserId) -> Result<Vec<Team>, StoreError>;
    async fn captains_of(&self, team: TeamId) -> Result<Vec<User>, StoreError>;
    async fn set_team_contact(&self, team: TeamId, contact: &TeamContact)
    -> Result<(), StoreError>;
}

/// Where the data lives: a PostgreSQL URL, or else a SQLite file in the data directory.
pub async fn connect(
    database_url: Option<&str>,
    data_dir: &Path,
) -> Result<Arc<dyn Store>, StoreError> {
    match database_url {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            Ok(Arc::new(PostgresStore::connect(url).await?))
        }
        Some(url) if url.starts_with("sqlite:") => Ok(Arc::new(SqliteStore::connect(url).await?)),
        Some(url) => Err(StoreError::BadLocation(format!(
            "{url:?} is neither a postgres:// nor a sqlite: URL"
        ))),
        None => {
            std::fs::create_dir_all(data_dir).map_err(|error| {
                StoreError::BadLocation(format!(
                    "cannot create the data directory {}: {error}",
                    data_dir.display()
                ))
            })?;
            Ok(Arc::new(
                SqliteStore::open_file(&data_dir.join("fives.db")).await?,
            ))
        }
    }
}

/// The refusal of `name` when a row of the same skeleton is named `existing`: `taken` when
/// the spelling is the same, otherwise [`StoreError::NameLooksLike`].
fn look_alike_refusal(
    existing: Option<String>,
    name: &DisplayName,
    taken: StoreError,
) -> Result<(), StoreError> {
    match existing {
        None => Ok(()),
        Some(existing) if existing == name.as_str() => Err(taken),
        Some(existing) => Err(StoreError::NameLooksLike { existing }),
    }
}

/// Maps a unique-constraint violation to `taken`, leaving every other error as it is.
fn unique_violation_as(error: sqlx::Error, taken: StoreError) -> StoreError {
    match &error {
        sqlx::Error::Database(db) if db.is_unique_violation() => taken,
        _ => StoreError::Database(error),
    }
}

/// Maps a unique-constraint violation to `taken` and a foreign-key violation (a row that
/// refers to one that does not exist) to `missing`, leaving every other error as it is.
fn constraint_violation_as(
    error: sqlx::Error,
    taken: StoreError,
    missing: StoreError,
) -> StoreError {
    match &error {
        sqlx::Error::Database(db) if db.is_foreign_key_violation() => missing,
        _ => unique_violation_as(error, taken),
    }
}

/// Maps a foreign-key violation to `missing`, leaving every other error as it is.
fn foreign_key_violation_as(error: sqlx::Error, missing: StoreError) -> StoreError {
    match &error {
        sqlx::Error::Database(db) if db.is_foreign_key_violation() => missing,
        _ => StoreError::Database(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::fixtures::FixtureError;
    use crate::domain::season_fixtures::{FixtureStatus, SeasonFixturesError};

    /// One of every variant with the family it belongs to. `family` is an exhaustive match,
    /// so a new variant fails to compile there first; this list says what each one is.
    fn every_variant() -> Vec<(StoreError, StoreErrorFamily)> {
        use StoreError as E;
        use StoreErrorFamily::*;
        vec![
            (E::EmailTaken, Conflict),
            (E::EmailLooksLikeAnother, Conflict),
            (E::NoSuchAccount, RefusedInput),
            (E::SlugTaken, Conflict),
            (E::TeamNameTaken, Conflict),
            (E::CompetitionNameTaken, Conflict),
            (
                E::NameLooksLike {
                    existing: "Red Lion".into(),
                },
                Conflict,
            ),
            (E::SeasonNameTaken, Conflict),
            (E::DivisionNameTaken, Conflict),
            (E::TeamAlreadyInSeason, Conflict),
            (E::PlayerAlreadyInSquad, Conflict),
            (
                E::SquadRefused(vec![(0, SquadRefusal::NotOfOrganisation)]),
                Conflict,
            ),
            (
                E::DivisionRefused(vec![(0, DivisionRefusal::AlreadyInDivision)]),
                Conflict,
            ),
            (
                E::SquadFull {
                    limit: 20,
                    would_hold: 21,
                },
                RefusedInput,
            ),
            (E::OfAnotherOrganisation("team"), RefusedInput),
            (E::FixturesAlreadyGenerated, Conflict),
            (E::TooFewTeams { teams: 1 }, RefusedInput),
            (
                E::CannotScheduleFixtures(SeasonFixturesError::Teams(FixtureError::TooFewTeams {
                    teams: 1,
                })),
                RefusedInput,
            ),
            (E::FixtureHasResult, Conflict),
            (E::ResultAlreadySubmitted, Conflict),
            (E::NoResultYet, Conflict),
            (E::FixtureChanged, Conflict),
            (E::PlayerRemoved, Conflict),
            (E::SubmissionKeyReused, Conflict),
            (E::ResultChanged, Conflict),
            (
                E::ResultNotAwaitingAnswer(FixtureStatus::Confirmed),
                Conflict,
            ),
            (E::HasResults { count: 2 }, Conflict),
            (E::HasChampionshipEntries { count: 1 }, Conflict),
            (E::SeasonHasResults, Conflict),
            (E::ChampionshipNameTaken, Conflict),
            (E::EntrantNameTaken("Ann".into()), Conflict),
            (
                E::TooManyEntrants {
                    limit: 8,
                    would_hold: 9,
                },
                RefusedInput,
            ),
            (E::SeedTaken(1), Conflict),
            (E::EntrantHasPlayed, Conflict),
            (E::RoundChanged, Conflict),
            (E::EntrantsChanged, Conflict),
            (
                E::EntrantPlayersLookAlike(vec![(0, "Ann".into(), "Anne".into())]),
                Conflict,
            ),
            (E::TableConfirmed, Conflict),
            (E::NoTableResult, Conflict),
            (E::TableHasResult, Conflict),
            (E::HandPlaceTaken, Conflict),
            (E::HandNotLast, Conflict),
            (E::WithdrawnTooOften { limit: 3 }, Conflict),
            (E::TooManyInvitations { limit: 20 }, Conflict),
            (E::NotFound("team"), NotFound),
            (E::Corrupt("a score of -1".into()), Internal),
            (E::InviteNotFound, NotFound),
            (E::InviteExpired, Gone),
            (E::InviteUsed, Gone),
            (E::ResetNotFound, NotFound),
            (E::ResetExpired, Gone),
            (E::ResetUsed, Gone),
            (E::BadLocation("ftp://".into()), Internal),
            (E::Database(sqlx::Error::PoolTimedOut), Unavailable),
            (E::Database(sqlx::Error::PoolClosed), Unavailable),
            (E::Database(sqlx::Error::RowNotFound), Internal),
            (
                E::Migrate(sqlx::migrate::MigrateError::VersionMissing(1)),
                Internal,
            ),
        ]
    }

    #[test]
    fn every_variant_has_its_family() {
        for (error, family) in every_variant() {
            assert_eq!(error.family(), family, "{error:?}");
        }
    }

    #[test]
    fn an_error_as_a_sentence_is_capitalised_with_a_full_stop() {
        assert_eq!(
            StoreError::SlugTaken.as_sentence(),
            "That short name is already used by another organisation."
        );
    }
}
