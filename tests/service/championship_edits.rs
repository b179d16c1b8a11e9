//! An organiser changes a Swiss's round before publishing it, on both stores: in Chromium at
//! 390 px a swap, a move (and a second move mending the table of three the first left), and a
//! pair made by hand, each seen in the preview with what it breaks; the warnings accepted, the
//! round published is the one shown, and the event document marks it edited. Without the
//! warnings accepted, neither the API nor the page publishes anything.

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::browser::{Chromium, log_in, step};
use crate::championship_formats::play_round;
use crate::championship_pages::hidden;
use crate::championship_story::{organiser_api, tables_of};
use crate::support::{ApiClient, PASSWORD, TestContext};
use fives::domain::ids::ChampionshipId;

const BASE: &str = "/api/v1/organisations/north/championships";

/// A round as its tables (names in seat order) and its byes.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Pairing {
    tables: Vec<Vec<String>>,
    byes: Vec<String>,
}

impl Pairing {
    fn place(&self, name: &str) -> Option<(usize, usize)> {
        self.tables.iter().enumerate().find_map(|(table, seats)| {
            seats
                .iter()
                .position(|seat| seat == name)
                .map(|seat| (table, seat))
        })
    }
}

/// A two-seat All Fives Swiss of seven players, its first round played and confirmed (one of
/// them on the bye); answers the API client, the championship's id and round 1.
async fn a_swiss_after_round_one(ctx: &TestContext) -> (ApiClient, i64, Pairing) {
    let api = organiser_api(ctx).await;
    let made = api
        .post(
            BASE,
            json!({"name": "Edited Open", "starts_on": "2027-03-06", "ruleset": "all-fives",
                   "format": crate::authorisation_matrix::swiss_format()}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let entrants: Vec<Value> = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil"]
        .iter()
        .zip(0..)
        .map(|(name, i)| json!({"name": name, "rating": 1900 - 50 * i}))
        .collect();
    let entered = api
        .post(
            &format!("{BASE}/{id}/entrants"),
            json!({ "entrants": entrants }),
        )
        .await;
    assert!(entered.status < 300, "{:?}", entered.json);
    let round = play_round(&api, &format!("{BASE}/{id}"), 5).await;
    let first = Pairing {
        tables: tables_of(&round["tables"]),
        byes: names(&round["byes"]),
    };
    assert_eq!((first.tables.len(), first.byes.len()), (3, 1), "{round:?}");
    (api, id, first)
}

fn names(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap().to_string())
        .collect()
}

/// A round as published, read back from the store: its tables' names in seat order, its byes,
/// and whether it is marked edited.
async fn published(ctx: &TestContext, id: i64, number: usize) -> (Pairing, bool) {
    let championship = ChampionshipId(id);
    let entrants = ctx.store.entrants(championship).await.unwrap();
    let name = |entrant| {
        entrants
            .iter()
            .find(|e| e.id == entrant)
            .map(|e| e.name.clone())
            .unwrap()
    };
    let rounds = ctx.store.rounds(championship).await.unwrap();
    let round = &rounds[number - 1];
    let pairing = Pairing {
        tables: round
            .tables
            .iter()
            .map(|table| table.seats.iter().map(|&seat| name(seat)).collect())
            .collect(),
        byes: round.byes.iter().map(|&bye| name(bye)).collect(),
    };
    (pairing, round.edited)
}

/// The preview on the organiser's page as Chromium shows it.
async fn preview_shown(client: &Client) -> Result<Pairing, String> {
    let mut tables = Vec::new();
    for item in client
        .find_all(Locator::Css("ol#preview-tables li"))
        .await
        .map_err(step("find the preview's tables"))?
    {
        let text = item.text().await.map_err(step("read a table"))?;
        tables.push(text.split(" v ").map(|s| s.trim().to_string()).collect());
    }
    let mut byes = Vec::new();
    for line in client
        .find_all(Locator::XPath(
            "//section[@aria-labelledby='next-round-heading']/p[starts-with(., 'Bye: ')]",
        ))
        .await
        .map_err(step("find the preview's bye"))?
    {
        let text = line.text().await.map_err(step("read the bye"))?;
        let text = text
            .trim()
            .trim_start_matches("Bye: ")
            .trim_end_matches('.');
        byes.extend(text.split(", ").map(str::to_string));
    }
    Ok(Pairing { tables, byes })
}

async fn text_of(client: &Client, id: &str) -> Result<String, String> {
    client
        .find(Locator::Id(id))
        .await
        .map_err(|error| format!("find #{id}: {error}"))?
        .text()
        .await
        .map_err(|error| format!("read #{id}: {error}"))
}

async fn choose(client: &Client, select: &str, label: &str) -> Result<(), String> {
    client
        .find(Locator::Id(select))
        .await
        .map_err(|error| format!("find #{select}: {error}"))?
        .select_by_label(label)
        .await
        .map_err(|error| format!("choose {label} in #{select}: {error}"))
}

/// Taps a button of the "Change the pairing" forms and waits for the page that lists the
/// change made, `words`.
async fn tap_and_see(client: &Client, button: &str, words: &str) -> Result<(), String> {
    client
        .find(Locator::XPath(&format!("//button[. = '{button}']")))
        .await
        .map_err(|error| format!("find {button}: {error}"))?
        .click()
        .await
        .map_err(|error| format!("tap {button}: {error}"))?;
    client
        .wait()
        .for_element(Locator::XPath(&format!(
            "//p[@id='preview-edits'][contains(., '{words}')]"
        )))
        .await
        .map_err(|error| format!("see the change {words}: {error}"))?;
    Ok(())
}

async fn publish_buttons(client: &Client) -> Result<usize, String> {
    Ok(client
        .find_all(Locator::XPath("//button[starts-with(., 'Publish')]"))
        .await
        .map_err(step("look for Publish"))?
        .len())
}

async fn fits(client: &Client) -> Result<bool, String> {
    let fits = client
        .execute(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;",
            vec![],
        )
        .await
        .map_err(step("measure the page"))?;
    Ok(fits == json!(true))
}

/// What the organiser saw on the way, for the test to judge after Chromium is closed.
#[derive(Debug, Default)]
struct Seen {
    engine: Option<Pairing>,
    after_swap: Option<Pairing>,
    warnings_after_swap: String,
    after_move: Option<Pairing>,
    problem_after_move: String,
    publish_buttons_after_move: usize,
    after_mend: Option<Pairing>,
    publish_buttons_after_mend: usize,
    /// The round shown when the organiser published it.
    shown: Option<Pairing>,
    warnings: String,
    edits_field: String,
    unticked_refused: bool,
    fits: bool,
    cards: usize,
}

/// The organiser's steps in Chromium, each edit chosen from the preview on screen.
async fn edit_and_publish(
    client: &Client,
    address: &str,
    manage: &str,
    round_one: &Pairing,
    seen: &mut Seen,
) -> Result<(), String> {
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    log_in(client, address, "north@example.org", PASSWORD).await?;
    client
        .goto(&format!("{address}{manage}"))
        .await
        .map_err(step("open the championship"))?;
    let engine = preview_shown(client).await?;
    seen.engine = Some(engine.clone());
    client
        .find(Locator::XPath("//summary[. = 'Change the pairing']"))
        .await
        .map_err(step("find Change the pairing"))?
        .click()
        .await
        .map_err(step("open Change the pairing"))?;

    // A swap: round 1's bye takes round 2's.
    let (rested, resting) = (round_one.byes[0].clone(), engine.byes[0].clone());
    choose(client, "swap-first", &rested).await?;
    choose(client, "swap-second", &resting).await?;
    tap_and_see(client, "Swap them", &format!("swap {rested} and {resting}")).await?;
    let after_swap = preview_shown(client).await?;
    seen.after_swap = Some(after_swap.clone());
    seen.warnings_after_swap = text_of(client, "preview-warnings").await?;

    // A move of table 1's first seat to table 2: a table of one and a table of three.
    let moved = after_swap.tables[0][0].clone();
    choose(client, "move-first", &moved).await?;
    client
        .find(Locator::Id("move-to"))
        .await
        .map_err(step("find the move's destination"))?
        .select_by_value("2")
        .await
        .map_err(step("choose table 2"))?;
    tap_and_see(client, "Move", &format!("move {moved} to table 2")).await?;
    seen.after_move = Some(preview_shown(client).await?);
    seen.problem_after_move = text_of(client, "preview-problem").await?;
    seen.publish_buttons_after_move = publish_buttons(client).await?;

    // Mended: table 2's first seat moves to table 1.
    let mender = after_swap.tables[1][0].clone();
    choose(client, "move-first", &mender).await?;
    client
        .find(Locator::Id("move-to"))
        .await
        .map_err(step("find the move's destination"))?
        .select_by_value("1")
        .await
        .map_err(step("choose table 1"))?;
    tap_and_see(client, "Move", &format!("move {mender} to table 1")).await?;
    let after_mend = preview_shown(client).await?;
    seen.after_mend = Some(after_mend.clone());
    seen.publish_buttons_after_mend = publish_buttons(client).await?;

    // A pair made by hand: two who met in round 1, seated apart now, meet again.
    let (first, second) = round_one
        .tables
        .iter()
        .map(|seats| (seats[0].clone(), seats[1].clone()))
        .find(|(a, b)| match (after_mend.place(a), after_mend.place(b)) {
            (Some((x, _)), Some((y, _))) => x != y,
            _ => false,
        })
        .ok_or("no two of round 1 are seated apart")?;
    choose(client, "pair-first", &first).await?;
    choose(client, "pair-second", &second).await?;
    tap_and_see(client, "Pair them", &format!("pair {first} with {second}")).await?;
    seen.shown = Some(preview_shown(client).await?);
    seen.warnings = text_of(client, "preview-warnings").await?;
    seen.fits = fits(client).await?;
    seen.edits_field = client
        .find(Locator::Css("form[method=post] input[name=edits]"))
        .await
        .map_err(step("find the publish form's edits"))?
        .prop("value")
        .await
        .map_err(step("read the edits"))?
        .unwrap_or_default();

    // Publish, unticked: the browser holds the form back.
    let publish = client
        .find(Locator::XPath("//button[starts-with(., 'Publish')]"))
        .await
        .map_err(step("find Publish"))?;
    publish
        .click()
        .await
        .map_err(step("tap Publish unticked"))?;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let refused = client
        .execute(
            "return document.querySelector('input[name=accept_warnings]').validity.valueMissing \
             && document.getElementById('preview-tables') !== null;",
            vec![],
        )
        .await
        .map_err(step("see Publish held back"))?;
    seen.unticked_refused = refused == json!(true);
    client
        .find(Locator::Css("input[name=accept_warnings]"))
        .await
        .map_err(step("find Publish with these warnings"))?
        .click()
        .await
        .map_err(step("tick Publish with these warnings"))?;
    client
        .find(Locator::XPath("//button[starts-with(., 'Publish')]"))
        .await
        .map_err(step("find Publish again"))?
        .click()
        .await
        .map_err(step("tap Publish"))?;
    client
        .wait()
        .for_element(Locator::Css("article.table-card"))
        .await
        .map_err(step("see the round's cards"))?;
    seen.cards = client
        .find_all(Locator::Css("article.table-card"))
        .await
        .map_err(step("count the cards"))?
        .len();
    Ok(())
}

/// The pairing as the domain's edits leave it, worked out here: a swap exchanges two places, a
/// move takes the last seat of a table, a pair puts the second in the first's opponent's seat.
fn swapped(pairing: &Pairing, a: &str, b: &str) -> Pairing {
    let mut next = pairing.clone();
    for name in next.tables.iter_mut().flatten().chain(next.byes.iter_mut()) {
        if name == a {
            *name = b.to_string();
        } else if name == b {
            *name = a.to_string();
        }
    }
    next
}

fn moved(pairing: &Pairing, who: &str, to: usize) -> Pairing {
    let mut next = pairing.clone();
    for seats in &mut next.tables {
        seats.retain(|seat| seat != who);
    }
    next.tables[to - 1].push(who.to_string());
    next
}

fn paired(pairing: &Pairing, first: &str, second: &str) -> Pairing {
    let (table, seat) = pairing.place(first).unwrap();
    let opponent = pairing.tables[table][(seat + 1) % 2].clone();
    swapped(pairing, &opponent, second)
}

fn both_ways(a: &str, b: &str) -> (String, String) {
    if a <= b {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}

async fn in_chromium_an_organiser_swaps_moves_and_pairs_by_hand_and_publishes_the_round_shown(
    ctx: TestContext,
) {
    let (_api, id, round_one) = a_swiss_after_round_one(&ctx).await;
    let manage = format!("/organise/north/championships/{id}");
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let mut seen = Seen::default();
    let outcome = edit_and_publish(
        chromium.client(),
        &ctx.address,
        &manage,
        &round_one,
        &mut seen,
    )
    .await;
    chromium.close().await;
    outcome.unwrap_or_else(|error| panic!("in Chromium, could not {error}: {seen:?}"));

    let engine = seen.engine.clone().unwrap();
    assert_eq!((engine.tables.len(), engine.byes.len()), (3, 1), "{seen:?}");
    let rested = &round_one.byes[0];
    let resting = &engine.byes[0];
    assert_ne!(rested, resting, "the engine gives no second bye");

    // The swap: round 1's bye is on the bye again, and told so.
    let after_swap = swapped(&engine, rested, resting);
    assert_eq!(seen.after_swap.as_ref(), Some(&after_swap));
    assert_eq!(after_swap.byes, [rested.as_str()]);
    assert!(
        seen.warnings_after_swap
            .contains(&format!("{rested} has had a bye before")),
        "{seen:?}"
    );

    // The move leaves a table of one and one of three: shown, and not to be published.
    let mover = &after_swap.tables[0][0];
    let after_move = moved(&after_swap, mover, 2);
    assert_eq!(seen.after_move.as_ref(), Some(&after_move));
    assert_eq!(
        after_move.tables.iter().map(Vec::len).collect::<Vec<_>>(),
        [1, 3, 2]
    );
    assert!(!seen.problem_after_move.trim().is_empty(), "{seen:?}");
    assert_eq!(seen.publish_buttons_after_move, 0, "{seen:?}");

    // The second move mends it.
    let mender = &after_swap.tables[1][0];
    let after_mend = moved(&after_move, mender, 1);
    assert_eq!(seen.after_mend.as_ref(), Some(&after_mend));
    assert!(after_mend.tables.iter().all(|seats| seats.len() == 2));
    assert_eq!(seen.publish_buttons_after_mend, 1, "{seen:?}");

    // The pair made by hand: a rematch of round 1, told so.
    let edits_words = seen.edits_field.clone();
    let pair_line = edits_words
        .lines()
        .map(|line| line.trim_end_matches('\r'))
        .find(|line| line.starts_with("pair\t"))
        .unwrap_or_else(|| panic!("no pair in {edits_words:?}"))
        .to_string();
    let parts: Vec<&str> = pair_line.split('\t').collect();
    let shown = paired(&after_mend, parts[1], parts[2]);
    assert_eq!(seen.shown.as_ref(), Some(&shown), "{seen:?}");
    let (a, b) = both_ways(parts[1], parts[2]);
    assert!(
        round_one.tables.contains(&vec![a.clone(), b.clone()])
            || round_one.tables.contains(&vec![b.clone(), a.clone()])
    );
    assert!(
        seen.warnings
            .contains(&format!("{a} and {b} have met before")),
        "{seen:?}"
    );
    assert!(
        seen.warnings
            .contains(&format!("{rested} has had a bye before")),
        "{seen:?}"
    );
    // Four changes, a line each in the publish form's field: the browser sent them with CR LF
    // line ends, as it sends every form's line breaks, and the round was still published.
    assert_eq!(edits_words.lines().count(), 4, "{edits_words:?}");
    assert!(seen.unticked_refused, "Publish went through unticked");
    assert!(seen.fits, "the page scrolls sideways at 390 px");
    assert_eq!(seen.cards, 3);

    // Published exactly as shown: the same tables in the same order, the same bye.
    let (round_two, edited) = published(&ctx, id, 2).await;
    assert_eq!(round_two, shown);
    assert!(edited);
    let (_, first_edited) = published(&ctx, id, 1).await;
    assert!(!first_edited);
    let document = ctx
        .browser()
        .get(&format!("/leagues/north/championships/{id}/event.json"))
        .await;
    assert_eq!(document.status, 200);
    let document: Value = serde_json::from_str(&document.body).unwrap();
    let rounds = document["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2, "{document}");
    assert_eq!(rounds[1]["edited"], json!(true), "{document}");
    assert_ne!(rounds[0]["edited"], json!(true), "{document}");
    assert_eq!(tables_of(&rounds[1]["tables"]), shown.tables, "{document}");
    assert_eq!(names(&rounds[1]["byes"]), shown.byes, "{document}");
}
store_test!(in_chromium_an_organiser_swaps_moves_and_pairs_by_hand_and_publishes_the_round_shown);

async fn a_round_with_warnings_is_published_only_once_they_are_accepted(ctx: TestContext) {
    let (api, id, round_one) = a_swiss_after_round_one(&ctx).await;
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let engine = api.post(&at("/rounds/preview"), json!({})).await;
    assert_eq!(engine.status, 200, "{:?}", engine.json);
    assert_eq!(engine.json["edited"], json!(false));
    assert_eq!(engine.json["warnings"], json!([]));
    assert_eq!(engine.json["problem"], Value::Null);
    // Why the engine paired it so, in words: its measures, the bye named.
    let explanation = engine.json["explanation"].as_str().unwrap();
    assert!(
        explanation.starts_with("No rematch: 0 tables repeat a meeting."),
        "{explanation}"
    );
    assert!(
        explanation.contains(names(&engine.json["byes"])[0].as_str()),
        "{explanation}"
    );
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let page = organiser
        .get(&format!("/organise/north/championships/{id}"))
        .await;
    assert!(
        page.body.contains("id=\"preview-explanation\""),
        "{}",
        page.body
    );
    let rested = round_one.byes[0].clone();
    let resting = names(&engine.json["byes"])[0].clone();
    let tables = tables_of(&engine.json["tables"]);

    // A swap giving round 1's bye a second one: edited, with a warning, publishable.
    let swap = json!([{"kind": "swap", "first": rested, "second": resting}]);
    let preview = api
        .post(&at("/rounds/preview"), json!({ "edits": swap }))
        .await;
    assert_eq!(preview.status, 200, "{:?}", preview.json);
    assert_eq!(preview.json["edited"], json!(true));
    assert_eq!(preview.json["problem"], Value::Null);
    assert_eq!(names(&preview.json["byes"]), [rested.as_str()]);
    // The bye's taker was at the bottom of the scores: its seat may cross a score group too.
    let warnings = names(&preview.json["warnings"]);
    assert!(
        warnings.contains(&format!(
            "{rested} has had a bye before: this gives a second one, which the pairing avoided."
        )),
        "{warnings:?}"
    );
    assert!(
        warnings
            .iter()
            .all(|w| w.contains("had a bye before") || w.contains("across score groups")),
        "{warnings:?}"
    );
    // A move to a table of three: a problem, and no publishing it.
    let mover = tables[0][0].clone();
    let three = json!([{"kind": "move", "entrant": mover, "to_table": 2}]);
    let problem = api
        .post(&at("/rounds/preview"), json!({ "edits": three }))
        .await;
    assert_eq!(problem.status, 200, "{:?}", problem.json);
    assert_eq!(problem.json["edited"], json!(true));
    assert!(
        problem.json["problem"]
            .as_str()
            .is_some_and(|p| !p.is_empty()),
        "{:?}",
        problem.json
    );
    let refused = api
        .post(
            &at("/rounds"),
            json!({ "edits": three, "accept_warnings": true }),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);

    // The API: the warning not accepted, 409 naming the rule; nothing published.
    let unaccepted = api.post(&at("/rounds"), json!({ "edits": swap })).await;
    assert_eq!(unaccepted.status, 409, "{:?}", unaccepted.json);
    let message = unaccepted.json["error"].as_str().unwrap_or_default();
    assert!(
        message.contains(&format!("{rested} has had a bye before")),
        "{message}"
    );
    assert_eq!(ctx.store.rounds(ChampionshipId(id)).await.unwrap().len(), 1);

    // The page: three changes sent as a browser sends them, CR LF between; unticked, the page
    // says why and publishes nothing.
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let manage = format!("/organise/north/championships/{id}");
    let edits = format!(
        "swap\t{rested}\t{resting}\r\nswap\t{resting}\t{rested}\r\nswap\t{rested}\t{resting}"
    );
    let page = organiser
        .get(&format!("{manage}?edits={}", urlencoding(&edits)))
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains("id=\"preview-warnings\""),
        "{}",
        page.body
    );
    // A change that cannot be made is refused, and the changes before it are kept.
    let same = organiser
        .get(&format!(
            "{manage}?edits={}&kind=pair&first={rested}&second={rested}",
            urlencoding(&edits)
        ))
        .await;
    assert_eq!(same.status, 422, "{}", same.body);
    assert!(
        same.body.contains("Choose two different entrants.")
            && same
                .body
                .contains(&format!("Your changes: swap {rested} and {resting};")),
        "{}",
        same.body
    );
    assert_eq!(hidden(&same.body, "edits"), edits.replace("\r\n", "\n"));
    let seen = hidden(&page.body, "seen");
    let unticked = organiser
        .submit(
            &format!("{manage}/rounds"),
            &[("seen", &seen), ("edits", &edits)],
        )
        .await;
    assert_eq!(unticked.status, 422, "{}", unticked.body);
    assert!(
        unticked.body.contains("has had a bye before") && unticked.body.contains("Tick"),
        "{}",
        unticked.body
    );
    assert_eq!(ctx.store.rounds(ChampionshipId(id)).await.unwrap().len(), 1);
    // Ticked, it is published as previewed.
    let ticked = organiser
        .submit(
            &format!("{manage}/rounds"),
            &[("seen", &seen), ("edits", &edits), ("accept_warnings", "1")],
        )
        .await;
    assert_eq!(ticked.status, 303, "{}", ticked.body);
    let (round_two, edited) = published(&ctx, id, 2).await;
    assert!(edited);
    assert_eq!(round_two.byes, [rested.as_str()]);
    let expected: Vec<Vec<String>> = serde_json::from_str(&seen).unwrap();
    assert_eq!(round_two.tables, expected);
}
store_test!(a_round_with_warnings_is_published_only_once_they_are_accepted);

/// A query string's value, percent-encoded.
fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (byte as char).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect()
}
