//! An organiser looks at the next round as the engine pairs it (swapping two entrants if need
//! be) and publishes it, with a signed link for each of its tables.

use chrono::Utc;

use crate::app::{AppError, Conflict, Field, Who};
use crate::domain::championship::event::Stage;
use crate::domain::championship::rounds::{NoRound, RoundPreview, SwapWarning, next_round, swap};
use crate::domain::ids::{ChampionshipId, EntrantId};
use crate::secret_key::SecretKey;
use crate::store::{NewRound, NewTable, Round, Store, StoreError};
use crate::token::SecretToken;

use super::view::*;

/// The most swaps an organiser makes in one preview.
pub const MAX_SWAPS: usize = 50;

/// The next round as the engine pairs it, with the organiser's swaps made in order and what
/// each breaks.
#[derive(Debug, Clone)]
pub struct Preview {
    pub view: ChampionshipView,
    pub round: RoundPreview,
    pub warnings: Vec<SwapWarning>,
}

/// Pairs the next round without publishing it: the organiser's look before publishing.
pub async fn preview_round(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    swaps: &[(String, String)],
) -> Result<Preview, AppError> {
    let view = organised(store, who, slug, id).await?;
    paired(view, swaps)
}

fn paired(view: ChampionshipView, swaps: &[(String, String)]) -> Result<Preview, AppError> {
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

fn no_round(reason: NoRound) -> AppError {
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

/// A published round, with each table's link for its card.
#[derive(Debug, Clone)]
pub struct Published {
    pub view: ChampionshipView,
    pub round: Round,
    /// By table number.
    pub links: Vec<SecretToken>,
    pub warnings: Vec<SwapWarning>,
}

/// Pairs the next round, makes the swaps, and publishes it when it is the round the organiser
/// saw (`seen`, its tables of entrant names in order, when given): otherwise nothing is
/// published and the organiser is told to look again.
pub async fn publish_round(
    store: &dyn Store,
    key: &SecretKey,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    swaps: &[(String, String)],
    seen: Option<&[Vec<String>]>,
) -> Result<Published, AppError> {
    let view = organised(store, who, slug, id).await?;
    let by = who
        .map(|actor| actor.user.id)
        .ok_or(AppError::NotSignedIn)?;
    let Preview {
        view,
        round,
        warnings,
    } = paired(view, swaps)?;
    if seen.is_some_and(|tables| tables != round.tables.as_slice()) {
        return Err(AppError::Conflict(Conflict::PairingChanged));
    }
    let ids = |names: &[String]| -> Result<Vec<EntrantId>, AppError> {
        names
            .iter()
            .map(|name| {
                view.id_of(name).ok_or_else(|| {
                    AppError::Internal(anyhow::anyhow!("the pairing names {name}, no entrant"))
                })
            })
            .collect()
    };
    let number = round.number as u32;
    let links: Vec<SecretToken> = (1..=round.tables.len() as u32)
        .map(|table| table_link(key, id, round.stage, number, table))
        .collect();
    let mut tables = Vec::with_capacity(round.tables.len());
    for (seats, link) in round.tables.iter().zip(&links) {
        tables.push(NewTable {
            seats: ids(seats)?,
            link: link.digest(),
        });
    }
    let first_of_main = round.stage == Stage::Main && round.number == 1;
    let absent = if first_of_main && view.check_in_used() {
        view.entrants
            .iter()
            .filter(|entrant| !entrant.checked_in && entrant.withdrawn_after.is_none())
            .map(|entrant| entrant.id)
            .collect()
    } else {
        Vec::new()
    };
    let new_round = NewRound {
        championship: id,
        stage: round.stage,
        number: round.number as u32,
        tables,
        byes: ids(&round.byes)?,
        stage_entrants: round
            .starts_stage_with
            .as_ref()
            .map(|lines| {
                let names: Vec<String> = lines.iter().map(|line| line.id.clone()).collect();
                ids(&names)
            })
            .transpose()?,
        absent,
        published_at: Utc::now(),
        published_by: by,
        entrants_seen: view.entrants.clone(),
    };
    let published = match store.publish_round(&new_round).await {
        Err(StoreError::RoundChanged) => {
            return Err(AppError::Conflict(Conflict::RoundPublishedByAnother));
        }
        Err(StoreError::EntrantsChanged) => {
            return Err(AppError::Conflict(Conflict::EntrantsChangedMeanwhile));
        }
        other => other?,
    };
    let view = view_of(store, view.organisation, id).await?;
    Ok(Published {
        view,
        round: published,
        links,
        warnings,
    })
}
