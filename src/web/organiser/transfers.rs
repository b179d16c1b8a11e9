//! The organisers' transfers page, `/organise/{slug}/transfers`: the transfers captains have
//! asked for, each approved or refused with a button, the last decided, and the organisation's
//! rule for transfers during a season.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path, Query};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::transfers::{self, Transfers};
use crate::domain::ids::TransferId;
use crate::domain::league_time::{DATE_HINT, written};
use crate::domain::transfer::{MidSeasonTransfers, TransferDecision, read_rule};
use crate::store::TransferRequest;
use crate::web::AppState;
use crate::web::dates::moment;
use crate::web::error::WebError;
use crate::web::forms::refusal_messages;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::session::Viewer;

/// The rule's form, as saved or as typed.
struct RuleForm {
    mid_season: String,
    last_day: String,
    error: Option<String>,
}

impl RuleForm {
    fn of(rule: MidSeasonTransfers) -> Self {
        Self {
            mid_season: rule.word().to_string(),
            last_day: rule.last_day().map(written).unwrap_or_default(),
            error: None,
        }
    }
}

/// One transfer as the page lists it.
struct TransferLine {
    id: TransferId,
    player: String,
    from_team: String,
    to_team: String,
    asked: String,
    /// "Approved 3 Nov 2026 at 20:15", for a decided one.
    decided: Option<String>,
}

impl TransferLine {
    fn of(request: TransferRequest) -> Self {
        let decided = request.decided_at.map(|at| {
            let word = match request.status.as_str() {
                "approved" => "Approved",
                _ => "Refused",
            };
            format!("{word} {}", moment(at))
        });
        Self {
            id: request.id,
            player: request.player_name,
            from_team: request.from_team_name,
            to_team: request.to_team_name,
            asked: format!(
                "asked by {} {}",
                request.requested_by,
                moment(request.requested_at)
            ),
            decided,
        }
    }
}

#[derive(Template)]
#[template(path = "organiser/transfers.html")]
struct TransfersPage {
    layout: Layout,
    slug: String,
    name: String,
    waiting: Vec<TransferLine>,
    decided: Vec<TransferLine>,
    rule: RuleForm,
    done: Option<&'static str>,
    /// Why a decision was not kept.
    error: Option<String>,
    date_hint: &'static str,
}

/// What the page says at its top: what was just done, or why a decision was not kept.
#[derive(Default)]
struct Said {
    done: Option<&'static str>,
    error: Option<String>,
}

fn show(
    viewer: &Viewer,
    transfers: Transfers,
    status: StatusCode,
    rule: Option<RuleForm>,
    said: Said,
) -> Result<HttpResponse, WebError> {
    render_with_status(
        status,
        &TransfersPage {
            layout: viewer.layout(format!("Transfers: {}", transfers.organisation.name)),
            slug: transfers.organisation.slug,
            name: transfers.organisation.name,
            waiting: transfers
                .waiting
                .into_iter()
                .map(TransferLine::of)
                .collect(),
            decided: transfers
                .decided
                .into_iter()
                .map(TransferLine::of)
                .collect(),
            rule: rule.unwrap_or_else(|| RuleForm::of(transfers.rule)),
            done: said.done,
            error: said.error,
            date_hint: DATE_HINT,
        },
    )
}

/// What was just done on the page (`?done=approved`).
#[derive(Deserialize)]
pub struct TransfersQuery {
    done: Option<String>,
}

fn done_words(done: Option<&str>) -> Option<&'static str> {
    Some(match done? {
        "approved" => "Transfer approved: the player has moved, and both teams' captains are told.",
        "refused" => "Transfer refused: the player stays, and both teams' captains are told.",
        "rule" => "Saved: the league's rule for transfers during a season.",
        _ => return None,
    })
}

async fn transfers_of(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
) -> Result<Transfers, WebError> {
    transfers::transfers(state.store.as_ref(), viewer.who(), slug)
        .await
        .map_err(|error| viewer.refused(error))
}

#[get("/organise/{slug}/transfers")]
pub async fn transfers_page(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
    query: Query<TransfersQuery>,
) -> Result<HttpResponse, WebError> {
    let transfers = transfers_of(&viewer, &state, &slug).await?;
    show(
        &viewer,
        transfers,
        StatusCode::OK,
        None,
        Said {
            done: done_words(query.done.as_deref()),
            error: None,
        },
    )
}

#[derive(Deserialize)]
pub struct RuleFields {
    #[serde(default)]
    mid_season: String,
    #[serde(default)]
    last_day: String,
}

#[post("/organise/{slug}/transfers/rule")]
pub async fn set_rule(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
    form: Form<RuleFields>,
) -> Result<HttpResponse, WebError> {
    let rule = match read_rule(&form.mid_season, &form.last_day) {
        Ok(rule) => rule,
        Err(error) => {
            let transfers = transfers_of(&viewer, &state, &slug).await?;
            let typed = RuleForm {
                mid_season: form.mid_season.clone(),
                last_day: form.last_day.clone(),
                error: Some(error),
            };
            return show(
                &viewer,
                transfers,
                StatusCode::UNPROCESSABLE_ENTITY,
                Some(typed),
                Said::default(),
            );
        }
    };
    let organisation =
        transfers::set_transfer_rule(state.store.as_ref(), viewer.who(), &slug, rule)
            .await
            .map_err(|error| viewer.refused(error))?;
    Ok(redirect(&format!(
        "/organise/{}/transfers?done=rule",
        organisation.slug
    )))
}

#[derive(Deserialize)]
pub struct DecisionFields {
    #[serde(default)]
    decision: String,
}

#[post("/organise/{slug}/transfers/{id}")]
pub async fn decide(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<DecisionFields>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let decision = match form.decision.as_str() {
        "approve" => TransferDecision::Approve,
        "refuse" => TransferDecision::Refuse,
        _ => {
            return Err(viewer.refused(crate::app::AppError::invalid(
                crate::app::Field::Whole,
                "Approve or refuse the transfer.",
            )));
        }
    };
    let decided = transfers::decide_transfer(
        state.store.as_ref(),
        state.mail.as_ref(),
        viewer.who(),
        &slug,
        TransferId(id),
        decision,
    )
    .await;
    match decided {
        Ok((organisation, request)) => Ok(redirect(&format!(
            "/organise/{}/transfers?done={}",
            organisation.slug, request.status
        ))),
        Err(error) => {
            let status = error_status(&error);
            let messages = refusal_messages(&viewer, error)?;
            let transfers = transfers_of(&viewer, &state, &slug).await?;
            let said = Said {
                done: None,
                error: Some(messages.join(" ")),
            };
            show(&viewer, transfers, status, None, said)
        }
    }
}

/// A refused decision's status: a conflict (decided meanwhile) or a refusal of what it asks.
fn error_status(error: &crate::app::AppError) -> StatusCode {
    match error {
        crate::app::AppError::Conflict(_) => StatusCode::CONFLICT,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    }
}
