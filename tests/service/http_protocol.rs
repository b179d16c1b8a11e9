//! HTTP as monitors, crawlers and browsers rely on it: `HEAD` answers as `GET` without a body,
//! a known address with another method answers 405 with `Allow`, a body declared too large is
//! refused unread, and every answer carries the security headers.

use crate::support::TestContext;

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

fn header(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get(name)
        .map(|value| value.to_str().unwrap().to_string())
}

async fn head_answers_as_get_without_a_body(ctx: TestContext) {
    let organiser = ctx.user("secretary@example.org").await;
    ctx.organisation("devon", &organiser).await;
    for path in [
        "/healthz",
        "/",
        "/leagues/devon",
        "/static/style.css",
        "/api/v1/openapi.json",
        "/api/v1/organisations/devon/teams",
    ] {
        let get = client()
            .get(format!("{}{path}", ctx.address))
            .send()
            .await
            .unwrap();
        let head = client()
            .head(format!("{}{path}", ctx.address))
            .send()
            .await
            .unwrap();
        assert_eq!(get.status(), 200, "GET {path}");
        assert_eq!(head.status(), 200, "HEAD {path}");
        assert_eq!(
            header(&head, "content-type"),
            header(&get, "content-type"),
            "HEAD {path}"
        );
        assert!(
            head.bytes().await.unwrap().is_empty(),
            "HEAD {path} has no body"
        );
    }
    let missing = client()
        .head(format!("{}/no/such/page", ctx.address))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
}
store_test!(head_answers_as_get_without_a_body);

async fn a_known_address_with_another_method_answers_405_with_allow(ctx: TestContext) {
    let cases = [
        (reqwest::Method::POST, "/healthz", "GET, HEAD"),
        (reqwest::Method::GET, "/logout", "POST"),
        (reqwest::Method::DELETE, "/login", "GET, HEAD, POST"),
        (
            reqwest::Method::PUT,
            "/leagues/devon/fixtures/3/confirm",
            "POST",
        ),
        (
            reqwest::Method::DELETE,
            "/api/v1/organisations/devon/teams",
            "GET, HEAD, POST",
        ),
        // A word where `DELETE …/squad/{player_id}` has an id: the address of a POST only.
        (
            reqwest::Method::DELETE,
            "/api/v1/organisations/devon/teams/-9223372036854775808/squad/list",
            "POST",
        ),
    ];
    for (method, path, allow) in cases {
        let response = client()
            .request(method.clone(), format!("{}{path}", ctx.address))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 405, "{method} {path}");
        assert_eq!(
            header(&response, "allow").as_deref(),
            Some(allow),
            "{method} {path}"
        );
        let api = path.starts_with("/api/");
        let content_type = header(&response, "content-type").unwrap();
        assert_eq!(
            content_type.starts_with("application/json"),
            api,
            "{method} {path}: {content_type}"
        );
    }
    // An address no route has is still 404, whatever the method.
    let response = client()
        .post(format!("{}/no/such/page", ctx.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
}
store_test!(a_known_address_with_another_method_answers_405_with_allow);

async fn a_body_declared_too_large_is_refused_unread(ctx: TestContext) {
    let too_large = vec![b'a'; fives::web::request_limits::LONGEST_BODY + 1];
    for path in ["/login", "/api/v1/organisations/devon/teams"] {
        let response = client()
            .post(format!("{}{path}", ctx.address))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(too_large.clone())
            .send()
            .await;
        // The service may close the connection before the client has sent it all.
        if let Ok(response) = response {
            assert_eq!(response.status(), 413, "{path}");
        }
    }
    // The login page still answers.
    let page = ctx.browser().get("/login").await;
    assert_eq!(page.status, 200);
}
store_test!(a_body_declared_too_large_is_refused_unread);

async fn every_answer_carries_the_security_headers(ctx: TestContext) {
    ctx.user("captain@example.org").await;
    let anonymous = client()
        .get(format!("{}/", ctx.address))
        .send()
        .await
        .unwrap();
    let policy = header(&anonymous, "content-security-policy").expect("a CSP");
    for directive in [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "frame-ancestors 'none'",
    ] {
        assert!(policy.contains(directive), "{policy}");
    }
    assert_eq!(
        header(&anonymous, "x-content-type-options").as_deref(),
        Some("nosniff")
    );
    assert_eq!(
        header(&anonymous, "referrer-policy").as_deref(),
        Some("same-origin")
    );
    // The first answer sets the browser's CSRF cookie, so it is its own; later public
    // pages may be kept.
    assert_eq!(
        header(&anonymous, "cache-control").as_deref(),
        Some("no-store")
    );
    let visitor = ctx.browser();
    for _ in 0..2 {
        visitor.get("/").await;
    }
    let again = visitor
        .client
        .get(format!("{}/", ctx.address))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 200);
    assert_eq!(header(&again, "cache-control"), None);
    // Errors too.
    let missing = client()
        .get(format!("{}/no/such/page", ctx.address))
        .send()
        .await
        .unwrap();
    assert!(header(&missing, "content-security-policy").is_some());
    assert_eq!(
        header(&missing, "x-content-type-options").as_deref(),
        Some("nosniff")
    );

    // What a signed-in person sees is never cached.
    let browser = ctx.browser();
    browser.login_ok("captain@example.org").await;
    for path in ["/dashboard", "/", "/account/password"] {
        let response = browser
            .client
            .get(format!("{}{path}", ctx.address))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(
            header(&response, "cache-control").as_deref(),
            Some("no-store"),
            "{path}"
        );
        assert!(
            header(&response, "content-security-policy").is_some(),
            "{path}"
        );
    }
}
store_test!(every_answer_carries_the_security_headers);

async fn a_pages_address_with_a_slash_at_its_end_leads_to_the_page(ctx: TestContext) {
    let organiser = ctx.user("secretary@example.org").await;
    ctx.organisation("devon", &organiser).await;
    let get = |path: &'static str| {
        let address = ctx.address.clone();
        async move {
            client()
                .get(format!("{address}{path}"))
                .send()
                .await
                .unwrap()
        }
    };
    for (path, page) in [
        ("/leagues/devon/", "/leagues/devon"),
        ("/leagues/devon//", "/leagues/devon"),
        ("/login/?next=/dashboard", "/login?next=/dashboard"),
    ] {
        let answer = get(path).await;
        assert_eq!(answer.status(), 308, "{path}");
        assert_eq!(header(&answer, "location").as_deref(), Some(page), "{path}");
        assert_eq!(get_page(&ctx, page).await, 200, "{page}");
    }
    // No page there, or another site's address: not found, as before.
    for path in ["/no-such-page/", "//example.org/", "/leagues/nowhere/x/"] {
        assert_eq!(get(path).await.status(), 404, "{path}");
    }
}
store_test!(a_pages_address_with_a_slash_at_its_end_leads_to_the_page);

async fn get_page(ctx: &TestContext, page: &str) -> u16 {
    client()
        .get(format!("{}{page}", ctx.address))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn the_site_has_an_icon_and_tells_crawlers_what_to_leave(ctx: TestContext) {
    for path in ["/favicon.ico", "/static/favicon.svg"] {
        let icon = client()
            .get(format!("{}{path}", ctx.address))
            .send()
            .await
            .unwrap();
        assert_eq!(icon.status(), 200);
        assert_eq!(
            header(&icon, "content-type").as_deref(),
            Some("image/svg+xml")
        );
        assert!(icon.text().await.unwrap().starts_with("<svg"));
    }
    let home = client()
        .get(format!("{}/", ctx.address))
        .send()
        .await
        .unwrap();
    assert!(home.text().await.unwrap().contains("rel=\"icon\""));
    let robots = client()
        .get(format!("{}/robots.txt", ctx.address))
        .send()
        .await
        .unwrap();
    assert_eq!(robots.status(), 200);
    let robots = robots.text().await.unwrap();
    for private in ["/organise/", "/api/", "/tables/", "/dashboard"] {
        assert!(robots.contains(&format!("Disallow: {private}")), "{robots}");
    }
    assert!(!robots.contains("Disallow: /leagues"), "{robots}");
}
store_test!(the_site_has_an_icon_and_tells_crawlers_what_to_leave);

async fn a_missing_or_gone_page_offers_a_visitor_log_in_and_an_account_its_dashboard(
    ctx: TestContext,
) {
    let visitor = ctx.browser();
    let user = ctx.user("pat@example.org").await;
    let member = ctx.browser();
    member.login_ok(&user.email).await;
    for path in [
        "/leagues/nowhere",
        "/leagues/nowhere/fixtures/1",
        "/no/such/page",
    ] {
        let seen = visitor.get(path).await;
        assert_eq!(seen.status, 404, "{path}");
        assert!(
            seen.body.contains(r#"<a href="/login">Log in</a>"#),
            "{}",
            seen.body
        );
        assert!(!seen.body.contains("Your dashboard"), "{}", seen.body);
        let seen = member.get(path).await;
        assert_eq!(seen.status, 404, "{path}");
        assert!(seen.body.contains("Your dashboard"), "{}", seen.body);
        assert!(
            !seen.body.contains(r#"<a href="/login">Log in</a>"#),
            "{}",
            seen.body
        );
    }
}
store_test!(a_missing_or_gone_page_offers_a_visitor_log_in_and_an_account_its_dashboard);
