//! The organiser's desk on the day: everyone checked in at once, a round's entered tables
//! confirmed at once, each as the organiser saw it, and the round's clock, seen on the room's
//! screen.

use super::*;

/// The most tables one confirmation confirms: a round of the largest field.
pub const MAX_CONFIRMED_AT_ONCE: usize = MAX_ENTRANTS;

/// Checks in every entrant not yet checked in and not withdrawn; how many it did.
pub async fn check_in_all(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
) -> Result<u32, AppError> {
    organised(store, who, slug, id).await?;
    Ok(store.check_in_all(id).await?)
}

/// A table's result as the organiser saw it entered: the table, at its version then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeenTable {
    pub table: TableId,
    pub version: u32,
}

/// Confirms every table the organiser saw entered, each at the version seen, all or none: a
/// table changed since (entered again, or confirmed by another organiser) keeps every one
/// unconfirmed, and the organiser looks again.
pub async fn confirm_entered_tables(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    seen: &[SeenTable],
) -> Result<usize, AppError> {
    let view = organised(store, who, slug, id).await?;
    if seen.is_empty() {
        return Err(AppError::invalid(
            Field::Whole,
            "No entered table was chosen to confirm.",
        ));
    }
    if seen.len() > MAX_CONFIRMED_AT_ONCE {
        return Err(AppError::invalid(
            Field::Whole,
            format!("At most {MAX_CONFIRMED_AT_ONCE} tables are confirmed at once."),
        ));
    }
    let in_championship = |table: TableId| {
        view.rounds
            .iter()
            .flat_map(|round| &round.tables)
            .any(|t| t.id == table)
    };
    if let Some(stranger) = seen.iter().find(|seen| !in_championship(seen.table)) {
        return Err(AppError::not_found(format_args!(
            "table {} in {}",
            stranger.table, view.championship.name
        )));
    }
    let at = Utc::now();
    let by = who.map(|actor| actor.user.id);
    let changes: Vec<TableChange<'_>> = seen
        .iter()
        .map(|seen| TableChange {
            table: seen.table,
            from_version: seen.version,
            by,
            at,
            reason: None,
        })
        .collect();
    store
        .confirm_table_results(&changes)
        .await
        .map_err(table_refused)?;
    Ok(changes.len())
}

/// The longest round clock, in minutes: a long round of best of five.
pub const MAX_CLOCK_MINUTES: u32 = 240;

/// Starts the clock of the championship's latest round, to run out `minutes` from `now`
/// (started again if it ran), or stops it (`None`). Answers when it runs out.
pub async fn set_round_clock(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    minutes: Option<u32>,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, AppError> {
    let view = organised(store, who, slug, id).await?;
    if let Some(minutes) = minutes
        && !(1..=MAX_CLOCK_MINUTES).contains(&minutes)
    {
        return Err(AppError::invalid(
            Field::ClockMinutes,
            format!("A round's clock runs 1 to {MAX_CLOCK_MINUTES} minutes."),
        ));
    }
    let Some(round) = latest_round(&view.rounds) else {
        return Err(AppError::invalid(
            Field::ClockMinutes,
            "A round's clock starts once the round is published.",
        ));
    };
    let ends_at = minutes.map(|minutes| now + chrono::Duration::minutes(i64::from(minutes)));
    store.set_round_clock(id, round.id, ends_at).await?;
    Ok(ends_at)
}

/// The round in play: the last published.
pub fn latest_round(rounds: &[Round]) -> Option<&Round> {
    rounds.iter().max_by_key(|round| round.published_at)
}
