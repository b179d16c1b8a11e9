//! Transfers through the API: the organisation's transfers and its rule for them during a
//! season, read and set by its organisers, and a waiting transfer approved or refused. A
//! transfer is asked for by adding a player of another team to a squad (`teams`).

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get, post, put};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::error::{ApiError, ErrorBody};
use super::input::ApiJson;
use super::views::NamedRef;
use crate::app::transfers;
use crate::domain::ids::TransferId;
use crate::domain::transfer::{MidSeasonTransfers, TransferDecision, read_rule};
use crate::store::TransferRequest;
use crate::web::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct TransferView {
    pub id: i64,
    pub player: NamedRef,
    pub from_team: NamedRef,
    pub to_team: NamedRef,
    /// The address of the account that asked.
    pub requested_by: String,
    pub requested_at: DateTime<Utc>,
    /// `pending`, `approved` or `refused`.
    pub status: String,
    pub decided_at: Option<DateTime<Utc>>,
}

impl TransferView {
    pub fn of(request: TransferRequest) -> Self {
        Self {
            id: request.id.0,
            player: NamedRef::new(request.player_id.0, request.player_name),
            from_team: NamedRef::new(request.from_team_id.0, request.from_team_name),
            to_team: NamedRef::new(request.to_team_id.0, request.to_team_name),
            requested_by: request.requested_by,
            requested_at: request.requested_at,
            status: request.status,
            decided_at: request.decided_at,
        }
    }
}

/// Whether captains may ask for transfers while a team's season is being played.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TransferRuleBody {
    /// `allowed` (at any time), `until` (up to and including `last_day`) or `closed`.
    pub mid_season: String,
    /// With `until`: the last day, as `2027-01-31` (`31/01/2027` is read too); answered as
    /// `2027-01-31`.
    #[schema(value_type = Option<String>, max_length = 20)]
    pub last_day: Option<String>,
}

impl TransferRuleBody {
    fn of(rule: MidSeasonTransfers) -> Self {
        Self {
            mid_season: rule.word().to_string(),
            last_day: rule.last_day().map(|day: NaiveDate| day.to_string()),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TransfersView {
    pub rule: TransferRuleBody,
    /// Oldest first.
    pub waiting: Vec<TransferView>,
    /// The last decided, latest first.
    pub decided: Vec<TransferView>,
}

#[utoipa::path(
    tag = "teams",
    description = "The organisation's transfers waiting (oldest first) and the last 20 decided, \
                   with its rule for transfers during a season. The organisation's organisers may.",
    responses(
        (status = 200, body = TransfersView),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[get("/api/v1/organisations/{slug}/transfers")]
pub async fn list_transfers(
    caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, ApiError> {
    let found = transfers::transfers(state.store.as_ref(), caller.who(), &slug).await?;
    Ok(HttpResponse::Ok().json(TransfersView {
        rule: TransferRuleBody::of(found.rule),
        waiting: found.waiting.into_iter().map(TransferView::of).collect(),
        decided: found.decided.into_iter().map(TransferView::of).collect(),
    }))
}

#[utoipa::path(
    tag = "teams",
    description = "Sets whether captains may ask for transfers while a team's season is being \
                   played (between seasons they always may). The organisation's organisers may.",
    request_body = TransferRuleBody,
    responses(
        (status = 200, body = TransferRuleBody),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[put("/api/v1/organisations/{slug}/transfers/rule")]
pub async fn set_transfer_rule(
    caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
    body: ApiJson<TransferRuleBody>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    crate::app::lookup::organised(store, caller.who(), &slug).await?;
    let last_day = body.last_day.as_deref().unwrap_or_default();
    let rule = read_rule(&body.mid_season, last_day).map_err(|problem| {
        let field = if body.mid_season.trim() == "until" {
            "last_day"
        } else {
            "mid_season"
        };
        ApiError::invalid_field(field, problem)
    })?;
    transfers::set_transfer_rule(store, caller.who(), &slug, rule).await?;
    Ok(HttpResponse::Ok().json(TransferRuleBody::of(rule)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DecisionBody {
    /// `approve` or `refuse`.
    pub decision: String,
}

#[utoipa::path(
    tag = "teams",
    description = "Approves (the player leaves their squad and joins the new team's) or refuses a \
                   waiting transfer; both teams' captains are mailed. The organisation's \
                   organisers may.",
    params(
        ("id" = i64, Path, description = "The transfer's id"),
    ),
    request_body = DecisionBody,
    responses(
        (status = 200, body = TransferView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Decided already", body = ErrorBody),
        (status = 422, description = "Neither approve nor refuse, or the new squad is full", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/transfers/{id}")]
pub async fn decide_transfer(
    caller: ApiCaller,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: ApiJson<DecisionBody>,
) -> Result<HttpResponse, ApiError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    crate::app::lookup::organised(store, caller.who(), &slug).await?;
    let decision = match body.decision.trim() {
        "approve" => TransferDecision::Approve,
        "refuse" => TransferDecision::Refuse,
        _ => {
            return Err(ApiError::invalid_field(
                "decision",
                "Give `approve` or `refuse`.",
            ));
        }
    };
    let (_, decided) = transfers::decide_transfer(
        store,
        state.mail.as_ref(),
        caller.who(),
        &slug,
        TransferId(id),
        decision,
    )
    .await?;
    Ok(HttpResponse::Ok().json(TransferView::of(decided)))
}
