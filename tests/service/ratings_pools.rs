//! Players' ratings as the league publishes them, on both stores: a confirmed result rates its
//! players, a correction moves them again, and the published games document run through
//! `fives ratings` gives exactly the published ratings, page, CSV and API alike.

use serde_json::{Value, json};

use crate::command_line::fives;
use crate::results_league::{SLUG, results_league};
use crate::support::TestContext;

/// `fives ratings` on the published document, as CSV lines as the service writes them.
fn rerun(document: &str, names: &Value) -> Vec<String> {
    let output = fives(&["ratings"], document);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    answer["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            let id = line["id"].as_str().unwrap();
            format!(
                "{},{id},{},{},{},{},{}",
                names[id].as_str().unwrap_or(id),
                line["rating"],
                line["low"],
                line["high"],
                line["games"],
                line["provisional"]
            )
        })
        .collect()
}

/// Each rated player's name by their id in the document, from the API's pool.
fn names_of(pool: &Value) -> Value {
    pool["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            (
                line["id"].as_str().unwrap().to_string(),
                line["player"].clone(),
            )
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

async fn a_confirmed_result_rates_its_players_as_anyone_can_check(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id;
    let client_of = |email: String| {
        let ctx = &ctx;
        async move {
            let browser = ctx.browser();
            browser.login_ok(&email).await;
            ctx.api(Some(&browser.make_api_token("ratings").await))
        }
    };
    let home = client_of(league.home_captain.email.clone()).await;
    let away = client_of(league.away_captain.email.clone()).await;
    let public = ctx.api(None);
    let pools = public
        .get(&format!("/api/v1/organisations/{SLUG}/ratings"))
        .await;
    assert_eq!(pools.status, 200, "{:?}", pools.json);
    assert_eq!(
        pools.json,
        json!([]),
        "nobody is rated before a confirmed game"
    );

    let path = format!("/api/v1/organisations/{SLUG}/fixtures/{fixture}/result");
    let (sheet, checked) = league.random_result(5);
    let submitted = home.post(&path, crate::api_results::body_of(&sheet)).await;
    assert_eq!(submitted.status, 201, "{:?}", submitted.json);
    let awaiting = public
        .get(&format!("/api/v1/organisations/{SLUG}/ratings"))
        .await;
    assert_eq!(
        awaiting.json,
        json!([]),
        "an unconfirmed result rates nobody"
    );
    // A visitor to the fixture is told that captains log in to answer it, and led back to it.
    let fixture_page = format!("/leagues/{SLUG}/fixtures/{fixture}");
    let visitor = ctx.browser().get(&fixture_page).await;
    let login = format!("/login?next={fixture_page}");
    assert!(
        visitor.body.contains("id=\"log-in-to-answer\"") && visitor.body.contains(&login),
        "{}",
        visitor.body
    );
    let login_page = ctx.browser().get(&login).await;
    assert!(
        login_page
            .body
            .contains(&format!("value=\"{fixture_page}\"")),
        "{}",
        login_page.body
    );
    let confirmed = away
        .post(
            &format!("{path}/confirm"),
            json!({"version_id": submitted.json["version_id"]}),
        )
        .await;
    assert_eq!(confirmed.status, 200, "{:?}", confirmed.json);

    let pool_path = format!("/api/v1/organisations/{SLUG}/ratings/fives-and-threes");
    let pool = public.get(&pool_path).await;
    assert_eq!(pool.status, 200, "{:?}", pool.json);
    assert_eq!(pool.json["games"], checked.games.len(), "{:?}", pool.json);
    let ratings = pool.json["ratings"].as_array().unwrap().clone();
    let played: std::collections::BTreeSet<i64> = checked
        .games
        .iter()
        .flat_map(|game| game.home.iter().chain(&game.away))
        .map(|player| player.0)
        .collect();
    assert_eq!(ratings.len(), played.len(), "{ratings:?}");
    for line in &ratings {
        assert_eq!(line["provisional"], true, "{line:?}");
        assert_ne!(
            line["rating"], 1500,
            "a rated game moves a rating: {line:?}"
        );
    }

    // The published document, run through `fives ratings`, gives the published CSV.
    let browser = ctx.browser();
    let pages = format!("/leagues/{SLUG}/ratings/fives-and-threes");
    let document = browser.get(&format!("{pages}/games.json")).await;
    assert_eq!(document.status, 200);
    let names = names_of(&pool.json);
    let csv = browser.get(&format!("{pages}/ratings.csv")).await;
    assert_eq!(csv.status, 200);
    let published: Vec<String> = csv.body.lines().skip(1).map(str::to_string).collect();
    assert_eq!(published, rerun(&document.body, &names));
    assert!(
        csv.body
            .starts_with("player,id,rating,low,high,games,provisional")
    );

    // The page lists them, the provisional apart, each linking to the player.
    let page = browser.get(&pages).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("Provisional"), "{}", page.body);
    let first = &ratings[0];
    assert!(
        page.body.contains(first["player"].as_str().unwrap()),
        "{}",
        page.body
    );
    // The player's page says the rating with its range, provisional below ten games.
    let player = first["id"].as_str().unwrap().trim_start_matches('p');
    let their_page = browser
        .get(&format!("/leagues/{SLUG}/players/{player}"))
        .await;
    let rating = first["rating"].as_i64().unwrap();
    let written = if rating >= 1000 {
        format!("{},{:03}", rating / 1000, rating % 1000)
    } else {
        rating.to_string()
    };
    let words = format!("Fives and Threes rating</a>: <strong>{written}</strong>, likely");
    assert!(
        their_page.body.contains(&words),
        "{words}: {}",
        their_page.body
    );
    assert!(
        their_page.body.contains("provisional"),
        "{}",
        their_page.body
    );
    // The division's players' table sorted by rating: a top-rated player first.
    let table = browser
        .get(&format!(
            "/leagues/{SLUG}/divisions/{}/players?sort=rating",
            league.division
        ))
        .await;
    assert!(table.body.contains("Sorted by rating"), "{}", table.body);
    let row = &table.body[table.body.find("scope=\"row\"").unwrap()..];
    let link = &row[..row.find("</a>").unwrap()];
    let name = &link[link.rfind('>').unwrap() + 1..];
    let top = ratings[0]["rating"].clone();
    assert!(
        ratings
            .iter()
            .any(|line| line["rating"] == top && line["player"] == name),
        "{name} is not rated {top}: {ratings:?}"
    );
    let list = browser.get(&format!("/leagues/{SLUG}/ratings")).await;
    assert!(list.body.contains(&pages), "{}", list.body);

    // The league corrects the result: the ratings follow, and the re-run still agrees.
    let secretary = client_of(league.secretary.email.clone()).await;
    let (corrected_sheet, _) = league.random_result(6);
    let mut correction = crate::api_results::body_of(&corrected_sheet);
    correction["reason"] = json!("Checked the scoresheet with both captains.");
    let corrected = secretary.post(&format!("{path}/correct"), correction).await;
    assert_eq!(corrected.status, 200, "{:?}", corrected.json);
    let after = public.get(&pool_path).await;
    assert_ne!(
        after.json["ratings"], pool.json["ratings"],
        "the correction moves them"
    );
    let document = browser.get(&format!("{pages}/games.json")).await;
    let csv = browser.get(&format!("{pages}/ratings.csv")).await;
    let published: Vec<String> = csv.body.lines().skip(1).map(str::to_string).collect();
    assert_eq!(published, rerun(&document.body, &names_of(&after.json)));
    // A family with no rated game is an empty pool; a family that is none is not found.
    let empty = public
        .get(&format!("/api/v1/organisations/{SLUG}/ratings/muggins"))
        .await;
    assert_eq!(empty.json["ratings"], json!([]), "{:?}", empty.json);
    let unknown = public
        .get(&format!("/api/v1/organisations/{SLUG}/ratings/snap"))
        .await;
    assert_eq!(unknown.status, 404);
}
store_test!(a_confirmed_result_rates_its_players_as_anyone_can_check);
