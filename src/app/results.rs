//! A fixture's result: who may see and do what with it, submitting it (checked under the
//! league's rules, refused before the fixture's date unless an organiser says why, costing the
//! home team the late deduction past the deadline), the other captain's confirmation or
//! dispute, and the organiser's correction.

use chrono::{NaiveDate, Utc};

use super::fixture_squads::FixtureSquads;
use super::lookup::FixturePlace;
use super::{AppError, Conflict, Field, Problem, Who, league_today, may, require};
use crate::domain::authorisation::Permission;
use crate::domain::fixture_dates::{EarlyResult, may_enter_result};
use crate::domain::ids::TeamId;
use crate::domain::match_format::Side;
use crate::domain::match_result::{
    CheckedResult, MAX_WITHDRAWALS_PER_FIXTURE, ResultError, ResultRules, SheetAsRead,
    check_result_as_read,
};
use crate::domain::reason::Reason;
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{
    FixtureAsRead, NewAdjustment, NewResult, ResultEvent, Store, StoreError, StoredResult,
    Submitted,
};

/// What `who` is to a fixture's result: an organiser of its league, a captain of one of its
/// teams, both or neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultRights {
    pub organiser: bool,
    /// The side whose captain `who` is (home first, should they captain both).
    pub captain_of: Option<Side>,
}

impl ResultRights {
    pub fn of(who: Who<'_>, place: &FixturePlace) -> Self {
        let roles = who.map(|actor| &actor.roles);
        let captain_of = roles.and_then(|roles| {
            if roles.captain_of.contains(&place.fixture.home_team_id) {
                Some(Side::Home)
            } else if roles.captain_of.contains(&place.fixture.away_team_id) {
                Some(Side::Away)
            } else {
                None
            }
        });
        Self {
            organiser: may(who, Permission::Organise(place.organisation.id)),
            captain_of,
        }
    }

    /// A captain of either team, or an organiser, enters a fixture's result while unplayed.
    pub fn may_enter(&self, place: &FixturePlace) -> bool {
        place.fixture.status.is_unplayed() && (self.captain_of.is_some() || self.organiser)
    }

    /// Whether `who` answers for the side that did not submit `result`: a captain of the
    /// other team, or of either team when the league entered it.
    pub fn is_other_captain(&self, place: &FixturePlace, result: &StoredResult) -> bool {
        self.captain_of
            .is_some_and(|side| result.for_team != Some(team_of(place, side)))
    }

    /// The other captain, or an organiser, confirms a result awaiting an answer or disputed.
    pub fn may_confirm(&self, place: &FixturePlace, result: &StoredResult) -> bool {
        matches!(
            place.fixture.status,
            FixtureStatus::AwaitingConfirmation | FixtureStatus::Disputed
        ) && (self.organiser || self.is_other_captain(place, result))
    }

    /// Only the other captain disputes, and only a result awaiting an answer.
    pub fn may_dispute(&self, place: &FixturePlace, result: &StoredResult) -> bool {
        place.fixture.status == FixtureStatus::AwaitingConfirmation
            && self.is_other_captain(place, result)
    }

    /// A captain of the side that submitted the result takes it back while the other side
    /// has not confirmed it (awaiting an answer, or disputed).
    pub fn may_withdraw(&self, place: &FixturePlace, result: &StoredResult) -> bool {
        matches!(
            place.fixture.status,
            FixtureStatus::AwaitingConfirmation | FixtureStatus::Disputed
        ) && self
            .captain_of
            .is_some_and(|side| result.for_team == Some(team_of(place, side)))
    }

    /// The same captains amend it, on the same terms: the other side has not confirmed it.
    pub fn may_amend(&self, place: &FixturePlace, result: &StoredResult) -> bool {
        self.may_withdraw(place, result)
    }

    /// An organiser corrects a result that exists.
    pub fn may_correct(&self, result: Option<&StoredResult>) -> bool {
        self.organiser && result.is_some()
    }
}

fn team_of(place: &FixturePlace, side: Side) -> TeamId {
    match side {
        Side::Home => place.fixture.home_team_id,
        Side::Away => place.fixture.away_team_id,
    }
}

/// May enter the result: a captain of either team or an organiser.
pub(crate) fn require_entry<'a>(
    who: Who<'a>,
    place: &FixturePlace,
) -> Result<&'a super::Actor, AppError> {
    let act_for = |side| Permission::ActForTeam {
        team: team_of(place, side),
        organisation: place.organisation.id,
    };
    match require(who, act_for(Side::Home)) {
        Err(AppError::Forbidden) => require(who, act_for(Side::Away)),
        other => other,
    }
}

/// The fixture has no result: not found, in a sentence.
fn no_result_yet(place: &FixturePlace) -> AppError {
    AppError::NotFound(format!(
        "{} v {} has no result yet.",
        place.fixture.home_team, place.fixture.away_team
    ))
}

async fn current_or_not_found(
    store: &dyn Store,
    place: &FixturePlace,
) -> Result<StoredResult, AppError> {
    store
        .current_result(place.fixture.id)
        .await?
        .ok_or_else(|| no_result_yet(place))
}

// ---------------------------------------------------------------------------------------------
// Reading.

/// Who acted in a line of a result's history, by their part in the fixture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    CaptainOf(Side),
    /// An organiser, or an account that is no longer a captain of either team.
    League,
}

/// A line of a result's history as anyone may read it.
pub struct HistoryLine {
    pub event: ResultEvent,
    pub part: Part,
    /// The address of who acted: shown to the organisation's organisers only.
    pub email: Option<String>,
}

/// A fixture's result as `who` may see it: the current version, its history, the squads its
/// players are named from, when it is due, and what `who` may do with it.
pub struct FixtureResult {
    pub current: Option<StoredResult>,
    pub history: Vec<HistoryLine>,
    pub squads: FixtureSquads,
    /// For a fixture still without a result, the day it is due by, when there is a deadline.
    pub due_by: Option<NaiveDate>,
    pub rights: ResultRights,
}

/// A fixture's result, public; the addresses in its history for organisers only.
pub async fn fixture_result(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
) -> Result<FixtureResult, AppError> {
    let current = store.current_result(place.fixture.id).await?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let history = history(store, who, place).await?;
    let due_by = match store.result_deadline(place.competition.id).await? {
        Some(deadline) if place.fixture.status.is_unplayed() => {
            Some(deadline.due_by(place.fixture.date))
        }
        _ => None,
    };
    Ok(FixtureResult {
        current,
        history,
        squads,
        due_by,
        rights: ResultRights::of(who, place),
    })
}

/// The current version of a fixture's result, public.
pub async fn current_result(
    store: &dyn Store,
    place: &FixturePlace,
) -> Result<StoredResult, AppError> {
    current_or_not_found(store, place).await
}

/// A result's history, oldest first, each line saying who acted by their part in the fixture;
/// their addresses for the organisation's organisers only.
pub async fn history(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
) -> Result<Vec<HistoryLine>, AppError> {
    let events = store.result_history(place.fixture.id).await?;
    let home_captains = store.captains_of(place.fixture.home_team_id).await?;
    let away_captains = store.captains_of(place.fixture.away_team_id).await?;
    let organiser = may(who, Permission::Organise(place.organisation.id));
    Ok(events
        .into_iter()
        .map(|event| {
            let part = if home_captains.iter().any(|user| user.id == event.by) {
                Part::CaptainOf(Side::Home)
            } else if away_captains.iter().any(|user| user.id == event.by) {
                Part::CaptainOf(Side::Away)
            } else {
                Part::League
            };
            HistoryLine {
                email: organiser.then(|| event.by_email.clone()),
                part,
                event,
            }
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------
// Submitting.

/// What the fixture's date allows today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryDate {
    /// The fixture's day has come.
    Open,
    /// Before the fixture's day, an organiser may enter it with a reason.
    ReasonNeeded,
    /// Before the fixture's day, a captain may not.
    Closed(EarlyResult),
}

/// What a result form needs: the squads to choose players from and what the date allows.
pub struct Entry {
    pub squads: FixtureSquads,
    pub date: EntryDate,
    pub rights: ResultRights,
}

/// Opening a fixture's result form: a captain of either team or an organiser.
pub async fn entry(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
) -> Result<Entry, AppError> {
    require_entry(who, place)?;
    let rights = ResultRights::of(who, place);
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let date = match may_enter_result(place.fixture.date, league_today(), rights.organiser, None) {
        Ok(_) => EntryDate::Open,
        Err(refusal @ EarlyResult::NotYetPlayed { .. }) => EntryDate::Closed(refusal),
        Err(_) => EntryDate::ReasonNeeded,
    };
    Ok(Entry {
        squads,
        date,
        rights,
    })
}

/// A result as submitted.
pub struct NewSubmission<'a> {
    /// The sheet as read from the form or body; `None` when it could not be read, the reader
    /// having said why (the rest is still checked, so every problem is told at once).
    pub sheet: Option<SheetAsRead>,
    /// Chosen once per submission by the form or the client: the same key again is the same
    /// submission.
    pub submission_key: &'a str,
    /// An organiser's reason for entering it before the fixture's date.
    pub early_reason: Option<&'a str>,
}

/// The result as checked under the competition's rules, or `None` with the problems found in
/// whatever of it could be read.
fn checked_sheet(
    sheet: Option<&SheetAsRead>,
    rules: ResultRules<'_>,
    problems: &mut Vec<Problem>,
) -> Option<CheckedResult> {
    let sheet = sheet?;
    check_result_as_read(&sheet.sheet, &sheet.unread, rules)
        .map_err(|errors| problems.extend(result_problems(errors)))
        .ok()
}

/// Where each problem the result check found is.
fn result_problems(errors: Vec<ResultError>) -> impl Iterator<Item = Problem> {
    errors.into_iter().map(|error| {
        let field = match error.game {
            Some(game) => Field::Game {
                game,
                hand: error.hand,
            },
            None => Field::Games,
        };
        Problem::new(field, error.message)
    })
}

/// Submits a fixture's result, by a captain of either team or an organiser.
pub async fn submit(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
    submission: NewSubmission<'_>,
) -> Result<Submitted, AppError> {
    let actor = require_entry(who, place)?;
    let rights = ResultRights::of(who, place);
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let rules = squads.rules(&place.competition);
    let mut problems = Vec::new();
    let early_reason = match may_enter_result(
        place.fixture.date,
        league_today(),
        rights.organiser,
        submission.early_reason,
    ) {
        Ok(reason) => reason,
        Err(refusal @ EarlyResult::NotYetPlayed { .. }) => {
            problems.push(Problem::new(Field::Date, refusal.to_string()));
            None
        }
        Err(refusal) => {
            problems.push(Problem::new(Field::EarlyReason, refusal.to_string()));
            None
        }
    };
    let checked = checked_sheet(submission.sheet.as_ref(), rules, &mut problems);
    let (Some(sheet), Some(checked), true) = (&submission.sheet, checked, problems.is_empty())
    else {
        return Err(AppError::Invalid(problems));
    };
    let result = NewResult {
        fixture: place.fixture.id,
        as_read: FixtureAsRead::from(&place.fixture),
        sheet: &sheet.sheet,
        checked: &checked,
        submission_key: submission.submission_key,
        by: actor.user.id,
        for_team: rights.captain_of.map(|side| team_of(place, side)),
        at: Utc::now(),
        early_reason,
    };
    let submitted = match late_deduction(store, place).await? {
        Some((points, reason)) => {
            let adjustment = NewAdjustment {
                division: place.fixture.division_id,
                team: place.fixture.home_team_id,
                points,
                reason: &reason,
                fixture: Some(place.fixture.id),
                by: None,
                at: result.at,
            };
            store.submit_late_result(&result, &adjustment).await
        }
        None => store.submit_result(&result).await,
    };
    submitted.map_err(|error| match error {
        StoreError::ResultAlreadySubmitted => AppError::Conflict(Conflict::ResultAlreadySubmitted),
        StoreError::FixtureChanged => AppError::Conflict(Conflict::FixtureChanged),
        StoreError::SubmissionKeyReused => AppError::Conflict(Conflict::SubmissionKeyReused),
        other => other.into(),
    })
}

fn long_date(date: NaiveDate) -> String {
    date.format("%a %-d %b %Y").to_string()
}

/// The points a result submitted now costs the home team, with the reason the table shows,
/// when it is past the competition's deadline and lateness costs points.
async fn late_deduction(
    store: &dyn Store,
    place: &FixturePlace,
) -> Result<Option<(i64, String)>, AppError> {
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

// ---------------------------------------------------------------------------------------------
// Answering and correcting.

/// What the store's refusal of a confirmation or dispute means.
fn answer_refusal(error: StoreError, place: &FixturePlace) -> AppError {
    match error {
        StoreError::ResultChanged => AppError::Conflict(Conflict::ResultChanged),
        StoreError::ResultNotAwaitingAnswer(status) => {
            AppError::Conflict(Conflict::NotAwaitingAnswer(status))
        }
        StoreError::NoResultYet => no_result_yet(place),
        other => other.into(),
    }
}

/// What every answer to a result (a confirmation, dispute or withdrawal) starts from: one who
/// may enter the result, the result as it stands, and what they may do with it.
struct Answer<'a> {
    actor: &'a super::Actor,
    current: StoredResult,
    rights: ResultRights,
}

async fn answering<'a>(
    store: &dyn Store,
    who: Who<'a>,
    place: &FixturePlace,
) -> Result<Answer<'a>, AppError> {
    let actor = require_entry(who, place)?;
    let current = current_or_not_found(store, place).await?;
    Ok(Answer {
        actor,
        current,
        rights: ResultRights::of(who, place),
    })
}

/// The other captain (or an organiser) agrees with version `version` of the result: it
/// counts from now on.
pub async fn confirm(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
    version: i64,
) -> Result<(), AppError> {
    let answer = answering(store, who, place).await?;
    if !answer.rights.organiser && !answer.rights.is_other_captain(place, &answer.current) {
        return Err(AppError::Forbidden);
    }
    store
        .confirm_result(place.fixture.id, version, answer.actor.user.id, Utc::now())
        .await
        .map_err(|error| answer_refusal(error, place))
}

/// The other captain disagrees with version `version`, saying why: the organiser decides.
pub async fn dispute(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
    version: i64,
    reason: &str,
) -> Result<(), AppError> {
    let answer = answering(store, who, place).await?;
    if !answer.rights.is_other_captain(place, &answer.current) {
        return Err(AppError::Forbidden);
    }
    let reason = Reason::for_dispute(reason)
        .map_err(|error| AppError::invalid(Field::Reason, error.to_string()))?;
    store
        .dispute_result(
            place.fixture.id,
            version,
            answer.actor.user.id,
            reason.as_str(),
            Utc::now(),
        )
        .await
        .map_err(|error| answer_refusal(error, place))
}

/// A captain of the side that submitted version `version` takes it back before the other side
/// confirms it: the fixture is unplayed again and may be entered afresh; the audit log keeps
/// the withdrawn version and who withdrew it.
pub async fn withdraw(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
    version: i64,
) -> Result<(), AppError> {
    let answer = answering(store, who, place).await?;
    let team = submitting_team(&answer, place)?;
    store
        .withdraw_result(
            place.fixture.id,
            version,
            team,
            answer.actor.user.id,
            Utc::now(),
            MAX_WITHDRAWALS_PER_FIXTURE,
        )
        .await
        .map_err(|error| match error {
            StoreError::WithdrawnTooOften { limit } => {
                AppError::Conflict(Conflict::WithdrawnTooOften { limit })
            }
            error => answer_refusal(error, place),
        })
}

/// The team whose captain `answer` is for, when it submitted the current result: only the
/// submitting side's captain withdraws or amends it (the league corrects instead).
fn submitting_team(answer: &Answer<'_>, place: &FixturePlace) -> Result<TeamId, AppError> {
    answer
        .current
        .for_team
        .filter(|team| {
            answer
                .rights
                .captain_of
                .is_some_and(|side| team_of(place, side) == *team)
        })
        .ok_or(AppError::Forbidden)
}

/// Opening an amendment: a captain of the side that submitted the result, while the other side
/// has not confirmed it.
pub async fn amendment(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
) -> Result<ResultToChange, AppError> {
    let answer = answering(store, who, place).await?;
    submitting_team(&answer, place)?;
    if !answer.rights.may_amend(place, &answer.current) {
        return Err(AppError::Conflict(Conflict::NotAwaitingAnswer(
            place.fixture.status,
        )));
    }
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    Ok(ResultToChange {
        current: answer.current,
        squads,
    })
}

/// The submitting side's captain changes version `version` of its submission before the other
/// side confirms it: checked as a submission is, it becomes a new version awaiting the other
/// side's answer again (a disputed one too), and the other side is told by mail.
pub async fn amend(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
    submission: NewSubmission<'_>,
    version: i64,
) -> Result<StoredResult, AppError> {
    let answer = answering(store, who, place).await?;
    let team = submitting_team(&answer, place)?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let mut problems = Vec::new();
    let checked = checked_sheet(
        submission.sheet.as_ref(),
        squads.rules(&place.competition),
        &mut problems,
    );
    let (Some(sheet), Some(checked)) = (&submission.sheet, checked) else {
        return Err(AppError::Invalid(problems));
    };
    let result = NewResult {
        fixture: place.fixture.id,
        as_read: FixtureAsRead::from(&place.fixture),
        sheet: &sheet.sheet,
        checked: &checked,
        submission_key: submission.submission_key,
        by: answer.actor.user.id,
        for_team: Some(team),
        at: Utc::now(),
        early_reason: None,
    };
    store
        .amend_result(&result, version)
        .await
        .map_err(|error| match error {
            StoreError::SubmissionKeyReused => AppError::Conflict(Conflict::SubmissionKeyReused),
            error => answer_refusal(error, place),
        })
}

/// What a correction's or an amendment's form needs: the result as it stands (the form comes
/// back filled in with it) and the squads.
pub struct ResultToChange {
    pub current: StoredResult,
    pub squads: FixtureSquads,
}

/// Opening a correction: an organiser, of a result that exists.
pub async fn correction(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
) -> Result<ResultToChange, AppError> {
    require(who, Permission::Organise(place.organisation.id))?;
    let current = current_or_not_found(store, place).await?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    Ok(ResultToChange { current, squads })
}

/// An organiser's correction: the whole result as it should be, and why. It becomes a new
/// version, confirmed; every earlier version is kept.
pub async fn correct(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
    sheet: Option<SheetAsRead>,
    submission_key: &str,
    reason: &str,
) -> Result<StoredResult, AppError> {
    let actor = require(who, Permission::Organise(place.organisation.id))?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let rules = squads.rules(&place.competition);
    let mut problems = Vec::new();
    let reason = Reason::for_correction(reason)
        .map_err(|error| problems.push(Problem::new(Field::Reason, error.to_string())))
        .ok();
    let checked = checked_sheet(sheet.as_ref(), rules, &mut problems);
    let (Some(sheet), Some(checked), Some(reason)) = (&sheet, checked, reason) else {
        return Err(AppError::Invalid(problems));
    };
    store
        .correct_result(
            &NewResult {
                fixture: place.fixture.id,
                as_read: FixtureAsRead::from(&place.fixture),
                sheet: &sheet.sheet,
                checked: &checked,
                submission_key,
                by: actor.user.id,
                for_team: None,
                at: Utc::now(),
                early_reason: None,
            },
            reason.as_str(),
        )
        .await
        .map_err(|error| match error {
            StoreError::NoResultYet => no_result_yet(place),
            other => other.into(),
        })
}
