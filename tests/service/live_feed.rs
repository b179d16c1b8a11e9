//! The live feed, on both stores: a feed open on one service process receives the changes
//! written through another on the same database (a round published, a table's result), only
//! its championship's when it asks for one; a feed that reconnects with `Last-Event-ID`
//! receives what it missed; and one address may keep only so many feeds open.

use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{Value, json};

use crate::championship_formats::format_of;
use crate::championship_story::{organiser_api, random_game};
use crate::result_interruptions::Server;
use crate::support::{ApiClient, TestContext};

const BASE: &str = "/api/v1/organisations/north/championships";

/// An event as the feed sent it.
#[derive(Debug)]
pub(crate) struct Event {
    pub(crate) id: String,
    pub(crate) kind: String,
    pub(crate) data: Value,
}

type FeedChunk = reqwest::Result<actix_web::web::Bytes>;

/// An open feed, read event by event.
pub(crate) struct Feed {
    stream: std::pin::Pin<Box<dyn futures_util::Stream<Item = FeedChunk> + Send>>,
    buffered: String,
}

impl Feed {
    async fn open(address: &str, query: &str, last: Option<&str>) -> reqwest::Response {
        Self::open_of(address, "north", query, last).await
    }

    async fn open_of(
        address: &str,
        slug: &str,
        query: &str,
        last: Option<&str>,
    ) -> reqwest::Response {
        let client = reqwest::Client::new();
        let mut request = client.get(format!("{address}/api/v1/organisations/{slug}/live{query}"));
        if let Some(last) = last {
            request = request.header("Last-Event-ID", last);
        }
        request.send().await.unwrap()
    }

    pub(crate) async fn start(address: &str, query: &str, last: Option<&str>) -> Self {
        Self::start_of(address, "north", query, last).await
    }

    /// A feed of the organisation `slug`'s changes.
    pub(crate) async fn start_of(
        address: &str,
        slug: &str,
        query: &str,
        last: Option<&str>,
    ) -> Self {
        let response = Self::open_of(address, slug, query, last).await;
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["content-type"].to_str().unwrap(),
            "text/event-stream"
        );
        Self {
            stream: Box::pin(response.bytes_stream()),
            buffered: String::new(),
        }
    }

    /// Whether the feed ends cleanly (the answer's end, no error) within `within`, whatever
    /// comes before.
    pub(crate) async fn ends_cleanly_within(&mut self, within: Duration) -> bool {
        tokio::time::timeout(within, async {
            loop {
                match self.stream.next().await {
                    None => return true,
                    Some(Err(_)) => return false,
                    Some(Ok(_)) => {}
                }
            }
        })
        .await
        .unwrap_or(false)
    }

    /// The next event (comments and the retry line skipped), within ten seconds.
    pub(crate) async fn next(&mut self) -> Event {
        tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                while let Some(end) = self.buffered.find("\n\n") {
                    let block: String = self.buffered.drain(..end + 2).collect();
                    let field = |name: &str| {
                        block
                            .lines()
                            .find_map(|line| line.strip_prefix(&format!("{name}: ")))
                            .map(str::to_string)
                    };
                    if let Some(kind) = field("event") {
                        return Event {
                            id: field("id").unwrap_or_default(),
                            kind,
                            data: serde_json::from_str(&field("data").unwrap()).unwrap(),
                        };
                    }
                }
                let chunk = self
                    .stream
                    .next()
                    .await
                    .expect("the feed stays open")
                    .unwrap();
                self.buffered.push_str(std::str::from_utf8(&chunk).unwrap());
            }
        })
        .await
        .expect("an event within ten seconds")
    }
}

/// A Swiss of four under All Fives; answers its id.
async fn made(api: &ApiClient, name: &str) -> i64 {
    let made = api
        .post(
            BASE,
            json!({"name": name, "starts_on": "2027-03-06", "ruleset": "all-fives",
                   "format": format_of(fives::domain::championship::Stages::Swiss { rounds: 3 })}),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    let id = made.json["id"].as_i64().unwrap();
    let entrants: Vec<Value> = ["Ann", "Bob", "Cat", "Dan"]
        .iter()
        .map(|name| json!({"name": name}))
        .collect();
    let entered = api
        .post(
            &format!("{BASE}/{id}/entrants"),
            json!({"entrants": entrants}),
        )
        .await;
    assert_eq!(entered.status, 201, "{:?}", entered.json);
    id
}

async fn a_feed_on_one_process_receives_what_another_writes_and_resumes_where_it_left(
    ctx: TestContext,
) {
    let api = organiser_api(&ctx).await;
    let watched = made(&api, "Watched Open").await;
    let other = made(&api, "Other Open").await;
    let second = Server::start(&ctx).await;
    let through_second = ApiClient {
        address: second.address.clone(),
        client: reqwest::Client::new(),
        token: api.token.clone(),
    };

    // A feed on the second process, for the watched championship only.
    let query = format!("?championship={watched}");
    let mut feed = Feed::start(&second.address, &query, None).await;
    // And one on the first process.
    let mut first_feed = Feed::start(&ctx.address, &query, None).await;
    // The other championship's round, then the watched one's, both written through the first.
    assert_eq!(
        api.post(&format!("{BASE}/{other}/rounds"), json!({}))
            .await
            .status,
        201
    );
    let round = api
        .post(&format!("{BASE}/{watched}/rounds"), json!({}))
        .await;
    assert_eq!(round.status, 201, "{:?}", round.json);
    let published = feed.next().await;
    assert_eq!(published.kind, "round");
    assert_eq!(published.data["championship"], watched, "{published:?}");
    assert!(published.data["round"].is_i64(), "{published:?}");

    // A table's result entered through the first process, then one through the second.
    let tables = round.json["round"]["tables"].as_array().unwrap().clone();
    let entered = api
        .put(
            &format!("{BASE}/{watched}/tables/{}/result", tables[0]["id"]),
            json!({"version": 0, "games": [random_game(1)]}),
        )
        .await;
    assert_eq!(entered.status, 200, "{:?}", entered.json);
    let table = feed.next().await;
    assert_eq!(table.kind, "table");
    assert_eq!(table.data["table"], tables[0]["id"]);
    assert_eq!(table.data["status"], "confirmed");
    assert_eq!(table.data["points"], entered.json["table"]["points"]);
    assert_eq!(
        table.data["game_points"],
        entered.json["table"]["game_points"]
    );

    let entered = through_second
        .put(
            &format!("{BASE}/{watched}/tables/{}/result", tables[1]["id"]),
            json!({"version": 0, "games": [random_game(2)]}),
        )
        .await;
    assert_eq!(entered.status, 200, "{:?}", entered.json);
    let table = feed.next().await;
    assert_eq!(table.data["table"], tables[1]["id"], "{table:?}");
    assert_eq!(table.data["version"], 1);
    // The first process's feed had all three, in order.
    let seen = [
        first_feed.next().await,
        first_feed.next().await,
        first_feed.next().await,
    ];
    assert_eq!(
        seen.iter()
            .map(|event| (event.kind.as_str(), event.id.as_str()))
            .collect::<Vec<_>>()[0],
        ("round", published.id.as_str())
    );
    assert_eq!(
        [&seen[1].data["table"], &seen[2].data["table"]],
        [&tables[0]["id"], &tables[1]["id"]]
    );

    // Back after the round: what it missed, both tables, in order.
    let mut resumed = Feed::start(&ctx.address, &query, Some(&published.id)).await;
    let missed = [resumed.next().await, resumed.next().await];
    assert_eq!(
        missed
            .iter()
            .map(|e| e.data["table"].clone())
            .collect::<Vec<_>>(),
        [tables[0]["id"].clone(), tables[1]["id"].clone()]
    );
    // A process started since has not kept the round: a feed resuming there reloads.
    drop(second);
    let third = Server::start(&ctx).await;
    let mut lost = Feed::start(&third.address, &query, Some(&published.id)).await;
    assert_eq!(lost.next().await.kind, "reload");
}
store_test!(a_feed_on_one_process_receives_what_another_writes_and_resumes_where_it_left);

async fn one_address_keeps_only_so_many_feeds_open(ctx: TestContext) {
    let organiser = ctx.user("north@example.org").await;
    ctx.organisation("north", &organiser).await;
    let limit = fives::app::live::MAX_FEEDS_PER_ADDRESS;
    let mut open = Vec::new();
    for _ in 0..limit {
        open.push(Feed::start(&ctx.address, "", None).await);
    }
    let refused = Feed::open(&ctx.address, "", None).await;
    assert_eq!(refused.status(), 429);
    let body: Value = serde_json::from_str(&refused.text().await.unwrap()).unwrap();
    assert!(
        body["error"].as_str().unwrap().contains("live feeds open"),
        "{body}"
    );
    // Another address is still welcome (the places are counted per address).
    let elsewhere = reqwest::Client::builder()
        .local_address(Some("127.0.0.2".parse().unwrap()))
        .build()
        .unwrap()
        .get(format!("{}/api/v1/organisations/north/live", ctx.address))
        .send()
        .await
        .unwrap();
    assert_eq!(elsewhere.status(), 200);
    drop(open);
}
store_test!(one_address_keeps_only_so_many_feeds_open);
