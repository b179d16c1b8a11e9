//! What waits for people, on their dashboards: for a captain, for each team they captain,
//! its next fixture, the results to enter and the results to confirm or dispute (in the API
//! too); for an organisation's organisers, the results the league should look at.

use chrono::{DateTime, Duration, NaiveDate, Utc};

use super::{AppError, Who, league_today, lookup, require};
use crate::domain::authorisation::Permission;
use crate::domain::captain_tasks::{CaptainTask, is_upcoming, task_for};
use crate::domain::result_deadline::ResultDeadline;
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{Fixture, Organisation, Store, Team, TransferRequest};

/// One team's fixtures that need its captain, and its next fixture.
pub struct TeamTasks {
    pub organisation: Organisation,
    pub team: Team,
    /// The first scheduled fixture from today on.
    pub next: Option<Fixture>,
    /// By date: played, with nothing submitted.
    pub to_enter: Vec<Fixture>,
    /// By date: the other side submitted a result.
    pub to_answer: Vec<Fixture>,
    /// The result each of `to_answer` waits on, in the same order, so that it may be confirmed
    /// where it is listed.
    pub awaiting: Vec<AwaitingAnswer>,
}

/// A submitted result waiting for this captain's answer.
pub struct AwaitingAnswer {
    /// The version to confirm or dispute.
    pub result: i64,
    /// Games won, home first.
    pub games: (u32, u32),
}

/// What waits for the signed-in account as a captain, team by team (by name); empty for an
/// account that captains no team.
pub async fn captain_tasks(store: &dyn Store, who: Who<'_>) -> Result<Vec<TeamTasks>, AppError> {
    let actor = require(who, Permission::UseAccount)?;
    let today = league_today();
    let mut all = Vec::new();
    for team in store.teams_captained_by(actor.user.id).await? {
        let organisation = store
            .organisation(team.organisation_id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("team {} has no organisation", team.id))?;
        let place = lookup::current_division(store, &organisation, &team).await?;
        let fixtures = match &place {
            Some(place) => store.fixtures_of_team(team.id, place.season.id).await?,
            None => Vec::new(),
        };
        let next = fixtures
            .iter()
            .find(|fixture| is_upcoming(fixture.date, fixture.status, today))
            .cloned();
        let (mut to_enter, mut to_answer, mut awaiting) = (Vec::new(), Vec::new(), Vec::new());
        for fixture in fixtures {
            // Only a result awaiting an answer is read, to see whose it is.
            let submitted = if fixture.status == FixtureStatus::AwaitingConfirmation {
                store.current_result(fixture.id).await?
            } else {
                None
            };
            let submitted_for = submitted.as_ref().and_then(|result| result.for_team);
            match task_for(team.id, fixture.date, fixture.status, today, || {
                submitted_for
            }) {
                Some(CaptainTask::EnterResult) => to_enter.push(fixture),
                Some(CaptainTask::AnswerResult) => {
                    if let (Some(result), Some(place)) = (&submitted, &place) {
                        awaiting.push(AwaitingAnswer {
                            result: result.id,
                            games: place.competition.match_format.games(result.score),
                        });
                        to_answer.push(fixture);
                    }
                }
                None => {}
            }
        }
        all.push(TeamTasks {
            organisation,
            team,
            next,
            to_enter,
            to_answer,
            awaiting,
        });
    }
    Ok(all)
}

/// How long a submitted result waits for the other side's answer before the organisers are
/// shown it: a captain has the day after the night to confirm.
pub const ANSWER_EXPECTED_WITHIN: Duration = Duration::days(1);

/// Why a fixture waits on the league.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waiting {
    Disputed,
    /// Past its competition's deadline with no result (without a deadline, due on the night).
    Overdue {
        due_by: NaiveDate,
    },
    /// Submitted at `since`, and not answered by the other side for more than a day.
    Unanswered {
        since: DateTime<Utc>,
    },
}

/// A fixture that waits on the league, with where it is played.
pub struct WaitingFixture {
    pub fixture: Fixture,
    /// "Winter League: Premier, 2026–27".
    pub place: String,
    pub why: Waiting,
}

/// What waits for an organisation's organisers, each list by competition, season and date.
#[derive(Default)]
pub struct OrganiserInbox {
    pub disputed: Vec<WaitingFixture>,
    pub overdue: Vec<WaitingFixture>,
    pub unanswered: Vec<WaitingFixture>,
    /// Transfer requests waiting for an organiser, oldest first.
    pub transfers: Vec<TransferRequest>,
}

impl OrganiserInbox {
    pub fn is_empty(&self) -> bool {
        self.disputed.is_empty()
            && self.overdue.is_empty()
            && self.unanswered.is_empty()
            && self.transfers.is_empty()
    }
}

/// What waits for the organisers of `organisation`: disputes to decide, results overdue,
/// results the other side has left unanswered for more than [`ANSWER_EXPECTED_WITHIN`], and
/// transfers to approve.
pub async fn organiser_inbox(
    store: &dyn Store,
    who: Who<'_>,
    organisation: &Organisation,
) -> Result<OrganiserInbox, AppError> {
    require(who, Permission::Organise(organisation.id))?;
    let today = league_today();
    let answer_overdue_from = Utc::now() - ANSWER_EXPECTED_WITHIN;
    let mut inbox = OrganiserInbox {
        transfers: store.transfer_requests(organisation.id, 0).await?,
        ..OrganiserInbox::default()
    };
    for competition in store.competitions_of(organisation.id).await? {
        let due = store
            .result_deadline(competition.id)
            .await?
            .unwrap_or(ResultDeadline {
                days_after_fixture: 0,
                late_points: 0,
            });
        for season in store.seasons_of(competition.id).await? {
            for division in store.divisions_of(season.id).await? {
                let place = format!("{}: {}, {}", competition.name, division.name, season.name);
                for fixture in store.fixtures_of_division(division.id).await? {
                    let (list, why) = match fixture.status {
                        FixtureStatus::Disputed => (&mut inbox.disputed, Waiting::Disputed),
                        FixtureStatus::AwaitingConfirmation => {
                            // Only a result awaiting an answer is read, for when it came.
                            let since = store
                                .current_result(fixture.id)
                                .await?
                                .map(|result| result.submitted_at);
                            match since {
                                Some(since) if since < answer_overdue_from => {
                                    (&mut inbox.unanswered, Waiting::Unanswered { since })
                                }
                                _ => continue,
                            }
                        }
                        status if due.is_overdue(fixture.date, status, today) => (
                            &mut inbox.overdue,
                            Waiting::Overdue {
                                due_by: due.due_by(fixture.date),
                            },
                        ),
                        _ => continue,
                    };
                    list.push(WaitingFixture {
                        fixture,
                        place: place.clone(),
                        why,
                    });
                }
            }
        }
    }
    Ok(inbox)
}
