//! An organiser invites another organiser of their organisation, as on the organisation's
//! page: a link that works once within a week, mailed when an address is given and the site
//! sends mail.

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse, post};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::ApiCaller;
use super::error::{ApiError, ErrorBody};
use super::input::ApiJson;
use super::organisations::OrganisationView;
use crate::app::organisers;
use crate::web::{AppState, link_as_reached};

/// Whom to mail the invitation to, if anyone.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OrganiserInviteBody {
    /// An email address of at most 254 characters, to which the link is mailed when the site
    /// sends mail. Absent, null or empty: the link is only in the answer.
    #[serde(default)]
    #[schema(max_length = 254)]
    pub email: Option<String>,
}

/// An organiser invitation made.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrganiserInvitationView {
    pub organisation: OrganisationView,
    /// The link, given once: whoever opens it and takes it up becomes an organiser of the
    /// organisation, so pass it only to the person invited.
    pub link: String,
    /// When the link stops working.
    pub expires_at: DateTime<Utc>,
    /// The address the link was mailed to; null when none was given, the site sends no mail,
    /// or the address has had the most messages the site sends one an hour (then pass the
    /// link on yourself).
    pub mailed_to: Option<String>,
}

#[utoipa::path(
    tag = "organisations",
    description = "Invites another organiser of the organisation: a link that works once within \
                   7 days and makes whoever takes it up an organiser. It is mailed to `email` \
                   when one is given and the site sends mail, and is in the answer either way, \
                   as on the organisation's page. The organisation's organisers may.",
    request_body = OrganiserInviteBody,
    responses(
        (status = 201, body = OrganiserInvitationView),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The organisation has made as many invitations in the last hour as it may", body = ErrorBody),
        (status = 422, description = "The email is not an address", body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/organisers/invites")]
pub async fn invite_organiser(
    req: HttpRequest,
    caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
    body: ApiJson<OrganiserInviteBody>,
) -> Result<HttpResponse, ApiError> {
    let invitation = organisers::invite_organiser(
        state.store.as_ref(),
        state.mail.as_ref(),
        caller.who(),
        &slug,
        body.email.as_deref().unwrap_or_default(),
    )
    .await?;
    Ok(HttpResponse::Created().json(OrganiserInvitationView {
        link: link_as_reached(&req, &invitation.path()),
        expires_at: invitation.expires_at,
        mailed_to: invitation
            .mail
            .sent_to()
            .map(|email| email.as_str().to_string()),
        organisation: OrganisationView::from(invitation.organisation),
    }))
}
