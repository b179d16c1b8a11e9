//! The limits on what a person may set, over HTTP on both stores: a match format's numbers,
//! names and reasons, the hands of a result, and names that only look different. Each is
//! refused with the limit in its message, on the page and in the API, and the forms and the
//! OpenAPI document state the same limits the checks use.

use fives::domain::competition::MAX_TARGET;
use fives::domain::league::VenueAddress;
use fives::domain::match_format::{
    MAX_GAMES_PER_FIXTURE, MAX_GAMES_PER_LEG, MAX_GAMES_PER_PLAYER, MAX_LEGS, MAX_POINTS,
    ONCE_ROUND_THE_BOARD, TWICE_ROUND_THE_BOARD,
};
use fives::domain::match_result::MAX_HANDS_PER_GAME;
use fives::domain::organisation::DisplayName;
use fives::domain::reason::MAX_REASON_CHARS;
use fives::store::StoreError;
use serde_json::{Value, json};

use crate::organiser_league::{as_pairs, two_per_match_plus_one_per_game};
use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::{ApiClient, Backend, Browser, TestContext};

/// 6 singles and 3 pairs to 61; 2 points for a match won, 1 for a draw, 1 per game won.
fn match_format() -> Value {
    json!({
        "legs": [
            {"kind": "singles", "games": 6, "target": 61},
            {"kind": "pairs", "games": 3, "target": 61}
        ],
        "player_limits": {"singles_per_player": 1, "pairs_per_player": 1},
        "points": {"per_game_won": 1, "per_match_won": 2, "per_match_drawn": 1, "losing_bonus": null},
        "walkover": {"winner_games": 5, "loser_games": 0}
    })
}

/// The organiser of "north", signed in, and an API client with their token.
async fn north_organiser(ctx: &TestContext) -> (Browser, ApiClient) {
    let user = ctx.user("sec@example.org").await;
    ctx.organisation("north", &user).await;
    let browser = ctx.browser();
    browser.login_ok("sec@example.org").await;
    let token = browser.make_api_token("league secretary's script").await;
    (browser, ctx.api(Some(&token)))
}

fn set(fields: &mut [(&'static str, String)], name: &str, value: &str) {
    fields.iter_mut().find(|(n, _)| *n == name).unwrap().1 = value.to_string();
}

async fn a_leg_of_4294967295_games_is_refused_with_the_limit_on_the_page_and_in_the_api(
    ctx: TestContext,
) {
    let (browser, api) = north_organiser(&ctx).await;
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();

    let form = browser.get("/organise/north/competitions").await;
    assert!(
            form.body.contains(r#"id="singles_games" name="singles_games" inputmode="numeric" value="6" type="number" min="0" max="21""#),
            "the form states the limit: {}",
            form.body
        );
    let mut fields = two_per_match_plus_one_per_game("Winter League");
    set(&mut fields, "singles_games", "4294967295");
    let page = browser
        .submit("/organise/north/competitions", &as_pairs(&fields))
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(
            page.body.contains(r#"id="singles_games-error">Leg 1 has 4294967295 singles games; there are at most 21 games a leg.</p>"#),
            "{}",
            page.body
        );

    let mut format = match_format();
    format["legs"][0]["games"] = json!(4_294_967_295u32);
    format["legs"][1]["games"] = json!(100_000_000);
    let refused = api
        .post(
            "/api/v1/organisations/north/competitions",
            json!({"name": "Winter League", "ruleset": "fives-and-threes", "match_format": format}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_at("match_format.legs[0].games").as_deref(),
        Some("Leg 1 has 4294967295 singles games; there are at most 21 games a leg.")
    );
    assert_eq!(
        refused.problem_at("match_format.legs[1].games").as_deref(),
        Some("Leg 2 has 100000000 pairs games; there are at most 21 games a leg.")
    );
    // Every other number of a format and its ruleset, each at its field.
    let mut format = match_format();
    format["legs"] = Value::Array(vec![format["legs"][0].clone(); 5]);
    format["player_limits"]["pairs_per_player"] = json!(22);
    format["points"]["per_match_won"] = json!(1000);
    let refused = api
            .post(
                "/api/v1/organisations/north/competitions",
                json!({"name": "Winter League", "ruleset": {"preset": "muggins", "target": 5000}, "match_format": format}),
            )
            .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_at("match_format.legs").as_deref(),
        Some("A fixture has at most 4 legs, not 5.")
    );
    assert_eq!(
        refused
            .problem_at("match_format.player_limits.pairs_per_player")
            .as_deref(),
        Some("A player may be allowed at most 21 pairs games, not 22.")
    );
    assert_eq!(
        refused
            .problem_at("match_format.points.per_match_won")
            .as_deref(),
        Some("Points per match won is at most 100 points, not 1000.")
    );
    assert_eq!(
        refused.problem_at("ruleset.target").as_deref(),
        Some("A game's target is at most 1000 points, not 5000.")
    );
    assert!(
        ctx.store
            .competitions_of(north.id)
            .await
            .unwrap()
            .is_empty()
    );
}
store_test!(a_leg_of_4294967295_games_is_refused_with_the_limit_on_the_page_and_in_the_api);

async fn signed_in(ctx: &TestContext, email: &str) -> Browser {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    browser
}

async fn client_of(ctx: &TestContext, email: &str) -> ApiClient {
    let browser = signed_in(ctx, email).await;
    let token = browser.make_api_token("scorer's app").await;
    ctx.api(Some(&token))
}

fn result_path(league: &ResultsLeague) -> String {
    format!(
        "/api/v1/organisations/{SLUG}/fixtures/{}/result",
        league.fixtures[0].id
    )
}

fn fixture_page(league: &ResultsLeague) -> String {
    format!("/leagues/{SLUG}/fixtures/{}", league.fixtures[0].id)
}

async fn an_over_long_name_or_reason_is_refused_with_the_limit_on_the_page_and_in_the_api(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let secretary = signed_in(&ctx, &league.secretary.email).await;
    let long_name = "N".repeat(101);

    // A team's name on the organiser's page, which states the limit.
    let page = secretary.get(&format!("/organise/{SLUG}")).await;
    assert!(
        page.body.contains(r#"value="" maxlength="100""#),
        "{}",
        page.body
    );
    let refused = secretary
        .submit(&format!("/organise/{SLUG}/teams"), &[("name", &long_name)])
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused
            .body
            .contains("A name is at most 100 characters long."),
        "{}",
        refused.body
    );
    // And a player's, through the API.
    let api = client_of(&ctx, &league.secretary.email).await;
    let refused = api
        .post(
            &format!("/api/v1/organisations/{SLUG}/players"),
            json!({"name": long_name}),
        )
        .await;
    assert_eq!(refused.status, 422);
    assert_eq!(
        refused.problem_at("name").as_deref(),
        Some("A name is at most 100 characters long.")
    );

    // A result for the away captain to dispute.
    let home = client_of(&ctx, &league.home_captain.email).await;
    let submitted = home
        .post(
            &result_path(&league),
            json!({"walkover": {"conceded_by": "away"}}),
        )
        .await;
    assert_eq!(submitted.status, 201, "{:?}", submitted.json);
    let version = submitted.json["version_id"].clone();
    let long_reason = "x".repeat(MAX_REASON_CHARS + 1);

    let away = signed_in(&ctx, &league.away_captain.email).await;
    let page = away.get(&fixture_page(&league)).await;
    assert!(
        page.body.contains(r#"maxlength="500""#),
        "the form states the limit: {}",
        page.body
    );
    let refused = away
        .submit(
            &format!("{}/dispute", fixture_page(&league)),
            &[("result", &page.result_version()), ("reason", &long_reason)],
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("A reason is at most 500 characters long; this one is 501."),
        "{}",
        refused.body
    );
    let away_api = client_of(&ctx, &league.away_captain.email).await;
    let refused = away_api
        .post(
            &format!("{}/dispute", result_path(&league)),
            json!({"version_id": version, "reason": long_reason}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_at("reason").as_deref(),
        Some("A reason is at most 500 characters long; this one is 501.")
    );
    let history = ctx
        .store
        .result_history(league.fixtures[0].id)
        .await
        .unwrap();
    assert_eq!(history.len(), 1, "nothing but the submission is kept");

    // The organiser's correction: its reason is limited the same way.
    let refused = api
        .post(
            &format!("{}/correct", result_path(&league)),
            json!({"walkover": {"conceded_by": "home"}, "reason": long_reason}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_at("reason").as_deref(),
        Some("A reason is at most 500 characters long; this one is 501.")
    );
    let fitting = api
        .post(
            &format!("{}/correct", result_path(&league)),
            json!({"walkover": {"conceded_by": "home"}, "reason": "é".repeat(MAX_REASON_CHARS)}),
        )
        .await;
    assert_eq!(fitting.status, 200, "{:?}", fitting.json);
}
store_test!(an_over_long_name_or_reason_is_refused_with_the_limit_on_the_page_and_in_the_api);

async fn a_result_claiming_thousands_of_hands_is_refused_before_they_are_checked(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (sheet, _) = league.random_result(5);
    let fives::domain::match_result::ResultSheet::Played { games } = &sheet else {
        panic!("a played sheet");
    };
    // Through the API: fifty thousand empty hands in the first game.
    let mut body_games = Vec::new();
    for game in games {
        let ids = |players: &[fives::domain::ids::PlayerId]| -> Vec<i64> {
            players.iter().map(|player| player.0).collect()
        };
        let hands = match &game.outcome {
            fives::domain::match_result::GameOutcome::Hands(hands) => json!(hands),
            _ => unreachable!(),
        };
        body_games.push(json!({"home": ids(&game.home), "away": ids(&game.away), "hands": hands}));
    }
    body_games[0]["hands"] = json!(vec![json!({}); 50_000]);
    let home = client_of(&ctx, &league.home_captain.email).await;
    let refused = home
        .post(&result_path(&league), json!({"games": body_games}))
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_at("games[0].hands").as_deref(),
        Some("Game 1: 50000 hands are entered; a game has at most 300 hands.")
    );
    // A hand of no detail at all is refused too, rather than stopping the server.
    body_games[0]["hands"] = json!([{}]);
    let refused = home
        .post(&result_path(&league), json!({"games": body_games}))
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_at("games[0]").as_deref(),
        Some(
            "Game 1: the hands cannot be read (hand 1 has none of moves, pegs and score; a hand needs at least one)."
        )
    );

    // Through the form: five thousand lines of hands.
    let captain = signed_in(&ctx, &league.home_captain.email).await;
    let entry = format!("{}/result", fixture_page(&league));
    let form = captain.get(&entry).await;
    assert!(
        form.body.contains("At most 300 hands."),
        "the form states the limit: {}",
        form.body
    );
    let prefix = r#"name="submission_key" value=""#;
    let start = form.body.find(prefix).unwrap() + prefix.len();
    let key = &form.body[start..start + form.body[start..].find('"').unwrap()];
    let mut fields: Vec<(String, String)> = vec![("submission_key".into(), key.into())];
    for (game, number) in games.iter().zip(1..) {
        for (side, players) in [("home", &game.home), ("away", &game.away)] {
            for (player, index) in players.iter().zip(1..) {
                fields.push((format!("g{number}_{side}_{index}"), player.0.to_string()));
            }
        }
        let hands = if number == 1 {
            "0 0\n".repeat(5_000)
        } else {
            "6 0\n".to_string()
        };
        fields.push((format!("g{number}_hands"), hands));
    }
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let page = captain.submit(&entry, &pairs).await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(
        page.body
            .contains("Game 1: 5000 hands are entered; a game has at most 300 hands."),
        "{}",
        page.body
    );
    assert!(
        ctx.store
            .current_result(league.fixtures[0].id)
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(MAX_HANDS_PER_GAME, 300);
}
store_test!(a_result_claiming_thousands_of_hands_is_refused_before_they_are_checked);

async fn a_name_that_only_looks_like_another_is_refused_on_the_page_and_in_the_api(
    ctx: TestContext,
) {
    let (browser, api) = north_organiser(&ctx).await;
    let greek = "The \u{391}nchor"; // a Greek capital alpha
    let cyrillic = "The Anch\u{43e}r"; // a Cyrillic o

    // Teams: the page, then the API.
    browser
        .submit("/organise/north/teams", &[("name", "The Anchor")])
        .await
        .assert_redirect_to("/organise/north");
    let page = browser
        .submit("/organise/north/teams", &[("name", greek)])
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(
        page.body.contains(&format!(
            "{greek} looks the same as \u{2018}The Anchor\u{2019}"
        )),
        "{}",
        page.body
    );
    let refused = api
        .post(
            "/api/v1/organisations/north/teams",
            json!({"name": cyrillic}),
        )
        .await;
    assert_eq!(refused.status, 409, "{:?}", refused.json);
    assert!(
        refused
            .problem_at("name")
            .unwrap()
            .contains("looks the same as \u{2018}The Anchor\u{2019}"),
        "{:?}",
        refused.json
    );
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    let teams: Vec<String> = ctx
        .store
        .teams_in(north.id)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(teams, ["The Anchor"]);
    // Another organisation may have either.
    let other = ctx.user("other@example.org").await;
    let south = ctx.organisation("south", &other).await;
    ctx.store
        .create_team(
            south.id,
            &DisplayName::try_from(greek).unwrap(),
            chrono::Utc::now(),
        )
        .await
        .unwrap();

    // Competitions: the API, then the page.
    let created = api
            .post(
                "/api/v1/organisations/north/competitions",
                json!({"name": "Winter League", "ruleset": "fives-and-threes", "match_format": match_format()}),
            )
            .await;
    assert_eq!(created.status, 201, "{:?}", created.json);
    let refused = api
            .post(
                "/api/v1/organisations/north/competitions",
                json!({"name": "W\u{456}nter League", "ruleset": "fives-and-threes", "match_format": match_format()}),
            )
            .await;
    assert_eq!(refused.status, 409, "{:?}", refused.json);
    assert!(
        refused
            .problem_at("name")
            .unwrap()
            .contains("looks the same as \u{2018}Winter League\u{2019}")
    );
    let page = browser
        .submit(
            "/organise/north/competitions",
            &as_pairs(&two_per_match_plus_one_per_game("Winter  League")),
        )
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(
        page.body
            .contains("looks the same as \u{2018}Winter League\u{2019}"),
        "{}",
        page.body
    );
    assert_eq!(ctx.store.competitions_of(north.id).await.unwrap().len(), 1);

    // Players: two may share a name, but not two spellings of one look.
    let anchor = ctx.store.teams_in(north.id).await.unwrap().remove(0);
    let squad = format!("/organise/north/teams/{}/squad", anchor.id);
    browser
        .submit(&squad, &[("name", "John Smith")])
        .await
        .assert_redirect_to(&format!("{squad}?done=added"));
    browser
        .submit(&squad, &[("name", "John Smith")])
        .await
        .assert_redirect_to(&format!("{squad}?done=added"));
    let page = browser
        .submit(&squad, &[("name", "J\u{43e}hn Smith")])
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(
        page.body
            .contains("looks the same as \u{2018}John Smith\u{2019}"),
        "{}",
        page.body
    );
    let refused = api
        .post(
            "/api/v1/organisations/north/players",
            json!({"name": "John Sm\u{456}th"}),
        )
        .await;
    assert_eq!(refused.status, 409, "{:?}", refused.json);
    assert!(
        refused
            .problem_at("name")
            .unwrap()
            .contains("looks the same as \u{2018}John Smith\u{2019}")
    );
    let same = api
        .post(
            "/api/v1/organisations/north/players",
            json!({"name": "John Smith"}),
        )
        .await;
    assert_eq!(same.status, 201, "{:?}", same.json);
    let squad_names: Vec<String> = ctx
        .store
        .squad_of(anchor.id)
        .await
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(squad_names, ["John Smith", "John Smith"]);
}
store_test!(a_name_that_only_looks_like_another_is_refused_on_the_page_and_in_the_api);

/// Runs `sql` on the test's database directly, as rows written before a migration were.
async fn execute(ctx: &TestContext, sql: &str) {
    use sqlx::{Connection, Executor};
    match (ctx.backend, &ctx.database_url) {
        (Backend::Postgres, Some(url)) => {
            let mut connection = sqlx::postgres::PgConnection::connect(url).await.unwrap();
            connection.execute(sql).await.unwrap();
        }
        _ => {
            let path = ctx.data_dir.join("fives.db");
            let mut connection =
                sqlx::sqlite::SqliteConnection::connect(&format!("sqlite://{}", path.display()))
                    .await
                    .unwrap();
            connection.execute(sql).await.unwrap();
        }
    }
}

async fn names_kept_before_skeletons_get_them_and_look_alikes_among_them_stay_as_they_are(
    ctx: TestContext,
) {
    let user = ctx.user("sec@example.org").await;
    let north = ctx.organisation("north", &user).await;
    // Rows as the store wrote them before names had skeletons, two of them look-alikes.
    execute(
            &ctx,
            &format!(
                "INSERT INTO teams (organisation_id, name, created_at) VALUES \
                 ({id}, 'The Anchor', CURRENT_TIMESTAMP), ({id}, 'The \u{391}nchor', CURRENT_TIMESTAMP); \
                 INSERT INTO players (organisation_id, name, created_at) VALUES \
                 ({id}, 'John Smith', CURRENT_TIMESTAMP), ({id}, 'J\u{43e}hn Smith', CURRENT_TIMESTAMP)",
                id = north.id.0
            ),
        )
        .await;
    ctx.store
        .migrate()
        .await
        .expect("the skeletons are filled in");
    ctx.store
        .migrate()
        .await
        .expect("and again, changing nothing");

    // Both teams are kept as they were; new names are measured against the older.
    let teams: Vec<String> = ctx
        .store
        .teams_in(north.id)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(teams, ["The Anchor", "The \u{391}nchor"]);
    let name = |text: &str| DisplayName::try_from(text).unwrap();
    let now = chrono::Utc::now();
    assert!(matches!(
        ctx.store
            .create_team(north.id, &name("The Anchor"), now)
            .await,
        Err(StoreError::TeamNameTaken)
    ));
    match ctx
        .store
        .create_team(north.id, &name("The Anch\u{43e}r"), now)
        .await
    {
        Err(StoreError::NameLooksLike { existing }) => assert_eq!(existing, "The Anchor"),
        other => panic!("{other:?}"),
    }
    match ctx
        .store
        .create_player(north.id, &name("J\u{43e}hn Smith"), now)
        .await
    {
        Err(StoreError::NameLooksLike { existing }) => assert_eq!(existing, "John Smith"),
        other => panic!("{other:?}"),
    }
    ctx.store
        .create_player(north.id, &name("John Smith"), now)
        .await
        .unwrap();
}
store_test!(names_kept_before_skeletons_get_them_and_look_alikes_among_them_stay_as_they_are);

async fn the_openapi_document_states_the_limits_the_checks_use(ctx: TestContext) {
    let document = ctx.api(None).get("/api/v1/openapi.json").await.json;
    let schemas = &document["components"]["schemas"];
    let number = |value: &Value| {
        value
            .as_f64()
            .unwrap_or_else(|| panic!("a number, not {value}"))
    };
    let property = |schema: &str, field: &str| schemas[schema]["properties"][field].clone();

    let leg = &schemas["Leg"]["properties"];
    assert_eq!(number(&leg["games"]["minimum"]), 1.0);
    assert_eq!(
        number(&leg["games"]["maximum"]),
        f64::from(MAX_GAMES_PER_LEG)
    );
    assert_eq!(
        number(&leg["target"]["minimum"]),
        f64::from(ONCE_ROUND_THE_BOARD)
    );
    assert_eq!(
        number(&leg["target"]["maximum"]),
        f64::from(TWICE_ROUND_THE_BOARD)
    );
    let legs = property("MatchFormat", "legs");
    assert_eq!(number(&legs["maxItems"]), MAX_LEGS as f64);
    assert_eq!(number(&legs["minItems"]), 1.0);
    for field in ["singles_per_player", "pairs_per_player"] {
        assert_eq!(
            number(&property("PlayerLimits", field)["maximum"]),
            f64::from(MAX_GAMES_PER_PLAYER)
        );
    }
    for field in ["per_game_won", "per_match_won", "per_match_drawn"] {
        assert_eq!(
            number(&property("PointsScheme", field)["maximum"]),
            f64::from(MAX_POINTS)
        );
    }
    assert_eq!(
        number(&property("LosingBonus", "points")["maximum"]),
        f64::from(MAX_POINTS)
    );
    for field in ["winner_games", "loser_games"] {
        assert_eq!(
            number(&property("WalkoverScore", field)["maximum"]),
            f64::from(MAX_GAMES_PER_FIXTURE)
        );
    }
    assert!(
        schemas["BonusCondition"]
            .to_string()
            .contains("#/components/schemas/BonusGames")
    );
    assert_eq!(
        number(&schemas["BonusGames"]["maximum"]),
        f64::from(MAX_GAMES_PER_FIXTURE)
    );
    // The ruleset is a game record's field; its target's limit is said in words.
    let ruleset = property("NewCompetitionBody", "ruleset")["description"].to_string();
    assert!(
        ruleset.contains(&format!("1 to {MAX_TARGET} points")),
        "{ruleset}"
    );

    for schema in [
        "NewCompetitionBody",
        "NewSeasonBody",
        "NewDivisionBody",
        "NewTeamBody",
        "NewPlayerBody",
        "VenueBody",
    ] {
        let name = property(schema, "name");
        assert_eq!(
            number(&name["maxLength"]),
            DisplayName::MAX_CHARS as f64,
            "{schema}"
        );
        assert_eq!(number(&name["minLength"]), 1.0, "{schema}");
    }
    assert_eq!(
        number(&property("VenueBody", "address")["maxLength"]),
        VenueAddress::MAX_CHARS as f64
    );
    assert_eq!(
        number(&property("OrganiserInviteBody", "email")["maxLength"]),
        fives::domain::account::EmailAddress::MAX_LEN as f64
    );
    for schema in ["DisputeBody", "CorrectionBody"] {
        assert_eq!(
            number(&property(schema, "reason")["maxLength"]),
            MAX_REASON_CHARS as f64,
            "{schema}"
        );
    }
    assert_eq!(
        number(&property("GameInput", "hands")["maxItems"]),
        MAX_HANDS_PER_GAME as f64
    );
    let team_list = property("DivisionTeamListBody", "names");
    assert_eq!(
        number(&team_list["maxItems"]),
        fives::domain::team_list::MAX_LIST_TEAMS as f64
    );
    assert_eq!(number(&team_list["minItems"]), 1.0);

    let resolved = |schema: &Value| match schema["$ref"].as_str() {
        Some(reference) => schemas[reference.trim_start_matches("#/components/schemas/")].clone(),
        None => schema.clone(),
    };
    // A championship's bodies: at least one entrant, days as YYYY-MM-DD (an empty text is no
    // day), a table's games as hands or a team match's, not both, and every hand closed.
    assert_eq!(
        number(&property("EntrantsBody", "entrants")["minItems"]),
        1.0
    );
    for field in ["starts_on", "ends_on"] {
        let day = property("NewChampionshipBody", field);
        assert_eq!(day["pattern"], "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "{field}");
    }
    for schema in [
        "TableResultBody",
        "LinkedTableResultBody",
        "TeamGameBody",
        "EntrantsBody",
    ] {
        assert_eq!(schemas[schema]["additionalProperties"], false, "{schema}");
    }
    assert!(property("LinkedTableResultBody", "reason").is_null());
    for schema in ["TableResultBody", "LinkedTableResultBody"] {
        assert_eq!(
            schemas[schema]["anyOf"][0]["properties"]["games"]["maxItems"], 0,
            "{schema}"
        );
        assert_eq!(
            schemas[schema]["anyOf"][1]["properties"]["team_games"]["type"], "null",
            "{schema}"
        );
        let hand = resolved(&property(schema, "games")["items"]["items"]);
        assert_eq!(hand["additionalProperties"], false, "{schema}: {hand}");
    }
    assert_eq!(
        resolved(&property("TeamGameBody", "hands")["items"])["additionalProperties"],
        false
    );
    // No text the API takes holds a NUL character; the document says so of every free text.
    for (schema, field) in [
        ("VenueBody", "address"),
        ("TableResultBody", "reason"),
        ("NewChampionshipBody", "venue"),
    ] {
        assert_eq!(
            property(schema, field)["pattern"],
            fives::web::api::NO_NUL_PATTERN,
            "{schema}.{field}"
        );
    }
}
store_test!(the_openapi_document_states_the_limits_the_checks_use);
