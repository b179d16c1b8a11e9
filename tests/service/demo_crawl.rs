//! The demo as its people reach it, following the links of each page as a visitor, a captain
//! and the secretary would, each page looked at by a script of the test's own: what the
//! phone-width and the accessibility checks share.

use std::collections::{BTreeSet, VecDeque};

use fantoccini::Client;
use fives::demo;

use crate::browser::{log_in, step};

/// Whether a link is a page to look at: this site's, not a file, a feed or a way out.
fn is_page(href: &str) -> bool {
    href.starts_with('/')
        && !href.starts_with("//")
        && !href.starts_with("/static/")
        && !href.starts_with("/api/")
        && ![
            ".csv", ".ics", ".json", ".svg", ".txt", ".png", ".ico", "/screen",
        ]
        .iter()
        .any(|ending| href.split('?').next().unwrap_or(href).ends_with(ending))
}

/// How each page is looked at: `prepare` (when given) run first, then `look`, an asynchronous
/// script that answers `{links: [hrefs], problems: [words]}` through its callback (the last
/// of its arguments).
pub(crate) struct Look<'a> {
    pub(crate) prepare: Option<&'a str>,
    pub(crate) look: &'a str,
    /// The most pages looked at for each person.
    pub(crate) pages_each: usize,
}

/// The pages reached from `start`, up to the look's limit: how many were looked at, and each
/// problem found, after its page's address.
async fn crawl(
    client: &Client,
    address: &str,
    start: &[String],
    look: &Look<'_>,
) -> Result<(usize, Vec<String>), String> {
    let mut queue: VecDeque<String> = start.iter().cloned().collect();
    let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
    let mut looked = 0;
    let mut problems = Vec::new();
    while let Some(path) = queue.pop_front() {
        if looked == look.pages_each {
            break;
        }
        looked += 1;
        client
            .goto(&format!("{address}{path}"))
            .await
            .map_err(step("open a page"))?;
        if let Some(prepare) = look.prepare {
            client
                .execute(prepare, vec![])
                .await
                .map_err(step("prepare a page"))?;
        }
        let seen_page = client
            .execute_async(look.look, vec![])
            .await
            .map_err(step("look at a page"))?;
        for problem in seen_page["problems"].as_array().into_iter().flatten() {
            problems.push(format!("{path}: {}", problem.as_str().unwrap_or_default()));
        }
        for link in seen_page["links"].as_array().into_iter().flatten() {
            let href = link.as_str().unwrap_or_default();
            let href = href.split('#').next().unwrap_or_default().to_string();
            if is_page(&href) && seen.insert(href.clone()) {
                queue.push_back(href);
            }
        }
    }
    Ok((looked, problems))
}

/// The demo as `fives serve --demo` serves it: the league's half season and the championship
/// day.
pub(crate) async fn the_whole_demo(store: &dyn fives::store::Store) -> demo::DemoLeague {
    let now = chrono::Utc::now();
    let league = demo::load(store, now, 2026).await.unwrap();
    let key = fives::secret_key::SecretKey::generate();
    demo::load_championship_day(store, &key, now, 2026)
        .await
        .unwrap();
    league
}

/// Every page of the demo each of its people reaches on a 390 px phone, looked at: the
/// visitor's from the league's page and the home page, then a captain's and the secretary's
/// from their dashboards. Answers how many pages the visitor reached, and every problem found.
pub(crate) async fn crawl_the_demo(
    client: &Client,
    address: &str,
    league: &demo::DemoLeague,
    look: &Look<'_>,
) -> Result<(usize, Vec<String>), String> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    let start = vec![format!("/leagues/{}", demo::SLUG), "/".to_string()];
    let (visitor, mut problems) = crawl(client, address, &start, look).await?;
    for email in [&league.captains[0].1, &league.secretary] {
        log_in(client, address, email, demo::PASSWORD).await?;
        let start = vec![
            "/dashboard".to_string(),
            format!("/organise/{}", demo::SLUG),
        ];
        let (_, mut found) = crawl(client, address, &start, look).await?;
        problems.append(&mut found);
    }
    Ok((visitor, problems))
}
