//! Mail about accounts, against a real SMTP server (see `mail`): a reset link that works once,
//! the forgotten-password page without mail, and an organiser's invitation, mailed or held
//! back.

use chrono::{Duration as Span, Utc};
use fives::domain::mail::{MAX_MAILS_PER_ADDRESS_PER_HOUR, Mail, password_reset};
use fives::store::NewPasswordReset;
use fives::token::SecretToken;

use crate::mail::{MailService, free_port, link_in, mail_through_smtp, signed_in};
use crate::results_league::{SLUG, results_league};
use crate::support::{PASSWORD, TestContext};

async fn a_reset_link_works_once_and_an_expired_one_is_refused(ctx: TestContext) {
    let Some((smtp, service)) = mail_through_smtp(&ctx).await else {
        return;
    };
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
    // Set, and logged in with it: the link proved the address.
    assert_eq!(done.status, 303, "{}", done.body);
    let landed = browser.get(done.location.as_deref().unwrap()).await;
    assert_eq!(landed.status, 200, "{}", landed.body);
    assert!(
        landed.body.contains("Your password is changed"),
        "{}",
        landed.body
    );
    assert!(landed.body.contains("Log out"), "{}", landed.body);

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

async fn an_organiser_invites_another_organiser_by_mail(ctx: TestContext) {
    let Some((smtp, service)) = mail_through_smtp(&ctx).await else {
        return;
    };
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
