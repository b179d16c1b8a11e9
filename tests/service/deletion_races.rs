//! A deletion that could reach a result, raced against that result's submission, on both
//! stores: a team, a competition or a player removed while a captain's result naming it is
//! being kept. Either the deletion is refused because the result is kept, or the submission is
//! told what it names is gone; never both "kept" and "deleted". Each race is run until enough
//! of its two writes overlapped in time, and the overlaps are counted.

use std::future::Future;
use std::time::{Duration, Instant};

use chrono::{NaiveDate, Utc, Weekday};
use fives::demo::random_result;
use fives::domain::fixtures::Legs;
use fives::domain::ids::{CompetitionId, FixtureId, TeamId};
use fives::domain::league::SeasonCalendar;
use fives::domain::match_result::{
    CheckedResult, ResultRules, ResultSheet, SquadMember, check_result,
};
use fives::domain::organisation::DisplayName;
use fives::domain::standings::TiebreakOrder;
use fives::store::{
    Fixture, FixtureAsRead, NewCompetition, NewDivision, NewResult, NewSeason, StoreError,
    Submitted,
};
use fives_rules::random::seeded;

use crate::results_league::{ResultsLeague, results_league};
use crate::support::TestContext;

/// How many times each race is run at least.
const TRIES: usize = 100;
/// How many of its tries must have overlapped: a race goes on past [`TRIES`] until they have,
/// up to [`MOST_TRIES`] (a loaded machine spreads the two writes apart more often).
const OVERLAPS: usize = TRIES / 4;
const MOST_TRIES: usize = 4 * TRIES;

/// Whether a race whose counts are `[kept, deleted, overlapped]` after `attempt` tries needs
/// another.
fn more(attempt: usize, counts: [usize; 3]) -> bool {
    attempt < TRIES || (counts[2] < OVERLAPS && attempt < MOST_TRIES)
}

fn name(text: &str) -> DisplayName {
    DisplayName::try_from(text).unwrap()
}

/// A new season of `competition`, started in the past so that its results are due, with one
/// division of `home` and `away`: the fixture `home` plays at home.
async fn fixture_between(
    ctx: &TestContext,
    competition: CompetitionId,
    season: &str,
    home: TeamId,
    away: TeamId,
) -> Fixture {
    let store = ctx.store.as_ref();
    let season = store
        .create_season(&NewSeason {
            competition,
            name: name(season),
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
            name: name("Premier"),
            tiebreaks: TiebreakOrder::default(),
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    for team in [home, away] {
        store.add_team_to_division(division.id, team).await.unwrap();
    }
    store
        .generate_fixtures(division.id, Legs::Double)
        .await
        .unwrap()
        .into_iter()
        .find(|fixture| fixture.home_team_id == home)
        .expect("a fixture at home")
}

/// A valid result between the two squads, and its check.
fn result_of(
    league: &ResultsLeague,
    home_squad: &[SquadMember],
    away_squad: &[SquadMember],
    seed: u64,
) -> (ResultSheet, CheckedResult) {
    let rules = ResultRules {
        ruleset: &league.ruleset,
        format: &league.format,
        level: league.level,
        home_squad,
        away_squad,
    };
    let sheet = random_result(rules, &mut seeded(seed));
    let checked = check_result(&sheet, rules).expect("a random result checks");
    (sheet, checked)
}

fn submission<'a>(
    league: &ResultsLeague,
    fixture: &Fixture,
    (sheet, checked): &'a (ResultSheet, CheckedResult),
    key: &'a str,
) -> NewResult<'a> {
    NewResult {
        fixture: fixture.id,
        as_read: FixtureAsRead::from(fixture),
        early_reason: None,
        sheet,
        checked,
        submission_key: key,
        by: league.home_captain.id,
        for_team: Some(league.home),
        at: Utc::now(),
    }
}

/// Runs a submission and a deletion started `pause` after it, and answers both outcomes and
/// whether the two were under way at the same moment.
async fn race<S, D, A, B>(submit: S, delete: D, pause: Duration) -> (A, B, bool)
where
    S: Future<Output = A>,
    D: Future<Output = B>,
{
    let timed = |work: S| async move {
        let started = Instant::now();
        let outcome = work.await;
        (outcome, started, Instant::now())
    };
    let delayed = async move {
        tokio::time::sleep(pause).await;
        let started = Instant::now();
        let outcome = delete.await;
        (outcome, started, Instant::now())
    };
    let ((submitted, s0, s1), (deleted, d0, d1)) = tokio::join!(timed(submit), delayed);
    (submitted, deleted, s0 < d1 && d0 < s1)
}

/// The `attempt`th pause, one of ten spread over the first quarter of `span` (a lone submission
/// is slower than one on a warm connection), so that most deletions land mid-submission.
fn pause(attempt: usize, span: Duration) -> Duration {
    span * u32::try_from(attempt % 10).unwrap() / 40
}

/// How long a lone submission on a warm connection takes here, to spread the deletions over.
async fn submission_time(ctx: &TestContext, league: &ResultsLeague) -> Duration {
    let mut took = Duration::ZERO;
    for (fixture, key) in league.fixtures.iter().zip(["lone", "warm"]) {
        let (home, away) = if fixture.home_team_id == league.home {
            (&league.home_squad, &league.away_squad)
        } else {
            (&league.away_squad, &league.home_squad)
        };
        let result = result_of(league, home, away, 7);
        let started = Instant::now();
        ctx.store
            .submit_result(&NewResult {
                for_team: Some(fixture.home_team_id),
                ..submission(league, fixture, &result, key)
            })
            .await
            .unwrap();
        took = started.elapsed();
    }
    took
}

/// Whether the fixture still has the result the captain was told was kept.
async fn kept(ctx: &TestContext, fixture: FixtureId) -> bool {
    ctx.store.current_result(fixture).await.unwrap().is_some()
}

fn report(ctx: &TestContext, what: &str, counts: [usize; 3]) {
    let [kept, deleted, overlapped] = counts;
    let tries = kept + deleted;
    eprintln!(
        "{:?}: {what}: {kept} results kept, {deleted} deleted first, {overlapped} of {tries} overlapped",
        ctx.backend
    );
    assert!(
        overlapped >= OVERLAPS,
        "only {overlapped} of {tries} races overlapped: the race was not tried"
    );
}

async fn a_team_deleted_while_its_result_is_submitted_never_takes_a_kept_result(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let competition = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()[0]
        .id;
    let span = submission_time(&ctx, &league).await;
    let mut counts = [0; 3];
    let mut attempt = 0;
    while more(attempt, counts) {
        attempt += 1;
        let team = ctx
            .team(league.organisation, &format!("Visitors {attempt}"))
            .await
            .id;
        let mut squad = Vec::new();
        for number in 0..4 {
            let player = ctx
                .store
                .create_player(
                    league.organisation,
                    &name(&format!("Visitor {attempt}-{number}")),
                    Utc::now(),
                )
                .await
                .unwrap();
            ctx.store
                .add_player_to_squad(team, player.id)
                .await
                .unwrap();
            squad.push(SquadMember {
                id: player.id,
                name: player.name,
            });
        }
        let fixture = fixture_between(
            &ctx,
            competition,
            &format!("Season {attempt}"),
            league.home,
            team,
        )
        .await;
        let result = result_of(&league, &league.home_squad, &squad, attempt as u64);
        let key = format!("team-{attempt}");
        let (submitted, deleted, overlapped) = race(
            ctx.store
                .submit_result(&submission(&league, &fixture, &result, &key)),
            ctx.store.delete_team(team),
            pause(attempt, span),
        )
        .await;
        match (&submitted, &deleted) {
            (Ok(Submitted::Recorded(_)), Err(StoreError::HasResults { .. })) => {
                assert!(
                    kept(&ctx, fixture.id).await,
                    "team {team}: a kept result is gone"
                );
                counts[0] += 1;
            }
            (Err(StoreError::NotFound(_)), Ok(())) => counts[1] += 1,
            other => panic!("team {team}: the submission and the deletion gave {other:?}"),
        }
        counts[2] += usize::from(overlapped);
    }
    report(&ctx, "teams", counts);
}
store_test!(a_team_deleted_while_its_result_is_submitted_never_takes_a_kept_result);

async fn a_competition_deleted_while_its_result_is_submitted_never_takes_a_kept_result(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let span = submission_time(&ctx, &league).await;
    let mut counts = [0; 3];
    let mut attempt = 0;
    while more(attempt, counts) {
        attempt += 1;
        let competition = ctx
            .store
            .create_competition(&NewCompetition {
                organisation: league.organisation,
                name: name(&format!("Cup {attempt}")),
                ruleset: league.ruleset,
                match_format: league.format.clone(),
                entry_level: league.level,
                created_at: Utc::now(),
            })
            .await
            .unwrap()
            .id;
        let fixture = fixture_between(&ctx, competition, "2024-25", league.home, league.away).await;
        let result = result_of(
            &league,
            &league.home_squad,
            &league.away_squad,
            attempt as u64,
        );
        let key = format!("competition-{attempt}");
        let (submitted, deleted, overlapped) = race(
            ctx.store
                .submit_result(&submission(&league, &fixture, &result, &key)),
            ctx.store.delete_competition(competition),
            pause(attempt, span),
        )
        .await;
        match (&submitted, &deleted) {
            (Ok(Submitted::Recorded(_)), Err(StoreError::HasResults { .. })) => {
                assert!(
                    kept(&ctx, fixture.id).await,
                    "{competition}: a kept result is gone"
                );
                counts[0] += 1;
            }
            (Err(StoreError::NotFound(_)), Ok(())) => counts[1] += 1,
            other => panic!("{competition}: the submission and the deletion gave {other:?}"),
        }
        counts[2] += usize::from(overlapped);
    }
    report(&ctx, "competitions", counts);
}
store_test!(a_competition_deleted_while_its_result_is_submitted_never_takes_a_kept_result);

async fn a_player_deleted_while_a_result_naming_them_is_submitted_is_never_both(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let competition = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()[0]
        .id;
    let span = submission_time(&ctx, &league).await;
    let mut counts = [0; 3];
    let mut attempt = 0;
    while more(attempt, counts) {
        attempt += 1;
        let player = ctx
            .store
            .create_player(
                league.organisation,
                &name(&format!("Newcomer {attempt}")),
                Utc::now(),
            )
            .await
            .unwrap();
        ctx.store
            .add_player_to_squad(league.home, player.id)
            .await
            .unwrap();
        let newcomer = SquadMember {
            id: player.id,
            name: player.name,
        };
        // The newcomer and one regular: every result of the two plays the newcomer.
        let home_squad = [newcomer, league.home_squad[0].clone()];
        let fixture = fixture_between(
            &ctx,
            competition,
            &format!("Season {attempt}"),
            league.home,
            league.away,
        )
        .await;
        let result = result_of(&league, &home_squad, &league.away_squad, attempt as u64);
        let key = format!("player-{attempt}");
        let (submitted, deleted, overlapped) = race(
            ctx.store
                .submit_result(&submission(&league, &fixture, &result, &key)),
            ctx.store.delete_player(player.id),
            pause(attempt, span),
        )
        .await;
        match (&submitted, &deleted) {
            (Ok(Submitted::Recorded(_)), Err(StoreError::HasResults { .. })) => {
                assert!(
                    kept(&ctx, fixture.id).await,
                    "{}: a kept result is gone",
                    player.id
                );
                assert!(ctx.store.player(player.id).await.unwrap().is_some());
                counts[0] += 1;
            }
            (Err(StoreError::PlayerRemoved), Ok(())) => {
                assert!(
                    !kept(&ctx, fixture.id).await,
                    "{}: a refused result was kept",
                    player.id
                );
                counts[1] += 1;
            }
            other => panic!(
                "{}: the submission and the deletion gave {other:?}",
                player.id
            ),
        }
        counts[2] += usize::from(overlapped);
    }
    report(&ctx, "players", counts);
}
store_test!(a_player_deleted_while_a_result_naming_them_is_submitted_is_never_both);
