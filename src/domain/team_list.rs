//! A list of teams an organiser pastes to put several into a division at once: one team's
//! name a line, each read as a single team's name is and checked before anything is kept.

use super::organisation::DisplayName;
use super::squad::{Blank, ListProblem, ListRules, ReadList, read_lines};

/// The most teams one list may hold: more than any pub league's division.
pub const MAX_LIST_TEAMS: usize = 40;

/// A division's list: teams are told apart by their look, so two names that look the same
/// are one team written twice.
const TEAM_LIST: ListRules = ListRules {
    most: MAX_LIST_TEAMS,
    too_many: |most| format!("A list holds at most {most} teams; add the rest in another list."),
    same: DisplayName::skeleton,
    empty: "The list names no team: give one team's name a line.",
};

/// The teams of a pasted list, one name a line; blank lines are passed over. Every line's
/// problem is given, beside the names of the lines that are one (which the division's teams
/// are then checked against, so that every problem is told at once); the list as a whole is
/// refused when it is too long or names nothing.
pub fn teams_from_text(text: &str) -> Result<ReadList, ListProblem> {
    let lines = (text.lines().enumerate()).map(|(index, line)| (index + 1, line.to_string()));
    read_lines(lines, Blank::PassOver, &TEAM_LIST)
}

/// The teams of a list given item by item (the API's), counted from 1; a blank item is a
/// problem, not passed over.
pub fn teams_from_items(items: &[String]) -> Result<ReadList, ListProblem> {
    let lines = (items.iter().enumerate()).map(|(index, item)| (index + 1, item.clone()));
    read_lines(lines, Blank::Refuse, &TEAM_LIST)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::squad::ListedName;

    fn lines(listed: &[ListedName]) -> Vec<(usize, &str)> {
        (listed.iter())
            .map(|listed| (listed.line, listed.name.as_str()))
            .collect()
    }

    #[test]
    fn a_pasted_list_is_one_team_a_line_with_blank_lines_passed_over() {
        let listed = teams_from_text("The Bell\n\n  Red Lion \r\nThe Swan\n").unwrap();
        assert!(listed.problems.is_empty());
        assert_eq!(
            lines(&listed.names),
            vec![(1, "The Bell"), (3, "Red Lion"), (4, "The Swan")]
        );
    }

    #[test]
    fn every_bad_line_is_named_and_a_look_alike_is_the_same_team() {
        let long = "x".repeat(DisplayName::MAX_CHARS + 1);
        let read =
            teams_from_text(&format!("The Bell\n{long}\nThe Bell\nTHE BELL\nRed Lion")).unwrap();
        assert_eq!(lines(&read.names), vec![(1, "The Bell"), (5, "Red Lion")]);
        assert_eq!(
            read.problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            vec![
                "Line 2: A name is at most 100 characters long.",
                "Line 3: The Bell is already on line 1.",
                "Line 4: THE BELL looks the same as The Bell on line 1.",
            ]
        );
    }

    #[test]
    fn a_list_names_a_team_and_no_more_than_the_limit() {
        assert_eq!(
            teams_from_text("\n  \n").unwrap_err(),
            ListProblem::Whole("The list names no team: give one team's name a line.".into())
        );
        let full: String = (1..=MAX_LIST_TEAMS)
            .map(|n| format!("Team {n}\n"))
            .collect();
        assert_eq!(teams_from_text(&full).unwrap().names.len(), MAX_LIST_TEAMS);
        let over = format!("{full}Team {}\n", MAX_LIST_TEAMS + 1);
        assert_eq!(
            teams_from_text(&over).unwrap_err(),
            ListProblem::Whole(format!(
                "A list holds at most {MAX_LIST_TEAMS} teams; add the rest in another list."
            ))
        );
    }

    #[test]
    fn the_items_of_a_list_are_each_a_team() {
        let items = ["The Bell".to_string(), " ".to_string()];
        assert_eq!(
            teams_from_items(&items).unwrap().problems,
            vec![ListProblem::Line {
                line: 2,
                message: "Enter a name.".into()
            }]
        );
    }
}
