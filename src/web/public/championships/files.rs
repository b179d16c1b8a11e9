//! A championship's files: `standings.csv`, `pairings.csv`, the event document as JSON and an
//! iCalendar entry.

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse, get};
use chrono::Utc;

use crate::domain::championship::event::Stage;
use crate::domain::league_time::LEAGUE_TIME_ZONE;
use crate::store::TableStatus;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::public::calendar::{self, CalendarFeed};
use crate::web::public::csv_export::{self, PairingRow};
use crate::web::public::league::{csv_response, file_name, host_without_port};
use crate::web::session::Viewer;

use super::view::*;

#[get("/leagues/{slug}/championships/{id}/standings.csv")]
pub async fn standings_csv(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let stage = *view.stages().last().unwrap_or(&Stage::Main);
    let tiebreaks: Vec<String> = view
        .championship
        .format
        .tiebreaks
        .iter()
        .map(|t| t.name().to_string())
        .collect();
    let lines: Vec<Vec<String>> = view
        .standings(stage)
        .map_err(|refused| WebError::Conflict(standings_refused_words(&refused)))?
        .into_iter()
        .map(|line| {
            let mut row = vec![
                line.standing.rank.to_string(),
                line.entrant,
                line.standing.score.to_json(),
            ];
            row.extend(line.standing.tiebreaks.iter().map(|t| t.to_json()));
            row
        })
        .collect();
    Ok(csv_response(
        file_name(
            &[&view.organisation.slug, &view.championship.name],
            "standings.csv",
        ),
        csv_export::championship_standings_csv(&tiebreaks, &lines),
    ))
}

#[get("/leagues/{slug}/championships/{id}/pairings.csv")]
pub async fn pairings_csv(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let mut rows = Vec::new();
    for round in &view.rounds {
        let stage = round.stage.name();
        for table in &round.tables {
            let counted = (table.status == TableStatus::Confirmed)
                .then_some(table.result.as_ref())
                .flatten();
            let seating = view.championship.format.seating;
            let name = |entrant| {
                view.entrant(entrant)
                    .map(|e| e.name.clone())
                    .unwrap_or_default()
            };
            for (seat, &entrant) in table.seats.iter().enumerate() {
                let partner = (0..table.seats.len())
                    .filter(|&other| {
                        other != seat
                            && table.seats.len() == 4
                            && seating.partnerships
                            && seating.side_of(other) == seating.side_of(seat)
                    })
                    .map(|other| name(table.seats[other]))
                    .collect::<Vec<_>>()
                    .join(" & ");
                rows.push(PairingRow {
                    partner,
                    stage,
                    round: round.number,
                    table: Some(table.number),
                    seat: Some(seat + 1),
                    entrant: view
                        .entrant(entrant)
                        .map(|e| e.name.clone())
                        .unwrap_or_default(),
                    points: counted
                        .and_then(|r| r.outcome.points.get(seat))
                        .map(|p| p.exact().to_json())
                        .unwrap_or_default(),
                    game_points: counted
                        .and_then(|r| r.outcome.game_points.get(seat))
                        .map(ToString::to_string)
                        .unwrap_or_default(),
                    status: table.status.as_str(),
                });
            }
        }
        for &bye in &round.byes {
            rows.push(PairingRow {
                stage,
                round: round.number,
                table: None,
                seat: None,
                entrant: view
                    .entrant(bye)
                    .map(|e| e.name.clone())
                    .unwrap_or_default(),
                points: view.championship.format.bye_points.exact().to_json(),
                game_points: String::new(),
                status: "bye",
                partner: String::new(),
            });
        }
    }
    Ok(csv_response(
        file_name(
            &[&view.organisation.slug, &view.championship.name],
            "pairings.csv",
        ),
        csv_export::pairings_csv(&rows),
    ))
}

#[get("/leagues/{slug}/championships/{id}/event.json")]
pub async fn event_json(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let stage = *view.stages().last().unwrap_or(&Stage::Main);
    Ok(HttpResponse::Ok().json(view.event_document(stage)))
}

#[get("/leagues/{slug}/championships/{id}/calendar.ics")]
pub async fn championship_calendar(
    request: HttpRequest,
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let view = view(&viewer, &state, &slug, id).await?;
    let connection = request.connection_info();
    let feed = CalendarFeed {
        name: &view.championship.name,
        host: host_without_port(connection.host()),
        time_zone: LEAGUE_TIME_ZONE,
        generated_at: Utc::now(),
    };
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .body(calendar::championship_calendar(
            &feed,
            id,
            &view.championship.venue,
            view.championship.starts_on,
            view.championship.ends_on,
        )))
}
