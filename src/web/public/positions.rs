//! A division's positions through the season: the chart with its legend (a line's colour and
//! team in text a phone can read), shown on the division's page and on a page of its own,
//! `/leagues/{slug}/divisions/{id}/positions`, where one team's line is picked out
//! (`?team=`): a tap on the legend, or the link on a team's page.

use actix_web::web::{Data, Path, Query};
use actix_web::{HttpResponse, get};
use askama::Template;
use serde::Deserialize;

use crate::app::league;
use crate::app::lookup::DivisionPlace;
use crate::domain::ids::{DivisionId, FixtureId, TeamId};
use crate::domain::standings::{FixtureResult, StandingsRow};
use crate::store::{Fixture, Organisation, Store, Team};
use crate::web::AppState;
use crate::web::charts::{self, TeamLine};
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::public::league::{confirmed_results_of, division_by_slug, division_standings};
use crate::web::session::Viewer;

/// A line of the chart as its legend names it.
pub(crate) struct LegendEntry {
    pub(crate) team: TeamId,
    pub(crate) name: String,
    /// `#RRGGBB`, the line's.
    pub(crate) colour: String,
    pub(crate) highlighted: bool,
}

/// The chart as SVG, and its legend in the standings' order (the lines' order).
pub(crate) struct PositionsChart {
    pub(crate) svg: String,
    pub(crate) legend: Vec<LegendEntry>,
}

/// The division's chart, `highlight`'s line picked out; `None` before any result.
pub(crate) async fn positions_chart(
    store: &dyn Store,
    place: &DivisionPlace,
    standings: &[(StandingsRow, Team)],
    (fixtures, confirmed): (&[Fixture], &[(FixtureId, FixtureResult)]),
    highlight: Option<TeamId>,
) -> Result<Option<PositionsChart>, WebError> {
    let history = league::positions_through_season(store, place, fixtures, confirmed).await?;
    let lines: Vec<TeamLine<'_>> = (standings.iter())
        .map(|(_, team)| TeamLine {
            team: team.id,
            name: &team.name,
        })
        .collect();
    let caption = format!(
        "{}: each team's position after each round of {}",
        place.division.name, place.season.name
    );
    let Some(svg) = charts::positions_through_the_season(&history, &lines, &caption, highlight)
    else {
        return Ok(None);
    };
    let legend = (standings.iter().enumerate())
        .map(|(index, (_, team))| LegendEntry {
            team: team.id,
            name: team.name.clone(),
            colour: charts::line_colour(index),
            highlighted: Some(team.id) == highlight,
        })
        .collect();
    Ok(Some(PositionsChart { svg, legend }))
}

#[derive(Template)]
#[template(path = "public/positions.html")]
struct PositionsPage {
    layout: Layout,
    organisation: Organisation,
    place: DivisionPlace,
    positions_chart: Option<PositionsChart>,
    /// The team picked out, by name.
    highlighted: Option<String>,
}

/// The page's address may pick out a team of the division (`?team=3`).
#[derive(Deserialize)]
pub struct PositionsQuery {
    team: Option<i64>,
}

#[get("/leagues/{slug}/divisions/{id}/positions")]
pub async fn positions_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    query: Query<PositionsQuery>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (organisation, place) = division_by_slug(store, &slug, DivisionId(id)).await?;
    let confirmed = confirmed_results_of(store, place.division.id).await?;
    let standings = division_standings(store, &place, &confirmed).await?;
    let fixtures = store.fixtures_of_division(place.division.id).await?;
    // A team of another division is picked out of nothing: the chart is shown plain.
    let highlighted = (standings.iter())
        .find(|(_, team)| query.team == Some(team.id.0))
        .map(|(_, team)| (team.id, team.name.clone()));
    let positions_chart = positions_chart(
        store,
        &place,
        &standings,
        (&fixtures, &confirmed),
        highlighted.as_ref().map(|(team, _)| *team),
    )
    .await?;
    render(&PositionsPage {
        layout: viewer.layout(format!(
            "Positions: {}, {}",
            place.division.name, place.season.name
        )),
        organisation,
        place,
        positions_chart,
        highlighted: highlighted.map(|(_, name)| name),
    })
}
