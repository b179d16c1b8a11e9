//! A season from beginning to table: an organiser builds it over HTTP, results arrive and are
//! confirmed, a late result costs points, and the public table, its CSV exports and the
//! players' table agree with the table worked out by hand.

use std::collections::HashMap;

use chrono::Utc;
use fives::domain::ids::{FixtureId, UserId};
use fives::domain::match_format::{LegKind, Side};
use fives::domain::match_result::{
    GameOutcome, GameSheet, ResultRules, ResultSheet, SquadMember, check_result, game_slots,
};
use fives::store::{Competition, Fixture, FixtureAsRead, NewAdjustment, NewResult, Store};
use fives_rules::record::HandRecord;

use crate::support::TestContext;

fn hands(scores: &[[i64; 2]]) -> Vec<HandRecord> {
    scores
        .iter()
        .map(|score| HandRecord {
            score: Some(score.to_vec()),
            ..HandRecord::default()
        })
        .collect()
}

/// Hand scores of a game to 61 won by `winner`, valid under Fives and Threes.
fn game_won_by(kind: LegKind, winner: Side) -> Vec<HandRecord> {
    match (kind, winner) {
        (LegKind::Singles, Side::Home) => hands(&[[30, 10], [31, 5]]),
        (LegKind::Singles, Side::Away) => hands(&[[20, 30], [10, 31]]),
        (LegKind::Pairs, Side::Home) => hands(&[[40, 0], [21, 6]]),
        (LegKind::Pairs, Side::Away) => hands(&[[0, 40], [6, 21]]),
    }
}

async fn squad(store: &dyn Store, team: fives::domain::ids::TeamId) -> Vec<SquadMember> {
    store
        .squad_of(team)
        .await
        .unwrap()
        .into_iter()
        .map(|p| SquadMember {
            id: p.id,
            name: p.name,
        })
        .collect()
}

/// Submits (as the home captain would) the result whose games are won by `winners`, in the
/// format's order; singles game i between each squad's i-th player, the pairs game between
/// the first two of each.
async fn submit(
    store: &dyn Store,
    competition: &Competition,
    fixture: &Fixture,
    winners: &[Side],
    by: UserId,
) -> i64 {
    let home_squad = squad(store, fixture.home_team_id).await;
    let away_squad = squad(store, fixture.away_team_id).await;
    let mut singles = 0;
    let games = game_slots(&competition.match_format)
        .iter()
        .zip(winners)
        .map(|(leg, winner)| {
            let (home, away) = match leg.kind {
                LegKind::Singles => {
                    singles += 1;
                    (
                        vec![home_squad[singles - 1].id],
                        vec![away_squad[singles - 1].id],
                    )
                }
                LegKind::Pairs => (
                    vec![home_squad[0].id, home_squad[1].id],
                    vec![away_squad[0].id, away_squad[1].id],
                ),
            };
            GameSheet {
                home,
                away,
                outcome: GameOutcome::Hands(game_won_by(leg.kind, *winner)),
            }
        })
        .collect();
    let sheet = ResultSheet::Played { games };
    let rules = ResultRules {
        ruleset: &competition.ruleset,
        format: &competition.match_format,
        level: competition.entry_level,
        home_squad: &home_squad,
        away_squad: &away_squad,
    };
    let checked = check_result(&sheet, rules).expect("the result checks");
    store
        .submit_result(&NewResult {
            fixture: fixture.id,
            as_read: FixtureAsRead::from(fixture),
            sheet: &sheet,
            checked: &checked,
            submission_key: &format!("story-{}", fixture.id),
            by,
            for_team: Some(fixture.home_team_id),
            at: Utc::now(),
            early_reason: None,
        })
        .await
        .unwrap()
        .result()
        .id
}

fn csv_rows(body: &str) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let headers = reader.headers().unwrap().clone();
    reader
        .records()
        .map(|record| {
            headers
                .iter()
                .zip(record.unwrap().iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// `team,played,won,drawn,lost,games_for,games_against,adjustment,points` in table order.
async fn table(ctx: &TestContext, division: i64) -> Vec<String> {
    let page = ctx
        .browser()
        .get(&format!(
            "/leagues/north/divisions/{division}/standings.csv"
        ))
        .await;
    assert_eq!(page.status, 200);
    csv_rows(&page.body)
        .into_iter()
        .map(|row| {
            [
                "position",
                "team",
                "played",
                "won",
                "drawn",
                "lost",
                "games_for",
                "games_against",
                "adjustment",
                "points",
            ]
            .iter()
            .map(|column| row[*column].clone())
            .collect::<Vec<_>>()
            .join(",")
        })
        .collect()
}

/// What an organiser built over HTTP: a division of Anchor, Bell and Crown (two players each)
/// with its single round robin made.
struct Season {
    organiser_account: fives::store::User,
    organiser: crate::support::Browser,
    competition: Competition,
    division: fives::store::Division,
    teams: Vec<fives::store::Team>,
    fixtures: Vec<Fixture>,
}

async fn season_over_http(ctx: &TestContext) -> Season {
    let organiser_account = ctx.user("sec@example.org").await;
    let north = ctx.organisation("north", &organiser_account).await;
    let organiser = ctx.browser();
    organiser.login_ok("sec@example.org").await;
    for team in ["Anchor", "Bell", "Crown"] {
        organiser
            .submit("/organise/north/teams", &[("name", team)])
            .await
            .assert_redirect_to("/organise/north");
    }
    // Two singles and a pairs game to 61; 2 for the match, 1 a game, 1 for a draw.
    organiser
        .submit(
            "/organise/north/competitions",
            &[
                ("name", "Summer League"),
                ("preset", "fives-and-threes"),
                ("ruleset_target", ""),
                ("singles_games", "2"),
                ("pairs_games", "1"),
                ("game_target", "61"),
                ("per_game_won", "1"),
                ("per_match_won", "2"),
                ("per_match_drawn", "1"),
                ("bonus_points", ""),
                ("bonus_lost_by", ""),
                ("walkover_for", "3"),
                ("walkover_against", "0"),
            ],
        )
        .await
        .assert_redirect_to("/organise/north/competitions");
    let competition = ctx.store.competitions_of(north.id).await.unwrap().remove(0);
    let seasons = format!("/organise/north/competitions/{}/seasons", competition.id);
    organiser
        .submit(
            &seasons,
            &[
                ("name", "2026"),
                ("start", "2026-05-05"),
                ("league_night", "Tuesday"),
                ("blackout_dates", ""),
            ],
        )
        .await
        .assert_redirect_to(&seasons);
    let season = ctx
        .store
        .seasons_of(competition.id)
        .await
        .unwrap()
        .remove(0);
    let season_page = format!("/organise/north/seasons/{}", season.id);
    organiser
        .submit(&format!("{season_page}/divisions"), &[("name", "Premier")])
        .await
        .assert_redirect_to(&season_page);
    let division = ctx.store.divisions_of(season.id).await.unwrap().remove(0);
    let teams = ctx.store.teams_in(north.id).await.unwrap();
    for (team, players) in teams
        .iter()
        .zip([["Ann", "Bob"], ["Cat", "Dan"], ["Eve", "Fay"]])
    {
        organiser
            .submit(
                &format!("/organise/north/divisions/{}/teams", division.id),
                &[("team", &team.id.to_string())],
            )
            .await
            .assert_redirect_to(&season_page);
        let squad = format!("/organise/north/teams/{}/squad", team.id);
        for player in players {
            organiser
                .submit(&squad, &[("name", player)])
                .await
                .assert_redirect_to(&format!("{squad}?done=added"));
        }
    }
    organiser
        .submit(
            &format!("/organise/north/divisions/{}/fixtures", division.id),
            &[("legs", "single")],
        )
        .await
        .assert_redirect_to(&format!(
            "/organise/north/divisions/{}/fixtures",
            division.id
        ));
    let fixtures = ctx.store.fixtures_of_division(division.id).await.unwrap();
    assert_eq!(fixtures.len(), 3);

    Season {
        organiser_account,
        organiser,
        competition,
        division,
        teams,
        fixtures,
    }
}

async fn a_season_built_over_http_gets_its_results_and_the_tables_agree_with_a_hand_count(
    ctx: TestContext,
) {
    let Season {
        organiser_account,
        competition,
        division,
        teams,
        fixtures,
        ..
    } = season_over_http(&ctx).await;
    // Anchor beat Bell 3-0, Bell beat Crown 2-1, Crown beat Anchor 2-1, whoever was at home.
    let name_of = |id| teams.iter().find(|t| t.id == id).unwrap().name.clone();
    let outcome = |fixture: &Fixture| -> Vec<Side> {
        let (home, away) = (name_of(fixture.home_team_id), name_of(fixture.away_team_id));
        let (winner, loser_games) = match (home.as_str(), away.as_str()) {
            ("Anchor", "Bell") | ("Bell", "Anchor") => ("Anchor", 0),
            ("Bell", "Crown") | ("Crown", "Bell") => ("Bell", 1),
            _ => ("Crown", 1),
        };
        let winner_side = if home == winner {
            Side::Home
        } else {
            Side::Away
        };
        let loser_side = if home == winner {
            Side::Away
        } else {
            Side::Home
        };
        (0..3)
            .map(|game| {
                if game < loser_games {
                    loser_side
                } else {
                    winner_side
                }
            })
            .collect()
    };
    let mut versions: HashMap<FixtureId, i64> = HashMap::new();
    for fixture in &fixtures {
        let version = submit(
            ctx.store.as_ref(),
            &competition,
            fixture,
            &outcome(fixture),
            organiser_account.id,
        )
        .await;
        versions.insert(fixture.id, version);
    }

    // Submitted is not counted: the table is all zeros until the other captains confirm.
    for line in table(&ctx, division.id.0).await {
        assert!(line.ends_with(",0,0,0,0,0,0,0,0"), "{line}");
    }
    for fixture in &fixtures {
        ctx.store
            .confirm_result(
                fixture.id,
                versions[&fixture.id],
                organiser_account.id,
                Utc::now(),
            )
            .await
            .unwrap();
    }
    // Worked by hand: Anchor 5 + 1 = 6 (games 4-2), Crown 1 + 4 = 5 (3-3), Bell 0 + 4 = 4 (2-4).
    assert_eq!(
        table(&ctx, division.id.0).await,
        [
            "1,Anchor,2,1,0,1,4,2,0,6",
            "2,Crown,2,1,0,1,3,3,0,5",
            "3,Bell,2,1,0,1,2,4,0,4",
        ]
    );

    // Two points off Anchor for a late result: level with Bell on 4, ahead on game difference.
    ctx.store
        .add_adjustment(&NewAdjustment {
            division: division.id,
            team: teams[0].id,
            points: -2,
            reason: "Result sent in late",
            fixture: Some(fixtures[0].id),
            by: Some(organiser_account.id),
            at: Utc::now(),
        })
        .await
        .unwrap();
    assert_eq!(
        table(&ctx, division.id.0).await,
        [
            "1,Crown,2,1,0,1,3,3,0,5",
            "2,Anchor,2,1,0,1,4,2,-2,4",
            "3,Bell,2,1,0,1,2,4,0,4",
        ]
    );

    // results.csv: each fixture's games and points as counted.
    let results = ctx
        .browser()
        .get(&format!(
            "/leagues/north/divisions/{}/results.csv",
            division.id
        ))
        .await;
    let rows = csv_rows(&results.body);
    assert_eq!(rows.len(), 3);
    for row in &rows {
        let points = |own: &str, other: &str| {
            let (own, other): (i64, i64) = (row[own].parse().unwrap(), row[other].parse().unwrap());
            own + if own > other { 2 } else { 0 }
        };
        assert_eq!(row["status"], "confirmed");
        assert_eq!(
            row["home_points"].parse::<i64>().unwrap(),
            points("home_games", "away_games")
        );
        assert_eq!(
            row["away_points"].parse::<i64>().unwrap(),
            points("away_games", "home_games")
        );
    }

    // The players' table: everyone played a singles and the pairs game in two fixtures.
    let page = ctx
        .browser()
        .get(&format!("/leagues/north/divisions/{}/players", division.id))
        .await;
    assert_eq!(page.status, 200);
    for player in ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"] {
        assert!(
            page.body.contains(&format!(">{player}</a></th>")),
            "{player} is in the table"
        );
    }
    let ann = ctx.store.squad_of(teams[0].id).await.unwrap().remove(0);
    let games = ctx.store.games_of_player(ann.id).await.unwrap();
    assert_eq!(games.len(), 4);
    // Ann played the first singles and the pairs: she won both against Bell, won her
    // singles against Crown (Anchor's one game there) and lost the pairs.
    let mut record: Vec<(String, LegKind, bool)> = games
        .iter()
        .map(|g| (g.opponent.clone(), g.kind, g.won))
        .collect();
    record.sort_by_key(|(opponent, kind, _)| (opponent.clone(), *kind == LegKind::Pairs));
    assert_eq!(
        record,
        [
            ("Bell".to_string(), LegKind::Singles, true),
            ("Bell".to_string(), LegKind::Pairs, true),
            ("Crown".to_string(), LegKind::Singles, true),
            ("Crown".to_string(), LegKind::Pairs, false),
        ]
    );
    let player_page = ctx
        .browser()
        .get(&format!("/leagues/north/players/{}", ann.id))
        .await;
    assert_eq!(player_page.status, 200);
    assert!(
        player_page.body.contains("Games played</dt><dd>4</dd>"),
        "{}",
        player_page.body
    );
}
store_test!(a_season_built_over_http_gets_its_results_and_the_tables_agree_with_a_hand_count);

async fn the_organisers_tiebreak_order_decides_between_teams_level_on_points(ctx: TestContext) {
    let Season {
        organiser_account,
        organiser,
        competition,
        division,
        teams,
        fixtures,
    } = season_over_http(&ctx).await;
    // Anchor beat Bell 2-1, Bell beat Crown 3-0, Crown beat Anchor 2-1.
    let name_of = |id| teams.iter().find(|t| t.id == id).unwrap().name.clone();
    for fixture in &fixtures {
        let (home, away) = (name_of(fixture.home_team_id), name_of(fixture.away_team_id));
        let (winner, loser_games) = match (home.as_str(), away.as_str()) {
            ("Anchor", "Bell") | ("Bell", "Anchor") => ("Anchor", 1),
            ("Bell", "Crown") | ("Crown", "Bell") => ("Bell", 0),
            _ => ("Crown", 1),
        };
        let (won, lost) = if home == winner {
            (Side::Home, Side::Away)
        } else {
            (Side::Away, Side::Home)
        };
        let winners: Vec<Side> = (0..3)
            .map(|game| if game < loser_games { lost } else { won })
            .collect();
        let version = submit(
            ctx.store.as_ref(),
            &competition,
            fixture,
            &winners,
            organiser_account.id,
        )
        .await;
        ctx.store
            .confirm_result(fixture.id, version, organiser_account.id, Utc::now())
            .await
            .unwrap();
    }
    // Anchor 4 + 1, Bell 1 + 5, Crown 4 + 0: a point for Anchor brings it level with Bell.
    ctx.store
        .add_adjustment(&NewAdjustment {
            division: division.id,
            team: teams[0].id,
            points: 1,
            reason: "Bonus point for the cup tie",
            fixture: None,
            by: Some(organiser_account.id),
            at: Utc::now(),
        })
        .await
        .unwrap();
    let tiebreaks = format!("/organise/north/divisions/{}/tiebreaks", division.id);
    let season_page = format!(
        "/organise/north/seasons/{}#division-{}-heading",
        division.season_id, division.id
    );

    // On game difference Bell (4-2) is ahead of Anchor (3-3).
    organiser
        .submit(
            &tiebreaks,
            &[
                ("tiebreak_1", "points"),
                ("tiebreak_2", "game_difference"),
                ("tiebreak_3", ""),
                ("tiebreak_4", ""),
            ],
        )
        .await
        .assert_redirect_to(&season_page);
    assert_eq!(
        table(&ctx, division.id.0).await,
        [
            "1,Bell,2,1,0,1,4,2,0,6",
            "2,Anchor,2,1,0,1,3,3,1,6",
            "3,Crown,2,1,0,1,2,4,0,4"
        ]
    );
    let page = ctx
        .browser()
        .get(&format!("/leagues/north/divisions/{}", division.id))
        .await;
    let standings = standings_section(&page.body);
    assert!(standings.find(">Bell</a>").unwrap() < standings.find(">Anchor</a>").unwrap());

    // Head to head, Anchor beat Bell.
    organiser
        .submit(
            &tiebreaks,
            &[
                ("tiebreak_1", "points"),
                ("tiebreak_2", "head_to_head"),
                ("tiebreak_3", ""),
                ("tiebreak_4", ""),
            ],
        )
        .await
        .assert_redirect_to(&season_page);
    assert_eq!(
        table(&ctx, division.id.0).await,
        [
            "1,Anchor,2,1,0,1,3,3,1,6",
            "2,Bell,2,1,0,1,4,2,0,6",
            "3,Crown,2,1,0,1,2,4,0,4"
        ]
    );
    let page = ctx
        .browser()
        .get(&format!("/leagues/north/divisions/{}", division.id))
        .await;
    let standings = standings_section(&page.body);
    assert!(standings.find(">Anchor</a>").unwrap() < standings.find(">Bell</a>").unwrap());
}
store_test!(the_organisers_tiebreak_order_decides_between_teams_level_on_points);

/// The standings section of a division page (the page opens with this week's fixtures).
fn standings_section(page: &str) -> &str {
    let start = page
        .find(r#"id="standings-heading""#)
        .expect("a standings section");
    let end = page[start..]
        .find("</section>")
        .map_or(page.len(), |end| start + end);
    &page[start..end]
}
