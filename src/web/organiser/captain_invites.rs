//! An organiser invites the captains of a division's teams at once: a page listing its teams
//! without a captain, each with an address field, and what became of each invitation.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;

use crate::app::teams::{self, Invitation, TeamsToInvite};
use crate::app::{AppError, Field};
use crate::domain::ids::{DivisionId, TeamId};
use crate::store::{Division, Organisation, Season};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render_with_status};
use crate::web::session::Viewer;

/// One team's line of the form: its address as typed and why it was refused.
pub struct InviteLine {
    pub team: TeamId,
    pub name: String,
    pub email: String,
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "organiser/captain_invites.html")]
struct InvitesPage {
    layout: Layout,
    organisation: Organisation,
    season: Season,
    division: Division,
    lines: Vec<InviteLine>,
    /// Every problem, each with its team's name, above the form.
    problems: Vec<String>,
}

/// What became of one team's invitation.
pub struct SentLine {
    pub team: String,
    pub link: String,
    pub mailed_to: Option<String>,
    pub held_back_for: Option<String>,
    pub expires: String,
}

#[derive(Template)]
#[template(path = "organiser/captain_invites_sent.html")]
struct SentPage {
    layout: Layout,
    organisation: Organisation,
    season: Season,
    division: Division,
    sent: Vec<SentLine>,
}

fn title(division: &Division) -> String {
    format!("Invite the captains of {}", division.name)
}

/// The form, for the teams without a captain, with what was typed and every problem.
async fn show_form(
    viewer: &Viewer,
    state: &AppState,
    (slug, division): (&str, DivisionId),
    status: StatusCode,
    typed: &[(TeamId, String)],
    refused: Vec<crate::app::Problem>,
) -> Result<HttpResponse, WebError> {
    let TeamsToInvite {
        organisation,
        place,
        teams,
    } = teams::teams_to_invite(state.store.as_ref(), viewer.who(), slug, division)
        .await
        .map_err(|error| viewer.refused(error))?;
    let error_of = |team: TeamId| {
        let messages: Vec<&str> = (refused.iter())
            .filter(|problem| problem.field == Field::CaptainOf(team))
            .map(|problem| problem.message.as_str())
            .collect();
        (!messages.is_empty()).then(|| messages.join(" "))
    };
    let lines: Vec<InviteLine> = (teams.into_iter())
        .map(|team| InviteLine {
            email: (typed.iter())
                .find(|(id, _)| *id == team.id)
                .map(|(_, email)| email.clone())
                .unwrap_or_default(),
            error: error_of(team.id),
            team: team.id,
            name: team.name,
        })
        .collect();
    let name_of = |team: TeamId| {
        (lines.iter())
            .find(|line| line.team == team)
            .map_or_else(|| format!("Team {team}"), |line| line.name.clone())
    };
    let problems = (refused.iter())
        .map(|problem| match problem.field {
            Field::CaptainOf(team) => format!("{}: {}", name_of(team), problem.message),
            _ => problem.message.clone(),
        })
        .collect();
    render_with_status(
        status,
        &InvitesPage {
            layout: viewer.layout(title(&place.division)),
            organisation,
            season: place.season,
            division: place.division,
            lines,
            problems,
        },
    )
}

#[get("/organise/{slug}/divisions/{id}/invites")]
pub async fn invites_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let at = (slug.as_str(), DivisionId(id));
    show_form(&viewer, &state, at, StatusCode::OK, &[], Vec::new()).await
}

/// The form's fields in order: each `team` (an id) followed by its `email`.
fn addresses(fields: &[(String, String)]) -> Result<Vec<(TeamId, String)>, WebError> {
    let teams = (fields.iter()).filter(|(name, _)| name == "team");
    let emails = (fields.iter()).filter(|(name, _)| name == "email");
    if teams.clone().count() != emails.clone().count() {
        return Err(WebError::BadRequest(
            "Each team of the form has one address field.".to_string(),
        ));
    }
    teams
        .zip(emails)
        .map(|((_, team), (_, email))| match team.trim().parse::<i64>() {
            Ok(team) => Ok((TeamId(team), email.clone())),
            Err(_) => Err(WebError::BadRequest(format!("{team:?} is not a team."))),
        })
        .collect()
}

#[post("/organise/{slug}/divisions/{id}/invites")]
pub async fn invite_captains(
    req: HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<Vec<(String, String)>>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let typed = addresses(&form)?;
    let made = teams::invite_captains(
        state.store.as_ref(),
        state.mail.as_ref(),
        viewer.who(),
        &slug,
        DivisionId(id),
        &typed,
    )
    .await;
    let (organisation, place, invitations) = match made {
        Ok(made) => made,
        Err(AppError::Invalid(problems)) => {
            let at = (slug.as_str(), DivisionId(id));
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            return show_form(&viewer, &state, at, status, &typed, problems).await;
        }
        Err(AppError::Conflict(conflict)) => {
            let at = (slug.as_str(), DivisionId(id));
            let problem = crate::app::Problem::new(Field::Whole, conflict.to_string());
            let status = StatusCode::CONFLICT;
            return show_form(&viewer, &state, at, status, &typed, vec![problem]).await;
        }
        Err(error) => return Err(viewer.refused(error)),
    };
    let sent = (invitations.into_iter())
        .map(|invitation: Invitation| SentLine {
            link: crate::web::link_as_reached(
                &req,
                &format!("/invites/{}", invitation.token.as_str()),
            ),
            mailed_to: (invitation.mail.sent_to()).map(|email| email.as_str().to_string()),
            held_back_for: (invitation.mail.held_back_for())
                .map(|email| email.as_str().to_string()),
            expires: crate::web::dates::moment(invitation.expires_at),
            team: invitation.team.name,
        })
        .collect();
    render_with_status(
        StatusCode::OK,
        &SentPage {
            layout: viewer.layout(title(&place.division)),
            organisation,
            season: place.season,
            division: place.division,
            sent,
        },
    )
}
