//! The JSON that `fives pair` and `fives standings` write, by hand so that the key order and
//! the numbers (six decimals at most, integers without a point) are exactly the specification's.

use crate::event::{Event, Tiebreak, quoted};
use crate::pair::{Label, PairedRound};
use crate::standings::{Part, Standing};

/// `{"round": 4, "tables": [{"table": 1, "seats": ["ann", "dan"]}, …], "byes": ["eve"]}`
pub fn round_json(event: &Event, round: &PairedRound) -> String {
    use std::fmt::Write;
    // Written into one string (50,000 tables of a large round, without a string for each).
    let mut out = String::with_capacity(64 + 48 * round.tables.len() + 16 * round.byes.len());
    let id = |out: &mut String, e: usize| push_quoted(out, &event.entrants[e].id);
    write!(out, "{{\"round\": {}, \"tables\": [", round.number).expect("writing to a string");
    for (t, table) in round.tables.iter().enumerate() {
        if t > 0 {
            out.push_str(", ");
        }
        write!(out, "{{\"table\": {}, \"seats\": [", t + 1).expect("writing to a string");
        for (s, &e) in table.seats.iter().enumerate() {
            if s > 0 {
                out.push_str(", ");
            }
            id(&mut out, e);
        }
        out.push(']');
        match &table.label {
            None => {}
            Some(Label::Bracket(bracket)) => {
                out.push_str(", \"bracket\": ");
                push_quoted(&mut out, bracket);
            }
            Some(Label::Group(group)) => {
                out.push_str(", \"group\": ");
                push_quoted(&mut out, group);
            }
            Some(Label::PlayOff) => out.push_str(", \"stage\": \"play-off\""),
        }
        out.push('}');
    }
    out.push_str("], \"byes\": [");
    for (b, &e) in round.byes.iter().enumerate() {
        if b > 0 {
            out.push_str(", ");
        }
        id(&mut out, e);
    }
    out.push_str("]}");
    out
}

/// Appends `text` as a JSON string, as [`quoted`] writes it: a text with nothing to escape
/// (no quote, backslash or control character) between quotes as it is.
fn push_quoted(out: &mut String, text: &str) {
    if text
        .bytes()
        .any(|b| b == b'"' || b == b'\\' || b < 0x20 || b == 0x7f)
    {
        out.push_str(&quoted(text));
    } else {
        out.push('"');
        out.push_str(text);
        out.push('"');
    }
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
