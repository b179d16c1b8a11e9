//! On a 390 px phone, in Chromium: a new API token, shown once, fits the screen and its Copy
//! button selects exactly the token (and puts it on the clipboard where the browser allows).

use fantoccini::{Client, Locator};

use crate::browser::{Chromium, log_in_on_a_phone, step};
use crate::support::{PASSWORD, TestContext};

type Step<T = ()> = Result<T, String>;

/// The token shown, what the Copy button selected, what it said, and the page's and window's
/// widths.
struct Copied {
    token: String,
    selected: String,
    said: String,
    widths: (f64, f64),
    /// Each element reaching past the window's right edge, for the failure's message.
    wide: String,
}

async fn make_and_copy_a_token(client: &Client, address: &str, email: &str) -> Step<Copied> {
    log_in_on_a_phone(client, address, email, PASSWORD).await?;
    client
        .goto(&format!("{address}/account/tokens"))
        .await
        .map_err(step("open the tokens page"))?;
    client
        .find(Locator::Css("input#token-name"))
        .await
        .map_err(step("find the token's name"))?
        .send_keys("club website")
        .await
        .map_err(step("name the token"))?;
    client
        .find(Locator::Css(
            "form[action='/account/tokens'] button[type=submit]",
        ))
        .await
        .map_err(step("find Make a token"))?
        .click()
        .await
        .map_err(step("make the token"))?;
    let token = client
        .wait()
        .for_element(Locator::Css("code#new-token-secret"))
        .await
        .map_err(step("see the new token"))?
        .text()
        .await
        .map_err(step("read the token"))?;
    client
        .find(Locator::Css("button[data-copy='new-token-secret']"))
        .await
        .map_err(step("find the Copy button"))?
        .click()
        .await
        .map_err(step("tap Copy"))?;
    let mut said = String::new();
    for _ in 0..50 {
        said = client
            .find(Locator::Css("#copy-status"))
            .await
            .map_err(step("find what Copy said"))?
            .text()
            .await
            .map_err(step("read what Copy said"))?;
        if !said.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let measured = client
        .execute(
            "return [window.getSelection().toString(), document.documentElement.scrollWidth, \
             document.documentElement.clientWidth, [...document.querySelectorAll('body *')] \
             .filter(e => e.getBoundingClientRect().right + window.scrollX > document.documentElement.clientWidth + 1) \
             .map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right + window.scrollX)).join(', ')];",
            vec![],
        )
        .await
        .map_err(step("read the selection and measure the page"))?;
    let wide = measured[3].as_str().unwrap_or_default().to_string();
    Ok(Copied {
        wide,
        token,
        selected: measured[0].as_str().unwrap_or_default().to_string(),
        said,
        widths: (
            measured[1].as_f64().unwrap_or(f64::MAX),
            measured[2].as_f64().unwrap_or(0.0),
        ),
    })
}

async fn in_chromium_a_new_token_fits_a_phone_and_its_copy_button_selects_it(ctx: TestContext) {
    ctx.user("scorer@example.org").await;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let copied = make_and_copy_a_token(chromium.client(), &ctx.address, "scorer@example.org").await;
    chromium.close().await;
    let copied = copied.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert!(copied.token.len() > 20, "{:?}", copied.token);
    assert_eq!(copied.selected.trim(), copied.token);
    assert!(
        copied.said == "Copied to the clipboard."
            || copied.said == "Selected: copy it with your browser's Copy.",
        "{:?}",
        copied.said
    );
    let (page, window) = copied.widths;
    assert!(
        page <= window,
        "the page is {page} px wide in a {window} px window: {}",
        copied.wide
    );
}
store_test!(in_chromium_a_new_token_fits_a_phone_and_its_copy_button_selects_it);
