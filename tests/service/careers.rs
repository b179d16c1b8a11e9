//! A player's career and two players' head to head, on both stores: after a confirmed result,
//! the player's page charts their rating and counts their season, partners and opponents as
//! the games give them; the head-to-head page lists the two's games with the record and each
//! one's chance from the published ratings. Then the same pages on a 390 px phone in Chromium.

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::browser::{Chromium, step};
use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::TestContext;
use fives::domain::match_format::Side;
use fives::domain::match_result::CheckedResult;

/// Confirms a random result of the first fixture, and answers it with the published pool.
pub(crate) async fn confirmed_result(
    ctx: &TestContext,
    league: &ResultsLeague,
) -> (CheckedResult, Value) {
    let client_of = |email: String| async move {
        let browser = ctx.browser();
        browser.login_ok(&email).await;
        ctx.api(Some(&browser.make_api_token("careers").await))
    };
    let home = client_of(league.home_captain.email.clone()).await;
    let away = client_of(league.away_captain.email.clone()).await;
    let path = format!(
        "/api/v1/organisations/{SLUG}/fixtures/{}/result",
        league.fixtures[0].id
    );
    let (sheet, checked) = league.random_result(11);
    let submitted = home.post(&path, crate::api_results::body_of(&sheet)).await;
    assert_eq!(submitted.status, 201, "{:?}", submitted.json);
    let confirmed = away
        .post(
            &format!("{path}/confirm"),
            json!({"version_id": submitted.json["version_id"]}),
        )
        .await;
    assert_eq!(confirmed.status, 200, "{:?}", confirmed.json);
    let pool = ctx
        .api(None)
        .get(&format!(
            "/api/v1/organisations/{SLUG}/ratings/fives-and-threes"
        ))
        .await;
    assert_eq!(pool.status, 200, "{:?}", pool.json);
    (checked, pool.json)
}

/// A player's line in the published pool.
fn line_of(pool: &Value, player: i64) -> Value {
    pool["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["id"] == format!("p{player}"))
        .unwrap_or_else(|| panic!("p{player} is not rated: {pool:?}"))
        .clone()
}

fn with_thousands(rating: i64) -> String {
    if rating >= 1000 {
        format!("{},{:03}", rating / 1000, rating % 1000)
    } else {
        rating.to_string()
    }
}

/// The first singles game's two players, home first.
fn singles_pair(checked: &CheckedResult) -> (i64, i64) {
    let game = checked
        .games
        .iter()
        .find(|game| game.home.len() == 1 && game.away.len() == 1 && !game.conceded)
        .expect("the format has a singles game");
    (game.home[0].0, game.away[0].0)
}

async fn a_career_and_a_head_to_head_are_read_from_the_rated_games(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (checked, pool) = confirmed_result(&ctx, &league).await;
    let (first, second) = singles_pair(&checked);
    let (one, other) = (line_of(&pool, first), line_of(&pool, second));
    let (one_name, other_name) = (
        one["player"].as_str().unwrap(),
        other["player"].as_str().unwrap(),
    );
    // What the games say of the two, counted here from the checked result.
    let (mut won, mut lost, mut together) = (0, 0, 0);
    let mut opponents = std::collections::BTreeSet::new();
    for game in &checked.games {
        let side = |player: i64| {
            if game.home.iter().any(|p| p.0 == player) {
                Some(Side::Home)
            } else if game.away.iter().any(|p| p.0 == player) {
                Some(Side::Away)
            } else {
                None
            }
        };
        if let Some(mine) = side(first) {
            let theirs = if mine == Side::Home {
                &game.away
            } else {
                &game.home
            };
            opponents.extend(theirs.iter().map(|p| p.0));
        }
        match (side(first), side(second)) {
            (Some(a), Some(b)) if a == b => together += 1,
            (Some(a), Some(_)) if game.winner == a => won += 1,
            (Some(_), Some(_)) => lost += 1,
            _ => {}
        }
    }

    let browser = ctx.browser();
    let page = browser
        .get(&format!("/leagues/{SLUG}/players/{first}"))
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    let games = one["games"].as_u64().unwrap();
    let chart = format!(
        "rating after each of {games} games, from {} to {}",
        page_first_rating(&page.body),
        one["rating"]
    );
    assert!(
        page.body.contains(&chart),
        "the chart ends at today's rating: {chart}: {}",
        page.body
    );
    assert!(
        page.body.contains(&format!(
            "<h2 id=\"career-fives-and-threes-heading\">Fives and Threes: {games} rated game"
        )),
        "{}",
        page.body
    );
    for opponent in &opponents {
        assert!(
            page.body
                .contains(&format!("/leagues/{SLUG}/players/{first}/v/{opponent}\"")),
            "opponent {opponent} links to the head to head: {}",
            page.body
        );
    }

    let meeting = browser
        .get(&format!("/leagues/{SLUG}/players/{first}/v/{second}"))
        .await;
    assert_eq!(meeting.status, 200, "{}", meeting.body);
    let record = format!("Against each other: {one_name} won {won}, {other_name} won {lost}");
    assert!(meeting.body.contains(&record), "{record}: {}", meeting.body);
    if together > 0 {
        assert!(
            meeting
                .body
                .contains(&format!("As partners: {together} game")),
            "{}",
            meeting.body
        );
    }
    let chances: Vec<i64> = meeting
        .body
        .split("class=\"chance\"")
        .nth(1)
        .unwrap()
        .split("</p>")
        .next()
        .unwrap()
        .split('%')
        .filter_map(|part| part.rsplit(' ').next()?.parse().ok())
        .collect();
    assert_eq!(chances.len(), 2, "{}", meeting.body);
    assert!(
        (99..=101).contains(&(chances[0] + chances[1])),
        "{chances:?}"
    );
    let (a, b) = (
        one["mu"].as_f64().unwrap_or(0.0),
        other["mu"].as_f64().unwrap_or(0.0),
    );
    if one["rating"].as_i64() > other["rating"].as_i64() {
        assert!(
            chances[0] >= 50,
            "the higher rated is favoured: {chances:?}"
        );
    } else if one["rating"].as_i64() < other["rating"].as_i64() {
        assert!(
            chances[0] <= 50,
            "the lower rated is not: {chances:?} {a} {b}"
        );
    }
    assert_eq!(
        meeting
            .body
            .matches(&format!(
                "/leagues/{SLUG}/fixtures/{}\"",
                league.fixtures[0].id
            ))
            .count(),
        won + lost + together,
        "each game listed with its fixture: {}",
        meeting.body
    );

    // The return fixture, not yet played, gives each side's chance from the same ratings;
    // the one played gives none.
    let played = browser
        .get(&format!(
            "/leagues/{SLUG}/fixtures/{}",
            league.fixtures[0].id
        ))
        .await;
    assert!(!played.body.contains("Chances from the ratings"));
    let next = browser
        .get(&format!(
            "/leagues/{SLUG}/fixtures/{}",
            league.fixtures[1].id
        ))
        .await;
    assert_eq!(next.status, 200);
    assert!(
        next.body.contains("Chances from the ratings"),
        "{}",
        next.body
    );
    let outlook = next.body.split("class=\"chance\"").nth(1).unwrap();
    let outlook = &outlook[..outlook.find("; a singles game").unwrap()];
    let shares: i64 = outlook
        .split('%')
        .filter_map(|part| part.rsplit(['>', ' ']).next()?.parse::<i64>().ok())
        .sum();
    assert!((99..=101).contains(&shares), "{outlook}");
    let strongest = pool["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| {
            league
                .home_squad
                .iter()
                .any(|member| format!("p{}", member.id.0) == line["id"])
        })
        .unwrap();
    assert!(
        next.body.contains(&format!(
            "{} {}",
            strongest["player"].as_str().unwrap(),
            with_thousands(strongest["rating"].as_i64().unwrap())
        )),
        "the home squad's strongest is named with their rating: {}",
        next.body
    );

    // Nobody meets themselves, and a player of no such league is not found.
    let themselves = browser
        .get(&format!("/leagues/{SLUG}/players/{first}/v/{first}"))
        .await;
    assert_eq!(themselves.status, 404);
    let nobody = browser
        .get(&format!("/leagues/{SLUG}/players/{first}/v/987654"))
        .await;
    assert_eq!(nobody.status, 404);
}

store_test!(a_career_and_a_head_to_head_are_read_from_the_rated_games);

/// The rating after the player's first game, as the chart's words give it.
fn page_first_rating(body: &str) -> String {
    let after = body
        .split(" games, from ")
        .nth(1)
        .expect("the chart's words");
    after.split(' ').next().unwrap().to_string()
}

async fn read_a_career_on_a_phone(
    client: &Client,
    address: &str,
    first: i64,
    rating: &str,
) -> Result<(), String> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    client
        .goto(&format!("{address}/leagues/{SLUG}/players/{first}"))
        .await
        .map_err(step("open the player's page"))?;
    let line = client
        .wait()
        .for_element(Locator::Css("#rating-fives-and-threes"))
        .await
        .map_err(step("see the rating"))?
        .text()
        .await
        .map_err(step("read the rating"))?;
    if !line.contains(rating) || !line.contains("likely") {
        return Err(format!("the rating line says {line:?}, not {rating}"));
    }
    let measured = client
        .execute(
            "var chart = document.querySelector('#career-fives-and-threes svg[role=img]');
             var box = chart ? chart.getBoundingClientRect() : null;
             return {
               fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
               chart: box ? [box.width, box.height] : null,
               band: chart ? chart.querySelectorAll('polygon').length : 0
             };",
            vec![],
        )
        .await
        .map_err(step("measure the page"))?;
    if measured["fits"] != json!(true) {
        return Err(format!("the player's page scrolls sideways: {measured}"));
    }
    let width = measured["chart"][0].as_f64().unwrap_or(0.0);
    if !(200.0..=390.0).contains(&width) || measured["band"].as_u64() < Some(1) {
        return Err(format!("the rating chart is not drawn to fit: {measured}"));
    }
    client
        .find(Locator::Css(
            "#career-fives-and-threes table a[href*='/v/']",
        ))
        .await
        .map_err(step("find a head to head link"))?
        .click()
        .await
        .map_err(step("tap a head to head link"))?;
    let chance = client
        .wait()
        .for_element(Locator::Css(".chance"))
        .await
        .map_err(step("see the head to head"))?
        .text()
        .await
        .map_err(step("read the chance"))?;
    if !chance.contains('%') {
        return Err(format!("the head to head gives no chance: {chance:?}"));
    }
    let fits = client
        .execute(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .map_err(step("measure the head to head"))?;
    if fits != json!(true) {
        return Err("the head-to-head page scrolls sideways".into());
    }
    Ok(())
}

async fn on_a_390_px_phone_a_player_reads_their_rating_chart_and_a_head_to_head(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (checked, pool) = confirmed_result(&ctx, &league).await;
    let (first, _) = singles_pair(&checked);
    let rating = with_thousands(line_of(&pool, first)["rating"].as_i64().unwrap());
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let outcome = read_a_career_on_a_phone(chromium.client(), &ctx.address, first, &rating).await;
    chromium.close().await;
    outcome.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
}

store_test!(on_a_390_px_phone_a_player_reads_their_rating_chart_and_a_head_to_head);

async fn a_championship_seeded_by_rating_takes_the_league_ratings_of_entrants_without_one(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let (_, pool) = confirmed_result(&ctx, &league).await;
    let rated: Vec<(String, i64)> = pool["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            (
                line["player"].as_str().unwrap().to_string(),
                line["rating"].as_i64().unwrap(),
            )
        })
        .collect();
    assert!(rated.len() >= 3, "{pool:?}");
    let secretary = {
        let browser = ctx.browser();
        browser.login_ok(&league.secretary.email).await;
        ctx.api(Some(&browser.make_api_token("seeding").await))
    };
    let base = format!("/api/v1/organisations/{SLUG}/championships");
    let made = secretary
        .post(
            &base,
            json!({"name": "Winter Open", "starts_on": "2027-01-09", "venue": "The Anchor",
                   "ruleset": "fives-and-threes",
                   "format": crate::authorisation_matrix::swiss_format()}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let entered = secretary
        .post(
            &format!("{base}/{}/entrants", made.json["id"]),
            json!({"entrants": [
                {"name": rated[0].0},
                {"name": rated[1].0, "rating": 1234},
                {"name": rated[2].0},
                {"name": "Newcomer Nell"},
            ]}),
        )
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    let ratings: Vec<(String, i64)> = entered
        .json
        .as_array()
        .unwrap()
        .iter()
        .map(|entrant| {
            (
                entrant["name"].as_str().unwrap().to_string(),
                entrant["rating"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        ratings,
        [
            rated[0].clone(),
            (rated[1].0.clone(), 1234),
            rated[2].clone(),
            ("Newcomer Nell".to_string(), 0),
        ],
        "the league's rating where none is given, the one given kept, nothing for the unrated"
    );
    // The organiser's entrant list shows beside each rating the league's: the entered 1,234
    // beside the player's league rating, and none for the newcomer.
    let organiser = ctx.browser();
    organiser.login_ok(&league.secretary.email).await;
    let page = organiser
        .get(&format!(
            "/organise/{SLUG}/championships/{}",
            made.json["id"]
        ))
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    let row = |name: &str| -> String {
        let start = page
            .body
            .find(&format!("<th scope=\"row\">{name}</th>"))
            .unwrap_or_else(|| panic!("{name}'s row in {}", page.body));
        page.body[start..start + page.body[start..].find("</tr>").unwrap()].to_string()
    };
    assert!(
        row(&rated[1].0).contains(&format!("<td>1234</td>\n      <td>{}</td>", rated[1].1)),
        "{}",
        row(&rated[1].0)
    );
    assert!(
        row("Newcomer Nell").contains("<td>0</td>\n      <td>–</td>"),
        "{}",
        row("Newcomer Nell")
    );

    // The round is played and confirmed: each table is a rated game of the same pool.
    let at = |path: &str| format!("{base}/{}{path}", made.json["id"]);
    for entrant in entered.json.as_array().unwrap() {
        let checked = secretary
            .put(
                &at(&format!("/entrants/{}", entrant["id"])),
                json!({"checked_in": true}),
            )
            .await;
        assert_eq!(checked.status, 200, "{:?}", checked.json);
    }
    let preview = secretary.post(&at("/rounds/preview"), json!({})).await;
    assert_eq!(preview.status, 200, "{:?}", preview.json);
    let tables = crate::championship_story::tables_of(&preview.json["tables"]);
    let published = secretary
        .post(&at("/rounds"), json!({"expect_tables": tables}))
        .await;
    assert_eq!(published.status, 201, "{:?}", published.json);
    for (number, table) in published.json["round"]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let game = crate::championship_seats::scored_game(
            fives_rules::ruleset::Preset::FivesAndThrees,
            2,
            false,
            40 + number as u64,
        );
        let entered = secretary
            .put(
                &at(&format!("/tables/{}/result", table["id"])),
                json!({"version": 0, "games": [game]}),
            )
            .await;
        assert_eq!(entered.status, 200, "{:?}", entered.json);
        assert_eq!(entered.json["table"]["status"], "confirmed");
    }
    let after = ctx
        .api(None)
        .get(&format!(
            "/api/v1/organisations/{SLUG}/ratings/fives-and-threes"
        ))
        .await;
    assert_eq!(
        after.json["games"].as_u64(),
        pool["games"]
            .as_u64()
            .map(|games| games + tables.len() as u64),
        "{:?}",
        after.json
    );
    let newcomer = after.json["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["player"] == "Newcomer Nell")
        .expect("the newcomer is rated from their table");
    assert_eq!(newcomer["games"], 1);
    assert_eq!(newcomer["provisional"], true);
    let document = ctx
        .browser()
        .get(&format!(
            "/leagues/{SLUG}/ratings/fives-and-threes/games.json"
        ))
        .await;
    let table_game = format!("\"id\":\"c{}.1.1\"", made.json["id"]);
    assert!(document.body.contains(&table_game), "{}", document.body);
}

store_test!(a_championship_seeded_by_rating_takes_the_league_ratings_of_entrants_without_one);

async fn a_players_games_name_their_partner_and_link_the_fixture(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (checked, _) = confirmed_result(&ctx, &league).await;
    let fixture = league.fixtures[0].id;
    let pairs = checked
        .games
        .iter()
        .find(|game| game.home.len() == 2)
        .expect("the format has a pairs game");
    let name_of = |id: fives::domain::ids::PlayerId| {
        league
            .home_squad
            .iter()
            .find(|member| member.id == id)
            .unwrap()
            .name
            .clone()
    };
    let (player, partner) = (pairs.home[0], pairs.home[1]);
    let page = ctx
        .browser()
        .get(&format!("/leagues/{SLUG}/players/{player}"))
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains(&format!(
            r#"<a href="/leagues/{SLUG}/players/{partner}">{}</a>"#,
            name_of(partner)
        )),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains(&format!(r#"<a href="/leagues/{SLUG}/fixtures/{fixture}">"#)),
        "{}",
        page.body
    );
    // A singles game has no partner.
    let singles = checked
        .games
        .iter()
        .find(|game| game.home.len() == 1)
        .unwrap()
        .home[0];
    let games = ctx.store.games_of_player(singles).await.unwrap();
    assert!(
        games
            .iter()
            .filter(|game| game.kind == fives::domain::match_format::LegKind::Singles)
            .all(|game| game.partner.is_none())
    );
}
store_test!(a_players_games_name_their_partner_and_link_the_fixture);
