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
use crate::web::public::careers::{CareerView, career_views};
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
    /// The fewest games a player is ranked with (0: everyone is).
    min_games: u32,
    /// The players of fewer games, listed apart.
    unranked: Vec<PlayerLine>,
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
    let pool = crate::app::ratings::rating_pool(store, &state.ratings, &slug, family).await?;
    let players: Vec<PlayerLine> = player_table(&games)
        .into_iter()
        .map(|row| {
            let team = team_name(&teams, &row);
            let rating = pool.rating_of(row.player).map(|line| line.rating);
            PlayerLine {
                rating,
                ..PlayerLine::new(row, team)
            }
        })
        .collect();
    let min_games = store.player_table_min_games(place.competition.id).await?;
    let (mut players, unranked): (Vec<PlayerLine>, Vec<PlayerLine>) = players
        .into_iter()
        .partition(|line| line.row.played >= min_games);
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
        min_games,
        unranked,
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
    /// The player's rating and career in each game family they are rated in.
    careers: Vec<CareerView>,
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
    let careers = career_views(
        &player.name,
        crate::app::careers::player_career(store, &state.ratings, &slug, player.id).await?,
    );
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
        careers,
    })
}
