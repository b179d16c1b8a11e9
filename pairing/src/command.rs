//! `fives pair` and `fives standings` as text in, text out: what the commands write on
//! standard output and standard error, and their exit code. The binary only reads and writes.

use crate::event::Event;
use crate::output;
use crate::pair::{Outcome, PairedRound, pair};
use crate::standings::standings;

/// What a command writes and how it exits: 0 done, 2 the document is refused, 3 no pairing or
/// the event is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// Standard output, a JSON document and a newline, or empty.
    pub stdout: String,
    /// Standard error, a message and a newline, or empty.
    pub stderr: String,
    pub exit_code: u8,
}

impl Response {
    fn refused(message: String) -> Response {
        Response {
            stdout: String::new(),
            stderr: format!("{message}\n"),
            exit_code: 2,
        }
    }
}

/// `fives pair`: the next round of the event document `text`.
pub fn pair_text(text: &str) -> Response {
    pair_with(text, output::round_json)
}

/// `fives pair --explain`: the next round as [`pair_text`] writes it with one more key, last,
/// `"explanation"`: the value of every measure of the specification for the Swiss round
/// chosen (`null` for other formats). Refusals and exit codes are as without it.
pub fn pair_explained_text(text: &str) -> Response {
    pair_with(text, output::explained_round_json)
}

fn pair_with(text: &str, round_json: fn(&Event, &PairedRound) -> String) -> Response {
    let event = match Event::parse(text) {
        Ok(event) => event,
        Err(error) => return Response::refused(error.to_string()),
    };
    match pair(&event) {
        Err(error) => Response::refused(error.to_string()),
        Ok(Outcome::Paired(round)) => Response {
            stdout: {
                let mut stdout = round_json(&event, &round);
                stdout.push('\n');
                stdout
            },
            stderr: String::new(),
            exit_code: 0,
        },
        // The reason is in the JSON on standard output; standard error stays for refusals.
        Ok(Outcome::NoPairing(reason) | Outcome::Over(reason)) => Response {
            stdout: format!("{}\n", output::no_round_json(&reason)),
            stderr: String::new(),
            exit_code: 3,
        },
    }
}

/// `fives standings`: the standings of the rounds played so far.
pub fn standings_text(text: &str) -> Response {
    let event = match Event::parse(text) {
        Ok(event) => event,
        Err(error) => return Response::refused(error.to_string()),
    };
    match standings(&event) {
        Err(error) => Response::refused(error.to_string()),
        Ok(lines) => Response {
            stdout: format!("{}\n", output::standings_json(&event, &lines)),
            stderr: String::new(),
            exit_code: 0,
        },
    }
}
