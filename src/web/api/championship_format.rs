//! An organiser makes a championship: its body (name, dates, venue, rules and format as a
//! format document) read into a checked input.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, post};
use fives_rules::record::{RulesetField, ruleset_spec};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::app::championships::{self, ChampionshipInput};
use crate::domain::championship::{ChampionshipFormat, FormatDocument};
use crate::domain::organisation::DisplayName;
use crate::web::AppState;
use crate::web::api::auth::ApiCaller;
use crate::web::api::created;
use crate::web::api::error::{ApiError, ErrorBody, Problem};
use crate::web::api::input::{ApiJson, date_of};

use super::championships::*;

/// A new championship.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewChampionshipBody {
    /// 1 to 100 characters, and not one that looks the same as another championship's of the
    /// organisation.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    /// The first day, `YYYY-MM-DD` (an empty text is no day).
    #[schema(value_type = String, format = Date, pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]
    pub starts_on: String,
    /// The last day, `YYYY-MM-DD`: the first day or up to 13 days after it. Absent or null:
    /// one day.
    #[schema(value_type = Option<String>, format = Date, pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]
    pub ends_on: Option<String>,
    /// Where it is played, at most 300 characters.
    #[serde(default)]
    #[schema(max_length = 300)]
    pub venue: String,
    /// A preset's name, or an object with `preset` and the options it overrides, as in a game
    /// record.
    #[schema(value_type = Object)]
    pub ruleset: serde_json::Value,
    /// The format (`entrants`: players, pairs or teams; `stages` with its `kind`: swiss,
    /// round-robin, groups, knockout, double-elimination or swiss-then-knockout; `seats`;
    /// `partnerships`; `table_play`; `scoring`; `bye_points`; `tiebreaks`; `seeding`; and for
    /// teams `team_match`: `{"legs": [{"kind": "singles", "games": 6, "target": 61}, {"kind":
    /// "pairs", "games": 3, "target": 61}]}`, at most 4 legs of 21 games), every rule between
    /// its parts checked, each problem at its field.
    #[schema(value_type = Object)]
    pub format: serde_json::Value,
}

fn championship_input(body: NewChampionshipBody) -> Result<ChampionshipInput, ApiError> {
    let mut problems = Vec::new();
    let name = DisplayName::try_from(body.name.as_str())
        .map_err(|error| problems.push(Problem::new("name", error.to_string())))
        .ok();
    let starts_on = date_of(&body.starts_on);
    if starts_on.is_none() {
        problems.push(Problem::new(
            "starts_on",
            "Give the first day as YYYY-MM-DD.",
        ));
    }
    let ends_on = match body.ends_on.as_deref() {
        None => starts_on,
        Some(text) => {
            let date = date_of(text);
            if date.is_none() {
                problems.push(Problem::new("ends_on", "Give the last day as YYYY-MM-DD."));
            }
            date
        }
    };
    let ruleset = serde_json::from_value::<RulesetField>(body.ruleset)
        .map_err(|_| {
            "Give the ruleset as a preset's name or an object with \"preset\".".to_string()
        })
        .and_then(|field| ruleset_spec(&field).map_err(|error| error.0))
        .map_err(|message| problems.push(Problem::new("ruleset", message)))
        .ok();
    let format = match serde_json::from_value::<FormatDocument>(body.format) {
        Err(error) => {
            problems.push(Problem::new(
                "format",
                format!("The format cannot be read: {error}."),
            ));
            None
        }
        Ok(document) => ChampionshipFormat::try_from(document)
            .map_err(|refused| {
                problems.extend(refused.into_iter().map(|problem| {
                    Problem::new(format!("format.{}", problem.field), problem.message)
                }))
            })
            .ok(),
    };
    match (name, starts_on, ends_on, ruleset, format) {
        (Some(name), Some(starts_on), Some(ends_on), Some(ruleset), Some(format))
            if problems.is_empty() =>
        {
            Ok(ChampionshipInput {
                name,
                starts_on,
                ends_on,
                venue: body.venue,
                ruleset,
                format,
            })
        }
        _ => Err(ApiError::invalid(problems)),
    }
}

#[utoipa::path(
    tag = "championships",
    description = "Makes a championship of the organisation. Every problem with the name, \
                   dates, ruleset and format is answered at once (422), each at its field. The \
                   organisation's organisers may.",
    request_body = NewChampionshipBody,
    responses(
        (status = 201, body = ChampionshipSummary),
        (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The organisation has a championship of that name, or of one that looks the same", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ),
    security(("bearer" = [])),
)]
#[post("/api/v1/organisations/{slug}/championships")]
pub async fn create_championship(
    caller: ApiCaller,
    state: Data<AppState>,
    slug: Path<String>,
    body: ApiJson<NewChampionshipBody>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.as_ref();
    // Only an organiser is told what is wrong with the body.
    crate::app::lookup::organised(store, caller.who(), &slug).await?;
    let input = championship_input(body.into_inner())?;
    let (organisation, made) =
        championships::create_championship(store, caller.who(), &slug, input)
            .await
            .map_err(app_error)?;
    Ok(created(
        format!(
            "/api/v1/organisations/{}/championships/{}",
            organisation.slug, made.id
        ),
        ChampionshipSummary::from(&made),
    ))
}
