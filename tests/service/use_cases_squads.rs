//! A team's squad run alike on the pages and through the API.

use fives::domain::ids::TeamId;
use fives::domain::match_result::ResultSheet;
use serde_json::json;

use crate::result_interruptions::form_fields;
use crate::results_league::{SLUG, results_league};
use crate::support::TestContext;
use crate::use_case_answers::*;

async fn a_squad_is_run_alike_on_the_pages_and_through_the_api(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let secretary = person(&ctx, &league.secretary.email).await;
    let home = person(&ctx, &league.home_captain.email).await;
    let away = person(&ctx, &league.away_captain.email).await;
    let api = format!("/api/v1/organisations/{SLUG}");
    let (anchor, bell) = (league.home, league.away);
    let names = |team: TeamId| {
        let store = ctx.store.clone();
        async move {
            store
                .squad_of(team)
                .await
                .unwrap()
                .into_iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
        }
    };

    // A new name: another team's captain is refused by both; each team's own captain adds.
    alike(
        "squads::add_new_player_to_squad",
        &away
            .browser
            .submit(&format!("/teams/{anchor}/squad"), &[("name", "Ivy")])
            .await,
        &home
            .api
            .post(&format!("{api}/teams/{bell}/squad"), json!({"name": "Ivy"}))
            .await,
        Answer::Forbidden,
    );
    alike(
        "squads::add_new_player_to_squad",
        &home
            .browser
            .submit(&format!("/teams/{anchor}/squad"), &[("name", "Ivy")])
            .await,
        &away
            .api
            .post(&format!("{api}/teams/{bell}/squad"), json!({"name": "Ivy"}))
            .await,
        Answer::Done,
    );
    assert!(names(anchor).await.contains(&"Ivy".to_string()));
    assert!(names(bell).await.contains(&"Ivy".to_string()));

    // One of the league's players: Eve of Bell joins Anchor, Ann of Anchor joins Bell.
    let (eve, ann) = (league.away_squad[0].id, league.home_squad[0].id);
    alike(
        "squads::add_to_squad",
        &away
            .browser
            .submit(
                &format!("/teams/{anchor}/squad/existing"),
                &[("player", &eve.to_string())],
            )
            .await,
        &home
            .api
            .post(
                &format!("{api}/teams/{bell}/squad"),
                json!({"player_id": ann.0}),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "squads::add_to_squad",
        &home
            .browser
            .submit(
                &format!("/teams/{anchor}/squad/existing"),
                &[("player", &eve.to_string())],
            )
            .await,
        &away
            .api
            .post(
                &format!("{api}/teams/{bell}/squad"),
                json!({"player_id": ann.0}),
            )
            .await,
        Answer::Done,
    );

    // Each is a player of the other team: a transfer asked, which the organisers decide.
    assert!(!names(anchor).await.contains(&"Eve".to_string()));
    let waiting = ctx
        .store
        .transfer_requests(league.organisation, 0)
        .await
        .unwrap();
    assert_eq!(waiting.len(), 2, "{waiting:?}");
    let to = |team: TeamId| waiting.iter().find(|t| t.to_team_id == team).unwrap().id;
    let (to_anchor, to_bell) = (to(anchor), to(bell));
    let decide = |id| format!("/organise/{SLUG}/transfers/{id}");
    let decide_api = |id| format!("{api}/transfers/{id}");
    alike(
        "transfers::decide_transfer",
        &home
            .browser
            .submit(&decide(to_anchor), &[("decision", "approve")])
            .await,
        &away
            .api
            .post(&decide_api(to_bell), json!({"decision": "approve"}))
            .await,
        Answer::Forbidden,
    );
    alike(
        "transfers::decide_transfer",
        &secretary
            .browser
            .submit(&decide(to_anchor), &[("decision", "approve")])
            .await,
        &secretary
            .api
            .post(&decide_api(to_bell), json!({"decision": "approve"}))
            .await,
        Answer::Done,
    );
    assert!(names(anchor).await.contains(&"Eve".to_string()));
    assert!(names(bell).await.contains(&"Ann".to_string()));
    assert!(!names(bell).await.contains(&"Eve".to_string()));

    // Taken out again.
    alike(
        "squads::remove_from_squad",
        &away
            .browser
            .submit(&format!("/teams/{anchor}/squad/{eve}/remove"), &[])
            .await,
        &home
            .api
            .delete(&format!("{api}/teams/{bell}/squad/{ann}"))
            .await,
        Answer::Forbidden,
    );
    alike(
        "squads::remove_from_squad",
        &home
            .browser
            .submit(&format!("/teams/{anchor}/squad/{eve}/remove"), &[])
            .await,
        &away
            .api
            .delete(&format!("{api}/teams/{bell}/squad/{ann}"))
            .await,
        Answer::Done,
    );
    assert!(!names(anchor).await.contains(&"Eve".to_string()));
    assert!(!names(bell).await.contains(&"Ann".to_string()));
    // In no team now, each goes back at once to the team they came from.
    home.browser
        .submit(
            &format!("/teams/{anchor}/squad/existing"),
            &[("player", &ann.to_string())],
        )
        .await
        .assert_redirect_to(&format!("/teams/{anchor}/squad?done=added"));
    let back = away
        .api
        .post(
            &format!("{api}/teams/{bell}/squad"),
            json!({"player_id": eve.0}),
        )
        .await;
    assert_eq!(back.status, 200, "{:?}", back.json);
    assert!(names(anchor).await.contains(&"Ann".to_string()));

    // A list of names: the organiser's alone.
    let org = format!("/organise/{SLUG}");
    alike(
        "squads::add_list_to_squad",
        &home
            .browser
            .submit(
                &format!("{org}/teams/{anchor}/squad/list"),
                &[("names", "Jo\nKit")],
            )
            .await,
        &away
            .api
            .post(
                &format!("{api}/teams/{bell}/squad/list"),
                json!({"names": ["Lu", "Max"]}),
            )
            .await,
        Answer::Forbidden,
    );
    alike(
        "squads::add_list_to_squad",
        &secretary
            .browser
            .submit(
                &format!("{org}/teams/{anchor}/squad/list"),
                &[("names", "Jo\nKit")],
            )
            .await,
        &secretary
            .api
            .post(
                &format!("{api}/teams/{bell}/squad/list"),
                json!({"names": ["Lu", "Max"]}),
            )
            .await,
        Answer::Done,
    );
    let (anchor_names, bell_names) = (names(anchor).await, names(bell).await);
    for (squad, listed) in [(anchor_names, ["Jo", "Kit"]), (bell_names, ["Lu", "Max"])] {
        for name in listed {
            assert!(squad.contains(&name.to_string()), "{squad:?}");
        }
    }
    // A list names the league's player of that name, in no team: it does not move one of
    // another team (the one-team rule says so alike on both).
    let moved = secretary
        .api
        .post(
            &format!("{api}/teams/{bell}/squad/list"),
            json!({"names": ["Jo"]}),
        )
        .await;
    assert_eq!(moved.status, 422, "{:?}", moved.json);
    let players = ctx.store.players_of(league.organisation).await.unwrap();
    assert_eq!(players.iter().filter(|p| p.name == "Jo").count(), 1);

    // What waits for a captain: nobody signed in is asked to sign in by both.
    let anonymous = (ctx.browser(), ctx.api(None));
    alike(
        "tasks::captain_tasks",
        &anonymous.0.get("/dashboard").await,
        &anonymous.1.get("/api/v1/me/tasks").await,
        Answer::NotSignedIn,
    );
    let (dashboard, tasks) = (
        home.browser.get("/dashboard").await,
        home.api.get("/api/v1/me/tasks").await,
    );
    alike("tasks::captain_tasks", &dashboard, &tasks, Answer::Done);
    for fixture in &league.fixtures {
        let on_page = dashboard.body.contains(&format!(
            "/leagues/{SLUG}/fixtures/{}/result\">Enter the result",
            fixture.id
        ));
        let in_api = tasks.json[0]["results_to_enter"]
            .as_array()
            .unwrap()
            .iter()
            .any(|task| task["fixture"]["id"] == fixture.id.0);
        assert_eq!(
            (on_page, in_api),
            (true, true),
            "fixture {} waits for its result on both",
            fixture.id
        );
    }

    // Points deductions: a captain is refused by both; the organiser's two are alike.
    let deductions = format!("/organise/{SLUG}/divisions/{}/deductions", league.division);
    let deductions_api = format!("{api}/divisions/{}/deductions", league.division);
    let page_form = [
        ("team", league.home.to_string()),
        ("points", "2".to_string()),
        ("reason", "Unregistered player.".to_string()),
    ];
    let page_form: Vec<(&str, &str)> = page_form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let body = json!({"team_id": league.away.0, "points": 2, "reason": "Unregistered player."});
    alike(
        "deductions::deduct_points",
        &home.browser.submit(&deductions, &page_form).await,
        &home.api.post(&deductions_api, body.clone()).await,
        Answer::Forbidden,
    );
    alike(
        "deductions::deduct_points",
        &secretary.browser.submit(&deductions, &page_form).await,
        &secretary.api.post(&deductions_api, body).await,
        Answer::Done,
    );
    let made = ctx
        .store
        .adjustments_of_division(league.division)
        .await
        .unwrap();
    assert_eq!(
        made.iter()
            .map(|a| (a.team, a.points, a.reason.as_str()))
            .collect::<Vec<_>>(),
        [
            (league.home, -2, "Unregistered player."),
            (league.away, -2, "Unregistered player.")
        ]
    );

    // Names put right: a captain is refused by both; the organiser's two are alike.
    let ivy = ctx
        .store
        .players_of(league.organisation)
        .await
        .unwrap()
        .into_iter()
        .filter(|p| p.name == "Ivy")
        .collect::<Vec<_>>();
    let (page_ivy, api_ivy) = (ivy[0].id, ivy[1].id);
    for (who, expected) in [(&home, Answer::Forbidden), (&secretary, Answer::Done)] {
        alike(
            "renames::rename_player",
            &who.browser
                .submit(
                    &format!("{org}/players/{page_ivy}/name"),
                    &[("name", "Ivy Page"), ("team", &anchor.to_string())],
                )
                .await,
            &who.api
                .put(
                    &format!("{api}/players/{api_ivy}/name"),
                    json!({"name": "Ivy Api"}),
                )
                .await,
            expected,
        );
    }
    assert!(
        names(anchor).await.contains(&"Ivy Page".to_string())
            || names(bell).await.contains(&"Ivy Page".to_string())
    );
    assert!(
        names(anchor).await.contains(&"Ivy Api".to_string())
            || names(bell).await.contains(&"Ivy Api".to_string())
    );
    for (who, expected, page_name, api_name) in [
        (&away, Answer::Forbidden, "Anchor", "Bell"),
        (&secretary, Answer::Done, "The Anchor", "The Bell"),
    ] {
        alike(
            "renames::rename_team",
            &who.browser
                .submit(
                    &format!("{org}/teams/{anchor}/name"),
                    &[("name", page_name)],
                )
                .await,
            &who.api
                .put(
                    &format!("{api}/teams/{bell}/name"),
                    json!({"name": api_name}),
                )
                .await,
            expected,
        );
    }
    let team_name = |id| {
        let store = ctx.store.clone();
        async move { store.team(id).await.unwrap().unwrap().name }
    };
    assert_eq!(
        (team_name(anchor).await, team_name(bell).await),
        ("The Anchor".to_string(), "The Bell".to_string())
    );

    // Organiser invitations: nobody signed in is asked to sign in and a captain is refused
    // by both; the organiser's two are alike, and each link makes an organiser.
    let invites = format!("{org}/organisers/invites");
    let invites_api = format!("{api}/organisers/invites");
    let nobody = (ctx.browser(), ctx.api(None));
    alike(
        "organisers::invite_organiser",
        &nobody.0.submit(&invites, &[("email", "")]).await,
        &nobody.1.post(&invites_api, json!({})).await,
        Answer::NotSignedIn,
    );
    alike(
        "organisers::invite_organiser",
        &home
            .browser
            .submit(&invites, &[("email", "treasurer@example.org")])
            .await,
        &home
            .api
            .post(&invites_api, json!({"email": "treasurer@example.org"}))
            .await,
        Answer::Forbidden,
    );
    alike(
        "organisers::invite_organiser",
        &secretary
            .browser
            .submit(&invites, &[("email", "not an address")])
            .await,
        &secretary
            .api
            .post(&invites_api, json!({"email": "not an address"}))
            .await,
        Answer::Other(422),
    );
    let (page, reply) = (
        secretary.browser.submit(&invites, &[("email", "")]).await,
        secretary.api.post(&invites_api, json!({})).await,
    );
    alike("organisers::invite_organiser", &page, &reply, Answer::Done);
    let page_link = {
        let start = page
            .body
            .find("/organiser-invites/")
            .expect("the page shows the link");
        let rest = &page.body[start..];
        rest[..rest
            .find(|c: char| c == '"' || c == '<' || c.is_whitespace())
            .unwrap()]
            .to_string()
    };
    let api_link = reply.json["link"].as_str().unwrap();
    let api_link = &api_link[api_link.find("/organiser-invites/").unwrap()..];
    for (link, email) in [
        (page_link.as_str(), "page.treasurer@example.org"),
        (api_link, "api.treasurer@example.org"),
    ] {
        let newcomer = ctx.browser();
        let password = "ledger quill abacus harbour";
        let taken = newcomer
            .submit(
                link,
                &[
                    ("email", email),
                    ("password", password),
                    ("confirm_password", password),
                ],
            )
            .await;
        assert_eq!(taken.status, 200, "{}", taken.body);
        assert_eq!(newcomer.login(email, password).await.status, 303);
        assert_eq!(
            newcomer.get(&org).await.status,
            200,
            "{email} organises the league"
        );
    }

    // A captain removed: each team's captain refused by both, then removed by the organiser.
    let (home_id, away_id) = (league.home_captain.id, league.away_captain.id);
    alike(
        "captaincy::remove_captain",
        &home
            .browser
            .submit(
                &format!("{org}/teams/{bell}/captains/{away_id}/remove"),
                &[],
            )
            .await,
        &away
            .api
            .delete(&format!("{api}/teams/{anchor}/captains/{home_id}"))
            .await,
        Answer::Forbidden,
    );
    // (Read the pages before the captaincies end.)
    assert_eq!(
        home.browser
            .get(&format!("/teams/{anchor}/squad"))
            .await
            .status,
        200
    );
    assert_eq!(
        away.browser
            .get(&format!("/teams/{anchor}/squad"))
            .await
            .status,
        403
    );
    alike(
        "captaincy::remove_captain",
        &secretary
            .browser
            .submit(
                &format!("{org}/teams/{anchor}/captains/{home_id}/remove"),
                &[],
            )
            .await,
        &secretary
            .api
            .delete(&format!("{api}/teams/{bell}/captains/{away_id}"))
            .await,
        Answer::Done,
    );
    assert!(ctx.store.captains_of(anchor).await.unwrap().is_empty());
    assert!(ctx.store.captains_of(bell).await.unwrap().is_empty());
    assert_eq!(
        home.browser
            .get(&format!("/teams/{anchor}/squad"))
            .await
            .status,
        403,
        "no longer a captain"
    );

    // Removals: refused alike to a captain, and for what has results; done alike otherwise.
    let (page_team, api_team) = (
        ctx.team(league.organisation, "Page Lamb").await.id,
        ctx.team(league.organisation, "Api Lamb").await.id,
    );
    let (page_player, api_player) = (ivy[0].id, ivy[1].id);
    alike(
        "removals::remove_team",
        &away
            .browser
            .submit(&format!("{org}/teams/{page_team}/delete"), &[])
            .await,
        &away.api.delete(&format!("{api}/teams/{api_team}")).await,
        Answer::Forbidden,
    );
    alike(
        "removals::remove_player",
        &away
            .browser
            .submit(&format!("{org}/players/{page_player}/delete"), &[])
            .await,
        &away
            .api
            .delete(&format!("{api}/players/{api_player}"))
            .await,
        Answer::Forbidden,
    );
    // A result: Anchor and Bell then have one, and its first home player has played.
    let sheet = league.random_result(21).0;
    let ResultSheet::Played { games } = &sheet else {
        panic!("a played result")
    };
    let played = games[0].home[0];
    let mut result = form_fields(&sheet);
    result.push(("submission_key".into(), "removals".into()));
    let entered = submit_form(
        &secretary.browser,
        &format!("/leagues/{SLUG}/fixtures/{}/result", league.fixtures[0].id),
        &result,
    )
    .await;
    assert_eq!(entered.status, 303, "{}", entered.body);
    alike(
        "removals::remove_team",
        &secretary
            .browser
            .submit(&format!("{org}/teams/{anchor}/delete"), &[])
            .await,
        &secretary.api.delete(&format!("{api}/teams/{bell}")).await,
        Answer::Other(409),
    );
    alike(
        "removals::remove_player",
        &secretary
            .browser
            .submit(&format!("{org}/players/{played}/delete"), &[])
            .await,
        &secretary
            .api
            .delete(&format!("{api}/players/{played}"))
            .await,
        Answer::Other(409),
    );
    let page = secretary
        .browser
        .submit(&format!("{org}/teams/{anchor}/delete"), &[])
        .await;
    assert!(
        page.body
            .contains("has a fixture with a result, and results are kept"),
        "{}",
        page.body
    );
    let removed_page = secretary
        .browser
        .submit(&format!("{org}/teams/{page_team}/delete"), &[])
        .await;
    let removed_api = secretary
        .api
        .delete(&format!("{api}/teams/{api_team}"))
        .await;
    assert_eq!((removed_page.status, removed_api.status), (303, 204));
    let removed_page = secretary
        .browser
        .submit(
            &format!("{org}/players/{page_player}/delete"),
            &[("team", &anchor.to_string())],
        )
        .await;
    let removed_api = secretary
        .api
        .delete(&format!("{api}/players/{api_player}"))
        .await;
    assert_eq!((removed_page.status, removed_api.status), (303, 204));
    for team in [page_team, api_team] {
        assert!(ctx.store.team(team).await.unwrap().is_none());
    }
    for player in [page_player, api_player] {
        assert!(ctx.store.player(player).await.unwrap().is_none());
    }

    // Competitions and the organisation: renamed and removed alike.
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
    let mut made = Vec::new();
    for name in ["Page Cup", "Api Cup"] {
        let reply = secretary
            .api
            .post(
                &format!("{api}/competitions"),
                json!({"name": name, "ruleset": "fives-and-threes", "match_format": format}),
            )
            .await;
        assert_eq!(reply.status, 201, "{:?}", reply.json);
        made.push(reply.json["id"].as_i64().unwrap());
    }
    let (page_cup, api_cup) = (made[0], made[1]);
    for (who, expected) in [(&home, Answer::Forbidden), (&secretary, Answer::Done)] {
        alike(
            "renames::rename_competition",
            &who.browser
                .submit(
                    &format!("{org}/competitions/{page_cup}/name"),
                    &[("name", "Page Trophy")],
                )
                .await,
            &who.api
                .put(
                    &format!("{api}/competitions/{api_cup}/name"),
                    json!({"name": "Api Trophy"}),
                )
                .await,
            expected,
        );
        alike(
            "renames::rename_organisation",
            &who.browser
                .submit(&format!("{org}/name"), &[("name", "Torridge Fives")])
                .await,
            &who.api
                .put(
                    &format!("{api}/name"),
                    json!({"name": "Torridge Fives and Threes"}),
                )
                .await,
            expected,
        );
    }
    let names_now: Vec<String> = ctx
        .store
        .competitions_of(league.organisation)
        .await
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert!(
        names_now.contains(&"Page Trophy".to_string())
            && names_now.contains(&"Api Trophy".to_string()),
        "{names_now:?}"
    );
    assert_eq!(
        ctx.store
            .organisation(league.organisation)
            .await
            .unwrap()
            .unwrap()
            .name,
        "Torridge Fives and Threes"
    );
    alike(
        "removals::remove_competition",
        &secretary
            .browser
            .submit(&format!("{org}/competitions/{}/delete", winter.id), &[])
            .await,
        &secretary
            .api
            .delete(&format!("{api}/competitions/{}", winter.id))
            .await,
        Answer::Other(409),
    );
    alike(
        "removals::remove_competition",
        &home
            .browser
            .submit(&format!("{org}/competitions/{page_cup}/delete"), &[])
            .await,
        &home
            .api
            .delete(&format!("{api}/competitions/{api_cup}"))
            .await,
        Answer::Forbidden,
    );
    let (page, reply) = (
        secretary
            .browser
            .submit(&format!("{org}/competitions/{page_cup}/delete"), &[])
            .await,
        secretary
            .api
            .delete(&format!("{api}/competitions/{api_cup}"))
            .await,
    );
    assert_eq!((page.status, reply.status), (303, 204));
    assert_eq!(
        ctx.store
            .competitions_of(league.organisation)
            .await
            .unwrap()
            .len(),
        1
    );

    // The squad's page: its organiser sees it.
    assert_eq!(
        secretary
            .browser
            .get(&format!("/teams/{anchor}/squad"))
            .await
            .status,
        200
    );
}
store_test!(a_squad_is_run_alike_on_the_pages_and_through_the_api);
