//! A team's squad as its organisation's organisers run it, under `/organise/{slug}`: the
//! captains' page (`captain::squad`) with a list of names pasted or a CSV file uploaded to add
//! several players at once, all or none, each refused line named.

use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path, Query};
use actix_web::{HttpResponse, get, post};
use futures_util::StreamExt;
use serde::Deserialize;

use crate::app::squads::{self, Squad};
use crate::app::{AppError, Field};
use crate::app::{removals, renames};
use crate::domain::ids::{PlayerId, TeamId};
use crate::domain::organisation::DisplayName;
use crate::domain::squad::{
    ListProblem, ListedName, MAX_CSV_BYTES, names_from_csv, names_from_text,
};
use crate::web::AppState;
use crate::web::captain::squad::{
    DoneQuery, ExistingPlayerForm, NewPlayerForm, SquadAddress, SquadForms, add_existing, add_new,
    show,
};
use crate::web::error::WebError;
use crate::web::layout::redirect;
use crate::web::organiser::lookup::organised;
use crate::web::session::Viewer;

fn address(squad: &Squad) -> SquadAddress {
    SquadAddress {
        base: format!(
            "/organise/{}/teams/{}/squad",
            squad.organisation.slug, squad.team.id
        ),
        back_href: format!("/organise/{}", squad.organisation.slug),
        back_text: squad.organisation.name.clone(),
    }
}

async fn squad_of(
    viewer: &Viewer,
    state: &AppState,
    slug: &str,
    team: i64,
) -> Result<Squad, WebError> {
    // These are the organisers' pages; a captain has the same on their team's own.
    organised(viewer, state, slug).await?;
    squads::squad(state.store.as_ref(), viewer.who(), slug, TeamId(team))
        .await
        .map_err(|error| viewer.refused(error))
}

#[get("/organise/{slug}/teams/{id}/squad")]
pub async fn squad_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    query: Query<DoneQuery>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let squad = squad_of(&viewer, &state, &slug, id).await?;
    let address = address(&squad);
    show(
        &viewer,
        squad,
        address,
        StatusCode::OK,
        query.words(),
        SquadForms::default(),
    )
}

#[post("/organise/{slug}/teams/{id}/squad")]
pub async fn add_squad_player(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<NewPlayerForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let squad = squad_of(&viewer, &state, &slug, id).await?;
    let address = address(&squad);
    add_new(&viewer, &state, squad, address, form.into_inner().name).await
}

#[post("/organise/{slug}/teams/{id}/squad/existing")]
pub async fn add_existing_player(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<ExistingPlayerForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let squad = squad_of(&viewer, &state, &slug, id).await?;
    let address = address(&squad);
    add_existing(&viewer, &state, squad, address, &form.player).await
}

#[post("/organise/{slug}/teams/{id}/squad/{player}/remove")]
pub async fn remove_squad_player(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, team, player) = path.into_inner();
    organised(&viewer, &state, &slug).await?;
    let (organisation, team) = squads::remove_from_squad(
        state.store.as_ref(),
        viewer.who(),
        &slug,
        TeamId(team),
        PlayerId(player),
    )
    .await
    .map_err(|error| viewer.refused(error))?;
    Ok(redirect(&format!(
        "/organise/{}/teams/{}/squad?done=removed",
        organisation.slug, team.id
    )))
}

/// Adds the listed names, or shows the page again with every problem (422): the list's own,
/// from reading it, or the use case's, each at its line.
async fn add_list(
    viewer: &Viewer,
    state: &AppState,
    squad: Squad,
    typed: String,
    names: Result<Vec<ListedName>, Vec<ListProblem>>,
) -> Result<HttpResponse, WebError> {
    let address = address(&squad);
    let problems: Vec<String> = match names {
        Ok(names) => {
            let (slug, team) = (squad.organisation.slug.clone(), squad.team.id);
            match squads::add_list_to_squad(state.store.as_ref(), viewer.who(), &slug, team, &names)
                .await
            {
                Ok((_, _, joined)) => {
                    let squad = squad_of(viewer, state, &slug, team.0).await?;
                    let done = format!("{} players added to the squad.", joined.len());
                    return show(
                        viewer,
                        squad,
                        address,
                        StatusCode::OK,
                        Some(done),
                        SquadForms::default(),
                    );
                }
                Err(AppError::Invalid(problems)) => problems
                    .into_iter()
                    .map(|problem| match problem.field {
                        Field::Line(line) => format!("Line {line}: {}", problem.message),
                        _ => problem.message,
                    })
                    .collect(),
                Err(error) => return Err(viewer.refused(error)),
            }
        }
        Err(problems) => problems.iter().map(ToString::to_string).collect(),
    };
    let forms = SquadForms {
        list: typed,
        list_problems: problems,
        ..SquadForms::default()
    };
    show(
        viewer,
        squad,
        address,
        StatusCode::UNPROCESSABLE_ENTITY,
        None,
        forms,
    )
}

#[derive(Deserialize)]
pub struct ListForm {
    #[serde(default)]
    names: String,
}

#[post("/organise/{slug}/teams/{id}/squad/list")]
pub async fn add_pasted_list(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<ListForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let squad = squad_of(&viewer, &state, &slug, id).await?;
    let typed = form.into_inner().names;
    let names = names_from_text(&typed);
    add_list(&viewer, &state, squad, typed, names).await
}

/// The uploaded file's bytes (the form's `file` field), read no further than one byte past
/// `limit`, the largest file taken (so that a larger one is refused for its size, not read
/// whole).
pub(crate) async fn uploaded_file(mut form: Multipart, limit: usize) -> Result<Vec<u8>, WebError> {
    let unreadable = || WebError::BadRequest("The uploaded file could not be read.".to_string());
    while let Some(field) = form.next().await {
        let mut field = field.map_err(|_| unreadable())?;
        if field.name() != Some("file") {
            continue;
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            bytes.extend_from_slice(&chunk.map_err(|_| unreadable())?);
            if bytes.len() > limit {
                break;
            }
        }
        return Ok(bytes);
    }
    Ok(Vec::new())
}

#[post("/organise/{slug}/teams/{id}/squad/csv")]
pub async fn add_csv_file(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Multipart,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let squad = squad_of(&viewer, &state, &slug, id).await?;
    let bytes = uploaded_file(form, MAX_CSV_BYTES).await?;
    let names = names_from_csv(&bytes);
    add_list(&viewer, &state, squad, String::new(), names).await
}

#[derive(Deserialize)]
pub struct RenamePlayerForm {
    #[serde(default)]
    name: String,
    /// The team whose squad page the form was on, to go back to.
    #[serde(default)]
    team: String,
}

#[post("/organise/{slug}/players/{id}/name")]
pub async fn rename_player(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<RenamePlayerForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    organised(&viewer, &state, &slug).await?;
    let form = form.into_inner();
    let team = form.team.trim().parse::<i64>().ok();
    let refusal = match DisplayName::try_from(form.name.as_str()) {
        Err(error) => error.to_string(),
        Ok(name) => match renames::rename_player(
            state.store.as_ref(),
            viewer.who(),
            &slug,
            PlayerId(id),
            &name,
        )
        .await
        {
            Ok((organisation, _)) => {
                return Ok(redirect(&match team {
                    Some(team) => format!("/organise/{}/teams/{team}/squad", organisation.slug),
                    None => format!("/organise/{}", organisation.slug),
                }));
            }
            Err(AppError::Conflict(conflict)) => conflict.to_string(),
            Err(error) => return Err(viewer.refused(error)),
        },
    };
    let Some(team) = team else {
        return Err(WebError::BadRequest(refusal));
    };
    let squad = squad_of(&viewer, &state, &slug, team).await?;
    let address = address(&squad);
    show(
        &viewer,
        squad,
        address,
        StatusCode::UNPROCESSABLE_ENTITY,
        None,
        SquadForms {
            rename_error: Some(refusal),
            ..SquadForms::default()
        },
    )
}

/// Removes a player who has not played from the league; one who has is refused on an error
/// page saying why.
#[post("/organise/{slug}/players/{id}/delete")]
pub async fn remove_player(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<RenamePlayerForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let (organisation, _) =
        removals::remove_player(state.store.as_ref(), viewer.who(), &slug, PlayerId(id))
            .await
            .map_err(|error| viewer.refused(error))?;
    Ok(redirect(&match form.team.trim().parse::<i64>() {
        Ok(team) => format!("/organise/{}/teams/{team}/squad", organisation.slug),
        Err(_) => format!("/organise/{}", organisation.slug),
    }))
}
