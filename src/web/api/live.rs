//! The live feed: server-sent events of what changes in an organisation's championships and
//! leagues as it happens (a hand, a table's result, a round published, a fixture's result),
//! whichever
//! service process wrote it. Each event has an id a reconnecting client sends back
//! (`Last-Event-ID`) to receive what it missed, or a single `reload` when too much has passed.
//! A comment line every [`HEARTBEAT`] keeps proxies from closing an idle feed and shows a
//! dead client; the answer is never buffered, compressed or kept.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use actix_web::web::{Bytes, Data, Path, Query};
use actix_web::{HttpRequest, HttpResponse, get};
use serde::Deserialize;
use tokio::sync::broadcast;
use utoipa::IntoParams;

use crate::app::live::{FeedPermit, FeedRefused, FeedStart, LiveEvent, MAX_FEEDS_PER_ADDRESS};
use crate::app::lookup;
use crate::domain::ids::{ChampionshipId, DivisionId, FixtureId};
use crate::web::AppState;
use crate::web::api::error::{ApiError, ErrorBody};

/// How often an idle feed sends a comment line.
pub const HEARTBEAT: Duration = Duration::from_secs(15);
/// How long a browser waits before reconnecting a dropped feed, in milliseconds.
const RETRY_MS: u32 = 2_000;

#[derive(Debug, Deserialize, IntoParams)]
pub struct LiveFilter {
    /// Only this championship's changes.
    pub championship: Option<i64>,
    /// Only the changes of this league division's fixtures.
    pub division: Option<i64>,
    /// Only this league fixture's changes.
    pub fixture: Option<i64>,
}

#[utoipa::path(
    tag = "live",
    description = "Server-sent events (`text/event-stream`) of the organisation's changes as \
                   they happen, from whichever service process wrote them. Each event is \
                   `event: table` (`data`: the championship, table id and number, `status` \
                   `waiting`, `entered` or `confirmed`, `version`, and once entered each seat's \
                   `points` and `game_points`) or `event: round` (`data`: the championship and \
                   the round published) or `event: hands` (`data`: the championship, the \
                   table, and each game's number, hands played and running totals, as a hand \
                   is played at the table or taken back) or `event: fixture` (`data`: \
                   a league fixture's division, id, date and `status`, with `home_games` and \
                   `away_games` once a result is in, or `walkover_conceded_by`, and while its \
                   games are scored hand by hand, `games_in_play`: each game's number, hands \
                   played, home's and away's running totals and whether it is `over`), with an \
                   `id`. A client that reconnects sends the last \
                   id it had as `Last-Event-ID` and receives what it missed, or one `event: \
                   reload` when more has passed than is kept (then it reloads what it shows). \
                   A comment line (`: keep-alive`) every 15 seconds. At most 24 feeds from one \
                   address (429 past it) and 5,000 a service process (503). No token needed: \
                   the feed says what the public pages show. The feed ends when the \
                   service process stops; the client reconnects.",
    params(
        ("slug" = String, Path, description = "The organisation's short name"),
        LiveFilter,
        ("Last-Event-ID" = Option<String>, Header, description = "The id of the last event received, to resume after it"),
    ),
    responses(
        (status = 200, description = "The feed", content_type = "text/event-stream", body = String),
        (status = 404, body = ErrorBody),
        (status = 429, body = ErrorBody),
        (status = 503, body = ErrorBody),
    ),
)]
#[get("/api/v1/organisations/{slug}/live")]
pub async fn live_feed(
    req: HttpRequest,
    state: Data<AppState>,
    slug: Path<String>,
    filter: Query<LiveFilter>,
) -> Result<HttpResponse, ApiError> {
    let organisation = lookup::organisation(state.store.as_ref(), &slug)
        .await
        .map_err(super::championships::app_error)?;
    let address = req
        .peer_addr()
        .map(|address| address.ip())
        .unwrap_or(std::net::IpAddr::from([0, 0, 0, 0]));
    let permit = state
        .live
        .open_feed(address)
        .map_err(|refused| match refused {
            FeedRefused::TooManyFromAddress => ApiError::TooMany(format!(
                "This address has {MAX_FEEDS_PER_ADDRESS} live feeds open, as many as one may; \
             close one (a page open in another tab, say) and try again."
            )),
            FeedRefused::TooMany => ApiError::Busy(
                "The service has as many live feeds open as it takes; the pages still work, \
             and the feed will reconnect by itself."
                    .into(),
            ),
        })?;
    let last = req
        .headers()
        .get("Last-Event-ID")
        .and_then(|value| value.to_str().ok());
    let (start, receiver) = state.live.subscribe(last);
    let wanted = Wanted {
        organisation: organisation.id.0,
        championship: filter.championship.map(ChampionshipId),
        division: filter.division.map(DivisionId),
        fixture: filter.fixture.map(FixtureId),
    };
    let mut pending = VecDeque::from([Bytes::from(format!("retry: {RETRY_MS}\n\n"))]);
    match start {
        FeedStart::Fresh => {}
        FeedStart::Reload => pending.push_back(reload_frame()),
        FeedStart::Resumed(missed) => pending.extend(
            missed
                .iter()
                .filter(|event| wanted.takes(event))
                .map(|event| frame(event)),
        ),
    }
    let feed = Feed {
        receiver,
        pending,
        wanted,
        heartbeat: tokio::time::interval_at(tokio::time::Instant::now() + HEARTBEAT, HEARTBEAT),
        closing: state.live.closing(),
        _permit: permit,
    };
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-cache, no-store"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(futures_util::stream::unfold(feed, Feed::next)))
}

/// Which events a feed takes.
struct Wanted {
    organisation: i64,
    championship: Option<ChampionshipId>,
    division: Option<DivisionId>,
    fixture: Option<FixtureId>,
}

impl Wanted {
    fn takes(&self, event: &LiveEvent) -> bool {
        event.organisation.0 == self.organisation
            && self
                .championship
                .is_none_or(|wanted| event.championship == Some(wanted))
            && self
                .division
                .is_none_or(|wanted| event.division == Some(wanted))
            && self
                .fixture
                .is_none_or(|wanted| event.fixture == Some(wanted))
    }
}

/// An open feed: what it has still to send, then the events as they come.
struct Feed {
    receiver: broadcast::Receiver<Arc<LiveEvent>>,
    pending: VecDeque<Bytes>,
    wanted: Wanted,
    heartbeat: tokio::time::Interval,
    /// Ends the feed when the process stops.
    closing: tokio::sync::watch::Receiver<bool>,
    /// Given back when the client goes and the feed is dropped.
    _permit: FeedPermit,
}

impl Feed {
    async fn next(mut self) -> Option<(Result<Bytes, Infallible>, Self)> {
        loop {
            if let Some(bytes) = self.pending.pop_front() {
                return Some((Ok(bytes), self));
            }
            let received = tokio::select! {
                received = self.receiver.recv() => received,
                _ = self.heartbeat.tick() => {
                    self.pending.push_back(Bytes::from_static(b": keep-alive\n\n"));
                    continue;
                }
                // The process stops: the feed ends cleanly, and the client reconnects.
                _ = self.closing.wait_for(|closing| *closing) => return None,
            };
            match received {
                Ok(event) => self.take_with_those_waiting(&event),
                // Too slow to keep up: told to reload rather than kept growing.
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    self.pending.push_back(reload_frame());
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    }

    /// `event` and the events already waiting behind it, as one write: a process's changes
    /// come in bursts (each read of the store), and a feed written once a burst rather than
    /// once an event costs a busy process far less (`BENCHMARKS.md`).
    fn take_with_those_waiting(&mut self, event: &LiveEvent) {
        let mut burst = String::new();
        if self.wanted.takes(event) {
            burst.push_str(&frame_text(event));
        }
        for _ in 0..BURST {
            match self.receiver.try_recv() {
                Ok(event) if self.wanted.takes(&event) => burst.push_str(&frame_text(&event)),
                Ok(_) => {}
                Err(broadcast::error::TryRecvError::Lagged(_)) => {
                    burst.push_str(RELOAD);
                    break;
                }
                Err(_) => break,
            }
        }
        if !burst.is_empty() {
            self.pending.push_back(Bytes::from(burst));
        }
    }
}

/// The most events written to a feed at once.
const BURST: usize = 256;

const RELOAD: &str = "event: reload\ndata: {}\n\n";

fn frame_text(event: &LiveEvent) -> String {
    format!(
        "id: {}\nevent: {}\ndata: {}\n\n",
        event.id, event.kind, event.data
    )
}

fn frame(event: &LiveEvent) -> Bytes {
    Bytes::from(frame_text(event))
}

fn reload_frame() -> Bytes {
    Bytes::from_static(RELOAD.as_bytes())
}
