//! A submission key (the API's `Idempotency-Key`, the form's hidden key) makes a retry of the
//! same submission land once; the same key with another result, or from another person, is
//! refused rather than taken for the first.

use serde_json::json;

use crate::result_interruptions::form_fields;
use crate::results_league::{SLUG, results_league};
use crate::support::TestContext;

async fn the_same_idempotency_key_with_another_body_or_caller_is_409(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id;
    let home = ctx.browser();
    home.login_ok("captain@anchor.example.org").await;
    let away = ctx.browser();
    away.login_ok("captain@bell.example.org").await;
    let home_api = ctx.api(Some(&home.make_api_token("scorer").await));
    let away_api = ctx.api(Some(&away.make_api_token("scorer").await));
    let result = format!("/api/v1/organisations/{SLUG}/fixtures/{fixture}/result");
    let send = |api: &crate::support::ApiClient, body: serde_json::Value| {
        let request = api
            .client
            .post(format!("{}{result}", api.address))
            .bearer_auth(api.token.as_deref().unwrap())
            .header("Idempotency-Key", "match-night-1")
            .header("content-type", "application/json")
            .body(body.to_string());
        async move { crate::support::Reply::from(request.send().await.unwrap()).await }
    };

    let first = json!({"walkover": {"conceded_by": "away"}});
    let kept = send(&home_api, first.clone()).await;
    assert_eq!(kept.status, 201, "{:?}", kept.json);
    let again = send(&home_api, first.clone()).await;
    assert_eq!(
        again.status, 200,
        "the same request again is the same submission"
    );
    assert_eq!(again.json["version_id"], kept.json["version_id"]);

    let other_body = send(&home_api, json!({"walkover": {"conceded_by": "home"}})).await;
    assert_eq!(other_body.status, 409, "{:?}", other_body.json);
    let other_captain = send(&away_api, first).await;
    assert_eq!(other_captain.status, 409, "{:?}", other_captain.json);
    let versions = ctx.store.result_versions(fixture).await.unwrap();
    assert_eq!(versions.len(), 1);
    assert_eq!(versions[0].submitted_by, league.home_captain.id);
}
store_test!(the_same_idempotency_key_with_another_body_or_caller_is_409);

async fn a_forms_key_replayed_by_the_other_captain_is_refused(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id;
    let entry = format!("/leagues/{SLUG}/fixtures/{fixture}/result");
    let home = ctx.browser();
    home.login_ok("captain@anchor.example.org").await;
    let away = ctx.browser();
    away.login_ok("captain@bell.example.org").await;

    let mut fields = form_fields(&league.random_result(1).0);
    fields.push(("submission_key".to_string(), "form-key-1".to_string()));
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(home.submit(&entry, &pairs).await.status, 303);
    // A double tap: the same form again is the same submission.
    assert_eq!(home.submit(&entry, &pairs).await.status, 303);

    // The same key from the other captain, with another sheet, is not taken for it.
    let mut other = form_fields(&league.random_result(2).0);
    other.push(("submission_key".to_string(), "form-key-1".to_string()));
    let other: Vec<(&str, &str)> = other
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let replayed = away.submit(&entry, &other).await;
    assert_eq!(replayed.status, 409, "{}", replayed.body);
    assert!(
        replayed
            .body
            .contains("already used to submit another result")
    );
    assert_eq!(ctx.store.result_versions(fixture).await.unwrap().len(), 1);
}
store_test!(a_forms_key_replayed_by_the_other_captain_is_refused);
