//! Tables of other sizes run to their end (a partnership Swiss at four, a Swiss at tables of
//! three, a singles knockout), each table's game scored as a scorer keeps it; and a
//! championship whose rules cannot be played at its tables refused when it is made.

use fives_pairing::event::Event;
use fives_rules::record::play_game;
use fives_rules::ruleset::{Preset, RulesetSpec};
use serde_json::{Value, json};

use crate::championship_formats::format_of;
use crate::championship_story::organiser_api;
use crate::support::{ApiClient, TestContext};

const BASE: &str = "/api/v1/organisations/north/championships";

/// A random game of the preset for `seats` players (in partnerships at four when asked), as a
/// scorer keeps it: each hand's score.
pub(crate) fn scored_game(preset: Preset, seats: usize, partnerships: bool, seed: u64) -> Value {
    let mut spec = RulesetSpec::preset(preset);
    if seats == 4 {
        spec.overrides.partnerships = Some(partnerships);
    }
    let built = spec.build(seats).unwrap();
    let record = play_game(&spec, &built, &mut fives_rules::random::seeded(seed));
    let scored: Vec<fives_rules::record::HandRecord> = record
        .hands
        .into_iter()
        .map(|hand| fives_rules::record::HandRecord {
            score: hand.score,
            ..Default::default()
        })
        .collect();
    serde_json::to_value(scored).unwrap()
}

/// Runs an event to its end: each round previewed, published and every table's game entered,
/// the first table's through its link (then confirmed) and the rest by the organiser; answers
/// the number of rounds. The public document re-run through the engine gives the standings.
async fn run_to_the_end(
    ctx: &TestContext,
    api: &ApiClient,
    event: &str,
    game: impl Fn(u64) -> Value,
) -> usize {
    let at = |path: &str| format!("{event}{path}");
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
        assert!(rounds <= 8, "the event does not end");
        let published = api.post(&at("/rounds"), json!({})).await;
        assert_eq!(published.status, 201, "{:?}", published.json);
        for (number, table) in published.json["round"]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let seed = (rounds * 100 + number) as u64;
            if number == 0 {
                let link = published.json["table_links"][0]
                    .as_str()
                    .unwrap()
                    .split("/api/v1/tables/")
                    .nth(1)
                    .unwrap()
                    .to_string();
                let entered = ctx
                    .api(None)
                    .put(
                        &format!("/api/v1/tables/{link}/result"),
                        json!({"version": 0, "games": [game(seed)]}),
                    )
                    .await;
                assert_eq!(entered.status, 200, "{:?}", entered.json);
                let confirmed = api
                    .post(
                        &at(&format!("/tables/{}/result/confirm", table["id"])),
                        json!({"version": 1}),
                    )
                    .await;
                assert_eq!(confirmed.status, 200, "{:?}", confirmed.json);
            } else {
                let entered = api
                    .put(
                        &at(&format!("/tables/{}/result", table["id"])),
                        json!({"version": 0, "games": [game(seed)]}),
                    )
                    .await;
                assert_eq!(entered.status, 200, "{:?}", entered.json);
            }
        }
    }
    let detail = ctx.api(None).get(event).await;
    let document = ctx.api(None).get(&at("/event")).await;
    let parsed = Event::parse(&document.json.to_string()).unwrap();
    let rerun: Value = serde_json::from_str(&fives_pairing::output::standings_json(
        &parsed,
        &fives_pairing::standings::standings(&parsed).unwrap(),
    ))
    .unwrap();
    assert_eq!(detail.json["standings"]["main"], rerun);
    rounds
}

async fn a_partnership_swiss_a_table_of_three_swiss_and_a_singles_knockout_each_run_to_their_end(
    ctx: TestContext,
) {
    use fives::domain::championship::{
        ChampionshipFormat, FormatChoice, FormatDocument, Points, Stages, TableScoring,
    };
    let api = organiser_api(&ctx).await;
    let document = |choice: FormatChoice| {
        serde_json::to_value(FormatDocument::from(
            &ChampionshipFormat::try_from(choice).unwrap(),
        ))
        .unwrap()
    };
    let make = |name: &'static str, ruleset: &'static str, format: Value, players: usize| {
        let api = &api;
        async move {
            let made = api
                    .post(BASE, json!({"name": name, "starts_on": "2027-03-06", "ruleset": ruleset, "format": format}))
                    .await;
            assert_eq!(made.status, 201, "{:?}", made.json);
            let event = format!("{BASE}/{}", made.json["id"]);
            let entrants: Vec<Value> = (1..=players)
                .map(|i| json!({"name": format!("{name} player {i}"), "rating": 1900 - i}))
                .collect();
            let entered = api
                .post(&format!("{event}/entrants"), json!({"entrants": entrants}))
                .await;
            assert_eq!(entered.status, 201, "{:?}", entered.json);
            event
        }
    };

    // The individual Fives and Threes championship: four at a table, partners changing.
    let partnerships = make(
        "Individual",
        "fives-and-threes",
        document(FormatChoice {
            seats: 4,
            partnerships: true,
            ..FormatChoice::plain(Stages::Swiss { rounds: 3 })
        }),
        8,
    )
    .await;
    let first = api.post(&format!("{partnerships}/rounds"), json!({})).await;
    let link = first.json["table_links"][0]
        .as_str()
        .unwrap()
        .split("/api/v1/tables/")
        .nth(1)
        .unwrap()
        .to_string();
    // One hand of three points is not a game to 121: refused, nothing kept.
    let refused = ctx
        .api(None)
        .put(
            &format!("/api/v1/tables/{link}/result"),
            json!({"version": 0, "games": [[{"score": [3, 0]}]]}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert!(
        refused
            .problem_fields()
            .iter()
            .any(|f| f.starts_with("games[0]")),
        "{:?}",
        refused.json
    );
    for (number, table) in first.json["round"]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let entered = api
                .put(&format!("{partnerships}/tables/{}/result", table["id"]),
                     json!({"version": 0, "games": [scored_game(Preset::FivesAndThrees, 4, true, 90 + number as u64)]}))
                .await;
        assert_eq!(entered.status, 200, "{:?}", entered.json);
    }
    let rounds = run_to_the_end(&ctx, &api, &partnerships, |seed| {
        scored_game(Preset::FivesAndThrees, 4, true, seed)
    })
    .await;
    assert_eq!(rounds, 2, "rounds 2 and 3 after the first");

    // Doubles in the Boneyard at tables of three, 3, 1 and 0 by place.
    let three = make(
        "Boneyard",
        "doubles-in-the-boneyard",
        document(FormatChoice {
            seats: 3,
            scoring: TableScoring::ByPlace(vec![
                Points::whole(3),
                Points::whole(1),
                Points::whole(0),
            ]),
            ..FormatChoice::plain(Stages::Swiss { rounds: 2 })
        }),
        6,
    )
    .await;
    let rounds = run_to_the_end(&ctx, &api, &three, |seed| {
        scored_game(Preset::DoublesInTheBoneyard, 3, false, seed)
    })
    .await;
    assert_eq!(rounds, 2);

    // A singles knockout of eight to its final.
    let knockout = make(
        "Singles Cup",
        "all-fives",
        document(FormatChoice::plain(Stages::Knockout { third_place: false })),
        8,
    )
    .await;
    let rounds = run_to_the_end(&ctx, &api, &knockout, |seed| {
        scored_game(Preset::AllFives, 2, false, seed)
    })
    .await;
    assert_eq!(rounds, 3, "quarter-finals, semi-finals, final");
    let page = ctx
        .browser()
        .get(&knockout.replace("/api/v1/organisations/north", "/leagues/north"))
        .await;
    assert!(page.body.contains(">Final<"), "{}", page.body);
}
store_test!(
    a_partnership_swiss_a_table_of_three_swiss_and_a_singles_knockout_each_run_to_their_end
);

async fn a_championship_whose_rules_cannot_play_its_tables_is_refused(ctx: TestContext) {
    use fives::domain::championship::Stages;
    let api = organiser_api(&ctx).await;
    // Doubles in the Boneyard is not a game for two.
    let two = api
        .post(
            BASE,
            json!({"name": "Boneyard Pairs", "starts_on": "2027-03-06",
                               "ruleset": "doubles-in-the-boneyard",
                               "format": format_of(Stages::Swiss { rounds: 3 })}),
        )
        .await;
    assert_eq!(two.status, 422, "{:?}", two.json);
    assert_eq!(two.problem_fields(), ["ruleset"], "{:?}", two.json);
    assert!(
        two.json.to_string().contains("cannot be played by 2"),
        "{:?}",
        two.json
    );
    let far = api
        .post(
            BASE,
            json!({"name": "Marathon", "starts_on": "2027-03-06",
                               "ruleset": {"preset": "all-fives", "target": 5000},
                               "format": format_of(Stages::Swiss { rounds: 3 })}),
        )
        .await;
    assert_eq!(far.status, 422, "{:?}", far.json);
    assert_eq!(far.problem_fields(), ["ruleset.target"], "{:?}", far.json);
    let listed = ctx.api(None).get(BASE).await;
    assert_eq!(
        listed.json.as_array().map(Vec::len),
        Some(0),
        "{:?}",
        listed.json
    );
    // Played to 121 instead of the preset's own, through the form.
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let made = organiser
        .submit(
            "/organise/north/championships",
            &[
                ("name", "Long Games"),
                ("starts_on", "2027-03-06"),
                ("preset", "all-fives"),
                ("ruleset_target", "121"),
                ("entrants", "players"),
                ("stages", "swiss"),
                ("rounds", "3"),
                ("seats", "2"),
                ("table_play", "one-game"),
                ("win", "1"),
                ("draw", "½"),
                ("loss", "0"),
                ("bye_points", "1"),
                ("seeding", "rating"),
                ("tiebreaks", "game points, Buchholz"),
            ],
        )
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let listed = ctx.api(None).get(BASE).await;
    assert_eq!(
        listed.json[0]["ruleset"]["target"]["2"], 121,
        "{:?}",
        listed.json
    );
    assert_eq!(
        listed.json[0]["format"]["tiebreaks"],
        json!(["game-points", "buchholz"])
    );
    let unknown = organiser
        .submit(
            "/organise/north/championships",
            &[
                ("name", "Coin Toss"),
                ("starts_on", "2027-03-06"),
                ("preset", "all-fives"),
                ("entrants", "players"),
                ("stages", "swiss"),
                ("rounds", "3"),
                ("seats", "2"),
                ("table_play", "one-game"),
                ("win", "1"),
                ("draw", "½"),
                ("loss", "0"),
                ("bye_points", "1"),
                ("seeding", "rating"),
                ("tiebreaks", "Wins, coin toss, Wins"),
            ],
        )
        .await;
    assert_eq!(unknown.status, 422, "{}", unknown.body);
    assert!(
        unknown.body.contains("coin toss&#34; is not a tiebreak"),
        "{}",
        unknown.body
    );
    assert!(
        !unknown.body.contains("Wins&#34; is not"),
        "a document's name is one: {}",
        unknown.body
    );
}
store_test!(a_championship_whose_rules_cannot_play_its_tables_is_refused);
