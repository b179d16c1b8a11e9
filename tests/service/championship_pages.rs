//! A championship run through the pages, on both stores: an organiser makes a Doubles in the
//! Boneyard event at tables of three, pastes its entrants, publishes a round and prints its
//! cards; a player enters a table's result through the card's link, the organiser confirms it
//! and enters the other table's result, one hand refused on the way; the public page shows the
//! standings. Then, in Chromium, the same from a phone.

use fantoccini::{Client, Locator};
use fives_rules::record::{HandRecord, play_game};
use fives_rules::ruleset::{Preset, RulesetSpec};

use crate::browser::{Chromium, log_in, step};
use crate::support::{Browser, PASSWORD, TestContext};

/// A game of Doubles in the Boneyard for three, played at random to its end, as hand lines.
pub(crate) fn three_seat_lines(seed: u64) -> String {
    let spec = RulesetSpec::preset(Preset::DoublesInTheBoneyard);
    let built = spec.build(3).unwrap();
    let record = play_game(&spec, &built, &mut fives_rules::random::seeded(seed));
    let scored: Vec<HandRecord> = record
        .hands
        .into_iter()
        .map(|hand| HandRecord {
            score: hand.score,
            ..Default::default()
        })
        .collect();
    fives::domain::hand_lines::write_hand_lines(&scored).unwrap()
}

/// A hidden field's value on a page, its HTML escapes undone.
pub(crate) fn hidden(body: &str, name: &str) -> String {
    let marker = format!("name=\"{name}\" value=\"");
    let start = body
        .find(&marker)
        .unwrap_or_else(|| panic!("no {name} in {body}"))
        + marker.len();
    let end = body[start..].find('"').unwrap();
    body[start..start + end]
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Every table link the cards page prints.
pub(crate) fn links_on(body: &str) -> Vec<String> {
    let mut links: Vec<String> = body
        .split("/tables/")
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(char::is_ascii_hexdigit)
                .collect::<String>()
        })
        .filter(|link| link.len() == 64)
        .collect();
    links.dedup();
    links
}

pub(crate) const EVENT: [(&str, &str); 13] = [
    ("name", "Boneyard Threes"),
    ("starts_on", "2027-03-06"),
    ("venue", "The Anchor"),
    ("preset", "doubles-in-the-boneyard"),
    ("entrants", "players"),
    ("stages", "swiss"),
    ("rounds", "2"),
    ("seats", "3"),
    ("table_play", "one-game"),
    ("places", "3, 1, 0"),
    ("bye_points", "1"),
    ("seeding", "rating"),
    ("draw", "½"),
];

pub(crate) async fn made_event(ctx: &TestContext, organiser: &Browser) -> String {
    ctx.organisation("north", &ctx.user("north@example.org").await)
        .await;
    organiser.login_ok("north@example.org").await;
    let made = organiser
        .submit("/organise/north/championships", &EVENT)
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let manage = made.location.unwrap();
    let entered = organiser
        .submit(
            &format!("{manage}/entrants"),
            &[(
                "entrants",
                "Ann, 1900\nBob, 1850\nCat, 1800\nDan, 1750\nEve, 1700\nFay, 1650",
            )],
        )
        .await;
    assert_eq!(entered.status, 200, "{}", entered.body);
    assert!(entered.body.contains("6 entered"), "{}", entered.body);
    manage
}

async fn an_organiser_runs_a_round_at_tables_of_three_through_the_pages(ctx: TestContext) {
    let organiser = ctx.browser();
    let manage = made_event(&ctx, &organiser).await;
    let page = organiser.get(&manage).await;
    assert!(
        page.body.contains("Round 1, as the engine pairs it"),
        "{}",
        page.body
    );
    let seen = hidden(&page.body, "seen");
    let published = organiser
        .submit(
            &format!("{manage}/rounds"),
            &[("seen", &seen), ("swaps", "")],
        )
        .await;
    assert_eq!(published.status, 303, "{}", published.body);
    let cards = organiser.get(&published.location.unwrap()).await;
    assert!(cards.body.contains("Table 2"), "{}", cards.body);
    let links = links_on(&cards.body);
    assert_eq!(links.len(), 2, "{}", cards.body);

    // A player at table 1.
    let player = ctx.browser();
    let table = player.get(&format!("/tables/{}", links[0])).await;
    assert_eq!(table.status, 200);
    // A record of a game for two is not this table's: refused at its game, nothing kept.
    let singles = RulesetSpec::preset(Preset::AllFives);
    let for_two = singles.build(2).unwrap();
    let two_record = play_game(&singles, &for_two, &mut fives_rules::random::seeded(8));
    let wrong = player
        .submit(
            &format!("/tables/{}", links[0]),
            &[("version", "0"), ("game_1", &two_record.to_json())],
        )
        .await;
    assert_eq!(wrong.status, 422, "{}", wrong.body);
    assert!(
        wrong.body.contains("Game 1: the pasted record has 2 seats"),
        "{}",
        wrong.body
    );
    let entered = player
        .submit(
            &format!("/tables/{}", links[0]),
            &[("version", "0"), ("game_1", &three_seat_lines(3))],
        )
        .await;
    assert_eq!(entered.status, 200, "{}", entered.body);
    assert!(entered.body.contains("table-saved"));

    // The organiser confirms it, and enters table 2, one line short of a seat first.
    let page = organiser.get(&manage).await;
    let confirm = page.body.split("/confirm\"").next().unwrap();
    let confirm_path = &confirm[confirm.rfind("action=\"").unwrap() + "action=\"".len()..];
    let confirmed = organiser
        .submit(&format!("{confirm_path}/confirm"), &[("version", "1")])
        .await;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    let second = page.body.split("\">enter it</a>").next().unwrap();
    let second_path = second[second.rfind("href=\"").unwrap() + "href=\"".len()..].to_string();
    let short = organiser
        .submit(&second_path, &[("version", "0"), ("game_1", "5 0")])
        .await;
    assert_eq!(short.status, 422, "{}", short.body);
    assert!(short.body.contains("not 3 scores"), "{}", short.body);
    // The organiser pastes the game's whole record, every deal and move.
    let boneyard = RulesetSpec::preset(Preset::DoublesInTheBoneyard);
    let record = play_game(
        &boneyard,
        &boneyard.build(3).unwrap(),
        &mut fives_rules::random::seeded(4),
    );
    let done = organiser
        .submit(
            &second_path,
            &[("version", "0"), ("game_1", &record.to_json())],
        )
        .await;
    assert_eq!(done.status, 303, "{}", done.body);
    // Shown again to correct as the record it was, every move kept.
    let kept = organiser.get(&second_path).await;
    assert!(
        kept.body.contains("&quot;moves&quot;") || kept.body.contains("&#34;moves&#34;"),
        "{}",
        kept.body
    );

    let page = organiser.get(&manage).await;
    assert!(
        page.body.contains("Round 2, as the engine pairs it"),
        "{}",
        page.body
    );
    let id = manage.rsplit('/').next().unwrap();
    let public = ctx
        .browser()
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    assert_eq!(public.status, 200);
    assert!(public.body.contains("Boneyard Threes"));
    assert!(
        public.body.contains("3 by place") || public.body.contains("3, 1, 0 by place"),
        "{}",
        public.body
    );
    assert_eq!(
        public.body.matches(">confirmed<").count(),
        2,
        "{}",
        public.body
    );

    // The organiser sees who entered and confirmed each result.
    let log = page
        .body
        .split("id=\"result-log\"")
        .nth(1)
        .expect("the result log")
        .to_string();
    assert!(
        log.contains("a player, through the table&#39;s link")
            || log.contains("a player, through the table's link"),
        "{log}"
    );
    assert_eq!(
        log.matches("north@example.org").count(),
        2,
        "a confirmation and an entry: {log}"
    );
    // Each entrant's path through the event, from the standings.
    let entrant = public.body.split("/entrants/").nth(1).unwrap();
    let entrant: String = entrant.chars().take_while(char::is_ascii_digit).collect();
    let path = ctx
        .browser()
        .get(&format!(
            "/leagues/north/championships/{id}/entrants/{entrant}"
        ))
        .await;
    assert_eq!(path.status, 200);
    assert!(
        path.body.contains("Round 1") && path.body.contains("against"),
        "{}",
        path.body
    );
}
store_test!(an_organiser_runs_a_round_at_tables_of_three_through_the_pages);

/// In Chromium: the organiser publishes round 1 with its button; a player on a phone opens a
/// table's link and enters the game; the organiser confirms; the public standings show it.
async fn a_round_on_the_day(
    client: &Client,
    address: &str,
    manage: &str,
    player_lines: &str,
) -> Result<String, String> {
    log_in(client, address, "north@example.org", PASSWORD).await?;
    client
        .goto(&format!("{address}{manage}"))
        .await
        .map_err(step("open the championship"))?;
    client
        .find(Locator::XPath("//button[starts-with(., 'Publish')]"))
        .await
        .map_err(step("find Publish"))?
        .click()
        .await
        .map_err(step("tap Publish"))?;
    let link = client
        .wait()
        .for_element(Locator::Css("article.table-card a"))
        .await
        .map_err(step("see the first table's card"))?
        .attr("href")
        .await
        .map_err(step("read the card's link"))?
        .ok_or("the card has no link")?;
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    client
        .goto(&link)
        .await
        .map_err(step("open the table's link"))?;
    client
        .find(Locator::Id("game_1"))
        .await
        .map_err(step("find game 1"))?
        .send_keys(player_lines)
        .await
        .map_err(step("type the hands"))?;
    client
        .find(Locator::XPath("//button[. = 'Enter the result']"))
        .await
        .map_err(step("find the button"))?
        .click()
        .await
        .map_err(step("tap Enter the result"))?;
    client
        .wait()
        .for_element(Locator::Id("table-saved"))
        .await
        .map_err(step("see the result entered"))?;
    let fits = client
        .execute(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .map_err(step("measure the page"))?;
    if fits != serde_json::json!(true) {
        return Err("the table's page scrolls sideways on a phone".into());
    }
    client
        .set_window_size(1200, 900)
        .await
        .map_err(step("widen the window"))?;
    client
        .goto(&format!("{address}{manage}"))
        .await
        .map_err(step("open the championship again"))?;
    client
        .find(Locator::XPath(
            "//button[starts-with(., 'Confirm table 1')]",
        ))
        .await
        .map_err(step("find Confirm"))?
        .click()
        .await
        .map_err(step("tap Confirm"))?;
    client
        .wait()
        .for_element(Locator::XPath("//td[contains(., 'confirmed')]"))
        .await
        .map_err(step("see table 1 confirmed"))?;
    let id = manage.rsplit('/').next().unwrap_or_default();
    client
        .goto(&format!("{address}/leagues/north/championships/{id}"))
        .await
        .map_err(step("open the public page"))?;
    client
        .find(Locator::Css("table.standings"))
        .await
        .map_err(step("find the standings"))?
        .html(false)
        .await
        .map_err(step("read the standings"))
}

async fn on_a_phone_a_player_enters_a_table_result_through_its_link(ctx: TestContext) {
    let organiser = ctx.browser();
    let manage = made_event(&ctx, &organiser).await;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let seen = a_round_on_the_day(
        chromium.client(),
        &ctx.address,
        &manage,
        &three_seat_lines(9),
    )
    .await;
    chromium.close().await;
    let standings = seen.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    // A table of three scores 3, 1 and 0 by place: its winner leads on 3.
    assert!(standings.contains("<td>3</td>"), "{standings}");
    let id: i64 = manage.rsplit('/').next().unwrap().parse().unwrap();
    let rounds = ctx
        .store
        .rounds(fives::domain::ids::ChampionshipId(id))
        .await
        .unwrap();
    assert_eq!(
        rounds[0].tables[0].status,
        fives::store::TableStatus::Confirmed
    );
}
store_test!(on_a_phone_a_player_enters_a_table_result_through_its_link);

async fn an_organiser_uploads_a_pairs_entry_list_and_a_bad_line_keeps_nothing(ctx: TestContext) {
    let organiser = ctx.browser();
    ctx.organisation("north", &ctx.user("north@example.org").await)
        .await;
    organiser.login_ok("north@example.org").await;
    let mut pairs = EVENT.to_vec();
    pairs.retain(|(field, _)| !["name", "preset", "entrants", "seats", "places"].contains(field));
    pairs.extend([
        ("name", "Pairs Cup"),
        ("preset", "all-fives"),
        ("entrants", "pairs"),
        ("seats", "2"),
        ("win", "1"),
        ("loss", "0"),
    ]);
    let made = organiser
        .submit("/organise/north/championships", &pairs)
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let manage = made.location.unwrap();
    let upload = format!("{manage}/entrants/csv");
    // A rating over the limit: the line is named, and nobody is entered.
    let bad = b"name,partner,rating\nAnn Lee,Bob Ray,1800\nCat Fox,Dan Orr,5000\n";
    let (status, body) = crate::squads::upload(&ctx, &organiser, &upload, bad).await;
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("Line 3") || body.contains("line 3"), "{body}");
    let id: i64 = manage.rsplit('/').next().unwrap().parse().unwrap();
    let championship = fives::domain::ids::ChampionshipId(id);
    assert!(ctx.store.entrants(championship).await.unwrap().is_empty());
    let good = b"name,partner,rating\nAnn Lee,Bob Ray,1800\nCat Fox,Dan Orr,1700\n";
    let (status, body) = crate::squads::upload(&ctx, &organiser, &upload, good).await;
    assert_eq!(status, 200, "{body}");
    let entrants = ctx.store.entrants(championship).await.unwrap();
    let names: Vec<&str> = entrants.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Ann Lee & Bob Ray", "Cat Fox & Dan Orr"]);
    // Each pair is two of the organisation's players.
    assert!(
        entrants
            .iter()
            .all(|e| e.player.is_some() && e.partner.is_some())
    );
    assert_eq!(entrants[0].rating, 1800);
}
store_test!(an_organiser_uploads_a_pairs_entry_list_and_a_bad_line_keeps_nothing);

async fn a_team_cups_match_is_set_on_the_form_and_a_knockout_match_needs_an_odd_count(
    ctx: TestContext,
) {
    let organiser = ctx.browser();
    ctx.organisation("north", &ctx.user("north@example.org").await)
        .await;
    organiser.login_ok("north@example.org").await;
    let team_cup = |singles: &'static str, pairs: &'static str| {
        [
            ("name", "Team Cup"),
            ("starts_on", "2027-03-06"),
            ("preset", "fives-and-threes"),
            ("entrants", "teams"),
            ("stages", "knockout"),
            ("seats", "2"),
            // A team's table is its one match, whatever this says.
            ("table_play", "best-of"),
            ("table_games", "3"),
            ("singles_games", singles),
            ("pairs_games", pairs),
            ("match_target", "121"),
            ("win", "1"),
            ("draw", "½"),
            ("loss", "0"),
            ("bye_points", "1"),
            ("seeding", "entry"),
        ]
    };
    let level = organiser
        .submit("/organise/north/championships", &team_cup("4", "2"))
        .await;
    assert_eq!(level.status, 422, "{}", level.body);
    assert!(
        level.body.contains("6 games can end level"),
        "{}",
        level.body
    );
    let made = organiser
        .submit("/organise/north/championships", &team_cup("4", "1"))
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let page = organiser.get(&made.location.unwrap()).await;
    assert!(
        page.body
            .contains("a team match a table of 4 singles to 121 and 1 pairs to 121"),
        "{}",
        page.body
    );
}
store_test!(a_team_cups_match_is_set_on_the_form_and_a_knockout_match_needs_an_odd_count);

async fn a_large_fields_standings_come_a_hundred_lines_a_page(ctx: TestContext) {
    let organiser = ctx.browser();
    ctx.organisation("north", &ctx.user("north@example.org").await)
        .await;
    organiser.login_ok("north@example.org").await;
    let made = organiser
        .submit("/organise/north/championships", &EVENT)
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let manage = made.location.unwrap();
    let id = manage.rsplit('/').next().unwrap().to_string();
    let list: Vec<String> = (1..=250).map(|i| format!("Player {i:03}")).collect();
    let entered = organiser
        .submit(
            &format!("{manage}/entrants"),
            &[("entrants", &list.join("\n"))],
        )
        .await;
    assert!(entered.body.contains("250 entered"), "{}", entered.body);

    let anyone = ctx.browser();
    let base = format!("/leagues/north/championships/{id}");
    let page = anyone.get(&base).await;
    // The standings' first page only (the list of entrants, before round 1, has them all).
    let standings = page.body.split("id=\"entrants-heading\"").next().unwrap();
    assert!(
        standings.contains(">Player 100<") && !standings.contains(">Player 101<"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(&format!("{base}/standings?page=3\"")),
        "{}",
        page.body
    );
    let third = anyone.get(&format!("{base}/standings?page=3")).await;
    assert_eq!(third.status, 200, "{}", third.body);
    assert!(
        third.body.contains("Lines 201 to 250 of 250"),
        "{}",
        third.body
    );
    assert!(
        third.body.contains("Player 201") && third.body.contains("Player 250"),
        "{}",
        third.body
    );
    assert!(!third.body.contains("Player 200<"), "{}", third.body);
    assert!(
        third.body.contains("rel=\"prev\"") && !third.body.contains("rel=\"next\""),
        "{}",
        third.body
    );
    for beyond in ["4", "0", "18446744073709551615"] {
        let missing = anyone.get(&format!("{base}/standings?page={beyond}")).await;
        assert_eq!(missing.status, 404, "page {beyond}");
    }
    let unreadable = anyone.get(&format!("{base}/standings?page=two")).await;
    assert_eq!(unreadable.status, 400);
}
store_test!(a_large_fields_standings_come_a_hundred_lines_a_page);

async fn a_championship_shows_an_empty_table_until_its_second_entrant(ctx: TestContext) {
    ctx.organisation("north", &ctx.user("north@example.org").await)
        .await;
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let made = organiser
        .submit("/organise/north/championships", &EVENT)
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let manage = made.location.unwrap();
    let id = manage.rsplit('/').next().unwrap().to_string();
    let public = format!("/leagues/north/championships/{id}");
    let reader = ctx.browser();
    let addresses = [
        public.clone(),
        format!("{public}/standings"),
        format!("{public}/standings.csv"),
        format!("/api/v1/organisations/north/championships/{id}"),
    ];
    for entry in ["", "Ann, 1900"] {
        if !entry.is_empty() {
            let entered = organiser
                .submit(&format!("{manage}/entrants"), &[("entrants", entry)])
                .await;
            assert_eq!(entered.status, 200, "{}", entered.body);
        }
        for address in &addresses {
            let page = reader.get(address).await;
            assert_eq!(
                page.status, 200,
                "{address} with entrants {entry:?}: {}",
                page.body
            );
        }
        let page = reader.get(&public).await;
        assert!(page.body.contains("No standings yet"), "{}", page.body);
        let api = reader.get(&addresses[3]).await;
        assert!(
            api.body
                .contains(r#""standings":{"main":{"standings":[]}}"#),
            "{}",
            api.body
        );
    }
    let entered = organiser
        .submit(&format!("{manage}/entrants"), &[("entrants", "Bob, 1850")])
        .await;
    assert_eq!(entered.status, 200, "{}", entered.body);
    let csv = reader.get(&addresses[2]).await;
    assert_eq!(csv.status, 200);
    assert!(
        csv.body.contains("Ann") && csv.body.contains("Bob"),
        "{}",
        csv.body
    );
}
store_test!(a_championship_shows_an_empty_table_until_its_second_entrant);
