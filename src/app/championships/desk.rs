//! The organiser's desk on the day: everyone checked in at once, and a round's entered tables
//! confirmed at once, each as the organiser saw it.

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
