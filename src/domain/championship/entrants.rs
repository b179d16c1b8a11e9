//! A championship's entry list as an organiser brings it: a CSV file of names (with a partner
//! for a pairs event, and a rating where the event seeds by rating), each line read and checked
//! before anything is kept, every line's problem named.

use std::collections::HashMap;

use super::EntrantKind;
use crate::domain::organisation::DisplayName;
use crate::domain::squad::ListProblem;

/// The most entrants a championship takes: a very large open day, and a field the pairing
/// engines pair in well under a second.
pub const MAX_ENTRANTS: usize = 2_000;
/// Ratings run from 0 to this (Elo-like numbers, as clubs keep them).
pub const MAX_RATING: i64 = 4_000;
/// The largest entry file taken: the largest field's names, partners and ratings, with room.
pub const MAX_ENTRY_CSV_BYTES: usize = 256 * 1024;

/// An entry read from line `line` (from 1) of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryLine {
    pub line: usize,
    pub name: DisplayName,
    /// A pair's second player.
    pub partner: Option<DisplayName>,
    pub rating: Option<i64>,
}

impl EntryLine {
    /// How the entrant is shown: a player's or team's name, or a pair's two names.
    pub fn shown_as(&self) -> String {
        match &self.partner {
            Some(partner) => pair_name(self.name.as_str(), partner.as_str()),
            None => self.name.as_str().to_string(),
        }
    }
}

/// A pair as it is shown: "Ann Lee & Bob Ray".
pub fn pair_name(first: &str, second: &str) -> String {
    format!("{first} & {second}")
}

/// Which column holds what: from a heading row (`name`, `partner`, `rating`, in any case and
/// order), or by position without one (name, then the partner for pairs, then the rating).
struct Columns {
    name: usize,
    partner: Option<usize>,
    rating: Option<usize>,
}

/// The entries of a CSV file for an event of `kind`. Blank rows are passed over.
pub fn entries_from_csv(
    bytes: &[u8],
    kind: EntrantKind,
) -> Result<Vec<EntryLine>, Vec<ListProblem>> {
    if bytes.len() > MAX_ENTRY_CSV_BYTES {
        return Err(vec![ListProblem::Whole(format!(
            "The file is {} KiB; an entry file is at most {} KiB.",
            bytes.len().div_ceil(1024),
            MAX_ENTRY_CSV_BYTES / 1024
        ))]);
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(bytes);
    let pairs = kind == EntrantKind::Pairs;
    let mut columns = Columns {
        name: 0,
        partner: pairs.then_some(1),
        rating: Some(if pairs { 2 } else { 1 }),
    };
    let mut entries = Vec::new();
    let mut problems = Vec::new();
    let mut first_line_of: HashMap<String, usize> = HashMap::new();
    for (index, record) in reader.records().enumerate() {
        let line = index + 1;
        let record = match record {
            Ok(record) => record,
            Err(error) => {
                let line = error.position().map_or(line, |p| p.line() as usize);
                let message = if matches!(error.kind(), csv::ErrorKind::Utf8 { .. }) {
                    "This line is not UTF-8 text; save the file as CSV UTF-8."
                } else {
                    "This line cannot be read as CSV."
                };
                return Err(vec![ListProblem::Line {
                    line,
                    message: message.into(),
                }]);
            }
        };
        let cell = |column: Option<usize>| {
            column
                .and_then(|c| record.get(c))
                .map(|text| text.trim_start_matches('\u{feff}'))
                .filter(|text| !text.is_empty())
        };
        if index == 0 && cell(Some(0)).is_some_and(|first| first.eq_ignore_ascii_case("name")) {
            columns = headed_columns(&record);
            continue;
        }
        if record.iter().all(str::is_empty) {
            continue;
        }
        if entries.len() + problems.len() >= MAX_ENTRANTS {
            return Err(vec![ListProblem::Whole(format!(
                "A championship takes at most {MAX_ENTRANTS} entrants."
            ))]);
        }
        match entry(
            line,
            cell(Some(columns.name)),
            cell(columns.partner),
            cell(columns.rating),
            kind,
        ) {
            Ok(entry) => {
                let names = std::iter::once(&entry.name).chain(entry.partner.as_ref());
                let mut clash = None;
                for name in names {
                    if let Some(first) = first_line_of.get(name.as_str()) {
                        clash = Some(format!(
                            "{} is already entered on line {first}.",
                            name.as_str()
                        ));
                    }
                }
                match clash {
                    Some(message) => problems.push(ListProblem::Line { line, message }),
                    None => {
                        for name in std::iter::once(&entry.name).chain(entry.partner.as_ref()) {
                            first_line_of.insert(name.as_str().to_string(), line);
                        }
                        entries.push(entry);
                    }
                }
            }
            Err(message) => problems.push(ListProblem::Line { line, message }),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    if entries.is_empty() {
        return Err(vec![ListProblem::Whole(
            "The file names no entrant.".into(),
        )]);
    }
    Ok(entries)
}

fn headed_columns(heading: &csv::StringRecord) -> Columns {
    let find = |wanted: &str| {
        heading.iter().position(|cell| {
            cell.trim_start_matches('\u{feff}')
                .eq_ignore_ascii_case(wanted)
        })
    };
    Columns {
        name: 0,
        partner: find("partner"),
        rating: find("rating"),
    }
}

fn entry(
    line: usize,
    name: Option<&str>,
    partner: Option<&str>,
    rating: Option<&str>,
    kind: EntrantKind,
) -> Result<EntryLine, String> {
    let name =
        DisplayName::try_from(name.unwrap_or_default()).map_err(|error| error.to_string())?;
    let partner = match (kind, partner) {
        (EntrantKind::Pairs, None) => {
            return Err(format!(
                "{} has no partner: a pairs event enters two players a line.",
                name.as_str()
            ));
        }
        (EntrantKind::Pairs, Some(partner)) => {
            let partner = DisplayName::try_from(partner).map_err(|error| error.to_string())?;
            if partner == name {
                return Err(format!("{} cannot partner themselves.", name.as_str()));
            }
            Some(partner)
        }
        (_, Some(_)) => {
            return Err("Only a pairs event takes a partner.".into());
        }
        (_, None) => None,
    };
    let rating = rating
        .map(|text| {
            text.parse::<i64>()
                .ok()
                .filter(|rating| (0..=MAX_RATING).contains(rating))
                .ok_or_else(|| {
                    format!("The rating {text:?} is not a whole number from 0 to {MAX_RATING}.")
                })
        })
        .transpose()?;
    Ok(EntryLine {
        line,
        name,
        partner,
        rating,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(entries: &[EntryLine]) -> Vec<String> {
        entries.iter().map(EntryLine::shown_as).collect()
    }

    #[test]
    fn players_are_read_with_or_without_a_heading() {
        let headed = entries_from_csv(
            b"Rating,Name\n1500,Ann Lee\n,Bob Ray\n",
            EntrantKind::Players,
        );
        // A heading is recognised by "name" in its first column only.
        assert!(headed.is_err());
        let headed = entries_from_csv(
            b"\xef\xbb\xbfName,Club,Rating\nAnn Lee,Anchor,1500\nBob Ray,Bell,\n\n",
            EntrantKind::Players,
        )
        .unwrap();
        assert_eq!(names(&headed), ["Ann Lee", "Bob Ray"]);
        assert_eq!((headed[0].rating, headed[1].rating), (Some(1500), None));
        assert_eq!((headed[0].line, headed[1].line), (2, 3));
        let plain = entries_from_csv(b"Ann Lee,1500\nBob Ray\n", EntrantKind::Players).unwrap();
        assert_eq!(plain[0].rating, Some(1500));
    }

    #[test]
    fn pairs_need_two_different_players_each_entered_once() {
        let pairs = entries_from_csv(b"Ann,Bob,1600\nCat,Dan\n", EntrantKind::Pairs).unwrap();
        assert_eq!(names(&pairs), ["Ann & Bob", "Cat & Dan"]);
        let problems =
            entries_from_csv(b"Ann,Bob\nCat\nDan,Dan\nEve,Ann\n", EntrantKind::Pairs).unwrap_err();
        let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                "Line 2: Cat has no partner: a pairs event enters two players a line.",
                "Line 3: Dan cannot partner themselves.",
                "Line 4: Ann is already entered on line 1.",
            ]
        );
    }

    #[test]
    fn ratings_and_sizes_have_limits() {
        let problems =
            entries_from_csv(b"Ann,4001\nBob,-1\nCat,12.5\n", EntrantKind::Players).unwrap_err();
        assert_eq!(problems.len(), 3);
        assert!(problems[0].to_string().contains("from 0 to 4000"));
        let big = vec![b'a'; MAX_ENTRY_CSV_BYTES + 1];
        assert!(
            entries_from_csv(&big, EntrantKind::Players).unwrap_err()[0]
                .to_string()
                .contains("at most 256 KiB")
        );
        let many: String = (0..=MAX_ENTRANTS)
            .map(|i| format!("Player {i}\n"))
            .collect();
        assert_eq!(
            entries_from_csv(many.as_bytes(), EntrantKind::Players).unwrap_err()[0].to_string(),
            format!("A championship takes at most {MAX_ENTRANTS} entrants.")
        );
        assert!(entries_from_csv(b"\n\n", EntrantKind::Players).is_err());
        assert!(
            entries_from_csv(b"Ann,Bob\n", EntrantKind::Players).unwrap_err()[0]
                .to_string()
                .contains("is not a whole number")
        );
    }
}
