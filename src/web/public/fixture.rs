//! A fixture's public page: the games hand by hand, the score, where the result stands and its
//! history, with the buttons for what the person looking may do with it (enter, confirm,
//! dispute, correct), which the use case says.
//!
//! Everything sits under the organisation's address, like the public league pages, so a
//! fixture of another organisation is a 404 here.

use actix_web::http::StatusCode;
use actix_web::web::{Data, Path, Query};
use actix_web::{HttpResponse, get};
use askama::Template;
use serde::Deserialize;

use crate::app::AppError;
use crate::app::fixture_squads::FixtureSquads;
use crate::app::lookup::{FixturePlace, fixture_place};
use crate::app::results::{self, HistoryLine, Part};
use crate::domain::ids::FixtureId;
use crate::domain::league_time::written;
use crate::domain::match_format::{FixtureScore, MatchFormat, Side};
use crate::domain::match_result::{GameOutcome, ResultSheet, game_slots};
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{
    Competition, Division, Fixture, Organisation, ResultAction, Store, VersionScore,
};
use crate::web::AppState;
use crate::web::dates::date_and_time;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render_with_status};
use crate::web::public::careers::{percent, with_thousands};
use crate::web::result_form::HandLine;
use crate::web::session::Viewer;

/// The fixture's page.
pub(crate) fn page_of(place: &FixturePlace) -> String {
    format!(
        "/leagues/{}/fixtures/{}",
        place.organisation.slug, place.fixture.id
    )
}

/// The fixture `id` of the organisation `slug`, or 404.
pub(crate) async fn place_of(
    store: &dyn Store,
    slug: &str,
    id: i64,
) -> Result<FixturePlace, WebError> {
    Ok(fixture_place(store, slug, FixtureId(id)).await?)
}

use crate::web::dates::{long_date, moment as when};

pub(crate) fn status_words(status: FixtureStatus) -> &'static str {
    match status {
        FixtureStatus::Scheduled => "Scheduled",
        FixtureStatus::Postponed => "Postponed",
        FixtureStatus::AwaitingConfirmation => "Awaiting confirmation",
        FixtureStatus::Disputed => "Disputed: the league will decide",
        FixtureStatus::Confirmed => "Confirmed",
        FixtureStatus::Walkover => "Walkover",
    }
}

/// A score in words: `Anchor 2–1 Bell`, or a walkover with the games it counts as.
fn score_words(score: FixtureScore, format: &MatchFormat, teams: (&str, &str)) -> String {
    let (home, away) = format.games(score);
    match score {
        FixtureScore::Played { .. } => format!("{} {home}–{away} {}", teams.0, teams.1),
        FixtureScore::Walkover { conceded_by } => {
            let absent = match conceded_by {
                Side::Home => teams.0,
                Side::Away => teams.1,
            };
            format!(
                "{} {home}–{away} {} (walkover: {absent} did not play)",
                teams.0, teams.1
            )
        }
    }
}

fn version_words(version: &VersionScore, format: &MatchFormat, teams: (&str, &str)) -> String {
    format!(
        "version {}: {}",
        version.version,
        score_words(version.score, format, teams)
    )
}

/// A game of the kept result as the scoresheet shows it.
struct GameView {
    heading: String,
    number: u32,
    home_players: String,
    away_players: String,
    outcome: String,
    /// For the one-line summary: the score (home first) and who won the game.
    score: String,
    winner: String,
    lines: Vec<HandLine>,
}

/// What the person looking has just done, said at the top of the fixture's page they land on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Done {
    Submitted,
    Withdrawn,
    Amended,
    /// An organiser's changes of the fixture itself.
    Moved,
    Postponed,
    Swapped,
}

impl Done {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Done::Submitted => "submitted",
            Done::Withdrawn => "withdrawn",
            Done::Amended => "amended",
            Done::Moved => "moved",
            Done::Postponed => "postponed",
            Done::Swapped => "swapped",
        }
    }

    /// An organiser's change of `fixture` (as it is now) in a sentence; `None` for a captain's
    /// doing.
    pub(crate) fn of_fixture(self, fixture: &Fixture) -> String {
        let teams = format!("{} v {}", fixture.home_team, fixture.away_team);
        match self {
            Done::Moved => format!(
                "{teams} now plays on {}.",
                date_and_time(fixture.date, fixture.start_time)
            ),
            Done::Postponed => {
                format!("{teams} is postponed; it keeps its date until it is given a new one.")
            }
            Done::Swapped => format!(
                "Home and away are swapped: {teams}, at {}'s pub.",
                fixture.home_team
            ),
            Done::Submitted | Done::Withdrawn | Done::Amended => format!("{teams} changed."),
        }
    }

    pub(crate) fn named(text: &str) -> Option<Self> {
        [
            Done::Submitted,
            Done::Withdrawn,
            Done::Amended,
            Done::Moved,
            Done::Postponed,
            Done::Swapped,
        ]
        .into_iter()
        .find(|done| done.as_str() == text)
    }
}

/// The page's address may say what was just done (`?done=submitted`).
#[derive(Debug, Default, Deserialize)]
pub struct FixtureQuery {
    done: Option<String>,
}

fn game_views(
    sheet: &ResultSheet,
    squads: &FixtureSquads,
    competition: &Competition,
    teams: (&str, &str),
) -> Vec<GameView> {
    let ResultSheet::Played { games } = sheet else {
        return Vec::new();
    };
    let slots = game_slots(&competition.match_format);
    games
        .iter()
        .zip(&slots)
        .zip(1..)
        .map(|((game, leg), number)| {
            let names = |players: &[crate::domain::ids::PlayerId]| {
                if players.is_empty() {
                    "—".to_string()
                } else {
                    players
                        .iter()
                        .map(|player| squads.name(*player))
                        .collect::<Vec<_>>()
                        .join(" and ")
                }
            };
            let (outcome, score, winner, lines) = game_outcome(&game.outcome, teams);
            GameView {
                heading: format!("Game {number}: {} to {}", leg.kind, leg.target),
                number,
                home_players: names(&game.home),
                away_players: names(&game.away),
                outcome,
                score,
                winner,
                lines,
            }
        })
        .collect()
}

/// A kept game as the pages say it: what happened ("Red Lion won 61–45"), its score, home
/// first ("61–45"), the winning team, and its hands with running totals.
pub(crate) fn game_outcome(
    outcome: &GameOutcome,
    teams: (&str, &str),
) -> (String, String, String, Vec<HandLine>) {
    let won = |home: i64, away: i64| {
        if home > away {
            (
                format!("{} won {home}–{away}", teams.0),
                teams.0.to_string(),
            )
        } else {
            (
                format!("{} won {away}–{home}", teams.1),
                teams.1.to_string(),
            )
        }
    };
    match outcome {
        GameOutcome::ConcededBy(side) => {
            let (by, to) = match side {
                Side::Home => teams,
                Side::Away => (teams.1, teams.0),
            };
            (
                format!("Conceded by {by}: a game to {to}"),
                format!("conceded by {by}"),
                to.to_string(),
                Vec::new(),
            )
        }
        GameOutcome::FinalScore { home, away } => {
            let (outcome, winner) = won(*home, *away);
            (outcome, format!("{home}–{away}"), winner, Vec::new())
        }
        GameOutcome::Hands(hands) => {
            let lines =
                crate::web::result_form::running_totals(hands.iter().map(|hand| Ok(hand.clone())));
            let (outcome, score, winner) = match lines.last() {
                Some(last) => {
                    let (outcome, winner) = won(last.home_total, last.away_total);
                    (
                        outcome,
                        format!("{}–{}", last.home_total, last.away_total),
                        winner,
                    )
                }
                None => (String::new(), String::new(), String::new()),
            };
            (outcome, score, winner, lines)
        }
    }
}

/// A line of the audit log as the page shows it.
struct EventView {
    at: String,
    who: String,
    action: &'static str,
    change: String,
    reason: Option<String>,
}

/// The history's lines as the page shows them: who acted by their part in the fixture, with
/// their address when the use case gives it (to organisers).
fn event_views(place: &FixturePlace, history: Vec<HistoryLine>) -> Vec<EventView> {
    let format = &place.competition.match_format;
    history
        .into_iter()
        .map(|line| {
            let part = match line.part {
                Part::CaptainOf(Side::Home) => format!("captain of {}", place.fixture.home_team),
                Part::CaptainOf(Side::Away) => format!("captain of {}", place.fixture.away_team),
                Part::League => "the league".to_string(),
            };
            let who = match &line.email {
                Some(email) => format!("{part} ({email})"),
                None => part,
            };
            let event = line.event;
            let after = version_words(&event.after, format, place.teams());
            let change = match &event.before {
                Some(before) => {
                    format!("{} → {after}", version_words(before, format, place.teams()))
                }
                None => after,
            };
            EventView {
                at: when(event.at),
                who,
                action: match event.action {
                    ResultAction::Submitted => "Submitted",
                    ResultAction::Confirmed => "Confirmed",
                    ResultAction::Disputed => "Disputed",
                    ResultAction::Corrected => "Corrected",
                    ResultAction::Withdrawn => "Withdrawn",
                    ResultAction::Amended => "Amended",
                },
                change,
                reason: event.reason,
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "public/fixture.html")]
struct FixturePage {
    layout: Layout,
    organisation: Organisation,
    competition: Competition,
    division: Division,
    fixture: Fixture,
    date: String,
    status: &'static str,
    score: Option<String>,
    corrected_on: Option<String>,
    /// For a fixture still without a result, when it is due.
    due_by: Option<String>,
    games: Vec<GameView>,
    history: Vec<EventView>,
    result_id: i64,
    may_enter: bool,
    /// On the fixture's day and after: its games may be scored hand by hand.
    may_score_hands: bool,
    may_confirm: bool,
    may_dispute: bool,
    may_withdraw: bool,
    may_correct: bool,
    error: Option<String>,
    reason: String,
    /// What the person looking has just done, in a sentence.
    done: Option<String>,
    /// The browser's draft of this fixture's result, to forget once it is kept.
    clear_draft: Option<String>,
    /// Before it is played: each side's chance from the players' ratings.
    outlook: Option<OutlookView>,
    /// A result waits for the other captain: a visitor is told to log in to answer it.
    awaiting_confirmation: bool,
    /// For an organiser, while it has no result: the re-date form, as typed when refused.
    redate: Option<RedateView>,
    /// What a move just made clashes with.
    date_warnings: Vec<String>,
}

/// The fixture page's re-date form for an organiser.
pub(crate) struct RedateView {
    date: String,
    start_time: String,
    error: Option<String>,
    postponed: bool,
}

pub(crate) async fn show_fixture(
    viewer: &Viewer,
    store: &dyn Store,
    place: FixturePlace,
    status: StatusCode,
    error: Option<String>,
    reason: String,
) -> Result<HttpResponse, WebError> {
    show_fixture_after(
        viewer,
        store,
        place,
        status,
        error,
        reason,
        Extras::default(),
    )
    .await
}

/// What only the plain fixture page shows.
#[derive(Default)]
struct Extras {
    /// What the person looking has just done.
    done: Option<Done>,
    /// The fixture's chances, before it is played.
    outlook: Option<OutlookView>,
    /// A re-date refused: the date and time as typed, and why.
    redate_refused: Option<(String, String, String)>,
    /// What a move just made clashes with.
    date_warnings: Vec<String>,
}

/// The fixture's page again with an organiser's re-date of it refused: what was typed, at the
/// form, and why.
pub(crate) async fn show_fixture_redate_refused(
    viewer: &Viewer,
    store: &dyn Store,
    place: FixturePlace,
    (date, start_time): (String, String),
    message: String,
) -> Result<HttpResponse, WebError> {
    show_fixture_after(
        viewer,
        store,
        place,
        StatusCode::UNPROCESSABLE_ENTITY,
        None,
        String::new(),
        Extras {
            redate_refused: Some((date, start_time, message)),
            ..Extras::default()
        },
    )
    .await
}

/// A fixture's chances as its page says them.
struct OutlookView {
    family_name: &'static str,
    /// "Ann 1,612, Bob 1,540"
    home: String,
    away: String,
    needed: u32,
    home_chance: String,
    draw_chance: Option<String>,
    away_chance: String,
    singles: String,
}

fn outlook_view(outlook: crate::app::careers::FixtureOutlook, draws: bool) -> OutlookView {
    let players = |side: &[(String, i64)]| {
        side.iter()
            .map(|(name, rating)| format!("{name} {}", with_thousands(*rating)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    OutlookView {
        family_name: outlook.family_name,
        home: players(&outlook.home),
        away: players(&outlook.away),
        needed: outlook.needed,
        home_chance: percent(outlook.chances.home),
        draw_chance: draws.then(|| percent(outlook.chances.draw)),
        away_chance: percent(outlook.chances.away),
        singles: percent(outlook.singles),
    }
}

async fn show_fixture_after(
    viewer: &Viewer,
    store: &dyn Store,
    place: FixturePlace,
    status: StatusCode,
    error: Option<String>,
    reason: String,
    extras: Extras,
) -> Result<HttpResponse, WebError> {
    let done = extras.done;
    let shown = results::fixture_result(store, viewer.who(), &place).await?;
    let current = shown.current;
    let rights = shown.rights;
    let (may_confirm, may_dispute, may_withdraw) = match &current {
        Some(result) => (
            rights.may_confirm(&place, result),
            rights.may_dispute(&place, result),
            rights.may_withdraw(&place, result),
        ),
        None => (false, false, false),
    };
    // Corrected when the current version is one a correction put in.
    let corrected = current.as_ref().is_some_and(|result| {
        shown.history.iter().any(|line| {
            line.event.action == ResultAction::Corrected
                && line.event.after.version == result.version
        })
    });
    let other_team = match rights.captain_of {
        Some(Side::Away) => &place.fixture.home_team,
        _ => &place.fixture.away_team,
    };
    let done_words = done.map(|done| match done {
        Done::Submitted if current.is_some() => format!(
            "Your result has been kept. It counts once the {other_team} captain confirms it; until then you may amend or withdraw it below."
        ),
        Done::Amended => format!(
            "Your amended result has been kept. The {other_team} captain is told it changed; it counts once they confirm it."
        ),
        Done::Submitted => "Your result has been kept.".to_string(),
        Done::Withdrawn => {
            "Your result has been withdrawn: the fixture has no result, and you may enter it again."
                .to_string()
        }
        Done::Moved | Done::Postponed | Done::Swapped => done.of_fixture(&place.fixture),
    });
    let redate = (rights.organiser && place.fixture.status.is_unplayed()).then(|| {
        let (date, start_time, error) = match extras.redate_refused {
            Some((date, time, message)) => (date, time, Some(message)),
            None => (
                written(place.fixture.date),
                (place.fixture.start_time)
                    .filter(|time| Some(*time) != place.season.start_time)
                    .map(|time| time.format("%H:%M").to_string())
                    .unwrap_or_default(),
                None,
            ),
        };
        RedateView {
            date,
            start_time,
            error,
            postponed: place.fixture.status == FixtureStatus::Postponed,
        }
    });
    let page = FixturePage {
        layout: viewer.layout(format!(
            "{} v {}",
            place.fixture.home_team, place.fixture.away_team
        )),
        date: long_date(place.fixture.date),
        status: status_words(place.fixture.status),
        score: current.as_ref().map(|result| {
            score_words(result.score, &place.competition.match_format, place.teams())
        }),
        corrected_on: current
            .as_ref()
            .filter(|_| corrected)
            .map(|result| long_date(result.submitted_at.date_naive())),
        games: current.as_ref().map_or_else(Vec::new, |result| {
            game_views(
                &result.sheet,
                &shown.squads,
                &place.competition,
                place.teams(),
            )
        }),
        due_by: shown.due_by.map(long_date),
        history: event_views(&place, shown.history),
        result_id: current.as_ref().map_or(0, |result| result.id),
        may_enter: rights.may_enter(&place),
        may_score_hands: rights.may_enter(&place)
            && crate::domain::fixture_dates::may_enter_result(
                place.fixture.date,
                crate::app::league_today(),
                false,
                None,
            )
            .is_ok(),
        may_confirm,
        may_dispute,
        may_withdraw,
        may_correct: rights.may_correct(current.as_ref()),
        error,
        reason,
        clear_draft: (done == Some(Done::Submitted)).then(|| {
            format!(
                "fives:result-draft:{}:{}",
                place.organisation.slug, place.fixture.id
            )
        }),
        done: done_words,
        outlook: extras.outlook,
        awaiting_confirmation: place.fixture.status == FixtureStatus::AwaitingConfirmation,
        redate,
        date_warnings: extras.date_warnings,
        organisation: place.organisation,
        competition: place.competition,
        division: place.division,
        fixture: place.fixture,
    };
    render_with_status(status, &page)
}

/// What a fixture's date, just moved, clashes with, in words for the organiser who moved it.
pub(crate) async fn date_warnings_in_words(
    store: &dyn Store,
    viewer: &Viewer,
    slug: &str,
    fixture: FixtureId,
) -> Result<Vec<String>, AppError> {
    Ok(
        crate::app::fixtures::date_warnings_of(store, viewer.who(), slug, fixture)
            .await?
            .iter()
            .map(ToString::to_string)
            .collect(),
    )
}

/// The public page of a fixture and its result.
#[get("/leagues/{slug}/fixtures/{id}")]
pub async fn fixture_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    query: Query<FixtureQuery>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let draws = place.competition.match_format.games_per_fixture() % 2 == 0;
    let outlook = crate::app::careers::fixture_outlook(store, &state.ratings, &place)
        .await?
        .map(|outlook| outlook_view(outlook, draws));
    let done = query.done.as_deref().and_then(Done::named);
    // Only an organiser moves a fixture, and is shown what its new date clashes with.
    let date_warnings = match done {
        Some(Done::Moved) => {
            match date_warnings_in_words(store, &viewer, &slug, place.fixture.id).await {
                Ok(warnings) => warnings,
                // Only an organiser moves a fixture, and is told what its new date clashes with.
                Err(AppError::NotSignedIn | AppError::Forbidden) => Vec::new(),
                Err(error) => return Err(viewer.refused(error)),
            }
        }
        _ => Vec::new(),
    };
    show_fixture_after(
        &viewer,
        store,
        place,
        StatusCode::OK,
        None,
        String::new(),
        Extras {
            done,
            outlook,
            date_warnings,
            ..Extras::default()
        },
    )
    .await
}

/// A game as the printable scoresheet lays it out: its kind and target, and blank lines for
/// its hands.
struct SheetGame {
    number: u32,
    heading: String,
    pairs: bool,
    /// As many blank hands as a game to its target is likely to need.
    hands: Vec<u32>,
}

/// The most blank hands a game is given on the sheet: a game to 121 rarely needs more.
const MOST_SHEET_HANDS: u32 = 30;

#[derive(Template)]
#[template(path = "public/scoresheet.html")]
struct ScoresheetPage {
    layout: Layout,
    organisation: Organisation,
    competition: Competition,
    division: Division,
    fixture: Fixture,
    date: String,
    home_squad: Vec<String>,
    away_squad: Vec<String>,
    games: Vec<SheetGame>,
}

/// A fixture's scoresheet to print and fill in at the pub: the games of the match format,
/// both squads to choose from, and a grid of hands for each game.
#[get("/leagues/{slug}/fixtures/{id}/scoresheet")]
pub async fn scoresheet(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let place = place_of(store, &slug, id).await?;
    let squads = FixtureSquads::of(store, &place.fixture).await?;
    let names = |squad: &[crate::domain::match_result::SquadMember]| -> Vec<String> {
        squad.iter().map(|member| member.name.clone()).collect()
    };
    let games = game_slots(&place.competition.match_format)
        .iter()
        .zip(1..)
        .map(|(leg, number)| SheetGame {
            number,
            heading: format!("Game {number}: {} to {}", leg.kind, leg.target),
            pairs: leg.kind == crate::domain::match_format::LegKind::Pairs,
            // A hand scores a side about five points on average.
            hands: (1..=leg.target.div_ceil(5).min(MOST_SHEET_HANDS)).collect(),
        })
        .collect();
    let page = ScoresheetPage {
        layout: viewer.layout(format!(
            "Scoresheet: {} v {}",
            place.fixture.home_team, place.fixture.away_team
        )),
        date: long_date(place.fixture.date),
        home_squad: names(&squads.home),
        away_squad: names(&squads.away),
        games,
        organisation: place.organisation,
        competition: place.competition,
        division: place.division,
        fixture: place.fixture,
    };
    render_with_status(StatusCode::OK, &page)
}
