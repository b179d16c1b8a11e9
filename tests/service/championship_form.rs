//! The new championship form: a fieldset for each stage's own fields, scoring spoken of in the
//! game's terms (a draw only where a table can be drawn, points by place at three or four), and
//! a form that sends only the fields of the stage chosen (as its script leaves it) taken. Then,
//! in Chromium on a phone, choosing a stage shows its fields and hides the others'.

use fantoccini::{Client, Locator};

use crate::browser::{Chromium, log_in, step};
use crate::support::{Browser, PASSWORD, TestContext};

const FORM: &str = "/organise/north/championships";

async fn organiser_of_north(ctx: &TestContext) -> Browser {
    let organiser = ctx.browser();
    ctx.organisation("north", &ctx.user("north@example.org").await)
        .await;
    organiser.login_ok("north@example.org").await;
    organiser
}

/// The fieldset of the form that holds the field `id`, from its tag to its end.
fn fieldset_holding<'a>(body: &'a str, id: &str) -> &'a str {
    let at = body
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no field {id} in {body}"));
    let start = body[..at]
        .rfind("<fieldset")
        .expect("the field is in a fieldset");
    let end = at + body[at..].find("</fieldset>").expect("the fieldset ends");
    &body[start..end]
}

/// The fields every championship needs, whatever its stages, each of `changes` put in place
/// of the field of its name or added.
fn fields_with(changes: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut fields = vec![
        ("name", "Spring Open"),
        ("starts_on", "2027-04-03"),
        ("preset", "all-fives"),
        ("entrants", "players"),
        ("seats", "2"),
        ("table_play", "one-game"),
        ("win", "1"),
        ("loss", "0"),
        ("bye_points", "1"),
        ("seeding", "rating"),
    ];
    for (name, value) in changes {
        match fields.iter_mut().find(|(field, _)| field == name) {
            Some(field) => field.1 = value,
            None => fields.push((name, value)),
        }
    }
    fields
}

/// Makes the championship the fields describe and answers its format as the organiser's page
/// says it, in the paragraph after its name.
async fn format_said(organiser: &Browser, fields: &[(&str, &str)]) -> String {
    let made = organiser.submit(FORM, fields).await;
    assert_eq!(made.status, 303, "{fields:?}: {}", made.body);
    let page = organiser.get(&made.location.unwrap()).await;
    let heading = page.body.find("</h1>").expect("the page has a heading");
    let start = heading + page.body[heading..].find("<p>").unwrap() + "<p>".len();
    let end = start + page.body[start..].find("</p>").unwrap();
    page.body[start..end].to_string()
}

async fn the_form_has_a_fieldset_for_each_stages_own_fields(ctx: TestContext) {
    let organiser = organiser_of_north(&ctx).await;
    let form = organiser.get(FORM).await;
    assert_eq!(form.status, 200, "{}", form.body);
    for (id, stages, legend) in [
        ("rounds", "swiss swiss-then-knockout", "<legend>Swiss"),
        (
            "top",
            "swiss-then-knockout",
            "<legend>Knockout after a Swiss",
        ),
        ("groups", "groups", "<legend>Groups"),
        ("advance", "groups", "<legend>Groups"),
        (
            "third_place",
            "knockout swiss-then-knockout",
            "<legend>Knockout",
        ),
        (
            "grand_final_reset",
            "double-elimination",
            "<legend>Double elimination",
        ),
    ] {
        let fieldset = fieldset_holding(&form.body, id);
        assert!(
            fieldset.contains(&format!(
                "data-shown-for=\"stages\" data-values=\"{stages}\""
            )),
            "{id}: {fieldset}"
        );
        assert!(fieldset.contains(legend), "{id}: {fieldset}");
    }
    // Without the script every field is there, each saying what it is for.
    assert!(form.body.contains("Swiss rounds (1 to"), "{}", form.body);
    assert!(form.body.contains("Groups: how many"), "{}", form.body);
    assert!(
        form.body
            .contains("<script src=\"/static/championship-form.js\" defer></script>"),
        "{}",
        form.body
    );
    let script = reqwest::get(format!("{}/static/championship-form.js", ctx.address))
        .await
        .unwrap();
    assert_eq!(script.status(), 200);
    assert_eq!(
        script.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    assert!(script.text().await.unwrap().contains("data-shown-for"));
}
store_test!(the_form_has_a_fieldset_for_each_stages_own_fields);

async fn the_scoring_speaks_of_a_draw_only_where_a_table_can_be_drawn(ctx: TestContext) {
    let organiser = organiser_of_north(&ctx).await;
    let form = organiser.get(FORM).await;
    // The script is told where a table scores by place and where it can be drawn.
    let attribute = |name: &str| {
        let marker = format!("{name}=\"");
        let start = form.body.find(&marker).unwrap() + marker.len();
        let end = start + form.body[start..].find('"').unwrap();
        form.body[start..end]
            .split(' ')
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(attribute("data-by-place"), ["3/", "4/"]);
    let drawn_tables = attribute("data-drawn-tables");
    assert!(
        drawn_tables.contains(&"2//best-of/2".to_string()),
        "{drawn_tables:?}"
    );
    assert!(
        drawn_tables.contains(&"4/on/best-of/4".to_string()),
        "{drawn_tables:?}"
    );
    assert!(
        drawn_tables
            .iter()
            .all(|key| key.contains("/best-of/") && !key.starts_with("3//")),
        "{drawn_tables:?}"
    );
    assert!(
        !drawn_tables.contains(&"2//best-of/3".to_string()),
        "{drawn_tables:?}"
    );
    let drawn_team_matches = attribute("data-drawn-team-matches");
    assert!(
        drawn_team_matches.contains(&"4/4".to_string()),
        "{drawn_team_matches:?}"
    );
    assert!(
        !drawn_team_matches.contains(&"6/3".to_string()),
        "{drawn_team_matches:?}"
    );

    let swiss = |name: &'static str, play: &'static str, games: &'static str| {
        fields_with(&[
            ("name", name),
            ("stages", "swiss"),
            ("rounds", "3"),
            ("table_play", play),
            ("table_games", games),
            ("draw", "½"),
        ])
    };
    for (name, play, games) in [
        ("One Game", "one-game", "3"),
        ("First To Two", "first-to", "2"),
        ("Best Of Three", "best-of", "3"),
    ] {
        let said = format_said(&organiser, &swiss(name, play, games)).await;
        assert!(said.contains("1 for a win, 0 for a loss"), "{name}: {said}");
        assert!(!said.contains("draw"), "{name} cannot be drawn: {said}");
    }
    let said = format_said(&organiser, &swiss("Best Of Two", "best-of", "2")).await;
    assert!(
        said.contains("1 for a win, ½ for a draw, 0 for a loss"),
        "{said}"
    );
    // At three each for themselves, by place, and no draw.
    let three = fields_with(&[
        ("name", "Threes"),
        ("preset", "doubles-in-the-boneyard"),
        ("stages", "swiss"),
        ("rounds", "3"),
        ("seats", "3"),
        ("places", "3, 1, 0"),
        ("draw", "½"),
    ]);
    let said = format_said(&organiser, &three).await;
    assert!(said.contains("3, 1, 0 by place"), "{said}");
    assert!(!said.contains("draw"), "{said}");
}
store_test!(the_scoring_speaks_of_a_draw_only_where_a_table_can_be_drawn);

async fn a_form_with_only_the_chosen_stages_fields_is_taken(ctx: TestContext) {
    let organiser = organiser_of_north(&ctx).await;
    for (name, stage_fields, said) in [
        (
            "Swiss",
            vec![("stages", "swiss"), ("rounds", "4")],
            "a Swiss of 4 rounds",
        ),
        (
            "Round Robin",
            vec![("stages", "round-robin")],
            "a round robin",
        ),
        (
            "Groups",
            vec![("stages", "groups"), ("groups", "4"), ("advance", "2")],
            "4 groups, the first 2 of each",
        ),
        (
            "Knockout",
            vec![("stages", "knockout"), ("third_place", "on")],
            "a knockout with a third-place match",
        ),
        (
            "Double",
            vec![("stages", "double-elimination")],
            "a double elimination",
        ),
        (
            "Swiss Then Knockout",
            vec![
                ("stages", "swiss-then-knockout"),
                ("rounds", "3"),
                ("top", "8"),
            ],
            "a Swiss of 3 rounds, then a knockout of its top 8",
        ),
    ] {
        let mut changes = vec![("name", name)];
        changes.extend(stage_fields);
        let words = format_said(&organiser, &fields_with(&changes)).await;
        assert!(words.contains(said), "{name}: {words}");
    }
    // A table that can be drawn reads the draw's points, and asks for them.
    let best_of_two = fields_with(&[
        ("name", "Best Of Two"),
        ("stages", "swiss"),
        ("rounds", "3"),
        ("table_play", "best-of"),
        ("table_games", "2"),
    ]);
    let refused = organiser.submit(FORM, &best_of_two).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains("a drawn table&#39;s points"),
        "{}",
        refused.body
    );
}
store_test!(a_form_with_only_the_chosen_stages_fields_is_taken);

/// Whether the field `id` is shown on the page.
async fn shown(client: &Client, id: &str) -> Result<bool, String> {
    client
        .find(Locator::Id(id))
        .await
        .map_err(step("find a field"))?
        .is_displayed()
        .await
        .map_err(step("see whether a field is shown"))
}

async fn choose_and_see(client: &Client, address: &str) -> Result<Vec<(String, bool)>, String> {
    log_in(client, address, "north@example.org", PASSWORD).await?;
    client
        .set_window_size(390, 844)
        .await
        .map_err(step("make the window a phone's"))?;
    client
        .goto(&format!("{address}{FORM}"))
        .await
        .map_err(step("open the championships"))?;
    let mut seen = Vec::new();
    let stages = |value: &'static str| async move {
        client
            .find(Locator::Id("stages"))
            .await
            .map_err(step("find the stages"))?
            .select_by_value(value)
            .await
            .map_err(step("choose the stages"))
    };
    stages("groups").await?;
    seen.push(("groups: rounds".into(), shown(client, "rounds").await?));
    seen.push(("groups: groups".into(), shown(client, "groups").await?));
    stages("swiss").await?;
    seen.push(("swiss: rounds".into(), shown(client, "rounds").await?));
    seen.push(("swiss: groups".into(), shown(client, "groups").await?));
    seen.push(("one game: draw".into(), shown(client, "draw").await?));
    client
        .find(Locator::Id("table_play"))
        .await
        .map_err(step("find the table play"))?
        .select_by_value("best-of")
        .await
        .map_err(step("choose best of"))?;
    let games = client
        .find(Locator::Id("table_games"))
        .await
        .map_err(step("find the games"))?;
    games.clear().await.map_err(step("clear the games"))?;
    games.send_keys("2").await.map_err(step("type 2 games"))?;
    seen.push(("best of 2: draw".into(), shown(client, "draw").await?));
    games.clear().await.map_err(step("clear the games"))?;
    games.send_keys("3").await.map_err(step("type 3 games"))?;
    seen.push(("best of 3: draw".into(), shown(client, "draw").await?));
    // The form as the script leaves it is taken: the hidden fields are not sent.
    for (id, text) in [("name", "Phone Open"), ("starts_on", "03/04/2027")] {
        client
            .find(Locator::Id(id))
            .await
            .map_err(step("find a field to fill"))?
            .send_keys(text)
            .await
            .map_err(step("fill a field"))?;
    }
    client
        .find(Locator::XPath("//button[. = 'Make the championship']"))
        .await
        .map_err(step("find the button"))?
        .click()
        .await
        .map_err(step("tap Make the championship"))?;
    client
        .wait()
        .for_element(Locator::XPath("//h1[contains(., 'Phone Open')]"))
        .await
        .map_err(step("see the championship made"))?;
    Ok(seen)
}

async fn on_a_phone_choosing_a_swiss_shows_its_rounds(ctx: TestContext) {
    organiser_of_north(&ctx).await;
    let Some(chromium) = Chromium::start().await else {
        return;
    };
    let seen = choose_and_see(chromium.client(), &ctx.address).await;
    chromium.close().await;
    let seen = seen.unwrap_or_else(|error| panic!("in Chromium, could not {error}"));
    let expected: Vec<(String, bool)> = [
        ("groups: rounds", false),
        ("groups: groups", true),
        ("swiss: rounds", true),
        ("swiss: groups", false),
        ("one game: draw", false),
        ("best of 2: draw", true),
        ("best of 3: draw", false),
    ]
    .into_iter()
    .map(|(what, shown)| (what.to_string(), shown))
    .collect();
    assert_eq!(seen, expected);
}
store_test!(on_a_phone_choosing_a_swiss_shows_its_rounds);
