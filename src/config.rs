//! Settings from command-line flags and the environment (`FIVES_*`, `DATABASE_URL`).

use std::path::PathBuf;

use clap::Args;

/// Where the data lives.
#[derive(Debug, Clone, Args)]
pub struct StoreArgs {
    /// The data directory: the SQLite database (when no --database is given) and the secret key.
    #[arg(long, env = "FIVES_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,
    /// A database URL: postgres://user@host/name for PostgreSQL, or sqlite:PATH. Without one,
    /// fives keeps a SQLite database in the data directory.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database: Option<String>,
}

/// What `fives demo` needs: the store, and the key the server signs table links with.
#[derive(Debug, Clone, Args)]
pub struct DemoArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The server's secret key, as `fives serve` takes it, so that the demo's table links
    /// work on the server; without one, the key kept in the data directory.
    #[arg(long, env = "FIVES_SECRET_KEY", hide_env_values = true)]
    pub secret_key: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The address and port to listen on.
    #[arg(long, env = "FIVES_BIND", default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// The key that signs CSRF tokens (at least 32 characters). Every process serving one
    /// database needs the same key; without one, a key is generated and kept in the data
    /// directory.
    #[arg(long, env = "FIVES_SECRET_KEY", hide_env_values = true)]
    pub secret_key: Option<String>,
    /// Load the demo league before serving, unless it is already there.
    #[arg(long)]
    pub demo: bool,
    #[command(flatten)]
    pub mail: MailArgs,
}

/// Mail: off unless an SMTP server is given.
#[derive(Debug, Clone, Args)]
pub struct MailArgs {
    /// The SMTP server that sends the league's mail: smtp://[USER:PASSWORD@]HOST[:PORT]
    /// (plain), the same with ?tls=required (STARTTLS, port 587 unless given) or
    /// smtps://[USER:PASSWORD@]HOST[:PORT] (TLS, port 465). Without one, no mail is queued or
    /// sent.
    #[arg(long, env = "FIVES_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The sender of the league's mail, such as "North League <league@example.org>".
    #[arg(long, env = "FIVES_MAIL_FROM")]
    pub mail_from: Option<String>,
    /// The site's public address, such as https://fives.example.org, from which the links in
    /// mail are made.
    #[arg(long, env = "FIVES_PUBLIC_URL")]
    pub public_url: Option<String>,
}

impl MailArgs {
    /// The mail settings when mail is on; an error names what is missing or wrong.
    pub fn settings(&self) -> anyhow::Result<Option<crate::mail::MailSettings>> {
        let Some(smtp_url) = &self.smtp_url else {
            return Ok(None);
        };
        let Some(from) = &self.mail_from else {
            anyhow::bail!(
                "mail needs a sender: give --mail-from (FIVES_MAIL_FROM) with --smtp-url"
            );
        };
        let Some(public_url) = &self.public_url else {
            anyhow::bail!(
                "mail needs the site's public address for its links: give --public-url (FIVES_PUBLIC_URL) with --smtp-url"
            );
        };
        let links = crate::domain::mail::SiteLinks::new(public_url)?;
        Ok(Some(crate::mail::MailSettings::new(smtp_url, from, links)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(smtp: Option<&str>, from: Option<&str>, public: Option<&str>) -> MailArgs {
        MailArgs {
            smtp_url: smtp.map(str::to_string),
            mail_from: from.map(str::to_string),
            public_url: public.map(str::to_string),
        }
    }

    #[test]
    fn mail_is_off_without_an_smtp_server_and_needs_a_sender_and_address_with_one() {
        assert!(
            mail(None, Some("a@b.org"), None)
                .settings()
                .unwrap()
                .is_none()
        );
        let on = mail(
            Some("smtp://localhost"),
            Some("a@b.org"),
            Some("https://x.org"),
        );
        assert_eq!(
            on.settings().unwrap().unwrap().links.base(),
            "https://x.org"
        );
        let no_from = mail(Some("smtp://localhost"), None, Some("https://x.org"));
        assert!(
            no_from
                .settings()
                .err()
                .unwrap()
                .to_string()
                .contains("--mail-from")
        );
        let no_site = mail(Some("smtp://localhost"), Some("a@b.org"), None);
        assert!(
            no_site
                .settings()
                .err()
                .unwrap()
                .to_string()
                .contains("--public-url")
        );
        let bad_site = mail(Some("smtp://localhost"), Some("a@b.org"), Some("x.org"));
        assert!(
            bad_site
                .settings()
                .err()
                .unwrap()
                .to_string()
                .contains("http")
        );
    }
}
