//! An organiser runs a season through the organiser pages: re-dates, postpones and swaps
//! fixtures (and the public pages and calendar feeds follow, at the right time in winter and
//! in summer time), orders a division's table, sets a team's pub and deletes a season. Only
//! the organisation's organisers may, and another organisation's ids are not found.

use fives::domain::ids::{DivisionId, FixtureId, SeasonId};
use fives::domain::standings::{Tiebreak, TiebreakOrder};
use fives::store::Fixture;

use crate::organiser_league::{as_pairs, two_organisations, two_per_match_plus_one_per_game};
use crate::support::{Browser, TestContext};

/// The event of a fixture in an iCalendar feed, unfolded.
fn event_of(feed: &str, fixture: FixtureId) -> String {
    let unfolded = feed.replace("\r\n ", "");
    unfolded
        .split("BEGIN:VEVENT")
        .find(|event| event.contains(&format!("UID:fixture-{fixture}@")))
        .unwrap_or_else(|| panic!("fixture {fixture} is in the feed: {feed}"))
        .to_string()
}

/// North's Winter League 2026-27 on Tuesdays from 1 September 2026 at 19:45, with The Anchor,
/// The Bell and The Crown in its Premier division and the fixtures made, all through the
/// organiser's pages; the organiser's browser and the division.
async fn north_season(ctx: &TestContext) -> (Browser, SeasonId, DivisionId) {
    two_organisations(ctx).await;
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    for team in ["The Anchor", "The Bell"] {
        organiser
            .submit("/organise/north/teams", &[("name", team)])
            .await
            .assert_redirect_to("/organise/north");
    }
    let fields = two_per_match_plus_one_per_game("Winter League");
    organiser
        .submit("/organise/north/competitions", &as_pairs(&fields))
        .await
        .assert_redirect_to("/organise/north/competitions");
    let competition = ctx.store.competitions_of(north.id).await.unwrap().remove(0);
    let seasons = format!("/organise/north/competitions/{}/seasons", competition.id);

    // A start time that is not one is refused at its field, as typed.
    let page = organiser
        .submit(
            &seasons,
            &[
                ("name", "2026-27"),
                ("start", "2026-09-01"),
                ("league_night", "Tuesday"),
                ("start_time", "7.45pm"),
            ],
        )
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(page.body.contains(
        r#"<p class="field-error" id="start_time-error">&#34;7.45pm&#34; is not a time; write it as hours and minutes, such as 20:30.</p>"#
    ), "{}", page.body);
    assert!(page.body.contains(r#"value="7.45pm""#));

    organiser
        .submit(
            &seasons,
            &[
                ("name", "2026-27"),
                ("start", "2026-09-01"),
                ("league_night", "Tuesday"),
                ("start_time", "19:45"),
            ],
        )
        .await
        .assert_redirect_to(&seasons);
    assert!(
        organiser
            .get(&seasons)
            .await
            .body
            .contains("on Tuesdays at 19:45")
    );
    let season = ctx
        .store
        .seasons_of(competition.id)
        .await
        .unwrap()
        .remove(0);
    assert_eq!(
        season.start_time,
        chrono::NaiveTime::from_hms_opt(19, 45, 0)
    );
    let season_page = format!("/organise/north/seasons/{}", season.id);
    organiser
        .submit(&format!("{season_page}/divisions"), &[("name", "Premier")])
        .await
        .assert_redirect_to(&season_page);
    let premier = ctx.store.divisions_of(season.id).await.unwrap().remove(0);
    for team in ctx.store.teams_in(north.id).await.unwrap() {
        organiser
            .submit(
                &format!("/organise/north/divisions/{}/teams", premier.id),
                &[("team", &team.id.to_string())],
            )
            .await
            .assert_redirect_to(&season_page);
    }
    let fixtures = format!("/organise/north/divisions/{}/fixtures", premier.id);
    organiser
        .submit(&fixtures, &[("legs", "double")])
        .await
        .assert_redirect_to(&fixtures);
    assert!(
        organiser
            .get(&season_page)
            .await
            .body
            .contains(&format!(r#"href="{fixtures}""#))
    );
    (organiser, season.id, premier.id)
}

async fn an_organiser_redates_postpones_and_swaps_fixtures_and_the_feeds_follow(ctx: TestContext) {
    let (organiser, _, premier) = north_season(&ctx).await;
    let fixtures_page = format!("/organise/north/divisions/{premier}/fixtures");
    let public_page = format!("/leagues/north/divisions/{premier}");
    let feed = format!("/leagues/north/divisions/{premier}/fixtures.ics");
    let before = ctx.store.fixtures_of_division(premier).await.unwrap();
    assert_eq!(before.len(), 6);

    let page = organiser.get(&fixtures_page).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Tue 1 Sep 2026, 19:45"), "{}", page.body);
    assert!(page.body.contains("sits out round 1"));
    // 19:45 on 1 September is British Summer Time, an hour ahead of UTC.
    let first = &before[0];
    let event = event_of(&ctx.browser().get(&feed).await.body, first.id);
    assert!(event.contains("DTSTART:20260901T184500Z"), "{event}");
    assert!(event.contains("DTEND:20260901T214500Z"), "{event}");

    // Re-dated into the winter at a time of its own: 20:30 GMT is 20:30 UTC.
    let redate = |fixture: &Fixture| format!("/organise/north/fixtures/{}/date", fixture.id);
    organiser
        .submit(
            &redate(first),
            &[("date", "8/12/2026"), ("start_time", "20:30")],
        )
        .await
        .assert_redirect_to(&format!(
            "{fixtures_page}?done=moved&fixture={0}#fixture-{0}",
            first.id
        ));
    let public = ctx.browser().get(&public_page).await;
    assert!(
        public.body.contains("<td>Tue 8 Dec 2026, 20:30</td>"),
        "{}",
        public.body
    );
    // Its time is its own now; the others' is the season's, offered as empty.
    let page = organiser.get(&fixtures_page).await;
    let time_field = |fixture: &Fixture, value: &str| {
        format!(
            r#"id="fixture-{}-time" name="start_time" type="time" value="{value}""#,
            fixture.id
        )
    };
    assert!(
        page.body.contains(&time_field(first, "20:30")),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(&time_field(&before[1], "")),
        "{}",
        page.body
    );
    // Dates as the league writes them, day first, and no ISO date anywhere on the page.
    assert!(page.body.contains(&format!(r#"id="fixture-{}-date" name="date" type="text" required autocomplete="off" placeholder="dd/mm/yyyy" maxlength="40" value="08/12/2026""#, first.id)), "{}", page.body);
    assert_eq!(
        crate::support::iso_dates_in(&page.body),
        Vec::<String>::new()
    );
    let event = event_of(&ctx.browser().get(&feed).await.body, first.id);
    assert!(event.contains("DTSTART:20261208T203000Z"), "{event}");
    let home_page = ctx
        .browser()
        .get(&format!("/leagues/north/teams/{}", first.home_team_id))
        .await;
    assert!(
        home_page.body.contains("<td>Tue 8 Dec 2026, 20:30</td>"),
        "{}",
        home_page.body
    );
    let home_feed = ctx
        .browser()
        .get(&format!(
            "/leagues/north/teams/{}/fixtures.ics",
            first.home_team_id
        ))
        .await
        .body;
    assert!(event_of(&home_feed, first.id).contains("DTSTART:20261208T203000Z"));

    // Re-dated into next summer without a time: the season's 19:45, in summer time again.
    let second = &before[1];
    organiser
        .submit(
            &redate(second),
            &[("date", "2027-06-01"), ("start_time", "")],
        )
        .await
        .assert_redirect_to(&format!(
            "{fixtures_page}?done=moved&fixture={0}#fixture-{0}",
            second.id
        ));
    let event = event_of(&ctx.browser().get(&feed).await.body, second.id);
    assert!(event.contains("DTSTART:20270601T184500Z"), "{event}");

    // Postponed: still on its date, marked so on the page and cancelled in calendars.
    let third = &before[2];
    organiser
        .submit(
            &format!("/organise/north/fixtures/{}/postpone", third.id),
            &[],
        )
        .await
        .assert_redirect_to(&format!(
            "{fixtures_page}?done=postponed&fixture={0}#fixture-{0}",
            third.id
        ));
    let event = event_of(&ctx.browser().get(&feed).await.body, third.id);
    assert!(
        event.contains("STATUS:CANCELLED") && event.contains("SUMMARY:POSTPONED: "),
        "{event}"
    );
    let public = ctx.browser().get(&public_page).await;
    assert!(
        public.body.contains("<td>Postponed</td>"),
        "{}",
        public.body
    );

    // Swapped: the other team at home, at its pub.
    let fourth = &before[3];
    organiser
        .submit(
            &format!("/organise/north/fixtures/{}/reverse", fourth.id),
            &[],
        )
        .await
        .assert_redirect_to(&format!(
            "{fixtures_page}?done=swapped&fixture={0}#fixture-{0}",
            fourth.id
        ));
    let swapped = ctx.store.fixture(fourth.id).await.unwrap().unwrap();
    assert_eq!(
        (swapped.home_team_id, swapped.away_team_id),
        (fourth.away_team_id, fourth.home_team_id)
    );
    let event = event_of(&ctx.browser().get(&feed).await.body, fourth.id);
    assert!(
        event.contains(&format!(
            "SUMMARY:{} v {}",
            fourth.away_team, fourth.home_team
        )),
        "{event}"
    );

    // Nothing else changed.
    let after = ctx.store.fixtures_of_division(premier).await.unwrap();
    for fixture in &before[4..] {
        assert!(after.contains(fixture));
    }
}
store_test!(an_organiser_redates_postpones_and_swaps_fixtures_and_the_feeds_follow);

async fn a_refused_change_is_shown_at_its_fixture_as_typed(ctx: TestContext) {
    let (organiser, _, premier) = north_season(&ctx).await;
    let before = ctx.store.fixtures_of_division(premier).await.unwrap();
    let fixture = &before[0];
    let redate = format!("/organise/north/fixtures/{}/date", fixture.id);
    let error = format!(
        r#"<p class="field-error" id="fixture-{}-error">"#,
        fixture.id
    );

    let page = organiser
        .submit(&redate, &[("date", "next week"), ("start_time", "20:00")])
        .await;
    assert_eq!(page.status, 422);
    assert!(page.body.contains(&format!("{error}“next week” is not a date: write it as day/month/year, for example 16/03/2027.</p>")), "{}", page.body);
    assert!(page.body.contains(&format!(r#"id="fixture-{}-date" name="date" type="text" required autocomplete="off" placeholder="dd/mm/yyyy" maxlength="40" value="next week" aria-invalid="true""#, fixture.id)), "{}", page.body);
    assert!(page.body.contains(r#"value="20:00""#));

    let page = organiser
        .submit(&redate, &[("date", "2026-12-08"), ("start_time", "25:61")])
        .await;
    assert_eq!(page.status, 422);
    assert!(page.body.contains(&format!("{error}&#34;25:61&#34; is not a time; write it as hours and minutes, such as 20:30.</p>")), "{}", page.body);

    let page = organiser
        .submit(&redate, &[("date", "2026-08-25"), ("start_time", "")])
        .await;
    assert_eq!(page.status, 422);
    assert!(page.body.contains(&format!("{error}Tue 25 Aug 2026 is before the season starts on Tue 1 Sep 2026; choose a later date.</p>")), "{}", page.body);

    // A fixture with a result (set straight in the database: results cannot be entered yet).
    ctx.set_fixture_status(fixture.id, "confirmed").await;
    let refusal = format!(
        "{error}This fixture has a result, so it can no longer be re-dated, postponed or swapped.</p>"
    );
    let page = organiser
        .submit(&redate, &[("date", "2026-12-08"), ("start_time", "20:30")])
        .await;
    assert_eq!(page.status, 422);
    assert!(page.body.contains(&refusal), "{}", page.body);
    // Its forms are gone: there is nothing left to change.
    assert!(!page.body.contains(&redate));
    for action in ["postpone", "reverse"] {
        let page = organiser
            .submit(
                &format!("/organise/north/fixtures/{}/{action}", fixture.id),
                &[],
            )
            .await;
        assert_eq!(page.status, 422, "{action}");
        assert!(page.body.contains(&refusal), "{action}: {}", page.body);
    }
    assert_eq!(ctx.store.fixtures_of_division(premier).await.unwrap(), {
        let mut expected = before.clone();
        expected[0].status = fives::domain::season_fixtures::FixtureStatus::Confirmed;
        expected
    });
    // Once the page is read again, the fixture offers no changes.
    let page = organiser
        .get(&format!("/organise/north/divisions/{premier}/fixtures"))
        .await;
    assert!(!page.body.contains(&redate));
    assert!(
        page.body
            .contains("It has a result, so it can no longer be changed here.")
    );
}
store_test!(a_refused_change_is_shown_at_its_fixture_as_typed);

async fn only_the_organisations_organisers_may_change_its_fixtures(ctx: TestContext) {
    let (organiser, _, premier) = north_season(&ctx).await;
    let fixture = ctx
        .store
        .fixtures_of_division(premier)
        .await
        .unwrap()
        .remove(0);
    let fixtures_page = format!("/organise/north/divisions/{premier}/fixtures");
    let postpone = format!("/organise/north/fixtures/{}/postpone", fixture.id);
    let redate = format!("/organise/north/fixtures/{}/date", fixture.id);

    for email in ["south@example.org", "crown@example.org"] {
        let browser = ctx.browser();
        browser.login_ok(email).await;
        assert_eq!(browser.get(&fixtures_page).await.status, 403, "{email}");
        assert_eq!(browser.submit(&postpone, &[]).await.status, 403, "{email}");
        assert_eq!(
            browser
                .submit(&redate, &[("date", "2026-12-08")])
                .await
                .status,
            403,
            "{email}"
        );
    }
    ctx.browser()
        .get(&fixtures_page)
        .await
        .assert_redirect_to(&format!(
            "/login?next=%2Forganise%2Fnorth%2Fdivisions%2F{premier}%2Ffixtures"
        ));
    assert_eq!(
        organiser.post_raw(&postpone, &[]).await.status,
        403,
        "no CSRF token"
    );

    // South's organiser, under south's address, does not find north's division or fixture.
    let south = ctx.browser();
    south.login_ok("south@example.org").await;
    assert_eq!(
        south
            .get(&format!("/organise/south/divisions/{premier}/fixtures"))
            .await
            .status,
        404
    );
    assert_eq!(
        south
            .submit(
                &format!("/organise/south/fixtures/{}/postpone", fixture.id),
                &[]
            )
            .await
            .status,
        404
    );
    assert_eq!(
        south
            .submit(
                &format!("/organise/south/fixtures/{}/reverse", fixture.id),
                &[]
            )
            .await
            .status,
        404
    );
    assert_eq!(
        south
            .submit(
                &format!("/organise/south/fixtures/{}/date", fixture.id),
                &[("date", "2026-12-08")]
            )
            .await
            .status,
        404
    );
    assert_eq!(
        organiser
            .get("/organise/north/divisions/9999/fixtures")
            .await
            .status,
        404
    );
    assert_eq!(ctx.store.fixture(fixture.id).await.unwrap(), Some(fixture));
}
store_test!(only_the_organisations_organisers_may_change_its_fixtures);

async fn an_organiser_chooses_the_order_of_a_divisions_table(ctx: TestContext) {
    let (organiser, season, premier) = north_season(&ctx).await;
    let season_page = format!("/organise/north/seasons/{season}");
    let tiebreaks = format!("/organise/north/divisions/{premier}/tiebreaks");
    let field = format!("division-{premier}-tiebreaks");

    let page = organiser.get(&season_page).await;
    assert!(
        page.body
            .contains(&format!(r#"<label for="{field}-1">1st</label>"#)),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains(r#"<option value="points" selected>Points</option>"#)
    );

    organiser
        .submit(
            &tiebreaks,
            &[
                ("tiebreak_1", "points"),
                ("tiebreak_2", "head_to_head"),
                ("tiebreak_3", ""),
                ("tiebreak_4", "games_won"),
            ],
        )
        .await
        .assert_redirect_to(&format!("{season_page}#division-{premier}-heading"));
    let expected = TiebreakOrder::try_from(vec![
        Tiebreak::Points,
        Tiebreak::HeadToHead,
        Tiebreak::GamesWon,
    ])
    .unwrap();
    let season_divisions = ctx.store.divisions_of(season).await.unwrap();
    assert_eq!(season_divisions[0].tiebreaks, expected);
    let page = organiser.get(&season_page).await;
    assert!(
        page.body
            .contains(r#"<option value="head_to_head" selected>"#),
        "{}",
        page.body
    );

    // Nothing chosen, or one chosen twice: refused at the form, as chosen.
    let page = organiser
        .submit(
            &tiebreaks,
            &[
                ("tiebreak_1", ""),
                ("tiebreak_2", ""),
                ("tiebreak_3", ""),
                ("tiebreak_4", ""),
            ],
        )
        .await;
    assert_eq!(page.status, 422);
    assert!(page.body.contains(&format!(r#"<p class="field-error" id="{field}-error">Choose at least one way of ordering the table, such as points.</p>"#)), "{}", page.body);
    let page = organiser
        .submit(
            &tiebreaks,
            &[
                ("tiebreak_1", "games_won"),
                ("tiebreak_2", "points"),
                ("tiebreak_3", "games_won"),
                ("tiebreak_4", ""),
            ],
        )
        .await;
    assert_eq!(page.status, 422);
    assert!(page.body.contains(&format!(r#"<p class="field-error" id="{field}-error">Games won is chosen more than once; choose each tiebreak at most once.</p>"#)), "{}", page.body);
    assert!(page.body.contains(r#"<option value="games_won" selected>"#));
    assert!(
        !page
            .body
            .contains(r#"<option value="head_to_head" selected>"#),
        "the typed choice, not the stored one"
    );
    let page = organiser
        .submit(&tiebreaks, &[("tiebreak_1", "coin_toss")])
        .await;
    assert_eq!(page.status, 422);
    assert!(page.body.contains("Choose each place from the list."));
    assert_eq!(
        ctx.store.divisions_of(season).await.unwrap()[0].tiebreaks,
        expected
    );

    // The public table is sorted by the division's stored order: with no results kept yet
    // every team is level, so here it lists every team, each at position 1.
    let public = ctx
        .browser()
        .get(&format!("/leagues/north/divisions/{premier}"))
        .await;
    assert_eq!(public.status, 200);
    assert_eq!(
        public.body.matches("<tr>\n          <td>1</td>").count(),
        3,
        "{}",
        public.body
    );

    let south = ctx.browser();
    south.login_ok("south@example.org").await;
    assert_eq!(
        south
            .submit(&tiebreaks, &[("tiebreak_1", "games_won")])
            .await
            .status,
        403
    );
    assert_eq!(
        south
            .submit(
                &format!("/organise/south/divisions/{premier}/tiebreaks"),
                &[("tiebreak_1", "games_won")]
            )
            .await
            .status,
        404
    );
    assert_eq!(
        ctx.store.divisions_of(season).await.unwrap()[0].tiebreaks,
        expected
    );
}
store_test!(an_organiser_chooses_the_order_of_a_divisions_table);

async fn an_organiser_sets_a_teams_pub(ctx: TestContext) {
    two_organisations(&ctx).await;
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    let south = ctx
        .store
        .organisation_by_slug("south")
        .await
        .unwrap()
        .unwrap();
    let crown = ctx.store.teams_in(north.id).await.unwrap().remove(0);
    let bell = ctx.team(south.id, "The Bell").await;
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let team_page = format!("/organise/north/teams/{}", crown.id);
    assert!(
        organiser
            .get("/organise/north")
            .await
            .body
            .contains(&format!(r#"href="{team_page}""#))
    );
    let page = organiser.get(&team_page).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("<span>crown@example.org</span>"),
        "the captain is shown: {}",
        page.body
    );

    let set_pub = format!("{team_page}/pub");
    let page = organiser
        .submit(
            &set_pub,
            &[("name", "The Crown Inn"), ("address", "  "), ("night", "")],
        )
        .await;
    assert_eq!(page.status, 422);
    assert!(
        page.body.contains(
            r#"<p class="field-error" id="address-error">Enter the pub&#39;s address.</p>"#
        ),
        "{}",
        page.body
    );
    assert!(page.body.contains(r#"value="The Crown Inn""#));
    assert_eq!(ctx.store.team_venue(crown.id).await.unwrap(), None);

    organiser
        .submit(
            &set_pub,
            &[
                ("name", "The Crown Inn"),
                ("address", "1 High Street\nBideford"),
                ("night", "Thursday"),
            ],
        )
        .await
        .assert_redirect_to(&team_page);
    let venue = ctx.store.team_venue(crown.id).await.unwrap().unwrap();
    assert_eq!(venue.name.as_str(), "The Crown Inn");
    assert_eq!(venue.address.as_str(), "1 High Street\nBideford");
    assert_eq!(venue.night, Some(chrono::Weekday::Thu));
    let page = organiser.get(&team_page).await;
    assert!(page.body.contains(r#"<option value="Thursday" selected>"#));
    assert!(
        ctx.browser()
            .get(&format!("/leagues/north/teams/{}", crown.id))
            .await
            .body
            .contains("The Crown Inn")
    );

    // Both left empty: the team has no pub.
    organiser
        .submit(&set_pub, &[("name", ""), ("address", ""), ("night", "")])
        .await
        .assert_redirect_to(&team_page);
    assert_eq!(ctx.store.team_venue(crown.id).await.unwrap(), None);

    assert_eq!(
        organiser
            .get(&format!("/organise/north/teams/{}", bell.id))
            .await
            .status,
        404
    );
    assert_eq!(
        organiser
            .submit(
                &format!("/organise/north/teams/{}/pub", bell.id),
                &[("name", "Mine"), ("address", "Here")]
            )
            .await
            .status,
        404
    );
    for email in ["south@example.org", "crown@example.org"] {
        let browser = ctx.browser();
        browser.login_ok(email).await;
        assert_eq!(browser.get(&team_page).await.status, 403, "{email}");
        assert_eq!(
            browser
                .submit(&set_pub, &[("name", "Hijacked"), ("address", "Elsewhere")])
                .await
                .status,
            403,
            "{email}"
        );
    }
    assert_eq!(ctx.store.team_venue(crown.id).await.unwrap(), None);
}
store_test!(an_organiser_sets_a_teams_pub);

async fn an_organiser_deletes_a_season_only_while_it_has_no_results(ctx: TestContext) {
    let (organiser, season, premier) = north_season(&ctx).await;
    let delete = format!("/organise/north/seasons/{season}/delete");
    assert!(
        organiser
            .get(&format!("/organise/north/seasons/{season}"))
            .await
            .body
            .contains(&format!(r#"href="{delete}""#))
    );
    let page = organiser.get(&delete).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("also deletes its 1 divisions and 6 fixtures"),
        "{}",
        page.body
    );

    for email in ["south@example.org", "crown@example.org"] {
        let browser = ctx.browser();
        browser.login_ok(email).await;
        assert_eq!(browser.get(&delete).await.status, 403, "{email}");
        assert_eq!(browser.submit(&delete, &[]).await.status, 403, "{email}");
    }
    let south = ctx.browser();
    south.login_ok("south@example.org").await;
    assert_eq!(
        south
            .submit(&format!("/organise/south/seasons/{season}/delete"), &[])
            .await
            .status,
        404
    );
    assert_eq!(
        organiser.post_raw(&delete, &[]).await.status,
        403,
        "no CSRF token"
    );

    let fixture = ctx
        .store
        .fixtures_of_division(premier)
        .await
        .unwrap()
        .remove(0);
    ctx.set_fixture_status(fixture.id, "awaiting_confirmation")
        .await;
    let page = organiser.submit(&delete, &[]).await;
    assert_eq!(page.status, 422);
    assert_eq!(
        page.error_message().as_deref(),
        Some(
            "Winter League 2026-27 cannot be deleted: some of its fixtures have results, which are kept."
        )
    );
    assert_eq!(
        ctx.store.fixtures_of_division(premier).await.unwrap().len(),
        6
    );

    ctx.set_fixture_status(fixture.id, "scheduled").await;
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    let competition = ctx.store.competitions_of(north.id).await.unwrap().remove(0);
    organiser
        .submit(&delete, &[])
        .await
        .assert_redirect_to(&format!(
            "/organise/north/competitions/{}/seasons",
            competition.id
        ));
    assert!(
        ctx.store
            .seasons_of(competition.id)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(organiser.get(&delete).await.status, 404);
}
store_test!(an_organiser_deletes_a_season_only_while_it_has_no_results);
