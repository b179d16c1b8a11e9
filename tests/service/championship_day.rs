//! A championship day in the room, on both stores: a player reaches their table from its card
//! (the QR code, or the short code typed at `/t`) or by their name ("find my table"), and a
//! wrong code is refused, then slowed.

use fantoccini::{Client, Locator};

use crate::browser::{Chromium, log_in, step};
use crate::championship_pages::{hidden, links_on, made_event};
use crate::support::{Browser, PASSWORD, TestContext};

/// Every table code the cards page prints, by table.
fn codes_on(body: &str) -> Vec<String> {
    body.split("class=\"table-code\">")
        .skip(1)
        .map(|rest| rest[..rest.find('<').unwrap()].to_string())
        .collect()
}

/// Publishes round 1 of the six-player event of `made_event` and reads its cards: each
/// table's link and code.
async fn published_cards(organiser: &Browser, manage: &str) -> (Vec<String>, Vec<String>) {
    let page = organiser.get(manage).await;
    let seen = hidden(&page.body, "seen");
    let published = organiser
        .submit(
            &format!("{manage}/rounds"),
            &[("seen", &seen), ("swaps", "")],
        )
        .await;
    assert_eq!(published.status, 303, "{}", published.body);
    let cards = organiser.get(&published.location.unwrap()).await;
    let (links, codes) = (links_on(&cards.body), codes_on(&cards.body));
    assert_eq!((links.len(), codes.len()), (2, 2), "{}", cards.body);
    assert!(cards.body.contains("<svg role=\"img\""), "{}", cards.body);
    assert!(cards.body.contains("/t</strong>"), "{}", cards.body);
    (links, codes)
}

async fn a_table_is_opened_by_its_code_and_wrong_codes_are_refused_then_slowed(ctx: TestContext) {
    let organiser = ctx.browser();
    let manage = made_event(&ctx, &organiser).await;
    let (links, codes) = published_cards(&organiser, &manage).await;
    assert!(
        codes[0].starts_with("1-") && codes[1].starts_with("2-"),
        "{codes:?}"
    );
    assert_ne!(codes[0][2..], codes[1][2..]);

    let player = ctx.browser_from("127.0.0.2");
    assert_eq!(player.get("/t").await.status, 200);
    // As printed, and as a phone's keyboard might give it.
    for typed in [codes[1].clone(), codes[1].to_lowercase().replace('-', " ")] {
        let opened = player.submit("/t", &[("code", &typed)]).await;
        opened.assert_redirect_to(&format!("/tables/{}", links[1]));
    }
    let table = player.get(&format!("/tables/{}", links[1])).await;
    assert!(
        table.body.contains("<h1>Round 1, table 2</h1>"),
        "{}",
        table.body
    );

    // Table 1's characters with table 2's number open nothing, nor does a code not of the form.
    let crossed = format!("2-{}", &codes[0][2..]);
    let wrong = player.submit("/t", &[("code", &crossed)]).await;
    assert_eq!(wrong.status, 422, "{}", wrong.body);
    let said = wrong.error_message().unwrap();
    assert!(
        said.contains("No table waiting for its result has the code"),
        "{said}"
    );
    let malformed = player.submit("/t", &[("code", "K4PX")]).await;
    assert_eq!(malformed.status, 422);
    assert!(
        malformed
            .error_message()
            .unwrap()
            .contains("starts with the table")
    );

    // A few wrong codes are free; then the address waits, even for a right one.
    for _ in 0..4 {
        assert_eq!(player.submit("/t", &[("code", &crossed)]).await.status, 422);
    }
    let slowed = player.submit("/t", &[("code", &codes[0])]).await;
    assert_eq!(slowed.status, 429, "{}", slowed.body);
    assert!(
        slowed
            .error_message()
            .unwrap()
            .contains("Too many wrong codes from here")
    );
    // Another address is not slowed by this one.
    let neighbour = ctx.browser_from("127.0.0.3");
    neighbour
        .submit("/t", &[("code", &codes[0])])
        .await
        .assert_redirect_to(&format!("/tables/{}", links[0]));
}
store_test!(a_table_is_opened_by_its_code_and_wrong_codes_are_refused_then_slowed);

async fn find_my_table_finds_a_players_table_until_its_result_is_confirmed(ctx: TestContext) {
    let organiser = ctx.browser();
    let manage = made_event(&ctx, &organiser).await;
    let id = manage.rsplit('/').next().unwrap();
    let find = |name: &str| format!("/leagues/north/championships/{id}/find?name={name}");
    let visitor = ctx.browser_from("127.0.0.4");
    // Before a round there is nothing to find, and the page has no form for it.
    let public = visitor
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    assert!(!public.body.contains("find-name"), "{}", public.body);
    let (links, _) = published_cards(&organiser, &manage).await;
    let public = visitor
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    assert!(public.body.contains("id=\"find-name\""), "{}", public.body);

    // The round comes first on the page, and by name a tap away, in alphabetical order.
    let rounds_at = public.body.find("id=\"rounds-heading\"").unwrap();
    let standings_at = public.body.find("class=\"standings").unwrap_or(usize::MAX);
    assert!(rounds_at < standings_at, "{}", public.body);
    let by_name_link = public
        .body
        .split("href=\"")
        .find(|rest| rest.contains("#by-name\""))
        .unwrap();
    let by_name_link = &by_name_link[..by_name_link.find('#').unwrap()];
    let round = visitor.get(by_name_link).await;
    let list = &round.body[round.body.find("class=\"name-list\"").unwrap()..];
    let order: Vec<usize> = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
        .iter()
        .map(|name| {
            list.find(&format!("<strong>{name}</strong>: table"))
                .unwrap()
        })
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{list}");

    let found = visitor.get(&find("an")).await;
    assert_eq!(found.status, 200, "{}", found.body);
    let tables = links_on(&found.body);
    assert_eq!(tables.len(), 2, "Ann and Dan: {}", found.body);
    let ann = visitor.get(&find("ANN")).await;
    let ann_links = links_on(&ann.body);
    assert_eq!(ann_links.len(), 1, "{}", ann.body);
    assert!(links.contains(&ann_links[0]));
    assert!(
        ann.body.contains("<strong>Ann</strong>: table"),
        "{}",
        ann.body
    );

    let too_short = visitor.get(&find("a")).await;
    assert_eq!(too_short.status, 422, "{}", too_short.body);
    let nobody = visitor.get(&find("Zed")).await;
    assert!(
        nobody.body.contains("No one called “Zed”"),
        "{}",
        nobody.body
    );

    // Once Ann's table is confirmed, it is not found.
    let lines = crate::championship_pages::three_seat_lines(3);
    let entered = organiser
        .submit(
            &format!("/tables/{}", ann_links[0]),
            &[("version", "0"), ("game_1", &lines)],
        )
        .await;
    assert_eq!(entered.status, 200, "{}", entered.body);
    // Entered, not yet confirmed: still found.
    assert_eq!(links_on(&visitor.get(&find("Ann")).await.body), ann_links);
    let page = organiser.get(&manage).await;
    let confirm = page.body.split("/confirm\"").next().unwrap();
    let confirm_path = &confirm[confirm.rfind("action=\"").unwrap() + "action=\"".len()..];
    let confirmed = organiser
        .submit(&format!("{confirm_path}/confirm"), &[("version", "1")])
        .await;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    let after = visitor.get(&find("Ann")).await;
    assert!(links_on(&after.body).is_empty(), "{}", after.body);
    assert!(after.body.contains("No one called “Ann”"), "{}", after.body);
}
store_test!(find_my_table_finds_a_players_table_until_its_result_is_confirmed);

/// The first card's QR code, read from a screenshot of the card as a phone's camera would.
async fn read_card_qr(client: &Client) -> Result<String, String> {
    let card = client
        .wait()
        .for_element(Locator::Css("article.table-card"))
        .await
        .map_err(step("see the first table's card"))?;
    let png = card
        .screenshot()
        .await
        .map_err(step("photograph the card"))?;
    let picture = image::load_from_memory(&png)
        .map_err(|error| format!("read the screenshot: {error}"))?
        .to_luma8();
    let mut prepared = rqrr::PreparedImage::prepare(picture);
    let grids = prepared.detect_grids();
    let grid = grids.first().ok_or("find a QR code on the card")?;
    let (_, text) = grid
        .decode()
        .map_err(|error| format!("decode the QR code: {error}"))?;
    Ok(text)
}

async fn reach_tables_on_phones(
    client: &Client,
    address: &str,
    cards: &str,
    code: &str,
) -> Result<(String, String, String), String> {
    log_in(client, address, "north@example.org", PASSWORD).await?;
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    client
        .goto(&format!("{address}{cards}"))
        .await
        .map_err(step("open the cards"))?;
    let scanned = read_card_qr(client).await?;
    client
        .goto(&scanned)
        .await
        .map_err(step("open the scanned link"))?;
    let by_qr = client
        .find(Locator::Css("h1"))
        .await
        .map_err(step("find the table's heading"))?
        .text()
        .await
        .map_err(step("read the heading"))?;

    // The code typed at /t, as printed on the card.
    client
        .goto(&format!("{address}/t"))
        .await
        .map_err(step("open /t"))?;
    let field = client
        .find(Locator::Id("code"))
        .await
        .map_err(step("find the code's field"))?;
    field.send_keys(code).await.map_err(step("type the code"))?;
    client
        .find(Locator::XPath("//button[. = 'Open the table']"))
        .await
        .map_err(step("find Open the table"))?
        .click()
        .await
        .map_err(step("tap Open the table"))?;
    let by_code = client
        .wait()
        .for_element(Locator::Id("table-status"))
        .await
        .map_err(step("see the table's page"))?;
    let _ = by_code;
    let heading = client
        .find(Locator::Css("h1"))
        .await
        .map_err(step("find the table's heading"))?
        .text()
        .await
        .map_err(step("read the heading"))?;
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
    // A wrong code is refused on the page.
    client
        .goto(&format!("{address}/t"))
        .await
        .map_err(step("open /t again"))?;
    client
        .find(Locator::Id("code"))
        .await
        .map_err(step("find the code's field"))?
        .send_keys("9-AAAA")
        .await
        .map_err(step("type a wrong code"))?;
    client
        .find(Locator::XPath("//button[. = 'Open the table']"))
        .await
        .map_err(step("find Open the table"))?
        .click()
        .await
        .map_err(step("tap Open the table"))?;
    let refused = client
        .wait()
        .for_element(Locator::Id("code-problem"))
        .await
        .map_err(step("see the wrong code refused"))?
        .text()
        .await
        .map_err(step("read the refusal"))?;
    Ok((by_qr, heading, refused))
}

async fn on_phones_a_cards_qr_code_and_its_short_code_open_the_table(ctx: TestContext) {
    let organiser = ctx.browser();
    let manage = made_event(&ctx, &organiser).await;
    let page = organiser.get(&manage).await;
    let seen = hidden(&page.body, "seen");
    let published = organiser
        .submit(
            &format!("{manage}/rounds"),
            &[("seen", &seen), ("swaps", "")],
        )
        .await;
    let cards = published.location.unwrap();
    let card_page = organiser.get(&cards).await;
    let (links, codes) = (links_on(&card_page.body), codes_on(&card_page.body));
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let seen = reach_tables_on_phones(chromium.client(), &ctx.address, &cards, &codes[0]).await;
    chromium.close().await;
    let (by_qr, by_code, refused) =
        seen.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert_eq!(by_qr, "Round 1, table 1");
    assert_eq!(by_code, "Round 1, table 1");
    assert!(
        refused.contains("No table waiting for its result has the code 9-AAAA"),
        "{refused}"
    );
    // The QR code held the card's own link.
    assert!(!links[0].is_empty());
}
store_test!(on_phones_a_cards_qr_code_and_its_short_code_open_the_table);

/// The 24 entrants of the timed day, pasted at once.
fn twenty_four() -> String {
    (1..=24)
        .map(|i| format!("Player {i:02}, {}", 2000 - 10 * i))
        .collect::<Vec<_>>()
        .join("\n")
}

async fn a_round_of_24_takes_its_organiser_six_requests(ctx: TestContext) {
    ctx.organisation("north", &ctx.user("north@example.org").await)
        .await;
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let made = organiser
        .submit(
            "/organise/north/championships",
            &crate::championship_pages::EVENT,
        )
        .await;
    let manage = made.location.unwrap();
    let entered = organiser
        .submit(
            &format!("{manage}/entrants"),
            &[("entrants", &twenty_four())],
        )
        .await;
    assert!(entered.body.contains("24 entered"), "{}", entered.body);
    // The organiser has the championship's page open, as on the morning of the day.
    let token = entered.csrf_token().unwrap();
    let mut requests = 0;

    // Everyone is here: one tap, and the page again.
    let checked = organiser
        .post_raw(&format!("{manage}/check-in"), &[("csrf_token", &token)])
        .await;
    requests += 1;
    assert_eq!(checked.status, 303, "{}", checked.body);
    let page = organiser.get(checked.location.as_deref().unwrap()).await;
    requests += 1;
    assert!(!page.body.contains("Check in all"), "{}", page.body);
    assert_eq!(
        page.body.matches(">checked in<").count(),
        24,
        "{}",
        page.body
    );

    // Publish the round the page shows, and print its cards.
    let seen = hidden(&page.body, "seen");
    let published = organiser
        .post_raw(
            &format!("{manage}/rounds"),
            &[("csrf_token", &token), ("seen", &seen), ("edits", "")],
        )
        .await;
    requests += 1;
    assert_eq!(published.status, 303, "{}", published.body);
    let cards = organiser.get(&published.location.unwrap()).await;
    requests += 1;
    let links = links_on(&cards.body);
    assert_eq!(links.len(), 8, "{}", cards.body);

    // Each table enters its own result on a phone.
    for (seed, link) in links.iter().enumerate() {
        let player = ctx.browser();
        let lines = crate::championship_pages::three_seat_lines(seed as u64 + 20);
        let saved = player
            .submit(
                &format!("/tables/{link}"),
                &[("version", "0"), ("game_1", &lines)],
            )
            .await;
        assert_eq!(saved.status, 200, "{}", saved.body);
    }

    // The round at a glance, then every entered table confirmed at once.
    let page = organiser.get(&manage).await;
    requests += 1;
    assert!(
        page.body
            .contains("8 tables: 0 waiting, 8 entered, 0 confirmed."),
        "{}",
        page.body
    );
    let tables = hidden(&page.body, "tables");
    let confirmed = organiser
        .post_raw(
            &format!("{manage}/confirm-entered"),
            &[("csrf_token", &token), ("tables", &tables)],
        )
        .await;
    requests += 1;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    assert_eq!(requests, 6);

    let id: i64 = manage.rsplit('/').next().unwrap().parse().unwrap();
    let rounds = ctx
        .store
        .rounds(fives::domain::ids::ChampionshipId(id))
        .await
        .unwrap();
    assert_eq!(rounds.len(), 1);
    assert!(
        rounds[0]
            .tables
            .iter()
            .all(|t| t.status == fives::store::TableStatus::Confirmed)
    );
}
store_test!(a_round_of_24_takes_its_organiser_six_requests);

async fn confirming_all_confirms_none_when_a_table_changed_since_it_was_shown(ctx: TestContext) {
    let organiser = ctx.browser();
    let manage = made_event(&ctx, &organiser).await;
    let (links, _) = published_cards(&organiser, &manage).await;
    let player = ctx.browser();
    for (seed, link) in links.iter().enumerate() {
        let lines = crate::championship_pages::three_seat_lines(seed as u64 + 3);
        let saved = player
            .submit(
                &format!("/tables/{link}"),
                &[("version", "0"), ("game_1", &lines)],
            )
            .await;
        assert_eq!(saved.status, 200, "{}", saved.body);
    }
    let page = organiser.get(&manage).await;
    let tables = hidden(&page.body, "tables");
    // Table 2 is entered again after the organiser looked.
    let again = player
        .submit(
            &format!("/tables/{}", links[1]),
            &[
                ("version", "1"),
                ("game_1", &crate::championship_pages::three_seat_lines(40)),
            ],
        )
        .await;
    assert_eq!(again.status, 200, "{}", again.body);
    let refused = organiser
        .submit(&format!("{manage}/confirm-entered"), &[("tables", &tables)])
        .await;
    assert_ne!(refused.status, 303, "{}", refused.body);
    let id: i64 = manage.rsplit('/').next().unwrap().parse().unwrap();
    let rounds = ctx
        .store
        .rounds(fives::domain::ids::ChampionshipId(id))
        .await
        .unwrap();
    assert!(
        rounds[0]
            .tables
            .iter()
            .all(|t| t.status == fives::store::TableStatus::Entered),
        "{:?}",
        rounds[0].tables
    );
}
store_test!(confirming_all_confirms_none_when_a_table_changed_since_it_was_shown);

async fn search_the_entrants(
    client: &Client,
    address: &str,
    manage: &str,
) -> Result<(serde_json::Value, String), String> {
    log_in(client, address, "north@example.org", PASSWORD).await?;
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    client
        .goto(&format!("{address}{manage}"))
        .await
        .map_err(step("open the championship"))?;
    client
        .find(Locator::Id("entrant-search"))
        .await
        .map_err(step("find the search box"))?
        .send_keys("an")
        .await
        .map_err(step("type part of a name"))?;
    let shown = client
        .execute(
            "return Array.from(document.querySelectorAll('#entrant-list tbody tr'))\
             .filter(row => !row.hidden).map(row => row.querySelector('th').textContent);",
            vec![],
        )
        .await
        .map_err(step("read the rows shown"))?;
    let count = client
        .find(Locator::Id("entrant-search-count"))
        .await
        .map_err(step("find the count"))?
        .text()
        .await
        .map_err(step("read the count"))?;
    Ok((shown, count))
}

async fn on_a_phone_the_organiser_finds_an_entrant_as_they_type(ctx: TestContext) {
    let organiser = ctx.browser();
    let manage = made_event(&ctx, &organiser).await;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let seen = search_the_entrants(chromium.client(), &ctx.address, &manage).await;
    chromium.close().await;
    let (shown, count) = seen.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    assert_eq!(shown, serde_json::json!(["Ann", "Dan"]));
    assert_eq!(count, "2 of 6 shown");
}
store_test!(on_a_phone_the_organiser_finds_an_entrant_as_they_type);

async fn the_standings_say_who_has_withdrawn(ctx: TestContext) {
    let organiser = ctx.browser();
    let manage = made_event(&ctx, &organiser).await;
    published_cards(&organiser, &manage).await;
    let id: i64 = manage.rsplit('/').next().unwrap().parse().unwrap();
    let entrants = ctx
        .store
        .entrants(fives::domain::ids::ChampionshipId(id))
        .await
        .unwrap();
    let ann = entrants.iter().find(|e| e.name == "Ann").unwrap();
    let withdrawn = organiser
        .submit(
            &format!("{manage}/entrants/{}", ann.id),
            &[("action", "withdraw")],
        )
        .await;
    assert_eq!(withdrawn.status, 303, "{}", withdrawn.body);
    assert!(
        withdrawn
            .location
            .as_deref()
            .unwrap()
            .ends_with(&format!("#entrant-{}", ann.id))
    );
    let public = ctx
        .browser()
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    assert!(
        public
            .body
            .contains("Ann</a> <span class=\"standing-note\">(withdrawn after round 1)</span>"),
        "{}",
        public.body
    );
    assert_eq!(public.body.matches("standing-note").count(), 1);
}
store_test!(the_standings_say_who_has_withdrawn);
