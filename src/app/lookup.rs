//! Finding what a request names within the organisation of its address: an organisation by
//! its short name, and its competitions, seasons, divisions, teams, players and fixtures by id. Each is
//! looked up through the organisation, so an id of another organisation's is not found, never
//! shown or changed, and no answer tells one organisation about another's.

use super::{AppError, Who, require};
use crate::domain::authorisation::Permission;
use crate::domain::ids::{CompetitionId, DivisionId, FixtureId, PlayerId, SeasonId, TeamId};
use crate::store::{Competition, Division, Fixture, Organisation, Player, Season, Store, Team};

/// A division with the season and competition it belongs to.
#[derive(Debug, Clone)]
pub struct DivisionPlace {
    pub competition: Competition,
    pub season: Season,
    pub division: Division,
}

/// A fixture with everything above it.
#[derive(Debug, Clone)]
pub struct FixturePlace {
    pub organisation: Organisation,
    pub competition: Competition,
    pub season: Season,
    pub division: Division,
    pub fixture: Fixture,
}

impl FixturePlace {
    /// The home and away teams' names.
    pub fn teams(&self) -> (&str, &str) {
        (&self.fixture.home_team, &self.fixture.away_team)
    }
}

pub async fn organisation(store: &dyn Store, slug: &str) -> Result<Organisation, AppError> {
    store.organisation_by_slug(slug).await?.ok_or_else(|| {
        AppError::not_found(format_args!("organisation with the short name {slug:?}"))
    })
}

/// The organisation with this short name, when `who` may organise it.
pub async fn organised(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
) -> Result<Organisation, AppError> {
    let organisation = organisation(store, slug).await?;
    require(who, Permission::Organise(organisation.id))?;
    Ok(organisation)
}

pub async fn competition(
    store: &dyn Store,
    organisation: &Organisation,
    id: CompetitionId,
) -> Result<Competition, AppError> {
    store
        .competitions_of(organisation.id)
        .await?
        .into_iter()
        .find(|competition| competition.id == id)
        .ok_or_else(|| {
            AppError::not_found(format_args!("competition {id} in {}", organisation.name))
        })
}

/// The organisation's season with this id, with its competition.
pub async fn season(
    store: &dyn Store,
    organisation: &Organisation,
    id: SeasonId,
) -> Result<(Competition, Season), AppError> {
    for competition in store.competitions_of(organisation.id).await? {
        for season in store.seasons_of(competition.id).await? {
            if season.id == id {
                return Ok((competition, season));
            }
        }
    }
    Err(AppError::not_found(format_args!(
        "season {id} in {}",
        organisation.name
    )))
}

/// Every division of the organisation, through its competitions and seasons.
pub async fn divisions_of_organisation(
    store: &dyn Store,
    organisation: &Organisation,
) -> Result<Vec<DivisionPlace>, AppError> {
    let mut places = Vec::new();
    for competition in store.competitions_of(organisation.id).await? {
        for season in store.seasons_of(competition.id).await? {
            for division in store.divisions_of(season.id).await? {
                places.push(DivisionPlace {
                    competition: competition.clone(),
                    season: season.clone(),
                    division,
                });
            }
        }
    }
    Ok(places)
}

pub async fn division(
    store: &dyn Store,
    organisation: &Organisation,
    id: DivisionId,
) -> Result<DivisionPlace, AppError> {
    let not_found = || AppError::not_found(format_args!("division {id} in {}", organisation.name));
    // One lookup of what it belongs to; another organisation's division is not found.
    let Some((owner, competition_id, season_id)) = store.division_lineage(id).await? else {
        return Err(not_found());
    };
    if owner != organisation.id {
        return Err(not_found());
    }
    let competition = store
        .competition(competition_id)
        .await?
        .ok_or_else(not_found)?;
    let season = (store.seasons_of(competition_id).await?.into_iter())
        .find(|season| season.id == season_id)
        .ok_or_else(not_found)?;
    let division = (store.divisions_of(season_id).await?.into_iter())
        .find(|division| division.id == id)
        .ok_or_else(not_found)?;
    Ok(DivisionPlace {
        competition,
        season,
        division,
    })
}

pub async fn team(
    store: &dyn Store,
    organisation: &Organisation,
    id: TeamId,
) -> Result<Team, AppError> {
    store
        .team(id)
        .await?
        .filter(|team| team.organisation_id == organisation.id)
        .ok_or_else(|| AppError::not_found(format_args!("team {id} in {}", organisation.name)))
}

pub async fn player(
    store: &dyn Store,
    organisation: &Organisation,
    id: PlayerId,
) -> Result<Player, AppError> {
    store
        .player(id)
        .await?
        .filter(|player| player.organisation_id == organisation.id)
        .ok_or_else(|| AppError::not_found(format_args!("player {id} in {}", organisation.name)))
}

/// The division a team plays in this season: that of the latest-starting season it has one in.
pub async fn current_division(
    store: &dyn Store,
    organisation: &Organisation,
    team: &Team,
) -> Result<Option<DivisionPlace>, AppError> {
    let mut current: Option<DivisionPlace> = None;
    for place in divisions_of_organisation(store, organisation).await? {
        let is_later = current
            .as_ref()
            .is_none_or(|found| place.season.start > found.season.start);
        if is_later
            && store
                .teams_of(place.division.id)
                .await?
                .iter()
                .any(|member| member.id == team.id)
        {
            current = Some(place);
        }
    }
    Ok(current)
}

/// The organisation's fixture with this id, with the division it belongs to.
pub async fn fixture(
    store: &dyn Store,
    organisation: &Organisation,
    id: FixtureId,
) -> Result<(Fixture, DivisionPlace), AppError> {
    let not_found = || AppError::not_found(format_args!("fixture {id} in {}", organisation.name));
    let fixture = store.fixture(id).await?.ok_or_else(not_found)?;
    // Its division must be one of the organisation's.
    let place = division(store, organisation, fixture.division_id)
        .await
        .map_err(|_| not_found())?;
    Ok((fixture, place))
}

/// The fixture `id` of the organisation `slug`, with everything above it.
pub async fn fixture_place(
    store: &dyn Store,
    slug: &str,
    id: FixtureId,
) -> Result<FixturePlace, AppError> {
    let organisation = organisation(store, slug).await?;
    let (fixture, place) = fixture(store, &organisation, id).await?;
    Ok(FixturePlace {
        organisation,
        competition: place.competition,
        season: place.season,
        division: place.division,
        fixture,
    })
}
