//! The two squads of a fixture, which a result is checked against and its players named from;
//! shared by the result pages and the API.

use crate::domain::ids::PlayerId;
use crate::domain::match_result::{ResultRules, SquadMember};
use crate::store::{Competition, Fixture, Store, StoreError};

pub struct FixtureSquads {
    pub home: Vec<SquadMember>,
    pub away: Vec<SquadMember>,
}

impl FixtureSquads {
    pub async fn of(store: &dyn Store, fixture: &Fixture) -> Result<Self, StoreError> {
        let members = |players: Vec<crate::store::Player>| {
            players.into_iter().map(SquadMember::from).collect()
        };
        Ok(Self {
            home: members(store.squad_of(fixture.home_team_id).await?),
            away: members(store.squad_of(fixture.away_team_id).await?),
        })
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
            .find(|member| member.id == player)
            .map(|member| member.name.as_str())
    }

    /// The player's name, or their number when they are in neither squad.
    pub fn name(&self, player: PlayerId) -> String {
        self.find(player)
            .map_or_else(|| format!("player {player}"), str::to_string)
    }
}
