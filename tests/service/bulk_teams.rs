//! A secretary repeats one action per team at once: a division's teams added from one pasted
//! list (or the API's list), all or none with every line's problem told at once; and the
//! captains of a division's teams invited at once, one address a team.

use chrono::{NaiveDate, Utc, Weekday};
use fives::domain::ids::{DivisionId, OrganisationId, TeamId};
use fives::domain::league::SeasonCalendar;
use fives::domain::organisation::DisplayName;
use fives::domain::standings::TiebreakOrder;
use fives::domain::team_list::MAX_LIST_TEAMS;
use fives::store::{NewCompetition, NewDivision, NewSeason, User};
use fives_rules::ruleset::{Preset, RulesetSpec};
use serde_json::json;

use crate::results_league::match_format;
use crate::support::{Browser, TestContext};

pub const GUILD: &str = "guild";

/// A league of two divisions, Premier (with the Bell) and Second (with the Crown), and the
/// Anchor in neither.
pub struct TwoDivisions {
    pub organisation: OrganisationId,
    pub secretary: User,
    pub season: i64,
    pub premier: DivisionId,
    pub second: DivisionId,
    pub bell: TeamId,
    pub crown: TeamId,
    pub anchor: TeamId,
}

fn name(text: &str) -> DisplayName {
    DisplayName::try_from(text).unwrap()
}

pub async fn two_divisions(ctx: &TestContext) -> TwoDivisions {
    let secretary = ctx.user("secretary@guild.example.org").await;
    let organisation = ctx.organisation(GUILD, &secretary).await.id;
    let competition = ctx
        .store
        .create_competition(&NewCompetition {
            organisation,
            name: name("Winter League"),
            ruleset: RulesetSpec::preset(Preset::FivesAndThrees),
            match_format: match_format(),
            entry_level: Default::default(),
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    let season = ctx
        .store
        .create_season(&NewSeason {
            competition: competition.id,
            name: name("2026-27"),
            calendar: SeasonCalendar::new(
                NaiveDate::from_ymd_opt(2026, 9, 1).unwrap(),
                Weekday::Tue,
                [],
            )
            .unwrap(),
            created_at: Utc::now(),
        })
        .await
        .unwrap();
    let mut divisions = Vec::new();
    for division in ["Premier", "Second"] {
        let made = ctx
            .store
            .create_division(&NewDivision {
                season: season.id,
                name: name(division),
                tiebreaks: TiebreakOrder::default(),
                created_at: Utc::now(),
            })
            .await
            .unwrap();
        divisions.push(made.id);
    }
    let bell = ctx.team(organisation, "The Bell").await.id;
    let crown = ctx.team(organisation, "The Crown").await.id;
    let anchor = ctx.team(organisation, "The Anchor").await.id;
    ctx.store
        .add_team_to_division(divisions[0], bell)
        .await
        .unwrap();
    ctx.store
        .add_team_to_division(divisions[1], crown)
        .await
        .unwrap();
    TwoDivisions {
        organisation,
        secretary,
        season: season.id.0,
        premier: divisions[0],
        second: divisions[1],
        bell,
        crown,
        anchor,
    }
}

pub async fn signed_in(ctx: &TestContext, email: &str) -> Browser {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    browser
}

async fn names_in(ctx: &TestContext, division: DivisionId) -> Vec<String> {
    let teams = ctx.store.teams_of(division).await.unwrap();
    teams.into_iter().map(|team| team.name).collect()
}

async fn team_count(ctx: &TestContext, league: &TwoDivisions) -> usize {
    ctx.store.teams_in(league.organisation).await.unwrap().len()
}

async fn a_secretary_adds_a_divisions_teams_in_one_paste_all_or_none(ctx: TestContext) {
    let league = two_divisions(&ctx).await;
    let secretary = signed_in(&ctx, &league.secretary.email).await;
    let season_page = format!("/organise/{GUILD}/seasons/{}", league.season);
    let list = format!("/organise/{GUILD}/divisions/{}/teams/list", league.premier);

    // The page says what a line holds and how many lines a list may have.
    let page = secretary.get(&season_page).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("Several teams to add to Premier, one a line"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains(&format!("at most {MAX_LIST_TEAMS} lines")),
        "{}",
        page.body
    );

    // Every line's problem at once, those of reading the list and those of the league's
    // teams alike, and nothing is kept.
    let long = "x".repeat(DisplayName::MAX_CHARS + 1);
    let pasted =
        format!("The Bell\n\nTHE ANCHOR\nThe Crown\n{long}\nThe Swan\nthe swan\nThe Mitre\n");
    let refused = secretary.submit(&list, &[("teams", &pasted)]).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    let expected = [
        "Line 1: A team called The Bell is already in Premier.",
        "Line 3: THE ANCHOR looks the same as \u{2018}The Anchor\u{2019}, a team",
        "Line 4: The Crown already plays in Second this season",
        "Line 5: A name is at most 100 characters long.",
        "Line 7: the swan looks the same as The Swan on line 6.",
    ];
    let mut at = 0;
    for message in expected {
        let found = refused.body[at..]
            .find(message)
            .unwrap_or_else(|| panic!("{message:?} in order in {}", refused.body));
        at += found;
    }
    assert!(!refused.body.contains("Line 6"), "{}", refused.body);
    assert!(!refused.body.contains("Line 8"), "{}", refused.body);
    // What was typed is there to mend.
    assert!(
        refused.body.contains("The Mitre\n</textarea>"),
        "{}",
        refused.body
    );
    assert_eq!(names_in(&ctx, league.premier).await, vec!["The Bell"]);
    assert_eq!(team_count(&ctx, &league).await, 3, "no team was made");

    // Mended: an existing team joins by its name, new names are made, blank lines are passed
    // over, and the page lists them.
    let mended = "The Anchor\n\n  The Swan  \nThe Mitre\n";
    secretary
        .submit(&list, &[("teams", mended)])
        .await
        .assert_redirect_to(&format!(
            "{season_page}#division-{}-heading",
            league.premier
        ));
    assert_eq!(
        names_in(&ctx, league.premier).await,
        vec!["The Anchor", "The Bell", "The Mitre", "The Swan"]
    );
    assert_eq!(team_count(&ctx, &league).await, 5);
    let premier = ctx.store.teams_of(league.premier).await.unwrap();
    assert!(
        premier.iter().any(|team| team.id == league.anchor),
        "the Anchor joined as itself, not as a new team"
    );
    let second = ctx.store.teams_of(league.second).await.unwrap();
    assert_eq!(
        second.iter().map(|team| team.id).collect::<Vec<_>>(),
        [league.crown]
    );
    let page = secretary.get(&season_page).await;
    for team in ["The Anchor", "The Mitre", "The Swan"] {
        assert!(
            page.body.contains(&format!("<li>{team}</li>")),
            "{}",
            page.body
        );
    }

    // Sent again, every line is now in the division.
    let again = secretary.submit(&list, &[("teams", mended)]).await;
    assert_eq!(again.status, 422);
    assert!(
        again
            .body
            .contains("Line 4: A team called The Mitre is already in Premier."),
        "{}",
        again.body
    );

    // The limits: a blank list, and one line too many, told without a line.
    let blank = secretary.submit(&list, &[("teams", "\n \n")]).await;
    assert_eq!(blank.status, 422);
    assert!(
        blank.body.contains("The list names no team"),
        "{}",
        blank.body
    );
    let too_many: String = (0..=MAX_LIST_TEAMS)
        .map(|n| format!("Team {n}\n"))
        .collect();
    let over = secretary.submit(&list, &[("teams", &too_many)]).await;
    assert_eq!(over.status, 422);
    assert!(
        over.body.contains(&format!(
            "A list holds at most {MAX_LIST_TEAMS} teams; add the rest in another list."
        )),
        "{}",
        over.body
    );
    assert_eq!(team_count(&ctx, &league).await, 5);

    // A captain may not.
    let captain = ctx.user("captain@example.org").await;
    ctx.make_captain(league.bell, &captain, &league.secretary)
        .await;
    let captain = signed_in(&ctx, &captain.email).await;
    let forbidden = captain.submit(&list, &[("teams", "The Ship")]).await;
    assert_eq!(forbidden.status, 403, "{}", forbidden.body);
    assert_eq!(team_count(&ctx, &league).await, 5);
}
store_test!(a_secretary_adds_a_divisions_teams_in_one_paste_all_or_none);

async fn the_api_adds_a_list_of_teams_all_or_none_with_every_problem_at_its_place(
    ctx: TestContext,
) {
    let league = two_divisions(&ctx).await;
    let secretary = signed_in(&ctx, &league.secretary.email).await;
    let token = secretary.make_api_token("bulk").await;
    let api = ctx.api(Some(&token));
    let list = format!(
        "/api/v1/organisations/{GUILD}/divisions/{}/teams/list",
        league.second
    );

    let refused = api
        .post(
            &list,
            json!({"names": ["The Plough", "", "The Bell", "The Crown", "The Plough"]}),
        )
        .await;
    assert_eq!(refused.status, 422, "{:?}", refused.json);
    assert_eq!(
        refused.problem_fields(),
        vec!["names[1]", "names[2]", "names[3]", "names[4]"]
    );
    assert_eq!(refused.problem_at("names[1]").unwrap(), "Enter a name.");
    assert!(
        refused
            .problem_at("names[2]")
            .unwrap()
            .contains("The Bell already plays in Premier this season"),
        "{:?}",
        refused.json
    );
    assert_eq!(
        refused.problem_at("names[3]").unwrap(),
        "A team called The Crown is already in Second."
    );
    assert_eq!(
        refused.problem_at("names[4]").unwrap(),
        "The Plough is already on line 1."
    );
    assert_eq!(team_count(&ctx, &league).await, 3, "no team was made");

    // As many as the limit in one list, all made and in the division.
    let full: Vec<String> = (1..=MAX_LIST_TEAMS).map(|n| format!("Team {n}")).collect();
    let mut over = full.clone();
    over.push("One More".into());
    let too_many = api.post(&list, json!({ "names": over })).await;
    assert_eq!(too_many.status, 422, "{:?}", too_many.json);
    assert_eq!(too_many.problem_fields(), vec!["names"]);
    assert_eq!(team_count(&ctx, &league).await, 3);
    let added = api.post(&list, json!({ "names": full })).await;
    assert_eq!(added.status, 200, "{:?}", added.json);
    assert_eq!(
        added.json["teams"].as_array().unwrap().len(),
        MAX_LIST_TEAMS + 1
    );
    assert_eq!(
        names_in(&ctx, league.second).await.len(),
        MAX_LIST_TEAMS + 1
    );

    // An empty list, and a token of someone who does not organise the league.
    let empty = api.post(&list, json!({"names": []})).await;
    assert_eq!(empty.status, 422, "{:?}", empty.json);
    let stranger = ctx.user("stranger@example.org").await;
    let stranger = signed_in(&ctx, &stranger.email).await;
    let stranger_token = stranger.make_api_token("bulk").await;
    let forbidden = ctx
        .api(Some(&stranger_token))
        .post(&list, json!({"names": ["The Ship"]}))
        .await;
    assert_eq!(forbidden.status, 403, "{:?}", forbidden.json);
}
store_test!(the_api_adds_a_list_of_teams_all_or_none_with_every_problem_at_its_place);

async fn the_page_and_the_api_refuse_a_list_alike_and_keep_it_alike(ctx: TestContext) {
    let league = two_divisions(&ctx).await;
    let secretary = signed_in(&ctx, &league.secretary.email).await;
    let token = secretary.make_api_token("bulk").await;
    let api = ctx.api(Some(&token));
    let page_list = format!("/organise/{GUILD}/divisions/{}/teams/list", league.premier);
    let api_list = format!(
        "/api/v1/organisations/{GUILD}/divisions/{}/teams/list",
        league.premier
    );

    // The same list is refused with the same words, the page's at its line and the API's at
    // its place.
    let names = ["The Plough", "The Crown", "The Bell"];
    let page = secretary
        .submit(&page_list, &[("teams", &names.join("\n"))])
        .await;
    let reply = api.post(&api_list, json!({ "names": names })).await;
    assert_eq!((page.status, reply.status), (422, 422), "{:?}", reply.json);
    for (index, field) in [(2, "names[1]"), (3, "names[2]")] {
        let message = reply.problem_at(field).unwrap();
        assert!(
            page.body.contains(&format!("Line {index}: {message}")),
            "{message} in {}",
            page.body
        );
    }
    assert_eq!(reply.problem_fields(), vec!["names[1]", "names[2]"]);
    assert_eq!(team_count(&ctx, &league).await, 3);

    // Each keeps a list alike: the page's teams and the API's are made and placed the same.
    secretary
        .submit(&page_list, &[("teams", "The Plough\nThe Anchor")])
        .await
        .assert_redirect_to(&format!(
            "/organise/{GUILD}/seasons/{}#division-{}-heading",
            league.season, league.premier
        ));
    let reply = api
        .post(
            &format!(
                "/api/v1/organisations/{GUILD}/divisions/{}/teams/list",
                league.second
            ),
            json!({"names": ["The Ship"]}),
        )
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.json);
    let listed: Vec<&str> = (reply.json["teams"].as_array().unwrap().iter())
        .map(|team| team["name"].as_str().unwrap())
        .collect();
    assert_eq!(listed, ["The Crown", "The Ship"]);
    assert_eq!(
        names_in(&ctx, league.premier).await,
        ["The Anchor", "The Bell", "The Plough"]
    );

    // Someone signed in nowhere is refused by both.
    let page = ctx
        .browser()
        .submit(&page_list, &[("teams", "The Star")])
        .await;
    assert!(
        page.status == 303 && page.location.as_deref().unwrap().starts_with("/login"),
        "{}",
        page.body
    );
    let reply = ctx
        .api(None)
        .post(&api_list, json!({"names": ["The Star"]}))
        .await;
    assert_eq!(reply.status, 401, "{:?}", reply.json);
    // The three, the Plough and the Ship.
    assert_eq!(team_count(&ctx, &league).await, 5);
}
store_test!(the_page_and_the_api_refuse_a_list_alike_and_keep_it_alike);
