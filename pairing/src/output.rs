//! The JSON that `fives pair` and `fives standings` write, by hand so that the key order and
//! the numbers (six decimals at most, integers without a point) are exactly the specification's.

use crate::event::{Event, Tiebreak, quoted};
use crate::pair::{Label, PairedRound};
use crate::standings::{Part, Standing};

/// `{"round": 4, "tables": [{"table": 1, "seats": ["ann", "dan"]}, …], "byes": ["eve"]}`
pub fn round_json(event: &Event, round: &PairedRound) -> String {
    let id = |e: usize| quoted(&event.entrants[e].id);
    let tables: Vec<String> = round
        .tables
        .iter()
        .enumerate()
        .map(|(t, table)| {
            let seats: Vec<String> = table.seats.iter().map(|&e| id(e)).collect();
            let label = match &table.label {
                None => String::new(),
                Some(Label::Bracket(bracket)) => format!(", \"bracket\": {}", quoted(bracket)),
                Some(Label::Group(group)) => format!(", \"group\": {}", quoted(group)),
                Some(Label::PlayOff) => ", \"stage\": \"play-off\"".to_string(),
            };
            format!(
                "{{\"table\": {}, \"seats\": [{}]{label}}}",
                t + 1,
                seats.join(", ")
            )
        })
        .collect();
    let byes: Vec<String> = round.byes.iter().map(|&e| id(e)).collect();
    format!(
        "{{\"round\": {}, \"tables\": [{}], \"byes\": [{}]}}",
        round.number,
        tables.join(", "),
        byes.join(", ")
    )
}

/// The round as [`round_json`] writes it with one more key, last: `"explanation"`, the
/// measures of a Swiss round (`null` for other formats), for `fives pair --explain`.
pub fn explained_round_json(event: &Event, round: &PairedRound) -> String {
    let plain = round_json(event, round);
    let explanation =
        crate::explain::explain(event, round).map_or("null".to_string(), |e| e.to_json());
    let without_end = plain.strip_suffix('}').expect("a JSON object ends with }");
    format!("{without_end}, \"explanation\": {explanation}}}")
}

/// `{"round": null, "reason": "…"}`
pub fn no_round_json(reason: &str) -> String {
    format!("{{\"round\": null, \"reason\": {}}}", quoted(reason))
}

/// `{"standings": [\n  {"rank": 1, "id": "ann", "score": 4.5, "tiebreaks": {…}},\n  …\n]}`
pub fn standings_json(event: &Event, lines: &[Standing]) -> String {
    let names: Vec<&str> = event
        .options
        .tiebreaks
        .iter()
        .map(|t| Tiebreak::name(*t))
        .collect();
    let lines: Vec<String> = lines
        .iter()
        .map(|line| {
            let tiebreaks: Vec<String> = names
                .iter()
                .zip(&line.tiebreaks)
                .map(|(name, value)| format!("{}: {}", quoted(name), value.to_json()))
                .collect();
            let part = match &line.part {
                None => String::new(),
                Some(Part::Group(group)) => format!(", \"group\": {}", quoted(group)),
                Some(Part::PlayOff) => ", \"stage\": \"play-off\"".to_string(),
            };
            format!(
                "  {{\"rank\": {}, \"id\": {}, \"score\": {}, \"tiebreaks\": {{{}}}{part}}}",
                line.rank,
                quoted(&event.entrants[line.entrant].id),
                line.score.to_json(),
                tiebreaks.join(", ")
            )
        })
        .collect();
    if lines.is_empty() {
        "{\"standings\": []}".to_string()
    } else {
        format!("{{\"standings\": [\n{}\n]}}", lines.join(",\n"))
    }
}
