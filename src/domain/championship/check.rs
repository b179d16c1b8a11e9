//! A format choice checked as a whole: every problem of the stages, the seating, the team match,
//! what a table plays, its scoring and the tiebreaks, in an organiser's words.

use fives_pairing::event::Tiebreak;

use super::format::*;

impl TryFrom<FormatChoice> for ChampionshipFormat {
    type Error = Vec<FormatProblem>;

    fn try_from(choice: FormatChoice) -> Result<Self, Self::Error> {
        let mut problems = Vec::new();
        problems.extend(stage_problems(choice.stages));
        problems.extend(seating_problems(&choice));
        problems.extend(table_play_problems(choice.table_play));
        if let TablePlay::BestOf(n) = choice.table_play
            && choice.table_play.can_draw(2)
            && choice.stages.has_knockout()
        {
            problems.push(FormatProblem::new(
                "table_games",
                format!(
                    "A knockout table needs a winner, and best of {n} can end level: play best \
                     of an odd number, or first to a number."
                ),
            ));
        }
        problems.extend(scoring_problems(&choice));
        if choice.bye_points > Points::whole(MAX_POINTS) {
            problems.push(FormatProblem::new(
                "bye_points",
                format!("A bye scores at most {MAX_POINTS} points."),
            ));
        }
        problems.extend(tiebreak_problems(&choice.tiebreaks));
        problems.extend(team_match_problems(&choice));
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Self {
            entrants: choice.entrants,
            team_match: choice.team_match,
            stages: choice.stages,
            seating: Seating {
                seats: choice.seats,
                partnerships: choice.partnerships,
            },
            table_play: choice.table_play,
            scoring: choice.scoring,
            bye_points: choice.bye_points,
            tiebreaks: choice.tiebreaks,
            seeding: choice.seeding,
            entry_level: choice.entry_level,
        })
    }
}

fn stage_problems(stages: Stages) -> Vec<FormatProblem> {
    let mut problems = Vec::new();
    let rounds_problem = |rounds: u32| {
        (!(1..=MAX_SWISS_ROUNDS).contains(&rounds)).then(|| {
            FormatProblem::new(
                "rounds",
                format!(
                    "A Swiss has from 1 to {MAX_SWISS_ROUNDS} rounds; {rounds} were asked for."
                ),
            )
        })
    };
    match stages {
        Stages::Swiss { rounds } => problems.extend(rounds_problem(rounds)),
        Stages::SwissThenKnockout { rounds, top, .. } => {
            problems.extend(rounds_problem(rounds));
            if !KNOCKOUT_TOPS.contains(&top) {
                problems.push(FormatProblem::new(
                    "top",
                    format!("The knockout after a Swiss takes its top 4, 8 or 16, not {top}."),
                ));
            }
        }
        Stages::Groups { groups, advance } => {
            if !(2..=MAX_GROUPS).contains(&groups) {
                problems.push(FormatProblem::new(
                    "groups",
                    format!("There are from 2 to {MAX_GROUPS} groups; {groups} were asked for."),
                ));
            } else if advance == 0 || !(groups * advance).is_power_of_two() {
                problems.push(FormatProblem::new(
                    "advance",
                    format!(
                        "The play-off takes the same number from each group, and {groups} groups \
                         times {advance} must make a knockout of 2, 4, 8, 16 … entrants."
                    ),
                ));
            }
        }
        Stages::RoundRobin | Stages::Knockout { .. } | Stages::DoubleElimination { .. } => {}
    }
    problems
}

fn seating_problems(choice: &FormatChoice) -> Vec<FormatProblem> {
    let mut problems = Vec::new();
    if !(2..=4).contains(&choice.seats) {
        problems.push(FormatProblem::new(
            "seats",
            format!("A table seats 2, 3 or 4 entrants, not {}.", choice.seats),
        ));
        return problems;
    }
    if choice.partnerships && choice.seats != 4 {
        problems.push(FormatProblem::new(
            "partnerships",
            "Partnerships need four at a table: seats 1 and 3 against seats 2 and 4.",
        ));
    }
    if choice.seats > 2 && !choice.stages.is_swiss_only() {
        problems.push(FormatProblem::new(
            "seats",
            "Only a Swiss seats three or four entrants at a table; knockouts, round robins and \
             groups are played two at a table.",
        ));
    }
    if choice.seats > 2 && choice.entrants != EntrantKind::Players {
        problems.push(FormatProblem::new(
            "seats",
            "Pairs and teams meet two at a table: a pair's two players already fill a table of \
             four.",
        ));
    }
    problems
}

/// A team event plays team matches, and only a team event does: one match a table, which a
/// knockout needs to end with a winner.
fn team_match_problems(choice: &FormatChoice) -> Vec<FormatProblem> {
    let Some(team_match) = &choice.team_match else {
        return if choice.entrants == EntrantKind::Teams {
            vec![FormatProblem::new(
                "team_match",
                "A team event's tables are team matches: give the match's legs of singles and \
                 pairs games.",
            )]
        } else {
            Vec::new()
        };
    };
    if choice.entrants != EntrantKind::Teams {
        return vec![FormatProblem::new(
            "team_match",
            "Only teams play team matches; players and pairs play the table's games.",
        )];
    }
    let mut problems = team_match.problems();
    if choice.table_play != TablePlay::OneGame {
        problems.push(FormatProblem::new(
            "table_games",
            "A team event's table is one team match: its games are the match's legs.",
        ));
    }
    let games = team_match.games();
    if problems.is_empty() && choice.can_draw() && choice.stages.has_knockout() {
        problems.push(FormatProblem::new(
            "team_match",
            format!(
                "A knockout team match needs a winner, and {games} games can end level: give \
                 the match an odd number of games."
            ),
        ));
    }
    problems
}

fn table_play_problems(play: TablePlay) -> Vec<FormatProblem> {
    match play {
        TablePlay::OneGame => Vec::new(),
        TablePlay::BestOf(n) | TablePlay::FirstTo(n) if (1..=MAX_TABLE_GAMES).contains(&n) => {
            Vec::new()
        }
        TablePlay::BestOf(n) | TablePlay::FirstTo(n) => vec![FormatProblem::new(
            "table_games",
            format!("A table plays from 1 to {MAX_TABLE_GAMES} games; {n} were asked for."),
        )],
    }
}

fn scoring_problems(choice: &FormatChoice) -> Vec<FormatProblem> {
    let sides = if choice.partnerships { 2 } else { choice.seats };
    let too_many = |points: &Points| *points > Points::whole(MAX_POINTS);
    let mut problems = Vec::new();
    match &choice.scoring {
        TableScoring::WinDrawLoss { win, draw, loss } => {
            if sides != 2 {
                problems.push(FormatProblem::new(
                    "scoring",
                    format!(
                        "At a table of {sides} each for themselves, points go by place \
                         (first, second …), not by win, draw and loss."
                    ),
                ));
            }
            if [win, draw, loss].into_iter().any(too_many) {
                problems.push(FormatProblem::new(
                    "scoring",
                    format!("A table gives at most {MAX_POINTS} points."),
                ));
            } else if !(win >= draw && draw >= loss) || win == loss {
                problems.push(FormatProblem::new(
                    "scoring",
                    "A win must score more than a loss, and a draw no more than a win and no \
                     less than a loss.",
                ));
            }
        }
        TableScoring::ByPlace(places) => {
            if places.len() != sides as usize {
                problems.push(FormatProblem::new(
                    "scoring",
                    format!(
                        "Points by place need one number for each of the {sides} places at a \
                         table; {} were given.",
                        places.len()
                    ),
                ));
            }
            if places.iter().any(too_many) {
                problems.push(FormatProblem::new(
                    "scoring",
                    format!("A place gives at most {MAX_POINTS} points."),
                ));
            } else if places.windows(2).any(|pair| pair[0] < pair[1])
                || places.first() == places.last()
            {
                problems.push(FormatProblem::new(
                    "scoring",
                    "Each place must score no more than the one above it, and first more than \
                     last.",
                ));
            }
        }
    }
    problems
}

fn tiebreak_problems(tiebreaks: &[Tiebreak]) -> Vec<FormatProblem> {
    let mut problems = Vec::new();
    if tiebreaks.len() > MAX_TIEBREAKS {
        problems.push(FormatProblem::new(
            "tiebreaks",
            format!("At most {MAX_TIEBREAKS} tiebreaks, one of each kind."),
        ));
    }
    for (index, tiebreak) in tiebreaks.iter().enumerate() {
        if tiebreaks[..index].contains(tiebreak) {
            problems.push(FormatProblem::new(
                "tiebreaks",
                format!("{} is in the order twice.", tiebreak_words(*tiebreak)),
            ));
        }
    }
    problems
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::domain::championship::FormatDocument;
    use crate::domain::match_format::{Leg, PlayerLimits};

    pub(crate) fn singles_swiss() -> FormatChoice {
        FormatChoice {
            table_play: TablePlay::BestOf(3),
            ..FormatChoice::plain(Stages::Swiss { rounds: 5 })
        }
    }

    fn fields(choice: FormatChoice) -> Vec<&'static str> {
        match ChampionshipFormat::try_from(choice) {
            Ok(_) => Vec::new(),
            Err(problems) => problems.into_iter().map(|p| p.field).collect(),
        }
    }

    #[test]
    fn a_singles_swiss_and_a_four_seat_partnership_swiss_are_formats() {
        assert!(ChampionshipFormat::try_from(singles_swiss()).is_ok());
        let partnerships = FormatChoice {
            seats: 4,
            partnerships: true,
            ..singles_swiss()
        };
        let format = ChampionshipFormat::try_from(partnerships).unwrap();
        assert_eq!(format.seating.sides(), 2);
        assert_eq!(
            (0..4)
                .map(|seat| format.seating.side_of(seat))
                .collect::<Vec<_>>(),
            [0, 1, 0, 1]
        );
    }

    /// Six singles and three pairs to 61, each player at most once of each kind.
    pub(crate) fn six_singles_three_pairs() -> TeamMatch {
        use crate::domain::match_format::LegKind;
        TeamMatch {
            legs: vec![
                Leg {
                    kind: LegKind::Singles,
                    games: 6,
                    target: 61,
                },
                Leg {
                    kind: LegKind::Pairs,
                    games: 3,
                    target: 61,
                },
            ],
            player_limits: PlayerLimits::default(),
        }
    }

    #[test]
    fn teams_and_only_teams_play_a_team_match_which_a_knockout_needs_odd() {
        let team_cup = FormatChoice {
            entrants: EntrantKind::Teams,
            team_match: Some(six_singles_three_pairs()),
            ..FormatChoice::plain(Stages::Groups {
                groups: 2,
                advance: 2,
            })
        };
        let format = ChampionshipFormat::try_from(team_cup.clone()).unwrap();
        assert_eq!(format.team_match.as_ref().map(TeamMatch::games), Some(9));
        // Its document keeps the match, and reads back to the same format.
        let document = FormatDocument::from(&format);
        let json = serde_json::to_string(&document).unwrap();
        assert!(
            json.contains(r#""team_match":{"legs":[{"kind":"singles""#),
            "{json}"
        );
        let read: FormatDocument = serde_json::from_str(&json).unwrap();
        assert_eq!(ChampionshipFormat::try_from(read).unwrap(), format);
        // A players' format says nothing of a team match.
        let players = FormatDocument::from(&ChampionshipFormat::try_from(singles_swiss()).unwrap());
        assert!(
            !serde_json::to_string(&players)
                .unwrap()
                .contains("team_match")
        );

        assert_eq!(
            fields(FormatChoice {
                team_match: None,
                ..team_cup.clone()
            }),
            ["team_match"]
        );
        assert_eq!(
            fields(FormatChoice {
                entrants: EntrantKind::Players,
                ..team_cup.clone()
            }),
            ["team_match"]
        );
        assert_eq!(
            fields(FormatChoice {
                table_play: TablePlay::BestOf(3),
                ..team_cup.clone()
            }),
            ["table_games"]
        );
        let mut eight = six_singles_three_pairs();
        eight.legs[1].games = 2;
        let refused = ChampionshipFormat::try_from(FormatChoice {
            team_match: Some(eight.clone()),
            ..team_cup.clone()
        })
        .unwrap_err();
        assert!(
            refused[0].message.contains("8 games can end level"),
            "{refused:?}"
        );
        // A Swiss of team matches may end level: a draw scores as one.
        assert!(
            ChampionshipFormat::try_from(FormatChoice {
                team_match: Some(eight),
                stages: Stages::Swiss { rounds: 4 },
                ..team_cup.clone()
            })
            .is_ok()
        );
        let mut no_games = six_singles_three_pairs();
        no_games.legs[0].games = 0;
        no_games.legs[1].target = 100;
        let refused = ChampionshipFormat::try_from(FormatChoice {
            team_match: Some(no_games),
            ..team_cup
        })
        .unwrap_err();
        assert_eq!(refused.len(), 2, "{refused:?}");
        assert!(
            refused
                .iter()
                .all(|p| p.message.starts_with("The team match: "))
        );
    }

    #[test]
    fn three_at_a_table_score_by_place_and_only_in_a_swiss() {
        let three = FormatChoice {
            seats: 3,
            scoring: TableScoring::ByPlace(vec![
                Points::whole(2),
                Points::whole(1),
                Points::whole(0),
            ]),
            ..singles_swiss()
        };
        assert!(ChampionshipFormat::try_from(three.clone()).is_ok());
        assert_eq!(
            fields(FormatChoice {
                scoring: singles_swiss().scoring,
                ..three.clone()
            }),
            ["scoring"]
        );
        assert_eq!(
            fields(FormatChoice {
                stages: Stages::Knockout { third_place: false },
                ..three.clone()
            }),
            ["seats"]
        );
        assert_eq!(
            fields(FormatChoice {
                scoring: TableScoring::ByPlace(vec![
                    Points::whole(1),
                    Points::whole(2),
                    Points::whole(0)
                ]),
                ..three
            }),
            ["scoring"]
        );
    }

    #[test]
    fn every_problem_is_named_at_once() {
        let wrong = FormatChoice {
            stages: Stages::SwissThenKnockout {
                rounds: 0,
                top: 6,
                third_place: false,
            },
            seats: 3,
            partnerships: true,
            table_play: TablePlay::FirstTo(MAX_TABLE_GAMES + 1),
            bye_points: Points::whole(MAX_POINTS + 1),
            tiebreaks: vec![Tiebreak::Wins, Tiebreak::Wins],
            ..singles_swiss()
        };
        let problems = ChampionshipFormat::try_from(wrong).unwrap_err();
        let fields: Vec<_> = problems.iter().map(|p| p.field).collect();
        assert_eq!(
            fields,
            [
                "rounds",
                "top",
                "partnerships",
                "seats",
                "table_games",
                "bye_points",
                "tiebreaks"
            ]
        );
        assert!(problems[0].message.contains(&MAX_SWISS_ROUNDS.to_string()));
        assert_eq!(problems[6].message, "Tables won is in the order twice.");
    }

    #[test]
    fn groups_feed_a_knockout_of_a_power_of_two() {
        let groups = |groups, advance| FormatChoice {
            stages: Stages::Groups { groups, advance },
            ..singles_swiss()
        };
        assert!(fields(groups(4, 2)).is_empty());
        assert!(fields(groups(3, 2)) == ["advance"]);
        assert!(fields(groups(2, 0)) == ["advance"]);
        assert!(fields(groups(1, 2)) == ["groups"]);
    }

    #[test]
    fn a_knockout_table_cannot_end_level() {
        let knockout = |table_play| FormatChoice {
            stages: Stages::Knockout { third_place: true },
            table_play,
            ..singles_swiss()
        };
        assert_eq!(fields(knockout(TablePlay::BestOf(2))), ["table_games"]);
        assert!(fields(knockout(TablePlay::BestOf(3))).is_empty());
        assert!(fields(knockout(TablePlay::FirstTo(2))).is_empty());
        // A Swiss table may end level: it is a draw.
        assert!(
            fields(FormatChoice {
                table_play: TablePlay::BestOf(2),
                ..singles_swiss()
            })
            .is_empty()
        );
    }
}
