//! An organisation's competitions (each a league with a ruleset and a match format) and each
//! competition's seasons. Reading is public; making one needs a token of an organiser of the
//! organisation, as the organiser's pages do.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get, post, put};
use chrono::NaiveDate;
use fives_rules::record::{RulesetField, ruleset_field, ruleset_spec};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::created;
use super::error::{ApiError, ErrorBody, Problem, field_path};
use super::input::{ApiJson, date_of, weekday_of};
use crate::app::league::{self, CompetitionInput, competition_problems};
use crate::app::lookup;
use crate::domain::entry_level::EntryLevel;
use crate::domain::ids::CompetitionId;
use crate::domain::league::{SeasonCalendar, time_of_day, weekday_name};
use crate::domain::match_format::{LegKind, MatchFormat, MatchFormatError, PointsLine};
use crate::domain::organisation::DisplayName;
use crate::store::{Competition, Season, Store};
use crate::web::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct CompetitionView {
    pub id: i64,
    pub organisation_id: i64,
    pub name: String,
    /// The ruleset as a game record names it: a preset's name, or an object with `preset`
    /// and the options it overrides.
    #[schema(example = json!({"preset": "fives-and-threes"}))]
    pub ruleset: serde_json::Value,
    pub match_format: MatchFormat,
    /// The least a captain must give for each game of a result: `final` (the winner and the
    /// final score), `hands` (every hand's score) or `pegs` (every hand's pegs). More is always
    /// accepted and checked.
    pub entry_level: EntryLevel,
}

impl From<Competition> for CompetitionView {
    fn from(competition: Competition) -> Self {
        Self {
            id: competition.id.0,
            organisation_id: competition.organisation_id.0,
            name: competition.name,
            ruleset: serde_json::to_value(ruleset_field(&competition.ruleset)).unwrap_or_default(),
            match_format: competition.match_format,
            entry_level: competition.entry_level,
        }
    }
}

/// A new competition.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewCompetitionBody {
    /// 1 to 100 characters, and not one that looks the same as another competition's of
    /// the organisation.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    /// A preset's name, or an object with `preset` and the points a game is played to, as in
    /// a game record. The presets are the games two and four can play (`fives-and-threes`,
    /// `all-fives`, `muggins`, `five-up`; Doubles in the Boneyard is for three, so no league's
    /// singles or pairs). A `target` is 1 to 1000 points.
    #[schema(value_type = RulesetChoice, example = json!({"preset": "fives-and-threes", "target": 61}))]
    pub ruleset: serde_json::Value,
    pub match_format: MatchFormat,
    /// The least a captain must give for each game of a result: `final` (the winner and the
    /// final score), `hands` (every hand's score; the default) or `pegs` (every hand's pegs).
    #[serde(default)]
    pub entry_level: EntryLevel,
}

/// How much a captain must give for each game of the competition's results.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntryLevelBody {
    /// `final` (the winner and the final score of each game), `hands` (every hand's score) or
    /// `pegs` (every hand's pegs). More is always accepted and checked.
    pub entry_level: EntryLevel,
}

/// The body field a match format problem belongs to.
/// A competition's ruleset as the document states it: a preset's name, or an object with the
/// preset and the points a game is played to. Only the presets whose games can be played by
/// two and by four (a league's singles and pairs) are offered; which those are is asked of the
/// rules crate, not written here.
pub struct RulesetChoice;

impl RulesetChoice {
    fn presets() -> Vec<&'static str> {
        fives_rules::Preset::ALL
            .iter()
            .filter(|preset| {
                let spec = fives_rules::RulesetSpec::preset(**preset);
                spec.build(2).is_ok() && spec.build(4).is_ok()
            })
            .map(|preset| preset.name())
            .collect()
    }
}

impl utoipa::PartialSchema for RulesetChoice {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        let preset = || {
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some(Self::presets()))
        };
        let with_target = ObjectBuilder::new()
            .schema_type(Type::Object)
            .property("preset", preset())
            .required("preset")
            .property(
                "target",
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(1))
                    .maximum(Some(crate::domain::competition::MAX_TARGET))
                    .description(Some(
                        "The points that win a game, for every game of the competition.",
                    )),
            )
            .additional_properties(Some(
                utoipa::openapi::schema::AdditionalProperties::FreeForm(false),
            ));
        OneOfBuilder::new()
            .item(preset().description(Some("A preset of the rules, as it is.")))
            .item(with_target)
            .into()
    }
}

impl ToSchema for RulesetChoice {}

/// Where a match format's problem is in a competition's body.
pub(super) fn match_format_field(problem: &MatchFormatError) -> String {
    match problem {
        MatchFormatError::NoLegs | MatchFormatError::TooManyLegs { .. } => {
            "match_format.legs".into()
        }
        MatchFormatError::NoGames { leg } | MatchFormatError::TooManyGames { leg, .. } => {
            format!("match_format.legs[{}].games", leg - 1)
        }
        MatchFormatError::NoTarget { leg } | MatchFormatError::UnknownTarget { leg, .. } => {
            format!("match_format.legs[{}].target", leg - 1)
        }
        MatchFormatError::KindNotAllowed {
            kind: LegKind::Singles,
        }
        | MatchFormatError::TooManyGamesPerPlayer {
            kind: LegKind::Singles,
            ..
        } => "match_format.player_limits.singles_per_player".into(),
        MatchFormatError::KindNotAllowed {
            kind: LegKind::Pairs,
        }
        | MatchFormatError::TooManyGamesPerPlayer {
            kind: LegKind::Pairs,
            ..
        } => "match_format.player_limits.pairs_per_player".into(),
        MatchFormatError::NoPoints => "match_format.points".into(),
        MatchFormatError::TooManyPoints { line, .. } => match line {
            PointsLine::PerGameWon => "match_format.points.per_game_won",
            PointsLine::PerMatchWon => "match_format.points.per_match_won",
            PointsLine::PerMatchDrawn => "match_format.points.per_match_drawn",
            PointsLine::LosingBonus => "match_format.points.losing_bonus.points",
        }
        .into(),
        MatchFormatError::DrawWorthMoreThanWin { .. } => {
            "match_format.points.per_match_drawn".into()
        }
        MatchFormatError::BonusWorthMoreThanWin { .. } => {
            "match_format.points.losing_bonus.points".into()
        }
        MatchFormatError::BonusNeverEarned { .. }
        | MatchFormatError::BonusConditionTooLarge { .. } => {
            "match_format.points.losing_bonus.condition".into()
        }
        MatchFormatError::WalkoverNotAWin { .. }
        | MatchFormatError::WalkoverTooManyGames { .. } => "match_format.walkover".into(),
    }
}

/// The checked parts of a new competition, or every problem with them.
/// The competition the body describes, or every problem with it at its field.
fn competition_input(body: NewCompetitionBody) -> Result<CompetitionInput, Vec<Problem>> {
    let mut problems = Vec::new();
    let name = DisplayName::try_from(body.name.as_str())
        .map_err(|error| problems.push(Problem::new("name", error.to_string())))
        .ok();
    let ruleset = serde_json::from_value::<RulesetField>(body.ruleset.clone())
        .map_err(|_| {
            "Give the ruleset as a preset's name or an object with \"preset\".".to_string()
        })
        .and_then(|field| ruleset_spec(&field).map_err(|error| error.0))
        .map_err(|message| problems.push(Problem::new("ruleset", message)))
        .ok();
    // The rules' own problems are the use case's; here too, so all are told at once.
    problems.extend(
        competition_problems(ruleset.as_ref(), Some(&body.match_format))
            .into_iter()
            .map(|problem| Problem::new(field_path(&problem.field), problem.message)),
    );
    match (name, ruleset) {
        (Some(name), Some(ruleset)) if problems.is_empty() => Ok(CompetitionInput {
            name,
            ruleset,
            match_format: body.match_format,
            entry_level: body.entry_level,
        }),
        _ => Err(problems),
    }
}

#[utoipa::path(
    tag = "competitions",
    description = "The organisation's competitions, by name.",
    responses(
        (status = 200, body = Vec<CompetitionView>),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/competitions")]
pub async fn list_competitions(
    _caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.as_ref();
    let organisation = lookup::organisation(store, &slug).await?;
    let competitions: Vec<CompetitionView> = store
        .competitions_of(organisation.id)
        .await?
        .into_iter()
        .map(CompetitionView::from)
        .collect();
    Ok(HttpResponse::Ok().json(competitions))
}

#[utoipa::path(
    tag = "competitions",
    description = "Makes a competition of the organisation. Every problem with the name, \
                   ruleset and match format is answered at once (422), each at its field.",
    request_body = NewCompetitionBody,
    responses(
        (status = 201, body = CompetitionView),
        (status = 400, description = "The body is not JSON of this shape", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The organisation has a competition of that name, or of one that looks the same", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/competitions")]
pub async fn create_competition(
    caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
    body: ApiJson<NewCompetitionBody>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    lookup::organised(store, caller.who(), &slug).await?;
    let input = competition_input(body.into_inner()).map_err(ApiError::invalid)?;
    let (organisation, competition) =
        league::create_competition(store, caller.who(), &slug, input).await?;
    Ok(created(
        format!(
            "/api/v1/organisations/{}/competitions/{}",
            organisation.slug, competition.id
        ),
        CompetitionView::from(competition),
    ))
}

/// The competition `id` of the organisation `slug`; 404 otherwise.
async fn competition_of(
    store: &dyn Store,
    slug: &str,
    id: CompetitionId,
) -> Result<Competition, ApiError> {
    let organisation = lookup::organisation(store, slug).await?;
    Ok(lookup::competition(store, &organisation, id).await?)
}

#[utoipa::path(
    tag = "competitions",
    params(
        ("id" = i64, Path, description = "The competition's id"),
    ),
    responses(
        (status = 200, body = CompetitionView),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/competitions/{id}")]
pub async fn get_competition(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let competition = competition_of(store, &slug, CompetitionId(id)).await?;
    Ok(HttpResponse::Ok().json(CompetitionView::from(competition)))
}

#[utoipa::path(
    tag = "competitions",
    description = "Sets how much a captain must give for each game of the competition's \
                   results, from the next result on; results already kept stay as they are.",
    params(
        ("id" = i64, Path, description = "The competition's id"),
    ),
    request_body = EntryLevelBody,
    responses(
        (status = 200, body = CompetitionView),
        (status = 400, description = "The body is not JSON of this shape, or names no level", body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/competitions/{id}/entry-level")]
pub async fn set_entry_level(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<EntryLevelBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (_, competition) = league::set_entry_level(
        store,
        caller.who(),
        &slug,
        CompetitionId(id),
        body.into_inner().entry_level,
    )
    .await?;
    Ok(HttpResponse::Ok().json(CompetitionView::from(competition)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SeasonView {
    pub id: i64,
    pub competition_id: i64,
    pub name: String,
    pub start: NaiveDate,
    /// Such as "Tuesday".
    pub league_night: &'static str,
    /// In date order.
    pub blackout_dates: Vec<NaiveDate>,
    /// When a league night's fixtures usually start, hours and minutes in the league's time
    /// zone; null when not known.
    #[schema(example = "20:00")]
    pub start_time: Option<String>,
}

impl From<Season> for SeasonView {
    fn from(season: Season) -> Self {
        Self {
            id: season.id.0,
            competition_id: season.competition_id.0,
            name: season.name,
            start: season.start,
            league_night: weekday_name(season.league_night),
            blackout_dates: season.blackout_dates,
            start_time: season
                .start_time
                .map(|time| time.format("%H:%M").to_string()),
        }
    }
}

/// A new season. Dates are written year-month-day, such as 2026-09-01.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewSeasonBody {
    /// 1 to 100 characters.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    #[schema(value_type = NaiveDate, example = "2026-09-01")]
    pub start: String,
    /// The night of the week the league plays, such as "Tuesday".
    #[schema(
        example = "Tuesday",
        pattern = "^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$"
    )]
    pub league_night: String,
    /// League nights with no fixtures, such as Christmas week.
    #[serde(default)]
    #[schema(value_type = Vec<NaiveDate>)]
    pub blackout_dates: Vec<String>,
    /// When a league night's fixtures usually start, hours and minutes ("20:00") in the
    /// league's time zone; absent, null or empty when not known.
    #[serde(default)]
    #[schema(pattern = "^(([01][0-9]|2[0-3]):[0-5][0-9])?$", example = "20:00")]
    pub start_time: Option<String>,
}

/// The season's checked name and calendar, or every problem with them; the messages are the
/// season form's.
fn check_season(body: &NewSeasonBody) -> Result<(DisplayName, SeasonCalendar), Vec<Problem>> {
    let mut problems = Vec::new();
    let name = DisplayName::try_from(body.name.as_str())
        .map_err(|error| problems.push(Problem::new("name", error.to_string())))
        .ok();
    let start = date_of(&body.start);
    if start.is_none() {
        problems.push(Problem::new(
            "start",
            "Enter the start date as year-month-day, such as 2026-09-01.",
        ));
    }
    let league_night = weekday_of(&body.league_night);
    if league_night.is_none() {
        problems.push(Problem::new(
            "league_night",
            "Choose the night of the week the league plays.",
        ));
    }
    let mut blackout_dates = Vec::new();
    let mut dates_readable = true;
    for (index, text) in body.blackout_dates.iter().enumerate() {
        match date_of(text) {
            Some(date) => blackout_dates.push(date),
            None => {
                dates_readable = false;
                problems.push(Problem::new(
                    format!("blackout_dates[{index}]"),
                    format!(
                        "{:?} is not a date; write each as year-month-day, such as 2026-12-22.",
                        text.trim()
                    ),
                ));
            }
        }
    }
    let start_time = time_of_day(body.start_time.as_deref().unwrap_or_default())
        .map_err(|message| problems.push(Problem::new("start_time", message)))
        .ok();
    let calendar = match (start, league_night, start_time) {
        (Some(start), Some(night), Some(start_time)) if dates_readable => {
            SeasonCalendar::new(start, night, blackout_dates)
                .map(|calendar| calendar.with_start_time(start_time))
                .map_err(|error| problems.push(Problem::new("blackout_dates", error.to_string())))
                .ok()
        }
        _ => None,
    };
    match (name, calendar) {
        (Some(name), Some(calendar)) if problems.is_empty() => Ok((name, calendar)),
        _ => Err(problems),
    }
}

#[utoipa::path(
    tag = "competitions",
    description = "The competition's seasons, latest start first.",
    params(
        ("id" = i64, Path, description = "The competition's id"),
    ),
    responses(
        (status = 200, body = Vec<SeasonView>),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/competitions/{id}/seasons")]
pub async fn list_seasons(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let competition = competition_of(store, &slug, CompetitionId(id)).await?;
    let seasons: Vec<SeasonView> = store
        .seasons_of(competition.id)
        .await?
        .into_iter()
        .map(SeasonView::from)
        .collect();
    Ok(HttpResponse::Ok().json(seasons))
}

#[utoipa::path(
    tag = "competitions",
    description = "Makes a season of the competition.",
    params(
        ("id" = i64, Path, description = "The competition's id"),
    ),
    request_body = NewSeasonBody,
    responses(
        (status = 201, body = SeasonView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The competition has a season of that name", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/competitions/{id}/seasons")]
pub async fn create_season(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<NewSeasonBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body, and only of their competition.
    let organisation = lookup::organised(store, caller.who(), &slug).await?;
    lookup::competition(store, &organisation, CompetitionId(id)).await?;
    let (name, calendar) = check_season(&body).map_err(ApiError::invalid)?;
    let (organisation, _, season) = league::create_season(
        store,
        caller.who(),
        &slug,
        CompetitionId(id),
        name,
        calendar,
    )
    .await?;
    Ok(created(
        format!(
            "/api/v1/organisations/{}/seasons/{}/divisions",
            organisation.slug, season.id
        ),
        SeasonView::from(season),
    ))
}
