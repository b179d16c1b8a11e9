//! Transfers between squads. A player is in one team's squad of an organisation at a time: a
//! captain who adds a player of another team asks for a transfer, which the organisers approve
//! or refuse (an organiser's own addition moves the player at once); both teams' captains are
//! told by mail. The organisation's rule says whether captains may ask while a season is being
//! played, and until when.

use chrono::Utc;

use super::lookup::{self, current_division};
use super::{Actor, AppError, Field, Who, league_today, require};
use crate::domain::authorisation::Permission;
use crate::domain::ids::{TransferId, UserId};
use crate::domain::mail::{SiteLinks, TransferFacts, transfer_asked, transfer_decided};
use crate::domain::squad::MAX_SQUAD_PLAYERS;
use crate::domain::transfer::{
    MidSeasonTransfers, RegisteredElsewhere, TransferDecision, TransferStatus, in_season,
};
use crate::store::{NewTransferRequest, Organisation, Store, StoreError, Team, TransferRequest};

/// The most transfer requests an organisation may have waiting at once: more than a league's
/// busiest week, few enough that the organisers' list stays one page.
pub const MOST_TRANSFERS_WAITING: i64 = 100;

/// How many decided transfers the organisers' page lists, latest first.
pub const DECIDED_LISTED: i64 = 20;

/// An organisation's transfers as its organisers see them.
pub struct Transfers {
    pub organisation: Organisation,
    pub rule: MidSeasonTransfers,
    /// Oldest first.
    pub waiting: Vec<TransferRequest>,
    /// Latest first.
    pub decided: Vec<TransferRequest>,
}

fn is_waiting(request: &TransferRequest) -> bool {
    TransferStatus::from_word(&request.status) == Some(TransferStatus::Pending)
}

/// The organisation's rule, the transfers waiting and the last decided: for its organisers.
pub async fn transfers(store: &dyn Store, who: Who<'_>, slug: &str) -> Result<Transfers, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let rule = store.transfer_rule(organisation.id).await?;
    let (waiting, decided) = store
        .transfer_requests(organisation.id, DECIDED_LISTED)
        .await?
        .into_iter()
        .partition(is_waiting);
    Ok(Transfers {
        organisation,
        rule,
        waiting,
        decided,
    })
}

/// The transfers waiting that take a player to or from the team, for its squad's page (whose
/// use case has checked who asks).
pub(super) async fn waiting_for_team(
    store: &dyn Store,
    team: &Team,
) -> Result<Vec<TransferRequest>, AppError> {
    Ok(store
        .transfer_requests(team.organisation_id, 0)
        .await?
        .into_iter()
        .filter(|request| request.from_team_id == team.id || request.to_team_id == team.id)
        .collect())
}

/// An organiser sets whether captains may ask for transfers during a season, and until when.
pub async fn set_transfer_rule(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    rule: MidSeasonTransfers,
) -> Result<Organisation, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    store.set_transfer_rule(organisation.id, rule).await?;
    Ok(organisation)
}

/// Whether the team's current season is being played today.
async fn plays_its_season(
    store: &dyn Store,
    organisation: &Organisation,
    team: &Team,
) -> Result<bool, AppError> {
    let Some(place) = current_division(store, organisation, team).await? else {
        return Ok(false);
    };
    let fixtures = store.fixtures_of_team(team.id, place.season.id).await?;
    let to_play = fixtures.iter().any(|fixture| fixture.status.is_unplayed());
    Ok(in_season(place.season.start, league_today(), to_play))
}

/// The addresses a transfer's mails go to: the organisers, and each team's captains.
struct Parties {
    organisers: Vec<String>,
    from_captains: Vec<String>,
    to_captains: Vec<String>,
}

impl Parties {
    async fn of(
        store: &dyn Store,
        organisation: &Organisation,
        from: &Team,
        to: &Team,
    ) -> Result<Self, AppError> {
        let addresses = |users: Vec<crate::store::User>| -> Vec<String> {
            users.into_iter().map(|user| user.email).collect()
        };
        Ok(Self {
            organisers: store.organiser_addresses(organisation.id).await?,
            from_captains: addresses(store.captains_of(from.id).await?),
            to_captains: addresses(store.captains_of(to.id).await?),
        })
    }

    fn facts<'a>(
        &'a self,
        organisation: &'a Organisation,
        player: &'a str,
        from: &'a str,
        to: &'a str,
    ) -> TransferFacts<'a> {
        TransferFacts {
            league: &organisation.name,
            organisation_slug: &organisation.slug,
            player,
            from_team: from,
            to_team: to,
            from_captains: &self.from_captains,
            to_captains: &self.to_captains,
            organisers: &self.organisers,
        }
    }
}

/// What a team's adding a player of another team came to.
pub enum TransferMade {
    /// A captain's request, waiting for the organisers.
    Asked(TransferRequest),
    /// An organiser's addition: the player has moved.
    Moved(TransferRequest),
}

/// `actor` adds to `team` a player who is in another team's squad: an organiser moves them at
/// once; a captain asks, when the organisation's rule allows it today. Mails go out when
/// `links` is given (mail is on).
pub(super) async fn transfer_to(
    store: &dyn Store,
    links: Option<&SiteLinks>,
    actor: &Actor,
    (organisation, team): (&Organisation, &Team),
    elsewhere: RegisteredElsewhere,
) -> Result<TransferMade, AppError> {
    let from = lookup::team(store, organisation, elsewhere.team).await?;
    let organiser = require(Some(actor), Permission::Organise(organisation.id)).is_ok();
    if !organiser {
        let mid_season = plays_its_season(store, organisation, team).await?
            || plays_its_season(store, organisation, &from).await?;
        let rule = store.transfer_rule(organisation.id).await?;
        rule.may_ask(league_today(), mid_season).map_err(|closed| {
            AppError::invalid(
                Field::Player,
                format!(
                    "{} plays for {}, so adding them is a transfer. {closed}",
                    elsewhere.player_name, from.name
                ),
            )
        })?;
    }
    let parties = Parties::of(store, organisation, &from, team).await?;
    let facts = parties.facts(organisation, &elsewhere.player_name, &from.name, &team.name);
    let asked_mails = match links {
        Some(links) if !organiser => transfer_asked(&facts, links),
        _ => Vec::new(),
    };
    let request = NewTransferRequest {
        organisation: organisation.id,
        player: elsewhere.player,
        from_team: from.id,
        to_team: team.id,
        requested_by: actor.user.id,
        requested_at: Utc::now(),
    };
    let asked = store
        .ask_transfer(&request, MOST_TRANSFERS_WAITING, &asked_mails)
        .await
        .map_err(|error| transfer_refused(error, &team.name))?;
    if !organiser {
        return Ok(TransferMade::Asked(asked));
    }
    let decided_mails = links
        .map(|_| transfer_decided(&facts, true))
        .unwrap_or_default();
    decide_in_store(
        store,
        &asked,
        TransferDecision::Approve,
        actor.user.id,
        &decided_mails,
    )
    .await?;
    Ok(TransferMade::Moved(asked))
}

async fn decide_in_store(
    store: &dyn Store,
    request: &TransferRequest,
    decision: TransferDecision,
    by: UserId,
    mails: &[crate::domain::mail::Mail],
) -> Result<(), AppError> {
    store
        .decide_transfer(
            request.id,
            decision,
            by,
            Utc::now(),
            MAX_SQUAD_PLAYERS,
            mails,
        )
        .await
        .map_err(|error| transfer_refused(error, &request.to_team_name))
}

/// A store's refusal of a transfer in the organiser's or captain's words.
fn transfer_refused(error: StoreError, team: &str) -> AppError {
    match error {
        StoreError::SquadFull { would_hold, .. } => AppError::invalid(
            Field::Player,
            format!(
                "A squad holds at most {MAX_SQUAD_PLAYERS} players; {team} has {}, so the transfer would make one too many. Take a player out first.",
                would_hold.saturating_sub(1)
            ),
        ),
        error => error.into(),
    }
}

/// An organiser approves or refuses a transfer waiting; both teams' captains are mailed.
pub async fn decide_transfer(
    store: &dyn Store,
    links: Option<&SiteLinks>,
    who: Who<'_>,
    slug: &str,
    id: TransferId,
    decision: TransferDecision,
) -> Result<(Organisation, TransferRequest), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let actor = require(who, Permission::Organise(organisation.id))?;
    let request = store
        .transfer_request(id)
        .await?
        .filter(|request| request.organisation_id == organisation.id)
        .ok_or_else(|| {
            AppError::NotFound(format!("{} has no transfer {id}.", organisation.name))
        })?;
    let from = lookup::team(store, &organisation, request.from_team_id).await?;
    let to = lookup::team(store, &organisation, request.to_team_id).await?;
    let parties = Parties::of(store, &organisation, &from, &to).await?;
    let facts = parties.facts(&organisation, &request.player_name, &from.name, &to.name);
    let mails = links
        .map(|_| transfer_decided(&facts, decision == TransferDecision::Approve))
        .unwrap_or_default();
    decide_in_store(store, &request, decision, actor.user.id, &mails).await?;
    let decided = store.transfer_request(id).await?.ok_or_else(|| {
        AppError::NotFound(format!("{} has no transfer {id}.", organisation.name))
    })?;
    Ok((organisation, decided))
}
