//! The store's contract, checked the same way against SQLite and PostgreSQL.

use chrono::{Duration, Utc};
use fives::domain::account::EmailAddress;
use fives::domain::ids::UserId;
use fives::domain::organisation::{DisplayName, Slug, TeamContact};
use fives::store::{InviteAcceptor, NewOrganisation, NewSession, NewUser, StoreError};
use fives::token::{SecretToken, TokenDigest};

use crate::support::TestContext;

fn email(text: &str) -> EmailAddress {
    EmailAddress::try_from(text).unwrap()
}

fn session_for(user: UserId, expires_in: Duration) -> (TokenDigest, NewSession) {
    let digest = SecretToken::generate().digest();
    let now = Utc::now();
    let session = NewSession {
        token: digest.clone(),
        user,
        created_at: now,
        expires_at: now + expires_in,
    };
    (digest, session)
}

fn new_user(address: &str) -> NewUser {
    NewUser {
        email: email(address),
        password_hash: "$argon2id$stand-in".to_string(),
        is_admin: false,
        created_at: Utc::now(),
    }
}

async fn organisation_named(
    ctx: &TestContext,
    slug: &str,
    organiser: &str,
) -> Result<fives::store::Organisation, StoreError> {
    ctx.store
        .create_organisation(
            &NewOrganisation {
                slug: Slug::try_from(slug).unwrap(),
                name: DisplayName::try_from("A league").unwrap(),
                created_at: Utc::now(),
            },
            &email(organiser),
        )
        .await
}

async fn migrations_apply_twice_and_the_store_answers(ctx: TestContext) {
    ctx.store
        .migrate()
        .await
        .expect("a second migration run changes nothing");
    ctx.store.ping().await.expect("the store answers");
    let expected = match ctx.backend {
        crate::support::Backend::Sqlite => "sqlite",
        crate::support::Backend::Postgres => "postgres",
    };
    assert_eq!(ctx.store.dialect(), expected);
}
store_test!(migrations_apply_twice_and_the_store_answers);

async fn accounts_are_unique_by_email_and_found_by_it(ctx: TestContext) {
    let created = ctx
        .store
        .create_user(&new_user("Sam@Example.org"))
        .await
        .unwrap();
    assert_eq!(created.email, "sam@example.org");
    assert!(!created.is_admin);
    let again = ctx.store.create_user(&new_user("sam@example.org")).await;
    assert!(matches!(again, Err(StoreError::EmailTaken)), "{again:?}");

    let credentials = ctx
        .store
        .credentials(&email("sam@example.org"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(credentials.user, created);
    assert_eq!(credentials.password_hash, "$argon2id$stand-in");
    assert!(
        ctx.store
            .credentials(&email("nobody@example.org"))
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        ctx.store.user(created.id).await.unwrap(),
        Some(created.clone())
    );
    assert_eq!(
        ctx.store.user(UserId(created.id.0 + 100)).await.unwrap(),
        None
    );
}
store_test!(accounts_are_unique_by_email_and_found_by_it);

async fn sessions_last_until_they_expire_or_end(ctx: TestContext) {
    let user = ctx
        .store
        .create_user(&new_user("sam@example.org"))
        .await
        .unwrap();
    let (live, session) = session_for(user.id, Duration::days(1));
    ctx.store.start_session(&session, None).await.unwrap();
    let (expired, old_session) = session_for(user.id, Duration::seconds(-1));
    ctx.store.start_session(&old_session, None).await.unwrap();

    let now = Utc::now();
    assert_eq!(
        ctx.store.session_user(&live, now).await.unwrap(),
        Some(user.clone())
    );
    assert_eq!(ctx.store.session_user(&expired, now).await.unwrap(), None);
    assert_eq!(
        ctx.store
            .session_user(&SecretToken::generate().digest(), now)
            .await
            .unwrap(),
        None
    );

    ctx.store.end_session(&live).await.unwrap();
    assert_eq!(
        ctx.store.session_user(&live, Utc::now()).await.unwrap(),
        None
    );
    // Only the expired session is left, and the next login clears it away.
    assert_eq!(ctx.store.count_sessions(user.id).await.unwrap(), 1);
    let (_, next) = session_for(user.id, Duration::days(1));
    ctx.store.start_session(&next, None).await.unwrap();
    assert_eq!(ctx.store.count_sessions(user.id).await.unwrap(), 1);
}
store_test!(sessions_last_until_they_expire_or_end);

async fn starting_a_session_ends_the_one_it_replaces(ctx: TestContext) {
    let user = ctx
        .store
        .create_user(&new_user("sam@example.org"))
        .await
        .unwrap();
    let (first, session) = session_for(user.id, Duration::days(1));
    ctx.store.start_session(&session, None).await.unwrap();
    let (second, renewed) = session_for(user.id, Duration::days(1));
    ctx.store
        .start_session(&renewed, Some(&first))
        .await
        .unwrap();
    assert_eq!(
        ctx.store.session_user(&first, Utc::now()).await.unwrap(),
        None
    );
    assert_eq!(
        ctx.store.session_user(&second, Utc::now()).await.unwrap(),
        Some(user.clone())
    );
    assert_eq!(ctx.store.count_sessions(user.id).await.unwrap(), 1);
}
store_test!(starting_a_session_ends_the_one_it_replaces);

async fn changing_a_password_ends_every_session_but_the_new_one(ctx: TestContext) {
    let sam = ctx
        .store
        .create_user(&new_user("sam@example.org"))
        .await
        .unwrap();
    let kim = ctx
        .store
        .create_user(&new_user("kim@example.org"))
        .await
        .unwrap();
    let mut sams = Vec::new();
    for _ in 0..3 {
        let (digest, session) = session_for(sam.id, Duration::days(1));
        ctx.store.start_session(&session, None).await.unwrap();
        sams.push(digest);
    }
    let (kims, session) = session_for(kim.id, Duration::days(1));
    ctx.store.start_session(&session, None).await.unwrap();

    let (fresh, session) = session_for(sam.id, Duration::days(1));
    ctx.store
        .change_password(sam.id, "$argon2id$new", Some(&session))
        .await
        .unwrap();

    for old in &sams {
        assert_eq!(ctx.store.session_user(old, Utc::now()).await.unwrap(), None);
    }
    assert_eq!(
        ctx.store.session_user(&fresh, Utc::now()).await.unwrap(),
        Some(sam.clone())
    );
    assert_eq!(ctx.store.count_sessions(sam.id).await.unwrap(), 1);
    assert_eq!(
        ctx.store.session_user(&kims, Utc::now()).await.unwrap(),
        Some(kim)
    );
    let credentials = ctx
        .store
        .credentials(&email("sam@example.org"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(credentials.password_hash, "$argon2id$new");
}
store_test!(changing_a_password_ends_every_session_but_the_new_one);

async fn changing_the_password_of_no_account_changes_nothing(ctx: TestContext) {
    let (_, session) = session_for(UserId(4242), Duration::days(1));
    let outcome = ctx
        .store
        .change_password(UserId(4242), "$argon2id$new", Some(&session))
        .await;
    assert!(
        matches!(outcome, Err(StoreError::NoSuchAccount)),
        "{outcome:?}"
    );
}
store_test!(changing_the_password_of_no_account_changes_nothing);

async fn login_attempts_are_counted_before_they_are_checked_and_a_burst_gets_the_free_ones(
    ctx: TestContext,
) {
    use fives::domain::login_throttle::{ACCOUNT_FROM_ADDRESS, ADDRESS};
    // To the whole second, as both stores keep it exactly.
    let now = chrono::DateTime::from_timestamp(Utc::now().timestamp(), 0).unwrap();
    let counts = [
        ("address 10.0.0.1", ADDRESS),
        ("account a from 10.0.0.1", ACCOUNT_FROM_ADDRESS),
    ];
    // Twenty attempts at the same moment, all at once: five are let through and counted.
    let attempts: Vec<_> = (0..20)
        .map(|_| {
            let store = ctx.store.clone();
            tokio::spawn(async move { store.count_login_attempt(&counts, now).await.unwrap() })
        })
        .collect();
    let mut through = 0;
    for attempt in attempts {
        if attempt.await.unwrap().is_ok() {
            through += 1;
        }
    }
    assert_eq!(through, 5);
    let wait = ctx
        .store
        .count_login_attempt(&counts, now)
        .await
        .unwrap()
        .unwrap_err();
    assert_eq!(wait, Duration::seconds(1));
    // Another account from the same address is counted apart.
    let other = [
        ("address 10.0.0.1", ADDRESS),
        ("account b from 10.0.0.1", ACCOUNT_FROM_ADDRESS),
    ];
    assert!(
        ctx.store
            .count_login_attempt(&other, now)
            .await
            .unwrap()
            .is_ok()
    );
    // A right password forgets its account's count and takes its attempt back.
    ctx.store
        .uncount_login_attempt(&["address 10.0.0.1"], Some("account a from 10.0.0.1"), now)
        .await
        .unwrap();
    assert!(
        ctx.store
            .count_login_attempt(&counts, now)
            .await
            .unwrap()
            .is_ok()
    );
    // A day later everything is forgotten.
    let later = now + Duration::days(2);
    for _ in 0..5 {
        assert!(
            ctx.store
                .count_login_attempt(&other, later)
                .await
                .unwrap()
                .is_ok()
        );
    }
}
store_test!(login_attempts_are_counted_before_they_are_checked_and_a_burst_gets_the_free_ones);

async fn an_organisation_starts_with_its_organiser_or_not_at_all(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let created = organisation_named(&ctx, "north", "org@example.org")
        .await
        .unwrap();
    assert_eq!(
        ctx.store.organisation_by_slug("north").await.unwrap(),
        Some(created.clone())
    );
    assert_eq!(
        ctx.store.organisation(created.id).await.unwrap(),
        Some(created.clone())
    );
    assert_eq!(
        ctx.store
            .organisations_organised_by(organiser.id)
            .await
            .unwrap(),
        vec![created.clone()]
    );
    let roles = ctx.store.roles(&organiser).await.unwrap();
    assert_eq!(roles.organiser_of, vec![created.id]);

    let taken = organisation_named(&ctx, "north", "org@example.org").await;
    assert!(matches!(taken, Err(StoreError::SlugTaken)), "{taken:?}");
    // An unknown organiser leaves no organisation behind.
    let unknown = organisation_named(&ctx, "south", "nobody@example.org").await;
    assert!(
        matches!(unknown, Err(StoreError::NoSuchAccount)),
        "{unknown:?}"
    );
    assert_eq!(ctx.store.organisation_by_slug("south").await.unwrap(), None);
    assert_eq!(ctx.store.organisations().await.unwrap(), vec![created]);
}
store_test!(an_organisation_starts_with_its_organiser_or_not_at_all);

async fn team_names_are_unique_within_an_organisation(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let south = ctx.organisation("south", &organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let anchor = ctx.team(north.id, "Anchor").await;
    ctx.team(south.id, "The Crown").await;
    let again = ctx
        .store
        .create_team(
            north.id,
            &DisplayName::try_from("The Crown").unwrap(),
            Utc::now(),
        )
        .await;
    assert!(matches!(again, Err(StoreError::TeamNameTaken)), "{again:?}");
    assert_eq!(
        ctx.store.teams_in(north.id).await.unwrap(),
        vec![anchor, crown.clone()]
    );

    ctx.store
        .set_team_contact(
            crown.id,
            &TeamContact::try_from("Ring Pat on 01234 567890").unwrap(),
        )
        .await
        .unwrap();
    let crown = ctx.store.team(crown.id).await.unwrap().unwrap();
    assert_eq!(crown.contact, "Ring Pat on 01234 567890");
    assert_eq!(crown.organisation_id, north.id);
}
store_test!(team_names_are_unique_within_an_organisation);

async fn an_invitation_makes_one_captain_once(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let captain = ctx.user("cap@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let token = ctx.invite(crown.id, &organiser, Duration::days(7)).await;

    let invite = ctx
        .store
        .captain_invite(&token.digest())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(invite.team_id, crown.id);
    assert_eq!(invite.accepted_at, None);

    let accepted = ctx
        .store
        .accept_captain_invite(
            &token.digest(),
            &InviteAcceptor::Existing(captain.id),
            Utc::now(),
        )
        .await
        .unwrap();
    assert_eq!(accepted, captain);
    assert_eq!(
        ctx.store.roles(&captain).await.unwrap().captain_of,
        vec![crown.id]
    );
    assert_eq!(
        ctx.store.teams_captained_by(captain.id).await.unwrap(),
        vec![crown.clone()]
    );
    assert_eq!(
        ctx.store.captains_of(crown.id).await.unwrap(),
        vec![captain.clone()]
    );
    assert!(
        ctx.store
            .captain_invite(&token.digest())
            .await
            .unwrap()
            .unwrap()
            .accepted_at
            .is_some()
    );

    let other = ctx.user("other@example.org").await;
    let again = ctx
        .store
        .accept_captain_invite(
            &token.digest(),
            &InviteAcceptor::Existing(other.id),
            Utc::now(),
        )
        .await;
    assert!(matches!(again, Err(StoreError::InviteUsed)), "{again:?}");
    assert!(ctx.store.roles(&other).await.unwrap().captain_of.is_empty());

    let unknown = ctx
        .store
        .accept_captain_invite(
            &SecretToken::generate().digest(),
            &InviteAcceptor::Existing(other.id),
            Utc::now(),
        )
        .await;
    assert!(
        matches!(unknown, Err(StoreError::InviteNotFound)),
        "{unknown:?}"
    );
}
store_test!(an_invitation_makes_one_captain_once);

async fn an_expired_invitation_makes_nobody_a_captain(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let captain = ctx.user("cap@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let token = ctx.invite(crown.id, &organiser, Duration::hours(1)).await;
    let two_hours_on = Utc::now() + Duration::hours(2);
    let outcome = ctx
        .store
        .accept_captain_invite(
            &token.digest(),
            &InviteAcceptor::Existing(captain.id),
            two_hours_on,
        )
        .await;
    assert!(
        matches!(outcome, Err(StoreError::InviteExpired)),
        "{outcome:?}"
    );
    assert!(ctx.store.captains_of(crown.id).await.unwrap().is_empty());
}
store_test!(an_expired_invitation_makes_nobody_a_captain);

async fn an_invitation_taken_up_by_address_is_its_account_old_or_new(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    let token = ctx.invite(crown.id, &organiser, Duration::days(7)).await;

    let newcomer = ctx
        .store
        .accept_captain_invite(
            &token.digest(),
            &InviteAcceptor::AccountOfAddress(new_user("new@example.org")),
            Utc::now(),
        )
        .await
        .unwrap();
    assert_eq!(newcomer.email, "new@example.org");
    assert_eq!(
        ctx.store.captains_of(crown.id).await.unwrap(),
        vec![newcomer]
    );

    // An address that has an account: that account becomes the captain, its password as
    // it was.
    let bell = ctx.team(north.id, "The Bell").await;
    let token = ctx.invite(bell.id, &organiser, Duration::days(7)).await;
    let before = ctx
        .store
        .credentials(&"org@example.org".try_into().unwrap())
        .await
        .unwrap()
        .unwrap();
    let existing = ctx
        .store
        .accept_captain_invite(
            &token.digest(),
            &InviteAcceptor::AccountOfAddress(new_user("org@example.org")),
            Utc::now(),
        )
        .await
        .unwrap();
    assert_eq!(existing, organiser);
    assert_eq!(
        ctx.store.captains_of(bell.id).await.unwrap(),
        vec![organiser]
    );
    let after = ctx
        .store
        .credentials(&"org@example.org".try_into().unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(after.password_hash, before.password_hash);
}
store_test!(an_invitation_taken_up_by_address_is_its_account_old_or_new);

async fn two_people_taking_up_one_invitation_at_once_make_one_captain(ctx: TestContext) {
    let organiser = ctx.user("org@example.org").await;
    let north = ctx.organisation("north", &organiser).await;
    let crown = ctx.team(north.id, "The Crown").await;
    for round in 0..5 {
        let token = ctx.invite(crown.id, &organiser, Duration::days(7)).await;
        let existing = ctx.user(&format!("existing{round}@example.org")).await;
        let by_existing = InviteAcceptor::Existing(existing.id);
        let by_newcomer =
            InviteAcceptor::AccountOfAddress(new_user(&format!("new{round}@example.org")));
        let digest = token.digest();
        let (first, second) = tokio::join!(
            ctx.store
                .accept_captain_invite(&digest, &by_existing, Utc::now()),
            ctx.store
                .accept_captain_invite(&digest, &by_newcomer, Utc::now()),
        );
        let outcomes = [&first, &second];
        let accepted = outcomes.iter().filter(|outcome| outcome.is_ok()).count();
        let refused = outcomes
            .iter()
            .filter(|outcome| matches!(outcome, Err(StoreError::InviteUsed)))
            .count();
        assert_eq!((accepted, refused), (1, 1), "{first:?} {second:?}");
        // The newcomer's account exists only if their acceptance went through.
        let newcomer = ctx
            .store
            .credentials(&email(&format!("new{round}@example.org")))
            .await
            .unwrap();
        assert_eq!(newcomer.is_some(), second.is_ok());
    }
    assert_eq!(ctx.store.captains_of(crown.id).await.unwrap().len(), 5);
}
store_test!(two_people_taking_up_one_invitation_at_once_make_one_captain);
