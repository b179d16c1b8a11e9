//! No page of the demo scrolls sideways on a 390 px phone, and every radio button and
//! checkbox sits beside its label: a visitor's, a captain's and the secretary's pages, each
//! found by following the links of the pages before it, as each of them would.

use fantoccini::Client;
use fives::demo;

use crate::browser::Chromium;
use crate::demo_crawl::{Look, crawl_the_demo, the_whole_demo};
use crate::support::TestContext;

/// Whether the page is wider than the window (and what reaches past it), and whether a choice
/// is stretched across its label's width rather than beside its words.
const WIDTHS: &str = r#"
    const done = arguments[arguments.length - 1];
    const root = document.documentElement;
    const problems = [];
    if (root.scrollWidth > root.clientWidth) {
        const widest = [...document.querySelectorAll('body *')]
            .filter(element => element.getBoundingClientRect().right > root.clientWidth + 1
                && getComputedStyle(element).position !== 'fixed')
            .slice(0, 3)
            .map(element => element.tagName.toLowerCase() + '.' + element.className);
        problems.push(`${root.scrollWidth} px in ${root.clientWidth} (${widest.join(', ')})`);
    }
    const stretched = [...document.querySelectorAll(
            'label input[type=checkbox], label input[type=radio]')]
        .filter(input => input.getBoundingClientRect().width > 40).length;
    if (stretched > 0) {
        problems.push(`${stretched} choices stretched away from their labels`);
    }
    done({
        problems,
        links: [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href')),
    });
"#;

async fn every_demo_page(
    client: &Client,
    address: &str,
    league: &demo::DemoLeague,
) -> Result<Vec<String>, String> {
    let look = Look {
        prepare: None,
        look: WIDTHS,
        pages_each: 70,
    };
    let (looked, wide) = crawl_the_demo(client, address, league, &look).await?;
    assert!(looked > 30, "a visitor reached only {looked} pages");
    Ok(wide)
}

async fn on_a_390_px_phone_no_page_of_the_demo_scrolls_sideways(ctx: TestContext) {
    let league = the_whole_demo(ctx.store.as_ref()).await;
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
