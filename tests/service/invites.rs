//! An organiser invites a captain, or another organiser, by a link that works once and
//! expires.

use crate::support::TestContext;
use chrono::Duration;

async fn a_newcomer_becomes_captain_through_an_invitation_link(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let organiser_browser = ctx.browser();
    organiser_browser.login_ok("org@example.org").await;
    let page = organiser_browser
        .submit(&format!("/teams/{}/invites", crown.id), &[])
        .await;
    assert_eq!(page.status, 200);
    let prefix = format!("{}/invites/", ctx.address);
    let start = page.body.find(&prefix).expect("the page shows the link");
    let link = &page.body[start..start + prefix.len() + 64];
    let path = link.strip_prefix(&ctx.address).unwrap();

    let newcomer = ctx.browser();
    let invitation = newcomer.get(path).await;
    assert_eq!(invitation.status, 200);
    assert!(
        invitation.body.contains("captain of The Crown"),
        "{}",
        invitation.body
    );

    let page = newcomer
        .submit(
            path,
            &[
                ("email", "pat@example.org"),
                ("password", "short"),
                ("confirm_password", "short"),
            ],
        )
        .await;
    assert_eq!(page.status, 422);
    assert_eq!(
        page.error_message().as_deref(),
        Some("A password must be at least 10 characters long.")
    );
    assert!(page.body.contains(r#"value="pat@example.org""#));

    let page = newcomer
        .submit(
            path,
            &[
                ("email", "pat@example.org"),
                ("password", "password1234"),
                ("confirm_password", "password1234"),
            ],
        )
        .await;
    assert_eq!(page.status, 422);
    assert!(
        page.error_message()
            .unwrap()
            .starts_with("That password is too easy to guess.")
    );

    let page = newcomer
        .submit(
            path,
            &[
                ("email", "pat@example.org"),
                ("password", "copper kettle tuesday"),
                ("confirm_password", "copper kettle tuesday"),
            ],
        )
        .await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("the account of pat@example.org is a captain of The Crown"),
        "{}",
        page.body
    );
    // They log in with the account from that page, its address filled in, and land on the
    // team they captain.
    assert!(
        page.body.contains(
            r#"name="email" type="email" autocomplete="username" required value="pat@example.org""#
        ),
        "{}",
        page.body
    );
    let next = format!("/teams/{}/manage", crown.id);
    assert!(
        page.body
            .contains(&format!(r#"name="next" value="{next}""#)),
        "{}",
        page.body
    );
    newcomer
        .submit(
            "/login",
            &[
                ("email", "pat@example.org"),
                ("password", "copper kettle tuesday"),
                ("next", &next),
            ],
        )
        .await
        .assert_redirect_to(&next);
    let dashboard = newcomer.get("/dashboard").await;
    assert!(dashboard.body.contains("The Crown"), "{}", dashboard.body);
    assert_eq!(
        newcomer
            .get(&format!("/teams/{}/manage", crown.id))
            .await
            .status,
        200
    );

    // The link works once.
    let again = ctx.browser().get(path).await;
    assert_eq!(again.status, 410);
    assert!(again.body.contains("already been used"));
}
store_test!(a_newcomer_becomes_captain_through_an_invitation_link);

async fn a_signed_in_person_accepts_with_their_account(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let pat = ctx.user("pat@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let token = ctx.invite(crown.id, &organiser, Duration::days(7)).await;
    let path = format!("/invites/{}", token.as_str());

    // The invitation's login link comes back to the invitation.
    let browser = ctx.browser();
    let invitation = browser.get(&path).await;
    assert!(
        invitation
            .body
            .contains(&format!(r#"href="/login?next={path}""#)),
        "{}",
        invitation.body
    );
    browser
        .submit(
            "/login",
            &[
                ("email", "pat@example.org"),
                ("password", crate::support::PASSWORD),
                ("next", &path),
            ],
        )
        .await
        .assert_redirect_to(&path);
    assert!(
        browser
            .get(&path)
            .await
            .body
            .contains("Become a captain as pat@example.org")
    );
    browser
        .submit(&path, &[])
        .await
        .assert_redirect_to(&format!("/teams/{}/manage", crown.id));
    assert_eq!(ctx.store.captains_of(crown.id).await.unwrap(), vec![pat]);
}
store_test!(a_signed_in_person_accepts_with_their_account);

async fn an_expired_invitation_is_refused(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let token = ctx
        .invite(crown.id, &organiser, Duration::minutes(-1))
        .await;
    let path = format!("/invites/{}", token.as_str());

    let browser = ctx.browser();
    let page = browser.get(&path).await;
    assert_eq!(page.status, 410);
    assert!(
        page.body.contains("This invitation has expired."),
        "{}",
        page.body
    );
    let page = browser
        .submit(
            &path,
            &[
                ("email", "pat@example.org"),
                ("password", "pats password"),
                ("confirm_password", "pats password"),
            ],
        )
        .await;
    assert_eq!(page.status, 410);
    assert!(ctx.store.captains_of(crown.id).await.unwrap().is_empty());
    assert!(
        ctx.store
            .credentials(&"pat@example.org".try_into().unwrap())
            .await
            .unwrap()
            .is_none()
    );
}
store_test!(an_expired_invitation_is_refused);

async fn the_invitation_answers_alike_whether_or_not_an_address_has_an_account(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let answer = |team: &'static str, email: &'static str| {
        let ctx = &ctx;
        let organiser = &organiser;
        async move {
            let team = ctx.team(north.id, team).await;
            let token = ctx.invite(team.id, organiser, Duration::days(7)).await;
            let path = format!("/invites/{}", token.as_str());
            let page = ctx
                .browser()
                .submit(
                    &path,
                    &[
                        ("email", email),
                        ("password", "copper kettle tuesday"),
                        ("confirm_password", "copper kettle tuesday"),
                    ],
                )
                .await;
            (team, page)
        }
    };
    let (crown, taken) = answer("The Crown", "org@example.org").await;
    let (bell, new) = answer("The Bell", "pat@example.org").await;
    // The same status and the same words, but for the names.
    assert_eq!((taken.status, new.status), (200, 200));
    let neutral = |page: &crate::support::Page, team: &fives::store::Team, email: &str| {
        let body = match page.csrf_token() {
            Some(token) => page.body.replace(&token, "CSRF"),
            None => page.body.clone(),
        };
        body.replace(&team.name, "TEAM")
            .replace(&format!("/teams/{}/", team.id), "/teams/ID/")
            .replace(email, "EMAIL")
    };
    assert_eq!(
        neutral(&taken, &crown, "org@example.org"),
        neutral(&new, &bell, "pat@example.org")
    );
    // The existing account is the Crown's captain, its password as it was.
    assert_eq!(
        ctx.store.captains_of(crown.id).await.unwrap(),
        vec![organiser]
    );
    ctx.browser().login_ok("org@example.org").await;
    assert_eq!(
        ctx.store.captains_of(bell.id).await.unwrap()[0].email,
        "pat@example.org"
    );
}
store_test!(the_invitation_answers_alike_whether_or_not_an_address_has_an_account);

async fn an_organiser_invites_another_organiser_through_the_api(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let south_organiser = ctx.user("south@example.org").await;
    ctx.organisation("south", &south_organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let captain = ctx.user("crown@example.org").await;
    ctx.make_captain(crown.id, &captain, &organiser).await;
    let token_of = |email: &'static str| {
        let browser = ctx.browser();
        async move {
            browser.login_ok(email).await;
            browser.make_api_token("invitations").await
        }
    };
    let invites = "/api/v1/organisations/north/organisers/invites";

    // Only north's organisers may; what is wrong with the address is said at its field.
    assert_eq!(
        ctx.api(None)
            .post(invites, serde_json::json!({}))
            .await
            .status,
        401
    );
    for email in ["crown@example.org", "south@example.org"] {
        let refused = ctx
            .api(Some(&token_of(email).await))
            .post(invites, serde_json::json!({}))
            .await;
        assert_eq!(refused.status, 403, "{email}: {:?}", refused.json);
    }
    let api = ctx.api(Some(&token_of("org@example.org").await));
    let refused = api
        .post(invites, serde_json::json!({"email": "not an address"}))
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(refused.problem_fields(), ["email"]);

    // Without mail, the link is in the answer alone, good for a week.
    let made = api
        .post(
            invites,
            serde_json::json!({"email": "treasurer@example.org"}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    assert_eq!(made.json["organisation"]["slug"], "north");
    assert!(made.json["mailed_to"].is_null(), "{:?}", made.json);
    let expires: chrono::DateTime<chrono::Utc> =
        made.json["expires_at"].as_str().unwrap().parse().unwrap();
    let week = expires - chrono::Utc::now();
    assert!(
        week > Duration::days(7) - Duration::minutes(1) && week <= Duration::days(7),
        "{week}"
    );
    let link = made.json["link"].as_str().unwrap();
    let path = link
        .strip_prefix(&ctx.address)
        .expect("a link to this site");
    assert!(path.starts_with("/organiser-invites/"), "{path}");

    // The link makes a newcomer an organiser of north, once.
    let newcomer = ctx.browser();
    let invitation = newcomer.get(path).await;
    assert_eq!(invitation.status, 200);
    assert!(
        invitation
            .body
            .contains("You are invited to be an organiser of The north league"),
        "{}",
        invitation.body
    );
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
    assert!(
        taken
            .body
            .contains("the account of treasurer@example.org is an organiser of The north league"),
        "{}",
        taken.body
    );
    assert_eq!(
        newcomer
            .login("treasurer@example.org", password)
            .await
            .status,
        303
    );
    assert_eq!(newcomer.get("/organise/north").await.status, 200);
    let again = ctx.browser().get(path).await;
    assert_eq!(again.status, 410);
}
store_test!(an_organiser_invites_another_organiser_through_the_api);
