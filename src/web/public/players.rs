//! The public players' pages: a division's players' table, and a player's page with their
//! record and every game they played in confirmed results.

use actix_web::web::{Data, Path, Query};
use actix_web::{HttpResponse, get};
use askama::Template;
use serde::Deserialize;

use crate::domain::ids::{DivisionId, PlayerId};
use crate::domain::player_tables::{PlayerGame, PlayerRow, player_table};
use crate::store::{Organisation, Player, Team};
use crate::web::AppState;
use crate::web::charts;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::public::league::{DivisionPlace, division_by_slug, organisation_by_slug};
use crate::web::session::Viewer;

/// A row as a table prints it: rates and averages to one decimal place.
struct PlayerLine {
    row: PlayerRow,
    team: String,
    win_rate: String,
    points_for: String,
    points_against: String,
    /// The player's rating in the competition's game family, once rated.
    rating: Option<i64>,
}

impl PlayerLine {
    fn new(row: PlayerRow, team: String) -> Self {
        Self {
            rating: None,
            win_rate: format!("{:.1}%", row.win_rate()),
            points_for: format!("{:.1}", row.points_for_per_game()),
            points_against: format!("{:.1}", row.points_against_per_game()),
            team,
            row,
        }
    }
}

#[derive(Template)]
#[template(path = "public/players.html")]
struct PlayersPage {
    layout: Layout,
    organisation: Organisation,
    place: DivisionPlace,
    players: Vec<PlayerLine>,
    /// The table sorted by rating rather than by games won.
    by_rating: bool,
}

#[derive(Debug, Deserialize)]
pub struct PlayersQuery {
    /// `rating` sorts the table by rating, highest first; anything else keeps its own order.
    sort: Option<String>,
}

#[get("/leagues/{slug}/divisions/{id}/players")]
pub async fn division_players(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
    query: Query<PlayersQuery>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let (organisation, place) = division_by_slug(store, &slug, DivisionId(id)).await?;
    let teams = store.teams_of(place.division.id).await?;
    let games = store.player_games_of_division(place.division.id).await?;
    let family = place.competition.ruleset.preset.name();
    let pool = crate::app::ratings::rating_pool(store, &slug, family).await?;
    let mut players: Vec<PlayerLine> = player_table(&games)
        .into_iter()
        .map(|row| {
            let team = team_name(&teams, &row);
            let rating = pool
                .ratings
                .iter()
                .find(|line| line.player == Some(row.player))
                .map(|line| line.rating);
            PlayerLine {
                rating,
                ..PlayerLine::new(row, team)
            }
        })
        .collect();
    let by_rating = query.sort.as_deref() == Some("rating");
    if by_rating {
        // Highest first; the unrated last, in the table's own order.
        players.sort_by_key(|line| std::cmp::Reverse(line.rating));
    }
    render(&PlayersPage {
        layout: viewer.layout(format!("{}: players", place.division.name)),
        organisation,
        place,
        players,
        by_rating,
    })
}

fn team_name(teams: &[Team], row: &PlayerRow) -> String {
    teams
        .iter()
        .find(|team| team.id == row.team)
        .map(|team| team.name.clone())
        .unwrap_or_default()
}

#[derive(Template)]
#[template(path = "public/player.html")]
struct PlayerPage {
    layout: Layout,
    organisation: Organisation,
    player: Player,
    teams: Vec<Team>,
    record: Option<PlayerLine>,
    games: Vec<PlayerGame>,
    /// The last games as a chart, once there are any.
    form_chart: Option<String>,
    /// The player's rating in each game family they are rated in.
    ratings: Vec<RatingLine>,
}

/// A player's rating as their page says it: "1,612, likely 1,420–1,800".
struct RatingLine {
    family: &'static str,
    family_name: &'static str,
    rating: String,
    range: String,
    games: u64,
    provisional: bool,
}

/// A whole number with its thousands set apart, as people write ratings: 1,612.
fn with_thousands(number: i64) -> String {
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

/// How many of a player's latest games the form chart shows.
const FORM_GAMES: usize = 10;

#[get("/leagues/{slug}/players/{id}")]
pub async fn player_page(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, i64)>,
) -> Result<HttpResponse, WebError> {
    let (slug, id) = path.into_inner();
    let store = state.store.as_ref();
    let organisation = organisation_by_slug(store, &slug).await?;
    let player = store
        .player(PlayerId(id))
        .await?
        .filter(|player| player.organisation_id == organisation.id)
        .ok_or(WebError::NotFound)?;
    let teams = store.teams_of_player(player.id).await?;
    let mut games = store.games_of_player(player.id).await?;
    let record = player_table(&games).into_iter().next().map(|row| {
        let team = team_name(&teams, &row);
        PlayerLine::new(row, team)
    });
    let form: Vec<charts::FormGame> = games[games.len().saturating_sub(FORM_GAMES)..]
        .iter()
        .map(|game| charts::FormGame {
            won: game.won,
            points_for: game.points_for,
            points_against: game.points_against,
        })
        .collect();
    let form_chart = charts::player_form(
        &form,
        &format!(
            "{}'s last {} games, oldest first: a bar up for a win, down for a loss, as long as the points it was won or lost by",
            player.name,
            form.len()
        ),
    );
    let ratings = crate::app::ratings::player_ratings(store, &slug, player.id)
        .await?
        .into_iter()
        .map(|rated| RatingLine {
            family: rated.family.name(),
            family_name: rated.family_name,
            rating: with_thousands(rated.rating.rating),
            range: format!(
                "{}–{}",
                with_thousands(rated.rating.low),
                with_thousands(rated.rating.high)
            ),
            games: rated.rating.games,
            provisional: rated.rating.provisional,
        })
        .collect();
    // Newest first: the games a visitor most likely came to see.
    games.reverse();
    render(&PlayerPage {
        layout: viewer.layout(player.name.clone()),
        organisation,
        player,
        teams,
        record,
        games,
        form_chart,
        ratings,
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
}
