//! A league fixture scored hand by hand on the night, by either captain (or an organiser): each
//! game's players chosen before its first hand, each hand checked by the rules at once as part
//! of its game in play and kept once however often it is sent (its key), a game over as soon as
//! a side reaches the leg's target, and the fixture's games, once all are over, submitted as
//! its result by themselves, for the other captain to confirm, with nothing typed again. The
//! last hand of a game in play can be taken back.

use chrono::{DateTime, Utc};
use fives_rules::record::HandRecord;

use super::championships::{HandAtTable, HandTarget, MAX_HAND_KEY, one_hand_of_line};
use super::fixture_squads::FixtureSquads;
use super::lookup::FixturePlace;
use super::results::{self, EntryDate, NewSubmission, require_entry};
use super::{AppError, Conflict, Field, Problem, Who, league_today};
use crate::domain::championship::play::HandPlace;
use crate::domain::fixture_dates::may_enter_result;
use crate::domain::fixture_play::{FixtureInPlay, GamePlayers, NextInPlay, fixture_in_play};
use crate::domain::match_result::{ResultError, SheetAsRead};
use crate::store::{
    Competition, Fixture, HandKept, KeptFixtureGame, KeptHand, NewFixtureHand, Store, StoreError,
};

/// A fixture's games as they stand, with what the page needs around them.
pub struct FixtureAtPlay {
    pub squads: FixtureSquads,
    pub play: FixtureInPlay,
    /// The keys of the hands kept, in order: the last is what a phone's next hand follows.
    pub last_key: Option<String>,
}

/// The fixture's games as they stand, for a captain of either team or an organiser, from the
/// fixture's day on, while it waits for its result.
pub async fn fixture_at_play(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
) -> Result<FixtureAtPlay, AppError> {
    require_entry(who, place)?;
    if may_enter_result(place.fixture.date, league_today(), false, None).is_err() {
        let refusal = match results::entry(store, who, place).await?.date {
            EntryDate::Closed(refusal) => refusal.to_string(),
            _ => "The games are scored hand by hand on the fixture's day.".to_string(),
        };
        return Err(AppError::invalid(Field::Date, refusal));
    }
    at_play(store, &place.fixture).await
}

async fn at_play(store: &dyn Store, fixture: &Fixture) -> Result<FixtureAtPlay, AppError> {
    let squads = FixtureSquads::of(store, fixture).await?;
    let kept = store.fixture_games(fixture.id).await?;
    let play = state_of(place_rules(store, fixture).await?, &squads, &kept)?;
    Ok(FixtureAtPlay {
        last_key: kept
            .iter()
            .flat_map(|game| &game.hands)
            .next_back()
            .map(|hand| hand.key.clone()),
        squads,
        play,
    })
}

/// The competition the fixture is played under.
async fn place_rules(store: &dyn Store, fixture: &Fixture) -> Result<Competition, AppError> {
    let (_, competition, _) = store
        .division_lineage(fixture.division_id)
        .await?
        .ok_or_else(|| AppError::not_found(format_args!("division {}", fixture.division_id)))?;
    store
        .competition(competition)
        .await?
        .ok_or_else(|| AppError::not_found(format_args!("competition {competition}")))
}

fn games_of(kept: &[KeptFixtureGame]) -> Vec<(GamePlayers, Vec<HandRecord>)> {
    kept.iter()
        .map(|game| {
            (
                game.players.clone(),
                game.hands.iter().map(|hand| hand.record.clone()).collect(),
            )
        })
        .collect()
}

fn state_of(
    competition: Competition,
    squads: &FixtureSquads,
    kept: &[KeptFixtureGame],
) -> Result<FixtureInPlay, AppError> {
    fixture_in_play(squads.rules(&competition), &games_of(kept))
        .map_err(|problems| AppError::Internal(anyhow::anyhow!("kept hands: {problems:?}")))
}

/// The fixture's games as they stand, whoever asks: what the live feed says of a fixture in
/// play. `None` before its first game has players.
pub(crate) async fn fixture_games_in_play(
    store: &dyn Store,
    fixture: &Fixture,
) -> Result<Option<FixtureInPlay>, AppError> {
    if !fixture.status.is_unplayed() {
        return Ok(None);
    }
    let at_play = at_play(store, fixture).await?;
    Ok((!at_play.play.games.is_empty()).then_some(at_play.play))
}

/// Problems of a fixture's games, each at its game and hand.
fn play_problems(errors: Vec<ResultError>) -> AppError {
    AppError::Invalid(
        errors
            .into_iter()
            .map(|error| {
                let field = match error.game {
                    Some(game) => Field::Game {
                        game,
                        hand: error.hand,
                    },
                    None => Field::Games,
                };
                Problem::new(field, error.message)
            })
            .collect(),
    )
}

fn kept_refused(error: StoreError) -> AppError {
    match error {
        StoreError::ResultAlreadySubmitted => AppError::Conflict(Conflict::ResultAlreadySubmitted),
        StoreError::HandNotLast => AppError::Conflict(Conflict::HandNotLast),
        StoreError::HandPlaceTaken => AppError::Conflict(Conflict::HandPlaceTaken),
        error => error.into(),
    }
}

/// Chooses the players of game `game`: the next game to start, or the game in play while it
/// has no hand yet. Checked as the result will be: from the squads, within the format's limits.
pub async fn choose_game_players(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
    game: u32,
    players: GamePlayers,
) -> Result<FixtureAtPlay, AppError> {
    let now = fixture_at_play(store, who, place).await?;
    let starting = match now.play.next() {
        NextInPlay::Players { number, .. } => number == game,
        _ => false,
    };
    let changing = now
        .play
        .game_without_hands()
        .is_some_and(|in_play| in_play.number == game);
    if !starting && !changing {
        return Err(AppError::invalid(
            Field::Games,
            format!(
                "Game {game}'s players cannot be chosen now: only the next game's, or the \
                 players of a game with no hand yet."
            ),
        ));
    }
    let mut kept = store.fixture_games(place.fixture.id).await?;
    let chosen = KeptFixtureGame {
        game,
        players: players.clone(),
        hands: Vec::new(),
    };
    match kept.last_mut() {
        Some(last) if changing => *last = chosen,
        _ => kept.push(chosen),
    }
    let competition = place_rules(store, &place.fixture).await?;
    fixture_in_play(now.squads.rules(&competition), &games_of(&kept)).map_err(play_problems)?;
    store
        .set_fixture_game_players(place.fixture.id, game, &players)
        .await
        .map_err(kept_refused)?;
    at_play(store, &place.fixture).await
}

/// A hand typed as a line, as players say it: home's points then away's ("10 5"), pegs after
/// a bar if kept, for the game in play.
pub fn fixture_hand_of_line(at_play: &FixtureAtPlay, line: &str) -> Result<HandRecord, AppError> {
    let Some(game) = at_play
        .play
        .games
        .last()
        .filter(|game| game.winner.is_none())
    else {
        return Err(AppError::invalid(
            Field::Games,
            "No game is in play: choose the next game's players first.",
        ));
    };
    let seats = game.home_names.len() + game.away_names.len();
    let sides = [game.home_names.join(" & "), game.away_names.join(" & ")];
    one_hand_of_line(line, seats, &sides)
}

/// Enters a hand of the game in play; when it ends the fixture's last game, the games are
/// submitted as the fixture's result. Answers the fixture as it stands after it.
pub async fn enter_fixture_hand(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
    entry: HandAtTable,
    at: DateTime<Utc>,
) -> Result<FixtureAtPlay, AppError> {
    let key = entry.key.trim();
    if key.is_empty() || key.chars().count() > MAX_HAND_KEY {
        return Err(AppError::invalid(
            Field::SubmissionKey,
            format!("A hand's key is 1 to {MAX_HAND_KEY} characters, the same for each resend."),
        ));
    }
    let now = fixture_at_play(store, who, place).await?;
    let mut kept = store.fixture_games(place.fixture.id).await?;
    let keys: Vec<&str> = kept
        .iter()
        .flat_map(|game| &game.hands)
        .map(|hand| hand.key.as_str())
        .collect();
    if keys.contains(&key) {
        return Ok(now);
    }
    if !place.fixture.status.is_unplayed() {
        return Err(AppError::Conflict(Conflict::ResultAlreadySubmitted));
    }
    let next = match now.play.next() {
        NextInPlay::Hand(next) => next,
        NextInPlay::Players { number, .. } => {
            return Err(AppError::invalid(
                Field::Games,
                format!("Game {number} has no players yet: choose them, then enter its hands."),
            ));
        }
        NextInPlay::Over => return Err(AppError::Conflict(Conflict::ResultAlreadySubmitted)),
    };
    let fits = match &entry.place {
        HandTarget::At(place) => *place == next,
        HandTarget::After(before) => match keys.iter().position(|kept| kept == before) {
            None => return Err(AppError::Conflict(Conflict::HandBeforeMissing)),
            Some(at) => at + 1 == keys.len(),
        },
    };
    if !fits {
        return Err(AppError::Conflict(Conflict::HandPlaceTaken));
    }
    let game = kept.last_mut().expect("a game in play is a game kept");
    game.hands.push(KeptHand {
        game: next.game,
        hand: next.hand,
        record: entry.hand.clone(),
        key: key.to_string(),
    });
    let competition = place_rules(store, &place.fixture).await?;
    let after =
        fixture_in_play(now.squads.rules(&competition), &games_of(&kept)).map_err(play_problems)?;
    let kept_now = store
        .add_fixture_hand(&NewFixtureHand {
            fixture: place.fixture.id,
            game: next.game,
            hand: next.hand,
            record: &entry.hand,
            key,
            at,
        })
        .await
        .map_err(kept_refused)?;
    if let (HandKept::Kept, Some(sheet)) = (kept_now, after.result_sheet()) {
        // The games are the result, submitted as from the result form, under a key of the
        // hand that ended them, so a resend submits nothing twice.
        let submission_key = format!("hands:{key}");
        let submitted = results::submit(
            store,
            who,
            place,
            NewSubmission {
                sheet: Some(SheetAsRead::whole(sheet)),
                submission_key: &submission_key,
                early_reason: None,
            },
        )
        .await;
        match submitted {
            Ok(_) | Err(AppError::Conflict(_)) => {}
            Err(error) => return Err(error),
        }
    }
    at_play(store, &place.fixture).await
}

/// Takes back the last hand, at `hand`, of the game in play.
pub async fn undo_fixture_hand(
    store: &dyn Store,
    who: Who<'_>,
    place: &FixturePlace,
    hand: HandPlace,
) -> Result<FixtureAtPlay, AppError> {
    let now = fixture_at_play(store, who, place).await?;
    if now.play.last_hand_undoable() != Some(hand) {
        return Err(AppError::Conflict(Conflict::HandNotLast));
    }
    store
        .remove_fixture_hand(place.fixture.id, hand.game, hand.hand)
        .await
        .map_err(kept_refused)?;
    at_play(store, &place.fixture).await
}
