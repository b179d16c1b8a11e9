//! `fives ratings` as text in, text out: what the command writes on standard output and
//! standard error, and its exit code. The binary only reads and writes.

use crate::output::ratings_json;
use crate::ratings::rate;

/// What the command writes and how it exits: 0 done, 2 the document is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// Standard output, a JSON document and a newline, or empty.
    pub stdout: String,
    /// Standard error, a message and a newline, or empty.
    pub stderr: String,
    pub exit_code: u8,
}

/// `fives ratings`: the ratings of the games document `text`.
pub fn ratings_text(text: &str) -> Response {
    let answer = crate::parse(text).and_then(|pool| {
        let ratings = rate(&pool)?;
        Ok(ratings_json(&pool, &ratings))
    });
    match answer {
        Ok(stdout) => Response {
            stdout,
            stderr: String::new(),
            exit_code: 0,
        },
        Err(refusal) => Response {
            stdout: String::new(),
            stderr: format!("{refusal}\n"),
            exit_code: 2,
        },
    }
}
