//! Accounts: who a session or a token is, logging in (each attempt counted before its password
//! is checked, waits that grow with wrong passwords, per address and per account from an
//! address), logging out, changing one's password (ending every session and revoking every
//! token), one's dashboard, and taking up a captain invitation.

use chrono::{DateTime, Duration, Utc};

use super::{Actor, AppError, Field, Who, require};
use crate::domain::account::{EmailAddress, NewPassword};
use crate::domain::authorisation::Permission;
use crate::domain::ids::UserId;
use crate::domain::login_throttle;
use crate::password::{HashError, HashingLimit};
use crate::store::{
    InviteAcceptor, NewSession, NewUser, Organisation, Store, StoreError, Team, User,
};
use crate::token::{SecretToken, TokenDigest};

/// How long a login lasts.
pub const SESSION_LIFETIME: Duration = Duration::days(30);

/// The one answer to a wrong password and to an unknown email alike, so that the login form
/// does not tell who has an account.
pub const WRONG_CREDENTIALS: &str = "That email address and password do not match an account.";
/// The start of the answer to an attempt that must wait, which then says how long.
pub const TOO_MANY_ATTEMPTS: &str = "Too many wrong passwords from here.";

/// What waiting `wait` means to a person: "Try again in 8 seconds."
pub fn too_many_attempts(wait: Duration) -> String {
    let when = how_long(wait);
    format!("{TOO_MANY_ATTEMPTS} Try again in {when}, or ask an organiser for help.")
}

/// A wait as a person says it: "8 seconds", "3 minutes".
pub fn how_long(wait: Duration) -> String {
    let seconds = wait.num_seconds().max(1);
    if seconds < 120 {
        format!("{seconds} seconds")
    } else {
        format!("{} minutes", (seconds + 59) / 60)
    }
}

/// The account behind a browser's session token, while the session lasts.
pub async fn session_actor(
    store: &dyn Store,
    token: &SecretToken,
) -> Result<Option<Actor>, StoreError> {
    let Some(user) = store.session_user(&token.digest(), Utc::now()).await? else {
        return Ok(None);
    };
    let roles = store.roles(&user).await?;
    Ok(Some(Actor { user, roles }))
}

/// A new session for `user`, as stored; its token goes to the browser.
fn new_session(user: UserId) -> (SecretToken, NewSession) {
    let token = SecretToken::generate();
    let now = Utc::now();
    let session = NewSession {
        token: token.digest(),
        user,
        created_at: now,
        expires_at: now + SESSION_LIFETIME,
    };
    (token, session)
}

/// The counts a password attempt goes into: this account from this address, and this address
/// across accounts (see `domain::login_throttle`).
struct AttemptCounts {
    account_from_address: String,
    address: String,
}

impl AttemptCounts {
    fn of(client: &str, account: &EmailAddress) -> Self {
        Self {
            account_from_address: format!("account {account} from {client}"),
            address: format!("address {client}"),
        }
    }
}

pub(super) fn hash_refusal(error: HashError) -> AppError {
    match error {
        HashError::Busy => AppError::Busy,
        error => AppError::Internal(error.into()),
    }
}

/// Checks `password` for the account of `email` (as entered from `client`), after counting
/// the attempt, so that any number at once get only the counts' free attempts. A wrong
/// password is `None`.
async fn check_password(
    store: &dyn Store,
    hashing: &HashingLimit,
    client: &str,
    email: &EmailAddress,
    password: String,
) -> Result<Option<User>, AppError> {
    let counts = AttemptCounts::of(client, email);
    let counted = store
        .count_login_attempt(
            &[
                (&counts.address, login_throttle::ADDRESS),
                (
                    &counts.account_from_address,
                    login_throttle::ACCOUNT_FROM_ADDRESS,
                ),
            ],
            Utc::now(),
        )
        .await?;
    if let Err(wait) = counted {
        tracing::warn!(%client, "password attempt throttled");
        return Err(AppError::Throttled(wait));
    }
    let both = [
        counts.address.as_str(),
        counts.account_from_address.as_str(),
    ];
    let credentials = store.credentials(email).await?;
    let stored_hash = credentials.as_ref().map(|c| c.password_hash.clone());
    let verified = match hashing.verify(password, stored_hash).await {
        Ok(verified) => verified,
        Err(error) => {
            // Never checked (the server is busy): it does not count.
            store.uncount_login_attempt(&both, None, Utc::now()).await?;
            return Err(hash_refusal(error));
        }
    };
    match credentials {
        Some(credentials) if verified => {
            store
                .uncount_login_attempt(&both[..1], Some(&counts.account_from_address), Utc::now())
                .await?;
            Ok(Some(credentials.user))
        }
        _ => Ok(None),
    }
}

/// A login that worked: the account and its new session's token, for the browser.
pub struct LoggedIn {
    pub user: User,
    pub session: SecretToken,
}

/// Logs in from `client` (an address) with an email and password, ending the browser's
/// `previous` session. A wrong password, or an unknown address, is one answer.
pub async fn log_in(
    store: &dyn Store,
    hashing: &HashingLimit,
    client: &str,
    email: &EmailAddress,
    password: String,
    previous: Option<&TokenDigest>,
) -> Result<LoggedIn, AppError> {
    let Some(user) = check_password(store, hashing, client, email, password).await? else {
        return Err(AppError::invalid(Field::Password, WRONG_CREDENTIALS));
    };
    let (token, session) = new_session(user.id);
    store.start_session(&session, previous).await?;
    tracing::info!(user = %user.id, "logged in");
    Ok(LoggedIn {
        user,
        session: token,
    })
}

/// Ends a browser's session.
pub async fn log_out(store: &dyn Store, session: &TokenDigest) -> Result<(), AppError> {
    Ok(store.end_session(session).await?)
}

/// A password changed: this browser's new session, and how many API tokens were revoked.
pub struct PasswordChanged {
    pub session: SecretToken,
    pub revoked: u64,
}

/// Changes the password of `who`'s account and ends every session of it, everywhere, and
/// revokes its API tokens; this browser gets a new session so that the person changing it
/// stays logged in. Wrong current passwords count towards the same limit as failed logins, so
/// a borrowed session cannot guess its way to taking the account over.
pub async fn change_password(
    store: &dyn Store,
    hashing: &HashingLimit,
    who: Who<'_>,
    client: &str,
    current: String,
    new: String,
    confirmation: String,
) -> Result<PasswordChanged, AppError> {
    let user = require(who, Permission::UseAccount)?.user.clone();
    let email = EmailAddress::try_from(user.email.as_str())
        .map_err(|error| anyhow::anyhow!("a stored email does not parse: {error}"))?;
    if new != confirmation {
        return Err(AppError::invalid(
            Field::NewPassword,
            "The new password and its confirmation differ.",
        ));
    }
    let new_password = NewPassword::for_account(new, &email)
        .map_err(|error| AppError::invalid(Field::NewPassword, error.to_string()))?;
    if check_password(store, hashing, client, &email, current)
        .await?
        .is_none()
    {
        return Err(AppError::invalid(
            Field::Password,
            "Your current password is not right.",
        ));
    }
    let hash = hashing.hash(new_password).await.map_err(hash_refusal)?;
    let (token, session) = new_session(user.id);
    let revoked = store
        .change_password(user.id, &hash, Some(&session))
        .await?;
    tracing::info!(user = %user.id, revoked, "password changed; all sessions ended, tokens revoked");
    Ok(PasswordChanged {
        session: token,
        revoked,
    })
}

/// The account's own pages: `who`, when signed in.
pub fn account<'a>(who: Who<'a>) -> Result<&'a Actor, AppError> {
    require(who, Permission::UseAccount)
}

/// What an account's dashboard lists: the organisations it organises and the teams it
/// captains.
pub struct Dashboard {
    pub organisations: Vec<Organisation>,
    pub teams: Vec<Team>,
}

pub async fn dashboard(store: &dyn Store, who: Who<'_>) -> Result<Dashboard, AppError> {
    let actor = account(who)?;
    Ok(Dashboard {
        organisations: store.organisations_organised_by(actor.user.id).await?,
        teams: store.teams_captained_by(actor.user.id).await?,
    })
}

// ---------------------------------------------------------------------------------------------
// Captain invitations.

/// What an invitation link that no longer works says, in the words of its kind: whom to ask
/// for a new one.
pub(super) struct UnusableInvitation {
    pub expired: &'static str,
    pub used: &'static str,
}

const CAPTAIN_INVITATION: UnusableInvitation = UnusableInvitation {
    expired: "This invitation has expired. Ask your league's organiser for a new link.",
    used: "This invitation has already been used. Ask your league's organiser for a new link if you still need one.",
};

impl UnusableInvitation {
    /// Whether an invitation kept with these times can be taken up now: gone once used or
    /// expired, said in a sentence.
    pub(super) fn check(
        &self,
        accepted_at: Option<DateTime<Utc>>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), AppError> {
        if accepted_at.is_some() {
            return Err(AppError::Gone(self.used.to_string()));
        }
        if expires_at <= Utc::now() {
            return Err(AppError::Gone(self.expired.to_string()));
        }
        Ok(())
    }

    /// The store's refusal to take an invitation up (used or expired meanwhile, or gone), in
    /// these words; any other error as it is.
    pub(super) fn refused(&self, error: StoreError) -> AppError {
        match error {
            StoreError::InviteExpired => AppError::Gone(self.expired.to_string()),
            StoreError::InviteUsed => AppError::Gone(self.used.to_string()),
            StoreError::InviteNotFound => AppError::not_found("such invitation"),
            StoreError::EmailLooksLikeAnother => {
                AppError::invalid(Field::Email, LOOKS_LIKE_ANOTHER_ADDRESS)
            }
            error => error.into(),
        }
    }
}

/// A captain invitation that can still be taken up, with its team.
pub struct UsableInvite {
    pub token: SecretToken,
    pub team: Team,
    pub organisation: Organisation,
}

/// The invitation of this link, or why it cannot be used: not found, or gone (used or
/// expired, said in a sentence).
pub async fn usable_invite(store: &dyn Store, token: &str) -> Result<UsableInvite, AppError> {
    let not_found = || AppError::not_found("such invitation");
    let token = SecretToken::parse(token).ok_or_else(not_found)?;
    let invite = store
        .captain_invite(&token.digest())
        .await?
        .ok_or_else(not_found)?;
    CAPTAIN_INVITATION.check(invite.accepted_at, invite.expires_at)?;
    let team = store.team(invite.team_id).await?.ok_or_else(not_found)?;
    let organisation = store
        .organisation(team.organisation_id)
        .await?
        .ok_or_else(not_found)?;
    Ok(UsableInvite {
        token,
        team,
        organisation,
    })
}

/// A newcomer's account, as they ask for it while taking up an invitation.
pub struct NewAccount {
    pub email: String,
    pub password: String,
    pub confirmation: String,
}

/// Why an address is refused when another account's looks the same: that account's address
/// is not told.
pub const LOOKS_LIKE_ANOTHER_ADDRESS: &str = "This address looks the same as another account's but is written with other characters (a letter of another alphabet, or a look-alike hyphen or dot). Type it in plain letters, or give another address.";

/// Takes up a captain invitation: `who`, signed in, becomes a captain of its team; someone
/// not signed in gives an address and a password, and the account of that address (made now
/// if there is none) becomes one. The password is hashed whether or not the address turns out
/// to have an account, and the answer is the same either way, so that neither tells who has
/// one. Answers the account made a captain.
pub async fn accept_invite(
    store: &dyn Store,
    hashing: &HashingLimit,
    who: Who<'_>,
    invite: &UsableInvite,
    newcomer: NewAccount,
    at: DateTime<Utc>,
) -> Result<User, AppError> {
    let acceptor = invite_acceptor(hashing, who, newcomer, at).await?;
    let user = store
        .accept_captain_invite(&invite.token.digest(), &acceptor, at)
        .await
        .map_err(|error| CAPTAIN_INVITATION.refused(error))?;
    tracing::info!(user = %user.id, team = %invite.team.id, "captain invitation accepted");
    Ok(user)
}

/// Who takes up an invitation: `who`, signed in, or else the account of the address the
/// newcomer gives, with the password they give (hashed whether or not the address turns out to
/// have an account, so that neither the answer nor its timing tells).
pub(super) async fn invite_acceptor(
    hashing: &HashingLimit,
    who: Who<'_>,
    newcomer: NewAccount,
    at: DateTime<Utc>,
) -> Result<InviteAcceptor, AppError> {
    Ok(match who {
        Some(actor) => InviteAcceptor::Existing(actor.user.id),
        None => {
            let email = EmailAddress::try_from(newcomer.email.as_str())
                .map_err(|error| AppError::invalid(Field::Email, error.to_string()))?;
            if newcomer.password != newcomer.confirmation {
                return Err(AppError::invalid(
                    Field::NewPassword,
                    "The password and its confirmation differ.",
                ));
            }
            let password = NewPassword::for_account(newcomer.password, &email)
                .map_err(|error| AppError::invalid(Field::NewPassword, error.to_string()))?;
            InviteAcceptor::AccountOfAddress(NewUser {
                email,
                password_hash: hashing.hash(password).await.map_err(hash_refusal)?,
                is_admin: false,
                created_at: at,
            })
        }
    })
}
