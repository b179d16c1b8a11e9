//! An organisation's teams and players: making a team, its pub, its captains' contact details
//! and invitations (one team's, or several of a division's teams' at once), the organisation's
//! players and a team's squad.

use chrono::{DateTime, Duration, Utc};

use super::lookup::{self, DivisionPlace};
use super::{Actor, AppError, Conflict, Field, Problem, Who, may, require};
use crate::domain::account::EmailAddress;
use crate::domain::authorisation::Permission;
use crate::domain::ids::{DivisionId, TeamId};
use crate::domain::league::Venue;
use crate::domain::mail::{
    MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR, SiteLinks, captain_invitation,
};
use crate::domain::organisation::{DisplayName, NamedThing, TeamContact};
use crate::store::{NewCaptainInvite, Organisation, Player, Store, StoreError, Team};
use crate::token::SecretToken;

/// How long a captain invitation link works.
pub const INVITE_LIFETIME: Duration = Duration::days(7);

/// Acting for a team: a captain of it, or an organiser of its organisation.
fn act_for(team: &Team) -> Permission {
    Permission::ActForTeam {
        team: team.id,
        organisation: team.organisation_id,
    }
}

/// Whether `who` may act for the team, for answers that show its captains' contact details.
pub fn may_act_for(who: Who<'_>, team: &Team) -> bool {
    may(who, act_for(team))
}

/// Whether `who` organises the organisation, for pages that show organisers more.
pub fn organises(who: Who<'_>, organisation: &Organisation) -> bool {
    may(who, Permission::Organise(organisation.id))
}

/// Makes a team of the organisation; a name it has, or one that looks the same, is a conflict.
pub async fn create_team(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    name: DisplayName,
) -> Result<(Organisation, Team), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    match store.create_team(organisation.id, &name, Utc::now()).await {
        Ok(team) => Ok((organisation, team)),
        Err(error) => Err(AppError::name_refused(
            error,
            NamedThing::Team,
            name.as_str(),
            &organisation,
        )),
    }
}

/// A team with its organisation, found by the team's id alone (the captain's pages).
async fn team_and_organisation(
    store: &dyn Store,
    id: TeamId,
) -> Result<(Team, Organisation), AppError> {
    let team = store
        .team(id)
        .await?
        .ok_or_else(|| AppError::not_found(format_args!("team {id}")))?;
    let organisation = store
        .organisation(team.organisation_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("team {} has no organisation", team.id))?;
    Ok((team, organisation))
}

/// A team as those who act for it see it: its captains' addresses, and whether `who` may
/// invite more captains (its organisers may).
pub struct ManagedTeam {
    pub team: Team,
    pub organisation: Organisation,
    pub captains: Vec<String>,
    pub venue: Option<Venue>,
    pub may_invite: bool,
}

/// The team's own page, for its captains and its organisation's organisers.
pub async fn managed_team(
    store: &dyn Store,
    who: Who<'_>,
    id: TeamId,
) -> Result<ManagedTeam, AppError> {
    let (team, organisation) = team_and_organisation(store, id).await?;
    require(who, act_for(&team))?;
    let captains = store.captains_of(team.id).await?;
    Ok(ManagedTeam {
        venue: store.team_venue(team.id).await?,
        may_invite: organises(who, &organisation),
        captains: captains.into_iter().map(|user| user.email).collect(),
        team,
        organisation,
    })
}

/// A captain (or organiser) sets how opposing captains reach the team.
pub async fn set_contact(
    store: &dyn Store,
    who: Who<'_>,
    id: TeamId,
    contact: &TeamContact,
) -> Result<Team, AppError> {
    let (team, _) = team_and_organisation(store, id).await?;
    require(who, act_for(&team))?;
    store.set_team_contact(team.id, contact).await?;
    Ok(team)
}

/// The address an invitation is to be mailed to: none when left blank.
pub(super) fn invited_address(email: &str) -> Result<Option<EmailAddress>, AppError> {
    match email.trim() {
        "" => Ok(None),
        typed => EmailAddress::try_from(typed)
            .map(Some)
            .map_err(|error| AppError::invalid(Field::Email, error.to_string())),
    }
}

/// An invitation made: the link's token, shown once, when it stops working, and what became
/// of its mail.
pub struct Invitation {
    pub team: Team,
    pub token: SecretToken,
    pub expires_at: DateTime<Utc>,
    pub mail: InvitationMail,
}

/// What became of an invitation's mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvitationMail {
    /// No address was given, or this site sends no mail.
    NotAsked,
    /// The link is on its way to the address.
    Sent(EmailAddress),
    /// Held back: the address has had the most messages this site sends one an hour
    /// ([`MAX_MAILS_PER_ADDRESS_PER_HOUR`](crate::domain::mail::MAX_MAILS_PER_ADDRESS_PER_HOUR)),
    /// so the organiser must pass the link on themselves.
    HeldBack(EmailAddress),
}

impl InvitationMail {
    /// What became of the mail of an invitation to `email`, asked for when `asked`, given
    /// whether the store `queued` it.
    pub(super) fn of(email: Option<EmailAddress>, asked: bool, queued: bool) -> Self {
        match email {
            Some(email) if asked && queued => InvitationMail::Sent(email),
            Some(email) if asked => InvitationMail::HeldBack(email),
            _ => InvitationMail::NotAsked,
        }
    }

    /// The address the link was mailed to, if it was.
    pub fn sent_to(&self) -> Option<&EmailAddress> {
        match self {
            InvitationMail::Sent(email) => Some(email),
            _ => None,
        }
    }

    /// The address whose mail was held back, if one was.
    pub fn held_back_for(&self) -> Option<&EmailAddress> {
        match self {
            InvitationMail::HeldBack(email) => Some(email),
            _ => None,
        }
    }
}

/// An organiser makes a link that makes whoever opens it a captain of the team, mailed to
/// `email` when one is given (blank is none) and mail is on.
pub async fn invite_captain(
    store: &dyn Store,
    links: Option<&SiteLinks>,
    who: Who<'_>,
    id: TeamId,
    email: &str,
) -> Result<Invitation, AppError> {
    let (team, organisation) = team_and_organisation(store, id).await?;
    let organiser: &Actor = require(who, Permission::Organise(organisation.id))?;
    let email = invited_address(email)?;
    let token = SecretToken::generate();
    let now = Utc::now();
    let invite = NewCaptainInvite {
        token: token.digest(),
        team: team.id,
        invited_by: organiser.user.id,
        created_at: now,
        expires_at: now + INVITE_LIFETIME,
    };
    let mail = match (links, &email) {
        (Some(links), Some(email)) => Some(captain_invitation(
            email.as_str(),
            &team.name,
            &organisation.name,
            &links.to(&format!("/invites/{}", token.as_str())),
            invite.expires_at,
        )),
        _ => None,
    };
    let queued = store
        .create_captain_invite(
            &invite,
            mail.as_ref(),
            MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR,
        )
        .await
        .map_err(invitation_refused)?;
    Ok(Invitation {
        team,
        token,
        expires_at: invite.expires_at,
        mail: InvitationMail::of(email, mail.is_some(), queued),
    })
}

/// A division's teams that have no captain, whose captains its organiser invites at once.
pub struct TeamsToInvite {
    pub organisation: Organisation,
    pub place: DivisionPlace,
    /// By name.
    pub teams: Vec<Team>,
}

/// The division's teams without a captain, for its organisation's organisers.
pub async fn teams_to_invite(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    division: DivisionId,
) -> Result<TeamsToInvite, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let place = lookup::division(store, &organisation, division).await?;
    let mut teams = Vec::new();
    for team in store.teams_of(place.division.id).await? {
        if store.captains_of(team.id).await?.is_empty() {
            teams.push(team);
        }
    }
    Ok(TeamsToInvite {
        organisation,
        place,
        teams,
    })
}

/// An organiser invites the captains of several of a division's teams at once: one address
/// a team (a blank one is passed over), each invitation made and mailed as a single one is.
/// Every address is checked first and every problem given at its team; then all are kept in
/// one transaction, or none when they would pass the organisation's hourly number.
pub async fn invite_captains(
    store: &dyn Store,
    links: Option<&SiteLinks>,
    who: Who<'_>,
    slug: &str,
    division: DivisionId,
    addresses: &[(TeamId, String)],
) -> Result<(Organisation, DivisionPlace, Vec<Invitation>), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let organiser: &Actor = require(who, Permission::Organise(organisation.id))?;
    let place = lookup::division(store, &organisation, division).await?;
    let teams = store.teams_of(place.division.id).await?;
    let mut problems = Vec::new();
    let mut asked: Vec<(Team, EmailAddress)> = Vec::new();
    for (id, typed) in addresses {
        let at = Field::CaptainOf(*id);
        let Some(team) = teams.iter().find(|team| team.id == *id) else {
            problems.push(Problem::new(
                at,
                format!("Choose one of the teams of {}.", place.division.name),
            ));
            continue;
        };
        if addresses.iter().filter(|(other, _)| other == id).count() > 1 {
            problems.push(Problem::new(
                at,
                format!("{} is given more than one address; give one.", team.name),
            ));
            continue;
        }
        match invited_address(typed) {
            Ok(Some(email)) => asked.push((team.clone(), email)),
            Ok(None) => {}
            Err(AppError::Invalid(refused)) => problems.extend(
                (refused.into_iter()).map(|problem| Problem::new(at.clone(), problem.message)),
            ),
            Err(error) => return Err(error),
        }
    }
    let most = usize::try_from(MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR).unwrap_or(usize::MAX);
    if problems.is_empty() && asked.is_empty() {
        problems.push(Problem::new(
            Field::Whole,
            "Give at least one captain's address.",
        ));
    } else if asked.len() > most {
        problems.push(Problem::new(
            Field::Whole,
            format!(
                "{} invitations at once are too many: a league makes at most {most} an hour.",
                asked.len()
            ),
        ));
    }
    if !problems.is_empty() {
        return Err(AppError::Invalid(problems));
    }
    let now = Utc::now();
    let mut made = Vec::with_capacity(asked.len());
    let mut kept = Vec::with_capacity(asked.len());
    for (team, email) in asked {
        let token = SecretToken::generate();
        let invite = NewCaptainInvite {
            token: token.digest(),
            team: team.id,
            invited_by: organiser.user.id,
            created_at: now,
            expires_at: now + INVITE_LIFETIME,
        };
        let mail = links.map(|links| {
            captain_invitation(
                email.as_str(),
                &team.name,
                &organisation.name,
                &links.to(&format!("/invites/{}", token.as_str())),
                invite.expires_at,
            )
        });
        made.push((team, token, email, mail.is_some()));
        kept.push((invite, mail));
    }
    let queued = store
        .create_captain_invites(&kept, MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR)
        .await
        .map_err(invitation_refused)?;
    let invitations = (made.into_iter().zip(queued))
        .map(|((team, token, email, mailed), queued)| Invitation {
            team,
            token,
            expires_at: now + INVITE_LIFETIME,
            mail: InvitationMail::of(Some(email), mailed, queued),
        })
        .collect();
    Ok((organisation, place, invitations))
}

/// The store's refusal of an invitation, in the organiser's terms: the organisation has
/// made its hourly number of them. Any other error passes as it is.
pub(super) fn invitation_refused(error: StoreError) -> AppError {
    match error {
        StoreError::TooManyInvitations { limit } => {
            AppError::Conflict(Conflict::TooManyInvitations { limit })
        }
        error => error.into(),
    }
}

/// The organisation's team `id`, when `who` organises the organisation.
pub async fn organised_team(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: TeamId,
) -> Result<(Organisation, Team), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let team = lookup::team(store, &organisation, id).await?;
    Ok((organisation, team))
}

/// The organisation's team `id`, when `who` may act for it.
pub async fn team_to_act_for(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: TeamId,
) -> Result<(Organisation, Team), AppError> {
    let organisation = lookup::organisation(store, slug).await?;
    let team = lookup::team(store, &organisation, id).await?;
    require(who, act_for(&team))?;
    Ok((organisation, team))
}

/// Sets the team's pub (where its home fixtures not yet played, and those made from now on, are played), or clears it
/// with `None`: its captains and its organisation's organisers may.
pub async fn set_venue(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: TeamId,
    venue: Option<&Venue>,
) -> Result<(Organisation, Team), AppError> {
    let (organisation, team) = team_to_act_for(store, who, slug, id).await?;
    store.set_team_venue(team.id, venue).await?;
    Ok((organisation, team))
}

/// A new player of the organisation; two people may share a name, but not two spellings of
/// one look.
pub async fn create_player(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    name: &DisplayName,
) -> Result<Player, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    match store.create_player(organisation.id, name, Utc::now()).await {
        Ok(player) => Ok(player),
        Err(error) => Err(AppError::name_refused(
            error,
            NamedThing::Player,
            name.as_str(),
            &organisation,
        )),
    }
}
