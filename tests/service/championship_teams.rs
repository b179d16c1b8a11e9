//! A team cup from nothing to its end, on both stores: six teams of the organisation's leagues,
//! each with its squad, in two groups of three and then a play-off final; every table a team
//! match of two singles and a pairs game to 61, its players named from the two teams' squads
//! as in a league's fixture. A match naming a player of the other team is refused at its game
//! and keeps nothing, and so are hands alone; the final is entered on the table's phone page.
//! The public event document gives the published standings.

use fives::domain::championship::{
    ChampionshipFormat, EntrantKind, FormatChoice, FormatDocument, Stages, TeamMatch,
};
use fives::domain::hand_lines::write_hand_lines;
use fives::domain::match_format::{Leg, LegKind, PlayerLimits};
use fives::domain::match_result::game_ruleset;
use fives_pairing::event::Event;
use fives_rules::record::{HandRecord, play_game};
use fives_rules::ruleset::{Preset, RulesetSpec};
use serde_json::{Value, json};

use crate::support::{ApiClient, TestContext};

const ORGANISATION: &str = "/api/v1/organisations/north";

fn legs() -> Vec<Leg> {
    vec![
        Leg {
            kind: LegKind::Singles,
            games: 2,
            target: 61,
        },
        Leg {
            kind: LegKind::Pairs,
            games: 1,
            target: 61,
        },
    ]
}

/// A game of the match's leg played at random to its end, as a scorer keeps it: each hand's
/// score (a whole record with every deal and move is more than a body holds).
fn random_hands(leg: &Leg, seed: u64) -> Vec<HandRecord> {
    let spec = game_ruleset(&RulesetSpec::preset(Preset::FivesAndThrees), leg);
    let built = spec
        .build(2 * leg.kind.players_per_side() as usize)
        .unwrap();
    play_game(&spec, &built, &mut fives_rules::random::seeded(seed))
        .hands
        .into_iter()
        .map(|hand| HandRecord {
            score: hand.score,
            ..Default::default()
        })
        .collect()
}

fn ids(squad: &Value) -> Vec<i64> {
    squad
        .as_array()
        .unwrap()
        .iter()
        .map(|player| player["id"].as_i64().unwrap())
        .collect()
}

/// The team match's games for the API: game 1 the squads' first players, game 2 their second,
/// the pairs game their third and fourth.
fn team_games(squads: &Value, seed: u64) -> Value {
    let (home, away) = (ids(&squads[0]), ids(&squads[1]));
    let legs = legs();
    let games: Vec<Value> = [
        (vec![home[0]], vec![away[0]], &legs[0]),
        (vec![home[1]], vec![away[1]], &legs[0]),
        (vec![home[2], home[3]], vec![away[2], away[3]], &legs[1]),
    ]
    .into_iter()
    .zip(0..)
    .map(|((home, away, leg), game)| {
        json!({"home": home, "away": away, "hands": random_hands(leg, seed * 10 + game)})
    })
    .collect();
    Value::Array(games)
}

async fn organiser_api(ctx: &TestContext) -> ApiClient {
    let organiser = ctx.user("north@example.org").await;
    ctx.organisation("north", &organiser).await;
    let browser = ctx.browser();
    browser.login_ok("north@example.org").await;
    let token = browser.make_api_token("team cup").await;
    ctx.api(Some(&token))
}

fn link_of(address: &Value) -> String {
    let address = address.as_str().unwrap();
    address.split("/api/v1/tables/").nth(1).unwrap().to_string()
}

async fn a_team_cup_plays_its_groups_and_final_as_team_matches_of_the_squads(ctx: TestContext) {
    let api = organiser_api(&ctx).await;
    let anyone = ctx.api(None);
    let teams = ["Anchor", "Bell", "Crown", "Dolphin", "Eagle", "Fox"];
    for team in teams {
        let made = api
            .post(&format!("{ORGANISATION}/teams"), json!({"name": team}))
            .await;
        assert_eq!(made.status, 201, "{:?}", made.json);
        let names: Vec<String> = (1..=4).map(|n| format!("{team} {n}")).collect();
        let squad = api
            .post(
                &format!("{ORGANISATION}/teams/{}/squad/list", made.json["id"]),
                json!({"names": names}),
            )
            .await;
        assert!(squad.status < 300, "{:?}", squad.json);
    }
    let format = ChampionshipFormat::try_from(FormatChoice {
        entrants: EntrantKind::Teams,
        team_match: Some(TeamMatch {
            legs: legs(),
            player_limits: PlayerLimits::default(),
        }),
        ..FormatChoice::plain(Stages::Groups {
            groups: 2,
            advance: 1,
        })
    })
    .unwrap();
    let base = format!("{ORGANISATION}/championships");
    let made = api
            .post(&base, json!({"name": "Team Cup", "starts_on": "2027-03-06",
                                "ruleset": "fives-and-threes",
                                "format": serde_json::to_value(FormatDocument::from(&format)).unwrap()}))
            .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    assert_eq!(
        made.json["format"]["team_match"]["legs"][1]["kind"], "pairs",
        "{:?}",
        made.json
    );
    let id = made.json["id"].as_i64().unwrap();
    let at = |path: &str| format!("{base}/{id}{path}");
    let entrants: Vec<Value> = teams.iter().map(|team| json!({"name": team})).collect();
    let entered = api
        .post(&at("/entrants"), json!({"entrants": entrants}))
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    assert!(entered.json[0]["team_id"].is_i64(), "{:?}", entered.json);

    let mut rounds = 0;
    let mut final_typed: Option<(i64, Vec<(String, String)>)> = None;
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
        assert!(rounds <= 5, "the event does not end");
        let published = api.post(&at("/rounds"), json!({})).await;
        assert_eq!(published.status, 201, "{:?}", published.json);
        let tables = published.json["round"]["tables"]
            .as_array()
            .unwrap()
            .clone();
        for (number, table) in tables.iter().enumerate() {
            let link = link_of(&published.json["table_links"][number]);
            let seen = anyone.get(&format!("/api/v1/tables/{link}")).await;
            assert_eq!(seen.status, 200, "{:?}", seen.json);
            let squads = seen.json["squads"].clone();
            assert_eq!(squads.as_array().map(Vec::len), Some(2), "{:?}", seen.json);
            let seed = (rounds * 10 + number) as u64;
            if rounds == 1 && number == 0 {
                // The other team's player in game 1: refused at game 1, nothing kept.
                let mut wrong = team_games(&squads, seed);
                wrong[0]["home"] = json!([ids(&squads[1])[3]]);
                let refused = anyone
                    .put(
                        &format!("/api/v1/tables/{link}/result"),
                        json!({"version": 0, "team_games": wrong}),
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
                assert!(
                    refused.json.to_string().contains("not in the team's squad"),
                    "{:?}",
                    refused.json
                );
                // Hands alone say nothing of who played.
                let hands_only = anyone
                    .put(
                        &format!("/api/v1/tables/{link}/result"),
                        json!({"version": 0, "games": [random_hands(&legs()[0], 1)]}),
                    )
                    .await;
                assert_eq!(hands_only.status, 422, "{:?}", hands_only.json);
                let still = anyone.get(&format!("/api/v1/tables/{link}")).await;
                assert_eq!(still.json["table"]["status"], "waiting");
            }
            let is_final = tables.len() == 1;
            if is_final {
                // The final is entered at the table, on the phone page's team match form.
                let player = ctx.browser();
                let page = player.get(&format!("/tables/{link}")).await;
                assert_eq!(page.status, 200, "{}", page.body);
                assert!(page.body.contains("Game 3: pairs to 61"), "{}", page.body);
                let names: Vec<String> = squads[0]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["name"].as_str().unwrap().to_string())
                    .collect();
                assert!(page.body.contains(&names[0]), "{}", page.body);
                let games = team_games(&squads, seed);
                let mut fields: Vec<(String, String)> = vec![("version".into(), "0".into())];
                for (index, game) in games.as_array().unwrap().iter().enumerate() {
                    let n = index + 1;
                    for side in ["home", "away"] {
                        for (place, player) in game[side].as_array().unwrap().iter().enumerate() {
                            fields.push((format!("g{n}_{side}_{}", place + 1), player.to_string()));
                        }
                    }
                    let hands: Vec<HandRecord> =
                        serde_json::from_value(game["hands"].clone()).unwrap();
                    fields.push((format!("g{n}_hands"), write_hand_lines(&hands).unwrap()));
                }
                // One submit with game 1's first home player not chosen and a hand game 2
                // cannot score: both told at once, and nothing kept.
                let mistaken: Vec<(&str, &str)> = fields
                    .iter()
                    .filter(|(k, _)| k != "g1_home_1")
                    .map(|(k, v)| {
                        if k == "g2_hands" {
                            (k.as_str(), "59 0")
                        } else {
                            (k.as_str(), v.as_str())
                        }
                    })
                    .collect();
                let refused = player.submit(&format!("/tables/{link}"), &mistaken).await;
                assert_eq!(refused.status, 422, "{}", refused.body);
                for mistake in ["Game 1: choose the", "Game 2, hand 1"] {
                    assert!(
                        refused.body.contains(mistake),
                        "{mistake}: {}",
                        refused.body
                    );
                }
                assert!(!refused.body.contains("table-saved"), "{}", refused.body);
                let typed: Vec<(&str, &str)> = fields
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                let entered = player.submit(&format!("/tables/{link}"), &typed).await;
                assert_eq!(entered.status, 200, "{}", entered.body);
                assert!(entered.body.contains("table-saved"), "{}", entered.body);
                let confirmed = api
                    .post(
                        &at(&format!("/tables/{}/result/confirm", table["id"])),
                        json!({"version": 1}),
                    )
                    .await;
                assert_eq!(confirmed.status, 200, "{:?}", confirmed.json);
                final_typed = Some((table["id"].as_i64().unwrap(), fields));
                continue;
            }
            if number % 2 == 0 {
                let entered = anyone
                    .put(
                        &format!("/api/v1/tables/{link}/result"),
                        json!({"version": 0, "team_games": team_games(&squads, seed)}),
                    )
                    .await;
                assert_eq!(entered.status, 200, "{:?}", entered.json);
                assert_eq!(entered.json["table"]["status"], "entered");
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
                        json!({"version": 0, "team_games": team_games(&squads, seed)}),
                    )
                    .await;
                assert_eq!(entered.status, 200, "{:?}", entered.json);
                assert_eq!(entered.json["table"]["status"], "confirmed");
            }
        }
    }
    // Three rounds of the groups' round robins (each team has a bye), then the final.
    assert_eq!(rounds, 4);
    let detail = anyone.get(&at("")).await;
    let last = detail.json["rounds"][3]["tables"][0].clone();
    assert_eq!(
        last["games"]["games"].as_array().map(Vec::len),
        Some(3),
        "{last:?}"
    );
    let points: Vec<f64> = last["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect();
    assert!(
        points == [1.0, 0.0] || points == [0.0, 1.0],
        "a final has a winner: {points:?}"
    );
    let document = anyone.get(&at("/event")).await;
    let event = Event::parse(&document.json.to_string()).unwrap();
    let rerun: Value = serde_json::from_str(&fives_pairing::output::standings_json(
        &event,
        &fives_pairing::standings::standings(&event).unwrap(),
    ))
    .unwrap();
    assert_eq!(detail.json["standings"]["main"], rerun);
    let page = ctx
        .browser()
        .get(&format!("/leagues/north/championships/{id}"))
        .await;
    assert!(
        page.body
            .contains("a team match a table of 2 singles to 61 and 1 pairs to 61"),
        "{}",
        page.body
    );

    // The organiser's page holds the final's kept match, players chosen, to correct; a
    // correction needs its reason and keeps the match.
    let (final_table, mut fields) = final_typed.expect("the final was entered");
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let path = format!("/organise/north/championships/{id}/tables/{final_table}");
    let kept = organiser.get(&path).await;
    assert_eq!(kept.status, 200, "{}", kept.body);
    let first_home = &fields.iter().find(|(k, _)| k == "g1_home_1").unwrap().1;
    assert!(
        kept.body
            .contains(&format!("<option value=\"{first_home}\" selected>")),
        "{}",
        kept.body
    );
    fields[0].1 = "2".into();
    let typed: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let no_reason = organiser.submit(&path, &typed).await;
    assert_eq!(no_reason.status, 422, "{}", no_reason.body);
    let mut with_reason = typed.clone();
    with_reason.push(("reason", "The pairs game's scorer swapped two hands"));
    let corrected = organiser.submit(&path, &with_reason).await;
    assert_eq!(corrected.status, 303, "{}", corrected.body);
    let after = anyone.get(&at("")).await;
    assert_eq!(after.json["rounds"][3]["tables"][0]["version"], 3);
    assert_eq!(
        after.json["rounds"][3]["tables"][0]["points"],
        last["points"]
    );

    // Every game of every team match is rated as a league game, in the championship's family:
    // its id the table's with the game's number, a pairs game two sides of two.
    let tables: usize = after.json["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|round| round["tables"].as_array().unwrap().len())
        .sum();
    let document = ctx
        .browser()
        .get("/leagues/north/ratings/fives-and-threes/games.json")
        .await;
    assert_eq!(document.status, 200, "{}", document.body);
    let rated: Value = serde_json::from_str(&document.body).unwrap();
    let games = rated["games"].as_array().unwrap();
    assert_eq!(games.len(), 3 * tables, "{games:?}");
    let first_pairs = format!("c{id}.1.1.3");
    assert!(
        games
            .iter()
            .all(|game| game["id"].as_str().unwrap().starts_with(&format!("c{id}."))),
        "{games:?}"
    );
    let pairs = games
        .iter()
        .find(|game| game["id"] == first_pairs.as_str())
        .unwrap_or_else(|| panic!("{first_pairs} in {games:?}"));
    assert_eq!(pairs["sides"][0].as_array().unwrap().len(), 2, "{pairs}");
    assert_eq!(pairs["sides"][1].as_array().unwrap().len(), 2, "{pairs}");
}
store_test!(a_team_cup_plays_its_groups_and_final_as_team_matches_of_the_squads);

async fn a_team_match_at_a_final_score_championship_gives_each_game_its_final_score(
    ctx: TestContext,
) {
    let api = organiser_api(&ctx).await;
    for team in ["Anchor", "Bell"] {
        let made = api
            .post(&format!("{ORGANISATION}/teams"), json!({"name": team}))
            .await;
        let names: Vec<String> = (1..=4).map(|n| format!("{team} {n}")).collect();
        let squad = api
            .post(
                &format!("{ORGANISATION}/teams/{}/squad/list", made.json["id"]),
                json!({"names": names}),
            )
            .await;
        assert!(squad.status < 300, "{:?}", squad.json);
    }
    let format = ChampionshipFormat::try_from(FormatChoice {
        entrants: EntrantKind::Teams,
        team_match: Some(TeamMatch {
            legs: legs(),
            player_limits: PlayerLimits::default(),
        }),
        entry_level: fives::domain::entry_level::EntryLevel::Final,
        ..FormatChoice::plain(Stages::Knockout { third_place: false })
    })
    .unwrap();
    let base = format!("{ORGANISATION}/championships");
    let made = api
        .post(
            &base,
            json!({"name": "Quick Team Cup", "starts_on": "2027-03-06",
                   "ruleset": "fives-and-threes",
                   "format": serde_json::to_value(FormatDocument::from(&format)).unwrap()}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let event = format!("{base}/{}", made.json["id"]);
    let entered = api
        .post(
            &format!("{event}/entrants"),
            json!({"entrants": [{"name": "Anchor"}, {"name": "Bell"}]}),
        )
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    let round = api.post(&format!("{event}/rounds"), json!({})).await;
    assert_eq!(round.status, 201, "{:?}", round.json);
    let link = link_of(&round.json["table_links"][0]);
    let table = ctx.api(None).get(&format!("/api/v1/tables/{link}")).await;
    let squads = &table.json["squads"];
    let (home, away) = (ids(&squads[0]), ids(&squads[1]));
    let game = |home: Vec<i64>, away: Vec<i64>, score: [i64; 2]| json!({"home": home, "away": away, "final_score": {"home": score[0], "away": score[1]}});
    let games = |last: [i64; 2]| {
        json!([
            game(vec![home[0]], vec![away[0]], [61, 45]),
            game(vec![home[1]], vec![away[1]], [30, 61]),
            game(vec![home[2], home[3]], vec![away[2], away[3]], last),
        ])
    };
    // A pairs game won on 62 is no game to 61's end: refused at its game, nothing kept.
    let refused = ctx
        .api(None)
        .put(
            &format!("/api/v1/tables/{link}/result"),
            json!({"version": 0, "team_games": games([62, 40])}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert!(
        refused
            .json
            .to_string()
            .contains("Game 3: a game to 61 is won on exactly 61"),
        "{:?}",
        refused.json
    );
    let entered = ctx
        .api(None)
        .put(
            &format!("/api/v1/tables/{link}/result"),
            json!({"version": 0, "team_games": games([61, 59])}),
        )
        .await;
    assert_eq!(entered.status, 200, "{:?}", entered.json);
    assert_eq!(entered.json["table"]["points"], json!([1, 0]));
    assert_eq!(entered.json["table"]["game_points"], json!([152, 165]));
    // The table's page asks each game's final score, as a league's fixture at this level.
    let page = ctx.browser().get(&format!("/tables/{link}")).await;
    assert!(page.body.contains("give its final score"), "{}", page.body);
}
store_test!(a_team_match_at_a_final_score_championship_gives_each_game_its_final_score);
