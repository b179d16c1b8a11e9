//! Pictures where people would rather look than read, drawn on the server as SVG: a
//! division's positions through the season, a player's form and their rating over time. They are embedded in the page,
//! need no JavaScript, and say in words (`aria-label`) what they show.

use plotters::prelude::*;

use crate::domain::ids::TeamId;
use crate::domain::standings::PositionsAfterRound;

/// Colours told apart by most people, colour-blind ones included (Okabe and Ito's palette,
/// then darker companions), each at least 3:1 against white.
const LINE_COLOURS: [RGBColor; 12] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(230, 159, 0),
    RGBColor(0, 0, 0),
    RGBColor(120, 94, 240),
    RGBColor(165, 42, 42),
    RGBColor(34, 85, 51),
    RGBColor(102, 102, 102),
    RGBColor(153, 102, 0),
];
const WON: RGBColor = RGBColor(11, 93, 59);
const LOST: RGBColor = RGBColor(164, 22, 26);

/// A team's line on the positions chart.
pub struct TeamLine<'a> {
    pub team: TeamId,
    pub name: &'a str,
}

/// The colour of the line at `index` of the positions chart, as `#RRGGBB`, for its legend.
pub fn line_colour(index: usize) -> String {
    let RGBColor(red, green, blue) = LINE_COLOURS[index % LINE_COLOURS.len()];
    format!("#{red:02X}{green:02X}{blue:02X}")
}

/// Each team's position after each round with a result, a line a team, the leader at the top
/// and the team's name at the end of its line. The `highlight`ed team's line is drawn over
/// the others, thicker, and theirs paler. `None` before any result.
pub fn positions_through_the_season(
    history: &[PositionsAfterRound],
    teams: &[TeamLine<'_>],
    caption: &str,
    highlight: Option<TeamId>,
) -> Option<String> {
    let last = history.last()?;
    let first_round = history.first()?.round;
    let places = u32::try_from(teams.len()).ok()?.max(1);
    let height = 60 + 28 * places;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, height)).into_drawing_area();
        root.fill(&WHITE).ok()?;
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .margin_right(150)
            .x_label_area_size(36)
            .y_label_area_size(32)
            // Position 1 at the top.
            .build_cartesian_2d(
                first_round..last.round.max(first_round + 1),
                (places + 1)..0u32,
            )
            .ok()?;
        chart
            .configure_mesh()
            .x_desc("Round")
            .y_desc("Position")
            .x_labels(
                usize::try_from(last.round - first_round + 1)
                    .unwrap_or(1)
                    .min(20),
            )
            .y_labels(usize::try_from(places).unwrap_or(1) + 2)
            .y_label_formatter(&|position| match *position {
                0 => String::new(),
                p if p > places => String::new(),
                p => p.to_string(),
            })
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 14))
            .light_line_style(WHITE)
            .draw()
            .ok()?;
        // The highlighted line last, so that it is drawn over the others.
        let mut order: Vec<(usize, &TeamLine<'_>)> = teams.iter().enumerate().collect();
        order.sort_by_key(|(_, team)| Some(team.team) == highlight);
        for (index, team) in order {
            let full = LINE_COLOURS[index % LINE_COLOURS.len()];
            let (colour, width, font) = match highlight {
                Some(chosen) if chosen == team.team => (full.to_rgba(), 6, ("sans-serif", 16)),
                Some(_) => (full.mix(0.3), 2, ("sans-serif", 14)),
                None => (full.to_rgba(), 3, ("sans-serif", 14)),
            };
            let points: Vec<(u32, u32)> = history
                .iter()
                .filter_map(|after| {
                    let (_, position) = after.positions.iter().find(|(t, _)| *t == team.team)?;
                    Some((after.round, *position))
                })
                .collect();
            chart
                .draw_series(LineSeries::new(
                    points.iter().copied(),
                    colour.stroke_width(width),
                ))
                .ok()?;
            chart
                .draw_series(PointSeries::of_element(
                    points.iter().copied(),
                    width + 1,
                    colour.filled(),
                    &|at, size, style| EmptyElement::at(at) + Circle::new((0, 0), size, style),
                ))
                .ok()?;
            if let Some(&(round, position)) = points.last() {
                let end = chart.backend_coord(&(round, position));
                root.draw(&Text::new(
                    team.name.to_string(),
                    (end.0 + 10, end.1 - 8),
                    font.into_font().color(&colour),
                ))
                .ok()?;
            }
        }
        root.present().ok()?;
    }
    Some(scalable(&svg, caption))
}

/// One of a player's games as the form chart draws it.
pub struct FormGame {
    pub won: bool,
    pub points_for: i64,
    pub points_against: i64,
}

/// A player's last games, oldest on the left: a bar a game, up for a win and down for a loss,
/// as long as the hand points the game was won or lost by. `None` without games.
pub fn player_form(games: &[FormGame], caption: &str) -> Option<String> {
    if games.is_empty() {
        return None;
    }
    let margin = |game: &FormGame| game.points_for - game.points_against;
    let reach = games
        .iter()
        .map(|game| margin(game).abs())
        .max()
        .unwrap_or(1)
        .max(1);
    let count = i64::try_from(games.len()).ok()?;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, 240)).into_drawing_area();
        root.fill(&WHITE).ok()?;
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(44)
            .build_cartesian_2d(0..count, -reach..reach)
            .ok()?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(2)
            .x_label_formatter(&|_| String::new())
            .x_desc("Oldest to newest")
            .y_desc("Points won or lost by")
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 14))
            .draw()
            .ok()?;
        chart
            .draw_series(games.iter().zip(0i64..).map(|(game, at)| {
                let colour = if game.won { WON } else { LOST };
                // A won game by 0 points (a concession) still shows as a sliver.
                let height = margin(game).clamp(-reach, reach);
                let height = if height == 0 {
                    if game.won { 1 } else { -1 }
                } else {
                    height
                };
                Rectangle::new([(at, 0), (at + 1, height)], colour.filled())
            }))
            .ok()?;
        root.present().ok()?;
    }
    Some(scalable(&svg, caption))
}

/// A player's rating after each game, oldest on the left: the rating as a line and the range
/// it likely lies in as a band around it, narrowing as games are played. `None` without games.
pub fn rating_over_time(points: &[(i64, i64, i64)], caption: &str) -> Option<String> {
    if points.is_empty() {
        return None;
    }
    let low = points.iter().map(|&(_, low, _)| low).min()?;
    let high = points.iter().map(|&(_, _, high)| high).max()?;
    // Room above and below, rounded to hundreds so the axis reads plainly.
    let bottom = (low.div_euclid(100)) * 100;
    let top = (high.div_euclid(100) + 1) * 100;
    let count = i64::try_from(points.len()).ok()?;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, 280)).into_drawing_area();
        root.fill(&WHITE).ok()?;
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(30)
            .y_label_area_size(56)
            .build_cartesian_2d(0..count.max(2) - 1, bottom..top)
            .ok()?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(2)
            .x_label_formatter(&|_| String::new())
            .x_desc("Games, oldest to newest")
            .y_desc("Rating")
            .label_style(("sans-serif", 14))
            .axis_desc_style(("sans-serif", 14))
            .draw()
            .ok()?;
        let mut band: Vec<(i64, i64)> = (0..count)
            .zip(points)
            .map(|(at, &(_, _, high))| (at, high))
            .collect();
        let lows: Vec<(i64, i64)> = (0..count)
            .zip(points)
            .map(|(at, &(_, low, _))| (at, low))
            .collect();
        band.extend(lows.into_iter().rev());
        chart
            .draw_series(std::iter::once(Polygon::new(
                band,
                LINE_COLOURS[4].mix(0.3).filled(),
            )))
            .ok()?;
        chart
            .draw_series(LineSeries::new(
                (0..count)
                    .zip(points)
                    .map(|(at, &(rating, _, _))| (at, rating)),
                LINE_COLOURS[0].stroke_width(3),
            ))
            .ok()?;
        root.present().ok()?;
    }
    Some(scalable(&svg, caption))
}

/// Makes the drawing scale to its container and describes it for screen readers.
fn scalable(svg: &str, caption: &str) -> String {
    let Some(open_end) = svg.find('>') else {
        return svg.to_string();
    };
    let opening = &svg[..open_end];
    let view_box = opening
        .split("viewBox=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or("0 0 640 360");
    format!(
        r#"<svg class="chart" viewBox="{view_box}" role="img" aria-label="{}" xmlns="http://www.w3.org/2000/svg">{}"#,
        escape(caption),
        &svg[open_end + 1..]
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(round: u32, order: &[i64]) -> PositionsAfterRound {
        PositionsAfterRound {
            round,
            positions: order
                .iter()
                .zip(1..)
                .map(|(team, position)| (TeamId(*team), position))
                .collect(),
        }
    }

    #[test]
    fn a_line_a_team_named_at_its_end() {
        let teams = [
            TeamLine {
                team: TeamId(1),
                name: "The Anchor",
            },
            TeamLine {
                team: TeamId(2),
                name: "Bell & Crown",
            },
        ];
        let history = [after(1, &[1, 2]), after(2, &[2, 1])];
        let svg =
            positions_through_the_season(&history, &teams, "Premier: positions", None).unwrap();
        assert!(svg.starts_with(r#"<svg class="chart" viewBox="0 0 640 116" role="img" aria-label="Premier: positions""#), "{svg}");
        assert!(
            svg.contains("The Anchor") && svg.contains("Bell &amp; Crown"),
            "{svg}"
        );
        for colour in [r##"stroke="#0072B2""##, r##"stroke="#D55E00""##] {
            assert_eq!(
                svg.matches(&format!("<polyline fill=\"none\" opacity=\"1\" {colour}"))
                    .count(),
                1,
                "{svg}"
            );
        }
        assert!(positions_through_the_season(&[], &teams, "none", None).is_none());
        assert_eq!(line_colour(0), "#0072B2");
        assert_eq!(line_colour(13), "#D55E00");
    }

    #[test]
    fn a_highlighted_team_is_drawn_last_thicker_and_the_others_paler() {
        let teams = [
            TeamLine {
                team: TeamId(1),
                name: "The Anchor",
            },
            TeamLine {
                team: TeamId(2),
                name: "The Bell",
            },
        ];
        let history = [after(1, &[1, 2]), after(2, &[2, 1])];
        let svg =
            positions_through_the_season(&history, &teams, "positions", Some(TeamId(1))).unwrap();
        let anchor = svg
            .find(r##"opacity="1" stroke="#0072B2" stroke-width="6""##)
            .unwrap_or_else(|| panic!("the Anchor's thick line in {svg}"));
        let bell = svg
            .find(r##"opacity="0.3" stroke="#D55E00" stroke-width="2""##)
            .unwrap_or_else(|| panic!("the Bell's pale line in {svg}"));
        assert!(bell < anchor, "the highlighted line is drawn last");
    }

    #[test]
    fn a_bar_a_game() {
        let games = [
            FormGame {
                won: true,
                points_for: 61,
                points_against: 40,
            },
            FormGame {
                won: false,
                points_for: 30,
                points_against: 61,
            },
            FormGame {
                won: true,
                points_for: 0,
                points_against: 0,
            },
        ];
        let svg = player_form(&games, "form").unwrap();
        // The background and the three bars.
        assert_eq!(svg.matches("<rect").count(), 4, "{svg}");
        assert!(
            svg.contains(r##"fill="#0B5D3B""##) && svg.contains(r##"fill="#A4161A""##),
            "{svg}"
        );
        assert!(player_form(&[], "form").is_none());
    }
}
