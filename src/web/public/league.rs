//! The public league pages, readable without an account: an organisation's competitions, a
//! competition's seasons and divisions, a division's standings and fixtures by round with its
//! CSV exports and iCalendar feed, and a team's page and feed. Everything sits under the
//! organisation's address, so an id of another organisation's division or team is a 404 here.

use std::collections::BTreeMap;

use actix_web::http::header::{self, ContentDisposition, DispositionParam, DispositionType};
use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use askama::Template;
use chrono::{Datelike, Duration, NaiveDate};

use crate::app::{self, league};
use crate::domain::ids::{CompetitionId, DivisionId, FixtureId, TeamId};
use crate::domain::match_format::MatchFormat;
use crate::domain::season_fixtures::FixtureStatus;
use crate::domain::standings::{self, FixtureResult, FormResult, StandingsRow};
use crate::store::{
    Bye, Competition, Division, Fixture, Organisation, Player, Season, Store, Team,
};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::page_cache::CachedContent;
use crate::web::public::csv_export::{self, ResultRow, ResultScore, ResultStatus};
use crate::web::public::positions::{PositionsChart, positions_chart};
use crate::web::session::Viewer;

/// How many results a team's form guide shows.
const FORM_LENGTH: usize = 5;

pub(crate) use crate::app::lookup::DivisionPlace;

pub(crate) async fn organisation_by_slug(
    store: &dyn Store,
    slug: &str,
) -> Result<Organisation, WebError> {
    store
        .organisation_by_slug(slug)
        .await?
        .ok_or(WebError::NotFound)
}

async fn competition_of(
    store: &dyn Store,
    organisation: &Organisation,
    id: CompetitionId,
) -> Result<Competition, WebError> {
    store
        .competitions_of(organisation.id)
        .await?
        .into_iter()
        .find(|competition| competition.id == id)
        .ok_or(WebError::NotFound)
}

/// A division of the organisation with its season and competition; another organisation's
/// division is not found.
pub(crate) async fn division_of(
    store: &dyn Store,
    organisation: &Organisation,
    id: DivisionId,
) -> Result<DivisionPlace, WebError> {
    Ok(app::lookup::division(store, organisation, id).await?)
}

/// The division `id` of the organisation called `slug` in addresses, with the organisation.
pub(crate) async fn division_by_slug(
    store: &dyn Store,
    slug: &str,
    id: DivisionId,
) -> Result<(Organisation, DivisionPlace), WebError> {
    let organisation = organisation_by_slug(store, slug).await?;
    let place = division_of(store, &organisation, id).await?;
    Ok((organisation, place))
}

/// The division's confirmed results (walkovers included), which its standings, its results
/// export and its teams' form are computed from.
pub(crate) async fn confirmed_results_of(
    store: &dyn Store,
    division: DivisionId,
) -> Result<Vec<(FixtureId, FixtureResult)>, WebError> {
    Ok(store.confirmed_results_of_division(division).await?)
}

/// The division's table with each row's team, in table order.
pub(crate) async fn division_standings(
    store: &dyn Store,
    place: &DivisionPlace,
    confirmed: &[(FixtureId, FixtureResult)],
) -> Result<Vec<(StandingsRow, Team)>, WebError> {
    Ok(league::standings(store, &place.competition, &place.division, confirmed).await?)
}

/// A fixture as a page lists it.
struct FixtureLine {
    /// For the link to the fixture's result page, once it has a result.
    id: FixtureId,
    has_result: bool,
    date: String,
    home_id: TeamId,
    home: String,
    away_id: TeamId,
    away: String,
    venue: String,
    status: &'static str,
    /// Games won, home first, once the result is confirmed; empty before.
    score: String,
}

impl FixtureLine {
    fn new(
        fixture: &Fixture,
        confirmed: &[(FixtureId, FixtureResult)],
        format: &MatchFormat,
    ) -> Self {
        Self {
            id: fixture.id,
            has_result: !fixture.status.is_unplayed(),
            date: date_and_time(fixture.date, fixture.start_time),
            home_id: fixture.home_team_id,
            home: fixture.home_team.clone(),
            away_id: fixture.away_team_id,
            away: fixture.away_team.clone(),
            venue: fixture.venue.as_ref().map_or_else(
                || "Venue to be arranged".to_string(),
                |venue| venue.name.clone(),
            ),
            status: status_label(fixture.status),
            score: confirmed
                .iter()
                .find(|(id, _)| *id == fixture.id)
                .map(|(_, result)| {
                    let (home, away) = format.games(result.score);
                    format!("{home}–{away}")
                })
                .unwrap_or_default(),
        }
    }
}

/// One round of a division: its fixtures and who sits it out.
struct RoundLine {
    number: u32,
    /// The date of its earliest fixture; each fixture also shows its own, as one may be moved.
    date: String,
    fixtures: Vec<FixtureLine>,
    byes: Vec<Bye>,
}

fn rounds(
    fixtures: &[Fixture],
    byes: Vec<Bye>,
    confirmed: &[(FixtureId, FixtureResult)],
    format: &MatchFormat,
) -> Vec<RoundLine> {
    fn round(by_round: &mut BTreeMap<u32, RoundLine>, number: u32) -> &mut RoundLine {
        by_round.entry(number).or_insert_with(|| RoundLine {
            number,
            date: String::new(),
            fixtures: Vec::new(),
            byes: Vec::new(),
        })
    }
    let mut by_round = BTreeMap::new();
    // Fixtures come by date, so a round is headed with its earliest fixture's date.
    for fixture in fixtures {
        let line = round(&mut by_round, fixture.round);
        if line.fixtures.is_empty() {
            line.date = long_date(fixture.date);
        }
        line.fixtures
            .push(FixtureLine::new(fixture, confirmed, format));
    }
    for bye in byes {
        round(&mut by_round, bye.round).byes.push(bye);
    }
    by_round.into_values().collect()
}

pub(crate) use crate::web::dates::{date_and_time, long_date};

pub(crate) fn status_label(status: FixtureStatus) -> &'static str {
    match status {
        FixtureStatus::Scheduled => "Scheduled",
        FixtureStatus::Postponed => "Postponed",
        FixtureStatus::AwaitingConfirmation => "Awaiting confirmation",
        FixtureStatus::Disputed => "Disputed",
        FixtureStatus::Confirmed => "Confirmed",
        FixtureStatus::Walkover => "Walkover",
    }
}

fn result_status(status: FixtureStatus) -> ResultStatus {
    match status {
        FixtureStatus::Scheduled => ResultStatus::Scheduled,
        FixtureStatus::Postponed => ResultStatus::Postponed,
        FixtureStatus::AwaitingConfirmation => ResultStatus::AwaitingConfirmation,
        FixtureStatus::Disputed => ResultStatus::Disputed,
        FixtureStatus::Confirmed => ResultStatus::Confirmed,
        FixtureStatus::Walkover => ResultStatus::Walkover,
    }
}

/// The host name of a `Host` header, for the events' UIDs: `league.example.org:8080` and
/// `[::1]:8080` lose their ports, and an IPv6 address keeps its colons.
pub(crate) fn host_without_port(host: &str) -> &str {
    match host.rsplit_once(':') {
        Some((name, port))
            if !name.is_empty() && port.parse::<u16>().is_ok() && !host.ends_with(']') =>
        {
            name
        }
        _ => host,
    }
}

/// A download's file name from what it is of, as people would name it: `north-devon-winter-
/// league-2026-premier-standings.csv`. Letters and digits kept (lower case), everything else a
/// single dash; at most [`MAX_FILE_NAME`] characters before the suffix.
pub(crate) fn file_name(parts: &[&str], suffix: &str) -> String {
    let mut name = String::new();
    for character in parts.join(" ").chars() {
        if character.is_ascii_alphanumeric() {
            name.push(character.to_ascii_lowercase());
        } else if !name.is_empty() && !name.ends_with('-') {
            name.push('-');
        }
    }
    let mut name: String = name
        .trim_end_matches('-')
        .chars()
        .take(MAX_FILE_NAME)
        .collect();
    while name.ends_with('-') {
        name.pop();
    }
    format!("{name}-{suffix}")
}

/// The longest file name made, before its suffix.
const MAX_FILE_NAME: usize = 120;

pub(crate) fn csv_response(filename: String, body: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            ContentDisposition {
                disposition: DispositionType::Attachment,
                parameters: vec![DispositionParam::Filename(filename)],
            },
        ))
        .body(body)
}

#[derive(Template)]
#[template(path = "public/organisation.html")]
struct OrganisationPage {
    layout: Layout,
    organisation: Organisation,
    competitions: Vec<Competition>,
    championships: Vec<crate::store::Championship>,
}

#[get("/leagues/{slug}")]
pub async fn organisation_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<String>,
) -> Result<HttpResponse, WebError> {
    let store = state.store.as_ref();
    let organisation = organisation_by_slug(store, &path).await?;
    let competitions = store.competitions_of(organisation.id).await?;
    let (_, championships) = crate::app::championships::championships(store, &organisation.slug)
        .await
        .map_err(|error| viewer.refused(error))?;
    render(&OrganisationPage {
        layout: viewer.layout(organisation.name.clone()),
        organisation,
        competitions,
        championships,
    })
}

struct SeasonLine {
    season: Season,
    start: String,
    divisions: Vec<Division>,
}

#[derive(Template)]
#[template(path = "public/competition.html")]
struct CompetitionPage {
    layout: Layout,
    organisation: Organisation,
    competition: Competition,
    seasons: Vec<SeasonLine>,
}

#[get("/leagues/{slug}/competitions/{id}")]
pub async fn competition_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let organisation = organisation_by_slug(store, &slug).await?;
    let competition = competition_of(store, &organisation, CompetitionId(id)).await?;
    let mut seasons = Vec::new();
    for season in store.seasons_of(competition.id).await? {
        let divisions = store.divisions_of(season.id).await?;
        seasons.push(SeasonLine {
            start: long_date(season.start),
            season,
            divisions,
        });
    }
    render(&CompetitionPage {
        layout: viewer.layout(competition.name.clone()),
        organisation,
        competition,
        seasons,
    })
}

/// A division's page without the layout, the same for every visitor.
#[derive(Template)]
#[template(path = "public/division_content.html")]
struct DivisionContent {
    organisation: Organisation,
    competition: Competition,
    season: Season,
    division: Division,
    standings: Vec<(StandingsRow, Team)>,
    rounds: Vec<RoundLine>,
    /// Whether any team's points were adjusted, so the reasons are listed.
    has_adjustments: bool,
    /// The fixtures of the week (Monday to Sunday) that holds today.
    this_week: Vec<FixtureLine>,
    /// The latest league night with results: its fixtures.
    latest: Vec<FixtureLine>,
    /// Such as "Latest results: Tue 17 Nov 2026".
    latest_caption: String,
    /// Positions through the season, once there is a result.
    positions_chart: Option<PositionsChart>,
}

/// A page whose content was kept, in the layout of whoever is looking.
#[derive(Template)]
#[template(path = "public/cached.html")]
pub(crate) struct CachedPage<'a> {
    pub(crate) layout: Layout,
    pub(crate) content: &'a str,
}

/// The most read page of all, so it is rendered once per change of the league's content and
/// served from the page cache in between.
#[get("/leagues/{slug}/divisions/{id}")]
pub async fn division_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    // "This week" changes at midnight, so a day's page is kept apart from the day before's.
    let today = app::league_today();
    let address = format!("/leagues/{slug}/divisions/{id}@{today}");
    // Read before the page is built: a change committed meanwhile moves the revision past this
    // one, and the next request builds the page again.
    let revision = state.store.content_revision().await?;
    let page = match state.pages.get(&address, revision) {
        Some(page) => page,
        None => {
            let page = division_content(state.store.as_ref(), &slug, DivisionId(id), today).await?;
            state.pages.put(&address, revision, page.clone());
            page
        }
    };
    render(&CachedPage {
        layout: viewer.layout(page.title.to_string()),
        content: &page.content,
    })
}

async fn division_content(
    store: &dyn Store,
    slug: &str,
    id: DivisionId,
    today: NaiveDate,
) -> Result<CachedContent, WebError> {
    let (organisation, place) = division_by_slug(store, slug, id).await?;
    let confirmed = confirmed_results_of(store, place.division.id).await?;
    let standings = division_standings(store, &place, &confirmed).await?;
    let fixtures = store.fixtures_of_division(place.division.id).await?;
    let byes = store.byes_of_division(place.division.id).await?;
    let format = &place.competition.match_format;
    let week_start = today - Duration::days(i64::from(today.weekday().num_days_from_monday()));
    let this_week = (fixtures.iter())
        .filter(|fixture| (week_start..week_start + Duration::days(7)).contains(&fixture.date))
        .map(|fixture| FixtureLine::new(fixture, &confirmed, format))
        .collect();
    let latest_day = (fixtures.iter())
        .filter(|fixture| fixture.date <= today && !fixture.status.is_unplayed())
        .map(|fixture| fixture.date)
        .max();
    let latest = (fixtures.iter())
        .filter(|fixture| Some(fixture.date) == latest_day && !fixture.status.is_unplayed())
        .map(|fixture| FixtureLine::new(fixture, &confirmed, format))
        .collect();
    let positions_chart =
        positions_chart(store, &place, &standings, (&fixtures, &confirmed), None).await?;
    let rounds = rounds(&fixtures, byes, &confirmed, format);
    let DivisionPlace {
        competition,
        season,
        division,
    } = place;
    let title = format!("{}: {}", competition.name, division.name);
    let content = DivisionContent {
        organisation,
        competition,
        season,
        division,
        has_adjustments: standings.iter().any(|(row, _)| !row.adjustments.is_empty()),
        standings,
        rounds,
        this_week,
        latest,
        latest_caption: latest_day
            .map(|day| format!("Latest results: {}", long_date(day)))
            .unwrap_or_default(),
        positions_chart,
    }
    .render()
    .map_err(|error| WebError::Internal(anyhow::anyhow!("the division page: {error}")))?;
    Ok(CachedContent {
        title: title.into(),
        content: content.into(),
    })
}

/// What a division's files are named after: the league, competition, season and division.
fn division_file_parts<'a>(
    organisation: &'a Organisation,
    place: &'a DivisionPlace,
) -> [&'a str; 4] {
    [
        &organisation.slug,
        &place.competition.name,
        &place.season.name,
        &place.division.name,
    ]
}

#[get("/leagues/{slug}/divisions/{id}/standings.csv")]
pub async fn standings_csv(
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (organisation, place) = division_by_slug(store, &slug, DivisionId(id)).await?;
    let confirmed = confirmed_results_of(store, place.division.id).await?;
    let table = division_standings(store, &place, &confirmed).await?;
    let rows: Vec<StandingsRow> = table.iter().map(|(row, _)| row.clone()).collect();
    let body = csv_export::standings_csv(&rows, |team_id| {
        table
            .iter()
            .find(|(_, team)| team.id == team_id)
            .map(|(_, team)| team.name.clone())
            .unwrap_or_default()
    });
    Ok(csv_response(
        file_name(&division_file_parts(&organisation, &place), "standings.csv"),
        body,
    ))
}

#[get("/leagues/{slug}/divisions/{id}/results.csv")]
pub async fn results_csv(
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (organisation, place) = division_by_slug(store, &slug, DivisionId(id)).await?;
    let fixtures = store.fixtures_of_division(place.division.id).await?;
    let confirmed = confirmed_results_of(store, place.division.id).await?;
    let format = &place.competition.match_format;
    let rows: Vec<ResultRow> = fixtures
        .iter()
        .map(|fixture| ResultRow {
            fixture_id: fixture.id.0,
            date: fixture.date,
            home: fixture.home_team.clone(),
            away: fixture.away_team.clone(),
            // Only a confirmed result counts, so only its games and points are published.
            score: confirmed
                .iter()
                .find(|(id, _)| *id == fixture.id)
                .map(|(_, result)| {
                    let (home_games, away_games) = format.games(result.score);
                    let (home_points, away_points) = format.points(result.score);
                    ResultScore {
                        home_games,
                        away_games,
                        home_points,
                        away_points,
                    }
                }),
            status: result_status(fixture.status),
        })
        .collect();
    Ok(csv_response(
        file_name(&division_file_parts(&organisation, &place), "results.csv"),
        csv_export::results_csv(&rows),
    ))
}

/// A team of the organisation, with the division it plays in this season (the latest season
/// it has a division in), if any.
async fn team_of(
    store: &dyn Store,
    organisation: &Organisation,
    id: TeamId,
) -> Result<(Team, Option<DivisionPlace>), WebError> {
    let team = store
        .team(id)
        .await?
        .filter(|team| team.organisation_id == organisation.id)
        .ok_or(WebError::NotFound)?;
    let current = match store.current_division_of_team(team.id).await? {
        Some(division) => Some(division_of(store, organisation, division).await?),
        None => None,
    };
    Ok((team, current))
}

/// A team of the organisation, its division this season, and its fixtures in that season.
pub(crate) async fn team_with_fixtures(
    store: &dyn Store,
    organisation: &Organisation,
    id: TeamId,
) -> Result<(Team, Option<DivisionPlace>, Vec<Fixture>), WebError> {
    let (team, current) = team_of(store, organisation, id).await?;
    let fixtures = match &current {
        Some(place) => store.fixtures_of_team(team.id, place.season.id).await?,
        None => Vec::new(),
    };
    Ok((team, current, fixtures))
}

#[derive(Template)]
#[template(path = "public/team.html")]
struct TeamPage {
    layout: Layout,
    organisation: Organisation,
    team: Team,
    current: Option<DivisionPlace>,
    fixtures: Vec<FixtureLine>,
    /// The last results, oldest first, as W, D and L.
    form: String,
    squad: Vec<Player>,
    venue: Option<crate::domain::league::Venue>,
}

#[get("/leagues/{slug}/teams/{id}")]
pub async fn team_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let organisation = organisation_by_slug(store, &slug).await?;
    let (team, current, fixtures) = team_with_fixtures(store, &organisation, TeamId(id)).await?;
    let squad = store.squad_of(team.id).await?;
    let venue = store.team_venue(team.id).await?;
    let (lines, form) = match &current {
        Some(place) => {
            let confirmed = confirmed_results_of(store, place.division.id).await?;
            let format = &place.competition.match_format;
            let results: Vec<FixtureResult> = confirmed.iter().map(|(_, r)| *r).collect();
            (
                fixtures
                    .iter()
                    .map(|fixture| FixtureLine::new(fixture, &confirmed, format))
                    .collect(),
                standings::recent_form(format, team.id, &results, FORM_LENGTH),
            )
        }
        None => (Vec::new(), Vec::new()),
    };
    render(&TeamPage {
        layout: viewer.layout(team.name.clone()),
        organisation,
        fixtures: lines,
        form: form.into_iter().map(FormResult::letter).collect(),
        team,
        current,
        squad,
        venue,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_files_name_is_what_it_is_of_in_plain_letters() {
        assert_eq!(
            super::file_name(
                &["north-devon", "Winter League", "2026/27", "Premier  One"],
                "standings.csv"
            ),
            "north-devon-winter-league-2026-27-premier-one-standings.csv"
        );
        assert_eq!(
            super::file_name(&["Café & Bar!"], "results.csv"),
            "caf-bar-results.csv"
        );
        let long = "x".repeat(500);
        assert_eq!(
            super::file_name(&[&long], "results.csv").len(),
            120 + "-results.csv".len()
        );
    }

    use super::host_without_port;

    #[test]
    fn a_host_loses_its_port_but_not_an_ipv6_address() {
        assert_eq!(
            host_without_port("league.example.org"),
            "league.example.org"
        );
        assert_eq!(
            host_without_port("league.example.org:8080"),
            "league.example.org"
        );
        assert_eq!(host_without_port("[::1]:8080"), "[::1]");
        assert_eq!(host_without_port("[::1]"), "[::1]");
    }
}
