//! The API's tokens and what each may do: writes need a live token, another organisation's
//! token is refused and its ids are not found, a browser's session cannot write, a captain's
//! token reaches their own team only, and a read-only token changes nothing.

use serde_json::json;

use crate::api::{
    division_through_api, id_of, organiser_with_token, two_per_match_plus_one_per_game,
};
use crate::support::TestContext;

async fn writes_need_a_live_token(ctx: TestContext) {
    let (browser, token) = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let path = "/api/v1/organisations/north/teams";

    let anonymous = ctx.api(None).post(path, json!({"name": "Anchor"})).await;
    assert_eq!(anonymous.status, 401, "{:?}", anonymous.json);
    assert!(anonymous.content_type.starts_with("application/json"));
    assert!(anonymous.www_authenticate.unwrap().starts_with("Bearer"));
    assert!(
        anonymous.json["error"]
            .as_str()
            .unwrap()
            .contains("API token"),
        "{:?}",
        anonymous.json
    );

    let junk = ctx
        .api(Some("not-a-token"))
        .post(path, json!({"name": "Anchor"}))
        .await;
    assert_eq!(junk.status, 401);
    let unknown = ctx
        .api(Some(&"ab".repeat(32)))
        .post(path, json!({"name": "Anchor"}))
        .await;
    assert_eq!(unknown.status, 401);
    // Reading needs no token, but a wrong one is still refused, so a script finds out.
    assert_eq!(ctx.api(None).get(path).await.status, 200);
    assert_eq!(ctx.api(Some(&"ab".repeat(32))).get(path).await.status, 401);
    assert!(
        ctx.store
            .teams_in(fives::domain::ids::OrganisationId(1))
            .await
            .unwrap()
            .is_empty()
    );

    // A token needs a name.
    let unnamed = browser.submit("/account/tokens", &[("name", "  ")]).await;
    assert_eq!(unnamed.status, 422);
    assert!(
        unnamed.body.contains(r#"id="token-name-error""#),
        "{}",
        unnamed.body
    );
    assert!(!unnamed.body.contains(r#"id="new-token-secret""#));

    let live = ctx
        .api(Some(&token))
        .post(path, json!({"name": "Anchor"}))
        .await;
    assert_eq!(live.status, 201, "{:?}", live.json);

    // Revoked on the account page, it opens nothing.
    let tokens = browser.get("/account/tokens").await;
    assert!(tokens.body.contains("league secretary"), "{}", tokens.body);
    assert!(!tokens.body.contains(&token), "a token is shown only once");
    let listed = ctx
        .store
        .api_tokens_of(fives::domain::ids::UserId(1))
        .await
        .unwrap();
    let revoke = browser
        .submit(&format!("/account/tokens/{}/revoke", listed[0].id), &[])
        .await;
    revoke.assert_redirect_to("/account/tokens");
    assert!(
        browser
            .get("/account/tokens")
            .await
            .body
            .contains("Revoked")
    );
    let revoked = ctx
        .api(Some(&token))
        .post(path, json!({"name": "Bell"}))
        .await;
    assert_eq!(revoked.status, 401, "{:?}", revoked.json);
    assert_eq!(ctx.api(Some(&token)).get("/api/v1/me").await.status, 401);

    // Another account cannot revoke this one's tokens.
    ctx.user("other@example.org").await;
    let other = ctx.browser();
    other.login_ok("other@example.org").await;
    let theirs = other
        .submit(&format!("/account/tokens/{}/revoke", listed[0].id), &[])
        .await;
    assert_eq!(theirs.status, 404);
}
store_test!(writes_need_a_live_token);

async fn another_organisations_token_is_forbidden_and_its_ids_are_not_found(ctx: TestContext) {
    let (_, north_token) = organiser_with_token(&ctx, "north@example.org", "north").await;
    let (_, south_token) = organiser_with_token(&ctx, "south@example.org", "south").await;
    let north = ctx.api(Some(&north_token));
    let south = ctx.api(Some(&south_token));
    let north_division = division_through_api(&north, "north").await;
    let south_division = division_through_api(&south, "south").await;

    // South's organiser may not change North's league.
    let forbidden = south
        .post(
            "/api/v1/organisations/north/competitions",
            json!({"name": "Raid", "ruleset": "muggins",
                       "match_format": two_per_match_plus_one_per_game()}),
        )
        .await;
    assert_eq!(forbidden.status, 403, "{:?}", forbidden.json);
    assert_eq!(
        south
            .post(
                &format!("/api/v1/organisations/north/divisions/{north_division}/fixtures"),
                json!({"legs": "single"})
            )
            .await
            .status,
        403
    );

    // An id of South's, under North's address, is not found, even for North's organiser.
    let elsewhere = format!("/api/v1/organisations/north/divisions/{south_division}");
    assert_eq!(north.get(&elsewhere).await.status, 404);
    assert_eq!(ctx.api(None).get(&elsewhere).await.status, 404);
    let team = north
        .post(&format!("{elsewhere}/teams"), json!({"team_id": 1}))
        .await;
    assert_eq!(team.status, 404, "{:?}", team.json);
    // South's team cannot be put into North's division.
    let south_team = south
        .post("/api/v1/organisations/south/teams", json!({"name": "Bell"}))
        .await;
    let refused = north
        .post(
            &format!("/api/v1/organisations/north/divisions/{north_division}/teams"),
            json!({"team_id": id_of(&south_team)}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_at("team_id").as_deref(),
        Some("Choose one of your organisation's teams.")
    );
    assert_eq!(
        north
            .get(&format!(
                "/api/v1/organisations/north/teams/{}",
                id_of(&south_team)
            ))
            .await
            .status,
        404
    );
}
store_test!(another_organisations_token_is_forbidden_and_its_ids_are_not_found);

async fn a_browser_session_cannot_write_through_the_api(ctx: TestContext) {
    let (browser, token) = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let path = format!("{}/api/v1/organisations/north/teams", ctx.address);
    let body = json!({"name": "Anchor"}).to_string();

    // The session cookie alone, as a forged cross-site request would send it: refused by
    // the CSRF check before the API sees it, as a change without a token.
    let forged = browser
        .client
        .post(&path)
        .header("content-type", "application/json")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    let forged = crate::support::Reply::from(forged).await;
    assert_eq!(forged.status, 401, "{:?}", forged.json);
    assert!(forged.json["error"].as_str().unwrap().contains("API token"));
    // Even with the page's CSRF token, the API reads no cookie: no token, no write.
    let csrf = browser.csrf_token().await;
    let with_csrf = browser
        .client
        .post(&path)
        .header("content-type", "application/json")
        .header("x-csrf-token", csrf)
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(with_csrf.status().as_u16(), 401);
    let organisation = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    assert!(
        ctx.store
            .teams_in(organisation.id)
            .await
            .unwrap()
            .is_empty()
    );

    // A bearer token needs no CSRF token, with or without the cookie.
    let with_token = browser
        .client
        .post(&path)
        .header("content-type", "application/json")
        .header("authorization", format!("Bearer {token}"))
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(with_token.status().as_u16(), 201);
    let without_cookie = ctx
        .api(Some(&token))
        .post("/api/v1/organisations/north/teams", json!({"name": "Bell"}))
        .await;
    assert_eq!(without_cookie.status, 201);
    assert_eq!(ctx.store.teams_in(organisation.id).await.unwrap().len(), 2);

    // And a bearer header does not lift the CSRF check from the pages.
    let page_post = browser
        .client
        .post(format!("{}/organise/north/teams", ctx.address))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("authorization", format!("Bearer {token}"))
        .body("name=Crown")
        .send()
        .await
        .unwrap();
    assert_eq!(page_post.status().as_u16(), 403);
    assert_eq!(ctx.store.teams_in(organisation.id).await.unwrap().len(), 2);
}
store_test!(a_browser_session_cannot_write_through_the_api);

async fn a_captains_token_sets_their_own_pub_and_squad_and_nothing_more(ctx: TestContext) {
    let (_, organiser_token) = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let organiser = ctx.api(Some(&organiser_token));
    let base = "/api/v1/organisations/north";
    let anchor = id_of(
        &organiser
            .post(&format!("{base}/teams"), json!({"name": "Anchor"}))
            .await,
    );
    let bell = id_of(
        &organiser
            .post(&format!("{base}/teams"), json!({"name": "Bell"}))
            .await,
    );
    let secretary = ctx
        .store
        .user(fives::domain::ids::UserId(1))
        .await
        .unwrap()
        .unwrap();
    let captain = ctx.user("cap@example.org").await;
    ctx.make_captain(fives::domain::ids::TeamId(anchor), &captain, &secretary)
        .await;
    let browser = ctx.browser();
    browser.login_ok("cap@example.org").await;
    let captain = ctx.api(Some(&browser.make_api_token("phone").await));

    let venue = json!({"name": "The Anchor", "address": "1 Quay Street"});
    let own = captain
        .put(&format!("{base}/teams/{anchor}/venue"), venue.clone())
        .await;
    assert_eq!(own.status, 200, "{:?}", own.json);
    // A captain sees their own team's contact details; the public does not.
    assert_eq!(own.json["contact"], "");
    let other = captain
        .put(&format!("{base}/teams/{bell}/venue"), venue)
        .await;
    assert_eq!(other.status, 403, "{:?}", other.json);
    assert!(
        captain
            .get(&format!("{base}/teams/{bell}"))
            .await
            .json
            .get("contact")
            .is_none()
    );
    for (path, body) in [
        (format!("{base}/teams"), json!({"name": "Crown"})),
        (format!("{base}/players"), json!({"name": "Sam Smith"})),
        (
            format!("{base}/teams/{bell}/squad"),
            json!({"name": "Sam Smith"}),
        ),
    ] {
        assert_eq!(captain.post(&path, body).await.status, 403, "{path}");
    }
    // Their own team's squad is theirs to run.
    let joined = captain
        .post(
            &format!("{base}/teams/{anchor}/squad"),
            json!({"name": "Sam Smith"}),
        )
        .await;
    assert_eq!(joined.status, 200, "{:?}", joined.json);
    assert_eq!(joined.json["squad"][0]["name"], "Sam Smith");
}
store_test!(a_captains_token_sets_their_own_pub_and_squad_and_nothing_more);

async fn a_read_only_token_reads_what_its_account_may_and_changes_nothing(ctx: TestContext) {
    let user = ctx.user("sec@example.org").await;
    ctx.organisation("north", &user).await;
    let browser = ctx.browser();
    browser.login_ok("sec@example.org").await;
    let page = browser
        .submit(
            "/account/tokens",
            &[
                ("name", "scoreboard"),
                ("lifetime", "90"),
                ("access", "read"),
            ],
        )
        .await;
    assert_eq!(page.status, 201, "{}", page.body);
    let start =
        page.body.find(r#"id="new-token-secret">"#).unwrap() + r#"id="new-token-secret">"#.len();
    let secret = page.body[start..start + page.body[start..].find('<').unwrap()]
        .trim()
        .to_string();
    let listed = browser.get("/account/tokens").await;
    assert!(listed.body.contains("Read only"), "{}", listed.body);

    let api = ctx.api(Some(&secret));
    assert_eq!(api.get("/api/v1/me").await.status, 200);
    let refused = api
        .post(
            "/api/v1/organisations/north/teams",
            json!({"name": "The Anchor"}),
        )
        .await;
    assert_eq!(refused.status, 403, "{:?}", refused.json);
    assert!(
        refused.json["error"]
            .as_str()
            .unwrap()
            .contains("read-only")
    );
    assert!(
        ctx.store
            .teams_in(
                ctx.store
                    .organisation_by_slug("north")
                    .await
                    .unwrap()
                    .unwrap()
                    .id
            )
            .await
            .unwrap()
            .is_empty()
    );

    // A lifetime the form does not offer is refused.
    let page = browser
        .submit(
            "/account/tokens",
            &[("name", "for ever"), ("lifetime", "36500")],
        )
        .await;
    assert_eq!(page.status, 422);
}
store_test!(a_read_only_token_reads_what_its_account_may_and_changes_nothing);
