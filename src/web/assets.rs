//! Static files, compiled into the binary so that `fives` runs from any directory.

use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{HttpResponse, get};

const STYLESHEET: &str = include_str!("../../static/style.css");

#[get("/static/style.css")]
pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(3600),
        ]))
        .body(STYLESHEET)
}

const RESULT_ENTRY_SCRIPT: &str = include_str!("../../static/result-entry.js");

/// A script of the project's own, kept by browsers for an hour.
fn script(body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(3600),
        ]))
        .body(body)
}

/// The result form's running totals as the scorer types; the form works without it.
#[get("/static/result-entry.js")]
pub async fn result_entry_script() -> HttpResponse {
    script(RESULT_ENTRY_SCRIPT)
}

const RESULT_DRAFT_SCRIPT: &str = include_str!("../../static/result-draft.js");

/// Keeps a result form's draft in the browser while it is typed, so that a dropped connection
/// loses nothing; the form works without it.
#[get("/static/result-draft.js")]
pub async fn result_draft_script() -> HttpResponse {
    script(RESULT_DRAFT_SCRIPT)
}

const DESK_SCRIPT: &str = include_str!("../../static/desk.js");

/// The organiser's entrant list narrowed to the names typed, as they are typed; the list works
/// without it.
#[get("/static/desk.js")]
pub async fn desk_script() -> HttpResponse {
    script(DESK_SCRIPT)
}

const CALENDAR_SUBSCRIBE_SCRIPT: &str = include_str!("../../static/calendar-subscribe.js");

/// A calendar's subscribe link as a `webcal:` address of the site; the link works without it.
#[get("/static/calendar-subscribe.js")]
pub async fn calendar_subscribe_script() -> HttpResponse {
    script(CALENDAR_SUBSCRIBE_SCRIPT)
}

const COPY_BUTTON_SCRIPT: &str = include_str!("../../static/copy-button.js");

/// A secret shown once selected and copied by a button; the secret can be copied without it.
#[get("/static/copy-button.js")]
pub async fn copy_button_script() -> HttpResponse {
    script(COPY_BUTTON_SCRIPT)
}

const LIVE_SCRIPT: &str = include_str!("../../static/live.js");

/// A page's live part brought up to date from the live feed, in place; the page works
/// without it, a reload showing what changed.
#[get("/static/live.js")]
pub async fn live_script() -> HttpResponse {
    script(LIVE_SCRIPT)
}

const SCREEN_SCRIPT: &str = include_str!("../../static/screen.js");

/// The room's screen paging through its lists and counting the round's clock down; the
/// screen shows everything without it.
#[get("/static/screen.js")]
pub async fn screen_script() -> HttpResponse {
    script(SCREEN_SCRIPT)
}

const FAVICON: &str = include_str!("../../static/favicon.svg");

/// The site's icon, for browsers' tabs and bookmarks; `/favicon.ico`, where browsers look
/// for it unasked, is the same picture.
fn icon() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(86_400),
        ]))
        .body(FAVICON)
}

#[get("/static/favicon.svg")]
pub async fn favicon() -> HttpResponse {
    icon()
}

#[get("/favicon.ico")]
pub async fn favicon_ico() -> HttpResponse {
    icon()
}

/// What search engines may read: the public pages, not the organisers' and captains' pages,
/// the API or a table's secret link.
#[get("/robots.txt")]
pub async fn robots() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(
            "User-agent: *\nDisallow: /organise/\nDisallow: /teams/\nDisallow: /api/\n\
             Disallow: /tables/\nDisallow: /t\nDisallow: /account/\nDisallow: /dashboard\n",
        )
}

const HAND_OUTBOX_SCRIPT: &str = include_str!("../../static/hand-outbox.js");

/// Hands entered at a table kept on the phone until they reach the service, sent in order
/// when the connection returns; the table's form works without it, a hand at a time.
#[get("/static/hand-outbox.js")]
pub async fn hand_outbox_script() -> HttpResponse {
    script(HAND_OUTBOX_SCRIPT)
}

const CHAMPIONSHIP_FORM_SCRIPT: &str = include_str!("../../static/championship-form.js");

/// The new championship form showing only the parts its choices use; the form works without
/// it, every part shown.
#[get("/static/championship-form.js")]
pub async fn championship_form_script() -> HttpResponse {
    script(CHAMPIONSHIP_FORM_SCRIPT)
}
