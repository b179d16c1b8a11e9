//! The demo's ratings, as a visitor finds them: established and provisional players, its
//! favourite's rating chart rising through the half season, and a head to head of several
//! games, from its half season and championship day.

use std::collections::HashMap;

use serde_json::Value;

use crate::support::TestContext;
use fives::demo;

/// The seed `fives serve --demo` loads.
const SERVED_SEED: u64 = 2026;

async fn the_demo_rates_its_league_and_championship_day(ctx: TestContext) {
    let store = ctx.store.as_ref();
    let now = "2026-11-21T12:00:00Z".parse().unwrap();
    demo::load(store, now, SERVED_SEED).await.unwrap();
    let key = fives::secret_key::SecretKey::generate();
    demo::load_championship_day(store, &key, now, SERVED_SEED)
        .await
        .unwrap();
    let api = ctx.api(None);
    let pool = api
        .get(&format!(
            "/api/v1/organisations/{}/ratings/fives-and-threes",
            demo::SLUG
        ))
        .await;
    assert_eq!(pool.status, 200, "{:?}", pool.json);
    let ratings = pool.json["ratings"].as_array().unwrap();
    assert!(ratings.iter().any(|line| line["provisional"] == true));
    assert!(ratings.iter().any(|line| line["provisional"] == false));

    let browser = ctx.browser();
    let document: Value = serde_json::from_str(
        &browser
            .get(&format!(
                "/leagues/{}/ratings/fives-and-threes/games.json",
                demo::SLUG
            ))
            .await
            .body,
    )
    .unwrap();
    let games = document["games"].as_array().unwrap();
    assert!(
        games
            .iter()
            .any(|game| game["id"].as_str().unwrap().starts_with('c')),
        "the championship day's tables are rated"
    );

    // The favourite, the first player made, climbs.
    let favourite = ratings
        .iter()
        .find(|line| line["player"] == "Alan Ashton")
        .expect("the favourite is rated");
    let id = favourite["id"].as_str().unwrap().trim_start_matches('p');
    let page = browser
        .get(&format!("/leagues/{}/players/{id}", demo::SLUG))
        .await;
    let words = page
        .body
        .split(" games, from ")
        .nth(1)
        .expect("the rating chart's words");
    let mut numbers = words
        .split(['"', ' '])
        .filter_map(|word| word.parse::<i64>().ok());
    let (first, last) = (numbers.next().unwrap(), numbers.next().unwrap());
    assert_eq!(last, favourite["rating"].as_i64().unwrap());
    assert!(last > first + 100, "a visible rise: {first} to {last}");

    // Two players have met in several games, all on their head-to-head page.
    let mut met: HashMap<(String, String), usize> = HashMap::new();
    for game in games {
        let sides = game["sides"].as_array().unwrap();
        for (index, side) in sides.iter().enumerate() {
            for other in &sides[index + 1..] {
                for a in side.as_array().unwrap() {
                    for b in other.as_array().unwrap() {
                        let (a, b) = (a.as_str().unwrap(), b.as_str().unwrap());
                        let pair = (a.min(b).to_string(), a.max(b).to_string());
                        *met.entry(pair).or_default() += 1;
                    }
                }
            }
        }
    }
    let ((a, b), times) = met
        .into_iter()
        .max_by_key(|(pair, times)| (*times, std::cmp::Reverse(pair.clone())))
        .unwrap();
    assert!(times >= 3, "the most met pair met {times} times");
    let meeting = browser
        .get(&format!(
            "/leagues/{}/players/{}/v/{}",
            demo::SLUG,
            a.trim_start_matches('p'),
            b.trim_start_matches('p')
        ))
        .await;
    assert_eq!(meeting.status, 200, "{}", meeting.body);
    let section = meeting
        .body
        .split("<caption>Against each other, newest first</caption>")
        .nth(1)
        .unwrap();
    let section = section.split("</table>").next().unwrap();
    assert_eq!(section.matches("<tr>").count() - 1, times, "{section}");
}

store_test!(the_demo_rates_its_league_and_championship_day);
