//! Mail, against a real SMTP server: Python's aiosmtpd, started by each test on a port of its
//! own and writing what it receives to a maildir the test reads. Without aiosmtpd the tests
//! are skipped, unless FIVES_REQUIRE_SMTP=1, when they fail.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chrono::{Duration as Span, Utc};
use fives::domain::mail::{MAX_MAILS_PER_ADDRESS_PER_HOUR, Mail, SiteLinks, password_reset};
use fives::domain::result_deadline::ResultDeadline;
use fives::mail::{MailSettings, Sender};
use fives::secret_key::SecretKey;
use fives::startup::Application;
use fives::store::NewPasswordReset;
use fives::token::SecretToken;
use tokio::task::JoinHandle;

use crate::results_league::{SLUG, results_league};
use crate::support::{Browser, PASSWORD, TestContext};

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
    async fn start_leasing(ctx: &TestContext, smtp_port: u16, lease: Span) -> Self {
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

async fn signed_in(browser: Browser, email: &str) -> Browser {
    browser.login_ok(email).await;
    browser
}

async fn a_submitted_result_mails_the_other_captain_a_link_that_confirms_it(ctx: TestContext) {
    if !smtp_available() {
        return;
    }
    let smtp_port = free_port();
    let smtp = SmtpServer::start(smtp_port).await;
    let service = MailService::start(&ctx, smtp_port).await;
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
        mail.contains("Subject: Please confirm the result of Anchor v Bell"),
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
    let prefix = r#"name="result" value=""#;
    let start = page.body.find(prefix).unwrap() + prefix.len();
    let version = &page.body[start..start + page.body[start..].find('"').unwrap()];
    away.submit(&format!("{fixture}/confirm"), &[("result", version)])
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
    if !smtp_available() {
        return;
    }
    let smtp_port = free_port();
    let smtp = SmtpServer::start(smtp_port).await;
    let service = MailService::start(&ctx, smtp_port).await;
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
    let page = away.get(&fixture).await;
    let prefix = r#"name="result" value=""#;
    let start = page.body.find(prefix).unwrap() + prefix.len();
    let version = &page.body[start..start + page.body[start..].find('"').unwrap()];
    away.submit(
        &format!("{fixture}/dispute"),
        &[("result", version), ("reason", "We turned up and played.")],
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

async fn a_reset_link_works_once_and_an_expired_one_is_refused(ctx: TestContext) {
    if !smtp_available() {
        return;
    }
    let smtp_port = free_port();
    let smtp = SmtpServer::start(smtp_port).await;
    let service = MailService::start(&ctx, smtp_port).await;
    let user = ctx.user("forgetful@example.org").await;
    // A session and a token elsewhere, which the reset must close.
    let elsewhere = signed_in(service.browser(&ctx), &user.email).await;
    let token = elsewhere.make_api_token("scorer").await;

    let browser = service.browser(&ctx);
    let login = browser.get("/login").await;
    assert!(
        login.body.contains(r#"href="/password-reset""#),
        "{}",
        login.body
    );
    let asked = browser
        .submit("/password-reset", &[("email", "Forgetful@Example.org ")])
        .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    // An address without an account gets the same answer, and no mail.
    let unknown = browser
        .submit("/password-reset", &[("email", "nobody@example.org")])
        .await;
    assert_eq!(unknown.status, 200);
    assert_eq!(
        unknown.body.replace("nobody@example.org", "ADDRESS"),
        asked.body.replace("Forgetful@Example.org", "ADDRESS"),
    );
    assert!(
        ctx.store
            .mail_to("nobody@example.org")
            .await
            .unwrap()
            .is_empty()
    );

    let mails = smtp.wait_for(&user.email, 1).await;
    assert!(
        mails[0].contains("Subject: Reset your password"),
        "{}",
        mails[0]
    );
    let link = link_in(&mails[0], &format!("{}/password-reset/", service.address));
    let path = &link[service.address.len()..];
    let form = browser.get(path).await;
    assert_eq!(form.status, 200, "{}", form.body);
    let new_password = "plum orchard lighthouse ferry";
    let weak = browser
        .submit(
            path,
            &[
                ("new_password", "password1234"),
                ("confirm_password", "password1234"),
            ],
        )
        .await;
    assert_eq!(weak.status, 422, "{}", weak.body);
    let done = browser
        .submit(
            path,
            &[
                ("new_password", new_password),
                ("confirm_password", new_password),
            ],
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert!(done.body.contains("revoked"), "{}", done.body);

    // Once only.
    let again = browser
        .submit(
            path,
            &[
                ("new_password", new_password),
                ("confirm_password", new_password),
            ],
        )
        .await;
    assert_eq!(again.status, 410, "{}", again.body);
    assert!(again.body.contains("already been used"), "{}", again.body);
    assert_eq!(browser.get(path).await.status, 410);

    // The new password works, the old does not, and every other way in is closed.
    assert_eq!(
        service
            .browser(&ctx)
            .login(&user.email, PASSWORD)
            .await
            .status,
        401
    );
    assert_eq!(
        service
            .browser(&ctx)
            .login(&user.email, new_password)
            .await
            .status,
        303
    );
    let dashboard = elsewhere.get("/dashboard").await;
    assert_eq!(dashboard.status, 303, "the old session still works");
    let api = ctx.api(Some(&token)).get("/api/v1/me").await;
    assert_eq!(api.status, 401);

    // An expired link is refused.
    let expired = SecretToken::generate();
    let long_ago = Utc::now() - Span::hours(2);
    ctx.store
        .request_password_reset(
            &user.email,
            &NewPasswordReset {
                token: expired.digest(),
                created_at: long_ago,
                expires_at: long_ago + Span::hours(1),
            },
            &password_reset(&user.email, "http://example.org/"),
            10,
        )
        .await
        .unwrap();
    let path = format!("/password-reset/{}", expired.as_str());
    let page = browser.get(&path).await;
    assert_eq!(page.status, 410);
    assert!(page.body.contains("expired"), "{}", page.body);
    let refused = browser
        .submit(
            &path,
            &[
                ("new_password", "another long passphrase"),
                ("confirm_password", "another long passphrase"),
            ],
        )
        .await;
    assert_eq!(refused.status, 410);
    assert_eq!(
        service
            .browser(&ctx)
            .login(&user.email, new_password)
            .await
            .status,
        303
    );
    service.stop().await;
}
store_test!(a_reset_link_works_once_and_an_expired_one_is_refused);

async fn without_mail_the_forgotten_password_page_says_so_and_nothing_is_queued(ctx: TestContext) {
    let user = ctx.user("forgetful@example.org").await;
    let browser = ctx.browser();
    let page = browser.get("/password-reset").await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("does not send mail"), "{}", page.body);
    let asked = browser
        .submit("/password-reset", &[("email", &user.email)])
        .await;
    assert_eq!(asked.status, 410, "{}", asked.body);
    assert!(ctx.store.mail_to(&user.email).await.unwrap().is_empty());
}
store_test!(without_mail_the_forgotten_password_page_says_so_and_nothing_is_queued);

async fn mail_queued_while_the_mail_server_is_down_is_sent_when_it_comes_up(ctx: TestContext) {
    if !smtp_available() {
        return;
    }
    let smtp_port = free_port();
    let service = MailService::start(&ctx, smtp_port).await;
    let user = ctx.user("patient@example.org").await;
    let browser = service.browser(&ctx);
    let started = Instant::now();
    let asked = browser
        .submit("/password-reset", &[("email", &user.email)])
        .await;
    assert_eq!(asked.status, 200);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the page waited for the mail server"
    );
    // Queued (just after the answer), tried, failed, and waiting to be tried again.
    let started = Instant::now();
    loop {
        let mails = ctx.store.mail_to(&user.email).await.unwrap();
        if mails.first().is_some_and(|mail| mail.attempts >= 2) {
            assert!(mails[0].last_error.is_some());
            assert!(mails[0].sent_at.is_none());
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let smtp = SmtpServer::start(smtp_port).await;
    let mails = smtp.wait_for(&user.email, 1).await;
    assert!(mails[0].contains("Subject: Reset your password"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(smtp.messages().len(), 1);
    let kept = ctx.store.mail_to(&user.email).await.unwrap();
    assert!(kept[0].sent_at.is_some(), "{kept:?}");
    assert!(kept[0].attempts >= 3, "{kept:?}");
    service.stop().await;
}
store_test!(mail_queued_while_the_mail_server_is_down_is_sent_when_it_comes_up);

async fn mail_queued_before_a_restart_is_sent_after_it_once(ctx: TestContext) {
    if !smtp_available() {
        return;
    }
    let smtp_port = free_port();
    // Stopped wherever its sender is, perhaps holding the message: the lease is short so
    // that the next process may take it within the test's wait.
    let before = MailService::start_leasing(&ctx, smtp_port, Span::seconds(2)).await;
    let league = results_league(&ctx).await;
    let secretary = signed_in(before.browser(&ctx), &league.secretary.email).await;
    let invited = secretary
        .submit(
            &format!("/teams/{}/invites", league.home),
            &[("email", "new.captain@example.org")],
        )
        .await;
    assert_eq!(invited.status, 200, "{}", invited.body);
    assert!(
        invited
            .body
            .contains("on its way to new.captain@example.org"),
        "{}",
        invited.body
    );
    let queued = ctx.store.mail_to("new.captain@example.org").await.unwrap();
    assert_eq!(queued.len(), 1);
    // The link is made when the invitation is, from the site's public address.
    let site = before.address.clone();
    before.stop().await;

    let smtp = SmtpServer::start(smtp_port).await;
    let after = MailService::start_leasing(&ctx, smtp_port, Span::seconds(2)).await;
    let mails = smtp.wait_for("new.captain@example.org", 1).await;
    assert!(
        mails[0].contains("Subject: You are invited to captain Anchor"),
        "{}",
        mails[0]
    );
    let link = link_in(&mails[0], &format!("{site}/invites/"));
    let newcomer = after.browser(&ctx);
    let page = newcomer.get(&link[site.len()..]).await;
    assert_eq!(page.status, 200, "{}", page.body);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(smtp.messages().len(), 1, "sent once");
    after.stop().await;
}
store_test!(mail_queued_before_a_restart_is_sent_after_it_once);

async fn an_organiser_invites_another_organiser_by_mail(ctx: TestContext) {
    if !smtp_available() {
        return;
    }
    let smtp_port = free_port();
    let smtp = SmtpServer::start(smtp_port).await;
    let service = MailService::start(&ctx, smtp_port).await;
    let league = results_league(&ctx).await;
    let secretary = signed_in(service.browser(&ctx), &league.secretary.email).await;
    let form = secretary.get(&format!("/organise/{SLUG}")).await;
    assert!(
        form.body.contains("Invite another organiser"),
        "{}",
        form.body
    );
    let bad = secretary
        .submit(
            &format!("/organise/{SLUG}/organisers/invites"),
            &[("email", "not an address")],
        )
        .await;
    assert_eq!(bad.status, 422, "{}", bad.body);
    let made = secretary
        .submit(
            &format!("/organise/{SLUG}/organisers/invites"),
            &[("email", "treasurer@example.org")],
        )
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    assert!(
        made.body.contains("on its way to treasurer@example.org"),
        "{}",
        made.body
    );
    // A captain may not invite organisers.
    let captain = signed_in(service.browser(&ctx), &league.home_captain.email).await;
    let refused = captain
        .submit(
            &format!("/organise/{SLUG}/organisers/invites"),
            &[("email", "x@example.org")],
        )
        .await;
    assert_eq!(refused.status, 403);

    let mails = smtp.wait_for("treasurer@example.org", 1).await;
    assert!(mails[0].contains("invited to organise"), "{}", mails[0]);
    let link = link_in(
        &mails[0],
        &format!("{}/organiser-invites/", service.address),
    );
    let path = &link[service.address.len()..];
    let newcomer = service.browser(&ctx);
    let password = "ledger quill abacus harbour";
    let taken = newcomer
        .submit(
            path,
            &[
                ("email", "treasurer@example.org"),
                ("password", password),
                ("confirm_password", password),
            ],
        )
        .await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    assert_eq!(
        newcomer
            .login("treasurer@example.org", password)
            .await
            .status,
        303
    );
    assert_eq!(newcomer.get(&format!("/organise/{SLUG}")).await.status, 200);
    // The link works once.
    assert_eq!(newcomer.get(path).await.status, 410);
    service.stop().await;
}
store_test!(an_organiser_invites_another_organiser_by_mail);

async fn an_invitation_whose_mail_is_held_back_says_so_and_shows_the_link(ctx: TestContext) {
    // No SMTP server is needed: the message would only be queued.
    let service = MailService::start(&ctx, free_port()).await;
    let league = results_league(&ctx).await;
    let busy = "busy.captain@example.org";
    let filler: Vec<Mail> = (0..MAX_MAILS_PER_ADDRESS_PER_HOUR)
        .map(|n| Mail {
            to: busy.into(),
            subject: format!("Message {n}"),
            body: "Hi".into(),
        })
        .collect();
    ctx.store.queue_mail(&filler, Utc::now()).await.unwrap();
    let secretary = signed_in(service.browser(&ctx), &league.secretary.email).await;

    let invited = secretary
        .submit(
            &format!("/teams/{}/invites", league.home),
            &[("email", busy)],
        )
        .await;
    assert_eq!(invited.status, 200, "{}", invited.body);
    assert!(!invited.body.contains("on its way"), "{}", invited.body);
    assert!(
        invited
            .body
            .contains(&format!("The link was not mailed: {busy}")),
        "{}",
        invited.body
    );
    assert!(
        invited.body.contains("Send them the link yourself"),
        "{}",
        invited.body
    );
    assert!(invited.body.contains("/invites/"), "{}", invited.body);
    let organiser = secretary
        .submit(
            &format!("/organise/{SLUG}/organisers/invites"),
            &[("email", busy)],
        )
        .await;
    assert_eq!(organiser.status, 200, "{}", organiser.body);
    assert!(
        organiser.body.contains("The link was not mailed"),
        "{}",
        organiser.body
    );
    let token = secretary.make_api_token("invitations").await;
    let mut client = ctx.api(Some(&token));
    client.address = service.address.clone();
    let api = client
        .post(
            &format!("/api/v1/organisations/{SLUG}/organisers/invites"),
            serde_json::json!({"email": busy}),
        )
        .await;
    assert_eq!(api.status, 201, "{:?}", api.json);
    assert!(api.json["mailed_to"].is_null(), "{:?}", api.json);
    assert_eq!(
        ctx.store.mail_to(busy).await.unwrap().len() as i64,
        MAX_MAILS_PER_ADDRESS_PER_HOUR
    );

    // Another address is mailed as ever.
    let fresh = secretary
        .submit(
            &format!("/teams/{}/invites", league.home),
            &[("email", "fresh@example.org")],
        )
        .await;
    assert!(
        fresh.body.contains("on its way to fresh@example.org"),
        "{}",
        fresh.body
    );
    assert!(!fresh.body.contains("not mailed"), "{}", fresh.body);
    service.stop().await;
}
store_test!(an_invitation_whose_mail_is_held_back_says_so_and_shows_the_link);

async fn several_senders_send_each_message_once(ctx: TestContext) {
    if !smtp_available() {
        return;
    }
    let mails: Vec<_> = (0..30)
        .map(|n| fives::domain::mail::Mail {
            to: format!("member{n}@example.org"),
            subject: format!("Message {n}"),
            body: "Hello.\n".to_string(),
        })
        .collect();
    ctx.store.queue_mail(&mails, Utc::now()).await.unwrap();
    let smtp_port = free_port();
    let smtp = SmtpServer::start(smtp_port).await;
    let senders = [
        MailService::start(&ctx, smtp_port).await,
        MailService::start(&ctx, smtp_port).await,
        MailService::start(&ctx, smtp_port).await,
    ];
    for n in 0..30 {
        smtp.wait_for(&format!("member{n}@example.org"), 1).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(smtp.messages().len(), 30);
    for sender in senders {
        sender.stop().await;
    }
}
store_test!(several_senders_send_each_message_once);

async fn a_claimed_message_is_leased_to_its_sender_and_given_up_after_the_last_attempt(
    ctx: TestContext,
) {
    let now = Utc::now();
    let mail = |to: &str| fives::domain::mail::Mail {
        to: to.to_string(),
        subject: "Hello".to_string(),
        body: "A link: https://example.org/secret\n".to_string(),
    };
    ctx.store
        .queue_mail(&[mail("one@example.org"), mail("two@example.org")], now)
        .await
        .unwrap();
    assert!(ctx.store.has_due_mail(now).await.unwrap());
    let lease = now + Span::minutes(5);
    let first = ctx.store.claim_due_mail(now, lease, 1).await.unwrap();
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].attempts, 1);
    // While its lease lasts no other sender gets it; the other message is still there.
    let second = ctx.store.claim_due_mail(now, lease, 10).await.unwrap();
    assert_eq!(second.len(), 1);
    assert_ne!(second[0].id, first[0].id);
    assert!(
        ctx.store
            .claim_due_mail(now, lease, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(!ctx.store.has_due_mail(now).await.unwrap());
    // A sender that never came back: after the lease it is tried again.
    let later = lease + Span::seconds(1);
    let again = ctx
        .store
        .claim_due_mail(later, later + Span::minutes(5), 10)
        .await
        .unwrap();
    assert_eq!(again.len(), 2);
    assert!(again.iter().all(|mail| mail.attempts == 2));

    // Sent: kept as sent, without its body, and never claimed again.
    ctx.store.mark_mail_sent(first[0].id, later).await.unwrap();
    // Failed for the last time: given up, never claimed again.
    ctx.store
        .mark_mail_failed(second[0].id, "550 no such mailbox", None, later)
        .await
        .unwrap();
    let far = later + Span::days(365);
    assert!(
        ctx.store
            .claim_due_mail(far, far, 10)
            .await
            .unwrap()
            .is_empty()
    );
    let one = ctx.store.mail_to("one@example.org").await.unwrap();
    let two = ctx.store.mail_to("two@example.org").await.unwrap();
    let (sent, given_up) = if first[0].recipient == "one@example.org" {
        (&one[0], &two[0])
    } else {
        (&two[0], &one[0])
    };
    assert!(sent.sent_at.is_some() && sent.given_up_at.is_none());
    assert!(given_up.given_up_at.is_some() && given_up.sent_at.is_none());
    assert_eq!(given_up.last_error.as_deref(), Some("550 no such mailbox"));
}
store_test!(a_claimed_message_is_leased_to_its_sender_and_given_up_after_the_last_attempt);
