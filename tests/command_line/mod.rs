//! The `fives` binary run as a user runs it: arguments, standard input, and what it writes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `fives` with `args`, writing `stdin` to its standard input.
pub fn fives(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fives"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the fives binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Output as text; the commands write UTF-8.
#[allow(dead_code)] // not every test binary reads text
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}
