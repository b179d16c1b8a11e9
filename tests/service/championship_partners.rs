//! A four-seat partnership round reads as partners everywhere, on both stores: "Ann & Cat v
//! Bob & Dan" on the public page, the round and its by-name list, the cards, the organiser's
//! page, the table's page and `pairings.csv`; and on a phone at 390 px the table's page takes
//! each hand as two side scores, in the partnerships' order, never home and away.

use fantoccini::{Client, Locator};
use fives::domain::hand_lines::write_hand_lines;
use fives_rules::record::HandRecord;
use fives_rules::ruleset::Preset;
use serde_json::{Value, json};

use crate::browser::{Chromium, step};
use crate::championship_seats::scored_game;
use crate::championship_story::organiser_api;
use crate::support::TestContext;

const BASE: &str = "/api/v1/organisations/north/championships";

/// An individual partnership Swiss of eight, its first round published: its id, the round's
/// tables (each seat's name) and each table's link.
async fn published_partnership_round(ctx: &TestContext) -> (i64, Vec<Vec<String>>, Vec<String>) {
    let api = organiser_api(ctx).await;
    let format = json!({
        "entrants": "players", "stages": {"kind": "swiss", "rounds": 3}, "seats": 4,
        "partnerships": true, "table_play": {"kind": "one-game"},
        "scoring": {"win": 1, "draw": 0.5, "loss": 0}, "bye_points": 1,
        "tiebreaks": ["buchholz"], "seeding": "rating",
    });
    let made = api
        .post(
            BASE,
            json!({"name": "Individual", "starts_on": "2027-03-06",
                   "ruleset": "fives-and-threes", "format": format}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"];
    let entrants: Vec<Value> = names
        .iter()
        .zip(0..)
        .map(|(name, i)| json!({"name": name, "rating": 1900 - 10 * i}))
        .collect();
    let entered = api
        .post(
            &format!("{BASE}/{id}/entrants"),
            json!({"entrants": entrants}),
        )
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    let round = api.post(&format!("{BASE}/{id}/rounds"), json!({})).await;
    assert_eq!(round.status, 201, "{:?}", round.json);
    let tables = round.json["round"]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|table| {
            table["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|seat| seat.as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    let links = round.json["table_links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|link| {
            link.as_str()
                .unwrap()
                .split("/api/v1/tables/")
                .nth(1)
                .unwrap()
                .to_string()
        })
        .collect();
    (id, tables, links)
}

/// Seats 1 and 3 against seats 2 and 4, as a page writes it (`&` escaped).
fn partners_on_a_page(seats: &[String]) -> String {
    format!(
        "{} &#38; {} v {} &#38; {}",
        seats[0], seats[2], seats[1], seats[3]
    )
}

async fn a_partnership_table_reads_as_partners_on_every_page(ctx: TestContext) {
    let (id, tables, links) = published_partnership_round(&ctx).await;
    let anyone = ctx.browser();
    let public = anyone
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    let round_id = public
        .body
        .split(&format!("/leagues/north/championships/{id}/rounds/"))
        .nth(1)
        .map(|rest| {
            rest.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        })
        .expect("the public page links its round");
    let round = anyone
        .get(&format!(
            "/leagues/north/championships/{id}/rounds/{round_id}"
        ))
        .await;
    let table_page = anyone.get(&format!("/tables/{}", links[0])).await;
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let manage = organiser
        .get(&format!("/organise/north/championships/{id}"))
        .await;
    let cards = organiser
        .get(&format!(
            "/organise/north/championships/{id}/rounds/{round_id}/cards"
        ))
        .await;
    for (page, body) in [
        ("the public page", &public.body),
        ("the round", &round.body),
        ("the organiser's page", &manage.body),
        ("the cards", &cards.body),
    ] {
        for seats in &tables {
            let partners = partners_on_a_page(seats);
            assert!(body.contains(&partners), "{page}: {partners} in {body}");
        }
    }
    assert!(
        table_page.body.contains(&partners_on_a_page(&tables[0])),
        "{}",
        table_page.body
    );
    // The table's page asks each side's points, partners together, in order.
    let seats = &tables[0];
    let in_order = format!(
        "({} &#38; {}, then {} &#38; {})",
        seats[0], seats[2], seats[1], seats[3]
    );
    assert!(table_page.body.contains(&in_order), "{}", table_page.body);
    // The by-name list gives each player's table with the partners and opponents.
    let ann_table = tables
        .iter()
        .find(|t| t.contains(&"Ann".to_string()))
        .unwrap();
    let ann = ann_table.iter().position(|name| name == "Ann").unwrap();
    let partner = &ann_table[(ann + 2) % 4];
    assert!(
        round.body.contains("<strong>Ann</strong>: table"),
        "{}",
        round.body
    );
    assert!(round.body.contains(partner.as_str()));
    // pairings.csv names each seat's partner.
    let csv = anyone
        .get(&format!("/leagues/north/championships/{id}/pairings.csv"))
        .await;
    let header: Vec<&str> = csv.body.lines().next().unwrap().split(',').collect();
    let (entrant, partner_at) = (
        header.iter().position(|h| *h == "entrant").unwrap(),
        header.iter().position(|h| *h == "partner").unwrap(),
    );
    for line in csv.body.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let table = tables
            .iter()
            .find(|t| t.iter().any(|name| name == fields[entrant]))
            .unwrap();
        let seat = table
            .iter()
            .position(|name| name == fields[entrant])
            .unwrap();
        assert_eq!(fields[partner_at], table[(seat + 2) % 4], "{line}");
    }
}
store_test!(a_partnership_table_reads_as_partners_on_every_page);

async fn enter_side_scores_on_a_phone(
    client: &Client,
    address: &str,
    link: &str,
    lines: &str,
) -> Result<(String, String, bool), String> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    client
        .goto(&format!("{address}/tables/{link}"))
        .await
        .map_err(step("open the table's page"))?;
    let hint = client
        .find(Locator::Id("hands-hint"))
        .await
        .map_err(step("find the hands' hint"))?
        .text()
        .await
        .map_err(step("read the hint"))?;
    client
        .find(Locator::Id("game_1"))
        .await
        .map_err(step("find game 1's hands"))?
        .send_keys(lines)
        .await
        .map_err(step("type the hands"))?;
    client
        .find(Locator::XPath("//button[. = 'Enter the result']"))
        .await
        .map_err(step("find Enter the result"))?
        .click()
        .await
        .map_err(step("tap Enter the result"))?;
    let saved = client
        .wait()
        .for_element(Locator::Id("table-saved"))
        .await
        .map_err(step("see the result entered"))?
        .text()
        .await
        .map_err(step("read the notice"))?;
    let fits = client
        .execute(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .map_err(step("measure the page"))?;
    Ok((hint, saved, fits == json!(true)))
}

async fn on_a_phone_a_partnership_table_enters_two_side_scores_a_hand(ctx: TestContext) {
    let (_, tables, links) = published_partnership_round(&ctx).await;
    let hands: Vec<HandRecord> =
        serde_json::from_value(scored_game(Preset::FivesAndThrees, 4, true, 11)).unwrap();
    let lines = write_hand_lines(&hands).unwrap();
    assert!(
        lines
            .lines()
            .all(|line| line.split_whitespace().count() == 2),
        "two side scores a hand: {lines}"
    );
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let seen =
        enter_side_scores_on_a_phone(chromium.client(), &ctx.address, &links[0], &lines).await;
    chromium.close().await;
    let (hint, saved, fits) = seen.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    let seats = &tables[0];
    assert!(
        hint.contains(&format!(
            "({} & {}, then {} & {})",
            seats[0], seats[2], seats[1], seats[3]
        )),
        "{hint}"
    );
    assert!(!hint.to_lowercase().contains("home"), "{hint}");
    assert!(saved.contains("The result is entered"), "{saved}");
    assert!(fits, "the table's page scrolls sideways on a phone");
    let table = ctx
        .api(None)
        .get(&format!("/api/v1/tables/{}", links[0]))
        .await;
    assert_eq!(table.json["table"]["status"], "entered");
    let points = table.json["table"]["points"].as_array().unwrap();
    // Partners share their side's points: seats 1 and 3, seats 2 and 4.
    assert_eq!(points[0], points[2]);
    assert_eq!(points[1], points[3]);
    assert_ne!(points[0], points[1]);
}
store_test!(on_a_phone_a_partnership_table_enters_two_side_scores_a_hand);
