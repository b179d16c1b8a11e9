//! Logging in and out, sessions, throttling and password changes, through HTTP.

use fives::app::accounts::{TOO_MANY_ATTEMPTS, WRONG_CREDENTIALS};

use crate::support::PASSWORD;
use crate::support::TestContext;

async fn logging_in_shows_the_dashboard_and_logging_out_ends_the_session(ctx: TestContext) {
    ctx.user("sam@example.org").await;
    let browser = ctx.browser();
    browser
        .get("/dashboard")
        .await
        .assert_redirect_to("/login?next=%2Fdashboard");

    browser.login_ok("Sam@Example.org").await;
    let dashboard = browser.get("/dashboard").await;
    assert_eq!(dashboard.status, 200);
    assert!(dashboard.body.contains("Your dashboard"));
    assert!(dashboard.body.contains("sam@example.org"));
    // Logged in, the login page sends you on.
    browser.get("/login").await.assert_redirect_to("/dashboard");

    browser.submit("/logout", &[]).await.assert_redirect_to("/");
    browser
        .get("/dashboard")
        .await
        .assert_redirect_to("/login?next=%2Fdashboard");
    let user = ctx
        .store
        .credentials(&"sam@example.org".try_into().unwrap())
        .await
        .unwrap()
        .unwrap()
        .user;
    assert_eq!(ctx.store.count_sessions(user.id).await.unwrap(), 0);
}
store_test!(logging_in_shows_the_dashboard_and_logging_out_ends_the_session);

async fn a_wrong_password_and_an_unknown_email_get_the_same_answer(ctx: TestContext) {
    ctx.user("sam@example.org").await;
    let wrong_password = ctx
        .browser()
        .login("sam@example.org", "not the password")
        .await;
    let unknown_email = ctx.browser().login("nobody@example.org", PASSWORD).await;
    assert_eq!(wrong_password.status, 401);
    assert_eq!(unknown_email.status, 401);
    assert_eq!(
        wrong_password.error_message().as_deref(),
        Some(WRONG_CREDENTIALS)
    );
    assert_eq!(
        unknown_email.error_message().as_deref(),
        Some(WRONG_CREDENTIALS)
    );
    // The form keeps what was typed.
    assert!(wrong_password.body.contains(r#"value="sam@example.org""#));
}
store_test!(a_wrong_password_and_an_unknown_email_get_the_same_answer);

async fn a_malformed_email_is_refused_with_its_reason(ctx: TestContext) {
    let page = ctx.browser().login("sam.example.org", PASSWORD).await;
    assert_eq!(page.status, 422);
    assert_eq!(
        page.error_message().as_deref(),
        Some("Enter an email address in the form name@example.org.")
    );
}
store_test!(a_malformed_email_is_refused_with_its_reason);

async fn logging_in_again_renews_the_session(ctx: TestContext) {
    let sam = ctx.user("sam@example.org").await;
    let browser = ctx.browser();
    browser.login_ok("sam@example.org").await;
    let first = browser.get("/dashboard").await.csrf_token().unwrap();
    browser.login_ok("sam@example.org").await;
    let second = browser.get("/dashboard").await.csrf_token().unwrap();
    // A new session cookie, so a new CSRF token, and the old session is gone.
    assert_ne!(first, second);
    assert_eq!(ctx.store.count_sessions(sam.id).await.unwrap(), 1);
}
store_test!(logging_in_again_renews_the_session);

/// Whether a page is the throttled answer, with its `Retry-After`.
fn throttled(page: &crate::support::Page) -> bool {
    page.status == 429
        && page
            .error_message()
            .is_some_and(|message| message.starts_with(TOO_MANY_ATTEMPTS))
}

async fn a_burst_of_wrong_passwords_gets_five_checks_and_the_owner_elsewhere_logs_in(
    ctx: TestContext,
) {
    ctx.user("sam@example.org").await;
    ctx.user("kim@example.org").await;
    let attacker = ctx.browser();
    // Twenty wrong passwords for one account, all at once from one address.
    let guesses: Vec<_> = (0..20)
        .map(|n| {
            let attacker = &attacker;
            async move {
                attacker
                    .login("sam@example.org", &format!("wrong password {n}"))
                    .await
            }
        })
        .collect();
    let pages = futures_util::future::join_all(guesses).await;
    let checked = pages.iter().filter(|page| page.status == 401).count();
    let refused = pages.iter().filter(|page| throttled(page)).count();
    assert_eq!(
        (checked, refused),
        (5, 15),
        "{:?}",
        pages.iter().map(|p| p.status).collect::<Vec<_>>()
    );
    // Even the right password waits there, unchecked, and the page says for how long.
    let page = attacker.login("sam@example.org", PASSWORD).await;
    assert!(throttled(&page), "{}", page.status);
    assert!(page.error_message().unwrap().contains("Try again in"));
    assert_eq!(attacker.get("/dashboard").await.status, 303);
    // Another account from the same address still logs in.
    attacker.login_ok("kim@example.org").await;
    // The owner, at home, logs in as usual.
    let owner = ctx.browser_from("127.0.0.2");
    owner.login_ok("sam@example.org").await;
}
store_test!(a_burst_of_wrong_passwords_gets_five_checks_and_the_owner_elsewhere_logs_in);

async fn a_throttled_answer_says_when_to_come_back(ctx: TestContext) {
    ctx.user("sam@example.org").await;
    let browser = ctx.browser();
    for _ in 0..5 {
        assert_eq!(
            browser
                .login("sam@example.org", "wrong password")
                .await
                .status,
            401
        );
    }
    let response = browser
        .client
        .post(format!("{}/login", ctx.address))
        .form(&[
            ("csrf_token", browser.csrf_token().await.as_str()),
            ("email", "sam@example.org"),
            ("password", PASSWORD),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 429);
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=2).contains(&retry_after), "{retry_after}");
    // Once the wait is over the right password is checked, and logs in.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    browser.login_ok("sam@example.org").await;
}
store_test!(a_throttled_answer_says_when_to_come_back);

async fn many_accounts_guessed_from_one_address_slow_that_address_only(ctx: TestContext) {
    ctx.user("sam@example.org").await;
    let browser = ctx.browser();
    for n in 0..20 {
        let page = browser
            .login(&format!("guess{n}@example.org"), "wrong password")
            .await;
        assert_eq!(page.status, 401);
    }
    let page = browser.login("sam@example.org", PASSWORD).await;
    assert!(throttled(&page), "{}", page.status);
    // From another address all is as usual.
    ctx.browser_from("127.0.0.3")
        .login_ok("sam@example.org")
        .await;
}
store_test!(many_accounts_guessed_from_one_address_slow_that_address_only);

async fn logins_past_the_hashing_queue_are_asked_to_come_back_shortly(ctx: TestContext) {
    ctx.user("sam@example.org").await;
    // A hundred logins at once, each from an address of its own, so that no count slows
    // them: the hashes that cannot run or queue are answered 503 with Retry-After.
    let logins: Vec<_> = (0..100u8)
        .map(|n| {
            let browser = ctx.browser_from(&format!("127.0.1.{}", n + 1));
            async move {
                let token = browser.csrf_token().await;
                let response = browser
                    .client
                    .post(format!("{}/login", browser.address))
                    .form(&[
                        ("csrf_token", token.as_str()),
                        ("email", "nobody@example.org"),
                        ("password", "a guess"),
                    ])
                    .send()
                    .await
                    .unwrap();
                let retry = response
                    .headers()
                    .get("retry-after")
                    .map(|v| v.to_str().unwrap().to_string());
                (response.status().as_u16(), retry)
            }
        })
        .collect();
    let answers = futures_util::future::join_all(logins).await;
    let wrong = answers.iter().filter(|(status, _)| *status == 401).count();
    let busy = answers
        .iter()
        .filter(|(status, retry)| *status == 503 && retry.is_some())
        .count();
    assert_eq!(wrong + busy, 100, "{answers:?}");
    eprintln!(
        "{:?}: 100 logins at once: {wrong} checked, {busy} asked to come back",
        ctx.backend
    );
    // Afterwards logins are checked as usual.
    ctx.browser_from("127.0.2.1")
        .login_ok("sam@example.org")
        .await;
}
store_test!(logins_past_the_hashing_queue_are_asked_to_come_back_shortly);

async fn a_password_change_ends_the_session_everywhere_else_and_revokes_the_tokens(
    ctx: TestContext,
) {
    let sam = ctx.user("sam@example.org").await;
    let laptop = ctx.browser();
    let phone = ctx.browser();
    laptop.login_ok("sam@example.org").await;
    phone.login_ok("sam@example.org").await;
    assert_eq!(phone.get("/dashboard").await.status, 200);
    // Two scripts with tokens, which a known password could have made.
    let scoreboard = phone.make_api_token("scoreboard").await;
    laptop.make_api_token("club website").await;
    assert_eq!(
        ctx.api(Some(&scoreboard)).get("/api/v1/me").await.status,
        200
    );

    let page = laptop
        .submit(
            "/account/password",
            &[
                ("current_password", PASSWORD),
                ("new_password", "a much better password"),
                ("confirm_password", "a much better password"),
            ],
        )
        .await;
    page.assert_redirect_to("/account/password?changed=1&revoked=2");
    let confirmation = laptop.get("/account/password?changed=1&revoked=2").await;
    assert!(
        confirmation.body.contains("logged out everywhere else"),
        "{}",
        confirmation.body
    );
    assert!(
        confirmation
            .body
            .contains("your 2 API tokens have been revoked"),
        "{}",
        confirmation.body
    );
    // The tokens open nothing now.
    assert_eq!(
        ctx.api(Some(&scoreboard)).get("/api/v1/me").await.status,
        401
    );

    // The phone's session has ended; the laptop has a new one.
    phone
        .get("/dashboard")
        .await
        .assert_redirect_to("/login?next=%2Fdashboard");
    assert_eq!(laptop.get("/dashboard").await.status, 200);
    assert_eq!(ctx.store.count_sessions(sam.id).await.unwrap(), 1);

    assert_eq!(
        ctx.browser()
            .login("sam@example.org", PASSWORD)
            .await
            .status,
        401
    );
    let page = ctx
        .browser()
        .login("sam@example.org", "a much better password")
        .await;
    page.assert_redirect_to("/dashboard");
}
store_test!(a_password_change_ends_the_session_everywhere_else_and_revokes_the_tokens);

async fn a_password_change_needs_the_current_password_and_a_good_new_one(ctx: TestContext) {
    let sam = ctx.user("sam@example.org").await;
    let browser = ctx.browser();
    browser.login_ok("sam@example.org").await;
    let cases = [
        (
            "wrong current",
            "a much better password",
            "a much better password",
            "Your current password is not right.",
        ),
        (
            PASSWORD,
            "a much better password",
            "a different one",
            "The new password and its confirmation differ.",
        ),
        (
            PASSWORD,
            "short",
            "short",
            "A password must be at least 10 characters long.",
        ),
    ];
    for (current, new, confirm, message) in cases {
        let page = browser
            .submit(
                "/account/password",
                &[
                    ("current_password", current),
                    ("new_password", new),
                    ("confirm_password", confirm),
                ],
            )
            .await;
        assert_eq!(page.status, 422);
        assert_eq!(page.error_message().as_deref(), Some(message));
    }
    // Nothing changed: the old password works and the session lives on.
    assert_eq!(browser.get("/dashboard").await.status, 200);
    assert_eq!(ctx.store.count_sessions(sam.id).await.unwrap(), 1);
    ctx.browser().login_ok("sam@example.org").await;
}
store_test!(a_password_change_needs_the_current_password_and_a_good_new_one);

async fn logging_in_comes_back_to_the_page_that_asked_for_it(ctx: TestContext) {
    ctx.user("sam@example.org").await;
    let browser = ctx.browser();
    let asked = browser.get("/account/password").await;
    asked.assert_redirect_to("/login?next=%2Faccount%2Fpassword");
    let form = browser.get(asked.location.as_deref().unwrap()).await;
    assert!(
        form.body
            .contains(r#"name="next" value="/account/password""#),
        "{}",
        form.body
    );
    browser
        .submit(
            "/login",
            &[
                ("email", "sam@example.org"),
                ("password", PASSWORD),
                ("next", "/account/password"),
            ],
        )
        .await
        .assert_redirect_to("/account/password");
}
store_test!(logging_in_comes_back_to_the_page_that_asked_for_it);

async fn a_login_link_cannot_send_you_to_another_site(ctx: TestContext) {
    ctx.user("sam@example.org").await;
    for elsewhere in [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example",
    ] {
        let browser = ctx.browser();
        browser
            .submit(
                "/login",
                &[
                    ("email", "sam@example.org"),
                    ("password", PASSWORD),
                    ("next", elsewhere),
                ],
            )
            .await
            .assert_redirect_to("/dashboard");
    }
}
store_test!(a_login_link_cannot_send_you_to_another_site);

async fn guessing_the_current_password_is_throttled_like_logins(ctx: TestContext) {
    let sam = ctx.user("sam@example.org").await;
    let browser = ctx.browser();
    browser.login_ok("sam@example.org").await;
    let change = |current: &'static str| {
        let browser = &browser;
        async move {
            browser
                .submit(
                    "/account/password",
                    &[
                        ("current_password", current),
                        ("new_password", "a much better password"),
                        ("confirm_password", "a much better password"),
                    ],
                )
                .await
        }
    };
    for _ in 0..5 {
        assert_eq!(change("a wrong guess").await.status, 422);
    }
    let page = change(PASSWORD).await;
    assert!(throttled(&page), "{}", page.status);
    // The password did not change.
    assert_eq!(ctx.store.count_sessions(sam.id).await.unwrap(), 1);
    let stored = ctx
        .store
        .credentials(&"sam@example.org".try_into().unwrap())
        .await
        .unwrap()
        .unwrap();
    assert!(
        fives::password::verify(PASSWORD.to_string(), Some(stored.password_hash))
            .await
            .unwrap()
    );
}
store_test!(guessing_the_current_password_is_throttled_like_logins);
