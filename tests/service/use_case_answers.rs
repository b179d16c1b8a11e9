//! What the `use_cases_*` tests share: how a page's and an endpoint's answers are compared,
//! and the people and records they read.

use fives::domain::ids::{FixtureId, TeamId};
use fives::domain::league::Venue;
use fives::store::{Fixture, StoredResult};

use crate::support::{ApiClient, Browser, Page, Reply, TestContext};

/// How a request was refused, or that it was not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    Done,
    NotSignedIn,
    Forbidden,
    NotFound,
    Other(u16),
}

pub(crate) fn page_answer(page: &Page) -> Answer {
    match page.status {
        303 if page
            .location
            .as_deref()
            .is_some_and(|to| to.starts_with("/login")) =>
        {
            Answer::NotSignedIn
        }
        200 | 201 | 303 => Answer::Done,
        403 => Answer::Forbidden,
        404 => Answer::NotFound,
        status => Answer::Other(status),
    }
}

pub(crate) fn api_answer(reply: &Reply) -> Answer {
    match reply.status {
        200 | 201 | 202 | 204 => Answer::Done,
        401 => Answer::NotSignedIn,
        403 => Answer::Forbidden,
        404 => Answer::NotFound,
        status => Answer::Other(status),
    }
}

/// The same refusal (or none) through the page and the API.
pub(crate) fn alike(case: &str, page: &Page, api: &Reply, expected: Answer) {
    assert_eq!(
        (page_answer(page), api_answer(api)),
        (expected, expected),
        "{case}: the page answered {} ({}), the API {} ({:?})",
        page.status,
        page.location.as_deref().unwrap_or(""),
        api.status,
        api.json
    );
}

/// A person with a browser signed in and an API token of their own.
pub(crate) struct Person {
    pub(crate) browser: Browser,
    pub(crate) api: ApiClient,
}

pub(crate) async fn person(ctx: &TestContext, email: &str) -> Person {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    let token = browser.make_api_token("use cases").await;
    Person {
        browser,
        api: ctx.api(Some(&token)),
    }
}

pub(crate) async fn fixture(ctx: &TestContext, id: FixtureId) -> Fixture {
    ctx.store.fixture(id).await.unwrap().unwrap()
}

pub(crate) async fn venue(ctx: &TestContext, team: TeamId) -> Venue {
    ctx.store.team_venue(team).await.unwrap().unwrap()
}

pub(crate) async fn kept(ctx: &TestContext, id: FixtureId) -> StoredResult {
    ctx.store.current_result(id).await.unwrap().unwrap()
}

pub(crate) fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

pub(crate) async fn submit_form(
    browser: &Browser,
    path: &str,
    fields: &[(String, String)],
) -> Page {
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    browser.submit(path, &pairs).await
}
