//! A league night's screen: a division's fixtures of the night with each game's score as the
//! captains enter them, then the table, in large type for a screen at the pub, kept current by
//! the live feed. The night is today's, or else the latest of the past week, or else the next.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use askama::Template;
use chrono::{Duration, NaiveDate};

use crate::app;
use crate::domain::ids::DivisionId;
use crate::domain::match_result::ResultSheet;
use crate::domain::standings::StandingsRow;
use crate::store::{Fixture, Store, Team};
use crate::web::AppState;
use crate::web::dates::long_date;
use crate::web::error::WebError;
use crate::web::layout::render;
use crate::web::public::fixture::game_outcome;
use crate::web::public::league::{
    confirmed_results_of, division_by_slug, division_standings, status_label,
};
use crate::web::session::Viewer;

struct NightFixture {
    home: String,
    away: String,
    /// Games won, home first, once a result is in (entered or confirmed).
    score: String,
    status: &'static str,
    /// Each game's score as entered, home first; or, while it is scored hand by hand, each
    /// game's running totals.
    games: Vec<String>,
}

#[derive(Template)]
#[template(path = "public/league_night_screen.html")]
struct LeagueNightScreen {
    title: String,
    feed: String,
    night: String,
    fixtures: Vec<NightFixture>,
    standings: Vec<(StandingsRow, Team)>,
}

/// The night the screen shows: today's, or else the latest of the past week, or else the next.
fn night_of(fixtures: &[Fixture], today: NaiveDate) -> Option<NaiveDate> {
    let dates = || fixtures.iter().map(|fixture| fixture.date);
    dates()
        .find(|date| *date == today)
        .or_else(|| {
            dates()
                .filter(|date| (today - Duration::days(6)..today).contains(date))
                .max()
        })
        .or_else(|| dates().filter(|date| *date > today).min())
}

async fn night_fixtures(
    store: &dyn Store,
    fixtures: &[Fixture],
    night: NaiveDate,
    format: &crate::domain::match_format::MatchFormat,
) -> Result<Vec<NightFixture>, WebError> {
    let mut shown = Vec::new();
    for fixture in fixtures.iter().filter(|fixture| fixture.date == night) {
        let teams = (fixture.home_team.as_str(), fixture.away_team.as_str());
        let result = store.current_result(fixture.id).await?;
        let (score, games) = match &result {
            Some(result) => {
                let (home, away) = format.games(result.score);
                let games = match &result.sheet {
                    ResultSheet::Played { games } => games
                        .iter()
                        .map(|game| game_outcome(&game.outcome, teams).1)
                        .collect(),
                    ResultSheet::Walkover { .. } => Vec::new(),
                };
                (format!("{home}–{away}"), games)
            }
            // Scored hand by hand on the night: each game's running totals as the rules count
            // them, the game in play marked so.
            None => {
                let in_play = app::fixture_play::fixture_games_in_play(store, fixture).await?;
                let games = in_play
                    .map(|play| play.games)
                    .unwrap_or_default()
                    .iter()
                    .map(|game| {
                        let [home, away] = game.totals;
                        match game.winner {
                            Some(_) => format!("{home}–{away}"),
                            None => format!("{home}–{away} in play"),
                        }
                    })
                    .collect();
                (String::new(), games)
            }
        };
        shown.push(NightFixture {
            home: fixture.home_team.clone(),
            away: fixture.away_team.clone(),
            score,
            status: status_label(fixture.status),
            games,
        });
    }
    Ok(shown)
}

#[get("/leagues/{slug}/divisions/{id}/screen")]
pub async fn league_night_screen(
    _viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (organisation, place) = division_by_slug(store, &slug, DivisionId(id)).await?;
    let fixtures = store.fixtures_of_division(place.division.id).await?;
    let night = night_of(&fixtures, app::league_today());
    let shown = match night {
        Some(night) => {
            night_fixtures(store, &fixtures, night, &place.competition.match_format).await?
        }
        None => Vec::new(),
    };
    let confirmed = confirmed_results_of(store, place.division.id).await?;
    let standings = division_standings(store, &place, &confirmed).await?;
    render(&LeagueNightScreen {
        title: format!("{}: {}", place.competition.name, place.division.name),
        feed: format!(
            "/api/v1/organisations/{}/live?division={}",
            organisation.slug, place.division.id.0
        ),
        night: night.map(long_date).unwrap_or_default(),
        fixtures: shown,
        standings,
    })
}
