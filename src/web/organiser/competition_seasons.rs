//! An organiser's page of a competition's seasons: the new season form (start, league night,
//! blackout dates, usual start time) with the seasons made so far, and what captains enter for
//! each game of the competition's results.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::Weekday;
use serde::Deserialize;

use crate::app::league;
use crate::app::{AppError, Conflict};
use crate::domain::entry_level::EntryLevel;
use crate::domain::ids::{CompetitionId, SeasonId};
use crate::domain::league::{SeasonCalendar, weekday_name, weekday_named};
use crate::domain::organisation::DisplayName;
use crate::store::{Competition, Organisation};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::forms::{FieldErrors, NightChoice};
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::organiser::competitions::{LevelChoice, level_choices};
use crate::web::organiser::lookup::{competition_of, organised};
use crate::web::session::Viewer;

/// What an organiser types into the new season form, kept as typed.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SeasonForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub start: String,
    #[serde(default)]
    pub league_night: String,
    /// One date a line.
    #[serde(default)]
    pub blackout_dates: String,
    /// Hours and minutes, or empty when not known.
    #[serde(default)]
    pub start_time: String,
}

/// A season form that checks out.
pub struct SeasonInput {
    pub name: DisplayName,
    pub calendar: SeasonCalendar,
}

pub(crate) use crate::domain::league_time::parse_date;

/// An optional time of day as a time input sends it ("20:30"); `Ok(None)` when empty.
pub(crate) use crate::domain::league::time_of_day as optional_time_of;

pub(crate) use crate::domain::league::WEEKDAYS;

impl TryFrom<&SeasonForm> for SeasonInput {
    type Error = FieldErrors;

    fn try_from(form: &SeasonForm) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::default();
        let name = DisplayName::try_from(form.name.as_str())
            .map_err(|error| errors.add("name", error.to_string()))
            .ok();
        let start = parse_date(&form.start)
            .map_err(|message| errors.add("start", message))
            .ok();
        let league_night = weekday_named(&form.league_night);
        if league_night.is_none() {
            errors.add(
                "league_night",
                "Choose the night of the week the league plays.",
            );
        }
        let mut blackout_dates = Vec::new();
        for line in form.blackout_dates.lines().map(str::trim) {
            if line.is_empty() {
                continue;
            }
            match parse_date(line) {
                Ok(date) => blackout_dates.push(date),
                Err(message) => errors.add("blackout_dates", message),
            }
        }
        let start_time = optional_time_of(&form.start_time)
            .map_err(|message| errors.add("start_time", message))
            .ok();
        let calendar = match (start, league_night, start_time) {
            (Some(start), Some(night), Some(start_time)) if !errors.has("blackout_dates") => {
                SeasonCalendar::new(start, night, blackout_dates)
                    .map(|calendar| calendar.with_start_time(start_time))
                    .map_err(|error| errors.add("blackout_dates", error.to_string()))
                    .ok()
            }
            _ => None,
        };
        match (name, calendar) {
            (Some(name), Some(calendar)) if errors.is_empty() => Ok(Self { name, calendar }),
            _ => Err(errors),
        }
    }
}

/// A season as the organiser's list shows it.
pub struct SeasonLine {
    pub id: SeasonId,
    pub name: String,
    /// Such as "Tue 1 Sep 2026".
    pub start: String,
    pub league_night: &'static str,
    /// Such as " at 20:30", or empty when the time is not known.
    pub at: String,
}

#[derive(Template)]
#[template(path = "organiser/seasons.html")]
struct SeasonsPage {
    layout: Layout,
    organisation: Organisation,
    competition: Competition,
    seasons: Vec<SeasonLine>,
    form: SeasonForm,
    nights: Vec<NightChoice>,
    errors: FieldErrors,
    /// What captains enter for each game, to change.
    levels: Vec<LevelChoice>,
}

async fn show_seasons(
    viewer: &Viewer,
    state: &AppState,
    page: (Organisation, Competition),
    status: StatusCode,
    form: SeasonForm,
    errors: FieldErrors,
) -> Result<HttpResponse, WebError> {
    let (organisation, competition) = page;
    let seasons = state
        .store
        .seasons_of(competition.id)
        .await?
        .into_iter()
        .map(|season| SeasonLine {
            id: season.id,
            name: season.name,
            start: crate::web::dates::long_date(season.start),
            league_night: weekday_name(season.league_night),
            at: season
                .start_time
                .map(|time| format!(" at {}", time.format("%H:%M")))
                .unwrap_or_default(),
        })
        .collect();
    let nights = WEEKDAYS
        .into_iter()
        .map(|day| NightChoice {
            value: weekday_name(day),
            selected: weekday_name(day) == form.league_night.trim(),
        })
        .collect();
    render_with_status(
        status,
        &SeasonsPage {
            layout: viewer.layout(format!("Seasons of {}", competition.name)),
            levels: level_choices(competition.entry_level.as_str()),
            organisation,
            competition,
            seasons,
            form,
            nights,
            errors,
        },
    )
}

#[get("/organise/{slug}/competitions/{id}/seasons")]
pub async fn seasons_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    let competition = competition_of(&state, &organisation, CompetitionId(id)).await?;
    let form = SeasonForm {
        league_night: weekday_name(Weekday::Tue).to_string(),
        ..SeasonForm::default()
    };
    show_seasons(
        &viewer,
        &state,
        (organisation, competition),
        StatusCode::OK,
        form,
        FieldErrors::default(),
    )
    .await
}

#[post("/organise/{slug}/competitions/{id}/seasons")]
pub async fn create_season(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<SeasonForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    // Only an organiser is told what is wrong with the form, and only of their competition.
    let organisation = organised(&viewer, &state, &slug).await?;
    let competition = competition_of(&state, &organisation, CompetitionId(id)).await?;
    let form = form.into_inner();
    let errors = match SeasonInput::try_from(&form) {
        Ok(input) => {
            match league::create_season(
                state.store.as_ref(),
                viewer.who(),
                &slug,
                competition.id,
                input.name,
                input.calendar,
            )
            .await
            {
                Ok(_) => {
                    return Ok(redirect(&format!(
                        "/organise/{}/competitions/{}/seasons",
                        organisation.slug, competition.id
                    )));
                }
                Err(AppError::Conflict(Conflict::Taken { message, .. })) => {
                    FieldErrors::only("name", message)
                }
                Err(error) => return Err(viewer.refused(error)),
            }
        }
        Err(errors) => errors,
    };
    show_seasons(
        &viewer,
        &state,
        (organisation, competition),
        StatusCode::UNPROCESSABLE_ENTITY,
        form,
        errors,
    )
    .await
}

#[derive(Deserialize)]
pub struct EntryLevelForm {
    #[serde(default)]
    entry_level: String,
}

/// Sets what captains enter for each game of the competition's results.
#[post("/organise/{slug}/competitions/{id}/entry-level")]
pub async fn set_entry_level(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<EntryLevelForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    // The form offers only the levels; anything else was not sent by it.
    let level = EntryLevel::named(form.entry_level.trim()).ok_or_else(|| {
        WebError::BadRequest(
            "Choose what captains enter for each game: the final score, every hand's score or every hand's pegs."
                .to_string(),
        )
    })?;
    let (organisation, competition) = league::set_entry_level(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        CompetitionId(id),
        level,
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    Ok(redirect(&format!(
        "/organise/{}/competitions/{}/seasons",
        organisation.slug, competition.id
    )))
}
