//! The live feed's events. One task a process reads, in order, every change the store's
//! triggers recorded, whichever process wrote it; makes each into an event that carries what a
//! page needs to update itself (a table's status and points, a round published), read once
//! however many feeds are open; keeps the latest in a ring for feeds that reconnect; and hands
//! each to every open feed. Feeds are counted, in all and per address, and refused past a limit.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::{broadcast, watch};

use super::AppError;
use crate::domain::ids::{ChampionshipId, DivisionId, FixtureId, OrganisationId, TableId};
use crate::domain::match_format::{FixtureScore, Side};
use crate::store::{LiveChange, LiveCursor, LiveMark, LiveSubject, Store, TableStatus};

/// How often a process reads the changes: a change reaches a feed within about this.
pub const POLL_EVERY: Duration = Duration::from_millis(200);
/// The events kept for feeds that reconnect; one further behind is told to reload.
pub const RING: usize = 4_096;
/// The events a feed may fall behind by before it is told to reload instead.
pub const FEED_BACKLOG: usize = 256;
/// The most feeds a process keeps open, and the most from one address.
pub const MAX_FEEDS: usize = 5_000;
pub const MAX_FEEDS_PER_ADDRESS: usize = 24;
/// How often the kept changes are pruned, in reads.
const PRUNE_EVERY_READS: u64 = 3_000;

/// A change as a feed sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveEvent {
    /// `{transaction}-{line}`: what a reconnecting feed sends back as `Last-Event-ID`.
    pub id: String,
    pub cursor: LiveCursor,
    pub organisation: OrganisationId,
    pub championship: Option<ChampionshipId>,
    /// A league fixture's division and the fixture, for a `fixture` event.
    pub division: Option<DivisionId>,
    pub fixture: Option<FixtureId>,
    /// `table`, `round`, `hands` or `fixture`.
    pub kind: &'static str,
    /// What changed, as JSON.
    pub data: String,
}

/// A change's event id: its transaction's and its line's.
fn event_id(cursor: LiveCursor) -> String {
    format!("{}-{}", cursor.transaction, cursor.line)
}

/// Where a new feed starts.
pub enum FeedStart {
    /// The events after the one it last had, then the live ones.
    Resumed(Vec<Arc<LiveEvent>>),
    /// Its last event is not among those kept here (it fell too far behind, or this process
    /// began since): it reloads what it shows.
    Reload,
    /// A new feed: the live events from now on.
    Fresh,
}

/// Why a feed is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedRefused {
    TooManyFromAddress,
    TooMany,
}

/// The events of this process, and its open feeds.
pub struct LiveHub {
    ring: Mutex<Ring>,
    sender: broadcast::Sender<Arc<LiveEvent>>,
    feeds: Mutex<FeedCounts>,
    /// True once the process is stopping: every feed ends, and its client reconnects to a
    /// process that runs.
    closing: watch::Sender<bool>,
}

struct Ring {
    events: VecDeque<Arc<LiveEvent>>,
}

#[derive(Default)]
struct FeedCounts {
    open: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// An open feed's place among the counted ones, given back when the feed ends.
pub struct FeedPermit {
    hub: Arc<LiveHub>,
    address: IpAddr,
}

impl Drop for FeedPermit {
    fn drop(&mut self) {
        let mut counts = self.hub.feeds.lock().expect("feed counts");
        counts.open -= 1;
        if let Some(count) = counts.by_address.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                counts.by_address.remove(&self.address);
            }
        }
    }
}

impl LiveHub {
    fn new() -> Self {
        Self {
            ring: Mutex::new(Ring {
                events: VecDeque::with_capacity(RING),
            }),
            sender: broadcast::channel(FEED_BACKLOG).0,
            feeds: Mutex::default(),
            closing: watch::channel(false).0,
        }
    }

    /// Ends every open feed, as the process stops; none opens after.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Told when the process stops.
    pub fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// A hub fed from `store` by a task of its own (on the running Tokio runtime), from the
    /// changes committed after its first read. The task ends once the hub or the store is
    /// dropped.
    pub fn spawn(store: &Arc<dyn Store>) -> Arc<Self> {
        let hub = Arc::new(Self::new());
        tokio::spawn(read_changes(Arc::downgrade(store), Arc::downgrade(&hub)));
        hub
    }

    /// Counts a new feed from `address`, or refuses it past the limits.
    pub fn open_feed(self: &Arc<Self>, address: IpAddr) -> Result<FeedPermit, FeedRefused> {
        if *self.closing.borrow() {
            return Err(FeedRefused::TooMany);
        }
        let mut counts = self.feeds.lock().expect("feed counts");
        if counts.open >= MAX_FEEDS {
            return Err(FeedRefused::TooMany);
        }
        let from_address = counts.by_address.entry(address).or_default();
        if *from_address >= MAX_FEEDS_PER_ADDRESS {
            return Err(FeedRefused::TooManyFromAddress);
        }
        *from_address += 1;
        counts.open += 1;
        Ok(FeedPermit {
            hub: Arc::clone(self),
            address,
        })
    }

    /// Subscribes a feed that last had the event `last` (its `Last-Event-ID`), with where it
    /// starts: after that event, if it is kept here. Taken under the ring's lock, as events
    /// are added, so none falls between the two.
    pub fn subscribe(
        &self,
        last: Option<&str>,
    ) -> (FeedStart, broadcast::Receiver<Arc<LiveEvent>>) {
        let ring = self.ring.lock().expect("live ring");
        let receiver = self.sender.subscribe();
        let start = match last {
            None => FeedStart::Fresh,
            Some(last) => match ring.events.iter().position(|event| event.id == last.trim()) {
                Some(at) => FeedStart::Resumed(ring.events.iter().skip(at + 1).cloned().collect()),
                None => FeedStart::Reload,
            },
        };
        (start, receiver)
    }

    fn publish(&self, event: LiveEvent) {
        let event = Arc::new(event);
        let mut ring = self.ring.lock().expect("live ring");
        if ring.events.len() == RING {
            ring.events.pop_front();
        }
        ring.events.push_back(Arc::clone(&event));
        // No feed open is not a failure.
        let _ = self.sender.send(event);
    }
}

/// Reads where the changes stand, then the changes since every [`POLL_EVERY`], publishing
/// each, until the hub or the store is gone (each turn holds them only while it reads). A read
/// that fails is tried again at the next turn, from the same place.
async fn read_changes(store: Weak<dyn Store>, hub: Weak<LiveHub>) {
    let mut mark: Option<LiveMark> = None;
    let mut reads: u64 = 0;
    loop {
        if mark.is_some() {
            tokio::time::sleep(POLL_EVERY).await;
        }
        let (Some(live_store), Some(live_hub)) = (store.upgrade(), hub.upgrade()) else {
            return;
        };
        let Some(since) = &mark else {
            match live_store.live_start().await {
                Ok(start) => mark = Some(start),
                Err(error) => {
                    tracing::warn!(%error, "could not read where the live changes stand");
                    drop((live_store, live_hub));
                    tokio::time::sleep(POLL_EVERY).await;
                }
            }
            continue;
        };
        reads += 1;
        if reads.is_multiple_of(PRUNE_EVERY_READS)
            && let Err(error) = live_store.prune_live_changes().await
        {
            tracing::warn!(%error, "could not prune the live changes");
        }
        match live_store.live_changes_since(since).await {
            Ok((changes, next)) => {
                // Made first, then handed on together: each feed wakes once a read, and
                // writes what came in it at once.
                let mut events = Vec::with_capacity(changes.len());
                for change in changes {
                    match event_of(live_store.as_ref(), &change).await {
                        Ok(event) => events.push(event),
                        Err(error) => {
                            tracing::warn!(%error, "could not read a live change's subject");
                        }
                    }
                }
                for event in events {
                    live_hub.publish(event);
                }
                mark = Some(next);
            }
            Err(error) => tracing::warn!(%error, "could not read the live changes"),
        }
    }
}

/// The event a change makes: what a page shows of its subject now.
async fn event_of(store: &dyn Store, change: &LiveChange) -> Result<LiveEvent, AppError> {
    let championship = change.championship.map(|id| id.0);
    let mut league = (None, None);
    let (kind, data) = match change.subject {
        LiveSubject::Fixture(fixture) => {
            let data = match store.fixture(FixtureId(fixture)).await? {
                Some(found) => {
                    league = (Some(found.division_id), Some(found.id));
                    let result = store.current_result(found.id).await?;
                    let (home_games, away_games, conceded_by) =
                        match result.as_ref().map(|result| &result.score) {
                            Some(FixtureScore::Played {
                                home_games,
                                away_games,
                            }) => (Some(*home_games), Some(*away_games), None),
                            Some(FixtureScore::Walkover { conceded_by }) => (
                                None,
                                None,
                                Some(match conceded_by {
                                    Side::Home => "home",
                                    Side::Away => "away",
                                }),
                            ),
                            None => (None, None, None),
                        };
                    let in_play: Vec<serde_json::Value> =
                        super::fixture_play::fixture_games_in_play(store, &found)
                            .await?
                            .map(|play| play.games)
                            .unwrap_or_default()
                            .iter()
                            .map(|game| {
                                serde_json::json!({
                                    "game": game.number,
                                    "hands": game.hands.len(),
                                    "totals": game.totals,
                                    "over": game.winner.is_some(),
                                })
                            })
                            .collect();
                    serde_json::json!({
                        "division": found.division_id.0,
                        "fixture": found.id.0,
                        "date": found.date,
                        "status": found.status.as_str(),
                        "home_games": home_games,
                        "away_games": away_games,
                        "walkover_conceded_by": conceded_by,
                        "games_in_play": in_play,
                    })
                }
                None => serde_json::json!({"fixture": fixture, "removed": true}),
            };
            ("fixture", data)
        }
        LiveSubject::Round(round) => (
            "round",
            serde_json::json!({"championship": championship, "round": round}),
        ),
        LiveSubject::Hands(table) => {
            let games: Vec<serde_json::Value> =
                crate::app::championships::games_in_play(store, TableId(table))
                    .await?
                    .map(|play| play.games)
                    .unwrap_or_default()
                    .iter()
                    .map(|game| {
                        serde_json::json!({
                            "game": game.number,
                            "hands": game.hands.len(),
                            "totals": game.totals,
                        })
                    })
                    .collect();
            (
                "hands",
                serde_json::json!({"championship": championship, "table": table, "games": games}),
            )
        }
        LiveSubject::Table(table) => {
            let found = store.table(TableId(table)).await?;
            let data = match found {
                Some((_, table)) => {
                    let outcome = table.result.as_ref().map(|result| &result.outcome);
                    serde_json::json!({
                        "championship": championship,
                        "table": table.id.0,
                        "number": table.number,
                        "status": table.status.as_str(),
                        "version": table.version,
                        "points": outcome.map(|o| o.points.iter().map(|p| {
                            serde_json::from_str::<serde_json::Value>(&p.exact().to_json())
                                .unwrap_or_default()
                        }).collect::<Vec<_>>()),
                        "game_points": outcome.map(|o| o.game_points.clone()),
                    })
                }
                // Gone since (its championship removed): said as such.
                None => serde_json::json!({
                    "championship": championship,
                    "table": table,
                    "status": TableStatus::Waiting.as_str(),
                    "removed": true,
                }),
            };
            ("table", data)
        }
    };
    Ok(LiveEvent {
        id: event_id(change.cursor),
        cursor: change.cursor,
        organisation: change.organisation,
        championship: change.championship,
        division: league.0,
        fixture: league.1,
        kind,
        data: data.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(line: i64) -> LiveEvent {
        let cursor = LiveCursor {
            transaction: 0,
            line,
        };
        LiveEvent {
            id: event_id(cursor),
            cursor,
            organisation: OrganisationId(1),
            championship: None,
            division: None,
            fixture: None,
            kind: "round",
            data: "{}".into(),
        }
    }

    #[test]
    fn a_feed_resumes_after_its_last_event_or_reloads_once_it_has_left_the_ring() {
        let hub = LiveHub::new();
        for line in 1..=(RING as i64 + 10) {
            hub.publish(event(line));
        }
        let resumed = |line: i64| hub.subscribe(Some(&format!("0-{line}"))).0;
        match resumed(RING as i64 + 7) {
            FeedStart::Resumed(events) => {
                let lines: Vec<i64> = events.iter().map(|e| e.cursor.line).collect();
                assert_eq!(lines, [RING as i64 + 8, RING as i64 + 9, RING as i64 + 10]);
            }
            _ => panic!("resumed from the ring"),
        }
        // The first ten have left the ring: a feed that last had the fifth reloads, as does
        // one whose id is none of this process's.
        assert!(matches!(resumed(5), FeedStart::Reload));
        assert!(matches!(resumed(11), FeedStart::Resumed(events) if events.len() == RING - 1));
        assert!(matches!(
            hub.subscribe(Some("not an id")).0,
            FeedStart::Reload
        ));
        assert!(matches!(hub.subscribe(None).0, FeedStart::Fresh));
    }

    #[test]
    fn feeds_are_counted_per_address_and_given_back_when_they_end() {
        let hub = Arc::new(LiveHub::new());
        let address: IpAddr = "192.0.2.7".parse().unwrap();
        let mut open: Vec<FeedPermit> = (0..MAX_FEEDS_PER_ADDRESS)
            .map(|_| hub.open_feed(address).unwrap())
            .collect();
        assert_eq!(
            hub.open_feed(address).err(),
            Some(FeedRefused::TooManyFromAddress)
        );
        assert!(hub.open_feed("192.0.2.8".parse().unwrap()).is_ok());
        open.pop();
        assert!(hub.open_feed(address).is_ok());
    }
}
