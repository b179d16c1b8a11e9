//! What waits for a captain, as their dashboard shows it: each team's next fixture, and each
//! fixture that needs them with one link to the page that does it.

use crate::app::tasks::TeamTasks;
use crate::store::{Fixture, Organisation};

/// A fixture as a line of the dashboard, with the page that acts on it.
pub struct TaskLink {
    /// "Anchor v Bell, Tue 1 Sep 2026"
    pub fixture: String,
    pub action: &'static str,
    pub href: String,
    /// A result that may be confirmed where it is listed, in one tap.
    pub confirm: Option<ConfirmInPlace>,
}

/// The dashboard's Confirm button for a result: what it posts and what it says.
pub struct ConfirmInPlace {
    pub action: String,
    pub result: i64,
    /// "Confirm Anchor 5–4 Bell"
    pub label: String,
}

/// One team's part of the dashboard.
pub struct TeamTasksView {
    pub team: String,
    pub team_href: String,
    pub squad_href: String,
    pub next: Option<TaskLink>,
    pub tasks: Vec<TaskLink>,
}

fn describe(fixture: &Fixture) -> String {
    let venue = fixture
        .venue
        .as_ref()
        .map_or_else(String::new, |venue| format!(" at {}", venue.name));
    format!(
        "{} v {}, {}{venue}",
        fixture.home_team,
        fixture.away_team,
        fixture.date.format("%a %-d %b %Y")
    )
}

fn link(
    organisation: &Organisation,
    fixture: &Fixture,
    action: &'static str,
    tail: &str,
) -> TaskLink {
    TaskLink {
        fixture: describe(fixture),
        action,
        href: format!(
            "/leagues/{}/fixtures/{}{tail}",
            organisation.slug, fixture.id
        ),
        confirm: None,
    }
}

impl From<&TeamTasks> for TeamTasksView {
    fn from(tasks: &TeamTasks) -> Self {
        let organisation = &tasks.organisation;
        let to_enter = tasks
            .to_enter
            .iter()
            .map(|fixture| link(organisation, fixture, "Enter the result", "/result"));
        let to_answer = tasks
            .to_answer
            .iter()
            .zip(&tasks.awaiting)
            .map(|(fixture, waiting)| {
                let mut task = link(organisation, fixture, "Confirm or dispute the result", "");
                let (home, away) = waiting.games;
                task.confirm = Some(ConfirmInPlace {
                    action: format!("{}/confirm", task.href),
                    result: waiting.result,
                    label: format!(
                        "Confirm {} {home}–{away} {}",
                        fixture.home_team, fixture.away_team
                    ),
                });
                task
            });
        Self {
            team: tasks.team.name.clone(),
            team_href: format!("/teams/{}/manage", tasks.team.id),
            squad_href: format!("/teams/{}/squad", tasks.team.id),
            next: tasks
                .next
                .as_ref()
                .map(|fixture| link(organisation, fixture, "See the fixture", "")),
            tasks: to_enter.chain(to_answer).collect(),
        }
    }
}
