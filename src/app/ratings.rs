//! Players' ratings, worked out again from the games they rate whenever anything public has
//! changed, so they are always true: a result confirmed, corrected or withdrawn, a table
//! confirmed, or a player removed, is in the next read. Each pool (an organisation and a game
//! family) publishes its games document, and its ratings are exactly what `fives ratings` gives
//! on that document: the service rates it with the same crate, reading and writing alike.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::NaiveDate;
use fives_rules::Preset;
use serde::Deserialize;

use super::AppError;
use super::lookup;
use crate::domain::career::{CareerGame, PlayedAt};
use crate::domain::championship::table::check_team_table;
use crate::domain::ids::{OrganisationId, PlayerId};
use crate::domain::league_time;
use crate::domain::match_result::{GameLine, GameSheet, SquadMember};
use crate::domain::rating_games::{
    RatedGame, championship_table, games_document, league_game, player_of_key, table_id,
    team_match_game,
};
use crate::domain::rule_words::game_name;
use crate::store::{Organisation, Store};

/// Below this many rated games a rating is provisional (the specification's figure).
pub const PROVISIONAL_BELOW: u64 = fives_ratings::output::PROVISIONAL_BELOW;

/// A player's line in a pool's ratings, as `fives ratings` writes it, with their name.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct RatedPlayer {
    /// The id in the games document (`p12`).
    pub id: String,
    #[serde(skip)]
    pub player: Option<PlayerId>,
    #[serde(skip)]
    pub name: String,
    /// Weng–Lin's μ and σ, from which a chance to win is worked out.
    pub mu: f64,
    pub sigma: f64,
    pub rating: i64,
    pub low: i64,
    pub high: i64,
    pub games: u64,
    pub provisional: bool,
}

/// A player's rating after a game, as `fives ratings` writes it in its history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatingPoint {
    pub date: NaiveDate,
    pub rating: i64,
    pub low: i64,
    pub high: i64,
}

/// A pool: its family, its games document, its ratings (highest first), and what careers are
/// read from: its games with their players, and each player's rating after each game.
pub struct Pool {
    pub organisation: Organisation,
    pub family: Preset,
    pub family_name: &'static str,
    /// The games document, as published.
    pub document: String,
    pub games: usize,
    pub ratings: Vec<RatedPlayer>,
    /// The rated games, in the order played.
    pub played: Vec<CareerGame>,
    /// Each player's rating after each of their games, oldest first.
    pub history: HashMap<PlayerId, Vec<RatingPoint>>,
    /// Every rated player's name.
    pub names: Arc<HashMap<PlayerId, String>>,
    /// Each player's games, as places in `played`, in order.
    games_of: HashMap<PlayerId, Vec<usize>>,
}

impl Pool {
    /// The games `player` played, in the order played.
    pub fn played_by(&self, player: PlayerId) -> impl DoubleEndedIterator<Item = &CareerGame> + '_ {
        self.games_of
            .get(&player)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|&at| &self.played[at])
    }

    /// The rating line of `player`, if they are rated in the pool.
    pub fn rating_of(&self, player: PlayerId) -> Option<&RatedPlayer> {
        self.ratings.iter().find(|line| line.player == Some(player))
    }

    /// A player's name, or their id in the document when the name is not known.
    pub fn name_of(&self, player: PlayerId) -> String {
        self.names
            .get(&player)
            .cloned()
            .unwrap_or_else(|| crate::domain::rating_games::player_key(player))
    }
}

/// An organisation's pools, one a game family it has rated games in, in the families' order.
pub struct RatedOrganisation {
    pub organisation: Organisation,
    pub pools: Vec<Arc<Pool>>,
}

/// Rated organisations kept in the process, each with the store's content revision it was
/// worked out at, and used again while the revision stays the same: a pool is worked out once a
/// change, not once a page. The revision is read on every use, so a change written by any
/// process is seen at once.
#[derive(Default)]
pub struct RatingCache {
    kept: Mutex<HashMap<OrganisationId, (i64, Arc<RatedOrganisation>)>>,
}

/// Bounded: emptied when full.
const MAX_ORGANISATIONS_KEPT: usize = 64;

impl RatingCache {
    async fn rated(
        &self,
        store: &dyn Store,
        organisation: Organisation,
    ) -> Result<Arc<RatedOrganisation>, AppError> {
        // Read before the games: a change committed meanwhile moves the revision past this one.
        let revision = store.content_revision().await?;
        let id = organisation.id;
        if let Some((_, rated)) = self
            .lock()
            .get(&id)
            .filter(|(kept_at, _)| *kept_at == revision)
        {
            return Ok(rated.clone());
        }
        let (games, names) = games_by_family(store, &organisation).await?;
        // Rating a large pool takes a while: off the threads that answer requests.
        let rated =
            tokio::task::spawn_blocking(move || rate_organisation(organisation, games, names))
                .await
                .map_err(|error| {
                    AppError::Internal(anyhow::anyhow!("rating the pools: {error}"))
                })??;
        let rated = Arc::new(rated);
        let mut kept = self.lock();
        if kept.len() >= MAX_ORGANISATIONS_KEPT && !kept.contains_key(&id) {
            kept.clear();
        }
        kept.insert(id, (revision, rated.clone()));
        Ok(rated)
    }

    fn lock(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<OrganisationId, (i64, Arc<RatedOrganisation>)>> {
        self.kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// What `fives ratings` writes.
#[derive(Deserialize)]
struct Answer {
    ratings: Vec<RatedPlayer>,
}

/// A pool's games as rated and as careers read them.
type FamilyGames = HashMap<Preset, (Vec<RatedGame>, Vec<CareerGame>)>;

/// The organisation's rated games, by family, in the order played, with every player's name:
/// its league games and its championships' tables, by date, a day's league games first.
async fn games_by_family(
    store: &dyn Store,
    organisation: &Organisation,
) -> Result<(FamilyGames, HashMap<PlayerId, String>), AppError> {
    let competitions: HashMap<_, _> = store
        .competitions_of(organisation.id)
        .await?
        .into_iter()
        .map(|competition| (competition.id, competition.ruleset.preset))
        .collect();
    let championships = store.championships_of(organisation.id).await?;
    let mut games: HashMap<Preset, Vec<(RatedGame, CareerGame)>> = HashMap::new();
    let mut names = HashMap::new();
    // One copy of each season's or championship's name, however many games it has.
    let mut events: HashMap<String, Arc<str>> = HashMap::new();
    let mut event_of = |name: String| -> Arc<str> {
        events
            .entry(name)
            .or_insert_with_key(|name| Arc::from(name.as_str()))
            .clone()
    };
    let ids = |side: &[(PlayerId, String)]| side.iter().map(|(id, _)| *id).collect::<Vec<_>>();
    // The organisation's players by id, read once a team match needs their names.
    let mut players: HashMap<PlayerId, String> = HashMap::new();
    for played in store.league_games_played(organisation.id).await? {
        let Some(family) = competitions.get(&played.competition) else {
            continue;
        };
        for (player, name) in played.home.iter().chain(&played.away) {
            names.insert(*player, name.clone());
        }
        let (home, away) = (ids(&played.home), ids(&played.away));
        if let Some(game) = league_game(
            played.fixture,
            played.game,
            played.date,
            played.winner,
            &home,
            &away,
        ) {
            let career = CareerGame {
                played_at: PlayedAt::Fixture {
                    fixture: played.fixture,
                    game: played.game,
                },
                date: played.date,
                event: event_of(played.event),
                ranks: game.ranks.clone(),
                sides: vec![home, away],
            };
            games.entry(*family).or_default().push((game, career));
        }
    }
    for played in store.championship_tables_played(organisation.id).await? {
        let Some(championship) = championships
            .iter()
            .find(|championship| championship.id == played.championship)
        else {
            continue;
        };
        for (player, name) in played.seats.iter().flatten() {
            names.insert(*player, name.clone());
        }
        let date = league_time::local(played.published_at).date_naive();
        let played_at = PlayedAt::Table {
            championship: championship.id,
            stage: played.stage,
            round: played.round,
            table: played.number,
        };
        if championship.format.team_match.is_some() {
            // A team match's games are rated as league games; its players are the league's.
            if players.is_empty() {
                players = store
                    .players_of(organisation.id)
                    .await?
                    .into_iter()
                    .map(|player| (player.id, player.name))
                    .collect();
            }
            let table = table_id(championship.id, played.stage, played.round, played.number);
            for line in team_match_lines(championship, &played.sheet, &players) {
                let Some(game) = team_match_game(
                    &table,
                    line.number,
                    date,
                    line.winner,
                    &line.home,
                    &line.away,
                ) else {
                    continue;
                };
                for player in line.home.iter().chain(&line.away) {
                    if let Some(name) = players.get(player) {
                        names.insert(*player, name.clone());
                    }
                }
                let career = CareerGame {
                    played_at,
                    date,
                    event: event_of(championship.name.clone()),
                    ranks: game.ranks.clone(),
                    sides: vec![line.home, line.away],
                };
                games
                    .entry(championship.ruleset.preset)
                    .or_default()
                    .push((game, career));
            }
            continue;
        }
        let seats: Vec<Vec<PlayerId>> = played.seats.iter().map(|seat| ids(seat)).collect();
        let Some(game) = championship_table(
            table_id(championship.id, played.stage, played.round, played.number),
            date,
            &seats,
            championship.format.seating.partnerships,
            &played.outcome.points,
        ) else {
            continue;
        };
        let sides = game
            .sides
            .iter()
            .map(|side| side.iter().filter_map(|key| player_of_key(key)).collect())
            .collect();
        let career = CareerGame {
            played_at,
            date,
            event: event_of(championship.name.clone()),
            ranks: game.ranks.clone(),
            sides,
        };
        games
            .entry(championship.ruleset.preset)
            .or_default()
            .push((game, career));
    }
    let games = games
        .into_iter()
        .map(|(family, mut pool)| {
            // Stable: each kind keeps its own order within a day, league games first.
            pool.sort_by_key(|(game, _)| game.date);
            (family, pool.into_iter().unzip())
        })
        .collect();
    Ok((games, names))
}

/// A confirmed team match's games as checked, in order: each with its players and winner. The
/// games kept are checked again under the championship's rules, each team's squad taken as the
/// players its games name (who were in it when the match was kept); a sheet that no longer
/// checks is logged and rates nothing.
fn team_match_lines(
    championship: &crate::store::Championship,
    sheet: &str,
    players: &HashMap<PlayerId, String>,
) -> Vec<GameLine> {
    #[derive(Deserialize)]
    struct Kept {
        games: Vec<GameSheet>,
    }
    let kept: Kept = match serde_json::from_str(sheet) {
        Ok(kept) => kept,
        Err(error) => {
            tracing::warn!(championship = championship.id.0, %error, "a team match's sheet cannot be read");
            return Vec::new();
        }
    };
    let squad = |side: fn(&GameSheet) -> &Vec<PlayerId>| -> Vec<SquadMember> {
        let mut named: Vec<PlayerId> = kept.games.iter().flat_map(side).copied().collect();
        named.sort_unstable();
        named.dedup();
        named
            .into_iter()
            .map(|id| SquadMember {
                id,
                name: players
                    .get(&id)
                    .cloned()
                    .unwrap_or_else(|| format!("player {id}")),
            })
            .collect()
    };
    let (home, away) = (squad(|game| &game.home), squad(|game| &game.away));
    match check_team_table(
        &championship.ruleset,
        &championship.format,
        [&home, &away],
        &kept.games,
    ) {
        Ok((checked, _)) => checked.games,
        Err(problems) => {
            tracing::warn!(
                championship = championship.id.0,
                ?problems,
                "a confirmed team match no longer checks"
            );
            Vec::new()
        }
    }
}

fn rate_organisation(
    organisation: Organisation,
    mut games: FamilyGames,
    names: HashMap<PlayerId, String>,
) -> Result<RatedOrganisation, AppError> {
    let names = Arc::new(names);
    let mut pools = Vec::new();
    for family in Preset::ALL {
        if let Some((rated, played)) = games.remove(family) {
            pools.push(Arc::new(pool_of(
                &organisation,
                *family,
                &rated,
                played,
                names.clone(),
            )?));
        }
    }
    Ok(RatedOrganisation {
        organisation,
        pools,
    })
}

/// Rates a pool's games exactly as `fives ratings` does on its document: the same reading and
/// the same output, by the same crate; the history (each player's rating after each game) is
/// asked of the same run and left out of the published ratings, as the document does not ask
/// for it.
fn pool_of(
    organisation: &Organisation,
    family: Preset,
    games: &[RatedGame],
    played: Vec<CareerGame>,
    names: Arc<HashMap<PlayerId, String>>,
) -> Result<Pool, AppError> {
    let refused = |what: String| {
        AppError::Internal(anyhow::anyhow!(
            "the pool's games document was refused: {what}"
        ))
    };
    let document = games_document(games);
    let mut parsed =
        fives_ratings::parse(&document).map_err(|refusal| refused(refusal.to_string()))?;
    parsed.history = true;
    let rated =
        fives_ratings::ratings::rate(&parsed).map_err(|refusal| refused(refusal.to_string()))?;
    parsed.history = false;
    let written = fives_ratings::output::ratings_json(&parsed, &rated);
    let read: Answer = serde_json::from_str(&written)
        .map_err(|error| AppError::Internal(anyhow::anyhow!("the ratings: {error}")))?;
    let mut history: HashMap<PlayerId, Vec<RatingPoint>> = HashMap::new();
    for entry in &rated.history {
        let Some(player) = player_of_key(&parsed.players[entry.player as usize]) else {
            continue;
        };
        let (low, high) = fives_ratings::output::weng_lin_range(entry.first, entry.second);
        history.entry(player).or_default().push(RatingPoint {
            date: games[entry.game as usize].date,
            rating: fives_ratings::output::weng_lin_scale(entry.first),
            low,
            high,
        });
    }
    let mut games_of: HashMap<PlayerId, Vec<usize>> = HashMap::new();
    for (at, game) in played.iter().enumerate() {
        for &player in game.sides.iter().flatten() {
            games_of.entry(player).or_default().push(at);
        }
    }
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
        games: games.len(),
        document,
        ratings,
        played,
        history,
        names,
        games_of,
    })
}

/// The organisation's pools, one a game family it has rated games in, read by anyone.
pub async fn rating_pools(
    store: &dyn Store,
    cache: &RatingCache,
    slug: &str,
) -> Result<Arc<RatedOrganisation>, AppError> {
    let organisation = lookup::organisation(store, slug).await?;
    cache.rated(store, organisation).await
}

/// One pool, by its family's name (`fives-and-threes`), read by anyone; a family with no rated
/// game yet is an empty pool.
pub async fn rating_pool(
    store: &dyn Store,
    cache: &RatingCache,
    slug: &str,
    family: &str,
) -> Result<Arc<Pool>, AppError> {
    let organisation = lookup::organisation(store, slug).await?;
    let family = Preset::from_name(family)
        .ok_or_else(|| AppError::not_found(format_args!("game family {family:?}")))?;
    let rated = cache.rated(store, organisation).await?;
    if let Some(pool) = rated.pools.iter().find(|pool| pool.family == family) {
        return Ok(pool.clone());
    }
    Ok(Arc::new(pool_of(
        &rated.organisation,
        family,
        &[],
        Vec::new(),
        Arc::default(),
    )?))
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
    cache: &RatingCache,
    slug: &str,
    player: PlayerId,
) -> Result<Vec<PlayerRating>, AppError> {
    Ok(rating_pools(store, cache, slug)
        .await?
        .pools
        .iter()
        .filter_map(|pool| {
            Some(PlayerRating {
                family: pool.family,
                family_name: pool.family_name,
                rating: pool.rating_of(player)?.clone(),
            })
        })
        .collect())
}

/// An entrant's rating from its players' (a pair's the mean of its rated players', rounded):
/// `None` when none of them is rated.
pub(crate) fn entrant_rating(rated: &[i64]) -> Option<i64> {
    if rated.is_empty() {
        return None;
    }
    let mean = rated.iter().sum::<i64>() as f64 / rated.len() as f64;
    Some(mean.round() as i64)
}

/// Each entrant's league rating now: its players' in the organisation's pool of the
/// championship's game `family`, as [`entrant_rating`] makes it; an entrant with no rated player (a team, or players
/// new to the league) has none. For the organiser's entrant list, beside the rating that seeds.
pub async fn league_ratings_of_entrants(
    store: &dyn Store,
    cache: &RatingCache,
    organisation: &Organisation,
    family: Preset,
    entrants: &[crate::store::Entrant],
) -> Result<HashMap<crate::domain::ids::EntrantId, i64>, AppError> {
    let rated = cache.rated(store, organisation.clone()).await?;
    let Some(pool) = rated.pools.iter().find(|pool| pool.family == family) else {
        return Ok(HashMap::new());
    };
    Ok(entrants
        .iter()
        .filter_map(|entrant| {
            let rated: Vec<i64> = [entrant.player, entrant.partner]
                .into_iter()
                .flatten()
                .filter_map(|player| Some(pool.rating_of(player)?.rating))
                .collect();
            Some((entrant.id, entrant_rating(&rated)?))
        })
        .collect())
}

/// The organisation's players' current ratings in `family`, worked out afresh (the cache is the
/// pages'): what a championship seeded by rating takes for an entrant entered without one.
pub(crate) async fn current_ratings(
    store: &dyn Store,
    organisation: &Organisation,
    family: Preset,
) -> Result<HashMap<PlayerId, i64>, AppError> {
    let (mut games, names) = games_by_family(store, organisation).await?;
    let Some((rated, played)) = games.remove(&family) else {
        return Ok(HashMap::new());
    };
    let pool = pool_of(organisation, family, &rated, played, Arc::new(names))?;
    Ok(pool
        .ratings
        .iter()
        .filter_map(|line| Some((line.player?, line.rating)))
        .collect())
}
