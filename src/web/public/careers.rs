//! A player's career as their page shows it (a rating with its range and chart, the record by
//! season, partners and opponents, in each game family), and two players' head-to-head page.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use askama::Template;

use crate::app::careers::{FamilyCareer, Meeting, players_meeting};
use crate::app::ratings::Pool;
use crate::domain::career::{CareerGame, PlayedAt, Record};
use crate::domain::championship_event::Stage;
use crate::domain::ids::PlayerId;
use crate::web::AppState;
use crate::web::charts;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::session::Viewer;

/// A whole number with its thousands set apart, as people write ratings: 1,612.
pub fn with_thousands(number: i64) -> String {
    let digits = number.unsigned_abs().to_string();
    let mut out = String::new();
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    if number < 0 {
        out.insert(0, '-');
    }
    out
}

/// Another player in a career's tables, with a link to the head to head.
pub struct MetLine {
    pub player: PlayerId,
    pub name: String,
    pub record: Record,
}

/// A player's career in a game family, as their page says it.
pub struct CareerView {
    pub family: &'static str,
    pub family_name: &'static str,
    /// "1,612"
    pub rating: String,
    /// "1,420–1,800"
    pub range: String,
    pub games: u64,
    pub provisional: bool,
    pub chart: Option<String>,
    pub record: Record,
    pub seasons: Vec<(String, Record)>,
    /// The partners, then the opponents, each a table when there is anyone in it.
    pub met: Vec<MetTable>,
}

/// The partners or the opponents a career lists.
pub struct MetTable {
    /// `partners` or `opponents`, for the table's id.
    pub key: &'static str,
    pub caption: &'static str,
    /// The heading of the first column and of the count.
    pub who: &'static str,
    pub count: &'static str,
    pub lines: Vec<MetLine>,
}

/// The views of `player`'s careers, one a family they are rated in.
pub fn career_views(name: &str, careers: Vec<FamilyCareer>) -> Vec<CareerView> {
    careers
        .into_iter()
        .filter_map(|family| {
            let rating = family.rating?;
            let pool = &family.pool;
            let met = |lines: &[crate::domain::career::Acquaintance]| {
                lines
                    .iter()
                    .map(|met| MetLine {
                        player: met.player,
                        name: pool.name_of(met.player),
                        record: met.record,
                    })
                    .collect()
            };
            let points: Vec<(i64, i64, i64)> = family
                .history
                .iter()
                .map(|point| (point.rating, point.low, point.high))
                .collect();
            let chart = charts::rating_over_time(
                &points,
                &format!(
                    "{name}'s {} rating after each of {} games, from {} to {}",
                    pool.family_name,
                    points.len(),
                    points.first().map_or(0, |point| point.0),
                    points.last().map_or(0, |point| point.0),
                ),
            );
            Some(CareerView {
                family: pool.family.name(),
                family_name: pool.family_name,
                rating: with_thousands(rating.rating),
                range: format!(
                    "{}–{}",
                    with_thousands(rating.low),
                    with_thousands(rating.high)
                ),
                games: rating.games,
                provisional: rating.provisional,
                chart,
                record: family.career.record,
                seasons: family
                    .career
                    .by_event
                    .iter()
                    .map(|line| (line.event.to_string(), line.record))
                    .collect(),
                met: [
                    MetTable {
                        key: "partners",
                        caption: "Partners, most games together first",
                        who: "Partner",
                        count: "Together",
                        lines: met(&family.career.partners),
                    },
                    MetTable {
                        key: "opponents",
                        caption: "Opponents, most met first",
                        who: "Opponent",
                        count: "Met",
                        lines: met(&family.career.opponents),
                    },
                ]
                .into_iter()
                .filter(|table| !table.lines.is_empty())
                .collect(),
            })
        })
        .collect()
}

/// A game as the head-to-head page lists it.
struct MeetingGame {
    game: CareerGame,
    /// The fixture's or the championship's page.
    link: String,
    /// "Game 3" of a fixture, "Round 2, table 4" of a championship.
    place: String,
    /// "Won" or "Lost", for the first player.
    outcome: &'static str,
    /// The players of each side, the first player's side first: "Ann & Bob".
    sides: Vec<String>,
}

struct FamilyMeetingView {
    family_name: &'static str,
    /// The games against each other, then as partners, each under its caption.
    tables: Vec<(&'static str, Vec<MeetingGame>)>,
    against_record: Record,
    together_record: Record,
    /// "62%" and "38%": each one's chance in their next singles game.
    chances: Option<(String, String)>,
}

#[derive(Template)]
#[template(path = "public/head_to_head.html")]
struct HeadToHeadPage {
    layout: Layout,
    meeting: Meeting,
    families: Vec<FamilyMeetingView>,
}

/// A chance as a whole percentage, half away from zero.
pub fn percent(chance: f64) -> String {
    format!("{}%", (chance * 100.0).round())
}

#[get("/leagues/{slug}/players/{id}/v/{other}")]
pub async fn head_to_head_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, first, second) = path.into_inner();
    let meeting = players_meeting(
        state.store.as_ref(),
        &state.ratings,
        &slug,
        PlayerId(first),
        PlayerId(second),
    )
    .await?;
    let first = meeting.first.id;
    let listed = |pool: &Pool, games: &[CareerGame]| -> Vec<MeetingGame> {
        games
            .iter()
            .map(|game| {
                let mine = game.side_of(first).unwrap_or(0);
                let mut order: Vec<usize> = (0..game.sides.len()).collect();
                order.sort_by_key(|&side| side != mine);
                let (link, place) = match game.played_at {
                    PlayedAt::Fixture { fixture, game } => (
                        format!("/leagues/{slug}/fixtures/{fixture}"),
                        format!("Game {game}"),
                    ),
                    PlayedAt::Table {
                        championship,
                        stage,
                        round,
                        table,
                    } => (
                        format!("/leagues/{slug}/championships/{championship}"),
                        match stage {
                            Stage::Main => format!("Round {round}, table {table}"),
                            Stage::KnockoutAfterSwiss => {
                                format!("Knockout round {round}, table {table}")
                            }
                        },
                    ),
                };
                MeetingGame {
                    link,
                    place,
                    outcome: if game.won_by(first) { "Won" } else { "Lost" },
                    sides: order
                        .into_iter()
                        .map(|side| {
                            game.sides[side]
                                .iter()
                                .map(|&player| pool.name_of(player))
                                .collect::<Vec<_>>()
                                .join(" & ")
                        })
                        .collect(),
                    game: game.clone(),
                }
            })
            .collect()
    };
    let families = meeting
        .families
        .iter()
        .map(|family| FamilyMeetingView {
            family_name: family.pool.family_name,
            tables: vec![
                (
                    "Against each other, newest first",
                    listed(&family.pool, &family.against),
                ),
                (
                    "As partners, newest first",
                    listed(&family.pool, &family.together),
                ),
            ],
            against_record: family.against_record,
            together_record: family.together_record,
            chances: family
                .chance
                .map(|chance| (percent(chance), percent(1.0 - chance))),
        })
        .collect();
    render(&HeadToHeadPage {
        layout: viewer.layout(format!("{} v {}", meeting.first.name, meeting.second.name)),
        families,
        meeting,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn ratings_are_written_with_their_thousands_apart() {
        assert_eq!(super::with_thousands(1612), "1,612");
        assert_eq!(super::with_thousands(987), "987");
        assert_eq!(super::with_thousands(-1234567), "-1,234,567");
    }

    #[test]
    fn a_chance_is_a_whole_percentage() {
        assert_eq!(super::percent(0.625), "63%");
        assert_eq!(super::percent(0.5), "50%");
    }
}
