//! Who may do what. Every handler that reads or changes anything beyond the public site asks
//! [`authorise`], so the rules live in one place.

use super::ids::{OrganisationId, TeamId};

/// What a signed-in account may act as.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Roles {
    pub site_admin: bool,
    pub organiser_of: Vec<OrganisationId>,
    pub captain_of: Vec<TeamId>,
}

/// The thing a request wants to do, named with everything needed to decide it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permission {
    /// See one's own dashboard and change one's own password.
    UseAccount,
    /// Create organisations and appoint their organisers.
    AdministerSite,
    /// Run an organisation: its teams, invites and (later) its competitions.
    Organise(OrganisationId),
    /// Act for a team as its captain would. The team's organisation is part of the question
    /// because that organisation's organisers may act for any of its teams.
    ActForTeam {
        team: TeamId,
        organisation: OrganisationId,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Nobody is signed in: the answer is to sign in, not "forbidden".
    NotSignedIn,
    Forbidden,
}

/// Decides whether `who` (None when nobody is signed in) may do `what`.
pub fn authorise(who: Option<&Roles>, what: Permission) -> Result<(), Refusal> {
    let Some(roles) = who else {
        return Err(Refusal::NotSignedIn);
    };
    if roles.site_admin {
        return Ok(());
    }
    let allowed = match what {
        Permission::UseAccount => true,
        Permission::AdministerSite => false,
        Permission::Organise(organisation) => roles.organiser_of.contains(&organisation),
        Permission::ActForTeam { team, organisation } => {
            roles.captain_of.contains(&team) || roles.organiser_of.contains(&organisation)
        }
    };
    if allowed {
        Ok(())
    } else {
        Err(Refusal::Forbidden)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NORTH: OrganisationId = OrganisationId(1);
    const SOUTH: OrganisationId = OrganisationId(2);
    const CROWN: TeamId = TeamId(10); // in NORTH
    const ANCHOR: TeamId = TeamId(11); // in NORTH
    const BELL: TeamId = TeamId(20); // in SOUTH

    fn for_team(team: TeamId, organisation: OrganisationId) -> Permission {
        Permission::ActForTeam { team, organisation }
    }

    #[test]
    fn nobody_signed_in_is_asked_to_sign_in() {
        assert_eq!(
            authorise(None, Permission::UseAccount),
            Err(Refusal::NotSignedIn)
        );
        assert_eq!(
            authorise(None, for_team(CROWN, NORTH)),
            Err(Refusal::NotSignedIn)
        );
    }

    #[test]
    fn a_captain_acts_for_their_own_team_only() {
        let captain = Roles {
            captain_of: vec![CROWN],
            ..Roles::default()
        };
        assert_eq!(authorise(Some(&captain), for_team(CROWN, NORTH)), Ok(()));
        assert_eq!(
            authorise(Some(&captain), for_team(ANCHOR, NORTH)),
            Err(Refusal::Forbidden)
        );
        assert_eq!(
            authorise(Some(&captain), for_team(BELL, SOUTH)),
            Err(Refusal::Forbidden)
        );
        assert_eq!(
            authorise(Some(&captain), Permission::Organise(NORTH)),
            Err(Refusal::Forbidden)
        );
        assert_eq!(
            authorise(Some(&captain), Permission::AdministerSite),
            Err(Refusal::Forbidden)
        );
    }

    #[test]
    fn an_organiser_runs_their_organisation_and_its_teams_only() {
        let organiser = Roles {
            organiser_of: vec![NORTH],
            ..Roles::default()
        };
        assert_eq!(
            authorise(Some(&organiser), Permission::Organise(NORTH)),
            Ok(())
        );
        assert_eq!(authorise(Some(&organiser), for_team(ANCHOR, NORTH)), Ok(()));
        assert_eq!(
            authorise(Some(&organiser), Permission::Organise(SOUTH)),
            Err(Refusal::Forbidden)
        );
        assert_eq!(
            authorise(Some(&organiser), for_team(BELL, SOUTH)),
            Err(Refusal::Forbidden)
        );
        assert_eq!(
            authorise(Some(&organiser), Permission::AdministerSite),
            Err(Refusal::Forbidden)
        );
    }

    #[test]
    fn a_site_admin_may_do_anything_and_anyone_signed_in_uses_their_account() {
        let admin = Roles {
            site_admin: true,
            ..Roles::default()
        };
        for what in [
            Permission::AdministerSite,
            Permission::Organise(SOUTH),
            for_team(BELL, SOUTH),
        ] {
            assert_eq!(authorise(Some(&admin), what), Ok(()));
        }
        assert_eq!(
            authorise(Some(&Roles::default()), Permission::UseAccount),
            Ok(())
        );
    }
}
