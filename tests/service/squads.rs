//! Captains run their team's squad, and organisers add several players at once: story tests
//! over HTTP, on both stores.

use fives::domain::ids::TeamId;
use fives::domain::season_fixtures::FixtureStatus;
use fives::domain::squad::MAX_SQUAD_PLAYERS;
use serde_json::json;

use crate::result_interruptions::form_fields;
use crate::results_league::{SLUG, results_league};
use crate::support::{Browser, TestContext};

async fn squad_names(ctx: &TestContext, team: TeamId) -> Vec<String> {
    ctx.store
        .squad_of(team)
        .await
        .unwrap()
        .into_iter()
        .map(|player| player.name)
        .collect()
}

async fn signed_in(ctx: &TestContext, email: &str) -> Browser {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    browser
}

/// A `multipart/form-data` body with the CSRF token and one file, as a browser sends an upload.
fn upload_body(token: &str, file: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----fives-squad-upload";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{token}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"squad.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub(crate) async fn upload(
    ctx: &TestContext,
    browser: &Browser,
    path: &str,
    file: &[u8],
) -> (u16, String) {
    let token = browser.csrf_token().await;
    let (content_type, body) = upload_body(&token, file);
    let response = browser
        .client
        .post(format!("{}{path}", ctx.address))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

async fn a_captain_adds_and_removes_players_and_a_player_who_played_keeps_their_games(
    ctx: TestContext,
) {
    let league = results_league(&ctx).await;
    let home = signed_in(&ctx, &league.home_captain.email).await;
    let away = signed_in(&ctx, &league.away_captain.email).await;
    let anchor = league.home;
    let squad = format!("/teams/{anchor}/squad");

    // The captain's page lists the squad and the league's other players.
    let page = home.get(&squad).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("Ann") && page.body.contains("Eve"),
        "{}",
        page.body
    );
    assert!(
        !page.body.contains("/squad/list"),
        "a captain adds one player at a time"
    );

    // A new name joins; one that only looks like a player's is refused, with the reason.
    home.submit(&squad, &[("name", "Ivy Lane")])
        .await
        .assert_redirect_to(&format!("{squad}?done=added"));
    let refused = home.submit(&squad, &[("name", "Ivy Lan\u{0435}")]).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("looks the same as \u{2018}Ivy Lane\u{2019}"),
        "{}",
        refused.body
    );
    assert_eq!(squad_names(&ctx, anchor).await.len(), 5);

    // A player already in the squad is not added twice.
    let ann = league.home_squad[0].id;
    let twice = home
        .submit(
            &format!("{squad}/existing"),
            &[("player", &ann.to_string())],
        )
        .await;
    assert_eq!(twice.status, 422);
    assert!(
        twice
            .body
            .contains("Ann is already in the squad of Anchor."),
        "{}",
        twice.body
    );

    // Ann plays, and the result is confirmed.
    let fixture = league.fixtures[0].id;
    ctx.set_fixture_status(fixture, "scheduled").await;
    let result_page = format!("/leagues/{SLUG}/fixtures/{fixture}");
    let mut fields = form_fields(&league.random_result(3).0);
    fields.push(("submission_key".into(), "squad-story".into()));
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let submitted = home.submit(&format!("{result_page}/result"), &pairs).await;
    assert_eq!(submitted.status, 303, "{}", submitted.body);
    let version = ctx.store.current_result(fixture).await.unwrap().unwrap().id;
    let confirmed = away
        .submit(
            &format!("{result_page}/confirm"),
            &[("result", &version.to_string())],
        )
        .await;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    assert_eq!(
        ctx.store.fixture(fixture).await.unwrap().unwrap().status,
        FixtureStatus::Confirmed
    );
    let games_before = ctx.store.games_of_player(ann).await.unwrap();
    assert!(!games_before.is_empty(), "Ann played");

    // Taken out of the squad, Ann keeps every game; the result still names her.
    home.submit(&format!("{squad}/{ann}/remove"), &[])
        .await
        .assert_redirect_to(&format!("{squad}?done=removed"));
    assert!(!squad_names(&ctx, anchor).await.contains(&"Ann".to_string()));
    assert_eq!(ctx.store.games_of_player(ann).await.unwrap(), games_before);
    assert!(ctx.store.player(ann).await.unwrap().is_some());
    let public = ctx.browser().get(&result_page).await;
    assert!(
        public.body.contains("Ann"),
        "the scoresheet still names her"
    );
    // Taking her out again finds nobody to take out.
    assert_eq!(
        home.submit(&format!("{squad}/{ann}/remove"), &[])
            .await
            .status,
        404
    );

    // Another team's captain may neither see nor change the squad.
    assert_eq!(away.get(&squad).await.status, 403);
    assert_eq!(away.submit(&squad, &[("name", "Mal")]).await.status, 403);
    assert_eq!(squad_names(&ctx, anchor).await.len(), 4);
}
store_test!(a_captain_adds_and_removes_players_and_a_player_who_played_keeps_their_games);

async fn an_organiser_adds_a_list_all_or_nothing_naming_each_refused_line(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let secretary = signed_in(&ctx, &league.secretary.email).await;
    let anchor = league.home;
    let squad = format!("/organise/{SLUG}/teams/{anchor}/squad");
    let before = squad_names(&ctx, anchor).await;
    let players_before = ctx
        .store
        .players_of(league.organisation)
        .await
        .unwrap()
        .len();

    // Three lines refused (a look-alike, one already in the squad, one twice): nothing kept.
    let list = "Jo Hart\nAnn\n\nB\u{043e}b\nKit Moss\nJo Hart\n";
    let refused = secretary
        .submit(&format!("{squad}/list"), &[("names", list)])
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused
            .body
            .contains("Line 6: Jo Hart is already on line 1."),
        "{}",
        refused.body
    );
    let refused = secretary
        .submit(
            &format!("{squad}/list"),
            &[("names", "Jo Hart\nAnn\n\nB\u{043e}b\nKit Moss\n")],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused
            .body
            .contains("Line 2: Ann is already in the squad of Anchor."),
        "{}",
        refused.body
    );
    assert!(
        refused
            .body
            .contains("Line 4: B\u{043e}b looks the same as \u{2018}Bob\u{2019}"),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("Jo Hart\nAnn"),
        "the list comes back as typed"
    );
    assert_eq!(squad_names(&ctx, anchor).await, before);
    assert_eq!(
        ctx.store
            .players_of(league.organisation)
            .await
            .unwrap()
            .len(),
        players_before
    );

    // Eve plays for Bell: a list does not move her, and says how.
    let elsewhere = secretary
        .submit(
            &format!("{squad}/list"),
            &[("names", "Jo Hart\nEve\nKit Moss")],
        )
        .await;
    assert_eq!(elsewhere.status, 422, "{}", elsewhere.body);
    assert!(
        elsewhere
            .body
            .contains("Line 2: Eve plays for Bell: add them on their own to move them"),
        "{}",
        elsewhere.body
    );
    assert_eq!(squad_names(&ctx, anchor).await, before);

    // Eve taken out of Bell's squad, the list put right: Eve is the league's Eve, in no team
    // now; the others are new.
    let eve = league
        .away_squad
        .iter()
        .find(|p| p.name == "Eve")
        .unwrap()
        .id;
    let bell_squad = format!("/organise/{SLUG}/teams/{}/squad", league.away);
    secretary
        .submit(&format!("{bell_squad}/{eve}/remove"), &[])
        .await
        .assert_redirect_to(&format!("{bell_squad}?done=removed"));
    let done = secretary
        .submit(
            &format!("{squad}/list"),
            &[("names", "Jo Hart\nEve\nKit Moss")],
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert!(done.body.contains("3 players added to the squad."));
    let names = squad_names(&ctx, anchor).await;
    for name in ["Jo Hart", "Eve", "Kit Moss"] {
        assert!(names.contains(&name.to_string()), "{names:?}");
    }
    let players = ctx.store.players_of(league.organisation).await.unwrap();
    assert_eq!(players.len(), players_before + 2);
    assert_eq!(players.iter().filter(|p| p.name == "Eve").count(), 1);

    // A CSV file: a heading, then names in the first column.
    let (status, body) = upload(
        &ctx,
        &secretary,
        &format!("{squad}/csv"),
        b"Name,Phone\nLu Park,0123\n\"Moss, Jem\",\n",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let names = squad_names(&ctx, anchor).await;
    assert!(names.contains(&"Lu Park".to_string()) && names.contains(&"Moss, Jem".to_string()));
    // A file with a bad line adds nobody, and says which line.
    let long = "x".repeat(101);
    let (status, body) = upload(
        &ctx,
        &secretary,
        &format!("{squad}/csv"),
        format!("Ned Vale\n{long}\n").as_bytes(),
    )
    .await;
    assert_eq!(status, 422);
    assert!(
        body.contains("Line 2: A name is at most 100 characters long."),
        "{body}"
    );
    assert!(
        !squad_names(&ctx, anchor)
            .await
            .contains(&"Ned Vale".to_string())
    );

    // A captain cannot add a list.
    let home = signed_in(&ctx, &league.home_captain.email).await;
    assert_eq!(
        home.submit(&format!("{squad}/list"), &[("names", "Ned Vale")])
            .await
            .status,
        403
    );
}
store_test!(an_organiser_adds_a_list_all_or_nothing_naming_each_refused_line);

async fn a_squad_holds_at_most_its_limit(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let secretary = signed_in(&ctx, &league.secretary.email).await;
    let token = secretary.make_api_token("squads").await;
    let api = ctx.api(Some(&token));
    let path = format!("/api/v1/organisations/{SLUG}/teams/{}/squad", league.home);
    let held = squad_names(&ctx, league.home).await.len();

    // One too many in a list: refused whole, saying how many the squad holds.
    let too_many: Vec<String> = (0..=MAX_SQUAD_PLAYERS - held)
        .map(|n| format!("Reserve {n}"))
        .collect();
    let refused = api
        .post(&format!("{path}/list"), json!({"names": too_many}))
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
            refused.problem_at("names").as_deref(),
            Some(format!("A squad holds at most {MAX_SQUAD_PLAYERS} players; Anchor has {held}, so {} more would be too many. Take a player out first.", too_many.len()).as_str())
        );
    assert_eq!(squad_names(&ctx, league.home).await.len(), held);

    // Filled to the limit, then one more is refused.
    let filling = &too_many[..too_many.len() - 1];
    let filled = api
        .post(&format!("{path}/list"), json!({"names": filling}))
        .await;
    assert_eq!(filled.status, 200, "{:?}", filled.json);
    assert_eq!(
        filled.json["squad"].as_array().unwrap().len(),
        MAX_SQUAD_PLAYERS
    );
    let one_more = api.post(&path, json!({"name": "Last Straw"})).await;
    assert_eq!(one_more.status, 422);
    assert!(
        one_more
            .problem_at("name")
            .unwrap()
            .contains("at most 40 players")
    );

    // The API names a refused item at its place.
    let bad = api
        .post(&format!("{path}/list"), json!({"names": ["Zed", ""]}))
        .await;
    assert_eq!(bad.status, 422);
    assert_eq!(bad.problem_at("names[1]").as_deref(), Some("Enter a name."));
    let neither = api.post(&path, json!({})).await;
    assert_eq!(neither.status, 422);
}
store_test!(a_squad_holds_at_most_its_limit);

async fn a_squad_never_passes_its_limit_under_adds_at_once(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let secretary = signed_in(&ctx, &league.secretary.email).await;
    let token = secretary.make_api_token("squads").await;
    let api = ctx.api(Some(&token));
    let path = format!("/api/v1/organisations/{SLUG}/teams/{}/squad", league.home);
    let held = squad_names(&ctx, league.home).await.len();
    let almost: Vec<String> = (0..MAX_SQUAD_PLAYERS - held - 4)
        .map(|n| format!("Reserve {n}"))
        .collect();
    let filled = api
        .post(&format!("{path}/list"), json!({"names": almost}))
        .await;
    assert_eq!(filled.status, 200, "{:?}", filled.json);

    // Sixteen adds at once for the last four places: each request timed, to count how many
    // were under way together.
    let adds = (0..16).map(|n| {
        let (api, path) = (&api, &path);
        async move {
            let started = std::time::Instant::now();
            let reply = api.post(path, json!({"name": format!("Late {n}")})).await;
            (reply.status, started, std::time::Instant::now())
        }
    });
    let replies = futures_util::future::join_all(adds).await;
    let most_at_once = replies
        .iter()
        .map(|(_, start, _)| {
            replies
                .iter()
                .filter(|(_, s, e)| s <= start && start < e)
                .count()
        })
        .max()
        .unwrap();
    assert!(
        most_at_once >= 4,
        "only {most_at_once} adds were under way at once"
    );
    let kept = replies
        .iter()
        .filter(|(status, _, _)| *status == 201 || *status == 200)
        .count();
    let refused = replies
        .iter()
        .filter(|(status, _, _)| *status == 422)
        .count();
    assert_eq!(
        (kept, refused),
        (4, 12),
        "{:?}",
        replies.iter().map(|r| r.0).collect::<Vec<_>>()
    );
    assert_eq!(
        squad_names(&ctx, league.home).await.len(),
        MAX_SQUAD_PLAYERS
    );
    eprintln!("{:?}: {most_at_once} adds under way at once", ctx.backend);
}
store_test!(a_squad_never_passes_its_limit_under_adds_at_once);
