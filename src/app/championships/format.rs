//! An organiser makes a championship: its name, dates, venue, rules and format, checked before
//! it is kept; and anyone lists an organisation's championships.

use chrono::{NaiveDate, Utc};
use fives_rules::RulesetSpec;

use crate::app::{AppError, Field, Problem, Who, lookup};
use crate::domain::championship::ChampionshipFormat;
use crate::domain::championship::table::table_ruleset_problems;
use crate::domain::organisation::{DisplayName, NamedThing};
use crate::store::{Championship, NewChampionship, Organisation, Store};

/// The longest venue: a pub's or hall's name and address.
pub const MAX_VENUE_CHARS: usize = 300;
/// The longest event: a festival of a week or so.
pub const MAX_DAYS: i64 = 14;

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
