//! Any text given to `fives pair` or `fives standings` gets an answer, never a panic: exit 0,
//! 2 or 3 (standings: 0 or 2), JSON on standard output exactly when the exit code says so, a
//! message on standard error when refused, and the same answer every time.

#![no_main]

use fives_pairing::command::{Response, pair_text, standings_text};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fn json(response: &Response) -> Value {
    serde_json::from_str(&response.stdout)
        .unwrap_or_else(|error| panic!("the output is not JSON ({error}): {}", response.stdout))
}

fuzz_target!(|bytes: &[u8]| {
    // The commands read their file as UTF-8 and refuse anything else before parsing.
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let pair = pair_text(text);
    match pair.exit_code {
        0 => {
            let out = json(&pair);
            assert!(out["round"].is_u64(), "{}", pair.stdout);
            assert!(
                out["tables"].is_array() && out["byes"].is_array(),
                "{}",
                pair.stdout
            );
        }
        2 => assert!(pair.stdout.is_empty() && !pair.stderr.trim().is_empty()),
        3 => {
            let out = json(&pair);
            assert!(
                out["round"].is_null() && out["reason"].is_string(),
                "{}",
                pair.stdout
            );
        }
        code => panic!("fives pair exited {code}"),
    }
    assert_eq!(pair, pair_text(text), "the same document, another answer");
    let standings = standings_text(text);
    match standings.exit_code {
        0 => assert!(json(&standings)["standings"].is_array()),
        2 => assert!(standings.stdout.is_empty() && !standings.stderr.trim().is_empty()),
        code => panic!("fives standings exited {code}"),
    }
});
