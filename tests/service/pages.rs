//! The service answers: health check, home page, layout, assets, 404.

use crate::support::TestContext;

async fn healthz_answers_200_when_the_database_answers(ctx: TestContext) {
    let page = ctx.browser().get("/healthz").await;
    assert_eq!(page.status, 200);
    assert_eq!(page.body, "ok\n");
}
store_test!(healthz_answers_200_when_the_database_answers);

async fn the_home_page_has_the_layout_and_lists_organisations(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    ctx.organisation("north", &organiser).await;
    let page = ctx.browser().get("/").await;
    assert_eq!(page.status, 200);
    for landmark in [
        r#"<html lang="en-GB">"#,
        r#"<meta name="viewport""#,
        r##"<a class="skip-link" href="#main">"##,
        "<header",
        r#"<nav aria-label="Main">"#,
        r#"<main id="main""#,
        "<footer",
        r#"href="/login""#,
        "The north league",
    ] {
        assert!(
            page.body.contains(landmark),
            "missing {landmark}: {}",
            page.body
        );
    }
}
store_test!(the_home_page_has_the_layout_and_lists_organisations);

async fn unknown_addresses_get_the_404_page_in_the_layout(ctx: TestContext) {
    let page = ctx.browser().get("/no/such/page").await;
    assert_eq!(page.status, 404);
    assert!(page.body.contains("Page not found"), "{}", page.body);
    assert!(page.body.contains(r#"<main id="main""#), "{}", page.body);
    // A team or invitation that does not exist is a 404 too, in the same layout.
    assert_eq!(ctx.browser().get("/invites/not-a-token").await.status, 404);
    let page = ctx.browser().get("/teams/not-a-number/manage").await;
    assert_eq!(page.status, 404);
    assert!(page.body.contains("Page not found"), "{}", page.body);
    assert_eq!(ctx.browser().get("/teams/9999/manage").await.status, 404);
}
store_test!(unknown_addresses_get_the_404_page_in_the_layout);

async fn the_stylesheet_is_served(ctx: TestContext) {
    let response = reqwest::get(format!("{}/static/style.css", ctx.address))
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/css; charset=utf-8"
    );
    assert!(response.text().await.unwrap().contains(":focus-visible"));
}
store_test!(the_stylesheet_is_served);

/// PostgreSQL only: there a test can take the database away from under the running service.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_answers_503_when_the_database_does_not_answer() {
    crate::support::run(crate::support::Backend::Postgres, |ctx| async move {
        let url = ctx.database_url.clone().unwrap();
        let (server, name) = url.rsplit_once('/').unwrap();
        let mut admin =
            <sqlx::PgConnection as sqlx::Connection>::connect(&format!("{server}/postgres"))
                .await
                .unwrap();
        sqlx::query(&format!("DROP DATABASE {name} WITH (FORCE)"))
            .execute(&mut admin)
            .await
            .unwrap();
        let page = ctx.browser().get("/healthz").await;
        assert_eq!(page.status, 503, "{}", page.body);
        assert_eq!(page.body, "the database does not answer\n");
    })
    .await;
}
