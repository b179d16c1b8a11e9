//! An organiser's pages for setting up a league: its competitions, each with a ruleset (a
//! preset of the rules crate, optionally with another target) and a match format filled in as
//! a form, and a competition's seasons with their calendars.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Form, Path};
use actix_web::{HttpResponse, get, post};
use askama::Template;
use fives_rules::ruleset::{Overrides, PerPlayers, Target};
use fives_rules::{Preset, RulesetSpec};
use serde::Deserialize;

use crate::app::league::{self, CompetitionInput, competition_problems};
use crate::app::{AppError, Conflict, Field};
use crate::domain::entry_level::EntryLevel;
use crate::domain::match_format::{
    BonusCondition, Leg, LegKind, LosingBonus, MatchFormat, MatchFormatError, PlayerLimits,
    PointsLine, PointsScheme, WalkoverScore,
};
use crate::domain::organisation::DisplayName;
use crate::domain::rule_words::game_name;
use crate::store::{Competition, Organisation};
use crate::web::AppState;
// Kept where the championship pages first found it.
use crate::web::error::WebError;
pub use crate::web::forms::FieldErrors;
use crate::web::layout::{Layout, redirect, render_with_status};
use crate::web::organiser::lookup::organised;
use crate::web::session::Viewer;

/// What an organiser types into the new competition form, kept as typed so that a form
/// shown again with its problems shows what was there.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CompetitionForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub preset: String,
    #[serde(default)]
    pub ruleset_target: String,
    #[serde(default)]
    pub singles_games: String,
    #[serde(default)]
    pub pairs_games: String,
    #[serde(default)]
    pub game_target: String,
    #[serde(default)]
    pub per_game_won: String,
    #[serde(default)]
    pub per_match_won: String,
    #[serde(default)]
    pub per_match_drawn: String,
    #[serde(default)]
    pub bonus_points: String,
    #[serde(default)]
    pub bonus_lost_by: String,
    #[serde(default)]
    pub walkover_for: String,
    #[serde(default)]
    pub walkover_against: String,
    #[serde(default)]
    pub entry_level: String,
}

impl CompetitionForm {
    /// The form as a new organiser first sees it: 6 singles and 3 pairs games to 61, 2 points
    /// per match won and 1 per game, walkovers 5-0.
    fn starting_values() -> Self {
        Self {
            name: String::new(),
            preset: Preset::FivesAndThrees.name().to_string(),
            ruleset_target: String::new(),
            singles_games: "6".into(),
            pairs_games: "3".into(),
            game_target: "61".into(),
            per_game_won: "1".into(),
            per_match_won: "2".into(),
            per_match_drawn: "1".into(),
            bonus_points: String::new(),
            bonus_lost_by: String::new(),
            walkover_for: "5".into(),
            walkover_against: "0".into(),
            entry_level: EntryLevel::default().as_str().into(),
        }
    }
}

fn whole_number(
    errors: &mut FieldErrors,
    field: &'static str,
    label: &str,
    text: &str,
) -> Option<u32> {
    let digits = text.trim();
    match digits.parse::<u32>() {
        Ok(number) => Some(number),
        // A number too big to hold is over every limit; the check says which.
        Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Some(u32::MAX)
        }
        Err(_) if digits.is_empty() => {
            errors.add(field, format!("Enter {label}."));
            None
        }
        Err(_) => {
            errors.add(
                field,
                format!("{label} must be a whole number, not {:?}.", text.trim()),
            );
            None
        }
    }
}

fn optional_number(
    errors: &mut FieldErrors,
    field: &'static str,
    label: &str,
    text: &str,
) -> Option<Option<u32>> {
    if text.trim().is_empty() {
        return Some(None);
    }
    whole_number(errors, field, label, text).map(Some)
}

/// The form field a match format problem belongs next to.
fn field_of(problem: &MatchFormatError) -> &'static str {
    match problem {
        MatchFormatError::NoLegs
        | MatchFormatError::TooManyLegs { .. }
        | MatchFormatError::NoGames { .. } => "singles_games",
        MatchFormatError::KindNotAllowed {
            kind: LegKind::Pairs,
        }
        | MatchFormatError::TooManyGames {
            kind: LegKind::Pairs,
            ..
        }
        | MatchFormatError::TooManyGamesPerPlayer {
            kind: LegKind::Pairs,
            ..
        } => "pairs_games",
        MatchFormatError::KindNotAllowed { .. }
        | MatchFormatError::TooManyGames { .. }
        | MatchFormatError::TooManyGamesPerPlayer { .. } => "singles_games",
        MatchFormatError::NoTarget { .. } | MatchFormatError::UnknownTarget { .. } => "game_target",
        MatchFormatError::NoPoints => "per_game_won",
        MatchFormatError::TooManyPoints { line, .. } => match line {
            PointsLine::PerGameWon => "per_game_won",
            PointsLine::PerMatchWon => "per_match_won",
            PointsLine::PerMatchDrawn => "per_match_drawn",
            PointsLine::LosingBonus => "bonus_points",
        },
        MatchFormatError::DrawWorthMoreThanWin { .. } => "per_match_drawn",
        MatchFormatError::BonusWorthMoreThanWin { .. } => "bonus_points",
        MatchFormatError::BonusNeverEarned { .. }
        | MatchFormatError::BonusConditionTooLarge { .. } => "bonus_lost_by",
        MatchFormatError::WalkoverNotAWin { .. }
        | MatchFormatError::WalkoverTooManyGames { .. } => "walkover_for",
    }
}

/// The form field a use case's problem with a competition belongs next to.
fn competition_field(field: &Field) -> &'static str {
    match field {
        Field::MatchFormat(problem) => field_of(problem),
        Field::RulesetTarget => "ruleset_target",
        Field::Ruleset => "preset",
        _ => "name",
    }
}

/// The competition the form describes, or every problem with it at its field.
fn competition_input(form: &CompetitionForm) -> Result<CompetitionInput, FieldErrors> {
    {
        let mut errors = FieldErrors::default();
        let name = DisplayName::try_from(form.name.as_str())
            .map_err(|error| errors.add("name", error.to_string()))
            .ok();
        let preset = Preset::from_name(form.preset.trim());
        if preset.is_none() {
            errors.add("preset", "Choose one of the five games.");
        }
        let ruleset_target = optional_number(
            &mut errors,
            "ruleset_target",
            "The ruleset's target",
            &form.ruleset_target,
        );
        let singles = whole_number(
            &mut errors,
            "singles_games",
            "The number of singles games",
            &form.singles_games,
        );
        let pairs = whole_number(
            &mut errors,
            "pairs_games",
            "The number of pairs games",
            &form.pairs_games,
        );
        let target = match form.game_target.trim() {
            "61" => Some(61),
            "121" => Some(121),
            _ => {
                errors.add(
                    "game_target",
                    "Choose 61 (once round the board) or 121 (twice).",
                );
                None
            }
        };
        let per_game_won = whole_number(
            &mut errors,
            "per_game_won",
            "Points per game won",
            &form.per_game_won,
        );
        let per_match_won = whole_number(
            &mut errors,
            "per_match_won",
            "Points per match won",
            &form.per_match_won,
        );
        let per_match_drawn = whole_number(
            &mut errors,
            "per_match_drawn",
            "Points per match drawn",
            &form.per_match_drawn,
        );
        let bonus_points = optional_number(
            &mut errors,
            "bonus_points",
            "The losing bonus",
            &form.bonus_points,
        );
        let bonus_lost_by = optional_number(
            &mut errors,
            "bonus_lost_by",
            "The losing bonus's margin",
            &form.bonus_lost_by,
        );
        let losing_bonus = match (bonus_points, bonus_lost_by) {
            (Some(None), Some(None)) => Some(None),
            (Some(Some(points)), Some(Some(margin))) => Some(Some(LosingBonus {
                points,
                condition: BonusCondition::LostByAtMost(margin),
            })),
            (Some(Some(_)), Some(None)) => {
                errors.add(
                    "bonus_lost_by",
                    "Enter by how many games a side may lose and still earn the bonus.",
                );
                None
            }
            (Some(None), Some(Some(_))) => {
                errors.add(
                    "bonus_points",
                    "Enter the points the losing bonus is worth.",
                );
                None
            }
            _ => None,
        };
        let walkover_for = whole_number(
            &mut errors,
            "walkover_for",
            "The walkover games for",
            &form.walkover_for,
        );
        let walkover_against = whole_number(
            &mut errors,
            "walkover_against",
            "The walkover games against",
            &form.walkover_against,
        );
        // A form that says nothing keeps what competitions have always asked.
        let entry_level = match form.entry_level.trim() {
            "" => Some(EntryLevel::default()),
            named => EntryLevel::named(named),
        };
        if entry_level.is_none() {
            errors.add(
                "entry_level",
                "Choose what captains enter for each game: the final score, every hand's score or every hand's pegs.",
            );
        }
        let mut match_format = None;
        if let (
            Some(singles),
            Some(pairs),
            Some(target),
            Some(per_game_won),
            Some(per_match_won),
            Some(per_match_drawn),
            Some(losing_bonus),
            Some(winner_games),
            Some(loser_games),
        ) = (
            singles,
            pairs,
            target,
            per_game_won,
            per_match_won,
            per_match_drawn,
            losing_bonus,
            walkover_for,
            walkover_against,
        ) {
            let legs = [(LegKind::Singles, singles), (LegKind::Pairs, pairs)]
                .into_iter()
                .filter(|&(_, games)| games > 0)
                .map(|(kind, games)| Leg {
                    kind,
                    games,
                    target,
                })
                .collect();
            let format = MatchFormat {
                legs,
                player_limits: PlayerLimits::default(),
                points: PointsScheme {
                    per_game_won,
                    per_match_won,
                    per_match_drawn,
                    losing_bonus,
                },
                walkover: WalkoverScore {
                    winner_games,
                    loser_games,
                },
            };
            match_format = Some(format);
        }
        let ruleset = match (preset, ruleset_target) {
            (Some(preset), Some(ruleset_target)) => {
                let overrides = Overrides {
                    target: ruleset_target.map(|points| Target {
                        by_players: PerPlayers::all(points),
                        partners: points,
                    }),
                    ..Overrides::default()
                };
                Some(RulesetSpec { preset, overrides })
            }
            _ => None,
        };
        // The rules' own problems are the use case's; here too, so all are told at once.
        for problem in competition_problems(ruleset.as_ref(), match_format.as_ref()) {
            errors.add(competition_field(&problem.field), problem.message);
        }
        match (name, ruleset, match_format, entry_level) {
            (Some(name), Some(ruleset), Some(match_format), Some(entry_level))
                if errors.is_empty() =>
            {
                Ok(CompetitionInput {
                    name,
                    ruleset,
                    match_format,
                    entry_level,
                })
            }
            _ => Err(errors),
        }
    }
}

/// An entry level as a form's radio buttons offer it.
pub struct LevelChoice {
    pub value: &'static str,
    pub description: &'static str,
    pub selected: bool,
}

pub(super) fn level_choices(chosen: &str) -> Vec<LevelChoice> {
    EntryLevel::ALL
        .into_iter()
        .map(|level| LevelChoice {
            value: level.as_str(),
            description: level.description(),
            selected: level.as_str() == chosen.trim(),
        })
        .collect()
}

/// A preset as the form's select offers it.
pub struct PresetChoice {
    /// What the form sends: the preset's identifier.
    pub value: &'static str,
    /// What the organiser reads: the game's name.
    pub label: &'static str,
    pub selected: bool,
}

#[derive(Template)]
#[template(path = "organiser/competitions.html")]
struct CompetitionsPage {
    layout: Layout,
    organisation: Organisation,
    competitions: Vec<Competition>,
    form: CompetitionForm,
    presets: Vec<PresetChoice>,
    levels: Vec<LevelChoice>,
    errors: FieldErrors,
}

async fn show_competitions(
    viewer: &Viewer,
    state: &AppState,
    organisation: Organisation,
    status: StatusCode,
    form: CompetitionForm,
    errors: FieldErrors,
) -> Result<HttpResponse, WebError> {
    let competitions = state.store.competitions_of(organisation.id).await?;
    let presets = Preset::ALL
        .iter()
        .map(|preset| PresetChoice {
            value: preset.name(),
            label: game_name(*preset),
            selected: preset.name() == form.preset.trim(),
        })
        .collect();
    render_with_status(
        status,
        &CompetitionsPage {
            layout: viewer.layout(format!("Competitions of {}", organisation.name)),
            organisation,
            competitions,
            levels: level_choices(&form.entry_level),
            form,
            presets,
            errors,
        },
    )
}

#[get("/organise/{slug}/competitions")]
pub async fn competitions_page(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, WebError> {
    let organisation = organised(&viewer, &state, &slug).await?;
    show_competitions(
        &viewer,
        &state,
        organisation,
        StatusCode::OK,
        CompetitionForm::starting_values(),
        FieldErrors::default(),
    )
    .await
}

#[post("/organise/{slug}/competitions")]
pub async fn create_competition(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
    form: Form<CompetitionForm>,
) -> Result<HttpResponse, WebError> {
    // Only an organiser is told what is wrong with the form.
    let organisation = organised(&viewer, &state, &slug).await?;
    let form = form.into_inner();
    let errors = match competition_input(&form) {
        Ok(input) => {
            match league::create_competition(state.store.as_ref(), viewer.who(), &slug, input).await
            {
                Ok(_) => {
                    return Ok(redirect(&format!(
                        "/organise/{}/competitions",
                        organisation.slug
                    )));
                }
                Err(AppError::Conflict(Conflict::Taken { message, .. })) => {
                    FieldErrors::only("name", message)
                }
                Err(AppError::Invalid(problems)) => {
                    let mut errors = FieldErrors::default();
                    for problem in problems {
                        errors.add(competition_field(&problem.field), problem.message);
                    }
                    errors
                }
                Err(error) => return Err(viewer.refused(error)),
            }
        }
        Err(errors) => errors,
    };
    show_competitions(
        &viewer,
        &state,
        organisation,
        StatusCode::UNPROCESSABLE_ENTITY,
        form,
        errors,
    )
    .await
}
