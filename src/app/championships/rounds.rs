//! A round as the engine pairs it with the organiser's swaps made, and the signed links and
//! short codes of its tables.

use super::*;

pub(super) fn paired(
    view: ChampionshipView,
    swaps: &[(String, String)],
) -> Result<Preview, AppError> {
    if swaps.len() > MAX_SWAPS {
        return Err(AppError::invalid(
            Field::Whole,
            format!("At most {MAX_SWAPS} swaps are made in one round."),
        ));
    }
    let format = &view.championship.format;
    let stage = view.current_stage();
    let state = view.stage_state(stage, true);
    let mut round = next_round(format, &state).map_err(no_round)?;
    let earlier = if round.stage == stage {
        state.rounds.clone()
    } else {
        Vec::new()
    };
    let mut warnings = Vec::new();
    for (first, second) in swaps {
        let (swapped, found) = swap(format, &round, &earlier, first, second)
            .map_err(|refusal| AppError::invalid(Field::Whole, refusal.to_string()))?;
        round = swapped;
        warnings.extend(found);
    }
    Ok(Preview {
        view,
        round,
        warnings,
    })
}

pub(super) fn no_round(reason: NoRound) -> AppError {
    AppError::Conflict(Conflict::NoRound(reason))
}

/// The link of table `table` of round `round` of a stage: the server key's signature of where
/// the table is, so that the organiser can print its card again at any time while the store
/// keeps only its digest.
pub fn table_link(
    key: &SecretKey,
    championship: ChampionshipId,
    stage: Stage,
    round: u32,
    table: u32,
) -> SecretToken {
    let stage = stage.name();
    let signature = key.sign(
        "championship-table",
        &format!("{championship}:{stage}:{round}:{table}"),
    );
    SecretToken::parse(&signature).expect("a signature is a token's 64 hexadecimal digits")
}

/// The links of a published round's tables, by table number, for its cards.
pub fn round_links(
    key: &SecretKey,
    championship: ChampionshipId,
    round: &Round,
) -> Vec<SecretToken> {
    round
        .tables
        .iter()
        .map(|table| table_link(key, championship, round.stage, round.number, table.number))
        .collect()
}

/// The short code of table `table` of round `round` of a stage, for its card: signed with its
/// own purpose, so that the code tells nothing of the link.
pub fn table_code(
    key: &SecretKey,
    championship: ChampionshipId,
    stage: Stage,
    round: u32,
    table: u32,
) -> TableCode {
    let stage = stage.name();
    let signature = key.sign(
        "championship-table-code",
        &format!("{championship}:{stage}:{round}:{table}"),
    );
    TableCode::from_signature(table, &signature)
}

/// The codes of a published round's tables, by table number, for its cards.
pub fn round_codes(key: &SecretKey, championship: ChampionshipId, round: &Round) -> Vec<TableCode> {
    round
        .tables
        .iter()
        .map(|table| table_code(key, championship, round.stage, round.number, table.number))
        .collect()
}
