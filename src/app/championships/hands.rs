//! A table's games played hand by hand through its link: each hand checked by the rules at
//! once as part of its game in play, kept once however often it is sent (its key), a game over
//! as soon as a side reaches its target, and the table's result entered by itself when its
//! games decide it, with nothing typed again. The last hand of a game in play can be taken back.

use super::*;
use crate::domain::championship::play::{HandPlace, TableInPlay, table_in_play};
use crate::domain::hand_lines::parse_table_hand_lines;
use crate::store::{HandKept, NewHand};
use fives_rules::record::HandRecord;

/// The longest idempotency key a hand may carry.
pub const MAX_HAND_KEY: usize = 64;

/// A hand as a phone at the table sends it.
#[derive(Debug, Clone)]
pub struct HandAtTable {
    /// Chosen by the phone, the same for every resend of this hand.
    pub key: String,
    /// Where the phone believes the hand goes.
    pub place: HandTarget,
    pub hand: HandRecord,
}

/// Where a hand sent from a phone goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandTarget {
    /// At this place: refused if another hand got there first.
    At(HandPlace),
    /// Right after the hand with this key, which must be the table's last: in its game, or the
    /// first of the next game if that hand ended one. A phone that kept hands while it had no
    /// signal sends them so, each after the one before, without judging where a game ended.
    After(String),
}

/// A table with its games as they stand.
#[derive(Debug, Clone)]
pub struct PlayingTable {
    pub place: TablePlace,
    pub play: TableInPlay,
}

/// A hand typed as a line, as players say it: each side's points in order ("10 5"), pegs after
/// a bar if kept. `sides` names the sides, for the words of a refusal.
pub fn hand_of_line(
    place: &TablePlace,
    line: &str,
    sides: &[String],
) -> Result<HandRecord, AppError> {
    let seats = place.seat_players.iter().map(Vec::len).sum::<usize>();
    one_hand_of_line(line, seats, sides)
}

/// One hand typed as a line ("10 5"), for `seats` players in `sides` (named as the players
/// see them): the one reading of a hand's line, at a table and at a league fixture alike.
pub(crate) fn one_hand_of_line(
    line: &str,
    seats: usize,
    sides: &[String],
) -> Result<HandRecord, AppError> {
    match parse_table_hand_lines(line, seats, sides.len()) {
        Ok(hands) if hands.len() == 1 => Ok(hands.into_iter().next().expect("one hand")),
        Ok(_) => Err(AppError::invalid(
            Field::Games,
            format!(
                "Hand not kept: write one hand, each side's points in order ({}), such as 10 5.",
                sides.join(", then ")
            ),
        )),
        Err(errors) => Err(AppError::invalid(
            Field::Games,
            format!(
                "Hand not kept: {}",
                errors
                    .into_iter()
                    .map(|error| error.message)
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        )),
    }
}

/// The table of `link` with its games so far.
pub async fn playing_table(store: &dyn Store, link: &str) -> Result<PlayingTable, AppError> {
    let place = table_of_link(store, link).await?;
    playing(store, place).await
}

async fn playing(store: &dyn Store, place: TablePlace) -> Result<PlayingTable, AppError> {
    let kept = store.table_hands(place.table.id).await?;
    let play = state_of(&place, &games_of(&kept))
        .map_err(|problems| AppError::Internal(anyhow::anyhow!("kept hands: {problems:?}")))?;
    Ok(PlayingTable { place, play })
}

/// The games of `table` as they stand, each checked by the rules as a game in play, with its
/// running totals as the rules count them: what the live feed says of a table's hands. `None`
/// for a table no longer there.
pub(crate) async fn games_in_play(
    store: &dyn Store,
    table: TableId,
) -> Result<Option<TableInPlay>, AppError> {
    let Some((championship, _)) = store.table(table).await? else {
        return Ok(None);
    };
    let Some(found) = store.championship(championship).await? else {
        return Ok(None);
    };
    let Some(organisation) = store.organisation(found.organisation_id).await? else {
        return Ok(None);
    };
    let view = view_of(store, organisation, found.id).await?;
    let place = with_players(store, place_of(view, table)?).await?;
    Ok(Some(playing(store, place).await?.play))
}

/// The kept hands as games, each in order.
pub(super) fn games_of(kept: &[crate::store::KeptHand]) -> Vec<Vec<HandRecord>> {
    let mut games: Vec<Vec<HandRecord>> = Vec::new();
    for hand in kept {
        let game = hand.game as usize;
        if games.len() < game {
            games.resize(game, Vec::new());
        }
        games[game - 1].push(hand.record.clone());
    }
    games
}

fn state_of(
    place: &TablePlace,
    games: &[Vec<HandRecord>],
) -> Result<TableInPlay, Vec<ResultError>> {
    let championship = &place.view.championship;
    table_in_play(
        &championship.ruleset,
        &championship.format,
        &place.seat_players,
        games,
    )
}

/// Enters a hand at the table of `link`; answers the table as it stands after it.
pub async fn enter_hand(
    store: &dyn Store,
    link: &str,
    entry: HandAtTable,
    at: DateTime<Utc>,
) -> Result<PlayingTable, AppError> {
    let key = entry.key.trim();
    if key.is_empty() || key.chars().count() > MAX_HAND_KEY {
        return Err(AppError::invalid(
            Field::SubmissionKey,
            format!("A hand's key is 1 to {MAX_HAND_KEY} characters, the same for each resend."),
        ));
    }
    let place = table_of_link(store, link).await?;
    if place.view.championship.format.entrants == EntrantKind::Teams {
        return Err(AppError::invalid(
            Field::Games,
            "A team event's table is a team match: enter its games on the result form.",
        ));
    }
    let kept = store.table_hands(place.table.id).await?;
    if kept.iter().any(|hand| hand.key == key) {
        return playing(store, place).await;
    }
    let mut games = games_of(&kept);
    let now = state_of(&place, &games)
        .map_err(|problems| AppError::Internal(anyhow::anyhow!("kept hands: {problems:?}")))?;
    if place.table.status != TableStatus::Waiting {
        return Err(AppError::Conflict(Conflict::TableHasResult));
    }
    let Some(next) = now.next_hand() else {
        return Err(AppError::Conflict(Conflict::TableHasResult));
    };
    let fits = match &entry.place {
        HandTarget::At(place) => *place == next,
        HandTarget::After(before) => match kept.iter().position(|hand| hand.key == *before) {
            None => return Err(AppError::Conflict(Conflict::HandBeforeMissing)),
            Some(at) => at + 1 == kept.len(),
        },
    };
    if !fits {
        return Err(AppError::Conflict(Conflict::HandPlaceTaken));
    }
    let game = next.game as usize;
    if games.len() < game {
        games.push(Vec::new());
    }
    games[game - 1].push(entry.hand.clone());
    let after = state_of(&place, &games).map_err(table_problems)?;
    let kept_now = store
        .add_table_hand(&NewHand {
            table: place.table.id,
            game: next.game,
            hand: next.hand,
            record: &entry.hand,
            key,
            at,
        })
        .await
        .map_err(hand_refused)?;
    if kept_now == HandKept::Kept && after.over {
        // The games decide the table: they are its result, entered as from the table's page.
        let games = after
            .finished_games()
            .into_iter()
            .map(TableGameEntry::Hands)
            .collect();
        match enter_result_by_link(store, link, place.table.version, TableGames::Played(games))
            .await
        {
            Ok(_) | Err(AppError::Conflict(_)) => {}
            Err(error) => return Err(error),
        }
    }
    playing_table(store, link).await
}

/// Takes back the last hand, at `place`, of the game in play at the table of `link`.
pub async fn undo_hand(
    store: &dyn Store,
    link: &str,
    place: HandPlace,
) -> Result<PlayingTable, AppError> {
    let table = playing_table(store, link).await?;
    if table.play.last_hand_undoable() != Some(place) {
        return Err(AppError::Conflict(Conflict::HandNotLast));
    }
    store
        .remove_table_hand(table.place.table.id, place.game, place.hand)
        .await
        .map_err(hand_refused)?;
    playing_table(store, link).await
}

fn hand_refused(error: StoreError) -> AppError {
    match error {
        StoreError::TableHasResult => AppError::Conflict(Conflict::TableHasResult),
        StoreError::HandNotLast => AppError::Conflict(Conflict::HandNotLast),
        StoreError::HandPlaceTaken => AppError::Conflict(Conflict::HandPlaceTaken),
        error => error.into(),
    }
}
