//! The specification's own examples, byte for byte.

use fives_ratings::command::ratings_text;

const SPEC_DOCUMENT: &str = r#"{
  "system": "weng-lin",
  "options": {"mu": 25, "sigma": 8.333333, "beta": 4.166667, "kappa": 0.0001, "tau": 0.083333},
  "players": [{"id": "ann", "mu": 27.5, "sigma": 4.2, "games": 31}],
  "games": [
    {"id": "f12.3", "date": "2026-11-24", "sides": [["ann"], ["bob"]], "ranks": [1, 2]},
    {"id": "f12.7", "date": "2026-11-24", "sides": [["ann", "cat"], ["bob", "dan"]], "ranks": [2, 1]},
    {"id": "c3.1.4", "date": "2026-11-28", "sides": [["ann"], ["bob"], ["cat"]], "ranks": [1, 2, 2]}
  ]
}
"#;

const SPEC_OUTPUT: &str = r#"{"ratings": [
  {"id": "ann", "mu": 28.868400, "sigma": 4.094865, "rating": 1732, "low": 1241, "high": 2223, "games": 34, "provisional": false},
  {"id": "dan", "mu": 27.589489, "sigma": 8.132431, "rating": 1655, "low": 679, "high": 2631, "games": 1, "provisional": true},
  {"id": "bob", "mu": 21.915248, "sigma": 7.103031, "rating": 1315, "low": 463, "high": 2167, "games": 3, "provisional": true},
  {"id": "cat", "mu": 20.276309, "sigma": 7.461640, "rating": 1217, "low": 321, "high": 2112, "games": 2, "provisional": true}
]}
"#;

#[test]
fn the_specifications_document_gives_its_output() {
    let response = ratings_text(SPEC_DOCUMENT);
    assert_eq!(response.stderr, "");
    assert_eq!(response.exit_code, 0);
    assert_eq!(response.stdout, SPEC_OUTPUT);
}
