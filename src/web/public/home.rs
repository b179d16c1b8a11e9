//! Pages anyone may read, and the health check.

use actix_web::web::Data;
use actix_web::{HttpResponse, get};
use askama::Template;

use crate::store::Organisation;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::session::Viewer;

#[derive(Template)]
#[template(path = "public/home.html")]
struct HomePage {
    layout: Layout,
    organisations: Vec<Organisation>,
}

#[get("/")]
pub async fn home(viewer: Viewer, state: Data<AppState>) -> Result<HttpResponse, WebError> {
    let organisations = state.store.organisations().await?;
    render(&HomePage {
        layout: viewer.layout("Fives and Threes leagues"),
        organisations,
    })
}

/// 200 when the database answers, 503 when it does not.
#[get("/healthz")]
pub async fn healthz(state: Data<AppState>) -> HttpResponse {
    match state.store.ping().await {
        Ok(()) => HttpResponse::Ok()
            .content_type("text/plain; charset=utf-8")
            .body("ok\n"),
        Err(error) => {
            tracing::error!(%error, "health check: the database does not answer");
            HttpResponse::ServiceUnavailable()
                .content_type("text/plain; charset=utf-8")
                .body("the database does not answer\n")
        }
    }
}
