//! A team's squad, run by its captains and its organisation's organisers: one of the
//! organisation's players or a new name added, a player taken out (the games they played stay
//! theirs), and an organiser's list of several names at once, all kept or none. A player is in
//! one team's squad at a time: adding a player of another team is a transfer (`transfers`).

use chrono::Utc;

use super::teams::{organises, team_to_act_for};
use super::transfers::{TransferMade, transfer_to, waiting_for_team};
use super::{AppError, Conflict, Field, Problem, Who, lookup, require};
use crate::domain::ids::{PlayerId, TeamId};
use crate::domain::mail::SiteLinks;
use crate::domain::organisation::{DisplayName, NamedThing, looks_alike_message};
use crate::domain::squad::{ListedName, MAX_SQUAD_PLAYERS};
use crate::domain::transfer::RegisteredElsewhere;
use crate::store::{
    Organisation, Player, SquadEntry, SquadRefusal, Store, StoreError, Team, TransferRequest,
};

/// A squad as those who run it see it.
pub struct Squad {
    pub organisation: Organisation,
    pub team: Team,
    /// By name.
    pub players: Vec<Player>,
    /// The organisation's players in no squad, who may be added at once, by name.
    pub free: Vec<Player>,
    /// The organisation's players in another team's squad, with that team's name, by name:
    /// adding one is a transfer.
    pub elsewhere: Vec<(Player, String)>,
    /// The transfers waiting that take a player to or from the team.
    pub transfers: Vec<TransferRequest>,
    /// Whether `who` may add a list of names at once (an organiser).
    pub may_add_list: bool,
}

/// The team's squad and the players who could join it, for its captains and organisers.
pub async fn squad(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    team: TeamId,
) -> Result<Squad, AppError> {
    let (organisation, team) = team_to_act_for(store, who, slug, team).await?;
    let players = store.squad_of(team.id).await?;
    let mut team_of = std::collections::HashMap::new();
    for other in store.teams_in(organisation.id).await? {
        if other.id != team.id {
            for player in store.squad_of(other.id).await? {
                team_of
                    .entry(player.id)
                    .or_insert_with(|| other.name.clone());
            }
        }
    }
    let (mut free, mut elsewhere) = (Vec::new(), Vec::new());
    for player in store.players_of(organisation.id).await? {
        if players.iter().any(|member| member.id == player.id) {
            continue;
        }
        match team_of.get(&player.id) {
            Some(other) => elsewhere.push((player, other.clone())),
            None => free.push(player),
        }
    }
    Ok(Squad {
        may_add_list: organises(who, &organisation),
        transfers: waiting_for_team(store, &team).await?,
        organisation,
        team,
        players,
        free,
        elsewhere,
    })
}

/// What a refusal of one entry says, and at which field.
fn refusal_message(
    refusal: &SquadRefusal,
    organisation: &Organisation,
    team: &Team,
    name: Option<&str>,
) -> String {
    match refusal {
        SquadRefusal::AlreadyInSquad { name } => {
            format!("{name} is already in the squad of {}.", team.name)
        }
        SquadRefusal::NotOfOrganisation => {
            format!("Choose one of the players of {}.", organisation.name)
        }
        SquadRefusal::LooksLike { existing } => looks_alike_message(
            NamedThing::Player,
            name.unwrap_or_default(),
            existing,
            &organisation.name,
        ),
        SquadRefusal::SeveralNamed => format!(
            "{} has several players called {}; add the one you mean on the squad's page.",
            organisation.name,
            name.unwrap_or_default()
        ),
        SquadRefusal::InAnotherSquad(other) => format!(
            "{} plays for {}: add them on their own to move them, which tells both teams' captains.",
            other.player_name, other.team_name
        ),
    }
}

fn squad_full(team: &Team, would_hold: usize, adding: usize) -> String {
    let has = would_hold.saturating_sub(adding);
    format!(
        "A squad holds at most {MAX_SQUAD_PLAYERS} players; {} has {has}, so {} more would be too many. Take a player out first.",
        team.name, adding
    )
}

/// Puts one entry into the squad; a refusal is said at `field`, but a player of another team
/// comes back as `Err` of the answer, for a transfer.
async fn join_one(
    store: &dyn Store,
    (organisation, team): (Organisation, Team),
    entry: SquadEntry<'_>,
    field: Field,
) -> Result<(Organisation, Team, Result<Player, RegisteredElsewhere>), AppError> {
    let name = match entry {
        SquadEntry::NewPlayer(name) | SquadEntry::Named(name) => Some(name.as_str()),
        SquadEntry::Player(_) => None,
    };
    match store
        .join_squad(team.id, &[entry], MAX_SQUAD_PLAYERS, Utc::now())
        .await
    {
        Ok(mut joined) if joined.len() == 1 => {
            let player = joined.remove(0);
            Ok((organisation, team, Ok(player)))
        }
        Ok(_) => Err(anyhow::anyhow!("one entry joined the squad as other than one player").into()),
        Err(StoreError::SquadRefused(refusals)) => {
            let (_, refusal) = refusals
                .into_iter()
                .next()
                .ok_or_else(|| anyhow::anyhow!("a squad refusal without a reason"))?;
            let refusal = match refusal {
                SquadRefusal::InAnotherSquad(other) => return Ok((organisation, team, Err(other))),
                refusal => refusal,
            };
            let message = refusal_message(&refusal, &organisation, &team, name);
            Err(match refusal {
                SquadRefusal::NotOfOrganisation => AppError::invalid(field, message),
                _ => AppError::Conflict(Conflict::Taken { field, message }),
            })
        }
        Err(StoreError::SquadFull { would_hold, .. }) => {
            Err(AppError::invalid(field, squad_full(&team, would_hold, 1)))
        }
        Err(error) => Err(error.into()),
    }
}

/// What adding one of the organisation's players to a squad came to.
pub enum SquadAddition {
    /// A player of no team joined.
    Joined(Player),
    /// A player of another team: a captain asked for them, or an organiser moved them.
    Transfer(TransferMade),
}

/// Adds one of the organisation's players to the team's squad: its captains and organisers may.
/// A player of no team joins; a player of another team is a transfer (mailed when `links`).
pub async fn add_to_squad(
    store: &dyn Store,
    links: Option<&SiteLinks>,
    who: Who<'_>,
    slug: &str,
    team: TeamId,
    player: PlayerId,
) -> Result<(Organisation, Team, SquadAddition), AppError> {
    let found = team_to_act_for(store, who, slug, team).await?;
    let actor = require(who, crate::domain::authorisation::Permission::UseAccount)?;
    match join_one(store, found, SquadEntry::Player(player), Field::Player).await? {
        (organisation, team, Ok(player)) => Ok((organisation, team, SquadAddition::Joined(player))),
        (organisation, team, Err(elsewhere)) => {
            let made = transfer_to(store, links, actor, (&organisation, &team), elsewhere).await?;
            Ok((organisation, team, SquadAddition::Transfer(made)))
        }
    }
}

/// A new player of the organisation, straight into the team's squad (two people may share a
/// name, but not two spellings of one look): its captains and organisers may.
pub async fn add_new_player_to_squad(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    team: TeamId,
    name: &DisplayName,
) -> Result<(Organisation, Team, Player), AppError> {
    let found = team_to_act_for(store, who, slug, team).await?;
    match join_one(store, found, SquadEntry::NewPlayer(name), Field::Name).await? {
        (organisation, team, Ok(player)) => Ok((organisation, team, player)),
        (_, _, Err(elsewhere)) => Err(anyhow::anyhow!(
            "a new player {} was found in the squad of {}",
            elsewhere.player_name,
            elsewhere.team_name
        )
        .into()),
    }
}

/// An organiser adds a list of names to the squad at once: each the organisation's player of
/// that name, or a new player when it has none. All are kept, or none and every refused line
/// is named.
pub async fn add_list_to_squad(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    team: TeamId,
    names: &[ListedName],
) -> Result<(Organisation, Team, Vec<Player>), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let team = lookup::team(store, &organisation, team).await?;
    let entries: Vec<SquadEntry<'_>> = names
        .iter()
        .map(|listed| SquadEntry::Named(&listed.name))
        .collect();
    match store
        .join_squad(team.id, &entries, MAX_SQUAD_PLAYERS, Utc::now())
        .await
    {
        Ok(joined) => Ok((organisation, team, joined)),
        Err(StoreError::SquadRefused(refusals)) => Err(AppError::Invalid(
            refusals
                .iter()
                .filter_map(|(index, refusal)| {
                    let listed = names.get(*index)?;
                    Some(Problem::new(
                        Field::Line(listed.line),
                        refusal_message(refusal, &organisation, &team, Some(listed.name.as_str())),
                    ))
                })
                .collect(),
        )),
        Err(StoreError::SquadFull { would_hold, .. }) => Err(AppError::invalid(
            Field::List,
            squad_full(&team, would_hold, names.len()),
        )),
        Err(error) => Err(error.into()),
    }
}

/// Takes a player out of the team's squad: its captains and organisers may. The player stays
/// the organisation's, and every game they played stays in the results and their record.
pub async fn remove_from_squad(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    team: TeamId,
    player: PlayerId,
) -> Result<(Organisation, Team), AppError> {
    let (organisation, team) = team_to_act_for(store, who, slug, team).await?;
    match store.leave_squad(team.id, player).await {
        Ok(()) => Ok((organisation, team)),
        Err(StoreError::NotFound(_)) => Err(AppError::NotFound(format!(
            "Player {player} is not in the squad of {}.",
            team.name
        ))),
        Err(error) => Err(error.into()),
    }
}
