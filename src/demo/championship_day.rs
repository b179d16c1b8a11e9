//! The demo's championship day, run today through the same use cases an organiser's pages
//! call: a 16-player singles knockout half-way (its semi-finals published, one result entered
//! at its table and waiting for the organiser), a 24-player individual Fives and Threes Swiss
//! at four seats in partnerships after 3 of its 5 rounds (its round 4 published as the
//! organiser changed it, two players swapped, what that breaks accepted, and one result entered
//! at its table), and a 12-player Doubles in the Boneyard event at tables of three after 1 of
//! its 3 rounds, and an 8-player Swiss of best-of-three tables entered by their final scores
//! alone ("61 45") after 1 of its 3 rounds. In each event's round under way, the second table
//! is half-way through a game entered hand by hand, and the round's clock runs. Every game comes
//! from the rules crate's random play.

use chrono::{DateTime, Utc};
use fives_rules::random::GameRng;
use fives_rules::record::{HandRecord, play_game};
use fives_rules::{Preset, RulesetSpec};

use super::{DemoError, as_scored, name};
use crate::app::Actor;
use crate::app::championships::{
    self, ChampionshipInput, ChampionshipView, OrganiserEntry, Publication, TableGames, TablePlace,
};
use crate::domain::championship::edits::PairingEdit;
use crate::domain::championship::entrants::EntryLine;
use crate::domain::championship::play::HandPlace;
use crate::domain::championship::table::{TableGameEntry, table_is_over};
use crate::domain::championship::{
    ChampionshipFormat, FormatChoice, Points, Stages, TablePlay, TableScoring,
};
use crate::domain::entry_level::EntryLevel;
use crate::domain::ids::ChampionshipId;
use crate::domain::league_time;
use crate::secret_key::SecretKey;
use crate::store::{Store, User};

/// One of the day's events and how far it has gone.
struct Event {
    name: &'static str,
    preset: Preset,
    format: FormatChoice,
    players: usize,
    /// Rounds played and confirmed.
    played: usize,
    /// Whether the next round is published, with one of its results entered at the table.
    next_published: bool,
    /// Whether the organiser changes the next round before publishing it: the first seats of
    /// its first two tables swapped, whatever that breaks accepted.
    next_edited: bool,
}

fn events() -> [Event; 4] {
    [
        Event {
            name: "Open Singles",
            preset: Preset::FivesAndThrees,
            format: FormatChoice::plain(Stages::Knockout { third_place: true }),
            players: 16,
            played: 2,
            next_published: true,
            next_edited: false,
        },
        Event {
            name: "Individual Championship",
            preset: Preset::FivesAndThrees,
            format: FormatChoice {
                seats: 4,
                partnerships: true,
                ..FormatChoice::plain(Stages::Swiss { rounds: 5 })
            },
            players: 24,
            played: 3,
            next_published: true,
            next_edited: true,
        },
        Event {
            name: "Boneyard Threes",
            preset: Preset::DoublesInTheBoneyard,
            format: FormatChoice {
                seats: 3,
                scoring: TableScoring::ByPlace(vec![
                    Points::whole(3),
                    Points::whole(1),
                    Points::whole(0),
                ]),
                ..FormatChoice::plain(Stages::Swiss { rounds: 3 })
            },
            players: 12,
            played: 1,
            next_published: true,
            next_edited: false,
        },
        Event {
            name: "Friday Quick Fives",
            preset: Preset::FivesAndThrees,
            format: FormatChoice {
                table_play: TablePlay::BestOf(3),
                entry_level: EntryLevel::Final,
                ..FormatChoice::plain(Stages::Swiss { rounds: 3 })
            },
            players: 8,
            played: 1,
            next_published: true,
            next_edited: false,
        },
    ]
}

fn failed(what: &str) -> impl Fn(crate::app::AppError) -> DemoError + '_ {
    move |error| DemoError::Result(format!("{what}: {error:?}"))
}

/// A table's games, played at random under the championship's rules for its seats until the
/// table is over, each as its final score where the championship asks no more, otherwise
/// as its hands.
fn random_games(place: &TablePlace, rng: &mut GameRng) -> Vec<TableGameEntry> {
    let format = &place.view.championship.format;
    let mut wins = vec![0u32; format.seating.sides() as usize];
    let mut games = Vec::new();
    while !table_is_over(format.table_play, &wins) {
        let hands = random_game(place, rng);
        let totals: Vec<i64> = (0..wins.len())
            .map(|side| {
                hands
                    .iter()
                    .filter_map(|hand| hand.score.as_ref()?.get(side).copied())
                    .sum()
            })
            .collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        if let Some(winner) = totals.iter().position(|&total| total == best) {
            wins[winner] += 1;
        }
        games.push(match format.entry_level {
            EntryLevel::Final => TableGameEntry::FinalScore {
                final_score: totals,
            },
            EntryLevel::Hands | EntryLevel::Pegs => TableGameEntry::Hands(hands),
        });
    }
    games
}

/// A table's one game, played at random under the championship's rules for its seats.
fn random_game(place: &TablePlace, rng: &mut GameRng) -> Vec<HandRecord> {
    let format = &place.view.championship.format;
    let seats = format.seating.seats as usize;
    let mut spec: RulesetSpec = place.view.championship.ruleset;
    if seats == 4 {
        spec.overrides.partnerships = Some(format.seating.partnerships);
    }
    let built = spec
        .build(seats)
        .expect("the demo's games build for their seats");
    play_game(&spec, &built, rng)
        .hands
        .into_iter()
        .map(as_scored)
        .collect()
}

/// Loads the day's championships for the organisation `secretary` organises; answers how many
/// table results they hold.
pub(super) async fn load(
    store: &dyn Store,
    key: &SecretKey,
    secretary: &User,
    now: DateTime<Utc>,
    rng: &mut GameRng,
) -> Result<usize, DemoError> {
    let actor = Actor {
        roles: store.roles(secretary).await?,
        user: secretary.clone(),
    };
    let who = Some(&actor);
    let today = league_time::local(now).date_naive();
    let organisation = store
        .organisation_by_slug(super::SLUG)
        .await?
        .ok_or(crate::store::StoreError::NotFound("demo organisation"))?;
    let mut players = store.players_of(organisation.id).await?;
    players.sort_by_key(|player| player.id);
    let mut results = 0;
    let mut first_player = 0;
    for event in events() {
        let format = ChampionshipFormat::try_from(event.format.clone())
            .map_err(|problems| DemoError::Result(format!("{problems:?}")))?;
        let (organisation, made) = championships::create_championship(
            store,
            who,
            super::SLUG,
            ChampionshipInput {
                name: name(event.name),
                starts_on: today,
                ends_on: today,
                venue: "Bideford Pannier Market, Grenville Street".into(),
                ruleset: RulesetSpec::preset(event.preset),
                format,
            },
        )
        .await
        .map_err(failed(event.name))?;
        let lines: Vec<EntryLine> = players[first_player..first_player + event.players]
            .iter()
            .enumerate()
            .map(|(index, player)| EntryLine {
                line: index + 1,
                name: name(&player.name),
                partner: None,
                rating: Some(1900 - 15 * index as i64),
            })
            .collect();
        first_player += event.players;
        championships::add_entrants(store, who, &organisation.slug, made.id, lines)
            .await
            .map_err(failed(event.name))?;
        for _ in 0..event.played {
            let published = championships::publish_round(
                store,
                key,
                who,
                &organisation.slug,
                made.id,
                Publication::default(),
            )
            .await
            .map_err(failed(event.name))?;
            for table in &published.round.tables {
                results += enter(
                    store,
                    who,
                    &organisation.slug,
                    made.id,
                    &published.view,
                    table.id,
                    rng,
                )
                .await?;
            }
        }
        if event.next_published {
            let edits = if event.next_edited {
                let engine =
                    championships::preview_round(store, who, &organisation.slug, made.id, &[])
                        .await
                        .map_err(failed(event.name))?;
                vec![PairingEdit::Swap {
                    first: engine.round.tables[0][0].clone(),
                    second: engine.round.tables[1][0].clone(),
                }]
            } else {
                Vec::new()
            };
            let published = championships::publish_round(
                store,
                key,
                who,
                &organisation.slug,
                made.id,
                Publication {
                    edits: &edits,
                    seen: None,
                    warnings_accepted: true,
                },
            )
            .await
            .map_err(failed(event.name))?;
            // The first table's players have entered their game; the organiser has yet to
            // confirm it.
            let place = championships::table_of_link(store, published.links[0].as_str())
                .await
                .map_err(failed(event.name))?;
            let games = TableGames::Played(random_games(&place, rng));
            championships::enter_result_by_link(store, published.links[0].as_str(), 0, games)
                .await
                .map_err(failed(event.name))?;
            results += 1;
            // The second table plays hand by hand: half a game entered on a phone, the room's
            // screen showing its running totals; the round's clock runs.
            if let Some(link) = published.links.get(1) {
                play_half_a_game(store, link.as_str(), now, rng)
                    .await
                    .map_err(failed(event.name))?;
            }
            championships::set_round_clock(store, who, &organisation.slug, made.id, Some(45), now)
                .await
                .map_err(failed(event.name))?;
        }
    }
    Ok(results)
}

/// The first half of a game's hands at the table of `link`, each entered as a phone at the
/// table enters it: the game goes on.
async fn play_half_a_game(
    store: &dyn Store,
    link: &str,
    now: DateTime<Utc>,
    rng: &mut GameRng,
) -> Result<(), crate::app::AppError> {
    let place = championships::table_of_link(store, link).await?;
    let game = random_game(&place, rng);
    for (hand, record) in (1..).zip(&game[..game.len() / 2]) {
        championships::enter_hand(
            store,
            link,
            championships::HandAtTable {
                key: format!("demo-{hand}"),
                place: championships::HandTarget::At(HandPlace { game: 1, hand }),
                hand: record.clone(),
            },
            now,
        )
        .await?;
    }
    Ok(())
}

/// The organiser enters (and so confirms) a table's game.
async fn enter(
    store: &dyn Store,
    who: Option<&Actor>,
    slug: &str,
    id: ChampionshipId,
    view: &ChampionshipView,
    table: crate::domain::ids::TableId,
    rng: &mut GameRng,
) -> Result<usize, DemoError> {
    let place = championships::organised_table(store, who, slug, id, table)
        .await
        .map_err(failed(&view.championship.name))?;
    let games = TableGames::Played(random_games(&place, rng));
    championships::enter_result_as_organiser(
        store,
        who,
        slug,
        id,
        table,
        OrganiserEntry {
            from_version: 0,
            games,
            reason: None,
        },
    )
    .await
    .map_err(failed(&view.championship.name))?;
    Ok(1)
}
