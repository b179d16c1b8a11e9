//! What each write route takes, and from whom: the audience of every route that changes
//! something, and a request that one who may use it would send.

use serde_json::{Value, json};

/// Who may use a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Audience {
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
pub(super) enum Body {
    Form(Vec<(&'static str, String)>),
    Json(Value),
    Empty,
}

/// The north league's things that a route's `{id}` names.
pub(super) struct North {
    pub(super) competition: i64,
    pub(super) season: i64,
    pub(super) division: i64,
    /// Anchor v Swan, neither captained by the north captain who attacks.
    pub(super) fixture: i64,
    /// The Anchor, whose captain is not the attacker.
    pub(super) anchor: i64,
    /// In no division yet.
    pub(super) crown: i64,
    pub(super) player: i64,
    /// The organiser's API token.
    pub(super) token: i64,
    /// A Swiss with its first round published.
    pub(super) championship: i64,
    pub(super) entrant: i64,
    pub(super) table: i64,
    /// The Anchor's captain's request for the Swan's player, waiting.
    pub(super) transfer: i64,
}

/// The plainest Swiss of three rounds, as the API takes a format.
pub fn swiss_format() -> Value {
    use fives::domain::championship::{ChampionshipFormat, FormatChoice, FormatDocument, Stages};
    let format =
        ChampionshipFormat::try_from(FormatChoice::plain(Stages::Swiss { rounds: 3 })).unwrap();
    serde_json::to_value(FormatDocument::from(&format)).unwrap()
}

/// A match of two singles games, as the API takes a format.
pub(super) fn two_per_match() -> Value {
    json!({
        "legs": [{"kind": "singles", "games": 2, "target": 61}],
        "player_limits": {"singles_per_player": 1, "pairs_per_player": 1},
        "points": {"per_game_won": 1, "per_match_won": 2, "per_match_drawn": 1, "losing_bonus": null},
        "walkover": {"winner_games": 2, "loser_games": 0}
    })
}

/// The route's audience and a request it would take from one who may use it.
pub(super) fn request_for(method: &str, route: &str, north: &North) -> Option<(Audience, Body)> {
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
        ("POST", "/organise/{slug}/competitions/{id}/player-table") => {
            (Organiser, form(&[("min_games", "3")]))
        }
        ("POST", "/leagues/{slug}/fixtures/{id}/result/amend") => {
            (FixtureSide, form(&[("result", "1"), ("walkover", "away")]))
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
        ("POST", "/api/v1/organisations/{slug}/fixtures/{id}/result/amend") => (
            FixtureSide,
            Body::Json(json!({"version_id": 1, "walkover": {"conceded_by": "away"}})),
        ),
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
        ("POST", "/organise/{slug}/transfers/rule") => (
            Organiser,
            form(&[("mid_season", "until"), ("last_day", "31/01/2027")]),
        ),
        ("PUT", "/api/v1/organisations/{slug}/transfers/rule") => {
            (Organiser, Body::Json(json!({"mid_season": "closed"})))
        }
        ("POST", "/organise/{slug}/transfers/{id}") => (Organiser, form(&[("decision", "refuse")])),
        ("POST", "/api/v1/organisations/{slug}/transfers/{id}") => {
            (Organiser, Body::Json(json!({"decision": "approve"})))
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
