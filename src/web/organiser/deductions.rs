//! A division's points deductions, for its organisers: those made so far (the late results'
//! too), and a form to take points from a team, with the reason.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::deductions::{self, Deductions};
use crate::app::{AppError, Field};
use crate::domain::deduction::DeductionPoints;
use crate::domain::ids::{DivisionId, TeamId};
use crate::domain::reason::Reason;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::forms::FieldErrors;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::session::Viewer;

/// The form as typed.
#[derive(Debug, Default, Deserialize)]
pub struct DeductionForm {
    #[serde(default)]
    team: String,
    #[serde(default)]
    points: String,
    #[serde(default)]
    reason: String,
}

/// An adjustment as the page lists it.
struct AdjustmentLine {
    team: String,
    points: i64,
    reason: String,
}

#[derive(Template)]
#[template(path = "organiser/deductions.html")]
struct DeductionsPage {
    layout: Layout,
    deductions: Deductions,
    lines: Vec<AdjustmentLine>,
    form: DeductionForm,
    errors: FieldErrors,
}

fn show(
    viewer: &Viewer,
    deductions: Deductions,
    status: StatusCode,
    form: DeductionForm,
    errors: FieldErrors,
) -> Result<HttpResponse, WebError> {
    let lines = deductions
        .adjustments
        .iter()
        .map(|adjustment| AdjustmentLine {
            team: deductions
                .teams
                .iter()
                .find(|team| team.id == adjustment.team)
                .map_or_else(
                    || format!("team {}", adjustment.team),
                    |team| team.name.clone(),
                ),
            points: adjustment.points,
            reason: adjustment.reason.clone(),
        })
        .collect();
    render_with_status(
        status,
        &DeductionsPage {
            layout: viewer.layout(format!(
                "{} {}: points deductions",
                deductions.place.competition.name, deductions.place.division.name
            )),
            deductions,
            lines,
            form,
            errors,
        },
    )
}

#[get("/organise/{slug}/divisions/{id}/deductions")]
pub async fn deductions_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let deductions =
        deductions::deductions(state.store.as_ref(), viewer.who(), &slug, DivisionId(id))
            .await
            .map_err(|error| viewer.refused(error))?;
    show(
        &viewer,
        deductions,
        StatusCode::OK,
        DeductionForm::default(),
        FieldErrors::default(),
    )
}

#[post("/organise/{slug}/divisions/{id}/deductions")]
pub async fn deduct_points(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<DeductionForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    // Only the division's organisers are told what is wrong with the form.
    let found = deductions::deductions(store, viewer.who(), &slug, DivisionId(id))
        .await
        .map_err(|error| viewer.refused(error))?;
    let form = form.into_inner();
    let mut errors = FieldErrors::default();
    let team = form
        .team
        .trim()
        .parse::<i64>()
        .map_err(|_| errors.add("team", "Choose the team the points are taken from."))
        .ok();
    let points = DeductionPoints::try_from(form.points.as_str())
        .map_err(|error| errors.add("points", error.to_string()))
        .ok();
    let reason = Reason::for_deduction(&form.reason)
        .map_err(|error| errors.add("reason", error.to_string()))
        .ok();
    if let (Some(team), Some(points), Some(reason)) = (team, points, reason) {
        match deductions::deduct_points(
            store,
            viewer.who(),
            &slug,
            DivisionId(id),
            TeamId(team),
            points,
            &reason,
        )
        .await
        {
            Ok((organisation, place, _)) => {
                return Ok(redirect(&format!(
                    "/organise/{}/divisions/{}/deductions",
                    organisation.slug, place.division.id
                )));
            }
            Err(AppError::Invalid(problems)) => {
                for problem in problems {
                    let field = match problem.field {
                        Field::Team => "team",
                        Field::Points => "points",
                        _ => "reason",
                    };
                    errors.add(field, problem.message);
                }
            }
            Err(error) => return Err(viewer.refused(error)),
        }
    }
    show(
        &viewer,
        found,
        StatusCode::UNPROCESSABLE_ENTITY,
        form,
        errors,
    )
}
