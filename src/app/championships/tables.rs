//! A table's result: entered by a player through the table's link or by the organiser, then
//! confirmed or corrected by the organiser.

use chrono::Utc;
use fives_rules::record::HandRecord;

use crate::app::{AppError, Conflict, Field, Problem, Who};
use crate::domain::championship::EntrantKind;
use crate::domain::championship::event::Stage;
use crate::domain::championship::table::{check_table, check_team_table};
use crate::domain::ids::{ChampionshipId, TableId};
use crate::domain::match_result::{GameSheet, ResultError, SquadMember};
use crate::store::{Entrant, Store, StoreError, Table, TableChange, TableResult, TableStatus};
use crate::token::SecretToken;

use super::view::*;

/// The longest reason for a correction.
pub const MAX_REASON_CHARS: usize = 500;

/// A table with its championship and the entrants at it.
#[derive(Debug, Clone)]
pub struct TablePlace {
    pub view: ChampionshipView,
    pub stage: Stage,
    pub round: u32,
    pub table: Table,
    /// The names the game records give each seat, in seat order: a player's, a pair's two
    /// players (partners), a team's name.
    pub seat_players: Vec<Vec<String>>,
    /// At a team event's table, each team's squad in seat order, by name: who may play its
    /// games. Empty at other tables.
    pub squads: Vec<Vec<SquadMember>>,
}

/// A table's games as entered: each game's hands, or at a team event's table each game of the
/// team match with who played it.
#[derive(Debug, Clone)]
pub enum TableGames {
    Hands(Vec<Vec<HandRecord>>),
    TeamMatch(Vec<GameSheet>),
}

impl TablePlace {
    /// The entrants at the table, in seat order.
    pub fn seats(&self) -> Vec<&Entrant> {
        self.table
            .seats
            .iter()
            .filter_map(|&id| self.view.entrant(id))
            .collect()
    }
}

fn place_of(view: ChampionshipView, table: TableId) -> Result<TablePlace, AppError> {
    let found = view.rounds.iter().find_map(|round| {
        round
            .tables
            .iter()
            .find(|t| t.id == table)
            .map(|t| (round.stage, round.number, t.clone()))
    });
    let (stage, round, table) = found.ok_or_else(|| {
        AppError::not_found(format_args!("table {table} in {}", view.championship.name))
    })?;
    Ok(TablePlace {
        view,
        stage,
        round,
        table,
        seat_players: Vec::new(),
        squads: Vec::new(),
    })
}

/// The place with who sits at it: each seat's players and, at a team event's table, the
/// teams' squads, for choosing and checking who played.
async fn with_players(store: &dyn Store, mut place: TablePlace) -> Result<TablePlace, AppError> {
    let mut seat_players = Vec::new();
    for entrant in place.seats() {
        seat_players.push(players_at_seat(store, entrant).await?);
    }
    place.seat_players = seat_players;
    if place.view.championship.format.entrants != EntrantKind::Teams {
        return Ok(place);
    }
    let mut squads = Vec::new();
    for entrant in place.seats() {
        let team = entrant.team.ok_or_else(|| {
            AppError::Internal(anyhow::anyhow!("team entrant {} names no team", entrant.id))
        })?;
        let mut players = store.squad_of(team).await?;
        players.sort_by(|a, b| a.name.cmp(&b.name));
        squads.push(players.into_iter().map(SquadMember::from).collect());
    }
    place.squads = squads;
    Ok(place)
}

/// The table a link opens, for whoever holds the link.
pub async fn table_of_link(store: &dyn Store, link: &str) -> Result<TablePlace, AppError> {
    let gone = || {
        AppError::Gone(
            "This table link is not known; ask the organiser for the table's card.".into(),
        )
    };
    let token = SecretToken::parse(link).ok_or_else(gone)?;
    let linked = store
        .table_by_link(&token.digest())
        .await?
        .ok_or_else(gone)?;
    let championship = store
        .championship(linked.championship)
        .await?
        .ok_or_else(gone)?;
    let organisation = store
        .organisation(championship.organisation_id)
        .await?
        .ok_or_else(gone)?;
    let view = view_of(store, organisation, championship.id).await?;
    with_players(store, place_of(view, linked.table.id)?).await
}

/// A table of a championship the organiser organises.
pub async fn organised_table(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    table: TableId,
) -> Result<TablePlace, AppError> {
    let view = organised(store, who, slug, id).await?;
    with_players(store, place_of(view, table)?).await
}

/// Each problem of a table's games as the use cases name it: at its game and hand.
fn table_problems(problems: Vec<ResultError>) -> AppError {
    AppError::Invalid(
        problems
            .into_iter()
            .map(|problem| {
                let field = match problem.game {
                    Some(game) => Field::Game {
                        game,
                        hand: problem.hand,
                    },
                    None => Field::Games,
                };
                Problem::new(field, problem.message)
            })
            .collect(),
    )
}

/// Checks a table's games under the championship's rules and works out what the table gives
/// each seat: every problem named at its game and hand. A team event's table is a team match,
/// checked as a league's fixture against the teams' squads.
fn checked_result(place: &TablePlace, games: TableGames) -> Result<TableResult, AppError> {
    let championship = &place.view.championship;
    let teams = championship.format.entrants == EntrantKind::Teams;
    let games = match (games, teams) {
        (TableGames::TeamMatch(games), true) => return checked_team_match(place, games),
        (TableGames::Hands(games), false) => games,
        (TableGames::Hands(_), true) => {
            return Err(AppError::invalid(
                Field::Games,
                "A team event's table is a team match: enter each game with the players who \
                 played it for each team.",
            ));
        }
        (TableGames::TeamMatch(_), false) => {
            return Err(AppError::invalid(
                Field::Games,
                "This table is not a team match: enter each game's hands.",
            ));
        }
    };
    if games.is_empty() {
        return Err(AppError::invalid(
            Field::Games,
            "Enter the table's games, each with its hands.",
        ));
    }
    let limit = championship
        .format
        .table_play
        .most_games(championship.format.seating.sides());
    if games.len() > limit as usize {
        return Err(AppError::invalid(
            Field::Games,
            format!(
                "This table plays at most {limit} games; {} are entered.",
                games.len()
            ),
        ));
    }
    let sheet = serde_json::to_string(&serde_json::json!({ "games": &games }))
        .map_err(|error| AppError::Internal(error.into()))?;
    let (_, outcome) = check_table(
        &championship.ruleset,
        &championship.format,
        &place.seat_players,
        games,
    )
    .map_err(table_problems)?;
    Ok(TableResult { sheet, outcome })
}

/// A team match's games, checked against the squads of the teams at the table.
fn checked_team_match(place: &TablePlace, games: Vec<GameSheet>) -> Result<TableResult, AppError> {
    let championship = &place.view.championship;
    let (Some(home), Some(away)) = (place.squads.first(), place.squads.get(1)) else {
        return Err(AppError::Internal(anyhow::anyhow!(
            "table {} of a team event has no squads",
            place.table.id
        )));
    };
    let sheet = serde_json::to_string(&serde_json::json!({ "games": &games }))
        .map_err(|error| AppError::Internal(error.into()))?;
    let (_, outcome) = check_team_table(
        &championship.ruleset,
        &championship.format,
        [home, away],
        &games,
    )
    .map_err(table_problems)?;
    Ok(TableResult { sheet, outcome })
}

/// The names the game records give an entrant's seat: a pair's two players, or its name.
async fn players_at_seat(store: &dyn Store, entrant: &Entrant) -> Result<Vec<String>, AppError> {
    let (Some(player), Some(partner)) = (entrant.player, entrant.partner) else {
        return Ok(vec![entrant.name.clone()]);
    };
    let mut names = Vec::new();
    for id in [player, partner] {
        let found = store.player(id).await?.ok_or_else(|| {
            AppError::Internal(anyhow::anyhow!(
                "entrant {} names no player {id}",
                entrant.id
            ))
        })?;
        names.push(found.name);
    }
    Ok(names)
}

fn table_refused(error: StoreError) -> AppError {
    match error {
        StoreError::TableConfirmed => AppError::Conflict(Conflict::TableConfirmed),
        StoreError::ResultChanged => AppError::Conflict(Conflict::ResultChanged),
        StoreError::NoTableResult => AppError::Conflict(Conflict::NoTableResult),
        error => error.into(),
    }
}

/// A player at the table enters its result through the table's link, until the organiser
/// confirms it.
pub async fn enter_result_by_link(
    store: &dyn Store,
    link: &str,
    from_version: u32,
    games: TableGames,
) -> Result<TablePlace, AppError> {
    let place = table_of_link(store, link).await?;
    let result = checked_result(&place, games)?;
    let change = TableChange {
        table: place.table.id,
        from_version,
        by: None,
        at: Utc::now(),
        reason: None,
    };
    let table = store
        .enter_table_result(&change, &result)
        .await
        .map_err(table_refused)?;
    Ok(TablePlace { table, ..place })
}

/// A table's result as the organiser enters it.
#[derive(Debug, Clone)]
pub struct OrganiserEntry {
    /// The version of the table the organiser saw.
    pub from_version: u32,
    /// Each game's hands, or a team match's games.
    pub games: TableGames,
    /// Why a confirmed result is corrected.
    pub reason: Option<String>,
}

/// The organiser enters a table's result, confirmed at once; a confirmed one is corrected,
/// with the reason kept in the log.
pub async fn enter_result_as_organiser(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    table: TableId,
    entry: OrganiserEntry,
) -> Result<TablePlace, AppError> {
    let place = organised_table(store, who, slug, id, table).await?;
    let OrganiserEntry {
        from_version,
        games,
        reason,
    } = entry;
    let reason = reason
        .as_deref()
        .map(str::trim)
        .filter(|reason| !reason.is_empty());
    if reason.is_some_and(|reason| reason.chars().count() > MAX_REASON_CHARS) {
        return Err(AppError::invalid(
            Field::Reason,
            format!("A reason is at most {MAX_REASON_CHARS} characters long."),
        ));
    }
    if place.table.status == TableStatus::Confirmed && reason.is_none() {
        return Err(AppError::invalid(
            Field::Reason,
            "This table's result is confirmed: say why it is corrected; the reason is kept with it.",
        ));
    }
    let result = checked_result(&place, games)?;
    let change = TableChange {
        table,
        from_version,
        by: who.map(|actor| actor.user.id),
        at: Utc::now(),
        reason,
    };
    let table = store
        .correct_table_result(&change, &result)
        .await
        .map_err(table_refused)?;
    Ok(TablePlace { table, ..place })
}

/// The organiser confirms a result entered at the table.
pub async fn confirm_table_result(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    table: TableId,
    from_version: u32,
) -> Result<TablePlace, AppError> {
    let place = organised_table(store, who, slug, id, table).await?;
    let change = TableChange {
        table,
        from_version,
        by: who.map(|actor| actor.user.id),
        at: Utc::now(),
        reason: None,
    };
    let table = store
        .confirm_table_result(&change)
        .await
        .map_err(table_refused)?;
    Ok(TablePlace { table, ..place })
}
