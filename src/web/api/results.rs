//! A fixture's result through the API, for scorers' apps and club websites: reading it and its
//! history, submitting it, the other captain's confirmation or dispute, and the organiser's
//! correction. Who may do what is what the result pages allow (`crate::web::captain::results`): a
//! captain of either team (or an organiser) submits; the other side's captain confirms or
//! disputes; an organiser may also confirm, and corrects. Every result is checked by
//! [`check_result`] before anything is kept, and each problem is named by its path in the body,
//! such as `games[1].hands[0]`.

use actix_web::http::header;
use actix_web::web::{Bytes, Data, Path};
use actix_web::{HttpRequest, HttpResponse, get, post};
use fives_rules::record::HandRecord;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::error::{ApiError, ErrorBody, Problem, field_path};
use super::input::Id;
use crate::app::lookup::{FixturePlace, fixture_place};
use crate::app::results::{self, NewSubmission};
use crate::app::{AppError, Field};
use crate::domain::entry_level::totals_within_limit;
use crate::domain::ids::{FixtureId, PlayerId};
use crate::domain::match_format::{Leg, Side};
use crate::domain::match_result::{
    GameOutcome, GameSheet, ResultRules, ResultSheet, SheetAsRead, Unread, game_slots,
    hands_within_limit, pasted_hands, wrong_number_of_games,
};
use crate::store::{Store, Submitted};
use crate::token::SecretToken;
use crate::web::AppState;

mod amendment;
mod views;
pub use amendment::{__path_amend_result, AmendmentBody, amend_result};
use views::*;
pub use views::{EventView, GameTotals, GameView, ResultView, ScoreView, VersionScoreView};

// ---------------------------------------------------------------------------------------------
// What is sent.

/// A fixture's result: either a walkover or every game of the match format, in order.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultBody {
    /// One side did not turn up: the match format's walkover score. Give this or `games`.
    pub walkover: Option<WalkoverInput>,
    /// Every game of the fixture in the order of the match format's legs (singles first, as
    /// the competition lists them): at most 84. Give this or `walkover`.
    #[schema(max_items = 84)]
    pub games: Option<Vec<GameInput>>,
    /// Makes a retried request the same submission; the `Idempotency-Key` header does the
    /// same, and wins when both are sent (they must then agree). 1 to 200 characters.
    #[schema(min_length = 1, max_length = 200)]
    pub submission_key: Option<String>,
    /// Only for an organiser entering a result before the fixture's date: why, kept in the
    /// result's history. Captains can enter a result from the fixture's date on.
    #[schema(max_length = 500)]
    pub early_reason: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WalkoverInput {
    /// The side that did not turn up.
    pub conceded_by: Side,
}

/// One game: the players' ids (one a side in singles, two in pairs; a side that conceded may
/// be left empty) and exactly one of `hands`, `record`, `final_score` or `conceded_by`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GameInput {
    /// The home side's player ids.
    #[serde(default)]
    #[schema(max_items = 2, value_type = Vec<Id>)]
    pub home: Vec<i64>,
    /// The away side's player ids.
    #[serde(default)]
    #[schema(max_items = 2, value_type = Vec<Id>)]
    pub away: Vec<i64>,
    /// The hands as in a game record (`leader`, `deal`, `moves`, `pegs`, `score`; home is
    /// side 0), at whatever detail the scorer has: `[{"score": [14, 9]}, …]` is enough. At
    /// most 300 hands.
    #[schema(value_type = Option<Vec<HandInput>>, max_items = 300)]
    pub hands: Option<Vec<HandRecord>>,
    /// A whole game record (the interchange format), under the league's rules for this game.
    /// Its seat names are the scorer's; the players are those of `home` and `away`. At most
    /// 300 hands and 200,000 characters.
    #[schema(value_type = Option<Object>)]
    pub record: Option<serde_json::Value>,
    /// The game was given up without being played, by this side.
    pub conceded_by: Option<Side>,
    /// Each side's total at the end of the game, where the competition's entry level is
    /// `final`: the winner and the final score, checked to be a score the game can end on.
    pub final_score: Option<FinalScoreInput>,
}

/// A game's final score: each side's total when it ended.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FinalScoreInput {
    #[schema(minimum = -10_000, maximum = 10_000)]
    pub home: i64,
    #[schema(minimum = -10_000, maximum = 10_000)]
    pub away: i64,
}

/// One hand of a game, as a game record writes it (`score` is home's points then away's; the
/// other parts as far as the scorer has them). The document states its shape; whether the
/// hand could have been played is the rules' to say, and the answer names the hand.
pub struct HandInput;

impl utoipa::PartialSchema for HandInput {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AdditionalProperties, ArrayBuilder, ObjectBuilder, Type};
        let largest = super::input::LARGEST_WHOLE_NUMBER;
        let integers = || {
            ArrayBuilder::new().items(
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(-largest))
                    .maximum(Some(largest)),
            )
        };
        let strings = || ArrayBuilder::new().items(ObjectBuilder::new().schema_type(Type::String));
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .property(
                "leader",
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(0))
                    .maximum(Some(largest)),
            )
            .property("deal", ArrayBuilder::new().items(strings()))
            .property("moves", strings())
            .property("pegs", ArrayBuilder::new().items(integers()))
            .property("score", integers().min_items(Some(2)).max_items(Some(2)))
            .additional_properties(Some(AdditionalProperties::FreeForm(false)))
            .into()
    }
}

impl ToSchema for HandInput {}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmBody {
    /// The `version_id` of the result being confirmed, as last read.
    #[schema(value_type = Id)]
    pub version_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WithdrawBody {
    /// The `version_id` of the result being withdrawn, as last read.
    #[schema(value_type = Id)]
    pub version_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DisputeBody {
    /// The `version_id` of the result being disputed, as last read.
    #[schema(value_type = Id)]
    pub version_id: i64,
    /// What is wrong with it, for the league: 1 to 500 characters.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 500, pattern = "\\S")]
    pub reason: String,
}

/// An organiser's correction: the whole result as it should be, and why.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CorrectionBody {
    /// Shown in the result's history: 1 to 500 characters.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 500, pattern = "\\S")]
    pub reason: String,
    pub walkover: Option<WalkoverInput>,
    pub games: Option<Vec<GameInput>>,
    /// 1 to 200 characters.
    #[schema(min_length = 1, max_length = 200)]
    pub submission_key: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Finding the fixture.

/// The fixture `id` of the organisation `slug`, with everything above it; 404 otherwise.
async fn place_of(store: &dyn Store, slug: &str, id: i64) -> Result<FixturePlace, ApiError> {
    Ok(fixture_place(store, slug, FixtureId(id)).await?)
}

/// 200 with the fixture's result as it stands (404 if it has none).
async fn current_answer(store: &dyn Store, place: &FixturePlace) -> Result<HttpResponse, ApiError> {
    let current = results::current_result(store, place).await?;
    Ok(HttpResponse::Ok().json(result_view(store, place, &current).await?))
}

fn path_of(place: &FixturePlace) -> String {
    format!(
        "/api/v1/organisations/{}/fixtures/{}/result",
        place.organisation.slug, place.fixture.id
    )
}

/// A JSON body of this shape, or 400 saying what is wrong. Read here rather than by the
/// API's JSON extractor, whose limit suits short bodies: a result of whole game records runs
/// to tens of kilobytes (the body is still limited, by the server's payload limit).
fn body_of<T: DeserializeOwned + std::fmt::Debug>(body: &Bytes) -> Result<T, ApiError> {
    let value: serde_json::Value = serde_json::from_slice(body).map_err(|error| {
        ApiError::BadRequest(format!("The request body could not be read: {error}."))
    })?;
    super::input::read_as(value)
}

/// The submission key: the `Idempotency-Key` header, or the body's `submission_key`, or a new
/// one (a request without either is a submission of its own).
fn submission_key(request: &HttpRequest, in_body: Option<&str>) -> Result<String, ApiError> {
    let header = match request.headers().get("idempotency-key") {
        Some(value) => Some(
            value
                .to_str()
                .map_err(|_| {
                    ApiError::BadRequest(
                        "The Idempotency-Key header must be plain text.".to_string(),
                    )
                })?
                .trim()
                .to_string(),
        ),
        None => None,
    };
    let body = in_body.map(|key| key.trim().to_string());
    if let (Some(header), Some(body)) = (&header, &body)
        && header != body
    {
        return Err(ApiError::invalid_field(
            "submission_key",
            "The submission_key differs from the Idempotency-Key header; send one of them, or the same key in both.",
        ));
    }
    match header.or(body) {
        Some(key) if key.is_empty() || key.len() > 200 => Err(ApiError::invalid_field(
            "submission_key",
            "A submission key is between 1 and 200 characters.",
        )),
        Some(key) => Ok(key),
        None => Ok(SecretToken::generate().as_str().to_string()),
    }
}

// ---------------------------------------------------------------------------------------------
// Reading a result into a sheet, and checking it.

/// What a submission or a correction sends, read: its key, its sheet (a game that could not
/// be read left for the check to pass over; none when the body's shape is wrong as a whole),
/// and the problems found reading it. They wait to be answered with the use case's own, so
/// that one answer names them all.
struct SentResult {
    key: String,
    sheet: Option<SheetAsRead>,
    read: Vec<Problem>,
}

fn sent_result(
    request: &HttpRequest,
    key_in_body: Option<&str>,
    walkover: Option<&WalkoverInput>,
    games: Option<&[GameInput]>,
    rules: ResultRules<'_>,
) -> Result<SentResult, ApiError> {
    let key = submission_key(request, key_in_body)?;
    Ok(match sheet_of(walkover, games, rules) {
        Ok((sheet, read)) => SentResult {
            key,
            sheet: Some(sheet),
            read,
        },
        Err(read) => SentResult {
            key,
            sheet: None,
            read,
        },
    })
}

/// The sheet a body says with the problems of each game that could not be read (which part
/// of it is given), that game left for the check to pass over; or the problem with the body's
/// shape as a whole.
fn sheet_of(
    walkover: Option<&WalkoverInput>,
    games: Option<&[GameInput]>,
    rules: ResultRules<'_>,
) -> Result<(SheetAsRead, Vec<Problem>), Vec<Problem>> {
    let games = match (walkover, games) {
        (Some(walkover), None) => {
            let sheet = ResultSheet::Walkover {
                conceded_by: walkover.conceded_by,
            };
            return Ok((SheetAsRead::whole(sheet), Vec::new()));
        }
        (None, Some(games)) => games,
        (Some(_), Some(_)) => {
            return Err(vec![Problem::new(
                "walkover",
                "Give either a walkover or the games, not both.",
            )]);
        }
        (None, None) => {
            return Err(vec![Problem::new(
                "games",
                "Give the games of the fixture, or a walkover if one side did not turn up.",
            )]);
        }
    };
    if let Some(message) = wrong_number_of_games(rules.format, games.len()) {
        return Err(vec![Problem::new("games", message)]);
    }
    let slots = game_slots(rules.format);
    let mut problems = Vec::new();
    let mut sheets = Vec::new();
    let mut unread = Unread::default();
    for ((game, leg), index) in games.iter().zip(&slots).zip(0..) {
        match game_sheet(game, leg, index, rules) {
            Ok(sheet) => sheets.push(sheet),
            Err(problem) => {
                problems.push(problem);
                unread
                    .scores
                    .push(u32::try_from(index + 1).unwrap_or(u32::MAX));
                sheets.push(GameSheet {
                    home: game.home.iter().copied().map(PlayerId).collect(),
                    away: game.away.iter().copied().map(PlayerId).collect(),
                    outcome: GameOutcome::Hands(Vec::new()),
                });
            }
        }
    }
    let sheet = SheetAsRead {
        sheet: ResultSheet::Played { games: sheets },
        unread,
    };
    Ok((sheet, problems))
}

fn game_sheet(
    game: &GameInput,
    leg: &Leg,
    index: usize,
    rules: ResultRules<'_>,
) -> Result<GameSheet, Problem> {
    let number = index + 1;
    let field = |part: &str| format!("games[{index}]{part}");
    let outcome = match (
        &game.hands,
        &game.record,
        &game.final_score,
        game.conceded_by,
    ) {
        (Some(hands), None, None, None) => {
            hands_within_limit(hands.len()).map_err(|message| {
                Problem::new(field(".hands"), format!("Game {number}: {message}"))
            })?;
            GameOutcome::Hands(hands.clone())
        }
        (None, Some(record), None, None) => {
            let hands =
                pasted_hands(&record.to_string(), rules.ruleset, leg).map_err(|message| {
                    Problem::new(field(".record"), format!("Game {number}: {message}"))
                })?;
            GameOutcome::Hands(hands)
        }
        (None, None, Some(score), None) => {
            totals_within_limit(&[score.home, score.away]).map_err(|message| {
                Problem::new(field(".final_score"), format!("Game {number}: {message}"))
            })?;
            GameOutcome::FinalScore {
                home: score.home,
                away: score.away,
            }
        }
        (None, None, None, Some(side)) => GameOutcome::ConcededBy(side),
        _ => {
            return Err(Problem::new(
                field(""),
                format!(
                    "Game {number}: give exactly one of its hands, a game record, its final score, or the side that conceded it."
                ),
            ));
        }
    };
    Ok(GameSheet {
        home: game.home.iter().copied().map(PlayerId).collect(),
        away: game.away.iter().copied().map(PlayerId).collect(),
        outcome,
    })
}

/// Where in the body a problem of a result is: the hand of a game given as `hands` or as a
/// `record`, the game, or the games as a whole; any other field where the API keeps it.
fn result_field(field: &Field, games: Option<&[GameInput]>) -> String {
    match *field {
        Field::Game {
            game,
            hand: Some(hand),
        } => {
            let index = game as usize - 1;
            let by_record = games
                .and_then(|games| games.get(index))
                .is_some_and(|game| game.record.is_some());
            let part = if by_record { "record.hands" } else { "hands" };
            format!("games[{index}].{part}[{}]", hand - 1)
        }
        ref field => field_path(field),
    }
}

/// The game a field of the body is in (`games[3].hands[0]`: 3); none for the body as a whole.
fn game_index(field: &str) -> Option<usize> {
    field
        .strip_prefix("games[")?
        .split(']')
        .next()?
        .parse()
        .ok()
}

/// A use case's refusal of a result body: its problems at their places in the body, after
/// those found reading it (`read`).
fn result_refusal(error: AppError, read: Vec<Problem>, games: Option<&[GameInput]>) -> ApiError {
    match error {
        AppError::Invalid(problems) => {
            let mut all: Vec<Problem> = problems
                .into_iter()
                .map(|problem| Problem::new(result_field(&problem.field, games), problem.message))
                .collect();
            all.extend(read);
            // In the order of the games, whichever found them.
            all.sort_by_key(|problem| game_index(&problem.field));
            match &all[..] {
                // The fixture's date, alone, is said as the whole answer.
                [only] if only.field.is_empty() => ApiError::Invalid {
                    message: only.message.clone(),
                    problems: Vec::new(),
                },
                [only] => ApiError::invalid_field(&only.field, only.message.clone()),
                _ => ApiError::invalid(all),
            }
        }
        error => error.into(),
    }
}

#[utoipa::path(
    tag = "results",
    description = "The fixture's result as it stands: its version, the fixture's status, the \
                   score, and each game with its players, its hands as game-record hands, each \
                   side's points and the winner. Public, like the result page.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    responses(
        (status = 200, body = ResultView),
        (status = 404, description = "No such fixture, or it has no result yet", body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/fixtures/{id}/result")]
pub async fn get_result(
    _caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    current_answer(store, &place).await
}

#[utoipa::path(
    tag = "results",
    description = "The result's history, oldest first: each submission, confirmation, dispute \
                   and correction, who made it by their part in the fixture, the version before \
                   and after, and the reason. Email addresses are shown to the organisation's \
                   organisers only, as on the result page. Empty for a fixture without a result.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    responses(
        (status = 200, body = Vec<EventView>),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/fixtures/{id}/result/history")]
pub async fn result_history(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let history = results::history(store, caller.who(), &place).await?;
    Ok(HttpResponse::Ok().json(event_views(&place, history)))
}

#[utoipa::path(
    tag = "results",
    description = "Submits the fixture's result, by a captain of either team or an organiser. \
                   The body is a walkover (`{\"walkover\": {\"conceded_by\": \"home\"}}`) or every \
                   game in the order of the match format: `{\"games\": [{\"home\": [ids], \"away\": \
                   [ids], \"hands\": [{\"score\": [14, 9]}, …]}, {\"home\": …, \"away\": …, \
                   \"record\": {game record}}, {\"home\": [ids], \"away\": [ids], \"final_score\": \
                   {\"home\": 61, \"away\": 45}}, {\"home\": [ids], \"away\": [], \"conceded_by\": \
                   \"away\"}]}`. The competition's `entry_level` says the least each game needs: \
                   `final` takes a game's `final_score` alone (a score the game can end on), \
                   `hands` every hand's score, `pegs` every hand's pegs; more is always accepted \
                   and checked. It is checked under the league's rules before anything is kept; \
                   each problem names its place, such as `games[1].hands[0]`. The same \
                   `Idempotency-Key` header (or `submission_key`) again is the same submission: \
                   200 with the result kept the first time. A result past the competition's \
                   deadline costs the home team the league's late deduction, as on the pages. \
                   The other captain then confirms or disputes it; it counts once confirmed.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
        ("Idempotency-Key" = Option<String>, Header, description = "Makes a retried request the same submission"),
    ),
    request_body = ResultBody,
    responses(
        (status = 201, description = "Kept; awaiting the other captain's confirmation", body = ResultView),
        (status = 200, description = "The same submission again: the result kept the first time", body = ResultView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The fixture already has a result, changed while the result was sent, or the key was used for another result", body = ErrorBody),
        (status = 422, description = "The result does not check out (each problem names its place), or the fixture is not yet played", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/fixtures/{id}/result")]
pub async fn submit_result(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    request: HttpRequest,
    body: Bytes,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    // Who may enter it is asked before the body is read.
    let entry = results::entry(store, caller.who(), &place).await?;
    let body: ResultBody = body_of(&body)?;
    let SentResult { key, sheet, read } = sent_result(
        &request,
        body.submission_key.as_deref(),
        body.walkover.as_ref(),
        body.games.as_deref(),
        entry.squads.rules(&place.competition),
    )?;
    let submission = NewSubmission {
        sheet,
        submission_key: &key,
        early_reason: body.early_reason.as_deref(),
    };
    match results::submit(store, caller.who(), &place, submission).await {
        Ok(Submitted::Recorded(kept)) => Ok(super::created(
            path_of(&place),
            result_view(store, &place, &kept).await?,
        )),
        Ok(Submitted::AlreadyRecorded(kept)) => {
            Ok(HttpResponse::Ok().json(result_view(store, &place, &kept).await?))
        }
        Err(error) => Err(result_refusal(error, read, body.games.as_deref())),
    }
}

#[utoipa::path(
    tag = "results",
    description = "The other team's captain (or an organiser) agrees with the result, naming the \
                   version read: it counts in the standings from now on.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    request_body = ConfirmBody,
    responses(
        (status = 200, description = "Confirmed", body = ResultView),
        (status = 400, body = ErrorBody),
        (status = 403, description = "Not the other team's captain or an organiser", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The result has changed, or is not awaiting an answer", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/fixtures/{id}/result/confirm")]
pub async fn confirm_result(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: Bytes,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    // Who may answer is asked before the body is read.
    results::entry(store, caller.who(), &place).await?;
    let body: ConfirmBody = body_of(&body)?;
    results::confirm(store, caller.who(), &place, body.version_id).await?;
    current_answer(store, &place).await
}

#[utoipa::path(
    tag = "results",
    description = "A captain of the team that submitted the result takes it back, naming the \
                   version read, while the other team has not confirmed it (it is awaiting an \
                   answer or disputed): the fixture has no result again and may be entered \
                   afresh. The withdrawn version stays in the result's history.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    request_body = WithdrawBody,
    responses(
        (status = 204, description = "Withdrawn: the fixture has no result"),
        (status = 400, body = ErrorBody),
        (status = 403, description = "Not a captain of the team that submitted it", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The result has changed, the other team has confirmed it, or the fixture's results have been withdrawn three times already", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/fixtures/{id}/result/withdraw")]
pub async fn withdraw_result(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: Bytes,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    results::entry(store, caller.who(), &place).await?;
    let body: WithdrawBody = body_of(&body)?;
    results::withdraw(store, caller.who(), &place, body.version_id).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[utoipa::path(
    tag = "results",
    description = "The other team's captain disagrees with the version read, saying why: the \
                   organiser decides, and may correct it.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    request_body = DisputeBody,
    responses(
        (status = 200, description = "Disputed", body = ResultView),
        (status = 400, body = ErrorBody),
        (status = 403, description = "Not the other team's captain", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The result has changed, or is not awaiting an answer", body = ErrorBody),
        (status = 422, description = "No reason given", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/fixtures/{id}/result/dispute")]
pub async fn dispute_result(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: Bytes,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    results::entry(store, caller.who(), &place).await?;
    let body: DisputeBody = body_of(&body)?;
    results::dispute(store, caller.who(), &place, body.version_id, &body.reason).await?;
    current_answer(store, &place).await
}

#[utoipa::path(
    tag = "results",
    description = "An organiser's correction: the whole result as it should be (the same shape \
                   as a submission) and the reason, shown in the history. It becomes a new \
                   version, confirmed; every earlier version is kept.",
    params(
        ("id" = i64, Path, description = "The fixture's id"),
        ("Idempotency-Key" = Option<String>, Header, description = "Makes a retried request the same correction"),
    ),
    request_body = CorrectionBody,
    responses(
        (status = 200, description = "Corrected", body = ResultView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No such fixture, or it has no result to correct", body = ErrorBody),
        (status = 422, description = "No reason, or the result does not check out", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/fixtures/{id}/result/correct")]
pub async fn correct_result(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    request: HttpRequest,
    body: Bytes,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    // Only an organiser's body is read.
    let correction = results::correction(store, caller.who(), &place).await?;
    let body: CorrectionBody = body_of(&body)?;
    let SentResult { key, sheet, read } = sent_result(
        &request,
        body.submission_key.as_deref(),
        body.walkover.as_ref(),
        body.games.as_deref(),
        correction.squads.rules(&place.competition),
    )?;
    let corrected = results::correct(store, caller.who(), &place, sheet, &key, &body.reason)
        .await
        .map_err(|error| result_refusal(error, read, body.games.as_deref()))?;
    Ok(HttpResponse::Ok()
        .insert_header((header::LOCATION, path_of(&place)))
        .json(result_view(store, &place, &corrected).await?))
}
