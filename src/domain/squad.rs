//! A team's squad: how many players it may hold, and the lists of names an organiser pastes or
//! uploads (CSV) to add several players at once, each line read and checked before anything is
//! kept.

use std::collections::HashMap;

use super::organisation::DisplayName;

/// The most players one squad holds: far more than a pub team fields in a season, few enough
/// that a squad's page and a result form's player lists stay short.
pub const MAX_SQUAD_PLAYERS: usize = 40;

/// The most names one list may hold: a whole squad at once.
pub const MAX_LIST_NAMES: usize = MAX_SQUAD_PLAYERS;

/// The largest CSV file taken: a full squad's names with room for other columns.
pub const MAX_CSV_BYTES: usize = 16 * 1024;

/// A name read from line `line` (from 1) of a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedName {
    pub line: usize,
    pub name: DisplayName,
}

/// What is wrong with a list: with the list as a whole, or with each line named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListProblem {
    Whole(String),
    Line { line: usize, message: String },
}

impl ListProblem {
    fn line(line: usize, message: impl Into<String>) -> Self {
        Self::Line {
            line,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ListProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Whole(message) => f.write_str(message),
            Self::Line { line, message } => write!(f, "Line {line}: {message}"),
        }
    }
}

/// The names of a pasted list, one a line; blank lines are passed over. Every line's problem
/// is given, not only the first.
pub fn names_from_text(text: &str) -> Result<Vec<ListedName>, Vec<ListProblem>> {
    let lines = text
        .lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.to_string()));
    checked_names(lines, Blank::PassOver)
}

/// The names of a list given item by item (the API's), its lines counted from 1; a blank item
/// is a problem, not passed over.
pub fn names_from_items(items: &[String]) -> Result<Vec<ListedName>, Vec<ListProblem>> {
    let lines = items
        .iter()
        .enumerate()
        .map(|(index, item)| (index + 1, item.clone()));
    checked_names(lines, Blank::Refuse)
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Blank {
    PassOver,
    Refuse,
}

/// The names of a CSV file: the first column of each row, after a heading row whose first
/// column is "name" (in any case), which is passed over; rows with an empty first column too.
pub fn names_from_csv(bytes: &[u8]) -> Result<Vec<ListedName>, Vec<ListProblem>> {
    if bytes.len() > MAX_CSV_BYTES {
        return Err(vec![ListProblem::Whole(format!(
            "The file is {} KiB; a squad's file is at most {} KiB.",
            bytes.len().div_ceil(1024),
            MAX_CSV_BYTES / 1024
        ))]);
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut rows = Vec::new();
    for (index, record) in reader.byte_records().enumerate() {
        let record = record.map_err(|error| {
            let line = error
                .position()
                .map_or(index + 1, |position| position.line() as usize);
            vec![ListProblem::line(line, "This line cannot be read as CSV.")]
        })?;
        let line = record
            .position()
            .map_or(index + 1, |position| position.line() as usize);
        let first = record.get(0).unwrap_or_default();
        let Ok(first) = std::str::from_utf8(first) else {
            return Err(vec![ListProblem::line(
                line,
                "This line is not UTF-8 text; save the file as CSV UTF-8.",
            )]);
        };
        let first = first.trim_start_matches('\u{feff}');
        if index == 0 && first.trim().eq_ignore_ascii_case("name") {
            continue;
        }
        rows.push((line, first.to_string()));
    }
    checked_names(rows.into_iter(), Blank::PassOver)
}

fn checked_names(
    lines: impl Iterator<Item = (usize, String)>,
    blank: Blank,
) -> Result<Vec<ListedName>, Vec<ListProblem>> {
    read_list(lines, blank, &SQUAD_LIST)
}

/// How a list of names is read: how many it holds and what is said past that, when two
/// names are the same, and what is said of a list of none.
pub(crate) struct ListRules {
    pub most: usize,
    pub too_many: fn(usize) -> String,
    /// What two names that count as the same have in common.
    pub same: fn(&DisplayName) -> String,
    pub empty: &'static str,
}

/// A squad's list: two players may share a name, so only a name written twice is the same.
const SQUAD_LIST: ListRules = ListRules {
    most: MAX_LIST_NAMES,
    too_many: |most| {
        format!("A list holds at most {most} names, a whole squad; add the rest in another list.")
    },
    same: |name| name.as_str().to_string(),
    empty: "The list names nobody: give one name a line.",
};

/// A list as read line by line: the names of the lines that are one, and the problem of
/// each line that is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadList {
    pub names: Vec<ListedName>,
    pub problems: Vec<ListProblem>,
}

/// The names of `lines` under `rules`, each checked as a [`DisplayName`]; a blank line passed
/// over or refused as `blank` says. Every line's problem is given, not only the first.
pub(crate) fn read_list(
    lines: impl Iterator<Item = (usize, String)>,
    blank: Blank,
    rules: &ListRules,
) -> Result<Vec<ListedName>, Vec<ListProblem>> {
    let read = read_lines(lines, blank, rules).map_err(|whole| vec![whole])?;
    if read.problems.is_empty() {
        Ok(read.names)
    } else {
        Err(read.problems)
    }
}

/// Each line of `lines` read under `rules`: the names, and each other line's problem. The list
/// as a whole is refused when it holds more than `rules.most` or nothing at all.
pub(crate) fn read_lines(
    lines: impl Iterator<Item = (usize, String)>,
    blank: Blank,
    rules: &ListRules,
) -> Result<ReadList, ListProblem> {
    let mut names: Vec<ListedName> = Vec::new();
    let mut problems = Vec::new();
    let mut first_of: HashMap<String, usize> = HashMap::new();
    let mut counted = 0;
    for (line, text) in lines {
        if text.trim().is_empty() && blank == Blank::PassOver {
            continue;
        }
        counted += 1;
        if counted > rules.most {
            return Err(ListProblem::Whole((rules.too_many)(rules.most)));
        }
        match DisplayName::try_from(text.as_str()) {
            Ok(name) => match first_of.get(&(rules.same)(&name)) {
                Some(&first) => {
                    let earlier = &names[first];
                    let message = if earlier.name == name {
                        format!("{} is already on line {}.", name.as_str(), earlier.line)
                    } else {
                        format!(
                            "{} looks the same as {} on line {}.",
                            name.as_str(),
                            earlier.name.as_str(),
                            earlier.line
                        )
                    };
                    problems.push(ListProblem::line(line, message));
                }
                None => {
                    first_of.insert((rules.same)(&name), names.len());
                    names.push(ListedName { line, name });
                }
            },
            Err(error) => problems.push(ListProblem::line(line, error.to_string())),
        }
    }
    if names.is_empty() && problems.is_empty() {
        return Err(ListProblem::Whole(rules.empty.to_string()));
    }
    Ok(ReadList { names, problems })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(listed: &[ListedName]) -> Vec<(usize, &str)> {
        listed
            .iter()
            .map(|listed| (listed.line, listed.name.as_str()))
            .collect()
    }

    #[test]
    fn a_pasted_list_is_one_name_a_line_with_blank_lines_passed_over() {
        let listed = names_from_text("Ann Lee\n\n  Bob Ray  \r\nCy Oak\n").unwrap();
        assert_eq!(
            names(&listed),
            vec![(1, "Ann Lee"), (3, "Bob Ray"), (4, "Cy Oak")]
        );
    }

    #[test]
    fn every_bad_line_is_named() {
        let long = "x".repeat(DisplayName::MAX_CHARS + 1);
        let problems = names_from_text(&format!("Ann Lee\n{long}\nAnn Lee\n")).unwrap_err();
        assert_eq!(
            problems,
            vec![
                ListProblem::line(2, "A name is at most 100 characters long."),
                ListProblem::line(3, "Ann Lee is already on line 1."),
            ]
        );
        assert_eq!(
            problems[1].to_string(),
            "Line 3: Ann Lee is already on line 1."
        );
    }

    #[test]
    fn a_list_names_someone_and_no_more_than_a_squad() {
        assert!(matches!(
            names_from_text("\n \n").unwrap_err()[..],
            [ListProblem::Whole(_)]
        ));
        let many: String = (0..=MAX_LIST_NAMES)
            .map(|n| format!("Player {n}\n"))
            .collect();
        assert_eq!(
            names_from_text(&many).unwrap_err(),
            vec![ListProblem::Whole(format!(
                "A list holds at most {MAX_LIST_NAMES} names, a whole squad; add the rest in another list."
            ))]
        );
    }

    #[test]
    fn the_items_of_a_list_are_each_a_name() {
        let items = [
            "Ann Lee".to_string(),
            " ".to_string(),
            "Bob Ray".to_string(),
        ];
        assert_eq!(
            names_from_items(&items).unwrap_err(),
            vec![ListProblem::line(2, "Enter a name.")]
        );
        let listed = names_from_items(&items[..1]).unwrap();
        assert_eq!(names(&listed), vec![(1, "Ann Lee")]);
    }

    #[test]
    fn a_csv_file_gives_its_first_column_after_any_heading() {
        let file = "\u{feff}Name,Email\nAnn Lee,ann@example.org\n\"Ray, Bob\",\n,\nCy Oak\n";
        let listed = names_from_csv(file.as_bytes()).unwrap();
        assert_eq!(
            names(&listed),
            vec![(2, "Ann Lee"), (3, "Ray, Bob"), (5, "Cy Oak")]
        );
        let without_heading = names_from_csv(b"Ann Lee\nBob Ray\n").unwrap();
        assert_eq!(
            names(&without_heading),
            vec![(1, "Ann Lee"), (2, "Bob Ray")]
        );
    }

    #[test]
    fn a_csv_file_that_is_too_big_or_not_text_is_refused() {
        let big = vec![b'a'; MAX_CSV_BYTES + 1];
        assert!(matches!(
            names_from_csv(&big).unwrap_err()[..],
            [ListProblem::Whole(_)]
        ));
        assert_eq!(
            names_from_csv(b"Ann\n\xff\xfe\n").unwrap_err(),
            vec![ListProblem::line(
                2,
                "This line is not UTF-8 text; save the file as CSV UTF-8."
            )]
        );
    }
}
