//! Each championship format other than the plain Swiss run through the API to its end, on both
//! stores: a Swiss then a knockout, double elimination, groups of pairs with a play-off, a
//! round robin with a withdrawal, and late entries; the public document re-run through the
//! engine gives what was published.

use fives_pairing::event::Event;
use fives_rules::record::play_game;
use fives_rules::ruleset::{Preset, RulesetSpec};
use serde_json::{Value, json};

use crate::championship_story::{organiser_api, random_game, tables_of};
use crate::support::{ApiClient, TestContext};

const BASE: &str = "/api/v1/organisations/north/championships";

pub(crate) fn format_of(stages: fives::domain::championship::Stages) -> Value {
    use fives::domain::championship::{ChampionshipFormat, FormatChoice, FormatDocument};
    let format = ChampionshipFormat::try_from(FormatChoice::plain(stages)).unwrap();
    serde_json::to_value(FormatDocument::from(&format)).unwrap()
}

/// Publishes the next round and the organiser enters every table's game; answers the round.
pub(crate) async fn play_round(api: &ApiClient, championship: &str, seed: u64) -> Value {
    let at = |path: &str| format!("{championship}{path}");
    let published = api.post(&at("/rounds"), json!({})).await;
    assert_eq!(published.status, 201, "{:?}", published.json);
    let round = published.json["round"].clone();
    for (number, table) in round["tables"].as_array().unwrap().iter().enumerate() {
        let entered = api
            .put(
                &at(&format!("/tables/{}/result", table["id"])),
                json!({"version": 0, "games": [random_game(seed * 100 + number as u64)]}),
            )
            .await;
        assert_eq!(entered.status, 200, "{:?}", entered.json);
    }
    round
}

async fn a_swiss_then_knockout_hands_its_top_four_to_a_knockout_that_ends_with_a_final(
    ctx: TestContext,
) {
    use fives::domain::championship::Stages;
    let api = organiser_api(&ctx).await;
    let made = api
            .post(BASE, json!({"name": "Masters", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": format_of(Stages::SwissThenKnockout { rounds: 2, top: 4, third_place: true })}))
            .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = (1..=8)
        .map(|i| json!({"name": format!("Player {i}"), "rating": 2000 - i}))
        .collect();
    api.post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    for seed in 1..=2 {
        let round = play_round(&api, &at(""), seed).await;
        assert_eq!(round["stage"], "main");
    }
    let swiss = ctx.api(None).get(&at("")).await.json["standings"]["main"]["standings"].clone();
    let top: Vec<String> = swiss.as_array().unwrap()[..4]
        .iter()
        .map(|l| l["id"].as_str().unwrap().to_string())
        .collect();

    // The Swiss is over: the next round starts the knockout with its top four, 1 v 4 and 2 v 3.
    let preview = api.post(&at("/rounds/preview"), json!({})).await;
    assert_eq!(preview.json["stage"], "knockout", "{:?}", preview.json);
    let semis = tables_of(&preview.json["tables"]);
    assert_eq!(
        semis,
        [
            vec![top[0].clone(), top[3].clone()],
            vec![top[1].clone(), top[2].clone()]
        ]
    );
    // A bracket's pairing is the bracket's: no swaps.
    let swap = api
        .post(
            &at("/rounds/preview"),
            json!({"swaps": [{"first": top[0], "second": top[1]}]}),
        )
        .await;
    assert_eq!(swap.status, 422, "{:?}", swap.json);
    let first = play_round(&api, &at(""), 3).await;
    assert_eq!(
        (first["stage"].as_str(), first["number"].as_i64()),
        (Some("knockout"), Some(1))
    );
    let finals = play_round(&api, &at(""), 4).await;
    assert_eq!(
        finals["tables"].as_array().unwrap().len(),
        2,
        "a final and a third-place match"
    );
    let over = api.post(&at("/rounds/preview"), json!({})).await;
    assert_eq!(over.status, 409, "{:?}", over.json);

    // The knockout's own document gives its published standings, its entrants the Swiss's top.
    let detail = ctx.api(None).get(&at("")).await;
    let document = ctx.api(None).get(&at("/event?stage=knockout")).await;
    assert_eq!(document.status, 200);
    let ids: Vec<&str> = document.json["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, top.iter().map(String::as_str).collect::<Vec<_>>());
    let event = Event::parse(&document.json.to_string()).unwrap();
    let standings = fives_pairing::standings::standings(&event).unwrap();
    let rerun: Value =
        serde_json::from_str(&fives_pairing::output::standings_json(&event, &standings)).unwrap();
    assert_eq!(detail.json["standings"]["knockout"], rerun);
    // The public page draws the knockout's bracket to its final.
    let page = ctx
        .browser()
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    assert!(
        page.body.contains(">Final<") && page.body.contains("Third place"),
        "{}",
        page.body
    );
}
store_test!(a_swiss_then_knockout_hands_its_top_four_to_a_knockout_that_ends_with_a_final);

async fn a_double_elimination_pairs_what_can_be_played_before_every_result_is_in(ctx: TestContext) {
    use fives::domain::championship::Stages;
    let api = organiser_api(&ctx).await;
    let made = api
            .post(BASE, json!({"name": "Second Chance", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": format_of(Stages::DoubleElimination { grand_final_reset: true })}))
            .await;
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = (1..=8)
        .map(|i| json!({"name": format!("Player {i}"), "rating": 2000 - i}))
        .collect();
    api.post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    let first = api.post(&at("/rounds"), json!({})).await;
    assert_eq!(first.status, 201, "{:?}", first.json);
    assert_eq!(first.json["round"]["tables"].as_array().unwrap().len(), 4);
    // Two of the four first matches are played: the winners of those two can meet already.
    for (number, table) in first.json["round"]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .enumerate()
    {
        let entered = api
            .put(
                &at(&format!("/tables/{}/result", table["id"])),
                json!({"version": 0, "games": [random_game(40 + number as u64)]}),
            )
            .await;
        assert_eq!(entered.status, 200, "{:?}", entered.json);
    }
    let next = api.post(&at("/rounds/preview"), json!({})).await;
    assert_eq!(next.status, 200, "{:?}", next.json);
    assert!(
        !next.json["tables"].as_array().unwrap().is_empty(),
        "{:?}",
        next.json
    );
    let published = api.post(&at("/rounds"), json!({})).await;
    assert_eq!(published.status, 201, "{:?}", published.json);
    let document = ctx.api(None).get(&at("/event")).await;
    let event = Event::parse(&document.json.to_string()).unwrap();
    assert_eq!(event.rounds.len(), 2);
}
store_test!(a_double_elimination_pairs_what_can_be_played_before_every_result_is_in);

/// A game of All Fives for four in partnerships, played at random, as a scorer keeps it: who
/// set, the pegs and each hand's score (a whole record with every deal and move of four players
/// is more than the API's 64 KiB body).
fn random_pairs_game(seed: u64) -> Value {
    let mut spec = RulesetSpec::preset(Preset::AllFives);
    spec.overrides.partnerships = Some(true);
    let built = spec.build(4).unwrap();
    let record = play_game(&spec, &built, &mut fives_rules::random::seeded(seed));
    let scored: Vec<fives_rules::record::HandRecord> = record
        .hands
        .into_iter()
        .map(|hand| fives_rules::record::HandRecord {
            leader: hand.leader,
            pegs: hand.pegs,
            score: hand.score,
            ..Default::default()
        })
        .collect();
    serde_json::to_value(scored).unwrap()
}

async fn groups_of_pairs_play_their_round_robins_then_a_play_off_to_the_end(ctx: TestContext) {
    use fives::domain::championship::{
        ChampionshipFormat, EntrantKind, FormatChoice, FormatDocument, Stages,
    };
    let api = organiser_api(&ctx).await;
    let format = ChampionshipFormat::try_from(FormatChoice {
        entrants: EntrantKind::Pairs,
        ..FormatChoice::plain(Stages::Groups {
            groups: 2,
            advance: 2,
        })
    })
    .unwrap();
    let made = api
            .post(BASE, json!({"name": "Pairs Groups", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": serde_json::to_value(FormatDocument::from(&format)).unwrap()}))
            .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = (1..=8)
            .map(|i| json!({"name": format!("Ann {i}"), "partner": format!("Bob {i}"), "rating": 1900 - i}))
            .collect();
    let entered = api
        .post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    assert_eq!(entered.json[0]["name"], "Ann 1 & Bob 1");
    // A pair without its partner is refused, at its line.
    let lone = api
        .post(&at("/entrants"), json!({"entrants": [{"name": "Cat 9"}]}))
        .await;
    assert_eq!(lone.status, 422, "{:?}", lone.json);

    let mut rounds = 0;
    loop {
        let preview = api.post(&at("/rounds/preview"), json!({})).await;
        if preview.status == 409 {
            assert!(
                preview.json["error"].as_str().unwrap().contains("over"),
                "{:?}",
                preview.json
            );
            break;
        }
        assert_eq!(preview.status, 200, "{:?}", preview.json);
        rounds += 1;
        assert!(rounds <= 6, "the event does not end");
        let published = api.post(&at("/rounds"), json!({})).await;
        assert_eq!(published.status, 201, "{:?}", published.json);
        for (number, table) in published.json["round"]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let entered = api
                    .put(&at(&format!("/tables/{}/result", table["id"])),
                         json!({"version": 0, "games": [random_pairs_game(rounds * 10 + number as u64)]}))
                    .await;
            assert_eq!(entered.status, 200, "{:?}", entered.json);
        }
    }
    // Three rounds of the groups' round robins, then the play-off's semi-finals and final.
    assert_eq!(rounds, 5);
    let detail = ctx.api(None).get(&at("")).await;
    let standings = detail.json["standings"]["main"]["standings"]
        .as_array()
        .unwrap()
        .clone();
    // Each group's table, every pair once, then the play-off's four.
    let in_groups = standings
        .iter()
        .filter(|line| line.get("group").is_some())
        .count();
    let in_play_off = standings
        .iter()
        .filter(|line| line["stage"] == "play-off")
        .count();
    assert_eq!((in_groups, in_play_off), (8, 4), "{standings:?}");
    let document = ctx.api(None).get(&at("/event")).await;
    let event = Event::parse(&document.json.to_string()).unwrap();
    let rerun: Value = serde_json::from_str(&fives_pairing::output::standings_json(
        &event,
        &fives_pairing::standings::standings(&event).unwrap(),
    ))
    .unwrap();
    assert_eq!(detail.json["standings"]["main"], rerun);
    // The play-off's bracket is drawn.
    let page = ctx
        .browser()
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    assert!(page.body.contains(">Final<"), "{}", page.body);
    // Each group's table is drawn apart, then the play-off's.
    for heading in [">Group A<", ">Group B<", ">Play-off<"] {
        assert!(page.body.contains(heading), "{heading}: {}", page.body);
    }
}
store_test!(groups_of_pairs_play_their_round_robins_then_a_play_off_to_the_end);

async fn a_round_robin_meets_everyone_once_and_ends_with_a_withdrawal_kept(ctx: TestContext) {
    use fives::domain::championship::Stages;
    let api = organiser_api(&ctx).await;
    let made = api
        .post(
            BASE,
            json!({"name": "Club Round Robin", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": format_of(Stages::RoundRobin)}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = (1..=5)
        .map(|i| json!({"name": format!("Player {i}"), "rating": 1800 - i}))
        .collect();
    let entered = api
        .post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    let withdrawing = entered.json[4]["id"].as_i64().unwrap();
    let mut rounds = 0;
    loop {
        let preview = api.post(&at("/rounds/preview"), json!({})).await;
        if preview.status == 409 {
            break;
        }
        assert_eq!(preview.status, 200, "{:?}", preview.json);
        rounds += 1;
        assert!(rounds <= 5, "the round robin does not end");
        play_round(&api, &at(""), 70 + rounds).await;
        if rounds == 2 {
            // Player 5 leaves after round 2: kept in the standings, paired no more.
            let withdrawn = api
                .put(
                    &at(&format!("/entrants/{withdrawing}")),
                    json!({"withdrawn": true}),
                )
                .await;
            assert_eq!(withdrawn.json["withdrawn_after"], 2, "{:?}", withdrawn.json);
        }
    }
    let detail = ctx.api(None).get(&at("")).await;
    let met: std::collections::BTreeSet<(String, String)> = detail.json["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|round| tables_of(&round["tables"]))
        .map(|mut seats| {
            seats.sort();
            (seats[0].clone(), seats[1].clone())
        })
        .collect();
    // No pair met twice, and Player 5 sat at no table after round 2.
    let tables: usize = detail.json["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["tables"].as_array().unwrap().len())
        .sum();
    assert_eq!(met.len(), tables);
    for round in &detail.json["rounds"].as_array().unwrap()[2..] {
        assert!(
            tables_of(&round["tables"])
                .iter()
                .flatten()
                .all(|seat| seat != "Player 5")
        );
    }
    assert_eq!(
        detail.json["standings"]["main"]["standings"]
            .as_array()
            .unwrap()
            .len(),
        5
    );
    let document = ctx.api(None).get(&at("/event")).await;
    let event = Event::parse(&document.json.to_string()).unwrap();
    let rerun: Value = serde_json::from_str(&fives_pairing::output::standings_json(
        &event,
        &fives_pairing::standings::standings(&event).unwrap(),
    ))
    .unwrap();
    assert_eq!(detail.json["standings"]["main"], rerun);
}
store_test!(a_round_robin_meets_everyone_once_and_ends_with_a_withdrawal_kept);

async fn a_late_entry_joins_a_swiss_on_no_points_and_a_knockout_takes_none(ctx: TestContext) {
    use fives::domain::championship::Stages;
    let api = organiser_api(&ctx).await;
    let made = api
        .post(
            BASE,
            json!({"name": "Late Swiss", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": format_of(Stages::Swiss { rounds: 3 })}),
        )
        .await;
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{BASE}/{id}{path}");
    let entrants: Vec<Value> = (1..=4)
        .map(|i| json!({"name": format!("Player {i}"), "rating": 1800 - i}))
        .collect();
    api.post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    play_round(&api, &at(""), 81).await;

    // Gus arrives after round 1: entered, and paired from round 2 on.
    let late = api
        .post(
            &at("/entrants"),
            json!({"entrants": [{"name": "Gus", "rating": 2100}]}),
        )
        .await;
    assert_eq!(late.status, 201, "{:?}", late.json);
    for seed in 82..=83 {
        let round = play_round(&api, &at(""), seed).await;
        let seated = tables_of(&round["tables"])
            .into_iter()
            .flatten()
            .any(|name| name == "Gus")
            || round["byes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|bye| bye == "Gus");
        assert!(seated, "Gus is paired: {round:?}");
    }
    let detail = ctx.api(None).get(&at("")).await;
    let document = ctx.api(None).get(&at("/event")).await;
    let event = Event::parse(&document.json.to_string()).unwrap();
    assert!(
        document.json["rounds"][0].to_string().find("Gus").is_none(),
        "{:?}",
        document.json
    );
    let standings = fives_pairing::standings::standings(&event).unwrap();
    let rerun: Value =
        serde_json::from_str(&fives_pairing::output::standings_json(&event, &standings)).unwrap();
    assert_eq!(detail.json["standings"]["main"], rerun);
    let gus = rerun["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["id"] == "Gus")
        .unwrap()
        .clone();
    assert!(
        gus["score"].as_f64().unwrap() <= 2.0,
        "two rounds at most: {gus:?}"
    );

    // A knockout's bracket is drawn at round 1: nobody joins it after.
    let cup = api
        .post(
            BASE,
            json!({"name": "Late Cup", "starts_on": "2027-03-06", "ruleset": "all-fives",
                               "format": format_of(Stages::Knockout { third_place: false })}),
        )
        .await;
    let cup = format!("{BASE}/{}", cup.json["id"]);
    let entrants: Vec<Value> = (1..=4)
        .map(|i| json!({"name": format!("Player {i}")}))
        .collect();
    api.post(&format!("{cup}/entrants"), json!({"entrants": entrants}))
        .await;
    play_round(&api, &cup, 84).await;
    let refused = api
        .post(
            &format!("{cup}/entrants"),
            json!({"entrants": [{"name": "Gus"}]}),
        )
        .await;
    assert_eq!(refused.status, 409, "{:?}", refused.json);
    assert!(
        refused.json["error"]
            .as_str()
            .unwrap()
            .contains("only a Swiss takes late entries"),
        "{:?}",
        refused.json
    );
    let entrants = ctx.api(None).get(&cup).await.json["entrants"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(entrants, 4);
}
store_test!(a_late_entry_joins_a_swiss_on_no_points_and_a_knockout_takes_none);
