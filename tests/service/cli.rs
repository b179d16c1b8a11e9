//! The `fives` command line: serve, migrate and user add, run as the real binary.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

use crate::support::{Backend, TestContext};

/// `fives` with no configuration from the environment, pointed at the test's store.
pub(crate) fn fives(ctx: &TestContext, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fives"));
    command.args(args);
    for variable in [
        "DATABASE_URL",
        "FIVES_DATA_DIR",
        "FIVES_BIND",
        "FIVES_SECRET_KEY",
    ] {
        command.env_remove(variable);
    }
    match (&ctx.backend, &ctx.database_url) {
        (Backend::Postgres, Some(url)) => command.args(["--database", url]),
        _ => command.arg("--data-dir").arg(&ctx.data_dir),
    };
    command
}

pub(crate) async fn run_with_stdin(mut command: Command, stdin: &'static str) -> Output {
    tokio::task::spawn_blocking(move || {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("fives starts");
        // fives may refuse the arguments and exit before it reads standard input.
        let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
        child.wait_with_output().unwrap()
    })
    .await
    .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

async fn user_add_creates_an_account_with_the_password_from_stdin(ctx: TestContext) {
    let output = run_with_stdin(
        fives(&ctx, &["user", "add", "Pat@Example.org", "--admin"]),
        "copper kettle tuesday\n",
    )
    .await;
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "Created the site admin account pat@example.org.\n"
    );
    let pat = ctx
        .store
        .credentials(&"pat@example.org".try_into().unwrap())
        .await
        .unwrap()
        .unwrap();
    assert!(pat.user.is_admin);
    let page = ctx
        .browser()
        .login("pat@example.org", "copper kettle tuesday")
        .await;
    page.assert_redirect_to("/dashboard");

    let again = run_with_stdin(
        fives(&ctx, &["user", "add", "pat@example.org"]),
        "copper kettle tuesday\n",
    )
    .await;
    assert!(!again.status.success());
    assert!(
        text(&again.stderr)
            .contains("an account with the email address pat@example.org already exists"),
        "{}",
        text(&again.stderr)
    );

    let bad_email = run_with_stdin(
        fives(&ctx, &["user", "add", "pat"]),
        "copper kettle tuesday\n",
    )
    .await;
    assert!(!bad_email.status.success());
    assert!(
        text(&bad_email.stderr).contains("Enter an email address in the form name@example.org.")
    );

    let short = run_with_stdin(fives(&ctx, &["user", "add", "kim@example.org"]), "short\n").await;
    assert!(!short.status.success());
    assert!(
        text(&short.stderr).contains("at least 10 characters"),
        "{}",
        text(&short.stderr)
    );
    let common = run_with_stdin(
        fives(&ctx, &["user", "add", "kim@example.org"]),
        "password1234\n",
    )
    .await;
    assert!(!common.status.success());
    assert!(
        text(&common.stderr).contains("That password is too easy to guess."),
        "{}",
        text(&common.stderr)
    );
    let spaces = run_with_stdin(
        fives(&ctx, &["user", "add", "kim@example.org"]),
        "            \n",
    )
    .await;
    assert!(!spaces.status.success());
    assert!(
        ctx.store
            .credentials(&"kim@example.org".try_into().unwrap())
            .await
            .unwrap()
            .is_none()
    );
}
store_test!(user_add_creates_an_account_with_the_password_from_stdin);

async fn user_password_sets_a_forgotten_password_and_ends_every_session(ctx: TestContext) {
    ctx.user("pat@example.org").await;
    let browser = ctx.browser();
    browser.login_ok("pat@example.org").await;
    let token = browser.make_api_token("scoreboard").await;

    let output = run_with_stdin(
        fives(&ctx, &["user", "password", "pat@example.org"]),
        "a brand new password\n",
    )
    .await;
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "Set the password of pat@example.org, ended its sessions and revoked its API token.\n"
    );
    assert_eq!(ctx.api(Some(&token)).get("/api/v1/me").await.status, 401);
    browser
        .get("/dashboard")
        .await
        .assert_redirect_to("/login?next=%2Fdashboard");
    ctx.browser()
        .login("pat@example.org", "a brand new password")
        .await
        .assert_redirect_to("/dashboard");

    let unknown = run_with_stdin(
        fives(&ctx, &["user", "password", "kim@example.org"]),
        "a brand new password\n",
    )
    .await;
    assert!(!unknown.status.success());
    assert!(
        text(&unknown.stderr).contains("no account has the email address kim@example.org"),
        "{}",
        text(&unknown.stderr)
    );
}
store_test!(user_password_sets_a_forgotten_password_and_ends_every_session);

async fn migrate_brings_the_database_up_to_date(ctx: TestContext) {
    let output = run_with_stdin(fives(&ctx, &["migrate"]), "").await;
    assert!(output.status.success(), "{}", text(&output.stderr));
    let dialect = ctx.store.dialect();
    assert_eq!(
        text(&output.stdout),
        format!("The {dialect} database is up to date.\n")
    );
}
store_test!(migrate_brings_the_database_up_to_date);

/// Starts `fives serve` on a free port and answers its address once it is serving.
fn serve(mut command: Command) -> (std::process::Child, String) {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("fives starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .strip_prefix("fives is serving on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .trim()
        .trim_end_matches('/')
        .to_string();
    (child, url)
}

async fn serve_answers_on_the_address_it_prints(ctx: TestContext) {
    let (mut child, url) = tokio::task::spawn_blocking({
        let command = {
            let mut command = fives(&ctx, &["serve", "--bind", "127.0.0.1:0"]);
            command.env("FIVES_LOG", "warn");
            command
        };
        move || serve(command)
    })
    .await
    .unwrap();
    let health = reqwest::get(format!("{url}/healthz")).await;
    let home = reqwest::get(format!("{url}/")).await;
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(health.unwrap().status(), 200);
    assert_eq!(home.unwrap().status(), 200);
}
store_test!(serve_answers_on_the_address_it_prints);

/// With no configuration at all, `fives serve` keeps its data in `./data`.
#[tokio::test]
async fn serve_with_no_configuration_creates_its_data_directory() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_fives"));
    for variable in ["DATABASE_URL", "FIVES_DATA_DIR", "FIVES_SECRET_KEY"] {
        command.env_remove(variable);
    }
    // Port 0 rather than the default 8080, which something else on the machine may hold.
    command
        .current_dir(dir.path())
        .env("FIVES_BIND", "127.0.0.1:0")
        .env("FIVES_LOG", "warn")
        .arg("serve");
    let (mut child, url) = tokio::task::spawn_blocking(move || serve(command))
        .await
        .unwrap();
    let health = reqwest::get(format!("{url}/healthz")).await;
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(health.unwrap().status(), 200);
    assert!(dir.path().join("data/fives.db").is_file());
    assert!(dir.path().join("data/secret.key").is_file());
}

#[test]
fn an_unknown_kind_of_database_url_is_refused() {
    let output = Command::new(env!("CARGO_BIN_EXE_fives"))
        .args(["migrate", "--database", "mysql://localhost/fives"])
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("is neither a postgres:// nor a sqlite: URL"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn a_sqlite_url_names_the_database_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("league.db");
    let output = Command::new(env!("CARGO_BIN_EXE_fives"))
        .args(["migrate", "--database"])
        .arg(format!("sqlite://{}", file.display()))
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "The sqlite database is up to date.\n");
    assert!(file.is_file());
}

async fn the_demo_loads_with_no_mail_to_send(ctx: TestContext) {
    let loaded = fives(&ctx, &["demo"]).output().unwrap();
    assert!(loaded.status.success(), "{}", text(&loaded.stderr));
    // The demo's results were submitted and its deadlines passed as it loaded, to nobody:
    // nothing is left for the sender to mail.
    assert_eq!(ctx.store.mail_causes(10).await.unwrap(), Vec::new());
    let today = fives::app::league_today();
    let overdue = ctx
        .store
        .unmailed_overdue_fixtures(today, today - fives::domain::mail::DEADLINE_MAIL_WINDOW, 10)
        .await
        .unwrap();
    assert!(overdue.is_empty(), "{overdue:?}");
}
store_test!(the_demo_loads_with_no_mail_to_send);
