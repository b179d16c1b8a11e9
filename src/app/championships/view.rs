//! A championship as everything else reads it: its entrants and published rounds, each stage's
//! event document, and its standings ranked by the engine from that document.

use super::*;

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

    pub(super) fn id_of(&self, name: &str) -> Option<EntrantId> {
        self.entrants
            .iter()
            .find(|entrant| entrant.name == name)
            .map(|entrant| entrant.id)
    }

    /// Whether the organiser has started checking entrants in: then only those checked in
    /// are paired in the first round.
    pub(super) fn check_in_used(&self) -> bool {
        self.entrants.iter().any(|entrant| entrant.checked_in)
    }

    pub(super) fn rounds_of(&self, stage: Stage) -> impl Iterator<Item = &Round> {
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
                edited: round.edited,
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

    pub(super) fn stage_state(&self, stage: Stage, pairing: bool) -> StageState {
        let rounds = self.round_lines(stage);
        StageState {
            stage,
            entrants: self.entrant_lines(stage, pairing && rounds.is_empty()),
            rounds,
        }
    }

    /// A stage's event document as published: what `fives standings` and `fives pair` read.
    pub fn event_document(&self, stage: Stage) -> EventSpec {
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
        if document.entrants.len() < 2 {
            return Ok(None);
        }
        let ranked = Event::from_spec(document)
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

pub(super) async fn view_of(
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

/// A championship of an organisation `who` organises.
pub(super) async fn organised(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    id: ChampionshipId,
) -> Result<ChampionshipView, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    view_of(store, organisation, id).await
}
