//! A document written from the plain-data types is read back as written: what the service
//! publishes, `fives ratings` reads.

use std::borrow::Cow;

use fives_ratings::command::ratings_text;
use fives_ratings::document::{DocumentSpec, GameSpec, Id, OptionsSpec, PlayerSpec, SystemName};

fn id(text: &str) -> Id<'_> {
    Id(Cow::Borrowed(text))
}

#[test]
fn a_written_document_reads_back() {
    let document = DocumentSpec {
        system: SystemName::WengLin,
        options: OptionsSpec {
            history: Some(true),
            tau: Some(0.1),
            ..OptionsSpec::default()
        },
        players: vec![PlayerSpec {
            id: id("ann"),
            mu: Some(27.5),
            sigma: Some(4.2),
            rating: None,
            rd: None,
            volatility: None,
            games: Some(31.0),
        }],
        games: vec![GameSpec {
            id: id("f12.3"),
            date: id("2026-11-24"),
            sides: vec![vec![id("ann"), id("cat")], vec![id("bob \"b\""), id("dan")]],
            ranks: vec![1.0, 2.0],
            period: None,
        }],
    };
    let text = serde_json::to_string(&document).unwrap();
    let response = ratings_text(&text);
    assert_eq!(response.exit_code, 0, "{}\n{text}", response.stderr);
    assert!(response.stdout.contains(r#""id": "bob \"b\"""#));
    let pool = fives_ratings::parse(&text).unwrap();
    assert_eq!(pool.players, ["ann", "cat", "bob \"b\"", "dan"]);
    assert_eq!(pool.games.len(), 1);
    assert_eq!(pool.games[0].side(1).len(), 2);
    assert!(pool.history);
}

#[test]
fn a_written_glicko_2_document_reads_back() {
    let game = |name, period| GameSpec {
        id: id(name),
        date: id("2026-11-24"),
        sides: vec![vec![id("ann")], vec![id("bob")]],
        ranks: vec![1.0, 1.0],
        period: Some(id(period)),
    };
    let document = DocumentSpec {
        system: SystemName::Glicko2,
        options: OptionsSpec::default(),
        players: Vec::new(),
        games: vec![game("g1", "w1"), game("g2", "w1"), game("g3", "w2")],
    };
    let text = serde_json::to_string(&document).unwrap();
    let pool = fives_ratings::parse(&text).unwrap();
    let periods: Vec<usize> = pool.games.iter().map(|game| game.period).collect();
    assert_eq!(periods, [0, 0, 1]);
}
