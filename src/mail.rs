//! Sending the outbox: a background task of the server that turns the database's causes
//! (a result awaiting confirmation, a dispute) and passed deadlines into queued messages,
//! then sends what is due over SMTP, marking each sent or scheduling its next attempt. Pages
//! only ever write to the queue, so a slow or dead mail server slows nothing but this task.
//!
//! Several processes may run it against one PostgreSQL database: each claims the messages it
//! sends (`FOR UPDATE SKIP LOCKED`, with a lease), and each cause or deadline is turned into
//! mail in the transaction that deletes or notes it, so none is mailed twice. A process that
//! stops between sending a message and marking it sent leaves it to be sent again once its
//! lease runs out; that is the one way a message goes twice.

use std::sync::Arc;
use std::time::Duration as StdDuration;

use anyhow::Context;
use chrono::{Duration, Utc};
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::task::JoinHandle;

use crate::domain::mail::{
    self as compose, CAUSE_FRESHNESS, DEADLINE_MAIL_WINDOW, Mail, SiteLinks, next_attempt,
};
use crate::store::{CauseKind, MailCause, QueuedMail, Store};

/// How mail is sent, when it is on.
#[derive(Clone)]
pub struct MailSettings {
    /// `smtp://host:25`, or with a user and password `smtp://user:pass@host:587`.
    pub smtp_url: String,
    /// The sender of every message, such as `League <league@example.org>`.
    pub from: String,
    /// The site's public address, for links.
    pub links: SiteLinks,
    /// The wait after a first failed attempt; each later wait is twice the one before.
    pub first_retry: Duration,
    /// How often the queue is looked at.
    pub poll: StdDuration,
    /// How often fixtures are checked for passed deadlines.
    pub deadline_check: StdDuration,
    /// How long a claimed message is left to its sender before another may take it: after a
    /// crash mid-send, the longest a message waits.
    pub lease: Duration,
}

impl MailSettings {
    pub fn new(smtp_url: &str, from: &str, links: SiteLinks) -> Self {
        Self {
            smtp_url: smtp_url.to_string(),
            from: from.to_string(),
            links,
            first_retry: Duration::minutes(1),
            poll: StdDuration::from_secs(5),
            deadline_check: StdDuration::from_secs(10 * 60),
            lease: LEASE,
        }
    }
}

/// At most this many messages are claimed at once; with [`SEND_TIMEOUT`] each, a batch ends
/// well within [`LEASE`].
const BATCH: i64 = 10;
/// An SMTP exchange taking longer fails, and is tried again later.
const SEND_TIMEOUT: StdDuration = StdDuration::from_secs(20);
/// How long a claimed message is left to its sender before another may take it, unless set.
const LEASE: Duration = Duration::minutes(5);
/// The causes and deadlines looked at in one pass.
const CAUSES_PER_PASS: i64 = 100;

pub struct Sender {
    store: Arc<dyn Store>,
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    settings: MailSettings,
}

impl Sender {
    /// Checks the settings (the SMTP address and the sender) without connecting.
    pub fn new(store: Arc<dyn Store>, settings: MailSettings) -> anyhow::Result<Self> {
        let transport = smtp_transport(&settings.smtp_url)?;
        let from: Mailbox = settings.from.parse().with_context(|| {
            format!(
                "the mail sender {:?} is not an address such as League <league@example.org>",
                settings.from
            )
        })?;
        Ok(Self {
            store,
            transport,
            from,
            settings,
        })
    }

    /// Runs until the task is aborted (or the runtime ends).
    pub fn spawn(self) -> JoinHandle<()> {
        tokio::spawn(self.run())
    }

    async fn run(self) {
        let mut last_deadline_check: Option<tokio::time::Instant> = None;
        loop {
            if let Err(error) = self.turn_causes_into_mail().await {
                tracing::warn!(%error, "could not turn result changes into mail");
            }
            let deadline_due =
                last_deadline_check.is_none_or(|at| at.elapsed() >= self.settings.deadline_check);
            if deadline_due {
                last_deadline_check = Some(tokio::time::Instant::now());
                if let Err(error) = self.mail_passed_deadlines().await {
                    tracing::warn!(%error, "could not check result deadlines");
                }
            }
            if let Err(error) = self.send_due().await {
                tracing::warn!(%error, "could not send queued mail");
            }
            tokio::time::sleep(self.settings.poll).await;
        }
    }

    async fn turn_causes_into_mail(&self) -> anyhow::Result<()> {
        for cause in self.store.mail_causes(CAUSES_PER_PASS).await? {
            let mails = self.mails_for(&cause).await?;
            self.store
                .queue_mail_for_cause(cause.id, &mails, Utc::now())
                .await?;
        }
        Ok(())
    }

    async fn mails_for(&self, cause: &MailCause) -> anyhow::Result<Vec<Mail>> {
        if Utc::now() - cause.happened_at > CAUSE_FRESHNESS {
            return Ok(Vec::new());
        }
        let Some(facts) = self.store.fixture_mail_facts(cause.fixture).await? else {
            return Ok(Vec::new());
        };
        let links = &self.settings.links;
        Ok(match cause.kind {
            CauseKind::AwaitingConfirmation => compose::result_awaiting_confirmation(&facts, links),
            CauseKind::Disputed => compose::result_disputed(&facts, links),
            CauseKind::Amended => compose::result_amended(&facts, links),
            CauseKind::Withdrawn => compose::result_withdrawn(&facts, links),
        })
    }

    async fn mail_passed_deadlines(&self) -> anyhow::Result<()> {
        let today = crate::app::league_today();
        let not_before = today - DEADLINE_MAIL_WINDOW;
        let overdue = self
            .store
            .unmailed_overdue_fixtures(today, not_before, CAUSES_PER_PASS)
            .await?;
        for fixture in overdue {
            let Some(facts) = self.store.fixture_mail_facts(fixture.fixture).await? else {
                continue;
            };
            let mails = compose::deadline_passed(&facts, fixture.due_by, &self.settings.links);
            self.store
                .queue_deadline_mail(fixture.fixture, &mails, Utc::now())
                .await?;
        }
        Ok(())
    }

    async fn send_due(&self) -> anyhow::Result<()> {
        loop {
            let now = Utc::now();
            // A read first, so that an idle queue takes no write lock.
            if !self.store.has_due_mail(now).await? {
                return Ok(());
            }
            let claimed = (self.store)
                .claim_due_mail(now, now + self.settings.lease, BATCH)
                .await?;
            if claimed.is_empty() {
                return Ok(());
            }
            for mail in claimed {
                self.send_one(mail).await?;
            }
        }
    }

    async fn send_one(&self, mail: QueuedMail) -> anyhow::Result<()> {
        let outcome = match self.message(&mail) {
            Ok(message) => match self.transport.send(message).await {
                Ok(_) => Ok(()),
                Err(error) => Err((error.to_string(), true)),
            },
            // An address that cannot be written will not be better later.
            Err(error) => Err((error, false)),
        };
        let now = Utc::now();
        match outcome {
            Ok(()) => {
                self.store.mark_mail_sent(mail.id, now).await?;
                tracing::info!(mail = mail.id, "mail sent");
            }
            Err((error, worth_retrying)) => {
                let attempts = u32::try_from(mail.attempts).unwrap_or(u32::MAX);
                let retry_at = worth_retrying
                    .then(|| next_attempt(attempts, now, self.settings.first_retry))
                    .flatten();
                self.store
                    .mark_mail_failed(mail.id, &error, retry_at, now)
                    .await?;
                match retry_at {
                    Some(at) => {
                        tracing::warn!(mail = mail.id, attempts, %error, retry_at = %at, "mail not sent; will try again")
                    }
                    None => {
                        tracing::error!(mail = mail.id, attempts, %error, "mail not sent; given up")
                    }
                }
            }
        }
        Ok(())
    }

    fn message(&self, mail: &QueuedMail) -> Result<Message, String> {
        let to: Mailbox = mail
            .recipient
            .parse()
            .map_err(|error| format!("the address cannot be written: {error}"))?;
        Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(&mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body.clone())
            .map_err(|error| format!("the message cannot be written: {error}"))
    }
}

/// The SMTP transport an `smtp://` address names. The address may hold a password, so no
/// error repeats it.
/// How the connection to the SMTP server is made, as its address says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SmtpSecurity {
    /// `smtp://`: plain, for a relay on the same machine or network (port 25).
    Plain,
    /// `smtp://…?tls=required`: STARTTLS, refusing to go on without it (port 587).
    StartTls,
    /// `smtps://`: TLS from the first byte (port 465).
    Tls,
}

fn smtp_transport(address: &str) -> anyhow::Result<AsyncSmtpTransport<Tokio1Executor>> {
    const FORM: &str = "the SMTP address must be smtp://[USER:PASSWORD@]HOST[:PORT], the same \
         with ?tls=required for STARTTLS, or smtps://[USER:PASSWORD@]HOST[:PORT] for TLS";
    let url = url::Url::parse(address).map_err(|error| anyhow::anyhow!("{FORM} ({error})"))?;
    let security = match (url.scheme(), url.query()) {
        ("smtp", None) => SmtpSecurity::Plain,
        ("smtp", Some("tls=required")) => SmtpSecurity::StartTls,
        ("smtps", None) => SmtpSecurity::Tls,
        _ => anyhow::bail!("{FORM}"),
    };
    if url.path().len() > 1 {
        anyhow::bail!("{FORM}, with nothing between the port and the ?");
    }
    let host = url
        .host_str()
        .filter(|host| !host.is_empty())
        .ok_or_else(|| anyhow::anyhow!("{FORM}: it has no host"))?;
    let builder = match security {
        SmtpSecurity::Plain => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
        SmtpSecurity::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)?,
        SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)?,
    };
    let default_port = match security {
        SmtpSecurity::Plain => 25,
        SmtpSecurity::StartTls => 587,
        SmtpSecurity::Tls => 465,
    };
    let mut builder = builder
        .port(url.port().unwrap_or(default_port))
        .timeout(Some(SEND_TIMEOUT));
    if !url.username().is_empty() {
        let decode = |part: &str| {
            percent_encoding::percent_decode_str(part)
                .decode_utf8()
                .map(|text| text.into_owned())
                .map_err(|_| anyhow::anyhow!("{FORM}: its user or password is not UTF-8"))
        };
        builder = builder.credentials(lettre::transport::smtp::authentication::Credentials::new(
            decode(url.username())?,
            decode(url.password().unwrap_or_default())?,
        ));
    }
    Ok(builder.build())
}

/// With mail off, the result causes the database's triggers write are of no use: drop them
/// once stale, now and then, so they do not pile up (a process with mail on mails those that
/// are still fresh).
pub fn spawn_cause_cleaner(store: Arc<dyn Store>) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if let Err(error) = drop_stale_causes(store.as_ref()).await {
                tracing::warn!(%error, "could not drop stale mail causes");
            }
            tokio::time::sleep(StdDuration::from_secs(60 * 60)).await;
        }
    })
}

/// Forgets every result and deadline mail due so far, sending none: what a demo's loading did
/// happened to nobody, so `serve --demo` starts with nothing to send.
pub async fn forget_mail_due(store: &dyn Store) -> anyhow::Result<()> {
    let now = Utc::now();
    loop {
        let causes = store.mail_causes(CAUSES_PER_PASS).await?;
        if causes.is_empty() {
            break;
        }
        for cause in &causes {
            store.queue_mail_for_cause(cause.id, &[], now).await?;
        }
    }
    let today = crate::app::league_today();
    loop {
        let overdue = store
            .unmailed_overdue_fixtures(today, today - DEADLINE_MAIL_WINDOW, CAUSES_PER_PASS)
            .await?;
        if overdue.is_empty() {
            return Ok(());
        }
        for fixture in overdue {
            store.queue_deadline_mail(fixture.fixture, &[], now).await?;
        }
    }
}

async fn drop_stale_causes(store: &dyn Store) -> anyhow::Result<()> {
    loop {
        let causes = store.mail_causes(CAUSES_PER_PASS).await?;
        let now = Utc::now();
        let stale: Vec<_> = causes
            .iter()
            .filter(|cause| now - cause.happened_at > CAUSE_FRESHNESS)
            .collect();
        for cause in &stale {
            store.queue_mail_for_cause(cause.id, &[], now).await?;
        }
        if stale.len() < causes.len() || causes.is_empty() {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smtp_address_is_plain_starttls_or_tls_with_an_optional_user() {
        for good in [
            "smtp://localhost",
            "smtp://mail.example.org:2525",
            "smtp://league%40example.org:p%40ss@mail.example.org:587",
            "smtp://league%40example.org:p%40ss@mail.example.org?tls=required",
            "smtps://user:secret@mail.example.org:465",
            "smtps://mail.example.org",
        ] {
            assert!(smtp_transport(good).is_ok(), "{good}");
        }
        for (bad, says) in [
            (
                "smtp://user:secret@mail.example.org:587?tls=maybe",
                "?tls=required",
            ),
            (
                "smtps://user:secret@mail.example.org?tls=required",
                "smtps://",
            ),
            (
                "smtp://mail.example.org:25/inbox",
                "nothing between the port",
            ),
            ("imap://user:secret@mail.example.org", "smtp://"),
            ("mail.example.org", "smtp://"),
            ("smtp://", "smtp://"),
        ] {
            let error = smtp_transport(bad).err().unwrap().to_string();
            assert!(error.contains(says), "{bad}: {error}");
            assert!(!error.contains("secret"), "{bad}: {error}");
        }
    }
}
