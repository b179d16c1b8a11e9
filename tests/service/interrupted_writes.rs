//! Writes cut short, on both stores: whatever happens to a request (its client gone, its body
//! refused while another part of it was writing), every write runs to its end or rolls back,
//! and the next write works at once. On SQLite a write dropped just after its transaction began
//! used to keep the write lock on a pooled connection, and every later write failed.

use std::time::Duration;

use chrono::Utc;
use fives::domain::ids::{OrganisationId, TeamId};
use fives::domain::organisation::{DisplayName, TeamContact};
use fives::store::{NewSession, Store};
use fives::token::SecretToken;
use serde_json::json;

use crate::support::{TestContext, cancelled_after};

/// Long enough for any write on a quiet machine, far shorter than SQLite's 10-second busy
/// timeout, which a write would sit out behind a transaction that was never ended.
const A_WRITE_AT_MOST: Duration = Duration::from_secs(5);

async fn team_is_made(store: &dyn Store, organisation: OrganisationId, name: &str) {
    let made = tokio::time::timeout(
        A_WRITE_AT_MOST,
        store.create_team(
            organisation,
            &DisplayName::try_from(name).unwrap(),
            Utc::now(),
        ),
    )
    .await;
    match made {
        Ok(Ok(team)) => assert_eq!(team.name, name),
        Ok(Err(error)) => panic!("making {name} failed: {error}"),
        Err(_) => panic!("making {name} did not finish in {A_WRITE_AT_MOST:?}"),
    }
}

/// Three kinds of write, each with a transaction of its own.
enum Write {
    Team(OrganisationId, String),
    Contact(TeamId, String),
    Session(NewSession),
}

impl Write {
    async fn run(&self, store: &dyn Store) {
        match self {
            Write::Team(organisation, name) => {
                let name = DisplayName::try_from(name.as_str()).unwrap();
                // A second go at the same name is refused; either answer will do here.
                store
                    .create_team(*organisation, &name, Utc::now())
                    .await
                    .ok();
            }
            Write::Contact(team, text) => {
                let contact = TeamContact::try_from(text.as_str()).unwrap();
                store.set_team_contact(*team, &contact).await.unwrap();
            }
            Write::Session(session) => store.start_session(session, None).await.unwrap(),
        }
    }
}

async fn a_write_dropped_at_any_point_leaves_the_next_write_free_to_run(ctx: TestContext) {
    let store = ctx.store.as_ref();
    let organiser = ctx.user("secretary@example.org").await;
    let organisation = ctx.organisation("devon", &organiser).await;
    let team = ctx.team(organisation.id, "The Anchor").await;
    let writes = |round: usize| {
        let token = SecretToken::generate();
        [
            Write::Team(organisation.id, format!("Team {round}")),
            Write::Contact(team.id, format!("Ring {round}")),
            Write::Session(NewSession {
                token: token.digest(),
                user: organiser.id,
                created_at: Utc::now(),
                expires_at: Utc::now() + chrono::Duration::days(1),
            }),
        ]
    };
    // How many times each whole write waits on the database.
    let mut waits = Vec::new();
    for write in writes(0) {
        let (done, waited) = cancelled_after(usize::MAX, write.run(store)).await;
        assert!(done.is_some());
        waits.push(waited);
    }
    // Each write dropped after every number of waits it can make, and after each drop a
    // write that must finish at once.
    let mut round = 1;
    for (kind, most) in waits.iter().enumerate() {
        for after in 0..=*most {
            let write = writes(round).into_iter().nth(kind).unwrap();
            let (done, _) = cancelled_after(after, write.run(store)).await;
            if done.is_none() {
                team_is_made(store, organisation.id, &format!("After drop {round}")).await;
            }
            round += 1;
        }
    }
    eprintln!(
        "{:?}: writes dropped after 0..={waits:?} waits",
        ctx.backend
    );
}
store_test!(a_write_dropped_at_any_point_leaves_the_next_write_free_to_run);

/// Posts `body` to `path` with `token`, sent in two chunks `pause` apart and without a length,
/// so the service reads it as it comes (as a slow client's body arrives) and finds it too
/// large only at the second chunk.
async fn post_in_two_chunks(
    ctx: &TestContext,
    token: &str,
    path: &str,
    body: Vec<u8>,
    pause: Duration,
) -> u16 {
    let second = body[60 * 1024..].to_vec();
    let mut first = body;
    first.truncate(60 * 1024);
    let chunks = futures_util::stream::unfold(0, move |sent| {
        let (first, second) = (first.clone(), second.clone());
        async move {
            match sent {
                0 => Some((Ok::<_, std::io::Error>(first), 1)),
                1 => {
                    tokio::time::sleep(pause).await;
                    Some((Ok(second), 2))
                }
                _ => None,
            }
        }
    });
    let reply = reqwest::Client::new()
        .post(format!("{}{path}", ctx.address))
        .bearer_auth(token)
        .header("content-type", "application/json")
        .body(reqwest::Body::wrap_stream(chunks))
        .send()
        .await;
    // The service may answer and close before it has read the whole body.
    reply.map(|reply| reply.status().as_u16()).unwrap_or(413)
}

async fn an_api_body_too_large_with_a_fresh_token_does_not_stop_later_writes(ctx: TestContext) {
    let organiser = ctx.user("secretary@example.org").await;
    ctx.organisation("devon", &organiser).await;
    let browser = ctx.browser();
    browser.login_ok("secretary@example.org").await;
    let teams = "/api/v1/organisations/devon/teams";
    let too_large = serde_json::to_vec(&json!({ "name": "x".repeat(70 * 1024) })).unwrap();
    // Each token's first use notes when it was used, while the body is still arriving and
    // is then refused; the pause before the rest of the body varies, so that the refusal
    // comes at every stage of the noting.
    for attempt in 0..24u64 {
        let token = browser.make_api_token(&format!("script {attempt}")).await;
        let pause = Duration::from_micros(250 * attempt);
        let status = post_in_two_chunks(&ctx, &token, teams, too_large.clone(), pause).await;
        assert!(
            status == 400 || status == 413,
            "attempt {attempt}: {status}"
        );
    }
    // Writes of every kind still work: a login and a team made through the API.
    let other = ctx.browser();
    other.login_ok("secretary@example.org").await;
    let token = other.make_api_token("after").await;
    let made = tokio::time::timeout(
        A_WRITE_AT_MOST,
        ctx.api(Some(&token))
            .post(teams, json!({"name": "The Anchor"})),
    )
    .await
    .expect("a write after the refused bodies finishes at once");
    assert_eq!(made.status, 201, "{:?}", made.json);
}
store_test!(an_api_body_too_large_with_a_fresh_token_does_not_stop_later_writes);
