//! What waits for a captain, on their dashboard and in the API: for each team they captain,
//! its next fixture, the results to enter and the results to confirm or dispute.

use super::{AppError, Who, league_today, lookup, require};
use crate::domain::authorisation::Permission;
use crate::domain::captain_tasks::{CaptainTask, is_upcoming, task_for};
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{Fixture, Organisation, Store, Team};

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
