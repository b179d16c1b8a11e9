//! The authorisation matrix: every route that changes something, taken from the routes the
//! handlers declare (so a new route cannot be left out), tried by every caller who may not use
//! it: nobody signed in, a captain of another team of the same league, and the organiser and a
//! captain of another league. Each is refused (a redirect to the login page, 401, 403 or 404)
//! and changes nothing; then the same request by one who may is not refused for who they are.

use std::collections::{BTreeMap, BTreeSet};

use fives::web::http_methods::DECLARED_ROUTES;
use serde_json::{Value, json};

use crate::support::{Browser, TestContext};

/// Who may use a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Audience {
    /// The league's organisers.
    Organiser,
    /// The team's captains, and the organisers.
    TeamCaptain,
    /// The captains of either side of the fixture, and the organisers.
    FixtureSide,
    /// Site admins.
    Admin,
    /// The owner of the API token.
    TokenOwner,
    /// Whoever is acting on their own account, or holds an invitation's secret: the route
    /// changes nothing of anybody else's, so it has no one to refuse.
    Own,
}

/// What a write route is sent: a page's form fields or an API body.
enum Body {
    Form(Vec<(&'static str, String)>),
    Json(Value),
    Empty,
}

/// The north league's things that a route's `{id}` names.
struct North {
    competition: i64,
    season: i64,
    division: i64,
    /// Anchor v Swan, neither captained by the north captain who attacks.
    fixture: i64,
    /// The Anchor, whose captain is not the attacker.
    anchor: i64,
    /// In no division yet.
    crown: i64,
    player: i64,
    /// The organiser's API token.
    token: i64,
    /// A Swiss with its first round published.
    championship: i64,
    entrant: i64,
    table: i64,
}

/// The plainest Swiss of three rounds, as the API takes a format.
pub fn swiss_format() -> Value {
    use fives::domain::championship::{ChampionshipFormat, FormatChoice, FormatDocument, Stages};
    let format =
        ChampionshipFormat::try_from(FormatChoice::plain(Stages::Swiss { rounds: 3 })).unwrap();
    serde_json::to_value(FormatDocument::from(&format)).unwrap()
}

fn two_per_match() -> Value {
    json!({
        "legs": [{"kind": "singles", "games": 2, "target": 61}],
        "player_limits": {"singles_per_player": 1, "pairs_per_player": 1},
        "points": {"per_game_won": 1, "per_match_won": 2, "per_match_drawn": 1, "losing_bonus": null},
        "walkover": {"winner_games": 2, "loser_games": 0}
    })
}

/// The route's audience and a request it would take from one who may use it.
fn request_for(method: &str, route: &str, north: &North) -> Option<(Audience, Body)> {
    use Audience::*;
    let form = |fields: &[(&'static str, &str)]| {
        Body::Form(fields.iter().map(|(k, v)| (*k, v.to_string())).collect())
    };
    let entry = match (method, route) {
        ("POST", "/login" | "/logout" | "/account/password" | "/account/tokens")
        | ("POST", "/invites/{token}" | "/organiser-invites/{token}")
        | ("POST", "/password-reset" | "/password-reset/{token}") => (Own, Body::Empty),
        ("POST", "/account/tokens/{id}/revoke") => (TokenOwner, Body::Empty),
        ("POST", "/admin/organisations") => (
            Admin,
            form(&[
                ("name", "West League"),
                ("slug", "west"),
                ("organiser_email", "west@example.org"),
            ]),
        ),
        ("POST", "/teams/{id}/contact") => (TeamCaptain, form(&[("contact", "Ring the bar")])),
        ("POST", "/teams/{id}/pub") => (
            TeamCaptain,
            form(&[("name", "The Anchor"), ("address", "1 Quay Street")]),
        ),
        ("POST", "/teams/{id}/invites") => (Organiser, form(&[("email", "new@example.org")])),
        ("POST", "/organise/{slug}/organisers/invites") => {
            (Organiser, form(&[("email", "new@example.org")]))
        }
        ("POST", "/api/v1/organisations/{slug}/organisers/invites") => {
            (Organiser, Body::Json(json!({"email": "new@example.org"})))
        }
        ("POST", "/leagues/{slug}/fixtures/{id}/result") => (
            FixtureSide,
            form(&[("walkover", "away"), ("submission_key", "matrix")]),
        ),
        ("POST", "/leagues/{slug}/fixtures/{id}/hands/players") => (
            FixtureSide,
            form(&[("game", "1"), ("home_1", "1"), ("away_1", "2")]),
        ),
        ("POST", "/leagues/{slug}/fixtures/{id}/hands") => (
            FixtureSide,
            form(&[
                ("key", "matrix"),
                ("game", "1"),
                ("hand", "1"),
                ("score", "5 0"),
            ]),
        ),
        ("POST", "/leagues/{slug}/fixtures/{id}/hands/undo") => {
            (FixtureSide, form(&[("game", "1"), ("hand", "1")]))
        }
        ("POST", "/leagues/{slug}/fixtures/{id}/confirm") => {
            (FixtureSide, form(&[("result", "1")]))
        }
        ("POST", "/leagues/{slug}/fixtures/{id}/dispute") => {
            (FixtureSide, form(&[("result", "1"), ("reason", "wrong")]))
        }
        ("POST", "/leagues/{slug}/fixtures/{id}/withdraw") => {
            (FixtureSide, form(&[("result", "1")]))
        }
        ("POST", "/organise/{slug}/championships") => (
            Organiser,
            form(&[
                ("name", "Spring Open"),
                ("starts_on", "2027-04-03"),
                ("preset", "all-fives"),
                ("entrants", "players"),
                ("stages", "swiss"),
                ("rounds", "3"),
                ("seats", "2"),
                ("table_play", "one-game"),
                ("win", "1"),
                ("draw", "½"),
                ("loss", "0"),
                ("bye_points", "1"),
                ("seeding", "rating"),
            ]),
        ),
        ("POST", "/organise/{slug}/championships/{id}/entrants") => {
            (Organiser, form(&[("entrants", "Lou Hart")]))
        }
        ("POST", "/organise/{slug}/championships/{id}/entrants/csv") => (Organiser, Body::Empty),
        ("POST", "/organise/{slug}/championships/{id}/entrants/{entrant_id}") => {
            (Organiser, form(&[("action", "check-in")]))
        }
        ("POST", "/organise/{slug}/championships/{id}/rounds") => {
            (Organiser, form(&[("seen", ""), ("swaps", "")]))
        }
        ("POST", "/organise/{slug}/championships/{id}/tables/{table_id}/confirm") => {
            (Organiser, form(&[("version", "1")]))
        }
        ("POST", "/organise/{slug}/championships/{id}/tables/{table_id}") => {
            (Organiser, form(&[("version", "0"), ("game_1", "5 0")]))
        }
        ("POST", "/api/v1/organisations/{slug}/championships") => (
            Organiser,
            Body::Json(json!({"name": "Spring Open", "starts_on": "2027-04-03",
                              "ruleset": "all-fives", "format": swiss_format()})),
        ),
        ("POST", "/api/v1/organisations/{slug}/championships/{id}/entrants") => (
            Organiser,
            Body::Json(json!({"entrants": [{"name": "Lou Hart"}]})),
        ),
        ("PUT", "/api/v1/organisations/{slug}/championships/{id}/entrants/{entrant_id}") => {
            (Organiser, Body::Json(json!({"checked_in": true})))
        }
        ("DELETE", "/api/v1/organisations/{slug}/championships/{id}/entrants/{entrant_id}") => {
            (Organiser, Body::Empty)
        }
        ("POST", "/api/v1/organisations/{slug}/championships/{id}/rounds/preview")
        | ("POST", "/api/v1/organisations/{slug}/championships/{id}/rounds") => {
            (Organiser, Body::Json(json!({})))
        }
        ("PUT", "/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}/result") => (
            Organiser,
            Body::Json(json!({"version": 0, "games": [[{"score": [5, 0]}]]})),
        ),
        (
            "POST",
            "/api/v1/organisations/{slug}/championships/{id}/tables/{table_id}/result/confirm",
        ) => (Organiser, Body::Json(json!({"version": 1}))),
        // The table's link is the key: whoever holds it may, and nobody else can name it.
        ("PUT", "/api/v1/tables/{link}/result")
        | ("POST", "/tables/{link}")
        | ("POST", "/api/v1/tables/{link}/hands")
        | ("DELETE", "/api/v1/tables/{link}/hands/{game}/{hand}")
        | ("POST", "/tables/{link}/hands")
        | ("POST", "/tables/{link}/hands/undo") => (Own, Body::Empty),
        ("POST", "/organise/{slug}/championships/{id}/check-in") => (Organiser, form(&[])),
        ("POST", "/organise/{slug}/championships/{id}/clock") => {
            (Organiser, form(&[("minutes", "30")]))
        }
        ("PUT", "/api/v1/organisations/{slug}/championships/{id}/clock") => {
            (Organiser, Body::Json(json!({"minutes": 30})))
        }
        ("POST", "/organise/{slug}/championships/{id}/confirm-entered") => {
            (Organiser, form(&[("tables", "")]))
        }
        // A table's code is the key, as its link is: typing one changes nothing.
        ("POST", "/t") => (Own, Body::Empty),
        ("POST", "/organise/{slug}/competitions/{id}/entry-level") => {
            (Organiser, form(&[("entry_level", "final")]))
        }
        ("PUT", "/api/v1/organisations/{slug}/competitions/{id}/entry-level") => {
            (Organiser, Body::Json(json!({"entry_level": "final"})))
        }
        ("POST", "/api/v1/organisations/{slug}/fixtures/{id}/result/withdraw") => {
            (FixtureSide, Body::Json(json!({"version_id": 1})))
        }
        ("POST", "/leagues/{slug}/fixtures/{id}/correct") => {
            (Organiser, form(&[("walkover", "away"), ("reason", "typo")]))
        }
        ("POST", "/organise/{slug}/competitions") => (
            Organiser,
            form(&[
                ("name", "Summer League"),
                ("preset", "fives-and-threes"),
                ("singles_games", "2"),
                ("pairs_games", "0"),
                ("game_target", "61"),
            ]),
        ),
        ("POST", "/organise/{slug}/competitions/{id}/result-deadline") => {
            (Organiser, form(&[("days", "7"), ("points", "1")]))
        }
        ("POST", "/organise/{slug}/competitions/{id}/seasons") => (
            Organiser,
            form(&[
                ("name", "2027-28"),
                ("start", "2027-09-07"),
                ("league_night", "Tuesday"),
            ]),
        ),
        ("POST", "/organise/{slug}/seasons/{id}/divisions") => {
            (Organiser, form(&[("name", "Second")]))
        }
        ("POST", "/organise/{slug}/seasons/{id}/delete") => (Organiser, Body::Empty),
        ("POST", "/organise/{slug}/divisions/{id}/teams") => {
            (Organiser, form(&[("team", &north.crown.to_string())]))
        }
        ("POST", "/organise/{slug}/divisions/{id}/teams/list") => {
            (Organiser, form(&[("teams", "The Mitre\nThe Plough")]))
        }
        ("POST", "/organise/{slug}/divisions/{id}/invites") => (
            Organiser,
            form(&[
                ("team", &north.anchor.to_string()),
                ("email", "new@example.org"),
            ]),
        ),
        ("POST", "/organise/{slug}/divisions/{id}/fixtures") => {
            (Organiser, form(&[("legs", "double")]))
        }
        ("POST", "/organise/{slug}/divisions/{id}/deductions") => (
            Organiser,
            form(&[
                ("team", &north.anchor.to_string()),
                ("points", "2"),
                ("reason", "Unregistered player"),
            ]),
        ),
        ("POST", "/api/v1/organisations/{slug}/divisions/{id}/deductions") => (
            Organiser,
            Body::Json(
                json!({"team_id": north.anchor, "points": 2, "reason": "Unregistered player"}),
            ),
        ),
        ("POST", "/organise/{slug}/divisions/{id}/tiebreaks") => {
            (Organiser, form(&[("tiebreak_1", "game_difference")]))
        }
        ("POST", "/organise/{slug}/fixtures/{id}/date") => {
            (Organiser, form(&[("date", "2027-01-12")]))
        }
        (
            "POST",
            "/organise/{slug}/fixtures/{id}/postpone" | "/organise/{slug}/fixtures/{id}/reverse",
        ) => (Organiser, Body::Empty),
        ("POST", "/organise/{slug}/teams") => (Organiser, form(&[("name", "The Lamb")])),
        ("POST", "/organise/{slug}/teams/{id}/pub") => (
            Organiser,
            form(&[("name", "The Anchor"), ("address", "1 Quay Street")]),
        ),
        ("POST", "/organise/{slug}/teams/{id}/squad") => {
            (Organiser, form(&[("name", "Sam Smith")]))
        }
        ("POST", "/organise/{slug}/teams/{id}/squad/existing") => {
            (Organiser, form(&[("player", &north.player.to_string())]))
        }
        ("POST", "/organise/{slug}/teams/{id}/squad/{player}/remove") => (Organiser, Body::Empty),
        ("POST", "/organise/{slug}/teams/{id}/squad/list") => {
            (Organiser, form(&[("names", "Sam Smith\nJo Bloggs")]))
        }
        ("POST", "/organise/{slug}/teams/{id}/squad/csv") => (Organiser, Body::Empty),
        ("POST", "/organise/{slug}/teams/{id}/name") => {
            (Organiser, form(&[("name", "The New Anchor")]))
        }
        ("POST", "/organise/{slug}/teams/{id}/captains/{user}/remove") => (Organiser, Body::Empty),
        ("POST", "/organise/{slug}/players/{id}/name") => {
            (Organiser, form(&[("name", "Pat Jonas")]))
        }
        ("PUT", "/api/v1/organisations/{slug}/teams/{id}/name") => {
            (Organiser, Body::Json(json!({"name": "The New Anchor"})))
        }
        ("DELETE", "/api/v1/organisations/{slug}/teams/{id}/captains/{user_id}") => {
            (Organiser, Body::Empty)
        }
        ("PUT", "/api/v1/organisations/{slug}/players/{id}/name") => {
            (Organiser, Body::Json(json!({"name": "Pat Jonas"})))
        }
        ("POST", "/organise/{slug}/teams/{id}/delete")
        | ("POST", "/organise/{slug}/competitions/{id}/delete") => (Organiser, Body::Empty),
        ("POST", "/organise/{slug}/name") => (Organiser, form(&[("name", "North League")])),
        ("POST", "/organise/{slug}/competitions/{id}/name") => {
            (Organiser, form(&[("name", "Winter Cup")]))
        }
        ("PUT", "/api/v1/organisations/{slug}/name") => {
            (Organiser, Body::Json(json!({"name": "North League"})))
        }
        ("PUT", "/api/v1/organisations/{slug}/competitions/{id}/name") => {
            (Organiser, Body::Json(json!({"name": "Winter Cup"})))
        }
        ("DELETE", "/api/v1/organisations/{slug}/competitions/{id}") => (Organiser, Body::Empty),
        ("POST", "/organise/{slug}/players/{id}/delete") => (Organiser, Body::Empty),
        ("DELETE", "/api/v1/organisations/{slug}/teams/{id}")
        | ("DELETE", "/api/v1/organisations/{slug}/players/{id}") => (Organiser, Body::Empty),
        ("POST", "/teams/{id}/squad") => (TeamCaptain, form(&[("name", "Sam Smith")])),
        ("POST", "/teams/{id}/squad/existing") => {
            (TeamCaptain, form(&[("player", &north.player.to_string())]))
        }
        ("POST", "/teams/{id}/squad/{player}/remove") => (TeamCaptain, Body::Empty),
        ("POST", "/api/v1/organisations/{slug}/competitions") => (
            Organiser,
            Body::Json(
                json!({"name": "Summer League", "ruleset": "fives-and-threes",
                              "match_format": two_per_match()}),
            ),
        ),
        ("POST", "/api/v1/organisations/{slug}/competitions/{id}/seasons") => (
            Organiser,
            Body::Json(
                json!({"name": "2027-28", "start": "2027-09-07", "league_night": "Tuesday",
                              "blackout_dates": []}),
            ),
        ),
        ("POST", "/api/v1/organisations/{slug}/seasons/{id}/divisions") => {
            (Organiser, Body::Json(json!({"name": "Second"})))
        }
        ("POST", "/api/v1/organisations/{slug}/divisions/{id}/teams") => {
            (Organiser, Body::Json(json!({"team_id": north.crown})))
        }
        ("POST", "/api/v1/organisations/{slug}/divisions/{id}/teams/list") => (
            Organiser,
            Body::Json(json!({"names": ["The Ship", "The Star"]})),
        ),
        ("POST", "/api/v1/organisations/{slug}/divisions/{id}/fixtures") => {
            (Organiser, Body::Json(json!({"legs": "double"})))
        }
        ("POST", "/api/v1/organisations/{slug}/fixtures/{id}/move") => {
            (Organiser, Body::Json(json!({"date": "2027-01-12"})))
        }
        ("POST", "/api/v1/organisations/{slug}/fixtures/{id}/postpone")
        | ("POST", "/api/v1/organisations/{slug}/fixtures/{id}/reverse") => {
            (Organiser, Body::Empty)
        }
        ("POST", "/api/v1/organisations/{slug}/fixtures/{id}/result") => (
            FixtureSide,
            Body::Json(json!({"walkover": {"conceded_by": "away"}, "submission_key": "matrix"})),
        ),
        ("PUT", "/api/v1/organisations/{slug}/fixtures/{id}/games/{game}/players") => {
            (FixtureSide, Body::Json(json!({"home": [1], "away": [2]})))
        }
        ("POST", "/api/v1/organisations/{slug}/fixtures/{id}/hands") => (
            FixtureSide,
            Body::Json(json!({"key": "matrix", "game": 1, "hand": 1, "record": {"score": [5, 0]}})),
        ),
        ("DELETE", "/api/v1/organisations/{slug}/fixtures/{id}/hands/{game}/{hand}") => {
            (FixtureSide, Body::Empty)
        }
        ("POST", "/api/v1/organisations/{slug}/fixtures/{id}/result/confirm") => {
            (FixtureSide, Body::Json(json!({"version_id": 1})))
        }
        ("POST", "/api/v1/organisations/{slug}/fixtures/{id}/result/dispute") => (
            FixtureSide,
            Body::Json(json!({"version_id": 1, "reason": "wrong"})),
        ),
        ("POST", "/api/v1/organisations/{slug}/fixtures/{id}/result/correct") => (
            Organiser,
            Body::Json(json!({"walkover": {"conceded_by": "away"}, "reason": "typo"})),
        ),
        ("POST", "/api/v1/organisations/{slug}/players") => {
            (Organiser, Body::Json(json!({"name": "Sam Smith"})))
        }
        ("POST", "/api/v1/organisations/{slug}/teams") => {
            (Organiser, Body::Json(json!({"name": "The Lamb"})))
        }
        ("POST", "/api/v1/organisations/{slug}/teams/{id}/squad") => {
            (TeamCaptain, Body::Json(json!({"player_id": north.player})))
        }
        ("POST", "/api/v1/organisations/{slug}/teams/{id}/squad/list") => (
            Organiser,
            Body::Json(json!({"names": ["Sam Smith", "Jo Bloggs"]})),
        ),
        ("DELETE", "/api/v1/organisations/{slug}/teams/{id}/squad/{player_id}") => {
            (TeamCaptain, Body::Empty)
        }
        ("PUT", "/api/v1/organisations/{slug}/teams/{id}/venue") => (
            TeamCaptain,
            Body::Json(json!({"name": "The Anchor", "address": "1 Quay Street"})),
        ),
        ("DELETE", "/api/v1/organisations/{slug}/teams/{id}/venue") => (TeamCaptain, Body::Empty),
        _ => return None,
    };
    Some(entry)
}

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
    let north = North {
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
