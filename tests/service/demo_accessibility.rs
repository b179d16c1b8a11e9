//! axe-core, run in Chromium at 390 px on every page of the demo that a visitor, a captain and
//! the secretary reach by following links: no violation of any impact. axe-core is not part of
//! the project: `.ci/run` fetches it and names its file in FIVES_AXE_JS; without it the test
//! is skipped, unless FIVES_REQUIRE_AXE=1. The pages are the same on both stores, so it runs
//! on SQLite alone.

use fantoccini::Client;
use fives::demo;

use crate::browser::Chromium;
use crate::demo_crawl::{Look, crawl_the_demo, the_whole_demo};
use crate::support::{Backend, TestContext};

/// axe-core's source, when it is here.
fn axe_source() -> Option<String> {
    let source = std::env::var("FIVES_AXE_JS")
        .ok()
        .and_then(|path| std::fs::read_to_string(path).ok());
    if source.is_none() {
        if std::env::var("FIVES_REQUIRE_AXE").as_deref() == Ok("1") {
            panic!("axe-core is required (FIVES_REQUIRE_AXE=1) but FIVES_AXE_JS names no file");
        }
        eprintln!("skipped: no axe-core (FIVES_AXE_JS names its axe.min.js)");
    }
    source
}

/// Every violation axe finds, by rule, impact and the first places it is at.
const AXE_RUN: &str = r#"
    const done = arguments[arguments.length - 1];
    const links = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'));
    axe.run(document, { resultTypes: ['violations'] }).then(
        result => done({
            links,
            problems: result.violations.map(violation =>
                `${violation.id} (${violation.impact}): ${violation.help}: ` +
                violation.nodes.slice(0, 3).map(node => node.target.join(' ')).join(' | ')),
        }),
        error => done({ links, problems: [`axe could not run: ${error}`] }));
"#;

async fn every_demo_page(
    client: &Client,
    address: &str,
    league: &demo::DemoLeague,
    axe: &str,
) -> Result<(usize, Vec<String>), String> {
    let look = Look {
        prepare: Some(axe),
        look: AXE_RUN,
        pages_each: 70,
    };
    crawl_the_demo(client, address, league, &look).await
}

async fn axe_finds_nothing_on_the_demo(ctx: TestContext) {
    let Some(axe) = axe_source() else {
        return;
    };
    let league = the_whole_demo(ctx.store.as_ref()).await;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let found = every_demo_page(chromium.client(), &ctx.address, &league, &axe).await;
    chromium.close().await;
    let (looked, violations) =
        found.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert!(looked > 30, "a visitor reached only {looked} pages");
    assert!(
        violations.is_empty(),
        "{} violations:\n{}",
        violations.len(),
        violations.join("\n")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axe_finds_no_violation_on_any_page_of_the_demo() {
    crate::support::run(Backend::Sqlite, axe_finds_nothing_on_the_demo).await;
}
