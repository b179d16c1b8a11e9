//! What one person can make the service mail or keep, bounded: a fixture's result withdrawn at
//! most three times, messages to one address at most twenty an hour, an organisation's
//! invitations at most thirty an hour, an account's reset links at most three an hour; and
//! a reset link asked for before a password change used up by it. Each count is checked with
//! its requests at once, and each race test counts how many of its requests overlapped.

use std::future::Future;
use std::time::Instant;

use chrono::Utc;
use fives::domain::mail::{
    MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR, MAX_MAILS_PER_ADDRESS_PER_HOUR,
    MAX_PASSWORD_RESETS_PER_HOUR, Mail, password_reset,
};
use fives::domain::match_result::MAX_WITHDRAWALS_PER_FIXTURE;
use fives::domain::season_fixtures::FixtureStatus;
use fives::store::{NewPasswordReset, ResetRequested};
use fives::token::SecretToken;
use serde_json::json;

use crate::cli::{fives, run_with_stdin};
use crate::results_league::{SLUG, results_league};
use crate::support::{Browser, PASSWORD, TestContext};

/// Runs every future at once, each on a task of its own, and answers their outputs with how
/// many pairs of them were running at the same moment (so a race test can show it raced).
async fn all_at_once<F, T>(futures: Vec<F>) -> (Vec<T>, usize)
where
    F: Future<Output = T> + Send + 'static,
    T: Send + 'static,
{
    let tasks: Vec<_> = futures
        .into_iter()
        .map(|future| {
            tokio::spawn(async move {
                let started = Instant::now();
                let output = future.await;
                (output, started, Instant::now())
            })
        })
        .collect();
    let mut timed = Vec::new();
    for task in tasks {
        timed.push(task.await.expect("the task ends"));
    }
    let mut overlaps = 0;
    for (i, (_, start_a, end_a)) in timed.iter().enumerate() {
        for (_, start_b, end_b) in &timed[i + 1..] {
            if start_a < end_b && start_b < end_a {
                overlaps += 1;
            }
        }
    }
    (
        timed.into_iter().map(|(output, ..)| output).collect(),
        overlaps,
    )
}

async fn signed_in(ctx: &TestContext, email: &str) -> Browser {
    let browser = ctx.browser();
    browser.login_ok(email).await;
    browser
}

/// A reset link for `email`'s account, kept as the form keeps one; its page's path.
async fn reset_link(ctx: &TestContext, email: &str) -> String {
    let token = SecretToken::generate();
    let now = Utc::now();
    let kept = ctx
        .store
        .request_password_reset(
            email,
            &NewPasswordReset {
                token: token.digest(),
                created_at: now,
                expires_at: now + chrono::Duration::hours(1),
            },
            &password_reset(email, "http://example.org/"),
            MAX_PASSWORD_RESETS_PER_HOUR,
        )
        .await
        .unwrap();
    assert_eq!(kept, ResetRequested::Queued);
    format!("/password-reset/{}", token.as_str())
}

async fn a_fixtures_result_is_withdrawn_at_most_three_times(ctx: TestContext) {
    let league = results_league(&ctx).await;
    let fixture = league.fixtures[0].id;
    let page = format!("/leagues/{SLUG}/fixtures/{fixture}");
    let home = signed_in(&ctx, &league.home_captain.email).await;
    let token = home.make_api_token("scorer").await;
    let (sheet, _) = league.random_result(83);
    let submit = |round: usize| {
        let mut fields = crate::result_interruptions::form_fields(&sheet);
        fields.push(("submission_key".into(), format!("round-{round}")));
        fields
    };
    let current_id = || async {
        ctx.store
            .current_result(fixture)
            .await
            .unwrap()
            .unwrap()
            .id
            .to_string()
    };
    for round in 0..MAX_WITHDRAWALS_PER_FIXTURE as usize {
        let fields = submit(round);
        let pairs: Vec<(&str, &str)> = fields
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect();
        assert_eq!(
            home.submit(&format!("{page}/result"), &pairs).await.status,
            303
        );
        let withdrawn = home
            .submit(
                &format!("{page}/withdraw"),
                &[("result", &current_id().await)],
            )
            .await;
        assert_eq!(
            withdrawn.status, 303,
            "withdrawal {round}: {}",
            withdrawn.body
        );
    }

    let fields = submit(99);
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    assert_eq!(
        home.submit(&format!("{page}/result"), &pairs).await.status,
        303
    );
    let refused = home
        .submit(
            &format!("{page}/withdraw"),
            &[("result", &current_id().await)],
        )
        .await;
    assert_eq!(refused.status, 409, "{}", refused.body);
    let words = refused.body.replace("&#x27;", "'").replace("&#39;", "'");
    assert!(words.contains("already been withdrawn 3 times"), "{words}");
    assert!(words.contains("league's organiser"), "{words}");
    // The API is refused alike: it is the same use case.
    let id: i64 = current_id().await.parse().unwrap();
    let api = ctx
        .api(Some(&token))
        .post(
            &format!("/api/v1/organisations/{SLUG}/fixtures/{fixture}/result/withdraw"),
            json!({"version_id": id}),
        )
        .await;
    assert_eq!(api.status, 409, "{:?}", api.json);
    assert!(
        api.json.to_string().contains("withdrawn 3 times"),
        "{:?}",
        api.json
    );

    // The fourth submission stands, awaiting the other side; four versions were kept.
    let stored = ctx.store.fixture(fixture).await.unwrap().unwrap();
    assert_eq!(stored.status, FixtureStatus::AwaitingConfirmation);
    assert_eq!(ctx.store.result_versions(fixture).await.unwrap().len(), 4);
}
store_test!(a_fixtures_result_is_withdrawn_at_most_three_times);

async fn messages_to_one_address_stop_at_the_hourly_limit_even_when_queued_at_once(
    ctx: TestContext,
) {
    let to = "inbox@example.org";
    let now = Utc::now();
    let attempts = 2 * MAX_MAILS_PER_ADDRESS_PER_HOUR as usize;
    let queues = (0..attempts)
        .map(|n| {
            let store = ctx.store.clone();
            let mail = Mail {
                to: to.to_string(),
                subject: format!("Message {n}"),
                body: "Please confirm.".to_string(),
            };
            async move { store.queue_mail(&[mail], now).await }
        })
        .collect();
    let (queued, overlaps) = all_at_once(queues).await;
    assert!(queued.iter().all(Result::is_ok), "{queued:?}");
    assert!(overlaps > 0, "the requests never ran at the same time");
    let kept = ctx.store.mail_to(to).await.unwrap();
    assert_eq!(
        kept.len() as i64,
        MAX_MAILS_PER_ADDRESS_PER_HOUR,
        "{overlaps} overlaps"
    );

    // Another address is not held up by it, and the address itself is again an hour on.
    ctx.store
        .queue_mail(
            &[Mail {
                to: "other@example.org".into(),
                subject: "Hi".into(),
                body: "Hi".into(),
            }],
            now,
        )
        .await
        .unwrap();
    assert_eq!(
        ctx.store.mail_to("other@example.org").await.unwrap().len(),
        1
    );
    let later = now + chrono::Duration::minutes(61);
    ctx.store
        .queue_mail(
            &[Mail {
                to: to.into(),
                subject: "Later".into(),
                body: "Later".into(),
            }],
            later,
        )
        .await
        .unwrap();
    assert_eq!(
        ctx.store.mail_to(to).await.unwrap().len() as i64,
        MAX_MAILS_PER_ADDRESS_PER_HOUR + 1
    );
}
store_test!(messages_to_one_address_stop_at_the_hourly_limit_even_when_queued_at_once);

async fn sixty_reset_requests_at_once_keep_three_links(ctx: TestContext) {
    let user = ctx.user("forgetful@example.org").await;
    let now = Utc::now();
    let requests = (0..60)
        .map(|_| {
            let store = ctx.store.clone();
            let email = user.email.clone();
            async move {
                let token = SecretToken::generate();
                store
                    .request_password_reset(
                        &email,
                        &NewPasswordReset {
                            token: token.digest(),
                            created_at: now,
                            expires_at: now + chrono::Duration::hours(1),
                        },
                        &password_reset(&email, "http://example.org/"),
                        MAX_PASSWORD_RESETS_PER_HOUR,
                    )
                    .await
            }
        })
        .collect();
    let (outcomes, overlaps) = all_at_once(requests).await;
    assert!(overlaps > 0, "the requests never ran at the same time");
    let queued = outcomes
        .iter()
        .filter(|outcome| matches!(outcome, Ok(ResetRequested::Queued)))
        .count();
    assert!(
        outcomes.iter().all(|outcome| matches!(
            outcome,
            Ok(ResetRequested::Queued | ResetRequested::TooMany)
        )),
        "{outcomes:?}"
    );
    assert_eq!(
        queued as i64, MAX_PASSWORD_RESETS_PER_HOUR,
        "{overlaps} overlaps"
    );
    assert_eq!(
        ctx.store.mail_to(&user.email).await.unwrap().len() as i64,
        MAX_PASSWORD_RESETS_PER_HOUR
    );
}
store_test!(sixty_reset_requests_at_once_keep_three_links);

async fn a_password_change_uses_up_the_reset_links_asked_for_before_it(ctx: TestContext) {
    let user = ctx.user("forgetful@example.org").await;
    let link = reset_link(&ctx, &user.email).await;
    assert_eq!(ctx.browser().get(&link).await.status, 200);
    // Changed on the account's page, by whoever knows the password.
    let browser = signed_in(&ctx, &user.email).await;
    let new_password = "a much better password";
    let changed = browser
        .submit(
            "/account/password",
            &[
                ("current_password", PASSWORD),
                ("new_password", new_password),
                ("confirm_password", new_password),
            ],
        )
        .await;
    assert_eq!(changed.status, 303, "{}", changed.body);
    let page = ctx.browser().get(&link).await;
    assert_eq!(page.status, 410, "{}", page.body);
    assert!(page.body.contains("already been used"), "{}", page.body);
    let refused = ctx
        .browser()
        .submit(
            &link,
            &[
                ("new_password", "someone else's password"),
                ("confirm_password", "someone else's password"),
            ],
        )
        .await;
    assert_eq!(refused.status, 410, "{}", refused.body);

    // Set by the site's administrator with `fives user password`.
    let link = reset_link(&ctx, &user.email).await;
    let output = run_with_stdin(
        fives(&ctx, &["user", "password", &user.email]),
        "a brand new password\n",
    )
    .await;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(ctx.browser().get(&link).await.status, 410);
    ctx.browser()
        .login(&user.email, "a brand new password")
        .await
        .assert_redirect_to("/dashboard");
}
store_test!(a_password_change_uses_up_the_reset_links_asked_for_before_it);

async fn an_organisation_makes_at_most_thirty_invitations_an_hour_even_at_once(ctx: TestContext) {
    // An organisation with no invitations yet (a results league's captains were invited).
    let organiser = ctx.user("secretary@example.org").await;
    let organisation = ctx.organisation("guild", &organiser).await;
    let team = ctx.team(organisation.id, "The Anchor").await;
    let secretary = signed_in(&ctx, &organiser.email).await;
    let attempts = MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR as usize + 10;
    let invitations = (0..attempts)
        .map(|n| {
            // The same cookies: one client's clones share its cookie store.
            let secretary = Browser {
                address: secretary.address.clone(),
                client: secretary.client.clone(),
            };
            async move {
                secretary
                    .submit(
                        "/organise/guild/organisers/invites",
                        &[("email", &format!("stranger{n}@example.org"))],
                    )
                    .await
            }
        })
        .collect();
    let (pages, overlaps) = all_at_once(invitations).await;
    assert!(overlaps > 0, "the requests never ran at the same time");
    let made = pages.iter().filter(|page| page.status == 200).count();
    assert_eq!(
        made as i64, MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR,
        "{overlaps} overlaps"
    );
    let refused: Vec<_> = pages.iter().filter(|page| page.status != 200).collect();
    assert_eq!(refused.len(), 10);
    for page in refused {
        assert_eq!(page.status, 409, "{}", page.body);
        assert!(
            page.body.contains("30 invitations in the last hour"),
            "{}",
            page.body
        );
    }

    // A captain's invitation counts among them, and the API is refused alike.
    let captain = secretary
        .submit(
            &format!("/teams/{}/invites", team.id.0),
            &[("email", "captain@example.org")],
        )
        .await;
    assert_eq!(captain.status, 409, "{}", captain.body);
    let token = secretary.make_api_token("invitations").await;
    let api = ctx
        .api(Some(&token))
        .post(
            "/api/v1/organisations/guild/organisers/invites",
            json!({"email": "one.more@example.org"}),
        )
        .await;
    assert_eq!(api.status, 409, "{:?}", api.json);
    assert!(
        api.json
            .to_string()
            .contains("30 invitations in the last hour"),
        "{:?}",
        api.json
    );
}
store_test!(an_organisation_makes_at_most_thirty_invitations_an_hour_even_at_once);
