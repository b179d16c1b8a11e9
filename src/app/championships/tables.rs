//! A table where its result is entered (its championship, round and seats), and a result checked
//! against what the table plays before it is kept.

use super::*;

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

/// A table's games as entered: each game's hands or final score, or at a team event's table
/// each game of the team match with who played it.
#[derive(Debug, Clone)]
pub enum TableGames {
    Played(Vec<TableGameEntry>),
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

pub(super) fn place_of(view: ChampionshipView, table: TableId) -> Result<TablePlace, AppError> {
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
pub(super) async fn with_players(
    store: &dyn Store,
    mut place: TablePlace,
) -> Result<TablePlace, AppError> {
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

/// Each problem of a table's games as the use cases name it: at its game and hand.
pub(super) fn table_problems(problems: Vec<ResultError>) -> AppError {
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
pub(super) fn checked_result(
    place: &TablePlace,
    games: TableGames,
) -> Result<TableResult, AppError> {
    let championship = &place.view.championship;
    let teams = championship.format.entrants == EntrantKind::Teams;
    let games = match (games, teams) {
        (TableGames::TeamMatch(games), true) => return checked_team_match(place, games),
        (TableGames::Played(games), false) => games,
        (TableGames::Played(_), true) => {
            return Err(AppError::invalid(
                Field::Games,
                "A team event's table is a team match: enter each game with the players who \
                 played it for each team.",
            ));
        }
        (TableGames::TeamMatch(_), false) => {
            return Err(AppError::invalid(
                Field::Games,
                "This table is not a team match: enter each game's own score.",
            ));
        }
    };
    if games.is_empty() {
        return Err(AppError::invalid(
            Field::Games,
            match championship.format.entry_level {
                EntryLevel::Final => "Enter the table's games, each with its final score.",
                EntryLevel::Hands | EntryLevel::Pegs => {
                    "Enter the table's games, each with its hands."
                }
            },
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
pub(super) fn checked_team_match(
    place: &TablePlace,
    games: Vec<GameSheet>,
) -> Result<TableResult, AppError> {
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
pub(super) async fn players_at_seat(
    store: &dyn Store,
    entrant: &Entrant,
) -> Result<Vec<String>, AppError> {
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

pub(super) fn table_refused(error: StoreError) -> AppError {
    match error {
        StoreError::TableConfirmed => AppError::Conflict(Conflict::TableConfirmed),
        StoreError::ResultChanged => AppError::Conflict(Conflict::ResultChanged),
        StoreError::NoTableResult => AppError::Conflict(Conflict::NoTableResult),
        error => error.into(),
    }
}
