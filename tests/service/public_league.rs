//! The public league pages, read by an anonymous visitor: a division's standings, fixtures by
//! week, CSV exports and iCalendar feed, a team's page and feed, and 404 for ids that are
//! unknown or belong to another organisation.

use chrono::{NaiveDate, Utc, Weekday};
use fives::domain::fixtures::Legs;
use fives::domain::ids::{CompetitionId, DivisionId, OrganisationId, TeamId};
use fives::domain::league::{SeasonCalendar, Venue, VenueAddress};
use fives::domain::match_format::{MatchFormat, PointsScheme};
use fives::domain::organisation::DisplayName;
use fives::domain::standings::TiebreakOrder;
use fives::store::{Fixture, NewCompetition, NewDivision, NewSeason};
use fives_rules::ruleset::{Preset, RulesetSpec};

use crate::support::TestContext;

const STANDINGS_HEADER: [&str; 10] = [
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
];

const RESULTS_HEADER: [&str; 9] = [
    "fixture_id",
    "date",
    "home",
    "away",
    "home_games",
    "away_games",
    "home_points",
    "away_points",
    "status",
];

fn name(text: &str) -> DisplayName {
    DisplayName::try_from(text).unwrap()
}

/// 6 singles and 3 pairs; 2 for the match and 1 per game.
fn match_format() -> MatchFormat {
    MatchFormat::singles_then_pairs(6, 3, PointsScheme::per_match_and_game(2, 0, 1))
}

struct League {
    slug: String,
    competition: CompetitionId,
    division: DivisionId,
    /// In the order the team names were given.
    teams: Vec<TeamId>,
    fixtures: Vec<Fixture>,
}

/// An organisation with one competition, one season and one division of `team_names`, each
/// team with its pub and a squad of two, and a double round robin of fixtures.
async fn league(ctx: &TestContext, slug: &str, team_names: &[&str]) -> League {
    let organiser = ctx.user(&format!("secretary@{slug}.example.org")).await;
    let organisation: OrganisationId = ctx.organisation(slug, &organiser).await.id;
    let competition = ctx
        .store
        .create_competition(&NewCompetition {
            organisation,
            name: name("Winter League"),
            ruleset: RulesetSpec::preset(Preset::FivesAndThrees),
            match_format: match_format(),
            entry_level: fives::domain::entry_level::EntryLevel::Hands,
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    let season = ctx
        .store
        .create_season(&NewSeason {
            competition: competition.id,
            name: name("2026-27"),
            calendar: SeasonCalendar::new(
                NaiveDate::from_ymd_opt(2026, 9, 1).unwrap(),
                Weekday::Tue,
                [],
            )
            .unwrap(),
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    let division = ctx
        .store
        .create_division(&NewDivision {
            season: season.id,
            name: name("Premier"),
            tiebreaks: TiebreakOrder::default(),
            created_at: Utc::now(),
        })
        .await
        .unwrap()
        .id;
    let mut teams = Vec::new();
    for team_name in team_names {
        let team = ctx.team(organisation, team_name).await.id;
        let venue = Venue {
            name: name(&format!("The {team_name} Inn")),
            address: VenueAddress::try_from(format!("{team_name} Street\nBideford").as_str())
                .unwrap(),
            night: None,
        };
        ctx.store.set_team_venue(team, Some(&venue)).await.unwrap();
        ctx.store
            .add_team_to_division(division, team)
            .await
            .unwrap();
        for player in ["Ann", "Bob"] {
            let player = ctx
                .store
                .create_player(
                    organisation,
                    &name(&format!("{player} of {team_name}")),
                    Utc::now(),
                )
                .await
                .unwrap();
            ctx.store
                .add_player_to_squad(team, player.id)
                .await
                .unwrap();
        }
        teams.push(team);
    }
    let fixtures = ctx
        .store
        .generate_fixtures(division, Legs::Double)
        .await
        .unwrap();
    League {
        slug: slug.to_string(),
        competition: competition.id,
        division,
        teams,
        fixtures,
    }
}

const PUBS: [&str; 4] = ["Anchor", "Bell", "Crown", "Plough"];

async fn download(ctx: &TestContext, path: &str) -> (u16, String, String, String) {
    let response = reqwest::get(format!("{}{path}", ctx.address))
        .await
        .unwrap();
    let status = response.status().as_u16();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|value| value.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    let (content_type, disposition) = (header("content-type"), header("content-disposition"));
    (
        status,
        content_type,
        disposition,
        response.text().await.unwrap(),
    )
}

fn parse_csv(body: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let header = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|record| record.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}

fn long_date(date: NaiveDate) -> String {
    date.format("%a %-d %b %Y").to_string()
}

async fn the_organisation_and_competition_pages_lead_to_the_division(ctx: TestContext) {
    let league = league(&ctx, "torridge", &PUBS).await;
    let browser = ctx.browser();
    let home = browser.get("/").await;
    assert!(
        home.body.contains(r#"href="/leagues/torridge""#),
        "{}",
        home.body
    );
    let organisation = browser.get("/leagues/torridge").await;
    assert_eq!(organisation.status, 200);
    let competition_link = format!("/leagues/torridge/competitions/{}", league.competition);
    assert!(
        organisation.body.contains(&competition_link),
        "{}",
        organisation.body
    );
    assert!(
        organisation.body.contains("Winter League"),
        "{}",
        organisation.body
    );
    let competition = browser.get(&competition_link).await;
    assert_eq!(competition.status, 200);
    assert!(competition.body.contains("2026-27"), "{}", competition.body);
    let division_link = format!("/leagues/torridge/divisions/{}", league.division);
    assert!(
        competition.body.contains(&division_link),
        "{}",
        competition.body
    );
    assert!(competition.body.contains("Premier"), "{}", competition.body);
}
store_test!(the_organisation_and_competition_pages_lead_to_the_division);

async fn the_division_page_shows_the_standings_and_the_fixtures_by_week(ctx: TestContext) {
    let league = league(&ctx, "torridge", &PUBS).await;
    let page = ctx
        .browser()
        .get(&format!(
            "/leagues/{}/divisions/{}",
            league.slug, league.division
        ))
        .await;
    assert_eq!(page.status, 200);
    let body = &page.body;
    assert!(body.contains(r#"<main id="main""#), "{body}");

    let (standings, fixtures) = body
        .split_once(r#"id="fixtures-heading""#)
        .expect("the fixtures follow the standings");
    assert!(standings.contains("<caption"), "{standings}");
    assert!(
        standings.contains(r#"<th scope="col"><abbr title="Points">Pts</abbr></th>"#),
        "{standings}"
    );
    assert_eq!(
        standings.matches(r#"<th scope="row">"#).count(),
        4,
        "{standings}"
    );
    for (team_name, team) in PUBS.iter().zip(&league.teams) {
        let link = format!(r#"<a href="/leagues/torridge/teams/{team}">{team_name}</a>"#);
        assert!(standings.contains(&link), "missing {link}: {standings}");
    }

    // A double round robin of four teams: 6 rounds of 2 fixtures, no byes.
    assert_eq!(league.fixtures.len(), 12);
    for round in 1..=6 {
        assert!(
            fixtures.contains(&format!("Round {round}: ")),
            "round {round}: {fixtures}"
        );
    }
    assert!(!fixtures.contains("Round 7"), "{fixtures}");
    assert!(!fixtures.contains("Bye:"), "{fixtures}");
    assert_eq!(
        fixtures.matches("<td>Scheduled</td>").count(),
        12,
        "{fixtures}"
    );
    for fixture in &league.fixtures {
        let venue = &fixture.venue.as_ref().expect("every team has a pub").name;
        let row = format!(
            "<td>{}</td>\n          <td><a href=\"/leagues/torridge/teams/{}\">{}</a></td>\n          <td><a href=\"/leagues/torridge/teams/{}\">{}</a></td>\n          <td>{venue}</td>",
            long_date(fixture.date),
            fixture.home_team_id,
            fixture.home_team,
            fixture.away_team_id,
            fixture.away_team,
        );
        assert!(fixtures.contains(&row), "missing {row}: {fixtures}");
    }

    for export in ["standings.csv", "results.csv", "fixtures.ics"] {
        let link = format!(
            r#"href="/leagues/torridge/divisions/{}/{export}""#,
            league.division
        );
        assert!(body.contains(&link), "missing {link}: {body}");
    }
}
store_test!(the_division_page_shows_the_standings_and_the_fixtures_by_week);

async fn the_standings_csv_has_its_header_and_a_row_per_team(ctx: TestContext) {
    let league = league(&ctx, "torridge", &PUBS).await;
    let (status, content_type, disposition, body) = download(
        &ctx,
        &format!(
            "/leagues/torridge/divisions/{}/standings.csv",
            league.division
        ),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(content_type, "text/csv; charset=utf-8");
    assert!(disposition.starts_with("attachment"), "{disposition}");
    assert!(disposition.contains("standings.csv"), "{disposition}");
    let (header, rows) = parse_csv(&body);
    assert_eq!(header, STANDINGS_HEADER);
    assert_eq!(rows.len(), 4, "{body}");
    let mut teams: Vec<&str> = rows.iter().map(|row| row[1].as_str()).collect();
    teams.sort_unstable();
    assert_eq!(teams, PUBS);
    // Nothing is played yet: every team has nothing but a place in the table.
    for row in &rows {
        assert_eq!(
            &row[2..],
            ["0", "0", "0", "0", "0", "0", "0", "0"],
            "{body}"
        );
    }
}
store_test!(the_standings_csv_has_its_header_and_a_row_per_team);

async fn the_results_csv_has_its_header_and_a_row_per_fixture(ctx: TestContext) {
    let league = league(&ctx, "torridge", &PUBS).await;
    let postponed = league.fixtures[0].id;
    ctx.store.postpone_fixture(postponed).await.unwrap();
    let (status, content_type, disposition, body) = download(
        &ctx,
        &format!(
            "/leagues/torridge/divisions/{}/results.csv",
            league.division
        ),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(content_type, "text/csv; charset=utf-8");
    assert!(disposition.contains("results.csv"), "{disposition}");
    let (header, rows) = parse_csv(&body);
    assert_eq!(header, RESULTS_HEADER);
    assert_eq!(rows.len(), league.fixtures.len(), "{body}");
    for fixture in &league.fixtures {
        let row = rows
            .iter()
            .find(|row| row[0] == fixture.id.to_string())
            .unwrap_or_else(|| panic!("no row for fixture {}: {body}", fixture.id));
        let status = if fixture.id == postponed {
            "postponed"
        } else {
            "scheduled"
        };
        let expected = [
            fixture.id.to_string(),
            fixture.date.to_string(),
            fixture.home_team.clone(),
            fixture.away_team.clone(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            status.to_string(),
        ];
        assert_eq!(row, &expected);
    }
}
store_test!(the_results_csv_has_its_header_and_a_row_per_fixture);

async fn the_division_calendar_has_an_event_per_fixture(ctx: TestContext) {
    let league = league(&ctx, "torridge", &PUBS).await;
    let (status, content_type, _, body) = download(
        &ctx,
        &format!(
            "/leagues/torridge/divisions/{}/fixtures.ics",
            league.division
        ),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(content_type, "text/calendar; charset=utf-8");
    let body = body.replace("\r\n ", "");
    assert!(body.starts_with("BEGIN:VCALENDAR\r\n"), "{body}");
    assert_eq!(body.matches("BEGIN:VEVENT").count(), 12, "{body}");
    for fixture in &league.fixtures {
        let summary = format!("SUMMARY:{} v {}\r\n", fixture.home_team, fixture.away_team);
        assert!(body.contains(&summary), "missing {summary}: {body}");
    }
}
store_test!(the_division_calendar_has_an_event_per_fixture);

async fn the_team_page_shows_its_fixtures_squad_and_pub(ctx: TestContext) {
    let league = league(&ctx, "torridge", &PUBS).await;
    let crown = league.teams[2];
    let page = ctx
        .browser()
        .get(&format!("/leagues/torridge/teams/{crown}"))
        .await;
    assert_eq!(page.status, 200);
    let body = &page.body;
    assert!(body.contains("<h1>Crown</h1>"), "{body}");
    assert!(body.contains("The Crown Inn"), "{body}");
    assert!(body.contains("Crown Street<br>Bideford"), "{body}");
    assert!(
        body.contains("Ann of Crown") && body.contains("Bob of Crown"),
        "{body}"
    );
    assert!(!body.contains("Ann of Bell"), "{body}");
    let crowns: Vec<&Fixture> = league
        .fixtures
        .iter()
        .filter(|f| f.home_team_id == crown || f.away_team_id == crown)
        .collect();
    assert_eq!(crowns.len(), 6);
    assert_eq!(body.matches("<td>Scheduled</td>").count(), 6, "{body}");
    for fixture in crowns {
        assert!(
            body.contains(&long_date(fixture.date)),
            "{}: {body}",
            fixture.date
        );
    }
    let feed = format!("/leagues/torridge/teams/{crown}/fixtures.ics");
    assert!(body.contains(&feed), "{body}");

    let (status, content_type, _, calendar) = download(&ctx, &feed).await;
    assert_eq!(status, 200);
    assert_eq!(content_type, "text/calendar; charset=utf-8");
    assert_eq!(calendar.matches("BEGIN:VEVENT").count(), 6, "{calendar}");
    assert!(calendar.contains("Crown"), "{calendar}");
}
store_test!(the_team_page_shows_its_fixtures_squad_and_pub);

async fn unknown_ids_and_another_organisations_ids_are_not_found(ctx: TestContext) {
    let ours = league(&ctx, "torridge", &PUBS).await;
    // Three teams, so each round someone has a bye.
    let theirs = league(&ctx, "exmoor", &["Fox", "Hound", "Stag"]).await;
    let browser = ctx.browser();

    let their_division = browser
        .get(&format!("/leagues/exmoor/divisions/{}", theirs.division))
        .await;
    assert_eq!(their_division.status, 200);
    assert_eq!(
        their_division.body.matches("Bye: ").count(),
        6,
        "{}",
        their_division.body
    );

    let our_team = ours.teams[0];
    for path in [
        "/leagues/nobody".to_string(),
        "/leagues/torridge/competitions/9999".to_string(),
        "/leagues/torridge/divisions/9999".to_string(),
        "/leagues/torridge/divisions/9999/standings.csv".to_string(),
        "/leagues/torridge/teams/9999".to_string(),
        "/leagues/torridge/teams/not-a-number".to_string(),
        format!("/leagues/torridge/competitions/{}", theirs.competition),
        format!("/leagues/torridge/divisions/{}", theirs.division),
        format!(
            "/leagues/torridge/divisions/{}/standings.csv",
            theirs.division
        ),
        format!(
            "/leagues/torridge/divisions/{}/results.csv",
            theirs.division
        ),
        format!(
            "/leagues/torridge/divisions/{}/fixtures.ics",
            theirs.division
        ),
        format!("/leagues/torridge/teams/{}", theirs.teams[0]),
        format!("/leagues/torridge/teams/{}/fixtures.ics", theirs.teams[0]),
        format!("/leagues/exmoor/teams/{our_team}"),
        format!("/leagues/exmoor/divisions/{}", ours.division),
    ] {
        let page = browser.get(&path).await;
        assert_eq!(page.status, 404, "{path}");
        assert!(
            page.body.contains("Page not found"),
            "{path}: {}",
            page.body
        );
        assert!(
            page.body.contains(r#"<main id="main""#),
            "{path}: {}",
            page.body
        );
    }
}
store_test!(unknown_ids_and_another_organisations_ids_are_not_found);

async fn a_calendar_event_links_its_fixture_and_gives_its_confirmed_result(ctx: TestContext) {
    use crate::results_league::{SLUG, results_league};
    let league = results_league(&ctx).await;
    let (checked, _) = crate::careers::confirmed_result(&ctx, &league).await;
    let (home_games, away_games) = league.format.games(checked.score);
    let played = &league.fixtures[0];
    let (status, _, _, body) = download(
        &ctx,
        &format!("/leagues/{SLUG}/divisions/{}/fixtures.ics", league.division),
    )
    .await;
    assert_eq!(status, 200);
    let body = body.replace("\r\n ", "");
    assert!(
        body.contains(&format!(
            "SUMMARY:{} {home_games}-{away_games} {}\r\n",
            played.home_team, played.away_team
        )),
        "{body}"
    );
    assert!(
        body.contains(&format!(
            "Result: {} {home_games}\\, {} {away_games} (games)",
            played.home_team, played.away_team
        )),
        "{body}"
    );
    for fixture in &league.fixtures {
        let link = format!("/leagues/{SLUG}/fixtures/{}", fixture.id);
        assert!(
            body.lines()
                .any(|line| line.starts_with("URL:http") && line.trim_end().ends_with(&link)),
            "no link to fixture {}: {body}",
            fixture.id
        );
    }
    assert!(body.contains("X-WR-CALNAME:"), "{body}");
}
store_test!(a_calendar_event_links_its_fixture_and_gives_its_confirmed_result);
