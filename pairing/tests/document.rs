//! The event document through the commands: every rule and refusal, from the specification.

mod formats_support;

use formats_support::*;

/// Each rule's refusal with its message, the specification's own example of a refusal
/// included, is a worked example in `tests/examples/`: an `event.json` and its `refusal.txt`.
/// Text that is not JSON at all stays here.
#[test]
fn text_that_is_not_json_is_refused() {
    let response = pair_text("not json");
    assert_eq!(response.exit_code, 2);
    assert!(response.stdout.is_empty());
    assert!(
        response
            .stderr
            .starts_with("expected ident at line 1 column 2")
    );
}

#[test]
fn anything_but_white_space_after_the_document_is_refused() {
    let document = json!({"format": "knockout", "entrants": entrants(&["ann", "bob"])}).to_string();
    for (text, paired) in [
        (document.clone(), true),
        (format!("  {document} \n\t\r\n"), true),
        (format!("{document} x"), false),
        (format!("{document}{document}"), false),
        (format!("{document}\n{document}\n"), false),
        (format!("{document} ,"), false),
        (format!("{document} 1"), false),
    ] {
        for response in [pair_text(&text), standings_text(&text)] {
            if paired {
                assert_eq!(response.exit_code, 0, "{text:?}: {response:?}");
            } else {
                assert_eq!(response.exit_code, 2, "{text:?}: {response:?}");
                assert!(response.stdout.is_empty(), "{text:?}");
                assert!(
                    response.stderr.starts_with("trailing characters at line "),
                    "{text:?}: {}",
                    response.stderr
                );
            }
        }
    }
}

#[test]
fn underscore_options_and_echoed_output_fields_are_accepted() {
    let event = json!({
        "format": "knockout",
        "name": "County singles",
        "entrants": entrants(&["ann", "bob"]),
        "rounds": [{"round": 1, "tables": [{"table": 1, "seats": ["ann", "bob"], "points": [0, 1]}], "byes": []}],
        "options": {"_note": "no third place"}
    });
    let (code, out) = pair(&event);
    assert_eq!(code, 3);
    assert_eq!(
        out,
        json!({"round": null, "reason": "the event is over: \"bob\" is the champion"})
    );
    // The reason is on standard output only.
    assert!(pair_text(&event.to_string()).stderr.is_empty());
}
