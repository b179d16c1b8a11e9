//! An organiser's championship pages: making one (its game and format as a form), its
//! entrants (a pasted list, check-in, seeds, withdrawals), the next round as the engine pairs
//! it (swaps, then publish), each round's table cards to print, and each table's result
//! (confirm one entered at the table, or enter or correct it here).

use actix_web::web::{Data, Form, Path, Query};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use fives_rules::ruleset::{Overrides, PerPlayers, Target};
use fives_rules::{Preset, RulesetSpec};
use serde::Deserialize;

use crate::app::championships::{
    self, ChampionshipInput, ChampionshipView, EntrantChange, OrganiserEntry, Preview, TablePlace,
    round_links,
};
use crate::app::{AppError, Field};
use crate::domain::championship::entrants::{MAX_ENTRANTS, MAX_ENTRY_CSV_BYTES, entries_from_csv};
use crate::domain::championship::event::Stage;
use crate::domain::championship::table::table_game_record;
use crate::domain::championship::{
    ChampionshipFormat, EntrantKind, FormatChoice, MAX_POINTS, MAX_SWISS_ROUNDS, MAX_TABLE_GAMES,
    MAX_TIEBREAKS, Points, Stages, TablePlay, TableScoring, TeamMatch, tiebreak_words,
};
use crate::domain::hand_lines::write_hand_lines;
use crate::domain::ids::{ChampionshipId, EntrantId, TableId};
use crate::domain::match_format::{Leg, LegKind, MAX_GAMES_PER_LEG, PlayerLimits};
use crate::domain::match_result::{GameSheet, ResultSheet};
use crate::domain::organisation::DisplayName;
use crate::domain::rule_words::game_name;
use crate::store::{Championship, Entrant, Organisation, TableStatus};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render, render_with_status};
use crate::web::organiser::competitions::FieldErrors;
use crate::web::organiser::lookup::organised;
use crate::web::public::championships::{
    TypedGames, format_words, round_title, show_problems, table_games_posted, table_title,
    with_team_rules,
};
use crate::web::result_form::ResultForm;
use crate::web::session::Viewer;
use fives_pairing::event::Tiebreak;

/// The new championship form, kept as typed.
#[derive(Debug, Clone, Deserialize)]
pub struct ChampionshipForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub starts_on: String,
    #[serde(default)]
    pub ends_on: String,
    #[serde(default)]
    pub venue: String,
    #[serde(default)]
    pub preset: String,
    #[serde(default)]
    pub ruleset_target: String,
    #[serde(default)]
    pub entrants: String,
    #[serde(default)]
    pub stages: String,
    #[serde(default)]
    pub rounds: String,
    #[serde(default)]
    pub groups: String,
    #[serde(default)]
    pub advance: String,
    #[serde(default)]
    pub top: String,
    #[serde(default)]
    pub third_place: Option<String>,
    #[serde(default)]
    pub grand_final_reset: Option<String>,
    #[serde(default)]
    pub seats: String,
    #[serde(default)]
    pub partnerships: Option<String>,
    #[serde(default)]
    pub table_play: String,
    #[serde(default)]
    pub table_games: String,
    #[serde(default)]
    pub singles_games: String,
    #[serde(default)]
    pub pairs_games: String,
    #[serde(default)]
    pub match_target: String,
    #[serde(default)]
    pub win: String,
    #[serde(default)]
    pub draw: String,
    #[serde(default)]
    pub loss: String,
    #[serde(default)]
    pub places: String,
    #[serde(default)]
    pub bye_points: String,
    #[serde(default)]
    pub seeding: String,
    #[serde(default)]
    pub tiebreaks: String,
}

impl Default for ChampionshipForm {
    /// A Swiss of five rounds for players, two at a table playing one game of Fives and
    /// Threes, 1 for a win and ½ for a draw, a bye worth a win, seeded by rating.
    fn default() -> Self {
        Self {
            name: String::new(),
            starts_on: String::new(),
            ends_on: String::new(),
            venue: String::new(),
            preset: Preset::FivesAndThrees.name().into(),
            ruleset_target: String::new(),
            entrants: "players".into(),
            stages: "swiss".into(),
            rounds: "5".into(),
            groups: "4".into(),
            advance: "2".into(),
            top: "8".into(),
            third_place: None,
            grand_final_reset: Some("on".into()),
            seats: "2".into(),
            partnerships: None,
            table_play: "one-game".into(),
            table_games: "3".into(),
            singles_games: "6".into(),
            pairs_games: "3".into(),
            match_target: "61".into(),
            win: "1".into(),
            draw: "½".into(),
            loss: "0".into(),
            places: "3, 1, 0".into(),
            bye_points: "1".into(),
            seeding: "rating".into(),
            tiebreaks: Tiebreak::DEFAULT
                .iter()
                .map(|tiebreak| tiebreak_words(*tiebreak))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// The longest list of tiebreaks the form takes: every tiebreak's name in words, and room.
const MAX_TIEBREAK_TEXT: usize = 400;

/// The tiebreaks as the form lists them, in order: each by its name in words (or the event
/// document's name), separated by commas.
fn tiebreaks_of(errors: &mut FieldErrors, text: &str) -> Vec<Tiebreak> {
    let mut tiebreaks = Vec::new();
    if text.chars().count() > MAX_TIEBREAK_TEXT {
        errors.add(
            "tiebreaks",
            format!("The tiebreaks are at most {MAX_TIEBREAK_TEXT} characters."),
        );
        return tiebreaks;
    }
    for part in text
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
    {
        let found = Tiebreak::ALL.into_iter().find(|tiebreak| {
            tiebreak_words(*tiebreak).eq_ignore_ascii_case(part)
                || tiebreak.name().eq_ignore_ascii_case(part)
        });
        match found {
            Some(tiebreak) => tiebreaks.push(tiebreak),
            None => {
                let known: Vec<&str> = Tiebreak::ALL.into_iter().map(tiebreak_words).collect();
                errors.add(
                    "tiebreaks",
                    format!(
                        "{part:?} is not a tiebreak; choose from {}.",
                        known.join(", ")
                    ),
                );
            }
        }
    }
    tiebreaks
}

/// Points as an organiser writes them: `1`, `0`, `½`, `1½`, `0.5` or `2.5`.
fn points_of(text: &str) -> Option<Points> {
    let text = text.trim();
    let (whole, half) = if let Some(whole) = text.strip_suffix('½') {
        (whole, true)
    } else if let Some(whole) = text.strip_suffix(".5") {
        (whole, true)
    } else {
        (text.strip_suffix(".0").unwrap_or(text), false)
    };
    let whole: u32 = if whole.is_empty() && half {
        0
    } else {
        whole.parse().ok()?
    };
    if whole > MAX_POINTS {
        return None;
    }
    Some(Points::halves(whole * 2 + u32::from(half)))
}

fn number_of(errors: &mut FieldErrors, field: &'static str, label: &str, text: &str) -> u32 {
    match text.trim().parse::<u32>() {
        Ok(number) => number,
        Err(_) => {
            errors.add(field, format!("Enter {label} as a whole number."));
            0
        }
    }
}

fn points_field(errors: &mut FieldErrors, field: &'static str, label: &str, text: &str) -> Points {
    points_of(text).unwrap_or_else(|| {
        errors.add(
            field,
            format!(
                "Enter {label} as points from 0 to {MAX_POINTS}, in halves (such as 1, ½ or 2½)."
            ),
        );
        Points::whole(0)
    })
}

/// A team event's match as the form gives it: so many singles, then so many pairs games, each
/// to the target, each player at most once of each kind (as most leagues play).
fn team_match_of(errors: &mut FieldErrors, form: &ChampionshipForm) -> TeamMatch {
    let singles = number_of(
        errors,
        "team_match",
        "the singles games",
        &form.singles_games,
    );
    let pairs = number_of(errors, "team_match", "the pairs games", &form.pairs_games);
    let target = if form.match_target.trim() == "121" {
        121
    } else {
        61
    };
    let legs = [(LegKind::Singles, singles), (LegKind::Pairs, pairs)]
        .into_iter()
        .filter(|(_, games)| *games > 0)
        .map(|(kind, games)| Leg {
            kind,
            games,
            target,
        })
        .collect();
    TeamMatch {
        legs,
        player_limits: PlayerLimits::default(),
    }
}

/// The championship the form describes, or each problem at its field.
fn input_of(form: &ChampionshipForm) -> Result<ChampionshipInput, FieldErrors> {
    let mut errors = FieldErrors::default();
    let name = DisplayName::try_from(form.name.as_str())
        .map_err(|error| errors.add("name", error.to_string()))
        .ok();
    let date = |text: &str| chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok();
    let starts_on = date(&form.starts_on);
    if starts_on.is_none() {
        errors.add("starts_on", "Enter the first day, such as 2027-03-06.");
    }
    let ends_on = if form.ends_on.trim().is_empty() {
        starts_on
    } else {
        let day = date(&form.ends_on);
        if day.is_none() {
            errors.add(
                "ends_on",
                "Enter the last day, such as 2027-03-07, or leave it empty for one day.",
            );
        }
        day
    };
    let preset = Preset::ALL
        .iter()
        .copied()
        .find(|p| p.name() == form.preset);
    if preset.is_none() {
        errors.add("preset", "Choose the game.");
    }
    let target = match form.ruleset_target.trim() {
        "" => None,
        text => Some(number_of(
            &mut errors,
            "ruleset_target",
            "the game's target",
            text,
        )),
    };
    let entrants = match form.entrants.as_str() {
        "pairs" => EntrantKind::Pairs,
        "teams" => EntrantKind::Teams,
        _ => EntrantKind::Players,
    };
    let checked = |value: &Option<String>| value.is_some();
    let stages = match form.stages.as_str() {
        "round-robin" => Stages::RoundRobin,
        "groups" => Stages::Groups {
            groups: number_of(&mut errors, "groups", "the number of groups", &form.groups),
            advance: number_of(
                &mut errors,
                "advance",
                "how many go on from each group",
                &form.advance,
            ),
        },
        "knockout" => Stages::Knockout {
            third_place: checked(&form.third_place),
        },
        "double-elimination" => Stages::DoubleElimination {
            grand_final_reset: checked(&form.grand_final_reset),
        },
        "swiss-then-knockout" => Stages::SwissThenKnockout {
            rounds: number_of(&mut errors, "rounds", "the Swiss's rounds", &form.rounds),
            top: number_of(
                &mut errors,
                "top",
                "how many go on to the knockout",
                &form.top,
            ),
            third_place: checked(&form.third_place),
        },
        _ => Stages::Swiss {
            rounds: number_of(&mut errors, "rounds", "the number of rounds", &form.rounds),
        },
    };
    let seats = number_of(&mut errors, "seats", "the seats at a table", &form.seats);
    let team_match = (entrants == EntrantKind::Teams).then(|| team_match_of(&mut errors, form));
    let table_play = match form.table_play.as_str() {
        // A team event's table is its one team match, whatever the form's table play says.
        _ if team_match.is_some() => TablePlay::OneGame,
        "best-of" => TablePlay::BestOf(number_of(
            &mut errors,
            "table_games",
            "the games",
            &form.table_games,
        )),
        "first-to" => TablePlay::FirstTo(number_of(
            &mut errors,
            "table_games",
            "the games",
            &form.table_games,
        )),
        _ => TablePlay::OneGame,
    };
    let scoring = if seats > 2 && !checked(&form.partnerships) {
        let places: Vec<Points> = form
            .places
            .split(',')
            .map(|part| points_field(&mut errors, "scoring", "each place's points", part))
            .collect();
        TableScoring::ByPlace(places)
    } else {
        TableScoring::WinDrawLoss {
            win: points_field(&mut errors, "scoring", "a win's points", &form.win),
            draw: points_field(&mut errors, "scoring", "a draw's points", &form.draw),
            loss: points_field(&mut errors, "scoring", "a loss's points", &form.loss),
        }
    };
    let bye_points = points_field(
        &mut errors,
        "bye_points",
        "a bye's points",
        &form.bye_points,
    );
    let seeding = match form.seeding.as_str() {
        "entry" => fives_pairing::document::Seeding::Entry,
        _ => fives_pairing::document::Seeding::Rating,
    };
    let choice = FormatChoice {
        entrants,
        team_match,
        stages,
        seats,
        partnerships: checked(&form.partnerships),
        table_play,
        scoring,
        bye_points,
        tiebreaks: tiebreaks_of(&mut errors, &form.tiebreaks),
        seeding,
    };
    let format = if errors.is_empty() {
        ChampionshipFormat::try_from(choice)
            .map_err(|problems| {
                for problem in problems {
                    errors.add(problem.field, problem.message);
                }
            })
            .ok()
    } else {
        None
    };
    match (name, starts_on, ends_on, preset, format) {
        (Some(name), Some(starts_on), Some(ends_on), Some(preset), Some(format))
            if errors.is_empty() =>
        {
            Ok(ChampionshipInput {
                name,
                starts_on,
                ends_on,
                venue: form.venue.clone(),
                ruleset: RulesetSpec {
                    preset,
                    overrides: Overrides {
                        target: target.map(|points| Target {
                            by_players: PerPlayers::all(points),
                            partners: points,
                        }),
                        ..Overrides::default()
                    },
                },
                format,
            })
        }
        _ => Err(errors),
    }
}

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
    max_rounds: u32,
    max_games: u32,
    max_leg_games: u32,
    tiebreak_names: String,
    max_tiebreaks: usize,
}

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
    let list = state.store.championships_of(organisation.id).await?;
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
    let list = store.championships_of(organisation.id).await?;
    championships_page(&viewer, organisation, list, form, errors)
}

struct EntrantLine {
    entrant: Entrant,
    status: String,
}

struct SeatLine {
    names: String,
    result: String,
}

struct TableLine {
    id: i64,
    number: u32,
    seats: SeatLine,
    status: TableStatus,
    version: u32,
}

struct RoundLine {
    id: i64,
    title: String,
    tables: Vec<TableLine>,
    byes: String,
}

#[derive(Template)]
#[template(path = "organiser/championship.html")]
struct ChampionshipPage {
    layout: Layout,
    organisation: Organisation,
    championship: Championship,
    format: String,
    entrants: Vec<EntrantLine>,
    pairs: bool,
    max_entrants: usize,
    entry_text: String,
    problems: Vec<String>,
    notice: Option<String>,
    preview: Option<PreviewLines>,
    no_round: Option<String>,
    rounds: Vec<RoundLine>,
    /// Every entry, confirmation and correction of a table's result, the latest first.
    log: Vec<LogLine>,
    /// What the engine names when it refuses the published rounds, to be put right.
    refused: Option<String>,
    /// Rounds paired before a result they were paired from was corrected, each with those
    /// tables: they stand as published, and the document marks them.
    paired_before: Vec<(String, String)>,
}

struct LogLine {
    at: String,
    table: String,
    by: String,
    action: &'static str,
    change: String,
    reason: String,
}

/// A table's result as its points, seat by seat (`1–0`); empty for none.
fn points_words(result: Option<&crate::store::TableResult>) -> String {
    result
        .map(|result| {
            result
                .outcome
                .points
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("–")
        })
        .unwrap_or_default()
}

fn log_of(view: &ChampionshipView, events: Vec<crate::store::TableEvent>) -> Vec<LogLine> {
    let place = |table: TableId| {
        view.rounds
            .iter()
            .find_map(|round| {
                round
                    .tables
                    .iter()
                    .find(|t| t.id == table)
                    .map(|t| table_title(round.stage, round.number, t.number))
            })
            .unwrap_or_default()
    };
    events
        .into_iter()
        .rev()
        .map(|event| LogLine {
            at: crate::web::dates::moment(event.at),
            table: place(event.table),
            by: event
                .by_email
                .clone()
                .unwrap_or_else(|| "a player, through the table's link".into()),
            action: match event.action {
                crate::store::TableAction::Entered => "entered",
                crate::store::TableAction::Confirmed => "confirmed",
                crate::store::TableAction::Corrected => "corrected",
            },
            change: match (&event.before, &event.after) {
                (Some(_), Some(_)) if event.action != crate::store::TableAction::Confirmed => {
                    format!(
                        "{} to {}",
                        points_words(event.before.as_ref()),
                        points_words(event.after.as_ref())
                    )
                }
                _ => points_words(event.after.as_ref()),
            },
            reason: event.reason.unwrap_or_default(),
        })
        .collect()
}

struct PreviewLines {
    title: String,
    tables: Vec<String>,
    byes: String,
    warnings: Vec<String>,
    /// What the publish form sends back: the tables seen, and the swaps made.
    seen: String,
    swaps: Vec<(String, String)>,
    names: Vec<String>,
}

fn rounds_of(view: &ChampionshipView) -> Vec<RoundLine> {
    let name = |id: EntrantId| view.entrant(id).map(|e| e.name.clone()).unwrap_or_default();
    view.rounds
        .iter()
        .rev()
        .map(|round| RoundLine {
            id: round.id.0,
            title: round_title(round.stage, round.number),
            tables: round
                .tables
                .iter()
                .map(|table| TableLine {
                    id: table.id.0,
                    number: table.number,
                    seats: SeatLine {
                        names: table
                            .seats
                            .iter()
                            .map(|&id| name(id))
                            .collect::<Vec<_>>()
                            .join(" v "),
                        result: points_words(table.result.as_ref()),
                    },
                    status: table.status,
                    version: table.version,
                })
                .collect(),
            byes: round
                .byes
                .iter()
                .map(|&id| name(id))
                .collect::<Vec<_>>()
                .join(", "),
        })
        .collect()
}

fn preview_lines(preview: &Preview, swaps: &[(String, String)]) -> PreviewLines {
    let round = &preview.round;
    PreviewLines {
        title: round_title(round.stage, round.number as u32),
        tables: round.tables.iter().map(|seats| seats.join(" v ")).collect(),
        byes: round.byes.join(", "),
        warnings: preview.warnings.iter().map(ToString::to_string).collect(),
        seen: serde_json::to_string(&round.tables).unwrap_or_default(),
        swaps: swaps.to_vec(),
        names: round
            .tables
            .iter()
            .flatten()
            .chain(&round.byes)
            .cloned()
            .collect(),
    }
}

struct Shown {
    entry_text: String,
    problems: Vec<String>,
    notice: Option<String>,
}

async fn manage_page(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
    id: i64,
    swaps: &[(String, String)],
    shown: Shown,
) -> Result<HttpResponse, WebError> {
    let store = state.store.as_ref();
    let (preview, no_round, view) =
        match championships::preview_round(store, viewer.who(), slug, ChampionshipId(id), swaps)
            .await
        {
            Ok(preview) => {
                let lines = preview_lines(&preview, swaps);
                (Some(lines), None, preview.view)
            }
            Err(AppError::Conflict(reason)) => {
                let organisation = organised(viewer, state, slug).await?;
                let view =
                    championships::championship(store, &organisation.slug, ChampionshipId(id))
                        .await
                        .map_err(|error| viewer.refused(error))?;
                (None, Some(reason.to_string()), view)
            }
            Err(AppError::Invalid(problems)) => {
                // A swap that cannot be made: shown, and the round as the engine paired it.
                let mut shown = shown;
                shown
                    .problems
                    .extend(problems.into_iter().map(|p| p.message));
                return Box::pin(manage_page(viewer, state, slug, id, &[], shown)).await;
            }
            Err(error) => return Err(viewer.refused(error)),
        };
    let played = view
        .rounds
        .iter()
        .filter(|r| r.stage == Stage::Main)
        .count() as u32;
    let log = log_of(&view, store.table_events(view.championship.id).await?);
    let status = if shown.problems.is_empty() {
        actix_web::http::StatusCode::OK
    } else {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    };
    let page = ChampionshipPage {
        layout: viewer.layout(view.championship.name.clone()),
        format: format_words(&view.championship.format),
        entrants: view
            .entrants
            .iter()
            .map(|entrant| EntrantLine {
                status: match (entrant.withdrawn_after, entrant.checked_in) {
                    (Some(0), _) if played > 0 => "did not start".into(),
                    (Some(after), _) => format!("withdrawn after round {after}"),
                    (None, true) => "checked in".into(),
                    (None, false) => String::new(),
                },
                entrant: entrant.clone(),
            })
            .collect(),
        pairs: view.championship.format.entrants == EntrantKind::Pairs,
        max_entrants: MAX_ENTRANTS,
        entry_text: shown.entry_text,
        problems: shown.problems,
        notice: shown.notice,
        preview,
        no_round,
        rounds: rounds_of(&view),
        log,
        refused: view.refusal().map(|refused| refused.to_string()),
        paired_before: view
            .rounds
            .iter()
            .filter_map(|round| {
                let tables = view.paired_before_corrections(round);
                (!tables.is_empty())
                    .then(|| (round_title(round.stage, round.number), tables.join("; ")))
            })
            .collect(),
        organisation: view.organisation,
        championship: view.championship,
    };
    render_with_status(status, &page)
}

#[derive(Debug, Deserialize)]
pub struct SwapQuery {
    /// Swaps made so far, each `first|second`, in order.
    #[serde(default)]
    swaps: String,
    #[serde(default)]
    first: String,
    #[serde(default)]
    second: String,
}

fn swaps_of(text: &str) -> Vec<(String, String)> {
    text.split('\n')
        .filter_map(|line| line.split_once('|'))
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[get("/organise/{slug}/championships/{id}")]
pub async fn championship_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    query: Query<SwapQuery>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let mut swaps = swaps_of(&query.swaps);
    if !query.first.is_empty() && !query.second.is_empty() {
        swaps.push((query.first.clone(), query.second.clone()));
    }
    let shown = Shown {
        entry_text: String::new(),
        problems: Vec::new(),
        notice: None,
    };
    manage_page(&viewer, &state, &slug, id, &swaps, shown).await
}

#[derive(Debug, Deserialize)]
pub struct EntrantsForm {
    #[serde(default)]
    entrants: String,
}

#[post("/organise/{slug}/championships/{id}/entrants")]
pub async fn add_entrants(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<EntrantsForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    entrants_from(
        &viewer,
        &state,
        &slug,
        id,
        form.into_inner().entrants.into_bytes(),
    )
    .await
}

/// The entry list as a CSV file, as a spreadsheet saves it.
#[post("/organise/{slug}/championships/{id}/entrants/csv")]
pub async fn add_entrants_file(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: actix_multipart::Multipart,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    organised(&viewer, &state, &slug).await?;
    let bytes = crate::web::organiser::squad::uploaded_file(form, MAX_ENTRY_CSV_BYTES).await?;
    entrants_from(&viewer, &state, &slug, id, bytes).await
}

/// Enters the entrants of a pasted list or an uploaded file (the same CSV either way).
async fn entrants_from(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
    id: i64,
    bytes: Vec<u8>,
) -> Result<HttpResponse, WebError> {
    let store = state.store.as_ref();
    let organisation = organised(viewer, state, slug).await?;
    let view = championships::championship(store, &organisation.slug, ChampionshipId(id))
        .await
        .map_err(|error| viewer.refused(error))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let problems: Vec<String> = match entries_from_csv(&bytes, view.championship.format.entrants) {
        Err(problems) => problems.iter().map(ToString::to_string).collect(),
        Ok(lines) => {
            match championships::add_entrants(store, viewer.who(), slug, ChampionshipId(id), lines)
                .await
            {
                Ok(added) => {
                    let shown = Shown {
                        entry_text: String::new(),
                        problems: Vec::new(),
                        notice: Some(format!("{} entered.", added.len())),
                    };
                    return manage_page(viewer, state, slug, id, &[], shown).await;
                }
                Err(AppError::Invalid(problems)) => problems
                    .into_iter()
                    .map(|p| match p.field {
                        Field::Line(line) => format!("Line {line}: {}", p.message),
                        _ => p.message,
                    })
                    .collect(),
                Err(AppError::Conflict(conflict)) => vec![conflict.to_string()],
                Err(error) => return Err(viewer.refused(error)),
            }
        }
    };
    let shown = Shown {
        entry_text: text,
        problems,
        notice: None,
    };
    manage_page(viewer, state, slug, id, &[], shown).await
}

#[derive(Debug, Deserialize)]
pub struct EntrantForm {
    /// `check-in`, `check-out`, `withdraw`, `reinstate`, `seed` or `remove`.
    action: String,
    #[serde(default)]
    seed: String,
}

#[post("/organise/{slug}/championships/{id}/entrants/{entrant_id}")]
pub async fn change_entrant(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    form: Form<EntrantForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, entrant) = path.into_inner();
    let store = state.store.as_ref();
    let form = form.into_inner();
    let change = match form.action.as_str() {
        "check-in" => EntrantChange {
            checked_in: Some(true),
            ..Default::default()
        },
        "check-out" => EntrantChange {
            checked_in: Some(false),
            ..Default::default()
        },
        "withdraw" => EntrantChange {
            withdrawn: Some(true),
            ..Default::default()
        },
        "reinstate" => EntrantChange {
            withdrawn: Some(false),
            ..Default::default()
        },
        "seed" => EntrantChange {
            seed: Some(if form.seed.trim().is_empty() {
                None
            } else {
                Some(form.seed.trim().parse().unwrap_or(0))
            }),
            ..Default::default()
        },
        "remove" => {
            let outcome = championships::remove_entrant(
                store,
                viewer.who(),
                &slug,
                ChampionshipId(id),
                EntrantId(entrant),
            )
            .await;
            return after_change(
                &viewer,
                &state,
                &slug,
                id,
                outcome.map(|e| format!("{} is removed.", e.name)),
            )
            .await;
        }
        _ => return Err(WebError::NotFound),
    };
    let outcome = championships::change_entrant(
        store,
        viewer.who(),
        &slug,
        ChampionshipId(id),
        EntrantId(entrant),
        change,
    )
    .await
    .map(|e| format!("{} is changed.", e.name));
    after_change(&viewer, &state, &slug, id, outcome).await
}

/// After a change: back to the championship's page, or the page again with what went wrong.
async fn after_change(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
    id: i64,
    outcome: Result<String, AppError>,
) -> Result<HttpResponse, WebError> {
    match outcome {
        Ok(_) => Ok(redirect(&format!("/organise/{slug}/championships/{id}"))),
        Err(AppError::Invalid(problems)) => {
            let shown = Shown {
                entry_text: String::new(),
                problems: problems.into_iter().map(|p| p.message).collect(),
                notice: None,
            };
            manage_page(viewer, state, slug, id, &[], shown).await
        }
        Err(AppError::Conflict(conflict)) => {
            let shown = Shown {
                entry_text: String::new(),
                problems: vec![conflict.to_string()],
                notice: None,
            };
            manage_page(viewer, state, slug, id, &[], shown).await
        }
        Err(error) => Err(viewer.refused(error)),
    }
}

#[derive(Debug, Deserialize)]
pub struct PublishForm {
    /// The tables the organiser saw, as JSON.
    #[serde(default)]
    seen: String,
    #[serde(default)]
    swaps: String,
}

#[post("/organise/{slug}/championships/{id}/rounds")]
pub async fn publish_round(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<PublishForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let form = form.into_inner();
    let seen: Option<Vec<Vec<String>>> = serde_json::from_str(&form.seen).ok();
    let swaps = swaps_of(&form.swaps);
    let published = championships::publish_round(
        state.store.as_ref(),
        &state.key,
        viewer.who(),
        &slug,
        ChampionshipId(id),
        &swaps,
        seen.as_deref(),
    )
    .await;
    match published {
        Ok(published) => Ok(redirect(&format!(
            "/organise/{slug}/championships/{id}/rounds/{}/cards",
            published.round.id
        ))),
        Err(error) => after_change(&viewer, &state, &slug, id, Err(error)).await,
    }
}

struct Card {
    number: u32,
    seats: Vec<String>,
    link: String,
    /// One row a hand on the scoresheet.
    hands: Vec<u32>,
}

#[derive(Template)]
#[template(path = "organiser/championship_cards.html")]
struct CardsPage {
    layout: Layout,
    organisation: Organisation,
    championship: Championship,
    title: String,
    cards: Vec<Card>,
    byes: String,
}

#[get("/organise/{slug}/championships/{id}/rounds/{round_id}/cards")]
pub async fn round_cards(
    req: actix_web::HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, round_id) = path.into_inner();
    let organisation = organised(&viewer, &state, &slug).await?;
    let view =
        championships::championship(state.store.as_ref(), &organisation.slug, ChampionshipId(id))
            .await
            .map_err(|error| viewer.refused(error))?;
    let round = view
        .rounds
        .iter()
        .find(|round| round.id.0 == round_id)
        .ok_or(WebError::NotFound)?;
    let links = round_links(&state.key, view.championship.id, round);
    let name = |id: EntrantId| view.entrant(id).map(|e| e.name.clone()).unwrap_or_default();
    let cards = round
        .tables
        .iter()
        .zip(&links)
        .map(|(table, link)| Card {
            number: table.number,
            seats: table.seats.iter().map(|&id| name(id)).collect(),
            link: crate::web::link_as_reached(&req, &format!("/tables/{}", link.as_str())),
            hands: (1..=12).collect(),
        })
        .collect();
    let title = round_title(round.stage, round.number);
    render(&CardsPage {
        layout: viewer.layout(format!("{title} cards: {}", view.championship.name)),
        byes: round
            .byes
            .iter()
            .map(|&id| name(id))
            .collect::<Vec<_>>()
            .join(", "),
        title,
        cards,
        organisation: view.organisation,
        championship: view.championship,
    })
}

#[derive(Debug, Deserialize)]
pub struct ConfirmForm {
    version: u32,
}

#[post("/organise/{slug}/championships/{id}/tables/{table_id}/confirm")]
pub async fn confirm_table(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    form: Form<ConfirmForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, table) = path.into_inner();
    let outcome = championships::confirm_table_result(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
        form.version,
    )
    .await
    .map(|_| String::new());
    after_change(&viewer, &state, &slug, id, outcome).await
}

#[derive(Template)]
#[template(path = "organiser/championship_table.html")]
struct TablePage {
    layout: Layout,
    organisation: Organisation,
    championship: Championship,
    title: String,
    seats: String,
    table_id: i64,
    version: u32,
    confirmed: bool,
    games: Vec<String>,
    /// At a team event's table, the team match's form instead.
    team_form: Option<ResultForm>,
    reason: String,
    problems: Vec<String>,
}

/// The kept result's team match, on the form, to correct; a blank form for a table without.
fn kept_team_form(place: &TablePlace) -> Option<ResultForm> {
    let kept: Option<Vec<GameSheet>> = place
        .table
        .result
        .as_ref()
        .and_then(|result| serde_json::from_str::<serde_json::Value>(&result.sheet).ok())
        .and_then(|sheet| serde_json::from_value(sheet["games"].clone()).ok());
    with_team_rules(place, |rules, teams| match kept {
        Some(games) => {
            ResultForm::prefilled(rules, teams, String::new(), &ResultSheet::Played { games })
        }
        None => ResultForm::blank(rules, teams, String::new()),
    })
}

fn table_page(
    viewer: &Viewer,
    place: TablePlace,
    typed: Option<TypedGames>,
    reason: String,
    problems: Vec<String>,
) -> Result<HttpResponse, WebError> {
    let format = &place.view.championship.format;
    let most = format.table_play.most_games(format.seating.sides()) as usize;
    let (games, team_form) = match typed {
        Some(TypedGames::Hands(games)) => (games, None),
        Some(TypedGames::TeamMatch(form)) => (Vec::new(), Some(form)),
        None => (Vec::new(), kept_team_form(&place)),
    };
    let mut games = if team_form.is_some() {
        Vec::new()
    } else if games.is_empty() {
        // What is kept, to correct.
        place
            .table
            .result
            .as_ref()
            .and_then(|result| serde_json::from_str::<serde_json::Value>(&result.sheet).ok())
            .and_then(|sheet| {
                serde_json::from_value::<Vec<Vec<fives_rules::record::HandRecord>>>(
                    sheet["games"].clone(),
                )
                .ok()
            })
            .map(|kept| {
                // Hands with more than lines can say (moves, deals) come back as the record.
                let championship = &place.view.championship;
                kept.into_iter()
                    .map(|hands| {
                        write_hand_lines(&hands).unwrap_or_else(|| {
                            table_game_record(
                                &championship.ruleset,
                                &championship.format,
                                &place.seat_players,
                                hands,
                            )
                            .to_json()
                        })
                    })
                    .collect()
            })
            .unwrap_or_default()
    } else {
        games
    };
    if team_form.is_none() {
        games.resize(most.max(games.len()), String::new());
    }
    let title = table_title(place.stage, place.round, place.table.number);
    let status = if problems.is_empty() {
        actix_web::http::StatusCode::OK
    } else {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    };
    let page = TablePage {
        layout: viewer.layout(format!("{title}: {}", place.view.championship.name)),
        seats: place
            .seats()
            .iter()
            .map(|e| e.name.clone())
            .collect::<Vec<_>>()
            .join(" v "),
        table_id: place.table.id.0,
        version: place.table.version,
        confirmed: place.table.status == TableStatus::Confirmed,
        title,
        games,
        team_form,
        reason,
        problems,
        organisation: place.view.organisation,
        championship: place.view.championship,
    };
    render_with_status(status, &page)
}

#[get("/organise/{slug}/championships/{id}/tables/{table_id}")]
pub async fn table_form(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, table) = path.into_inner();
    let place = championships::organised_table(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    table_page(&viewer, place, None, String::new(), Vec::new())
}

#[derive(Debug, Deserialize)]
pub struct TableResultForm {
    version: u32,
    #[serde(default)]
    reason: String,
    #[serde(flatten)]
    games: std::collections::BTreeMap<String, String>,
}

#[post("/organise/{slug}/championships/{id}/tables/{table_id}")]
pub async fn enter_table_result(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
    form: Form<TableResultForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id, table) = path.into_inner();
    let store = state.store.as_ref();
    let place = championships::organised_table(
        store,
        viewer.who(),
        &slug,
        ChampionshipId(id),
        TableId(table),
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    let form = form.into_inner();
    let (mut typed, games, mut problems) = table_games_posted(&place, &form.games);
    if let Some(games) = games {
        let entry = OrganiserEntry {
            from_version: form.version,
            games,
            reason: Some(form.reason.clone()),
        };
        match championships::enter_result_as_organiser(
            store,
            viewer.who(),
            &slug,
            ChampionshipId(id),
            TableId(table),
            entry,
        )
        .await
        {
            Ok(_) => return Ok(redirect(&format!("/organise/{slug}/championships/{id}"))),
            Err(AppError::Invalid(found)) => problems.extend(show_problems(&mut typed, found)),
            Err(AppError::Conflict(conflict)) => problems.push(conflict.to_string()),
            Err(error) => return Err(viewer.refused(error)),
        }
    }
    table_page(&viewer, place, Some(typed), form.reason, problems)
}
