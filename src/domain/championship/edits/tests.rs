use super::*;
use crate::domain::championship::FormatChoice;
use crate::domain::championship::event::{EntrantLine, TableLine};
use crate::domain::championship::rounds::{StageState, check_round, next_round};
use crate::domain::championship::table::{TableGame, table_outcome};

fn format(stages: Stages) -> ChampionshipFormat {
    ChampionshipFormat::try_from(FormatChoice::plain(stages)).unwrap()
}

fn field(count: usize) -> Vec<EntrantLine> {
    (0..count)
        .map(|i| EntrantLine {
            id: format!("p{}", i + 1),
            rating: 1500 - i as i64,
            withdrawn_after: None,
        })
        .collect()
}

/// The round as published, every table won by its first seat.
fn played(format: &ChampionshipFormat, preview: &RoundPreview) -> RoundLine {
    let sides = format.seating.sides() as usize;
    let mut side_points = vec![20; sides];
    side_points[0] = 61;
    let win = TableGame {
        winner: 0,
        side_points,
    };
    RoundLine {
        paired_before_corrections: Vec::new(),
        edited: false,
        tables: preview
            .tables
            .iter()
            .map(|seats| TableLine {
                seats: seats.clone(),
                outcome: Some(table_outcome(format, std::slice::from_ref(&win)).unwrap()),
            })
            .collect(),
        byes: preview.byes.clone(),
    }
}

fn swap(first: &str, second: &str) -> PairingEdit {
    PairingEdit::Swap {
        first: first.into(),
        second: second.into(),
    }
}

/// A Swiss of five after its first round, and its second as the engine pairs it.
fn second_round_of_five() -> (ChampionshipFormat, StageState, RoundPreview, RoundPreview) {
    let swiss = format(Stages::Swiss { rounds: 4 });
    let mut state = StageState {
        stage: Stage::Main,
        entrants: field(5),
        rounds: Vec::new(),
    };
    let first = next_round(&swiss, &state).unwrap();
    state.rounds.push(played(&swiss, &first));
    let second = next_round(&swiss, &state).unwrap();
    (swiss, state, first, second)
}

#[test]
fn a_swap_that_makes_a_rematch_or_a_second_bye_is_warned_of() {
    let (swiss, state, first, second) = second_round_of_five();
    // Put the first round's bye back on the bye, and someone in its place at a table.
    let first_bye = first.byes[0].clone();
    let second_bye = second.byes[0].clone();
    let (swapped, warnings) = edit_round(
        &swiss,
        &second,
        &state.rounds,
        &[swap(&first_bye, &second_bye)],
    )
    .unwrap();
    assert_eq!(swapped.byes, std::slice::from_ref(&first_bye));
    assert!(warnings.contains(&EditWarning::SecondBye { entrant: first_bye }));
    assert_eq!(check_round(&swiss, &state, &swapped), Ok(()));

    // Seat two first-round opponents together again.
    let opponents = &state.rounds[0].tables[0].seats;
    let table_of = |id: &str| second.tables.iter().position(|t| t.iter().any(|s| s == id));
    let (x, y) = match table_of(&opponents[0]) {
        Some(_) => (&opponents[0], &opponents[1]),
        None => (&opponents[1], &opponents[0]),
    };
    let at = table_of(x).unwrap();
    let opponent_of_x = second.tables[at].iter().find(|s| *s != x).unwrap().clone();
    let (rematch, warnings) =
        edit_round(&swiss, &second, &state.rounds, &[swap(&opponent_of_x, y)]).unwrap();
    assert!(rematch.tables[at].contains(y));
    let (a, b) = ordered(x, y);
    assert!(
        warnings.contains(&EditWarning::Rematch {
            first: a.to_string(),
            second: b.to_string()
        }),
        "{warnings:?}"
    );
    let refused = edit_round(&swiss, &second, &state.rounds, &[swap("p1", "nobody")]);
    assert_eq!(
        refused.unwrap_err().refusal,
        EditRefusal::NotInRound("nobody".into())
    );
    let knockout = format(Stages::Knockout { third_place: false });
    assert_eq!(
        edit_round(&knockout, &second, &state.rounds, &[swap("p1", "p2")])
            .unwrap_err()
            .refusal,
        EditRefusal::Bracket
    );
}

#[test]
fn a_pair_made_by_hand_seats_the_two_together_and_their_opponents_together() {
    let (swiss, state, _, second) = second_round_of_five();
    let a = second.tables[0][0].clone();
    let b = second.tables[1][0].clone();
    let (a_was_against, b_was_against) = (second.tables[0][1].clone(), second.tables[1][1].clone());
    let (paired, _) = edit_round(
        &swiss,
        &second,
        &state.rounds,
        &[PairingEdit::Pair {
            first: a.clone(),
            second: b.clone(),
        }],
    )
    .unwrap();
    assert_eq!(paired.tables[0], [a.clone(), b]);
    let on_bye = edit_round(
        &swiss,
        &second,
        &state.rounds,
        &[PairingEdit::Pair {
            first: second.byes[0].clone(),
            second: a,
        }],
    );
    assert_eq!(
        on_bye.unwrap_err().refusal,
        EditRefusal::OnTheBye(second.byes[0].clone())
    );
    assert_eq!(paired.tables[1], [a_was_against, b_was_against]);
    assert_eq!(check_round(&swiss, &state, &paired), Ok(()));
}

#[test]
fn moves_change_table_sizes_which_the_round_check_refuses_until_mended() {
    let (swiss, state, _, second) = second_round_of_five();
    let bye = second.byes[0].clone();
    let seated = second.tables[1][1].clone();
    // The bye moved to table 1: a table of three, which a two-seat Swiss cannot have.
    let to_table = PairingEdit::Move {
        entrant: bye.clone(),
        to: Some(1),
    };
    let (moved, _) = edit_round(
        &swiss,
        &second,
        &state.rounds,
        std::slice::from_ref(&to_table),
    )
    .unwrap();
    assert_eq!(moved.tables[0].len(), 3);
    assert!(moved.byes.is_empty());
    let problem = check_round(&swiss, &state, &moved).unwrap_err();
    assert!(problem.contains("table 1"), "{problem}");
    // Then table 2's second seat to the bye: table 2 has one seat left, still refused; then its
    // other seat to table 1's place… the organiser mends it with a swap instead.
    let to_bye = PairingEdit::Move {
        entrant: seated.clone(),
        to: None,
    };
    let (both, _) = edit_round(&swiss, &second, &state.rounds, &[to_table, to_bye]).unwrap();
    assert_eq!(both.byes, [seated]);
    assert!(check_round(&swiss, &state, &both).is_err());

    let refused = edit_round(
        &swiss,
        &second,
        &state.rounds,
        &[PairingEdit::Move {
            entrant: bye.clone(),
            to: Some(9),
        }],
    )
    .unwrap_err();
    assert_eq!(
        refused.refusal,
        EditRefusal::NoSuchTable {
            table: 9,
            tables: 2
        }
    );
    assert!(
        refused.to_string().starts_with("Change 1 (move p"),
        "{refused}"
    );
    let already = edit_round(
        &swiss,
        &second,
        &state.rounds,
        &[PairingEdit::Move {
            entrant: bye,
            to: None,
        }],
    );
    assert!(matches!(
        already.unwrap_err().refusal,
        EditRefusal::AlreadyThere(_)
    ));
}

#[test]
fn partners_again_are_warned_of() {
    let mut choice = FormatChoice::plain(Stages::Swiss { rounds: 3 });
    choice.seats = 4;
    choice.partnerships = true;
    let fours = ChampionshipFormat::try_from(choice).unwrap();
    let mut state = StageState {
        stage: Stage::Main,
        entrants: field(8),
        rounds: Vec::new(),
    };
    let first = next_round(&fours, &state).unwrap();
    state.rounds.push(played(&fours, &first));
    let second = next_round(&fours, &state).unwrap();
    // Put round 1's first partnership back together: seats 1 and 3 of its table 1.
    let (a, b) = (&first.tables[0][0], &first.tables[0][2]);
    let at = second.tables.iter().position(|t| t.contains(a)).unwrap();
    let seat = second.tables[at].iter().position(|s| s == a).unwrap();
    let partner = second.tables[at][(seat + 2) % 4].clone();
    let (edited, warnings) =
        edit_round(&fours, &second, &state.rounds, &[swap(&partner, b)]).unwrap();
    assert!(edited.tables[at].contains(b));
    let (x, y) = ordered(a, b);
    assert!(
        warnings.contains(&EditWarning::PartnersAgain {
            first: x.into(),
            second: y.into()
        }),
        "{warnings:?}"
    );
    assert!(
        warnings
            .iter()
            .any(|w| w.to_string().contains("have been partners before"))
    );
    assert_eq!(check_round(&fours, &state, &edited), Ok(()));
}

#[test]
fn a_score_gap_wider_than_the_engines_is_warned_of() {
    let swiss = format(Stages::Swiss { rounds: 4 });
    let mut state = StageState {
        stage: Stage::Main,
        entrants: field(8),
        rounds: Vec::new(),
    };
    for _ in 0..2 {
        let round = next_round(&swiss, &state).unwrap();
        state.rounds.push(played(&swiss, &round));
    }
    let third = next_round(&swiss, &state).unwrap();
    // After two rounds the leaders have 2 points and the last 0: the engine seats like with
    // like, so a leader swapped onto the last table meets someone two points behind.
    let leader = third.tables[0][0].clone();
    let last = third.tables.last().unwrap()[0].clone();
    let (_, warnings) = edit_round(&swiss, &third, &state.rounds, &[swap(&leader, &last)]).unwrap();
    assert!(
        warnings
            .iter()
            .any(|w| matches!(w, EditWarning::ScoreGap { halves, .. } if halves.0.abs_diff(halves.1) == 4)),
        "{warnings:?}"
    );
    assert!(warnings.iter().any(|w| w.to_string().contains("2 points")));
}

#[test]
fn a_move_after_a_table_is_emptied_counts_the_tables_left_as_the_page_shows_them() {
    let (swiss, state, _, second) = second_round_of_five();
    let [first, other] = [second.tables[0][0].clone(), second.tables[0][1].clone()];
    let bye = second.byes[0].clone();
    let mut kept = second.tables[1].clone();
    // Table 1's two seats leave it (one to the bye, one to table 2): one table is left, shown
    // as table 1; the bye then moves to table 1, the one there is.
    let edits = [
        PairingEdit::Move {
            entrant: first.clone(),
            to: None,
        },
        PairingEdit::Move {
            entrant: other.clone(),
            to: Some(2),
        },
        PairingEdit::Move {
            entrant: bye.clone(),
            to: Some(1),
        },
    ];
    let (moved, _) = edit_round(&swiss, &second, &state.rounds, &edits).unwrap();
    kept.extend([other, bye.clone()]);
    assert_eq!(moved.tables, [kept]);
    assert_eq!(moved.byes, [first]);
    // There is no table 2 any more.
    let mut beyond = edits.to_vec();
    beyond[2] = PairingEdit::Move {
        entrant: bye,
        to: Some(2),
    };
    let refused = edit_round(&swiss, &second, &state.rounds, &beyond).unwrap_err();
    assert_eq!(
        refused.refusal,
        EditRefusal::NoSuchTable {
            table: 2,
            tables: 1
        }
    );
}
