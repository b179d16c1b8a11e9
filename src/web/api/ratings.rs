//! Players' ratings through the API: the organisation's pools, and each pool's ratings with its
//! games document, exactly as `fives ratings` gives them on that document.

use actix_web::web::{Data, Path};
use actix_web::{HttpResponse, get};
use serde::Serialize;
use utoipa::ToSchema;

use super::error::{ApiError, ErrorBody};
use crate::app::ratings::{self, Pool};
use crate::web::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct RatingView {
    /// The player's name.
    pub player: String,
    /// The id in the games document (`p12`: the player with id 12).
    pub id: String,
    /// 1500 + 60 × (μ − 25), as `fives ratings` writes it.
    pub rating: i64,
    /// The rating of μ − 2σ and of μ + 2σ: where it likely lies.
    pub low: i64,
    pub high: i64,
    /// Rated games played.
    pub games: u64,
    /// Fewer than 10 rated games.
    pub provisional: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PoolView {
    /// The game family: `fives-and-threes`, `all-fives`, `muggins`, `five-up` or
    /// `doubles-in-the-boneyard`.
    pub family: String,
    pub name: String,
    /// The rated games.
    pub games: usize,
    /// Highest first, then by id, as `fives ratings` lists them.
    pub ratings: Vec<RatingView>,
    /// The address of the pool's games document.
    pub games_document: String,
}

fn pool_view(pool: &Pool) -> PoolView {
    let family = pool.family.name();
    PoolView {
        family: family.to_string(),
        name: pool.family_name.to_string(),
        games: pool.games,
        ratings: pool
            .ratings
            .iter()
            .map(|line| RatingView {
                player: line.name.clone(),
                id: line.id.clone(),
                rating: line.rating,
                low: line.low,
                high: line.high,
                games: line.games,
                provisional: line.provisional,
            })
            .collect(),
        games_document: format!(
            "/leagues/{}/ratings/{family}/games.json",
            pool.organisation.slug
        ),
    }
}

#[utoipa::path(
    tag = "ratings",
    description = "The organisation's rating pools, one a game family with confirmed games: \
                   every confirmed league game (singles and pairs; a conceded game a loss for \
                   the side that gave it up; walkovers and games without players named are \
                   not rated), rated by Weng–Lin in the order played. Derived on every read, \
                   so always up to date. No token needed.",
    params(("slug" = String, Path, description = "The organisation's short name")),
    responses(
        (status = 200, body = Vec<PoolView>),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/ratings")]
pub async fn list_rating_pools(
    state: Data<AppState>,
    slug: Path<String>,
) -> Result<HttpResponse, ApiError> {
    let pools = ratings::rating_pools(state.store.as_ref(), &state.ratings, &slug).await?;
    Ok(HttpResponse::Ok().json(
        pools
            .pools
            .iter()
            .map(|pool| pool_view(pool))
            .collect::<Vec<_>>(),
    ))
}

#[utoipa::path(
    tag = "ratings",
    description = "One pool's ratings, highest first: exactly what `fives ratings` writes for \
                   the pool's games document (`games_document`). A family with no rated game \
                   is an empty pool. No token needed.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        ("family" = String, Path, description = "The game family, such as `fives-and-threes`"),
    ),
    responses(
        (status = 200, body = PoolView),
        (status = 404, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/ratings/{family}")]
pub async fn get_rating_pool(
    state: Data<AppState>,
    path: Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (slug, family) = path.into_inner();
    let pool = ratings::rating_pool(state.store.as_ref(), &state.ratings, &slug, &family).await?;
    Ok(HttpResponse::Ok().json(pool_view(&pool)))
}
