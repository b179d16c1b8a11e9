//! A division's `standings.csv` and `results.csv`, for anyone who wants the tables in a
//! spreadsheet or a script. The headers are a published format: change them only with care.
//!
//! Records end with CRLF, as RFC 4180 has it; fields are quoted only when they must be
//! (a comma, a double quote or a line break), with quotes doubled inside.

use chrono::NaiveDate;

use crate::domain::ids::TeamId;
use crate::domain::standings::StandingsRow;

pub const STANDINGS_HEADER: [&str; 10] = [
    "position",
    "team",
    "played",
    "won",
    "drawn",
    "lost",
    "games_for",
    "games_against",
    "adjustment",
    "points",
];

pub const RESULTS_HEADER: [&str; 9] = [
    "fixture_id",
    "date",
    "home",
    "away",
    "home_games",
    "away_games",
    "home_points",
    "away_points",
    "status",
];

/// Where a fixture stands, written as one lowercase word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultStatus {
    Scheduled,
    Postponed,
    /// Submitted by one captain, not yet confirmed by the other.
    AwaitingConfirmation,
    Disputed,
    Confirmed,
    /// One side did not turn up and conceded the walkover score.
    Walkover,
}

impl ResultStatus {
    pub const ALL: [ResultStatus; 6] = [
        ResultStatus::Scheduled,
        ResultStatus::Postponed,
        ResultStatus::AwaitingConfirmation,
        ResultStatus::Disputed,
        ResultStatus::Confirmed,
        ResultStatus::Walkover,
    ];

    /// The word in the `status` column; stable, since scripts match on it.
    pub fn as_str(self) -> &'static str {
        match self {
            ResultStatus::Scheduled => "scheduled",
            ResultStatus::Postponed => "postponed",
            ResultStatus::AwaitingConfirmation => "awaiting_confirmation",
            ResultStatus::Disputed => "disputed",
            ResultStatus::Confirmed => "confirmed",
            ResultStatus::Walkover => "walkover",
        }
    }
}

/// Games and points of a fixture that has a score, home first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultScore {
    pub home_games: u32,
    pub away_games: u32,
    pub home_points: u32,
    pub away_points: u32,
}

/// One fixture's line in `results.csv`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultRow {
    pub fixture_id: i64,
    pub date: NaiveDate,
    pub home: String,
    pub away: String,
    /// `None` until the fixture has a score: the four columns are then empty.
    pub score: Option<ResultScore>,
    pub status: ResultStatus,
}

/// The table as CSV, one line per row in the order given, teams by name.
pub fn standings_csv(rows: &[StandingsRow], team_name: impl Fn(TeamId) -> String) -> String {
    let mut writer = csv_writer();
    write_record(&mut writer, STANDINGS_HEADER);
    for row in rows {
        write_record(
            &mut writer,
            [
                row.position.to_string(),
                inert(team_name(row.team)),
                row.played.to_string(),
                row.won.to_string(),
                row.drawn.to_string(),
                row.lost.to_string(),
                row.games_for.to_string(),
                row.games_against.to_string(),
                row.adjustment.to_string(),
                row.points.to_string(),
            ],
        );
    }
    finish(writer)
}

/// A championship's standings: rank, entrant, score, then one column per tiebreak (named by
/// the tiebreak's name in the event document), the values as `fives standings` writes them.
pub fn championship_standings_csv(tiebreaks: &[String], lines: &[Vec<String>]) -> String {
    let mut writer = csv_writer();
    let mut header = vec!["rank".to_string(), "entrant".into(), "score".into()];
    header.extend(tiebreaks.iter().cloned());
    write_record(&mut writer, header);
    for line in lines {
        write_record(
            &mut writer,
            line.iter().enumerate().map(|(column, value)| {
                if column == 1 {
                    inert(value.clone())
                } else {
                    value.clone()
                }
            }),
        );
    }
    finish(writer)
}

pub const PAIRINGS_HEADER: [&str; 10] = [
    "stage",
    "round",
    "table",
    "seat",
    "entrant",
    "points",
    "game_points",
    "status",
    "bye",
    "partner",
];

/// One seat of a published round, or one bye, in `pairings.csv`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingRow {
    pub stage: &'static str,
    pub round: u32,
    /// `None` for a bye.
    pub table: Option<u32>,
    pub seat: Option<usize>,
    pub entrant: String,
    /// Empty until the table's result is confirmed.
    pub points: String,
    pub game_points: String,
    pub status: &'static str,
    /// The entrant's partner at a table of partnerships; empty otherwise.
    pub partner: String,
}

/// Every published round's seats and byes, one line each, in the order given.
pub fn pairings_csv(rows: &[PairingRow]) -> String {
    let mut writer = csv_writer();
    write_record(&mut writer, PAIRINGS_HEADER);
    for row in rows {
        write_record(
            &mut writer,
            [
                row.stage.to_string(),
                row.round.to_string(),
                row.table.map(|t| t.to_string()).unwrap_or_default(),
                row.seat.map(|s| s.to_string()).unwrap_or_default(),
                inert(row.entrant.clone()),
                row.points.clone(),
                row.game_points.clone(),
                row.status.to_string(),
                (if row.table.is_none() { "yes" } else { "no" }).to_string(),
                inert(row.partner.clone()),
            ],
        );
    }
    finish(writer)
}

/// The division's fixtures as CSV, one line per row in the order given.
pub fn results_csv(rows: &[ResultRow]) -> String {
    let mut writer = csv_writer();
    write_record(&mut writer, RESULTS_HEADER);
    for row in rows {
        let [home_games, away_games, home_points, away_points] = match row.score {
            Some(score) => [
                score.home_games,
                score.away_games,
                score.home_points,
                score.away_points,
            ]
            .map(|figure| figure.to_string()),
            None => Default::default(),
        };
        write_record(
            &mut writer,
            [
                row.fixture_id.to_string(),
                row.date.format("%Y-%m-%d").to_string(),
                inert(row.home.clone()),
                inert(row.away.clone()),
                home_games,
                away_games,
                home_points,
                away_points,
                row.status.as_str().to_owned(),
            ],
        );
    }
    finish(writer)
}

/// A pool's ratings as CSV, as `fives ratings` gives them, one player a line, highest first:
/// `player,id,rating,low,high,games,provisional`.
pub fn ratings_csv(rows: &[crate::app::ratings::RatedPlayer]) -> String {
    let mut writer = csv_writer();
    write_record(
        &mut writer,
        [
            "player",
            "id",
            "rating",
            "low",
            "high",
            "games",
            "provisional",
        ],
    );
    for row in rows {
        write_record(
            &mut writer,
            [
                inert(row.name.clone()),
                row.id.clone(),
                row.rating.to_string(),
                row.low.to_string(),
                row.high.to_string(),
                row.games.to_string(),
                row.provisional.to_string(),
            ],
        );
    }
    finish(writer)
}

/// A name that a spreadsheet would read as a formula gets a leading apostrophe, which
/// spreadsheets show as text. The files are public and names are typed by people, so a name
/// must never run as a formula on a reader's machine; every other name is written as it is.
fn inert(name: String) -> String {
    // Invisible characters first hide nothing: look past them.
    let first = name.chars().find(|&c| !is_invisible(c));
    if first.is_some_and(starts_a_formula) {
        format!("'{name}")
    } else {
        name
    }
}

/// Whether a cell starting with `first` may be read as a formula: `=`, `+`, `-` or `@` in any
/// of their forms (every character whose compatibility form starts with one, such as the
/// full-width ＝ and the small ﹢, and the minus signs − ➖ and heavy plus ➕, which have
/// none), or a tab, carriage return or line feed.
fn starts_a_formula(first: char) -> bool {
    use unicode_normalization::UnicodeNormalization;
    const LEADS: [char; 4] = ['=', '+', '-', '@'];
    matches!(
        first,
        '\t' | '\r' | '\n' | '\u{2212}' | '\u{2795}' | '\u{2796}'
    ) || std::iter::once(first)
        .nfkc()
        .next()
        .is_some_and(|lead| LEADS.contains(&lead))
}

/// Characters that show nothing: zero-width spaces and joiners, direction marks, word joiners,
/// the byte-order mark and the soft hyphen.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{00ad}' | '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

fn csv_writer() -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new())
}

fn write_record<I>(writer: &mut csv::Writer<Vec<u8>>, record: I)
where
    I: IntoIterator,
    I::Item: AsRef<[u8]>,
{
    // Writing to memory cannot fail.
    writer.write_record(record).expect("writing CSV to memory");
}

fn finish(writer: csv::Writer<Vec<u8>>) -> String {
    let bytes = writer.into_inner().expect("flushing CSV to memory");
    // Every field written was a Rust string.
    String::from_utf8(bytes).expect("CSV of strings is UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standings_row(position: u32, team: i64, points: i64, adjustment: i64) -> StandingsRow {
        StandingsRow {
            position,
            team: TeamId(team),
            played: 4,
            won: 3,
            drawn: 0,
            lost: 1,
            games_for: 24,
            games_against: 12,
            adjustment,
            adjustments: Vec::new(),
            points,
            play_off: false,
        }
    }

    fn team_names(team: TeamId) -> String {
        match team.0 {
            1 => "Crown".to_owned(),
            2 => r#"The "Red Lion", Upper St"#.to_owned(),
            _ => format!("team {team}"),
        }
    }

    fn date(year: i32, month: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(year, month, day).unwrap()
    }

    fn result_rows() -> Vec<ResultRow> {
        vec![
            ResultRow {
                fixture_id: 7,
                date: date(2026, 10, 6),
                home: "Crown".to_owned(),
                away: r#"The "Red Lion", Upper St"#.to_owned(),
                score: Some(ResultScore {
                    home_games: 6,
                    away_games: 3,
                    home_points: 8,
                    away_points: 3,
                }),
                status: ResultStatus::Confirmed,
            },
            ResultRow {
                fixture_id: 8,
                date: date(2026, 10, 13),
                home: r#"The "Red Lion", Upper St"#.to_owned(),
                away: "Crown".to_owned(),
                score: None,
                status: ResultStatus::Postponed,
            },
            ResultRow {
                fixture_id: 9,
                date: date(2027, 1, 5),
                home: "Crown".to_owned(),
                away: "Plough\nand Harrow".to_owned(),
                score: None,
                status: ResultStatus::Scheduled,
            },
        ]
    }

    #[test]
    fn standings_are_rendered_exactly() {
        let mut level = standings_row(2, 3, 14, 0);
        level.play_off = true;
        let rows = [
            standings_row(1, 2, 18, 0),
            standings_row(2, 1, 14, -2),
            level,
        ];

        assert_eq!(
            standings_csv(&rows, team_names),
            "position,team,played,won,drawn,lost,games_for,games_against,adjustment,points\r\n\
             1,\"The \"\"Red Lion\"\", Upper St\",4,3,0,1,24,12,0,18\r\n\
             2,Crown,4,3,0,1,24,12,-2,14\r\n\
             2,team 3,4,3,0,1,24,12,0,14\r\n"
        );
    }

    #[test]
    fn an_empty_table_is_its_header() {
        assert_eq!(
            standings_csv(&[], team_names),
            "position,team,played,won,drawn,lost,games_for,games_against,adjustment,points\r\n"
        );
        assert_eq!(
            results_csv(&[]),
            "fixture_id,date,home,away,home_games,away_games,home_points,away_points,status\r\n"
        );
    }

    #[test]
    fn results_are_rendered_exactly() {
        assert_eq!(
            results_csv(&result_rows()),
            "fixture_id,date,home,away,home_games,away_games,home_points,away_points,status\r\n\
             7,2026-10-06,Crown,\"The \"\"Red Lion\"\", Upper St\",6,3,8,3,confirmed\r\n\
             8,2026-10-13,\"The \"\"Red Lion\"\", Upper St\",Crown,,,,,postponed\r\n\
             9,2027-01-05,Crown,\"Plough\nand Harrow\",,,,,scheduled\r\n"
        );
    }

    #[test]
    fn statuses_are_distinct_lowercase_words() {
        let words: Vec<&str> = ResultStatus::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            words,
            [
                "scheduled",
                "postponed",
                "awaiting_confirmation",
                "disputed",
                "confirmed",
                "walkover"
            ]
        );
    }

    #[test]
    fn names_a_spreadsheet_would_run_as_formulas_are_written_as_text() {
        let rows: Vec<ResultRow> = ["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)", "Crown"]
            .iter()
            .enumerate()
            .map(|(index, name)| ResultRow {
                fixture_id: index as i64,
                date: date(2026, 10, 6),
                home: (*name).to_owned(),
                away: "Bell".to_owned(),
                score: None,
                status: ResultStatus::Scheduled,
            })
            .collect();
        let document = results_csv(&rows);
        let mut reader = csv::Reader::from_reader(document.as_bytes());
        let homes: Vec<String> = reader
            .records()
            .map(|record| record.unwrap()[2].to_owned())
            .collect();
        assert_eq!(
            homes,
            ["'=HYPERLINK(\"x\")", "'+1", "'-2", "'@SUM(A1)", "Crown"]
        );
    }

    #[test]
    fn formula_characters_in_any_unicode_form_are_written_as_text() {
        for name in [
            "\u{ff1d}HYPERLINK(\"x\")", // full-width =
            "\u{ff0b}1",                // full-width +
            "\u{ff0d}2",                // full-width -
            "\u{ff20}SUM(A1)",          // full-width @
            "\u{fe62}1",                // small +
            "\u{fe66}1",                // small =
            "\u{2212}3",                // minus sign
            "\u{2796}3",                // heavy minus sign
            "\u{207c}1",                // superscript =
            "\u{200b}=1",               // a zero-width space first
            "\u{feff}+1",               // a byte-order mark first
            "\tA",
            "\rA",
            "\nA",
        ] {
            assert_eq!(inert(name.to_owned()), format!("'{name}"), "{name:?}");
        }
        for name in [
            "Crown",
            "Ｃrown",
            "\u{2014}Crown",
            "'=quoted",
            " =spaced",
            "１st XI",
        ] {
            assert_eq!(inert(name.to_owned()), name, "{name:?}");
        }
    }

    #[test]
    fn awkward_names_round_trip_through_a_csv_reader() {
        let awkward = [
            r#"The "Red Lion", Upper St"#,
            "Plough\nand Harrow",
            "  Spaces  ",
            "Semi;colon",
            "\"",
            "Café Ñandú 🁫",
        ];
        let rows: Vec<ResultRow> = awkward
            .iter()
            .enumerate()
            .map(|(index, name)| ResultRow {
                fixture_id: index as i64,
                date: date(2026, 10, 6),
                home: (*name).to_owned(),
                away: format!("{name}, away"),
                score: None,
                status: ResultStatus::AwaitingConfirmation,
            })
            .collect();

        let document = results_csv(&rows);
        let mut reader = csv::Reader::from_reader(document.as_bytes());
        assert_eq!(reader.headers().unwrap(), RESULTS_HEADER.as_slice());
        let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(records.len(), awkward.len());
        for (record, name) in records.iter().zip(awkward) {
            assert_eq!(&record[2], name);
            assert_eq!(record[3], format!("{name}, away"));
            assert_eq!(&record[4], "");
            assert_eq!(&record[8], "awaiting_confirmation");
        }
    }

    #[test]
    fn standings_round_trip_through_a_csv_reader() {
        let rows = [standings_row(1, 2, 18, -3)];
        let document = standings_csv(&rows, team_names);
        let mut reader = csv::Reader::from_reader(document.as_bytes());
        assert_eq!(reader.headers().unwrap(), STANDINGS_HEADER.as_slice());
        let record = reader.records().next().unwrap().unwrap();
        assert_eq!(
            record.iter().collect::<Vec<_>>(),
            [
                "1",
                r#"The "Red Lion", Upper St"#,
                "4",
                "3",
                "0",
                "1",
                "24",
                "12",
                "-3",
                "18"
            ]
        );
    }
}
