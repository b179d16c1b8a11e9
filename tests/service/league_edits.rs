//! Changes an organiser or a captain makes to a league under way: a pub set after the fixtures
//! were made, a fixture re-dated onto a clash, points deducted, names changed and things
//! removed.

use fives::domain::ids::FixtureId;
use serde_json::json;

use crate::results_league::{SLUG, results_league};
use crate::support::{ApiClient, Browser, TestContext};

async fn signed_in(ctx: &TestContext, email: &str) -> (Browser, ApiClient) {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    let token = browser.make_api_token("edits").await;
    (browser, ctx.api(Some(&token)))
}

fn id_of(reply: &crate::support::Reply) -> i64 {
    reply.json["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("an id in {:?}", reply.json))
}

async fn a_pub_set_after_the_fixtures_were_made_reaches_the_unplayed_home_fixtures(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let (home, _) = signed_in(&ctx, &league.home_captain.email).await;
    let (played, unplayed) = (league.fixtures[0].id, league.fixtures[1].id);
    // Anchor at home has been played; Anchor away at Bell has not.
    ctx.set_fixture_status(played, "confirmed").await;
    let bell_home = league.fixtures[1].home_team_id;
    assert_eq!(bell_home, league.away);
    let venue = |id: FixtureId| {
        let store = ctx.store.clone();
        async move {
            store
                .fixture(id)
                .await
                .unwrap()
                .unwrap()
                .venue
                .map(|v| v.name)
        }
    };
    assert_eq!(venue(unplayed).await, None);

    let (away, _) = signed_in(&ctx, &league.away_captain.email).await;
    let set = away
        .submit(
            &format!("/teams/{}/pub", league.away),
            &[
                ("name", "The Bell"),
                ("address", "2 Church Lane"),
                ("night", ""),
            ],
        )
        .await;
    assert_eq!(set.status, 303, "{}", set.body);
    assert_eq!(venue(unplayed).await.as_deref(), Some("The Bell"));
    let page = ctx
        .browser()
        .get(&format!("/leagues/{SLUG}/fixtures/{unplayed}"))
        .await;
    assert!(
        page.body.contains("The Bell"),
        "the fixture's page names the pub"
    );

    // A played fixture keeps the pub it was played at (none was known then).
    let set = home
        .submit(
            &format!("/teams/{}/pub", league.home),
            &[("name", "The Anchor"), ("address", "1 Quay"), ("night", "")],
        )
        .await;
    assert_eq!(set.status, 303);
    assert_eq!(venue(played).await, None);
    // Taking the pub away leaves the unplayed fixture's venue to be arranged again.
    away.submit(
        &format!("/teams/{}/pub", league.away),
        &[("name", ""), ("address", ""), ("night", "")],
    )
    .await;
    assert_eq!(venue(unplayed).await, None);
}
store_test!(a_pub_set_after_the_fixtures_were_made_reaches_the_unplayed_home_fixtures);

async fn re_dating_onto_a_blackout_date_or_a_second_fixture_in_a_week_is_kept_and_warned_of(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let (secretary, api) = signed_in(&ctx, &league.secretary.email).await;
    let base = format!("/api/v1/organisations/{SLUG}");
    let (first, second) = (league.fixtures[0].id, league.fixtures[1].id);

    // Round 2 moved to three days after round 1: kept, and warned of.
    let moved = api
        .post(
            &format!("{base}/fixtures/{second}/move"),
            json!({"date": "2026-09-04"}),
        )
        .await;
    assert_eq!(moved.status, 200, "{:?}", moved.json);
    assert_eq!(moved.json["date"], "2026-09-04");
    assert_eq!(
        moved.json["warnings"],
        json!(["Bell then plays twice within a week: also against Anchor on Tue 1 Sep 2026."])
    );
    // A week apart is no clash.
    let moved = api
        .post(
            &format!("{base}/fixtures/{second}/move"),
            json!({"date": "2026-09-08"}),
        )
        .await;
    assert_eq!(moved.json["warnings"], json!([]));

    // On the page: the fixture is moved, and the organiser is sent back to the fixtures
    // (a reload moves nothing again), where the warning is shown.
    let back = format!(
        "/organise/{SLUG}/divisions/{}/fixtures?done=moved&fixture={first}",
        league.division
    );
    secretary
        .submit(
            &format!("/organise/{SLUG}/fixtures/{first}/date"),
            &[("date", "2026-09-10"), ("start_time", "")],
        )
        .await
        .assert_redirect_to(&format!("{back}#fixture-{first}"));
    let page = secretary.get(&back).await;
    assert!(
        page.body
            .contains("Anchor v Bell now plays on Thu 10 Sep 2026"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Check its new date:"));
    assert!(
        page.body.contains(
            "Anchor then plays twice within a week: also against Bell on Tue 8 Sep 2026."
        ),
        "{}",
        page.body
    );
    assert_eq!(
        ctx.store
            .fixture(first)
            .await
            .unwrap()
            .unwrap()
            .date
            .to_string(),
        "2026-09-10"
    );
    // Without a clash, the page goes back to the fixtures all the same.
    let page = secretary
        .submit(
            &format!("/organise/{SLUG}/fixtures/{first}/date"),
            &[("date", "2026-09-01"), ("start_time", "")],
        )
        .await;
    assert_eq!(page.status, 303);

    // Onto a night when either team already plays: refused, in the words of the night, until
    // the organiser confirms it; from the fixture's own page, back to it.
    for path in [
        format!("/organise/{SLUG}/fixtures/{first}/date"),
        format!("{base}/fixtures/{first}/move"),
    ] {
        let refused = if path.starts_with("/api") {
            let reply = api.post(&path, json!({"date": "2026-09-08"})).await;
            assert_eq!(reply.status, 422, "{:?}", reply.json);
            reply.json.to_string()
        } else {
            let page = secretary
                .submit(
                    &path,
                    &[
                        ("date", "08/09/2026"),
                        ("start_time", ""),
                        ("back", "fixture"),
                    ],
                )
                .await;
            assert_eq!(page.status, 422, "{}", page.body);
            assert!(page.body.contains(r#"value="08/09/2026""#), "{}", page.body);
            page.body
        };
        assert!(
            refused.contains("Anchor already plays Bell that night, Tue 8 Sep 2026."),
            "{refused}"
        );
        assert!(!refused.contains("within a week"), "{refused}");
    }
    assert_eq!(
        ctx.store
            .fixture(first)
            .await
            .unwrap()
            .unwrap()
            .date
            .to_string(),
        "2026-09-01"
    );
    secretary
        .submit(
            &format!("/organise/{SLUG}/fixtures/{first}/date"),
            &[
                ("date", "08/09/2026"),
                ("start_time", ""),
                ("same_night", "yes"),
                ("back", "fixture"),
            ],
        )
        .await
        .assert_redirect_to(&format!("/leagues/{SLUG}/fixtures/{first}?done=moved"));
    let page = secretary
        .get(&format!("/leagues/{SLUG}/fixtures/{first}?done=moved"))
        .await;
    assert!(
        page.body
            .contains("Anchor v Bell now plays on Tue 8 Sep 2026"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("Anchor already plays Bell that night, Tue 8 Sep 2026."),
        "{}",
        page.body
    );
    secretary
        .submit(
            &format!("/organise/{SLUG}/fixtures/{first}/date"),
            &[("date", "2026-09-01"), ("start_time", "")],
        )
        .await
        .assert_redirect_to(&format!("{back}#fixture-{first}"));

    // A season with a blackout date: a fixture moved onto it is warned of.
    let competition = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    let season = id_of(
            &api.post(
                &format!("{base}/competitions/{}/seasons", competition.id),
                json!({"name": "Spring", "start": "2027-03-02", "league_night": "Tuesday", "blackout_dates": ["2027-04-06"]}),
            )
            .await,
        );
    let division = id_of(
        &api.post(
            &format!("{base}/seasons/{season}/divisions"),
            json!({"name": "Spring One"}),
        )
        .await,
    );
    for team in [league.home, league.away] {
        let added = api
            .post(
                &format!("{base}/divisions/{division}/teams"),
                json!({"team_id": team.0}),
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
    let fixture = made.json["fixtures"][0]["id"]
        .as_i64()
        .or_else(|| made.json[0]["id"].as_i64())
        .unwrap_or_else(|| panic!("{:?}", made.json));
    let moved = api
        .post(
            &format!("{base}/fixtures/{fixture}/move"),
            json!({"date": "2027-04-06"}),
        )
        .await;
    assert_eq!(moved.status, 200);
    assert_eq!(
        moved.json["warnings"],
        json!(["Tue 6 Apr 2027 is one of the season's blackout dates."])
    );
}
store_test!(re_dating_onto_a_blackout_date_or_a_second_fixture_in_a_week_is_kept_and_warned_of);

async fn an_organiser_deducts_points_with_a_reason_on_the_page_and_through_the_api(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let (secretary, api) = signed_in(&ctx, &league.secretary.email).await;
    let division = league.division;
    let page = format!("/organise/{SLUG}/divisions/{division}/deductions");
    let standings = format!("/api/v1/organisations/{SLUG}/divisions/{division}/standings");
    let adjustment_of = |rows: &serde_json::Value, team: &str| {
        rows.as_array()
            .unwrap()
            .iter()
            .find(|row| row["team"]["name"] == team)
            .map(|row| row["adjustment"].clone())
    };

    assert_eq!(secretary.get(&page).await.status, 200);
    // Refused: each problem at its field, nothing kept.
    let refused = secretary
        .submit(
            &page,
            &[
                ("team", &league.home.to_string()),
                ("points", "0"),
                ("reason", " "),
            ],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused
            .body
            .contains("A deduction takes a whole number of points from 1 to 50.")
    );
    assert!(refused.body.contains("Say why the points are taken"));
    assert!(
        ctx.store
            .adjustments_of_division(division)
            .await
            .unwrap()
            .is_empty()
    );

    let done = secretary
        .submit(
            &page,
            &[
                ("team", &league.home.to_string()),
                ("points", "2"),
                ("reason", "Played an unregistered player."),
            ],
        )
        .await;
    done.assert_redirect_to(&page);
    let made = api
            .post(
                &format!("/api/v1/organisations/{SLUG}/divisions/{division}/deductions"),
                json!({"team_id": league.away.0, "points": 3, "reason": "Late to the league night twice."}),
            )
            .await;
    assert_eq!(made.status, 201, "{:?}", made.json);
    assert_eq!(made.json["points"], -3);
    let rows = ctx.api(None).get(&standings).await.json;
    assert_eq!(adjustment_of(&rows, "Anchor"), Some(json!(-2)));
    assert_eq!(adjustment_of(&rows, "Bell"), Some(json!(-3)));
    let public = ctx
        .browser()
        .get(&format!("/leagues/{SLUG}/divisions/{division}"))
        .await;
    assert!(
        public.body.contains("Played an unregistered player."),
        "the reason is public"
    );
    assert!(
        secretary
            .get(&page)
            .await
            .body
            .contains("Late to the league night twice.")
    );

    // A team of another division, or too many points, is refused at its field.
    let crown = ctx.team(league.organisation, "Crown").await;
    let wrong = api
        .post(
            &format!("/api/v1/organisations/{SLUG}/divisions/{division}/deductions"),
            json!({"team_id": crown.id.0, "points": 51, "reason": "x"}),
        )
        .await;
    assert_eq!(wrong.status, 422);
    assert_eq!(
        wrong.problem_at("points").as_deref(),
        Some("A deduction takes a whole number of points from 1 to 50.")
    );
    let wrong = api
        .post(
            &format!("/api/v1/organisations/{SLUG}/divisions/{division}/deductions"),
            json!({"team_id": crown.id.0, "points": 1, "reason": "x"}),
        )
        .await;
    assert_eq!(
        wrong.problem_at("team_id").as_deref(),
        Some("Choose one of the teams of Premier.")
    );
    assert_eq!(
        ctx.store
            .adjustments_of_division(division)
            .await
            .unwrap()
            .len(),
        2
    );
}
store_test!(an_organiser_deducts_points_with_a_reason_on_the_page_and_through_the_api);

async fn an_organiser_renames_teams_and_players_and_removes_a_captain(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (secretary, api) = signed_in(&ctx, &league.secretary.email).await;
    let (home, _) = signed_in(&ctx, &league.home_captain.email).await;
    let team_page = format!("/organise/{SLUG}/teams/{}", league.home);

    // A team's new name shows everywhere, its fixtures included.
    secretary
        .submit(&format!("{team_page}/name"), &[("name", "The Anchor Inn")])
        .await
        .assert_redirect_to(&team_page);
    let fixture = league.fixtures[0].id;
    let public = ctx
        .browser()
        .get(&format!("/leagues/{SLUG}/fixtures/{fixture}"))
        .await;
    assert!(public.body.contains("The Anchor Inn"), "{}", public.body);
    // Another team's name, or one that looks like it, is refused at the field.
    let taken = secretary
        .submit(&format!("{team_page}/name"), &[("name", "Bell")])
        .await;
    assert_eq!(taken.status, 422);
    assert!(
        taken.body.contains("already has a team called Bell."),
        "{}",
        taken.body
    );
    let looks = api
        .put(
            &format!("/api/v1/organisations/{SLUG}/teams/{}/name", league.home),
            json!({"name": "B\u{0435}ll"}),
        )
        .await;
    assert_eq!(looks.status, 409);
    assert!(
        looks
            .problem_at("name")
            .unwrap()
            .contains("looks the same as \u{2018}Bell\u{2019}")
    );
    // Renaming a team to its own name again is no clash.
    let same = api
        .put(
            &format!("/api/v1/organisations/{SLUG}/teams/{}/name", league.home),
            json!({"name": "The Anchor Inn"}),
        )
        .await;
    assert_eq!(same.status, 200, "{:?}", same.json);

    // A player's name put right; a look-alike of another player's is refused.
    let ann = league.home_squad[0].id;
    let renamed = api
        .put(
            &format!("/api/v1/organisations/{SLUG}/players/{ann}/name"),
            json!({"name": "Anne Lee"}),
        )
        .await;
    assert_eq!(renamed.status, 200, "{:?}", renamed.json);
    assert_eq!(
        ctx.store.player(ann).await.unwrap().unwrap().name,
        "Anne Lee"
    );
    let squad = format!("/organise/{SLUG}/teams/{}/squad", league.home);
    let looks = secretary
        .submit(
            &format!("/organise/{SLUG}/players/{ann}/name"),
            &[("name", "B\u{043e}b"), ("team", &league.home.to_string())],
        )
        .await;
    assert_eq!(looks.status, 422);
    assert!(
        looks.body.contains("looks the same as \u{2018}Bob\u{2019}"),
        "{}",
        looks.body
    );
    // The old look is free again: no player has it, so it may be spelt another way.
    let ann_again = api
        .post(
            &format!("/api/v1/organisations/{SLUG}/players"),
            json!({"name": "\u{0410}nn"}),
        )
        .await;
    assert_eq!(ann_again.status, 201, "{:?}", ann_again.json);
    assert!(secretary.get(&squad).await.body.contains("Anne Lee"));

    // The captain removed can no longer act for the team; their account stays.
    let captain = league.home_captain.id;
    assert_eq!(
        home.get(&format!("/teams/{}/manage", league.home))
            .await
            .status,
        200
    );
    secretary
        .submit(&format!("{team_page}/captains/{captain}/remove"), &[])
        .await
        .assert_redirect_to(&team_page);
    assert_eq!(
        home.get(&format!("/teams/{}/manage", league.home))
            .await
            .status,
        403
    );
    assert!(ctx.store.user(captain).await.unwrap().is_some());
    assert_eq!(
        secretary
            .submit(&format!("{team_page}/captains/{captain}/remove"), &[])
            .await
            .status,
        404
    );
}
store_test!(an_organiser_renames_teams_and_players_and_removes_a_captain);

async fn a_competition_is_renamed_unless_the_name_looks_like_anothers_and_removed_only_without_results(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let (secretary, api) = signed_in(&ctx, &league.secretary.email).await;
    let base = format!("/api/v1/organisations/{SLUG}");
    let winter = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0);
    let format = json!({
        "legs": [{"kind": "singles", "games": 2, "target": 61}],
        "player_limits": {"singles_per_player": 1, "pairs_per_player": 1},
        "points": {"per_game_won": 1, "per_match_won": 2, "per_match_drawn": 1, "losing_bonus": null},
        "walkover": {"winner_games": 2, "loser_games": 0}
    });
    let cup = id_of(
        &api.post(
            &format!("{base}/competitions"),
            json!({"name": "Summer Cup", "ruleset": "fives-and-threes", "match_format": format}),
        )
        .await,
    );

    let looks = api
        .put(
            &format!("{base}/competitions/{cup}/name"),
            json!({"name": "Winter Le\u{0430}gue"}),
        )
        .await;
    assert_eq!(looks.status, 409);
    assert!(
        looks
            .problem_at("name")
            .unwrap()
            .contains("looks the same as \u{2018}Winter League\u{2019}")
    );
    let page = secretary
        .submit(
            &format!("/organise/{SLUG}/competitions/{cup}/name"),
            &[("name", "")],
        )
        .await;
    assert_eq!(page.status, 400);
    assert!(page.body.contains("Enter a name."));
    secretary
        .submit(
            &format!("/organise/{SLUG}/competitions/{cup}/name"),
            &[("name", "Summer Trophy")],
        )
        .await
        .assert_redirect_to(&format!("/organise/{SLUG}/competitions/{cup}/seasons"));
    let public = ctx.browser().get(&format!("/leagues/{SLUG}")).await;
    assert!(public.body.contains("Summer Trophy"), "{}", public.body);

    // Winter has a confirmed result, so it stays; the cup has none, so it goes.
    ctx.set_fixture_status(league.fixtures[0].id, "confirmed")
        .await;
    let kept = secretary
        .submit(
            &format!("/organise/{SLUG}/competitions/{}/delete", winter.id),
            &[],
        )
        .await;
    assert_eq!(kept.status, 409);
    assert!(
        kept.body
            .contains("Winter League has a fixture with a result, and results are kept"),
        "{}",
        kept.body
    );
    assert_eq!(
        api.delete(&format!("{base}/competitions/{cup}"))
            .await
            .status,
        204
    );
    let left: Vec<String> = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(left, ["Winter League"]);
}
store_test!(
    a_competition_is_renamed_unless_the_name_looks_like_anothers_and_removed_only_without_results
);

async fn the_organisers_fixtures_list_the_rounds_still_to_play_first(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (secretary, _) = signed_in(&ctx, &league.secretary.email).await;
    let page_path = format!("/organise/{SLUG}/divisions/{}/fixtures", league.division);
    let position = |body: &str, round: u32| {
        body.find(&format!(r#"id="round-{round}-heading""#))
            .unwrap_or_else(|| panic!("no round {round}: {body}"))
    };
    let before = secretary.get(&page_path).await.body;
    assert!(position(&before, 1) < position(&before, 2));
    // Round 1's only fixture confirmed: round 2, still to play, comes first.
    crate::careers::confirmed_result(&ctx, &league).await;
    let after = secretary.get(&page_path).await.body;
    assert!(position(&after, 2) < position(&after, 1), "{after}");
}
store_test!(the_organisers_fixtures_list_the_rounds_still_to_play_first);

async fn the_organiser_sets_the_games_a_player_needs_to_be_ranked(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (secretary, _) = signed_in(&ctx, &league.secretary.email).await;
    crate::careers::confirmed_result(&ctx, &league).await;
    let competition = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .remove(0)
        .id;
    let players = format!("/leagues/{SLUG}/divisions/{}/players", league.division);
    let form = format!("/organise/{SLUG}/competitions/{competition}/player-table");
    let everyone = ctx.browser().get(&players).await.body;
    assert!(!everyone.contains("Not yet ranked"), "{everyone}");

    let refused = secretary.submit(&form, &[("min_games", "201")]).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("The fewest games to be ranked is a whole number from 0 to 200."),
        "{}",
        refused.body
    );
    assert!(refused.body.contains(r#"value="201""#), "{}", refused.body);

    // Two games to be ranked: a pairs player of the one fixture played once is listed apart.
    secretary
        .submit(&form, &[("min_games", "2")])
        .await
        .assert_redirect_to(&format!(
            "/organise/{SLUG}/results?saved={competition}#deadline-{competition}"
        ));
    let saved = secretary
        .get(&format!("/organise/{SLUG}/results?saved={competition}"))
        .await;
    assert!(saved.body.contains("Saved for"), "{}", saved.body);
    let page = ctx.browser().get(&players).await.body;
    assert!(
        page.contains("A player is ranked from 2 games played"),
        "{page}"
    );
    let (ranked, apart) = page.split_once("Not yet ranked").expect("players apart");
    let games = ctx
        .store
        .player_games_of_division(league.division)
        .await
        .unwrap();
    for game in &games {
        let played = games
            .iter()
            .filter(|other| other.player == game.player)
            .count();
        let listed_apart = apart.contains(&format!(">{}</a>", game.name));
        assert_eq!(listed_apart, played < 2, "{}: {played} games", game.name);
        assert_eq!(
            ranked.contains(&format!(">{}</a></th>", game.name)),
            played >= 2,
            "{}",
            game.name
        );
    }
    // Only an organiser sets it.
    let captain = ctx.browser();
    captain.login_ok(&league.home_captain.email).await;
    assert_eq!(
        captain.submit(&form, &[("min_games", "0")]).await.status,
        403
    );
}
store_test!(the_organiser_sets_the_games_a_player_needs_to_be_ranked);
