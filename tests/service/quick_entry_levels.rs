//! The entry level a competition asks for: the organiser choosing it on the form and through
//! the API, and competitions kept before there were levels asking for every hand's score.

use fives::domain::entry_level::EntryLevel;
use serde_json::json;

use crate::quick_entry::{signed_in, text};
use crate::results_league::{SLUG, match_format, results_league};
use crate::support::TestContext;

async fn the_organiser_chooses_the_entry_level_on_the_form_and_through_the_api(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let secretary = signed_in(&ctx, &league.secretary).await;
    let token = secretary.make_api_token("setup").await;
    let api = ctx.api(Some(&token));
    // A competition made without a word on it asks for every hand's score, as before.
    let existing = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    assert_eq!(existing.entry_level, EntryLevel::Hands);
    let listed = api
        .get(&format!(
            "/api/v1/organisations/{SLUG}/competitions/{}",
            existing.id
        ))
        .await;
    assert_eq!(listed.json["entry_level"], json!("hands"));

    let form = secretary
        .get(&format!("/organise/{SLUG}/competitions"))
        .await;
    assert!(
        form.body.contains(r#"name="entry_level" value="final""#),
        "{}",
        form.body
    );
    let mut fields = crate::organiser_league::two_per_match_plus_one_per_game("Quick Cup");
    fields.push(("entry_level", "final".into()));
    let made = secretary
        .submit(
            &format!("/organise/{SLUG}/competitions"),
            &crate::organiser_league::as_pairs(&fields),
        )
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let body = json!({
        "name": "Pegs Cup",
        "ruleset": "fives-and-threes",
        "match_format": serde_json::to_value(match_format()).unwrap(),
        "entry_level": "pegs",
    });
    let reply = api
        .post(
            &format!("/api/v1/organisations/{SLUG}/competitions"),
            body.clone(),
        )
        .await;
    assert_eq!(reply.status, 201, "{:?}", reply.json);
    assert_eq!(reply.json["entry_level"], json!("pegs"));
    let competitions = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap();
    let level_of = |name: &str| {
        competitions
            .iter()
            .find(|c| c.name == name)
            .unwrap()
            .entry_level
    };
    let listed = secretary
        .get(&format!("/organise/{SLUG}/competitions"))
        .await;
    assert!(
        text(&listed).contains("captains enter the winner and the final score of each game"),
        "{}",
        listed.body
    );
    assert_eq!(
        (level_of("Quick Cup"), level_of("Pegs Cup")),
        (EntryLevel::Final, EntryLevel::Pegs)
    );

    // A level that is not one of the three is refused, and the document lists the three.
    let mut unknown = body;
    unknown["name"] = json!("Moves Cup");
    unknown["entry_level"] = json!("moves");
    assert_eq!(
        api.post(
            &format!("/api/v1/organisations/{SLUG}/competitions"),
            unknown
        )
        .await
        .status,
        400
    );
    let document = ctx.api(None).get("/api/v1/openapi.json").await;
    assert_eq!(
        document.json["components"]["schemas"]["EntryLevel"]["enum"],
        json!(["final", "hands", "pegs"])
    );
    let reply = api
        .put(
            &format!(
                "/api/v1/organisations/{SLUG}/competitions/{}/entry-level",
                existing.id
            ),
            json!({"entry_level": "final"}),
        )
        .await;
    assert_eq!(
        (reply.status, &reply.json["entry_level"]),
        (200, &json!("final"))
    );
    let seasons = secretary
        .get(&format!(
            "/organise/{SLUG}/competitions/{}/seasons",
            existing.id
        ))
        .await;
    assert!(
        seasons.body.contains(r#"value="final" checked"#),
        "{}",
        seasons.body
    );
}
store_test!(the_organiser_chooses_the_entry_level_on_the_form_and_through_the_api);

async fn competitions_kept_before_entry_levels_ask_for_every_hand_s_score(ctx: TestContext) {
    use std::borrow::Cow;
    use std::sync::Arc;

    use fives::store::{PostgresStore, SqliteStore, Store};
    use sqlx::Connection;
    use sqlx::migrate::Migrator;

    // A database migrated to just before entry levels, holding a competition.
    let dialect = match ctx.backend {
        crate::support::Backend::Sqlite => "sqlite",
        crate::support::Backend::Postgres => "postgres",
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
        .filter(|migration| migration.version < 20261126000200)
        .cloned()
        .collect();
    let earlier = Migrator {
        migrations: Cow::Owned(before),
        ..Migrator::DEFAULT
    };
    let insert_organisation = "INSERT INTO organisations (slug, name, created_at) \
             VALUES ('old', 'Old League', $1) RETURNING id";
    let insert_competition = "INSERT INTO competitions \
             (organisation_id, name, ruleset, match_format, created_at) \
             VALUES ($1, 'Winter League', '\"fives-and-threes\"', $2, $3)";
    let format = serde_json::to_string(&match_format()).unwrap();
    let now = chrono::Utc::now();
    let store: Arc<dyn Store> = match ctx.backend {
        crate::support::Backend::Sqlite => {
            let path = ctx.data_dir.join("before-levels.db");
            let url = format!("sqlite://{}?mode=rwc", path.display());
            let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
            earlier.run(&pool).await.unwrap();
            let organisation: i64 = sqlx::query_scalar(insert_organisation)
                .bind(now)
                .fetch_one(&pool)
                .await
                .unwrap();
            sqlx::query(insert_competition)
                .bind(organisation)
                .bind(&format)
                .bind(now)
                .execute(&pool)
                .await
                .unwrap();
            pool.close().await;
            Arc::new(SqliteStore::open_file(&path).await.unwrap())
        }
        crate::support::Backend::Postgres => {
            // A schema of the test's database of its own, as a database of its own would be.
            let base = ctx.database_url.clone().unwrap();
            let mut connection = sqlx::PgConnection::connect(&base).await.unwrap();
            sqlx::query("CREATE SCHEMA before_levels")
                .execute(&mut connection)
                .await
                .unwrap();
            connection.close().await.unwrap();
            let url = format!("{base}?options=-csearch_path%3Dbefore_levels");
            let pool = sqlx::PgPool::connect(&url).await.unwrap();
            earlier.run(&pool).await.unwrap();
            let organisation: i64 = sqlx::query_scalar(insert_organisation)
                .bind(now)
                .fetch_one(&pool)
                .await
                .unwrap();
            sqlx::query(insert_competition)
                .bind(organisation)
                .bind(&format)
                .bind(now)
                .execute(&pool)
                .await
                .unwrap();
            pool.close().await;
            Arc::new(PostgresStore::connect(&url).await.unwrap())
        }
    };
    // The service's own migration brings it up to date.
    store.migrate().await.unwrap();
    let organisation = store.organisation_by_slug("old").await.unwrap().unwrap();
    let competitions = store.competitions_of(organisation.id).await.unwrap();
    assert_eq!(competitions.len(), 1);
    assert_eq!(competitions[0].entry_level, EntryLevel::Hands);
}
store_test!(competitions_kept_before_entry_levels_ask_for_every_hand_s_score);
