//! The outbox's sending, against a real SMTP server (see `mail`): mail queued while the server
//! is down or before a restart is sent once it can be, several senders send each message once,
//! and a claimed message is leased to its sender and given up after the last attempt.

use std::time::{Duration, Instant};

use chrono::{Duration as Span, Utc};

use crate::mail::{MailService, SmtpServer, free_port, link_in, signed_in, smtp_available};
use crate::results_league::results_league;
use crate::support::TestContext;

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
