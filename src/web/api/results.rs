//! A fixture's result through the API, for scorers' apps and club websites: reading it and its
//! history, submitting it, the other captain's confirmation or dispute, and the organiser's
//! correction. Who may do what is what the result pages allow (`crate::web::results`): a
//! captain of either team (or an organiser) submits; the other side's captain confirms or
//! disputes; an organiser may also confirm, and corrects. Every result is checked by
//! [`check_result`] before anything is kept, and each problem is named by its path in the body,
//! such as `games[1].hands[0]`.

use crate::web::fixture_squads::FixtureSquads;
use actix_web::http::header;
use actix_web::web::{Bytes, Data, Path};
use actix_web::{HttpRequest, HttpResponse, get, post};
use chrono::{DateTime, Utc};
use fives_rules::record::{CheckReport, HandRecord};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::error::{ApiError, ErrorBody, Problem};
use super::lookup;
use super::views::{PlayerView, TeamRef};
use crate::domain::authorisation::Permission;
use crate::domain::fixture_dates::{EarlyResult, may_enter_result};
use crate::domain::ids::{FixtureId, PlayerId, TeamId};
use crate::domain::match_format::{FixtureScore, Leg, LegKind, Side};
use crate::domain::match_result::{
    CheckedResult, GameOutcome, GameSheet, ResultError, ResultRules, ResultSheet, check_result,
    game_record, game_slots, hands_within_limit, pasted_hands,
};
use crate::domain::reason::Reason;
use crate::store::{
    FixtureAsRead, NewAdjustment, NewResult, ResultAction, ResultEvent, Store, StoreError,
    StoredResult, Submitted, VersionScore,
};
use crate::token::SecretToken;
use crate::web::AppState;
use crate::web::result_dashboard::league_today;
use crate::web::results::{FixturePlace, late_deduction};

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
/// be left empty) and exactly one of `hands`, `record` or `conceded_by`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GameInput {
    /// The home side's player ids.
    #[serde(default)]
    #[schema(max_items = 2)]
    pub home: Vec<i64>,
    /// The away side's player ids.
    #[serde(default)]
    #[schema(max_items = 2)]
    pub away: Vec<i64>,
    /// The hands as in a game record (`leader`, `deal`, `moves`, `pegs`, `score`; home is
    /// side 0), at whatever detail the scorer has: `[{"score": [14, 9]}, …]` is enough. At
    /// most 300 hands.
    #[schema(value_type = Option<Vec<Object>>, max_items = 300)]
    pub hands: Option<Vec<HandRecord>>,
    /// A whole game record (the interchange format), under the league's rules for this game.
    /// Its seat names are the scorer's; the players are those of `home` and `away`. At most
    /// 300 hands and 200,000 characters.
    #[schema(value_type = Option<Object>)]
    pub record: Option<serde_json::Value>,
    /// The game was given up without being played, by this side.
    pub conceded_by: Option<Side>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmBody {
    /// The `version_id` of the result being confirmed, as last read.
    pub version_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DisputeBody {
    /// The `version_id` of the result being disputed, as last read.
    pub version_id: i64,
    /// What is wrong with it, for the league: 1 to 500 characters.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 500)]
    pub reason: String,
}

/// An organiser's correction: the whole result as it should be, and why.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CorrectionBody {
    /// Shown in the result's history: 1 to 500 characters.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 500)]
    pub reason: String,
    pub walkover: Option<WalkoverInput>,
    pub games: Option<Vec<GameInput>>,
    /// 1 to 200 characters.
    #[schema(min_length = 1, max_length = 200)]
    pub submission_key: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// What is answered.

/// The games each side won; a walkover counts as the match format's walkover score.
#[derive(Debug, Serialize, ToSchema)]
pub struct ScoreView {
    pub home_games: u32,
    pub away_games: u32,
    /// The side that did not turn up, for a walkover; null otherwise.
    pub walkover_conceded_by: Option<Side>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GameTotals {
    pub home: i64,
    pub away: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GameView {
    /// From 1.
    pub number: u32,
    pub kind: LegKind,
    pub target: u32,
    pub home: Vec<PlayerView>,
    pub away: Vec<PlayerView>,
    /// The side that gave the game up unplayed; null for a game played.
    pub conceded_by: Option<Side>,
    /// The hands as submitted, as game-record hands (home is side 0).
    #[schema(value_type = Vec<Object>)]
    pub hands: Vec<HandRecord>,
    /// Each side's points over the game.
    pub totals: GameTotals,
    pub winner: Side,
    /// The game as a whole game record (seats named by the players, home in seats 0 and 2),
    /// for a game played; null for one conceded.
    #[schema(value_type = Option<Object>)]
    pub record: Option<serde_json::Value>,
}

/// A fixture's result as it stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct ResultView {
    pub fixture_id: i64,
    /// Names this version: a confirmation or dispute sends it back.
    pub version_id: i64,
    /// 1 as submitted, one more for each correction.
    pub version: u32,
    /// The fixture's status: awaiting_confirmation, disputed, confirmed or walkover.
    #[schema(example = "awaiting_confirmation")]
    pub status: &'static str,
    pub home: TeamRef,
    pub away: TeamRef,
    pub score: ScoreView,
    /// The team whose captain submitted this version; null when the league entered it.
    pub submitted_for: Option<TeamRef>,
    pub submitted_at: DateTime<Utc>,
    /// Empty for a walkover.
    pub games: Vec<GameView>,
}

/// A version of a result as the history names it.
#[derive(Debug, Serialize, ToSchema)]
pub struct VersionScoreView {
    pub version: u32,
    pub score: ScoreView,
}

/// One line of a result's history.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventView {
    pub at: DateTime<Utc>,
    #[schema(example = "submitted")]
    /// submitted, confirmed, disputed or corrected.
    pub action: &'static str,
    /// Who acted, by their part in the fixture: "captain of Anchor" or "the league".
    pub by: String,
    /// Their email address: shown to the organisation's organisers only, null otherwise.
    pub by_email: Option<String>,
    /// For a correction, the version it replaced.
    pub before: Option<VersionScoreView>,
    pub after: VersionScoreView,
    pub reason: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Finding the fixture and who is asking.

/// The fixture `id` of the organisation `slug`, with everything above it; 404 otherwise.
async fn place_of(store: &dyn Store, slug: &str, id: i64) -> Result<FixturePlace, ApiError> {
    let organisation = lookup::organisation(store, slug).await?;
    let fixture = lookup::fixture(store, &organisation, FixtureId(id)).await?;
    let division = lookup::division(store, &organisation, fixture.division_id).await?;
    Ok(FixturePlace {
        organisation,
        competition: division.competition,
        division: division.division,
        fixture,
    })
}

fn path_of(place: &FixturePlace) -> String {
    format!(
        "/api/v1/organisations/{}/fixtures/{}/result",
        place.organisation.slug, place.fixture.id
    )
}

fn team_of(place: &FixturePlace, side: Side) -> TeamId {
    match side {
        Side::Home => place.fixture.home_team_id,
        Side::Away => place.fixture.away_team_id,
    }
}

fn act_for(place: &FixturePlace, side: Side) -> Permission {
    Permission::ActForTeam {
        team: team_of(place, side),
        organisation: place.organisation.id,
    }
}

/// May enter a result: a captain of either team or an organiser, as on the pages.
fn require_entry<'c>(
    caller: &'c ApiCaller,
    place: &FixturePlace,
) -> Result<&'c crate::web::session::SignedIn, ApiError> {
    match caller.require(act_for(place, Side::Home)) {
        Err(ApiError::Forbidden) => caller.require(act_for(place, Side::Away)),
        other => other,
    }
}

fn is_organiser(caller: &ApiCaller, place: &FixturePlace) -> bool {
    caller.may(Permission::Organise(place.organisation.id))
}

/// The side whose captain the caller is, if either (home first, as on the pages).
fn captain_side(caller: &ApiCaller, place: &FixturePlace) -> Option<Side> {
    let roles = &caller.signed_in.as_ref()?.roles;
    if roles.captain_of.contains(&place.fixture.home_team_id) {
        Some(Side::Home)
    } else if roles.captain_of.contains(&place.fixture.away_team_id) {
        Some(Side::Away)
    } else {
        None
    }
}

/// Whether the caller answers for the side that did not submit `result`: a captain of the
/// other team, or of either team when the league entered it.
fn is_other_captain(caller: &ApiCaller, place: &FixturePlace, result: &StoredResult) -> bool {
    captain_side(caller, place).is_some_and(|side| result.for_team != Some(team_of(place, side)))
}

async fn current_or_404(store: &dyn Store, place: &FixturePlace) -> Result<StoredResult, ApiError> {
    store
        .current_result(place.fixture.id)
        .await?
        .ok_or_else(|| no_result_yet(place))
}

fn no_result_yet(place: &FixturePlace) -> ApiError {
    ApiError::NotFound(format!(
        "{} v {} has no result yet.",
        place.fixture.home_team, place.fixture.away_team
    ))
}

/// A JSON body of this shape, or 400 saying what is wrong. Read here rather than by the
/// API's JSON extractor, whose limit suits short bodies: a result of whole game records runs
/// to tens of kilobytes (the body is still limited, by the server's payload limit).
fn body_of<T: DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|error| {
        ApiError::BadRequest(format!("The request body could not be read: {error}."))
    })
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

/// The sheet a body says, or every problem with its shape (which part of each game is given).
fn sheet_of(
    walkover: Option<&WalkoverInput>,
    games: Option<&[GameInput]>,
    rules: ResultRules<'_>,
) -> Result<ResultSheet, Vec<Problem>> {
    let games = match (walkover, games) {
        (Some(walkover), None) => {
            return Ok(ResultSheet::Walkover {
                conceded_by: walkover.conceded_by,
            });
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
    let slots = game_slots(rules.format);
    if games.len() != slots.len() {
        return Err(vec![Problem::new(
            "games",
            format!(
                "A fixture has {} games; this result has {}.",
                slots.len(),
                games.len()
            ),
        )]);
    }
    let mut problems = Vec::new();
    let mut sheets = Vec::new();
    for ((game, leg), index) in games.iter().zip(&slots).zip(0..) {
        match game_sheet(game, leg, index, rules) {
            Ok(sheet) => sheets.push(sheet),
            Err(problem) => problems.push(problem),
        }
    }
    if problems.is_empty() {
        Ok(ResultSheet::Played { games: sheets })
    } else {
        Err(problems)
    }
}

fn game_sheet(
    game: &GameInput,
    leg: &Leg,
    index: usize,
    rules: ResultRules<'_>,
) -> Result<GameSheet, Problem> {
    let number = index + 1;
    let field = |part: &str| format!("games[{index}]{part}");
    let outcome = match (&game.hands, &game.record, game.conceded_by) {
        (Some(hands), None, None) => {
            hands_within_limit(hands.len()).map_err(|message| {
                Problem::new(field(".hands"), format!("Game {number}: {message}"))
            })?;
            GameOutcome::Hands(hands.clone())
        }
        (None, Some(record), None) => {
            let hands =
                pasted_hands(&record.to_string(), rules.ruleset, leg).map_err(|message| {
                    Problem::new(field(".record"), format!("Game {number}: {message}"))
                })?;
            GameOutcome::Hands(hands)
        }
        (None, None, Some(side)) => GameOutcome::ConcededBy(side),
        _ => {
            return Err(Problem::new(
                field(""),
                format!(
                    "Game {number}: give exactly one of its hands, a game record, or the side that conceded it."
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

/// Where in the body a problem the check found is: the hand of a game given as `hands` or as
/// a `record`, the game, or the games as a whole.
fn field_of(error: &ResultError, games: Option<&[GameInput]>) -> String {
    let Some(game) = error.game else {
        return "games".to_string();
    };
    let index = game as usize - 1;
    match error.hand {
        Some(hand) => {
            let by_record = games
                .and_then(|games| games.get(index))
                .is_some_and(|game| game.record.is_some());
            let part = if by_record { "record.hands" } else { "hands" };
            format!("games[{index}].{part}[{}]", hand - 1)
        }
        None => format!("games[{index}]"),
    }
}

/// The sheet and its check, or 422 with every problem at its place in the body.
fn checked_sheet(
    walkover: Option<&WalkoverInput>,
    games: Option<&[GameInput]>,
    rules: ResultRules<'_>,
) -> Result<(ResultSheet, CheckedResult), Vec<Problem>> {
    let sheet = sheet_of(walkover, games, rules)?;
    match check_result(&sheet, rules) {
        Ok(checked) => Ok((sheet, checked)),
        Err(errors) => Err(errors
            .iter()
            .map(|error| Problem::new(field_of(error, games), error.message.clone()))
            .collect()),
    }
}

// ---------------------------------------------------------------------------------------------
// Showing a result.

fn score_view(score: FixtureScore, place: &FixturePlace) -> ScoreView {
    let (home_games, away_games) = place.competition.match_format.games(score);
    ScoreView {
        home_games,
        away_games,
        walkover_conceded_by: match score {
            FixtureScore::Walkover { conceded_by } => Some(conceded_by),
            FixtureScore::Played { .. } => None,
        },
    }
}

fn team_ref(place: &FixturePlace, side: Side) -> TeamRef {
    let fixture = &place.fixture;
    match side {
        Side::Home => TeamRef {
            id: fixture.home_team_id.0,
            name: fixture.home_team.clone(),
        },
        Side::Away => TeamRef {
            id: fixture.away_team_id.0,
            name: fixture.away_team.clone(),
        },
    }
}

/// A player's name: from the squads, else (a player since moved on) from the store.
async fn players(
    store: &dyn Store,
    squads: &FixtureSquads,
    ids: &[PlayerId],
) -> Result<Vec<PlayerView>, ApiError> {
    let mut views = Vec::with_capacity(ids.len());
    for id in ids {
        let known = squads.find(*id).map(str::to_string);
        let name = match known {
            Some(name) => name,
            None => store
                .player(*id)
                .await?
                .map_or_else(|| format!("player {id}"), |player| player.name),
        };
        views.push(PlayerView { id: id.0, name });
    }
    Ok(views)
}

async fn game_views(
    store: &dyn Store,
    place: &FixturePlace,
    squads: &FixtureSquads,
    sheet: &ResultSheet,
) -> Result<Vec<GameView>, ApiError> {
    let ResultSheet::Played { games } = sheet else {
        return Ok(Vec::new());
    };
    let slots = game_slots(&place.competition.match_format);
    let mut views = Vec::with_capacity(games.len());
    for ((game, leg), number) in games.iter().zip(&slots).zip(1..) {
        let home = players(store, squads, &game.home).await?;
        let away = players(store, squads, &game.away).await?;
        let names = |players: &[PlayerView]| -> Vec<String> {
            players.iter().map(|player| player.name.clone()).collect()
        };
        let view = match &game.outcome {
            GameOutcome::ConcededBy(side) => GameView {
                number,
                kind: leg.kind,
                target: leg.target,
                home,
                away,
                conceded_by: Some(*side),
                hands: Vec::new(),
                totals: GameTotals { home: 0, away: 0 },
                winner: side.other(),
                record: None,
            },
            GameOutcome::Hands(hands) => {
                let mut record = game_record(
                    &place.competition.ruleset,
                    leg,
                    &names(&home),
                    &names(&away),
                    hands.clone(),
                );
                let record_json = serde_json::to_value(&record)
                    .map_err(|error| anyhow::anyhow!("a game record: {error}"))?;
                record.complete = Some(false);
                let (totals, winner) = match fives_rules::record::check(&record) {
                    CheckReport::Valid(checked) => {
                        let points = |side: usize| -> i64 {
                            checked
                                .hands
                                .iter()
                                .map(|hand| i64::from(hand.score[side]))
                                .sum()
                        };
                        let totals = GameTotals {
                            home: points(0),
                            away: points(1),
                        };
                        let winner = match checked.winner {
                            Some(1) => Side::Away,
                            Some(_) => Side::Home,
                            None if totals.away > totals.home => Side::Away,
                            None => Side::Home,
                        };
                        (totals, winner)
                    }
                    // A kept result was checked when it came in; should the rules ever read it
                    // differently, its written scores still say how the game went.
                    _ => {
                        let points = |side: usize| -> i64 {
                            hands
                                .iter()
                                .filter_map(|hand| hand.score.as_ref()?.get(side).copied())
                                .sum()
                        };
                        let totals = GameTotals {
                            home: points(0),
                            away: points(1),
                        };
                        let winner = if totals.away > totals.home {
                            Side::Away
                        } else {
                            Side::Home
                        };
                        (totals, winner)
                    }
                };
                GameView {
                    number,
                    kind: leg.kind,
                    target: leg.target,
                    home,
                    away,
                    conceded_by: None,
                    hands: hands.clone(),
                    totals,
                    winner,
                    record: Some(record_json),
                }
            }
        };
        views.push(view);
    }
    Ok(views)
}

async fn result_view(
    store: &dyn Store,
    place: &FixturePlace,
    result: &StoredResult,
) -> Result<ResultView, ApiError> {
    // The fixture as it stands now: a submission or an answer changes its status.
    let fixture = store
        .fixture(place.fixture.id)
        .await?
        .unwrap_or_else(|| place.fixture.clone());
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let submitted_for = result.for_team.map(|team| {
        if team == place.fixture.home_team_id {
            team_ref(place, Side::Home)
        } else {
            team_ref(place, Side::Away)
        }
    });
    Ok(ResultView {
        fixture_id: place.fixture.id.0,
        version_id: result.id,
        version: result.version,
        status: fixture.status.as_str(),
        home: team_ref(place, Side::Home),
        away: team_ref(place, Side::Away),
        score: score_view(result.score, place),
        submitted_for,
        submitted_at: result.submitted_at,
        games: game_views(store, place, &squads, &result.sheet).await?,
    })
}

fn version_view(version: &VersionScore, place: &FixturePlace) -> VersionScoreView {
    VersionScoreView {
        version: version.version,
        score: score_view(version.score, place),
    }
}

async fn event_views(
    store: &dyn Store,
    place: &FixturePlace,
    events: Vec<ResultEvent>,
    show_emails: bool,
) -> Result<Vec<EventView>, ApiError> {
    let home_captains = store.captains_of(place.fixture.home_team_id).await?;
    let away_captains = store.captains_of(place.fixture.away_team_id).await?;
    Ok(events
        .into_iter()
        .map(|event| {
            // As on the result page: who acted by their part; addresses are the organisers'.
            let by = if home_captains.iter().any(|user| user.id == event.by) {
                format!("captain of {}", place.fixture.home_team)
            } else if away_captains.iter().any(|user| user.id == event.by) {
                format!("captain of {}", place.fixture.away_team)
            } else {
                "the league".to_string()
            };
            EventView {
                at: event.at,
                action: match event.action {
                    ResultAction::Submitted => "submitted",
                    ResultAction::Confirmed => "confirmed",
                    ResultAction::Disputed => "disputed",
                    ResultAction::Corrected => "corrected",
                },
                by,
                by_email: show_emails.then_some(event.by_email),
                before: event.before.as_ref().map(|v| version_view(v, place)),
                after: version_view(&event.after, place),
                reason: event.reason,
            }
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------
// The endpoints.

#[utoipa::path(
    tag = "results",
    description = "The fixture's result as it stands: its version, the fixture's status, the \
                   score, and each game with its players, its hands as game-record hands, each \
                   side's points and the winner. Public, like the result page.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
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
    let current = current_or_404(store, &place).await?;
    Ok(HttpResponse::Ok().json(result_view(store, &place, &current).await?))
}

#[utoipa::path(
    tag = "results",
    description = "The result's history, oldest first: each submission, confirmation, dispute \
                   and correction, who made it by their part in the fixture, the version before \
                   and after, and the reason. Email addresses are shown to the organisation's \
                   organisers only, as on the result page. Empty for a fixture without a result.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
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
    let events = store.result_history(place.fixture.id).await?;
    let organiser = is_organiser(&caller, &place);
    Ok(HttpResponse::Ok().json(event_views(store, &place, events, organiser).await?))
}

#[utoipa::path(
    tag = "results",
    description = "Submits the fixture's result, by a captain of either team or an organiser. \
                   The body is a walkover (`{\"walkover\": {\"conceded_by\": \"home\"}}`) or every \
                   game in the order of the match format: `{\"games\": [{\"home\": [ids], \"away\": \
                   [ids], \"hands\": [{\"score\": [14, 9]}, …]}, {\"home\": …, \"away\": …, \
                   \"record\": {game record}}, {\"home\": [ids], \"away\": [], \"conceded_by\": \
                   \"away\"}]}`. It is checked under the league's rules before anything is kept; \
                   each problem names its place, such as `games[1].hands[0]`. The same \
                   `Idempotency-Key` header (or `submission_key`) again is the same submission: \
                   200 with the result kept the first time. A result past the competition's \
                   deadline costs the home team the league's late deduction, as on the pages. \
                   The other captain then confirms or disputes it; it counts once confirmed.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The fixture's id"),
        ("Idempotency-Key" = Option<String>, Header, description = "Makes a retried request the same submission"),
    ),
    request_body = ResultBody,
    responses(
        (status = 201, description = "Kept; awaiting the other captain's confirmation", body = ResultView),
        (status = 200, description = "The same submission again: the result kept the first time", body = ResultView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
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
    let signed_in = require_entry(&caller, &place)?;
    let body: ResultBody = body_of(&body)?;
    let key = submission_key(&request, body.submission_key.as_deref())?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let rules = squads.rules(&place.competition);
    let early_reason = may_enter_result(
        place.fixture.date,
        league_today(),
        caller.may(Permission::Organise(place.organisation.id)),
        body.early_reason.as_deref(),
    )
    .map_err(|refusal| match refusal {
        EarlyResult::NotYetPlayed { .. } => ApiError::Invalid {
            message: refusal.to_string(),
            problems: Vec::new(),
        },
        refusal => ApiError::invalid_field("early_reason", refusal.to_string()),
    })?;
    let (sheet, checked) = checked_sheet(body.walkover.as_ref(), body.games.as_deref(), rules)
        .map_err(ApiError::invalid)?;
    let result = NewResult {
        fixture: place.fixture.id,
        as_read: FixtureAsRead::from(&place.fixture),
        sheet: &sheet,
        checked: &checked,
        submission_key: &key,
        by: signed_in.user.id,
        for_team: captain_side(&caller, &place).map(|side| team_of(&place, side)),
        at: Utc::now(),
        early_reason,
    };
    let late = late_deduction(store, &place)
        .await
        .map_err(|error| anyhow::anyhow!("the result deadline: {error}"))?;
    let submitted = match &late {
        Some((points, reason)) => {
            let adjustment = NewAdjustment {
                division: place.fixture.division_id,
                team: place.fixture.home_team_id,
                points: *points,
                reason,
                fixture: Some(place.fixture.id),
                by: None,
                at: result.at,
            };
            store.submit_late_result(&result, &adjustment).await
        }
        None => store.submit_result(&result).await,
    };
    match submitted {
        Ok(Submitted::Recorded(kept)) => Ok(super::created(
            path_of(&place),
            result_view(store, &place, &kept).await?,
        )),
        Ok(Submitted::AlreadyRecorded(kept)) => {
            Ok(HttpResponse::Ok().json(result_view(store, &place, &kept).await?))
        }
        Err(StoreError::ResultAlreadySubmitted) => Err(ApiError::Conflict {
            message: "A result for this fixture has already been submitted, so yours was not kept. Read it at this address; the other captain can confirm or dispute it.".to_string(),
            problems: Vec::new(),
        }),
        Err(StoreError::FixtureChanged) => Err(ApiError::Conflict {
            message: "The league changed this fixture (its home and away, or its date) while the result was being sent, so it was not kept. Read the fixture again and send the result for it as it stands.".to_string(),
            problems: Vec::new(),
        }),
        Err(StoreError::SubmissionKeyReused) => Err(ApiError::Conflict {
            message: "That Idempotency-Key (or submission_key) was used before for another result or by another account; send a new key for a new submission.".to_string(),
            problems: Vec::new(),
        }),
        Err(error) => Err(error.into()),
    }
}

/// What the store's refusal of a confirmation or dispute means to the caller, as on the page.
fn answer_refusal(error: StoreError, place: &FixturePlace) -> ApiError {
    let conflict = |message: String| ApiError::Conflict {
        message,
        problems: Vec::new(),
    };
    match error {
        StoreError::ResultChanged => conflict(
            "The result has been changed since that version, so nothing was done. Read it again and answer the version as it stands.".to_string(),
        ),
        StoreError::ResultNotAwaitingAnswer(status) => conflict(format!(
            "This result is no longer waiting for an answer (it is {}), so nothing was done.",
            status.in_words()
        )),
        StoreError::NoResultYet => no_result_yet(place),
        other => other.into(),
    }
}

#[utoipa::path(
    tag = "results",
    description = "The other team's captain (or an organiser) agrees with the result, naming the \
                   version read: it counts in the standings from now on.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    request_body = ConfirmBody,
    responses(
        (status = 200, description = "Confirmed", body = ResultView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
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
    let signed_in = require_entry(&caller, &place)?;
    let current = current_or_404(store, &place).await?;
    if !is_organiser(&caller, &place) && !is_other_captain(&caller, &place, &current) {
        return Err(ApiError::Forbidden);
    }
    let body: ConfirmBody = body_of(&body)?;
    store
        .confirm_result(
            place.fixture.id,
            body.version_id,
            signed_in.user.id,
            Utc::now(),
        )
        .await
        .map_err(|error| answer_refusal(error, &place))?;
    let current = current_or_404(store, &place).await?;
    Ok(HttpResponse::Ok().json(result_view(store, &place, &current).await?))
}

#[utoipa::path(
    tag = "results",
    description = "The other team's captain disagrees with the version read, saying why: the \
                   organiser decides, and may correct it.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The fixture's id"),
    ),
    request_body = DisputeBody,
    responses(
        (status = 200, description = "Disputed", body = ResultView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
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
    let signed_in = require_entry(&caller, &place)?;
    let current = current_or_404(store, &place).await?;
    if !is_other_captain(&caller, &place, &current) {
        return Err(ApiError::Forbidden);
    }
    let body: DisputeBody = body_of(&body)?;
    let reason = Reason::for_dispute(&body.reason)
        .map_err(|error| ApiError::invalid_field("reason", error.to_string()))?;
    store
        .dispute_result(
            place.fixture.id,
            body.version_id,
            signed_in.user.id,
            reason.as_str(),
            Utc::now(),
        )
        .await
        .map_err(|error| answer_refusal(error, &place))?;
    let current = current_or_404(store, &place).await?;
    Ok(HttpResponse::Ok().json(result_view(store, &place, &current).await?))
}

#[utoipa::path(
    tag = "results",
    description = "An organiser's correction: the whole result as it should be (the same shape \
                   as a submission) and the reason, shown in the history. It becomes a new \
                   version, confirmed; every earlier version is kept.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("id" = i64, Path, description = "The fixture's id"),
        ("Idempotency-Key" = Option<String>, Header, description = "Makes a retried request the same correction"),
    ),
    request_body = CorrectionBody,
    responses(
        (status = 200, description = "Corrected", body = ResultView),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
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
    let organiser = caller.require(Permission::Organise(place.organisation.id))?;
    let body: CorrectionBody = body_of(&body)?;
    let key = submission_key(&request, body.submission_key.as_deref())?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let rules = squads.rules(&place.competition);
    let reason = Reason::for_correction(&body.reason);
    let mut problems = Vec::new();
    if let Err(error) = &reason {
        problems.push(Problem::new("reason", error.to_string()));
    }
    let checked = checked_sheet(body.walkover.as_ref(), body.games.as_deref(), rules);
    let (sheet, checked, reason) = match (checked, reason) {
        (Ok((sheet, checked)), Ok(reason)) => (sheet, checked, reason),
        (Ok(_), Err(_)) => return Err(ApiError::invalid(problems)),
        (Err(mut found), _) => {
            problems.append(&mut found);
            return Err(ApiError::invalid(problems));
        }
    };
    let corrected = store
        .correct_result(
            &NewResult {
                fixture: place.fixture.id,
                as_read: FixtureAsRead::from(&place.fixture),
                sheet: &sheet,
                checked: &checked,
                submission_key: &key,
                by: organiser.user.id,
                for_team: None,
                at: Utc::now(),
                early_reason: None,
            },
            reason.as_str(),
        )
        .await
        .map_err(|error| match error {
            StoreError::NoResultYet => no_result_yet(&place),
            other => other.into(),
        })?;
    Ok(HttpResponse::Ok()
        .insert_header((header::LOCATION, path_of(&place)))
        .json(result_view(store, &place, &corrected).await?))
}
