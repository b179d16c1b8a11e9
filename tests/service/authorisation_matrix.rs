//! The authorisation matrix: every route that changes something, taken from the routes the
//! handlers declare (so a new route cannot be left out), tried by every caller who may not use
//! it: nobody signed in, a captain of another team of the same league, and the organiser and a
//! captain of another league. Each is refused (a redirect to the login page, 401, 403 or 404)
//! and changes nothing; then the same request by one who may is not refused for who they are.

use std::collections::{BTreeMap, BTreeSet};

use fives::web::http_methods::DECLARED_ROUTES;
use serde_json::json;

use crate::support::{Browser, TestContext};

mod routes;

pub use routes::swiss_format;
use routes::{Audience, Body, North, request_for, two_per_match};

/// The address with the north league's things in it.
fn address(route: &str, north: &North) -> String {
    let id = if route.contains("/championships/{id}") {
        north.championship
    } else if route.contains("/competitions/{id}") {
        north.competition
    } else if route.contains("/seasons/{id}") {
        north.season
    } else if route.contains("/divisions/{id}") {
        north.division
    } else if route.contains("/fixtures/{id}") {
        north.fixture
    } else if route.contains("/tokens/{id}") {
        north.token
    } else if route.contains("/players/{id}") {
        north.player
    } else if route.contains("/transfers/{id}") {
        north.transfer
    } else {
        north.anchor
    };
    route
        .replace("{slug}", "north")
        .replace("{id}", &id.to_string())
        .replace("{player}", &north.player.to_string())
        .replace("{player_id}", &north.player.to_string())
        .replace("{entrant_id}", &north.entrant.to_string())
        .replace("{table_id}", &north.table.to_string())
        // The first account, the site's admin: no captain, so the one who may is told 404.
        .replace("{user}", "1")
        .replace("{user_id}", "1")
        .replace("{game}", "1")
        .replace("{hand}", "1")
}

/// A caller: a browser (signed in or not) and, for the API, a token.
struct Caller {
    name: &'static str,
    browser: Browser,
    token: Option<String>,
}

impl Caller {
    /// The answer's status and where a redirect goes.
    async fn send(
        &self,
        ctx: &TestContext,
        method: &str,
        path: &str,
        body: &Body,
    ) -> (u16, String) {
        if path.starts_with("/api/") {
            let api = ctx.api(self.token.as_deref());
            let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
            let json = match body {
                Body::Json(value) => Some(value.clone()),
                _ => None,
            };
            let reply = api.send(method, path, json).await;
            return (reply.status, String::new());
        }
        let fields: Vec<(&str, &str)> = match body {
            Body::Form(fields) => fields.iter().map(|(k, v)| (*k, v.as_str())).collect(),
            _ => Vec::new(),
        };
        let page = self.browser.submit(path, &fields).await;
        (page.status, page.location.unwrap_or_default())
    }
}

/// Everything a refused request could have changed, read straight from the database: the
/// public content's revision (moved by triggers on every public table), and the counts of the
/// private tables a route writes.
async fn fingerprint(ctx: &TestContext) -> Vec<i64> {
    const READS: [&str; 7] = [
        "SELECT CAST(SUM(revision) AS BIGINT) FROM content_revision",
        "SELECT COUNT(*) FROM captain_invites",
        "SELECT COUNT(*) FROM organiser_invites",
        "SELECT COUNT(*) FROM password_resets",
        "SELECT COUNT(*) FROM mail_outbox",
        "SELECT COUNT(*) FROM api_tokens WHERE revoked_at IS NULL",
        "SELECT COUNT(*) FROM users",
    ];
    let mut values = Vec::new();
    match &ctx.database_url {
        Some(url) => {
            let pool = sqlx::PgPool::connect(url).await.unwrap();
            for sql in READS {
                values.push(sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap());
            }
            pool.close().await;
        }
        None => {
            let url = format!("sqlite://{}", ctx.data_dir.join("fives.db").display());
            let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
            for sql in READS {
                values.push(sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap());
            }
            pool.close().await;
        }
    }
    values
}

async fn signed_in(ctx: &TestContext, name: &'static str, email: &str, with_token: bool) -> Caller {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    let token = if with_token {
        Some(browser.make_api_token("matrix").await)
    } else {
        None
    };
    Caller {
        name,
        browser,
        token,
    }
}

fn id_of(reply: &crate::support::Reply) -> i64 {
    reply.json["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("an id in {:?}", reply.json))
}

async fn every_write_route_refuses_every_caller_who_may_not_and_changes_nothing(ctx: TestContext) {
    // Two leagues: north, whose things are attacked, and south. In north the Crown's
    // captain attacks the Anchor and the fixture Anchor v Swan.
    ctx.admin("admin@example.org").await;
    let north_organiser = ctx.user("north@example.org").await;
    let south_organiser = ctx.user("south@example.org").await;
    let north_org = ctx.organisation("north", &north_organiser).await;
    let south_org = ctx.organisation("south", &south_organiser).await;
    let crown = ctx.team(north_org.id, "The Crown").await;
    let anchor = ctx.team(north_org.id, "The Anchor").await;
    let swan = ctx.team(north_org.id, "The Swan").await;
    let bell = ctx.team(south_org.id, "The Bell").await;
    for (email, team, organiser) in [
        ("crown@example.org", crown.id, &north_organiser),
        ("anchor@example.org", anchor.id, &north_organiser),
        ("swan@example.org", swan.id, &north_organiser),
        ("bell@example.org", bell.id, &south_organiser),
    ] {
        let captain = ctx.user(email).await;
        ctx.make_captain(team, &captain, organiser).await;
    }

    let organiser = signed_in(&ctx, "north's organiser", "north@example.org", true).await;
    let api = ctx.api(organiser.token.as_deref());
    let base = "/api/v1/organisations/north";
    let player = id_of(
        &api.post(&format!("{base}/players"), json!({"name": "Pat Jones"}))
            .await,
    );
    let competition = id_of(
        &api.post(
            &format!("{base}/competitions"),
            json!({"name": "Winter League", "ruleset": "fives-and-threes",
                       "match_format": two_per_match()}),
        )
        .await,
    );
    let season = id_of(
        &api.post(
            &format!("{base}/competitions/{competition}/seasons"),
            json!({"name": "2026-27", "start": "2026-09-01", "league_night": "Tuesday",
                       "blackout_dates": []}),
        )
        .await,
    );
    let division = id_of(
        &api.post(
            &format!("{base}/seasons/{season}/divisions"),
            json!({"name": "Premier"}),
        )
        .await,
    );
    for team in [anchor.id.0, swan.id.0] {
        let added = api
            .post(
                &format!("{base}/divisions/{division}/teams"),
                json!({"team_id": team}),
            )
            .await;
        assert!(added.status < 300, "{:?}", added.json);
    }
    let made = api
        .post(
            &format!("{base}/divisions/{division}/fixtures"),
            json!({"legs": "single"}),
        )
        .await;
    assert!(made.status < 300, "{:?}", made.json);
    let fixtures = api
        .get(&format!("{base}/divisions/{division}/fixtures"))
        .await;
    let fixture = fixtures.json["fixtures"][0]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("a fixture in {:?}", fixtures.json));
    let tokens = organiser.browser.get("/account/tokens").await;
    let token = tokens
        .body
        .split("/account/tokens/")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|id| id.parse().ok())
        .expect("the tokens page links its token's revocation");
    let championship = id_of(
        &api.post(
            &format!("{base}/championships"),
            json!({"name": "Open Singles", "starts_on": "2027-03-06", "ruleset": "all-fives",
                       "format": swiss_format()}),
        )
        .await,
    );
    let entered = api
        .post(
            &format!("{base}/championships/{championship}/entrants"),
            json!({"entrants": [{"name": "Pat Jones"}, {"name": "Sam Lee"}]}),
        )
        .await;
    let entrant = entered.json[0]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("an entrant in {:?}", entered.json));
    let published = api
        .post(
            &format!("{base}/championships/{championship}/rounds"),
            json!({}),
        )
        .await;
    let table = published.json["round"]["tables"][0]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("a table in {:?}", published.json));
    // Pat Jones plays for the Swan; the Anchor's captain asks for them: a transfer waiting.
    let swan_squad = api
        .post(
            &format!("{base}/teams/{}/squad", swan.id),
            json!({"player_id": player}),
        )
        .await;
    assert!(swan_squad.status < 300, "{:?}", swan_squad.json);
    let anchor_captain_api =
        signed_in(&ctx, "the Anchor's captain", "anchor@example.org", true).await;
    let asked = ctx
        .api(anchor_captain_api.token.as_deref())
        .post(
            &format!("{base}/teams/{}/squad", anchor.id),
            json!({"player_id": player}),
        )
        .await;
    assert_eq!(asked.status, 202, "{:?}", asked.json);
    let transfer = id_of(&asked);
    let north = North {
        transfer,
        championship,
        entrant,
        table,
        competition,
        season,
        division,
        fixture,
        anchor: anchor.id.0,
        crown: crown.id.0,
        player,
        token,
    };

    let nobody = Caller {
        name: "nobody signed in",
        browser: ctx.browser(),
        token: None,
    };
    let south_organiser = signed_in(&ctx, "south's organiser", "south@example.org", true).await;
    let south_captain = signed_in(&ctx, "a south captain", "bell@example.org", true).await;
    let north_captain = signed_in(&ctx, "the Crown's captain", "crown@example.org", true).await;
    let anchor_captain = signed_in(&ctx, "the Anchor's captain", "anchor@example.org", true).await;
    let swan_captain = signed_in(&ctx, "the Swan's captain", "swan@example.org", true).await;
    let admin = signed_in(&ctx, "a site admin", "admin@example.org", true).await;

    let mut covered = BTreeSet::new();
    let mut rightful = Vec::new();
    let mut attempts = 0;
    let mut refusals: BTreeMap<u16, usize> = BTreeMap::new();
    for (method, route) in DECLARED_ROUTES
        .iter()
        .filter(|(method, _)| *method != "GET")
    {
        let (audience, body) = request_for(method, route, &north)
            .unwrap_or_else(|| panic!("{method} {route} is not in the matrix: add it"));
        covered.insert((*method, *route));
        let path = address(route, &north);
        // Who may not, and one who may.
        let mut callers = vec![&nobody, &south_organiser, &south_captain, &north_captain];
        let may = match audience {
            Audience::Own => continue,
            Audience::Organiser => {
                callers.extend([&anchor_captain, &swan_captain]);
                &organiser
            }
            Audience::TeamCaptain => {
                callers.push(&swan_captain);
                &anchor_captain
            }
            // The captain who did not submit answers a result.
            Audience::FixtureSide if route.ends_with("/confirm") || route.ends_with("/dispute") => {
                &swan_captain
            }
            Audience::FixtureSide => &anchor_captain,
            Audience::Admin => {
                callers.extend([&organiser, &anchor_captain]);
                &admin
            }
            Audience::TokenOwner => {
                callers.extend([&anchor_captain, &admin]);
                &organiser
            }
        };
        for caller in callers {
            let before = fingerprint(&ctx).await;
            let (status, location) = caller.send(&ctx, method, &path, &body).await;
            let refused = matches!(status, 401 | 403 | 404)
                || (status == 303 && location.starts_with("/login"));
            assert!(
                refused,
                "{} {method} {path}: {status} {location}",
                caller.name
            );
            assert_eq!(
                fingerprint(&ctx).await,
                before,
                "{} {method} {path} changed something",
                caller.name
            );
            attempts += 1;
            *refusals.entry(status).or_default() += 1;
        }
        rightful.push((may, *method, *route, path, body));
    }
    let declared: BTreeSet<_> = DECLARED_ROUTES
        .iter()
        .filter(|(method, _)| *method != "GET")
        .map(|(method, route)| (*method, *route))
        .collect();
    assert_eq!(covered, declared);
    eprintln!(
        "{:?}: {} write routes, {attempts} refused attempts by status {refusals:?}",
        ctx.backend,
        declared.len()
    );

    // Forged: each request from the browser of one who may, signed in, but without the
    // page's CSRF token (as another site's page would send it) is refused unread.
    let mut forged = 0;
    for (caller, method, route, path, body) in &rightful {
        let before = fingerprint(&ctx).await;
        let request = caller.browser.client.request(
            reqwest::Method::from_bytes(method.as_bytes()).unwrap(),
            format!("{}{path}", ctx.address),
        );
        let request = match body {
            Body::Form(fields) => request
                .header("content-type", "application/x-www-form-urlencoded")
                .body(serde_urlencoded::to_string(fields).unwrap()),
            Body::Json(value) => request
                .header("content-type", "application/json")
                .body(value.to_string()),
            Body::Empty => request,
        };
        let status = request.send().await.unwrap().status().as_u16();
        let expected = if path.starts_with("/api/") { 401 } else { 403 };
        assert_eq!(
            status, expected,
            "{} {method} {route} without its CSRF token",
            caller.name
        );
        assert_eq!(
            fingerprint(&ctx).await,
            before,
            "{method} {route} forged changed something"
        );
        forged += 1;
    }
    eprintln!("{:?}: {forged} forged requests refused", ctx.backend);

    // The same requests from those who may are not refused for who they are (they may
    // still be refused for what they hold). Deleting the season and revoking the token
    // come last, as they take away what the others name; so do removing a team or a player.
    rightful.sort_by_key(|(_, method, route, _, _)| {
        route.ends_with("/delete")
            || route.ends_with("/revoke")
            || (*method == "DELETE"
                && (route.ends_with("/teams/{id}")
                    || route.ends_with("/players/{id}")
                    || route.ends_with("/competitions/{id}")))
    });
    for (caller, method, route, path, body) in rightful {
        let (status, location) = caller.send(&ctx, method, &path, &body).await;
        let refused =
            matches!(status, 401 | 403) || (status == 303 && location.starts_with("/login"));
        assert!(
            !refused,
            "{} {method} {route}: {status} {location}",
            caller.name
        );
    }
}
store_test!(every_write_route_refuses_every_caller_who_may_not_and_changes_nothing);
