//! An organiser invites another organiser of their organisation.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpRequest, HttpResponse, post};
use askama::Template;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::organisers;
use crate::store::Organisation;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render, render_with_status};
use crate::web::session::Viewer;
use crate::web::{AppState, link_as_reached};

#[derive(Deserialize)]
pub struct InviteForm {
    #[serde(default)]
    email: String,
}

#[derive(Template)]
#[template(path = "organiser/organiser_invite_created.html")]
struct CreatedPage {
    layout: Layout,
    organisation: Organisation,
    link: Option<String>,
    mailed_to: Option<String>,
    held_back_for: Option<String>,
    expires: String,
    error: Option<String>,
}

#[post("/organise/{slug}/organisers/invites")]
pub async fn invite_organiser(
    req: HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
    form: Form<InviteForm>,
) -> Result<HttpResponse, WebError> {
    let invited = organisers::invite_organiser(
        state.store.as_ref(),
        state.mail.as_ref(),
        viewer.who(),
        &slug,
        &form.email,
    )
    .await;
    match invited {
        Ok(invitation) => render(&CreatedPage {
            layout: viewer.layout(format!(
                "Organiser invitation for {}",
                invitation.organisation.name
            )),
            link: Some(link_as_reached(&req, &invitation.path())),
            mailed_to: invitation.mail.sent_to().map(|e| e.as_str().to_string()),
            held_back_for: invitation
                .mail
                .held_back_for()
                .map(|e| e.as_str().to_string()),
            expires: crate::web::dates::moment(invitation.expires_at),
            error: None,
            organisation: invitation.organisation,
        }),
        Err(AppError::Invalid(problems)) => {
            let organisation =
                crate::app::lookup::organised(state.store.as_ref(), viewer.who(), &slug)
                    .await
                    .map_err(|error| viewer.refused(error))?;
            render_with_status(
                StatusCode::UNPROCESSABLE_ENTITY,
                &CreatedPage {
                    layout: viewer
                        .layout(format!("Organiser invitation for {}", organisation.name)),
                    link: None,
                    mailed_to: None,
                    held_back_for: None,
                    expires: String::new(),
                    error: Some(
                        problems
                            .into_iter()
                            .map(|problem| problem.message)
                            .collect::<Vec<_>>()
                            .join(" "),
                    ),
                    organisation,
                },
            )
        }
        Err(error) => Err(viewer.refused(error)),
    }
}
