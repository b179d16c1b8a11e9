//! An organiser's championships: the list with the new championship form, and making one.

use std::sync::LazyLock;

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use fives_rules::Preset;

use crate::app::championships;
use crate::app::{AppError, Field};
use crate::domain::championship::{
    MAX_SWISS_ROUNDS, MAX_TABLE_GAMES, MAX_TIEBREAKS, tiebreak_words,
};
use crate::domain::entry_level::EntryLevel;
use crate::domain::match_format::MAX_GAMES_PER_LEG;
use crate::domain::rule_words::game_name;
use crate::store::{Championship, Organisation};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::organiser::competitions::FieldErrors;
use crate::web::organiser::lookup::organised;
use crate::web::session::Viewer;
use fives_pairing::event::Tiebreak;

use super::format_form::*;

struct Choice {
    value: &'static str,
    label: &'static str,
    selected: bool,
}

fn choices(options: &[(&'static str, &'static str)], chosen: &str) -> Vec<Choice> {
    options
        .iter()
        .map(|(value, label)| Choice {
            value,
            label,
            selected: *value == chosen,
        })
        .collect()
}

#[derive(Template)]
#[template(path = "organiser/championships.html")]
struct ChampionshipsPage {
    layout: Layout,
    organisation: Organisation,
    championships: Vec<Championship>,
    form: ChampionshipForm,
    errors: FieldErrors,
    presets: Vec<Choice>,
    entrant_kinds: Vec<Choice>,
    stage_kinds: Vec<Choice>,
    table_plays: Vec<Choice>,
    seedings: Vec<Choice>,
    entry_levels: Vec<Choice>,
    max_rounds: u32,
    max_games: u32,
    max_leg_games: u32,
    tiebreak_names: String,
    max_tiebreaks: usize,
    script_choices: &'static ScriptChoices,
}

/// The same for every page, so found once.
static SCRIPT_CHOICES: LazyLock<ScriptChoices> = LazyLock::new(ScriptChoices::new);

fn championships_page(
    viewer: &Viewer,
    organisation: Organisation,
    championships: Vec<Championship>,
    form: ChampionshipForm,
    errors: FieldErrors,
) -> Result<HttpResponse, WebError> {
    let presets: Vec<(&'static str, &'static str)> = Preset::ALL
        .iter()
        .map(|p| (p.name(), game_name(*p)))
        .collect();
    let page = ChampionshipsPage {
        layout: viewer.layout(format!("Championships of {}", organisation.name)),
        presets: choices(&presets, &form.preset),
        entrant_kinds: choices(
            &[
                ("players", "Players"),
                ("pairs", "Fixed pairs"),
                ("teams", "Teams"),
            ],
            &form.entrants,
        ),
        stage_kinds: choices(
            &[
                ("swiss", "Swiss"),
                ("round-robin", "Round robin"),
                ("groups", "Groups, then a knockout play-off"),
                ("knockout", "Knockout"),
                ("double-elimination", "Double elimination"),
                ("swiss-then-knockout", "Swiss, then a knockout of its top"),
            ],
            &form.stages,
        ),
        table_plays: choices(
            &[
                ("one-game", "One game"),
                ("best-of", "Best of"),
                ("first-to", "First to"),
            ],
            &form.table_play,
        ),
        entry_levels: EntryLevel::ALL
            .into_iter()
            .map(|level| Choice {
                value: level.as_str(),
                label: level.description(),
                selected: level.as_str() == form.entry_level,
            })
            .collect(),
        seedings: choices(
            &[("rating", "By rating"), ("entry", "As entered")],
            &form.seeding,
        ),
        max_rounds: MAX_SWISS_ROUNDS,
        max_games: MAX_TABLE_GAMES,
        max_leg_games: MAX_GAMES_PER_LEG,
        tiebreak_names: Tiebreak::ALL
            .into_iter()
            .map(tiebreak_words)
            .collect::<Vec<_>>()
            .join(", "),
        max_tiebreaks: MAX_TIEBREAKS,
        script_choices: &SCRIPT_CHOICES,
        organisation,
        championships,
        form,
        errors,
    };
    let status = if page.errors.is_empty() {
        actix_web::http::StatusCode::OK
    } else {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    };
    render_with_status(status, &page)
}

#[get("/organise/{slug}/championships")]
pub async fn championships_list(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, WebError> {
    let organisation = organised(&viewer, &state, &slug).await?;
    let (_, list) = championships::championships(state.store.as_ref(), &organisation.slug)
        .await
        .map_err(|error| viewer.refused(error))?;
    championships_page(
        &viewer,
        organisation,
        list,
        ChampionshipForm::default(),
        FieldErrors::default(),
    )
}

#[post("/organise/{slug}/championships")]
pub async fn create_championship(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
    form: Form<ChampionshipForm>,
) -> Result<HttpResponse, WebError> {
    let organisation = organised(&viewer, &state, &slug).await?;
    let form = form.into_inner();
    let store = state.store.as_ref();
    let errors = match input_of(&form) {
        Ok(input) => match championships::create_championship(store, viewer.who(), &slug, input)
            .await
        {
            Ok((organisation, made)) => {
                return Ok(redirect(&format!(
                    "/organise/{}/championships/{}",
                    organisation.slug, made.id
                )));
            }
            Err(AppError::Invalid(problems)) => {
                let mut errors = FieldErrors::default();
                for problem in problems {
                    let field = match problem.field {
                        Field::Venue => "venue",
                        Field::Date => "ends_on",
                        Field::Ruleset => "preset",
                        Field::RulesetTarget => "ruleset_target",
                        _ => "name",
                    };
                    errors.add(field, problem.message);
                }
                errors
            }
            Err(AppError::Conflict(conflict)) => FieldErrors::only("name", conflict.to_string()),
            Err(error) => return Err(viewer.refused(error)),
        },
        Err(errors) => errors,
    };
    let (_, list) = championships::championships(store, &organisation.slug)
        .await
        .map_err(|error| viewer.refused(error))?;
    championships_page(&viewer, organisation, list, form, errors)
}
