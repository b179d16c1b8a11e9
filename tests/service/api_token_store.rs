//! API tokens in the store, checked the same way against SQLite and PostgreSQL.

use crate::support::TestContext;
use chrono::{Duration, Utc};
use fives::domain::ids::{ApiTokenId, UserId};
use fives::domain::organisation::DisplayName;
use fives::store::{LAST_USED_PRECISION, NewApiToken, StoreError};
use fives::token::SecretToken;

fn new_token(user: UserId, name: &str) -> (SecretToken, NewApiToken) {
    let secret = SecretToken::generate();
    let token = NewApiToken {
        user,
        name: DisplayName::try_from(name).unwrap(),
        token: secret.digest(),
        created_at: Utc::now(),
        expires_at: None,
        read_only: false,
    };
    (secret, token)
}

async fn a_token_opens_its_account_until_it_is_revoked(ctx: TestContext) {
    let store = &ctx.store;
    let ann = ctx.user("ann@example.org").await;
    let (secret, new) = new_token(ann.id, "club website");
    let token = store.create_api_token(&new).await.unwrap();
    assert_eq!(token.user_id, ann.id);
    assert_eq!(token.name, "club website");
    assert_eq!(token.last_used_at, None);
    assert!(!token.is_revoked());

    let now = Utc::now();
    let user = store.api_token_user(&secret.digest(), now).await.unwrap();
    assert_eq!(user.as_ref().map(|holder| holder.user.id), Some(ann.id));
    assert_eq!(user.map(|holder| holder.read_only), Some(false));
    let listed = store.api_tokens_of(ann.id).await.unwrap();
    assert_eq!(listed.len(), 1);
    let used = listed[0].last_used_at.expect("the use is noted");
    assert!((used - now).num_seconds().abs() <= 1, "{used} vs {now}");

    // A use soon after does not write again; one later does.
    let soon = now + Duration::seconds(5);
    store.api_token_user(&secret.digest(), soon).await.unwrap();
    let listed = store.api_tokens_of(ann.id).await.unwrap();
    assert_eq!(listed[0].last_used_at, Some(used));
    let later = now + LAST_USED_PRECISION + Duration::seconds(5);
    store.api_token_user(&secret.digest(), later).await.unwrap();
    let listed = store.api_tokens_of(ann.id).await.unwrap();
    assert!(listed[0].last_used_at.unwrap() > used);

    store
        .revoke_api_token(ann.id, token.id, Utc::now())
        .await
        .unwrap();
    assert_eq!(
        store
            .api_token_user(&secret.digest(), Utc::now())
            .await
            .unwrap(),
        None
    );
    let listed = store.api_tokens_of(ann.id).await.unwrap();
    assert!(listed[0].is_revoked());
    // Revoking again changes nothing, not even when.
    let revoked_at = listed[0].revoked_at;
    store
        .revoke_api_token(ann.id, token.id, Utc::now() + Duration::hours(1))
        .await
        .unwrap();
    assert_eq!(
        store.api_tokens_of(ann.id).await.unwrap()[0].revoked_at,
        revoked_at
    );
}
store_test!(a_token_opens_its_account_until_it_is_revoked);

async fn an_unknown_token_opens_nothing_and_only_its_owner_revokes_a_token(ctx: TestContext) {
    let store = &ctx.store;
    let ann = ctx.user("ann@example.org").await;
    let bob = ctx.user("bob@example.org").await;
    assert_eq!(
        store
            .api_token_user(&SecretToken::generate().digest(), Utc::now())
            .await
            .unwrap(),
        None
    );
    let (secret, new) = new_token(ann.id, "scorer's app");
    let token = store.create_api_token(&new).await.unwrap();
    assert!(matches!(
        store.revoke_api_token(bob.id, token.id, Utc::now()).await,
        Err(StoreError::NotFound(_))
    ));
    assert!(matches!(
        store
            .revoke_api_token(ann.id, ApiTokenId(token.id.0 + 100), Utc::now())
            .await,
        Err(StoreError::NotFound(_))
    ));
    assert!(
        store
            .api_token_user(&secret.digest(), Utc::now())
            .await
            .unwrap()
            .is_some(),
        "bob's attempt revoked nothing"
    );
    assert!(store.api_tokens_of(bob.id).await.unwrap().is_empty());
}
store_test!(an_unknown_token_opens_nothing_and_only_its_owner_revokes_a_token);

async fn tokens_are_listed_newest_first_and_need_an_account(ctx: TestContext) {
    let store = &ctx.store;
    let ann = ctx.user("ann@example.org").await;
    let (_, mut first) = new_token(ann.id, "first");
    first.created_at = Utc::now() - Duration::days(2);
    let (_, second) = new_token(ann.id, "second");
    store.create_api_token(&first).await.unwrap();
    store.create_api_token(&second).await.unwrap();
    let names: Vec<String> = store
        .api_tokens_of(ann.id)
        .await
        .unwrap()
        .into_iter()
        .map(|token| token.name)
        .collect();
    assert_eq!(names, ["second", "first"]);

    let (_, nobody) = new_token(UserId(ann.id.0 + 100), "orphan");
    assert!(matches!(
        store.create_api_token(&nobody).await,
        Err(StoreError::NoSuchAccount)
    ));
}
store_test!(tokens_are_listed_newest_first_and_need_an_account);

async fn a_token_may_expire_be_read_only_and_goes_with_a_password_change(ctx: TestContext) {
    let store = &ctx.store;
    let ann = ctx.user("ann@example.org").await;
    let now = Utc::now();
    let (lasting, mut new) = new_token(ann.id, "scoreboard");
    new.read_only = true;
    store.create_api_token(&new).await.unwrap();
    let (brief, mut new) = new_token(ann.id, "one evening");
    new.expires_at = Some(now + Duration::hours(1));
    store.create_api_token(&new).await.unwrap();

    let holder = store
        .api_token_user(&lasting.digest(), now)
        .await
        .unwrap()
        .unwrap();
    assert!(holder.read_only);
    assert!(
        store
            .api_token_user(&brief.digest(), now)
            .await
            .unwrap()
            .is_some()
    );
    let after = now + Duration::hours(1) + Duration::seconds(1);
    assert_eq!(
        store.api_token_user(&brief.digest(), after).await.unwrap(),
        None
    );

    // A new password closes every token, and says how many it closed.
    let revoked = store
        .change_password(ann.id, "$argon2id$new", None)
        .await
        .unwrap();
    assert_eq!(revoked, 2);
    assert_eq!(
        store.api_token_user(&lasting.digest(), now).await.unwrap(),
        None
    );
    assert_eq!(
        store
            .change_password(ann.id, "$argon2id$again", None)
            .await
            .unwrap(),
        0
    );
}
store_test!(a_token_may_expire_be_read_only_and_goes_with_a_password_change);
