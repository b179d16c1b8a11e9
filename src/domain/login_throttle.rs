//! How password guessing is slowed down (OWASP's Authentication cheat sheet): every attempt is
//! counted before its password is checked, and after a few free failures each further one
//! makes the next attempt wait twice as long. Failures are counted for an account from one
//! address together, so that guessing one account from one place slows to a crawl while its
//! owner, anywhere else, logs in as usual; and for an address across accounts, with more free
//! failures (a pub's customers share one address), against one place trying many accounts.
//! Nothing is locked for good: every wait ends, and a day without failures forgets them.
//! Championship tables' codes are slowed the same way, counted for an address.

use chrono::{DateTime, Duration, Utc};

/// The free failures of a count and the longest it makes anyone wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowance {
    pub free_failures: u32,
    pub longest_wait: Duration,
}

/// One account from one address: enough for typing mistakes, then 1 s, 2 s, 4 s … up to an
/// hour between guesses, about 30 guesses a day after the first ten.
pub const ACCOUNT_FROM_ADDRESS: Allowance = Allowance {
    free_failures: 5,
    longest_wait: Duration::hours(1),
};

/// One address across accounts: more, for a pub's shared connection, and a shorter longest
/// wait, so that one guesser there slows the others at most a few minutes.
pub const ADDRESS: Allowance = Allowance {
    free_failures: 20,
    longest_wait: Duration::minutes(5),
};

/// Table codes typed at `/t` from one address: a few mistakes free, then 1 s, 2 s, 4 s … up
/// to ten minutes between tries; a code is one of 160,000 for its table number.
pub const TABLE_CODE_FROM_ADDRESS: Allowance = Allowance {
    free_failures: 5,
    longest_wait: Duration::minutes(10),
};

/// A count not added to for this long starts again from nothing.
pub const FORGET_AFTER: Duration = Duration::hours(24);

/// What is kept for each count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    pub failures: u32,
    /// No attempt is checked before this.
    pub next_attempt_at: DateTime<Utc>,
    pub last_attempt_at: DateTime<Utc>,
}

/// How long the `failures`th failure makes the next attempt wait.
pub fn wait_after(failures: u32, allowance: Allowance) -> Duration {
    if failures < allowance.free_failures {
        return Duration::zero();
    }
    let doublings = (failures - allowance.free_failures).min(31);
    let seconds = 1_i64 << doublings;
    Duration::seconds(seconds).min(allowance.longest_wait)
}

/// An attempt at `now` against a count (`None`: no failures yet): refused with the time left
/// to wait, or let through with the count as it stands once this attempt is counted as a
/// failure (a success later takes it back).
pub fn attempt(
    count: Option<Count>,
    allowance: Allowance,
    now: DateTime<Utc>,
) -> Result<Count, Duration> {
    let failures = match count {
        Some(count) if now - count.last_attempt_at < FORGET_AFTER => {
            // Only a wait that was set holds an attempt back: attempts at the same moment
            // reach the count in any order, so one may carry a time a little before the last.
            let waiting = count.next_attempt_at > count.last_attempt_at;
            if waiting && now < count.next_attempt_at {
                return Err(count.next_attempt_at - now);
            }
            count.failures
        }
        _ => 0,
    };
    let failures = failures.saturating_add(1);
    Ok(Count {
        failures,
        next_attempt_at: now + wait_after(failures, allowance),
        last_attempt_at: now,
    })
}

/// The count once a counted attempt turned out right: one failure fewer, no wait.
pub fn succeeded(count: Count, now: DateTime<Utc>) -> Count {
    Count {
        failures: count.failures.saturating_sub(1),
        next_attempt_at: now,
        last_attempt_at: count.last_attempt_at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap()
    }

    #[test]
    fn waits_double_after_the_free_failures_up_to_the_longest() {
        let waits: Vec<i64> = (1..=9)
            .map(|n| wait_after(n, ACCOUNT_FROM_ADDRESS).num_seconds())
            .collect();
        assert_eq!(waits, [0, 0, 0, 0, 1, 2, 4, 8, 16]);
        assert_eq!(wait_after(40, ACCOUNT_FROM_ADDRESS), Duration::hours(1));
        assert_eq!(wait_after(1000, ADDRESS), Duration::minutes(5));
        assert_eq!(wait_after(19, ADDRESS), Duration::zero());
    }

    #[test]
    fn a_burst_at_one_moment_gets_the_free_attempts_and_then_waits() {
        let mut count = None;
        let mut through = 0;
        for _ in 0..20 {
            match attempt(count, ACCOUNT_FROM_ADDRESS, at(0)) {
                Ok(counted) => {
                    count = Some(counted);
                    through += 1;
                }
                Err(wait) => assert_eq!(wait, Duration::seconds(1)),
            }
        }
        assert_eq!(through, 5);
        // After the wait, one more attempt, which doubles it.
        let counted = attempt(count, ACCOUNT_FROM_ADDRESS, at(1)).unwrap();
        assert_eq!(counted.next_attempt_at, at(3));
        assert_eq!(
            attempt(Some(counted), ACCOUNT_FROM_ADDRESS, at(2)),
            Err(Duration::seconds(1))
        );
    }

    #[test]
    fn a_success_takes_its_attempt_back_and_a_quiet_day_forgets() {
        let counted = attempt(None, ACCOUNT_FROM_ADDRESS, at(0)).unwrap();
        assert_eq!(succeeded(counted, at(0)).failures, 0);
        let mut count = None;
        for second in 0..9 {
            if let Ok(counted) = attempt(count, ACCOUNT_FROM_ADDRESS, at(second * 100)) {
                count = Some(counted);
            }
        }
        let count = count.unwrap();
        assert!(count.failures >= 9);
        let next_day = count.last_attempt_at + FORGET_AFTER;
        assert_eq!(
            attempt(Some(count), ACCOUNT_FROM_ADDRESS, next_day)
                .unwrap()
                .failures,
            1
        );
    }
}
