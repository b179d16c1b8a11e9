//! Championships, round by round: an organiser makes one, enters its entrants, pairs each
//! round with the engine, looks at it (swapping two entrants if need be) and publishes it; a
//! table's result comes from the organiser or from a player at the table through the table's
//! link; the organiser confirms or corrects it; anyone reads the rounds, the standings and the
//! event document they come from.
//!
//! The rounds are paired and ranked only through the event document
//! (`domain::championship::event`), so what is published can be checked by anyone with
//! `fives pair` and `fives standings`.
//!
//! The use cases are here, and beside them how a player reaches a table's page (`reaching`: its
//! link, its code, their name); what they share sits beside them too: the view everything
//! reads (`view`), the pairing, links and codes of a round (`rounds`) and a table's place and
//! checks (`tables`). The use-case table reads this file and its folder as one.

use chrono::{DateTime, NaiveDate, Utc};
use fives_pairing::document::EventSpec;
use fives_pairing::event::Event;
use fives_pairing::standings::{Standing, standings};
use fives_rules::RulesetSpec;

use super::{AppError, Conflict, Field, Problem, Who, lookup, require};
use crate::domain::authorisation::Permission;
use crate::domain::championship::edits::{EditWarning, PairingEdit, edit_round};
use crate::domain::championship::entrants::{EntryLine, MAX_ENTRANTS, MAX_RATING, pair_name};
use crate::domain::championship::event::{
    EntrantLine, RoundLine, Stage, TableLine, event_document,
};
use crate::domain::championship::rounds::{
    NoRound, RoundPreview, StageState, check_round, next_round,
};
use crate::domain::championship::table::{
    TableGameEntry, check_table, check_team_table, table_ruleset_problems,
};
use crate::domain::championship::table_code::TableCode;
use crate::domain::championship::{ChampionshipFormat, EntrantKind};
use crate::domain::entry_level::EntryLevel;
use crate::domain::ids::{ChampionshipId, EntrantId, TableId};
use crate::domain::login_throttle;
use crate::domain::match_result::{GameSheet, ResultError, SquadMember};
use crate::domain::organisation::{DisplayName, NamedThing};
use crate::secret_key::SecretKey;
use crate::store::{
    Championship, Entrant, EntrantPlayer, LinkedTable, NewChampionship, NewEntrant, NewRound,
    NewTable, Organisation, Round, Store, StoreError, Table, TableChange, TableEvent, TableResult,
    TableStatus,
};
use crate::token::SecretToken;

mod desk;
mod hands;
mod reaching;
mod rounds;
mod screen;
mod tables;
mod view;

pub use desk::*;
pub use hands::*;
pub use reaching::*;
pub use rounds::*;
pub use screen::*;
pub use tables::*;
pub use view::*;

/// The longest venue: a pub's or hall's name and address.
pub const MAX_VENUE_CHARS: usize = 300;
/// The longest event: a festival of a week or so.
pub const MAX_DAYS: i64 = 14;
/// The longest reason for a correction.
pub const MAX_REASON_CHARS: usize = 500;

/// A championship as the organiser describes it, its format already checked.
#[derive(Debug, Clone)]
pub struct ChampionshipInput {
    pub name: DisplayName,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub venue: String,
    pub ruleset: RulesetSpec,
    pub format: ChampionshipFormat,
}

/// Makes a championship of the organisation.
pub async fn create_championship(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    input: ChampionshipInput,
) -> Result<(Organisation, Championship), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let mut problems = Vec::new();
    if input.ends_on < input.starts_on {
        problems.push(Problem::new(
            Field::Date,
            "The last day is before the first; give the first day, then the last.",
        ));
    } else if (input.ends_on - input.starts_on).num_days() >= MAX_DAYS {
        problems.push(Problem::new(
            Field::Date,
            format!("A championship lasts at most {MAX_DAYS} days."),
        ));
    }
    for problem in table_ruleset_problems(&input.ruleset, &input.format) {
        let field = if problem.is_about_the_target() {
            Field::RulesetTarget
        } else {
            Field::Ruleset
        };
        problems.push(Problem::new(field, problem.to_string()));
    }
    let venue = input.venue.trim().to_string();
    if venue.chars().count() > MAX_VENUE_CHARS {
        problems.push(Problem::new(
            Field::Venue,
            format!("The venue is at most {MAX_VENUE_CHARS} characters long."),
        ));
    }
    if !problems.is_empty() {
        return Err(AppError::Invalid(problems));
    }
    let made = store
        .create_championship(&NewChampionship {
            organisation: organisation.id,
            name: input.name.clone(),
            starts_on: input.starts_on,
            ends_on: input.ends_on,
            venue,
            ruleset: input.ruleset,
            format: input.format,
            created_at: Utc::now(),
        })
        .await
        .map_err(|error| {
            AppError::name_refused(
                error,
                NamedThing::Championship,
                input.name.as_str(),
                &organisation,
            )
        })?;
    Ok((organisation, made))
}

/// The organisation's championships, the latest first: for anyone.
pub async fn championships(
    store: &dyn Store,
    slug: &str,
) -> Result<(Organisation, Vec<Championship>), AppError> {
    let organisation = lookup::organisation(store, slug).await?;
    let list = store.championships_of(organisation.id).await?;
    Ok((organisation, list))
}

/// A championship of the organisation, for anyone.
pub async fn championship(
    store: &dyn Store,
    slug: &str,
    id: ChampionshipId,
) -> Result<ChampionshipView, AppError> {
    let organisation = lookup::organisation(store, slug).await?;
    view_of(store, organisation, id).await
}

/// A championship seeded by rating takes, for each entrant entered without a rating, its
/// players' current rating in the league's pool of the championship's game family (a pair's,
/// the mean of its rated players'). An entrant with no rated player keeps 0, seeded after the
/// rated. `entrants` are made from `lines`, one each, in order.
async fn rate_unrated_entrants(
    store: &dyn Store,
    view: &ChampionshipView,
    lines: &[EntryLine],
    entrants: &mut [NewEntrant],
) -> Result<(), AppError> {
    if lines.iter().all(|line| line.rating.is_some()) {
        return Ok(());
    }
    let ratings = super::ratings::current_ratings(
        store,
        &view.organisation,
        view.championship.ruleset.preset,
    )
    .await?;
    for (line, entrant) in lines.iter().zip(entrants.iter_mut()) {
        if line.rating.is_some() {
            continue;
        }
        let rated: Vec<i64> = [&entrant.player, &entrant.partner]
            .into_iter()
            .flatten()
            .filter_map(|player| match player {
                EntrantPlayer::Kept(id) => ratings.get(id).copied(),
                EntrantPlayer::New(_) => None,
            })
            .collect();
        if let Some(rating) = super::ratings::entrant_rating(&rated) {
            entrant.rating = rating.clamp(0, MAX_RATING);
        }
    }
    Ok(())
}

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
    if matches!(
        view.championship.format.seeding,
        fives_pairing::document::Seeding::Rating
    ) {
        rate_unrated_entrants(store, &view, &lines, &mut entrants).await?;
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

/// The next round as the engine pairs it, with the organiser's edits made in order and what
/// they break.
#[derive(Debug, Clone)]
pub struct Preview {
    pub view: ChampionshipView,
    pub round: RoundPreview,
    /// What the edits break that the engine's pairing kept, for the organiser to accept.
    pub warnings: Vec<EditWarning>,
    /// The round differs from the engine's pairing.
    pub edited: bool,
    /// Why the edited round cannot be published as it stands (a table of the wrong size).
    pub problem: Option<String>,
}

/// Pairs the next round without publishing it: the organiser's look before publishing.
pub async fn preview_round(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    edits: &[PairingEdit],
) -> Result<Preview, AppError> {
    let view = organised(store, who, slug, id).await?;
    paired(view, edits)
}

/// A published round, with each table's link for its card.
#[derive(Debug, Clone)]
pub struct Published {
    pub view: ChampionshipView,
    pub round: Round,
    /// By table number.
    pub links: Vec<SecretToken>,
    pub warnings: Vec<EditWarning>,
}

/// What the organiser publishes: the edits made to the engine's pairing, the tables they saw
/// (entrant names in order) when given, and whether they accept what the edits break.
#[derive(Debug, Clone, Default)]
pub struct Publication<'a> {
    pub edits: &'a [PairingEdit],
    pub seen: Option<&'a [Vec<String>]>,
    pub warnings_accepted: bool,
}

/// Pairs the next round, makes the edits, and publishes it when it is the round the organiser
/// saw: otherwise nothing is published and the organiser is told to look again. A round whose
/// edits break a rule of the pairing is published only when the organiser accepts that.
pub async fn publish_round(
    store: &dyn Store,
    key: &SecretKey,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    publication: Publication<'_>,
) -> Result<Published, AppError> {
    let view = organised(store, who, slug, id).await?;
    let by = who
        .map(|actor| actor.user.id)
        .ok_or(AppError::NotSignedIn)?;
    let Preview {
        view,
        round,
        warnings,
        edited,
        problem,
    } = paired(view, publication.edits)?;
    if publication
        .seen
        .is_some_and(|tables| tables != round.tables.as_slice())
    {
        return Err(AppError::Conflict(Conflict::PairingChanged));
    }
    if let Some(problem) = problem {
        return Err(AppError::invalid(Field::Whole, problem));
    }
    if !warnings.is_empty() && !publication.warnings_accepted {
        return Err(AppError::Conflict(Conflict::EditWarningsNotAccepted(
            warnings.iter().map(ToString::to_string).collect(),
        )));
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
        edited,
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

/// A table of a championship the organiser organises.
pub async fn organised_table(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    table: TableId,
) -> Result<TablePlace, AppError> {
    let view = organised(store, who, slug, id).await?;
    with_players(store, place_of(view, table)?).await
}

/// The log of the championship's table results, oldest first, with who acted: its organisers'
/// to read, beside the championship's page they already hold (`view`).
pub async fn table_log(
    store: &dyn Store,
    who: Who<'_>,
    view: &ChampionshipView,
) -> Result<Vec<TableEvent>, AppError> {
    require(who, Permission::Organise(view.organisation.id))?;
    Ok(store.table_events(view.championship.id).await?)
}

/// A player at the table enters its result through the table's link, until the organiser
/// confirms it.
pub async fn enter_result_by_link(
    store: &dyn Store,
    link: &str,
    from_version: u32,
    games: TableGames,
) -> Result<TablePlace, AppError> {
    let place = table_of_link(store, link).await?;
    let result = checked_result(&place, games)?;
    let change = TableChange {
        table: place.table.id,
        from_version,
        by: None,
        at: Utc::now(),
        reason: None,
    };
    let table = store
        .enter_table_result(&change, &result)
        .await
        .map_err(table_refused)?;
    Ok(TablePlace { table, ..place })
}

/// A table's result as the organiser enters it.
#[derive(Debug, Clone)]
pub struct OrganiserEntry {
    /// The version of the table the organiser saw.
    pub from_version: u32,
    /// Each game's hands, or a team match's games.
    pub games: TableGames,
    /// Why a confirmed result is corrected.
    pub reason: Option<String>,
}

/// The organiser enters a table's result, confirmed at once; a confirmed one is corrected,
/// with the reason kept in the log.
pub async fn enter_result_as_organiser(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    table: TableId,
    entry: OrganiserEntry,
) -> Result<TablePlace, AppError> {
    let place = organised_table(store, who, slug, id, table).await?;
    let OrganiserEntry {
        from_version,
        games,
        reason,
    } = entry;
    let reason = reason
        .as_deref()
        .map(str::trim)
        .filter(|reason| !reason.is_empty());
    if reason.is_some_and(|reason| reason.chars().count() > MAX_REASON_CHARS) {
        return Err(AppError::invalid(
            Field::Reason,
            format!("A reason is at most {MAX_REASON_CHARS} characters long."),
        ));
    }
    if place.table.status == TableStatus::Confirmed && reason.is_none() {
        return Err(AppError::invalid(
            Field::Reason,
            "This table's result is confirmed: say why it is corrected; the reason is kept with it.",
        ));
    }
    let result = checked_result(&place, games)?;
    let change = TableChange {
        table,
        from_version,
        by: who.map(|actor| actor.user.id),
        at: Utc::now(),
        reason,
    };
    let table = store
        .correct_table_result(&change, &result)
        .await
        .map_err(table_refused)?;
    Ok(TablePlace { table, ..place })
}

/// The organiser confirms a result entered at the table.
pub async fn confirm_table_result(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
    table: TableId,
    from_version: u32,
) -> Result<TablePlace, AppError> {
    let place = organised_table(store, who, slug, id, table).await?;
    let change = TableChange {
        table,
        from_version,
        by: who.map(|actor| actor.user.id),
        at: Utc::now(),
        reason: None,
    };
    let table = store
        .confirm_table_result(&change)
        .await
        .map_err(table_refused)?;
    Ok(TablePlace { table, ..place })
}
