//! Captains act for their own team only, organisers for their own organisation only, and
//! everyone else is public. Refusals are 403 and change nothing.

use fives::store::{Organisation, Team, User};

use crate::support::TestContext;

/// Two organisations: North with the Crown and the Anchor, South with the Bell. Each has its
/// own organiser; the Crown has a captain.
struct Leagues {
    north: Organisation,
    crown: Team,
    anchor: Team,
    bell: Team,
    admin: User,
}

async fn leagues(ctx: &TestContext) -> Leagues {
    let admin = ctx.admin("admin@example.org").await;
    let north_organiser = ctx.user("north@example.org").await;
    let south_organiser = ctx.user("south@example.org").await;
    let captain = ctx.user("crown@example.org").await;
    let north = ctx.organisation("north", &north_organiser).await;
    let south = ctx.organisation("south", &south_organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let anchor = ctx.team(north.id, "The Anchor").await;
    let bell = ctx.team(south.id, "The Bell").await;
    ctx.make_captain(crown.id, &captain, &north_organiser).await;
    Leagues {
        north,
        crown,
        anchor,
        bell,
        admin,
    }
}

async fn contact_of(ctx: &TestContext, team: &Team) -> String {
    ctx.store.team(team.id).await.unwrap().unwrap().contact
}

async fn a_captain_acts_for_their_own_team_only(ctx: TestContext) {
    let leagues = leagues(&ctx).await;
    let captain = ctx.browser();
    captain.login_ok("crown@example.org").await;

    let own = format!("/teams/{}/contact", leagues.crown.id);
    captain
        .submit(&own, &[("contact", "Ring Pat")])
        .await
        .assert_redirect_to(&format!("/teams/{}/manage", leagues.crown.id));
    assert_eq!(contact_of(&ctx, &leagues.crown).await, "Ring Pat");
    assert_eq!(
        captain
            .get(&format!("/teams/{}/manage", leagues.crown.id))
            .await
            .status,
        200
    );

    // Another team in the same organisation, and a team in another organisation.
    for team in [&leagues.anchor, &leagues.bell] {
        let page = captain
            .submit(
                &format!("/teams/{}/contact", team.id),
                &[("contact", "Hijacked")],
            )
            .await;
        assert_eq!(page.status, 403, "{}", team.name);
        assert!(page.body.contains("Not allowed"));
        assert_eq!(contact_of(&ctx, team).await, "");
        assert_eq!(
            captain
                .get(&format!("/teams/{}/manage", team.id))
                .await
                .status,
            403
        );
    }

    // Organisers' actions, even in the captain's own organisation.
    assert_eq!(
        captain
            .submit("/organise/north/teams", &[("name", "Captain's Team")])
            .await
            .status,
        403
    );
    assert_eq!(captain.get("/organise/north").await.status, 403);
    assert_eq!(
        captain
            .submit(&format!("/teams/{}/invites", leagues.crown.id), &[])
            .await
            .status,
        403
    );
    assert_eq!(captain.get("/admin").await.status, 403);
    assert_eq!(ctx.store.teams_in(leagues.north.id).await.unwrap().len(), 2);
}
store_test!(a_captain_acts_for_their_own_team_only);

async fn an_organiser_acts_for_their_own_organisation_only(ctx: TestContext) {
    let leagues = leagues(&ctx).await;
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;

    assert_eq!(organiser.get("/organise/north").await.status, 200);
    organiser
        .submit("/organise/north/teams", &[("name", "The Plough")])
        .await
        .assert_redirect_to("/organise/north");
    organiser
        .submit(
            &format!("/teams/{}/contact", leagues.anchor.id),
            &[("contact", "Ask at the bar")],
        )
        .await;
    assert_eq!(contact_of(&ctx, &leagues.anchor).await, "Ask at the bar");
    assert_eq!(
        organiser
            .submit(&format!("/teams/{}/invites", leagues.anchor.id), &[])
            .await
            .status,
        200
    );

    assert_eq!(organiser.get("/organise/south").await.status, 403);
    assert_eq!(
        organiser
            .submit("/organise/south/teams", &[("name", "Intruders")])
            .await
            .status,
        403
    );
    assert_eq!(
        organiser
            .submit(
                &format!("/teams/{}/contact", leagues.bell.id),
                &[("contact", "Hijacked")]
            )
            .await
            .status,
        403
    );
    assert_eq!(
        organiser
            .submit(&format!("/teams/{}/invites", leagues.bell.id), &[])
            .await
            .status,
        403
    );
    assert_eq!(
        organiser
            .get(&format!("/teams/{}/manage", leagues.bell.id))
            .await
            .status,
        403
    );
    assert_eq!(organiser.get("/admin").await.status, 403);

    let south = ctx
        .store
        .organisation_by_slug("south")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        ctx.store.teams_in(south.id).await.unwrap(),
        vec![leagues.bell.clone()]
    );
    assert_eq!(contact_of(&ctx, &leagues.bell).await, "");
}
store_test!(an_organiser_acts_for_their_own_organisation_only);

async fn the_public_is_sent_to_log_in_and_changes_nothing(ctx: TestContext) {
    let leagues = leagues(&ctx).await;
    let public = ctx.browser();
    public
        .get(&format!("/teams/{}/manage", leagues.crown.id))
        .await
        .assert_redirect_to(&format!(
            "/login?next=%2Fteams%2F{}%2Fmanage",
            leagues.crown.id
        ));
    public
        .get("/organise/north")
        .await
        .assert_redirect_to("/login?next=%2Forganise%2Fnorth");
    public
        .get("/admin")
        .await
        .assert_redirect_to("/login?next=%2Fadmin");
    // A form posted without a session cannot be repeated by a redirect, so it does not
    // come back to it.
    public
        .submit(
            &format!("/teams/{}/contact", leagues.crown.id),
            &[("contact", "Hijacked")],
        )
        .await
        .assert_redirect_to("/login");
    public
        .submit("/organise/north/teams", &[("name", "Anon")])
        .await
        .assert_redirect_to("/login");
    assert_eq!(contact_of(&ctx, &leagues.crown).await, "");
    assert_eq!(ctx.store.teams_in(leagues.north.id).await.unwrap().len(), 2);
}
store_test!(the_public_is_sent_to_log_in_and_changes_nothing);

async fn a_site_admin_creates_organisations_with_checked_input(ctx: TestContext) {
    let leagues = leagues(&ctx).await;
    let admin = ctx.browser();
    admin.login_ok(&leagues.admin.email).await;
    assert!(
        admin
            .get("/dashboard")
            .await
            .body
            .contains(r#"href="/admin""#)
    );
    assert_eq!(admin.get("/admin").await.status, 200);

    let page = admin
        .submit(
            "/admin/organisations",
            &[
                ("name", "East"),
                ("slug", "East League"),
                ("organiser_email", "north@example.org"),
            ],
        )
        .await;
    assert_eq!(page.status, 422);
    assert!(
        page.body
            .contains("A short name uses only lower-case letters"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(r#"value="East League""#),
        "the form keeps what was typed"
    );

    let page = admin
        .submit(
            "/admin/organisations",
            &[
                ("name", "East"),
                ("slug", "east"),
                ("organiser_email", "nobody@example.org"),
            ],
        )
        .await;
    assert_eq!(page.status, 422);
    assert!(
        page.body
            .contains("No account has the email address nobody@example.org"),
        "{}",
        page.body
    );

    let page = admin
        .submit(
            "/admin/organisations",
            &[
                ("name", "East"),
                ("slug", "north"),
                ("organiser_email", "north@example.org"),
            ],
        )
        .await;
    assert_eq!(page.status, 422);
    assert!(
        page.body
            .contains("Another organisation already has that short name.")
    );

    // Every problem at once: a name too long, a short name taken, an address with no account.
    let long_name = "E".repeat(fives::domain::organisation::DisplayName::MAX_CHARS + 1);
    let page = admin
        .submit(
            "/admin/organisations",
            &[
                ("name", &long_name),
                ("slug", "north"),
                ("organiser_email", "nobody@example.org"),
            ],
        )
        .await;
    assert_eq!(page.status, 422);
    for problem in [
        "characters",
        "Another organisation already has that short name.",
        "No account has the email address nobody@example.org",
    ] {
        assert!(page.body.contains(problem), "{problem}: {}", page.body);
    }
    let summary = &page.body[page.body.find("error-summary").unwrap()..];
    let summary = &summary[..summary.find("</div>").unwrap()];
    assert_eq!(summary.matches("<li>").count(), 3, "{summary}");
    assert!(
        ctx.store
            .organisation_by_slug("east")
            .await
            .unwrap()
            .is_none()
    );

    admin
        .submit(
            "/admin/organisations",
            &[
                ("name", "East"),
                ("slug", "east"),
                ("organiser_email", "south@example.org"),
            ],
        )
        .await
        .assert_redirect_to("/organise/east");
    let south_organiser = ctx.browser();
    south_organiser.login_ok("south@example.org").await;
    assert_eq!(south_organiser.get("/organise/east").await.status, 200);
}
store_test!(a_site_admin_creates_organisations_with_checked_input);

async fn team_input_is_checked(ctx: TestContext) {
    let leagues = leagues(&ctx).await;
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let page = organiser
        .submit("/organise/north/teams", &[("name", "The Crown")])
        .await;
    assert_eq!(page.status, 422);
    assert_eq!(
        page.error_message().as_deref(),
        Some("The north league already has a team called The Crown.")
    );
    let page = organiser
        .submit("/organise/north/teams", &[("name", "  ")])
        .await;
    assert_eq!(page.status, 422);
    assert_eq!(page.error_message().as_deref(), Some("Enter a name."));
    let long = "x".repeat(501);
    let page = organiser
        .submit(
            &format!("/teams/{}/contact", leagues.crown.id),
            &[("contact", &long)],
        )
        .await;
    assert_eq!(page.status, 422);
    assert_eq!(
        page.error_message().as_deref(),
        Some("Contact details are at most 500 characters long.")
    );
    assert_eq!(ctx.store.teams_in(leagues.north.id).await.unwrap().len(), 2);
}
store_test!(team_input_is_checked);
