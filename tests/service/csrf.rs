//! Every POST without this browser's CSRF token is refused with 403 and changes nothing.

use crate::support::PASSWORD;
use crate::support::TestContext;

async fn a_login_without_a_valid_token_is_refused_and_starts_no_session(ctx: TestContext) {
    let sam = ctx.user("sam@example.org").await;
    let browser = ctx.browser();
    let page = browser
        .post_raw(
            "/login",
            &[("email", "sam@example.org"), ("password", PASSWORD)],
        )
        .await;
    assert_eq!(page.status, 403);
    assert!(page.body.contains("Form expired"), "{}", page.body);
    let page = browser
        .post_raw(
            "/login",
            &[
                ("csrf_token", "00ff"),
                ("email", "sam@example.org"),
                ("password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(page.status, 403);
    assert_eq!(ctx.store.count_sessions(sam.id).await.unwrap(), 0);
    assert_eq!(browser.get("/dashboard").await.status, 303);
}
store_test!(a_login_without_a_valid_token_is_refused_and_starts_no_session);

async fn a_form_without_a_token_changes_nothing(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let browser = ctx.browser();
    browser.login_ok("org@example.org").await;

    let page = browser
        .post_raw("/organise/north/teams", &[("name", "The Anchor")])
        .await;
    assert_eq!(page.status, 403);
    let page = browser
        .post_raw(
            &format!("/teams/{}/contact", crown.id),
            &[("contact", "changed")],
        )
        .await;
    assert_eq!(page.status, 403);
    let page = browser
        .post_raw(
            "/account/password",
            &[
                ("current_password", PASSWORD),
                ("new_password", "a much better password"),
                ("confirm_password", "a much better password"),
            ],
        )
        .await;
    assert_eq!(page.status, 403);
    let page = browser.post_raw("/logout", &[]).await;
    assert_eq!(page.status, 403);

    assert_eq!(
        ctx.store.teams_in(north.id).await.unwrap(),
        vec![crown.clone()]
    );
    assert_eq!(ctx.store.team(crown.id).await.unwrap().unwrap().contact, "");
    // Still logged in with the old password.
    assert_eq!(browser.get("/dashboard").await.status, 200);
    ctx.browser().login_ok("org@example.org").await;
}
store_test!(a_form_without_a_token_changes_nothing);

async fn another_browsers_token_does_not_pass(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let victim = ctx.browser();
    victim.login_ok("org@example.org").await;
    // The attacker has a token of their own, for their own browser.
    let attacker = ctx.browser();
    let attackers_token = attacker.csrf_token().await;
    let page = victim
        .post_raw(
            "/organise/north/teams",
            &[("csrf_token", &attackers_token), ("name", "Forged")],
        )
        .await;
    assert_eq!(page.status, 403);
    assert!(ctx.store.teams_in(north.id).await.unwrap().is_empty());

    // With its own token the same form works.
    victim
        .submit("/organise/north/teams", &[("name", "Genuine")])
        .await
        .assert_redirect_to("/organise/north");
    assert_eq!(ctx.store.teams_in(north.id).await.unwrap().len(), 1);
}
store_test!(another_browsers_token_does_not_pass);

async fn the_token_may_come_in_a_header(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let browser = ctx.browser();
    browser.login_ok("org@example.org").await;
    let token = browser.csrf_token().await;
    let response = browser
        .client
        .post(format!("{}/organise/north/teams", ctx.address))
        .header("x-csrf-token", token)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("name=Header+Team")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303);
    assert_eq!(
        ctx.store.teams_in(north.id).await.unwrap()[0].name,
        "Header Team"
    );
}
store_test!(the_token_may_come_in_a_header);
