//! A result and a change to its fixture at the same moment, over HTTP as a captain and the
//! league's organiser would make them, on both stores: a fixture reversed while its result is
//! submitted, a season deleted while one of its fixtures' results is submitted. A result is
//! never kept with its players on the wrong sides, never destroyed after the captain was told it
//! was kept, and a fixture that vanished mid-request is 404, never 500.

use chrono::{NaiveDate, Utc, Weekday};
use fives::demo::random_result;
use fives::domain::fixtures::Legs;
use fives::domain::league::SeasonCalendar;
use fives::domain::match_result::{ResultRules, ResultSheet, SquadMember, check_result};
use fives::domain::organisation::DisplayName;
use fives::domain::standings::TiebreakOrder;
use fives::store::{Fixture, NewDivision, NewSeason};
use fives::token::SecretToken;
use fives_rules::random::seeded;

use crate::result_interruptions::form_fields;
use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::{Browser, TestContext};

/// How many times each race is run.
const TRIES: usize = 48;

/// `seasons` more seasons of the league's two teams, started in the past so that every
/// fixture's result is due: two fixtures each, with the season's id.
async fn past_seasons(
    ctx: &TestContext,
    league: &ResultsLeague,
    seasons: usize,
) -> Vec<(fives::domain::ids::SeasonId, Vec<Fixture>)> {
    let store = ctx.store.as_ref();
    let competition = store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    let mut made = Vec::new();
    for number in 0..seasons {
        let season = store
            .create_season(&NewSeason {
                competition: competition.id,
                name: DisplayName::try_from(format!("Past {number}").as_str()).unwrap(),
                calendar: SeasonCalendar::new(
                    NaiveDate::from_ymd_opt(2024, 9, 3).unwrap(),
                    Weekday::Tue,
                    [],
                )
                .unwrap(),
                created_at: Utc::now(),
            })
            .await
            .unwrap();
        let division = store
            .create_division(&NewDivision {
                season: season.id,
                name: DisplayName::try_from("Premier").unwrap(),
                tiebreaks: TiebreakOrder::default(),
                created_at: Utc::now(),
            })
            .await
            .unwrap();
        for team in [league.home, league.away] {
            store.add_team_to_division(division.id, team).await.unwrap();
        }
        let fixtures = store
            .generate_fixtures(division.id, Legs::Double)
            .await
            .unwrap();
        made.push((season.id, fixtures));
    }
    made
}

/// A valid result of `fixture` (whichever team is at home), and the form fields that enter it.
fn result_form(league: &ResultsLeague, fixture: &Fixture, seed: u64) -> Vec<(String, String)> {
    let (home, away): (&[SquadMember], &[SquadMember]) = if fixture.home_team_id == league.home {
        (&league.home_squad, &league.away_squad)
    } else {
        (&league.away_squad, &league.home_squad)
    };
    let rules = ResultRules {
        ruleset: &league.ruleset,
        format: &league.format,
        level: fives::domain::entry_level::EntryLevel::Hands,
        home_squad: home,
        away_squad: away,
    };
    let sheet = random_result(rules, &mut seeded(seed));
    check_result(&sheet, rules).expect("a random result checks");
    let mut fields = form_fields(&sheet);
    fields.push((
        "submission_key".to_string(),
        SecretToken::generate().as_str().to_string(),
    ));
    fields
}

/// How long a lone submission of `fixture`'s result takes, to spread the racing action over.
async fn submission_time(
    captain: &Browser,
    league: &ResultsLeague,
    fixture: &Fixture,
) -> std::time::Duration {
    let started = std::time::Instant::now();
    let status = post(
        captain,
        &format!("/leagues/{SLUG}/fixtures/{}/result", fixture.id),
        &result_form(league, fixture, 999),
    )
    .await;
    assert_eq!(status, 303, "a lone submission is kept");
    started.elapsed()
}

/// The `try`th of [`TRIES`] pauses, spread evenly over `span`.
fn pause(attempt: usize, span: std::time::Duration) -> std::time::Duration {
    span * attempt as u32 / TRIES as u32
}

async fn post(browser: &Browser, path: &str, fields: &[(String, String)]) -> u16 {
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    browser.submit(path, &fields).await.status
}

/// Whether every game of the fixture's kept result has the fixture's home team's players on
/// its home side, as the fixture stands now.
async fn players_on_their_sides(
    ctx: &TestContext,
    league: &ResultsLeague,
    fixture: &Fixture,
) -> bool {
    let store = ctx.store.as_ref();
    let now = store.fixture(fixture.id).await.unwrap().unwrap();
    let Some(result) = store.current_result(fixture.id).await.unwrap() else {
        return true;
    };
    let home_squad = if now.home_team_id == league.home {
        &league.home_squad
    } else {
        &league.away_squad
    };
    let ResultSheet::Played { games } = &result.sheet else {
        return true;
    };
    games.iter().all(|game| {
        game.home
            .iter()
            .all(|player| home_squad.iter().any(|member| member.id == *player))
    })
}

async fn a_fixture_reversed_while_its_result_is_submitted_never_misfiles_it(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let mut fixtures: Vec<Fixture> = past_seasons(&ctx, &league, TRIES / 2 + 1)
        .await
        .into_iter()
        .flat_map(|(_, fixtures)| fixtures)
        .collect();
    let captain = ctx.browser();
    captain.login_ok("captain@anchor.example.org").await;
    let organiser = ctx.browser();
    organiser.login_ok("secretary@torridge.example.org").await;
    let span = submission_time(&captain, &league, &fixtures.pop().unwrap()).await;
    fixtures.truncate(TRIES);

    let (mut kept, mut changed) = (0, 0);
    for (fixture, seed) in fixtures.iter().zip(0..) {
        let form = result_form(&league, fixture, seed);
        let (entry, reversal) = (
            format!("/leagues/{SLUG}/fixtures/{}/result", fixture.id),
            format!("/organise/{SLUG}/fixtures/{}/reverse", fixture.id),
        );
        let submit = post(&captain, &entry, &form);
        let pause = pause(seed as usize, span);
        let reverse = async {
            tokio::time::sleep(pause).await;
            post(&organiser, &reversal, &[]).await
        };
        let (submitted, reversed) = tokio::join!(submit, reverse);
        // Kept; refused as the fixture changed while it was kept (409); or checked against
        // the fixture already reversed, where its players are on the wrong sides (422).
        assert!(
            matches!(submitted, 303 | 409 | 422),
            "the submission answered {submitted}"
        );
        assert!(
            matches!(reversed, 303 | 409 | 422),
            "the reversal answered {reversed}"
        );
        assert!(
            players_on_their_sides(&ctx, &league, fixture).await,
            "fixture {}: a result kept with its players on the wrong sides",
            fixture.id
        );
        if submitted == 303 {
            kept += 1
        } else {
            changed += 1
        }
    }
    eprintln!(
        "{:?}: {kept} results kept, {changed} refused as their fixture changed",
        ctx.backend
    );
}
store_test!(a_fixture_reversed_while_its_result_is_submitted_never_misfiles_it);

async fn a_season_deleted_while_a_result_is_submitted_never_takes_a_kept_result(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let mut seasons = past_seasons(&ctx, &league, TRIES + 1).await;
    let competition = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()[0]
        .id;
    let captain = ctx.browser();
    captain.login_ok("captain@anchor.example.org").await;
    let organiser = ctx.browser();
    organiser.login_ok("secretary@torridge.example.org").await;
    let span = submission_time(&captain, &league, &seasons.pop().unwrap().1[0]).await;

    let (mut kept, mut deleted) = (0, 0);
    for ((season, fixtures), seed) in seasons.iter().zip(0..) {
        let fixture = &fixtures[0];
        let form = result_form(&league, fixture, seed);
        let (entry, deletion) = (
            format!("/leagues/{SLUG}/fixtures/{}/result", fixture.id),
            format!("/organise/{SLUG}/seasons/{season}/delete"),
        );
        let submit = post(&captain, &entry, &form);
        // The deletion starts a little later each time, over as long as a submission
        // takes, so that some land while the submission is being checked and kept.
        let pause = pause(seed as usize, span);
        let delete = async {
            tokio::time::sleep(pause).await;
            post(&organiser, &deletion, &[]).await
        };
        let (submitted, deletion) = tokio::join!(submit, delete);
        // Kept, or its fixture gone; the deletion done, or refused as the season has a
        // result. Never a failure.
        assert!(
            matches!(submitted, 303 | 404),
            "the submission answered {submitted}"
        );
        assert!(
            matches!(deletion, 303 | 409 | 422),
            "the deletion answered {deletion}"
        );
        let result = ctx.store.current_result(fixture.id).await.unwrap();
        let season_kept = ctx
            .store
            .seasons_of(competition)
            .await
            .unwrap()
            .iter()
            .any(|kept| kept.id == *season);
        if submitted == 303 {
            assert!(
                result.is_some(),
                "season {season}: a result the captain was told was kept is gone"
            );
            assert!(season_kept);
            kept += 1;
        }
        if deletion == 303 {
            assert!(!season_kept);
            deleted += 1;
        }
    }
    eprintln!(
        "{:?}: {kept} results kept, {deleted} seasons deleted first",
        ctx.backend
    );
}
store_test!(a_season_deleted_while_a_result_is_submitted_never_takes_a_kept_result);
