//! Setting up a league, by its organisers: competitions (a ruleset and a match format that
//! every game of it can be played under), their seasons, a season's divisions and the teams in
//! them, a division's tiebreak order, a competition's result deadline, and deleting a season
//! that has no results.

use std::collections::HashMap;

use chrono::Utc;
use fives_rules::RulesetSpec;

use super::lookup::{self, DivisionPlace};
use super::{AppError, Conflict, Field, Problem, Who};
use crate::domain::competition::ruleset_problems;
use crate::domain::entry_level::EntryLevel;
use crate::domain::ids::{CompetitionId, DivisionId, FixtureId, SeasonId, TeamId};
use crate::domain::league::SeasonCalendar;
use crate::domain::match_format::MatchFormat;
use crate::domain::organisation::{DisplayName, NamedThing};
use crate::domain::result_deadline::ResultDeadline;
use crate::domain::squad::{ListProblem, ReadList};
use crate::domain::standings::{
    FixtureResult, PositionsAfterRound, StandingsRow, TiebreakOrder, positions_after_each_round,
};
use crate::store::{
    Competition, Division, DivisionRefusal, NewCompetition, NewDivision, NewSeason, Organisation,
    Season, Store, StoreError, Team,
};

/// Every problem of a competition's ruleset and match format, each at its field: the format's
/// numbers and their sense, and the games of each kind playable under the rules. Without a
/// format or ruleset (one that could not be read), the other's own problems.
pub fn competition_problems(
    ruleset: Option<&RulesetSpec>,
    format: Option<&MatchFormat>,
) -> Vec<Problem> {
    let legs = format.map_or(&[][..], |format| &format.legs);
    let mut problems: Vec<Problem> = format
        .map(MatchFormat::problems)
        .unwrap_or_default()
        .into_iter()
        .map(|problem| Problem::new(Field::MatchFormat(problem.clone()), problem.to_string()))
        .collect();
    problems.extend(
        ruleset
            .map(|ruleset| ruleset_problems(ruleset, legs))
            .unwrap_or_default()
            .into_iter()
            .map(|problem| {
                let field = if problem.is_about_the_target() {
                    Field::RulesetTarget
                } else {
                    Field::Ruleset
                };
                Problem::new(field, problem.to_string())
            }),
    );
    problems
}

/// A competition as an organiser describes it.
pub struct CompetitionInput {
    pub name: DisplayName,
    pub ruleset: RulesetSpec,
    pub match_format: MatchFormat,
    pub entry_level: EntryLevel,
}

/// Makes a competition of the organisation. Every problem with its ruleset and format is
/// answered at once; a name the organisation has, or one that looks the same, is a conflict.
pub async fn create_competition(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    input: CompetitionInput,
) -> Result<(Organisation, Competition), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let problems = competition_problems(Some(&input.ruleset), Some(&input.match_format));
    if !problems.is_empty() {
        return Err(AppError::Invalid(problems));
    }
    let new = NewCompetition {
        organisation: organisation.id,
        name: input.name,
        ruleset: input.ruleset,
        match_format: input.match_format,
        entry_level: input.entry_level,
        created_at: Utc::now(),
    };
    let name = new.name.as_str();
    match store.create_competition(&new).await {
        Ok(competition) => Ok((organisation, competition)),
        Err(error) => Err(AppError::name_refused(
            error,
            NamedThing::Competition,
            name,
            &organisation,
        )),
    }
}

/// Sets how much a captain must give for each game of the competition's results, from the
/// next result on: an organiser of its organisation.
pub async fn set_entry_level(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    competition: CompetitionId,
    level: EntryLevel,
) -> Result<(Organisation, Competition), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let competition = lookup::competition(store, &organisation, competition).await?;
    let competition = store.set_entry_level(competition.id, level).await?;
    Ok((organisation, competition))
}

/// Makes a season of the competition with its calendar.
pub async fn create_season(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    competition: CompetitionId,
    name: DisplayName,
    calendar: SeasonCalendar,
) -> Result<(Organisation, Competition, Season), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let competition = lookup::competition(store, &organisation, competition).await?;
    let new = NewSeason {
        competition: competition.id,
        name,
        calendar,
        created_at: Utc::now(),
    };
    match store.create_season(&new).await {
        Ok(season) => Ok((organisation, competition, season)),
        Err(StoreError::SeasonNameTaken) => Err(AppError::name_taken(format!(
            "{} already has a season called {}.",
            competition.name,
            new.name.as_str()
        ))),
        Err(error) => Err(error.into()),
    }
}

/// Makes a division of the season, its table ordered by points, then game difference, games
/// won and head to head until the organiser chooses otherwise.
pub async fn create_division(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    season: SeasonId,
    name: DisplayName,
) -> Result<(Organisation, Season, Division), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let (_, season) = lookup::season(store, &organisation, season).await?;
    let new = NewDivision {
        season: season.id,
        name,
        tiebreaks: TiebreakOrder::default(),
        created_at: Utc::now(),
    };
    match store.create_division(&new).await {
        Ok(division) => Ok((organisation, season, division)),
        Err(StoreError::DivisionNameTaken) => Err(AppError::name_taken(format!(
            "{} already has a division called {}.",
            season.name,
            new.name.as_str()
        ))),
        Err(error) => Err(error.into()),
    }
}

/// Puts one of the organisation's teams into the division; a team plays in one division of a
/// season.
pub async fn add_team_to_division(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    division: DivisionId,
    team: TeamId,
) -> Result<(Organisation, DivisionPlace), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let place = lookup::division(store, &organisation, division).await?;
    match store.add_team_to_division(place.division.id, team).await {
        Ok(()) => Ok((organisation, place)),
        Err(StoreError::TeamAlreadyInSeason) => Err(AppError::Conflict(Conflict::Taken {
            field: Field::Team,
            message: "That team already plays in a division of this season.".to_string(),
        })),
        Err(StoreError::OfAnotherOrganisation(_) | StoreError::NotFound(_)) => Err(
            AppError::invalid(Field::Team, "Choose one of your organisation's teams."),
        ),
        Err(error) => Err(error.into()),
    }
}

/// An organiser puts a list of teams into the division at once: each the organisation's team
/// of that name, or a new team when it has none (each name read as a single new team's is).
/// All join, or none and every refused line is named: the lines that were no name (`list`'s
/// problems) and those the division or the organisation's teams refuse, together.
pub async fn add_teams_to_division(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    division: DivisionId,
    list: &ReadList,
) -> Result<(Organisation, DivisionPlace, Vec<Team>), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let place = lookup::division(store, &organisation, division).await?;
    let mut problems: Vec<(usize, Problem)> = (list.problems.iter())
        .map(|problem| match problem {
            ListProblem::Line { line, message } => {
                (*line, Problem::new(Field::Line(*line), message.clone()))
            }
            ListProblem::Whole(message) => (0, Problem::new(Field::List, message.clone())),
        })
        .collect();
    let names: Vec<&DisplayName> = list.names.iter().map(|listed| &listed.name).collect();
    let keep = problems.is_empty();
    let joined = if names.is_empty() {
        Vec::new()
    } else {
        match store
            .join_division(place.division.id, &names, Utc::now(), keep)
            .await
        {
            Ok(joined) => joined,
            Err(StoreError::DivisionRefused(refusals)) => {
                for (index, refusal) in refusals {
                    let Some(listed) = list.names.get(index) else {
                        continue;
                    };
                    let message = division_refusal(&refusal, &listed.name, &organisation, &place);
                    problems.push((listed.line, Problem::new(Field::Line(listed.line), message)));
                }
                Vec::new()
            }
            // A team of one of the names was made by someone else at the same moment.
            Err(StoreError::TeamNameTaken) => {
                return Err(AppError::Conflict(Conflict::Taken {
                    field: Field::List,
                    message: format!(
                        "A team of one of these names was made in {} meanwhile; send the list again.",
                        organisation.name
                    ),
                }));
            }
            Err(error) => return Err(error.into()),
        }
    };
    if !problems.is_empty() {
        problems.sort_by_key(|(line, _)| *line);
        return Err(AppError::Invalid(
            problems.into_iter().map(|(_, problem)| problem).collect(),
        ));
    }
    Ok((organisation, place, joined))
}

/// Why a listed team cannot join the division, in the organiser's words.
fn division_refusal(
    refusal: &DivisionRefusal,
    name: &DisplayName,
    organisation: &Organisation,
    place: &DivisionPlace,
) -> String {
    let name = name.as_str();
    match refusal {
        DivisionRefusal::AlreadyInDivision => format!(
            "A team called {name} is already in {}.",
            place.division.name
        ),
        DivisionRefusal::InAnotherDivision { division } => format!(
            "{name} already plays in {division} this season; a team plays in one division of a season."
        ),
        DivisionRefusal::LooksLike { existing } => format!(
            "{name} looks the same as \u{2018}{existing}\u{2019}, a team {} already has; write it as that team is written to add it, or choose a name that cannot be mistaken for it.",
            organisation.name
        ),
    }
}

/// Sets the order a division's table separates teams level on points.
pub async fn set_tiebreaks(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    division: DivisionId,
    order: &TiebreakOrder,
) -> Result<(Organisation, DivisionPlace), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let place = lookup::division(store, &organisation, division).await?;
    store
        .set_division_tiebreaks(place.division.id, order)
        .await?;
    Ok((organisation, place))
}

/// Deletes a season with its divisions and fixtures; one with results cannot be deleted, as
/// results are kept.
pub async fn delete_season(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    season: SeasonId,
) -> Result<(Organisation, Competition), AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let (competition, season) = lookup::season(store, &organisation, season).await?;
    match store.delete_season(season.id).await {
        Ok(()) => Ok((organisation, competition)),
        Err(StoreError::SeasonHasResults) => Err(AppError::Conflict(Conflict::SeasonHasResults {
            competition: competition.name.clone(),
            season: season.name.clone(),
        })),
        Err(error) => Err(error.into()),
    }
}

/// Sets a competition's result deadline, or removes it with `None`.
pub async fn set_result_deadline(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    competition: CompetitionId,
    deadline: Option<ResultDeadline>,
) -> Result<Organisation, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let competition = lookup::competition(store, &organisation, competition).await?;
    store.set_result_deadline(competition.id, deadline).await?;
    Ok(organisation)
}

/// Sets the fewest games a player of the competition's players' tables is ranked with.
pub async fn set_player_table_min_games(
    store: &dyn Store,
    who: Who<'_>,
    slug: &str,
    competition: CompetitionId,
    min_games: u32,
) -> Result<Organisation, AppError> {
    let organisation = lookup::organised(store, who, slug).await?;
    let competition = lookup::competition(store, &organisation, competition).await?;
    store
        .set_player_table_min_games(competition.id, min_games)
        .await?;
    Ok(organisation)
}

/// A division's table from its confirmed results (as read by the caller, who may show them
/// too) and its adjustments, each row with its team, in table order. Public.
pub async fn standings(
    store: &dyn Store,
    competition: &Competition,
    division: &Division,
    confirmed: &[(FixtureId, FixtureResult)],
) -> Result<Vec<(StandingsRow, Team)>, AppError> {
    let teams = store.teams_of(division.id).await?;
    let team_ids: Vec<TeamId> = teams.iter().map(|team| team.id).collect();
    let results: Vec<FixtureResult> = confirmed.iter().map(|(_, result)| *result).collect();
    let adjustments = store.adjustments_of_division(division.id).await?;
    let rows = crate::domain::standings::standings(
        &competition.match_format,
        &team_ids,
        &results,
        &adjustments,
        &division.tiebreaks,
    )
    .map_err(|error| anyhow::anyhow!("the standings: {error}"))?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let team = teams.iter().find(|team| team.id == row.team)?.clone();
            Some((row, team))
        })
        .collect())
}

/// The division's table after each round with a result, for the chart of positions through
/// the season. `fixtures` are the division's, which give each result its round.
pub async fn positions_through_season(
    store: &dyn Store,
    place: &DivisionPlace,
    fixtures: &[crate::store::Fixture],
    confirmed: &[(FixtureId, FixtureResult)],
) -> Result<Vec<PositionsAfterRound>, AppError> {
    let DivisionPlace {
        competition,
        division,
        ..
    } = place;
    let teams: Vec<TeamId> = store
        .teams_of(division.id)
        .await?
        .iter()
        .map(|team| team.id)
        .collect();
    let rounds: HashMap<FixtureId, u32> = fixtures
        .iter()
        .map(|fixture| (fixture.id, fixture.round))
        .collect();
    let results: Vec<(u32, FixtureResult)> = confirmed
        .iter()
        .filter_map(|(id, result)| Some((*rounds.get(id)?, *result)))
        .collect();
    let adjustments = store.adjustments_of_division(division.id).await?;
    positions_after_each_round(
        &competition.match_format,
        &teams,
        &results,
        &adjustments,
        &division.tiebreaks,
    )
    .map_err(|error| anyhow::anyhow!("the positions through the season: {error}").into())
}
