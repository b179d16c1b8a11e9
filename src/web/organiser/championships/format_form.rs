//! The new championship form as an organiser fills it in (its game, format, team match, scoring
//! and tiebreaks), read into a checked [`ChampionshipInput`] or every problem at its field.

use fives_rules::ruleset::{Overrides, PerPlayers, Target};
use fives_rules::{Preset, RulesetSpec};
use serde::Deserialize;

use crate::app::championships::ChampionshipInput;
use crate::domain::championship::{
    ChampionshipFormat, EntrantKind, FormatChoice, MAX_POINTS, MAX_TABLE_GAMES, Points, Seating,
    Stages, TablePlay, TableScoring, TeamMatch, tiebreak_words,
};
use crate::domain::entry_level::EntryLevel;
use crate::domain::league_time::parse_date;
use crate::domain::match_format::{Leg, LegKind, MAX_GAMES_PER_LEG, PlayerLimits};
use crate::domain::organisation::DisplayName;
use crate::web::organiser::competitions::FieldErrors;
use fives_pairing::event::Tiebreak;

/// The new championship form, kept as typed.
#[derive(Debug, Clone, Deserialize)]
pub struct ChampionshipForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub starts_on: String,
    #[serde(default)]
    pub ends_on: String,
    #[serde(default)]
    pub venue: String,
    #[serde(default)]
    pub preset: String,
    #[serde(default)]
    pub ruleset_target: String,
    #[serde(default)]
    pub entrants: String,
    #[serde(default)]
    pub stages: String,
    #[serde(default)]
    pub rounds: String,
    #[serde(default)]
    pub groups: String,
    #[serde(default)]
    pub advance: String,
    #[serde(default)]
    pub top: String,
    #[serde(default)]
    pub third_place: Option<String>,
    #[serde(default)]
    pub grand_final_reset: Option<String>,
    #[serde(default)]
    pub seats: String,
    #[serde(default)]
    pub partnerships: Option<String>,
    #[serde(default)]
    pub table_play: String,
    #[serde(default)]
    pub table_games: String,
    #[serde(default)]
    pub singles_games: String,
    #[serde(default)]
    pub pairs_games: String,
    #[serde(default)]
    pub match_target: String,
    #[serde(default)]
    pub win: String,
    #[serde(default)]
    pub draw: String,
    #[serde(default)]
    pub loss: String,
    #[serde(default)]
    pub places: String,
    #[serde(default)]
    pub bye_points: String,
    #[serde(default)]
    pub seeding: String,
    #[serde(default)]
    pub tiebreaks: String,
    #[serde(default)]
    pub entry_level: String,
}

impl Default for ChampionshipForm {
    /// A Swiss of five rounds for players, two at a table playing one game of Fives and
    /// Threes, 1 for a win and 0 for a loss (and ½ for a draw, should a table that can be drawn
    /// be chosen), a bye worth a win, seeded by rating.
    fn default() -> Self {
        Self {
            name: String::new(),
            starts_on: String::new(),
            ends_on: String::new(),
            venue: String::new(),
            preset: Preset::FivesAndThrees.name().into(),
            ruleset_target: String::new(),
            entrants: "players".into(),
            stages: "swiss".into(),
            rounds: "5".into(),
            groups: "4".into(),
            advance: "2".into(),
            top: "8".into(),
            third_place: None,
            grand_final_reset: Some("on".into()),
            seats: "2".into(),
            partnerships: None,
            table_play: "one-game".into(),
            table_games: "3".into(),
            singles_games: "6".into(),
            pairs_games: "3".into(),
            match_target: "61".into(),
            win: "1".into(),
            draw: "½".into(),
            loss: "0".into(),
            places: "3, 1, 0".into(),
            bye_points: "1".into(),
            seeding: "rating".into(),
            tiebreaks: Tiebreak::DEFAULT
                .iter()
                .map(|tiebreak| tiebreak_words(*tiebreak))
                .collect::<Vec<_>>()
                .join(", "),
            entry_level: EntryLevel::default().as_str().into(),
        }
    }
}

/// The longest list of tiebreaks the form takes: every tiebreak's name in words, and room.
const MAX_TIEBREAK_TEXT: usize = 400;

/// The tiebreaks as the form lists them, in order: each by its name in words (or the event
/// document's name), separated by commas.
fn tiebreaks_of(errors: &mut FieldErrors, text: &str) -> Vec<Tiebreak> {
    let mut tiebreaks = Vec::new();
    if text.chars().count() > MAX_TIEBREAK_TEXT {
        errors.add(
            "tiebreaks",
            format!("The tiebreaks are at most {MAX_TIEBREAK_TEXT} characters."),
        );
        return tiebreaks;
    }
    for part in text
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
    {
        let found = Tiebreak::ALL.into_iter().find(|tiebreak| {
            tiebreak_words(*tiebreak).eq_ignore_ascii_case(part)
                || tiebreak.name().eq_ignore_ascii_case(part)
        });
        match found {
            Some(tiebreak) => tiebreaks.push(tiebreak),
            None => {
                let known: Vec<&str> = Tiebreak::ALL.into_iter().map(tiebreak_words).collect();
                errors.add(
                    "tiebreaks",
                    format!(
                        "{part:?} is not a tiebreak; choose from {}.",
                        known.join(", ")
                    ),
                );
            }
        }
    }
    tiebreaks
}

/// Points as an organiser writes them: `1`, `0`, `½`, `1½`, `0.5` or `2.5`.
fn points_of(text: &str) -> Option<Points> {
    let text = text.trim();
    let (whole, half) = if let Some(whole) = text.strip_suffix('½') {
        (whole, true)
    } else if let Some(whole) = text.strip_suffix(".5") {
        (whole, true)
    } else {
        (text.strip_suffix(".0").unwrap_or(text), false)
    };
    let whole: u32 = if whole.is_empty() && half {
        0
    } else {
        whole.parse().ok()?
    };
    if whole > MAX_POINTS {
        return None;
    }
    Some(Points::halves(whole * 2 + u32::from(half)))
}

fn number_of(errors: &mut FieldErrors, field: &'static str, label: &str, text: &str) -> u32 {
    match text.trim().parse::<u32>() {
        Ok(number) => number,
        Err(_) => {
            errors.add(field, format!("Enter {label} as a whole number."));
            0
        }
    }
}

fn points_field(errors: &mut FieldErrors, field: &'static str, label: &str, text: &str) -> Points {
    points_of(text).unwrap_or_else(|| {
        errors.add(
            field,
            format!(
                "Enter {label} as points from 0 to {MAX_POINTS}, in halves (such as 1, ½ or 2½)."
            ),
        );
        Points::whole(0)
    })
}

/// A team event's match as the form gives it: so many singles, then so many pairs games, each
/// to the target, each player at most once of each kind (as most leagues play).
fn team_match_of(errors: &mut FieldErrors, form: &ChampionshipForm) -> TeamMatch {
    let singles = number_of(
        errors,
        "team_match",
        "the singles games",
        &form.singles_games,
    );
    let pairs = number_of(errors, "team_match", "the pairs games", &form.pairs_games);
    let target = if form.match_target.trim() == "121" {
        121
    } else {
        61
    };
    let legs = [(LegKind::Singles, singles), (LegKind::Pairs, pairs)]
        .into_iter()
        .filter(|(_, games)| *games > 0)
        .map(|(kind, games)| Leg {
            kind,
            games,
            target,
        })
        .collect();
    TeamMatch {
        legs,
        player_limits: PlayerLimits::default(),
    }
}

/// What a table plays, by the form's name for it; `games` reads the number of games, only
/// for a play that has one.
fn table_play_named(name: &str, games: impl FnOnce() -> u32) -> TablePlay {
    match name {
        "best-of" => TablePlay::BestOf(games()),
        "first-to" => TablePlay::FirstTo(games()),
        _ => TablePlay::OneGame,
    }
}

/// The format's parts as the form gives them, the table's scoring apart (it follows from them).
fn choice_of(errors: &mut FieldErrors, form: &ChampionshipForm) -> FormatChoice {
    let entrants = match form.entrants.as_str() {
        "pairs" => EntrantKind::Pairs,
        "teams" => EntrantKind::Teams,
        _ => EntrantKind::Players,
    };
    let checked = |value: &Option<String>| value.is_some();
    let stages = match form.stages.as_str() {
        "round-robin" => Stages::RoundRobin,
        "groups" => Stages::Groups {
            groups: number_of(errors, "groups", "the number of groups", &form.groups),
            advance: number_of(
                errors,
                "advance",
                "how many go on from each group",
                &form.advance,
            ),
        },
        "knockout" => Stages::Knockout {
            third_place: checked(&form.third_place),
        },
        "double-elimination" => Stages::DoubleElimination {
            grand_final_reset: checked(&form.grand_final_reset),
        },
        "swiss-then-knockout" => Stages::SwissThenKnockout {
            rounds: number_of(errors, "rounds", "the Swiss's rounds", &form.rounds),
            top: number_of(errors, "top", "how many go on to the knockout", &form.top),
            third_place: checked(&form.third_place),
        },
        _ => Stages::Swiss {
            rounds: number_of(errors, "rounds", "the number of rounds", &form.rounds),
        },
    };
    let team_match = (entrants == EntrantKind::Teams).then(|| team_match_of(errors, form));
    let table_play = if team_match.is_some() {
        // A team event's table is its one team match, whatever the form's table play says.
        TablePlay::OneGame
    } else {
        table_play_named(&form.table_play, || {
            number_of(errors, "table_games", "the games", &form.table_games)
        })
    };
    let seeding = match form.seeding.as_str() {
        "entry" => fives_pairing::document::Seeding::Entry,
        _ => fives_pairing::document::Seeding::Rating,
    };
    // A form without the choice (an older page, a script) asks for the hands, as before.
    let level = form.entry_level.trim();
    let chosen = if level.is_empty() {
        Some(EntryLevel::default())
    } else {
        EntryLevel::named(level)
    };
    let entry_level = chosen.unwrap_or_else(|| {
        errors.add(
            "entry_level",
            "Choose what a table's result gives of each game: its final score, every hand's \
             score, or every hand's pegs.",
        );
        EntryLevel::default()
    });
    FormatChoice {
        entrants,
        team_match,
        stages,
        seats: number_of(errors, "seats", "the seats at a table", &form.seats),
        partnerships: checked(&form.partnerships),
        table_play,
        // Set by `scoring_of` once the rest is known.
        scoring: TableScoring::ByPlace(Vec::new()),
        bye_points: points_field(errors, "bye_points", "a bye's points", &form.bye_points),
        tiebreaks: tiebreaks_of(errors, &form.tiebreaks),
        seeding,
        entry_level,
    }
}

/// Whether a table of `seats` seats, partners or not, scores by place: three or four each for
/// themselves; two sides score a win and a loss.
fn scores_by_place(seats: u32, partnerships: bool) -> bool {
    let seating = Seating {
        seats,
        partnerships,
    };
    seating.sides() > 2
}

/// How a table of the choice scores: by place, or a win and a loss, and a draw only where a
/// table can be drawn; elsewhere the draw's field is not read, and the draw, never given, is
/// kept at the loss's points.
fn scoring_of(
    errors: &mut FieldErrors,
    form: &ChampionshipForm,
    choice: &FormatChoice,
) -> TableScoring {
    if scores_by_place(choice.seats, choice.partnerships) {
        return TableScoring::ByPlace(
            form.places
                .split(',')
                .map(|part| points_field(errors, "scoring", "each place's points", part))
                .collect(),
        );
    }
    let win = points_field(errors, "scoring", "a win's points", &form.win);
    let loss = points_field(errors, "scoring", "a loss's points", &form.loss);
    let draw = if choice.can_draw() {
        points_field(errors, "scoring", "a drawn table's points", &form.draw)
    } else {
        loss
    };
    TableScoring::WinDrawLoss { win, draw, loss }
}

/// The form's choices at which the script shows a field only some choices read, each found by
/// reading a form of that choice as a posted one is read, so that the script holds no rule of
/// the game: where a table scores by place, and where it can be drawn.
pub(super) struct ScriptChoices {
    /// `seats/partnerships` (as the form sends them) of a table that scores by place.
    pub by_place: String,
    /// `seats/partnerships/table_play/table_games` of a table of players or pairs that can be
    /// drawn.
    pub drawn_tables: String,
    /// `singles_games/pairs_games` of a team match that can be drawn.
    pub drawn_team_matches: String,
}

impl ScriptChoices {
    pub(super) fn new() -> Self {
        let read = |form: ChampionshipForm| choice_of(&mut FieldErrors::default(), &form);
        let partnered = [None, Some("on".to_string())];
        let mut by_place = Vec::new();
        let mut drawn_tables = Vec::new();
        for seats in 2..=4u32 {
            for partnerships in &partnered {
                let mark = partnerships.as_deref().unwrap_or("");
                if scores_by_place(seats, partnerships.is_some()) {
                    by_place.push(format!("{seats}/{mark}"));
                    continue;
                }
                for play in ["best-of", "first-to"] {
                    for games in 1..=MAX_TABLE_GAMES {
                        let choice = read(ChampionshipForm {
                            seats: seats.to_string(),
                            partnerships: partnerships.clone(),
                            table_play: play.into(),
                            table_games: games.to_string(),
                            ..ChampionshipForm::default()
                        });
                        if choice.can_draw() {
                            drawn_tables.push(format!("{seats}/{mark}/{play}/{games}"));
                        }
                    }
                }
            }
        }
        let mut drawn_team_matches = Vec::new();
        for singles in 0..=MAX_GAMES_PER_LEG {
            for pairs in 0..=MAX_GAMES_PER_LEG {
                let choice = read(ChampionshipForm {
                    entrants: "teams".into(),
                    singles_games: singles.to_string(),
                    pairs_games: pairs.to_string(),
                    ..ChampionshipForm::default()
                });
                if choice.can_draw() {
                    drawn_team_matches.push(format!("{singles}/{pairs}"));
                }
            }
        }
        Self {
            by_place: by_place.join(" "),
            drawn_tables: drawn_tables.join(" "),
            drawn_team_matches: drawn_team_matches.join(" "),
        }
    }
}

/// The championship the form describes, or each problem at its field.
pub(super) fn input_of(form: &ChampionshipForm) -> Result<ChampionshipInput, FieldErrors> {
    let mut errors = FieldErrors::default();
    let name = DisplayName::try_from(form.name.as_str())
        .map_err(|error| errors.add("name", error.to_string()))
        .ok();
    // Read as every league date is: the ISO a date picker sends, or day/month/year typed.
    let starts_on = parse_date(&form.starts_on)
        .map_err(|error| errors.add("starts_on", error))
        .ok();
    let ends_on = if form.ends_on.trim().is_empty() {
        starts_on
    } else {
        parse_date(&form.ends_on)
            .map_err(|error| errors.add("ends_on", error))
            .ok()
    };
    let preset = Preset::ALL
        .iter()
        .copied()
        .find(|p| p.name() == form.preset);
    if preset.is_none() {
        errors.add("preset", "Choose the game.");
    }
    let target = match form.ruleset_target.trim() {
        "" => None,
        text => Some(number_of(
            &mut errors,
            "ruleset_target",
            "the game's target",
            text,
        )),
    };
    let mut choice = choice_of(&mut errors, form);
    choice.scoring = scoring_of(&mut errors, form, &choice);
    let format = if errors.is_empty() {
        ChampionshipFormat::try_from(choice)
            .map_err(|problems| {
                for problem in problems {
                    errors.add(problem.field, problem.message);
                }
            })
            .ok()
    } else {
        None
    };
    match (name, starts_on, ends_on, preset, format) {
        (Some(name), Some(starts_on), Some(ends_on), Some(preset), Some(format))
            if errors.is_empty() =>
        {
            Ok(ChampionshipInput {
                name,
                starts_on,
                ends_on,
                venue: form.venue.clone(),
                ruleset: RulesetSpec {
                    preset,
                    overrides: Overrides {
                        target: target.map(|points| Target {
                            by_players: PerPlayers::all(points),
                            partners: points,
                        }),
                        ..Overrides::default()
                    },
                },
                format,
            })
        }
        _ => Err(errors),
    }
}
