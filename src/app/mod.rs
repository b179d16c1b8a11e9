//! The use cases: one function for each thing a person can do (submit a result, move a
//! fixture, make a season …). Each takes who is acting, the already-parsed domain input and
//! the store; finds what it acts on, authorises with `domain::authorisation` (the one place
//! the rules of who may do what live), applies the domain's rules, calls the store in one
//! transaction, and answers a domain outcome or an [`AppError`]. Nothing here knows of HTTP,
//! forms, JSON or templates: the pages and the API are adapters over the same functions, so a
//! rule is written once.

pub mod accounts;
pub mod admin;
pub mod captaincy;
pub mod careers;
pub mod championships;
pub mod deductions;
pub mod fixture_play;
pub mod fixture_squads;
pub mod fixtures;
pub mod league;
pub mod live;
pub mod lookup;
pub mod organisers;
pub mod password_resets;
pub mod ratings;
pub mod removals;
pub mod renames;
pub mod results;
pub mod squads;
pub mod tasks;
pub mod teams;
pub mod tokens;
pub mod transfers;

use chrono::NaiveDate;

use crate::domain::authorisation::{Permission, Refusal, Roles, authorise};
use crate::domain::organisation::{NamedThing, looks_alike_message};
use crate::domain::season_fixtures::FixtureStatus;
use crate::store::{Organisation, StoreError, StoreErrorFamily, User};

/// A signed-in account and what it may act as: who is acting in a use case.
#[derive(Debug, Clone)]
pub struct Actor {
    pub user: User,
    pub roles: Roles,
}

/// Who asks: an account, or nobody signed in.
pub type Who<'a> = Option<&'a Actor>;

/// The account when `who` may do `what`; otherwise why not.
pub fn require(who: Who<'_>, what: Permission) -> Result<&Actor, AppError> {
    authorise(who.map(|actor| &actor.roles), what).map_err(|refusal| match refusal {
        Refusal::NotSignedIn => AppError::NotSignedIn,
        Refusal::Forbidden => AppError::Forbidden,
    })?;
    who.ok_or(AppError::NotSignedIn)
}

/// Whether `who` may do `what`, for answers that show more to those who may.
pub fn may(who: Who<'_>, what: Permission) -> bool {
    require(who, what).is_ok()
}

/// Today in the league's time zone: pub leagues are local, so a fixture's day, a result's
/// deadline and "not before the fixture" are the UK's days.
pub fn league_today() -> NaiveDate {
    crate::domain::league_time::today()
}

/// Why a use case did not do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Nobody is signed in, and this needs an account.
    #[error("signing in is required")]
    NotSignedIn,
    /// The account may not do this.
    #[error("forbidden")]
    Forbidden,
    /// What the request names does not exist (in this organisation), said in a sentence.
    #[error("{0}")]
    NotFound(String),
    /// The request conflicts with what is stored.
    #[error("{0}")]
    Conflict(Conflict),
    /// The input does not check out: every problem, each at its field.
    #[error("the input has problems")]
    Invalid(Vec<Problem>),
    /// What the request names is no longer usable (an invitation used or expired), said in
    /// a sentence.
    #[error("{0}")]
    Gone(String),
    /// Too many wrong passwords lately: try again after this long.
    #[error("too many attempts")]
    Throttled(chrono::Duration),
    /// Too many passwords are being checked at once; come back in a moment.
    #[error("busy")]
    Busy,
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn not_found(what: impl std::fmt::Display) -> Self {
        Self::NotFound(format!("There is no {what}."))
    }

    /// One field's problem.
    pub fn invalid(field: Field, message: impl Into<String>) -> Self {
        Self::Invalid(vec![Problem::new(field, message)])
    }

    /// A name that must be unique is taken, or looks like one that is: said at the name.
    pub fn name_taken(message: String) -> Self {
        Self::Conflict(Conflict::Taken {
            field: Field::Name,
            message,
        })
    }

    /// The store's refusal of `name` for one of the organisation's teams, competitions or
    /// players: the organisation has that name already, or one that looks the same. Any other
    /// error passes as it is.
    pub fn name_refused(
        error: StoreError,
        thing: NamedThing,
        name: &str,
        organisation: &Organisation,
    ) -> Self {
        match error {
            StoreError::TeamNameTaken
            | StoreError::CompetitionNameTaken
            | StoreError::ChampionshipNameTaken => Self::name_taken(format!(
                "{} already has a {} called {name}.",
                organisation.name,
                thing.kind()
            )),
            StoreError::NameLooksLike { existing } => Self::name_taken(looks_alike_message(
                thing,
                name,
                &existing,
                &organisation.name,
            )),
            error => error.into(),
        }
    }
}

impl From<StoreError> for AppError {
    /// A store error a use case did not answer itself, answered by its family. What a request
    /// names may be gone by the time the store is asked (a season deleted while a captain
    /// submits its fixture's result): not found, not a failure. A conflict of any kind is a
    /// conflict, in the store's own words, so a new one needs no mapping of its own. The
    /// database not answering stays an internal failure: `Busy` is the password checks' answer.
    fn from(error: StoreError) -> Self {
        match error.family() {
            StoreErrorFamily::NotFound => match error {
                StoreError::NotFound(what) => Self::NotFound(format!(
                    "There is no such {what}: it may have just been removed."
                )),
                error => Self::NotFound(error.as_sentence()),
            },
            StoreErrorFamily::Gone => Self::Gone(error.as_sentence()),
            StoreErrorFamily::Conflict => match error {
                // A player removed while a result naming them was kept: whichever use case
                // kept it.
                StoreError::PlayerRemoved => Self::Conflict(Conflict::PlayerRemoved),
                error => Self::Conflict(Conflict::Store(error.as_sentence())),
            },
            StoreErrorFamily::RefusedInput => Self::invalid(Field::Whole, error.as_sentence()),
            StoreErrorFamily::Unavailable | StoreErrorFamily::Internal => {
                Self::Internal(error.into())
            }
        }
    }
}

/// What a request conflicts with. Each adapter words it for its audience: the pages point to
/// a page, the API to an address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Conflict {
    #[error("A result for this fixture has already been submitted, so yours was not kept.")]
    ResultAlreadySubmitted,
    #[error(
        "The league changed this fixture (its home and away, or its date) while the result was being sent, so it was not kept."
    )]
    FixtureChanged,
    #[error(
        "A player this result names was removed from the league while it was being sent, so it was not kept."
    )]
    PlayerRemoved,
    #[error("That submission key was used before for another result or by another account.")]
    SubmissionKeyReused,
    #[error("The result has been changed since that version, so nothing was done.")]
    ResultChanged,
    #[error(
        "This result is no longer waiting for an answer (it is {}), so nothing was done.",
        .0.in_words()
    )]
    NotAwaitingAnswer(FixtureStatus),
    #[error("This fixture has a result, so it can no longer be re-dated, postponed or swapped.")]
    FixtureHasResult,
    /// A championship's round was published while an entry or a withdrawal was being made,
    /// which was judged by the rounds before it.
    #[error(
        "A round of this championship was published while you were making this change, so nothing was done; look at the championship again."
    )]
    RoundPublishedMeanwhile,
    /// An entrant was entered, withdrawn, checked in or seeded while a round was being paired.
    #[error(
        "The entrants changed (one was entered, withdrawn, checked in or seeded) while this round was being published, so it was not; look at the next round again."
    )]
    EntrantsChangedMeanwhile,
    #[error(
        "This fixture's result has already been withdrawn {limit} times, the most a fixture allows, so this one stands: the other captain can confirm or dispute it, or ask the league's organiser to correct it."
    )]
    WithdrawnTooOften { limit: i64 },
    #[error(
        "This organisation has made {limit} invitations in the last hour, the most it may make in an hour. Try again later."
    )]
    TooManyInvitations { limit: i64 },
    /// A value that must be unique is taken, or looks like one that is: said at its field.
    #[error("{message}")]
    Taken { field: Field, message: String },
    /// A season whose fixtures have results is kept, not deleted.
    #[error(
        "{competition} {season} cannot be deleted: some of its fixtures have results, which are kept."
    )]
    SeasonHasResults { competition: String, season: String },
    /// A team or competition that fixtures with results name is kept, not removed.
    #[error(
        "{name} has {}, and results are kept, so it cannot be removed. Its name can still be changed.",
        fixtures_with_results(*.count)
    )]
    HasResults { name: String, count: i64 },
    /// A player who has played games kept in the results is kept, not removed.
    #[error(
        "{name} has played {}, so they cannot be removed. Take them out of their squads instead.",
        games_kept(*.count)
    )]
    PlayerHasPlayed { name: String, count: i64 },
    /// A player or team entered in championships is kept, not removed.
    #[error(
        "{name} is entered in {} its entrants, so they cannot be removed. Their name can still be changed.",
        championships_keeping(*.count)
    )]
    EnteredInChampionships { name: String, count: i64 },
    /// A knockout's (or groups') draw was made from the entrants at round 1.
    #[error(
        "The draw was made from the entrants at round 1: only a Swiss takes late entries, and only before its knockout starts."
    )]
    DrawAlreadyMade,
    /// An entrant who has played in a round stays in the championship's history.
    #[error(
        "{name} has played in a round, so they stay in the championship's history; withdraw them instead."
    )]
    EntrantHasPlayed { name: String },
    /// No next round can be paired now.
    #[error("{0}")]
    NoRound(crate::domain::championship::rounds::NoRound),
    /// The round previewed is not the one the engine pairs now.
    #[error(
        "The pairing has changed since you looked at it (a result or an entrant changed); look at the next round again."
    )]
    PairingChanged,
    /// The organiser's edits to a round break rules of the pairing they have not accepted.
    #[error(
        "Your changes to the pairing break these rules of the pairing: {}. Tick “publish with these warnings” to publish it as it is, or change it again.",
        .0.join(" ")
    )]
    EditWarningsNotAccepted(Vec<String>),
    /// Two organisers published the same round; the other was first.
    #[error("Another organiser published this round a moment ago; look at the rounds again.")]
    RoundPublishedByAnother,
    /// A table's result the organiser confirmed is corrected by the organiser only.
    #[error("The organiser has confirmed this table's result; ask them to correct it.")]
    TableConfirmed,
    /// A table's result is confirmed only once there is one.
    #[error("This table has no result to confirm yet.")]
    NoTableResult,
    /// Hands are played at a table only until its result is entered.
    #[error(
        "This table's result is entered, so its hands are kept as they are; ask the organiser if it needs correcting."
    )]
    TableHasResult,
    /// Two phones at one table sent a hand for the same place; the other was first.
    #[error(
        "Another phone at this table entered that hand first; look at the game as it stands now, then enter the next hand."
    )]
    HandPlaceTaken,
    /// Only the last hand of a game still in play can be taken back.
    #[error(
        "Only the last hand of the game in play can be taken back; a finished game stays as it is."
    )]
    HandNotLast,
    /// A hand sent to follow another that the table does not have (it was refused, or taken
    /// back since).
    #[error(
        "The hand this one follows is not at the table (it was refused or taken back); look at the game as it stands now, then enter the hand again."
    )]
    HandBeforeMissing,
    /// A conflict the store refused that no use case words itself: the store's words.
    #[error("{0}")]
    Store(String),
}

/// "a fixture with a result", or "3 fixtures with results".
fn fixtures_with_results(count: i64) -> String {
    if count == 1 {
        "a fixture with a result".to_string()
    } else {
        format!("{count} fixtures with results")
    }
}

/// "a game, which is kept in the results", or "3 games, which are …".
fn games_kept(count: i64) -> String {
    if count == 1 {
        "a game, which is kept in the results".to_string()
    } else {
        format!("{count} games, which are kept in the results")
    }
}

/// "a championship, which keeps", or "3 championships, which keep".
fn championships_keeping(count: i64) -> String {
    if count == 1 {
        "a championship, which keeps".to_string()
    } else {
        format!("{count} championships, which keep")
    }
}

/// One thing wrong with one part of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub field: Field,
    pub message: String,
}

impl Problem {
    pub fn new(field: Field, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
        }
    }
}

/// The part of a use case's input a problem is with, named in the domain's terms; each
/// adapter knows which form field or JSON path that is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Field {
    /// The input as a whole.
    Whole,
    Name,
    ShortName,
    Email,
    Password,
    NewPassword,
    Reason,
    /// An organiser's reason for a result entered before the fixture's date.
    EarlyReason,
    Date,
    Team,
    Player,
    Contact,
    VenueName,
    VenueAddress,
    VenueNight,
    /// Where a championship is played.
    Venue,
    /// An entrant's seed in a championship.
    Seed,
    /// A championship table's short code, typed at `/t`.
    TableCode,
    /// A result's games as a whole (their number, walkover or games).
    Games,
    /// One game of a result (from 1), or one hand of it (from 1).
    Game {
        game: u32,
        hand: Option<usize>,
    },
    /// The walkover of a result.
    Walkover,
    /// A submission key.
    SubmissionKey,
    Ruleset,
    RulesetTarget,
    /// A season's calendar.
    SeasonStart,
    LeagueNight,
    BlackoutDates,
    StartTime,
    /// A result deadline's parts.
    DeadlineDays,
    DeadlinePoints,
    /// The points a deduction takes.
    Points,
    /// A place in a tiebreak order, from 0.
    Tiebreak(usize),
    /// A list of names as a whole.
    List,
    /// One line of a list of names (from 1).
    Line(usize),
    /// The address a team's captain is invited at, among several teams'.
    CaptainOf(crate::domain::ids::TeamId),
    /// A token's lifetime.
    TokenLifetime,
    /// Whether a division's teams meet once or twice.
    Legs,
    /// A round clock's minutes.
    ClockMinutes,
    /// The part of a match format a problem is with.
    MatchFormat(crate::domain::match_format::MatchFormatError),
}
