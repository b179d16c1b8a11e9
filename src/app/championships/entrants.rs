//! An organiser enters a championship's entrants (all or none), changes one (checked in, seed,
//! withdrawn) or removes one entered by mistake.

use chrono::Utc;

use crate::app::{AppError, Conflict, Field, Problem, Who};
use crate::domain::championship::EntrantKind;
use crate::domain::championship::entrants::{EntryLine, MAX_ENTRANTS, MAX_RATING, pair_name};
use crate::domain::championship::event::Stage;
use crate::domain::ids::{ChampionshipId, EntrantId};
use crate::domain::organisation::DisplayName;
use crate::store::{Entrant, EntrantPlayer, NewEntrant, Organisation, Store, StoreError};

use super::view::*;

/// Enters entrants after those entered, all or none. A player is the organisation's player
/// of that name (made when there is none); a pair is two of them; a team one of its teams.
pub async fn add_entrants(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    lines: Vec<EntryLine>,
) -> Result<Vec<Entrant>, AppError> {
    let view = organised(store, who, slug, id).await?;
    let kind = view.championship.format.entrants;
    let mut problems = Vec::new();
    let knockout_started = view.current_stage() == Stage::KnockoutAfterSwiss;
    if !view.rounds.is_empty()
        && !view
            .championship
            .format
            .stages
            .takes_late_entries(knockout_started)
    {
        return Err(AppError::Conflict(Conflict::DrawAlreadyMade));
    }
    if lines.is_empty() {
        problems.push(Problem::new(Field::List, "Give at least one entrant."));
    }
    for line in &lines {
        let at = Field::Line(line.line);
        if line.rating.is_some_and(|r| !(0..=MAX_RATING).contains(&r)) {
            problems.push(Problem::new(
                at.clone(),
                format!("A rating is a whole number from 0 to {MAX_RATING}."),
            ));
        }
        match (kind, &line.partner) {
            (EntrantKind::Pairs, None) => problems.push(Problem::new(
                at,
                "A pairs event needs each entrant's two players, as name and partner.",
            )),
            (EntrantKind::Players | EntrantKind::Teams, Some(_)) => problems.push(Problem::new(
                at,
                "Only a pairs event takes a partner; give one name a line.",
            )),
            _ => {}
        }
    }
    if !problems.is_empty() {
        return Err(AppError::Invalid(problems));
    }
    let mut entrants = Vec::with_capacity(lines.len());
    match kind {
        EntrantKind::Teams => {
            let teams = store.teams_in(view.organisation.id).await?;
            for line in &lines {
                let Some(team) = teams.iter().find(|team| team.name == line.name.as_str()) else {
                    problems.push(Problem::new(
                        Field::Line(line.line),
                        format!(
                            "{} has no team called {}; make the team first.",
                            view.organisation.name,
                            line.name.as_str()
                        ),
                    ));
                    continue;
                };
                entrants.push(NewEntrant {
                    name: line.name.clone(),
                    player: None,
                    partner: None,
                    team: Some(team.id),
                    rating: line.rating.unwrap_or(0),
                });
            }
        }
        EntrantKind::Players | EntrantKind::Pairs => {
            let players = store.players_of(view.organisation.id).await?;
            for line in &lines {
                let mut found = Vec::new();
                for name in std::iter::once(&line.name).chain(&line.partner) {
                    match player_called(&view.organisation, &players, name) {
                        Ok(player) => found.push(player),
                        Err(message) => {
                            problems.push(Problem::new(Field::Line(line.line), message))
                        }
                    }
                }
                if found.len() != 1 + usize::from(line.partner.is_some()) {
                    continue;
                }
                let name = match &line.partner {
                    Some(partner) => {
                        let shown = pair_name(line.name.as_str(), partner.as_str());
                        match DisplayName::try_from(shown.as_str()) {
                            Ok(name) => name,
                            Err(error) => {
                                problems
                                    .push(Problem::new(Field::Line(line.line), error.to_string()));
                                continue;
                            }
                        }
                    }
                    None => line.name.clone(),
                };
                entrants.push(NewEntrant {
                    name,
                    player: found.first().cloned(),
                    partner: found.get(1).cloned(),
                    team: None,
                    rating: line.rating.unwrap_or(0),
                });
            }
        }
    }
    if !problems.is_empty() {
        return Err(AppError::Invalid(problems));
    }
    match store
        .add_entrants(id, &entrants, MAX_ENTRANTS, view.rounds.len(), Utc::now())
        .await
    {
        Ok(added) => Ok(added),
        Err(StoreError::RoundChanged) => Err(AppError::Conflict(Conflict::RoundPublishedMeanwhile)),
        // Entrants are made from the lines in order, one each, so an entrant's place is its
        // line's.
        Err(StoreError::EntrantPlayersLookAlike(look_alikes)) => Err(AppError::Invalid(
            look_alikes
                .into_iter()
                .map(|(index, name, existing)| {
                    let line = lines.get(index).map_or(index + 1, |line| line.line);
                    Problem::new(
                        Field::Line(line),
                        format!(
                            "{name} looks the same as {existing}, a player of {}; write it as that player's name is written.",
                            view.organisation.name
                        ),
                    )
                })
                .collect(),
        )),
        Err(StoreError::EntrantNameTaken(name)) => Err(AppError::Conflict(Conflict::Taken {
            field: Field::List,
            message: format!("{name} is already entered in {}.", view.championship.name),
        })),
        Err(StoreError::TooManyEntrants { limit, would_hold }) => Err(AppError::invalid(
            Field::List,
            format!("A championship takes at most {limit} entrants; this would make {would_hold}."),
        )),
        Err(error) => Err(error.into()),
    }
}

/// The organisation's player called `name`, or a new one of that name when it has none (made
/// with the entrants, so that a list refused makes nobody): one player, one record.
fn player_called(
    organisation: &Organisation,
    players: &[crate::store::Player],
    name: &DisplayName,
) -> Result<EntrantPlayer, String> {
    let same: Vec<_> = players
        .iter()
        .filter(|player| player.name == name.as_str())
        .collect();
    match same.as_slice() {
        [player] => Ok(EntrantPlayer::Kept(player.id)),
        [] => Ok(EntrantPlayer::New(name.clone())),
        several => Err(format!(
            "{} has {} players called {}; enter this one on the championship's page, where each is shown with their teams.",
            organisation.name,
            several.len(),
            name.as_str()
        )),
    }
}

/// What an organiser changes of an entrant; what is `None` stays as it is.
#[derive(Debug, Clone, Default)]
pub struct EntrantChange {
    pub checked_in: Option<bool>,
    /// `Some(None)` takes a seed away.
    pub seed: Option<Option<u32>>,
    /// Withdrawn from the next round on, or back in.
    pub withdrawn: Option<bool>,
}

/// Checks an entrant in or out, seeds it, or withdraws it (from the next round of the main
/// stage on) or takes it back.
pub async fn change_entrant(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    entrant: EntrantId,
    change: EntrantChange,
) -> Result<Entrant, AppError> {
    let view = organised(store, who, slug, id).await?;
    let found = view
        .entrant(entrant)
        .ok_or_else(|| {
            AppError::not_found(format_args!(
                "entrant {entrant} in {}",
                view.championship.name
            ))
        })?
        .clone();
    if let Some(Some(seed)) = change.seed
        && !(1..=MAX_ENTRANTS as u32).contains(&seed)
    {
        return Err(AppError::invalid(
            Field::Seed,
            format!("A seed is a whole number from 1 to {MAX_ENTRANTS}."),
        ));
    }
    if let Some(checked_in) = change.checked_in {
        store.set_checked_in(entrant, checked_in).await?;
    }
    if let Some(seed) = change.seed {
        match store.set_seed(entrant, seed).await {
            Err(StoreError::SeedTaken(seed)) => {
                return Err(AppError::Conflict(Conflict::Taken {
                    field: Field::Seed,
                    message: format!("Another entrant already has seed {seed}."),
                }));
            }
            other => other?,
        }
    }
    if let Some(withdrawn) = change.withdrawn {
        let played = view.rounds_of(Stage::Main).count() as u32;
        let after = withdrawn.then(|| found.withdrawn_after.unwrap_or(played));
        match store.set_withdrawn(entrant, after, view.rounds.len()).await {
            Err(StoreError::RoundChanged) => {
                return Err(AppError::Conflict(Conflict::RoundPublishedMeanwhile));
            }
            other => other?,
        }
    }
    let entrants = store.entrants(id).await?;
    entrants
        .into_iter()
        .find(|e| e.id == entrant)
        .ok_or_else(|| AppError::not_found(format_args!("entrant {entrant}")))
}

/// Removes an entrant entered by mistake, before it has played.
pub async fn remove_entrant(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    entrant: EntrantId,
) -> Result<Entrant, AppError> {
    let view = organised(store, who, slug, id).await?;
    let found = view
        .entrant(entrant)
        .ok_or_else(|| {
            AppError::not_found(format_args!(
                "entrant {entrant} in {}",
                view.championship.name
            ))
        })?
        .clone();
    match store.remove_entrant(entrant).await {
        Ok(()) => Ok(found),
        Err(StoreError::EntrantHasPlayed) => Err(AppError::Conflict(Conflict::EntrantHasPlayed {
            name: found.name.clone(),
        })),
        Err(error) => Err(error.into()),
    }
}
