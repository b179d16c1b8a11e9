//! How a player reaches their table's page: the card's link, its short code typed at `/t`, or
//! part of their name ("find my table").

use super::*;

/// How long after its round is published a table's code opens it: a championship weekend.
pub const TABLE_CODE_LIFETIME: chrono::Duration = chrono::Duration::days(4);
/// The shortest and longest part of a name "find my table" looks for.
pub const FIND_NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=60;
/// The most tables "find my table" answers with; more matches ask for more of the name.
pub const MAX_FOUND: usize = 6;

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

/// The link of the table whose code a player typed at `/t` (from `client`'s address), for a
/// table without a confirmed result in a round of the last few days. Each code that opens no
/// table counts against the address, which must then wait before trying again.
pub async fn table_of_code(
    store: &dyn Store,
    key: &SecretKey,
    client: &str,
    typed: &str,
) -> Result<SecretToken, AppError> {
    let code = TableCode::parse(typed)
        .map_err(|refusal| AppError::invalid(Field::TableCode, refusal.to_string()))?;
    let count = format!("table codes from {client}");
    let counted = store
        .count_login_attempt(
            &[(&count, login_throttle::TABLE_CODE_FROM_ADDRESS)],
            Utc::now(),
        )
        .await?;
    if let Err(wait) = counted {
        tracing::warn!(%client, "table code attempt throttled");
        return Err(AppError::Throttled(wait));
    }
    let open = store
        .unconfirmed_tables_numbered(code.table, Utc::now() - TABLE_CODE_LIFETIME)
        .await?;
    let found: Vec<&LinkedTable> = open
        .iter()
        .filter(|t| table_code(key, t.championship, t.stage, t.round, t.table.number) == code)
        .collect();
    match found.as_slice() {
        [table] => {
            store
                .uncount_login_attempt(&[count.as_str()], None, Utc::now())
                .await?;
            Ok(table_link(
                key,
                table.championship,
                table.stage,
                table.round,
                table.table.number,
            ))
        }
        [] => Err(AppError::invalid(
            Field::TableCode,
            format!(
                "No table waiting for its result has the code {code}. Check it against the \
                 card, or scan the card's QR code."
            ),
        )),
        _ => Err(AppError::invalid(
            Field::TableCode,
            format!(
                "More than one table has the code {code}: scan the card's QR code or open its \
                 link instead."
            ),
        )),
    }
}

/// A table "find my table" found: whose it is, where, and the link to enter its result.
#[derive(Debug, Clone)]
pub struct FoundTable {
    pub entrant: String,
    pub table: u32,
    /// Everyone at the table, in seat order.
    pub seats: Vec<String>,
    pub link: SecretToken,
}

/// What "find my table" answers.
#[derive(Debug, Clone)]
pub enum FindTable {
    /// The tables of the entrants whose name holds what was typed, in the round being played,
    /// while their table has no confirmed result.
    Found(Vec<FoundTable>),
    /// More entrants match than are shown: type more of the name.
    TooMany(usize),
}

/// Finds the table of the entrant whose name holds `typed` (any case) in the championship's
/// latest round, while the table waits for its confirmed result: a player without the card's
/// link or code reaches their table this way.
pub async fn find_table(
    store: &dyn Store,
    key: &SecretKey,
    slug: &str,
    id: ChampionshipId,
    typed: &str,
) -> Result<FindTable, AppError> {
    let typed = typed.trim();
    let length = typed.chars().count();
    if !FIND_NAME_CHARS.contains(&length) {
        return Err(AppError::invalid(
            Field::Name,
            format!(
                "Type between {} and {} letters of your name.",
                FIND_NAME_CHARS.start(),
                FIND_NAME_CHARS.end()
            ),
        ));
    }
    let view = championship(store, slug, id).await?;
    let Some(round) = view.rounds.last() else {
        return Ok(FindTable::Found(Vec::new()));
    };
    let wanted = typed.to_lowercase();
    let mut found = Vec::new();
    for table in round
        .tables
        .iter()
        .filter(|table| table.status != TableStatus::Confirmed)
    {
        for &seat in &table.seats {
            let Some(entrant) = view.entrant(seat) else {
                continue;
            };
            if entrant.name.to_lowercase().contains(&wanted) {
                found.push(FoundTable {
                    entrant: entrant.name.clone(),
                    table: table.number,
                    seats: table
                        .seats
                        .iter()
                        .filter_map(|&id| view.entrant(id).map(|e| e.name.clone()))
                        .collect(),
                    link: table_link(key, id, round.stage, round.number, table.number),
                });
            }
        }
    }
    if found.len() > MAX_FOUND {
        return Ok(FindTable::TooMany(found.len()));
    }
    found.sort_by(|a, b| a.entrant.cmp(&b.entrant));
    Ok(FindTable::Found(found))
}
