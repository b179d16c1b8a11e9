//! A team's squad page, for its captains at `/teams/{id}/squad` (the organisers' is the same
//! page under their organisation, `organiser::squad`): players added, one of the league's or a
//! new name, and taken out.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path, Query};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::squads::{self, Squad, SquadAddition};
use crate::app::transfers::TransferMade;
use crate::app::{AppError, Who, teams};
use crate::domain::ids::{PlayerId, TeamId};
use crate::domain::organisation::DisplayName;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::forms::refusal_messages;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::session::Viewer;

/// What was typed into the page's forms, and what was wrong with it.
#[derive(Default)]
pub struct SquadForms {
    pub name: String,
    pub name_error: Option<String>,
    pub player_error: Option<String>,
    pub list: String,
    pub list_problems: Vec<String>,
    /// Why renaming a player was refused.
    pub rename_error: Option<String>,
}

#[derive(Template)]
#[template(path = "captain/squad.html")]
struct SquadPage {
    layout: Layout,
    squad: Squad,
    /// Where the page's forms post: the squad's own address.
    base: String,
    back_href: String,
    back_text: String,
    done: Option<String>,
    forms: SquadForms,
}

/// Where a squad's page lives for one audience, and the page it goes back to.
pub struct SquadAddress {
    pub base: String,
    pub back_href: String,
    pub back_text: String,
}

impl SquadAddress {
    fn captains(squad: &Squad) -> Self {
        Self {
            base: format!("/teams/{}/squad", squad.team.id),
            back_href: format!("/teams/{}/manage", squad.team.id),
            back_text: squad.team.name.clone(),
        }
    }
}

/// What was just done on a squad's page, said at its top after the redirect (`?done=asked`).
#[derive(Deserialize)]
pub struct DoneQuery {
    done: Option<String>,
}

impl DoneQuery {
    /// The sentence for what was done, when the address names something.
    pub fn words(&self) -> Option<String> {
        let words = match self.done.as_deref()? {
            "added" => "Added to the squad.",
            "asked" => {
                "Transfer asked for: the league's organisers approve or refuse it, and both teams' captains are told by mail."
            }
            "moved" => "Moved from the other team's squad; both teams' captains are told by mail.",
            "removed" => "Taken out of the squad; every game they played stays theirs.",
            _ => return None,
        };
        Some(words.to_string())
    }
}

/// Renders the squad's page for `address`, with what was typed and its problems.
pub fn show(
    viewer: &Viewer,
    squad: Squad,
    address: SquadAddress,
    status: StatusCode,
    done: Option<String>,
    forms: SquadForms,
) -> Result<HttpResponse, WebError> {
    render_with_status(
        status,
        &SquadPage {
            layout: viewer.layout(format!("Squad of {}", squad.team.name)),
            squad,
            base: address.base,
            back_href: address.back_href,
            back_text: address.back_text,
            done,
            forms,
        },
    )
}

/// The organisation's short name of a team `who` may act for.
async fn slug_of(state: &AppState, who: Who<'_>, team: TeamId) -> Result<String, AppError> {
    Ok(teams::managed_team(state.store.as_ref(), who, team)
        .await?
        .organisation
        .slug)
}

async fn squad_of(viewer: &Viewer, state: &AppState, team: TeamId) -> Result<Squad, WebError> {
    let who = viewer.who();
    let found = async {
        let slug = slug_of(state, who, team).await?;
        squads::squad(state.store.as_ref(), who, &slug, team).await
    };
    found.await.map_err(|error| viewer.refused(error))
}

#[get("/teams/{id}/squad")]
pub async fn squad_page(
    viewer: Viewer,
    state: Data<AppState>,
    id: Path<i64>,
    query: Query<DoneQuery>,
) -> Result<HttpResponse, WebError> {
    let squad = squad_of(&viewer, &state, TeamId(*id)).await?;
    let address = SquadAddress::captains(&squad);
    show(
        &viewer,
        squad,
        address,
        StatusCode::OK,
        query.words(),
        SquadForms::default(),
    )
}

#[derive(Deserialize)]
pub struct NewPlayerForm {
    #[serde(default)]
    pub name: String,
}

#[derive(Deserialize)]
pub struct ExistingPlayerForm {
    #[serde(default)]
    pub player: String,
}

/// Adds a new player by name; a refusal comes back at the name's field.
pub async fn add_new(
    viewer: &Viewer,
    state: &AppState,
    squad: Squad,
    address: SquadAddress,
    typed: String,
) -> Result<HttpResponse, WebError> {
    let base = address.base.clone();
    let refused = |squad, message| {
        let forms = SquadForms {
            name: typed.clone(),
            name_error: Some(message),
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
    };
    let name = match DisplayName::try_from(typed.as_str()) {
        Ok(name) => name,
        Err(error) => return refused(squad, error.to_string()),
    };
    let (slug, team) = (squad.organisation.slug.clone(), squad.team.id);
    match squads::add_new_player_to_squad(state.store.as_ref(), viewer.who(), &slug, team, &name)
        .await
    {
        Ok(_) => Ok(redirect(&format!("{base}?done=added"))),
        Err(error) => refused(squad, refusal_messages(viewer, error)?.join(" ")),
    }
}

/// Adds one of the organisation's players (a player of another team by a transfer); a refusal
/// comes back at the player's field.
pub async fn add_existing(
    viewer: &Viewer,
    state: &AppState,
    squad: Squad,
    address: SquadAddress,
    typed: &str,
) -> Result<HttpResponse, WebError> {
    let base = address.base.clone();
    let refused = |squad, message| {
        let forms = SquadForms {
            player_error: Some(message),
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
    };
    let Ok(player) = typed.trim().parse::<i64>() else {
        return refused(squad, "Choose one of the league's players.".to_string());
    };
    let (slug, team) = (squad.organisation.slug.clone(), squad.team.id);
    match squads::add_to_squad(
        state.store.as_ref(),
        state.mail.as_ref(),
        viewer.who(),
        &slug,
        team,
        PlayerId(player),
    )
    .await
    {
        Ok((_, _, addition)) => {
            let done = match addition {
                SquadAddition::Joined(_) => "added",
                SquadAddition::Transfer(TransferMade::Asked(_)) => "asked",
                SquadAddition::Transfer(TransferMade::Moved(_)) => "moved",
            };
            Ok(redirect(&format!("{base}?done={done}")))
        }
        Err(error) => refused(squad, refusal_messages(viewer, error)?.join(" ")),
    }
}

#[post("/teams/{id}/squad")]
pub async fn add_squad_player(
    viewer: Viewer,
    state: Data<AppState>,
    id: Path<i64>,
    form: Form<NewPlayerForm>,
) -> Result<HttpResponse, WebError> {
    let squad = squad_of(&viewer, &state, TeamId(*id)).await?;
    let address = SquadAddress::captains(&squad);
    add_new(&viewer, &state, squad, address, form.into_inner().name).await
}

#[post("/teams/{id}/squad/existing")]
pub async fn add_existing_player(
    viewer: Viewer,
    state: Data<AppState>,
    id: Path<i64>,
    form: Form<ExistingPlayerForm>,
) -> Result<HttpResponse, WebError> {
    let squad = squad_of(&viewer, &state, TeamId(*id)).await?;
    let address = SquadAddress::captains(&squad);
    add_existing(&viewer, &state, squad, address, &form.player).await
}

#[post("/teams/{id}/squad/{player}/remove")]
pub async fn remove_squad_player(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (team, player) = path.into_inner();
    let who = viewer.who();
    let removed = async {
        let slug = slug_of(&state, who, TeamId(team)).await?;
        squads::remove_from_squad(
            state.store.as_ref(),
            who,
            &slug,
            TeamId(team),
            PlayerId(player),
        )
        .await
    };
    removed.await.map_err(|error| viewer.refused(error))?;
    Ok(redirect(&format!("/teams/{team}/squad?done=removed")))
}
