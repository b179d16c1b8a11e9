//! What the league mails, to whom, and when a failed sending is tried again: plain-text
//! messages with a link, composed from plain facts. Queueing and sending are `crate::mail`'s.

use chrono::{DateTime, Duration, NaiveDate, Utc};

use super::match_format::{FixtureScore, Side};

/// One plain-text message to one address, as the outbox keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

/// The site's public address, from which every link in a mail is made (never from a request's
/// `Host`, which whoever sends the request chooses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteLinks {
    base: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the public address must be an http:// or https:// address such as https://fives.example.org"
)]
pub struct NotAPublicAddress;

impl SiteLinks {
    /// `https://fives.example.org` (a path is kept; a trailing slash is dropped).
    pub fn new(base: &str) -> Result<Self, NotAPublicAddress> {
        let base = base.trim().trim_end_matches('/');
        let host = base
            .strip_prefix("https://")
            .or_else(|| base.strip_prefix("http://"))
            .ok_or(NotAPublicAddress)?;
        let well_formed = !host.is_empty()
            && !host.starts_with('/')
            && !base.chars().any(|c| c.is_whitespace() || c.is_control());
        well_formed
            .then(|| Self {
                base: base.to_string(),
            })
            .ok_or(NotAPublicAddress)
    }

    pub fn base(&self) -> &str {
        &self.base
    }

    /// The address of a path of the site, `path` starting with `/`.
    pub fn to(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn fixture(&self, slug: &str, fixture: i64) -> String {
        self.to(&format!("/leagues/{slug}/fixtures/{fixture}"))
    }
}

/// How long a password reset link works.
pub const PASSWORD_RESET_LIFETIME: Duration = Duration::hours(1);
/// At most this many reset links are mailed to one account an hour, so that the form cannot
/// be used to fill someone's inbox.
pub const MAX_PASSWORD_RESETS_PER_HOUR: i64 = 3;
/// At most this many messages are queued to one address an hour, whatever causes them, so
/// that nobody's actions can fill someone's inbox; the rest are not queued (the outbox logs
/// each one it leaves out), and the request that caused them is not refused for it.
pub const MAX_MAILS_PER_ADDRESS_PER_HOUR: i64 = 20;
/// At most this many invitations (of captains and of organisers together) are made for one
/// organisation an hour: each may mail an address of the organiser's choosing.
pub const MAX_INVITATIONS_PER_ORGANISATION_PER_HOUR: i64 = 30;

/// How many times a message is tried before the sender gives up on it.
pub const MAX_ATTEMPTS: u32 = 10;
/// The longest wait between two attempts.
pub const MAX_RETRY_DELAY: Duration = Duration::hours(6);
/// A result's cause older than this when the sender first sees it (mail was off, or no
/// sender ran) is dropped rather than mailed late.
pub const CAUSE_FRESHNESS: Duration = Duration::days(1);
/// A fixture's passing deadline is mailed only within this long of it, so that turning mail
/// on does not mail a season's old fixtures.
pub const DEADLINE_MAIL_WINDOW: Duration = Duration::days(14);

/// When to try a message again after its `attempts`-th attempt failed, waiting `first_retry`
/// after the first and twice as long after each later one (up to [`MAX_RETRY_DELAY`]); `None`
/// once [`MAX_ATTEMPTS`] have failed.
pub fn next_attempt(
    attempts: u32,
    failed_at: DateTime<Utc>,
    first_retry: Duration,
) -> Option<DateTime<Utc>> {
    if attempts >= MAX_ATTEMPTS {
        return None;
    }
    let doublings = attempts.saturating_sub(1).min(20);
    let delay = first_retry
        .checked_mul(1 << doublings)
        .unwrap_or(MAX_RETRY_DELAY)
        .min(MAX_RETRY_DELAY);
    Some(failed_at + delay)
}

/// What the mails about one fixture need to know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixtureFacts {
    pub fixture_id: i64,
    pub organisation_slug: String,
    pub organisation_name: String,
    pub date: NaiveDate,
    pub home_team: String,
    pub away_team: String,
    /// The side whose captain submitted the current result; `None` when the league entered
    /// it (or there is none).
    pub submitted_for: Option<Side>,
    /// The latest version's score: the current result's, or the one just withdrawn.
    pub score: Option<FixtureScore>,
    pub home_captains: Vec<String>,
    pub away_captains: Vec<String>,
    pub organisers: Vec<String>,
}

impl FixtureFacts {
    fn title(&self) -> String {
        format!(
            "{} v {} on {}",
            self.home_team,
            self.away_team,
            self.date.format("%-d %B %Y")
        )
    }

    fn team(&self, side: Side) -> &str {
        match side {
            Side::Home => &self.home_team,
            Side::Away => &self.away_team,
        }
    }

    /// The result in a line, as a captain would say it: `Red Lion 6–3 Bell`.
    fn score_line(&self) -> String {
        match self.score {
            Some(FixtureScore::Played {
                home_games,
                away_games,
            }) => format!(
                "{} {home_games}–{away_games} {}",
                self.home_team, self.away_team
            ),
            Some(FixtureScore::Walkover { conceded_by }) => format!(
                "{} v {}, a walkover: {} did not play",
                self.home_team,
                self.away_team,
                self.team(conceded_by)
            ),
            None => format!("{} v {}", self.home_team, self.away_team),
        }
    }

    /// Who entered the latest version, in a sentence's start, and who answers it: the other
    /// side's captains, or both sides' when the league entered it.
    fn entered_by_and_answerers(&self) -> (String, Vec<String>) {
        match self.submitted_for {
            Some(side) => (
                format!("The captain of {}", self.team(side)),
                self.captains_of(side.other()).to_vec(),
            ),
            None => (
                "The league".to_string(),
                [self.home_captains.clone(), self.away_captains.clone()].concat(),
            ),
        }
    }

    fn captains_of(&self, side: Side) -> &[String] {
        match side {
            Side::Home => &self.home_captains,
            Side::Away => &self.away_captains,
        }
    }
}

fn to_each(addresses: &[String], subject: &str, body: &str) -> Vec<Mail> {
    let mut seen = std::collections::BTreeSet::new();
    addresses
        .iter()
        .filter(|address| seen.insert(address.as_str()))
        .map(|address| Mail {
            to: address.clone(),
            subject: subject.to_string(),
            body: body.to_string(),
        })
        .collect()
}

const SIGN_OFF: &str = "\n-- \nSent by the league's results service. You receive this as a captain or organiser of the league.\n";

/// A result waits for the other side: to the other team's captains (both teams' when the
/// league entered it), with the score and the link to confirm or dispute it.
pub fn result_awaiting_confirmation(facts: &FixtureFacts, links: &SiteLinks) -> Vec<Mail> {
    let (who, recipients) = facts.entered_by_and_answerers();
    let subject = format!("Please confirm {}", facts.score_line());
    let body = format!(
        "{who} has entered the result of {title} in {league}:\n\n    {score}\n\n\
         Please check it and confirm it, or dispute it if it is wrong:\n\n{link}\n{SIGN_OFF}",
        title = facts.title(),
        league = facts.organisation_name,
        score = facts.score_line(),
        link = links.fixture(&facts.organisation_slug, facts.fixture_id),
    );
    to_each(&recipients, &subject, &body)
}

/// The submitting captain changed the result before it was answered: to those who answer it,
/// asked again.
pub fn result_amended(facts: &FixtureFacts, links: &SiteLinks) -> Vec<Mail> {
    let (who, recipients) = facts.entered_by_and_answerers();
    let subject = format!("Changed, please confirm again: {}", facts.score_line());
    let body = format!(
        "{who} has changed the result of {title} in {league}. It is now:\n\n    {score}\n\n\
         Please check it again and confirm it, or dispute it if it is wrong:\n\n{link}\n{SIGN_OFF}",
        title = facts.title(),
        league = facts.organisation_name,
        score = facts.score_line(),
        link = links.fixture(&facts.organisation_slug, facts.fixture_id),
    );
    to_each(&recipients, &subject, &body)
}

/// The submitting captain took the result back: to those who would have answered it.
pub fn result_withdrawn(facts: &FixtureFacts, links: &SiteLinks) -> Vec<Mail> {
    let (who, recipients) = facts.entered_by_and_answerers();
    let subject = format!("Result withdrawn: {}", facts.title());
    let body = format!(
        "{who} has withdrawn the result entered for {title} in {league} ({score}). \
         There is nothing to confirm; the fixture waits for its result again:\n\n{link}\n{SIGN_OFF}",
        title = facts.title(),
        league = facts.organisation_name,
        score = facts.score_line(),
        link = links.fixture(&facts.organisation_slug, facts.fixture_id),
    );
    to_each(&recipients, &subject, &body)
}

/// A captain disputed a result: to the organisation's organisers, who decide, and to the
/// captains of the side that entered it.
pub fn result_disputed(facts: &FixtureFacts, links: &SiteLinks) -> Vec<Mail> {
    let subject = format!("Result disputed: {}", facts.title());
    let body = format!(
        "A captain has disputed the result of {title} in {league} ({score}). \
         The league's organisers decide it.\n\n\
         The fixture, its result and its history, where an organiser can confirm or correct it:\n\n{link}\n{SIGN_OFF}",
        title = facts.title(),
        league = facts.organisation_name,
        score = facts.score_line(),
        link = links.fixture(&facts.organisation_slug, facts.fixture_id),
    );
    let submitters = facts
        .submitted_for
        .map(|side| facts.captains_of(side).to_vec())
        .unwrap_or_default();
    to_each(
        &[facts.organisers.clone(), submitters].concat(),
        &subject,
        &body,
    )
}

/// A fixture's deadline passed with no result: to both teams' captains and the organisers.
pub fn deadline_passed(facts: &FixtureFacts, due_by: NaiveDate, links: &SiteLinks) -> Vec<Mail> {
    let subject = format!("Result overdue: {}", facts.title());
    let body = format!(
        "The result of {title} in {league} was due by {due} and has not been entered.\n\n\
         A captain of either team can enter it here (a late result may cost points):\n\n{link}\n{SIGN_OFF}",
        title = facts.title(),
        league = facts.organisation_name,
        due = due_by.format("%-d %B %Y"),
        link = links.to(&format!(
            "/leagues/{}/fixtures/{}/result",
            facts.organisation_slug, facts.fixture_id
        )),
    );
    let everyone = [
        facts.home_captains.clone(),
        facts.away_captains.clone(),
        facts.organisers.clone(),
    ]
    .concat();
    to_each(&everyone, &subject, &body)
}

/// A moment on the league's clock, as the pages show it.
fn when(at: DateTime<Utc>) -> String {
    super::league_time::local(at)
        .format("%-d %B %Y at %H:%M")
        .to_string()
}

/// Who a transfer concerns, for its mails.
pub struct TransferFacts<'a> {
    pub league: &'a str,
    pub organisation_slug: &'a str,
    pub player: &'a str,
    pub from_team: &'a str,
    pub to_team: &'a str,
    pub from_captains: &'a [String],
    pub to_captains: &'a [String],
    pub organisers: &'a [String],
}

/// A captain asked for a player of another team: to the organisers, who decide, and to the
/// player's team's captains, who are told.
pub fn transfer_asked(facts: &TransferFacts<'_>, links: &SiteLinks) -> Vec<Mail> {
    let subject = format!(
        "Transfer to decide: {} from {} to {}",
        facts.player, facts.from_team, facts.to_team
    );
    let body = format!(
        "{to} has asked for {player}, who plays for {from}, to join its squad in {league}. \
         The league's organisers approve or refuse it; both teams' captains are told.\n\n\
         The transfers waiting, where an organiser decides them:\n\n{link}\n{SIGN_OFF}",
        to = facts.to_team,
        player = facts.player,
        from = facts.from_team,
        league = facts.league,
        link = links.to(&format!("/organise/{}/transfers", facts.organisation_slug)),
    );
    to_each(
        &[facts.organisers, facts.from_captains].concat(),
        &subject,
        &body,
    )
}

/// An organiser decided a transfer: to both teams' captains.
pub fn transfer_decided(facts: &TransferFacts<'_>, approved: bool) -> Vec<Mail> {
    let (subject, outcome) = if approved {
        (
            format!(
                "Transfer approved: {} joins {}",
                facts.player, facts.to_team
            ),
            format!(
                "{} has left the squad of {} and joined that of {}.",
                facts.player, facts.from_team, facts.to_team
            ),
        )
    } else {
        (
            format!(
                "Transfer refused: {} stays with {}",
                facts.player, facts.from_team
            ),
            format!(
                "{} stays in the squad of {}; {} may ask again when the league allows it.",
                facts.player, facts.from_team, facts.to_team
            ),
        )
    };
    let body = format!(
        "The organisers of {league} have decided the transfer of {player} from {from} to {to}.\n\n\
         {outcome}\n{SIGN_OFF}",
        league = facts.league,
        player = facts.player,
        from = facts.from_team,
        to = facts.to_team,
    );
    to_each(
        &[facts.to_captains, facts.from_captains].concat(),
        &subject,
        &body,
    )
}

/// An invitation to captain a team, with its link.
pub fn captain_invitation(
    to: &str,
    team: &str,
    league: &str,
    link: &str,
    expires_at: DateTime<Utc>,
) -> Mail {
    Mail {
        to: to.to_string(),
        subject: format!("You are invited to captain {team}"),
        body: format!(
            "{league} invites you to be a captain of {team}: entering and confirming its \
             results and looking after its details.\n\n\
             To accept, open this link (it works once, until {expires}):\n\n{link}\n\n\
             If you did not expect this, you can ignore this message.\n",
            expires = when(expires_at),
        ),
    }
}

/// An invitation to organise a league, with its link.
pub fn organiser_invitation(to: &str, league: &str, link: &str, expires_at: DateTime<Utc>) -> Mail {
    Mail {
        to: to.to_string(),
        subject: format!("You are invited to organise {league}"),
        body: format!(
            "An organiser of {league} invites you to organise it with them: its competitions, \
             teams, fixtures and results.\n\n\
             To accept, open this link (it works once, until {expires}):\n\n{link}\n\n\
             If you did not expect this, you can ignore this message.\n",
            expires = when(expires_at),
        ),
    }
}

/// A password reset link.
pub fn password_reset(to: &str, link: &str) -> Mail {
    Mail {
        to: to.to_string(),
        subject: "Reset your password".to_string(),
        body: format!(
            "Someone (we hope you) asked to reset the password of the account {to}.\n\n\
             To choose a new password, open this link within {minutes} minutes; it works once:\n\n\
             {link}\n\n\
             Setting a new password logs the account out everywhere and revokes its API tokens.\n\
             If you did not ask, ignore this message: your password stays as it is.\n",
            minutes = PASSWORD_RESET_LIFETIME.num_minutes(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(submitted_for: Option<Side>) -> FixtureFacts {
        FixtureFacts {
            fixture_id: 7,
            organisation_slug: "north".into(),
            organisation_name: "North League".into(),
            date: NaiveDate::from_ymd_opt(2027, 3, 16).unwrap(),
            home_team: "Anchor".into(),
            away_team: "Bell".into(),
            submitted_for,
            score: Some(FixtureScore::Played {
                home_games: 6,
                away_games: 3,
            }),
            home_captains: vec!["a@x.org".into()],
            away_captains: vec!["b@x.org".into(), "a@x.org".into()],
            organisers: vec!["o@x.org".into()],
        }
    }

    #[test]
    fn a_result_awaiting_confirmation_goes_to_the_other_side_with_its_link() {
        let links = SiteLinks::new("https://fives.example.org/").unwrap();
        let mails = result_awaiting_confirmation(&facts(Some(Side::Home)), &links);
        let to: Vec<_> = mails.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, ["b@x.org", "a@x.org"]);
        assert!(
            mails[0]
                .body
                .contains("https://fives.example.org/leagues/north/fixtures/7\n")
        );
        assert!(mails[0].body.contains("captain of Anchor"));
        assert_eq!(mails[0].subject, "Please confirm Anchor 6–3 Bell");
        let by_league = result_awaiting_confirmation(&facts(None), &links);
        assert_eq!(by_league.len(), 2, "each address once: {by_league:?}");
    }

    #[test]
    fn a_dispute_goes_to_the_organisers_and_a_deadline_to_everyone_once() {
        let links = SiteLinks::new("http://localhost:8080").unwrap();
        let disputed = result_disputed(&facts(Some(Side::Away)), &links);
        let to: Vec<_> = disputed.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, ["o@x.org", "b@x.org", "a@x.org"]);
        let due = NaiveDate::from_ymd_opt(2027, 3, 23).unwrap();
        let late = deadline_passed(&facts(None), due, &links);
        let to: Vec<_> = late.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, ["a@x.org", "b@x.org", "o@x.org"]);
        assert!(late[0].body.contains("due by 23 March 2027"));
    }

    #[test]
    fn an_amendment_asks_the_other_side_again_and_a_withdrawal_tells_it() {
        let links = SiteLinks::new("http://localhost:8080").unwrap();
        let amended = result_amended(&facts(Some(Side::Away)), &links);
        let to: Vec<_> = amended.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, ["a@x.org"]);
        assert!(amended[0].subject.contains("Anchor 6–3 Bell"));
        assert!(amended[0].body.contains("captain of Bell has changed"));
        let mut walkover = facts(Some(Side::Home));
        walkover.score = Some(FixtureScore::Walkover {
            conceded_by: Side::Away,
        });
        let withdrawn = result_withdrawn(&walkover, &links);
        let to: Vec<_> = withdrawn.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, ["b@x.org", "a@x.org"]);
        assert!(withdrawn[0].body.contains("a walkover: Bell did not play"));
    }

    #[test]
    fn retries_wait_longer_each_time_and_stop_after_the_last_attempt() {
        let now = Utc::now();
        let first = Duration::minutes(1);
        assert_eq!(
            next_attempt(1, now, first),
            Some(now + Duration::minutes(1))
        );
        assert_eq!(
            next_attempt(2, now, first),
            Some(now + Duration::minutes(2))
        );
        assert_eq!(
            next_attempt(4, now, first),
            Some(now + Duration::minutes(8))
        );
        assert_eq!(
            next_attempt(MAX_ATTEMPTS - 1, now, first),
            Some(now + Duration::minutes(256))
        );
        assert_eq!(next_attempt(MAX_ATTEMPTS, now, first), None);
        assert_eq!(
            next_attempt(9, now, Duration::hours(1)),
            Some(now + MAX_RETRY_DELAY)
        );
    }

    #[test]
    fn the_public_address_is_an_http_address() {
        assert!(SiteLinks::new("https://fives.example.org").is_ok());
        assert_eq!(
            SiteLinks::new("https://x.org/league/").unwrap().to("/a"),
            "https://x.org/league/a"
        );
        for bad in [
            "",
            "fives.example.org",
            "ftp://x.org",
            "https://",
            "https:///x",
            "https://a b",
        ] {
            assert!(SiteLinks::new(bad).is_err(), "{bad:?}");
        }
    }
}
