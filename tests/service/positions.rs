//! A division's positions chart: a legend naming each line in text, each entry a link that
//! picks out the team's line on the chart's own page, which a team's page links too.

use crate::results_league::{SLUG, results_league};
use crate::support::TestContext;

async fn a_team_is_picked_out_from_the_legend_and_from_its_own_page(ctx: TestContext) {
    let league = results_league(&ctx).await;
    crate::careers::confirmed_result(&ctx, &league).await;
    let visitor = ctx.browser();
    let division = format!("/leagues/{SLUG}/divisions/{}", league.division);
    let picked = format!("{division}/positions?team={}", league.home);

    // The division's page names each line, each a link to pick it out.
    let page = visitor.get(&division).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains(r#"<ul class="chart-legend""#),
        "{}",
        page.body
    );
    for team in [league.home, league.away] {
        let link = format!(r#"<a href="{division}/positions?team={team}#positions">"#);
        assert!(page.body.contains(&link), "{link} in {}", page.body);
    }
    assert!(
        !page.body.contains(r#"stroke-width="6""#),
        "nothing picked out there"
    );

    // The team's own page links to its line.
    let team = visitor
        .get(&format!("/leagues/{SLUG}/teams/{}", league.home))
        .await;
    assert!(
        team.body.contains(&format!(
            r#"<a href="{picked}#positions">Anchor on the positions chart</a>"#
        )),
        "{}",
        team.body
    );

    // Picked out: the line drawn thick, the legend marking it, the others pale.
    let page = visitor.get(&picked).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains(r#"stroke-width="6""#), "{}", page.body);
    assert!(page.body.contains(r#"opacity="0.3""#), "{}", page.body);
    assert!(
        page.body
            .contains("<strong>Anchor</strong>'s line is picked out"),
        "{}",
        page.body
    );
    assert_eq!(page.body.matches(r#"aria-current="true""#).count(), 1);

    // A team of no part in the division picks out nothing; no such division is not found.
    let plain = visitor
        .get(&format!("{division}/positions?team=999999"))
        .await;
    assert_eq!(plain.status, 200);
    assert!(!plain.body.contains(r#"stroke-width="6""#));
    let missing = visitor
        .get(&format!("/leagues/{SLUG}/divisions/999999/positions"))
        .await;
    assert_eq!(missing.status, 404);
}
store_test!(a_team_is_picked_out_from_the_legend_and_from_its_own_page);
