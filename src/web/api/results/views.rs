//! What the API answers about a fixture's result: its score, each game with its players,
//! hands and totals, its versions and its audit log, in the shapes the OpenAPI document names.

use super::super::error::ApiError;
use super::super::views::{PlayerView, TeamRef};
use crate::app::fixture_squads::FixtureSquads;
use crate::app::lookup::FixturePlace;
use crate::app::results::{HistoryLine, Part};
use crate::domain::game_check::side_points;
use crate::domain::ids::PlayerId;
use crate::domain::match_format::{FixtureScore, LegKind, Side};
use crate::domain::match_result::{GameOutcome, ResultSheet, game_record, game_slots};
use crate::store::{ResultAction, Store, StoredResult, VersionScore};
use chrono::{DateTime, Utc};
use fives_rules::record::{CheckReport, HandRecord};
use serde::Serialize;
use utoipa::ToSchema;

// ---------------------------------------------------------------------------------------------
// What is answered.

/// The games each side won; a walkover counts as the match format's walkover score.
#[derive(Debug, Serialize, ToSchema)]
pub struct ScoreView {
    pub home_games: u32,
    pub away_games: u32,
    /// The side that did not turn up, for a walkover; null otherwise.
    pub walkover_conceded_by: Option<Side>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GameTotals {
    pub home: i64,
    pub away: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GameView {
    /// From 1.
    pub number: u32,
    pub kind: LegKind,
    pub target: u32,
    pub home: Vec<PlayerView>,
    pub away: Vec<PlayerView>,
    /// The side that gave the game up unplayed; null for a game played.
    pub conceded_by: Option<Side>,
    /// The hands as submitted, as game-record hands (home is side 0); empty for a game given
    /// by its final score alone.
    #[schema(value_type = Vec<Object>)]
    pub hands: Vec<HandRecord>,
    /// Each side's points over the game.
    pub totals: GameTotals,
    pub winner: Side,
    /// The game as a whole game record (seats named by the players, home in seats 0 and 2),
    /// for a game played hand by hand; null for one conceded or given by its final score.
    #[schema(value_type = Option<Object>)]
    pub record: Option<serde_json::Value>,
}

/// A fixture's result as it stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct ResultView {
    pub fixture_id: i64,
    /// Names this version: a confirmation or dispute sends it back.
    pub version_id: i64,
    /// 1 as first submitted, one more for each correction and for a submission after one was
    /// withdrawn.
    pub version: u32,
    /// The fixture's status: awaiting_confirmation, disputed, confirmed or walkover.
    #[schema(example = "awaiting_confirmation")]
    pub status: &'static str,
    pub home: TeamRef,
    pub away: TeamRef,
    pub score: ScoreView,
    /// The team whose captain submitted this version; null when the league entered it.
    pub submitted_for: Option<TeamRef>,
    pub submitted_at: DateTime<Utc>,
    /// Empty for a walkover.
    pub games: Vec<GameView>,
}

/// A version of a result as the history names it.
#[derive(Debug, Serialize, ToSchema)]
pub struct VersionScoreView {
    pub version: u32,
    pub score: ScoreView,
}

/// One line of a result's history.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventView {
    pub at: DateTime<Utc>,
    #[schema(example = "submitted")]
    /// submitted, confirmed, disputed, corrected, withdrawn or amended.
    pub action: &'static str,
    /// Who acted, by their part in the fixture: "captain of Anchor" or "the league".
    pub by: String,
    /// Their email address: shown to the organisation's organisers only, null otherwise.
    pub by_email: Option<String>,
    /// For a correction or an amendment, the version it replaced.
    pub before: Option<VersionScoreView>,
    pub after: VersionScoreView,
    pub reason: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Showing a result.

pub(super) fn score_view(score: FixtureScore, place: &FixturePlace) -> ScoreView {
    let (home_games, away_games) = place.competition.match_format.games(score);
    ScoreView {
        home_games,
        away_games,
        walkover_conceded_by: match score {
            FixtureScore::Walkover { conceded_by } => Some(conceded_by),
            FixtureScore::Played { .. } => None,
        },
    }
}

pub(super) fn team_ref(place: &FixturePlace, side: Side) -> TeamRef {
    let fixture = &place.fixture;
    match side {
        Side::Home => TeamRef {
            id: fixture.home_team_id.0,
            name: fixture.home_team.clone(),
        },
        Side::Away => TeamRef {
            id: fixture.away_team_id.0,
            name: fixture.away_team.clone(),
        },
    }
}

/// A player's name: from the squads, else (a player since moved on) from the store.
pub(super) async fn players(
    store: &dyn Store,
    squads: &FixtureSquads,
    ids: &[PlayerId],
) -> Result<Vec<PlayerView>, ApiError> {
    let mut views = Vec::with_capacity(ids.len());
    for id in ids {
        let known = squads.find(*id).map(str::to_string);
        let name = match known {
            Some(name) => name,
            None => store
                .player(*id)
                .await?
                .map_or_else(|| format!("player {id}"), |player| player.name),
        };
        views.push(PlayerView { id: id.0, name });
    }
    Ok(views)
}

pub(super) async fn game_views(
    store: &dyn Store,
    place: &FixturePlace,
    squads: &FixtureSquads,
    sheet: &ResultSheet,
) -> Result<Vec<GameView>, ApiError> {
    let ResultSheet::Played { games } = sheet else {
        return Ok(Vec::new());
    };
    let slots = game_slots(&place.competition.match_format);
    let mut views = Vec::with_capacity(games.len());
    for ((game, leg), number) in games.iter().zip(&slots).zip(1..) {
        let home = players(store, squads, &game.home).await?;
        let away = players(store, squads, &game.away).await?;
        let names = |players: &[PlayerView]| -> Vec<String> {
            players.iter().map(|player| player.name.clone()).collect()
        };
        let view = match &game.outcome {
            GameOutcome::ConcededBy(side) => GameView {
                number,
                kind: leg.kind,
                target: leg.target,
                home,
                away,
                conceded_by: Some(*side),
                hands: Vec::new(),
                totals: GameTotals { home: 0, away: 0 },
                winner: side.other(),
                record: None,
            },
            GameOutcome::FinalScore {
                home: points_home,
                away: points_away,
            } => GameView {
                number,
                kind: leg.kind,
                target: leg.target,
                home,
                away,
                conceded_by: None,
                hands: Vec::new(),
                totals: GameTotals {
                    home: *points_home,
                    away: *points_away,
                },
                winner: if points_away > points_home {
                    Side::Away
                } else {
                    Side::Home
                },
                record: None,
            },
            GameOutcome::Hands(hands) => {
                let mut record = game_record(
                    &place.competition.ruleset,
                    leg,
                    &names(&home),
                    &names(&away),
                    hands.clone(),
                );
                let record_json = serde_json::to_value(&record)
                    .map_err(|error| anyhow::anyhow!("a game record: {error}"))?;
                record.complete = Some(false);
                let (totals, winner) = match fives_rules::record::check(&record) {
                    CheckReport::Valid(checked) => {
                        let points = |side: usize| side_points(&checked, side);
                        let totals = GameTotals {
                            home: points(0),
                            away: points(1),
                        };
                        let winner = match checked.winner {
                            Some(1) => Side::Away,
                            Some(_) => Side::Home,
                            None if totals.away > totals.home => Side::Away,
                            None => Side::Home,
                        };
                        (totals, winner)
                    }
                    // A kept result was checked when it came in; should the rules ever read it
                    // differently, its written scores still say how the game went.
                    _ => {
                        let points = |side: usize| -> i64 {
                            hands
                                .iter()
                                .filter_map(|hand| hand.score.as_ref()?.get(side).copied())
                                .sum()
                        };
                        let totals = GameTotals {
                            home: points(0),
                            away: points(1),
                        };
                        let winner = if totals.away > totals.home {
                            Side::Away
                        } else {
                            Side::Home
                        };
                        (totals, winner)
                    }
                };
                GameView {
                    number,
                    kind: leg.kind,
                    target: leg.target,
                    home,
                    away,
                    conceded_by: None,
                    hands: hands.clone(),
                    totals,
                    winner,
                    record: Some(record_json),
                }
            }
        };
        views.push(view);
    }
    Ok(views)
}

pub(super) async fn result_view(
    store: &dyn Store,
    place: &FixturePlace,
    result: &StoredResult,
) -> Result<ResultView, ApiError> {
    // The fixture as it stands now: a submission or an answer changes its status.
    let fixture = store
        .fixture(place.fixture.id)
        .await?
        .unwrap_or_else(|| place.fixture.clone());
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let submitted_for = result.for_team.map(|team| {
        if team == place.fixture.home_team_id {
            team_ref(place, Side::Home)
        } else {
            team_ref(place, Side::Away)
        }
    });
    Ok(ResultView {
        fixture_id: place.fixture.id.0,
        version_id: result.id,
        version: result.version,
        status: fixture.status.as_str(),
        home: team_ref(place, Side::Home),
        away: team_ref(place, Side::Away),
        score: score_view(result.score, place),
        submitted_for,
        submitted_at: result.submitted_at,
        games: game_views(store, place, &squads, &result.sheet).await?,
    })
}

pub(super) fn version_view(version: &VersionScore, place: &FixturePlace) -> VersionScoreView {
    VersionScoreView {
        version: version.version,
        score: score_view(version.score, place),
    }
}

pub(super) fn event_views(place: &FixturePlace, history: Vec<HistoryLine>) -> Vec<EventView> {
    history
        .into_iter()
        .map(|line| {
            // As on the result page: who acted by their part; addresses are the organisers'.
            let by = match line.part {
                Part::CaptainOf(Side::Home) => format!("captain of {}", place.fixture.home_team),
                Part::CaptainOf(Side::Away) => format!("captain of {}", place.fixture.away_team),
                Part::League => "the league".to_string(),
            };
            let event = line.event;
            EventView {
                at: event.at,
                action: match event.action {
                    ResultAction::Submitted => "submitted",
                    ResultAction::Confirmed => "confirmed",
                    ResultAction::Disputed => "disputed",
                    ResultAction::Corrected => "corrected",
                    ResultAction::Withdrawn => "withdrawn",
                    ResultAction::Amended => "amended",
                },
                by,
                by_email: line.email,
                before: event.before.as_ref().map(|v| version_view(v, place)),
                after: version_view(&event.after, place),
                reason: event.reason,
            }
        })
        .collect()
}
// ---------------------------------------------------------------------------------------------
// The endpoints.
