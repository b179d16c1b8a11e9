//! Championships in the store (the event, its entrants, published rounds, table results and
//! their audit log), checked the same way against SQLite and PostgreSQL.

use chrono::{NaiveDate, Utc};
use fives::domain::championship::{ChampionshipFormat, FormatChoice, Points, Stages};
use fives::domain::championship_event::Stage;
use fives::domain::championship_table::TableOutcome;
use fives::domain::ids::{ChampionshipId, EntrantId, OrganisationId, TableId};
use fives::domain::organisation::DisplayName;
use fives::store::{
    EntrantPlayer, NewChampionship, NewEntrant, NewRound, NewTable, Round, StoreError, TableAction,
    TableChange, TableResult, TableStatus, User,
};
use fives::token::SecretToken as Token;
use fives_rules::ruleset::{Preset, RulesetSpec};

use crate::support::TestContext;

fn name(text: &str) -> DisplayName {
    DisplayName::try_from(text).unwrap()
}

fn date(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

fn swiss(rounds: u32) -> ChampionshipFormat {
    ChampionshipFormat::try_from(FormatChoice::plain(Stages::Swiss { rounds })).unwrap()
}

fn new_championship(organisation: OrganisationId, title: &str) -> NewChampionship {
    NewChampionship {
        organisation,
        name: name(title),
        starts_on: date("2027-03-06"),
        ends_on: date("2027-03-07"),
        venue: "The Anchor, Bideford".into(),
        ruleset: RulesetSpec::preset(Preset::AllFives),
        format: swiss(3),
        created_at: Utc::now(),
    }
}

fn entrant(title: &str, rating: i64) -> NewEntrant {
    NewEntrant {
        name: name(title),
        player: None,
        partner: None,
        team: None,
        rating,
    }
}

async fn championship_with(ctx: &TestContext, entrants: usize) -> (User, ChampionshipId) {
    let organiser = ctx.user("sec@example.org").await;
    let organisation = ctx.organisation("torridge", &organiser).await.id;
    let championship = ctx
        .store
        .create_championship(&new_championship(organisation, "Spring Singles"))
        .await
        .unwrap();
    let list: Vec<NewEntrant> = (1..=entrants)
        .map(|i| entrant(&format!("Player {i}"), 2000 - i as i64))
        .collect();
    ctx.store
        .add_entrants(championship.id, &list, 100, 0, Utc::now())
        .await
        .unwrap();
    (organiser, championship.id)
}

/// Publishes round `number` of the main stage with the entrants two at a table, in order.
async fn publish(
    ctx: &TestContext,
    organiser: &User,
    championship: ChampionshipId,
    number: u32,
) -> Result<Round, StoreError> {
    let entrants = ctx.store.entrants(championship).await.unwrap();
    let ids: Vec<EntrantId> = entrants.iter().map(|e| e.id).collect();
    ctx.store
        .publish_round(&NewRound {
            championship,
            stage: Stage::Main,
            number,
            tables: ids
                .chunks(2)
                .filter(|pair| pair.len() == 2)
                .map(|pair| NewTable {
                    seats: pair.to_vec(),
                    link: Token::generate().digest(),
                })
                .collect(),
            byes: if ids.len() % 2 == 1 {
                vec![*ids.last().unwrap()]
            } else {
                Vec::new()
            },
            stage_entrants: None,
            absent: Vec::new(),
            published_at: Utc::now(),
            published_by: organiser.id,
            entrants_seen: entrants,
            edited: false,
        })
        .await
}

fn result(first: u32, second: u32, sheet: &str) -> TableResult {
    TableResult {
        sheet: sheet.into(),
        outcome: TableOutcome {
            points: vec![Points::halves(first), Points::halves(second)],
            game_points: vec![61, 40],
            games_won: vec![1, 0],
        },
    }
}

fn change(table: TableId, from_version: u32, by: Option<&User>) -> TableChange<'static> {
    TableChange {
        table,
        from_version,
        by: by.map(|user| user.id),
        at: Utc::now(),
        reason: None,
    }
}

async fn a_championship_is_kept_with_its_format_and_game(ctx: TestContext) {
    let organiser = ctx.user("sec@example.org").await;
    let organisation = ctx.organisation("torridge", &organiser).await.id;
    let mut wanted = new_championship(organisation, "Spring Singles");
    wanted.format = ChampionshipFormat::try_from(FormatChoice {
        seats: 4,
        partnerships: true,
        ..FormatChoice::plain(Stages::Swiss { rounds: 5 })
    })
    .unwrap();
    let made = ctx.store.create_championship(&wanted).await.unwrap();
    let read = ctx.store.championship(made.id).await.unwrap().unwrap();
    assert_eq!(read, made);
    assert_eq!(read.format, wanted.format);
    assert_eq!(read.ruleset, wanted.ruleset);
    assert_eq!(
        (read.starts_on, read.ends_on),
        (wanted.starts_on, wanted.ends_on)
    );
    assert_eq!(
        ctx.store.championships_of(organisation).await.unwrap(),
        vec![read]
    );

    let again = ctx
        .store
        .create_championship(&new_championship(organisation, "Spring Singles"))
        .await;
    assert!(
        matches!(again, Err(StoreError::ChampionshipNameTaken)),
        "{again:?}"
    );
    // A Cyrillic capital dze for the S of "Singles" looks the same.
    let cyrillic = ctx
        .store
        .create_championship(&new_championship(organisation, "Spring \u{0405}ingles"))
        .await;
    assert!(
        matches!(cyrillic, Err(StoreError::NameLooksLike { .. })),
        "{cyrillic:?}"
    );
}
store_test!(a_championship_is_kept_with_its_format_and_game);

async fn entrants_are_added_all_or_none_within_the_limit(ctx: TestContext) {
    let (_, championship) = championship_with(&ctx, 3).await;
    let listed = ctx.store.entrants(championship).await.unwrap();
    assert_eq!(
        listed.iter().map(|e| e.entry_number).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert_eq!(listed[0].name, "Player 1");
    assert_eq!(listed[0].rating, 1999);

    // A name already entered refuses the whole list: nothing of it is kept.
    let refused = ctx
        .store
        .add_entrants(
            championship,
            &[entrant("Player 9", 1500), entrant("Player 2", 1500)],
            100,
            0,
            Utc::now(),
        )
        .await;
    assert!(
        matches!(&refused, Err(StoreError::EntrantNameTaken(n)) if n == "Player 2"),
        "{refused:?}"
    );
    assert_eq!(ctx.store.entrants(championship).await.unwrap().len(), 3);

    let over = ctx
        .store
        .add_entrants(
            championship,
            &[entrant("Player 4", 1), entrant("Player 5", 1)],
            4,
            0,
            Utc::now(),
        )
        .await;
    assert!(
        matches!(
            over,
            Err(StoreError::TooManyEntrants {
                limit: 4,
                would_hold: 5
            })
        ),
        "{over:?}"
    );

    let late = ctx
        .store
        .add_entrants(championship, &[entrant("Player 4", 1)], 4, 0, Utc::now())
        .await
        .unwrap();
    assert_eq!(late[0].entry_number, 4);
}
store_test!(entrants_are_added_all_or_none_within_the_limit);

async fn an_entrant_is_an_organisation_player(ctx: TestContext) {
    let (_, championship) = championship_with(&ctx, 0).await;
    let organisation = ctx
        .store
        .championship(championship)
        .await
        .unwrap()
        .unwrap()
        .organisation_id;
    let ann = ctx
        .store
        .create_player(organisation, &name("Ann Wood"), Utc::now())
        .await
        .unwrap();
    let bob = ctx
        .store
        .create_player(organisation, &name("Bob Hill"), Utc::now())
        .await
        .unwrap();
    let pair = NewEntrant {
        name: name("Ann Wood & Bob Hill"),
        player: Some(ann.id.into()),
        partner: Some(bob.id.into()),
        team: None,
        rating: 0,
    };
    let added = ctx
        .store
        .add_entrants(championship, &[pair], 10, 0, Utc::now())
        .await
        .unwrap();
    assert_eq!(
        (added[0].player, added[0].partner),
        (Some(ann.id), Some(bob.id))
    );
    // The championship keeps who entered it: neither player can be removed now.
    for player in [ann.id, bob.id] {
        let removed = ctx.store.delete_player(player).await;
        assert!(
            matches!(
                removed,
                Err(StoreError::HasChampionshipEntries { count: 1 })
            ),
            "{removed:?}"
        );
    }

    let elsewhere_organiser = ctx.user("other@example.org").await;
    let elsewhere = ctx.organisation("elsewhere", &elsewhere_organiser).await.id;
    let stranger = ctx
        .store
        .create_player(elsewhere, &name("Cat Lee"), Utc::now())
        .await
        .unwrap();
    let refused = ctx
        .store
        .add_entrants(
            championship,
            &[NewEntrant {
                player: Some(stranger.id.into()),
                ..entrant("Cat Lee", 0)
            }],
            10,
            0,
            Utc::now(),
        )
        .await;
    assert!(
        matches!(refused, Err(StoreError::OfAnotherOrganisation("player"))),
        "{refused:?}"
    );
}
store_test!(an_entrant_is_an_organisation_player);

async fn check_in_seeds_and_withdrawals_are_kept(ctx: TestContext) {
    let (organiser, championship) = championship_with(&ctx, 4).await;
    let ids: Vec<EntrantId> = ctx
        .store
        .entrants(championship)
        .await
        .unwrap()
        .iter()
        .map(|e| e.id)
        .collect();
    ctx.store.set_checked_in(ids[0], true).await.unwrap();
    ctx.store.set_seed(ids[1], Some(1)).await.unwrap();
    let taken = ctx.store.set_seed(ids[2], Some(1)).await;
    assert!(matches!(taken, Err(StoreError::SeedTaken(1))), "{taken:?}");
    ctx.store.set_withdrawn(ids[3], Some(0), 0).await.unwrap();
    let listed = ctx.store.entrants(championship).await.unwrap();
    assert!(listed[0].checked_in && !listed[1].checked_in);
    assert_eq!(listed[1].seed, Some(1));
    assert_eq!(listed[2].seed, None);
    assert_eq!(listed[3].withdrawn_after, Some(0));

    // One who has played cannot be removed; one who has not can.
    publish(&ctx, &organiser, championship, 1).await.unwrap();
    assert!(matches!(
        ctx.store.remove_entrant(ids[0]).await,
        Err(StoreError::EntrantHasPlayed)
    ));
    ctx.store
        .add_entrants(championship, &[entrant("Late", 0)], 10, 1, Utc::now())
        .await
        .unwrap();
    let late = ctx
        .store
        .entrants(championship)
        .await
        .unwrap()
        .last()
        .unwrap()
        .id;
    ctx.store.remove_entrant(late).await.unwrap();
    assert_eq!(ctx.store.entrants(championship).await.unwrap().len(), 4);
}
store_test!(check_in_seeds_and_withdrawals_are_kept);

async fn a_round_is_published_once_after_the_last(ctx: TestContext) {
    let (organiser, championship) = championship_with(&ctx, 5).await;
    let skipped = publish(&ctx, &organiser, championship, 2).await;
    assert!(
        matches!(skipped, Err(StoreError::RoundChanged)),
        "{skipped:?}"
    );
    let first = publish(&ctx, &organiser, championship, 1).await.unwrap();
    assert_eq!(first.tables.len(), 2);
    assert_eq!(first.byes.len(), 1);
    assert!(
        first
            .tables
            .iter()
            .all(|t| t.status == TableStatus::Waiting && t.result.is_none())
    );
    // A second publish of the same round (two organisers at once) is refused.
    let twice = publish(&ctx, &organiser, championship, 1).await;
    assert!(matches!(twice, Err(StoreError::RoundChanged)), "{twice:?}");
    assert_eq!(ctx.store.rounds(championship).await.unwrap(), vec![first]);
}
store_test!(a_round_is_published_once_after_the_last);

async fn two_organisers_publishing_at_once_publish_one_round(ctx: TestContext) {
    let (organiser, championship) = championship_with(&ctx, 8).await;
    let attempts = (0..6).map(|_| publish(&ctx, &organiser, championship, 1));
    let outcomes = futures_util::future::join_all(attempts).await;
    let published = outcomes.iter().filter(|o| o.is_ok()).count();
    assert_eq!(published, 1, "{outcomes:?}");
    assert!(
        outcomes
            .iter()
            .all(|o| matches!(o, Ok(_) | Err(StoreError::RoundChanged))),
        "{outcomes:?}"
    );
    let rounds = ctx.store.rounds(championship).await.unwrap();
    assert_eq!(rounds.len(), 1);
    assert_eq!(rounds[0].tables.len(), 4);
}
store_test!(two_organisers_publishing_at_once_publish_one_round);

async fn a_table_result_is_entered_confirmed_and_corrected_with_its_log(ctx: TestContext) {
    let (organiser, championship) = championship_with(&ctx, 4).await;
    let round = publish(&ctx, &organiser, championship, 1).await.unwrap();
    let table = &round.tables[0];

    // Through the table's link: found by it, entered by no account.
    let entered = ctx
        .store
        .enter_table_result(&change(table.id, 0, None), &result(2, 0, "first"))
        .await
        .unwrap();
    assert_eq!((entered.status, entered.version), (TableStatus::Entered, 1));
    // Entered again from the version before: refused, the first kept.
    let stale = ctx
        .store
        .enter_table_result(&change(table.id, 0, None), &result(0, 2, "stale"))
        .await;
    assert!(matches!(stale, Err(StoreError::ResultChanged)), "{stale:?}");
    // Re-entered from the current version before it is confirmed.
    let again = ctx
        .store
        .enter_table_result(&change(table.id, 1, None), &result(1, 1, "second"))
        .await
        .unwrap();
    assert_eq!(again.result.as_ref().unwrap().sheet, "second");

    let confirmed = ctx
        .store
        .confirm_table_result(&change(table.id, 2, Some(&organiser)))
        .await
        .unwrap();
    assert_eq!(confirmed.status, TableStatus::Confirmed);
    // The table's link can no longer change it.
    let late = ctx
        .store
        .enter_table_result(&change(table.id, 3, None), &result(0, 2, "late"))
        .await;
    assert!(matches!(late, Err(StoreError::TableConfirmed)), "{late:?}");

    let correction = TableChange {
        reason: Some("seats swapped on the sheet"),
        ..change(table.id, 3, Some(&organiser))
    };
    let corrected = ctx
        .store
        .correct_table_result(&correction, &result(0, 2, "corrected"))
        .await
        .unwrap();
    assert_eq!(
        (corrected.status, corrected.version),
        (TableStatus::Confirmed, 4)
    );
    assert_eq!(
        corrected.result.as_ref().unwrap().outcome.points,
        vec![Points::whole(0), Points::whole(1)]
    );

    let log = ctx.store.table_events(championship).await.unwrap();
    let actions: Vec<TableAction> = log.iter().map(|e| e.action).collect();
    assert_eq!(
        actions,
        [
            TableAction::Entered,
            TableAction::Entered,
            TableAction::Confirmed,
            TableAction::Corrected
        ]
    );
    assert_eq!(log[0].by, None);
    assert_eq!(log[1].before.as_ref().unwrap().sheet, "first");
    assert_eq!(log[2].by_email.as_deref(), Some("sec@example.org"));
    assert_eq!(log[3].before.as_ref().unwrap().sheet, "second");
    assert_eq!(log[3].after.as_ref().unwrap().sheet, "corrected");
    assert_eq!(log[3].reason.as_deref(), Some("seats swapped on the sheet"));

    // Confirming a table with no result is refused and names why.
    let empty = &round.tables[1];
    let nothing = ctx
        .store
        .confirm_table_result(&change(empty.id, 0, Some(&organiser)))
        .await;
    assert!(
        matches!(nothing, Err(StoreError::NoTableResult)),
        "{nothing:?}"
    );
    let read = ctx.store.rounds(championship).await.unwrap();
    assert_eq!(read[0].tables[0], corrected);
}
store_test!(a_table_result_is_entered_confirmed_and_corrected_with_its_log);

async fn a_table_is_found_by_its_link_alone(ctx: TestContext) {
    let (organiser, championship) = championship_with(&ctx, 4).await;
    let entrants = ctx.store.entrants(championship).await.unwrap();
    let links = [Token::generate(), Token::generate()];
    let round = ctx
        .store
        .publish_round(&NewRound {
            championship,
            stage: Stage::Main,
            number: 1,
            tables: vec![
                NewTable {
                    seats: vec![entrants[0].id, entrants[1].id],
                    link: links[0].digest(),
                },
                NewTable {
                    seats: vec![entrants[2].id, entrants[3].id],
                    link: links[1].digest(),
                },
            ],
            byes: Vec::new(),
            stage_entrants: None,
            absent: Vec::new(),
            published_at: Utc::now(),
            published_by: organiser.id,
            entrants_seen: entrants.clone(),
            edited: false,
        })
        .await
        .unwrap();
    let found = ctx
        .store
        .table_by_link(&links[1].digest())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(found.championship, championship);
    assert_eq!((found.stage, found.round), (Stage::Main, 1));
    assert_eq!(found.table, round.tables[1]);
    assert_eq!(
        ctx.store
            .table_by_link(&Token::generate().digest())
            .await
            .unwrap(),
        None
    );
    let (of, table) = ctx.store.table(round.tables[0].id).await.unwrap().unwrap();
    assert_eq!((of, table), (championship, round.tables[0].clone()));
}
store_test!(a_table_is_found_by_its_link_alone);

async fn a_list_refused_for_a_look_alike_makes_none_of_its_players(ctx: TestContext) {
    let (_, championship) = championship_with(&ctx, 0).await;
    let organisation = ctx
        .store
        .championship(championship)
        .await
        .unwrap()
        .unwrap()
        .organisation_id;
    ctx.store
        .create_player(organisation, &name("Zoë Hart"), Utc::now())
        .await
        .unwrap();
    let before = ctx.store.players_of(organisation).await.unwrap().len();
    let new = |text: &str| NewEntrant {
        player: Some(EntrantPlayer::New(name(text))),
        ..entrant(text, 0)
    };
    // Two look-alikes of "Zoë Hart" (a Cyrillic о, a Cyrillic а); the other lines' players
    // are new.
    let list = [
        new("Ann Wood"),
        new("Z\u{43e}ë Hart"),
        new("Bob Hill"),
        new("Zoë H\u{430}rt"),
    ];
    let refused = ctx
        .store
        .add_entrants(championship, &list, 100, 0, Utc::now())
        .await;
    match &refused {
        Err(StoreError::EntrantPlayersLookAlike(lines)) => {
            let places: Vec<usize> = lines.iter().map(|(index, _, _)| *index).collect();
            assert_eq!(places, [1, 3], "every look-alike line is named at once");
            assert!(lines.iter().all(|(_, _, existing)| existing == "Zoë Hart"));
        }
        other => panic!("the list gave {other:?}"),
    }
    assert_eq!(
        ctx.store.players_of(organisation).await.unwrap().len(),
        before,
        "nobody was made"
    );
    assert!(ctx.store.entrants(championship).await.unwrap().is_empty());

    // The same name twice in one list is one new player.
    let pair = NewEntrant {
        player: Some(EntrantPlayer::New(name("Ann Wood"))),
        partner: Some(EntrantPlayer::New(name("Cat Lee"))),
        ..entrant("Ann Wood & Cat Lee", 0)
    };
    let added = ctx
        .store
        .add_entrants(championship, &[new("Ann Wood"), pair], 100, 0, Utc::now())
        .await
        .unwrap();
    assert_eq!(added[0].player, added[1].player);
    assert_eq!(
        ctx.store.players_of(organisation).await.unwrap().len(),
        before + 2
    );
}
store_test!(a_list_refused_for_a_look_alike_makes_none_of_its_players);

async fn entries_withdrawals_and_publications_are_ordered_by_the_rounds_seen(ctx: TestContext) {
    let (organiser, championship) = championship_with(&ctx, 4).await;
    let ids: Vec<EntrantId> = ctx
        .store
        .entrants(championship)
        .await
        .unwrap()
        .iter()
        .map(|e| e.id)
        .collect();
    publish(&ctx, &organiser, championship, 1).await.unwrap();
    // Judged by no rounds, when one is published: refused, and nothing changed.
    let late = ctx
        .store
        .add_entrants(championship, &[entrant("Late", 0)], 10, 0, Utc::now())
        .await;
    assert!(matches!(late, Err(StoreError::RoundChanged)), "{late:?}");
    let withdrawn = ctx.store.set_withdrawn(ids[0], Some(0), 0).await;
    assert!(
        matches!(withdrawn, Err(StoreError::RoundChanged)),
        "{withdrawn:?}"
    );
    assert!(
        ctx.store
            .entrants(championship)
            .await
            .unwrap()
            .iter()
            .all(|e| e.withdrawn_after.is_none())
    );

    // A round paired from the entrants before a withdrawal is refused after it.
    let seen = ctx.store.entrants(championship).await.unwrap();
    ctx.store.set_withdrawn(ids[0], Some(1), 1).await.unwrap();
    let entrants = ctx.store.entrants(championship).await.unwrap();
    let stale = ctx
        .store
        .publish_round(&NewRound {
            championship,
            stage: Stage::Main,
            number: 2,
            tables: vec![NewTable {
                seats: vec![ids[0], ids[1]],
                link: Token::generate().digest(),
            }],
            byes: Vec::new(),
            stage_entrants: None,
            absent: Vec::new(),
            published_at: Utc::now(),
            published_by: organiser.id,
            entrants_seen: seen,
            edited: false,
        })
        .await;
    assert!(
        matches!(stale, Err(StoreError::EntrantsChanged)),
        "{stale:?}"
    );
    assert_eq!(ctx.store.rounds(championship).await.unwrap().len(), 1);
    assert_eq!(entrants[0].withdrawn_after, Some(1));
}
store_test!(entries_withdrawals_and_publications_are_ordered_by_the_rounds_seen);

async fn a_round_paired_before_a_correction_is_marked_in_the_document(ctx: TestContext) {
    let (organiser, championship) = championship_with(&ctx, 4).await;
    let first = publish(&ctx, &organiser, championship, 1).await.unwrap();
    for table in &first.tables {
        ctx.store
            .enter_table_result(&change(table.id, 0, None), &result(2, 0, "won"))
            .await
            .unwrap();
        ctx.store
            .confirm_table_result(&change(table.id, 1, Some(&organiser)))
            .await
            .unwrap();
    }
    publish(&ctx, &organiser, championship, 2).await.unwrap();
    let read =
        || fives::app::championships::championship(ctx.store.as_ref(), "torridge", championship);
    let document = serde_json::to_value(read().await.unwrap().event_document(Stage::Main)).unwrap();
    assert!(
        document["rounds"][1]
            .get("paired_before_correction")
            .is_none(),
        "{document}"
    );

    // Round 1's second table corrected after round 2 was paired from it.
    let correction = TableChange {
        reason: Some("the scores were swapped"),
        ..change(first.tables[1].id, 2, Some(&organiser))
    };
    ctx.store
        .correct_table_result(&correction, &result(0, 2, "corrected"))
        .await
        .unwrap();
    let view = read().await.unwrap();
    let document = serde_json::to_value(view.event_document(Stage::Main)).unwrap();
    assert_eq!(
        document["rounds"][1]["paired_before_correction"],
        serde_json::json!(["round 1, table 2"]),
        "{document}"
    );
    assert!(
        document["rounds"][0]
            .get("paired_before_correction")
            .is_none()
    );
    // The engine still reads the document, the key aside.
    assert_eq!(view.standings(Stage::Main).unwrap().len(), 4);
}
store_test!(a_round_paired_before_a_correction_is_marked_in_the_document);
