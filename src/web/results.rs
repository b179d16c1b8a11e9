//! A fixture's result on the web: the public result page (the games hand by hand, the score,
//! where the result stands and its audit log), the captains' entry form, the other captain's
//! confirmation or dispute, and the organiser's correction.
//!
//! Everything sits under the organisation's address, like the public league pages, so a
//! fixture of another organisation is a 404 here.

use crate::web::fixture_squads::FixtureSquads;
use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::web::{Bytes, Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;

use super::AppState;
use super::error::WebError;
use super::layout::{Layout, redirect, render_with_status};
use super::result_dashboard::league_today;
use super::result_form::{HandLine, ResultForm};
use super::session::{SignedIn, Viewer};
use crate::domain::authorisation::Permission;
use crate::domain::fixture_dates::{EarlyResult, may_enter_result};
use crate::domain::ids::{FixtureId, TeamId};
use crate::domain::match_format::{FixtureScore, MatchFormat, Side};
use crate::domain::match_result::{GameOutcome, ResultSheet, game_slots};
use crate::domain::reason::Reason;
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{
    Competition, Division, Fixture, FixtureAsRead, NewAdjustment, NewResult, Organisation,
    ResultAction, ResultEvent, Store, StoreError, StoredResult, VersionScore,
};
use crate::token::SecretToken;

/// A fixture with everything above it, found through its organisation.
pub struct FixturePlace {
    pub organisation: Organisation,
    pub competition: Competition,
    pub division: Division,
    pub fixture: Fixture,
}

impl FixturePlace {
    fn page(&self) -> String {
        format!(
            "/leagues/{}/fixtures/{}",
            self.organisation.slug, self.fixture.id
        )
    }

    fn teams(&self) -> (&str, &str) {
        (&self.fixture.home_team, &self.fixture.away_team)
    }
}

/// The fixture `id` of the organisation `slug`, or 404.
pub async fn fixture_place(
    store: &dyn Store,
    slug: &str,
    id: i64,
) -> Result<FixturePlace, WebError> {
    let organisation = store
        .organisation_by_slug(slug)
        .await?
        .ok_or(WebError::NotFound)?;
    let fixture = store
        .fixture(FixtureId(id))
        .await?
        .ok_or(WebError::NotFound)?;
    for competition in store.competitions_of(organisation.id).await? {
        for season in store.seasons_of(competition.id).await? {
            if let Some(division) = store
                .divisions_of(season.id)
                .await?
                .into_iter()
                .find(|division| division.id == fixture.division_id)
            {
                return Ok(FixturePlace {
                    organisation,
                    competition,
                    division,
                    fixture,
                });
            }
        }
    }
    Err(WebError::NotFound)
}

fn act_for(team: TeamId, place: &FixturePlace) -> Permission {
    Permission::ActForTeam {
        team,
        organisation: place.organisation.id,
    }
}

/// The side whose captain the viewer is, if either.
fn captain_side(viewer: &Viewer, fixture: &Fixture) -> Option<Side> {
    let roles = &viewer.signed_in.as_ref()?.roles;
    if roles.captain_of.contains(&fixture.home_team_id) {
        Some(Side::Home)
    } else if roles.captain_of.contains(&fixture.away_team_id) {
        Some(Side::Away)
    } else {
        None
    }
}

fn is_organiser(viewer: &Viewer, place: &FixturePlace) -> bool {
    viewer
        .require(Permission::Organise(place.organisation.id))
        .is_ok()
}

fn team_of(fixture: &Fixture, side: Side) -> TeamId {
    match side {
        Side::Home => fixture.home_team_id,
        Side::Away => fixture.away_team_id,
    }
}

/// May enter the result: a captain of either team or an organiser (asks to sign in first).
fn require_entry<'v>(viewer: &'v Viewer, place: &FixturePlace) -> Result<&'v SignedIn, WebError> {
    match viewer.require(act_for(place.fixture.home_team_id, place)) {
        Err(WebError::Forbidden) => viewer.require(act_for(place.fixture.away_team_id, place)),
        other => other,
    }
}

/// Whether the viewer answers for the side that did not submit `result`: a captain of the
/// other team, or of either team when the league entered it.
fn is_other_captain(viewer: &Viewer, place: &FixturePlace, result: &StoredResult) -> bool {
    match captain_side(viewer, &place.fixture) {
        None => false,
        Some(side) => result.for_team != Some(team_of(&place.fixture, side)),
    }
}

fn long_date(date: NaiveDate) -> String {
    date.format("%a %-d %b %Y").to_string()
}

fn when(at: DateTime<Utc>) -> String {
    at.format("%-d %b %Y at %H:%M UTC").to_string()
}

fn status_words(status: FixtureStatus) -> &'static str {
    match status {
        FixtureStatus::Scheduled => "Scheduled",
        FixtureStatus::Postponed => "Postponed",
        FixtureStatus::AwaitingConfirmation => "Awaiting confirmation",
        FixtureStatus::Disputed => "Disputed: the league will decide",
        FixtureStatus::Confirmed => "Confirmed",
        FixtureStatus::Walkover => "Walkover",
    }
}

/// A score in words: `Anchor 2–1 Bell`, or a walkover with the games it counts as.
fn score_words(score: FixtureScore, format: &MatchFormat, teams: (&str, &str)) -> String {
    let (home, away) = format.games(score);
    match score {
        FixtureScore::Played { .. } => format!("{} {home}–{away} {}", teams.0, teams.1),
        FixtureScore::Walkover { conceded_by } => {
            let absent = match conceded_by {
                Side::Home => teams.0,
                Side::Away => teams.1,
            };
            format!(
                "{} {home}–{away} {} (walkover: {absent} did not play)",
                teams.0, teams.1
            )
        }
    }
}

fn version_words(version: &VersionScore, format: &MatchFormat, teams: (&str, &str)) -> String {
    format!(
        "version {}: {}",
        version.version,
        score_words(version.score, format, teams)
    )
}

/// A game of the kept result as the scoresheet shows it.
struct GameView {
    heading: String,
    number: u32,
    home_players: String,
    away_players: String,
    outcome: String,
    lines: Vec<HandLine>,
}

fn game_views(
    sheet: &ResultSheet,
    squads: &FixtureSquads,
    competition: &Competition,
    teams: (&str, &str),
) -> Vec<GameView> {
    let ResultSheet::Played { games } = sheet else {
        return Vec::new();
    };
    let slots = game_slots(&competition.match_format);
    games
        .iter()
        .zip(&slots)
        .zip(1..)
        .map(|((game, leg), number)| {
            let names = |players: &[crate::domain::ids::PlayerId]| {
                if players.is_empty() {
                    "—".to_string()
                } else {
                    players
                        .iter()
                        .map(|player| squads.name(*player))
                        .collect::<Vec<_>>()
                        .join(" and ")
                }
            };
            let (outcome, lines) = match &game.outcome {
                GameOutcome::ConcededBy(side) => {
                    let (by, to) = match side {
                        Side::Home => teams,
                        Side::Away => (teams.1, teams.0),
                    };
                    (format!("Conceded by {by}: a game to {to}"), Vec::new())
                }
                GameOutcome::Hands(hands) => {
                    let lines = super::result_form::running_totals(
                        hands.iter().map(|hand| Ok(hand.clone())),
                    );
                    let outcome = match lines.last() {
                        Some(last) if last.home_total > last.away_total => {
                            format!("{} won {}–{}", teams.0, last.home_total, last.away_total)
                        }
                        Some(last) => {
                            format!("{} won {}–{}", teams.1, last.away_total, last.home_total)
                        }
                        None => String::new(),
                    };
                    (outcome, lines)
                }
            };
            GameView {
                heading: format!("Game {number}: {} to {}", leg.kind, leg.target),
                number,
                home_players: names(&game.home),
                away_players: names(&game.away),
                outcome,
                lines,
            }
        })
        .collect()
}

/// A line of the audit log as the page shows it.
struct EventView {
    at: String,
    who: String,
    action: &'static str,
    change: String,
    reason: Option<String>,
}

async fn event_views(
    store: &dyn Store,
    place: &FixturePlace,
    events: Vec<ResultEvent>,
    show_emails: bool,
) -> Result<Vec<EventView>, WebError> {
    let home_captains = store.captains_of(place.fixture.home_team_id).await?;
    let away_captains = store.captains_of(place.fixture.away_team_id).await?;
    let format = &place.competition.match_format;
    Ok(events
        .into_iter()
        .map(|event| {
            // Who acted is said by their part in the fixture; addresses are the organisers'.
            let part = if home_captains.iter().any(|user| user.id == event.by) {
                format!("captain of {}", place.fixture.home_team)
            } else if away_captains.iter().any(|user| user.id == event.by) {
                format!("captain of {}", place.fixture.away_team)
            } else {
                "the league".to_string()
            };
            let who = if show_emails {
                format!("{part} ({})", event.by_email)
            } else {
                part
            };
            let after = version_words(&event.after, format, place.teams());
            let change = match &event.before {
                Some(before) => {
                    format!("{} → {after}", version_words(before, format, place.teams()))
                }
                None => after,
            };
            EventView {
                at: when(event.at),
                who,
                action: match event.action {
                    ResultAction::Submitted => "Submitted",
                    ResultAction::Confirmed => "Confirmed",
                    ResultAction::Disputed => "Disputed",
                    ResultAction::Corrected => "Corrected",
                },
                change,
                reason: event.reason,
            }
        })
        .collect())
}

#[derive(Template)]
#[template(path = "results/fixture.html")]
struct FixturePage {
    layout: Layout,
    organisation: Organisation,
    competition: Competition,
    division: Division,
    fixture: Fixture,
    date: String,
    status: &'static str,
    score: Option<String>,
    corrected_on: Option<String>,
    /// For a fixture still without a result, when it is due.
    due_by: Option<String>,
    games: Vec<GameView>,
    history: Vec<EventView>,
    result_id: i64,
    may_enter: bool,
    may_confirm: bool,
    may_dispute: bool,
    may_correct: bool,
    error: Option<String>,
    reason: String,
}

async fn show_fixture(
    viewer: &Viewer,
    store: &dyn Store,
    place: FixturePlace,
    status: StatusCode,
    error: Option<String>,
    reason: String,
) -> Result<HttpResponse, WebError> {
    let current = store.current_result(place.fixture.id).await?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let organiser = is_organiser(viewer, &place);
    let history = store.result_history(place.fixture.id).await?;
    let history = event_views(store, &place, history, organiser).await?;
    let fixture_status = place.fixture.status;
    let awaiting = matches!(
        fixture_status,
        FixtureStatus::AwaitingConfirmation | FixtureStatus::Disputed
    );
    let (may_confirm, may_dispute) = match &current {
        Some(result) => {
            let other_captain = is_other_captain(viewer, &place, result);
            (
                awaiting && (organiser || other_captain),
                fixture_status == FixtureStatus::AwaitingConfirmation && other_captain,
            )
        }
        None => (false, false),
    };
    let due_by = match store.result_deadline(place.competition.id).await? {
        Some(deadline) if fixture_status.is_unplayed() => {
            Some(long_date(deadline.due_by(place.fixture.date)))
        }
        _ => None,
    };
    let may_enter = fixture_status.is_unplayed()
        && (captain_side(viewer, &place.fixture).is_some() || organiser);
    let page = FixturePage {
        layout: viewer.layout(format!(
            "{} v {}",
            place.fixture.home_team, place.fixture.away_team
        )),
        date: long_date(place.fixture.date),
        status: status_words(fixture_status),
        score: current.as_ref().map(|result| {
            score_words(result.score, &place.competition.match_format, place.teams())
        }),
        corrected_on: current
            .as_ref()
            .filter(|result| result.version > 1)
            .map(|result| long_date(result.submitted_at.date_naive())),
        games: current.as_ref().map_or_else(Vec::new, |result| {
            game_views(&result.sheet, &squads, &place.competition, place.teams())
        }),
        due_by,
        history,
        result_id: current.as_ref().map_or(0, |result| result.id),
        may_enter,
        may_confirm,
        may_dispute,
        may_correct: organiser && current.is_some(),
        error,
        reason,
        organisation: place.organisation,
        competition: place.competition,
        division: place.division,
        fixture: place.fixture,
    };
    render_with_status(status, &page)
}

/// The public page of a fixture and its result.
#[get("/leagues/{slug}/fixtures/{id}")]
pub async fn fixture_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = fixture_place(store, &slug, id).await?;
    show_fixture(&viewer, store, place, StatusCode::OK, None, String::new()).await
}

#[derive(Template)]
#[template(path = "results/entry.html")]
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
    /// Why the form could not be taken at all (another result came first).
    refusal: Option<String>,
    /// Before the fixture's date, for an organiser: why the result is entered early.
    early: Option<EarlyFields>,
    /// Before the fixture's date, for a captain: no form, only this.
    closed: Option<String>,
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
        Some(_) => ("Correct the result", format!("{}/correct", place.page())),
        None => ("Enter the result", format!("{}/result", place.page())),
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
        refusal,
        early: None,
        closed: None,
    }
}

/// What the fixture's date allows today (`domain::fixture_dates`): the entry page as it is, a
/// field for an organiser's reason, or no form for a captain.
fn with_date_rule(mut page: EntryPage, viewer: &Viewer, place: &FixturePlace) -> EntryPage {
    match may_enter_result(
        place.fixture.date,
        league_today(),
        is_organiser(viewer, place),
        None,
    ) {
        Ok(_) => {}
        Err(EarlyResult::NotYetPlayed { .. }) => {
            page.closed = may_enter_result(place.fixture.date, league_today(), false, None)
                .err()
                .map(|refusal| refusal.to_string());
        }
        Err(_) => page.early = Some(EarlyFields::default()),
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
    let place = fixture_place(store, &slug, id).await?;
    require_entry(&viewer, &place)?;
    if !place.fixture.status.is_unplayed() {
        return Ok(redirect(&place.page()));
    }
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let form = ResultForm::blank(
        squads.rules(&place.competition),
        place.teams(),
        submission_key(),
    );
    let page = entry_page(&viewer, &place, form, None, None);
    render_with_status(StatusCode::OK, &with_date_rule(page, &viewer, &place))
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

#[post("/leagues/{slug}/fixtures/{id}/result")]
pub async fn submit(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    body: Bytes,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = fixture_place(store, &slug, id).await?;
    let signed_in = require_entry(&viewer, &place)?;
    let fields = form_fields(&body)?;
    let key = submission_key_of(&fields)?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let rules = squads.rules(&place.competition);
    let mut form = ResultForm::posted(rules, place.teams(), &fields);
    let typed_reason = fields.get(EARLY_REASON).map(String::as_str);
    let early = may_enter_result(
        place.fixture.date,
        league_today(),
        is_organiser(&viewer, &place),
        typed_reason,
    );
    let checked = form.check(rules);
    let (early_reason, (sheet, checked)) = match (early, checked) {
        (Ok(reason), Some(checked)) => (reason, checked),
        (early, _) => {
            let mut page = entry_page(&viewer, &place, form, None, None);
            match early {
                Ok(_) => {}
                Err(refusal @ EarlyResult::NotYetPlayed { .. }) => {
                    page.closed = Some(refusal.to_string())
                }
                Err(refusal) => {
                    page.form.summary.insert(
                        0,
                        super::result_form::ErrorLink {
                            href: format!("#{EARLY_REASON}"),
                            message: refusal.to_string(),
                        },
                    );
                    page.early = Some(EarlyFields {
                        reason: typed_reason.unwrap_or_default().to_string(),
                        error: Some(refusal.to_string()),
                    });
                }
            }
            return render_with_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
        }
    };
    let for_team = captain_side(&viewer, &place.fixture).map(|side| team_of(&place.fixture, side));
    let result = NewResult {
        fixture: place.fixture.id,
        as_read: FixtureAsRead::from(&place.fixture),
        sheet: &sheet,
        checked: &checked,
        submission_key: &key,
        by: signed_in.user.id,
        for_team,
        at: Utc::now(),
        early_reason,
    };
    let late = late_deduction(store, &place).await?;
    let submitted = match &late {
        Some((points, reason)) => {
            let adjustment = NewAdjustment {
                division: place.fixture.division_id,
                team: place.fixture.home_team_id,
                points: *points,
                reason,
                fixture: Some(place.fixture.id),
                by: None,
                at: result.at,
            };
            store.submit_late_result(&result, &adjustment).await
        }
        None => store.submit_result(&result).await,
    };
    let refusal = match submitted {
        Ok(_) => return Ok(redirect(&place.page())),
        Err(StoreError::ResultAlreadySubmitted) => {
            "A result for this fixture has already been submitted, so yours was not kept. See it on the fixture's page, where you can confirm or dispute it."
        }
        Err(StoreError::FixtureChanged) => {
            "The league changed this fixture (its home and away, or its date) while you were entering the result, so it was not kept. Check the fixture's page, then enter the result again."
        }
        Err(StoreError::SubmissionKeyReused) => {
            "This form was already used to submit another result, or by someone else, so it was not kept. Open the result form again to enter a result."
        }
        Err(error) => return Err(error.into()),
    };
    render_with_status(
        StatusCode::CONFLICT,
        &entry_page(&viewer, &place, form, None, Some(refusal.to_string())),
    )
}

/// The points a result submitted now costs the home team, with the reason the table shows,
/// when it is past the competition's deadline and lateness costs points.
pub(crate) async fn late_deduction(
    store: &dyn Store,
    place: &FixturePlace,
) -> Result<Option<(i64, String)>, WebError> {
    let Some(deadline) = store.result_deadline(place.competition.id).await? else {
        return Ok(None);
    };
    let date = place.fixture.date;
    if !deadline.is_late(date, league_today()) {
        return Ok(None);
    }
    Ok(deadline.late_adjustment().map(|points| {
        (
            points,
            format!(
                "Result of {} v {} ({}) came in after the deadline of {}",
                place.fixture.home_team,
                place.fixture.away_team,
                long_date(date),
                long_date(deadline.due_by(date))
            ),
        )
    }))
}

#[derive(Deserialize)]
pub struct AnswerForm {
    result: i64,
    #[serde(default)]
    reason: String,
}

/// What the store's refusal of a confirmation or dispute means to the person who asked.
fn answer_refusal(error: StoreError) -> Result<String, WebError> {
    match error {
        StoreError::ResultChanged => Ok("The result has been changed since you opened this page, so nothing was done. Look at it again below.".to_string()),
        StoreError::ResultNotAwaitingAnswer(status) => Ok(format!(
            "This result is no longer waiting for an answer (it is {}), so nothing was done.",
            status.in_words()
        )),
        StoreError::NoResultYet => Ok("This fixture has no result yet.".to_string()),
        other => Err(other.into()),
    }
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
    let place = fixture_place(store, &slug, id).await?;
    let signed_in = require_entry(&viewer, &place)?;
    let current = store
        .current_result(place.fixture.id)
        .await?
        .ok_or(WebError::NotFound)?;
    if !is_organiser(&viewer, &place) && !is_other_captain(&viewer, &place, &current) {
        return Err(WebError::Forbidden);
    }
    match store
        .confirm_result(place.fixture.id, form.result, signed_in.user.id, Utc::now())
        .await
    {
        Ok(()) => Ok(redirect(&place.page())),
        Err(error) => {
            let message = answer_refusal(error)?;
            let place = fixture_place(store, &slug, id).await?;
            show_fixture(
                &viewer,
                store,
                place,
                StatusCode::CONFLICT,
                Some(message),
                String::new(),
            )
            .await
        }
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
    let place = fixture_place(store, &slug, id).await?;
    let signed_in = require_entry(&viewer, &place)?;
    let current = store
        .current_result(place.fixture.id)
        .await?
        .ok_or(WebError::NotFound)?;
    if !is_other_captain(&viewer, &place, &current) {
        return Err(WebError::Forbidden);
    }
    let AnswerForm { result, reason } = form.into_inner();
    let typed = reason;
    let reason = match Reason::for_dispute(&typed) {
        Ok(reason) => reason,
        Err(error) => {
            return show_fixture(
                &viewer,
                store,
                place,
                StatusCode::UNPROCESSABLE_ENTITY,
                Some(error.to_string()),
                typed,
            )
            .await;
        }
    };
    match store
        .dispute_result(
            place.fixture.id,
            result,
            signed_in.user.id,
            reason.as_str(),
            Utc::now(),
        )
        .await
    {
        Ok(()) => Ok(redirect(&place.page())),
        Err(error) => {
            let message = answer_refusal(error)?;
            let place = fixture_place(store, &slug, id).await?;
            show_fixture(
                &viewer,
                store,
                place,
                StatusCode::CONFLICT,
                Some(message),
                typed,
            )
            .await
        }
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
    let place = fixture_place(store, &slug, id).await?;
    viewer.require(Permission::Organise(place.organisation.id))?;
    let current = store
        .current_result(place.fixture.id)
        .await?
        .ok_or(WebError::NotFound)?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let form = ResultForm::prefilled(
        squads.rules(&place.competition),
        place.teams(),
        submission_key(),
        &current.sheet,
    );
    let correction = CorrectionFields {
        reason: String::new(),
        error: None,
    };
    render_with_status(
        StatusCode::OK,
        &entry_page(&viewer, &place, form, Some(correction), None),
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
    let place = fixture_place(store, &slug, id).await?;
    let organiser = viewer.require(Permission::Organise(place.organisation.id))?;
    let fields = form_fields(&body)?;
    let key = submission_key_of(&fields)?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let rules = squads.rules(&place.competition);
    let mut form = ResultForm::posted(rules, place.teams(), &fields);
    let typed = fields.get("reason").map_or("", |r| r.trim()).to_string();
    let checked = form.check(rules);
    let reason = Reason::for_correction(&typed);
    let reason_error = reason.as_ref().err().map(ToString::to_string);
    let (Some((sheet, checked)), Ok(reason)) = (checked, reason) else {
        if let Some(message) = &reason_error {
            form.summary.push(super::result_form::ErrorLink {
                href: "#reason".to_string(),
                message: message.clone(),
            });
        }
        let correction = CorrectionFields {
            reason: typed,
            error: reason_error,
        };
        return render_with_status(
            StatusCode::UNPROCESSABLE_ENTITY,
            &entry_page(&viewer, &place, form, Some(correction), None),
        );
    };
    match store
        .correct_result(
            &NewResult {
                fixture: place.fixture.id,
                as_read: FixtureAsRead::from(&place.fixture),
                sheet: &sheet,
                checked: &checked,
                submission_key: &key,
                by: organiser.user.id,
                for_team: None,
                at: Utc::now(),
                early_reason: None,
            },
            reason.as_str(),
        )
        .await
    {
        Ok(_) => Ok(redirect(&place.page())),
        Err(StoreError::NoResultYet) => Err(WebError::NotFound),
        Err(error) => Err(error.into()),
    }
}

/// A fixture on the captain's team page, with the link to act on it.
pub struct TeamFixtureLink {
    pub date: String,
    pub home: String,
    pub away: String,
    pub status: &'static str,
    pub href: String,
    pub action: &'static str,
}

/// The team's fixtures in the latest season it plays in, each linking to its result entry
/// (while unplayed) or its result page.
pub async fn team_fixture_links(
    store: &dyn Store,
    organisation: &Organisation,
    team: TeamId,
) -> Result<Vec<TeamFixtureLink>, WebError> {
    let mut latest: Option<(NaiveDate, crate::domain::ids::SeasonId)> = None;
    for competition in store.competitions_of(organisation.id).await? {
        for season in store.seasons_of(competition.id).await? {
            if latest.is_some_and(|(start, _)| start >= season.start) {
                continue;
            }
            for division in store.divisions_of(season.id).await? {
                if store
                    .teams_of(division.id)
                    .await?
                    .iter()
                    .any(|member| member.id == team)
                {
                    latest = Some((season.start, season.id));
                    break;
                }
            }
        }
    }
    let Some((_, season)) = latest else {
        return Ok(Vec::new());
    };
    Ok(store
        .fixtures_of_team(team, season)
        .await?
        .into_iter()
        .map(|fixture| {
            let page = format!("/leagues/{}/fixtures/{}", organisation.slug, fixture.id);
            let (href, action) = if fixture.status.is_unplayed() {
                (format!("{page}/result"), "Enter the result")
            } else {
                (page, "See the result")
            };
            TeamFixtureLink {
                date: long_date(fixture.date),
                home: fixture.home_team,
                away: fixture.away_team,
                status: status_words(fixture.status),
                href,
                action,
            }
        })
        .collect())
}
