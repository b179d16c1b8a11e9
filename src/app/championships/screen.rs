//! The room's screen: the championship as it stands, with the round in play's tables as they
//! play, hand by hand, each game's running totals checked by the rules as a game in play.

use std::collections::HashMap;

use super::*;
use crate::domain::championship::play::{TableInPlay, table_in_play};
use crate::store::KeptHand;

/// What the room's screen shows.
pub struct RoomScreen {
    pub view: ChampionshipView,
    /// The tables of the round in play that have hands and no result yet, as they stand.
    pub in_play: HashMap<TableId, TableInPlay>,
}

/// The championship for the room's screen, read by anyone.
pub async fn room_screen(
    store: &dyn Store,
    slug: &str,
    id: ChampionshipId,
) -> Result<RoomScreen, AppError> {
    let view = championship(store, slug, id).await?;
    let mut in_play = HashMap::new();
    let Some(round) = latest_round(&view.rounds) else {
        return Ok(RoomScreen { view, in_play });
    };
    let mut by_table: HashMap<TableId, Vec<KeptHand>> = HashMap::new();
    for (table, hand) in store.round_hands(round.id).await? {
        by_table.entry(table).or_default().push(hand);
    }
    let championship = &view.championship;
    for table in &round.tables {
        let Some(kept) = by_table.get(&table.id) else {
            continue;
        };
        if table.status != TableStatus::Waiting {
            continue;
        }
        let mut seat_players = Vec::new();
        for entrant in table.seats.iter().filter_map(|&id| view.entrant(id)) {
            seat_players.push(players_at_seat(store, entrant).await?);
        }
        let play = table_in_play(
            &championship.ruleset,
            &championship.format,
            &seat_players,
            &games_of(kept),
        )
        .map_err(|problems| AppError::Internal(anyhow::anyhow!("kept hands: {problems:?}")))?;
        in_play.insert(table.id, play);
    }
    Ok(RoomScreen { view, in_play })
}
