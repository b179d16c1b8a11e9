//! A fixture's result as captains enter it: the entry form (hand lines, pegs or a pasted
//! record for each game), the other captain's confirmation or dispute, and the organiser's
//! correction, which shares the captain's form. The fixture's own page is public
//! (`web::public::fixture`).

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::web::{Bytes, Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;

use crate::app::lookup::FixturePlace;
use crate::app::results::{self, EntryDate, NewSubmission};
use crate::app::{AppError, Conflict, Field};
use crate::domain::fixture_dates::may_enter_result;
use crate::domain::ids::TeamId;
use crate::domain::match_format::MatchFormat;
use crate::domain::match_result::{ResultRules, SheetAsRead};
use crate::store::{Fixture, Organisation, Store};
use crate::token::SecretToken;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::result_form::ResultForm;
use crate::web::session::Viewer;

use crate::web::dates::long_date;
use crate::web::public::fixture::{Done, page_of, place_of, show_fixture, status_words};

#[derive(Template)]
#[template(path = "captain/result_entry.html")]
struct EntryPage {
    layout: Layout,
    organisation: Organisation,
    fixture: Fixture,
    date: String,
    action: String,
    heading: String,
    form: ResultForm,
    /// For a correction: why, as typed, and the problem with it.
    correction: Option<CorrectionFields>,
    /// For an amendment: the version amended.
    amending: Option<i64>,
    /// Why the form could not be taken at all (another result came first).
    refusal: Option<String>,
    /// Before the fixture's date, for an organiser: why the result is entered early.
    early: Option<EarlyFields>,
    /// Before the fixture's date, for a captain: no form, only this.
    closed: Option<String>,
    /// Where the browser keeps a draft of a new result as it is typed (not of a correction).
    draft_key: Option<String>,
    /// The form is empty as opened, so a kept draft may fill it.
    fresh: bool,
}

/// The organiser's reason for entering a result before the fixture's date, as typed, and the
/// problem with it.
#[derive(Default)]
struct EarlyFields {
    reason: String,
    error: Option<String>,
}

/// The name of the early reason's field and its anchor.
const EARLY_REASON: &str = "early_reason";

struct CorrectionFields {
    reason: String,
    error: Option<String>,
}

fn entry_page(
    viewer: &Viewer,
    place: &FixturePlace,
    form: ResultForm,
    correction: Option<CorrectionFields>,
    refusal: Option<String>,
) -> EntryPage {
    let (heading, action) = match correction {
        Some(_) => ("Correct the result", format!("{}/correct", page_of(place))),
        None => ("Enter the result", format!("{}/result", page_of(place))),
    };
    EntryPage {
        layout: viewer.layout(format!(
            "{}: {} v {}",
            heading, place.fixture.home_team, place.fixture.away_team
        )),
        organisation: place.organisation.clone(),
        fixture: place.fixture.clone(),
        date: long_date(place.fixture.date),
        action,
        heading: heading.to_string(),
        form,
        correction,
        amending: None,
        refusal,
        early: None,
        closed: None,
        draft_key: None,
        fresh: false,
    }
}

/// The key of a fixture's draft result in the browser's storage.
fn draft_key(place: &FixturePlace) -> String {
    format!(
        "fives:result-draft:{}:{}",
        place.organisation.slug, place.fixture.id
    )
}

/// What the fixture's date allows today: the entry page as it is, a field for an
/// organiser's reason, or no form for a captain.
fn with_date_rule(mut page: EntryPage, date: EntryDate) -> EntryPage {
    match date {
        EntryDate::Open => {}
        EntryDate::Closed(refusal) => page.closed = Some(refusal.to_string()),
        EntryDate::ReasonNeeded => page.early = Some(EarlyFields::default()),
    }
    page
}

/// A new random key for a form: the same form posted twice is one submission.
fn submission_key() -> String {
    SecretToken::generate().as_str().to_string()
}

/// The captain's form for entering the result.
#[get("/leagues/{slug}/fixtures/{id}/result")]
pub async fn entry_form(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let entry = results::entry(store, viewer.who(), &place)
        .await
        .map_err(|error| viewer.refused(error))?;
    if !place.fixture.status.is_unplayed() {
        return Ok(redirect(&page_of(&place)));
    }
    let form = ResultForm::blank(
        entry.squads.rules(&place.competition),
        place.teams(),
        submission_key(),
    );
    let mut page = entry_page(&viewer, &place, form, None, None);
    page.draft_key = Some(draft_key(&place));
    page.fresh = true;
    render_with_status(StatusCode::OK, &with_date_rule(page, entry.date))
}

/// The result form's fields. Read here rather than by the site's form extractor, whose limit
/// suits short forms: a fixture's pasted game records, every move of every hand, run to tens of
/// kilobytes (the body is still limited, by actix's payload limit).
fn form_fields(body: &Bytes) -> Result<HashMap<String, String>, WebError> {
    serde_urlencoded::from_bytes::<Vec<(String, String)>>(body)
        .map(|fields| fields.into_iter().collect())
        .map_err(|error| WebError::BadRequest(format!("The form could not be read: {error}.")))
}

fn submission_key_of(fields: &HashMap<String, String>) -> Result<String, WebError> {
    fields
        .get("submission_key")
        .filter(|key| !key.is_empty() && key.len() <= 200)
        .cloned()
        .ok_or_else(|| {
            WebError::BadRequest(
                "The form has no submission key; reload the page and enter the result again."
                    .to_string(),
            )
        })
}

/// A posted result form read under the competition's rules: its fields, its submission key,
/// the form as typed (shown again with any problems) and the sheet it says, if it says one.
struct PostedResult {
    fields: HashMap<String, String>,
    key: String,
    form: ResultForm,
    sheet: Option<SheetAsRead>,
}

fn posted_result(
    body: &Bytes,
    rules: ResultRules<'_>,
    place: &FixturePlace,
) -> Result<PostedResult, WebError> {
    let fields = form_fields(body)?;
    let key = submission_key_of(&fields)?;
    let mut form = ResultForm::posted(rules, place.teams(), &fields);
    let sheet = Some(form.sheet(rules));
    Ok(PostedResult {
        fields,
        key,
        form,
        sheet,
    })
}

#[post("/leagues/{slug}/fixtures/{id}/result")]
pub async fn submit(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: Bytes,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    // Who may enter it is asked before the form is read.
    let entry = results::entry(store, viewer.who(), &place)
        .await
        .map_err(|error| viewer.refused(error))?;
    let PostedResult {
        fields,
        key,
        form,
        sheet,
    } = posted_result(&body, entry.squads.rules(&place.competition), &place)?;
    let typed_reason = fields.get(EARLY_REASON).map(String::as_str);
    let submission = NewSubmission {
        sheet,
        submission_key: &key,
        early_reason: typed_reason,
    };
    let refusal = match results::submit(store, viewer.who(), &place, submission).await {
        Ok(_) => {
            return Ok(redirect(&format!(
                "{}?done={}",
                page_of(&place),
                Done::Submitted.as_str()
            )));
        }
        Err(AppError::Invalid(problems)) => {
            return render_with_status(
                StatusCode::UNPROCESSABLE_ENTITY,
                &entry_with_problems(&viewer, &place, form, problems, typed_reason),
            );
        }
        Err(AppError::Conflict(Conflict::ResultAlreadySubmitted)) => {
            "A result for this fixture has already been submitted, so yours was not kept. See it on the fixture's page, where you can confirm or dispute it."
        }
        Err(AppError::Conflict(Conflict::FixtureChanged)) => {
            "The league changed this fixture (its home and away, or its date) while you were entering the result, so it was not kept. Check the fixture's page, then enter the result again."
        }
        Err(AppError::Conflict(Conflict::PlayerRemoved)) => {
            "A player this result names was removed from the league while you were entering it, so it was not kept. Check the squads on the fixture's page, then enter the result again."
        }
        Err(AppError::Conflict(Conflict::SubmissionKeyReused)) => {
            "This form was already used to submit another result, or by someone else, so it was not kept. Open the result form again to enter a result."
        }
        Err(error) => return Err(viewer.refused(error)),
    };
    render_with_status(
        StatusCode::CONFLICT,
        &entry_page(&viewer, &place, form, None, Some(refusal.to_string())),
    )
}

/// The entry page again with the use case's problems: the fixture's date (no form for a
/// captain), the organiser's early reason (first in the summary), and the result's.
fn entry_with_problems(
    viewer: &Viewer,
    place: &FixturePlace,
    mut form: ResultForm,
    problems: Vec<crate::app::Problem>,
    typed_reason: Option<&str>,
) -> EntryPage {
    let mut closed = None;
    let mut early = None;
    for problem in &problems {
        match problem.field {
            Field::Date => closed = Some(problem.message.clone()),
            Field::EarlyReason => {
                form.summary.insert(
                    0,
                    crate::web::result_form::ErrorLink::of_field(
                        format!("#{EARLY_REASON}"),
                        problem.message.clone(),
                    ),
                );
                early = Some(EarlyFields {
                    reason: typed_reason.unwrap_or_default().to_string(),
                    error: Some(problem.message.clone()),
                });
            }
            _ => form.show_problem(problem),
        }
    }
    let mut page = entry_page(viewer, place, form, None, None);
    page.closed = closed;
    page.early = early;
    page.draft_key = Some(draft_key(place));
    page
}

#[derive(Deserialize)]
pub struct AnswerForm {
    result: i64,
    #[serde(default)]
    reason: String,
}

/// What a refused confirmation or dispute means to the person who asked, shown on the
/// fixture's page; any other refusal is the error page's.
fn answer_refusal(viewer: &Viewer, error: AppError) -> Result<String, WebError> {
    match error {
        AppError::Conflict(Conflict::ResultChanged) => Ok("The result has been changed since you opened this page, so nothing was done. Look at it again below.".to_string()),
        AppError::Conflict(conflict @ Conflict::NotAwaitingAnswer(_)) => Ok(conflict.to_string()),
        error => Err(viewer.refused(error)),
    }
}

/// The fixture's page as it is now, with why an answer to its result (`reason` as typed)
/// was refused, or the error page for a refusal that is not the page's to explain.
async fn answer_refused(
    viewer: &Viewer,
    store: &dyn Store,
    (slug, id): (&str, i64),
    error: AppError,
    reason: String,
) -> Result<HttpResponse, WebError> {
    let message = answer_refusal(viewer, error)?;
    let place = place_of(store, slug, id).await?;
    show_fixture(
        viewer,
        store,
        place,
        StatusCode::CONFLICT,
        Some(message),
        reason,
    )
    .await
}

/// The other captain (or an organiser) agrees with the result: it counts from now on.
#[post("/leagues/{slug}/fixtures/{id}/confirm")]
pub async fn confirm(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<AnswerForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    match results::confirm(store, viewer.who(), &place, form.result).await {
        Ok(()) => Ok(redirect(&page_of(&place))),
        Err(error) => answer_refused(&viewer, store, (&slug, id), error, String::new()).await,
    }
}

/// The other captain disagrees, with a reason: the organiser decides.
#[post("/leagues/{slug}/fixtures/{id}/dispute")]
pub async fn dispute(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<AnswerForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let AnswerForm { result, reason } = form.into_inner();
    match results::dispute(store, viewer.who(), &place, result, &reason).await {
        Ok(()) => Ok(redirect(&page_of(&place))),
        Err(AppError::Invalid(problems)) => {
            let message = problems
                .into_iter()
                .map(|problem| problem.message)
                .collect();
            show_fixture(
                &viewer,
                store,
                place,
                StatusCode::UNPROCESSABLE_ENTITY,
                Some(message),
                reason,
            )
            .await
        }
        Err(error) => answer_refused(&viewer, store, (&slug, id), error, reason).await,
    }
}

/// A captain of the side that submitted the result takes it back before the other side
/// confirms it: the fixture is unplayed again.
#[post("/leagues/{slug}/fixtures/{id}/withdraw")]
pub async fn withdraw(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    form: Form<AnswerForm>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    match results::withdraw(store, viewer.who(), &place, form.result).await {
        Ok(()) => Ok(redirect(&format!(
            "{}?done={}",
            page_of(&place),
            Done::Withdrawn.as_str()
        ))),
        Err(error) => answer_refused(&viewer, store, (&slug, id), error, String::new()).await,
    }
}

/// The entry page as an amendment of version `result`: the captain's own submission, sent
/// back to the other side when changed.
fn amendment_page(
    viewer: &Viewer,
    place: &FixturePlace,
    form: ResultForm,
    result: i64,
    refusal: Option<String>,
) -> EntryPage {
    let mut page = entry_page(viewer, place, form, None, refusal);
    page.heading = "Amend your result".to_string();
    page.layout.title = format!(
        "Amend your result: {} v {}",
        place.fixture.home_team, place.fixture.away_team
    );
    page.action = format!("{}/result/amend", page_of(place));
    page.amending = Some(result);
    page
}

/// The submitting captain's form for amending the result, filled in with what was submitted.
#[get("/leagues/{slug}/fixtures/{id}/result/amend")]
pub async fn amendment_form(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let amendment = match results::amendment(store, viewer.who(), &place).await {
        Ok(amendment) => amendment,
        // Confirmed, withdrawn or answered meanwhile: the fixture's page says how it stands.
        Err(AppError::Conflict(_)) => return Ok(redirect(&page_of(&place))),
        Err(error) => return Err(viewer.refused(error)),
    };
    let form = ResultForm::prefilled(
        amendment.squads.rules(&place.competition),
        place.teams(),
        submission_key(),
        &amendment.current.sheet,
    );
    let page = amendment_page(&viewer, &place, form, amendment.current.id, None);
    render_with_status(StatusCode::OK, &page)
}

#[post("/leagues/{slug}/fixtures/{id}/result/amend")]
pub async fn amend(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: Bytes,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    // Only the submitting captain's form is read.
    let amendment = match results::amendment(store, viewer.who(), &place).await {
        Ok(amendment) => amendment,
        Err(error @ AppError::Conflict(_)) => {
            return answer_refused(&viewer, store, (&slug, id), error, String::new()).await;
        }
        Err(error) => return Err(viewer.refused(error)),
    };
    let PostedResult {
        fields,
        key,
        mut form,
        sheet,
    } = posted_result(&body, amendment.squads.rules(&place.competition), &place)?;
    let version = fields
        .get("result")
        .and_then(|id| id.parse::<i64>().ok())
        .unwrap_or(amendment.current.id);
    let submission = NewSubmission {
        sheet,
        submission_key: &key,
        early_reason: None,
    };
    match results::amend(store, viewer.who(), &place, submission, version).await {
        Ok(_) => Ok(redirect(&format!(
            "{}?done={}",
            page_of(&place),
            Done::Amended.as_str()
        ))),
        Err(AppError::Invalid(problems)) => {
            for problem in &problems {
                form.show_problem(problem);
            }
            render_with_status(
                StatusCode::UNPROCESSABLE_ENTITY,
                &amendment_page(&viewer, &place, form, version, None),
            )
        }
        Err(AppError::Conflict(Conflict::SubmissionKeyReused)) => render_with_status(
            StatusCode::CONFLICT,
            &amendment_page(
                &viewer,
                &place,
                form,
                version,
                Some("This form was already used for another amendment, so this one was not kept. Open the fixture's page to amend the result again.".to_string()),
            ),
        ),
        Err(error) => answer_refused(&viewer, store, (&slug, id), error, String::new()).await,
    }
}

/// The organiser's correction form, holding the current version.
#[get("/leagues/{slug}/fixtures/{id}/correct")]
pub async fn correction_form(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let correction = results::correction(store, viewer.who(), &place)
        .await
        .map_err(|error| viewer.refused(error))?;
    let form = ResultForm::prefilled(
        correction.squads.rules(&place.competition),
        place.teams(),
        submission_key(),
        &correction.current.sheet,
    );
    let fields = CorrectionFields {
        reason: String::new(),
        error: None,
    };
    render_with_status(
        StatusCode::OK,
        &entry_page(&viewer, &place, form, Some(fields), None),
    )
}

#[post("/leagues/{slug}/fixtures/{id}/correct")]
pub async fn correct(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: Bytes,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    // Only an organiser's form is read.
    let correction = results::correction(store, viewer.who(), &place)
        .await
        .map_err(|error| viewer.refused(error))?;
    let PostedResult {
        fields,
        key,
        mut form,
        sheet,
    } = posted_result(&body, correction.squads.rules(&place.competition), &place)?;
    let typed = fields.get("reason").map_or("", |r| r.trim()).to_string();
    match results::correct(store, viewer.who(), &place, sheet, &key, &typed).await {
        Ok(_) => Ok(redirect(&page_of(&place))),
        Err(AppError::Invalid(problems)) => {
            let mut reason_error = None;
            for problem in &problems {
                match problem.field {
                    Field::Reason => reason_error = Some(problem.message.clone()),
                    _ => form.show_problem(problem),
                }
            }
            if let Some(message) = &reason_error {
                form.summary
                    .push(crate::web::result_form::ErrorLink::of_field(
                        "#reason".to_string(),
                        message.clone(),
                    ));
            }
            let correction = CorrectionFields {
                reason: typed,
                error: reason_error,
            };
            render_with_status(
                StatusCode::UNPROCESSABLE_ENTITY,
                &entry_page(&viewer, &place, form, Some(correction), None),
            )
        }
        Err(error) => Err(viewer.refused(error)),
    }
}

/// A fixture on the captain's team page, with the link to act on it.
pub struct TeamFixtureLink {
    pub date: String,
    pub home: String,
    pub away: String,
    pub status: &'static str,
    /// Games won, home first, once it has a result.
    pub score: Option<String>,
    pub href: String,
    pub action: &'static str,
}

/// The team's fixtures in the latest season it plays in, each linking to its result entry
/// (from its day, while it has no result) or its page, with its score once it has one.
pub async fn team_fixture_links(
    store: &dyn Store,
    organisation: &Organisation,
    team: TeamId,
) -> Result<Vec<TeamFixtureLink>, WebError> {
    let mut latest: Option<(NaiveDate, crate::domain::ids::SeasonId, MatchFormat)> = None;
    for competition in store.competitions_of(organisation.id).await? {
        for season in store.seasons_of(competition.id).await? {
            if latest
                .as_ref()
                .is_some_and(|(start, _, _)| *start >= season.start)
            {
                continue;
            }
            for division in store.divisions_of(season.id).await? {
                if store
                    .teams_of(division.id)
                    .await?
                    .iter()
                    .any(|member| member.id == team)
                {
                    latest = Some((season.start, season.id, competition.match_format.clone()));
                    break;
                }
            }
        }
    }
    let Some((_, season, format)) = latest else {
        return Ok(Vec::new());
    };
    let today = crate::app::league_today();
    let mut links = Vec::new();
    for fixture in store.fixtures_of_team(team, season).await? {
        let page = format!("/leagues/{}/fixtures/{}", organisation.slug, fixture.id);
        // A result is entered from the fixture's day; before it, the fixture is only looked at.
        let (href, action, score) = if !fixture.status.is_unplayed() {
            let score = store.current_result(fixture.id).await?.map(|result| {
                let (home, away) = format.games(result.score);
                format!("{home}–{away}")
            });
            (page, "See the result", score)
        } else if may_enter_result(fixture.date, today, false, None).is_ok() {
            (format!("{page}/result"), "Enter the result", None)
        } else {
            (page, "See the fixture", None)
        };
        links.push(TeamFixtureLink {
            date: long_date(fixture.date),
            home: fixture.home_team,
            away: fixture.away_team,
            status: status_words(fixture.status),
            score,
            href,
            action,
        });
    }
    Ok(links)
}
