//! A round as the engine pairs it with the organiser's edits made, and the signed links and
//! short codes of its tables.

use super::*;

pub(super) fn paired(view: ChampionshipView, edits: &[PairingEdit]) -> Result<Preview, AppError> {
    let format = &view.championship.format;
    let stage = view.current_stage();
    let state = view.stage_state(stage, true);
    let engine = next_round(format, &state).map_err(no_round)?;
    let earlier = if engine.stage == stage {
        state.rounds.clone()
    } else {
        Vec::new()
    };
    let (round, warnings) = edit_round(format, &engine, &earlier, edits)
        .map_err(|refused| AppError::invalid(Field::Whole, refused.to_string()))?;
    let edited = round.tables != engine.tables || round.byes != engine.byes;
    let problem = if edited {
        check_round(format, &state, &round).err().map(|reason| {
            format!("The round cannot be published as it stands: {reason}. Change it again, or start from the engine's pairing.")
        })
    } else {
        None
    };
    Ok(Preview {
        view,
        round,
        warnings,
        edited,
        problem,
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
