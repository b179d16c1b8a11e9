//! Any text given to `record check` gets a verdict, never a panic, and its report is coherent:
//! exit code 0, 1 or 2, a JSON report whose `valid` is true exactly when the exit code is 0.

#![no_main]

use fives_rules::record::check_text;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|bytes: &[u8]| {
    // `record check` reads its file as UTF-8 and refuses anything else before checking, so
    // only valid UTF-8 reaches the checker; other inputs say nothing about it.
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let report = check_text(text);
    let exit_code = report.exit_code();
    assert!(exit_code <= 2, "exit code {exit_code} is not 0, 1 or 2");
    let json = report.to_json();
    let parsed: Value = serde_json::from_str(&json)
        .unwrap_or_else(|error| panic!("the report is not JSON ({error}): {json}"));
    let valid = parsed["valid"]
        .as_bool()
        .unwrap_or_else(|| panic!("the report has no boolean \"valid\": {json}"));
    assert_eq!(
        valid,
        exit_code == 0,
        "\"valid\" disagrees with exit code {exit_code}: {json}"
    );
});
