//! Players' careers and head to head, read from the rated pools: a player's rating over time,
//! their record by season, partners and opponents in each game family; two players' games
//! against each other and together, with each one's chance in their next singles game; and a
//! fixture's chances before it is played.

use std::sync::Arc;

use super::AppError;
use super::lookup::{self, FixturePlace};
use super::ratings::{Pool, RatedPlayer, RatingCache, RatingPoint, rating_pools};
use crate::domain::career::{Career, CareerGame, Record, career_of, head_to_head};
use crate::domain::ids::PlayerId;
use crate::domain::match_chance::{MatchChances, match_chances};
use crate::domain::match_format::LegKind;
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{Organisation, Player, Store};

/// A player's career in one game family.
pub struct FamilyCareer {
    pub pool: Arc<Pool>,
    pub rating: Option<RatedPlayer>,
    /// Their rating after each of their games, oldest first.
    pub history: Vec<RatingPoint>,
    pub career: Career,
}

/// A player's career in each family they have rated games in, read by anyone.
pub async fn player_career(
    store: &dyn Store,
    cache: &RatingCache,
    slug: &str,
    player: PlayerId,
) -> Result<Vec<FamilyCareer>, AppError> {
    let rated = rating_pools(store, cache, slug).await?;
    Ok(rated
        .pools
        .iter()
        .filter_map(|pool| {
            let rating = pool.rating_of(player)?.clone();
            Some(FamilyCareer {
                rating: Some(rating),
                history: pool.history.get(&player).cloned().unwrap_or_default(),
                career: career_of(player, pool.played_by(player)),
                pool: pool.clone(),
            })
        })
        .collect())
}

/// Two players' games in one family.
pub struct FamilyMeeting {
    /// The family's pool, which also names the players of the games.
    pub pool: Arc<Pool>,
    /// Newest first.
    pub against: Vec<CareerGame>,
    /// The first player's record against the second.
    pub against_record: Record,
    /// Newest first.
    pub together: Vec<CareerGame>,
    pub together_record: Record,
    /// The first player's chance to win their next singles game against the second, from
    /// both current ratings; `None` unless both are rated in the family.
    pub chance: Option<f64>,
}

/// Two players of an organisation and every game they have played against each other and as
/// partners.
pub struct Meeting {
    pub organisation: Organisation,
    pub first: Player,
    pub second: Player,
    /// The families either has rated games in, in the families' order.
    pub families: Vec<FamilyMeeting>,
}

/// `first` and `second`'s head to head, read by anyone.
pub async fn players_meeting(
    store: &dyn Store,
    cache: &RatingCache,
    slug: &str,
    first: PlayerId,
    second: PlayerId,
) -> Result<Meeting, AppError> {
    let organisation = lookup::organisation(store, slug).await?;
    if first == second {
        return Err(AppError::not_found(format_args!(
            "a head to head of player {first} with themselves"
        )));
    }
    let one = lookup::player(store, &organisation, first).await?;
    let other = lookup::player(store, &organisation, second).await?;
    let rated = rating_pools(store, cache, slug).await?;
    let options = fives_ratings::pool::WengLinOptions::default();
    let families = rated
        .pools
        .iter()
        .filter_map(|pool| {
            let (a, b) = (pool.rating_of(first), pool.rating_of(second));
            if a.is_none() && b.is_none() {
                return None;
            }
            let meeting = head_to_head(first, second, pool.played_by(first));
            let chance = a.zip(b).map(|(a, b)| {
                fives_ratings::weng_lin::chance_to_win(
                    &[(a.mu, a.sigma)],
                    &[(b.mu, b.sigma)],
                    &options,
                )
            });
            Some(FamilyMeeting {
                pool: pool.clone(),
                against: meeting.against.into_iter().cloned().collect(),
                against_record: meeting.against_record,
                together: meeting.together.into_iter().cloned().collect(),
                together_record: meeting.together_record,
                chance,
            })
        })
        .collect();
    Ok(Meeting {
        organisation,
        first: one,
        second: other,
        families,
    })
}

/// A fixture's chances before it is played, from the players' ratings: each side as its
/// squad's strongest rated players, as many as the format needs (or as have a rating).
pub struct FixtureOutlook {
    pub family_name: &'static str,
    /// Each side's players taken, strongest first, with their ratings.
    pub home: Vec<(String, i64)>,
    pub away: Vec<(String, i64)>,
    /// The players a side needs for the format.
    pub needed: u32,
    /// The home side's chance in a singles game and in a pairs game.
    pub singles: f64,
    pub pairs: f64,
    pub chances: MatchChances,
}

/// The outlook of a fixture not yet played, read by anyone; `None` once it has a result, or
/// while either squad has nobody rated.
pub async fn fixture_outlook(
    store: &dyn Store,
    cache: &RatingCache,
    place: &FixturePlace,
) -> Result<Option<FixtureOutlook>, AppError> {
    if !matches!(
        place.fixture.status,
        FixtureStatus::Scheduled | FixtureStatus::Postponed
    ) {
        return Ok(None);
    }
    let rated = rating_pools(store, cache, &place.organisation.slug).await?;
    let family = place.competition.ruleset.preset;
    let Some(pool) = rated.pools.iter().find(|pool| pool.family == family) else {
        return Ok(None);
    };
    let format = &place.competition.match_format;
    let needed = format.players_needed().max(1);
    let strongest = |squad: Vec<Player>| -> Vec<&RatedPlayer> {
        let mut lines: Vec<&RatedPlayer> = squad
            .iter()
            .filter_map(|player| pool.rating_of(player.id))
            .collect();
        lines.sort_by_key(|line| std::cmp::Reverse(line.rating));
        lines.truncate(needed as usize);
        lines
    };
    let home = strongest(store.squad_of(place.fixture.home_team_id).await?);
    let away = strongest(store.squad_of(place.fixture.away_team_id).await?);
    if home.is_empty() || away.is_empty() {
        return Ok(None);
    }
    // Each side as its average player: the mean μ, and the σ of the mean variance.
    let average = |side: &[&RatedPlayer]| -> (f64, f64) {
        let count = side.len() as f64;
        let mu = side.iter().map(|line| line.mu).sum::<f64>() / count;
        let variance = side.iter().map(|line| line.sigma * line.sigma).sum::<f64>() / count;
        (mu, variance.sqrt())
    };
    let (home_player, away_player) = (average(&home), average(&away));
    let options = fives_ratings::pool::WengLinOptions::default();
    let singles = fives_ratings::weng_lin::chance_to_win(&[home_player], &[away_player], &options);
    let pairs = fives_ratings::weng_lin::chance_to_win(
        &[home_player, home_player],
        &[away_player, away_player],
        &options,
    );
    let game_chances: Vec<f64> = format
        .legs
        .iter()
        .flat_map(|leg| {
            let chance = match leg.kind {
                LegKind::Singles => singles,
                LegKind::Pairs => pairs,
            };
            std::iter::repeat_n(chance, leg.games as usize)
        })
        .collect();
    let named = |side: &[&RatedPlayer]| {
        side.iter()
            .map(|line| (line.name.clone(), line.rating))
            .collect()
    };
    Ok(Some(FixtureOutlook {
        family_name: pool.family_name,
        home: named(&home),
        away: named(&away),
        needed,
        singles,
        pairs,
        chances: match_chances(&game_chances),
    }))
}
