//! The captains of a division's teams invited at once: one address a team, every address
//! checked first, all the invitations kept or none, each mailed as a single one is.

use chrono::Utc;
use fives::domain::ids::TeamId;
use fives::domain::mail::{
    MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR, MAX_MAILS_PER_ADDRESS_PER_HOUR, Mail,
};
use fives::store::NewCaptainInvite;
use fives::token::SecretToken;

use crate::bulk_teams::{GUILD, TwoDivisions, signed_in, two_divisions};
use crate::mail::{link_in, mail_through_smtp};
use crate::support::TestContext;

/// How many captain invitations the store holds, read straight from the database.
pub(crate) async fn invitations(ctx: &TestContext) -> i64 {
    const COUNT: &str = "SELECT COUNT(*) FROM captain_invites";
    match &ctx.database_url {
        Some(url) => {
            let pool = sqlx::PgPool::connect(url).await.unwrap();
            let count = sqlx::query_scalar(COUNT).fetch_one(&pool).await.unwrap();
            pool.close().await;
            count
        }
        None => {
            let url = format!("sqlite://{}", ctx.data_dir.join("fives.db").display());
            let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
            let count = sqlx::query_scalar(COUNT).fetch_one(&pool).await.unwrap();
            pool.close().await;
            count
        }
    }
}

/// The first link on a page starting with `prefix`, up to the end of its attribute.
fn link_on_page(body: &str, prefix: &str) -> String {
    let start = (body.find(prefix)).unwrap_or_else(|| panic!("no link {prefix} in {body}"));
    let end = body[start..].find('"').unwrap();
    body[start..start + end].to_string()
}

/// Premier with the Anchor and the Swan, captainless, beside the Bell, whose captain is in.
async fn premier_of_three(ctx: &TestContext) -> (TwoDivisions, TeamId) {
    let league = two_divisions(ctx).await;
    let swan = ctx.team(league.organisation, "The Swan").await.id;
    for team in [league.anchor, swan] {
        ctx.store
            .add_team_to_division(league.premier, team)
            .await
            .unwrap();
    }
    let captain = ctx.user("bell.captain@example.org").await;
    ctx.make_captain(league.bell, &captain, &league.secretary)
        .await;
    (league, swan)
}

/// `count` invitations of the league's made in the last hour, past the form.
async fn invitations_made_elsewhere(ctx: &TestContext, league: &TwoDivisions, count: usize) {
    let now = Utc::now();
    let made: Vec<_> = (0..count)
        .map(|_| {
            let invite = NewCaptainInvite {
                token: SecretToken::generate().digest(),
                team: league.crown,
                invited_by: league.secretary.id,
                created_at: now,
                expires_at: now + chrono::Duration::days(7),
            };
            (invite, None)
        })
        .collect();
    let queued = ctx
        .store
        .create_captain_invites(&made, MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR)
        .await
        .unwrap();
    assert_eq!(queued, vec![false; count]);
}

async fn a_secretary_invites_the_captains_of_a_divisions_teams_at_once(ctx: TestContext) {
    let (league, swan) = premier_of_three(&ctx).await;
    let secretary = signed_in(&ctx, &league.secretary.email).await;
    let invites = format!("/organise/{GUILD}/divisions/{}/invites", league.premier);
    let (anchor, swan, crown) = (
        league.anchor.to_string(),
        swan.to_string(),
        league.crown.to_string(),
    );

    // The season page leads to it, and it lists the teams without a captain.
    let season = secretary
        .get(&format!("/organise/{GUILD}/seasons/{}", league.season))
        .await;
    assert!(season.body.contains(&invites), "{}", season.body);
    let page = secretary.get(&invites).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Captain of The Anchor"), "{}", page.body);
    assert!(page.body.contains("Captain of The Swan"), "{}", page.body);
    assert!(!page.body.contains("Captain of The Bell"), "{}", page.body);
    let before = invitations(&ctx).await;

    // Every problem at once, each at its team, and nothing is kept; what was typed stays.
    let refused = secretary
        .submit(
            &invites,
            &[
                ("team", &anchor),
                ("email", "not an address"),
                ("team", &swan),
                ("email", "swan.captain@example.org"),
                ("team", &crown),
                ("email", "crown.captain@example.org"),
            ],
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains("No invitation was made"),
        "{}",
        refused.body
    );
    assert!(
        refused
            .body
            .contains(&format!(r#"id="captain-{anchor}-error""#)),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("<li>The Anchor: "),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("Choose one of the teams of Premier."),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains(r#"value="swan.captain@example.org""#),
        "{}",
        refused.body
    );
    assert_eq!(invitations(&ctx).await, before);

    // Blank fields are passed over, but one address at least is needed.
    let blank = secretary
        .submit(
            &invites,
            &[
                ("team", &anchor),
                ("email", " "),
                ("team", &swan),
                ("email", ""),
            ],
        )
        .await;
    assert_eq!(blank.status, 422);
    assert!(
        blank.body.contains("Give at least one captain"),
        "{}",
        blank.body
    );
    assert_eq!(invitations(&ctx).await, before);

    // Two at once, one left blank: one invitation each, shown with its link (mail is off).
    let sent = secretary
        .submit(
            &invites,
            &[
                ("team", &anchor),
                ("email", "anchor.captain@example.org"),
                ("team", &swan),
                ("email", ""),
            ],
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert_eq!(invitations(&ctx).await, before + 1);
    assert!(sent.body.contains("<h2>The Anchor</h2>"), "{}", sent.body);
    assert!(!sent.body.contains("<h2>The Swan</h2>"), "{}", sent.body);
    assert!(
        sent.body.contains("Not mailed: this site sends no mail."),
        "{}",
        sent.body
    );
    let link = link_on_page(&sent.body, &format!("{}/invites/", ctx.address));
    let newcomer = ctx.browser();
    let opened = newcomer.get(&link[ctx.address.len()..]).await;
    assert_eq!(opened.status, 200, "{}", opened.body);
    assert!(opened.body.contains("The Anchor"), "{}", opened.body);

    // The league's hourly number of invitations holds for a list as for one: a list that
    // would pass it is refused whole.
    let made = invitations(&ctx).await;
    let room = MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR - made;
    invitations_made_elsewhere(&ctx, &league, (room - 1) as usize).await;
    let two = [
        ("team", anchor.as_str()),
        ("email", "anchor.again@example.org"),
        ("team", swan.as_str()),
        ("email", "swan.captain@example.org"),
    ];
    let over = secretary.submit(&invites, &two).await;
    assert_eq!(over.status, 409, "{}", over.body);
    assert!(
        over.body.contains("30 invitations in the last hour"),
        "{}",
        over.body
    );
    assert_eq!(
        invitations(&ctx).await,
        MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR - 1
    );
    let one = secretary.submit(&invites, &two[2..]).await;
    assert_eq!(one.status, 200, "{}", one.body);
    assert_eq!(
        invitations(&ctx).await,
        MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR
    );

    // A captain may not.
    let captain = signed_in(&ctx, "bell.captain@example.org").await;
    let forbidden = captain.submit(&invites, &two[2..]).await;
    assert_eq!(forbidden.status, 403, "{}", forbidden.body);
    assert_eq!(captain.get(&invites).await.status, 403);
}
store_test!(a_secretary_invites_the_captains_of_a_divisions_teams_at_once);

async fn each_captain_invited_at_once_is_mailed_their_own_invitation(ctx: TestContext) {
    let Some((smtp, service)) = mail_through_smtp(&ctx).await else {
        return;
    };
    let (league, swan) = premier_of_three(&ctx).await;
    // The Swan's captain-to-be has had the most messages an address is sent in an hour.
    let full = "busy@example.org";
    let now = Utc::now();
    for n in 0..MAX_MAILS_PER_ADDRESS_PER_HOUR {
        let mail = Mail {
            to: full.into(),
            subject: format!("Message {n}"),
            body: "Hello.".into(),
        };
        ctx.store.queue_mail(&[mail], now).await.unwrap();
    }
    let secretary = service.browser(&ctx);
    secretary.login_ok(&league.secretary.email).await;
    let invites = format!("/organise/{GUILD}/divisions/{}/invites", league.premier);
    let (anchor, swan) = (league.anchor.to_string(), swan.to_string());
    let sent = secretary
        .submit(
            &invites,
            &[
                ("team", &anchor),
                ("email", "anchor.captain@example.org"),
                ("team", &swan),
                ("email", full),
            ],
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert!(
        sent.body
            .contains("Sent: the link is on its way to anchor.captain@example.org."),
        "{}",
        sent.body
    );
    assert!(
        sent.body
            .contains(&format!("Held back: {full} has had the most messages")),
        "{}",
        sent.body
    );

    // The Anchor's captain receives their own invitation, whose link makes them its captain.
    let mails = smtp.wait_for("anchor.captain@example.org", 1).await;
    assert!(
        mails[0].contains("Subject: You are invited to captain The Anchor"),
        "{}",
        mails[0]
    );
    let link = link_in(&mails[0], &format!("{}/invites/", service.address));
    assert!(sent.body.contains(&link), "the page shows the link mailed");
    let newcomer = service.browser(&ctx);
    let accepted = newcomer
        .submit(
            &link[service.address.len()..],
            &[
                ("email", "anchor.captain@example.org"),
                ("password", crate::support::PASSWORD),
                ("confirm_password", crate::support::PASSWORD),
            ],
        )
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let captains = ctx.store.captains_of(league.anchor).await.unwrap();
    assert_eq!(captains.len(), 1);
    assert_eq!(captains[0].email, "anchor.captain@example.org");

    // The held-back address got nothing more, and the Swan's link is on the page to pass on.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let to_full = smtp
        .messages()
        .iter()
        .filter(|m| m.contains("captain The Swan"))
        .count();
    assert_eq!(to_full, 0);
    assert_eq!(
        sent.body
            .matches(&format!("{}/invites/", service.address))
            .count(),
        2
    );
    service.stop().await;
}
store_test!(each_captain_invited_at_once_is_mailed_their_own_invitation);
