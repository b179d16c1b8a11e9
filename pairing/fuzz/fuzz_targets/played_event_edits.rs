//! Structure-aware: plays a random event of any format for a few rounds through `fives pair`
//! itself (every round it writes must be accepted back with its results), then applies a few
//! edits to the document (an id, a seat, points, a withdrawal, an option, a round dropped or
//! repeated) so that nearly every input is an event document and the validation and the
//! engines, not the JSON parser, see the mutation. Asserts what `event_document` asserts.

#![no_main]

use fives_pairing::command::{Response, pair_text, standings_text};
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

const FORMATS: [&str; 5] = [
    "swiss",
    "knockout",
    "double-elimination",
    "round-robin",
    "groups",
];
const TIEBREAKS: [&str; 10] = [
    "buchholz",
    "buchholz-cut-1",
    "median-buchholz",
    "sonneborn-berger",
    "wins",
    "game-points",
    "game-point-difference",
    "head-to-head",
    "average-rating-of-opponents",
    "koya",
];

#[derive(Arbitrary, Debug)]
struct Input {
    format: u8,
    entrants: u8,
    seats: u8,
    partnerships: bool,
    smaller_tables: bool,
    third_place: bool,
    reset: bool,
    groups: u8,
    advance: u8,
    tiebreaks: Vec<u8>,
    ratings: Vec<i16>,
    rounds: u8,
    results: Vec<u8>,
    edits: Vec<Edit>,
}

#[derive(Arbitrary, Debug)]
enum Edit {
    Id {
        entrant: u8,
        id: Id,
    },
    Seat {
        round: u8,
        table: u8,
        seat: u8,
        id: Id,
    },
    Points {
        round: u8,
        table: u8,
        seat: u8,
        points: Points,
    },
    DropPoints {
        round: u8,
        table: u8,
    },
    DropTable {
        round: u8,
        table: u8,
    },
    SwapSeats {
        round: u8,
        table: u8,
    },
    Bye {
        round: u8,
        id: Id,
    },
    Withdraw {
        entrant: u8,
        after: u8,
    },
    DropRound {
        round: u8,
    },
    RepeatRound {
        round: u8,
    },
    Option {
        name: u8,
        value: OptionValue,
    },
    Seats(u8),
}

#[derive(Arbitrary, Debug)]
enum Id {
    Entrant(u8),
    Text(String),
}

#[derive(Arbitrary, Debug)]
enum Points {
    Small(i8),
    Half(i8),
    Any(f64),
}

#[derive(Arbitrary, Debug)]
enum OptionValue {
    Flag(bool),
    Number(i64),
    Name(u8),
}

fn json_of(response: &Response) -> Value {
    serde_json::from_str(&response.stdout)
        .unwrap_or_else(|error| panic!("the output is not JSON ({error}): {}", response.stdout))
}

fn check(text: &str) -> Response {
    let pair = pair_text(text);
    match pair.exit_code {
        0 => assert!(json_of(&pair)["round"].is_u64(), "{}", pair.stdout),
        2 => assert!(pair.stdout.is_empty() && !pair.stderr.trim().is_empty()),
        3 => assert!(json_of(&pair)["round"].is_null(), "{}", pair.stdout),
        code => panic!("fives pair exited {code}"),
    }
    assert_eq!(pair, pair_text(text), "the same document, another answer");
    let standings = standings_text(text);
    match standings.exit_code {
        0 => assert!(json_of(&standings)["standings"].is_array()),
        2 => assert!(standings.stdout.is_empty()),
        code => panic!("fives standings exited {code}"),
    }
    pair
}

fn pick<T>(list: &[T], index: u8) -> Option<&T> {
    (!list.is_empty()).then(|| &list[usize::from(index) % list.len()])
}

fn event(input: &Input) -> Value {
    let format = FORMATS[usize::from(input.format) % FORMATS.len()];
    let size = 2 + usize::from(input.entrants % 15);
    let seats = if format == "swiss" {
        2 + input.seats % 3
    } else {
        2
    };
    let entrants: Vec<Value> = (0..size)
        .map(|i| {
            let rating = pick(&input.ratings, i as u8).copied().unwrap_or(0);
            json!({"id": format!("e{i}"), "rating": rating})
        })
        .collect();
    let tiebreaks: Vec<&str> = input
        .tiebreaks
        .iter()
        .take(4)
        .map(|&t| TIEBREAKS[usize::from(t) % (TIEBREAKS.len() - 1)])
        .collect();
    let mut tiebreaks_unique = Vec::new();
    for name in tiebreaks {
        if !tiebreaks_unique.contains(&name) {
            tiebreaks_unique.push(name);
        }
    }
    json!({
        "format": format,
        "seats": seats,
        "partnerships": input.partnerships && seats == 4,
        "entrants": entrants,
        "rounds": [],
        "options": {
            "remainder": if input.smaller_tables { "smaller-tables" } else { "byes" },
            "third_place": input.third_place,
            "grand_final_reset": input.reset,
            "groups": 1 << (input.groups % 3),
            "advance": 1 << (input.advance % 2),
            "tiebreaks": tiebreaks_unique,
        }
    })
}

/// Plays up to `input.rounds` rounds through `fives pair`, each result from `input.results`.
fn play(input: &Input, mut event: Value) -> Value {
    let mut result = 0usize;
    for played in 0..input.rounds % 8 {
        let response = pair_text(&event.to_string());
        // The options drawn may make a document that is refused before any round: that is
        // fine; once a round is played, every document here comes from `fives pair` itself.
        if response.exit_code == 3 || (played == 0 && response.exit_code == 2) {
            break;
        }
        assert_eq!(
            response.exit_code, 0,
            "a round written by fives pair, played, is refused: {}\n{event}",
            response.stderr
        );
        let out = json_of(&response);
        let tables: Vec<Value> = out["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|table| {
                let seats = table["seats"].as_array().unwrap().clone();
                let winner = pick(&input.results, result as u8).copied().unwrap_or(0);
                result += 1;
                let points: Vec<i64> = (0..seats.len())
                    .map(|s| i64::from(s == usize::from(winner) % seats.len()))
                    .collect();
                let mut table = table.clone();
                table["points"] = json!(points);
                table
            })
            .collect();
        event["rounds"]
            .as_array_mut()
            .unwrap()
            .push(json!({"tables": tables, "byes": out["byes"].clone()}));
    }
    event
}

fn id(event: &Value, id: &Id) -> Value {
    match id {
        Id::Entrant(e) => {
            let entrants = event["entrants"].as_array().unwrap();
            pick(entrants, *e).map_or(json!("x"), |entrant| entrant["id"].clone())
        }
        Id::Text(text) => json!(text),
    }
}

fn table_mut<'a>(event: &'a mut Value, round: u8, table: u8) -> Option<&'a mut Value> {
    let rounds = event["rounds"].as_array_mut()?;
    let count = rounds.len();
    let round = rounds.get_mut(usize::from(round) % count.max(1))?;
    let tables = round["tables"].as_array_mut()?;
    let count = tables.len();
    tables.get_mut(usize::from(table) % count.max(1))
}

fn apply(event: &mut Value, edit: &Edit) {
    match edit {
        Edit::Id { entrant, id: new } => {
            let new = id(event, new);
            let entrants = event["entrants"].as_array_mut().unwrap();
            let count = entrants.len();
            entrants[usize::from(*entrant) % count]["id"] = new;
        }
        Edit::Seat {
            round,
            table,
            seat,
            id: new,
        } => {
            let new = id(event, new);
            if let Some(seats) =
                table_mut(event, *round, *table).and_then(|t| t["seats"].as_array_mut())
                && !seats.is_empty()
            {
                let count = seats.len();
                seats[usize::from(*seat) % count] = new;
            }
        }
        Edit::Points {
            round,
            table,
            seat,
            points,
        } => {
            let value = match points {
                Points::Small(p) => json!(p),
                Points::Half(p) => json!(f64::from(*p) / 2.0),
                Points::Any(p) => serde_json::Number::from_f64(*p).map_or(json!(0), Value::Number),
            };
            if let Some(list) =
                table_mut(event, *round, *table).and_then(|t| t["points"].as_array_mut())
                && !list.is_empty()
            {
                let count = list.len();
                list[usize::from(*seat) % count] = value;
            }
        }
        Edit::DropPoints { round, table } => {
            if let Some(table) = table_mut(event, *round, *table).and_then(Value::as_object_mut) {
                table.remove("points");
            }
        }
        Edit::DropTable { round, table } => {
            let rounds = event["rounds"].as_array_mut().unwrap();
            let count = rounds.len();
            if let Some(tables) = rounds
                .get_mut(usize::from(*round) % count.max(1))
                .and_then(|r| r["tables"].as_array_mut())
                && !tables.is_empty()
            {
                let count = tables.len();
                tables.remove(usize::from(*table) % count);
            }
        }
        Edit::SwapSeats { round, table } => {
            if let Some(table) = table_mut(event, *round, *table) {
                for field in ["seats", "points"] {
                    if let Some(list) = table[field].as_array_mut() {
                        list.reverse();
                    }
                }
            }
        }
        Edit::Bye { round, id: new } => {
            let new = id(event, new);
            let rounds = event["rounds"].as_array_mut().unwrap();
            let count = rounds.len();
            if let Some(round) = rounds.get_mut(usize::from(*round) % count.max(1)) {
                match round["byes"].as_array_mut() {
                    Some(byes) => byes.push(new),
                    None => round["byes"] = json!([new]),
                }
            }
        }
        Edit::Withdraw { entrant, after } => {
            let entrants = event["entrants"].as_array_mut().unwrap();
            let count = entrants.len();
            entrants[usize::from(*entrant) % count]["withdrawn_after"] = json!(after % 10);
        }
        Edit::DropRound { round } => {
            let rounds = event["rounds"].as_array_mut().unwrap();
            if !rounds.is_empty() {
                let count = rounds.len();
                rounds.remove(usize::from(*round) % count);
            }
        }
        Edit::RepeatRound { round } => {
            let rounds = event["rounds"].as_array_mut().unwrap();
            if !rounds.is_empty() {
                let count = rounds.len();
                let copy = rounds[usize::from(*round) % count].clone();
                rounds.push(copy);
            }
        }
        Edit::Option { name, value } => {
            const NAMES: [&str; 9] = [
                "bye_points",
                "remainder",
                "seeding",
                "third_place",
                "grand_final_reset",
                "groups",
                "advance",
                "tiebreaks",
                "_note",
            ];
            const WORDS: [&str; 5] = ["byes", "smaller-tables", "rating", "entry", "wins"];
            let name = NAMES[usize::from(*name) % NAMES.len()];
            event["options"][name] = match value {
                OptionValue::Flag(flag) => json!(flag),
                OptionValue::Number(n) => json!(n % 20),
                OptionValue::Name(w) => json!(WORDS[usize::from(*w) % WORDS.len()]),
            };
        }
        Edit::Seats(seats) => event["seats"] = json!(seats % 6),
    }
}

fuzz_target!(|input: Input| {
    let played = play(&input, event(&input));
    check(&played.to_string());
    let mut edited = played;
    for edit in input.edits.iter().take(6) {
        apply(&mut edited, edit);
    }
    check(&edited.to_string());
});
