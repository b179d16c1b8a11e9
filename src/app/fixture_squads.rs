//! The two squads of a fixture, which a result is checked against and its players named from;
//! shared by the result pages and the API.

use crate::domain::ids::PlayerId;
use crate::domain::match_result::{ResultRules, ResultSheet, SquadMember};
use crate::store::{Competition, Fixture, Store, StoreError};

pub struct FixtureSquads {
    pub home: Vec<SquadMember>,
    pub away: Vec<SquadMember>,
    /// Players the fixture's result names who have since left both squads: still named on
    /// its scoresheet, though no longer picked for a result.
    pub former: Vec<SquadMember>,
}

impl FixtureSquads {
    pub async fn of(store: &dyn Store, fixture: &Fixture) -> Result<Self, StoreError> {
        let members = |players: Vec<crate::store::Player>| {
            players.into_iter().map(SquadMember::from).collect()
        };
        let mut squads = Self {
            home: members(store.squad_of(fixture.home_team_id).await?),
            away: members(store.squad_of(fixture.away_team_id).await?),
            former: Vec::new(),
        };
        if let Some(result) = store.current_result(fixture.id).await?
            && let ResultSheet::Played { games } = &result.sheet
        {
            let mut named: Vec<PlayerId> = games
                .iter()
                .flat_map(|game| game.home.iter().chain(&game.away).copied())
                .filter(|player| squads.find(*player).is_none())
                .collect();
            named.sort();
            named.dedup();
            for player in named {
                if let Some(player) = store.player(player).await? {
                    squads.former.push(SquadMember::from(player));
                }
            }
        }
        Ok(squads)
    }

    pub fn rules<'a>(&'a self, competition: &'a Competition) -> ResultRules<'a> {
        ResultRules {
            ruleset: &competition.ruleset,
            format: &competition.match_format,
            level: competition.entry_level,
            home_squad: &self.home,
            away_squad: &self.away,
        }
    }

    /// The player's name, if they are in either squad.
    pub fn find(&self, player: PlayerId) -> Option<&str> {
        self.home
            .iter()
            .chain(&self.away)
            .chain(&self.former)
            .find(|member| member.id == player)
            .map(|member| member.name.as_str())
    }

    /// The player's name, or their number when they are in neither squad.
    pub fn name(&self, player: PlayerId) -> String {
        self.find(player)
            .map_or_else(|| format!("player {player}"), str::to_string)
    }
}
