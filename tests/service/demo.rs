//! `fives demo`: the league it loads is half played, every result in it checks under the
//! league's rules, and its public table agrees with its published results.

use std::collections::HashMap;

use crate::support::TestContext;
use chrono::{DateTime, NaiveDate, Utc};
use fives::demo::{self, DemoError};
use fives::domain::match_result::{ResultRules, SquadMember, check_result};
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::{Division, Store};

fn today() -> NaiveDate {
    "2026-11-21".parse().unwrap()
}

/// Noon on `today()`, a Saturday.
fn loaded_at() -> DateTime<Utc> {
    "2026-11-21T12:00:00Z".parse().unwrap()
}

async fn divisions(store: &dyn Store) -> (fives::store::Competition, Vec<Division>) {
    let organisation = store
        .organisation_by_slug(demo::SLUG)
        .await
        .unwrap()
        .expect("the demo organisation is there");
    let competition = store
        .competitions_of(organisation.id)
        .await
        .unwrap()
        .remove(0);
    let season = store.seasons_of(competition.id).await.unwrap().remove(0);
    let divisions = store.divisions_of(season.id).await.unwrap();
    (competition, divisions)
}

async fn squad(store: &dyn Store, team: fives::domain::ids::TeamId) -> Vec<SquadMember> {
    store
        .squad_of(team)
        .await
        .unwrap()
        .into_iter()
        .map(|player| SquadMember {
            id: player.id,
            name: player.name,
        })
        .collect()
}

fn csv_rows(body: &str) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            headers
                .iter()
                .zip(record.iter())
                .map(|(header, value)| (header.to_string(), value.to_string()))
                .collect()
        })
        .collect()
}

async fn the_demo_league_is_half_played_and_every_result_checks(ctx: TestContext) {
    let store = ctx.store.as_ref();
    let league = demo::load(store, loaded_at(), 11).await.unwrap();
    assert_eq!(league.results, 56);
    assert_eq!(league.captains.len(), 16);
    assert!(matches!(
        demo::load(store, loaded_at(), 11).await,
        Err(DemoError::AlreadyLoaded)
    ));

    let (competition, divisions) = divisions(store).await;
    assert_eq!(divisions.len(), 2);
    let mut statuses = Vec::new();
    for division in &divisions {
        assert_eq!(store.teams_of(division.id).await.unwrap().len(), 8);
        let fixtures = store.fixtures_of_division(division.id).await.unwrap();
        assert_eq!(fixtures.len(), 56, "a double round robin of eight teams");
        let mut counts: HashMap<FixtureStatus, usize> = HashMap::new();
        for fixture in &fixtures {
            *counts.entry(fixture.status).or_default() += 1;
            if fixture.round > 7 {
                assert_eq!(fixture.status, FixtureStatus::Scheduled);
                assert!(
                    fixture.date > today(),
                    "round {} is still to come",
                    fixture.round
                );
                continue;
            }
            assert!(
                fixture.date < today(),
                "round {} has been played",
                fixture.round
            );
            let result = store.current_result(fixture.id).await.unwrap().unwrap();
            let home_squad = squad(store, fixture.home_team_id).await;
            let away_squad = squad(store, fixture.away_team_id).await;
            let checked = check_result(
                &result.sheet,
                ResultRules {
                    ruleset: &competition.ruleset,
                    format: &competition.match_format,
                    level: competition.entry_level,
                    home_squad: &home_squad,
                    away_squad: &away_squad,
                },
            )
            .expect("every demo result checks");
            assert_eq!(checked.score, result.score);
            assert_eq!(checked.games.len(), 9);
        }
        statuses.push(counts);
    }
    let count = |division: usize, status| statuses[division].get(&status).copied().unwrap_or(0);
    assert_eq!(count(0, FixtureStatus::Confirmed), 27);
    assert_eq!(count(0, FixtureStatus::AwaitingConfirmation), 1);
    assert_eq!(count(1, FixtureStatus::Confirmed), 27);
    assert_eq!(count(1, FixtureStatus::Disputed), 1);
    let adjustments = store
        .adjustments_of_division(divisions[1].id)
        .await
        .unwrap();
    assert_eq!(adjustments.len(), 1);
    assert_eq!(adjustments[0].points, -1);
}
store_test!(the_demo_league_is_half_played_and_every_result_checks);

async fn the_demo_tables_agree_with_the_published_results(ctx: TestContext) {
    let store = ctx.store.as_ref();
    demo::load(store, loaded_at(), 5).await.unwrap();
    let (competition, divisions) = divisions(store).await;
    let seasons = store.seasons_of(competition.id).await.unwrap();
    let browser = ctx.browser();
    for division in &divisions {
        let base = format!("/leagues/{}/divisions/{}", demo::SLUG, division.id);
        let results = browser.get(&format!("{base}/results.csv")).await;
        assert_eq!(results.status, 200);
        // The table worked out by hand from the published results: 2 for winning the
        // match and 1 per game won, 1 each for a draw.
        #[derive(Default, Debug, PartialEq)]
        struct Line {
            played: u32,
            won: u32,
            games_for: u32,
            points: i64,
        }
        let mut table: HashMap<String, Line> = HashMap::new();
        let mut scored = 0;
        for row in csv_rows(&results.body) {
            let status = row["status"].as_str();
            if status != "confirmed" {
                assert_eq!(row["home_games"], "", "{status} results are not published");
                continue;
            }
            scored += 1;
            let home_games: u32 = row["home_games"].parse().unwrap();
            let away_games: u32 = row["away_games"].parse().unwrap();
            assert_eq!(home_games + away_games, 9);
            for (team, own, other, published) in [
                (&row["home"], home_games, away_games, &row["home_points"]),
                (&row["away"], away_games, home_games, &row["away_points"]),
            ] {
                let points = i64::from(own)
                    + match own.cmp(&other) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    };
                assert_eq!(published.parse::<i64>().unwrap(), points);
                let line = table.entry(team.clone()).or_default();
                line.played += 1;
                line.won += u32::from(own > other);
                line.games_for += own;
                line.points += points;
            }
        }
        assert_eq!(scored, 27);
        let teams = store.teams_of(division.id).await.unwrap();
        for adjustment in store.adjustments_of_division(division.id).await.unwrap() {
            let team = teams
                .iter()
                .find(|team| team.id == adjustment.team)
                .unwrap();
            table.get_mut(&team.name).unwrap().points += adjustment.points;
        }

        let standings = browser.get(&format!("{base}/standings.csv")).await;
        assert_eq!(standings.status, 200);
        // Named after the league, competition, season and division, as a secretary would.
        let season = seasons
            .iter()
            .find(|season| season.id == division.season_id)
            .unwrap();
        assert_eq!(
            standings.disposition.as_deref(),
            Some(
                format!(
                    "attachment; filename=\"north-devon-winter-league-{}-{}-standings.csv\"",
                    season.name,
                    division.name.to_lowercase().replace(' ', "-")
                )
                .as_str()
            )
        );
        let rows = csv_rows(&standings.body);
        assert_eq!(rows.len(), 8);
        let mut previous_points = i64::MAX;
        for row in &rows {
            let line = Line {
                played: row["played"].parse().unwrap(),
                won: row["won"].parse().unwrap(),
                games_for: row["games_for"].parse().unwrap(),
                points: row["points"].parse().unwrap(),
            };
            assert_eq!(table[&row["team"]], line, "{}", row["team"]);
            assert!(
                line.points <= previous_points,
                "the table is in points order"
            );
            previous_points = line.points;
        }

        let page = browser.get(&base).await;
        assert_eq!(page.status, 200);
        for row in &rows {
            assert!(page.body.contains(&row["team"]));
        }
    }
    let premier = browser
        .get(&format!(
            "/leagues/{}/divisions/{}",
            demo::SLUG,
            divisions[0].id
        ))
        .await;
    assert!(premier.body.contains("Awaiting confirmation"));
    let division_one = browser
        .get(&format!(
            "/leagues/{}/divisions/{}",
            demo::SLUG,
            divisions[1].id
        ))
        .await;
    assert!(division_one.body.contains("Disputed"));
    assert!(division_one.body.contains("sent in late"));
}
store_test!(the_demo_tables_agree_with_the_published_results);

async fn the_demo_loaded_on_a_league_night_has_nothing_in_the_future(ctx: TestContext) {
    let store = ctx.store.as_ref();
    // A Tuesday, the demo's league night, at 18:00 in London (17:00 UTC): that evening's
    // round is still to be played, and nothing happened after the moment of loading.
    let now: DateTime<Utc> = "2027-03-30T17:00:00Z".parse().unwrap();
    let today: NaiveDate = "2027-03-30".parse().unwrap();
    demo::load(store, now, 7).await.unwrap();
    let (_, divisions) = divisions(store).await;
    let mut moments = 0;
    for division in &divisions {
        for fixture in store.fixtures_of_division(division.id).await.unwrap() {
            if fixture.round == 8 {
                assert_eq!(fixture.date, today, "the next round is tonight");
                assert_eq!(fixture.status, FixtureStatus::Scheduled);
            }
            if fixture.round <= 7 {
                assert!(
                    fixture.date < today,
                    "round {} was played before today",
                    fixture.round
                );
                for event in store.result_history(fixture.id).await.unwrap() {
                    assert!(
                        event.at <= now,
                        "round {}: {:?} at {}",
                        fixture.round,
                        event.action,
                        event.at
                    );
                    moments += 1;
                }
            }
        }
    }
    // Every played fixture was submitted, and all but one answered.
    assert_eq!(moments, 56 + 55);
}
store_test!(the_demo_loaded_on_a_league_night_has_nothing_in_the_future);

async fn the_demo_organiser_pages_write_dates_as_the_league_does(ctx: TestContext) {
    let store = ctx.store.as_ref();
    let league = demo::load(store, chrono::Utc::now(), 4).await.unwrap();
    let secretary = ctx.browser();
    let login = secretary.login(&league.secretary, demo::PASSWORD).await;
    assert_eq!(login.status, 303, "{}", login.body);
    // Every organiser page reachable from the organisation's, each once.
    let start = format!("/organise/{}", demo::SLUG);
    let mut seen = std::collections::BTreeSet::from([start.clone()]);
    let mut queue = std::collections::VecDeque::from([start]);
    let mut pages = 0;
    while let Some(address) = queue.pop_front() {
        let page = secretary.get(&address).await;
        assert_eq!(page.status, 200, "{address}");
        pages += 1;
        let dates = crate::support::iso_dates_in(&page.body);
        assert!(dates.is_empty(), "{address} shows {dates:?}");
        for link in page.body.split("href=\"").skip(1) {
            let target = link.split(['"', '#']).next().unwrap_or_default();
            if target.starts_with("/organise/")
                && !target.ends_with("/delete")
                && seen.insert(target.to_string())
            {
                queue.push_back(target.to_string());
            }
        }
    }
    assert!(
        pages >= 5,
        "only {pages} organiser pages were found: {seen:?}"
    );
}
store_test!(the_demo_organiser_pages_write_dates_as_the_league_does);

async fn the_api_gives_the_positions_the_chart_draws_ending_at_the_table(ctx: TestContext) {
    let store = ctx.store.as_ref();
    demo::load(store, loaded_at(), 6).await.unwrap();
    let (_, divisions) = divisions(store).await;
    let public = ctx.api(None);
    let base = format!(
        "/api/v1/organisations/{}/divisions/{}",
        demo::SLUG,
        divisions[0].id
    );
    let positions = public.get(&format!("{base}/positions")).await;
    assert_eq!(positions.status, 200, "{:?}", positions.json);
    let rounds = positions.json.as_array().unwrap();
    // Seven rounds played, each with results.
    assert_eq!(
        rounds
            .iter()
            .map(|r| r["round"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        (1..=7).collect::<Vec<_>>()
    );
    let standings = public.get(&format!("{base}/standings")).await;
    let table: Vec<(u64, u64)> = standings
        .json
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["position"].as_u64().unwrap(),
                row["team"]["id"].as_u64().unwrap(),
            )
        })
        .collect();
    let last: Vec<(u64, u64)> = rounds[6]["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            (
                line["position"].as_u64().unwrap(),
                line["team"]["id"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(last, table);
    assert_ne!(
        rounds[0]["positions"], rounds[6]["positions"],
        "the table moved over seven rounds"
    );
    let elsewhere = public
        .get(&format!(
            "/api/v1/organisations/{}/divisions/999999/positions",
            demo::SLUG
        ))
        .await;
    assert_eq!(elsewhere.status, 404);
}
store_test!(the_api_gives_the_positions_the_chart_draws_ending_at_the_table);

async fn the_demo_has_a_championship_day_under_way(ctx: TestContext) {
    use fives::domain::championship_event::Stage;
    use fives::store::TableStatus;
    let store = ctx.store.as_ref();
    demo::load(store, loaded_at(), 8).await.unwrap();
    let key = fives::secret_key::SecretKey::generate();
    let tables = demo::load_championship_day(store, &key, loaded_at(), 8)
        .await
        .unwrap();
    let organisation = store
        .organisation_by_slug(demo::SLUG)
        .await
        .unwrap()
        .unwrap();
    let mut events = store.championships_of(organisation.id).await.unwrap();
    events.sort_by_key(|c| c.id);
    let names: Vec<&str> = events.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Open Singles",
            "Individual Championship",
            "Boneyard Threes",
            "Friday Quick Fives"
        ]
    );
    let mut counted = 0;
    let mut shapes = Vec::new();
    for event in &events {
        let entrants = store.entrants(event.id).await.unwrap();
        let rounds = store.rounds(event.id).await.unwrap();
        // Everyone is one of the league's players: one player, one record.
        assert!(entrants.iter().all(|e| e.player.is_some()));
        let statuses: Vec<Vec<TableStatus>> = rounds
            .iter()
            .map(|r| r.tables.iter().map(|t| t.status).collect())
            .collect();
        counted += statuses
            .iter()
            .flatten()
            .filter(|s| **s != TableStatus::Waiting)
            .count();
        assert!(rounds.iter().all(|r| r.stage == Stage::Main));
        shapes.push((
            entrants.len(),
            rounds.len(),
            rounds.last().unwrap().tables[0].status,
        ));
        let page = ctx
            .browser()
            .get(&format!(
                "/leagues/{}/championships/{}",
                demo::SLUG,
                event.id
            ))
            .await;
        assert_eq!(page.status, 200);
    }
    assert_eq!(counted, tables);
    assert_eq!(
        shapes,
        [
            // The knockout's semi-finals, one entered at its table.
            (16, 3, TableStatus::Entered),
            // The Swiss after 3 of its 5 rounds, its fourth published and one entered.
            (24, 4, TableStatus::Entered),
            // Tables of three: round 2 under way.
            (12, 2, TableStatus::Entered),
            // Best of three by final scores alone: round 2 under way.
            (8, 2, TableStatus::Entered),
        ]
    );
    // The final-score event's tables keep each game as its final score, and the public
    // round shows the table's result from them.
    let quick = store.rounds(events[3].id).await.unwrap();
    for table in &quick[0].tables {
        let sheet: serde_json::Value =
            serde_json::from_str(&table.result.as_ref().unwrap().sheet).unwrap();
        let games = sheet["games"].as_array().unwrap();
        assert!((2..=3).contains(&games.len()), "{sheet}");
        assert!(
            games.iter().all(|game| game["final_score"]
                .as_array()
                .is_some_and(|totals| totals.len() == 2)),
            "{sheet}"
        );
    }
    // The knockout's page draws its bracket up to the final.
    let knockout = ctx
        .browser()
        .get(&format!(
            "/leagues/{}/championships/{}",
            demo::SLUG,
            events[0].id
        ))
        .await;
    assert!(
        knockout.body.contains("Semi-finals") && knockout.body.contains(">Final<"),
        "{}",
        knockout.body
    );
    // Its standings say how far each entrant went, not a Swiss's score and tiebreaks.
    for reached in [
        "<th scope=\"col\">Last round</th>",
        "<td>playing in the Semi-finals</td>",
        "<td>out in the Quarter-finals</td>",
        "<td>out in round 1</td>",
    ] {
        assert!(
            knockout.body.contains(reached),
            "{reached}: {}",
            knockout.body
        );
    }
    assert!(!knockout.body.contains("Buchholz"), "{}", knockout.body);
    // The Swiss's tables seat four in partnerships, its first three rounds played.
    let swiss = store.rounds(events[1].id).await.unwrap();
    assert!(
        swiss
            .iter()
            .flat_map(|r| &r.tables)
            .all(|t| t.seats.len() == 4)
    );
    assert!(
        swiss[..3]
            .iter()
            .flat_map(|r| &r.tables)
            .all(|t| t.status == TableStatus::Confirmed)
    );
    // Its public page names partners as partners: seats 1 and 3 against seats 2 and 4.
    let entrants = store.entrants(events[1].id).await.unwrap();
    let name = |id| {
        let name = &entrants.iter().find(|e| e.id == id).unwrap().name;
        name.replace('&', "&#38;").replace('\'', "&#39;")
    };
    // Table 2, still playing, shows its seats alone (table 1 has its points beside them).
    let seats = &swiss[3].tables[1].seats;
    let partners = format!(
        "<td>{} &#38; {} v {} &#38; {}</td>",
        name(seats[0]),
        name(seats[2]),
        name(seats[1]),
        name(seats[3])
    );
    let public = ctx
        .browser()
        .get(&format!(
            "/leagues/{}/championships/{}",
            demo::SLUG,
            events[1].id
        ))
        .await;
    assert!(
        public.body.contains(&partners),
        "{partners}: {}",
        public.body
    );
    // Its round 4 was published as the organiser changed it, and its document says so.
    assert_eq!(
        swiss.iter().map(|r| r.edited).collect::<Vec<_>>(),
        [false, false, false, true]
    );
    let document = ctx
        .browser()
        .get(&format!(
            "/leagues/{}/championships/{}/event.json",
            demo::SLUG,
            events[1].id
        ))
        .await;
    assert_eq!(document.status, 200);
    let document: serde_json::Value = serde_json::from_str(&document.body).unwrap();
    let edited: Vec<bool> = document["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|round| round["edited"] == serde_json::json!(true))
        .collect();
    assert_eq!(edited, [false, false, false, true], "{document}");
}
store_test!(the_demo_has_a_championship_day_under_way);
