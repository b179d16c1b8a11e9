//! Random events played to their end by repeated pairing: whatever the format, field, options,
//! results and withdrawals, no entrant is seated twice in a round or after withdrawing, every
//! active entrant of a Swiss or round-robin round plays or has a bye, a knockout has its
//! champion after log2 P rounds, a double elimination puts out exactly those with two losses,
//! and a round robin meets everyone once.

use std::collections::{HashMap, HashSet};

use fives_pairing::command::{pair_text, standings_text};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{Value, json};

/// A small deterministic generator for results, seeded by the case.
struct Dice(u64);

impl Dice {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % below
    }
}

struct Played {
    event: Value,
    rounds: Vec<Value>,
    /// The answer that ended the run: exit code and output.
    end: (u8, Value),
}

/// Pairs and plays until `fives pair` exits non-zero or `max_rounds` are played, checking each
/// round with `check`. Knockout-style tables get a winner; others any points.
fn play(
    mut event: Value,
    dice: &mut Dice,
    max_rounds: usize,
    decisive: bool,
    mut check: impl FnMut(&Value, &Value) -> Result<(), TestCaseError>,
) -> Result<Played, TestCaseError> {
    event["rounds"] = json!([]);
    let mut rounds = Vec::new();
    loop {
        let response = pair_text(&event.to_string());
        let out: Value = if response.stdout.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&response.stdout).expect("JSON output")
        };
        prop_assert!(
            matches!(response.exit_code, 0 | 3),
            "exit {} for {}: {}",
            response.exit_code,
            event,
            response.stderr
        );
        let standings = standings_text(&event.to_string());
        prop_assert_eq!(standings.exit_code, 0, "{}", standings.stderr);
        if response.exit_code != 0 || rounds.len() >= max_rounds {
            return Ok(Played {
                event,
                rounds,
                end: (response.exit_code, out),
            });
        }
        check(&event, &out)?;
        prop_assert_eq!(out["round"].as_u64(), Some(rounds.len() as u64 + 1));
        let tables: Vec<Value> = out["tables"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(t, table)| {
                let seats = table["seats"].as_array().unwrap().clone();
                let mut points: Vec<Value> = Vec::new();
                if decisive {
                    let winner = dice.next(2) as usize;
                    for s in 0..seats.len() {
                        points.push(json!(if s == winner { 1 } else { 0 }));
                    }
                } else {
                    for _ in 0..seats.len() {
                        points.push(json!([0.0, 0.5, 1.0, 3.0][dice.next(4) as usize]));
                    }
                }
                let mut table = json!({"table": t + 1, "seats": seats, "points": points});
                if dice.next(2) == 0 {
                    table["game_points"] =
                        Value::from((0..seats.len()).map(|_| dice.next(200)).collect::<Vec<_>>());
                }
                table
            })
            .collect();
        let round = json!({"tables": tables, "byes": out["byes"].clone()});
        rounds.push(round.clone());
        event["rounds"].as_array_mut().unwrap().push(round);
    }
}

fn entrants_of(event: &Value) -> Vec<(String, Option<u64>)> {
    event["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["id"].as_str().unwrap().to_string(),
                e["withdrawn_after"].as_u64(),
            )
        })
        .collect()
}

/// Nobody twice, nobody after withdrawal, table numbers 1, 2, …; with `everyone`, every
/// active entrant at a table or with a bye. Returns the seated entrants of each table.
fn check_round(
    event: &Value,
    out: &Value,
    everyone: bool,
) -> Result<Vec<Vec<String>>, TestCaseError> {
    let round = out["round"].as_u64().unwrap();
    let mut seen = HashSet::new();
    let mut tables = Vec::new();
    for (t, table) in out["tables"].as_array().unwrap().iter().enumerate() {
        prop_assert_eq!(table["table"].as_u64(), Some(t as u64 + 1));
        let seats: Vec<String> = table["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        for id in &seats {
            prop_assert!(seen.insert(id.clone()), "{} twice in {}", id, out);
        }
        tables.push(seats);
    }
    for id in out["byes"].as_array().unwrap() {
        prop_assert!(
            seen.insert(id.as_str().unwrap().to_string()),
            "bye twice: {}",
            out
        );
    }
    for (id, withdrawn_after) in entrants_of(event) {
        let active = withdrawn_after.is_none_or(|after| round <= after);
        if !active {
            prop_assert!(
                !seen.contains(&id),
                "{} paired after withdrawing: {}",
                id,
                out
            );
        } else if everyone {
            prop_assert!(seen.contains(&id), "{} left out: {}", id, out);
        }
    }
    Ok(tables)
}

fn field(size: usize, ratings: &[i64], withdrawals: &[Option<u64>]) -> Value {
    Value::from(
        (0..size)
            .map(|i| {
                let mut entrant =
                    json!({"id": format!("p{i}"), "rating": ratings[i % ratings.len()]});
                if let Some(after) = withdrawals[i % withdrawals.len()] {
                    entrant["withdrawn_after"] = json!(after);
                }
                entrant
            })
            .collect::<Vec<_>>(),
    )
}

fn ratings() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(prop_oneof![Just(1500i64), 1000i64..2000], 1..6)
}

fn withdrawals() -> impl Strategy<Value = Vec<Option<u64>>> {
    prop::collection::vec(
        prop_oneof![6 => Just(None), 1 => (0u64..5).prop_map(Some)],
        1..8,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn swiss_events_never_seat_anyone_twice_nor_rematch_at_two_seats(
        size in 2usize..13,
        seats in 2usize..5,
        partnerships in any::<bool>(),
        smaller_tables in any::<bool>(),
        ratings in ratings(),
        withdrawals in withdrawals(),
        seed in any::<u64>(),
    ) {
        let partnerships = partnerships && seats == 4;
        let event = json!({
            "format": "swiss", "seats": seats, "partnerships": partnerships,
            "entrants": field(size, &ratings, &withdrawals),
            "options": {"remainder": if smaller_tables { "smaller-tables" } else { "byes" },
                        "bye_points": 0.5}
        });
        let mut met: HashSet<(String, String)> = HashSet::new();
        let played = play(event, &mut Dice(seed), 6, false, |event, out| {
            let tables = check_round(event, out, true)?;
            for table in &tables {
                let allowed: &[usize] = if partnerships {
                    &[4]
                } else if smaller_tables && seats > 2 {
                    &[seats, seats - 1]
                } else {
                    &[seats]
                };
                prop_assert!(allowed.contains(&table.len()), "{:?} in {}", table, out);
                if seats == 2 {
                    let pair = (table[0].clone().min(table[1].clone()), table[0].clone().max(table[1].clone()));
                    prop_assert!(met.insert(pair), "a rematch: {}", out);
                }
            }
            Ok(())
        })?;
        if played.end.0 == 3 {
            prop_assert!(played.end.1["round"].is_null());
        }
    }

    #[test]
    fn knockouts_have_a_champion_after_log2_p_rounds(
        size in 2usize..20,
        third_place in any::<bool>(),
        entry in any::<bool>(),
        ratings in ratings(),
        seed in any::<u64>(),
    ) {
        let event = json!({
            "format": "knockout", "entrants": field(size, &ratings, &[None]),
            "options": {"third_place": third_place, "seeding": if entry { "entry" } else { "rating" }}
        });
        let places = size.next_power_of_two();
        let played = play(event, &mut Dice(seed), 40, true, |event, out| {
            let tables = check_round(event, out, false)?;
            let round = out["round"].as_u64().unwrap() as usize;
            let expected = if round == 1 { places / 2 - (places - size) } else { places >> round };
            // The third-place match needs two losing semi-finalists: not with 3 entrants.
            let third = usize::from(
                third_place && round == places.trailing_zeros() as usize && round >= 2 && size != 3,
            );
            prop_assert_eq!(tables.len(), expected + third, "{}", out);
            let lost: HashSet<&str> = event["rounds"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|round| round["tables"].as_array().unwrap())
                .map(|table| {
                    let loser = if table["points"][0] == 1 { 1 } else { 0 };
                    table["seats"][loser].as_str().unwrap()
                })
                .collect();
            for seats in &tables[..expected] {
                for id in seats {
                    prop_assert!(!lost.contains(id.as_str()), "{} plays after losing: {}", id, out);
                }
            }
            Ok(())
        })?;
        // Every loser of a main-bracket table is out; the run ends after log2 P rounds.
        prop_assert_eq!(played.rounds.len(), places.trailing_zeros() as usize);
        prop_assert_eq!(played.end.0, 3);
        let reason = played.end.1["reason"].as_str().unwrap();
        prop_assert!(reason.contains("is the champion"), "{}", reason);
    }

    #[test]
    fn double_elimination_puts_out_exactly_those_with_two_losses(
        size in 2usize..17,
        reset in any::<bool>(),
        ratings in ratings(),
        seed in any::<u64>(),
    ) {
        let event = json!({
            "format": "double-elimination", "entrants": field(size, &ratings, &[None]),
            "options": {"grand_final_reset": reset}
        });
        let mut losses: HashMap<String, u32> = HashMap::new();
        let mut last_results: Vec<Value> = Vec::new();
        let mut dice = Dice(seed);
        let played = play(event, &mut dice, 200, true, |event, out| {
            // Score the previous round's results first.
            if let Some(round) = event["rounds"].as_array().unwrap().last() {
                last_results = round["tables"].as_array().unwrap().clone();
                for table in &last_results {
                    let loser = if table["points"][0] == 1 { 1 } else { 0 };
                    *losses.entry(table["seats"][loser].as_str().unwrap().to_string()).or_default() += 1;
                }
            }
            let tables = check_round(event, out, false)?;
            for (t, seats) in tables.iter().enumerate() {
                let bracket = out["tables"][t]["bracket"].as_str().unwrap();
                prop_assert!(["winners", "losers", "final"].contains(&bracket));
                for id in seats {
                    let lost = losses.get(id).copied().unwrap_or(0);
                    prop_assert!(lost < 2, "{} plays after two losses: {}", id, out);
                    if bracket == "winners" {
                        prop_assert_eq!(lost, 0, "{} in the winners' bracket after a loss", id);
                    }
                }
            }
            Ok(())
        })?;
        prop_assert_eq!(played.end.0, 3, "{}", played.end.1);
        // The last round's results.
        if let Some(round) = played.rounds.last() {
            for table in round["tables"].as_array().unwrap() {
                let loser = if table["points"][0] == 1 { 1 } else { 0 };
                *losses.entry(table["seats"][loser].as_str().unwrap().to_string()).or_default() += 1;
            }
        }
        let reason = played.end.1["reason"].as_str().unwrap();
        let champion = reason.split('"').nth(1).unwrap().to_string();
        prop_assert!(losses.get(&champion).copied().unwrap_or(0) <= 1);
        let mut one_loss = 0;
        for (id, _) in entrants_of(&played.event) {
            if id == champion {
                continue;
            }
            let lost = losses.get(&id).copied().unwrap_or(0);
            if reset {
                prop_assert_eq!(lost, 2, "{} out with {} losses", id, lost);
            } else {
                prop_assert!(lost == 2 || lost == 1, "{} out with {} losses", id, lost);
                one_loss += usize::from(lost == 1);
            }
        }
        // Without a reset only the first final's loser can go out after one loss.
        prop_assert!(one_loss <= 1);
    }

    #[test]
    fn round_robins_meet_everyone_once(
        size in 2usize..12,
        ratings in ratings(),
        seed in any::<u64>(),
    ) {
        let event = json!({"format": "round-robin", "entrants": field(size, &ratings, &[None])});
        let mut met: HashMap<(String, String), u32> = HashMap::new();
        let played = play(event, &mut Dice(seed), 40, false, |event, out| {
            for table in check_round(event, out, true)? {
                let pair = (table[0].clone().min(table[1].clone()), table[0].clone().max(table[1].clone()));
                *met.entry(pair).or_default() += 1;
            }
            Ok(())
        })?;
        prop_assert_eq!(played.end.0, 3);
        prop_assert_eq!(played.rounds.len(), size + size % 2 - 1);
        prop_assert_eq!(met.len(), size * (size - 1) / 2);
        prop_assert!(met.values().all(|&count| count == 1));
    }

    #[test]
    fn round_robins_with_withdrawals_never_pair_the_withdrawn(
        size in 3usize..10,
        withdrawals in withdrawals(),
        seed in any::<u64>(),
    ) {
        let event = json!({"format": "round-robin", "entrants": field(size, &[1500], &withdrawals)});
        let played = play(event, &mut Dice(seed), 40, false, |event, out| {
            check_round(event, out, true).map(|_| ())
        })?;
        prop_assert_eq!(played.end.0, 3);
    }

    #[test]
    fn groups_play_their_round_robins_then_a_play_off_with_a_champion(
        groups_log in 0u32..3,
        advance_log in 0u32..3,
        extra in 0usize..6,
        third_place in any::<bool>(),
        ratings in ratings(),
        seed in any::<u64>(),
    ) {
        let groups = 1usize << groups_log;
        let advance = 1usize << advance_log;
        prop_assume!(groups * advance >= 2);
        let size = groups * advance.max(2) + extra;
        let event = json!({
            "format": "groups", "entrants": field(size, &ratings, &[None]),
            "options": {"groups": groups, "advance": advance, "third_place": third_place}
        });
        let played = play(event, &mut Dice(seed), 60, true, |event, out| {
            let tables = out["tables"].as_array().unwrap();
            let play_off = tables.first().is_some_and(|t| t["stage"] == "play-off");
            // A group whose round robin is over has no table in the later group rounds, so
            // not everyone plays every group round.
            check_round(event, out, false)?;
            for table in tables {
                prop_assert_eq!(table.get("group").is_some(), !play_off, "{}", out);
            }
            Ok(())
        })?;
        prop_assert_eq!(played.end.0, 3);
        prop_assert!(played.end.1["reason"].as_str().unwrap().contains("champion"));
    }
}
