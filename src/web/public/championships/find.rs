//! How a player reaches their table's page without the card's link: its short code typed at
//! `/t`, or part of their name on the championship's page ("find my table").

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path, Query};
use actix_web::{HttpRequest, HttpResponse, get, post};
use askama::Template;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::accounts::how_long;
use crate::app::championships::{self, FIND_NAME_CHARS, FindTable, FoundTable};
use crate::domain::championship::ChampionshipFormat;
use crate::domain::championship::table_code::MAX_TYPED;
use crate::domain::ids::ChampionshipId;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render, render_with_status};
use crate::web::session::Viewer;
use crate::web::throttled::{client_address, waiting};

use super::view::table_words;

#[derive(Template)]
#[template(path = "public/table_code.html")]
struct TableCodePage {
    layout: Layout,
    code: String,
    problem: Option<String>,
    max_typed: usize,
}

#[derive(Deserialize)]
pub struct CodeForm {
    #[serde(default)]
    code: String,
}

fn code_page(viewer: &Viewer, code: String, problem: Option<String>) -> TableCodePage {
    TableCodePage {
        layout: viewer.layout("Your table".to_string()),
        code,
        problem,
        max_typed: MAX_TYPED,
    }
}

/// The short address printed on every table card.
#[get("/t")]
pub async fn table_code_form(viewer: Viewer) -> Result<HttpResponse, WebError> {
    render(&code_page(&viewer, String::new(), None))
}

/// Opens the table whose code was typed: its page, as the card's link and QR code open it.
#[post("/t")]
pub async fn open_table_by_code(
    req: HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    form: Form<CodeForm>,
) -> Result<HttpResponse, WebError> {
    let typed = form.into_inner().code;
    let client = client_address(&req);
    match championships::table_of_code(state.store.as_ref(), &state.key, &client, &typed).await {
        Ok(link) => Ok(redirect(&format!("/tables/{}", link.as_str()))),
        Err(AppError::Invalid(problems)) => {
            let problem = problems.into_iter().map(|p| p.message).collect::<Vec<_>>();
            let page = code_page(&viewer, typed, Some(problem.join(" ")));
            render_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
        Err(AppError::Throttled(wait)) => {
            let problem = format!(
                "Too many wrong codes from here. Try again in {}, or scan the QR code on your \
                 table's card.",
                how_long(wait)
            );
            let page = code_page(&viewer, typed, Some(problem));
            Ok(waiting(
                render_with_status(StatusCode::TOO_MANY_REQUESTS, &page)?,
                wait,
            ))
        }
        Err(error) => Err(viewer.refused(error)),
    }
}

/// The "find my table" form, on the championship's page and on the page it answers with.
pub(super) struct FindForm {
    pub slug: String,
    pub id: i64,
    pub name: String,
    pub min_chars: usize,
    pub max_chars: usize,
}

impl FindForm {
    pub(super) fn new(slug: &str, id: i64, name: &str) -> FindForm {
        FindForm {
            slug: slug.to_string(),
            id,
            name: name.to_string(),
            min_chars: *FIND_NAME_CHARS.start(),
            max_chars: *FIND_NAME_CHARS.end(),
        }
    }
}

#[derive(Template)]
#[template(path = "public/championship_find.html")]
struct FindPage {
    layout: Layout,
    find_form: FindForm,
    championship: String,
    problem: Option<String>,
    /// `None` before a name is typed.
    found: Option<Vec<FoundLine>>,
}

struct FoundLine {
    entrant: String,
    table: u32,
    seats: String,
    path: String,
}

impl FoundLine {
    fn new(format: &ChampionshipFormat, found: FoundTable) -> Self {
        FoundLine {
            seats: table_words(format, &found.seats),
            entrant: found.entrant,
            table: found.table,
            path: format!("/tables/{}", found.link.as_str()),
        }
    }
}

#[derive(Deserialize)]
pub struct FindQuery {
    name: Option<String>,
}

/// "Find my table": part of a name, and the table of each entrant it matches in the round
/// being played, with the link to enter its result.
#[get("/leagues/{slug}/championships/{id}/find")]
pub async fn find_my_table(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    query: Query<FindQuery>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let view = championships::championship(state.store.as_ref(), &slug, ChampionshipId(id))
        .await
        .map_err(|error| viewer.refused(error))?;
    let name = query.into_inner().name.unwrap_or_default();
    let mut page = FindPage {
        layout: viewer.layout(format!("Find my table: {}", view.championship.name)),
        find_form: FindForm::new(&slug, id, &name),
        championship: view.championship.name.clone(),
        problem: None,
        found: None,
    };
    if name.trim().is_empty() {
        return render(&page);
    }
    match championships::find_table(
        state.store.as_ref(),
        &state.key,
        &slug,
        ChampionshipId(id),
        &name,
    )
    .await
    {
        Ok(FindTable::Found(found)) => {
            if found.is_empty() {
                page.problem = Some(format!(
                    "No one called “{}” has a table waiting for its result in the round being \
                     played.",
                    name.trim()
                ));
            }
            let format = &view.championship.format;
            page.found = Some(
                found
                    .into_iter()
                    .map(|found| FoundLine::new(format, found))
                    .collect(),
            );
            render(&page)
        }
        Ok(FindTable::TooMany(count)) => {
            page.problem = Some(format!(
                "{count} players' names hold “{}”: type more of your name.",
                name.trim()
            ));
            render(&page)
        }
        Err(AppError::Invalid(problems)) => {
            let problem = problems.into_iter().map(|p| p.message).collect::<Vec<_>>();
            page.problem = Some(problem.join(" "));
            render_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page)
        }
        Err(error) => Err(viewer.refused(error)),
    }
}
