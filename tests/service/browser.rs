//! A real browser: headless Chromium, driven through chromedriver, logs in, sees its
//! dashboard and logs out.
//!
//! Chromium and chromedriver come from Debian's `chromium` and `chromium-driver` packages
//! (`.ci/run` installs them). Without them the test is skipped, unless FIVES_REQUIRE_BROWSER=1,
//! when it fails.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

use crate::support::PASSWORD;
use crate::support::TestContext;

/// chromedriver and the browser session it runs; both end when this is closed or dropped.
pub(crate) struct Chromium {
    driver: Child,
    client: Option<Client>,
    /// A fresh Chromium profile, removed when this is dropped.
    profile: tempfile::TempDir,
}

impl Chromium {
    /// None when there is no Chromium here and none is required.
    pub(crate) async fn start() -> Option<Self> {
        let chromium =
            std::env::var("FIVES_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let chromedriver =
            std::env::var("FIVES_CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
        let missing: Vec<&str> = [chromium.as_str(), chromedriver.as_str()]
            .into_iter()
            .filter(|path| !std::path::Path::new(path).is_file())
            .collect();
        if !missing.is_empty() {
            let message = format!("no browser: {} not found", missing.join(" and "));
            if std::env::var("FIVES_REQUIRE_BROWSER").as_deref() == Ok("1") {
                panic!("{message}, and FIVES_REQUIRE_BROWSER=1 requires one");
            }
            eprintln!("skipped: {message}");
            return None;
        }

        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile = tempfile::tempdir().unwrap();
        let mut chromium_session = Chromium {
            driver,
            client: None,
            profile,
        };
        let webdriver = format!("http://127.0.0.1:{port}");
        wait_until_ready(&webdriver).await;

        // The flags keep Chromium from reaching for the network it does not need, and let it
        // run as root in a container.
        let capabilities = json!({
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--disable-dev-shm-usage",
                    "--window-size=1024,768",
                    format!("--user-data-dir={}", chromium_session.profile.path().display()),
                ]
            }
        });
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities.as_object().unwrap().clone())
            .connect(&webdriver)
            .await
            .expect("chromedriver starts a Chromium session");
        chromium_session.client = Some(client);
        Some(chromium_session)
    }

    pub(crate) fn client(&self) -> &Client {
        self.client.as_ref().expect("a session")
    }

    pub(crate) async fn close(mut self) {
        if let Some(client) = self.client.take() {
            let _ = client.close().await;
        }
    }
}

impl Drop for Chromium {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

async fn wait_until_ready(webdriver: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Ok(response) = reqwest::get(format!("{webdriver}/status")).await
            && response.status().is_success()
        {
            return;
        }
        assert!(Instant::now() < deadline, "chromedriver did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A browser step that failed, said as what the person could not do.
pub(crate) fn step(what: &'static str) -> impl Fn(fantoccini::error::CmdError) -> String {
    move |error| format!("{what}: {error}")
}

/// Types the address and password into the login form on screen and logs in.
async fn fill_in_the_login_form(
    client: &Client,
    email: &str,
    password: &str,
) -> Result<(), String> {
    client
        .wait()
        .for_element(Locator::Css("input#email"))
        .await
        .map_err(step("see the login form"))?
        .send_keys(email)
        .await
        .map_err(step("type the email address"))?;
    client
        .find(Locator::Css("input#password"))
        .await
        .map_err(step("find the password field"))?
        .send_keys(password)
        .await
        .map_err(step("type the password"))?;
    client
        .find(Locator::Css("main form button[type=submit]"))
        .await
        .map_err(step("find the login button"))?
        .click()
        .await
        .map_err(step("log in"))?;
    Ok(())
}

/// Fails when the page is wider than the window, naming the `page`.
pub(crate) async fn fits(client: &Client, page: &str) -> Result<(), String> {
    let measured = client
        .execute(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth];",
            vec![],
        )
        .await
        .map_err(step("measure the page"))?;
    let (width, window) = (
        measured[0].as_f64().unwrap_or(f64::MAX),
        measured[1].as_f64().unwrap_or(0.0),
    );
    if width > window {
        return Err(format!(
            "the {page} is {width} px wide in a {window} px window"
        ));
    }
    Ok(())
}

/// Makes the window a phone's (390 by 844) and logs in as `email`, the dashboard on screen.
pub(crate) async fn log_in_on_a_phone(
    client: &Client,
    address: &str,
    email: &str,
    password: &str,
) -> Result<(), String> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    log_in(client, address, email, password).await
}

/// Logs in as `email` on the login page, the account logged in before forgotten, and waits
/// for the dashboard.
pub(crate) async fn log_in(
    client: &Client,
    address: &str,
    email: &str,
    password: &str,
) -> Result<(), String> {
    client
        .delete_all_cookies()
        .await
        .map_err(step("forget the last account"))?;
    client
        .goto(&format!("{address}/login"))
        .await
        .map_err(step("open the login page"))?;
    fill_in_the_login_form(client, email, password).await?;
    client
        .wait()
        .for_element(Locator::XPath(
            "//main//h1[normalize-space()='Your dashboard']",
        ))
        .await
        .map_err(step("see the dashboard"))?;
    Ok(())
}

/// Chooses the players of game `number` of a result form; answers how many were chosen.
pub(crate) async fn choose_players(
    client: &Client,
    number: usize,
    game: &fives::domain::match_result::GameSheet,
) -> Result<usize, String> {
    let mut chosen = 0;
    for (side, players) in [("home", &game.home), ("away", &game.away)] {
        for (player, place) in players.iter().zip(1..) {
            client
                .find(Locator::Css(&format!("select#g{number}_{side}_{place}")))
                .await
                .map_err(step("find a player's select"))?
                .select_by_value(&player.0.to_string())
                .await
                .map_err(step("choose a player"))?;
            chosen += 1;
        }
    }
    Ok(chosen)
}

/// The steps a person takes, each failing with what went wrong.
async fn log_in_see_dashboard_log_out(client: &Client, address: &str) -> Result<(), String> {
    client
        .goto(&format!("{address}/"))
        .await
        .map_err(step("open the home page"))?;
    client
        .find(Locator::LinkText("Log in"))
        .await
        .map_err(step("find the login link"))?
        .click()
        .await
        .map_err(step("follow the login link"))?;
    fill_in_the_login_form(client, "sam@example.org", PASSWORD).await?;

    let heading = client
        .wait()
        .for_element(Locator::XPath(
            "//main//h1[normalize-space()='Your dashboard']",
        ))
        .await
        .map_err(step("see the dashboard"))?;
    let url = client
        .current_url()
        .await
        .map_err(step("read the address"))?;
    if url.path() != "/dashboard" {
        return Err(format!("after logging in the browser is at {url}"));
    }
    let main = client
        .find(Locator::Css("main"))
        .await
        .map_err(step("find the main content"))?
        .text()
        .await
        .map_err(step("read the dashboard"))?;
    if !main.contains("sam@example.org") {
        return Err(format!("the dashboard does not name the account: {main}"));
    }
    drop(heading);

    client
        .find(Locator::Css("nav form[action='/logout'] button"))
        .await
        .map_err(step("find the logout button"))?
        .click()
        .await
        .map_err(step("press the logout button"))?;
    client
        .wait()
        .for_element(Locator::XPath("//nav//a[normalize-space()='Log in']"))
        .await
        .map_err(step("see the login link again"))?;

    // Logged out for real: the dashboard now sends the browser to the login page.
    client
        .goto(&format!("{address}/dashboard"))
        .await
        .map_err(step("open the dashboard again"))?;
    let url = client
        .current_url()
        .await
        .map_err(step("read the address"))?;
    if url.path() != "/login" {
        return Err(format!("after logging out the dashboard answered at {url}"));
    }
    Ok(())
}

async fn in_chromium_log_in_see_the_dashboard_and_log_out(ctx: TestContext) {
    ctx.user("sam@example.org").await;
    let Some(chromium) = crate::browser::Chromium::start().await else {
        return;
    };
    let outcome =
        crate::browser::log_in_see_dashboard_log_out(chromium.client(), &ctx.address).await;
    chromium.close().await;
    if let Err(error) = outcome {
        panic!("in Chromium, could not {error}");
    }
}
store_test!(in_chromium_log_in_see_the_dashboard_and_log_out);

/// chromedriver's own command that cuts a page's network, as a phone losing its signal, or
/// gives it back: fantoccini has no method of its own for it.
#[derive(Debug)]
struct NetworkConditions {
    offline: bool,
}

impl fantoccini::wd::WebDriverCompatibleCommand for NetworkConditions {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/chromium/network_conditions",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        if self.offline {
            let conditions = json!({"network_conditions": {
                "offline": true, "latency": 0,
                "download_throughput": 1_000_000, "upload_throughput": 1_000_000,
            }});
            (http::Method::POST, Some(conditions.to_string()))
        } else {
            (http::Method::DELETE, None)
        }
    }
}

/// Cuts the browser's network (`true`), as a phone losing its signal, or gives it back.
pub(crate) async fn set_offline(client: &Client, offline: bool) -> Result<(), String> {
    client
        .issue_cmd(NetworkConditions { offline })
        .await
        .map(|_| ())
        .map_err(|error| format!("cut or give back the network: {error}"))
}
