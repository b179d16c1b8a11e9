//! A small league for the results tests: one organisation with its secretary, a division of
//! two teams (Anchor at home first, then Bell), each with a captain and a squad of four, and
//! their two fixtures. The match format is two singles and one pairs game, once round the
//! board, so a whole result stays short enough to type into a form.

use chrono::{NaiveDate, Utc, Weekday};
use fives::demo::random_result;
use fives::domain::entry_level::EntryLevel;
use fives::domain::fixtures::Legs;
use fives::domain::ids::{DivisionId, OrganisationId, TeamId};
use fives::domain::league::SeasonCalendar;
use fives::domain::match_format::{MatchFormat, PointsScheme};
use fives::domain::match_result::{
    CheckedResult, ResultRules, ResultSheet, SquadMember, check_result,
};
use fives::domain::organisation::DisplayName;
use fives::domain::standings::TiebreakOrder;
use fives::store::{Fixture, NewCompetition, NewDivision, NewSeason, User};
use fives_rules::random::seeded;
use fives_rules::ruleset::{Preset, RulesetSpec};

use crate::support::TestContext;

pub const SLUG: &str = "torridge";

/// Two singles and one pairs game; 2 for the match and 1 per game; a walkover is 3-0.
pub fn match_format() -> MatchFormat {
    MatchFormat::singles_then_pairs(2, 1, PointsScheme::per_match_and_game(2, 0, 1))
}

pub struct ResultsLeague {
    pub organisation: OrganisationId,
    pub secretary: User,
    pub division: DivisionId,
    pub home: TeamId,
    pub away: TeamId,
    pub home_captain: User,
    pub away_captain: User,
    pub home_squad: Vec<SquadMember>,
    pub away_squad: Vec<SquadMember>,
    pub ruleset: RulesetSpec,
    pub format: MatchFormat,
    pub level: EntryLevel,
    /// Anchor at home to Bell, then Bell at home to Anchor.
    pub fixtures: Vec<Fixture>,
}

fn name(text: &str) -> DisplayName {
    DisplayName::try_from(text).unwrap()
}

pub async fn results_league(ctx: &TestContext) -> ResultsLeague {
    results_league_with(ctx, match_format(), EntryLevel::Hands, 4).await
}

/// Six singles and three pairs, as most pub leagues play: nine games.
pub fn nine_game_format() -> MatchFormat {
    MatchFormat::singles_then_pairs(6, 3, match_format().points)
}

/// The league with another match format, entry level and squads of `squad_size` (at most six)
/// players.
pub async fn results_league_with(
    ctx: &TestContext,
    format: MatchFormat,
    level: EntryLevel,
    squad_size: usize,
) -> ResultsLeague {
    let secretary = ctx.user("secretary@torridge.example.org").await;
    let organisation = ctx.organisation(SLUG, &secretary).await.id;
    let ruleset = RulesetSpec::preset(Preset::FivesAndThrees);
    let competition = ctx
        .store
        .create_competition(&NewCompetition {
            organisation,
            name: name("Winter League"),
            ruleset,
            match_format: format.clone(),
            entry_level: level,
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
    for (team_name, players) in [
        ("Anchor", ["Ann", "Bob", "Cat", "Dan", "Ed", "Flo"]),
        ("Bell", ["Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]),
    ] {
        let players = &players[..squad_size];
        let team = ctx.team(organisation, team_name).await.id;
        ctx.store
            .add_team_to_division(division, team)
            .await
            .unwrap();
        let mut squad = Vec::new();
        for player in players.iter().copied() {
            let player = ctx
                .store
                .create_player(organisation, &name(player), Utc::now())
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
        let captain = ctx
            .user(&format!("captain@{}.example.org", team_name.to_lowercase()))
            .await;
        ctx.make_captain(team, &captain, &secretary).await;
        teams.push((team, captain, squad));
    }
    let fixtures = ctx
        .store
        .generate_fixtures(division, Legs::Double)
        .await
        .unwrap();
    let (away, away_captain, away_squad) = teams.pop().unwrap();
    let (home, home_captain, home_squad) = teams.pop().unwrap();
    let mut fixtures = fixtures;
    // The first fixture is the one Anchor plays at home.
    fixtures.sort_by_key(|fixture| fixture.home_team_id != home);
    ResultsLeague {
        organisation,
        secretary,
        division,
        home,
        away,
        home_captain,
        away_captain,
        home_squad,
        away_squad,
        ruleset,
        format,
        level,
        fixtures,
    }
}

impl ResultsLeague {
    /// The rules of the first fixture (Anchor at home).
    pub fn rules(&self) -> ResultRules<'_> {
        ResultRules {
            ruleset: &self.ruleset,
            format: &self.format,
            level: self.level,
            home_squad: &self.home_squad,
            away_squad: &self.away_squad,
        }
    }

    /// A valid random result of the first fixture, and its check.
    pub fn random_result(&self, seed: u64) -> (ResultSheet, CheckedResult) {
        let sheet = random_result(self.rules(), &mut seeded(seed));
        let checked = check_result(&sheet, self.rules()).expect("a random result checks");
        (sheet, checked)
    }
}
