//! The league's structure in the store (competitions, seasons, divisions, teams in them,
//! players and squads, a team's pub), checked the same way against SQLite and PostgreSQL.

use chrono::{NaiveDate, Utc, Weekday};
use fives::domain::ids::{CompetitionId, OrganisationId, PlayerId, SeasonId, TeamId};
use fives::domain::league::{SeasonCalendar, Venue, VenueAddress};
use fives::domain::match_format::{BonusCondition, LosingBonus, MatchFormat, PointsScheme};
use fives::domain::organisation::DisplayName;
use fives::domain::standings::{Tiebreak, TiebreakOrder};
use fives::store::{
    Competition, Division, NewCompetition, NewDivision, NewSeason, Season, StoreError,
};
use fives_rules::ruleset::{Preset, RulesetSpec, Target};

use crate::support::TestContext;

fn name(text: &str) -> DisplayName {
    DisplayName::try_from(text).unwrap()
}

fn date(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

/// 6 singles and 3 pairs; 3 for a win, 1 for a 5-4 loss, none per game.
fn three_for_a_win() -> MatchFormat {
    MatchFormat::singles_then_pairs(
        6,
        3,
        PointsScheme {
            losing_bonus: Some(LosingBonus {
                points: 1,
                condition: BonusCondition::LostByAtMost(1),
            }),
            ..PointsScheme::per_match_and_game(3, 0, 0)
        },
    )
}

/// Fives and threes played twice round the board.
fn fives_and_threes_to_121() -> RulesetSpec {
    let mut ruleset = RulesetSpec::preset(Preset::FivesAndThrees);
    ruleset.overrides.target = Some(Target::all(121));
    ruleset
}

async fn competition(
    ctx: &TestContext,
    organisation: OrganisationId,
    competition_name: &str,
) -> Result<Competition, StoreError> {
    ctx.store
        .create_competition(&NewCompetition {
            organisation,
            name: name(competition_name),
            ruleset: fives_and_threes_to_121(),
            match_format: three_for_a_win(),
            entry_level: fives::domain::entry_level::EntryLevel::Hands,
            created_at: Utc::now(),
        })
        .await
}

/// A Tuesday league starting on Tuesday 1 September 2026.
async fn season(
    ctx: &TestContext,
    competition: CompetitionId,
    season_name: &str,
) -> Result<Season, StoreError> {
    ctx.store
        .create_season(&NewSeason {
            competition,
            name: name(season_name),
            calendar: SeasonCalendar::new(
                date("2026-09-01"),
                Weekday::Tue,
                [date("2026-12-29"), date("2026-12-22")],
            )
            .unwrap(),
            created_at: Utc::now(),
        })
        .await
}

async fn division(
    ctx: &TestContext,
    season: SeasonId,
    division_name: &str,
) -> Result<Division, StoreError> {
    ctx.store
        .create_division(&NewDivision {
            season,
            name: name(division_name),
            tiebreaks: TiebreakOrder::default(),
            created_at: Utc::now(),
        })
        .await
}

async fn player(ctx: &TestContext, organisation: OrganisationId, player_name: &str) -> PlayerId {
    ctx.store
        .create_player(organisation, &name(player_name), Utc::now())
        .await
        .expect("the player is created")
        .id
}

fn names<T>(rows: &[T], name: impl Fn(&T) -> &str) -> Vec<String> {
    rows.iter().map(|row| name(row).to_string()).collect()
}

async fn a_whole_league_is_built_and_read_back(ctx: TestContext) {
    let organiser = ctx.user("sec@example.org").await;
    let organisation = ctx.organisation("torridge", &organiser).await.id;

    let league = competition(&ctx, organisation, "Torridge Fives League")
        .await
        .unwrap();
    assert_eq!(league.organisation_id, organisation);
    assert_eq!(league.ruleset, fives_and_threes_to_121());
    assert_eq!(league.match_format, three_for_a_win());
    competition(&ctx, organisation, "Cup").await.unwrap();
    let competitions = ctx.store.competitions_of(organisation).await.unwrap();
    assert_eq!(
        names(&competitions, |c| &c.name),
        ["Cup", "Torridge Fives League"]
    );
    assert_eq!(competitions[1], league);

    let winter = season(&ctx, league.id, "Winter 2026").await.unwrap();
    let later = ctx
        .store
        .create_season(&NewSeason {
            competition: league.id,
            name: name("Summer 2027"),
            calendar: SeasonCalendar::new(date("2027-04-07"), Weekday::Wed, []).unwrap(),
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    let seasons = ctx.store.seasons_of(league.id).await.unwrap();
    assert_eq!(
        seasons,
        [later.clone(), winter.clone()],
        "latest start first"
    );
    assert_eq!(winter.start, date("2026-09-01"));
    assert_eq!(winter.league_night, Weekday::Tue);
    assert_eq!(
        winter.blackout_dates,
        [date("2026-12-22"), date("2026-12-29")]
    );
    assert_eq!(later.league_night, Weekday::Wed);
    assert!(later.blackout_dates.is_empty());

    let premier = division(&ctx, winter.id, "Premier").await.unwrap();
    let first = ctx
        .store
        .create_division(&NewDivision {
            season: winter.id,
            name: name("Division One"),
            tiebreaks: TiebreakOrder::try_from(vec![Tiebreak::Points, Tiebreak::HeadToHead])
                .unwrap(),
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    assert_eq!(
        ctx.store.divisions_of(winter.id).await.unwrap(),
        [premier.clone(), first.clone()]
    );
    assert_eq!(
        first.tiebreaks.tiebreaks(),
        [Tiebreak::Points, Tiebreak::HeadToHead]
    );
    assert!(ctx.store.divisions_of(later.id).await.unwrap().is_empty());

    let crown = ctx.team(organisation, "The Crown").await;
    let anchor = ctx.team(organisation, "The Anchor").await;
    let swan = ctx.team(organisation, "The Swan").await;
    for team in [&crown, &anchor] {
        ctx.store
            .add_team_to_division(premier.id, team.id)
            .await
            .unwrap();
    }
    ctx.store
        .add_team_to_division(first.id, swan.id)
        .await
        .unwrap();
    let premier_teams = ctx.store.teams_of(premier.id).await.unwrap();
    assert_eq!(premier_teams, [anchor.clone(), crown.clone()], "by name");
    assert_eq!(
        ctx.store.teams_of(first.id).await.unwrap(),
        std::slice::from_ref(&swan)
    );

    let ann = player(&ctx, organisation, "Ann Jewell").await;
    let bob = player(&ctx, organisation, "Bob Ching").await;
    let cat = player(&ctx, organisation, "Cat Heard").await;
    ctx.store.add_player_to_squad(crown.id, ann).await.unwrap();
    ctx.store.add_player_to_squad(crown.id, bob).await.unwrap();
    ctx.store.add_player_to_squad(anchor.id, cat).await.unwrap();
    let crown_squad = ctx.store.squad_of(crown.id).await.unwrap();
    assert_eq!(
        names(&crown_squad, |p| &p.name),
        ["Ann Jewell", "Bob Ching"]
    );
    assert_eq!(crown_squad[0].id, ann);
    assert!(
        crown_squad
            .iter()
            .all(|p| p.organisation_id == organisation)
    );
    assert_eq!(
        names(&ctx.store.squad_of(anchor.id).await.unwrap(), |p| &p.name),
        ["Cat Heard"]
    );
    assert!(ctx.store.squad_of(swan.id).await.unwrap().is_empty());
}
store_test!(a_whole_league_is_built_and_read_back);

async fn a_team_has_a_pub_once_it_is_given_one(ctx: TestContext) {
    let organiser = ctx.user("sec@example.org").await;
    let organisation = ctx.organisation("torridge", &organiser).await.id;
    let crown = ctx.team(organisation, "The Crown").await;
    assert_eq!(ctx.store.team_venue(crown.id).await.unwrap(), None);

    let venue = Venue {
        name: name("The Crown Inn"),
        address: VenueAddress::try_from("Fore Street\nBideford").unwrap(),
        night: Some(Weekday::Thu),
    };
    ctx.store
        .set_team_venue(crown.id, Some(&venue))
        .await
        .unwrap();
    assert_eq!(
        ctx.store.team_venue(crown.id).await.unwrap(),
        Some(venue.clone())
    );

    let any_night = Venue {
        night: None,
        ..venue
    };
    ctx.store
        .set_team_venue(crown.id, Some(&any_night))
        .await
        .unwrap();
    assert_eq!(
        ctx.store.team_venue(crown.id).await.unwrap(),
        Some(any_night)
    );

    ctx.store.set_team_venue(crown.id, None).await.unwrap();
    assert_eq!(ctx.store.team_venue(crown.id).await.unwrap(), None);

    let nowhere = TeamId(crown.id.0 + 100);
    assert!(matches!(
        ctx.store.team_venue(nowhere).await,
        Err(StoreError::NotFound("team"))
    ));
    let unset = ctx.store.set_team_venue(nowhere, None).await;
    assert!(
        matches!(unset, Err(StoreError::NotFound("team"))),
        "{unset:?}"
    );
}
store_test!(a_team_has_a_pub_once_it_is_given_one);

async fn names_are_unique_within_what_they_belong_to(ctx: TestContext) {
    let organiser = ctx.user("sec@example.org").await;
    let torridge = ctx.organisation("torridge", &organiser).await.id;
    let exeter = ctx.organisation("exeter", &organiser).await.id;

    let league = competition(&ctx, torridge, "Fives League").await.unwrap();
    let again = competition(&ctx, torridge, "Fives League").await;
    assert!(
        matches!(again, Err(StoreError::CompetitionNameTaken)),
        "{again:?}"
    );
    let elsewhere = competition(&ctx, exeter, "Fives League").await.unwrap();

    let winter = season(&ctx, league.id, "Winter").await.unwrap();
    let again = season(&ctx, league.id, "Winter").await;
    assert!(
        matches!(again, Err(StoreError::SeasonNameTaken)),
        "{again:?}"
    );
    season(&ctx, elsewhere.id, "Winter").await.unwrap();
    assert_eq!(
        ctx.store.seasons_of(league.id).await.unwrap(),
        std::slice::from_ref(&winter)
    );

    division(&ctx, winter.id, "Premier").await.unwrap();
    let again = division(&ctx, winter.id, "Premier").await;
    assert!(
        matches!(again, Err(StoreError::DivisionNameTaken)),
        "{again:?}"
    );
    assert_eq!(ctx.store.divisions_of(winter.id).await.unwrap().len(), 1);
    let summer = season(&ctx, league.id, "Summer").await.unwrap();
    division(&ctx, summer.id, "Premier").await.unwrap();

    // A refused write leaves nothing behind: the first season keeps its blackout dates,
    // and the refused one added none.
    assert_eq!(ctx.store.seasons_of(league.id).await.unwrap().len(), 2);
    for season in ctx.store.seasons_of(league.id).await.unwrap() {
        assert_eq!(season.blackout_dates.len(), 2, "{season:?}");
    }
}
store_test!(names_are_unique_within_what_they_belong_to);

async fn a_team_plays_in_one_division_of_a_season(ctx: TestContext) {
    let organiser = ctx.user("sec@example.org").await;
    let organisation = ctx.organisation("torridge", &organiser).await.id;
    let league = competition(&ctx, organisation, "Fives League")
        .await
        .unwrap();
    let winter = season(&ctx, league.id, "Winter").await.unwrap();
    let premier = division(&ctx, winter.id, "Premier").await.unwrap();
    let first = division(&ctx, winter.id, "Division One").await.unwrap();
    let crown = ctx.team(organisation, "The Crown").await;

    ctx.store
        .add_team_to_division(premier.id, crown.id)
        .await
        .unwrap();
    let twice = ctx.store.add_team_to_division(premier.id, crown.id).await;
    assert!(
        matches!(twice, Err(StoreError::TeamAlreadyInSeason)),
        "{twice:?}"
    );
    let two_divisions = ctx.store.add_team_to_division(first.id, crown.id).await;
    assert!(
        matches!(two_divisions, Err(StoreError::TeamAlreadyInSeason)),
        "{two_divisions:?}"
    );
    assert_eq!(
        ctx.store.teams_of(premier.id).await.unwrap(),
        std::slice::from_ref(&crown)
    );
    assert!(ctx.store.teams_of(first.id).await.unwrap().is_empty());

    // Next season the team may play in another division.
    let summer = season(&ctx, league.id, "Summer").await.unwrap();
    let summer_first = division(&ctx, summer.id, "Division One").await.unwrap();
    ctx.store
        .add_team_to_division(summer_first.id, crown.id)
        .await
        .unwrap();
    assert_eq!(
        ctx.store.teams_of(summer_first.id).await.unwrap(),
        std::slice::from_ref(&crown)
    );
}
store_test!(a_team_plays_in_one_division_of_a_season);

async fn divisions_and_squads_hold_only_their_organisations_teams_and_players(ctx: TestContext) {
    let organiser = ctx.user("sec@example.org").await;
    let torridge = ctx.organisation("torridge", &organiser).await.id;
    let exeter = ctx.organisation("exeter", &organiser).await.id;
    let league = competition(&ctx, torridge, "Fives League").await.unwrap();
    let winter = season(&ctx, league.id, "Winter").await.unwrap();
    let premier = division(&ctx, winter.id, "Premier").await.unwrap();
    let crown = ctx.team(torridge, "The Crown").await;
    let visitors = ctx.team(exeter, "The Ship").await;

    let foreign_team = ctx
        .store
        .add_team_to_division(premier.id, visitors.id)
        .await;
    assert!(
        matches!(foreign_team, Err(StoreError::OfAnotherOrganisation("team"))),
        "{foreign_team:?}"
    );
    assert!(ctx.store.teams_of(premier.id).await.unwrap().is_empty());

    let stranger = player(&ctx, exeter, "Dan Stranger").await;
    let foreign_player = ctx.store.add_player_to_squad(crown.id, stranger).await;
    assert!(
        matches!(
            foreign_player,
            Err(StoreError::OfAnotherOrganisation("player"))
        ),
        "{foreign_player:?}"
    );

    let ann = player(&ctx, torridge, "Ann Jewell").await;
    ctx.store.add_player_to_squad(crown.id, ann).await.unwrap();
    let twice = ctx.store.add_player_to_squad(crown.id, ann).await;
    assert!(
        matches!(twice, Err(StoreError::PlayerAlreadyInSquad)),
        "{twice:?}"
    );
    assert_eq!(ctx.store.squad_of(crown.id).await.unwrap().len(), 1);
}
store_test!(divisions_and_squads_hold_only_their_organisations_teams_and_players);

async fn what_is_added_to_must_exist(ctx: TestContext) {
    let organiser = ctx.user("sec@example.org").await;
    let organisation = ctx.organisation("torridge", &organiser).await.id;
    let league = competition(&ctx, organisation, "Fives League")
        .await
        .unwrap();
    let winter = season(&ctx, league.id, "Winter").await.unwrap();
    let premier = division(&ctx, winter.id, "Premier").await.unwrap();
    let crown = ctx.team(organisation, "The Crown").await;
    let ann = player(&ctx, organisation, "Ann Jewell").await;

    let no_organisation = competition(&ctx, OrganisationId(organisation.0 + 100), "Cup").await;
    assert!(
        matches!(no_organisation, Err(StoreError::NotFound("organisation"))),
        "{no_organisation:?}"
    );
    let no_competition = season(&ctx, CompetitionId(league.id.0 + 100), "Winter").await;
    assert!(
        matches!(no_competition, Err(StoreError::NotFound("competition"))),
        "{no_competition:?}"
    );
    let no_season = division(&ctx, SeasonId(winter.id.0 + 100), "Premier").await;
    assert!(
        matches!(no_season, Err(StoreError::NotFound("season"))),
        "{no_season:?}"
    );
    let no_player_organisation = ctx
        .store
        .create_player(
            OrganisationId(organisation.0 + 100),
            &name("Nobody"),
            Utc::now(),
        )
        .await;
    assert!(
        matches!(
            no_player_organisation,
            Err(StoreError::NotFound("organisation"))
        ),
        "{no_player_organisation:?}"
    );

    let no_team = ctx
        .store
        .add_team_to_division(premier.id, TeamId(crown.id.0 + 100))
        .await;
    assert!(
        matches!(no_team, Err(StoreError::NotFound("team"))),
        "{no_team:?}"
    );
    let no_division = ctx
        .store
        .add_team_to_division(fives::domain::ids::DivisionId(premier.id.0 + 100), crown.id)
        .await;
    assert!(
        matches!(no_division, Err(StoreError::NotFound("division"))),
        "{no_division:?}"
    );
    let no_player = ctx
        .store
        .add_player_to_squad(crown.id, PlayerId(ann.0 + 100))
        .await;
    assert!(
        matches!(no_player, Err(StoreError::NotFound("player"))),
        "{no_player:?}"
    );
}
store_test!(what_is_added_to_must_exist);

async fn deleting_a_season_takes_its_divisions_but_not_its_teams(ctx: TestContext) {
    let organiser = ctx.user("sec@example.org").await;
    let organisation = ctx.organisation("torridge", &organiser).await.id;
    let league = competition(&ctx, organisation, "Fives League")
        .await
        .unwrap();
    let mistake = season(&ctx, league.id, "Winter 2062").await.unwrap();
    let kept = season(&ctx, league.id, "Winter 2026").await.unwrap();
    let premier = division(&ctx, mistake.id, "Premier").await.unwrap();
    let kept_premier = division(&ctx, kept.id, "Premier").await.unwrap();
    let crown = ctx.team(organisation, "The Crown").await;
    ctx.store
        .add_team_to_division(premier.id, crown.id)
        .await
        .unwrap();
    let ann = player(&ctx, organisation, "Ann Jewell").await;
    ctx.store.add_player_to_squad(crown.id, ann).await.unwrap();

    ctx.store.delete_season(mistake.id).await.unwrap();
    assert_eq!(
        ctx.store.seasons_of(league.id).await.unwrap(),
        std::slice::from_ref(&kept)
    );
    assert!(ctx.store.divisions_of(mistake.id).await.unwrap().is_empty());
    assert!(ctx.store.teams_of(premier.id).await.unwrap().is_empty());
    assert_eq!(ctx.store.team(crown.id).await.unwrap(), Some(crown.clone()));
    assert_eq!(ctx.store.squad_of(crown.id).await.unwrap().len(), 1);
    // Its membership went with the division, so the team is free to join another.
    ctx.store
        .add_team_to_division(kept_premier.id, crown.id)
        .await
        .unwrap();

    let again = ctx.store.delete_season(mistake.id).await;
    assert!(
        matches!(again, Err(StoreError::NotFound("season"))),
        "{again:?}"
    );
}
store_test!(deleting_a_season_takes_its_divisions_but_not_its_teams);

async fn a_divisions_tiebreak_order_is_changed_and_read_back(ctx: TestContext) {
    let organiser = ctx.user("sec@example.org").await;
    let organisation = ctx.organisation("torridge", &organiser).await.id;
    let league = competition(&ctx, organisation, "Winter League")
        .await
        .unwrap();
    let winter = season(&ctx, league.id, "2026-27").await.unwrap();
    let premier = division(&ctx, winter.id, "Premier").await.unwrap();
    let first = division(&ctx, winter.id, "First").await.unwrap();

    let order = TiebreakOrder::try_from(vec![
        Tiebreak::Points,
        Tiebreak::HeadToHead,
        Tiebreak::GamesWon,
    ])
    .unwrap();
    ctx.store
        .set_division_tiebreaks(premier.id, &order)
        .await
        .unwrap();
    let divisions = ctx.store.divisions_of(winter.id).await.unwrap();
    assert_eq!(
        divisions,
        [
            Division {
                tiebreaks: order,
                ..premier.clone()
            },
            first.clone()
        ],
        "only that division changes"
    );

    let unknown = ctx
        .store
        .set_division_tiebreaks(
            fives::domain::ids::DivisionId(9999),
            &TiebreakOrder::default(),
        )
        .await;
    assert!(
        matches!(unknown, Err(StoreError::NotFound("division"))),
        "{unknown:?}"
    );
}
store_test!(a_divisions_tiebreak_order_is_changed_and_read_back);

async fn a_season_keeps_its_usual_start_time(ctx: TestContext) {
    let organiser = ctx.user("sec@example.org").await;
    let organisation = ctx.organisation("torridge", &organiser).await.id;
    let league = competition(&ctx, organisation, "Winter League")
        .await
        .unwrap();
    let half_past_eight = chrono::NaiveTime::from_hms_opt(20, 30, 0).unwrap();
    let timed = ctx
        .store
        .create_season(&NewSeason {
            competition: league.id,
            name: name("2026-27"),
            calendar: SeasonCalendar::new(date("2026-09-01"), Weekday::Tue, [])
                .unwrap()
                .with_start_time(Some(half_past_eight)),
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    assert_eq!(timed.start_time, Some(half_past_eight));
    let untimed = season(&ctx, league.id, "2025-26").await.unwrap();
    assert_eq!(untimed.start_time, None);
    let seasons = ctx.store.seasons_of(league.id).await.unwrap();
    assert_eq!(seasons.len(), 2);
    assert!(seasons.contains(&timed) && seasons.contains(&untimed));
}
store_test!(a_season_keeps_its_usual_start_time);
