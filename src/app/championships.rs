//! Championships, round by round: an organiser makes one, enters its entrants, pairs each
//! round with the engine, looks at it (swapping two entrants if need be) and publishes it; a
//! table's result comes from the organiser or from a player at the table through the table's
//! link; the organiser confirms or corrects it; anyone reads the rounds, the standings and the
//! event document they come from.
//!
//! The rounds are paired and ranked only through the event document
//! (`domain::championship_event`), so what is published can be checked by anyone with
//! `fives pair` and `fives standings`.

use chrono::{DateTime, NaiveDate, Utc};
use fives_pairing::event::Event;
use fives_pairing::standings::{Standing, standings};
use fives_rules::RulesetSpec;
use fives_rules::record::HandRecord;

use super::{AppError, Conflict, Field, Problem, Who, lookup};
use crate::domain::championship::entrants::{EntryLine, MAX_ENTRANTS, MAX_RATING, pair_name};
use crate::domain::championship::event::{
    EntrantLine, RoundLine, Stage, TableLine, event_document,
};
use crate::domain::championship::rounds::{
    NoRound, RoundPreview, StageState, SwapWarning, next_round, swap,
};
use crate::domain::championship::table::{check_table, check_team_table, table_ruleset_problems};
use crate::domain::championship::{ChampionshipFormat, EntrantKind};
use crate::domain::ids::{ChampionshipId, EntrantId, TableId};
use crate::domain::match_result::{GameSheet, ResultError, SquadMember};
use crate::domain::organisation::{DisplayName, NamedThing};
use crate::secret_key::SecretKey;
use crate::store::{
    Championship, Entrant, EntrantPlayer, NewChampionship, NewEntrant, NewRound, NewTable,
    Organisation, Round, Store, StoreError, Table, TableChange, TableResult, TableStatus,
};
use crate::token::SecretToken;

/// The longest venue: a pub's or hall's name and address.
pub const MAX_VENUE_CHARS: usize = 300;
/// The longest event: a festival of a week or so.
pub const MAX_DAYS: i64 = 14;
/// The longest reason for a correction.
pub const MAX_REASON_CHARS: usize = 500;
/// The most swaps an organiser makes in one preview.
pub const MAX_SWAPS: usize = 50;

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

/// A championship with its entrants and published rounds, as everything else reads it.
#[derive(Debug, Clone)]
pub struct ChampionshipView {
    pub organisation: Organisation,
    pub championship: Championship,
    /// In entry order.
    pub entrants: Vec<Entrant>,
    /// The main stage's rounds first.
    pub rounds: Vec<Round>,
    /// When each table's confirmed result was corrected, in the order they were.
    pub corrections: Vec<(TableId, DateTime<Utc>)>,
}

impl ChampionshipView {
    pub fn entrant(&self, id: EntrantId) -> Option<&Entrant> {
        self.entrants.iter().find(|entrant| entrant.id == id)
    }

    fn name_of(&self, id: EntrantId) -> String {
        self.entrant(id)
            .map(|entrant| entrant.name.clone())
            .unwrap_or_else(|| format!("entrant {id}"))
    }

    fn id_of(&self, name: &str) -> Option<EntrantId> {
        self.entrants
            .iter()
            .find(|entrant| entrant.name == name)
            .map(|entrant| entrant.id)
    }

    /// Whether the organiser has started checking entrants in: then only those checked in
    /// are paired in the first round.
    fn check_in_used(&self) -> bool {
        self.entrants.iter().any(|entrant| entrant.checked_in)
    }

    fn rounds_of(&self, stage: Stage) -> impl Iterator<Item = &Round> {
        self.rounds.iter().filter(move |round| round.stage == stage)
    }

    /// The stage now being played: the knockout once its first round is published.
    pub fn current_stage(&self) -> Stage {
        if self.rounds_of(Stage::KnockoutAfterSwiss).next().is_some() {
            Stage::KnockoutAfterSwiss
        } else {
            Stage::Main
        }
    }

    /// The stage's entrants as the event document lists them: for the main stage every
    /// entrant, the seeded first in seed order, then the rest in entry order (absent ones
    /// withdrawn before the first round when `pairing_first_round`); for the knockout after a
    /// Swiss, those its first round started it with, in seed order.
    fn entrant_lines(&self, stage: Stage, pairing_first_round: bool) -> Vec<EntrantLine> {
        let line = |entrant: &Entrant| {
            let absent = pairing_first_round && self.check_in_used() && !entrant.checked_in;
            EntrantLine {
                id: entrant.name.clone(),
                rating: entrant.rating,
                withdrawn_after: entrant.withdrawn_after.or(absent.then_some(0)),
            }
        };
        match stage {
            Stage::Main => {
                let mut ordered: Vec<&Entrant> = self.entrants.iter().collect();
                ordered.sort_by_key(|entrant| (entrant.seed.is_none(), entrant.seed));
                ordered.into_iter().map(line).collect()
            }
            Stage::KnockoutAfterSwiss => self
                .rounds_of(Stage::KnockoutAfterSwiss)
                .next()
                .and_then(|first| first.stage_entrants.as_ref())
                .map(|ids| {
                    ids.iter()
                        .filter_map(|&id| self.entrant(id))
                        .map(|entrant| EntrantLine {
                            withdrawn_after: None,
                            ..line(entrant)
                        })
                        .collect()
                })
                .unwrap_or_default(),
        }
    }

    /// A stage's published rounds as the document has them; a table counts once its result
    /// is confirmed.
    fn round_lines(&self, stage: Stage) -> Vec<RoundLine> {
        self.rounds_of(stage)
            .map(|round| RoundLine {
                tables: round
                    .tables
                    .iter()
                    .map(|table| TableLine {
                        seats: table.seats.iter().map(|&id| self.name_of(id)).collect(),
                        outcome: (table.status == TableStatus::Confirmed)
                            .then(|| table.result.as_ref().map(|r| r.outcome.clone()))
                            .flatten(),
                    })
                    .collect(),
                byes: round.byes.iter().map(|&id| self.name_of(id)).collect(),
                paired_before_corrections: self.paired_before_corrections(round),
            })
            .collect()
    }

    /// The tables of rounds before `round` whose confirmed result was corrected after `round`
    /// was published, so after it was paired from them (`round 1, table 2`).
    pub fn paired_before_corrections(&self, round: &Round) -> Vec<String> {
        let mut named = Vec::new();
        for earlier in self
            .rounds
            .iter()
            .filter(|r| r.published_at < round.published_at)
        {
            for table in &earlier.tables {
                let corrected_since = self
                    .corrections
                    .iter()
                    .any(|(id, at)| *id == table.id && *at > round.published_at);
                if corrected_since {
                    named.push(format!(
                        "{}round {}, table {}",
                        match earlier.stage {
                            Stage::Main => "",
                            Stage::KnockoutAfterSwiss => "knockout ",
                        },
                        earlier.number,
                        table.number
                    ));
                }
            }
        }
        named
    }

    fn stage_state(&self, stage: Stage, pairing: bool) -> StageState {
        let rounds = self.round_lines(stage);
        StageState {
            stage,
            entrants: self.entrant_lines(stage, pairing && rounds.is_empty()),
            rounds,
        }
    }

    /// A stage's event document as published: what `fives standings` and `fives pair` read.
    pub fn event_document(&self, stage: Stage) -> serde_json::Value {
        let state = self.stage_state(stage, false);
        let mut format = self.championship.format.clone();
        if self.entrants.iter().any(|entrant| entrant.seed.is_some()) {
            // The organiser's seeds are the list's order.
            format.seeding = fives_pairing::document::Seeding::Entry;
        }
        event_document(&format, stage, &state.entrants, &state.rounds)
    }

    /// The standings of a stage after its confirmed results, with each tiebreak's value, as
    /// `fives standings` gives them for the event document; none while the stage has fewer
    /// than two entrants.
    pub fn standings(&self, stage: Stage) -> Result<Vec<StandingLine>, StandingsRefused> {
        let Some((event, table)) = self.ranked(stage)? else {
            return Ok(Vec::new());
        };
        Ok(table
            .into_iter()
            .map(|line| StandingLine {
                entrant: event.entrants[line.entrant].id.clone(),
                standing: line,
            })
            .collect())
    }
}

impl ChampionshipView {
    /// A stage's standings exactly as `fives standings` writes them for its event document
    /// (`{"standings": []}` while the stage has fewer than two entrants).
    pub fn standings_document(&self, stage: Stage) -> Result<serde_json::Value, StandingsRefused> {
        let text = match self.ranked(stage)? {
            Some((event, table)) => fives_pairing::output::standings_json(&event, &table),
            None => "{\"standings\": []}".to_string(),
        };
        serde_json::from_str(&text).map_err(|error| StandingsRefused(error.to_string()))
    }

    /// A stage's event, read back from its document as `fives standings` reads it, ranked;
    /// `None` before the stage has the two entrants an event needs.
    fn ranked(&self, stage: Stage) -> Result<Option<(Event, Vec<Standing>)>, StandingsRefused> {
        let document = self.event_document(stage);
        let entrants = document["entrants"].as_array().map_or(0, Vec::len);
        if entrants < 2 {
            return Ok(None);
        }
        let ranked = Event::parse(&document.to_string())
            .map_err(|error| error.to_string())
            .and_then(|event| {
                let table = standings(&event).map_err(|error| error.to_string())?;
                Ok((event, table))
            });
        match ranked {
            Ok(ranked) => Ok(Some(ranked)),
            // Before its first round a stage has no standings to speak of, and what the engine
            // refuses in its entrants (too few for its groups, say) the organiser is told when
            // pairing it.
            Err(_) if self.rounds_of(stage).next().is_none() => Ok(None),
            Err(reason) => Err(StandingsRefused(reason)),
        }
    }

    /// Why the engine refuses the championship's published event document, if it does: what
    /// its organiser is shown to put right.
    pub fn refusal(&self) -> Option<StandingsRefused> {
        self.stages()
            .into_iter()
            .find_map(|stage| self.ranked(stage).err())
    }

    /// The stages played so far: the main stage, and the knockout after a Swiss once begun.
    pub fn stages(&self) -> Vec<Stage> {
        match self.current_stage() {
            Stage::Main => vec![Stage::Main],
            Stage::KnockoutAfterSwiss => vec![Stage::Main, Stage::KnockoutAfterSwiss],
        }
    }
}

/// The engine refused a championship's published event document, so its standings cannot be
/// worked out. It should never happen (entries, withdrawals and publications are ordered by one
/// lock); if it does, the pages say so rather than fail, and the organiser's page says what the
/// engine names so that it can be put right.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct StandingsRefused(pub String);

/// A line of the standings: the entrant's name (its id in the document) and its place.
#[derive(Debug, Clone)]
pub struct StandingLine {
    pub entrant: String,
    pub standing: Standing,
}

async fn view_of(
    store: &dyn Store,
    organisation: Organisation,
    id: ChampionshipId,
) -> Result<ChampionshipView, AppError> {
    let championship = store
        .championship(id)
        .await?
        .filter(|championship| championship.organisation_id == organisation.id)
        .ok_or_else(|| {
            AppError::not_found(format_args!("championship {id} in {}", organisation.name))
        })?;
    let entrants = store.entrants(id).await?;
    let rounds = store.rounds(id).await?;
    let corrections = if rounds.len() > 1 {
        store.table_corrections(id).await?
    } else {
        Vec::new()
    };
    Ok(ChampionshipView {
        organisation,
        championship,
        entrants,
        rounds,
        corrections,
    })
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

/// A championship of an organisation `who` organises.
async fn organised(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
) -> Result<ChampionshipView, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    view_of(store, organisation, id).await
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

/// A table with its championship and the entrants at it.
#[derive(Debug, Clone)]
pub struct TablePlace {
    pub view: ChampionshipView,
    pub stage: Stage,
    pub round: u32,
    pub table: Table,
    /// The names the game records give each seat, in seat order: a player's, a pair's two
    /// players (partners), a team's name.
    pub seat_players: Vec<Vec<String>>,
    /// At a team event's table, each team's squad in seat order, by name: who may play its
    /// games. Empty at other tables.
    pub squads: Vec<Vec<SquadMember>>,
}

/// A table's games as entered: each game's hands, or at a team event's table each game of the
/// team match with who played it.
#[derive(Debug, Clone)]
pub enum TableGames {
    Hands(Vec<Vec<HandRecord>>),
    TeamMatch(Vec<GameSheet>),
}

impl TablePlace {
    /// The entrants at the table, in seat order.
    pub fn seats(&self) -> Vec<&Entrant> {
        self.table
            .seats
            .iter()
            .filter_map(|&id| self.view.entrant(id))
            .collect()
    }
}

fn place_of(view: ChampionshipView, table: TableId) -> Result<TablePlace, AppError> {
    let found = view.rounds.iter().find_map(|round| {
        round
            .tables
            .iter()
            .find(|t| t.id == table)
            .map(|t| (round.stage, round.number, t.clone()))
    });
    let (stage, round, table) = found.ok_or_else(|| {
        AppError::not_found(format_args!("table {table} in {}", view.championship.name))
    })?;
    Ok(TablePlace {
        view,
        stage,
        round,
        table,
        seat_players: Vec::new(),
        squads: Vec::new(),
    })
}

/// The place with who sits at it: each seat's players and, at a team event's table, the
/// teams' squads, for choosing and checking who played.
async fn with_players(store: &dyn Store, mut place: TablePlace) -> Result<TablePlace, AppError> {
    let mut seat_players = Vec::new();
    for entrant in place.seats() {
        seat_players.push(players_at_seat(store, entrant).await?);
    }
    place.seat_players = seat_players;
    if place.view.championship.format.entrants != EntrantKind::Teams {
        return Ok(place);
    }
    let mut squads = Vec::new();
    for entrant in place.seats() {
        let team = entrant.team.ok_or_else(|| {
            AppError::Internal(anyhow::anyhow!("team entrant {} names no team", entrant.id))
        })?;
        let mut players = store.squad_of(team).await?;
        players.sort_by(|a, b| a.name.cmp(&b.name));
        squads.push(players.into_iter().map(SquadMember::from).collect());
    }
    place.squads = squads;
    Ok(place)
}

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

/// Each problem of a table's games as the use cases name it: at its game and hand.
fn table_problems(problems: Vec<ResultError>) -> AppError {
    AppError::Invalid(
        problems
            .into_iter()
            .map(|problem| {
                let field = match problem.game {
                    Some(game) => Field::Game {
                        game,
                        hand: problem.hand,
                    },
                    None => Field::Games,
                };
                Problem::new(field, problem.message)
            })
            .collect(),
    )
}

/// Checks a table's games under the championship's rules and works out what the table gives
/// each seat: every problem named at its game and hand. A team event's table is a team match,
/// checked as a league's fixture against the teams' squads.
fn checked_result(place: &TablePlace, games: TableGames) -> Result<TableResult, AppError> {
    let championship = &place.view.championship;
    let teams = championship.format.entrants == EntrantKind::Teams;
    let games = match (games, teams) {
        (TableGames::TeamMatch(games), true) => return checked_team_match(place, games),
        (TableGames::Hands(games), false) => games,
        (TableGames::Hands(_), true) => {
            return Err(AppError::invalid(
                Field::Games,
                "A team event's table is a team match: enter each game with the players who \
                 played it for each team.",
            ));
        }
        (TableGames::TeamMatch(_), false) => {
            return Err(AppError::invalid(
                Field::Games,
                "This table is not a team match: enter each game's hands.",
            ));
        }
    };
    if games.is_empty() {
        return Err(AppError::invalid(
            Field::Games,
            "Enter the table's games, each with its hands.",
        ));
    }
    let limit = championship
        .format
        .table_play
        .most_games(championship.format.seating.sides());
    if games.len() > limit as usize {
        return Err(AppError::invalid(
            Field::Games,
            format!(
                "This table plays at most {limit} games; {} are entered.",
                games.len()
            ),
        ));
    }
    let sheet = serde_json::to_string(&serde_json::json!({ "games": &games }))
        .map_err(|error| AppError::Internal(error.into()))?;
    let (_, outcome) = check_table(
        &championship.ruleset,
        &championship.format,
        &place.seat_players,
        games,
    )
    .map_err(table_problems)?;
    Ok(TableResult { sheet, outcome })
}

/// A team match's games, checked against the squads of the teams at the table.
fn checked_team_match(place: &TablePlace, games: Vec<GameSheet>) -> Result<TableResult, AppError> {
    let championship = &place.view.championship;
    let (Some(home), Some(away)) = (place.squads.first(), place.squads.get(1)) else {
        return Err(AppError::Internal(anyhow::anyhow!(
            "table {} of a team event has no squads",
            place.table.id
        )));
    };
    let sheet = serde_json::to_string(&serde_json::json!({ "games": &games }))
        .map_err(|error| AppError::Internal(error.into()))?;
    let (_, outcome) = check_team_table(
        &championship.ruleset,
        &championship.format,
        [home, away],
        &games,
    )
    .map_err(table_problems)?;
    Ok(TableResult { sheet, outcome })
}

/// The names the game records give an entrant's seat: a pair's two players, or its name.
async fn players_at_seat(store: &dyn Store, entrant: &Entrant) -> Result<Vec<String>, AppError> {
    let (Some(player), Some(partner)) = (entrant.player, entrant.partner) else {
        return Ok(vec![entrant.name.clone()]);
    };
    let mut names = Vec::new();
    for id in [player, partner] {
        let found = store.player(id).await?.ok_or_else(|| {
            AppError::Internal(anyhow::anyhow!(
                "entrant {} names no player {id}",
                entrant.id
            ))
        })?;
        names.push(found.name);
    }
    Ok(names)
}

fn table_refused(error: StoreError) -> AppError {
    match error {
        StoreError::TableConfirmed => AppError::Conflict(Conflict::TableConfirmed),
        StoreError::ResultChanged => AppError::Conflict(Conflict::ResultChanged),
        StoreError::NoTableResult => AppError::Conflict(Conflict::NoTableResult),
        error => error.into(),
    }
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
