//! The test harness: a fresh store of either kind, the application on a port of its own, and
//! browsers (HTTP clients with their own cookies) to drive it.

use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use chrono::Utc;
use fives::domain::account::{EmailAddress, NewPassword};
use fives::domain::ids::{OrganisationId, TeamId};
use fives::domain::organisation::{DisplayName, Slug};
use fives::secret_key::SecretKey;
use fives::startup::Application;
use fives::store::{
    InviteAcceptor, NewCaptainInvite, NewOrganisation, NewUser, Organisation, PostgresStore,
    SqliteStore, Store, Team, User,
};
use fives::token::SecretToken;
use sqlx::Connection;
use sqlx::postgres::PgConnection;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Runs the test function `$name` (an `async fn $name(ctx: TestContext)`, written as plain
/// Rust so rustfmt formats it) against a fresh SQLite store and a fresh PostgreSQL database,
/// as the tests `$name::sqlite` and `$name::postgres`.
macro_rules! store_test {
    ($name:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                $crate::support::run($crate::support::Backend::Sqlite, super::$name).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                $crate::support::run($crate::support::Backend::Postgres, super::$name).await;
            }
        }
    };
}

/// A password every test account has, unless a test says otherwise.
pub const PASSWORD: &str = "correct horse battery";

pub struct TestContext {
    pub backend: Backend,
    pub store: Arc<dyn Store>,
    /// The application's address, such as `http://127.0.0.1:40123`.
    pub address: String,
    /// For SQLite, the data directory holding `fives.db`; for PostgreSQL, the database URL.
    pub data_dir: std::path::PathBuf,
    pub database_url: Option<String>,
}

/// Runs `test` against a fresh store of `backend`, then removes the store, whether the test
/// passed or not.
pub async fn run<F, Fut>(backend: Backend, test: F)
where
    F: FnOnce(TestContext) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    // The service's logs only when asked for, as in `FIVES_LOG=debug cargo test`.
    if std::env::var_os("FIVES_LOG").is_some() {
        fives::telemetry::init();
    }
    let data_dir = tempfile::tempdir().expect("a temporary directory");
    let (store, database): (Arc<dyn Store>, Option<PostgresDatabase>) = match backend {
        Backend::Sqlite => (
            Arc::new(
                SqliteStore::open_file(&data_dir.path().join("fives.db"))
                    .await
                    .expect("SQLite opens"),
            ),
            None,
        ),
        Backend::Postgres => {
            let Some(database) = PostgresDatabase::create().await else {
                return;
            };
            let store = PostgresStore::connect(&database.url)
                .await
                .expect("the test database accepts connections");
            (Arc::new(store), Some(database))
        }
    };
    store.migrate().await.expect("migrations apply");
    let app = Application::build("127.0.0.1:0", store.clone(), SecretKey::generate())
        .expect("the application starts");
    let address = format!("http://{}", app.address());
    let handle = app.handle();
    tokio::spawn(app.run());
    let ctx = TestContext {
        backend,
        store,
        address,
        data_dir: data_dir.path().to_path_buf(),
        database_url: database.as_ref().map(|d| d.url.clone()),
    };
    let outcome = tokio::spawn(test(ctx)).await;
    handle.stop(false).await;
    if let Some(database) = database {
        database.drop().await;
    }
    drop(data_dir);
    if let Err(error) = outcome {
        std::panic::resume_unwind(error.into_panic());
    }
}

/// A database of its own for one PostgreSQL test.
struct PostgresDatabase {
    server: String,
    name: String,
    url: String,
}

impl PostgresDatabase {
    /// None when no server answers and PostgreSQL is not required.
    async fn create() -> Option<Self> {
        let server = std::env::var("FIVES_TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_string());
        let mut admin = match tokio::time::timeout(
            Duration::from_secs(5),
            PgConnection::connect(&format!("{server}/postgres")),
        )
        .await
        {
            Ok(Ok(connection)) => connection,
            outcome => {
                let reason = match outcome {
                    Ok(Err(error)) => error.to_string(),
                    _ => "timed out".to_string(),
                };
                if std::env::var("FIVES_REQUIRE_POSTGRES").as_deref() == Ok("1") {
                    panic!(
                        "PostgreSQL is required (FIVES_REQUIRE_POSTGRES=1) but {server} does not answer: {reason}"
                    );
                }
                eprintln!("skipped: no PostgreSQL at {server} ({reason})");
                return None;
            }
        };
        let name = format!("fives_test_{}", &SecretToken::generate().as_str()[..16]);
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut admin)
            .await
            .expect("the test database is created");
        admin.close().await.ok();
        let url = format!("{server}/{name}");
        Some(Self { server, name, url })
    }

    async fn drop(self) {
        let mut admin = PgConnection::connect(&format!("{}/postgres", self.server))
            .await
            .expect("PostgreSQL still answers");
        sqlx::query(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ))
        .execute(&mut admin)
        .await
        .expect("the test database is dropped");
    }
}

impl TestContext {
    pub fn browser(&self) -> Browser {
        self.browser_from("127.0.0.1")
    }

    /// A browser whose requests come from `ip`, another address of the loopback network
    /// (127.0.0.0/8), as another household's or another pub's would.
    pub fn browser_from(&self, ip: &str) -> Browser {
        self.browser_at_from(&self.address, ip)
    }

    /// A browser of another server of the same store, such as one with mail on.
    pub fn browser_at(&self, address: &str) -> Browser {
        self.browser_at_from(address, "127.0.0.1")
    }

    fn browser_at_from(&self, address: &str, ip: &str) -> Browser {
        Browser {
            address: address.to_string(),
            client: reqwest::Client::builder()
                .cookie_store(true)
                .redirect(reqwest::redirect::Policy::none())
                .local_address(ip.parse::<std::net::IpAddr>().expect("an IP address"))
                .build()
                .expect("an HTTP client"),
        }
    }

    pub async fn user(&self, email: &str) -> User {
        self.user_with_password(email, PASSWORD, false).await
    }

    pub async fn admin(&self, email: &str) -> User {
        self.user_with_password(email, PASSWORD, true).await
    }

    pub async fn user_with_password(&self, email: &str, password: &str, admin: bool) -> User {
        let password = NewPassword::try_from(password.to_string()).unwrap();
        self.store
            .create_user(&NewUser {
                email: EmailAddress::try_from(email).unwrap(),
                password_hash: fives::password::hash(password).await.unwrap(),
                is_admin: admin,
                created_at: Utc::now(),
            })
            .await
            .expect("the account is created")
    }

    pub async fn organisation(&self, slug: &str, organiser: &User) -> Organisation {
        self.store
            .create_organisation(
                &NewOrganisation {
                    slug: Slug::try_from(slug).unwrap(),
                    name: DisplayName::try_from(format!("The {slug} league").as_str()).unwrap(),
                    created_at: Utc::now(),
                },
                &EmailAddress::try_from(organiser.email.as_str()).unwrap(),
            )
            .await
            .expect("the organisation is created")
    }

    pub async fn team(&self, organisation: OrganisationId, name: &str) -> Team {
        self.store
            .create_team(
                organisation,
                &DisplayName::try_from(name).unwrap(),
                Utc::now(),
            )
            .await
            .expect("the team is created")
    }

    /// Gives a fixture a result's status straight in the database, standing in for result
    /// entry, which the service does not have yet.
    pub async fn set_fixture_status(&self, fixture: fives::domain::ids::FixtureId, status: &str) {
        let sql = "UPDATE fixtures SET status = $1 WHERE id = $2";
        let updated = match &self.database_url {
            Some(url) => {
                let mut connection = PgConnection::connect(url)
                    .await
                    .expect("PostgreSQL answers");
                sqlx::query(sql)
                    .bind(status)
                    .bind(fixture.0)
                    .execute(&mut connection)
                    .await
                    .map(|done| done.rows_affected())
            }
            None => {
                let path = self.data_dir.join("fives.db");
                let mut connection = sqlx::sqlite::SqliteConnection::connect(&format!(
                    "sqlite://{}",
                    path.display()
                ))
                .await
                .expect("SQLite opens");
                sqlx::query(sql)
                    .bind(status)
                    .bind(fixture.0)
                    .execute(&mut connection)
                    .await
                    .map(|done| done.rows_affected())
            }
        };
        assert_eq!(updated.expect("the status is set"), 1);
    }

    /// Makes `user` a captain of `team` the way the service does: through an invitation.
    pub async fn make_captain(&self, team: TeamId, user: &User, invited_by: &User) {
        let token = self
            .invite(team, invited_by, chrono::Duration::days(1))
            .await;
        self.store
            .accept_captain_invite(
                &token.digest(),
                &InviteAcceptor::Existing(user.id),
                Utc::now(),
            )
            .await
            .expect("the invitation is accepted");
    }

    /// A captain invitation for `team` that expires `lifetime` from now (negative: already).
    pub async fn invite(
        &self,
        team: TeamId,
        invited_by: &User,
        lifetime: chrono::Duration,
    ) -> SecretToken {
        let token = SecretToken::generate();
        let now = Utc::now();
        self.store
            .create_captain_invite(
                &NewCaptainInvite {
                    token: token.digest(),
                    team,
                    invited_by: invited_by.id,
                    created_at: now,
                    expires_at: now + lifetime,
                },
                None,
                // A test's league gets every captain it needs, however many.
                i64::MAX,
            )
            .await
            .expect("the invitation is created");
        token
    }
}

/// One browser: an HTTP client with its own cookies, which does not follow redirects so that
/// tests see them.
pub struct Browser {
    pub address: String,
    pub client: reqwest::Client,
}

pub struct Page {
    pub status: u16,
    pub location: Option<String>,
    /// The `Content-Disposition` header, for a download.
    pub disposition: Option<String>,
    pub body: String,
}

impl Browser {
    pub async fn get(&self, path: &str) -> Page {
        let response = self
            .client
            .get(format!("{}{path}", self.address))
            .send()
            .await
            .expect("the server answers");
        Page::from(response).await
    }

    /// The CSRF token this browser's forms carry, read from a page as a person's browser would.
    pub async fn csrf_token(&self) -> String {
        let page = self.get("/login").await;
        let page = if page.status == 303 {
            self.get("/dashboard").await
        } else {
            page
        };
        page.csrf_token()
            .expect("the page has a form with a CSRF token")
    }

    /// Submits a form as the page would, with this browser's CSRF token.
    pub async fn submit(&self, path: &str, fields: &[(&str, &str)]) -> Page {
        let token = self.csrf_token().await;
        let mut with_token = vec![("csrf_token", token.as_str())];
        with_token.extend_from_slice(fields);
        self.post_raw(path, &with_token).await
    }

    /// Posts exactly `fields`, with no CSRF token unless they hold one.
    pub async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> Page {
        self.post_with(path, fields, None).await
    }

    /// Submits a form as a page's script would, with a header of its own (`Accept`, say).
    pub async fn submit_with_header(
        &self,
        path: &str,
        fields: &[(&str, &str)],
        header: (&str, &str),
    ) -> Page {
        let token = self.csrf_token().await;
        let mut with_token = vec![("csrf_token", token.as_str())];
        with_token.extend_from_slice(fields);
        self.post_with(path, &with_token, Some(header)).await
    }

    async fn post_with(
        &self,
        path: &str,
        fields: &[(&str, &str)],
        header: Option<(&str, &str)>,
    ) -> Page {
        let body = serde_urlencoded::to_string(fields).unwrap();
        let mut request = self
            .client
            .post(format!("{}{path}", self.address))
            .header("content-type", "application/x-www-form-urlencoded");
        if let Some((name, value)) = header {
            request = request.header(name, value);
        }
        let response = request.body(body).send().await.expect("the server answers");
        Page::from(response).await
    }

    pub async fn login(&self, email: &str, password: &str) -> Page {
        self.submit("/login", &[("email", email), ("password", password)])
            .await
    }

    /// Logs in and checks that it worked.
    pub async fn login_ok(&self, email: &str) {
        let page = self.login(email, PASSWORD).await;
        assert_eq!(page.status, 303, "login failed: {}", page.body);
        assert_eq!(page.location.as_deref(), Some("/dashboard"));
    }
}

impl Page {
    async fn from(response: reqwest::Response) -> Self {
        let status = response.status().as_u16();
        let location = response
            .headers()
            .get("location")
            .map(|value| value.to_str().unwrap().to_string());
        let disposition = response
            .headers()
            .get("content-disposition")
            .map(|value| value.to_str().unwrap().to_string());
        let body = response.text().await.expect("a body");
        Self {
            status,
            location,
            disposition,
            body,
        }
    }

    pub fn csrf_token(&self) -> Option<String> {
        attribute_after(&self.body, r#"name="csrf_token" value=""#)
    }

    /// The text of the page's error summary, if it shows one.
    pub fn error_message(&self) -> Option<String> {
        let start = self.body.find(r#"class="error-summary""#)?;
        let rest = &self.body[start..];
        let open = rest.find("<p>")? + 3;
        let close = rest[open..].find("</p>")?;
        Some(rest[open..open + close].trim().to_string())
    }

    /// The version of a result its answer forms (confirm, dispute, withdraw, amend) name.
    pub fn result_version(&self) -> String {
        attribute_after(&self.body, r#"name="result" value=""#).expect("an answer form")
    }

    pub fn assert_redirect_to(&self, location: &str) {
        assert_eq!(self.status, 303, "expected a redirect: {}", self.body);
        assert_eq!(self.location.as_deref(), Some(location));
    }
}

fn attribute_after(body: &str, prefix: &str) -> Option<String> {
    let start = body.find(prefix)? + prefix.len();
    let end = body[start..].find('"')?;
    Some(body[start..start + end].to_string())
}

impl Browser {
    /// Makes an API token on the account's tokens page, as a person would, and reads its
    /// secret from the page that shows it once.
    pub async fn make_api_token(&self, name: &str) -> String {
        let page = self.submit("/account/tokens", &[("name", name)]).await;
        assert_eq!(page.status, 201, "the token is made: {}", page.body);
        attribute_between(&page.body, r#"id="new-token-secret">"#, "</code>")
            .expect("the page shows the new token")
    }
}

fn attribute_between(body: &str, before: &str, after: &str) -> Option<String> {
    let start = body.find(before)? + before.len();
    let end = body[start..].find(after)?;
    Some(body[start..start + end].trim().to_string())
}

impl TestContext {
    /// A client of the JSON API, with no cookies, sending `token` as its bearer token if given.
    pub fn api(&self, token: Option<&str>) -> ApiClient {
        ApiClient {
            address: self.address.clone(),
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("an HTTP client"),
            token: token.map(str::to_string),
        }
    }
}

pub struct ApiClient {
    pub address: String,
    pub client: reqwest::Client,
    pub token: Option<String>,
}

/// An API answer: its status, its `WWW-Authenticate` header and its body as JSON.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub content_type: String,
    pub www_authenticate: Option<String>,
    pub json: serde_json::Value,
}

impl Reply {
    /// The fields an error's problems name, in order.
    pub fn problem_fields(&self) -> Vec<String> {
        self.json["problems"]
            .as_array()
            .map(|problems| {
                problems
                    .iter()
                    .map(|p| p["field"].as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The message of the problem at `field`.
    pub fn problem_at(&self, field: &str) -> Option<String> {
        self.json["problems"].as_array()?.iter().find_map(|p| {
            (p["field"] == field).then(|| p["message"].as_str().unwrap_or_default().to_string())
        })
    }
}

impl ApiClient {
    pub async fn get(&self, path: &str) -> Reply {
        self.send(reqwest::Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: serde_json::Value) -> Reply {
        self.send(reqwest::Method::POST, path, Some(body)).await
    }

    pub async fn put(&self, path: &str, body: serde_json::Value) -> Reply {
        self.send(reqwest::Method::PUT, path, Some(body)).await
    }

    pub async fn delete(&self, path: &str) -> Reply {
        self.send(reqwest::Method::DELETE, path, None).await
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<serde_json::Value>,
    ) -> Reply {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.address));
        if let Some(token) = &self.token {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body.to_string());
        }
        let response = request.send().await.expect("the server answers");
        Reply::from(response).await
    }
}

impl Reply {
    pub async fn from(response: reqwest::Response) -> Self {
        let status = response.status().as_u16();
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .map(|value| value.to_str().unwrap().to_string())
        };
        let content_type = header("content-type").unwrap_or_default();
        let www_authenticate = header("www-authenticate");
        let text = response.text().await.expect("a body");
        let json = serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text));
        Self {
            status,
            content_type,
            www_authenticate,
            json,
        }
    }
}

/// Runs `future` until it has waited `waits` times, then drops it where it stands, as a
/// dropped connection or a cancelled request does; `None` when it was dropped, with how many
/// times it waited.
pub async fn cancelled_after<F: Future>(waits: usize, future: F) -> (Option<F::Output>, usize) {
    let mut future = pin!(future);
    let mut waited = 0;
    let output = std::future::poll_fn(|cx| match future.as_mut().poll(cx) {
        Poll::Ready(output) => Poll::Ready(Some(output)),
        Poll::Pending if waited >= waits => Poll::Ready(None),
        Poll::Pending => {
            waited += 1;
            Poll::Pending
        }
    })
    .await;
    (output, waited)
}

/// Every `yyyy-mm-dd` in a page's text: the dates a league would not write.
pub fn iso_dates_in(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| bytes[range].iter().all(u8::is_ascii_digit);
    (0..bytes.len().saturating_sub(9))
        .filter(|&at| {
            digits(at..at + 4)
                && bytes[at + 4] == b'-'
                && digits(at + 5..at + 7)
                && bytes[at + 7] == b'-'
                && digits(at + 8..at + 10)
        })
        .map(|at| String::from_utf8_lossy(&bytes[at..at + 10]).into_owned())
        .collect()
}
