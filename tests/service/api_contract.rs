//! What the API promises its callers: a refused request names each field at fault, and the
//! OpenAPI document describes every endpoint the source declares, and only those.

use std::collections::BTreeSet;

use serde_json::json;

use crate::api::{
    division_through_api, id_of, organiser_with_token, two_per_match_plus_one_per_game,
};
use crate::support::TestContext;

async fn refused_requests_name_each_field_at_fault(ctx: TestContext) {
    let (_, token) = organiser_with_token(&ctx, "sec@example.org", "north").await;
    let api = ctx.api(Some(&token));
    let base = "/api/v1/organisations/north";

    let mut format = two_per_match_plus_one_per_game();
    format["legs"][0]["games"] = json!(0);
    format["legs"][1]["target"] = json!(100);
    format["points"]["per_match_drawn"] = json!(3);
    format["walkover"] = json!({"winner_games": 0, "loser_games": 0});
    let refused = api
        .post(
            &format!("{base}/competitions"),
            json!({"name": " ", "ruleset": "snap", "match_format": format}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    let fields = refused.problem_fields();
    for field in [
        "name",
        "ruleset",
        "match_format.legs[0].games",
        "match_format.legs[1].target",
        "match_format.points.per_match_drawn",
        "match_format.walkover",
    ] {
        assert!(fields.iter().any(|f| f == field), "{field} in {fields:?}");
    }
    assert_eq!(
        refused.problem_at("match_format.legs[0].games").as_deref(),
        Some("Leg 1 has no games; a leg has at least one.")
    );
    assert_eq!(
        refused
            .problem_at("match_format.points.per_match_drawn")
            .as_deref(),
        Some("A drawn match (3 points) cannot be worth more than a win (2 points).")
    );
    assert_eq!(
        refused.problem_at("match_format.legs[1].target").as_deref(),
        Some("Choose 61 (once round the board) or 121 (twice).")
    );
    let organisation = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    assert!(
        ctx.store
            .competitions_of(organisation.id)
            .await
            .unwrap()
            .is_empty()
    );

    // A body of the wrong shape is a 400 that says what is missing.
    let shapeless = api
        .post(&format!("{base}/competitions"), json!({"name": "Winter"}))
        .await;
    assert_eq!(shapeless.status, 400);
    assert!(
        shapeless.json["error"]
            .as_str()
            .unwrap()
            .contains("ruleset"),
        "{:?}",
        shapeless.json
    );

    // A name already used is a conflict at the name.
    let division = division_through_api(&api, "north").await;
    let again = api
        .post(
            &format!("{base}/competitions"),
            json!({"name": "Winter League", "ruleset": "fives-and-threes",
                       "match_format": two_per_match_plus_one_per_game()}),
        )
        .await;
    assert_eq!(again.status, 409, "{:?}", again.json);
    assert_eq!(
        again.problem_at("name").as_deref(),
        Some("The north league already has a competition called Winter League.")
    );

    let competition = ctx.store.competitions_of(organisation.id).await.unwrap()[0].id;
    let season = api
        .post(
            &format!("{base}/competitions/{competition}/seasons"),
            json!({"name": "2027", "start": "1 Sept", "league_night": "Funday",
                       "blackout_dates": ["2027-12-25", "soon"]}),
        )
        .await;
    assert_eq!(season.status, 422);
    assert_eq!(
        season.problem_at("start").as_deref(),
        Some("Enter the start date as year-month-day, such as 2026-09-01.")
    );
    assert_eq!(
        season.problem_at("league_night").as_deref(),
        Some("Choose the night of the week the league plays.")
    );
    assert!(
        season
            .problem_at("blackout_dates[1]")
            .unwrap()
            .contains("\"soon\"")
    );
    let blackout = api
        .post(
            &format!("{base}/competitions/{competition}/seasons"),
            json!({"name": "2027", "start": "2027-09-07", "league_night": "Tuesday",
                       "blackout_dates": ["2027-12-23"]}),
        )
        .await;
    assert_eq!(blackout.status, 422);
    assert_eq!(
        blackout.problem_at("blackout_dates").as_deref(),
        Some("The blackout date 2027-12-23 is a Thursday, not the league night (Tuesday).")
    );

    // A division of one team makes no fixtures, and says why at the field.
    let team = api
        .post(&format!("{base}/teams"), json!({"name": "Anchor"}))
        .await;
    api.post(
        &format!("{base}/divisions/{division}/teams"),
        json!({"team_id": id_of(&team)}),
    )
    .await;
    let fixtures = api
        .post(
            &format!("{base}/divisions/{division}/fixtures"),
            json!({"legs": "double"}),
        )
        .await;
    assert_eq!(fixtures.status, 422);
    assert_eq!(
        fixtures.problem_at("legs").as_deref(),
        Some("Premier needs at least two teams to make fixtures; it has 1.")
    );
    let twice = api
        .post(
            &format!("{base}/divisions/{division}/teams"),
            json!({"team_id": id_of(&team)}),
        )
        .await;
    assert_eq!(twice.status, 409);
    assert_eq!(twice.problem_fields(), ["team_id"]);

    let venue = api
        .put(
            &format!("{base}/teams/{}/venue", id_of(&team)),
            json!({"name": "", "address": " ", "night": "Caturday"}),
        )
        .await;
    assert_eq!(venue.status, 422);
    assert_eq!(venue.problem_fields(), ["name", "address", "night"]);
}
store_test!(refused_requests_name_each_field_at_fault);

/// The Rust files under `folder`, its subfolders' included.
fn rust_files_under(folder: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files_under(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
    files
}

/// Every endpoint the API's source declares, as (METHOD, path), read from the route
/// attributes of its handlers.
fn declared_routes() -> BTreeSet<(String, String)> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web/api");
    let mut routes = BTreeSet::new();
    for file in rust_files_under(&folder) {
        let source = std::fs::read_to_string(file).unwrap();
        for line in source.lines().map(str::trim) {
            for method in ["get", "post", "put", "delete", "patch"] {
                if let Some(rest) = line.strip_prefix(&format!("#[{method}(\"")) {
                    let path = &rest[..rest.find('"').unwrap()];
                    routes.insert((method.to_uppercase(), path.to_string()));
                }
            }
        }
    }
    routes
}

async fn the_openapi_document_describes_every_endpoint_and_only_those(ctx: TestContext) {
    let api = ctx.api(None);
    let reply = api.get("/api/v1/openapi.json").await;
    assert_eq!(reply.status, 200);
    let document = reply.json;
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));
    assert_eq!(
        document["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    for schema in [
        "ErrorBody",
        "Problem",
        "MatchFormat",
        "FixtureView",
        "TeamView",
    ] {
        assert!(
            document["components"]["schemas"].get(schema).is_some(),
            "{schema} is described"
        );
    }

    let mut documented = BTreeSet::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let method = method.to_uppercase();
            // Every change says it needs the bearer token, but a table's result and hands
            // entered through the table's link: the link is its own key, and needs no account.
            let keyed_by_link = path.starts_with("/api/v1/tables/{link}/");
            if method != "GET" && !keyed_by_link {
                assert!(
                    operation["security"]
                        .as_array()
                        .is_some_and(|s| s.iter().any(|r| r.get("bearer").is_some())),
                    "{method} {path} names the bearer token"
                );
            }
            documented.insert((method, path.clone()));
        }
    }
    let declared = declared_routes();
    assert!(declared.len() >= 25, "{declared:?}");
    assert_eq!(
        documented, declared,
        "the document and the handlers list the same endpoints"
    );

    // And the running service answers each of them (not its "no such endpoint").
    for (method, path) in &documented {
        let concrete = path.replace("{slug}", "nowhere").replace("{id}", "999999");
        let reply = api
            .send(
                reqwest::Method::from_bytes(method.as_bytes()).unwrap(),
                &concrete,
                (method != "GET" && method != "DELETE").then(|| json!({})),
            )
            .await;
        assert!(
            reply.content_type.starts_with("application/json"),
            "{method} {path}"
        );
        assert_ne!(
            reply.json["error"],
            fives::web::api::NO_SUCH_ENDPOINT,
            "{method} {path} is registered"
        );
    }
    let unknown = api.get("/api/v1/organisations/nowhere/trophies").await;
    assert_eq!(unknown.status, 404);
    assert_eq!(unknown.json["error"], fives::web::api::NO_SUCH_ENDPOINT);
    // An id that is not a number names nothing, and the API still answers JSON.
    let not_a_number = api.get("/api/v1/organisations/nowhere/teams/abc").await;
    assert_eq!(not_a_number.status, 404);
    assert!(not_a_number.content_type.starts_with("application/json"));
}
store_test!(the_openapi_document_describes_every_endpoint_and_only_those);
