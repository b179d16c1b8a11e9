//! An organiser invites another organiser of their organisation: a link that works once
//! within a week, mailed when an address is given and mail is on, taken up as a captain
//! invitation is (with the signed-in account, or an address and a password).

use chrono::{DateTime, Utc};

use super::accounts::{NewAccount, UnusableInvitation, invite_acceptor};
use super::teams::{INVITE_LIFETIME, InvitationMail, invitation_refused, invited_address};
use super::{AppError, Who, lookup};
use crate::domain::mail::{
    MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR, SiteLinks, organiser_invitation,
};
use crate::password::HashingLimit;
use crate::store::{NewOrganiserInvite, Organisation, Store, User};
use crate::token::SecretToken;

const ORGANISER_INVITATION: UnusableInvitation = UnusableInvitation {
    expired: "This invitation has expired. Ask an organiser of the league for a new link.",
    used: "This invitation has already been used. Ask an organiser of the league for a new link if you still need one.",
};

/// An organiser invitation made: its token (shown once), when it stops working, and what
/// became of its mail.
pub struct OrganiserInvitation {
    pub organisation: Organisation,
    pub token: SecretToken,
    pub expires_at: DateTime<Utc>,
    pub mail: InvitationMail,
}

impl OrganiserInvitation {
    /// The path of the invitation's link, which holds its secret.
    pub fn path(&self) -> String {
        invite_path(&self.token)
    }
}

fn invite_path(token: &SecretToken) -> String {
    format!("/organiser-invites/{}", token.as_str())
}

/// The link that makes whoever takes it up an organiser of the organisation of `slug`;
/// mailed to `email` when one is given (blank is none) and mail is on.
pub async fn invite_organiser(
    store: &dyn Store,
    links: Option<&SiteLinks>,
    who: Who<'_>,
    slug: &str,
    email: &str,
) -> Result<OrganiserInvitation, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let organiser = who.ok_or(AppError::NotSignedIn)?;
    let email = invited_address(email)?;
    let token = SecretToken::generate();
    let now = Utc::now();
    let invite = NewOrganiserInvite {
        token: token.digest(),
        organisation: organisation.id,
        invited_by: organiser.user.id,
        created_at: now,
        expires_at: now + INVITE_LIFETIME,
    };
    let mail = match (links, &email) {
        (Some(links), Some(email)) => Some(organiser_invitation(
            email.as_str(),
            &organisation.name,
            &links.to(&invite_path(&token)),
            invite.expires_at,
        )),
        _ => None,
    };
    let queued = store
        .create_organiser_invite(
            &invite,
            mail.as_ref(),
            MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR,
        )
        .await
        .map_err(invitation_refused)?;
    Ok(OrganiserInvitation {
        organisation,
        token,
        expires_at: invite.expires_at,
        mail: InvitationMail::of(email, mail.is_some(), queued),
    })
}

/// An organiser invitation that can still be taken up.
pub struct UsableOrganiserInvite {
    pub token: SecretToken,
    pub organisation: Organisation,
}

pub async fn usable_organiser_invite(
    store: &dyn Store,
    token: &str,
) -> Result<UsableOrganiserInvite, AppError> {
    let not_found = || AppError::not_found("such invitation");
    let token = SecretToken::parse(token).ok_or_else(not_found)?;
    let invite = store
        .organiser_invite(&token.digest())
        .await?
        .ok_or_else(not_found)?;
    ORGANISER_INVITATION.check(invite.accepted_at, invite.expires_at)?;
    let organisation = store
        .organisation(invite.organisation_id)
        .await?
        .ok_or_else(not_found)?;
    Ok(UsableOrganiserInvite {
        token,
        organisation,
    })
}

/// Takes up an organiser invitation as a captain invitation is taken up; answers the account
/// made an organiser.
pub async fn accept_organiser_invite(
    store: &dyn Store,
    hashing: &HashingLimit,
    who: Who<'_>,
    invite: &UsableOrganiserInvite,
    newcomer: NewAccount,
    at: DateTime<Utc>,
) -> Result<User, AppError> {
    let acceptor = invite_acceptor(hashing, who, newcomer, at).await?;
    let user = store
        .accept_organiser_invite(&invite.token.digest(), &acceptor, at)
        .await
        .map_err(|error| ORGANISER_INVITATION.refused(error))?;
    tracing::info!(user = %user.id, organisation = %invite.organisation.id, "organiser invitation accepted");
    Ok(user)
}
