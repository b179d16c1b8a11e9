//! An organiser invites a captain by a link that works once and expires.

use chrono::Duration;

store_test! {
    async fn a_newcomer_becomes_captain_through_an_invitation_link(ctx) {
        let organiser = ctx.user("org@example.org").await;
        let north = ctx.organisation("north", &organiser).await;
        let crown = ctx.team(north.id, "The Crown").await;
        let organiser_browser = ctx.browser();
        organiser_browser.login_ok("org@example.org").await;
        let page = organiser_browser.submit(&format!("/teams/{}/invites", crown.id), &[]).await;
        assert_eq!(page.status, 200);
        let prefix = format!("{}/invites/", ctx.address);
        let start = page.body.find(&prefix).expect("the page shows the link");
        let link = &page.body[start..start + prefix.len() + 64];
        let path = link.strip_prefix(&ctx.address).unwrap();

        let newcomer = ctx.browser();
        let invitation = newcomer.get(path).await;
        assert_eq!(invitation.status, 200);
        assert!(invitation.body.contains("captain of The Crown"), "{}", invitation.body);

        let page = newcomer
            .submit(path, &[("email", "pat@example.org"), ("password", "short"), ("confirm_password", "short")])
            .await;
        assert_eq!(page.status, 422);
        assert_eq!(page.error_message().as_deref(), Some("A password must be at least 10 characters long."));
        assert!(page.body.contains(r#"value="pat@example.org""#));

        let page = newcomer
            .submit(path, &[("email", "pat@example.org"), ("password", "password1234"), ("confirm_password", "password1234")])
            .await;
        assert_eq!(page.status, 422);
        assert!(page.error_message().unwrap().starts_with("That password is too easy to guess."));

        let page = newcomer
            .submit(path, &[("email", "pat@example.org"), ("password", "copper kettle tuesday"), ("confirm_password", "copper kettle tuesday")])
            .await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains("the account of pat@example.org is a captain of The Crown"), "{}", page.body);
        // They log in with the account, and look after the team.
        newcomer.login("pat@example.org", "copper kettle tuesday").await;
        let dashboard = newcomer.get("/dashboard").await;
        assert!(dashboard.body.contains("The Crown"), "{}", dashboard.body);
        assert_eq!(newcomer.get(&format!("/teams/{}/manage", crown.id)).await.status, 200);

        // The link works once.
        let again = ctx.browser().get(path).await;
        assert_eq!(again.status, 410);
        assert!(again.body.contains("already been used"));
    }
}

store_test! {
    async fn a_signed_in_person_accepts_with_their_account(ctx) {
        let organiser = ctx.user("org@example.org").await;
        let pat = ctx.user("pat@example.org").await;
        let north = ctx.organisation("north", &organiser).await;
        let crown = ctx.team(north.id, "The Crown").await;
        let token = ctx.invite(crown.id, &organiser, Duration::days(7)).await;
        let path = format!("/invites/{}", token.as_str());

        // The invitation's login link comes back to the invitation.
        let browser = ctx.browser();
        let invitation = browser.get(&path).await;
        assert!(invitation.body.contains(&format!(r#"href="/login?next={path}""#)), "{}", invitation.body);
        browser
            .submit("/login", &[("email", "pat@example.org"), ("password", crate::support::PASSWORD), ("next", &path)])
            .await
            .assert_redirect_to(&path);
        assert!(browser.get(&path).await.body.contains("Become a captain as pat@example.org"));
        browser.submit(&path, &[]).await.assert_redirect_to(&format!("/teams/{}/manage", crown.id));
        assert_eq!(ctx.store.captains_of(crown.id).await.unwrap(), vec![pat]);
    }
}

store_test! {
    async fn an_expired_invitation_is_refused(ctx) {
        let organiser = ctx.user("org@example.org").await;
        let north = ctx.organisation("north", &organiser).await;
        let crown = ctx.team(north.id, "The Crown").await;
        let token = ctx.invite(crown.id, &organiser, Duration::minutes(-1)).await;
        let path = format!("/invites/{}", token.as_str());

        let browser = ctx.browser();
        let page = browser.get(&path).await;
        assert_eq!(page.status, 410);
        assert!(page.body.contains("This invitation has expired."), "{}", page.body);
        let page = browser
            .submit(&path, &[("email", "pat@example.org"), ("password", "pats password"), ("confirm_password", "pats password")])
            .await;
        assert_eq!(page.status, 410);
        assert!(ctx.store.captains_of(crown.id).await.unwrap().is_empty());
        assert!(ctx.store.credentials(&"pat@example.org".try_into().unwrap()).await.unwrap().is_none());
    }
}

store_test! {
    async fn the_invitation_answers_alike_whether_or_not_an_address_has_an_account(ctx) {
        let organiser = ctx.user("org@example.org").await;
        let north = ctx.organisation("north", &organiser).await;
        let answer = |team: &'static str, email: &'static str| {
            let ctx = &ctx;
            let organiser = &organiser;
            async move {
                let team = ctx.team(north.id, team).await;
                let token = ctx.invite(team.id, organiser, Duration::days(7)).await;
                let path = format!("/invites/{}", token.as_str());
                let page = ctx.browser()
                    .submit(&path, &[("email", email), ("password", "copper kettle tuesday"), ("confirm_password", "copper kettle tuesday")])
                    .await;
                (team, page)
            }
        };
        let (crown, taken) = answer("The Crown", "org@example.org").await;
        let (bell, new) = answer("The Bell", "pat@example.org").await;
        // The same status and the same words, but for the names.
        assert_eq!((taken.status, new.status), (200, 200));
        let neutral = |body: &str, team: &fives::store::Team, email: &str| {
            body.replace(&team.name, "TEAM")
                .replace(&format!("/teams/{}/", team.id), "/teams/ID/")
                .replace(email, "EMAIL")
        };
        assert_eq!(neutral(&taken.body, &crown, "org@example.org"), neutral(&new.body, &bell, "pat@example.org"));
        // The existing account is the Crown's captain, its password as it was.
        assert_eq!(ctx.store.captains_of(crown.id).await.unwrap(), vec![organiser]);
        ctx.browser().login_ok("org@example.org").await;
        assert_eq!(ctx.store.captains_of(bell.id).await.unwrap()[0].email, "pat@example.org");
    }
}
