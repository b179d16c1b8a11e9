//! An organiser's pages for setting up a league: its competitions, each with a ruleset (a
//! preset of the rules crate, optionally with another target) and a match format filled in as
//! a form.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::{NaiveDate, Utc, Weekday};
use fives_rules::ruleset::{Overrides, PerPlayers, Target};
use fives_rules::{Preset, RulesetSpec};
use serde::Deserialize;

use super::AppState;
use super::error::WebError;
use super::layout::{Layout, redirect, render_with_status};
use super::session::Viewer;
use crate::domain::authorisation::Permission;
use crate::domain::fixtures::Legs;
use crate::domain::ids::{CompetitionId, DivisionId, SeasonId, TeamId};
use crate::domain::league::{SeasonCalendar, weekday_name};
use crate::domain::match_format::{
    BonusCondition, Leg, LegKind, LosingBonus, MatchFormat, MatchFormatError, PlayerLimits,
    PointsScheme, WalkoverScore,
};
use crate::domain::organisation::DisplayName;
use crate::domain::standings::TiebreakOrder;
use crate::store::{
    Competition, Division, NewCompetition, NewDivision, NewSeason, Organisation, Player, Season,
    StoreError, Team,
};

/// What an organiser types into the new competition form, kept as typed so that a form
/// shown again with its problems shows what was there.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CompetitionForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub preset: String,
    #[serde(default)]
    pub ruleset_target: String,
    #[serde(default)]
    pub singles_games: String,
    #[serde(default)]
    pub pairs_games: String,
    #[serde(default)]
    pub game_target: String,
    #[serde(default)]
    pub per_game_won: String,
    #[serde(default)]
    pub per_match_won: String,
    #[serde(default)]
    pub per_match_drawn: String,
    #[serde(default)]
    pub bonus_points: String,
    #[serde(default)]
    pub bonus_lost_by: String,
    #[serde(default)]
    pub walkover_for: String,
    #[serde(default)]
    pub walkover_against: String,
}

impl CompetitionForm {
    /// The form as a new organiser first sees it: 6 singles and 3 pairs games to 61, 2 points
    /// per match won and 1 per game, walkovers 5-0.
    fn starting_values() -> Self {
        Self {
            name: String::new(),
            preset: Preset::FivesAndThrees.name().to_string(),
            ruleset_target: String::new(),
            singles_games: "6".into(),
            pairs_games: "3".into(),
            game_target: "61".into(),
            per_game_won: "1".into(),
            per_match_won: "2".into(),
            per_match_drawn: "1".into(),
            bonus_points: String::new(),
            bonus_lost_by: String::new(),
            walkover_for: "5".into(),
            walkover_against: "0".into(),
        }
    }
}

/// Each field's problems, by the field's name in the form.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<&'static str, Vec<String>>);

impl FieldErrors {
    fn add(&mut self, field: &'static str, message: impl Into<String>) {
        self.0.entry(field).or_default().push(message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The field's problems as one text, empty when it has none.
    pub fn of(&self, field: &str) -> String {
        self.0.get(field).map(|m| m.join(" ")).unwrap_or_default()
    }

    pub fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    pub fn all(&self) -> Vec<String> {
        self.0.values().flatten().cloned().collect()
    }
}

/// A competition form that checks out.
pub struct CompetitionInput {
    pub name: DisplayName,
    pub ruleset: RulesetSpec,
    pub match_format: MatchFormat,
}

fn whole_number(
    errors: &mut FieldErrors,
    field: &'static str,
    label: &str,
    text: &str,
) -> Option<u32> {
    match text.trim().parse::<u32>() {
        Ok(number) => Some(number),
        Err(_) if text.trim().is_empty() => {
            errors.add(field, format!("Enter {label}."));
            None
        }
        Err(_) => {
            errors.add(
                field,
                format!("{label} must be a whole number, not {:?}.", text.trim()),
            );
            None
        }
    }
}

fn optional_number(
    errors: &mut FieldErrors,
    field: &'static str,
    label: &str,
    text: &str,
) -> Option<Option<u32>> {
    if text.trim().is_empty() {
        return Some(None);
    }
    whole_number(errors, field, label, text).map(Some)
}

/// The form field a match format problem belongs next to.
fn field_of(problem: &MatchFormatError) -> &'static str {
    match problem {
        MatchFormatError::NoLegs | MatchFormatError::NoGames { .. } => "singles_games",
        MatchFormatError::KindNotAllowed {
            kind: LegKind::Pairs,
        } => "pairs_games",
        MatchFormatError::KindNotAllowed { .. } => "singles_games",
        MatchFormatError::NoTarget { .. } => "game_target",
        MatchFormatError::NoPoints => "per_game_won",
        MatchFormatError::DrawWorthMoreThanWin { .. } => "per_match_drawn",
        MatchFormatError::BonusWorthMoreThanWin { .. } => "bonus_points",
        MatchFormatError::BonusNeverEarned { .. } => "bonus_lost_by",
        MatchFormatError::WalkoverNotAWin { .. }
        | MatchFormatError::WalkoverTooManyGames { .. } => "walkover_for",
    }
}

impl TryFrom<&CompetitionForm> for CompetitionInput {
    type Error = FieldErrors;

    fn try_from(form: &CompetitionForm) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::default();
        let name = DisplayName::try_from(form.name.as_str())
            .map_err(|error| errors.add("name", error.to_string()))
            .ok();
        let preset = Preset::from_name(form.preset.trim());
        if preset.is_none() {
            errors.add("preset", "Choose one of the five games.");
        }
        let ruleset_target = optional_number(
            &mut errors,
            "ruleset_target",
            "The ruleset's target",
            &form.ruleset_target,
        );
        if let Some(Some(0)) = ruleset_target {
            errors.add("ruleset_target", "A game's target must be more than 0.");
        }
        let singles = whole_number(
            &mut errors,
            "singles_games",
            "The number of singles games",
            &form.singles_games,
        );
        let pairs = whole_number(
            &mut errors,
            "pairs_games",
            "The number of pairs games",
            &form.pairs_games,
        );
        let target = match form.game_target.trim() {
            "61" => Some(61),
            "121" => Some(121),
            _ => {
                errors.add(
                    "game_target",
                    "Choose 61 (once round the board) or 121 (twice).",
                );
                None
            }
        };
        let per_game_won = whole_number(
            &mut errors,
            "per_game_won",
            "Points per game won",
            &form.per_game_won,
        );
        let per_match_won = whole_number(
            &mut errors,
            "per_match_won",
            "Points per match won",
            &form.per_match_won,
        );
        let per_match_drawn = whole_number(
            &mut errors,
            "per_match_drawn",
            "Points per match drawn",
            &form.per_match_drawn,
        );
        let bonus_points = optional_number(
            &mut errors,
            "bonus_points",
            "The losing bonus",
            &form.bonus_points,
        );
        let bonus_lost_by = optional_number(
            &mut errors,
            "bonus_lost_by",
            "The losing bonus's margin",
            &form.bonus_lost_by,
        );
        let losing_bonus = match (bonus_points, bonus_lost_by) {
            (Some(None), Some(None)) => Some(None),
            (Some(Some(points)), Some(Some(margin))) => Some(Some(LosingBonus {
                points,
                condition: BonusCondition::LostByAtMost(margin),
            })),
            (Some(Some(_)), Some(None)) => {
                errors.add(
                    "bonus_lost_by",
                    "Enter by how many games a side may lose and still earn the bonus.",
                );
                None
            }
            (Some(None), Some(Some(_))) => {
                errors.add(
                    "bonus_points",
                    "Enter the points the losing bonus is worth.",
                );
                None
            }
            _ => None,
        };
        let walkover_for = whole_number(
            &mut errors,
            "walkover_for",
            "The walkover games for",
            &form.walkover_for,
        );
        let walkover_against = whole_number(
            &mut errors,
            "walkover_against",
            "The walkover games against",
            &form.walkover_against,
        );
        let mut match_format = None;
        if let (
            Some(singles),
            Some(pairs),
            Some(target),
            Some(per_game_won),
            Some(per_match_won),
            Some(per_match_drawn),
            Some(losing_bonus),
            Some(winner_games),
            Some(loser_games),
        ) = (
            singles,
            pairs,
            target,
            per_game_won,
            per_match_won,
            per_match_drawn,
            losing_bonus,
            walkover_for,
            walkover_against,
        ) {
            let legs = [(LegKind::Singles, singles), (LegKind::Pairs, pairs)]
                .into_iter()
                .filter(|&(_, games)| games > 0)
                .map(|(kind, games)| Leg {
                    kind,
                    games,
                    target,
                })
                .collect();
            let format = MatchFormat {
                legs,
                player_limits: PlayerLimits::default(),
                points: PointsScheme {
                    per_game_won,
                    per_match_won,
                    per_match_drawn,
                    losing_bonus,
                },
                walkover: WalkoverScore {
                    winner_games,
                    loser_games,
                },
            };
            for problem in format.problems() {
                errors.add(field_of(&problem), problem.to_string());
            }
            match_format = Some(format);
        }
        match (name, preset, ruleset_target, match_format) {
            (Some(name), Some(preset), Some(ruleset_target), Some(match_format))
                if errors.is_empty() =>
            {
                let overrides = Overrides {
                    target: ruleset_target.map(|points| Target {
                        by_players: PerPlayers::all(points),
                        partners: points,
                    }),
                    ..Overrides::default()
                };
                Ok(Self {
                    name,
                    ruleset: RulesetSpec { preset, overrides },
                    match_format,
                })
            }
            _ => Err(errors),
        }
    }
}

/// A preset as the form's select offers it.
pub struct PresetChoice {
    pub value: &'static str,
    pub selected: bool,
}

#[derive(Template)]
#[template(path = "organiser/competitions.html")]
struct CompetitionsPage {
    layout: Layout,
    organisation: Organisation,
    competitions: Vec<Competition>,
    form: CompetitionForm,
    presets: Vec<PresetChoice>,
    errors: FieldErrors,
}

async fn organisation_by_slug(state: &AppState, slug: &str) -> Result<Organisation, WebError> {
    state
        .store
        .organisation_by_slug(slug)
        .await?
        .ok_or(WebError::NotFound)
}

async fn show_competitions(
    viewer: &Viewer,
    state: &AppState,
    organisation: Organisation,
    status: StatusCode,
    form: CompetitionForm,
    errors: FieldErrors,
) -> Result<HttpResponse, WebError> {
    let competitions = state.store.competitions_of(organisation.id).await?;
    let presets = Preset::ALL
        .iter()
        .map(|preset| PresetChoice {
            value: preset.name(),
            selected: preset.name() == form.preset.trim(),
        })
        .collect();
    render_with_status(
        status,
        &CompetitionsPage {
            layout: viewer.layout(format!("Competitions of {}", organisation.name)),
            organisation,
            competitions,
            form,
            presets,
            errors,
        },
    )
}

#[get("/organise/{slug}/competitions")]
pub async fn competitions_page(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, WebError> {
    let organisation = organisation_by_slug(&state, &slug).await?;
    viewer.require(Permission::Organise(organisation.id))?;
    show_competitions(
        &viewer,
        &state,
        organisation,
        StatusCode::OK,
        CompetitionForm::starting_values(),
        FieldErrors::default(),
    )
    .await
}

#[post("/organise/{slug}/competitions")]
pub async fn create_competition(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
    form: Form<CompetitionForm>,
) -> Result<HttpResponse, WebError> {
    let organisation = organisation_by_slug(&state, &slug).await?;
    viewer.require(Permission::Organise(organisation.id))?;
    let form = form.into_inner();
    let errors = match CompetitionInput::try_from(&form) {
        Ok(input) => {
            let new = NewCompetition {
                organisation: organisation.id,
                name: input.name,
                ruleset: input.ruleset,
                match_format: input.match_format,
                created_at: Utc::now(),
            };
            match state.store.create_competition(&new).await {
                Ok(_) => {
                    return Ok(redirect(&format!(
                        "/organise/{}/competitions",
                        organisation.slug
                    )));
                }
                Err(StoreError::CompetitionNameTaken) => {
                    let mut errors = FieldErrors::default();
                    errors.add(
                        "name",
                        format!(
                            "{} already has a competition called {}.",
                            organisation.name,
                            new.name.as_str()
                        ),
                    );
                    errors
                }
                Err(error) => return Err(error.into()),
            }
        }
        Err(errors) => errors,
    };
    show_competitions(
        &viewer,
        &state,
        organisation,
        StatusCode::UNPROCESSABLE_ENTITY,
        form,
        errors,
    )
    .await
}

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
}

/// A season form that checks out.
pub struct SeasonInput {
    pub name: DisplayName,
    pub calendar: SeasonCalendar,
}

fn date_of(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

const WEEKDAYS: [Weekday; 7] = [
    Weekday::Mon,
    Weekday::Tue,
    Weekday::Wed,
    Weekday::Thu,
    Weekday::Fri,
    Weekday::Sat,
    Weekday::Sun,
];

impl TryFrom<&SeasonForm> for SeasonInput {
    type Error = FieldErrors;

    fn try_from(form: &SeasonForm) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::default();
        let name = DisplayName::try_from(form.name.as_str())
            .map_err(|error| errors.add("name", error.to_string()))
            .ok();
        let start = date_of(&form.start);
        if start.is_none() {
            errors.add(
                "start",
                "Enter the start date as year-month-day, such as 2026-09-01.",
            );
        }
        let league_night = WEEKDAYS
            .into_iter()
            .find(|day| weekday_name(*day) == form.league_night.trim());
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
            match date_of(line) {
                Some(date) => blackout_dates.push(date),
                None => errors.add(
                    "blackout_dates",
                    format!(
                        "{line:?} is not a date; write each as year-month-day, such as 2026-12-22."
                    ),
                ),
            }
        }
        let calendar = match (start, league_night) {
            (Some(start), Some(night)) if !errors.has("blackout_dates") => {
                SeasonCalendar::new(start, night, blackout_dates)
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

/// A league night as the form's select offers it.
pub struct NightChoice {
    pub value: &'static str,
    pub selected: bool,
}

/// A season as the organiser's list shows it.
pub struct SeasonLine {
    pub id: SeasonId,
    pub name: String,
    pub start: NaiveDate,
    pub league_night: &'static str,
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
}

/// The organisation's competition with this id; another organisation's is not found.
async fn competition_of(
    state: &AppState,
    organisation: &Organisation,
    id: CompetitionId,
) -> Result<Competition, WebError> {
    state
        .store
        .competitions_of(organisation.id)
        .await?
        .into_iter()
        .find(|competition| competition.id == id)
        .ok_or(WebError::NotFound)
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
            start: season.start,
            league_night: weekday_name(season.league_night),
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
    let organisation = organisation_by_slug(&state, &slug).await?;
    viewer.require(Permission::Organise(organisation.id))?;
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
    let organisation = organisation_by_slug(&state, &slug).await?;
    viewer.require(Permission::Organise(organisation.id))?;
    let competition = competition_of(&state, &organisation, CompetitionId(id)).await?;
    let form = form.into_inner();
    let errors = match SeasonInput::try_from(&form) {
        Ok(input) => {
            let new = NewSeason {
                competition: competition.id,
                name: input.name,
                calendar: input.calendar,
                created_at: Utc::now(),
            };
            match state.store.create_season(&new).await {
                Ok(_) => {
                    return Ok(redirect(&format!(
                        "/organise/{}/competitions/{}/seasons",
                        organisation.slug, competition.id
                    )));
                }
                Err(StoreError::SeasonNameTaken) => {
                    let mut errors = FieldErrors::default();
                    errors.add(
                        "name",
                        format!(
                            "{} already has a season called {}.",
                            competition.name,
                            new.name.as_str()
                        ),
                    );
                    errors
                }
                Err(error) => return Err(error.into()),
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

/// A division as the organiser's season page shows it.
pub struct DivisionBlock {
    pub division: Division,
    pub teams: Vec<Team>,
    pub fixtures: usize,
}

/// A refused form on the season page: the id of the field it belongs to, and why.
pub struct FieldMessage {
    pub field: String,
    pub message: String,
}

impl FieldMessage {
    fn new(field: String, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
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

/// The organisation's season with this id, with its competition; another's is not found.
async fn season_of(
    state: &AppState,
    organisation: &Organisation,
    id: SeasonId,
) -> Result<(Competition, Season), WebError> {
    for competition in state.store.competitions_of(organisation.id).await? {
        for season in state.store.seasons_of(competition.id).await? {
            if season.id == id {
                return Ok((competition, season));
            }
        }
    }
    Err(WebError::NotFound)
}

/// The organisation's division with this id, with its season; another's is not found.
async fn division_of(
    state: &AppState,
    organisation: &Organisation,
    id: DivisionId,
) -> Result<(Division, SeasonId), WebError> {
    for competition in state.store.competitions_of(organisation.id).await? {
        for season in state.store.seasons_of(competition.id).await? {
            for division in state.store.divisions_of(season.id).await? {
                if division.id == id {
                    return Ok((division, season.id));
                }
            }
        }
    }
    Err(WebError::NotFound)
}

async fn show_season(
    viewer: &Viewer,
    state: &AppState,
    organisation: Organisation,
    season: SeasonId,
    status: StatusCode,
    division_name: String,
    error: Option<FieldMessage>,
) -> Result<HttpResponse, WebError> {
    let (competition, season) = season_of(state, &organisation, season).await?;
    let mut divisions = Vec::new();
    let mut placed = Vec::new();
    for division in state.store.divisions_of(season.id).await? {
        let teams = state.store.teams_of(division.id).await?;
        placed.extend(teams.iter().map(|team| team.id));
        let fixtures = state.store.fixtures_of_division(division.id).await?.len();
        divisions.push(DivisionBlock {
            division,
            teams,
            fixtures,
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
            division_name,
            error,
        },
    )
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
    let organisation = organisation_by_slug(&state, &slug).await?;
    viewer.require(Permission::Organise(organisation.id))?;
    show_season(
        &viewer,
        &state,
        organisation,
        SeasonId(id),
        StatusCode::OK,
        String::new(),
        None,
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
    let organisation = organisation_by_slug(&state, &slug).await?;
    viewer.require(Permission::Organise(organisation.id))?;
    let (_, season) = season_of(&state, &organisation, SeasonId(id)).await?;
    let typed = form.into_inner().name;
    let message = match DisplayName::try_from(typed.as_str()) {
        Ok(name) => {
            let new = NewDivision {
                season: season.id,
                name,
                tiebreaks: TiebreakOrder::default(),
                created_at: Utc::now(),
            };
            match state.store.create_division(&new).await {
                Ok(_) => return Ok(redirect(&season_address(&organisation, season.id))),
                Err(StoreError::DivisionNameTaken) => format!(
                    "{} already has a division called {}.",
                    season.name,
                    new.name.as_str()
                ),
                Err(error) => return Err(error.into()),
            }
        }
        Err(error) => error.to_string(),
    };
    show_season(
        &viewer,
        &state,
        organisation,
        season.id,
        StatusCode::UNPROCESSABLE_ENTITY,
        typed,
        Some(FieldMessage::new("division-name".into(), message)),
    )
    .await
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
    let organisation = organisation_by_slug(&state, &slug).await?;
    viewer.require(Permission::Organise(organisation.id))?;
    let (division, season) = division_of(&state, &organisation, DivisionId(id)).await?;
    let field = format!("division-{}-team", division.id);
    let message = match form.team.trim().parse::<i64>() {
        Ok(team) => match state
            .store
            .add_team_to_division(division.id, TeamId(team))
            .await
        {
            Ok(()) => return Ok(redirect(&season_address(&organisation, season))),
            Err(StoreError::TeamAlreadyInSeason) => {
                "That team already plays in a division of this season.".to_string()
            }
            Err(StoreError::OfAnotherOrganisation(_) | StoreError::NotFound(_)) => {
                "Choose one of your organisation's teams.".to_string()
            }
            Err(error) => return Err(error.into()),
        },
        Err(_) => "Choose a team to add.".to_string(),
    };
    show_season(
        &viewer,
        &state,
        organisation,
        season,
        StatusCode::UNPROCESSABLE_ENTITY,
        String::new(),
        Some(FieldMessage::new(field, message)),
    )
    .await
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
    let organisation = organisation_by_slug(&state, &slug).await?;
    viewer.require(Permission::Organise(organisation.id))?;
    let (division, season) = division_of(&state, &organisation, DivisionId(id)).await?;
    let field = format!("division-{}-legs", division.id);
    let legs = match form.legs.as_str() {
        "single" => Some(Legs::Single),
        "double" => Some(Legs::Double),
        _ => None,
    };
    let message = match legs {
        Some(legs) => match state.store.generate_fixtures(division.id, legs).await {
            Ok(_) => {
                return Ok(redirect(&format!(
                    "/leagues/{}/divisions/{}",
                    organisation.slug, division.id
                )));
            }
            Err(StoreError::FixturesAlreadyGenerated) => {
                format!("The fixtures of {} have already been made.", division.name)
            }
            Err(StoreError::TooFewTeams { teams }) => format!(
                "{} needs at least two teams to make fixtures; it has {teams}.",
                division.name
            ),
            Err(StoreError::CannotScheduleFixtures(error)) => error.to_string(),
            Err(error) => return Err(error.into()),
        },
        None => "Choose whether teams meet once or twice.".to_string(),
    };
    show_season(
        &viewer,
        &state,
        organisation,
        season,
        StatusCode::UNPROCESSABLE_ENTITY,
        String::new(),
        Some(FieldMessage::new(field, message)),
    )
    .await
}

#[derive(Template)]
#[template(path = "organiser/squad.html")]
struct SquadPage {
    layout: Layout,
    organisation: Organisation,
    team: Team,
    squad: Vec<Player>,
    player_name: String,
    error: Option<String>,
}

/// The organisation's team with this id; another organisation's is not found.
async fn team_of(
    state: &AppState,
    organisation: &Organisation,
    id: TeamId,
) -> Result<Team, WebError> {
    state
        .store
        .team(id)
        .await?
        .filter(|team| team.organisation_id == organisation.id)
        .ok_or(WebError::NotFound)
}

async fn show_squad(
    viewer: &Viewer,
    state: &AppState,
    page: (Organisation, Team),
    status: StatusCode,
    player_name: String,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let (organisation, team) = page;
    let squad = state.store.squad_of(team.id).await?;
    render_with_status(
        status,
        &SquadPage {
            layout: viewer.layout(format!("Squad of {}", team.name)),
            organisation,
            team,
            squad,
            player_name,
            error,
        },
    )
}

#[get("/organise/{slug}/teams/{id}/squad")]
pub async fn squad_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organisation_by_slug(&state, &slug).await?;
    viewer.require(Permission::Organise(organisation.id))?;
    let team = team_of(&state, &organisation, TeamId(id)).await?;
    show_squad(
        &viewer,
        &state,
        (organisation, team),
        StatusCode::OK,
        String::new(),
        None,
    )
    .await
}

#[derive(Deserialize)]
pub struct PlayerForm {
    #[serde(default)]
    name: String,
}

#[post("/organise/{slug}/teams/{id}/squad")]
pub async fn add_squad_player(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<PlayerForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let organisation = organisation_by_slug(&state, &slug).await?;
    viewer.require(Permission::Organise(organisation.id))?;
    let team = team_of(&state, &organisation, TeamId(id)).await?;
    let typed = form.into_inner().name;
    let name = match DisplayName::try_from(typed.as_str()) {
        Ok(name) => name,
        Err(error) => {
            return show_squad(
                &viewer,
                &state,
                (organisation, team),
                StatusCode::UNPROCESSABLE_ENTITY,
                typed,
                Some(error.to_string()),
            )
            .await;
        }
    };
    // A new player of the organisation (two people may share a name), then into the squad.
    let player = state
        .store
        .create_player(organisation.id, &name, Utc::now())
        .await?;
    state.store.add_player_to_squad(team.id, player.id).await?;
    Ok(redirect(&format!(
        "/organise/{}/teams/{}/squad",
        organisation.slug, team.id
    )))
}
