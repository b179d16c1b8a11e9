//! `fives demo`: a realistic pub league loaded into the store in use, so that a new install
//! has something to show. Everything goes in through the same store methods and the same
//! result check a league's own secretary and captains use; every game's hands come from the
//! rules crate's random play.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc, Weekday};
use fives_rules::Preset;
use fives_rules::RulesetSpec;
use fives_rules::random::{GameRng, below, seeded};
use fives_rules::record::{HandRecord, play_game};

use crate::app::fixture_squads::FixtureSquads;
use crate::app::transfers::MOST_TRANSFERS_WAITING;
use crate::domain::account::{EmailAddress, NewPassword};
use crate::domain::fixtures::Legs;
use crate::domain::ids::{PlayerId, TeamId, UserId};
use crate::domain::league::{SeasonCalendar, Venue, VenueAddress};
use crate::domain::league_time;
use crate::domain::match_format::{LegKind, MatchFormat, PointsScheme};
use crate::domain::match_result::{
    GameOutcome, GameSheet, ResultRules, ResultSheet, SquadMember, check_result, game_ruleset,
    game_slots,
};
use crate::domain::organisation::{DisplayName, Slug};
use crate::domain::standings::TiebreakOrder;
use crate::password;
use crate::store::{
    FixtureAsRead, InviteAcceptor, NewAdjustment, NewCaptainInvite, NewCompetition, NewDivision,
    NewOrganisation, NewResult, NewSeason, NewTransferRequest, NewUser, Store, StoreError, User,
};
use crate::token::SecretToken;

mod championship_day;

/// The demo organisation's short name: its public pages are under `/leagues/north-devon`.
pub const SLUG: &str = "north-devon";
/// Every demo account's password.
pub const PASSWORD: &str = "fives-demo-password";
/// The demo league secretary's login.
pub const SECRETARY: &str = "secretary@north-devon.example";

/// A team's name, its pub and the pub's address.
type PubTeam = (&'static str, &'static str, &'static str);

const DIVISIONS: [(&str, [PubTeam; 8]); 2] = [
    (
        "Premier",
        [
            ("Ship Aground", "The Ship Aground", "The Square, Mortehoe"),
            ("Red Lion", "The Red Lion", "Fore Street, Northam"),
            (
                "Coach and Horses",
                "The Coach and Horses",
                "High Street, Torrington",
            ),
            ("Hoops", "The Hoops Inn", "Horns Cross, Bideford"),
            ("Wrey Arms", "The Wrey Arms", "Church Street, Tawstock"),
            ("Kings Arms", "The Kings Arms", "Market Place, Hatherleigh"),
            ("Bell", "The Bell Inn", "Fore Street, Chittlehampton"),
            ("Pier House", "The Pier House", "The Quay, Westward Ho!"),
        ],
    ),
    (
        "Division One",
        [
            ("Anchor", "The Anchor", "Quay Street, Appledore"),
            ("Swan", "The Swan", "Bridge Street, Barnstaple"),
            ("Plough", "The Plough", "Fore Street, Holsworthy"),
            ("Royal Oak", "The Royal Oak", "The Square, Chulmleigh"),
            ("Globe", "The Globe", "Fore Street, Beaford"),
            ("Rising Sun", "The Rising Sun", "Umberleigh"),
            ("Stag", "The Stag Hunters", "Brendon"),
            ("Crown", "The Crown", "Church Street, West Down"),
        ],
    ),
];

const FIRST_NAMES: [&str; 16] = [
    "Alan", "Brenda", "Colin", "Diane", "Eric", "Fiona", "Gary", "Helen", "Ian", "Janet", "Keith",
    "Linda", "Martin", "Nora", "Owen", "Pauline",
];
const SURNAMES: [&str; 16] = [
    "Ashton", "Braund", "Chugg", "Dennis", "Eastman", "Fewings", "Gammon", "Heard", "Isaac",
    "Jewell", "Kivell", "Lovering", "Mock", "Nicholls", "Oke", "Pugsley",
];
const SQUAD_SIZE: usize = 8;
/// The double round robin of eight teams has fourteen rounds; the first seven are played.
const ROUNDS_PLAYED: u32 = 7;

/// What `fives demo` loaded, for its report.
#[derive(Debug)]
pub struct DemoLeague {
    pub slug: String,
    pub secretary: String,
    pub captains: Vec<(String, String)>,
    pub results: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error("the demo league is already loaded (an organisation named {SLUG} exists)")]
    AlreadyLoaded,
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("a demo result did not check: {0}")]
    Result(String),
    #[error("cannot hash the demo password: {0}")]
    Password(String),
}

/// The demo league's match format: six singles and three pairs, once round the board; two
/// points for winning the match and one per game; a walkover counts 5-0.
pub fn match_format() -> MatchFormat {
    let mut format =
        MatchFormat::singles_then_pairs(6, 3, PointsScheme::per_match_and_game(2, 1, 1));
    format.walkover.winner_games = 5;
    format
}

/// A result both teams could have played: players picked at random within the format's
/// limits, every game played at random under the league's rules, each hand written as a
/// scorer would (who set, the pegs and the hand's score).
pub fn random_result(rules: ResultRules<'_>, rng: &mut GameRng) -> ResultSheet {
    result_favouring(rules, rng, None)
}

/// How many times more a favourite's lost game is played again.
const FAVOURITE_REPLAYS: usize = 2;

/// As [`random_result`], but each game `favourite` plays and loses is played again, up to
/// [`FAVOURITE_REPLAYS`] times: the demo's one player on a winning run, so that a rating chart
/// shows a trend.
fn result_favouring(
    rules: ResultRules<'_>,
    rng: &mut GameRng,
    favourite: Option<PlayerId>,
) -> ResultSheet {
    let slots = game_slots(rules.format);
    let mut home = PlayerPicker::new(rules.home_squad, rules.format, rng);
    let mut away = PlayerPicker::new(rules.away_squad, rules.format, rng);
    let games = slots
        .iter()
        .map(|leg| {
            let spec = game_ruleset(rules.ruleset, leg);
            let seats = 2 * leg.kind.players_per_side() as usize;
            let ruleset = spec
                .build(seats)
                .expect("a competition's ruleset builds for its legs");
            let (home_players, away_players) = (home.pick(leg.kind), away.pick(leg.kind));
            let favoured_side = favourite.and_then(|player| {
                [&home_players, &away_players]
                    .iter()
                    .position(|side| side.contains(&player))
            });
            let mut record = play_game(&spec, &ruleset, rng);
            if let Some(side) = favoured_side {
                for _ in 0..FAVOURITE_REPLAYS {
                    if won_by(&record.hands, side) {
                        break;
                    }
                    record = play_game(&spec, &ruleset, rng);
                }
            }
            GameSheet {
                home: home_players,
                away: away_players,
                outcome: GameOutcome::Hands(record.hands.into_iter().map(as_scored).collect()),
            }
        })
        .collect();
    ResultSheet::Played { games }
}

/// Whether side `side` (0 home, 1 away) scored more over the game's hands: the side that
/// reached the target.
fn won_by(hands: &[HandRecord], side: usize) -> bool {
    let total = |of: usize| -> i64 {
        hands
            .iter()
            .filter_map(|hand| hand.score.as_ref()?.get(of).copied())
            .sum()
    };
    total(side) > total(1 - side)
}

pub(crate) fn as_scored(hand: HandRecord) -> HandRecord {
    HandRecord {
        leader: hand.leader,
        pegs: hand.pegs,
        score: hand.score,
        ..HandRecord::default()
    }
}

/// Hands out a squad's players, each up to the format's limit for each kind of game.
struct PlayerPicker {
    singles: Vec<PlayerId>,
    pairs: Vec<PlayerId>,
}

impl PlayerPicker {
    fn new(squad: &[SquadMember], format: &MatchFormat, rng: &mut GameRng) -> Self {
        let mut places = |kind: LegKind| {
            let mut players = Vec::new();
            for _ in 0..format.player_limits.per_player(kind) {
                let mut order: Vec<PlayerId> = squad.iter().map(|member| member.id).collect();
                for i in (1..order.len()).rev() {
                    order.swap(i, below(rng, i + 1));
                }
                players.extend(order);
            }
            players.reverse();
            players
        };
        Self {
            singles: places(LegKind::Singles),
            pairs: places(LegKind::Pairs),
        }
    }

    fn pick(&mut self, kind: LegKind) -> Vec<PlayerId> {
        let pool = match kind {
            LegKind::Singles => &mut self.singles,
            LegKind::Pairs => &mut self.pairs,
        };
        let mut picked = Vec::new();
        while picked.len() < kind.players_per_side() as usize {
            let player = pool
                .pop()
                .expect("the squad is large enough for the format");
            if picked.contains(&player) {
                pool.insert(0, player);
            } else {
                picked.push(player);
            }
        }
        picked
    }
}

/// The first Tuesday after `day`.
fn tuesday_after(day: NaiveDate) -> NaiveDate {
    let ahead =
        (Weekday::Tue.num_days_from_monday() + 7 - day.weekday().num_days_from_monday()) % 7;
    day + Duration::days(if ahead == 0 { 7 } else { i64::from(ahead) })
}

fn name(text: &str) -> DisplayName {
    DisplayName::try_from(text).expect("the demo's names are valid")
}

fn evening(day: NaiveDate) -> DateTime<Utc> {
    Utc.from_utc_datetime(&day.and_hms_opt(22, 30, 0).expect("a valid time"))
}

/// Loads the demo league as it stands at `now`: an organisation with its secretary, two
/// divisions of eight pub teams with captains and squads, a double round robin whose first
/// seven rounds were played on league nights before today and whose eighth is on the next
/// league night (every result confirmed except one awaiting confirmation and one disputed), and
/// one points deduction for a late result. Nothing in it happens after `now`.
pub async fn load(
    store: &dyn Store,
    now: DateTime<Utc>,
    seed: u64,
) -> Result<DemoLeague, DemoError> {
    if store.organisation_by_slug(SLUG).await?.is_some() {
        return Err(DemoError::AlreadyLoaded);
    }
    let today = league_time::local(now).date_naive();
    let password_hash = password::hash(
        NewPassword::try_from(PASSWORD.to_string()).expect("the demo password is long enough"),
    )
    .await
    .map_err(|e| DemoError::Password(e.to_string()))?;
    let account = |email: String| NewUser {
        email: EmailAddress::try_from(email.as_str()).expect("the demo's addresses are valid"),
        password_hash: password_hash.clone(),
        is_admin: false,
        created_at: now,
    };
    let secretary = store.create_user(&account(SECRETARY.to_string())).await?;
    let organisation = store
        .create_organisation(
            &NewOrganisation {
                slug: Slug::try_from(SLUG).expect("a valid short name"),
                name: name("North Devon Fives and Threes League"),
                created_at: now,
            },
            &EmailAddress::try_from(SECRETARY).expect("a valid address"),
        )
        .await?;
    let ruleset = RulesetSpec::preset(Preset::FivesAndThrees);
    let format = match_format();
    let competition = store
        .create_competition(&NewCompetition {
            organisation: organisation.id,
            name: name("Winter League"),
            ruleset,
            match_format: format.clone(),
            entry_level: crate::domain::entry_level::EntryLevel::Hands,
            created_at: now,
        })
        .await?;
    // The last played round was the last league night before today; the first unplayed one is
    // the next league night, today included.
    let start =
        tuesday_after(today - Duration::days(1)) - Duration::weeks(i64::from(ROUNDS_PLAYED));
    let season = store
        .create_season(&NewSeason {
            competition: competition.id,
            name: name(&format!("{}", start.year())),
            calendar: SeasonCalendar::new(start, Weekday::Tue, [])
                .expect("a season without blackout dates")
                .with_start_time(NaiveTime::from_hms_opt(20, 0, 0)),
            created_at: now,
        })
        .await?;

    let mut rng = seeded(seed);
    let mut captains = Vec::new();
    let mut results = 0;
    let mut player_number = 0;
    // The first player made: on a winning run through the half season.
    let mut favourite = None;
    // The Premier's teams in order, with their squads and captains, for a transfer asked.
    let mut premier: Vec<(TeamId, Vec<PlayerId>, UserId)> = Vec::new();
    for (division_index, (division_name, teams)) in DIVISIONS.iter().enumerate() {
        let division = store
            .create_division(&NewDivision {
                season: season.id,
                name: name(division_name),
                tiebreaks: TiebreakOrder::default(),
                created_at: now,
            })
            .await?;
        let mut team_captains: Vec<(TeamId, User)> = Vec::new();
        for (team_name, pub_name, address) in teams {
            let team = store
                .create_team(organisation.id, &name(team_name), now)
                .await?;
            store
                .set_team_venue(
                    team.id,
                    Some(&Venue {
                        name: name(pub_name),
                        address: VenueAddress::try_from(*address).expect("a valid address"),
                        night: Some(Weekday::Tue),
                    }),
                )
                .await?;
            store.add_team_to_division(division.id, team.id).await?;
            let mut squad = Vec::new();
            for _ in 0..SQUAD_SIZE {
                let k = player_number;
                player_number += 1;
                // Distinct for the 256 first players: k names (k mod 16, (k / 16 + k) mod 16).
                let player_name =
                    format!("{} {}", FIRST_NAMES[k % 16], SURNAMES[(k / 16 + k) % 16]);
                let player = store
                    .create_player(organisation.id, &name(&player_name), now)
                    .await?;
                favourite.get_or_insert(player.id);
                store.add_player_to_squad(team.id, player.id).await?;
                squad.push(player.id);
            }
            let email = format!(
                "captain@{}.example",
                team_name.to_lowercase().replace(' ', "-")
            );
            let captain = store.create_user(&account(email.clone())).await?;
            make_captain(store, team.id, &captain, secretary.id, now).await?;
            captains.push((team_name.to_string(), email));
            if division_index == 0 {
                premier.push((team.id, squad, captain.id));
            }
            team_captains.push((team.id, captain));
        }
        let captain_of = |team: TeamId| {
            team_captains
                .iter()
                .find(|(id, _)| *id == team)
                .map(|(_, user)| user.id)
                .expect("every demo team has a captain")
        };

        let fixtures = store.generate_fixtures(division.id, Legs::Double).await?;
        let played: Vec<_> = fixtures
            .iter()
            .filter(|fixture| fixture.round <= ROUNDS_PLAYED)
            .collect();
        for (index, fixture) in played.iter().enumerate() {
            let squads = FixtureSquads::of(store, fixture).await?;
            let rules = squads.rules(&competition);
            let sheet = result_favouring(rules, &mut rng, favourite);
            let checked = check_result(&sheet, rules)
                .map_err(|errors| DemoError::Result(format!("{errors:?}")))?;
            let at = evening(fixture.date).min(now);
            let submitted = store
                .submit_result(&NewResult {
                    fixture: fixture.id,
                    as_read: FixtureAsRead::from(*fixture),
                    sheet: &sheet,
                    checked: &checked,
                    submission_key: &format!("demo-{}", fixture.id),
                    by: captain_of(fixture.home_team_id),
                    for_team: Some(fixture.home_team_id),
                    at,
                    early_reason: None,
                })
                .await?;
            results += 1;
            let answer_at = (at + Duration::hours(20)).min(now);
            let last = index + 1 == played.len();
            let second_last = index + 2 == played.len();
            let away_captain = captain_of(fixture.away_team_id);
            match (division_index, last, second_last) {
                // The newest result in the Premier waits for the away captain; the one before
                // it in Division One is disputed.
                (0, true, _) => {}
                (1, _, true) => {
                    store
                        .dispute_result(
                            fixture.id,
                            submitted.result().id,
                            away_captain,
                            "Our player won game 4 on the last hand; the scores are the wrong way round.",
                            answer_at,
                        )
                        .await?;
                }
                _ => {
                    store
                        .confirm_result(fixture.id, submitted.result().id, away_captain, answer_at)
                        .await?;
                }
            }
        }
        if division_index == 1 {
            let late = played[2];
            store
                .add_adjustment(&NewAdjustment {
                    division: division.id,
                    team: late.home_team_id,
                    points: -1,
                    reason: &format!("Result of round {} sent in late", late.round),
                    fixture: Some(late.id),
                    by: Some(secretary.id),
                    at: (evening(late.date) + Duration::days(9)).min(now),
                })
                .await?;
        }
    }
    // The Premier's second team has asked for the first team's last player: a transfer the
    // secretary's inbox counts.
    if let [(from_team, from_squad, _), (to_team, _, asker), ..] = premier.as_slice()
        && let Some(player) = from_squad.last()
    {
        let request = NewTransferRequest {
            organisation: organisation.id,
            player: *player,
            from_team: *from_team,
            to_team: *to_team,
            requested_by: *asker,
            requested_at: now - Duration::hours(3),
        };
        store
            .ask_transfer(&request, MOST_TRANSFERS_WAITING, &[])
            .await?;
    }
    Ok(DemoLeague {
        slug: SLUG.to_string(),
        secretary: SECRETARY.to_string(),
        captains,
        results,
    })
}

/// Adds the championship day to a loaded demo league (see `championship_day`): three events
/// run today by the league's secretary, their table links signed with `key` as the server
/// signs them. Answers how many table results it holds.
pub async fn load_championship_day(
    store: &dyn Store,
    key: &crate::secret_key::SecretKey,
    now: DateTime<Utc>,
    seed: u64,
) -> Result<usize, DemoError> {
    let secretary = store
        .credentials(&EmailAddress::try_from(SECRETARY).expect("a valid address"))
        .await?
        .ok_or(StoreError::NotFound("demo secretary"))?
        .user;
    let mut rng = seeded(seed);
    championship_day::load(store, key, &secretary, now, &mut rng).await
}

/// Makes a captain the way the service does: an invitation, accepted at once.
async fn make_captain(
    store: &dyn Store,
    team: TeamId,
    captain: &User,
    invited_by: UserId,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let token = SecretToken::generate();
    store
        .create_captain_invite(
            &NewCaptainInvite {
                token: token.digest(),
                team,
                invited_by,
                created_at: now,
                expires_at: now + Duration::days(1),
            },
            None,
            // The demo makes a captain of every team at once; no person invites them.
            i64::MAX,
        )
        .await?;
    store
        .accept_captain_invite(&token.digest(), &InviteAcceptor::Existing(captain.id), now)
        .await?;
    Ok(())
}
