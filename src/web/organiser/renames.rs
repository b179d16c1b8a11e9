//! An organiser renames the organisation or a competition, or removes a competition that has
//! no results. A refusal is answered with a page saying why (400 for a name that is not one,
//! 409 for a name taken or a competition with results).

use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, post};
use serde::Deserialize;

use crate::app::{AppError, Field, removals, renames};
use crate::domain::ids::CompetitionId;
use crate::domain::organisation::DisplayName;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::redirect;
use crate::web::session::Viewer;

#[derive(Deserialize)]
pub struct NameForm {
    #[serde(default)]
    name: String,
}

fn name_of(viewer: &Viewer, typed: &str) -> Result<DisplayName, WebError> {
    DisplayName::try_from(typed)
        .map_err(|error| viewer.refused(AppError::invalid(Field::Name, error.to_string())))
}

#[post("/organise/{slug}/name")]
pub async fn rename_organisation(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
    form: Form<NameForm>,
) -> Result<HttpResponse, WebError> {
    // Only an organiser is told what is wrong with the form.
    crate::web::organiser::lookup::organised(&viewer, &state, &slug).await?;
    let name = name_of(&viewer, &form.name)?;
    let organisation =
        renames::rename_organisation(state.store.as_ref(), viewer.who(), &slug, &name)
            .await
            .map_err(|error| viewer.refused(error))?;
    Ok(redirect(&format!("/organise/{}", organisation.slug)))
}

#[post("/organise/{slug}/competitions/{id}/name")]
pub async fn rename_competition(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<NameForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    crate::web::organiser::lookup::organised(&viewer, &state, &slug).await?;
    let name = name_of(&viewer, &form.name)?;
    let (organisation, competition) = renames::rename_competition(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        CompetitionId(id),
        &name,
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    Ok(redirect(&format!(
        "/organise/{}/competitions/{}/seasons",
        organisation.slug, competition.id
    )))
}

#[post("/organise/{slug}/competitions/{id}/delete")]
pub async fn remove_competition(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let (organisation, _) =
        removals::remove_competition(state.store.as_ref(), viewer.who(), &slug, CompetitionId(id))
            .await
            .map_err(|error| viewer.refused(error))?;
    Ok(redirect(&format!(
        "/organise/{}/competitions",
        organisation.slug
    )))
}
