//! Players' ratings, derived on every read from the games they rate, so they are always true:
//! a result confirmed, corrected or withdrawn, or a player removed, is in the next read. Each
//! pool (an organisation and a game family) publishes its games document, and its ratings are
//! exactly what `fives ratings` gives on that document: the service runs the same command on
//! it.

use std::collections::HashMap;

use fives_rules::Preset;
use serde::Deserialize;

use super::AppError;
use super::lookup;
use crate::domain::ids::PlayerId;
use crate::domain::rating_games::{RatedGame, games_document, league_game, player_of_key};
use crate::domain::rule_words::game_name;
use crate::store::{Organisation, Store};

/// Below this many rated games a rating is provisional (the specification's figure).
pub const PROVISIONAL_BELOW: u64 = 10;

/// A player's line in a pool's ratings, as `fives ratings` writes it, with their name.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct RatedPlayer {
    /// The id in the games document (`p12`).
    pub id: String,
    #[serde(skip)]
    pub player: Option<PlayerId>,
    #[serde(skip)]
    pub name: String,
    pub rating: i64,
    pub low: i64,
    pub high: i64,
    pub games: u64,
    pub provisional: bool,
}

/// A pool: its family, its games document, and its ratings, highest first.
pub struct Pool {
    pub organisation: Organisation,
    pub family: Preset,
    pub family_name: &'static str,
    /// The games document, as published.
    pub document: String,
    pub games: usize,
    pub ratings: Vec<RatedPlayer>,
}

/// What `fives ratings` writes.
#[derive(Deserialize)]
struct Answer {
    ratings: Vec<RatedPlayer>,
}

/// The organisation's rated games, by family, in the order played, with every player's name.
async fn games_by_family(
    store: &dyn Store,
    organisation: &Organisation,
) -> Result<(HashMap<Preset, Vec<RatedGame>>, HashMap<PlayerId, String>), AppError> {
    let families: HashMap<_, _> = store
        .competitions_of(organisation.id)
        .await?
        .into_iter()
        .map(|competition| (competition.id, competition.ruleset.preset))
        .collect();
    let mut games: HashMap<Preset, Vec<RatedGame>> = HashMap::new();
    let mut names = HashMap::new();
    for played in store.league_games_played(organisation.id).await? {
        let Some(family) = families.get(&played.competition) else {
            continue;
        };
        for (player, name) in played.home.iter().chain(&played.away) {
            names.insert(*player, name.clone());
        }
        let ids = |side: &[(PlayerId, String)]| side.iter().map(|(id, _)| *id).collect::<Vec<_>>();
        if let Some(game) = league_game(
            played.fixture,
            played.game,
            played.date,
            played.winner,
            &ids(&played.home),
            &ids(&played.away),
        ) {
            games.entry(*family).or_default().push(game);
        }
    }
    Ok((games, names))
}

fn pool_of(
    organisation: &Organisation,
    family: Preset,
    games: &[RatedGame],
    names: &HashMap<PlayerId, String>,
) -> Result<Pool, AppError> {
    let document = games_document(games);
    let answer = fives_ratings::command::ratings_text(&document);
    if answer.exit_code != 0 {
        return Err(AppError::Internal(anyhow::anyhow!(
            "the pool's games document was refused: {}",
            answer.stderr
        )));
    }
    let read: Answer = serde_json::from_str(&answer.stdout)
        .map_err(|error| AppError::Internal(anyhow::anyhow!("the ratings: {error}")))?;
    let ratings = read
        .ratings
        .into_iter()
        .map(|mut line| {
            line.player = player_of_key(&line.id);
            line.name = line
                .player
                .and_then(|player| names.get(&player).cloned())
                .unwrap_or_else(|| line.id.clone());
            line
        })
        .collect();
    Ok(Pool {
        organisation: organisation.clone(),
        family,
        family_name: game_name(family),
        document,
        games: games.len(),
        ratings,
    })
}

/// The organisation's pools, one a game family it has rated games in, read by anyone.
pub async fn rating_pools(store: &dyn Store, slug: &str) -> Result<Vec<Pool>, AppError> {
    let organisation = lookup::organisation(store, slug).await?;
    let (games, names) = games_by_family(store, &organisation).await?;
    let mut pools = Vec::new();
    for family in Preset::ALL {
        if let Some(games) = games.get(family) {
            pools.push(pool_of(&organisation, *family, games, &names)?);
        }
    }
    Ok(pools)
}

/// One pool, by its family's name (`fives-and-threes`), read by anyone; a family with no rated
/// game yet is an empty pool.
pub async fn rating_pool(store: &dyn Store, slug: &str, family: &str) -> Result<Pool, AppError> {
    let organisation = lookup::organisation(store, slug).await?;
    let family = Preset::from_name(family)
        .ok_or_else(|| AppError::not_found(format_args!("game family {family:?}")))?;
    let (games, names) = games_by_family(store, &organisation).await?;
    let games = games.get(&family).map(Vec::as_slice).unwrap_or_default();
    pool_of(&organisation, family, games, &names)
}

/// A player's rating in a pool, with the pool's family.
pub struct PlayerRating {
    pub family: Preset,
    pub family_name: &'static str,
    pub rating: RatedPlayer,
}

/// A player's rating in each pool they are rated in, read by anyone: what their page shows.
pub async fn player_ratings(
    store: &dyn Store,
    slug: &str,
    player: PlayerId,
) -> Result<Vec<PlayerRating>, AppError> {
    Ok(rating_pools(store, slug)
        .await?
        .into_iter()
        .filter_map(|pool| {
            let rating = pool
                .ratings
                .into_iter()
                .find(|line| line.player == Some(player))?;
            Some(PlayerRating {
                family: pool.family,
                family_name: pool.family_name,
                rating,
            })
        })
        .collect())
}
