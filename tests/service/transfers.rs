//! Registrations: a player is in one team's squad of an organisation at a time. A captain who
//! adds a player of another team asks for a transfer, which the organisers approve or refuse;
//! both captains are mailed. The organisation's rule says whether captains may ask during a
//! season and until when; an organiser moves a player at once; two teams taking one free
//! player at the same moment cannot both have them.

use chrono::Duration;
use fives::domain::ids::{PlayerId, TeamId};
use serde_json::json;

use crate::mail::{mail_through_smtp, signed_in};
use crate::results_league::{ResultsLeague, SLUG, results_league};
use crate::support::TestContext;

async fn squad_has(ctx: &TestContext, team: TeamId, player: PlayerId) -> bool {
    ctx.store
        .squad_of(team)
        .await
        .unwrap()
        .iter()
        .any(|member| member.id == player)
}

fn player_named(league: &ResultsLeague, name: &str) -> PlayerId {
    league
        .home_squad
        .iter()
        .chain(&league.away_squad)
        .find(|member| member.name == name)
        .unwrap_or_else(|| panic!("{name} in the league"))
        .id
}

async fn a_transfer_is_asked_approved_and_mailed_to_both_captains(ctx: TestContext) {
    let Some((smtp, service)) = mail_through_smtp(&ctx).await else {
        return;
    };
    let league = results_league(&ctx).await;
    let (anchor, bell) = (league.home, league.away);
    let eve = player_named(&league, "Eve");

    // The Anchor's captain sees Eve among another team's players, and asks for her.
    let home = signed_in(service.browser(&ctx), &league.home_captain.email).await;
    let squad = format!("/teams/{anchor}/squad");
    let page = home.get(&squad).await;
    assert!(
        page.body
            .contains(&format!(r#"<option value="{eve}">Eve (Bell)</option>"#)),
        "{}",
        page.body
    );
    home.submit(
        &format!("{squad}/existing"),
        &[("player", &eve.to_string())],
    )
    .await
    .assert_redirect_to(&format!("{squad}?done=asked"));
    let page = home.get(&format!("{squad}?done=asked")).await;
    assert!(page.body.contains("Transfer asked for"), "{}", page.body);
    assert!(
        page.body.contains("Eve: from Bell to Anchor, asked"),
        "{}",
        page.body
    );
    assert!(squad_has(&ctx, bell, eve).await && !squad_has(&ctx, anchor, eve).await);

    // The secretary is asked to decide, with the link; Bell's captain is told.
    for to in [&league.secretary.email, &league.away_captain.email] {
        let mails = smtp.wait_for(to, 1).await;
        assert!(
            mails[0].contains("Subject: Transfer to decide: Eve from Bell to Anchor"),
            "{}",
            mails[0]
        );
        assert!(
            mails[0].contains(&format!("{}/organise/{SLUG}/transfers", service.address)),
            "{}",
            mails[0]
        );
    }

    // Asking again while it waits is refused, in words.
    let again = home
        .submit(
            &format!("{squad}/existing"),
            &[("player", &eve.to_string())],
        )
        .await;
    assert_eq!(again.status, 422, "{}", again.body);
    assert!(
        again.body.contains("has already been asked for"),
        "{}",
        again.body
    );

    // The secretary's dashboard counts it, a tap from the transfers page.
    let secretary = signed_in(service.browser(&ctx), &league.secretary.email).await;
    let dashboard = secretary.get("/dashboard").await;
    assert!(
        dashboard.body.contains(&format!(
            r#"<a href="/organise/{SLUG}/transfers"><strong>1</strong> transfer to approve</a>"#
        )),
        "{}",
        dashboard.body
    );
    let transfers = format!("/organise/{SLUG}/transfers");
    let page = secretary.get(&transfers).await;
    assert!(
        page.body
            .contains("<strong>Eve</strong>: from Bell to Anchor")
    );
    let id = ctx
        .store
        .transfer_requests(league.organisation, 0)
        .await
        .unwrap()[0]
        .id;
    secretary
        .submit(&format!("{transfers}/{id}"), &[("decision", "approve")])
        .await
        .assert_redirect_to(&format!("{transfers}?done=approved"));
    assert!(squad_has(&ctx, anchor, eve).await && !squad_has(&ctx, bell, eve).await);
    let page = secretary.get(&format!("{transfers}?done=approved")).await;
    assert!(page.body.contains("No transfers waiting."), "{}", page.body);
    assert!(page.body.contains("Approved "), "{}", page.body);

    // Both captains are told.
    for to in [&league.home_captain.email, &league.away_captain.email] {
        let mails = smtp
            .wait_for(
                to,
                if to == &league.away_captain.email {
                    2
                } else {
                    1
                },
            )
            .await;
        assert!(
            mails
                .iter()
                .any(|mail| mail.contains("Subject: Transfer approved: Eve joins Anchor")),
            "{mails:?}"
        );
    }

    // Deciding it again (a second tab) is refused: decided already.
    let twice = secretary
        .submit(&format!("{transfers}/{id}"), &[("decision", "refuse")])
        .await;
    assert_eq!(twice.status, 409, "{}", twice.body);
    assert!(
        twice
            .body
            .contains("That transfer has already been approved."),
        "{}",
        twice.body
    );
    assert!(squad_has(&ctx, anchor, eve).await);
    service.stop().await;
}
store_test!(a_transfer_is_asked_approved_and_mailed_to_both_captains);

async fn the_organisations_rule_says_when_captains_may_ask(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (anchor, bell) = (league.home, league.away);
    let eve = player_named(&league, "Eve");
    let secretary = ctx.browser();
    secretary.login_ok(&league.secretary.email).await;
    let home = ctx.browser();
    home.login_ok(&league.home_captain.email).await;
    let transfers = format!("/organise/{SLUG}/transfers");
    let ask = || async {
        home.submit(
            &format!("/teams/{anchor}/squad/existing"),
            &[("player", &eve.to_string())],
        )
        .await
    };

    // "Until" without a day is refused at the rule's form, and nothing is saved.
    let page = secretary
        .submit(
            &format!("{transfers}/rule"),
            &[("mid_season", "until"), ("last_day", "")],
        )
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(page.body.contains("Until which day? A date is needed"));

    // Closed during a season: the league's season has begun and has fixtures to play.
    secretary
        .submit(&format!("{transfers}/rule"), &[("mid_season", "closed")])
        .await
        .assert_redirect_to(&format!("{transfers}?done=rule"));
    let refused = ask().await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains(
            "Eve plays for Bell, so adding them is a transfer. The league takes no transfers while a season is being played"
        ),
        "{}",
        refused.body
    );

    // Until a last day: the day after is refused, the day itself is open.
    let today = fives::domain::league_time::today();
    let yesterday = today - Duration::days(1);
    secretary
        .submit(
            &format!("{transfers}/rule"),
            &[
                ("mid_season", "until"),
                ("last_day", &yesterday.to_string()),
            ],
        )
        .await
        .assert_redirect_to(&format!("{transfers}?done=rule"));
    let refused = ask().await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("The last day for transfers this season was"),
        "{}",
        refused.body
    );
    assert!(
        ctx.store
            .transfer_requests(league.organisation, 5)
            .await
            .unwrap()
            .is_empty()
    );
    let api_token = secretary.make_api_token("rule").await;
    let api = ctx.api(Some(&api_token));
    let set = api
        .put(
            &format!("/api/v1/organisations/{SLUG}/transfers/rule"),
            json!({"mid_season": "until", "last_day": today.to_string()}),
        )
        .await;
    assert_eq!(set.status, 200, "{:?}", set.json);
    assert_eq!(set.json["last_day"], today.to_string());
    ask()
        .await
        .assert_redirect_to(&format!("/teams/{anchor}/squad?done=asked"));

    // An organiser moves a player at once, whatever the rule says to captains.
    let ann = player_named(&league, "Ann");
    secretary
        .submit(&format!("{transfers}/rule"), &[("mid_season", "closed")])
        .await
        .assert_redirect_to(&format!("{transfers}?done=rule"));
    let bell_squad = format!("/organise/{SLUG}/teams/{bell}/squad");
    secretary
        .submit(
            &format!("{bell_squad}/existing"),
            &[("player", &ann.to_string())],
        )
        .await
        .assert_redirect_to(&format!("{bell_squad}?done=moved"));
    assert!(squad_has(&ctx, bell, ann).await && !squad_has(&ctx, anchor, ann).await);

    // Between seasons (every fixture played) a captain may always ask.
    for fixture in &league.fixtures {
        ctx.set_fixture_status(fixture.id, "confirmed").await;
    }
    let away = ctx.browser();
    away.login_ok(&league.away_captain.email).await;
    let ivy = league.home_squad[1].id;
    away.submit(
        &format!("/teams/{bell}/squad/existing"),
        &[("player", &ivy.to_string())],
    )
    .await
    .assert_redirect_to(&format!("/teams/{bell}/squad?done=asked"));

    // The API lists what waits and refuses what is not a decision.
    let listed = api
        .get(&format!("/api/v1/organisations/{SLUG}/transfers"))
        .await;
    assert_eq!(listed.status, 200, "{:?}", listed.json);
    assert_eq!(listed.json["rule"]["mid_season"], "closed");
    let waiting = listed.json["waiting"].as_array().unwrap();
    assert_eq!(waiting.len(), 2, "{waiting:?}");
    let id = waiting[0]["id"].as_i64().unwrap();
    let bad = api
        .post(
            &format!("/api/v1/organisations/{SLUG}/transfers/{id}"),
            json!({"decision": "maybe"}),
        )
        .await;
    assert_eq!(bad.status, 422);
    assert_eq!(
        bad.problem_at("decision").as_deref(),
        Some("Give `approve` or `refuse`.")
    );
    let refused = api
        .post(
            &format!("/api/v1/organisations/{SLUG}/transfers/{id}"),
            json!({"decision": "refuse"}),
        )
        .await;
    assert_eq!(refused.status, 200, "{:?}", refused.json);
    assert_eq!(refused.json["status"], "refused");
    assert!(
        squad_has(&ctx, bell, eve).await,
        "a refused transfer moves nobody"
    );
}
store_test!(the_organisations_rule_says_when_captains_may_ask);

async fn two_teams_taking_one_free_player_at_once_cannot_both_have_them(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let (anchor, bell) = (league.home, league.away);
    let home = ctx.browser();
    home.login_ok(&league.home_captain.email).await;
    let away = ctx.browser();
    away.login_ok(&league.away_captain.email).await;
    let (home_api, away_api) = (
        ctx.api(Some(&home.make_api_token("race").await)),
        ctx.api(Some(&away.make_api_token("race").await)),
    );
    let base = format!("/api/v1/organisations/{SLUG}");
    for round in 0..8 {
        let player = ctx
            .store
            .create_player(
                league.organisation,
                &fives::domain::organisation::DisplayName::try_from(
                    format!("Free {round}").as_str(),
                )
                .unwrap(),
                chrono::Utc::now(),
            )
            .await
            .unwrap()
            .id;
        let body = json!({"player_id": player.0});
        let (anchor_squad, bell_squad) = (
            format!("{base}/teams/{anchor}/squad"),
            format!("{base}/teams/{bell}/squad"),
        );
        let (to_anchor, to_bell) = tokio::join!(
            home_api.post(&anchor_squad, body.clone()),
            away_api.post(&bell_squad, body.clone()),
        );
        let mut statuses = [to_anchor.status, to_bell.status];
        statuses.sort_unstable();
        // One joins; the other finds them taken and asks for a transfer.
        assert_eq!(
            statuses,
            [200, 202],
            "{:?} {:?}",
            to_anchor.json,
            to_bell.json
        );
        let (in_anchor, in_bell) = (
            squad_has(&ctx, anchor, player).await,
            squad_has(&ctx, bell, player).await,
        );
        assert!(
            in_anchor != in_bell,
            "in one squad, not {in_anchor} {in_bell}"
        );
    }
}
store_test!(two_teams_taking_one_free_player_at_once_cannot_both_have_them);
