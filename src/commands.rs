//! What the `fives` subcommands other than `record` do: serve, migrate and user.

use std::io::{BufRead, IsTerminal};
use std::sync::Arc;

use anyhow::{Context, bail};
use chrono::Utc;
use clap::Subcommand;

use crate::config::{DemoArgs, ServeArgs, StoreArgs};
use crate::demo;
use crate::domain::account::{EmailAddress, NewPassword};
use crate::password;
use crate::secret_key::SecretKey;
use crate::startup::Application;
use crate::store::{self, NewUser, Store, StoreError};

/// Opens the store and brings its schema up to date.
pub async fn open_store(args: &StoreArgs) -> anyhow::Result<Arc<dyn Store>> {
    let store = store::connect(args.database.as_deref(), &args.data_dir)
        .await
        .context("cannot open the database")?;
    store
        .migrate()
        .await
        .context("cannot apply the database migrations")?;
    Ok(store)
}

pub async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let mail = args.mail.settings()?;
    let store = open_store(&args.store).await?;
    let key = server_key(args.secret_key.as_deref(), &args.store)?;
    if args.demo {
        match load_demo(store.as_ref(), &key).await {
            Ok(()) | Err(demo::DemoError::AlreadyLoaded) => {}
            Err(error) => return Err(error).context("cannot load the demo league"),
        }
    }
    let links = mail.as_ref().map(|settings| settings.links.clone());
    let sender = match mail {
        Some(settings) => Some(crate::mail::Sender::new(store.clone(), settings)?),
        None => None,
    };
    let app = Application::build_with_mail(&args.bind, store.clone(), key, links)
        .with_context(|| format!("cannot listen on {}", args.bind))?;
    match sender {
        Some(sender) => {
            sender.spawn();
            tracing::info!("mail is on");
        }
        None => {
            crate::mail::spawn_cause_cleaner(store.clone());
        }
    }
    tracing::info!(dialect = store.dialect(), address = %app.address(), "serving");
    println!("fives is serving on http://{}/", app.address());
    app.run().await?;
    Ok(())
}

/// The configured secret key, or else the one kept in the data directory.
fn server_key(configured: Option<&str>, store: &StoreArgs) -> anyhow::Result<SecretKey> {
    Ok(match configured {
        Some(configured) => SecretKey::from_configured(configured)?,
        None => SecretKey::load_or_create(&store.data_dir)?,
    })
}

/// Loads the demo league into the store `args` names.
pub async fn demo(args: DemoArgs) -> anyhow::Result<()> {
    let store = open_store(&args.store).await?;
    let key = server_key(args.secret_key.as_deref(), &args.store)?;
    match load_demo(store.as_ref(), &key).await {
        Err(demo::DemoError::AlreadyLoaded) => {
            println!("The demo league is already loaded.");
            Ok(())
        }
        other => other.context("cannot load the demo league"),
    }
}

async fn load_demo(store: &dyn Store, key: &SecretKey) -> Result<(), demo::DemoError> {
    let now = Utc::now();
    let league = demo::load(store, now, DEMO_SEED).await?;
    let tables = demo::load_championship_day(store, key, now, DEMO_SEED).await?;
    crate::mail::forget_mail_due(store)
        .await
        .map_err(|error| demo::DemoError::Result(format!("forgetting the demo's mail: {error}")))?;
    println!(
        "Loaded the demo league: {} results and a championship day of {tables} table results; public pages at /leagues/{}.",
        league.results, league.slug
    );
    println!(
        "Log in as {} (the league secretary) or a team captain, password {}:",
        league.secretary,
        demo::PASSWORD
    );
    for (team, email) in &league.captains {
        println!("  {email}  captain of {team}");
    }
    Ok(())
}

/// The demo's games are the same on every machine.
const DEMO_SEED: u64 = 2026;

pub async fn migrate(args: StoreArgs) -> anyhow::Result<()> {
    let store = open_store(&args).await?;
    println!("The {} database is up to date.", store.dialect());
    Ok(())
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create an account. The password is asked for at a terminal, or read from the first line
    /// of standard input when that is not a terminal.
    Add {
        /// The account's email address, which is also its login.
        email: String,
        /// Make the account a site admin, who may create organisations.
        #[arg(long)]
        admin: bool,
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Set an account's password, as for a person who has forgotten theirs, and end all of its
    /// sessions. The password is read as for `add`.
    Password {
        /// The account's email address.
        email: String,
        #[command(flatten)]
        store: StoreArgs,
    },
}

pub async fn user(command: UserCommand) -> anyhow::Result<()> {
    match command {
        UserCommand::Add {
            email,
            admin,
            store,
        } => add_user(&email, admin, &store).await,
        UserCommand::Password { email, store } => set_password(&email, &store).await,
    }
}

async fn set_password(email: &str, args: &StoreArgs) -> anyhow::Result<()> {
    let email = EmailAddress::try_from(email)?;
    let store = open_store(args).await?;
    let Some(account) = store.credentials(&email).await? else {
        bail!("no account has the email address {email}");
    };
    let password = NewPassword::for_account(read_new_password()?, &email)?;
    let password_hash = password::hash(password).await?;
    let revoked = store
        .change_password(account.user.id, &password_hash, None)
        .await?;
    let tokens = match revoked {
        0 => "; it had no API tokens".to_string(),
        1 => " and revoked its API token".to_string(),
        n => format!(" and revoked its {n} API tokens"),
    };
    println!("Set the password of {email}, ended its sessions{tokens}.");
    Ok(())
}

async fn add_user(email: &str, admin: bool, args: &StoreArgs) -> anyhow::Result<()> {
    let email = EmailAddress::try_from(email)?;
    let password = NewPassword::for_account(read_new_password()?, &email)?;
    let store = open_store(args).await?;
    let password_hash = password::hash(password).await?;
    let user = NewUser {
        email,
        password_hash,
        is_admin: admin,
        created_at: Utc::now(),
    };
    match store.create_user(&user).await {
        Ok(created) => {
            let role = if created.is_admin { "site admin " } else { "" };
            println!("Created the {role}account {}.", created.email);
            Ok(())
        }
        Err(StoreError::EmailTaken) => {
            bail!(
                "an account with the email address {} already exists",
                user.email
            )
        }
        Err(error) => Err(error.into()),
    }
}

fn read_new_password() -> anyhow::Result<String> {
    if std::io::stdin().is_terminal() {
        let password = rpassword::prompt_password("Password: ")?;
        let again = rpassword::prompt_password("Password again: ")?;
        if password != again {
            bail!("the two passwords differ");
        }
        Ok(password)
    } else {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line)?;
        Ok(line.trim_end_matches(['\r', '\n']).to_string())
    }
}
