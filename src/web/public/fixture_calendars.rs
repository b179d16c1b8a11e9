//! The league's fixtures as calendars to subscribe to: a division's and a team's, each event
//! with its competition, its result once confirmed and a link to the fixture's page.

use std::collections::HashMap;

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse, get};
use chrono::Utc;

use crate::domain::ids::{DivisionId, FixtureId, TeamId};
use crate::domain::league_time::LEAGUE_TIME_ZONE;
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{Fixture, Store};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::public::calendar::{self, CalendarFeed, CalendarFixture, CalendarStatus};
use crate::web::public::league::{
    DivisionPlace, confirmed_results_of, division_by_slug, host_without_port, organisation_by_slug,
    team_with_fixtures,
};

/// What a fixture's event says of where it stands and where to read more.
struct EventContext<'a> {
    /// "Winter League, Premier"
    competition: String,
    /// The site's address as the subscriber reached it: `https://league.example.org`.
    site: String,
    slug: &'a str,
    /// Each confirmed result's games, home first.
    games: HashMap<FixtureId, (u32, u32)>,
}

impl<'a> EventContext<'a> {
    async fn of(
        request: &HttpRequest,
        store: &dyn Store,
        slug: &'a str,
        place: Option<&DivisionPlace>,
    ) -> Result<Self, WebError> {
        let site = {
            let connection = request.connection_info();
            format!("{}://{}", connection.scheme(), connection.host())
        };
        let (competition, games) = match place {
            Some(place) => {
                let format = &place.competition.match_format;
                let games = confirmed_results_of(store, place.division.id)
                    .await?
                    .into_iter()
                    .map(|(fixture, result)| (fixture, format.games(result.score)))
                    .collect();
                (
                    format!("{}, {}", place.competition.name, place.division.name),
                    games,
                )
            }
            None => (String::new(), HashMap::new()),
        };
        Ok(Self {
            competition,
            site,
            slug,
            games,
        })
    }
}

fn calendar_fixture(fixture: &Fixture, context: &EventContext<'_>) -> CalendarFixture {
    let venue = fixture.venue.as_ref().map_or_else(
        || calendar::Venue {
            name: "Venue to be arranged".to_string(),
            address: String::new(),
        },
        |venue| calendar::Venue {
            name: venue.name.clone(),
            address: venue.address.clone(),
        },
    );
    CalendarFixture {
        id: fixture.id.0,
        home: fixture.home_team.clone(),
        away: fixture.away_team.clone(),
        venue,
        date: fixture.date,
        // Without a start time a fixture is an all-day event.
        start: fixture.start_time,
        // A confirmed result's games; until then a fixture is scheduled or postponed.
        status: match (fixture.status, context.games.get(&fixture.id)) {
            (_, Some(&(home_games, away_games))) => CalendarStatus::Played {
                home_games,
                away_games,
            },
            (FixtureStatus::Postponed, None) => CalendarStatus::Postponed,
            (_, None) => CalendarStatus::Scheduled,
        },
        competition: context.competition.clone(),
        link: format!(
            "{}/leagues/{}/fixtures/{}",
            context.site, context.slug, fixture.id
        ),
    }
}

fn calendar_response(
    request: &HttpRequest,
    name: &str,
    fixtures: &[Fixture],
    context: &EventContext<'_>,
) -> HttpResponse {
    let connection = request.connection_info();
    let host = host_without_port(connection.host());
    let feed = CalendarFeed {
        name,
        host,
        // Pub leagues are local; until an organisation can choose its zone, feeds use the UK's.
        time_zone: LEAGUE_TIME_ZONE,
        generated_at: Utc::now(),
    };
    let events: Vec<CalendarFixture> = fixtures
        .iter()
        .map(|fixture| calendar_fixture(fixture, context))
        .collect();
    HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .body(calendar::fixtures_calendar(&feed, &events))
}

#[get("/leagues/{slug}/divisions/{id}/fixtures.ics")]
pub async fn division_calendar(
    request: HttpRequest,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (organisation, place) = division_by_slug(store, &slug, DivisionId(id)).await?;
    let fixtures = store.fixtures_of_division(place.division.id).await?;
    let name = format!(
        "{}: {} {}: fixtures",
        organisation.name, place.competition.name, place.division.name
    );
    let context = EventContext::of(&request, store, &slug, Some(&place)).await?;
    Ok(calendar_response(&request, &name, &fixtures, &context))
}

#[get("/leagues/{slug}/teams/{id}/fixtures.ics")]
pub async fn team_calendar(
    request: HttpRequest,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let organisation = organisation_by_slug(store, &slug).await?;
    let (team, current, fixtures) = team_with_fixtures(store, &organisation, TeamId(id)).await?;
    let context = EventContext::of(&request, store, &slug, current.as_ref()).await?;
    Ok(calendar_response(
        &request,
        &format!("{}: {}: fixtures", organisation.name, team.name),
        &fixtures,
        &context,
    ))
}
