//! No page of the demo scrolls sideways on a 390 px phone, and every radio button and
//! checkbox sits beside its label: a visitor's, a captain's and the secretary's pages, each
//! found by following the links of the pages before it, as each of them would.

use std::collections::{BTreeSet, VecDeque};

use fantoccini::Client;
use fives::demo;

use crate::browser::{Chromium, log_in, step};
use crate::support::TestContext;

/// The most pages looked at for each person: enough to reach every kind of page the demo has.
const PAGES_EACH: usize = 70;

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

/// The pages reached from `start`, up to [`PAGES_EACH`], each with whether it is wider than
/// the window (its address, the page's width and the window's).
async fn wide_pages(
    client: &Client,
    address: &str,
    start: &[String],
) -> Result<(usize, Vec<String>), String> {
    let mut queue: VecDeque<String> = start.iter().cloned().collect();
    let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
    let mut looked = 0;
    let mut wide = Vec::new();
    while let Some(path) = queue.pop_front() {
        if looked == PAGES_EACH {
            break;
        }
        looked += 1;
        client
            .goto(&format!("{address}{path}"))
            .await
            .map_err(step("open a page"))?;
        let seen_page = client
            .execute(
                r#"
                const root = document.documentElement;
                const widest = [...document.querySelectorAll('body *')]
                    .filter(element => element.getBoundingClientRect().right > root.clientWidth + 1
                        && getComputedStyle(element).position !== 'fixed')
                    .slice(0, 3)
                    .map(element => element.tagName.toLowerCase() + '.' + element.className);
                // A choice stretched across its label's width is not beside its words.
                const stretched = [...document.querySelectorAll(
                        'label input[type=checkbox], label input[type=radio]')]
                    .filter(input => input.getBoundingClientRect().width > 40).length;
                return {
                    stretched,
                    page: root.scrollWidth,
                    window: root.clientWidth,
                    widest,
                    links: [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href')),
                };
                "#,
                vec![],
            )
            .await
            .map_err(step("measure a page"))?;
        let page = seen_page["page"].as_f64().unwrap_or(0.0);
        let window = seen_page["window"].as_f64().unwrap_or(0.0);
        if page > window {
            wide.push(format!(
                "{path}: {page} px in {window} ({})",
                seen_page["widest"]
            ));
        }
        if seen_page["stretched"].as_u64() != Some(0) {
            wide.push(format!(
                "{path}: {} choices stretched away from their labels",
                seen_page["stretched"]
            ));
        }
        for link in seen_page["links"].as_array().into_iter().flatten() {
            let href = link.as_str().unwrap_or_default();
            let href = href.split('#').next().unwrap_or_default().to_string();
            if is_page(&href) && seen.insert(href.clone()) {
                queue.push_back(href);
            }
        }
    }
    Ok((looked, wide))
}

async fn every_demo_page(
    client: &Client,
    address: &str,
    league: &demo::DemoLeague,
) -> Result<Vec<String>, String> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    let mut wide = Vec::new();
    let start = vec![format!("/leagues/{}", demo::SLUG), "/".to_string()];
    let (looked, mut found) = wide_pages(client, address, &start).await?;
    assert!(looked > 30, "a visitor reached only {looked} pages");
    wide.append(&mut found);
    for email in [&league.captains[0].1, &league.secretary] {
        log_in(client, address, email, demo::PASSWORD).await?;
        let start = vec![
            "/dashboard".to_string(),
            format!("/organise/{}", demo::SLUG),
        ];
        let (_, mut found) = wide_pages(client, address, &start).await?;
        wide.append(&mut found);
    }
    Ok(wide)
}

async fn on_a_390_px_phone_no_page_of_the_demo_scrolls_sideways(ctx: TestContext) {
    let store = ctx.store.as_ref();
    let now = chrono::Utc::now();
    let league = demo::load(store, now, 2026).await.unwrap();
    let key = fives::secret_key::SecretKey::generate();
    demo::load_championship_day(store, &key, now, 2026)
        .await
        .unwrap();
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let wide = every_demo_page(chromium.client(), &ctx.address, &league).await;
    chromium.close().await;
    let wide = wide.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert!(
        wide.is_empty(),
        "pages wider than a phone:\n{}",
        wide.join("\n")
    );
}
store_test!(on_a_390_px_phone_no_page_of_the_demo_scrolls_sideways);
