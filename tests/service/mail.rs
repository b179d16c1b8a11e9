//! Mail, against a real SMTP server: Python's aiosmtpd, started by each test on a port of its
//! own and writing what it receives to a maildir the test reads. Without aiosmtpd the tests
//! are skipped, unless FIVES_REQUIRE_SMTP=1, when they fail.
//!
//! Here, the server and the service with mail on that every mail test runs, and what a result
//! mails: its confirmation link, a dispute, a passed deadline. Accounts' mail (reset links,
//! invitations) is in `mail_accounts`, the outbox's sending in `mail_queue`.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chrono::Duration as Span;
use fives::domain::mail::SiteLinks;
use fives::domain::result_deadline::ResultDeadline;
use fives::mail::{MailSettings, Sender};
use fives::secret_key::SecretKey;
use fives::startup::Application;
use tokio::task::JoinHandle;

use crate::results_league::{SLUG, results_league};
use crate::support::{Browser, TestContext};

/// A port nothing listens on now.
pub(crate) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Whether aiosmtpd can run here; panics when it cannot and FIVES_REQUIRE_SMTP=1.
pub(crate) fn smtp_available() -> bool {
    let found = Command::new("python3")
        .args(["-c", "import aiosmtpd"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !found {
        if std::env::var("FIVES_REQUIRE_SMTP").as_deref() == Ok("1") {
            panic!(
                "an SMTP server is required (FIVES_REQUIRE_SMTP=1) but python3 -m aiosmtpd is missing"
            );
        }
        eprintln!("skipped: no aiosmtpd (python3 -m pip install aiosmtpd)");
    }
    found
}

/// aiosmtpd on `port`, keeping every message in a maildir.
pub(crate) struct SmtpServer {
    child: Child,
    maildir: PathBuf,
    _dir: tempfile::TempDir,
}

impl SmtpServer {
    pub(crate) async fn start(port: u16) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let maildir = dir.path().join("mail");
        let child = Command::new("python3")
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("aiosmtpd starts");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "aiosmtpd never listened"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Self {
            child,
            maildir,
            _dir: dir,
        }
    }

    /// Every message received so far, decoded, in no particular order.
    pub(crate) fn messages(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.maildir.join("new")) else {
            return Vec::new();
        };
        entries
            .map(|entry| decoded(&std::fs::read_to_string(entry.unwrap().path()).unwrap()))
            .collect()
    }

    /// The messages to `to`, once at least `count` have arrived (or the test fails).
    pub(crate) async fn wait_for(&self, to: &str, count: usize) -> Vec<String> {
        let started = Instant::now();
        loop {
            let found: Vec<String> = self
                .messages()
                .into_iter()
                .filter(|message| message.contains(&format!("X-RcptTo: {to}")))
                .collect();
            if found.len() >= count {
                return found;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{count} messages to {to} never came; the mailbox has {:#?}",
                self.messages()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A message's text with quoted-printable undone (long lines, such as links, come as it).
fn decoded(raw: &str) -> String {
    let joined = raw.replace("=\r\n", "").replace("=\n", "");
    let mut out = Vec::new();
    let bytes = joined.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Ok(byte) = u8::from_str_radix(&joined[i + 1..i + 3], 16)
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The first link in a message that starts with `prefix`.
pub(crate) fn link_in(message: &str, prefix: &str) -> String {
    let start = message
        .find(prefix)
        .unwrap_or_else(|| panic!("no link {prefix} in {message}"));
    message[start..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

/// The service with mail on, as `fives serve --smtp-url` runs it: its pages and its sender.
pub(crate) struct MailService {
    pub(crate) address: String,
    server: actix_web::dev::ServerHandle,
    sender: JoinHandle<()>,
}

impl MailService {
    pub(crate) async fn start(ctx: &TestContext, smtp_port: u16) -> Self {
        Self::start_leasing(ctx, smtp_port, Span::minutes(5)).await
    }

    /// With `lease` for a claimed message: short where a test stops a sender mid-send.
    pub(crate) async fn start_leasing(ctx: &TestContext, smtp_port: u16, lease: Span) -> Self {
        let bind = format!("127.0.0.1:{}", free_port());
        let address = format!("http://{bind}");
        let links = SiteLinks::new(&address).unwrap();
        let mut settings = MailSettings::new(
            &format!("smtp://127.0.0.1:{smtp_port}"),
            "North League <league@example.org>",
            links.clone(),
        );
        settings.first_retry = Span::milliseconds(200);
        settings.poll = Duration::from_millis(50);
        settings.deadline_check = Duration::from_millis(50);
        settings.lease = lease;
        let app = Application::build_with_mail(
            &bind,
            ctx.store.clone(),
            SecretKey::generate(),
            Some(links),
        )
        .unwrap();
        let server = app.handle();
        tokio::spawn(app.run());
        let sender = Sender::new(ctx.store.clone(), settings).unwrap().spawn();
        Self {
            address,
            server,
            sender,
        }
    }

    pub(crate) fn browser(&self, ctx: &TestContext) -> Browser {
        ctx.browser_at(&self.address)
    }

    /// Stops it as a process stops: the sender wherever it is, then the pages.
    pub(crate) async fn stop(self) {
        self.sender.abort();
        let _ = self.sender.await;
        self.server.stop(false).await;
    }
}

/// A real SMTP server and the service mailing through it; `None` (the test skipped) without
/// aiosmtpd, unless FIVES_REQUIRE_SMTP=1.
pub(crate) async fn mail_through_smtp(ctx: &TestContext) -> Option<(SmtpServer, MailService)> {
    if !smtp_available() {
        return None;
    }
    let smtp_port = free_port();
    let smtp = SmtpServer::start(smtp_port).await;
    let service = MailService::start(ctx, smtp_port).await;
    Some((smtp, service))
}

pub(crate) async fn signed_in(browser: Browser, email: &str) -> Browser {
    browser.login_ok(email).await;
    browser
}

async fn a_submitted_result_mails_the_other_captain_a_link_that_confirms_it(ctx: TestContext) {
    let Some((smtp, service)) = mail_through_smtp(&ctx).await else {
        return;
    };
    let league = results_league(&ctx).await;
    let home = signed_in(service.browser(&ctx), &league.home_captain.email).await;
    let fixture = format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[0].id);
    home.submit(
        &format!("{fixture}/result"),
        &[("walkover", "away"), ("submission_key", "mail-1")],
    )
    .await
    .assert_redirect_to(&format!("{fixture}?done=submitted"));

    let mails = smtp.wait_for(&league.away_captain.email, 1).await;
    let mail = &mails[0];
    assert!(
        mail.contains("Subject: Please confirm Anchor v Bell, a walkover: Bell did not play"),
        "{mail}"
    );
    assert!(mail.contains("<league@example.org>"), "{mail}");
    assert!(mail.contains("The captain of Anchor has entered"), "{mail}");
    let link = link_in(mail, &service.address);
    assert_eq!(link, format!("{}{fixture}", service.address));

    // The link leads the other captain to the result and its confirmation.
    let away = signed_in(service.browser(&ctx), &league.away_captain.email).await;
    let page = away.get(&link[service.address.len()..]).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Confirm this result"), "{}", page.body);
    let version = page.result_version();
    away.submit(&format!("{fixture}/confirm"), &[("result", &version)])
        .await
        .assert_redirect_to(&fixture);
    // The submitting side is not mailed, and nobody is mailed twice.
    assert!(
        ctx.store
            .mail_to(&league.home_captain.email)
            .await
            .unwrap()
            .is_empty()
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(smtp.wait_for(&league.away_captain.email, 1).await.len(), 1);
    service.stop().await;
}
store_test!(a_submitted_result_mails_the_other_captain_a_link_that_confirms_it);

async fn a_dispute_reaches_the_organiser(ctx: TestContext) {
    let Some((smtp, service)) = mail_through_smtp(&ctx).await else {
        return;
    };
    let league = results_league(&ctx).await;
    let home = signed_in(service.browser(&ctx), &league.home_captain.email).await;
    let fixture = format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[0].id);
    home.submit(
        &format!("{fixture}/result"),
        &[("walkover", "away"), ("submission_key", "mail-2")],
    )
    .await
    .assert_redirect_to(&format!("{fixture}?done=submitted"));
    let away = signed_in(service.browser(&ctx), &league.away_captain.email).await;
    let version = away.get(&fixture).await.result_version();
    away.submit(
        &format!("{fixture}/dispute"),
        &[("result", &version), ("reason", "We turned up and played.")],
    )
    .await
    .assert_redirect_to(&fixture);

    let mails = smtp.wait_for(&league.secretary.email, 1).await;
    assert!(
        mails[0].contains("Subject: Result disputed: Anchor v Bell"),
        "{}",
        mails[0]
    );
    assert_eq!(
        link_in(&mails[0], &service.address),
        format!("{}{fixture}", service.address)
    );
    service.stop().await;
}
store_test!(a_dispute_reaches_the_organiser);

async fn a_passed_deadline_is_mailed_to_both_captains_and_the_organiser_once(ctx: TestContext) {
    if !smtp_available() {
        return;
    }
    let league = results_league(&ctx).await;
    let (_, competition, _) = ctx
        .store
        .division_lineage(league.division)
        .await
        .unwrap()
        .unwrap();
    let deadline = ResultDeadline {
        days_after_fixture: 3,
        late_points: 1,
    };
    ctx.store
        .set_result_deadline(competition, Some(deadline))
        .await
        .unwrap();
    // One fixture's deadline passed last week; the other's is still to come.
    let today = fives::app::league_today();
    ctx.store
        .move_fixture(league.fixtures[0].id, today - Span::days(10))
        .await
        .unwrap();
    ctx.store
        .move_fixture(league.fixtures[1].id, today - Span::days(1))
        .await
        .unwrap();
    let smtp_port = free_port();
    let smtp = SmtpServer::start(smtp_port).await;
    let first = MailService::start(&ctx, smtp_port).await;
    for to in [
        &league.home_captain.email,
        &league.away_captain.email,
        &league.secretary.email,
    ] {
        let mails = smtp.wait_for(to, 1).await;
        assert!(
            mails[0].contains("Subject: Result overdue: Anchor v Bell"),
            "{}",
            mails[0]
        );
    }
    // Two senders after it (one a restart) mail it no more.
    first.stop().await;
    let second = MailService::start(&ctx, smtp_port).await;
    let third = MailService::start(&ctx, smtp_port).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(smtp.messages().len(), 3, "{:#?}", smtp.messages());
    second.stop().await;
    third.stop().await;
}
store_test!(a_passed_deadline_is_mailed_to_both_captains_and_the_organiser_once);
