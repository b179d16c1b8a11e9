//! A division's fixtures in the store (made once, read by division and by team, moved and
//! postponed one by one), checked the same way against SQLite and PostgreSQL.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Datelike, NaiveDate, Utc, Weekday};
use fives::domain::fixtures::Legs;
use fives::domain::ids::{DivisionId, FixtureId, OrganisationId, SeasonId, TeamId};
use fives::domain::league::{SeasonCalendar, Venue, VenueAddress};
use fives::domain::match_format::{MatchFormat, PointsScheme};
use fives::domain::organisation::DisplayName;
use fives::domain::season_fixtures::FixtureStatus;
use fives::domain::standings::TiebreakOrder;
use fives::store::{Fixture, FixtureVenue, NewCompetition, NewDivision, NewSeason, StoreError};
use fives_rules::ruleset::{Preset, RulesetSpec};

use crate::support::TestContext;

fn name(text: &str) -> DisplayName {
    DisplayName::try_from(text).unwrap()
}

fn date(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

const PUBS: [&str; 5] = ["Anchor", "Bell", "Crown", "Plough", "Swan"];

/// A Tuesday league from Tuesday 1 September 2026, with no matches on 15 September or
/// 13 October.
const LEAGUE_NIGHTS: [&str; 10] = [
    "2026-09-01",
    "2026-09-08",
    "2026-09-22",
    "2026-09-29",
    "2026-10-06",
    "2026-10-20",
    "2026-10-27",
    "2026-11-03",
    "2026-11-10",
    "2026-11-17",
];

struct League {
    organisation: OrganisationId,
    season: SeasonId,
    division: DivisionId,
    /// By name, as the division lists them.
    teams: Vec<TeamId>,
}

/// 6 singles and 3 pairs; 2 for the match and 1 per game.
fn two_and_one_per_game() -> MatchFormat {
    MatchFormat::singles_then_pairs(6, 3, PointsScheme::per_match_and_game(2, 0, 1))
}

fn pub_of(team_name: &str) -> Venue {
    Venue {
        name: name(&format!("The {team_name}")),
        address: VenueAddress::try_from(format!("{team_name} Street\nBideford").as_str()).unwrap(),
        night: None,
    }
}

async fn season(ctx: &TestContext, organisation: OrganisationId, season_name: &str) -> SeasonId {
    let competition = ctx
        .store
        .create_competition(&NewCompetition {
            organisation,
            name: name(&format!("League of {season_name}")),
            ruleset: RulesetSpec::preset(Preset::FivesAndThrees),
            match_format: two_and_one_per_game(),
            entry_level: fives::domain::entry_level::EntryLevel::Hands,
            created_at: Utc::now(),
        })
        .await
        .expect("the competition is created");
    ctx.store
        .create_season(&NewSeason {
            competition: competition.id,
            name: name(season_name),
            calendar: SeasonCalendar::new(
                date("2026-09-01"),
                Weekday::Tue,
                [date("2026-09-15"), date("2026-10-13")],
            )
            .unwrap(),
            created_at: Utc::now(),
        })
        .await
        .expect("the season is created")
        .id
}

async fn division(ctx: &TestContext, season: SeasonId, division_name: &str) -> DivisionId {
    ctx.store
        .create_division(&NewDivision {
            season,
            name: name(division_name),
            tiebreaks: TiebreakOrder::default(),
            created_at: Utc::now(),
        })
        .await
        .expect("the division is created")
        .id
}

/// A division of the first `teams` pub teams, each with its pub.
async fn league(ctx: &TestContext, teams: usize) -> League {
    let organiser = ctx.user("sec@example.org").await;
    let organisation = ctx.organisation("torridge", &organiser).await.id;
    let season = season(ctx, organisation, "2026-27").await;
    let division = division(ctx, season, "Premier").await;
    let mut ids = Vec::new();
    for team_name in &PUBS[..teams] {
        let team = ctx.team(organisation, team_name).await.id;
        ctx.store
            .set_team_venue(team, Some(&pub_of(team_name)))
            .await
            .unwrap();
        ctx.store
            .add_team_to_division(division, team)
            .await
            .unwrap();
        ids.push(team);
    }
    League {
        organisation,
        season,
        division,
        teams: ids,
    }
}

fn without(fixtures: &[Fixture], id: FixtureId) -> Vec<Fixture> {
    fixtures.iter().filter(|f| f.id != id).cloned().collect()
}

async fn a_double_round_robin_of_five_teams_is_made_and_read_back(ctx: TestContext) {
    let league = league(&ctx, 5).await;
    let made = ctx
        .store
        .generate_fixtures(league.division, Legs::Double)
        .await
        .unwrap();
    let fixtures = ctx
        .store
        .fixtures_of_division(league.division)
        .await
        .unwrap();
    assert_eq!(made, fixtures);
    assert_eq!(fixtures.len(), 20);

    // Every pair twice, once at each team's pub.
    let meetings: BTreeSet<(String, String)> = fixtures
        .iter()
        .map(|f| (f.home_team.clone(), f.away_team.clone()))
        .collect();
    assert_eq!(meetings.len(), 20);
    for home in PUBS {
        for away in PUBS.iter().filter(|&&away| away != home) {
            assert!(meetings.contains(&(home.to_string(), away.to_string())));
        }
    }

    // Two matches a round on its league night, past the blackout dates, in date order.
    let mut rounds: BTreeMap<u32, BTreeSet<NaiveDate>> = BTreeMap::new();
    for fixture in &fixtures {
        rounds
            .entry(fixture.round)
            .or_default()
            .insert(fixture.date);
        assert_eq!(fixture.date.weekday(), Weekday::Tue);
        assert_eq!(fixture.status, FixtureStatus::Scheduled);
        assert_eq!(fixture.division_id, league.division);
    }
    let round_dates: Vec<NaiveDate> = rounds
        .values()
        .map(|dates| {
            assert_eq!(dates.len(), 1, "a round is played on one night");
            *dates.first().unwrap()
        })
        .collect();
    assert_eq!(round_dates, LEAGUE_NIGHTS.map(date));
    assert_eq!(
        rounds.keys().copied().collect::<Vec<_>>(),
        (1..=10).collect::<Vec<_>>()
    );
    assert!(fixtures.windows(2).all(|pair| pair[0].date <= pair[1].date));
    for number in 1..=10 {
        assert_eq!(fixtures.iter().filter(|f| f.round == number).count(), 2);
    }

    // The venue is the home team's pub.
    for fixture in &fixtures {
        let venue = pub_of(&fixture.home_team);
        assert_eq!(
            fixture.venue,
            Some(FixtureVenue {
                name: venue.name.as_str().to_string(),
                address: venue.address.as_str().to_string(),
            })
        );
        assert_eq!(
            ctx.store.fixture(fixture.id).await.unwrap().as_ref(),
            Some(fixture)
        );
    }

    // One team sits out each round, each team twice.
    let byes = ctx.store.byes_of_division(league.division).await.unwrap();
    assert_eq!(
        byes.iter().map(|bye| bye.round).collect::<Vec<_>>(),
        (1..=10).collect::<Vec<_>>()
    );
    for team in &league.teams {
        assert_eq!(byes.iter().filter(|bye| bye.team_id == *team).count(), 2);
    }
    for bye in &byes {
        assert!(
            fixtures
                .iter()
                .filter(|f| f.round == bye.round)
                .all(|f| f.home_team_id != bye.team_id && f.away_team_id != bye.team_id)
        );
    }

    // A team moving pub later moves its home fixtures not yet played, and no other.
    let anchor = league.teams[0];
    ctx.store
        .set_team_venue(anchor, Some(&pub_of("Harbour")))
        .await
        .unwrap();
    let harbour = Some(FixtureVenue {
        name: "The Harbour".to_string(),
        address: "Harbour Street\nBideford".to_string(),
    });
    let moved: Vec<Fixture> = fixtures
        .iter()
        .map(|fixture| Fixture {
            venue: if fixture.home_team_id == anchor {
                harbour.clone()
            } else {
                fixture.venue.clone()
            },
            ..fixture.clone()
        })
        .collect();
    assert_eq!(
        ctx.store
            .fixtures_of_division(league.division)
            .await
            .unwrap(),
        moved
    );
}
store_test!(a_double_round_robin_of_five_teams_is_made_and_read_back);

async fn a_team_without_a_pub_has_its_home_venue_left_open(ctx: TestContext) {
    let league = league(&ctx, 2).await;
    ctx.store
        .set_team_venue(league.teams[1], None)
        .await
        .unwrap();
    let fixtures = ctx
        .store
        .generate_fixtures(league.division, Legs::Single)
        .await
        .unwrap();
    assert_eq!(fixtures.len(), 1);
    let fixture = &fixtures[0];
    assert_eq!(fixture.date, date("2026-09-01"));
    let expected_venue = if fixture.home_team_id == league.teams[1] {
        None
    } else {
        Some(FixtureVenue {
            name: "The Anchor".to_string(),
            address: "Anchor Street\nBideford".to_string(),
        })
    };
    assert_eq!(fixture.venue, expected_venue);
    assert!(
        ctx.store
            .byes_of_division(league.division)
            .await
            .unwrap()
            .is_empty()
    );
}
store_test!(a_team_without_a_pub_has_its_home_venue_left_open);

async fn fixtures_are_made_only_once(ctx: TestContext) {
    let league = league(&ctx, 4).await;
    let first = ctx
        .store
        .generate_fixtures(league.division, Legs::Single)
        .await
        .unwrap();
    assert_eq!(first.len(), 6);
    for legs in [Legs::Single, Legs::Double] {
        let again = ctx.store.generate_fixtures(league.division, legs).await;
        assert!(
            matches!(again, Err(StoreError::FixturesAlreadyGenerated)),
            "{again:?}"
        );
    }
    assert_eq!(
        ctx.store
            .fixtures_of_division(league.division)
            .await
            .unwrap(),
        first
    );
}
store_test!(fixtures_are_made_only_once);

async fn fewer_than_two_teams_make_no_fixtures(ctx: TestContext) {
    let league = league(&ctx, 1).await;
    let one = ctx
        .store
        .generate_fixtures(league.division, Legs::Double)
        .await;
    assert!(
        matches!(one, Err(StoreError::TooFewTeams { teams: 1 })),
        "{one:?}"
    );

    let empty = division(&ctx, league.season, "Second").await;
    let none = ctx.store.generate_fixtures(empty, Legs::Single).await;
    assert!(
        matches!(none, Err(StoreError::TooFewTeams { teams: 0 })),
        "{none:?}"
    );

    for division in [league.division, empty] {
        assert!(
            ctx.store
                .fixtures_of_division(division)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            ctx.store
                .byes_of_division(division)
                .await
                .unwrap()
                .is_empty()
        );
    }
    let unknown = ctx
        .store
        .generate_fixtures(DivisionId(9999), Legs::Single)
        .await;
    assert!(
        matches!(unknown, Err(StoreError::NotFound("division"))),
        "{unknown:?}"
    );

    // The refusals left the division free to have its fixtures made once it has teams.
    let bell = ctx.team(league.organisation, "Bell").await.id;
    ctx.store
        .add_team_to_division(league.division, bell)
        .await
        .unwrap();
    assert_eq!(
        ctx.store
            .generate_fixtures(league.division, Legs::Double)
            .await
            .unwrap()
            .len(),
        2
    );
}
store_test!(fewer_than_two_teams_make_no_fixtures);

async fn moving_and_postponing_change_only_that_fixture(ctx: TestContext) {
    let league = league(&ctx, 4).await;
    let before = ctx
        .store
        .generate_fixtures(league.division, Legs::Double)
        .await
        .unwrap();

    let moved = before[3].clone();
    let new_date = date("2026-12-08");
    let after_move = ctx.store.move_fixture(moved.id, new_date).await.unwrap();
    assert_eq!(
        after_move,
        Fixture {
            date: new_date,
            ..moved.clone()
        }
    );
    let fixtures = ctx
        .store
        .fixtures_of_division(league.division)
        .await
        .unwrap();
    assert_eq!(without(&fixtures, moved.id), without(&before, moved.id));
    assert_eq!(
        fixtures.last(),
        Some(&after_move),
        "the moved fixture is now the latest"
    );

    let postponed = before[0].clone();
    let after_postponing = ctx.store.postpone_fixture(postponed.id).await.unwrap();
    assert_eq!(
        after_postponing,
        Fixture {
            status: FixtureStatus::Postponed,
            ..postponed.clone()
        }
    );
    let others = without(&fixtures, postponed.id);
    let fixtures = ctx
        .store
        .fixtures_of_division(league.division)
        .await
        .unwrap();
    assert_eq!(without(&fixtures, postponed.id), others);
    assert_eq!(
        ctx.store.fixture(postponed.id).await.unwrap(),
        Some(after_postponing)
    );

    // Giving a postponed fixture its new date schedules it again.
    let redated = ctx
        .store
        .move_fixture(postponed.id, date("2026-12-15"))
        .await
        .unwrap();
    assert_eq!(
        redated,
        Fixture {
            date: date("2026-12-15"),
            ..postponed.clone()
        }
    );

    let unknown = ctx.store.move_fixture(FixtureId(9999), new_date).await;
    assert!(
        matches!(unknown, Err(StoreError::NotFound("fixture"))),
        "{unknown:?}"
    );
    let unknown = ctx.store.postpone_fixture(FixtureId(9999)).await;
    assert!(
        matches!(unknown, Err(StoreError::NotFound("fixture"))),
        "{unknown:?}"
    );
    assert_eq!(ctx.store.fixture(FixtureId(9999)).await.unwrap(), None);
}
store_test!(moving_and_postponing_change_only_that_fixture);

async fn a_team_sees_its_own_fixtures_of_the_season_in_date_order(ctx: TestContext) {
    let league = league(&ctx, 5).await;
    ctx.store
        .generate_fixtures(league.division, Legs::Double)
        .await
        .unwrap();
    let crown = league.teams[2];

    // The same team in another season's division, whose fixtures are not this season's.
    let next_season = season(&ctx, league.organisation, "2027-28").await;
    let next_division = division(&ctx, next_season, "Premier").await;
    let yeo = ctx.team(league.organisation, "Yeo").await.id;
    for team in [crown, yeo] {
        ctx.store
            .add_team_to_division(next_division, team)
            .await
            .unwrap();
    }
    ctx.store
        .generate_fixtures(next_division, Legs::Single)
        .await
        .unwrap();

    // Moving one of its fixtures to the end of the season moves it to the end of the list.
    let mut fixtures = ctx
        .store
        .fixtures_of_team(crown, league.season)
        .await
        .unwrap();
    let first = fixtures[0].id;
    ctx.store
        .move_fixture(first, date("2027-01-05"))
        .await
        .unwrap();
    fixtures = ctx
        .store
        .fixtures_of_team(crown, league.season)
        .await
        .unwrap();
    assert_eq!(fixtures.len(), 8);
    assert_eq!(fixtures.last().map(|f| f.id), Some(first));
    assert!(fixtures.windows(2).all(|pair| pair[0].date <= pair[1].date));
    assert!(fixtures.iter().all(|f| f.division_id == league.division));
    assert!(
        fixtures
            .iter()
            .all(|f| f.home_team_id == crown || f.away_team_id == crown)
    );
    assert_eq!(
        fixtures.iter().filter(|f| f.home_team_id == crown).count(),
        4
    );

    let next = ctx
        .store
        .fixtures_of_team(crown, next_season)
        .await
        .unwrap();
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].division_id, next_division);

    // Fixtures go with their season.
    ctx.store.delete_season(next_season).await.unwrap();
    assert!(
        ctx.store
            .fixtures_of_team(crown, next_season)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        ctx.store
            .fixtures_of_division(next_division)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        ctx.store
            .fixtures_of_team(crown, league.season)
            .await
            .unwrap(),
        fixtures
    );
}
store_test!(a_team_sees_its_own_fixtures_of_the_season_in_date_order);

async fn a_reversed_fixture_is_played_at_the_other_pub_as_it_is_now(ctx: TestContext) {
    let league = league(&ctx, 3).await;
    let before = ctx
        .store
        .generate_fixtures(league.division, Legs::Single)
        .await
        .unwrap();
    let reversed = before[1].clone();
    // The away team has moved pub since the fixtures were made.
    ctx.store
        .set_team_venue(reversed.away_team_id, Some(&pub_of("Harbour")))
        .await
        .unwrap();

    let after = ctx.store.reverse_fixture(reversed.id).await.unwrap();
    assert_eq!(
        after,
        Fixture {
            home_team_id: reversed.away_team_id,
            home_team: reversed.away_team.clone(),
            away_team_id: reversed.home_team_id,
            away_team: reversed.home_team.clone(),
            venue: Some(FixtureVenue {
                name: "The Harbour".to_string(),
                address: "Harbour Street\nBideford".to_string(),
            }),
            ..reversed.clone()
        }
    );
    // The away team's own home fixture took its new pub when it moved; the rest are as made.
    let fixtures = ctx
        .store
        .fixtures_of_division(league.division)
        .await
        .unwrap();
    let expected: Vec<Fixture> = before
        .iter()
        .map(|fixture| Fixture {
            venue: if fixture.home_team_id == reversed.away_team_id {
                after.venue.clone()
            } else {
                fixture.venue.clone()
            },
            ..fixture.clone()
        })
        .collect();
    assert_eq!(
        without(&fixtures, reversed.id),
        without(&expected, reversed.id)
    );

    // To a team without a pub, the venue is left open.
    ctx.store
        .set_team_venue(reversed.home_team_id, None)
        .await
        .unwrap();
    let back = ctx.store.reverse_fixture(reversed.id).await.unwrap();
    assert_eq!(
        back,
        Fixture {
            venue: None,
            ..reversed.clone()
        }
    );

    let unknown = ctx.store.reverse_fixture(FixtureId(9999)).await;
    assert!(
        matches!(unknown, Err(StoreError::NotFound("fixture"))),
        "{unknown:?}"
    );
}
store_test!(a_reversed_fixture_is_played_at_the_other_pub_as_it_is_now);

async fn a_fixture_starts_at_its_seasons_time_unless_given_its_own(ctx: TestContext) {
    let league = league(&ctx, 3).await;
    let quarter_to_eight = chrono::NaiveTime::from_hms_opt(19, 45, 0).unwrap();
    let half_past_eight = chrono::NaiveTime::from_hms_opt(20, 30, 0).unwrap();
    // The season of `league` has no start time, so its fixtures have none.
    let untimed = ctx
        .store
        .generate_fixtures(league.division, Legs::Single)
        .await
        .unwrap();
    assert!(untimed.iter().all(|fixture| fixture.start_time.is_none()));

    let competition = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    let timed_season = ctx
        .store
        .create_season(&NewSeason {
            competition: competition.id,
            name: name("2027-28"),
            calendar: SeasonCalendar::new(date("2027-09-07"), Weekday::Tue, [])
                .unwrap()
                .with_start_time(Some(quarter_to_eight)),
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    let timed_division = division(&ctx, timed_season.id, "Premier").await;
    for team in &league.teams {
        ctx.store
            .add_team_to_division(timed_division, *team)
            .await
            .unwrap();
    }
    let before = ctx
        .store
        .generate_fixtures(timed_division, Legs::Single)
        .await
        .unwrap();
    assert!(
        before
            .iter()
            .all(|fixture| fixture.start_time == Some(quarter_to_eight))
    );

    let moved = before[0].clone();
    let own = ctx
        .store
        .reschedule_fixture(moved.id, date("2027-12-07"), Some(half_past_eight))
        .await
        .unwrap();
    assert_eq!(
        own,
        Fixture {
            date: date("2027-12-07"),
            start_time: Some(half_past_eight),
            ..moved.clone()
        }
    );
    let fixtures = ctx
        .store
        .fixtures_of_division(timed_division)
        .await
        .unwrap();
    assert_eq!(without(&fixtures, moved.id), without(&before, moved.id));
    // Moving keeps the fixture's own time; rescheduling without one gives it the season's.
    let kept = ctx
        .store
        .move_fixture(moved.id, date("2027-12-14"))
        .await
        .unwrap();
    assert_eq!(kept.start_time, Some(half_past_eight));
    let usual = ctx
        .store
        .reschedule_fixture(moved.id, date("2027-12-21"), None)
        .await
        .unwrap();
    assert_eq!(
        usual,
        Fixture {
            date: date("2027-12-21"),
            ..moved.clone()
        }
    );

    let unknown = ctx
        .store
        .reschedule_fixture(FixtureId(9999), date("2027-12-21"), None)
        .await;
    assert!(
        matches!(unknown, Err(StoreError::NotFound("fixture"))),
        "{unknown:?}"
    );
}
store_test!(a_fixture_starts_at_its_seasons_time_unless_given_its_own);

async fn a_fixture_with_a_result_stays_as_it_is(ctx: TestContext) {
    let league = league(&ctx, 3).await;
    let before = ctx
        .store
        .generate_fixtures(league.division, Legs::Single)
        .await
        .unwrap();
    let played = before[0].clone();
    ctx.set_fixture_status(played.id, "confirmed").await;

    let moved = ctx.store.move_fixture(played.id, date("2026-12-08")).await;
    assert!(
        matches!(moved, Err(StoreError::FixtureHasResult)),
        "{moved:?}"
    );
    let rescheduled = ctx
        .store
        .reschedule_fixture(played.id, date("2026-12-08"), None)
        .await;
    assert!(
        matches!(rescheduled, Err(StoreError::FixtureHasResult)),
        "{rescheduled:?}"
    );
    let postponed = ctx.store.postpone_fixture(played.id).await;
    assert!(
        matches!(postponed, Err(StoreError::FixtureHasResult)),
        "{postponed:?}"
    );
    let reversed = ctx.store.reverse_fixture(played.id).await;
    assert!(
        matches!(reversed, Err(StoreError::FixtureHasResult)),
        "{reversed:?}"
    );
    assert_eq!(
        ctx.store.fixture(played.id).await.unwrap(),
        Some(Fixture {
            status: FixtureStatus::Confirmed,
            ..played
        })
    );
}
store_test!(a_fixture_with_a_result_stays_as_it_is);

async fn a_season_with_results_is_not_deleted(ctx: TestContext) {
    let league = league(&ctx, 3).await;
    let fixtures = ctx
        .store
        .generate_fixtures(league.division, Legs::Single)
        .await
        .unwrap();
    // Postponed is not a result.
    ctx.store.postpone_fixture(fixtures[1].id).await.unwrap();
    ctx.set_fixture_status(fixtures[0].id, "walkover").await;
    let refused = ctx.store.delete_season(league.season).await;
    assert!(
        matches!(refused, Err(StoreError::SeasonHasResults)),
        "{refused:?}"
    );
    assert_eq!(
        ctx.store
            .fixtures_of_division(league.division)
            .await
            .unwrap()
            .len(),
        fixtures.len()
    );

    ctx.set_fixture_status(fixtures[0].id, "scheduled").await;
    ctx.store.delete_season(league.season).await.unwrap();
    assert!(
        ctx.store
            .fixtures_of_division(league.division)
            .await
            .unwrap()
            .is_empty()
    );
}
store_test!(a_season_with_results_is_not_deleted);
