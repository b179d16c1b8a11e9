//! Input that reaches the store only to be refused there, or to be kept when it should not:
//! a NUL character, names that differ only in case, addresses that look like another's, and a
//! body of the wrong shape from a caller not yet known.

use std::borrow::Cow;
use std::sync::Arc;

use chrono::Duration;
use serde_json::json;

use crate::support::{Backend, TestContext};
use fives::store::{PostgresStore, SqliteStore, Store};

async fn organiser_with_token(ctx: &TestContext, email: &str, slug: &str) -> String {
    let user = ctx.user(email).await;
    ctx.organisation(slug, &user).await;
    let browser = ctx.browser();
    browser.login_ok(email).await;
    browser.make_api_token("hardening").await
}

async fn a_nul_character_in_an_address_or_a_field_is_refused_before_the_store(ctx: TestContext) {
    let token = organiser_with_token(&ctx, "sec@example.org", "north").await;
    // In the address: nothing is there.
    for path in [
        "/leagues/%00",
        "/leagues/north%00",
        "/leagues/north?page=%00",
    ] {
        let page = ctx.browser().get(path).await;
        assert_eq!(page.status, 404, "{path}: {}", page.body);
    }
    let reply = ctx.api(None).get("/api/v1/organisations/%00").await;
    assert_eq!(reply.status, 404, "{:?}", reply.json);
    assert_eq!(
        ctx.api(None)
            .get("/api/v1/organisations/%00/teams")
            .await
            .status,
        404
    );

    // In a JSON field: said at the field.
    let api = ctx.api(Some(&token));
    let reply = api
        .post(
            "/api/v1/organisations/north/teams",
            json!({"name": "The\u{0}Anchor"}),
        )
        .await;
    assert_eq!(reply.status, 422, "{:?}", reply.json);
    assert!(
        reply.problem_at("name").unwrap().contains("NUL character"),
        "{:?}",
        reply.json
    );
    let reply = api
        .post(
            "/api/v1/organisations/north/players",
            json!({"name": "\u{0}"}),
        )
        .await;
    assert_eq!(reply.status, 422, "{:?}", reply.json);

    // In a form's field: said on the page.
    let organiser = ctx.browser();
    organiser.login_ok("sec@example.org").await;
    let page = organiser
        .submit("/organise/north/teams", &[("name", "The\u{0}Anchor")])
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(page.body.contains("NUL character"), "{}", page.body);
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    assert!(ctx.store.teams_in(north.id).await.unwrap().is_empty());
}
store_test!(a_nul_character_in_an_address_or_a_field_is_refused_before_the_store);

async fn an_api_body_of_the_wrong_shape_is_answered_after_its_token_is_checked(ctx: TestContext) {
    let token = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let path = "/api/v1/organisations/north/teams";
    for body in [json!([1]), json!({"name": 7}), json!("text")] {
        let anonymous = ctx.api(None).post(path, body.clone()).await;
        assert_eq!(anonymous.status, 401, "{body}: {:?}", anonymous.json);
        let mistyped = ctx.api(Some("not-a-token")).post(path, body.clone()).await;
        assert_eq!(mistyped.status, 401, "{body}: {:?}", mistyped.json);
        let known = ctx.api(Some(&token)).post(path, body.clone()).await;
        assert_eq!(known.status, 400, "{body}: {:?}", known.json);
    }
    // An array where the document has an object is refused, even where every field may be
    // left out.
    let invites = "/api/v1/organisations/north/organisers/invites";
    let reply = ctx.api(Some(&token)).post(invites, json!([])).await;
    assert_eq!(reply.status, 400, "{:?}", reply.json);
    assert_eq!(ctx.api(None).post(invites, json!([])).await.status, 401);
    // A body that is no JSON at all, the same.
    let client = ctx.api(None);
    let response = client
        .client
        .post(format!("{}{path}", ctx.address))
        .header("content-type", "application/json")
        .body("{")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 401);
}
store_test!(an_api_body_of_the_wrong_shape_is_answered_after_its_token_is_checked);

async fn names_differing_only_in_case_are_one_name(ctx: TestContext) {
    let token = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let api = ctx.api(Some(&token));
    let base = "/api/v1/organisations/north";
    let made = api
        .post(&format!("{base}/teams"), json!({"name": "Red Lion"}))
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    for other in ["red lion", "RED LION", "Red  lion"] {
        let refused = api
            .post(&format!("{base}/teams"), json!({"name": other}))
            .await;
        assert_eq!(refused.status, 409, "{other}: {:?}", refused.json);
        assert!(
            refused.problem_at("name").unwrap().contains("Red Lion"),
            "{:?}",
            refused.json
        );
    }
    let player = api
        .post(&format!("{base}/players"), json!({"name": "Sam Smith"}))
        .await;
    assert_eq!(player.status, 201, "{:?}", player.json);
    // Two players may share a name, written the same way, but not a name in another case.
    let namesake = api
        .post(&format!("{base}/players"), json!({"name": "Sam Smith"}))
        .await;
    assert_eq!(namesake.status, 201, "{:?}", namesake.json);
    let refused = api
        .post(&format!("{base}/players"), json!({"name": "sam smith"}))
        .await;
    assert_eq!(refused.status, 409, "{:?}", refused.json);
    assert!(
        refused.problem_at("name").unwrap().contains("Sam Smith"),
        "{:?}",
        refused.json
    );
}
store_test!(names_differing_only_in_case_are_one_name);

async fn names_kept_before_skeletons_folded_case_get_the_new_skeleton(ctx: TestContext) {
    use sqlx::Connection;
    use sqlx::migrate::Migrator;

    // A database migrated to just before skeletons folded case, holding two teams whose
    // names differ only in case (both were accepted then) and a championship.
    let dialect = match ctx.backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let every = Migrator::new(std::path::Path::new(&format!(
        "{}/migrations/{dialect}",
        env!("CARGO_MANIFEST_DIR")
    )))
    .await
    .unwrap();
    let before: Vec<_> = every
        .migrations
        .iter()
        .filter(|migration| migration.version < 20261127001000)
        .cloned()
        .collect();
    let earlier = Migrator {
        migrations: Cow::Owned(before),
        ..Migrator::DEFAULT
    };
    let url = match ctx.backend {
        Backend::Sqlite => {
            let path = ctx.data_dir.join("before-folding.db");
            format!("sqlite://{}?mode=rwc", path.display())
        }
        Backend::Postgres => {
            let base = ctx.database_url.clone().unwrap();
            let mut connection = sqlx::PgConnection::connect(&base).await.unwrap();
            sqlx::query("CREATE SCHEMA before_folding")
                .execute(&mut connection)
                .await
                .unwrap();
            connection.close().await.unwrap();
            format!("{base}?options=-csearch_path%3Dbefore_folding")
        }
    };
    let now = chrono::Utc::now();
    let insert_organisation = "INSERT INTO organisations (slug, name, created_at) \
             VALUES ('old', 'Old League', $1) RETURNING id";
    let insert_team = "INSERT INTO teams (organisation_id, name, name_skeleton, created_at) \
             VALUES ($1, $2, $2, $3)";
    macro_rules! fill {
        ($pool:expr) => {{
            let pool = $pool;
            earlier.run(&pool).await.unwrap();
            let organisation: i64 = sqlx::query_scalar(insert_organisation)
                .bind(now)
                .fetch_one(&pool)
                .await
                .unwrap();
            // The skeletons of the old function: these names are their own.
            for name in ["Red Lion", "red lion"] {
                sqlx::query(insert_team)
                    .bind(organisation)
                    .bind(name)
                    .bind(now)
                    .execute(&pool)
                    .await
                    .unwrap();
            }
            pool.close().await;
        }};
    }
    let store: Arc<dyn Store> = match ctx.backend {
        Backend::Sqlite => {
            fill!(sqlx::SqlitePool::connect(&url).await.unwrap());
            Arc::new(
                SqliteStore::open_file(&ctx.data_dir.join("before-folding.db"))
                    .await
                    .unwrap(),
            )
        }
        Backend::Postgres => {
            fill!(sqlx::PgPool::connect(&url).await.unwrap());
            Arc::new(PostgresStore::connect(&url).await.unwrap())
        }
    };
    // The service's own migration computes every skeleton again: both teams stay, and a
    // new name of their look is refused as looking like the older.
    store.migrate().await.unwrap();
    let organisation = store.organisation_by_slug("old").await.unwrap().unwrap();
    let teams = store.teams_in(organisation.id).await.unwrap();
    assert_eq!(teams.len(), 2);
    let name = fives::domain::organisation::DisplayName::try_from("RED LION").unwrap();
    match store.create_team(organisation.id, &name, now).await {
        Err(fives::store::StoreError::NameLooksLike { existing }) => {
            assert_eq!(existing, "Red Lion")
        }
        other => panic!("{other:?}"),
    }
    // Migrating again changes nothing.
    store.migrate().await.unwrap();
    assert_eq!(store.teams_in(organisation.id).await.unwrap().len(), 2);
}
store_test!(names_kept_before_skeletons_folded_case_get_the_new_skeleton);

async fn a_look_alike_address_makes_no_second_account(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    ctx.user("sam-jones@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let take_up = |email: &'static str| {
        let ctx = &ctx;
        let organiser = &organiser;
        async move {
            let token = ctx.invite(crown.id, organiser, Duration::days(7)).await;
            let path = format!("/invites/{}", token.as_str());
            ctx.browser()
                .submit(
                    &path,
                    &[
                        ("email", email),
                        ("password", "copper kettle tuesday"),
                        ("confirm_password", "copper kettle tuesday"),
                    ],
                )
                .await
        }
    };
    // A Unicode hyphen, a Cyrillic a among Latin letters, a zero-width space, and a
    // local part all in Cyrillic letters that look Latin.
    ctx.user("ape@example.org").await;
    for (look_alike, said) in [
        (
            "sam\u{2010}jones@example.org",
            "looks the same as another account",
        ),
        (
            "s\u{430}m-jones@example.org",
            "mixes letters of different alphabets",
        ),
        ("sam-jo\u{200b}nes@example.org", "shows nothing"),
        (
            "\u{430}\u{440}\u{435}@example.org",
            "looks the same as another account",
        ),
    ] {
        let page = take_up(look_alike).await;
        assert_eq!(page.status, 422, "{look_alike:?}: {}", page.body);
        assert!(
            page.error_message().unwrap().contains(said),
            "{look_alike:?}: {:?}",
            page.error_message()
        );
    }
    assert!(ctx.store.captains_of(crown.id).await.unwrap().is_empty());
    // Full-width letters are the plain address: its account becomes the captain.
    let page = take_up("\u{ff53}am-jones@example.org").await;
    assert_eq!(page.status, 200, "{}", page.body);
    let captains = ctx.store.captains_of(crown.id).await.unwrap();
    assert_eq!(captains.len(), 1);
    assert_eq!(captains[0].email, "sam-jones@example.org");
    // Logging in with a look-alike finds no account.
    let page = ctx
        .browser()
        .login("sam\u{2010}jones@example.org", crate::support::PASSWORD)
        .await;
    assert_ne!(page.status, 303, "{}", page.body);
}
store_test!(a_look_alike_address_makes_no_second_account);
