//! What `fives pair`, `fives standings` and `fives ratings` share: a document read from a file or
//! standard input, and an answer written as text with its exit code.

use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

/// Answers the document in `file` (or standard input, for none or `-`) with `answer`, which
/// gives standard output, standard error and the exit code. An unreadable file exits 2.
pub fn answer_document(
    command: &str,
    document: &str,
    file: Option<&Path>,
    answer: impl FnOnce(&str) -> (String, String, u8),
) -> ExitCode {
    let mut text = String::new();
    let read = match file {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::read_to_string(path).map(|read| text = read)
        }
        _ => std::io::stdin().read_to_string(&mut text).map(|_| ()),
    };
    if let Err(error) = read {
        eprintln!("fives {command}: cannot read the {document}: {error}");
        return ExitCode::from(2);
    }
    let (stdout, stderr, exit_code) = answer(&text);
    // A closed pipe (`| head`) is no reason to fail: the exit code carries the answer.
    let _ = std::io::stdout().write_all(stdout.as_bytes());
    let _ = std::io::stderr().write_all(stderr.as_bytes());
    ExitCode::from(exit_code)
}
