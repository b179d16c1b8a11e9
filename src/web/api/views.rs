//! What the API answers with: plain JSON shapes of the store's records, shared by the
//! resource families.

use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::league::{Venue, weekday_name};
use crate::store::{Bye, Fixture, FixtureVenue, Player, Team};

/// A competition or season named in another record.
#[derive(Debug, Serialize, ToSchema)]
pub struct NamedRef {
    pub id: i64,
    pub name: String,
}

impl NamedRef {
    pub fn new(id: i64, name: String) -> Self {
        Self { id, name }
    }
}

/// A team named in another record.
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamRef {
    pub id: i64,
    pub name: String,
}

/// Where a fixture is played: the home team's pub when the fixtures were made.
#[derive(Debug, Serialize, ToSchema)]
pub struct FixtureVenueView {
    pub name: String,
    /// Lines separated by `\n`.
    pub address: String,
}

impl From<&FixtureVenue> for FixtureVenueView {
    fn from(venue: &FixtureVenue) -> Self {
        Self {
            name: venue.name.clone(),
            address: venue.address.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FixtureView {
    pub id: i64,
    pub division_id: i64,
    /// Counted from 1; a moved fixture keeps its round.
    pub round: u32,
    pub date: NaiveDate,
    /// When it starts, hours and minutes in the league's time zone: its own time, or else its
    /// season's usual one; null when neither is known.
    #[schema(example = "20:00")]
    pub start_time: Option<String>,
    pub home: TeamRef,
    pub away: TeamRef,
    /// Null when the home team had no pub when the fixtures were made.
    pub venue: Option<FixtureVenueView>,
    /// One of scheduled, postponed, awaiting_confirmation, disputed, confirmed, walkover.
    #[schema(example = "scheduled")]
    pub status: &'static str,
}

impl From<&Fixture> for FixtureView {
    fn from(fixture: &Fixture) -> Self {
        Self {
            id: fixture.id.0,
            division_id: fixture.division_id.0,
            round: fixture.round,
            date: fixture.date,
            start_time: fixture
                .start_time
                .map(|time| time.format("%H:%M").to_string()),
            home: TeamRef {
                id: fixture.home_team_id.0,
                name: fixture.home_team.clone(),
            },
            away: TeamRef {
                id: fixture.away_team_id.0,
                name: fixture.away_team.clone(),
            },
            venue: fixture.venue.as_ref().map(FixtureVenueView::from),
            status: fixture.status.as_str(),
        }
    }
}

/// A team sitting a round out.
#[derive(Debug, Serialize, ToSchema)]
pub struct ByeView {
    pub round: u32,
    pub team: TeamRef,
}

impl From<&Bye> for ByeView {
    fn from(bye: &Bye) -> Self {
        Self {
            round: bye.round,
            team: TeamRef {
                id: bye.team_id.0,
                name: bye.team.clone(),
            },
        }
    }
}

/// A division's (or a team's) fixtures, by date, and the byes, by round.
#[derive(Debug, Serialize, ToSchema)]
pub struct FixturesView {
    pub fixtures: Vec<FixtureView>,
    pub byes: Vec<ByeView>,
}

/// A team's pub.
#[derive(Debug, Serialize, ToSchema)]
pub struct VenueView {
    pub name: String,
    /// Lines separated by `\n`.
    pub address: String,
    /// The night the team prefers to play, such as "Tuesday"; null for the league's night.
    pub night: Option<&'static str>,
}

impl From<&Venue> for VenueView {
    fn from(venue: &Venue) -> Self {
        Self {
            name: venue.name.as_str().to_string(),
            address: venue.address.as_str().to_string(),
            night: venue.night.map(weekday_name),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerView {
    pub id: i64,
    pub name: String,
}

impl From<&Player> for PlayerView {
    fn from(player: &Player) -> Self {
        Self {
            id: player.id.0,
            name: player.name.clone(),
        }
    }
}

/// A team as a list shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamSummary {
    pub id: i64,
    pub name: String,
}

impl From<&Team> for TeamSummary {
    fn from(team: &Team) -> Self {
        Self {
            id: team.id.0,
            name: team.name.clone(),
        }
    }
}
