//! An organiser's page for one season: its divisions, the teams in each, the order each
//! division's table is sorted in, making a division's fixtures, and deleting the season.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::{fixtures, league};
use crate::domain::fixtures::Legs;
use crate::domain::ids::{DivisionId, SeasonId, TeamId};
use crate::domain::organisation::DisplayName;
use crate::domain::standings::{Tiebreak, TiebreakOrder, TiebreakOrderError};
use crate::domain::team_list::teams_from_text;
use crate::store::{Competition, Division, Organisation, Season, Team};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::forms::refusal_messages;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::organiser::lookup::{DivisionPlace, division_of, organised, season_of};
use crate::web::session::Viewer;

/// How many places the tiebreak form offers: one for each tiebreak there is.
const TIEBREAK_PLACES: usize = Tiebreak::ALL.len();

/// One option of a tiebreak place's select.
pub struct TiebreakChoice {
    /// The tiebreak's name in the form, empty for "none".
    pub value: &'static str,
    pub label: &'static str,
    pub selected: bool,
}

/// One place of the tiebreak form ("1st", "2nd", …) with its options.
pub struct TiebreakPlace {
    pub number: usize,
    pub ordinal: &'static str,
    pub choices: Vec<TiebreakChoice>,
}

/// The selects of the tiebreak form, each showing `chosen` (a tiebreak's name or empty).
fn tiebreak_places(chosen: &[String]) -> Vec<TiebreakPlace> {
    const ORDINALS: [&str; TIEBREAK_PLACES] = ["1st", "2nd", "3rd", "4th"];
    ORDINALS
        .iter()
        .enumerate()
        .map(|(index, ordinal)| {
            let current = chosen.get(index).map(String::as_str).unwrap_or("");
            let none = TiebreakChoice {
                value: "",
                label: "—",
                selected: current.is_empty(),
            };
            let choices = std::iter::once(none)
                .chain(Tiebreak::ALL.iter().map(|tiebreak| TiebreakChoice {
                    value: tiebreak.as_str(),
                    label: tiebreak.label(),
                    selected: current == tiebreak.as_str(),
                }))
                .collect();
            TiebreakPlace {
                number: index + 1,
                ordinal,
                choices,
            }
        })
        .collect()
}

/// A division as the organiser's season page shows it.
pub struct DivisionBlock {
    pub division: Division,
    pub teams: Vec<Team>,
    pub fixtures: usize,
    pub tiebreaks: Vec<TiebreakPlace>,
    /// The list of teams as typed, when it was refused, and every problem with it.
    pub team_list: String,
    pub team_list_problems: Vec<String>,
}

/// A refused form on the season page: the id of the field it belongs to, and why.
pub struct FieldMessage {
    pub field: String,
    pub message: String,
}

/// What a refused form on the season page typed, shown again with its message.
#[derive(Default)]
struct Refused {
    division_name: String,
    /// The division whose tiebreak form was refused, and the places as chosen.
    tiebreaks: Option<(DivisionId, Vec<String>)>,
    /// The division whose list of teams was refused, the list as typed and its problems.
    team_list: Option<(DivisionId, String, Vec<String>)>,
    error: Option<FieldMessage>,
}

impl Refused {
    /// Refused with one message, at the field with the id `field`.
    fn at(field: String, message: String) -> Self {
        Self {
            error: Some(FieldMessage { field, message }),
            ..Self::default()
        }
    }
}

#[derive(Template)]
#[template(path = "organiser/season.html")]
struct SeasonPage {
    layout: Layout,
    organisation: Organisation,
    competition: Competition,
    season: Season,
    divisions: Vec<DivisionBlock>,
    free_teams: Vec<Team>,
    division_name: String,
    error: Option<FieldMessage>,
}

impl SeasonPage {
    /// The refusal's message when it belongs to this field, empty otherwise.
    fn error_at(&self, field: &str) -> String {
        match &self.error {
            Some(error) if error.field == field => error.message.clone(),
            _ => String::new(),
        }
    }
}

async fn show_season(
    viewer: &Viewer,
    state: &AppState,
    organisation: Organisation,
    season: SeasonId,
    status: StatusCode,
    refused: Refused,
) -> Result<HttpResponse, WebError> {
    let (competition, season) = season_of(state, &organisation, season).await?;
    let mut divisions = Vec::new();
    let mut placed = Vec::new();
    for division in state.store.divisions_of(season.id).await? {
        let teams = state.store.teams_of(division.id).await?;
        placed.extend(teams.iter().map(|team| team.id));
        let fixtures = state.store.fixtures_of_division(division.id).await?.len();
        let chosen: Vec<String> = match &refused.tiebreaks {
            Some((id, typed)) if *id == division.id => typed.clone(),
            _ => (division.tiebreaks.tiebreaks().iter())
                .map(|tiebreak| tiebreak.as_str().to_string())
                .collect(),
        };
        let (team_list, team_list_problems) = match &refused.team_list {
            Some((id, typed, problems)) if *id == division.id => (typed.clone(), problems.clone()),
            _ => (String::new(), Vec::new()),
        };
        divisions.push(DivisionBlock {
            division,
            teams,
            fixtures,
            tiebreaks: tiebreak_places(&chosen),
            team_list,
            team_list_problems,
        });
    }
    let free_teams = state
        .store
        .teams_in(organisation.id)
        .await?
        .into_iter()
        .filter(|team| !placed.contains(&team.id))
        .collect();
    render_with_status(
        status,
        &SeasonPage {
            layout: viewer.layout(format!("{} {}", competition.name, season.name)),
            organisation,
            competition,
            season,
            divisions,
            free_teams,
            division_name: refused.division_name,
            error: refused.error,
        },
    )
}

/// A form on the season page that was refused: the page again, with 422.
async fn refuse(
    viewer: &Viewer,
    state: &AppState,
    organisation: Organisation,
    season: SeasonId,
    refused: Refused,
) -> Result<HttpResponse, WebError> {
    show_season(
        viewer,
        state,
        organisation,
        season,
        StatusCode::UNPROCESSABLE_ENTITY,
        refused,
    )
    .await
}

/// A form on the season page refused with one message, at the field with the id `field`.
async fn refuse_field(
    viewer: &Viewer,
    state: &AppState,
    organisation: Organisation,
    season: SeasonId,
    field: String,
    message: String,
) -> Result<HttpResponse, WebError> {
    refuse(
        viewer,
        state,
        organisation,
        season,
        Refused::at(field, message),
    )
    .await
}

fn season_address(organisation: &Organisation, season: SeasonId) -> String {
    format!("/organise/{}/seasons/{}", organisation.slug, season)
}

#[get("/organise/{slug}/seasons/{id}")]
pub async fn season_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    show_season(
        &viewer,
        &state,
        organisation,
        SeasonId(id),
        StatusCode::OK,
        Refused::default(),
    )
    .await
}

#[derive(Deserialize)]
pub struct DivisionForm {
    #[serde(default)]
    name: String,
}

#[post("/organise/{slug}/seasons/{id}/divisions")]
pub async fn create_division(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<DivisionForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    let (_, season) = season_of(&state, &organisation, SeasonId(id)).await?;
    let typed = form.into_inner().name;
    let message = match DisplayName::try_from(typed.as_str()) {
        Ok(name) => {
            match league::create_division(
                state.store.as_ref(),
                viewer.who(),
                &slug,
                season.id,
                name,
            )
            .await
            {
                Ok(_) => return Ok(redirect(&season_address(&organisation, season.id))),
                Err(AppError::Conflict(conflict)) => conflict.to_string(),
                Err(error) => return Err(viewer.refused(error)),
            }
        }
        Err(error) => error.to_string(),
    };
    let refused = Refused {
        division_name: typed,
        ..Refused::at("division-name".into(), message)
    };
    refuse(&viewer, &state, organisation, season.id, refused).await
}

#[derive(Deserialize)]
pub struct DivisionTeamForm {
    #[serde(default)]
    team: String,
}

#[post("/organise/{slug}/divisions/{id}/teams")]
pub async fn add_division_team(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<DivisionTeamForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    let DivisionPlace {
        division, season, ..
    } = division_of(&state, &organisation, DivisionId(id)).await?;
    let field = format!("division-{}-team", division.id);
    let message = match form.team.trim().parse::<i64>() {
        Ok(team) => match league::add_team_to_division(
            state.store.as_ref(),
            viewer.who(),
            &slug,
            division.id,
            TeamId(team),
        )
        .await
        {
            Ok(_) => return Ok(redirect(&season_address(&organisation, season.id))),
            Err(error) => refusal_messages(&viewer, error)?.join(" "),
        },
        Err(_) => "Choose a team to add.".to_string(),
    };
    refuse_field(&viewer, &state, organisation, season.id, field, message).await
}

#[derive(Deserialize)]
pub struct TeamListForm {
    #[serde(default)]
    teams: String,
}

/// Puts a pasted list of teams into the division, one name a line, all or none; a refused
/// list comes back with every line's problem.
#[post("/organise/{slug}/divisions/{id}/teams/list")]
pub async fn add_division_teams(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<TeamListForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    let DivisionPlace {
        division, season, ..
    } = division_of(&state, &organisation, DivisionId(id)).await?;
    let typed = form.into_inner().teams;
    let problems: Vec<String> = match teams_from_text(&typed) {
        Ok(list) => match league::add_teams_to_division(
            state.store.as_ref(),
            viewer.who(),
            &slug,
            division.id,
            &list,
        )
        .await
        {
            Ok(_) => {
                return Ok(redirect(&format!(
                    "{}#division-{}-heading",
                    season_address(&organisation, season.id),
                    division.id
                )));
            }
            Err(error) => refusal_messages(&viewer, error)?,
        },
        Err(whole) => vec![whole.to_string()],
    };
    let refused = Refused {
        team_list: Some((division.id, typed, problems)),
        ..Refused::default()
    };
    refuse(&viewer, &state, organisation, season.id, refused).await
}

#[derive(Deserialize)]
pub struct FixturesForm {
    #[serde(default)]
    legs: String,
}

#[post("/organise/{slug}/divisions/{id}/fixtures")]
pub async fn generate_fixtures(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<FixturesForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // The division's season, to show the form again; only to its organisers.
    let organisation = organised(&viewer, &state, &slug).await?;
    let DivisionPlace {
        division, season, ..
    } = division_of(&state, &organisation, DivisionId(id)).await?;
    let field = format!("division-{}-legs", division.id);
    let legs = match form.legs.as_str() {
        "single" => Some(Legs::Single),
        "double" => Some(Legs::Double),
        _ => None,
    };
    let message = match legs {
        Some(legs) => match fixtures::generate(store, viewer.who(), &slug, division.id, legs).await
        {
            Ok(_) => {
                return Ok(redirect(&format!(
                    "/organise/{}/divisions/{}/fixtures",
                    organisation.slug, division.id
                )));
            }
            Err(error) => refusal_messages(&viewer, error)?.join(" "),
        },
        None => "Choose whether teams meet once or twice.".to_string(),
    };
    refuse_field(&viewer, &state, organisation, season.id, field, message).await
}

/// The tiebreak form: a select per place, "1st" to "4th"; an empty one is skipped.
#[derive(Deserialize)]
pub struct TiebreaksForm {
    #[serde(default)]
    tiebreak_1: String,
    #[serde(default)]
    tiebreak_2: String,
    #[serde(default)]
    tiebreak_3: String,
    #[serde(default)]
    tiebreak_4: String,
}

impl TiebreaksForm {
    fn places(&self) -> Vec<String> {
        [
            &self.tiebreak_1,
            &self.tiebreak_2,
            &self.tiebreak_3,
            &self.tiebreak_4,
        ]
        .into_iter()
        .map(|place| place.trim().to_string())
        .collect()
    }
}

/// The order the places choose, or why it is not one.
fn tiebreak_order(places: &[String]) -> Result<TiebreakOrder, String> {
    let mut chosen = Vec::new();
    for place in places.iter().filter(|place| !place.is_empty()) {
        match Tiebreak::ALL.into_iter().find(|t| t.as_str() == place) {
            Some(tiebreak) => chosen.push(tiebreak),
            None => return Err("Choose each place from the list.".to_string()),
        }
    }
    TiebreakOrder::try_from(chosen).map_err(|error| match error {
        TiebreakOrderError::Empty => {
            "Choose at least one way of ordering the table, such as points.".to_string()
        }
        TiebreakOrderError::Repeated(tiebreak) => format!(
            "{} is chosen more than once; choose each tiebreak at most once.",
            tiebreak.label()
        ),
    })
}

#[post("/organise/{slug}/divisions/{id}/tiebreaks")]
pub async fn set_tiebreaks(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<TiebreaksForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    let DivisionPlace {
        division, season, ..
    } = division_of(&state, &organisation, DivisionId(id)).await?;
    let places = form.places();
    match tiebreak_order(&places) {
        Ok(order) => {
            league::set_tiebreaks(
                state.store.as_ref(),
                viewer.who(),
                &slug,
                division.id,
                &order,
            )
            .await
            .map_err(|error| viewer.refused(error))?;
            Ok(redirect(&format!(
                "{}#division-{}-heading",
                season_address(&organisation, season.id),
                division.id
            )))
        }
        Err(message) => {
            let refused = Refused {
                tiebreaks: Some((division.id, places)),
                ..Refused::at(format!("division-{}-tiebreaks", division.id), message)
            };
            refuse(&viewer, &state, organisation, season.id, refused).await
        }
    }
}

#[derive(Template)]
#[template(path = "organiser/delete_season.html")]
struct DeleteSeasonPage {
    layout: Layout,
    organisation: Organisation,
    competition: Competition,
    season: Season,
    divisions: usize,
    fixtures: usize,
    /// How many of its fixtures have results, which keep the season from being deleted.
    results: usize,
    error: Option<String>,
}

async fn show_delete_season(
    viewer: &Viewer,
    state: &AppState,
    organisation: Organisation,
    season: SeasonId,
    status: StatusCode,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let (competition, season) = season_of(state, &organisation, season).await?;
    let divisions = state.store.divisions_of(season.id).await?;
    let (mut fixtures, mut results) = (0, 0);
    for division in &divisions {
        let of_division = state.store.fixtures_of_division(division.id).await?;
        fixtures += of_division.len();
        results += (of_division.iter())
            .filter(|fixture| !fixture.status.is_unplayed())
            .count();
    }
    render_with_status(
        status,
        &DeleteSeasonPage {
            layout: viewer.layout(format!("Delete {} {}", competition.name, season.name)),
            organisation,
            competition,
            season,
            divisions: divisions.len(),
            fixtures,
            results,
            error,
        },
    )
}

/// The confirmation step before a season is deleted.
#[get("/organise/{slug}/seasons/{id}/delete")]
pub async fn delete_season_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    show_delete_season(
        &viewer,
        &state,
        organisation,
        SeasonId(id),
        StatusCode::OK,
        None,
    )
    .await
}

#[post("/organise/{slug}/seasons/{id}/delete")]
pub async fn delete_season(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    match league::delete_season(state.store.as_ref(), viewer.who(), &slug, SeasonId(id)).await {
        Ok((organisation, competition)) => Ok(redirect(&format!(
            "/organise/{}/competitions/{}/seasons",
            organisation.slug, competition.id
        ))),
        Err(AppError::Conflict(conflict)) => {
            let organisation = organised(&viewer, &state, &slug).await?;
            show_delete_season(
                &viewer,
                &state,
                organisation,
                SeasonId(id),
                StatusCode::UNPROCESSABLE_ENTITY,
                Some(conflict.to_string()),
            )
            .await
        }
        Err(error) => Err(viewer.refused(error)),
    }
}
