//! Players' ratings, published so anyone can check them: the organisation's pools (one a game
//! family), each pool's players by rating with the provisional apart, its games document and
//! its ratings as CSV, which `fives ratings` on the document gives exactly.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use askama::Template;

use crate::app::ratings::{self, Pool, RatedPlayer};
use crate::store::Organisation;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, render};
use crate::web::public::csv_export;
use crate::web::public::league::{csv_response, file_name};
use crate::web::session::Viewer;

/// A pool as the list shows it.
struct PoolLine {
    slug: &'static str,
    name: &'static str,
    games: usize,
    players: usize,
}

#[derive(Template)]
#[template(path = "public/ratings.html")]
struct PoolsPage {
    layout: Layout,
    organisation: Organisation,
    pools: Vec<PoolLine>,
}

#[get("/leagues/{slug}/ratings")]
pub async fn rating_pools(
    viewer: Viewer,
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, WebError> {
    let pools = ratings::rating_pools(state.store.as_ref(), &state.ratings, &slug).await?;
    let organisation = pools.organisation.clone();
    render(&PoolsPage {
        layout: viewer.layout(format!("Ratings: {}", organisation.name)),
        pools: pools
            .pools
            .iter()
            .map(|pool| PoolLine {
                slug: pool.family.name(),
                name: pool.family_name,
                games: pool.games,
                players: pool.ratings.len(),
            })
            .collect(),
        organisation,
    })
}

#[derive(Template)]
#[template(path = "public/rating_pool.html")]
struct PoolPage {
    layout: Layout,
    organisation: Organisation,
    family: &'static str,
    family_name: &'static str,
    games: usize,
    rated: Vec<(usize, RatedPlayer)>,
    provisional: Vec<RatedPlayer>,
    provisional_below: u64,
}

fn pool_page(viewer: &Viewer, pool: &Pool) -> PoolPage {
    let (provisional, rated): (Vec<_>, Vec<_>) = pool
        .ratings
        .iter()
        .cloned()
        .partition(|line| line.provisional);
    PoolPage {
        layout: viewer.layout(format!(
            "{} ratings: {}",
            pool.family_name, pool.organisation.name
        )),
        family: pool.family.name(),
        family_name: pool.family_name,
        games: pool.games,
        rated: (1..).zip(rated).collect(),
        provisional,
        provisional_below: ratings::PROVISIONAL_BELOW,
        organisation: pool.organisation.clone(),
    }
}

#[get("/leagues/{slug}/ratings/{family}")]
pub async fn rating_pool(
    viewer: Viewer,
    state: Data<AppState>,
    path: Path<(String, String)>,
) -> Result<HttpResponse, WebError> {
    let (slug, family) = path.into_inner();
    let pool = ratings::rating_pool(state.store.as_ref(), &state.ratings, &slug, &family).await?;
    render(&pool_page(&viewer, &pool))
}

#[get("/leagues/{slug}/ratings/{family}/games.json")]
pub async fn games_document(
    state: Data<AppState>,
    path: Path<(String, String)>,
) -> Result<HttpResponse, WebError> {
    let (slug, family) = path.into_inner();
    let pool = ratings::rating_pool(state.store.as_ref(), &state.ratings, &slug, &family).await?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(pool.document.clone()))
}

#[get("/leagues/{slug}/ratings/{family}/ratings.csv")]
pub async fn ratings_csv(
    state: Data<AppState>,
    path: Path<(String, String)>,
) -> Result<HttpResponse, WebError> {
    let (slug, family) = path.into_inner();
    let pool = ratings::rating_pool(state.store.as_ref(), &state.ratings, &slug, &family).await?;
    let body = csv_export::ratings_csv(&pool.ratings);
    Ok(csv_response(
        file_name(&[&slug, &family], "ratings.csv"),
        body,
    ))
}
