//! An organiser sets up a league through the organiser pages: competitions with their ruleset
//! and match format filled in as a form. Only the organisation's organisers may, every POST
//! with its CSRF token, and a form with problems is shown again with them and stores nothing.

use fives::domain::match_format::{BonusCondition, LegKind, LosingBonus};
use fives_rules::Preset;

use crate::support::TestContext;

/// The "2 per match won + 1 per game" scheme: 6 singles and 3 pairs games to 61.
pub(crate) fn two_per_match_plus_one_per_game(name: &str) -> Vec<(&'static str, String)> {
    vec![
        ("name", name.to_string()),
        ("preset", "fives-and-threes".into()),
        ("ruleset_target", "".into()),
        ("singles_games", "6".into()),
        ("pairs_games", "3".into()),
        ("game_target", "61".into()),
        ("per_game_won", "1".into()),
        ("per_match_won", "2".into()),
        ("per_match_drawn", "1".into()),
        ("bonus_points", "".into()),
        ("bonus_lost_by", "".into()),
        ("walkover_for", "5".into()),
        ("walkover_against", "0".into()),
    ]
}

fn set(fields: &mut [(&'static str, String)], name: &str, value: &str) {
    let field = fields.iter_mut().find(|(n, _)| *n == name).unwrap();
    field.1 = value.to_string();
}

pub(crate) fn as_pairs<'a>(fields: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    fields.iter().map(|(n, v)| (*n, v.as_str())).collect()
}

pub(crate) async fn two_organisations(ctx: &TestContext) {
    let north_organiser = ctx.user("north@example.org").await;
    let south_organiser = ctx.user("south@example.org").await;
    let captain = ctx.user("crown@example.org").await;
    let north = ctx.organisation("north", &north_organiser).await;
    ctx.organisation("south", &south_organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    ctx.make_captain(crown.id, &captain, &north_organiser).await;
}

async fn an_organiser_fills_in_both_schemes_of_the_issue(ctx: TestContext) {
    two_organisations(&ctx).await;
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let page = organiser.get("/organise/north/competitions").await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains(r#"<label for="bonus_lost_by">"#));

    let fields = two_per_match_plus_one_per_game("Winter League");
    organiser
        .submit("/organise/north/competitions", &as_pairs(&fields))
        .await
        .assert_redirect_to("/organise/north/competitions");

    // 3 for a win and 1 to a side that loses 5-4, to 121, on the five-up rules to 121.
    let mut fields = two_per_match_plus_one_per_game("Summer Cup");
    set(&mut fields, "preset", "five-up");
    set(&mut fields, "ruleset_target", "121");
    set(&mut fields, "game_target", "121");
    set(&mut fields, "per_game_won", "0");
    set(&mut fields, "per_match_won", "3");
    set(&mut fields, "per_match_drawn", "1");
    set(&mut fields, "bonus_points", "1");
    set(&mut fields, "bonus_lost_by", "1");
    organiser
        .submit("/organise/north/competitions", &as_pairs(&fields))
        .await
        .assert_redirect_to("/organise/north/competitions");

    let competitions = ctx.store.competitions_of(north.id).await.unwrap();
    let names: Vec<&str> = competitions.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Summer Cup", "Winter League"]);

    let winter = &competitions[1];
    assert_eq!(winter.ruleset.preset, Preset::FivesAndThrees);
    assert_eq!(winter.ruleset.overrides.target, None);
    let legs: Vec<(LegKind, u32, u32)> = winter
        .match_format
        .legs
        .iter()
        .map(|l| (l.kind, l.games, l.target))
        .collect();
    assert_eq!(legs, [(LegKind::Singles, 6, 61), (LegKind::Pairs, 3, 61)]);
    // A 6-3 win is worth 8, the loser's 3 games worth 3.
    assert_eq!(winter.match_format.points.points(6, 3), (8, 3));

    let summer = &competitions[0];
    assert_eq!(summer.ruleset.preset, Preset::FiveUp);
    assert_eq!(
        summer.ruleset.overrides.target.map(|t| t.partners),
        Some(121)
    );
    assert_eq!(
        summer.match_format.points.losing_bonus,
        Some(LosingBonus {
            points: 1,
            condition: BonusCondition::LostByAtMost(1)
        })
    );
    assert_eq!(summer.match_format.points.points(5, 4), (3, 1));
    assert_eq!(summer.match_format.points.points(3, 6), (0, 3));

    let page = organiser.get("/organise/north/competitions").await;
    assert!(page.body.contains("Winter League") && page.body.contains("Summer Cup"));
}
store_test!(an_organiser_fills_in_both_schemes_of_the_issue);

async fn a_competition_with_problems_is_shown_again_as_typed_and_not_saved(ctx: TestContext) {
    two_organisations(&ctx).await;
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;

    let mut fields = two_per_match_plus_one_per_game("Winter League");
    set(&mut fields, "per_match_won", "3");
    set(&mut fields, "bonus_points", "5");
    set(&mut fields, "bonus_lost_by", "1");
    set(&mut fields, "walkover_for", "4");
    set(&mut fields, "walkover_against", "4");
    let page = organiser
        .submit("/organise/north/competitions", &as_pairs(&fields))
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    // Every problem, each next to its field.
    assert!(page.body.contains(
            r#"<p class="field-error" id="bonus_points-error">A losing bonus (5 points) cannot be worth more than a win (3 points).</p>"#
        ), "{}", page.body);
    assert!(
        page.body
            .contains(r#"aria-describedby="bonus_points-error""#)
    );
    assert!(page.body.contains(
            r#"<p class="field-error" id="walkover_for-error">A walkover must be a win for the side that turns up, not 4-4.</p>"#
        ), "{}", page.body);
    // What was typed is still there.
    assert!(
        page.body
            .contains(r#"id="name" name="name" required value="Winter League""#)
    );
    assert!(
        page.body
            .contains(r#"id="bonus_points" name="bonus_points" inputmode="numeric" value="5""#)
    );
    assert!(
        page.body
            .contains(r#"id="per_match_won" name="per_match_won" inputmode="numeric" value="3""#)
    );

    // Something that is not a number at all.
    set(&mut fields, "bonus_points", "1");
    set(&mut fields, "walkover_for", "seven");
    let page = organiser
        .submit("/organise/north/competitions", &as_pairs(&fields))
        .await;
    assert_eq!(page.status, 422);
    assert!(page.body.contains(
            r#"id="walkover_for-error">The walkover games for must be a whole number, not &#34;seven&#34;.</p>"#
        ), "{}", page.body);
    assert!(page.body.contains(r#"value="seven""#));
    assert!(
        ctx.store
            .competitions_of(north.id)
            .await
            .unwrap()
            .is_empty()
    );
}
store_test!(a_competition_with_problems_is_shown_again_as_typed_and_not_saved);

async fn only_the_organisations_organisers_may_add_a_competition(ctx: TestContext) {
    two_organisations(&ctx).await;
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    let fields = two_per_match_plus_one_per_game("Hijacked");

    for email in ["south@example.org", "crown@example.org"] {
        let browser = ctx.browser();
        browser.login_ok(email).await;
        assert_eq!(
            browser.get("/organise/north/competitions").await.status,
            403,
            "{email}"
        );
        let page = browser
            .submit("/organise/north/competitions", &as_pairs(&fields))
            .await;
        assert_eq!(page.status, 403, "{email}");
    }

    let anonymous = ctx.browser();
    anonymous
        .get("/organise/north/competitions")
        .await
        .assert_redirect_to("/login?next=%2Forganise%2Fnorth%2Fcompetitions");

    // The organiser's own browser, but without the token.
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let page = organiser
        .post_raw("/organise/north/competitions", &as_pairs(&fields))
        .await;
    assert_eq!(page.status, 403);

    assert!(
        ctx.store
            .competitions_of(north.id)
            .await
            .unwrap()
            .is_empty()
    );
}
store_test!(only_the_organisations_organisers_may_add_a_competition);

async fn an_organiser_adds_a_season_and_hears_of_a_blackout_off_the_league_night(ctx: TestContext) {
    two_organisations(&ctx).await;
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let fields = two_per_match_plus_one_per_game("Winter League");
    organiser
        .submit("/organise/north/competitions", &as_pairs(&fields))
        .await;
    let competition = ctx.store.competitions_of(north.id).await.unwrap().remove(0);
    let seasons = format!("/organise/north/competitions/{}/seasons", competition.id);
    assert_eq!(organiser.get(&seasons).await.status, 200);

    // 2026-09-01 is a Tuesday; 2026-12-23 a Wednesday.
    let typed = "2026-12-22\n2026-12-23";
    let page = organiser
        .submit(
            &seasons,
            &[
                ("name", "2026-27"),
                ("start", "2026-09-01"),
                ("league_night", "Tuesday"),
                ("blackout_dates", typed),
            ],
        )
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    assert!(page.body.contains(
            r#"<p class="field-error" id="blackout_dates-error">The blackout date 2026-12-23 is a Wednesday, not the league night (Tuesday).</p>"#
        ), "{}", page.body);
    assert!(
        page.body
            .contains(r#"aria-describedby="blackout_dates-hint blackout_dates-error""#)
    );
    assert!(page.body.contains(">2026-12-22\n2026-12-23</textarea>"));
    assert!(page.body.contains(r#"value="2026-09-01""#));
    assert!(page.body.contains(r#"<option value="Tuesday" selected>"#));
    assert!(
        ctx.store
            .seasons_of(competition.id)
            .await
            .unwrap()
            .is_empty()
    );

    organiser
        .submit(
            &seasons,
            &[
                ("name", "2026-27"),
                ("start", "2026-09-01"),
                ("league_night", "Tuesday"),
                ("blackout_dates", "2026-12-29\n\n2026-12-22\n"),
            ],
        )
        .await
        .assert_redirect_to(&seasons);
    let season = ctx
        .store
        .seasons_of(competition.id)
        .await
        .unwrap()
        .remove(0);
    assert_eq!(season.name, "2026-27");
    assert_eq!(season.start, "2026-09-01".parse().unwrap());
    assert_eq!(season.league_night, chrono::Weekday::Tue);
    let blackouts: Vec<String> = season
        .blackout_dates
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert_eq!(blackouts, ["2026-12-22", "2026-12-29"]);

    // Another organisation's organiser may not, and another organisation's address for
    // this competition is not found.
    let south = ctx.browser();
    south.login_ok("south@example.org").await;
    assert_eq!(south.get(&seasons).await.status, 403);
    let page = south
        .submit(
            &seasons,
            &[
                ("name", "Hijacked"),
                ("start", "2026-09-01"),
                ("league_night", "Tuesday"),
            ],
        )
        .await;
    assert_eq!(page.status, 403);
    let elsewhere = format!("/organise/south/competitions/{}/seasons", competition.id);
    assert_eq!(south.get(&elsewhere).await.status, 404);
    assert_eq!(
        organiser
            .post_raw(
                &seasons,
                &[
                    ("name", "No token"),
                    ("start", "2026-09-01"),
                    ("league_night", "Tuesday")
                ]
            )
            .await
            .status,
        403
    );
    assert_eq!(ctx.store.seasons_of(competition.id).await.unwrap().len(), 1);
}
store_test!(an_organiser_adds_a_season_and_hears_of_a_blackout_off_the_league_night);

async fn an_organiser_builds_a_season_from_nothing_and_the_public_sees_its_fixtures(
    ctx: TestContext,
) {
    two_organisations(&ctx).await;
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    for team in ["The Anchor", "The Bell", "The Plough"] {
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
    // 2026-09-01 is a Tuesday; no fixtures on 2026-09-15.
    organiser
        .submit(
            &seasons,
            &[
                ("name", "2026-27"),
                ("start", "2026-09-01"),
                ("league_night", "Tuesday"),
                ("blackout_dates", "2026-09-15"),
            ],
        )
        .await
        .assert_redirect_to(&seasons);
    let season = ctx
        .store
        .seasons_of(competition.id)
        .await
        .unwrap()
        .remove(0);
    let season_page = format!("/organise/north/seasons/{}", season.id);
    assert!(organiser.get(&seasons).await.body.contains(&season_page));

    organiser
        .submit(&format!("{season_page}/divisions"), &[("name", "Premier")])
        .await
        .assert_redirect_to(&season_page);
    organiser
        .submit(&format!("{season_page}/divisions"), &[("name", "First")])
        .await
        .assert_redirect_to(&season_page);
    let page = organiser
        .submit(&format!("{season_page}/divisions"), &[("name", "Premier")])
        .await;
    assert_eq!(page.status, 422);
    assert!(
        page.body.contains(
            r#"id="division-name-error">2026-27 already has a division called Premier.</p>"#
        ),
        "{}",
        page.body
    );
    let divisions = ctx.store.divisions_of(season.id).await.unwrap();
    let (premier, first) = (&divisions[0], &divisions[1]);

    let teams = ctx.store.teams_in(north.id).await.unwrap();
    assert_eq!(teams.len(), 4);
    let add_team = format!("/organise/north/divisions/{}/teams", premier.id);
    for team in &teams {
        let page = organiser.get(&season_page).await;
        assert!(
            page.body
                .contains(&format!(r#"<option value="{}">"#, team.id)),
            "{} is offered",
            team.name
        );
        organiser
            .submit(&add_team, &[("team", &team.id.to_string())])
            .await
            .assert_redirect_to(&season_page);
    }
    // Every team has a division now, so none is offered; one added again is refused.
    let page = organiser.get(&season_page).await;
    for team in &teams {
        assert!(
            !page
                .body
                .contains(&format!(r#"<option value="{}">"#, team.id))
        );
    }
    let page = organiser
        .submit(
            &format!("/organise/north/divisions/{}/teams", first.id),
            &[("team", &teams[0].id.to_string())],
        )
        .await;
    assert_eq!(page.status, 422);
    assert!(
        page.body
            .contains("That team already plays in a division of this season.")
    );

    // Too few teams, then the fixtures, then again.
    let page = organiser
        .submit(
            &format!("/organise/north/divisions/{}/fixtures", first.id),
            &[("legs", "double")],
        )
        .await;
    assert_eq!(page.status, 422);
    assert!(page.body.contains(&format!(r#"id="division-{}-legs-error">First needs at least two teams to make fixtures; it has 0.</p>"#, first.id)), "{}", page.body);
    let generate = format!("/organise/north/divisions/{}/fixtures", premier.id);
    let division_page = format!("/leagues/north/divisions/{}", premier.id);
    organiser
        .submit(&generate, &[("legs", "double")])
        .await
        .assert_redirect_to(&generate);
    let page = organiser.submit(&generate, &[("legs", "double")]).await;
    assert_eq!(page.status, 422);
    assert_eq!(
        ctx.store
            .fixtures_of_division(premier.id)
            .await
            .unwrap()
            .len(),
        12
    );

    // Anyone may now read them, week by week, skipping the blackout date.
    let public = ctx.browser().get(&division_page).await;
    assert_eq!(public.status, 200);
    assert!(
        public.body.contains("Round 1: Tue 1 Sep 2026"),
        "{}",
        public.body
    );
    assert!(public.body.contains("Round 2: Tue 8 Sep 2026"));
    assert!(public.body.contains("Round 3: Tue 22 Sep 2026"));
    assert!(public.body.contains("Round 6:"));
    assert!(!public.body.contains("15 Sep 2026"));
    for team in &teams {
        assert!(public.body.contains(&team.name));
    }

    // Nobody else may touch the season's divisions.
    let south = ctx.browser();
    south.login_ok("south@example.org").await;
    assert_eq!(south.get(&season_page).await.status, 403);
    assert_eq!(
        south
            .submit(&format!("{season_page}/divisions"), &[("name", "Hijacked")])
            .await
            .status,
        403
    );
    let captain = ctx.browser();
    captain.login_ok("crown@example.org").await;
    assert_eq!(
        captain
            .submit(
                &format!("/organise/north/divisions/{}/fixtures", first.id),
                &[("legs", "single")]
            )
            .await
            .status,
        403
    );
    ctx.browser()
        .get(&season_page)
        .await
        .assert_redirect_to(&format!(
            "/login?next=%2Forganise%2Fnorth%2Fseasons%2F{}",
            season.id
        ));
    assert_eq!(
        organiser
            .post_raw(&format!("{season_page}/divisions"), &[("name", "No token")])
            .await
            .status,
        403
    );
    assert_eq!(ctx.store.divisions_of(season.id).await.unwrap().len(), 2);
}
store_test!(an_organiser_builds_a_season_from_nothing_and_the_public_sees_its_fixtures);

async fn an_organiser_adds_players_to_a_squad(ctx: TestContext) {
    two_organisations(&ctx).await;
    let north = ctx
        .store
        .organisation_by_slug("north")
        .await
        .unwrap()
        .unwrap();
    let crown = ctx.store.teams_in(north.id).await.unwrap().remove(0);
    let south = ctx
        .store
        .organisation_by_slug("south")
        .await
        .unwrap()
        .unwrap();
    let bell = ctx.team(south.id, "The Bell").await;
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let squad = format!("/organise/north/teams/{}/squad", crown.id);
    assert_eq!(organiser.get(&squad).await.status, 200);
    organiser
        .submit(&squad, &[("name", "Pat Jones")])
        .await
        .assert_redirect_to(&format!("{squad}?done=added"));
    organiser
        .submit(&squad, &[("name", "Sam Hill")])
        .await
        .assert_redirect_to(&format!("{squad}?done=added"));
    let page = organiser.submit(&squad, &[("name", "   ")]).await;
    assert_eq!(page.status, 422);
    assert!(
        page.body
            .contains(r#"aria-describedby="player-name-hint player-name-error""#)
    );
    let names: Vec<String> = ctx
        .store
        .squad_of(crown.id)
        .await
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Pat Jones", "Sam Hill"]);
    assert!(
        organiser
            .get(&squad)
            .await
            .body
            .contains("<span>Pat Jones</span>")
    );

    // Another organisation's team is not found here; its organiser and the captain are refused.
    assert_eq!(
        organiser
            .get(&format!("/organise/north/teams/{}/squad", bell.id))
            .await
            .status,
        404
    );
    for email in ["south@example.org", "crown@example.org"] {
        let browser = ctx.browser();
        browser.login_ok(email).await;
        assert_eq!(
            browser.submit(&squad, &[("name", "Hijacked")]).await.status,
            403,
            "{email}"
        );
    }
    assert_eq!(
        organiser
            .post_raw(&squad, &[("name", "No token")])
            .await
            .status,
        403
    );
    assert_eq!(ctx.store.squad_of(crown.id).await.unwrap().len(), 2);
}
store_test!(an_organiser_adds_players_to_a_squad);

async fn the_game_is_chosen_and_refused_by_its_name_not_the_rules_engines(ctx: TestContext) {
    two_organisations(&ctx).await;
    let organiser = ctx.browser();
    organiser.login_ok("north@example.org").await;
    let page = organiser.get("/organise/north/competitions").await;
    assert!(
        page.body
            .contains(r#"<option value="fives-and-threes" selected>Fives and Threes</option>"#),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(
            r#"<option value="doubles-in-the-boneyard">Doubles in the Boneyard</option>"#
        ),
        "{}",
        page.body
    );

    // Doubles in the Boneyard is for three: its singles games cannot be played.
    let mut fields = two_per_match_plus_one_per_game("Winter League");
    set(&mut fields, "preset", "doubles-in-the-boneyard");
    set(&mut fields, "pairs_games", "0");
    let page = organiser
        .submit("/organise/north/competitions", &as_pairs(&fields))
        .await;
    assert_eq!(page.status, 422, "{}", page.body);
    let refusal = "The singles games cannot be played under these rules: Doubles in the Boneyard is for exactly 3 players, not 2.";
    assert!(page.body.contains(refusal), "{}", page.body);
    assert!(
        page.body.contains(
            r#"<option value="doubles-in-the-boneyard" selected>Doubles in the Boneyard</option>"#
        ),
        "{}",
        page.body
    );

    let token = organiser.make_api_token("rules").await;
    let refused = ctx
            .api(Some(&token))
            .post(
                "/api/v1/organisations/north/competitions",
                serde_json::json!({
                    "name": "Winter League",
                    "ruleset": "doubles-in-the-boneyard",
                    "match_format": {
                        "legs": [{"kind": "singles", "games": 2, "target": 61}],
                        "player_limits": {"singles_per_player": 1, "pairs_per_player": 1},
                        "points": {"per_game_won": 1, "per_match_won": 2, "per_match_drawn": 1, "losing_bonus": null},
                        "walkover": {"winner_games": 2, "loser_games": 0}
                    }
                }),
            )
            .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(refused.problem_at("ruleset").as_deref(), Some(refusal));
}
store_test!(the_game_is_chosen_and_refused_by_its_name_not_the_rules_engines);
